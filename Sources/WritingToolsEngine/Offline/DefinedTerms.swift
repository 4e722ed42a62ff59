import Foundation

/// The terms a text defines, which every rewrite keeps as written: a glossary's entries
/// (`* **AFAIK**: As Far As I Know.`, `TTL - time to live`), an abbreviation set beside its
/// expansion (“time to live (TTL)”, “TTL (time to live)”), and a term said to stand for
/// something (“AFAIK stands for…”, “ASAP means…”). Professional spelt a glossary's “AFAIK” out
/// as “As far as I know” (a new user's trial on Node.js's glossary): the entry then defined
/// itself. Every occurrence of such a term, anywhere in the text, is kept.
struct DefinedTerms {
    /// The defined terms, lower case.
    private(set) var terms: Set<String> = []
    /// UTF-16 ranges of every occurrence of a defined term (whole words, any case).
    private(set) var occurrences: [NSRange] = []

    /// A glossary entry: a line that opens, after an optional list mark, with a term of one to
    /// four words (in bold, italics or code, or not) and then a colon or a dash before its
    /// definition.
    static let entry = #"(?m)^[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?(\*\*|__|\*|_|`)?([A-Za-z][\w.&/+-]*(?:[ \t][\w.&/+-]+){0,3}?)\1?[ \t]*(?::|[ \t][-–—][ \t])[ \t]*\S"#
    /// “AFAIK stands for…”, “TTL means…”, “RTFM is short for…”.
    static let saidToStand = #"\b([A-Z][A-Za-z0-9]{1,9})\b\s+(?:stands for|means|is short for|is an? (?:abbreviation|acronym|initialism) (?:of|for))\b"#
    /// An abbreviation in brackets after its expansion, or an expansion after it.
    static let bracketed = #"\b([A-Z][A-Z0-9]{1,9}s?)\s*\(([^()\n]{3,80})\)|([A-Za-z][^()\n]{2,80}?)\s*\(([A-Z][A-Z0-9]{1,9}s?)\)"#

    init(_ text: String) {
        let ns = text as NSString
        var found = Set<String>()
        // Glossary entries: kept when the term is marked (bold, code), an abbreviation in
        // capitals, or one of two entries or more (a glossary, not a “Note: …” line).
        var entries: [(term: String, marked: Bool)] = []
        for m in Self.matches(Self.entry, in: text) {
            let term = ns.substring(with: m.range(at: 2)).trimmingCharacters(in: .whitespaces)
            let marked = m.range(at: 1).location != NSNotFound
            entries.append((term, marked))
        }
        // A message's or notes' header field (“To: All staff”, “From: Facilities”, “Subject: …”,
        // “Date: …”) is a label, not a term: a memo's three header lines made “to” and “from” defined
        // terms, and every rewrite then kept “in order to”, “prior to”, “due to the fact that”
        // (session 55). Nor is a word a glossary never defines, a function word.
        entries.removeAll { e in
            !e.marked && ((e.term + ":").range(of: DocumentDigest.metadataLabel, options: [.regularExpression, .caseInsensitive]) != nil
                          || OfflineLexicon.stopWords.contains(e.term.lowercased()))
        }
        for e in entries where e.marked || Self.isAbbreviation(e.term) || entries.count >= 3 {
            found.insert(e.term.lowercased())
        }
        for m in Self.matches(Self.saidToStand, in: text) { found.insert(ns.substring(with: m.range(at: 1)).lowercased()) }
        for m in Self.matches(Self.bracketed, in: text) {
            // The abbreviation and its expansion, either way round; kept when the expansion's
            // initials spell the abbreviation (“as far as I know (AFAIK)”).
            let (abbrev, expansion) = m.range(at: 1).location != NSNotFound
                ? (ns.substring(with: m.range(at: 1)), ns.substring(with: m.range(at: 2)))
                : (ns.substring(with: m.range(at: 4)), ns.substring(with: m.range(at: 3)))
            if Self.initials(of: expansion, spell: abbrev) { found.insert(abbrev.lowercased()) }
        }
        terms = found
        guard !found.isEmpty else { return }
        let alternatives = found.sorted { $0.count > $1.count }.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        for m in Self.matches(#"(?i)(?<![\w])(?:"# + alternatives + #")(?![\w])"#, in: text) { occurrences.append(m.range) }
    }

    /// Whether `range` touches an occurrence of a defined term.
    func touches(_ range: NSRange) -> Bool {
        occurrences.contains { NSIntersectionRange($0, range).length > 0 || (range.length == 0 && NSLocationInRange(range.location, $0)) }
    }

    /// An abbreviation: two to ten letters or digits, all capitals but a plural `s`.
    static func isAbbreviation(_ term: String) -> Bool {
        let t = term.hasSuffix("s") ? String(term.dropLast()) : term
        return (2...10).contains(t.count) && t.allSatisfy { $0.isUppercase || $0.isNumber } && t.contains(where: \.isLetter)
    }

    /// Whether the initials of `expansion`'s last words spell `abbreviation` (“as far as I know”
    /// → AFAIK; “Transport Layer Security” → TLS), letter case aside.
    static func initials(of expansion: String, spell abbreviation: String) -> Bool {
        let a = Array((abbreviation.hasSuffix("s") ? String(abbreviation.dropLast()) : abbreviation).lowercased())
        let words = expansion.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).compactMap { $0.first.map { Character($0.lowercased()) } }
        guard words.count >= a.count else { return false }
        return Array(words.suffix(a.count)) == a || Array(words.prefix(a.count)) == a
    }

    private static func matches(_ pattern: String, in text: String) -> [NSTextCheckingResult] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        return re.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length))
    }
}
