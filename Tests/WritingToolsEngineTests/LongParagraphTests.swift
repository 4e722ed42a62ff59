import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// List and Key Points of a long paragraph of long sentences give something a reader can scan
/// (issue 34: docs/proofreading.md's ~1,000-word paragraph on `--fix`, whose sentences run to
/// 230 words, came back as 16 items and key points of up to 230 words). List splits a sentence
/// of more than 50 words at its semicolons (outside brackets, quotation marks and code); a key
/// point of more than 50 words drops its asides in brackets, and past 70 words ends at its
/// first semicolon. Fixture `long-paragraphs/fix-reference.md` (that paragraph as it was).
@Suite("Long paragraphs")
struct LongParagraphTests {
    private func run(_ tool: WritingTool, length: SummaryLength = .medium) throws -> String {
        let text = try Fixture.text("long-paragraphs/fix-reference.md")
        let engine = BuiltInToolEngine(configuration: .init(summaryLength: length))
        for case let .result(r) in try engine.events(for: ToolRequest(tool: tool, text: text, markup: .markdown, resultOptions: [.richText, .list])) {
            return r.text
        }
        Issue.record("no result")
        return ""
    }

    private func items(_ s: String) -> [String] {
        s.split(separator: "\n").filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    private func words(_ s: String) -> Int { s.split(separator: " ").count }

    @Test(arguments: [SummaryLength.short, .medium, .long])
    func keyPointsAreShortEnoughToScan(length: SummaryLength) throws {
        let points = items(try run(.keyPoints, length: length))
        #expect(!points.isEmpty)
        for p in points { #expect(words(p) <= 70, "\(words(p)) words: \(p)") }
        if length != .short {
            #expect(points.contains { $0.hasPrefix("`--fix` applies every rule's first replacement but for style hints, and spelling guesses only when the guess is one slip from what was typed") },
                    "\(points)")
        }
    }

    @Test func listSplitsLongSentencesAtTheirSemicolons() throws {
        let list = items(try run(.list))
        #expect(list.count >= 18, "\(list.count) items (16 before)")
        #expect(list.contains { $0.hasPrefix("names and product names such as `Kubernetes`") }, "\(list)")
        // Every sentence's words are still there: none is dropped.
        #expect(list.contains { $0.hasSuffix("(exit code 3; run again to check the new text).") }, "\(list)")
        // A short sentence with a semicolon stays one item.
        #expect(BuiltInToolEngine.clauses("Run the tests; then push.") == ["Run the tests; then push."])
    }
}
