import Foundation

/// Flags a comparative or superlative marked twice: “more better”, “most easiest”.
public struct DoubleComparativeRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DOUBLE_COMPARATIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Double comparatives and superlatives (“more better”)"

    static let comparatives: WordSet = Lexicon.comparatives.subtracting(["more", "less", "fewer", "rather", "lighter", "cooler", "later", "longer", "lesser", "sooner", "older", "closer", "shorter"])
    static let superlatives: WordSet = [
        "best", "worst", "biggest", "smallest", "easiest", "hardest", "fastest", "slowest", "largest", "highest",
        "lowest", "greatest", "cheapest", "strongest", "weakest", "youngest", "happiest", "richest", "tallest",
        "smartest", "safest", "simplest", "cleanest", "clearest", "deepest", "widest", "loudest", "quickest",
        "nicest", "newest", "hottest", "coldest", "warmest", "heaviest", "busiest", "funniest", "prettiest",
        "healthiest", "brightest", "darkest", "wisest", "bravest", "poorest", "sweetest", "toughest",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("This one is more better.", "This one is better."), ("It was the most easiest test.", "It was the easiest test."),
                        ("The new tool is more faster than the old one.", "The new tool is faster than the old one.")],
            correct: ["This one is much better.", "I'll tell you more later.", "We need more lighter fluid.",
                      "Most people want a better deal."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["more", "most"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("more") || tokens[i].lowerIs("most")) {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            guard t.lowerIs("more") ? Self.comparatives.contains(n) : Self.superlatives.contains(n) else { continue }
            let fixed = RuleSupport.matchCase(tokens[j].text, like: t.text)
            out.append(RuleMatch(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "“\(tokens[j].text)” is already \(t.lowerIs("more") ? "a comparative" : "a superlative"): drop “\(t.text)”."))
        }
        return out
    }
}
