import Foundation

/// Flags doubled commas, semicolons and two periods (“,,”, “;;”, “..”); an ellipsis (“...”) and
/// “?!” are fine.
public struct DoublePunctuationRule: Rule {
    /// Stable rule ID.
    public let id = "DOUBLE_PUNCTUATION"
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// Only at a mark typed twice.
    public var featureTriggers: SentenceFeatures? { .repeatedPunctuation }
    /// One line saying what the rule checks.
    public let summary = "A punctuation mark typed twice (“,,”, “..”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We stopped,, then went on.", "We stopped, then went on."),
                        ("The meeting is over.. Let's go.", "The meeting is over. Let's go."),
                        ("Bring a pen;; paper is provided.", "Bring a pen; paper is provided.")],
            correct: ["Well... I am not sure.", "You did what?!", "Go up one folder with cd .. and list it."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            guard t.kind == .punctuation, t.isOne(of: ",.;") else { i += 1; continue }
            var j = i
            while j + 1 < tokens.count, tokens[j + 1].text == t.text { j += 1 }
            defer { i = j + 1 }
            guard j == i + 1, i > 0, tokens[i - 1].kind == .word else { continue }
            // “cd ..” and “../”: a path, not prose.
            if t.isOne(of: "."), i >= 1, tokens[i - 1].isSpace { continue }
            if j + 1 < tokens.count, !tokens[j + 1].isSpace { continue }
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [t.text],
                                 message: "“\(t.text)” is typed twice: remove one."))
        }
        return out
    }
}
