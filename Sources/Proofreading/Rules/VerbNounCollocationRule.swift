import Foundation

/// Flags a verb or adjective that English does not pair with its noun, the collocation errors
/// learners make most: “do a mistake” → “make a mistake”, “make my homework” → “do my homework”,
/// “say a lie” → “tell a lie”, “make a question” → “ask a question”, “lose the bus” → “miss the
/// bus”, “open the light” → “turn on the light”, “borrow me your pen” → “lend me your pen”,
/// “strong rain” → “heavy rain”, “expensive prices” → “high prices”.
///
/// Follows the learner-corpus collocation lists (the Cambridge Learner Corpus error codes for
/// wrong verbs and adjectives, as in *English Collocations in Use*) and LanguageTool's
/// collocation rules. The pairs are data: a wrong verb and its right one in every inflection
/// (“did a mistake” → “made a mistake”, “have made my homework” → “have done my homework”), up
/// to a determiner and one more word between verb and noun; the noun must end its phrase (“do a
/// research paper” is left alone). Only the verb or adjective is replaced.
public struct VerbNounCollocationRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(VerbNounCollocationRule.triggerWordSet)] }
    /// Stable rule ID.
    public let id = "EN_VERB_NOUN_COLLOCATION"
    /// Grammar (``RuleCategory/grammar``), as the other collocation rules.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb or adjective English does not pair with its noun (“do a mistake” → “make a mistake”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I did a big mistake yesterday.", "I made a big mistake yesterday."),
                        ("She has to make her homework first.", "She has to do her homework first."),
                        ("We have made our homework already.", "We have done our homework already."),
                        ("Never say a lie to your friends.", "Never tell a lie to your friends."),
                        ("Can I make a question?", "Can I ask a question?"),
                        ("He lost the bus this morning.", "He missed the bus this morning."),
                        ("Please open the light.", "Please turn on the light."),
                        ("Could you borrow me your pen?", "Could you lend me your pen?"),
                        ("We had strong rain all week.", "We had heavy rain all week."),
                        ("They sell at expensive prices.", "They sell at high prices.")],
            correct: ["I made a big mistake yesterday.", "She has to do her homework first.", "We do research on proteins.",
                      "They make a research paper every year.", "He lost the bus ticket.", "Open the light blue box.",
                      "Can I borrow your pen?", "The strong rain jacket kept me dry.", "Please say the word again.",
                      "He said the truth was out there.", "Does this mistake change the meaning?",
                      "When did the mistake happen?"])
    }

    /// One pair: the wrong verb's base, the right one's base (with a particle for phrasal
    /// verbs), and the nouns it takes.
    struct Pair: Sendable {
        var wrong: String
        var right: String
        var nouns: WordSet
        /// The “nouns” are object pronouns right after the verb (“borrow me your pen”).
        var pronounObject = false
    }

    static let verbPairs: [Pair] = [
        Pair(wrong: "do", right: "make", nouns: ["mistake", "mistakes", "decision", "decisions", "effort", "efforts", "noise", "complaint",
                                                  "complaints", "suggestion", "suggestions", "promise", "promises", "plan", "plans",
                                                  "appointment", "choice", "choices", "comment", "comments", "reservation", "offer",
                                                  "excuse", "excuses", "progress", "money", "friends", "phone call", "call", "calls",
                                                  "speech", "photo", "photos"]),
        Pair(wrong: "make", right: "do", nouns: ["homework", "housework", "research", "damage", "harm", "favor", "favour", "sport",
                                                  "sports", "exercise", "exercises", "business", "shopping", "laundry", "dishes"]),
        Pair(wrong: "make", right: "take", nouns: ["photo", "photos", "photograph", "photographs", "walk", "nap", "shower", "bath"]),
        Pair(wrong: "say", right: "tell", nouns: ["lie", "lies", "joke", "jokes", "story", "stories", "secret", "secrets"]),
        Pair(wrong: "make", right: "ask", nouns: ["question", "questions"]),
        Pair(wrong: "do", right: "ask", nouns: ["question", "questions"]),
        Pair(wrong: "make", right: "pay", nouns: ["attention"]),
        Pair(wrong: "put", right: "pay", nouns: ["attention"]),
        Pair(wrong: "lose", right: "miss", nouns: ["bus", "train", "flight", "plane"]),
        Pair(wrong: "open", right: "turn on", nouns: ["light", "lights", "lamp", "tv", "television", "radio"]),
        Pair(wrong: "close", right: "turn off", nouns: ["light", "lights", "lamp", "tv", "television", "radio"]),
        Pair(wrong: "borrow", right: "lend", nouns: ["me", "him", "her", "us", "them"], pronounObject: true),
    ]

    /// Adjective → right adjective for these nouns.
    static let adjectivePairs: [(wrong: String, right: String, nouns: WordSet)] = [
        ("strong", "heavy", ["rain", "rainfall", "snow", "snowfall", "traffic", "smoker", "smokers"]),
        ("big", "heavy", ["rain", "rainfall", "snowfall", "traffic", "smoker", "smokers"]),
        ("expensive", "high", ["price", "prices"]),
        ("cheap", "low", ["price", "prices"]),
        ("powerful", "strong", ["coffee", "tea"]),
    ]

    /// The forms of a verb: base, third person, past, past participle, present participle.
    static func forms(_ verb: String) -> [String] {
        switch verb {
        case "do": return ["do", "does", "did", "done", "doing"]
        case "make": return ["make", "makes", "made", "made", "making"]
        case "take": return ["take", "takes", "took", "taken", "taking"]
        case "say": return ["say", "says", "said", "said", "saying"]
        case "tell": return ["tell", "tells", "told", "told", "telling"]
        case "ask": return ["ask", "asks", "asked", "asked", "asking"]
        case "pay": return ["pay", "pays", "paid", "paid", "paying"]
        case "put": return ["put", "puts", "put", "put", "putting"]
        case "lose": return ["lose", "loses", "lost", "lost", "losing"]
        case "miss": return ["miss", "misses", "missed", "missed", "missing"]
        case "open": return ["open", "opens", "opened", "opened", "opening"]
        case "close": return ["close", "closes", "closed", "closed", "closing"]
        case "borrow": return ["borrow", "borrows", "borrowed", "borrowed", "borrowing"]
        case "lend": return ["lend", "lends", "lent", "lent", "lending"]
        case "turn on": return ["turn on", "turns on", "turned on", "turned on", "turning on"]
        case "turn off": return ["turn off", "turns off", "turned off", "turned off", "turning off"]
        default: return [verb, verb + "s", verb + "ed", verb + "ed", verb + "ing"]
        }
    }

    /// Words that may stand between the verb and the noun, before one more word (“a big
    /// mistake”, “my own homework”).
    static let determiners: WordSet = ["a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "some", "many", "several",
                                       "any", "no", "this", "that", "these", "those", "such", "few", "more", "lots", "another", "one",
                                       "two", "three", "same", "own", "big", "huge", "serious", "terrible", "stupid", "silly",
                                       "small", "little", "great", "lot", "much", "important", "difficult", "final", "first", "good",
                                       "bad", "new"]

    /// Nouns used as adverbs of time or place, which end the phrase before them (“did a mistake
    /// yesterday”).
    static let adverbialNouns: WordSet = ["yesterday", "today", "tonight", "tomorrow", "home", "everyday", "once", "twice",
                                          "again", "last", "next", "every", "each", "this", "that", "all", "too", "either", "first",
                                          "later", "instead", "together", "anyway", "alone"]

    /// Wrong verb form → (pairs it may belong to, by index in ``verbPairs``, and which form it
    /// is), for the trigger index and the lookup. By index: trying a pair copies none (its noun
    /// set is read in place).
    static let verbsByForm: WordMap<[(pair: Int, form: Int)]> = {
        var out: [String: [(pair: Int, form: Int)]] = [:]
        for (p, pair) in verbPairs.enumerated() {
            for (k, f) in forms(pair.wrong).enumerated() where k != 3 || f != forms(pair.wrong)[2] { out[f, default: []].append((p, k)) }
        }
        return WordMap(out)
    }()

    /// Wrong adjective → index of its first pair in ``adjectivePairs``.
    static let adjectivePairIndex: WordMap<Int> = {
        var out: [String: Int] = [:]
        for (k, pair) in adjectivePairs.enumerated() where out[pair.wrong] == nil { out[pair.wrong] = k }
        return WordMap(out)
    }()

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(verbsByForm.allKeys).union(adjectivePairs.map(\.wrong))
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }
    /// ``triggerWords`` for the lookup that turns away, in one probe, the words that start no
    /// pair (``verbsByForm`` and ``adjectivePairIndex`` are consulted for the others).
    static let triggerWordSet = (WordSet(triggerWords)).hot()
    /// The first words of the nouns of two words (“phone call”): only after one of them is the
    /// two-word form looked up (made as a string).
    static let twoWordNounFirsts = WordSet(verbPairs.flatMap { pair in
        pair.nouns.compactMap { noun -> String? in
            let parts = noun.split(separator: " ")
            return parts.count == 2 ? String(parts[0]) : nil
        }
    })

    /// Matches in `sentence`.
    /// Nouns that make a compound with the noun before them (“a phone call ticket”, “light
    /// bulb”): a noun followed by one does not end its phrase.
    static let compoundHeads: WordSet = ["ticket", "tickets", "station", "stop", "driver", "paper", "papers", "project", "projects",
                                         "group", "blue", "green", "bulb", "switch", "show", "shows", "set", "program", "programme",
                                         "series", "card", "cards", "car", "cars"]
    /// Words before “do” that make it a question's auxiliary (“When did the mistake …”).
    static let questionOpeners: WordSet = ["when", "where", "why", "how", "what", "which", "who", "whom", "whose", "if", "and", "but",
                                           "or", "so"]
    /// Words before a past form that make it a participle (“have made”, “been done”).
    static let perfectOrPassive: WordSet = ["have", "has", "had", "having", "been", "be", "is", "are", "was", "were", "'ve", "'s", "'d"]

    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let adjectivePairIndex = Self.adjectivePairIndex
        let adjectivePairs = Self.adjectivePairs
        let adverbialNouns = Self.adverbialNouns
        let compoundHeads = Self.compoundHeads
        let determiners = Self.determiners
        let perfectOrPassive = Self.perfectOrPassive
        let questionOpeners = Self.questionOpeners
        let triggerWordSet = Self.triggerWordSet
        let twoWordNounFirsts = Self.twoWordNounFirsts
        let verbsByForm = Self.verbsByForm
        let verbPairs = Self.verbPairs
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        /// The noun word index and its text when the words after `i` reach one of `nouns`: right
        /// after, after a determiner, or after a determiner and one more word; the noun ends
        /// its phrase (no noun after it).
        func noun(after i: Int, in nouns: WordSet, pronounObject: Bool) -> (Int, String)? {
            var k = i
            for step in 0..<3 {
                guard let n = RuleSupport.nextWordAfterSpace(sentence, after: k) else { return nil }
                let w = tokens[n].lower
                // Two-word nouns (“phone call”).
                if twoWordNounFirsts.contains(w), let m = RuleSupport.nextWord(sentence, after: n), nouns.contains(w + " " + tokens[m].lower) { return ends(m) ? (m, w + " " + tokens[m].lower) : nil }
                if nouns.contains(w) { return ends(n) && (!pronounObject || step == 0) ? (n, w) : nil }
                guard !pronounObject, step < 2, step == 0 ? determiners.contains(w) : true, tokens[n].kind == .word else { return nil }
                // The word between must not be a noun the collocation would then be about.
                if step == 1, context.wordClasses?.isPureNoun(w) == true { return nil }
                k = n
            }
            return nil
        }
        /// True when the noun at `n` ends its phrase: no noun, “of” or hyphen right after it.
        func ends(_ n: Int) -> Bool {
            if n + 1 < tokens.count, tokens[n + 1].isOne(of: "-") { return false }
            guard let m = RuleSupport.nextWordAfterSpace(sentence, after: n) else { return true }
            let w = tokens[m].lower
            if compoundHeads.contains(w) { return false }
            if w == "of" { return false }
            if adverbialNouns.contains(w) { return true }
            return !(context.wordClasses?.isNoun(w) ?? false)
        }
        for i in tokens.indices where tokens[i].kind == .word && triggerWordSet.containsLower(of: tokens, i) {
            let w = tokens[i].lower
            if let candidates = verbsByForm[w] {
                // “Does this mistake …?”, “When did the mistake …”: “do” as the auxiliary of a
                // question, its noun the subject.
                if tokens[i].lowerIs("do") || tokens[i].lowerIs("does") || tokens[i].lowerIs("did") {
                    let previous = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
                    if previous == nil || questionOpeners.contains(previous!) { continue }
                }
                for (p, form) in candidates {
                    guard let (_, nounText) = noun(after: i, in: verbPairs[p].nouns, pronounObject: verbPairs[p].pronounObject) else { continue }
                    let pair = verbPairs[p]
                    // “have/has/had/been made …” is a participle; a bare “made …” a past.
                    var f = form
                    if f == 2 || f == 3 {
                        let previous = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
                        f = perfectOrPassive.contains(previous ?? "") ? 3 : 2
                    }
                    let right = Self.forms(pair.right)[f]
                    let fixed = RuleSupport.matchCase(right, like: tokens[i].text)
                    let phrase = pair.pronounObject ? "\(pair.right) someone something" : "\(pair.right) … \(nounText)"
                    out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [fixed],
                                         message: "“\(nounText)” goes with “\(pair.right)”, not “\(pair.wrong)”: \(phrase)."))
                    break
                }
            } else if let k = adjectivePairIndex[w] {
                let pair = adjectivePairs[k]
                guard let n = RuleSupport.nextWordAfterSpace(sentence, after: i),
                      pair.nouns.containsLower(of: tokens, n), ends(n) else { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(pair.right, like: tokens[i].text)],
                                     message: "“\(tokens[n].lower)” goes with “\(pair.right)”, not “\(pair.wrong)”."))
            }
        }
        return out
    }
}
