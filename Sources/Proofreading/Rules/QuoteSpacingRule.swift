import Foundation

/// Flags a space just inside curly quotation marks: after an opening one (“ like this”) or
/// before a closing one (like this ”).
///
/// Follows LanguageTool's `NO_SPACE_CLOSING_QUOTE` and `EN_QUOTES` spacing checks and the
/// *Chicago Manual of Style* (6.9, quotation marks close up to the words they enclose). Only the
/// curly marks are judged: their direction is known, where a straight `"` may open or close. A
/// single closing mark is also an apostrophe (“the students’ ”), so only the opening single mark
/// is judged.
public struct QuoteSpacingRule: Rule {
    /// Stable rule ID.
    public let id = "QUOTE_SPACING"
    /// Typography (``RuleCategory/typography``).
    public let category = RuleCategory.typography
    /// Only at a typographic quotation mark.
    public var featureTriggers: SentenceFeatures? { .curlyQuote }
    /// One line saying what the rule checks.
    public let summary = "A space just inside curly quotation marks"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She said “ hello” to me.", "She said “hello” to me."),
                        ("She said “hello ” to me.", "She said “hello” to me."),
                        ("He called it ‘ magic’ once.", "He called it ‘magic’ once.")],
            correct: ["She said “hello” to me.", "“Come in,” she said, “and sit down.”", "The students’ books are here.",
                      "He said “ ” was empty.", "Prices rose in the ‘90s."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        for i in tokens.indices where tokens[i].kind == .punctuation {
            // By scalar value, not `String` equality (which normalises non-ASCII text first).
            guard tokens[i].range.length == 1 else { continue }
            let t = tokens[i]
            switch t.firstScalar {
            case 0x201C, 0x2018:
                // “ word: the space after the opening mark goes.
                guard i + 2 < tokens.count, tokens[i + 1].kind == .whitespace, tokens[i + 2].kind == .word || tokens[i + 2].kind == .number
                else { continue }
                out.append(ProofreadingSuggestion(range: NSRange(location: t.range.location, length: tokens[i + 1].end - t.range.location),
                                     replacements: [t.text], message: "Remove the space after the opening quotation mark."))
            case 0x201D:
                // word ”: the space before the closing mark goes.
                guard i >= 2, tokens[i - 1].kind == .whitespace,
                      tokens[i - 2].kind == .word || tokens[i - 2].kind == .number || tokens[i - 2].isOne(of: ".,!?")
                else { continue }
                out.append(ProofreadingSuggestion(range: NSRange(location: tokens[i - 1].range.location, length: t.end - tokens[i - 1].range.location),
                                     replacements: [t.text], message: "Remove the space before the closing quotation mark."))
            default:
                continue
            }
        }
        return out
    }
}
