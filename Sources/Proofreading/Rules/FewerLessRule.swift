import Foundation

/// Flags “fewer” before an uncountable noun (“fewer information” → “less information”).
///
/// Follows LanguageTool's `FEWER_UNCOUNTABLE` (grammar.xml) and Merriam-Webster's usage note on
/// *less* and *fewer*: *fewer* counts, *less* measures. The other half, “less” before any plural
/// the tagger reads as a count noun (“less people” → “fewer people”), is the rule file rule
/// `EN_LESS_PLURAL_COUNT` (`rules/everyday.rules`).
public struct FewerLessRule: Rule {
    /// Stable rule ID.
    public let id = "EN_FEWER_LESS"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“fewer” before an uncountable noun"

    static let uncountable: WordSet = [
        "information", "advice", "money", "water", "time", "work", "homework", "research", "evidence", "equipment",
        "furniture", "knowledge", "traffic", "luggage", "baggage", "feedback", "progress", "weather", "music", "software",
        "hardware", "rice", "sugar", "salt", "air", "energy", "power", "noise", "pollution", "space", "food", "help",
        "attention", "effort", "interest", "experience", "damage", "violence", "crime", "stress", "pain", "fun",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He gave his enemies fewer information than his friends.", "He gave his enemies less information than his friends."),
                        ("I got fewer advice than I hoped.", "I got less advice than I hoped.")],
            correct: ["There were fewer people than last year.", "It takes less time.", "Less than ten people came.",
                      "We had fewer problems.", "It costs less money."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["fewer"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("fewer") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            if Self.uncountable.contains(n) {
                if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'") { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("less", like: t.text)],
                                     message: "“\(tokens[j].text)” is uncountable: use “less”."))
            }
        }
        return out
    }
}
