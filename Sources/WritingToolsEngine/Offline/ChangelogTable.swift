import Foundation

/// A changelog read as a table for `table` (issue 34: a user ran `table` on a Debian changelog
/// and got its sign-off lines split at the colons of their times). Three forms:
///
/// - a Debian changelog (`wget (1.21.3-1) unstable; urgency=medium`, `  * item`,
///   ` -- Name <email>  Mon, 03 Mar 2025 21:32:32 +0800`): Version | Date | Changes;
/// - a GNU ChangeLog (`2013-11-09  Name  <email>` or `Sat Nov  9 16:21:05 GMT 2013  Name
///   <email>`, then tab-indented `* file: change` entries): Date | Author | Changes;
/// - release notes with a heading per version (`* Noteworthy changes in release 1.21.3
///   (2022-02-26)`, `## 2016-05-06, Version 0.12.14 (Maintenance)`, `## [1.2.0] - 2024-01-31`)
///   and items under each: Version | Date | Changes.
///
/// A row's changes are its items joined with "; ", each reflowed onto one line. A text with
/// entry headers that yields no row is no table: ``BuiltInToolEngine/table(_:)`` says what it
/// needs instead of splitting lines at their colons.
enum ChangelogTable {
    static let debianHeader = #"^([a-z0-9][a-z0-9.+-]+) \(([^()\s]+)\) [^;\n]*; *urgency=\S+"#
    static let debianTrailer = #"^ -- (.+?) <[^>]*>\s+(.+?)\s*$"#
    static let gnuHeader = #"^(\d{4}-\d\d-\d\d|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d [A-Z]{2,5} \d{4})\s+(\S.*?)\s+<[^>]+>\s*$"#
    /// A heading or outline line that names a version: a number with two or three parts.
    static let versionHeading = #"^(#{1,4} |\*{1,2} |=+ )?.{0,60}?\bv?(\d+\.\d+(\.\d+)?[a-z]?([-+.~][0-9A-Za-z.]+)?)\b.{0,80}$"#
    /// A heading that names the versions between which its changes were made (tmux's "CHANGES
    /// FROM 3.2a TO 3.3"): the second is the release.
    static let fromToHeading = #"(?i)\bfrom\s+v?\d+\.\d+\S*\s+to\s+v?(\d+\.\d+(\.\d+)?[a-z]?([-+.~][0-9A-Za-z.]+)?)\b"#
    static let isoDate = #"\b\d{4}-\d\d-\d\d\b"#

    /// Whether `text` reads as a changelog: a Debian or GNU entry header, or two version
    /// headings.
    static func looksLikeChangelog(_ text: String) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        if lines.contains(where: { matches($0, debianHeader) || matches($0, gnuHeader) }) { return true }
        return isReleaseNotes(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init))
    }

    /// Release notes: two version headings or more (``versionHeadings(_:)``), under which the
    /// changes are mostly list items ("* Fix…", "- Add…"). A README that names versions in its
    /// text (bc's "GNU bc version 1.07:" over its build notes, nss-mdns's wrapped "4.0), has no
    /// dependencies…") is no changelog: its sections are prose.
    ///
    /// Read release by release: a file whose latest releases are a list of changes and whose
    /// older ones are prose (findutils' NEWS: 4.9.0's outline, then paragraphs) is release
    /// notes; ``releases(_:)`` makes rows of the releases it can read and
    /// ``unreadableReleases(_:)`` names the others (a README-only trial's `table` refused the
    /// whole file although its first release alone made a table).
    static func isReleaseNotes(_ lines: [String]) -> Bool {
        let heads = versionHeadings(lines)
        guard heads.count >= 2 else { return false }
        return readsAsChangesThroughout(lines, heads) || heads.indices.contains { readsAsChanges(lines, heads, $0) }
    }

    /// Whether the notes under version heading `n` of `heads` (indices into `lines`) are mostly
    /// list items (``outlineItems(_:)``: a GNU NEWS outline's paragraphs count as items).
    static func readsAsChanges(_ lines: [String], _ heads: [Int], _ n: Int) -> Bool {
        let (marked, prose) = itemsAndParagraphs(lines, heads, n)
        return marked > 0 && marked >= prose
    }

    /// Whether the notes under all of `heads` together are mostly list items: then every
    /// release is a row, one whose notes are a sentence too ("Release 2.2 contains no
    /// user-visible changes.").
    static func readsAsChangesThroughout(_ lines: [String], _ heads: [Int]) -> Bool {
        let (marked, prose) = heads.indices.map { itemsAndParagraphs(lines, heads, $0) }.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        return marked > 0 && marked >= prose
    }

    /// How many list items (``outlineItems(_:)``) and how many paragraphs of prose stand under
    /// version heading `n` of `heads`, up to the next heading.
    static func itemsAndParagraphs(_ lines: [String], _ heads: [Int], _ n: Int) -> (items: Int, paragraphs: Int) {
        let k = heads[n]
        let end = n + 1 < heads.count ? heads[n + 1] : lines.count
        var marked = 0, prose = 0
        var previousBlank = true
        for line in outlineItems(lines[(k + 1)..<end]) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { previousBlank = true; continue }
            if matches(t, #"^([*+-]{1,2}|\d+[.)])\s+"#) { marked += 1 } else if previousBlank { prose += 1 }
            previousBlank = false
        }
        return (marked, prose)
    }

    /// The version headings of release notes whose text is prose rather than a list of changes,
    /// as their lines write them (trimmed): no row of ``releases(_:)`` stands for them.
    static func unreadableReleases(_ text: String) -> [String] {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        guard !lines.contains(where: { matches($0, debianHeader) || matches($0, gnuHeader) }), isReleaseNotes(lines) else { return [] }
        let heads = topHeadings(lines)
        guard !readsAsChangesThroughout(lines, versionHeadings(lines)) else { return [] }
        return heads.indices.filter { !readsAsChanges(lines, heads, $0) }.map { lines[heads[$0]].trimmingCharacters(in: .whitespaces) }
    }

    /// The version headings at the outermost level (``versionHeadings(_:)``, not deeper than the
    /// first): "* Changes in Wget 1.21" heads, "** Require gettext version 0.19.3+" does not.
    static func topHeadings(_ lines: [String]) -> [Int] {
        func level(_ l: String) -> Int { l.prefix { $0 == "#" || $0 == "*" || $0 == "=" }.count }
        let all = versionHeadings(lines)
        let top = all.first.map { level(lines[$0]) } ?? 0
        return all.filter { level(lines[$0]) <= top }
    }

    /// The lines (indices) that head a version's notes: ``isVersionHeading(_:)``, and for a
    /// line that is no Markdown heading, after a blank line or at the start (not a wrapped
    /// line of a paragraph that begins with a number).
    static func versionHeadings(_ lines: [String]) -> [Int] {
        lines.indices.filter { k in
            guard isVersionHeading(lines[k]) else { return false }
            if lines[k].hasPrefix("#") || lines[k].hasPrefix("=") { return true }
            return k == 0 || lines[k - 1].allSatisfy(\.isWhitespace)
        }
    }

    /// The form of a changelog (see the type's documentation).
    enum Form: Sendable { case debian, gnu, releaseNotes }

    /// One entry of a changelog: a release (Debian, release notes) or a dated entry (GNU).
    struct Entry: Sendable {
        /// The version ("2.6.12", "7.88.1-10+deb12u15"); empty in a GNU ChangeLog.
        var version: String
        /// The date as written in ISO 8601 when it could be read ("2023-03-28"), else as written;
        /// empty when the entry has none.
        var date: String
        /// Who made it (Debian's sign-off, GNU's header); empty in release notes.
        var author: String
        /// Its changes, one per list item, wrapped lines joined.
        var changes: [String]
    }

    /// `text`'s entries that have changes, in the file's order, and its form; nil when it is no
    /// changelog or no entry has an item.
    static func entries(_ text: String) -> (form: Form, entries: [Entry])? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        let found: (Form, [Entry])
        if lines.contains(where: { matches($0, debianHeader) }) {
            found = (.debian, debian(lines))
        } else if lines.contains(where: { matches($0, gnuHeader) }) {
            found = (.gnu, gnu(lines))
        } else if isReleaseNotes(lines) {
            found = (.releaseNotes, releases(lines))
        } else {
            return nil
        }
        return found.1.isEmpty ? nil : found
    }

    /// The table of `text`'s entries, nil when it is no changelog or no entry has an item.
    static func table(_ text: String) -> TableDetector.Table? {
        guard let (form, entries) = entries(text) else { return nil }
        switch form {
        case .debian:
            return TableDetector.Table(header: ["Version", "Date", "Changes"], rows: entries.map { [$0.version, $0.date, joined($0.changes)] })
        case .gnu:
            return TableDetector.Table(header: ["Date", "Author", "Changes"], rows: entries.map { [$0.date, $0.author, joined($0.changes)] })
        case .releaseNotes:
            // Headings without dates (tmux's "CHANGES FROM 3.2a TO 3.3") make no Date column.
            if entries.allSatisfy({ $0.date.isEmpty }) {
                return TableDetector.Table(header: ["Version", "Changes"], rows: entries.map { [$0.version, joined($0.changes)] })
            }
            return TableDetector.Table(header: ["Version", "Date", "Changes"], rows: entries.map { [$0.version, $0.date, joined($0.changes)] })
        }
    }

    /// Why `text`, which reads as a changelog, gives no row: the entry headers or version
    /// headings it has, the first of them quoted, and that none has changes under it.
    static func whyNoRows(_ text: String) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        func quoted(_ k: Int) -> String {
            let t = lines[k].trimmingCharacters(in: .whitespaces)
            return "“" + (t.count > 60 ? String(t.prefix(59)) + "…" : t) + "”"
        }
        if let k = lines.firstIndex(where: { matches($0, debianHeader) }) {
            let n = lines.filter { matches($0, debianHeader) }.count
            return "This looks like a changelog: it has \(n) Debian changelog entr\(n == 1 ? "y" : "ies") (\(quoted(k))) but no “  * change” line under any"
        }
        if let k = lines.firstIndex(where: { matches($0, gnuHeader) }) {
            let n = lines.filter { matches($0, gnuHeader) }.count
            return "This looks like a changelog: it has \(n) GNU ChangeLog entr\(n == 1 ? "y" : "ies") (\(quoted(k))) but no change under any"
        }
        let heads = versionHeadings(lines)
        if let k = heads.first {
            return "This looks like a changelog: it has \(heads.count) version heading\(heads.count == 1 ? "" : "s") (\(quoted(k))), but the text under them is "
                + (heads.count < 2 ? "not that of several releases" : "prose rather than a list of changes")
        }
        return "This looks like a changelog but has no version heading"
    }

    static func matches(_ s: String, _ pattern: String) -> Bool { s.range(of: pattern, options: .regularExpression) != nil }

    static func groups(_ s: String, _ pattern: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern), let m = re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { return [] }
        return (1..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : (Range(m.range(at: $0), in: s).map { String(s[$0]) } ?? "") }
    }

    /// A line that heads a version's notes (not a list item that mentions a version).
    static func isVersionHeading(_ line: String) -> Bool {
        guard line.first?.isWhitespace == false, line.count <= 120, matches(line, versionHeading) else { return false }
        // A field ("Version: bc version 1.01") is a record's line, no heading.
        if matches(line, #"^[A-Za-z][A-Za-z -]{0,24}:\s"#) { return false }
        // A list item that names a version is a change or a task, no heading: meeting notes'
        // "- Chen: send the 4.2 release notes to support" made them release notes, and `table`
        // a "Version | Changes" row of the action items (session 53's README-only trial). A
        // GNU outline's "* Noteworthy changes in release 1.21.3" still heads, "* Chen: send…" not.
        if matches(line, #"^([-+•]|\d+[.)])\s"#) || matches(line, #"^\*\s+[^:]{1,30}:\s"#) { return false }
        let lower = line.lowercased()
        if line.hasPrefix("#") || line.hasPrefix("=") { return true }
        // An outline heading ("* Noteworthy changes in release 1.21.3") or a bare one
        // ("Version 2.1 (2024-01-31)", "1.4.2 - 2023-06-01"), the date first too (HAProxy's
        // "2023/03/28 : 2.6.12": a README-only trial's table, summary and key points of its
        // ChangeLog read the releases as lines of changes).
        return lower.contains("release") || lower.contains("version") || lower.contains("changes in") || matches(line, fromToHeading)
            || matches(line, #"^v?\d+\.\d+(\.\d+)?\S*\s*([-–—(,:]|$)"#)
            || matches(line, #"^\d{4}[-/.]\d\d?[-/.]\d\d?\s*[-–—:,]?\s*v?\d+\.\d+(\.\d+)?\S*\s*$"#)
    }

    /// A GNU NEWS file's outline under a release (`-*- outline -*-`: coreutils, diffutils, tar):
    /// `** Bug fixes` over a blank line heads its changes, each an indented paragraph. The body is given back with
    /// each paragraph as a list item, the first of each heading's items led by the heading
    /// ("- Bug fixes: diff no longer…"), and the heading lines left out. A `**` line with no
    /// indented paragraph under it is itself an item (wget's "** Fix a double free in FTP"),
    /// and a body without such headings is given back as it is.
    static func outlineItems(_ body: ArraySlice<String>) -> [String] {
        let lines = Array(body)
        func isSubheading(_ k: Int) -> Bool {
            guard lines[k].hasPrefix("**"), matches(lines[k], #"^\*{2,}\s+\S"#),
                  k + 1 < lines.count, lines[k + 1].allSatisfy(\.isWhitespace) else { return false }
            // The next line with text is indented: the heading's first change.
            guard let next = lines[(k + 1)...].first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
            return next.first?.isWhitespace == true
        }
        guard lines.indices.contains(where: isSubheading) else { return lines }
        var out: [String] = []
        var heading: String?
        var previousBlank = true
        for k in lines.indices {
            let line = lines[k]
            if line.allSatisfy(\.isWhitespace) { out.append(line); previousBlank = true; continue }
            defer { previousBlank = false }
            if isSubheading(k) {
                heading = line.drop { $0 == "*" }.trimmingCharacters(in: .whitespaces)
                if heading?.hasSuffix(":") == true { heading?.removeLast() }
                continue
            }
            if previousBlank, line.first?.isWhitespace == true {
                let t = line.trimmingCharacters(in: .whitespaces)
                out.append("- " + (heading.map { $0 + ": " } ?? "") + t)
                heading = nil
                continue
            }
            out.append(line)
        }
        return out
    }

    /// Items: lines that start with a list marker, their wrapped lines joined; lines of prose
    /// under no marker make one item each paragraph.
    /// An item that ends with a colon takes the items indented under it (Debian's "  * Fix 7
    /// CVEs:" over "    - CVE-2025-10148" lines): one change, "Fix 7 CVEs: CVE-2025-10148,
    /// CVE-2025-14524".
    static func items(_ lines: ArraySlice<String>) -> [String] {
        var items: [String] = []
        var current: String?
        // The indentation of the open item that ends with a colon, whose sub-items join it.
        var parentIndent: Int?
        var currentIndent = 0
        // (A Debian co-maintainer's "[ Name ]" line is no change.)
        func flush() {
            if let c = current, !c.isEmpty, !(c.hasPrefix("[ ") && c.hasSuffix(" ]")) { items.append(c) }
            current = nil
        }
        for line in lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { flush(); parentIndent = nil; continue }
            if let m = t.range(of: #"^([*+-]{1,2}|\d+[.)])\s+"#, options: .regularExpression) {
                let indent = line.prefix { $0 == " " || $0 == "\t" }.count
                let text = String(t[m.upperBound...])
                if let p = parentIndent, indent > p, let c = current {
                    current = c + (c.hasSuffix(":") ? " " : ", ") + text
                    continue
                }
                flush()
                current = text
                currentIndent = indent
                parentIndent = text.hasSuffix(":") ? currentIndent : nil
            } else if let c = current {
                current = c + " " + t
            } else {
                current = t
            }
        }
        flush()
        return items
    }

    /// Items as one cell: "a; b; c", without the full stops that end them.
    static func joined(_ items: [String]) -> String {
        items.map { $0.hasSuffix(".") && !$0.hasSuffix("..") ? String($0.dropLast()) : $0 }.joined(separator: "; ")
    }

    static func debian(_ lines: [String]) -> [Entry] {
        var rows: [Entry] = []
        var k = 0
        while k < lines.count {
            let g = groups(lines[k], debianHeader)
            guard g.count >= 2 else { k += 1; continue }
            var end = k + 1
            var date = "", author = ""
            while end < lines.count, !matches(lines[end], debianHeader) {
                let t = groups(lines[end], debianTrailer)
                if t.count == 2 { date = isoDay(t[1]) ?? t[1]; author = t[0]; end += 1; break }
                end += 1
            }
            let body = lines[(k + 1)..<end].filter { !matches($0, debianTrailer) }
            let changes = items(body[...])
            if !changes.isEmpty { rows.append(Entry(version: g[1], date: date, author: author, changes: changes)) }
            k = end
        }
        return rows
    }

    static func gnu(_ lines: [String]) -> [Entry] {
        var rows: [Entry] = []
        var k = 0
        while k < lines.count {
            let g = groups(lines[k], gnuHeader)
            guard g.count == 2 else { k += 1; continue }
            var end = k + 1
            while end < lines.count, !matches(lines[end], gnuHeader) { end += 1 }
            let changes = items(lines[(k + 1)..<end])
            if !changes.isEmpty { rows.append(Entry(version: "", date: isoDay(g[0]) ?? g[0], author: g[1], changes: changes)) }
            k = end
        }
        return rows
    }

    static func releases(_ lines: [String]) -> [Entry] {
        var rows: [Entry] = []
        // (Only the outermost level: "* Changes in Wget 1.21" heads, "** Require gettext
        // version 0.19.3+" is an item under it.)
        // (The first heading's level, and any above it: GNU diffutils' "* Noteworthy changes in
        // release 3.8" over its older "User-visible changes in version 2.8.6:" lines.)
        let heads = topHeadings(lines)
        let throughout = readsAsChangesThroughout(lines, versionHeadings(lines))
        for (n, k) in heads.enumerated() {
            // (In a file that is not a list of changes throughout, a release whose notes are
            // prose makes no row: ``unreadableReleases(_:)``.)
            if !throughout, !readsAsChanges(lines, heads, n) { continue }
            let end = n + 1 < heads.count ? heads[n + 1] : lines.count
            let g = groups(lines[k], versionHeading)
            let fromTo = groups(lines[k], fromToHeading)
            let version = fromTo.first.flatMap { $0.isEmpty ? nil : $0 } ?? (g.count >= 2 ? g[1] : lines[k])
            // (A date written with slashes, HAProxy's "2023/03/28 : 2.6.12", is given as ISO 8601.)
            var date = lines[k].range(of: isoDate, options: .regularExpression).map { String(lines[k][$0]) }
                ?? lines[k].range(of: #"\b\d{4}/\d\d/\d\d\b"#, options: .regularExpression).map { lines[k][$0].replacingOccurrences(of: "/", with: "-") } ?? ""
            // (Sub-headings under a version, "### Notable changes", are no items.)
            var body = outlineItems(lines[(k + 1)..<end]).filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == "=" || $0 == "-" } }
            // A line under the heading that is only a date is the release's date, not a change
            // (fakechroot's "## Version 2.20" over "17 Mar 2019": a trial's summary quoted the
            // date as the release's highlight).
            if let first = body.first, let day = standaloneDate(first) {
                body.removeFirst()
                if date.isEmpty { date = day }
            }
            let changes = items(body[...])
            if !changes.isEmpty { rows.append(Entry(version: version, date: date, author: "", changes: changes)) }
        }
        return rows
    }

    /// A line that says only when a release was made, as ISO 8601: "17 Mar 2019", "March 17,
    /// 2019", "2019-03-17", "Released: 2019-03-17", "*Release date: 17 March 2019*"; nil for any
    /// other line (a change that mentions a date has other words).
    static func standaloneDate(_ line: String) -> String? {
        var t = line.trimmingCharacters(in: CharacterSet(charactersIn: "*_()[] \t"))
        if let r = t.range(of: #"^(?i:release date|released?( on)?|date)\s*:?\s*"#, options: .regularExpression) { t.removeSubrange(r) }
        t = t.trimmingCharacters(in: CharacterSet(charactersIn: "*_()[] .\t"))
        guard !t.isEmpty, t.count <= 40 else { return nil }
        if matches(t, "^" + isoDate + "$") { return t }
        // Month names written out ("March 17, 2019") are read as their first three letters.
        let words = t.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        guard words.count == 3 else { return nil }
        let abbreviated = words.map { w -> String in
            let l = w.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            if let m = full.firstIndex(of: l) ?? (l == "sept" ? 8 : nil) { return months[m].capitalized }
            if months.contains(l) { return l.capitalized }
            return w
        }
        return isoDay(abbreviated.joined(separator: " "))
    }

    /// An RFC 2822 date (`Mon, 03 Mar 2025 21:32:32 +0800`) or a ctime one (`Sat Nov  9 16:21:05
    /// GMT 2013`) as `2025-03-03`; nil for other text.
    static func isoDay(_ s: String) -> String? {
        if matches(s, "^" + isoDate + "$") { return s }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = s.replacingOccurrences(of: ",", with: "").split(separator: " ").map(String.init)
        guard let m = parts.firstIndex(where: { months.contains($0) }), let month = months.firstIndex(of: parts[m]),
              let year = parts.first(where: { $0.count == 4 && Int($0) != nil }) else { return nil }
        let day = m > 0 && Int(parts[m - 1]) != nil ? parts[m - 1] : (m + 1 < parts.count && Int(parts[m + 1]) != nil ? parts[m + 1] : nil)
        guard let day, let d = Int(day) else { return nil }
        return String(format: "%@-%02d-%02d", year, month + 1, d)
    }
}
