import Foundation

/// Flags “have” / “has” and “do” / “does” that do not agree with the pronoun subject:
/// “it have”, “they has”, “she don't”, “I doesn't”.
public struct AgreementHaveDoRule: Rule {
    /// The pronoun–verb pairs the agreement rules share, found once per sentence.
    public var sentencePreparation: SentencePreparation? { PronounVerbAgreement.preparation }
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects)] }
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_HAVE_DO"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“have / has” and “do / does” agreeing with the pronoun"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She don't like coffee.", "She doesn't like coffee."), ("It have two buttons.", "It has two buttons."),
                        ("They has a new car.", "They have a new car."), ("I doesn't know.", "I don't know."),
                        ("He do not care.", "He does not care.")],
            correct: ["She doesn't like coffee, but they do.", "Let it have its way.", "Does he have a car?",
                      "I insist that he have a lawyer present.", "Why do they have to go?"])
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
            case (.third, "have"): want = "has"
            case (.third, "haven't"): want = "hasn't"
            case (.third, "don't"): want = "doesn't"
            case (.third, "do"): want = "does"
            case (.first, "has"), (.second, "has"), (.plural, "has"): want = "have"
            case (.first, "hasn't"), (.second, "hasn't"), (.plural, "hasn't"): want = "haven't"
            case (.first, "doesn't"), (.second, "doesn't"), (.plural, "doesn't"): want = "don't"
            case (.first, "does"), (.second, "does"), (.plural, "does"): want = "do"
            default: return nil
            }
            let out = verb.text.contains("\u{2019}") ? want.replacingOccurrences(of: "'", with: "\u{2019}") : want
            return (out, "The verb must agree with its subject: use “\(out)”.")
        }
    }
}
