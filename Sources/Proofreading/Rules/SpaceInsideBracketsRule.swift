import Foundation

/// Flags a space just inside parentheses (“( like this )”).
public struct SpaceInsideBracketsRule: Rule {
    /// Stable rule ID.
    public let id = "SPACE_INSIDE_BRACKETS"
    /// The rule's category.
    public let category = RuleCategory.typography
    /// Silent on manual pages, whose layout breaks prose typography on every line.
    public var appliesToManualPages: Bool { false }
    /// Only at a parenthesis.
    public var featureTriggers: SentenceFeatures? { .parenthesis }
    /// One line saying what the rule checks.
    public let summary = "A space after an opening or before a closing parenthesis"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The tool ( written in Swift) is fast.", "The tool (written in Swift) is fast."),
                        ("The tool (written in Swift ) is fast.", "The tool (written in Swift) is fast.")],
            correct: ["The tool (written in Swift) is fast.", "It is more portable than '( -type l -o -type d )' there.", "Choose one: a) red, b) blue.",
                      "| Client |------(  Internet  )-----| server |",
                      "The name \"UNKNOWN\" ( \\x55 \\x4E \\x4B ) is sent.", "A line ends with CRLF (\\x0D \\x0A )."])
    }

    /// True when whitespace token `t` is two spaces or more, or holds a tab: a gap of layout.
    static func isLayoutGap(_ t: Token) -> Bool {
        t.range.length >= 2 || t.text.utf8.contains(9)
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // A manual page writes its syntax spaced (“if ( expr ) statement”).
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        var opens: [Int] = []
        for i in tokens.indices where tokens[i].kind == .punctuation {
            let t = tokens[i]
            if t.isOne(of: "(") {
                opens.append(i)
                guard i + 2 < tokens.count, tokens[i + 1].kind == .whitespace, tokens[i + 2].kind == .word else { continue }
                guard i == 0 || tokens[i - 1].isSpace else { continue }
                // Two spaces or more, or a tab, inside a bracket are layout (a diagram's box: `(
                // Internet  )` in OpenSSH's README.tun, a column kept aligned), not a slip.
                if Self.isLayoutGap(tokens[i + 1]) { continue }
                out.append(ProofreadingSuggestion(range: NSRange(location: t.range.location, length: tokens[i + 1].end - t.range.location),
                                     replacements: ["("], message: "Remove the space after the opening parenthesis."))
            } else if t.isOne(of: ")") {
                guard let open = opens.popLast() else { continue }
                guard i >= 2, tokens[i - 1].kind == .whitespace, tokens[i - 2].kind == .word else { continue }
                if Self.isLayoutGap(tokens[i - 1]) { continue }
                // A command's expression, spaced as its syntax wants (find(1)'s “'( -type l -o
                // -type d )'”, findutils' NEWS: a --fix trial closed the gap): an option inside.
                if ((open + 1)..<i).contains(where: { k in
                    tokens[k].isOne(of: "-") && k + 1 < i && tokens[k + 1].kind == .word && tokens[k - 1].isSpace
                }) { continue }
                // Spaced on both sides where the opening was not flagged (“( \x50 \x52 )”: the
                // first thing inside is no word), or holding escape sequences (`\x4E`, `\n`): the
                // writer's spacing of code, kept the same on both sides; closing one side only
                // would make it lopsided.
                if open + 2 < i, tokens[open + 1].kind == .whitespace, tokens[open + 2].kind != .word { continue }
                if ((open + 1)..<i).contains(where: { k in tokens[k].isOne(of: "\\") && k + 1 < i && !tokens[k + 1].isSpace }) { continue }
                out.append(ProofreadingSuggestion(range: NSRange(location: tokens[i - 1].range.location, length: t.end - tokens[i - 1].range.location),
                                     replacements: [")"], message: "Remove the space before the closing parenthesis."))
            }
        }
        return out
    }
}
