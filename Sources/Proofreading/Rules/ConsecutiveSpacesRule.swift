import Foundation

/// Flags two or three spaces between words (not indentation at the start of a line, and not in
/// text laid out in columns with spaces).
public struct ConsecutiveSpacesRule: Rule {
    /// Stable rule ID.
    public let id = "CONSECUTIVE_SPACES"
    /// The rule's category.
    public let category = RuleCategory.typography
    /// One line saying what the rule checks.
    public let summary = "More than one space between words"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The build  finished in ten seconds.", "The build finished in ten seconds."),
                        ("Open the file,  then save it.", "Open the file, then save it.")],
            correct: ["The build finished in ten seconds.",
                      "Name   Size\nfoo    12\nbar    7"])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .whitespace {
            let t = tokens[i]
            guard t.text.count >= 2, t.text.count <= 3, t.text.allSatisfy({ $0 == " " }), i > 0, i + 1 < tokens.count else { continue }
            let prev = tokens[i - 1], next = tokens[i + 1]
            guard prev.kind == .word || prev.text == ",", next.kind == .word else { continue }
            if Self.looksTabular(context.segmentText) { continue }
            out.append(RuleMatch(range: t.range, replacements: [" "], message: "Use one space between words, not \(t.text.count)."))
        }
        return out
    }

    /// True when the text has two or more lines with runs of spaces (columns laid out with
    /// spaces), or table bars or tabs.
    static func looksTabular(_ text: String) -> Bool {
        if text.contains("|") || text.contains("\t") { return true }
        guard text.contains("\n") else { return false }
        var lines = 0
        for line in text.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).contains("  ") { lines += 1 }
        return lines >= 2
    }
}
