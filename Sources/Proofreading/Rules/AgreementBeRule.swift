import Foundation

/// Flags “be” that does not agree with its pronoun subject: “I is”, “you is”, “they is”,
/// “he are”.
public struct AgreementBeRule: Rule {
    /// The pronoun–verb pairs the agreement rules share, found once per sentence.
    public var sentencePreparation: SentencePreparation? { PronounVerbAgreement.preparation }
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects)] }
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_BE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“am / is / are” agreeing with the pronoun"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I is ready.", "I am ready."), ("They is late again.", "They are late again."),
                        ("She are my sister.", "She is my sister."), ("You is right.", "You are right.")],
            correct: ["I am ready and they are late.", "Is it ready?", "What we are is what we do.", "Are you sure it is?", "My team and I are going home."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = PronounVerbAgreement.subjects.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        PronounVerbAgreement.matches(sentence, context: context) { person, verb, _ in
            let v = RuleSupport.norm(verb)
            let want: String
            switch (person, v) {
            case (.first, "is"), (.first, "are"): want = "am"
            case (.second, "is"), (.plural, "is"), (.second, "am"), (.plural, "am"): want = "are"
            case (.second, "isn't"), (.plural, "isn't"): want = "aren't"
            case (.third, "are"), (.third, "am"): want = "is"
            case (.third, "aren't"): want = "isn't"
            default: return nil
            }
            return (want, "The verb must agree with its subject: use “\(want)”.")
        }
    }
}
