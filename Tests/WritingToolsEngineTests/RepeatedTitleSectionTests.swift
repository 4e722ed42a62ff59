import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Key points cover every titled subsection of a long document, also one whose title repeats
/// another's: the same title under "bugs" and under "expected behaviour" says contrasting
/// things in the same words (Node.js's SECURITY.md: the second "External Control of System or
/// Configuration Setting (CWE-15)" had no point; docs/status/issue-34.md, M1c). Documents
/// written for this suite: `sections/plugin-policy.md`, `sections/service-limits.md`.
@Suite("Key points of subsections with the same title")
struct RepeatedTitleSectionTests {
    private func points(_ name: String, length: SummaryLength) throws -> [String] {
        var request = ToolRequest(tool: .keyPoints, text: try Fixture.text("sections/" + name), markup: .markdown, resultOptions: [.plainText, .list])
        request.length = length
        for case let .result(r) in try BuiltInToolEngine().events(for: request) {
            return r.text.split(separator: "\n").map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : String($0) }
        }
        Issue.record("no key points of \(name)")
        return []
    }

    @Test(arguments: [SummaryLength.medium, .long])
    func everySubsectionHasAPoint(_ length: SummaryLength) throws {
        let policy = try points("plugin-policy.md", length: length)
        for start in ["A plugin that opens a network connection without the user's consent", "A plugin that writes outside",
                      "A plugin that delays the editor's start", "A plugin that opens a network connection the user asked for",
                      "A plugin may use as much memory", "A plugin that checks for its own updates"] {
            #expect(policy.contains { $0.hasPrefix(start) }, "\(length) \(start):\n\(policy.joined(separator: "\n"))")
        }
        let limits = try points("service-limits.md", length: length)
        for start in ["Files larger than 100 MB are refused", "Deleted files on free accounts", "Files larger than 100 MB are accepted",
                      "Deleted files on paid accounts"] {
            #expect(limits.contains { $0.hasPrefix(start) }, "\(length) \(start):\n\(limits.joined(separator: "\n"))")
        }
    }

    /// The same sentence twice is still one point (issue 34's "no two near-duplicate points").
    @Test func theSameWordsTwiceAreOnePoint() throws {
        let text = """
        # Notes

        ## Linux

        ### Install

        Run the installer as root and restart the service afterwards.

        ## macOS

        ### Install

        Run the installer as root and restart the service afterwards.

        ## Windows

        ### Install

        Double-click the package and follow the wizard's three steps.
        """
        var request = ToolRequest(tool: .keyPoints, text: text, markup: .markdown, resultOptions: [.plainText, .list])
        request.length = .long
        var out = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { out = r.text }
        #expect(out.components(separatedBy: "Run the installer as root").count == 2, "\(out)")
        #expect(out.contains("Double-click the package"), "\(out)")
    }
}
