import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// `table` on a GNU NEWS file (`-*- outline -*-`: diffutils, coreutils, tar): a release's
/// `** Bug fixes`, `** New features` head indented paragraphs, one change each, and older
/// releases of the same file list their changes as `* item` lines under "User-visible changes
/// in version 2.8.6:" (session 49's trial ran `table` on diffutils' NEWS and read a generic
/// refusal; the build before kept only the older releases' rows). And release notes Table
/// cannot read are refused with what it found and why it makes no row.
///
/// Texts written for this suite: `changelogs/gnu-news-outline.txt` (both forms),
/// `changelogs/release-prose.txt` (version headings over prose).
@Suite("Table of a GNU NEWS file")
struct GNUNewsTableTests {
    private func result(_ text: String) throws -> ToolResult {
        let request = ToolRequest(tool: .table, text: text, markup: .plain, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r }
        Issue.record("no result")
        return ToolResult(kind: .table, text: "")
    }

    private func rows(_ text: String) throws -> [[String]] {
        try result(text).text.split(separator: "\n").filter { !$0.hasPrefix("| ---") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test func everyReleaseIsARowWithItsChangesUnderTheirHeadings() throws {
        let rows = try rows(try Fixture.text("changelogs/gnu-news-outline.txt"))
        #expect(rows.first == ["Version", "Date", "Changes"], "\(rows)")
        #expect(rows.dropFirst().map { $0[0] } == ["2.4", "2.3", "2.2", "2.1", "2.0"], "\(rows)")
        let r24 = try #require(rows.first { $0.first == "2.4" })
        #expect(r24[1] == "2025-03-02")
        #expect(r24[2].hasPrefix("Bug fixes: frob no longer crashes when its input ends without a newline. [bug introduced in 2.2]; frob -r now follows symbolic links"), "\(r24)")
        #expect(r24[2].contains("; New features: New option --json prints each record as one line of JSON"), "\(r24)")
        // The headings are no changes of their own.
        #expect(!rows.joined().contains("Bug fixes") && !rows.joined().contains("Improvements"), "\(rows)")
        #expect(rows.first { $0.first == "2.3" }?[2] == "Changes in behavior: frob now reads its configuration from ~/.config/frob before /etc/frob; "
            + "Improvements: frob --check is about twice as fast on large files", "\(rows)")
        #expect(rows.first { $0.first == "2.1" }?[2] == "New option --quiet; frob -v prints the version of the library it was built with", "\(rows)")
        #expect(rows.allSatisfy { $0.count == 3 })
    }

    /// Pipes in the commands of a change are no table of their own (coreutils' NEWS: "`tail -f
    /// file | grep -q foo`" on three lines in a row made a table of two columns).
    @Test func pipesInCommandsAreNoTable() throws {
        let text = """
        * Noteworthy changes in release 5.2 (2025-01-10) [stable]

        ** Changes in behavior

          frob -w now exits as soon as the reader of its output exits.  That lets
          `frob -w log | grep -q bad` return at once, but makes `frob -w log | :`
          end without waiting for input.  Use `frob -w log | grep -q .` instead.

        * Noteworthy changes in release 5.1 (2024-06-01) [stable]

        ** New features

          New option --json.
        """
        let rows = try rows(text)
        #expect(rows.first == ["Version", "Date", "Changes"], "\(rows)")
        #expect(rows.dropFirst().map { $0[0] } == ["5.2", "5.1"], "\(rows)")
    }

    /// A `**` line with no indented paragraph under it is a change of its own (wget's NEWS).
    @Test func anOutlineLineWithoutParagraphsIsAChange() throws {
        let text = """
        * Noteworthy changes in release 1.3 (2024-05-01)

        ** Fix a crash when the cache folder is missing

        ** Add option to choose the colour theme


        * Noteworthy changes in release 1.2 (2024-02-11)

        ** Support for the new archive format
        """
        let rows = try rows(text)
        #expect(rows.dropFirst().map { $0[0] } == ["1.3", "1.2"], "\(rows)")
        #expect(rows.dropFirst().first?[2] == "Fix a crash when the cache folder is missing; Add option to choose the colour theme", "\(rows)")
    }

    /// Version headings over prose: refused with what was found, why it makes no row, and what
    /// Table reads, GNU NEWS outlines among it.
    @Test func releaseProseIsRefusedSayingWhy() throws {
        let r = try result(try Fixture.text("changelogs/release-prose.txt"))
        #expect(r.text.isEmpty, "\(r.text)")
        let note = try #require(r.note)
        #expect(note.hasPrefix("This looks like a changelog: it has 2 version headings (“Version 3.1 (2024-06-02)”), but the text under them is prose rather than a list of changes"), "\(note)")
        #expect(note.contains("“** Bug fixes” over indented paragraphs"), "\(note)")
    }

    /// The note of a changelog whose entries have no changes names them.
    @Test func anEmptyDebianChangelogSaysWhatItHas() {
        let text = "frob (1.2-1) unstable; urgency=medium\n\n -- Ann Lee <ann@example.org>  Mon, 03 Mar 2025 21:32:32 +0800\n"
        #expect(ChangelogTable.whyNoRows(text) == "This looks like a changelog: it has 1 Debian changelog entry (“frob (1.2-1) unstable; urgency=medium”) but no “  * change” line under any")
    }
}
