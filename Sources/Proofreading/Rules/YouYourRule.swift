import Foundation

/// Flags “you” where the possessive “your” belongs, before a noun: “Thank you for you help” →
/// “your help”, “I asked about you car” → “your car”, “Do it on you own” → “your own”, and at
/// the start of a sentence before a noun and its verb (“You car is blocking the drive” →
/// “Your car”).
///
/// Follows Harper's `PossessiveYour` linter and LanguageTool's `YOUR_YOU` family
/// (grammar.xml): after a preposition, “you” is an object and ends the noun phrase, so a noun
/// right after it is the possessive's noun. Left alone: a vocative or apposition (“for you
/// guys”, “to you sir”, “for you developers”), time words (“for you today”), “for” as a
/// conjunction (“for you know”, “for you see”), and a verb after “listen to” or “look at” (“listen to
/// you play”).
public struct YouYourRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_YOU_YOUR"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“you” before a noun where the possessive “your” is meant"

    /// Prepositions after which “you” is an object.
    static let prepositions: WordSet = [
        "for", "about", "with", "of", "on", "at", "from", "in", "into", "by", "without", "to", "onto", "upon", "toward",
        "towards", "against", "behind", "under", "through", "around",
    ]
    /// Words after “you” that make no possessive: vocatives and appositions, time and place
    /// adverbs, quantifiers, and verbs after “for” used as a conjunction.
    static let notNouns: WordSet = [
        "guys", "guy", "people", "folks", "folk", "kids", "kid", "boys", "boy", "girls", "girl", "ladies", "lady", "gentlemen",
        "men", "man", "women", "children", "lot", "lads", "lad", "sir", "madam", "mate", "dude", "bro", "buddy", "honey", "dear",
        "darling", "babe", "baby", "sweetie", "son", "sonny", "mister", "all", "both", "two", "three", "four", "five",
        "yourself", "yourselves", "alone", "today", "tonight", "tomorrow", "yesterday", "now", "then", "later", "earlier",
        "soon", "sometime", "someday", "anytime", "always", "forever", "again", "too", "also", "first", "last", "next",
        "once", "twice", "here", "there", "instead", "anyway", "anyways", "either", "neither", "though", "yet", "ever",
        "everywhere", "anywhere", "somewhere", "home", "outside", "inside", "upstairs", "downstairs", "back", "right",
        "together", "enough", "please", "well", "best", "know", "see", "mean", "guess", "bet", "say", "understand",
        "will", "can", "may", "must", "might", "shall", "need", "want", "like", "think", "feel", "hear", "wish", "way",
        "morning", "night", "evening", "afternoon", "day", "week", "month", "year", "time", "minute", "second", "moment",
        "do", "did", "even", "just", "still", "only", "never", "often", "sometimes", "already", "almost", "better",
        "why", "how", "what", "when", "where", "whether", "who", "whom", "which", "whose", "but", "and", "or", "nor", "because",
        "if", "unless", "than", "although", "while", "since", "whatever", "whenever", "wherever", "however",
        "tho", "anymore", "till", "until", "personally", "specifically",
    ]
    /// Verbs that agree with a singular noun subject (“You phone is ringing”).
    static let singularVerbs: WordSet = [
        "is", "was", "has", "isn't", "wasn't", "hasn't", "doesn't", "looks", "seems", "sounds", "needs", "makes", "goes",
        "belongs", "will", "would", "can", "could", "should", "must", "might", "won't", "can't", "keeps", "gets",
    ]
    /// Adjectives that, with a noun after them, still make no possessive (“with you last night”).
    static let notAdjectives: WordSet = [
        "last", "next", "first", "early", "late", "later", "this", "that", "other", "same", "only", "very", "much", "real",
        "too", "so", "all", "whole", "entire", "every", "each", "right", "just", "ever", "still", "even", "long", "both",
    ]
    /// Verbs after which “to” or “at” + “you” takes a bare verb (“listen to you play”,
    /// “look at you go”).
    static let perceptionVerbs: WordSet = [
        "listen", "listens", "listened", "listening", "look", "looks", "looked", "looking", "stare", "stared", "staring",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Many thanks for you support last week.", "Many thanks for your support last week."),
                        ("She kept asking about you car.", "She kept asking about your car."),
                        ("You have to do it on you own.", "You have to do it on your own."),
                        ("We are grateful for you kind words.", "We are grateful for your kind words."), ("Thanks for you kind message.", "Thanks for your kind message."),
                        ("I liked reading about you work.", "I liked reading about your work."),
                        ("You phone is ringing again.", "Your phone is ringing again.")],
            correct: ["Thank you for your help.", "It is time for you to go.", "I made this for you yesterday.",
                      "We will wait for you guys.", "This one is for you developers.", "Thank you all for coming.",
                      "I could listen to you play all day.", "Rest now, for you look tired.", "With you gone, the house is quiet.", "Stay, for you know the way.", "I will get back to you tomorrow.",
                      "Is there anything else I can do for you today?", "You guys are great.", "You students should read this.",
                      "I was with you last night.", "It is up to you whether we go.", "Let me explain to you why it fails.", "Share code that is useful to you on the forum.", "I did it for you alone.",
                      "You know the answer.", "Thank you very much.", "You two are late."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["you"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when `w` (lowercase) may be the noun of “your”: a noun of the dictionary, not a
    /// vocative, time word or function word.
    static func isPossessedNoun(_ w: String, classes: WordClasses) -> Bool {
        guard !notNouns.contains(w), !PossessiveSlot.closedClass.contains(w), !Lexicon.determiners.contains(w),
              !prepositions.contains(w), !PossessiveSlot.prepositions.contains(w),
              !Lexicon.possessives.contains(w), !Lexicon.objectPronouns.contains(w), !Lexicon.subjectPronouns.contains(w),
              !w.hasASCIISuffix("ly"), !w.hasASCIISuffix("ing"), !w.hasASCIISuffix("ed"), w.utf8.count >= 3 else { return false }
        guard !RuleSupport.finiteAuxiliaries.contains(w), Lexicon.irregularPastForms[w] == nil, Lexicon.irregularPastSameForms[w] == nil else { return false }
        // The dictionary's noun flag misses many nouns that are verbs too (`word/ADSG`,
        // `work/ADJSG`): a word that takes -s counts.
        if classes.isNoun(w) || classes.entry(w)?.contains("S") == true { return true }
        return w.hasASCIISuffix("s") && classes.verbBase(ofThirdPerson: w) != nil
    }

    /// Words after a noun that is also a verb (“for you help”, “for you look tired”) that show
    /// the noun: the end of a clause, a conjunction, a preposition or a time word.
    static let afterNoun: WordSet = [
        "and", "or", "but", "in", "on", "at", "with", "during", "over", "last", "this", "every", "today", "yesterday",
        "so", "again", "too", "as", "from", "of", "to", "when", "while", "which", "that",
    ]

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("you") {
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            guard n.startsLowercase, !RuleSupport.isCodeLike(n) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            let w = n.lower
            let next = RuleSupport.nextWord(sentence, after: j)
            var flag = false
            if let p = RuleSupport.previousWord(sentence, before: i), Self.prepositions.containsLower(of: tokens, p) {
                let pw = tokens[p].lower
                if pw == "to" || pw == "at", let q = RuleSupport.previousWord(sentence, before: p), Self.perceptionVerbs.containsLower(of: tokens, q) { continue }
                // “for you to go”: nothing; “for you know”: “for” as “because” (``notNouns``).
                if w == "own" {
                    flag = true
                } else if Self.isPossessedNoun(w, classes: classes) {
                    // “for” may mean “because” (“for you look tired”): a verb base after it
                    // counts as a noun only before the end of a clause or a preposition.
                    if pw == "for", classes.isVerbBase(w) || !classes.isNoun(w) {
                        let ends = sentence.nextNonSpace(after: j).map { k in
                            tokens[k].kind == .punctuation ? tokens[k].isOne(of: ".,!?;:)") : tokens[k].kind == .word && Self.afterNoun.containsLower(of: tokens, k)
                        } ?? true
                        guard ends else { continue }
                    }
                    // A plural may be an apposition (“for you developers”), except after “thank(s) … for”.
                    let plural = w.hasASCIISuffix("s") && !classes.isSingularNoun(w)
                    if plural {
                        let thanks = pw == "for" && RuleSupport.previousWord(sentence, before: p).map { q in
                            tokens[q].lower.isAny(of: "thanks", "thank", "grateful", "thankful")
                                || (tokens[q].lowerIs("you") && RuleSupport.previousWord(sentence, before: q).map { tokens[$0].lowerIs("thank") } == true)
                        } == true
                        flag = thanks
                    } else {
                        flag = true
                    }
                } else if classes.isAdjectiveLike(w), w.utf8.count >= 3, !Self.notAdjectives.contains(w), !Self.notNouns.contains(w),
                          !Self.prepositions.contains(w), !PossessiveSlot.prepositions.contains(w), let k = next,
                          Self.isPossessedNoun(tokens[k].lower, classes: classes), tokens[k].startsLowercase {
                    // “for you kind words”: an adjective and its noun.
                    flag = true
                }
            } else if sentence.previousNonSpace(before: i) == nil, tokens[i].textIs("You"), Self.isPossessedNoun(w, classes: classes),
                      classes.isSingularNoun(w), !classes.isAdjectiveLike(w), !w.hasASCIISuffix("s"), let k = next,
                      Self.singularVerbs.containsNorm(of: tokens, k) {
                // “You phone is ringing”: a singular noun and its own verb after it.
                flag = true
            }
            guard flag else { continue }
            let fixed = RuleSupport.matchCase("your", like: tokens[i].text)
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [fixed],
                                 message: "A noun follows: use the possessive “\(fixed)”."))
        }
        return out
    }
}
