import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// `table` on a text that is no table says so, or builds its table from what really is
/// tabular in it (issue 34, a new user's trial: nss-mdns's README became a changelog of
/// "4.0" and "0.8" — a wrapped line starting "4.0), has no dependencies…" and one ending "for
/// version" / "0.8, when…" read as version headings —, bc's README one of "1.07" and "1.01";
/// Emacs's "Local Variables:" and ispell's "LocalWords:" lines, and a Perl line and a
/// program's numbered output, "Field | Value" tables). Fixtures `not-tables/`.
@Suite("Table refuses what is no table")
struct NotATableTests {
    private func result(_ name: String, markup: MarkupKind = .plain) throws -> ToolResult {
        let request = ToolRequest(tool: .table, text: try Fixture.text("not-tables/" + name), markup: markup, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r }
        Issue.record("no result")
        return ToolResult(kind: .table, text: "")
    }

    /// Prose, with versions named in it or editor variables or code after it: no table, and a
    /// note that says what Table reads.
    @Test(arguments: [("readme-naming-versions.md", MarkupKind.markdown), ("editor-variables.txt", .plain), ("program-output.txt", .plain)])
    func proseIsRefusedWithTheKindsOfTextThatMakeATable(name: String, markup: MarkupKind) throws {
        let r = try result(name, markup: markup)
        #expect(r.text.isEmpty, "\(name): \(r.text)")
        let note = try #require(r.note)
        #expect(note.hasPrefix("No table structure found"))
        for kind in ["“label: value” lines", "records", "changelog", "parallel sentences"] { #expect(note.contains(kind), "\(note)") }
    }

    /// A README that names versions in its text but holds a block of "Field: value" lines: the
    /// table is that block, not a changelog.
    @Test func fieldLinesMakeTheTableNotTheVersionsNamed() throws {
        let r = try result("build-notes-with-fields.txt")
        #expect(!r.text.contains("Version | Date"), "\(r.text)")
        #expect(r.text.contains("Program") && r.text.contains("GNU calc") && r.text.contains("Ada Example") && r.text.contains("vsprintf"), "\(r.text)")
        #expect(!r.text.contains("sequential algorithm"), "\(r.text)")
    }

    /// Release notes still make their table (a heading per version, items under it).
    @Test func releaseNotesStillMakeTheirTable() throws {
        let text = "# Changes\n\n## 1.2.0 (2024-01-31)\n\n- Add the export dialog.\n- Fix a crash on start.\n\n## 1.1.0 (2023-11-02)\n\n- Faster search.\n"
        let request = ToolRequest(tool: .table, text: text, markup: .markdown, resultOptions: [.richText, .table])
        var out = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { out = r.text }
        #expect(out.contains("| Version | Date") && out.contains("| 1.2.0") && out.contains("Add the export dialog; Fix a crash on start"), "\(out)")
    }
}
