import Foundation

/// Flags “was” / “were” that do not agree with the pronoun subject: “they was”, “we was”,
/// “he were” (but not the subjunctive: “if he were”, “I wish it were”).
public struct AgreementWasWereRule: Rule {
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_WAS_WERE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“was / were” agreeing with the pronoun"

    static let subjunctive: WordSet = ["if", "wish", "though", "unless", "suppose", "imagine", "whether", "as", "even", "only", "rather", "lest", "pretend", "were"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("They was late again.", "They were late again."), ("We was told to wait.", "We were told to wait."),
                        ("He were the best player.", "He was the best player.")],
            correct: ["If he were taller, he would play.", "I wish it were Friday.", "They were late and he was early.",
                      "It was, as it were, a small disaster.", "I thought you and he were happy."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = PronounVerbAgreement.subjects.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        PronounVerbAgreement.matches(sentence, context: context) { person, verb, j in
            let v = RuleSupport.norm(verb)
            switch (person, v) {
            case (.second, "was"), (.plural, "was"): return ("were", "The verb must agree with its subject: use “were”.")
            case (.second, "wasn't"), (.plural, "wasn't"): return ("weren't", "The verb must agree with its subject: use “weren't”.")
            case (.first, "were"), (.third, "were"), (.first, "weren't"), (.third, "weren't"):
                if RuleSupport.sentence(sentence, contains: Self.subjunctive, before: j) { return nil }
                let want = v == "were" ? "was" : "wasn't"
                return (want, "The verb must agree with its subject: use “\(want)”.")
            default: return nil
            }
        }
    }
}
