import Foundation
import Testing
@testable import WritingToolsEngine

/// Summary, Key Points and Table of changelogs written as lists (issue 34, README-only trial of
/// session 52: HAProxy's ChangeLog summarised as "ChangeLog (75 lines).", its key points its
/// first 20 lines, its table without the release lines; a Debian changelog "no prose").
/// Fixtures: the head of HAProxy 2.6's ChangeLog and of curl's Debian changelog, as installed.
@Suite("Changelog digest")
struct ChangelogDigestTests {
    @Test("HAProxy's ChangeLog: the releases, the latest and its major bug; longer summaries add the release before")
    func haproxySummary() throws {
        let log = try Fixture.text("trial52/haproxy-ChangeLog-head.txt")
        let short = try resultText(.summary, log, length: .short)
        #expect(short.hasPrefix("The changelog covers 3 releases, 2.6.10 (2023-03-10) to 2.6.12 (2023-03-28). The latest, 2.6.12 (2023-03-28), has 19 changes"), "\(short)")
        #expect(short.contains("“BUG/MAJOR: poller: drop FD's tgid when masks don't match”"), "\(short)")
        #expect(!short.contains("2.6.11 (2023-03-17):"))
        let medium = try resultText(.summary, log, length: .medium)
        #expect(medium.contains("2.6.11 (2023-03-17): 24 changes") && medium.contains("BUG/MAJOR: qpack"), "\(medium)")
        let long = try resultText(.summary, log, length: .long)
        #expect(long.contains("2.6.10 (2023-03-10):") && long.count > medium.count, "\(long)")
    }

    @Test("HAProxy's ChangeLog: a key point per release with its most serious changes; the table keeps versions and dates")
    func haproxyKeyPointsAndTable() throws {
        let log = try Fixture.text("trial52/haproxy-ChangeLog-head.txt")
        let points = try resultText(.keyPoints, log).split(separator: "\n").map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : String($0) }
        #expect(points.count == 3, "\(points)")
        #expect(points.first?.contains("2.6.12 (2023-03-28): 19 changes") == true && points.first?.contains("BUG/MAJOR: poller") == true, "\(points)")
        #expect(points.count == 3 && points[1].contains("BUG/MAJOR: qpack"), "\(points)")
        let table = try resultText(.table, log)
        let rows = table.split(separator: "\n").map(String.init)
        #expect(rows.first?.contains("Version") == true && rows.first?.contains("Date") == true, "\(rows.prefix(2))")
        for (version, date) in [("2.6.12", "2023-03-28"), ("2.6.11", "2023-03-17"), ("2.6.10", "2023-03-10")] {
            #expect(rows.contains { $0.contains(version) && $0.contains(date) }, "\(version)")
        }
    }

    @Test("a Debian changelog: sub-items under an item that ends with a colon are one change; the latest release first")
    func debianChangelog() throws {
        let log = try Fixture.text("trial52/curl-changelog.Debian-head.txt")
        let points = try resultText(.keyPoints, log).split(separator: "\n").map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : String($0) }
        #expect(points.first?.hasPrefix("7.88.1-10+deb12u15 (2026-05-08): 1 change: “Fix 7 CVEs: CVE-2025-10148, CVE-2025-14524") == true, "\(points)")
        let summary = try resultText(.summary, log, length: .short)
        #expect(summary.contains("The latest, 7.88.1-10+deb12u15 (2026-05-08), has 1 change: “Fix 7 CVEs:"), "\(summary)")
        let table = try resultText(.table, log)
        #expect(table.contains("Fix 7 CVEs: CVE-2025-10148, CVE-2025-14524"), "\(table)")
    }

    @Test("release notes listed oldest first are read from their end; housekeeping is quoted only when nothing else is there")
    func oldestFirstAndHousekeeping() throws {
        let notes = """
            1.0.0 - 2024-01-10
            - Add the --dry-run option
            - DOC: typo in the manual

            1.0.1 - 2024-02-11
            - DOC: explain the --dry-run option
            - Fix a crash when the input is empty
            - Add Danish messages

            1.1.0 - 2024-03-12
            - DOC: new examples
            - Add the --watch option

            """
        let points = try resultText(.keyPoints, notes).split(separator: "\n").map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : String($0) }
        #expect(points.first?.hasPrefix("1.1.0 (2024-03-12): 2 changes; “Add the --watch option”") == true, "\(points)")
        #expect(points.count == 3 && points[1].hasPrefix("1.0.1 (2024-02-11): 3 changes, 1 of them fix; “Fix a crash when the input is empty”"), "\(points)")
        let summary = try resultText(.summary, notes, length: .short)
        #expect(summary.hasPrefix("The changelog covers 3 releases, 1.0.0 (2024-01-10) to 1.1.0 (2024-03-12)."), "\(summary)")
    }

    @Test("seriousness: security and major bugs, then fixes, then changes, then housekeeping")
    func severity() {
        #expect(ChangelogDigest.severity(of: "BUG/MAJOR: poller: drop FD's tgid") == 3)
        #expect(ChangelogDigest.severity(of: "Import patch for CVE-2025-0167") == 3)
        #expect(ChangelogDigest.severity(of: "BUG/MINOR: trace: fix hardcoded level") == 2)
        #expect(ChangelogDigest.severity(of: "Fix computation of total bytes downloaded") == 2)
        #expect(ChangelogDigest.severity(of: "Add the --watch option") == 1)
        #expect(ChangelogDigest.severity(of: "DOC: config: set-var() dconv rendering issues") == 0)
        #expect(ChangelogDigest.severity(of: "Team upload.") == 0)
    }
}
