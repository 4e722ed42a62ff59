import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Golden outputs of every tool on real texts (public-domain essays and speeches, a README with
/// code, lists and links, an e-mail thread, a roster, a contact card, a recipe). Each golden
/// was read and judged by a person: would they be happy with this summary, list or table?
/// Regenerate with `WT_UPDATE_GOLDENS=1` and review the diff before committing.
@Suite("Golden outputs")
struct GoldenTests {
    static let fixtures = [
        "gettysburg.txt", "thoreau-civil-disobedience.txt", "emerson-self-reliance.txt", "readme.md", "email-thread.txt",
        "roster.txt", "contact-card.txt", "cities.txt", "recipe.txt", "no-structure.txt",
    ]
    static let tools: [WritingTool] = [.summary, .keyPoints, .list, .table, .concise, .professional, .friendly, .rewrite]

    static var cases: [(String, String)] {
        fixtures.flatMap { f in tools.map { (f, $0.commandName) } }
    }

    static func tool(_ name: String) -> WritingTool {
        tools.first { $0.commandName == name }!
    }

    @Test(arguments: cases)
    func golden(_ fixture: String, _ toolName: String) throws {
        let text = try Fixture.text(fixture)
        let markdown = fixture.hasSuffix(".md")
        let request = ToolRequest(tool: Self.tool(toolName), text: text, markup: markdown ? .markdown : .plain,
                                  resultOptions: markdown ? [.richText, .list, .table] : [.plainText, .list, .table])
        let actual = try render(request)
        let goldenName = "goldens/\(fixture).\(toolName).txt"
        if ProcessInfo.processInfo.environment["WT_UPDATE_GOLDENS"] != nil {
            let url = Fixture.sourceDirectory.appendingPathComponent(goldenName)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try Fixture.text(goldenName)
        #expect(actual == expected, "golden \(goldenName) differs:\n\(actual)")
    }
}
