import Foundation
import TextModel

/// Flags two or three spaces between words (not indentation at the start of a line, not in text
/// laid out in columns with spaces, not in a sentence spaced so on purpose: three runs or more).
public struct ConsecutiveSpacesRule: Rule {
    /// Stable rule ID.
    public let id = "CONSECUTIVE_SPACES"
    /// In a plain-text table laid out with spaces, a run of spaces is a column gap.
    public var tableLayout: TableLayoutTest? {
        TableLayoutTest { finding, text in RepeatedWordRule.isInTable(text, at: finding.range.location) }
    }
    /// The rule's category.
    public let category = RuleCategory.typography
    /// Silent on manual pages, whose layout breaks prose typography on every line.
    public var appliesToManualPages: Bool { false }
    /// Only at a run of spaces.
    public var featureTriggers: SentenceFeatures? { .spaceRun }
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
                      "Name   Size\nfoo    12\nbar    7",
                      "Please   read  the   manual   first,   it  contains   important  notes.",
                      "     If  this  flag is used, man will automatically create index databases for\n     users' private manual page hierarchies."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // A manual page is justified with runs of spaces.
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // Fields read in place: most tokens are single spaces, and copying each costs more than
        // the test.
        for i in tokens.indices where tokens[i].kind == .whitespace && tokens[i].range.length >= 2 {
            let length = tokens[i].range.length
            guard length <= 3, i > 0, i + 1 < tokens.count, tokens[i].text.utf8.allSatisfy({ $0 == 0x20 }) else { continue }
            // Between words, or beside protected text (a placeholder: code, a URL…: “set the
            // `FOO` variable” with two spaces before the code).
            guard tokens[i - 1].kind == .word || tokens[i - 1].kind == .placeholder || tokens[i - 1].isOne(of: ","),
                  tokens[i + 1].kind == .word || tokens[i + 1].kind == .placeholder else { continue }
            if Self.looksTabular(context.segmentText) { continue }
            // A justified line of a paragraph (a manual rendered as text: “If  this  flag is
            // used, man will…”): layout.
            if Self.isJustifiedLine(context.segmentText, at: tokens[i].range.location) { continue }
            // After an option glued to its dash (an option list's columns: diffutils' NEWS
            // `-E  --ignore-tab-expansion`): layout.
            if i >= 2, tokens[i - 1].kind == .word, tokens[i - 2].isOne(of: "-") { continue }
            // Three runs or more in one sentence are the writer's spacing (text justified by
            // hand: “Please   read  the   `docs/CHANGES`   file,   it  contains…”), not slips.
            if out.count >= 2 { return [] }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [" "], message: "Use one space between words, not \(length)."))
        }
        return out
    }

    /// True when the line of `text` holding UTF-16 offset `location` is justified: not the text's
    /// last line, and either with two runs of two spaces or more (one may follow a sentence's
    /// end) or as long as the text's longest line, 60 characters or more, with a line after it.
    static func isJustifiedLine(_ text: String, at location: Int) -> Bool {
        let u = Array(text.utf16)
        guard location >= 0, location < u.count, u.contains(10) else { return false }
        var s = location, e = location
        while s > 0, u[s - 1] != 10 { s -= 1 }
        while e < u.count, u[e] != 10 { e += 1 }
        // The last line (nothing but spaces after it) is a paragraph's ragged end.
        guard u[e...].contains(where: { $0 != 10 && $0 != 32 }) else { return false }
        var runs = 0, k = s
        while k < e {
            if u[k] == 32, k + 1 < e, u[k + 1] == 32, k > s, u[k - 1] != 32 {
                // Not the indentation.
                if u[s..<k].contains(where: { $0 != 32 }) { runs += 1 }
            }
            k += 1
        }
        if runs >= 2 { return true }
        var longest = 0, lineStart = 0
        for (j, c) in u.enumerated() where c == 10 {
            longest = max(longest, j - lineStart)
            lineStart = j + 1
        }
        longest = max(longest, u.count - lineStart)
        return e - s >= 60 && e - s >= longest - 1
    }

    /// True when the text has two or more lines with runs of spaces (columns laid out with
    /// spaces), or table bars or tabs.
    static func looksTabular(_ text: String) -> Bool {
        if text.contains("|") || text.contains("\t") { return true }
        guard text.contains("\n") else { return false }
        var lines = 0
        for line in text.lines(omittingEmpty: true) where line.trimmingCharacters(in: .whitespaces).contains("  ") { lines += 1 }
        return lines >= 2
    }
}
