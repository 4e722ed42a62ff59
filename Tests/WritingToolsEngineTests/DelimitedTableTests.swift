import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// The Table tool makes columns of lines that repeat one structure (the same separator, the
/// same number of fields), commas included, with the first line as the header when it names
/// the columns; "Field | Value" is only for "key: value" lines. Before (session-42 trial), a
/// file of "Paris, France, 2.1 million" lines gave no table.
@Suite struct DelimitedTableTests {
    func table(_ fixture: String, markup: MarkupKind = .plain) throws -> [[String]] {
        let request = ToolRequest(tool: .table, text: try Fixture.text(fixture), markup: markup, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) {
            return r.text.split(separator: "\n").filter { !$0.contains("---") }
                .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        }
        Issue.record("no result")
        return []
    }

    @Test func commaSeparatedLinesMakeColumns() throws {
        let rows = try table("tables/cities-comma.txt")
        #expect(rows.count == 5)
        #expect(rows.first?.count == 3)
        #expect(rows.first != ["Field", "Value"])
        #expect(rows.dropFirst().first == ["Paris", "France", "2.1 million"])
        #expect(rows.last == ["Rome", "Italy", "2.8 million"])
    }

    @Test func aFirstLineThatNamesTheColumnsIsTheHeader() throws {
        let rows = try table("tables/cities-comma-header.txt")
        #expect(rows.first == ["City", "Country", "Population"])
        #expect(rows.count == 4)
        #expect(rows[1] == ["Paris", "France", "2.1 million"])
    }

    @Test func aMarkdownListOfRecordsMakesColumns() throws {
        let rows = try table("tables/cities-comma-list.md", markup: .markdown)
        #expect(rows.count == 4)
        #expect(rows[2] == ["Berlin", "Germany", "3.6 million"])
    }

    @Test func dashSeparatedLinesAreNoFieldValueTable() throws {
        let rows = try table("tables/cities-dash.txt")
        #expect(rows.first != ["Field", "Value"])
        #expect(rows[1] == ["Paris", "capital of France"])
    }

    @Test func sentencesWithCommasAreNoColumns() {
        #expect(TableDetector.fromLines(["Yes, we will, later.", "No, they did, twice."]) == nil)
        // dbus's README: two lines of version series.
        #expect(TableDetector.fromLines(["So for example, development snapshots: 1.1.1, 1.1.2, 1.1.3, 1.3.4",
                                         "Stable versions: 1.0, 1.0.1, 1.0.2, 1.2.1, 1.2.3"]) == nil)
        #expect(TableDetector.fromLines(["Paris, France", "Berlin, Germany"]) == nil)
        #expect(TableDetector.fromLines(["Paris, France", "Berlin, Germany", "Rome, Italy"])?.rows.count == 3)
        #expect(!TableDetector.isHeaderRow([["Paris", "France"], ["Berlin", "Germany"]]))
    }
}
