import Foundation

/// Flags a base-form verb after “he”, “she” or “it” as subject: “he go” → “he goes”,
/// “it work” → “it works”; and the reverse, a verb in -s after “I”, “we” or “they”: “they wants
/// a refund” → “they want”, “we says that” → “we say”. A form in -s that is also a plural noun
/// (“we parents need”, “you guys rock”: an apposition) counts as a verb only before an object
/// or a plain noun, never before a verb, a conjunction or punctuation.
public struct AgreementThirdPersonRule: Rule {
    /// The pronoun–verb pairs the agreement rules share, found once per sentence.
    public var sentencePreparation: SentencePreparation? { PronounVerbAgreement.preparation }
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects), HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_THIRD_PERSON"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A third-person singular subject takes a verb ending in -s"

    static let verbs: WordMap<String> = WordMap([
        "go": "goes", "want": "wants", "like": "likes", "know": "knows", "think": "thinks", "make": "makes",
        "take": "takes", "come": "comes", "see": "sees", "get": "gets", "look": "looks", "seem": "seems",
        "work": "works", "play": "plays", "live": "lives", "say": "says", "mean": "means", "feel": "feels",
        "try": "tries", "use": "uses", "love": "loves", "hate": "hates", "believe": "believes", "run": "runs",
        "write": "writes", "eat": "eats", "give": "gives", "tell": "tells", "become": "becomes", "leave": "leaves",
        "keep": "keeps", "begin": "begins", "help": "helps", "show": "shows", "hear": "hears", "bring": "brings",
        "happen": "happens", "sound": "sounds", "cry": "cries", "box": "boxes", "fix": "fixes", "watch": "watches",
        "walk": "walks", "talk": "talks", "sleep": "sleeps", "understand": "understands", "remember": "remembers",
        "contain": "contains", "include": "includes", "require": "requires", "allow": "allows", "return": "returns",
        "depend": "depends", "cost": "costs", "wish": "wishes", "speak": "speaks", "study": "studies",
        "teach": "teaches", "pay": "pays", "buy": "buys", "sell": "sells", "drive": "drives", "sing": "sings",
        "crash": "crashes", "fail": "fails", "break": "breaks", "load": "loads", "print": "prints", "change": "changes",
        "matter": "matters", "enjoy": "enjoys", "agree": "agrees", "prefer": "prefers", "own": "owns", "smell": "smells",
    ])

    /// Words the dictionary lets take verb flags that are not verb bases after a pronoun.
    static let notBases: WordSet = ["last", "sort", "kind", "felt", "found", "saw", "will", "can", "may", "must", "might", "shall", "ought", "used", "said", "left", "bit", "ground", "wound", "lay", "rose", "fell", "bore", "lit", "fed", "led", "bled", "shed", "sped", "wed", "bred", "fled", "spat", "quit", "bet", "cost", "hit", "hurt", "let", "put", "set", "shut", "split", "spread", "cut", "read", "thrust", "burst", "cast", "broadcast", "forecast", "upset", "just", "still", "even", "well", "better", "best", "most", "more", "less", "very", "too", "so", "as", "then", "once", "now", "here", "there", "only", "also", "alone", "again", "back"]

    /// The third person of a verb base the dictionary knows (`need` → `needs`), for verbs
    /// outside the list above.
    static func thirdPerson(of base: String, context: RuleContext) -> String? {
        guard base.count >= 3, let classes = context.wordClasses, let f = classes.entry(base),
              f.contains("S"), f.contains("D") || f.contains("G"), !f.contains("T"), !base.hasASCIISuffix("s") else { return nil }
        guard let form = QuantifierPluralRule.plural(of: base, speller: context.speller), classes.verbBase(ofThirdPerson: form) == base else { return nil }
        return form
    }

    /// Creates the rule.
    public init() {}

    /// Words after which a verb in -s that follows “I”, “we” or “they” is a verb: its object.
    static let objectStarts: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns)
        .union(["that", "to", "about", "on", "in", "for", "with", "from", "at", "up", "out", "more", "less", "much", "many"])
    /// Adverbs that show a verb reading after a plural noun in apposition (“We works hard”).
    static let adverbs: WordSet = [
        "fast", "home", "here", "there", "away", "out", "up", "down", "well", "hard", "too", "now", "today", "early", "late",
        "again", "back", "outside", "inside", "first", "together", "around", "very", "so", "every",
    ]

    /// The base form for a verb in -s after “I”, “we” or “they” (`needs` → `need`), with the
    /// message; nil when the word is not such a verb.
    static func baseAfterNonThirdPerson(_ sentence: Sentence, _ verb: Token, _ j: Int, context: RuleContext) -> (String, String)? {
        let w = verb.text
        // (“has”, “is”, “does” are the have/be/do rules'; “goes” is this one's: “They goes”.)
        guard verb.startsLowercase, w.hasASCIISuffix("s"), WordClasses.irregularThirdPerson[w] == nil || w == "goes", !notBases.contains(w),
              let classes = context.wordClasses, let base = classes.verbBase(ofThirdPerson: w), base != w else { return nil }
        guard let k = sentence.nextNonSpace(after: j), sentence.tokens[k].kind == .word else { return nil }
        let next = sentence.tokens[k].lower
        if classes.isNoun(w) {
            // “we parents need”: a plural noun in apposition, before the verb. A verb reading
            // shows in an object after it, or an adverb (“They walks fast”, “We works hard”).
            let isObject = Self.objectStarts.contains(next) || (classes.isNoun(next) && !classes.isVerbBase(next) && !RuleSupport.beForms.contains(next))
            let isAdverb = next.hasASCIISuffix("ly") && next.utf8.count > 4 || Self.adverbs.contains(next)
            guard isObject || isAdverb else { return nil }
        }
        return (base, "After “I”, “we” or “they”, the verb takes no -s: “\(base)”.")
    }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He go to school by bus.", "He goes to school by bus."), ("She like the new design.", "She likes the new design."),
                        ("When it crash, we restart it.", "When it crashes, we restart it."),
                        ("In that case she also need a car.", "In that case she also needs a car."),
                        ("They wants a refund.", "They want a refund."), ("We thinks it works.", "We think it works."),
                        ("They goes to school by bus.", "They go to school by bus."), ("They walks fast.", "They walk fast."),
                        // After a verb in the past, reported speech moves back (both forms are offered).
                        ("I said that she go home.", "I said that she went home."),
                        ("I didn't know that he like music.", "I didn't know that he liked music."),
                        ("It is late and they helps us.", "It is late and they help us."),
                        ("London is great and I loves it.", "London is great and I love it."),
                        ("It is cold, but i likes the snow.", "It is cold, but i like the snow."),
                        ("Yesterday she come home late and told us.", "Yesterday she came home late and told us.")],
            correct: ["Does he go to school by bus?", "Make it work first.", "I insist that he go.", "It cost about $5 million.",
                      "Let it run overnight.", "Should she want more, ask her.",
                      "I suggested she sell it.", "Am I wrong for insisting she return the dress?",
                      "We parents need more sleep.", "You guys rock.", "They themselves were there.", "We students and teachers agree.",
                      "It is essential that she attend.", "We suggested to him that he leave early.",
                      "The requirement that he sign it stands.", "You and he go first.",
                      "Tom and I love it.", "Loop while i increments the counter.", "Repeat until i reaches the end.", "If i equals n, stop."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = PronounVerbAgreement.subjects.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out = Self.firstPersonAfterConjunction(sentence, context: context)
        out += PronounVerbAgreement.matches(sentence, context: context) { person, verb, j in
            if person == .first || person == .plural { return Self.baseAfterNonThirdPerson(sentence, verb, j, context: context) }
            guard person == .third, verb.startsLowercase else { return nil }
            // The formula “if it please your Majesty”, “if it please the court” (a subjunctive
            // of old) is no slip.
            if verb.lower == "please", let p = RuleSupport.previousWord(sentence, before: j),
               let q = RuleSupport.previousWord(sentence, before: p), sentence.tokens[q].lower.isAny(of: "if", "may", "so") { return nil }
            // A past tense spelled like its base (“it cost”, “she put”) is no agreement error.
            var s = Self.notBases.contains(verb.text) ? nil : Self.verbs[verb.text]
            if s == nil, !RuleSupport.modals.contains(verb.text), !Self.notBases.contains(verb.text),
               Lexicon.irregularPastForms[verb.text] == nil, Lexicon.irregularPastSameForms[verb.text] == nil,
               let form = Self.thirdPerson(of: verb.text, context: context) {
                // A word that is also a noun counts as a verb only before an object.
                let isNoun = context.wordClasses?.isSingularNoun(verb.text) ?? true
                let next = RuleSupport.nextWord(sentence, after: j).map { sentence.tokens[$0].lower }
                if !isNoun || next.map({ Lexicon.objectStarts.contains($0) || $0 == "to" }) == true { s = form }
            }
            guard let s else { return nil }
            return (s, "After “he”, “she” or “it”, the verb takes -s: “\(s)”.")
        }
        // A story told in the past (“Yesterday she come home late”, “then he come tiptoeing”):
        // the writer may have meant the past tense, so both are offered, the past first when the
        // sentence is in the past, and neither is applied unattended.
        for k in out.indices where out[k].message.hasPrefix("After “he”") {
            guard let j = sentence.tokens.firstIndex(where: { $0.range == out[k].range }),
                  let past = Self.pastTense(of: sentence.tokens[j].lower, context: context) else { continue }
            let pastForm = RuleSupport.matchCase(past, like: sentence.tokens[j].text)
            if Self.isInThePast(sentence, context: context, except: j) {
                out[k] = ProofreadingSuggestion(range: out[k].range, replacements: [pastForm] + out[k].replacements,
                                   message: "After “he”, “she” or “it”, the verb needs a tense: “\(pastForm)” for the past, “\(out[k].replacements[0])” for the present.",
                                   isConfident: false)
            } else {
                out[k].replacements.append(pastForm)
            }
        }
        return out
    }

    /// Words that set a sentence in the past (“yesterday”, “ago”, “last week”).
    static let pastTimeWords: WordSet = ["yesterday", "ago", "last", "earlier", "once", "formerly", "previously"]

    /// True when the clause of token `j` (up to a comma, semicolon or colon) is set in the
    /// past: a past-time word, or another verb in the past tense (the tagger's `VBD`: “then he
    /// come tiptoeing in and sat down”).
    static func isInThePast(_ sentence: Sentence, context: RuleContext, except j: Int) -> Bool {
        let tokens = sentence.tokens
        var a = j, b = j
        while a > 0, !tokens[a - 1].isOne(of: ",;:") { a -= 1 }
        while b + 1 < tokens.count, !tokens[b + 1].isOne(of: ",;:") { b += 1 }
        if (a...b).contains(where: { tokens[$0].kind == .word && pastTimeWords.containsLower(of: tokens, $0) }) { return true }
        let tags = context.tags(of: sentence)
        return (a...b).contains { $0 != j && tokens[$0].kind == .word && tags[$0] == .VBD }
    }

    /// The past tense of `base`: the regular form when the lexicon knows it as this verb's past
    /// (`worked`, not the lexicon's archaic `wrought`; not `sited` for `sit`), else the lexicon's
    /// (`went`, `made`, `sat`); nil when it is the base itself (`put`).
    static func pastTense(of base: String, context: RuleContext) -> String? {
        let regular = Morphology.past(base)
        if context.speller.isCorrect(regular), context.lexicon.lemma(of: regular, as: .VBD) == base { return regular }
        guard let past = context.lexicon.form(of: base, as: .VBD), past != base else { return nil }
        return past
    }

    /// Clause openers after which “I” or a lowercase “i” takes a verb of its own
    /// (``firstPersonAfterConjunction(_:context:)``).
    static let conjunctions: WordSet = ["and", "but", "so", "because", "although", "though", "yet"]

    /// “I” after a conjunction with a verb in -s (“great and I loves it”, “but i likes”), which
    /// ``PronounVerbAgreement/candidates(_:)`` leaves out: there “and I” may end a compound
    /// subject (“you and I are”) and a lowercase “i” before an -s form may be a variable. With
    /// a verb in -s neither excuses it (a compound subject takes the plural: “you and I love”),
    /// and a variable is not followed by an object (a determiner or a pronoun) after a
    /// conjunction. Swan, *Practical English Usage*, present simple.
    static func firstPersonAfterConjunction(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // “I” or “i” told by the token's length and first scalar, read in place (no string compared).
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].range.length == 1 && (tokens[i].firstScalar == 0x49 || tokens[i].firstScalar == 0x69) {
            guard let p = RuleSupport.previousWord(sentence, before: i), conjunctions.containsLower(of: tokens, p),
                  let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let lower = tokens[i].textIs("i")
            // A capital “I” after “and” opening a clause is checked by ``PronounVerbAgreement``
            // already (only a compound subject is left out there).
            if !lower {
                guard tokens[p].lower.isAny(of: "and"), let pp = sentence.previousNonSpace(before: p), tokens[pp].kind == .word else { continue }
            }
            let verb = tokens[j]
            guard let (base, message) = baseAfterNonThirdPerson(sentence, verb, j, context: context) else { continue }
            if lower {
                guard let k = RuleSupport.nextWord(sentence, after: j) else { continue }
                let w = tokens[k].lower
                guard Lexicon.objectStarts.contains(w) else { continue }
            }
            out.append(ProofreadingSuggestion(range: verb.range, replacements: [RuleSupport.matchCase(base, like: verb.text)], message: message))
        }
        return out
    }
}
