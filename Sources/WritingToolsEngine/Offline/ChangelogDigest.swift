import Foundation

/// Summary and key points of a changelog whose entries are lists of changes (a Debian
/// changelog, a GNU ChangeLog, release notes with a list under each version: ``ChangelogTable``).
///
/// Issue 34, a README-only trial (session 52): Summary of HAProxy's ChangeLog was "ChangeLog
/// (75 lines).", Key Points its first 20 lines verbatim (the second BUG/MAJOR, two releases
/// down, missed), and a Debian changelog had "no prose to summarise". A changelog's news is its
/// latest release and its most serious changes, so:
///
/// - Summary: how many releases (or entries) the text covers and from when to when; the latest
///   release, its number of changes and of fixes, and its most serious changes (short: 1,
///   medium: 2, long: 3); at medium and long the releases before it, each with its most serious
///   change (medium: 1 release, long: 3).
/// - Key points: a point per release (up to the maximum), with its changes counted and its most
///   serious ones quoted (two at most), the latest first, as the file orders them.
///
/// Seriousness (``severity(of:)``) reads the markers projects write: HAProxy's `BUG/MAJOR`,
/// security fixes and CVEs, "critical", "breaking", "incompatible", crashes and data loss first;
/// then fixes and regressions; then other changes; then housekeeping (documentation, tests,
/// builds, clean-ups, "Team upload."). Ties keep the file's order.
struct ChangelogDigest {
    let form: ChangelogTable.Form
    let entries: [ChangelogTable.Entry]

    /// The digest of `text`, nil unless it reads as a changelog with two entries or more whose
    /// entries are lists of changes (release notes written as prose are ``DocumentDigest``'s).
    init?(_ text: String) {
        guard let (form, entries) = ChangelogTable.entries(text), entries.count >= 2 else { return nil }
        if form == .releaseNotes {
            // Every release a list of changes (a NEWS file with prose releases is read as prose),
            // and no GNU outline of "** New features" headings over paragraphs: those are news
            // written as prose, whose headline ``DocumentDigest`` finds ("Release 4.9.0
            // (2022-02-22): find now supports the -files0-from option…").
            guard ChangelogTable.unreadableReleases(text).isEmpty else { return nil }
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            guard ChangelogTable.outlineItems(lines[...]) == lines else { return nil }
        }
        self.form = form
        // The latest first: a file that lists its releases oldest first (by their ISO dates) is
        // read from its end.
        let dates = entries.map(\.date).filter { $0.range(of: #"^\d{4}-\d\d-\d\d$"#, options: .regularExpression) != nil }
        if let a = dates.first, let b = dates.last, a < b {
            self.entries = entries.reversed()
        } else {
            self.entries = entries
        }
    }

    /// How serious a change is: 3 (security, a major bug, a break, a crash, data loss), 2 (a
    /// fix, a regression), 1 (another change), 0 (housekeeping: documentation, tests, build,
    /// clean-ups, translations, a team upload).
    static func severity(of change: String) -> Int {
        let lower = change.lowercased()
        func has(_ pattern: String) -> Bool { lower.range(of: pattern, options: .regularExpression) != nil }
        if has(#"\bcve-\d{4}-\d+|\bsecurity\b|\bvulnerab|\b(bug/)?major\b|\bcritical\b|\bbreaking\b|\bincompatib|\bcrash|\bdata loss\b|\bcorrupt"#) { return 3 }
        if has(#"^(doc|docs|regtests?|build|ci|cleanup|chore|test|tests|debug|scripts?|contrib|dev)\b[^:]*:|^(team upload|bump|update(d)? (translation|po)|typo)"#) { return 0 }
        if has(#"^bug\b|^fix(es|ed)?\b|\bfix(es|ed)?\b|\bregression\b|\bbug\b|\bleak\b|\bdeadlock\b|\bhang"#) { return 2 }
        return 1
    }

    /// Whether `change` is a fix: a `BUG` tag, a `fix:` type, or a change that says it fixes.
    static func isFix(_ change: String) -> Bool {
        change.range(of: #"(?i)^bug\b|^fix(\(.*?\))?!?:|\bfix(es|ed)?\b|\bcve-\d"#, options: .regularExpression) != nil
    }

    /// `change` as a reader quotes it: one line, no final full stop, at most 140 characters.
    static func quoted(_ change: String) -> String {
        var t = change.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        // A bracketed note at the end ("[Bug present since 2.0.]", "[#59972]") is no part of it.
        if let r = t.range(of: #"\s*\[[^\[\]]*\]\.?$"#, options: .regularExpression), r.lowerBound > t.startIndex { t.removeSubrange(r) }
        while t.hasSuffix(".") || t.hasSuffix(";") || t.hasSuffix(",") { t.removeLast() }
        if t.count > 140 { t = String(t.prefix(139)).trimmingCharacters(in: .whitespaces) + "…" }
        return t
    }

    /// The `n` most serious changes of `entry` (ties in the file's order), housekeeping only
    /// when nothing else is there.
    static func mostSerious(_ entry: ChangelogTable.Entry, _ n: Int) -> [String] {
        let ranked = entry.changes.enumerated().sorted { a, b in
            let sa = severity(of: a.element), sb = severity(of: b.element)
            return sa != sb ? sa > sb : a.offset < b.offset
        }
        let useful = ranked.filter { severity(of: $0.element) > 0 }
        return (useful.isEmpty ? ranked : useful).prefix(n).map { quoted($0.element) }
    }

    /// An entry's name: "2.6.12 (2023-03-28)", "2.6.12", or for a GNU entry "2013-11-09 (Name)".
    static func name(_ e: ChangelogTable.Entry) -> String {
        if e.version.isEmpty { return e.author.isEmpty ? e.date : "\(e.date) (\(e.author))" }
        return e.date.isEmpty ? e.version : "\(e.version) (\(e.date))"
    }

    /// "19 changes, 16 of them fixes", "1 change", "3 changes".
    static func counted(_ e: ChangelogTable.Entry) -> String {
        let n = e.changes.count, fixes = e.changes.filter(isFix).count
        var s = n == 1 ? "1 change" : "\(n) changes"
        if n > 1, fixes > 0 { s += fixes == n ? ", all of them fixes" : ", \(fixes) of them fix\(fixes == 1 ? "" : "es")" }
        return s
    }

    /// "a; b" or "a" quoted for a sentence: each change in quotation marks.
    static func listed(_ changes: [String]) -> String {
        changes.map { "“\($0)”" }.joined(separator: "; ")
    }

    /// The summary's paragraphs for `length`.
    func summary(length: SummaryLength) -> [String] {
        let (serious, earlier): (Int, Int) = switch length {
        case .short: (1, 0)
        case .medium: (2, 1)
        case .long: (3, 3)
        }
        let latest = entries[0], oldest = entries[entries.count - 1]
        let unit = form == .gnu ? "entries" : "releases"
        var first: String
        if form == .gnu {
            let authors = Set(entries.map(\.author).filter { !$0.isEmpty }).count
            first = "The ChangeLog has \(entries.count) \(unit), from \(oldest.date) to \(latest.date)"
                + (authors > 1 ? ", by \(authors) authors." : ".")
        } else {
            first = "The changelog covers \(entries.count) \(unit), \(Self.name(oldest)) to \(Self.name(latest))."
        }
        let top = Self.mostSerious(latest, serious)
        let label = form == .gnu ? "The latest entry, \(Self.name(latest))," : "The latest, \(Self.name(latest)),"
        first += " \(label) has \(Self.counted(latest))"
        first += top.isEmpty ? "." : (top.count == 1 || latest.changes.count == 1 ? ": " : "; the most serious: ") + Self.listed(top) + "."
        var out = [first]
        if earlier > 0, entries.count > 1 {
            var s: [String] = []
            for e in entries.dropFirst().prefix(earlier) {
                let t = Self.mostSerious(e, 1)
                s.append("\(Self.name(e)): \(Self.counted(e))" + (t.isEmpty ? "." : (e.changes.count == 1 ? ", " : ", among them ") + "\(Self.listed(t))."))
            }
            out.append(s.joined(separator: " "))
        }
        return out
    }

    /// The key points: a point per entry, at most `maximum`.
    func keyPoints(maximum: Int) -> [String] {
        entries.prefix(max(1, maximum)).map { e in
            let t = Self.mostSerious(e, 2)
            return "\(Self.name(e)): \(Self.counted(e))" + (t.isEmpty ? "" : (e.changes.count == 1 ? ": " : "; ") + Self.listed(t))
        }
    }
}
