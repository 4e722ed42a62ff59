import Foundation

/// Flags “e.g.” and “i.e.” written without their periods or with spaces: “e.g” → “e.g.”,
/// “e. g.” → “e.g.”, “ie.” → “i.e.”.
public struct LatinAbbreviationRule: Rule {
    /// Stable rule ID.
    public let id = "EN_EG_IE_PUNCTUATION"
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "Punctuation of “e.g.” and “i.e.”"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Use a fruit, e.g apples.", "Use a fruit, e.g. apples."), ("Pick one, i.e the first.", "Pick one, i.e. the first."),
                        ("There are other tools, e. g. Harper.", "There are other tools, e.g. Harper."),
                        ("Bring something, eg. a snack.", "Bring something, e.g. a snack.")],
            correct: ["Use a fruit, e.g. apples.", "Pick one, i.e. the first.", "Bring something (e.g., a snack).", "E. G. Erdos and L. E. Boggs wrote it."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["e", "i", "eg", "ie"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        var i = 0
        while i < tokens.count {
            defer { i += 1 }
            let t = tokens[i]
            guard t.kind == .word else { continue }
            if i > 0, !tokens[i - 1].isSpace, !tokens[i - 1].isOne(of: "(") { continue }
            guard t.range.length <= 2 else { continue }
            if let second = t.textIs("e") ? "g" : t.textIs("i") ? "e" : nil, i + 2 < tokens.count, tokens[i + 1].isOne(of: ".") {
                var j = i + 2
                var spaced = false
                if tokens[j].kind == .whitespace, j + 1 < tokens.count { spaced = true; j += 1 }
                guard tokens[j].kind == .word, tokens[j].text == second else { continue }
                let hasFinal = j + 1 < tokens.count && tokens[j + 1].isOne(of: ".")
                let afterOK = j + (hasFinal ? 2 : 1) >= tokens.count || tokens[j + (hasFinal ? 2 : 1)].isSpace || tokens[j + (hasFinal ? 2 : 1)].isOne(of: ",)")
                guard afterOK, spaced || !hasFinal else { continue }
                if spaced && !hasFinal { continue }
                let end = hasFinal ? j + 1 : j
                let fixed = t.lower + "." + second + "."
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, end), replacements: [fixed],
                                     message: "Write “\(fixed)” with a period after each letter and no space."))
                i = end
            } else if (t.lowerIs("eg") || t.lowerIs("ie")), t.startsLowercase, i + 2 < tokens.count, tokens[i + 1].isOne(of: "."), tokens[i + 2].isSpace,
                      let k = sentence.nextNonSpace(after: i + 1), tokens[k].kind == .word, tokens[k].startsLowercase {
                let fixed = t.lowerIs("eg") ? "e.g." : "i.e."
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, i + 1), replacements: [fixed],
                                     message: "Write “\(fixed)” with a period after each letter."))
            }
        }
        return out
    }
}
