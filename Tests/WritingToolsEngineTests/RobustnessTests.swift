import Foundation
import Testing
import DocumentStructure
import TextModel
import Proofreading
@testable import WritingToolsEngine

/// Every tool on awkward inputs: no crash, offsets in range, rewrites consistent with their edits.
@Suite("Robustness")
struct RobustnessTests {
    static let inputs: [(String, MarkupKind)] = [
        ("", .plain),
        ("   \n\n  ", .plain),
        ("!!!", .plain),
        ("👋🏽 Hello there. 👋🏽 In order to win, train 🏋️‍♀️ very hard!! :)", .plain),
        ("First line\r\nIn order to go, we go.\r\n\r\nDue to the fact that it rains, we stay.\r\n", .plain),
        (String(repeating: "In order to test a very long line we basically repeat it ", count: 200), .plain),
        ("```\nin order to\n```\n", .markdown),
        ("- a\n  - nested in order to\n- b: c, d and e\n\n> quoted very good text. It is fine.\n", .markdown),
        ("| a | b |\n|---|---|\n| in order to | very |\n", .markdown),
        ("Name: Ada\n\nRole: Engineer\n", .plain),
        ("Écrire en français, c'est très bien. Die Straße ist lang.", .plain),
    ]

    /// Rewrites never delete Markdown syntax: an edit whose span would take in a link's `[` or
    /// bold text's `**` (“revert **back**”, “Basically [this]”) is not made.
    @Test func rewritesKeepInlineMarkup() throws {
        let text = "We must revert **back** now. It is a [very unique](https://x.y) idea. It is *very* unique. Basically [this](https://t.u) works.\n"
        for tool in [WritingTool.concise, .professional, .rewrite] {
            let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, range: NSRange(location: 0, length: text.utf16.count),
                                                                         markup: .markdown, resultOptions: [.presentationIntent]))
            var new = ""
            for case let .rewrittenText(t) in events { new += t }
            for syntax in ["**back**", "*very*", "](https://x.y)", "[this](https://t.u)"] where !new.isEmpty {
                #expect(new.contains(syntax) || !text.contains(syntax), "\(tool): \(new)")
            }
            #expect(new.filter { $0 == "*" }.count == 6 && new.filter { $0 == "[" }.count == 2, "\(tool): \(new)")
        }
    }

    /// Rewrites keep names, titles and other people's words: a capitalised word inside a
    /// sentence is a title's (“Really Bad Things”), quoted words are quoted exactly, and a
    /// filler repeated after a comma goes with its repetition (“very, very good” → “good”, not
    /// “It was, good”).
    @Test func rewritesKeepTitlesQuotationsAndCommas() throws {
        let text = "It was very, very good. The movie Really Bad Things was fun. He said “it is very good, basically” to me. "
            + "She wrote \"I just wanted to say thanks\" and it was really, in a way, fine. FYI, it is really good.\n"
        for tool in [WritingTool.concise, .professional] {
            let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, range: NSRange(location: 0, length: text.utf16.count),
                                                                         markup: .plain, resultOptions: [.plainText]))
            var new = ""
            for case let .rewrittenText(t) in events { new += t }
            #expect(new.hasPrefix("It was good. The movie Really Bad Things was fun. He said “it is very good, basically” to me. "), "\(tool): \(new)")
            #expect(new.contains("She wrote \"I just wanted to say thanks\" and it was really, in a way, fine."), "\(tool): \(new)")
            #expect(new.hasSuffix(", it is good.\n"), "\(tool): \(new)")
        }
    }

    static let tools: [WritingTool] = [.summary, .keyPoints, .list, .table, .concise, .professional, .friendly,
                                       .describeYourChange(instruction: "as a table")]

    @Test(arguments: inputs.indices)
    func everyToolCopes(_ i: Int) throws {
        let (text, markup) = Self.inputs[i]
        let n = text.utf16.count
        let ranges = [NSRange(location: 0, length: n), NSRange(location: n / 3, length: n / 3), NSRange(location: n, length: 0)]
        for tool in Self.tools {
            for range in ranges {
                let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, range: range, markup: markup,
                                                                             resultOptions: [.presentationIntent, .table, .list]))
                var edits: [ProofreadingSuggestion] = []
                var new = ""
                var sawText = false
                for e in events {
                    switch e {
                    case let .result(r):
                        let m = r.text.utf16.count
                        for b in r.blocks { #expect(b.range.location >= 0 && b.range.location + b.range.length <= m) }
                    case let .rewriteEdits(es): edits += es
                    case let .rewrittenText(t): new += t; sawText = true
                    case .suggestions, .preview, .notice: break
                    }
                }
                if sawText {
                    for e in edits {
                        #expect(e.range.location >= range.location && e.range.location + e.range.length <= range.location + range.length)
                    }
                    // Edits are relative to the whole text; the new text is the range's.
                    let sub = try #require(text.substring(utf16Range: range) ?? (range.length == 0 ? "" : nil))
                    let shifted = edits.map { TextEdit(range: NSRange(location: $0.range.location - range.location, length: $0.range.length),
                                                       replacement: $0.replacements[0]) }
                    #expect(try sub.applying(shifted) == new, "\(tool) on input \(i)")
                }
            }
        }
    }
}
