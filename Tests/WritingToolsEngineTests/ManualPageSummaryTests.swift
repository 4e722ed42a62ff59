import Foundation
import Testing
@testable import WritingToolsEngine

/// Summary and Key Points of a manual page (`man -P cat ls`) read its layout: an option's
/// description, indented past the body's column ("-a, --all / do not ignore entries…"), and a
/// line that starts in lower case are never sentences of the result. Before (session-42
/// trial): "output version information and exit: color to distinguish file types is disabled
/// both by default and." in the summary of ls(1).
@Suite struct ManualPageSummaryTests {
    func result(_ tool: WritingTool, _ fixture: String) throws -> String {
        let request = ToolRequest(tool: tool, text: try Fixture.text(fixture), resultOptions: [.plainText])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        return ""
    }

    @Test(arguments: [WritingTool.summary, .keyPoints], ["manpages/ls.1.txt", "manpages/grep.1.txt"])
    func noOptionLineIsASentence(_ tool: WritingTool, _ fixture: String) throws {
        let text = try result(tool, fixture)
        #expect(!text.isEmpty)
        #expect(!text.contains("output version information"), "\(text)")
        #expect(!text.contains("color to distinguish"), "\(text)")
        #expect(!text.contains("should give you access"), "\(text)")
        // Every sentence or point starts as a sentence does.
        for line in text.split(separator: "\n") {
            let t = line.hasPrefix("- ") ? line.dropFirst(2) : line
            #expect(t.first?.isLowercase != true, "\(line)")
        }
    }

    @Test func theDescriptionLeads() throws {
        #expect(try result(.summary, "manpages/ls.1.txt").hasPrefix("List information about the FILEs"))
    }
}
