import Foundation

/// Flags a third-person or past form after an inverted “do”, “does” or “did” and its subject,
/// which take the base form: “Does she likes coffee?” → “like”, “Did you saw it?” → “see”,
/// “Why didn't he went?” → “go”.
///
/// Follows LanguageTool's `DOES_NP_VBZ` and `DID_PAST` (grammar.xml) for questions, and Swan,
/// *Practical English Usage* §151 (do-support takes the infinitive without “to”). The forms are
/// recognised from the Hunspell dictionary (a verb's third person) and the irregular verb table;
/// the subject must be a pronoun right after the auxiliary, which opens its clause.
public struct DoQuestionBaseFormRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DO_QUESTION_BASE_FORM"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb after “does/did” + subject in a question (“Does she likes” → “like”)"

    /// Forms of “do” that invert with their subject.
    static let doForms: WordSet = ["do", "does", "did", "don't", "doesn't", "didn't"]
    /// Subject pronouns.
    static let subjects: WordSet = ["i", "you", "he", "she", "it", "we", "they"]
    /// Question words before the auxiliary.
    static let questionWords: WordSet = ["what", "why", "how", "where", "when", "who", "which", "whom"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Does she likes coffee?", "Does she like coffee?"),
                        ("Did you saw the game last night?", "Did you see the game last night?"),
                        ("Why didn't he went home?", "Why didn't he go home?"),
                        ("Does it works on Linux?", "Does it work on Linux?")],
            correct: ["Does she like coffee?", "Did you see the game?", "What does it matter?", "She does likes and dislikes lists.",
                      "Did they news report it?", "Do you guys want pizza?"])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(doForms)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        let tokens = sentence.tokens
        // The auxiliary opens the question: the sentence's first word, or its second after a
        // question word (“Why didn't he …”).
        guard let first = tokens.firstIndex(where: { $0.kind == .word }), sentence.previousNonSpace(before: first) == nil else { return [] }
        var d = first
        if Self.questionWords.containsLower(of: tokens, first) {
            guard let second = RuleSupport.nextWord(sentence, after: first) else { return [] }
            d = second
        }
        guard Self.doForms.containsNorm(of: tokens, d) else { return [] }
        guard let s = RuleSupport.nextWord(sentence, after: d), Self.subjects.containsLower(of: tokens, s),
              let v = RuleSupport.nextWord(sentence, after: s), tokens[v].startsLowercase,
              RuleSupport.separatedBySpaceOnly(sentence, s, v) else { return [] }
        let w = tokens[v].lower
        // “Do you guys want …”: a word standing with the subject.
        if w.isAny(of: "guys", "folks", "people", "all", "both", "lot", "lots", "two", "three", "kids", "ones") { return [] }
        let base: String?
        if let past = Lexicon.irregularPastForms[w] { base = past.base }
        else if let same = Lexicon.irregularPastSameForms[w], !w.isAny(of: "had", "left", "found", "meant") { base = same }
        else if w.hasASCIISuffix("s"), !w.hasASCIISuffix("ss"), let b = classes.verbBase(ofThirdPerson: w), !classes.isNoun(w) || classes.isVerbBase(b) { base = b }
        else { base = nil }
        guard let base, base != w else { return [] }
        // A noun after the subject (“Did they news …”) is no verb: the base must be a verb.
        guard classes.isVerbBase(base) || Lexicon.irregularPastForms[w] != nil else { return [] }
        return [ProofreadingSuggestion(range: tokens[v].range, replacements: [base],
                          message: "After “\(tokens[d].text) \(tokens[s].text)”, use the base form “\(base)”.")]
    }
}
