import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// List and Table on meeting notes and header-less records, as a README-only trial of session
/// 48 used them: List numbered the notes' titles “1. Release 2.4”, “2. Hiring”, “3. On-call” 1,
/// 5 and 8 (their bullets were counted into one ordered list) and made “Action items” a bullet;
/// Table refused the notes' “Tom: fix export dialog bug by Friday” lines although its help says
/// it reads “label: value” lines, and named a file of cities' columns “Item / Detail 1 / …”.
@Suite("List and Table on notes and records")
struct NotesListAndTableTests {
    static func result(_ tool: WritingTool, _ text: String) throws -> ToolResult {
        let options: ToolResultOptions = tool == .table ? [.plainText, .richText, .table] : [.plainText]
        let request = ToolRequest(tool: tool, text: text, markup: .plain, resultOptions: options)
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r }
        Issue.record("no result")
        return ToolResult(kind: .text, text: "")
    }

    /// A result table's rows (header first), cells trimmed.
    static func rows(_ r: ToolResult) -> [[String]] {
        r.text.split(separator: "\n").filter { !$0.contains("---") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test("numbered titles over bullets keep their numbers, and a title over items stays a title", arguments: [
        ("meeting-notes/trial-weekly-sync.txt", ["1. Release 2.4", "2. Hiring", "3. On-call", "Action items"]),
        ("meeting-notes/design-review.txt", ["1. Search page", "2. Performance", "Follow-ups"]),
    ])
    func titlesStayTitles(_ c: (String, [String])) throws {
        let lines = try Self.result(.list, try Fixture.text(c.0)).text.components(separatedBy: "\n")
        for title in c.1 {
            // A line of its own, between blank lines, not an item.
            let k = try #require(lines.firstIndex(of: title), "\(title) in \(lines)")
            #expect(k > 0 && lines[k - 1].isEmpty && lines[k + 1].isEmpty)
            #expect(!lines.contains("- " + title))
        }
        // No renumbered title, and every bullet is kept as a bullet.
        #expect(!lines.contains { $0.range(of: #"^[4-9]\. "#, options: .regularExpression) != nil }, "\(lines)")
        let bullets = try Fixture.text(c.0).components(separatedBy: "\n").filter { $0.hasPrefix("- ") }
        #expect(lines.filter { $0.hasPrefix("- ") } == bullets)
    }

    @Test("a block of “label: value” lines under a title of actions is an Owner | Task table", arguments: [
        ("meeting-notes/trial-weekly-sync.txt", [["Tom", "fix export dialog bug by Friday"], ["Alex", "investigate Windows sync bug, report Monday"],
                                                 ["Mei", "schedule final interviews"], ["Priya", "new on-call schedule by next sync"]], "Action items"),
        ("meeting-notes/design-review.txt", [["Ana", "add keyboard shortcuts by Wednesday"], ["Ben", "write the beta announcement"],
                                             ["Chloe", "profile the image loader"]], "Follow-ups"),
    ])
    func actionItems(_ c: (String, [[String]], String)) throws {
        let r = try Self.result(.table, try Fixture.text(c.0))
        let rows = Self.rows(r)
        #expect(rows.first == ["Owner", "Task"])
        #expect(Array(rows.dropFirst()) == c.1)
        #expect(r.note?.contains("under “\(c.2)”") == true, "\(r.note ?? "")")
    }

    @Test("label lines with no title of actions keep Field | Value; fewer than three make no block")
    func labelBlocks() {
        let lines = ["We met on Monday.", "Host: Ana", "Room: 4.12", "Length: one hour"]
        let block = TableDetector.labelValueBlock(lines, title: nil)
        #expect(block?.table.header == ["Field", "Value"])
        #expect(block?.start == 1 && block?.count == 3)
        #expect(TableDetector.labelValueBlock(["Note: it rained.", "We stayed in.", "Host: Ana"], title: nil)?.count == nil)
    }

    @Test("columns of header-less records are named by what their values say")
    func namedColumns() throws {
        let text = "Paris, France, 2.1 million people, capital\nLyon, France, 0.5 million people, not capital\n"
            + "Berlin, Germany, 3.6 million people, capital\nHamburg, Germany, 1.8 million people, not capital\n"
        let r = try Self.result(.table, text)
        let rows = Self.rows(r)
        #expect(rows.first == ["Item", "Detail", "Population", "Capital"])
        #expect(rows[1] == ["Paris", "France", "2.1 million", "Yes"])
        #expect(rows[2] == ["Lyon", "France", "0.5 million", "No"])
        #expect(r.note?.contains("names the columns") == true)
        // Another unit, another name; a column that is no word or its negation stays a detail.
        let t = TableDetector.namedColumns([["Trail A", "12 km", "easy"], ["Trail B", "30 km", "hard"], ["Trail C", "8 km", "easy"]])
        #expect(t.header == ["Item", "Km", "Detail"])
        #expect(t.rows[1] == ["Trail B", "30", "hard"])
    }
}
