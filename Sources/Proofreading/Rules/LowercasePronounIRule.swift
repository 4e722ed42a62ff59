import Foundation

/// Flags the pronoun “I” written in lowercase (“i think”, “i'm”), where context shows it is the
/// pronoun and not a variable or a list marker.
public struct LowercasePronounIRule: Rule {
    /// Stable rule ID.
    public let id = "EN_I_LOWERCASE"
    /// The rule's category.
    public let category = RuleCategory.casing
    /// One line saying what the rule checks.
    public let summary = "The pronoun “I” in lowercase"

    /// Words that follow the pronoun “I” and rarely a variable named `i`.
    static let followers: WordSet = [
        "am", "was", "have", "had", "will", "would", "can", "could", "should", "shall", "must", "might", "may",
        "do", "did", "don't", "didn't", "can't", "won't", "wouldn't", "couldn't", "haven't", "hadn't", "wasn't",
        "think", "thought", "know", "knew", "want", "wanted", "need", "needed", "like", "liked", "love", "loved",
        "hope", "guess", "just", "also", "really", "never", "always", "still", "feel", "felt", "believe", "see",
        "saw", "went", "got", "get", "said", "say", "mean", "meant", "agree", "wish", "found", "tried", "use",
        "used", "wrote", "made", "came", "told", "heard", "started", "decided", "realized", "noticed", "suppose",
        "personally", "honestly", "actually", "probably", "definitely", "already", "usually", "often", "ran",
        "left", "took", "bought", "called", "asked", "tested", "fixed", "added", "changed", "removed",
    ]

    /// Words after which a lowercase “i” opens a clause.
    static let openers: WordSet = ["and", "but", "so", "because", "although", "though", "that", "when", "if", "since", "as", "then", "or", "yet"]
    /// Of ``openers``, those that also open a condition on a variable (“while i reaches”, “if i
    /// divides n”), where a verb in -s follows a variable named `i`.
    static let conditionOpeners: WordSet = ["when", "if", "since", "as", "then", "or"]

    /// True when the lowercase “i” at `i`, after a word that opens a clause (``openers``), is
    /// followed by a verb: a base form, a past tense, or (not after a word that opens a
    /// condition) a form in -s followed by a word (“and i loves it”). A variable named `i`
    /// rarely stands there (“and i j”, “for i in”): the verb reading is the pronoun's. The verb
    /// is read from the en-US dictionary's flags (``WordClasses``); Swan, *Practical English
    /// Usage*, capital letters.
    static func isPronounBeforeVerb(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        guard let classes, let p = RuleSupport.previousWord(sentence, before: i), openers.containsLower(of: tokens, p),
              tokens[j].startsLowercase, !RuleSupport.isCodeLike(tokens[j]) else { return false }
        let w = tokens[j].lower
        if w.isAny(of: "is", "equals", "has", "does", "in", "be") { return false }
        if classes.isVerbBase(w) || classes.isPastParticiple(w) || Lexicon.irregularPastForms[w] != nil {
            // A verb that is no noun or adjective, or one followed by an object or a particle.
            return !classes.isNoun(w) && !classes.isAdjectiveLike(w) || RuleSupport.nextWord(sentence, after: j) != nil
        }
        guard !conditionOpeners.contains(tokens[p].lower), classes.verbBase(ofThirdPerson: w) != nil,
              let k = RuleSupport.nextWord(sentence, after: j) else { return false }
        return Lexicon.objectStarts.containsLower(of: tokens, k)
    }

    /// Words before a lowercase “i” that make it a variable or a numeral (“index i”, “for i”, “if
    /// i”, “Part i”), where ``isPronounBeforePastAndObject(_:_:_:context:)`` stays silent.
    static let variableContexts: WordSet = ["index", "variable", "let", "where", "counter", "element", "row", "column", "item", "iteration",
                                            "step", "for", "if", "when", "while", "until", "as", "then", "or", "and", "part", "chapter",
                                            "volume", "section", "appendix", "table", "figure", "type", "class", "level", "phase", "stage", "each", "every"]

    /// True when the lowercase “i” at `i`, anywhere in a sentence, is followed by a verb in the
    /// past and an object (“Yesterday i lent him my bike”, “Last week i bought a car”): a
    /// variable named `i` is rarely the subject of a past tense with an object, and the words
    /// that make it one (``variableContexts``) are left alone (session 47, issue 30).
    static func isPronounBeforePastAndObject(_ sentence: Sentence, _ i: Int, _ j: Int, context: RuleContext) -> Bool {
        let classes = context.wordClasses
        let tokens = sentence.tokens
        guard let classes, tokens[j].startsLowercase, !RuleSupport.isCodeLike(tokens[j]) else { return false }
        if let p = RuleSupport.previousWord(sentence, before: i), variableContexts.containsLower(of: tokens, p) { return false }
        let w = tokens[j].lower
        guard Lexicon.irregularPastForms[w] != nil || Lexicon.irregularPastSameForms[w] != nil || classes.isPastParticiple(w)
                || context.tags(of: sentence)[j] == .VBD,
              let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k) else { return false }
        return Lexicon.objectStarts.containsLower(of: tokens, k)
    }

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Yesterday i went to the store.", "Yesterday I went to the store."),
                        ("Tell me if i'm wrong.", "Tell me if I'm wrong."),
                        ("You and i know the answer.", "You and I know the answer."),
                        ("London is great and i adore it.", "London is great and I adore it."),
                        ("It rained, but i enjoyed the walk.", "It rained, but I enjoyed the walk."),
                        ("The shop closed because i arrived late.", "The shop closed because I arrived late."),
                        ("Last week i lent him my bike.", "Last week I lent him my bike.")],
            correct: ["For each index i in the array, add one.",
                      "Let i be the smallest such number.",
                      "See item (i) below, i.e. the first one.",
                      "Loop while i increments and j stays fixed.", "Repeat until i reaches n.", "Choose i and j such that i divides n.",
                      "Entries i and k differ.", "For each i printed the value is shown.", "Chapter i covered the basics."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["i", "i'm", "i've", "i'll", "i'd"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        // Both forms below start with a lowercase “i”: other words are turned away by their first letter.
        for i in sentence.tokens.indices where sentence.tokens[i].kind == .word && sentence.tokens[i].firstScalar == 0x69 {
            let t = sentence.tokens[i]
            let n = RuleSupport.norm(t)
            if n.isAny(of: "i'm", "i've", "i'll", "i'd"), t.text.hasASCIIPrefix("i") {
                out.append(ProofreadingSuggestion(range: t.range, replacements: ["I" + t.text.dropFirst()],
                                     message: "Write the pronoun “I” as a capital letter."))
                continue
            }
            guard t.textIs("i") else { continue }
            // Not “i.e.”, “(i)”, “i-th”, “i++”.
            if i + 1 < sentence.tokens.count, !sentence.tokens[i + 1].isSpace { continue }
            if i > 0, !sentence.tokens[i - 1].isSpace { continue }
            guard let j = RuleSupport.nextWord(sentence, after: i),
                  Self.followers.contains(RuleSupport.norm(sentence.tokens[j])) || Self.isPronounBeforeVerb(sentence, i, j, classes: context.wordClasses)
                    || Self.isPronounBeforePastAndObject(sentence, i, j, context: context) else { continue }
            if let p = RuleSupport.previousWord(sentence, before: i), sentence.tokens[p].lower.isAny(of: "index", "variable", "let", "where", "counter", "element", "row", "column", "item", "iteration", "step") { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: ["I"], message: "Write the pronoun “I” as a capital letter."))
        }
        return out
    }
}
