import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// `table` on a changelog makes a row per entry, or says what it reads (issue 34, users'
/// report: `table` on wget's Debian changelog split its " -- Name <email>  Mon, 03 Mar 2025
/// 21:32:32 +0800" lines at the colons: "| -- Shengqi Chen <harry@ | >  Mon, 03 | Mar 2025 |
/// 21 | 32 | 32 | +0800 |").
@Suite struct ChangelogTableTests {
    func result(_ text: String) throws -> ToolResult {
        let request = ToolRequest(tool: .table, text: text, markup: .plain, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r }
        Issue.record("no result")
        return ToolResult(kind: .table, text: "")
    }

    func rows(_ fixture: String) throws -> [[String]] {
        try result(try Fixture.text(fixture)).text.split(separator: "\n").filter { !$0.hasPrefix("| ---") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test func aDebianChangelog() throws {
        let rows = try rows("changelogs/wget-changelog.Debian.txt")
        #expect(rows.first == ["Version", "Date", "Changes"])
        #expect(rows.count == 7)
        #expect(rows.dropFirst().first == ["1.21.3-1+deb12u1", "2025-03-03",
                                           "d/control: replace obsolete B-D pkg-config with pkgconf; Backport patch to fix mishandling of semicolons in userinfo (closes: CVE-2024-38428)"])
        #expect(rows.allSatisfy { $0.count == 3 })
        #expect(!rows.joined().joined().contains("-- "))
    }

    @Test func aGNUChangeLog() throws {
        let rows = try rows("changelogs/man-db-ChangeLog.txt")
        #expect(rows.first == ["Date", "Author", "Changes"])
        #expect(rows.dropFirst().first?.prefix(2) == ["2013-12-09", "Colin Watson"])
        #expect(rows.dropFirst().first?.last?.hasPrefix(".bzrignore: Move to ...; .gitignore: ... here, adjusting") == true)
        #expect(rows.allSatisfy { $0.count == 3 })
    }

    @Test func releaseNotesWithAHeadingPerVersion() throws {
        let rows = try rows("changelogs/wget-NEWS-head.txt")
        #expect(rows.first == ["Version", "Date", "Changes"])
        #expect(rows.map { $0[0] } == ["Version", "1.21.3", "1.21.2", "1.21.1", "1.21"])
        #expect(rows[1][1] == "2022-02-26")
        #expect(rows[2][2].contains("Release tarballs no longer have a dependency on Python; --page-requisites will now also download links marked as \"alternate stylesheet\" or \"icon\""))
    }

    @Test func markdownVersionHeadings() throws {
        let text = """
        # Changelog

        ## [1.2.0] - 2024-01-31

        - Add the `--json` option.
        - Fix a crash on empty input.

        ## [1.1.0] - 2023-11-02

        - Read configuration from `~/.config/tool`.
        """
        let request = ToolRequest(tool: .table, text: text, markup: .markdown, resultOptions: [.plainText, .richText, .table])
        var out = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { out = r.text }
        #expect(out.contains("| 1.2.0   | 2024-01-31 | Add the `--json` option; Fix a crash on empty input |"), "\(out)")
        #expect(out.contains("| 1.1.0   | 2023-11-02 | Read configuration from `~/.config/tool`"), "\(out)")
    }

    /// A changelog whose entries hold no changes is no table, and the note says what table
    /// reads; nothing is split at a time's colons.
    @Test func aChangelogWithoutChangesIsRefused() throws {
        let text = """
        wget (1.21.3-1) unstable; urgency=medium

         -- Noël Köthe <noel@debian.org>  Tue, 29 Mar 2022 19:40:59 +0200

        wget (1.21.2-2) unstable; urgency=medium

         -- Noël Köthe <noel@debian.org>  Wed, 13 Oct 2021 16:35:25 +0200
        """
        let r = try result(text)
        #expect(r.text.isEmpty)
        #expect(r.note?.contains("looks like a changelog") == true)
        #expect(r.note?.contains("Debian changelog") == true)
    }

    @Test(arguments: [("Mon, 03 Mar 2025 21:32:32 +0800", "2025-03-03"), ("Sat Nov  9 16:21:05 GMT 2013", "2013-11-09"),
                      ("2024-01-31", "2024-01-31")])
    func days(_ date: String, _ day: String) {
        #expect(ChangelogTable.isoDay(date) == day)
    }

    /// Tables that are no changelogs are read as before.
    @Test func otherTablesAreNoChangelogs() {
        #expect(!ChangelogTable.looksLikeChangelog("Paris, France, 2.1 million\nBerlin, Germany, 3.6 million\nRome, Italy, 2.8 million\n"))
        #expect(!ChangelogTable.looksLikeChangelog("Name: Ada\nRole: engineer\nVersion: 3.2\n"))
    }
}

/// A list item that names a release is no release heading (session 53's README-only trial:
/// meeting notes with "## Release 4.2 status" and the action item "- Chen: send the 4.2 release
/// notes to support" became a "Version | Changes" table of the other action items).
@Suite struct ChangelogListItemTests {
    static let meeting = """
        # Platform team weekly sync, 3 December

        ## Release 4.2 status

        Chen reported that the release branch is stable.

        **Decision:** we ship 4.2 on Thursday 10 December.

        ## Action items

        - Chen: send the 4.2 release notes to support by 8 December.
        - Dorota: draft the new on-call calendar.
        - Bilal: add an alert for log volume per service.
        """

    @Test func meetingNotesThatNameAReleaseAreNoChangelog() {
        #expect(!ChangelogTable.looksLikeChangelog(Self.meeting))
        #expect(ChangelogTable.entries(Self.meeting) == nil)
        #expect(!ChangelogTable.isVersionHeading("- Chen: send the 4.2 release notes to support by 8 December."))
        #expect(!ChangelogTable.isVersionHeading("* Chen: send the 4.2 release notes to support."))
        #expect(!ChangelogTable.isVersionHeading("1. Tag version 2.1 and push it."))
    }

    @Test func headingsOfRealChangelogsStillHead() {
        #expect(ChangelogTable.isVersionHeading("* Noteworthy changes in release 1.21.3 (2022-02-27) [stable]"))
        #expect(ChangelogTable.isVersionHeading("* Changes in Wget 1.21.4"))
        #expect(ChangelogTable.isVersionHeading("## Version 2.1 (2024-01-31)"))
        #expect(ChangelogTable.isVersionHeading("2023/03/28 : 2.6.12"))
        #expect(ChangelogTable.isVersionHeading("1.4.2 - 2023-06-01"))
    }

    @Test func tableOfTheMeetingNotesMakesNoReleaseRows() throws {
        let request = ToolRequest(tool: .table, text: Self.meeting, markup: .markdown, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) {
            #expect(!r.text.contains("| Version"), "\(r.text)")
        }
    }
}

/// A release's date on a line of its own under the version heading is its date, not a change
/// (issue 34, session 54's README-only trial: fakechroot's NEWS, "## Version 2.20" over
/// "17 Mar 2019", gave the summary "2.20: 10 changes, among them “17 Mar 2019”" and the table a
/// change "17 Mar 2019").
@Suite struct ChangelogDateLineTests {
    func run(_ tool: WritingTool, _ text: String) throws -> String {
        let request = ToolRequest(tool: tool, text: text, markup: .markdown, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        Issue.record("no result")
        return ""
    }

    @Test(arguments: [("17 Mar 2019", "2019-03-17"), ("March 17, 2019", "2019-03-17"), ("2019-03-17", "2019-03-17"),
                      ("Released: 2019-03-17", "2019-03-17"), ("*Release date: 17 March 2019*", "2019-03-17"), ("Sept 2, 2021", "2021-09-02")])
    func aDateLine(_ line: String, _ day: String) {
        #expect(ChangelogTable.standaloneDate(line) == day)
    }

    @Test(arguments: ["Fixed a crash on 17 Mar 2019 builds.", "Released to everyone", "17 changes in March 2019", "May 2019", "2.20"])
    func notADateLine(_ line: String) {
        #expect(ChangelogTable.standaloneDate(line) == nil)
    }

    @Test func theDateIsTheReleasesNotAChange() throws {
        let text = try Fixture.text("changelogs/fakechroot-NEWS.md")
        let (_, entries) = try #require(ChangelogTable.entries(text))
        #expect(entries.map(\.version).prefix(2) == ["2.20.1", "2.20"])
        #expect(entries.map(\.date) == ["2019-03-22", "2019-03-17", "2016-11-20", "2015-10-26"])
        #expect(entries.allSatisfy { e in !e.changes.contains { ChangelogTable.standaloneDate($0) != nil } })
        #expect(entries.first?.changes.count == 6)
        let summary = try run(.summary, text)
        let keyPoints = try run(.keyPoints, text)
        let table = try run(.table, text)
        for out in [summary, keyPoints] {
            #expect(!out.contains("“17 Mar 2019”") && !out.contains("“20 Nov 2016”"), "\(out)")
        }
        #expect(summary.contains("2.20.1") && summary.contains("6 changes"), "\(summary)")
        let rows = table.split(separator: "\n").map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(rows.contains { $0.prefix(2) == ["2.20", "2019-03-17"] && !$0[2].contains("17 Mar 2019") }, "\(table)")
        let list = try run(.list, text)
        #expect(!list.contains("- 17 Mar 2019") && list.contains("\n17 Mar 2019\n"), "\(list)")
    }
}
