import Foundation
import DocumentStructure

/// Regions of a document where rules are switched off by comments, as in ESLint and
/// markdownlint:
///
/// ```markdown
/// <!-- writing-tools-disable EN_A_VS_AN SPELLING -->
/// …nothing here is flagged by these two rules…
/// <!-- writing-tools-enable EN_A_VS_AN SPELLING -->
///
/// <!-- writing-tools-disable -->      every rule, up to the next `writing-tools-enable`
/// <!-- writing-tools-disable-next-line SPELLING -->
/// ```
///
/// Rule IDs are separated by spaces or commas; without IDs a comment applies to every rule. A
/// `disable` without a matching `enable` lasts to the end of the document; `enable` without IDs
/// ends every open region, `enable` with IDs ends the regions opened for those IDs and, after a
/// `disable` of every rule, turns those rules back on (the others stay off).
/// `disable-next-line` covers the line after the comment. In Markdown only real HTML comments
/// count, not one shown inside code or math.
public struct SuppressionComments: Sendable {
    /// A region: UTF-16 offsets, end-exclusive, and the rules it switches off (nil: all but
    /// those in `except`, the rules an `enable` with IDs turned back on after a `disable` of all).
    struct Region: Sendable, Equatable {
        var start: Int
        var end: Int
        var rules: Set<String>?
        var except: Set<String> = []

        /// Whether the region switches rule `id` off.
        func switchesOff(_ id: String) -> Bool { rules?.contains(id) ?? !except.contains(id) }
    }

    /// The regions, in document order of their start.
    let regions: [Region]

    /// The comments' grammar: the verb, then the rule IDs (spaces or commas between them); in
    /// any case (`WRITING-TOOLS-DISABLE-NEXT-LINE`), as the rule IDs are.
    static let pattern = #"(?i)<!--\s*writing-tools-(disable-next-line|disable|enable)((?:[\s,]+[A-Za-z0-9_]+)*)[\s,]*-->"#

    /// The rule IDs named in `text`'s `writing-tools-disable`/`-enable` comments that are not
    /// among `known`, upper-cased, each once, in order of first appearance (a typo such as
    /// `SPELLNG` would otherwise switch nothing off, silently).
    public static func unknownRuleIDs(in text: String, known: Set<String>) -> [String] {
        unknownRuleIDs(in: text, known: known, codeRanges: [])
    }

    /// ``unknownRuleIDs(in:known:)`` for the comments that count in `document`: one shown
    /// inside code or math (`` `<!-- writing-tools-disable RULE -->` `` in a README that
    /// explains the comments) switches nothing off, so its IDs are not checked either.
    public static func unknownRuleIDs(in document: StructuredDocument, known: Set<String>) -> [String] {
        unknownRuleIDs(in: document.text, known: known, codeRanges: codeRanges(of: document))
    }

    /// The ranges of `document` where a comment is shown, not meant: code, math, front matter.
    static func codeRanges(of document: StructuredDocument) -> [NSRange] {
        let codeReasons: Set<ProtectionReason> = [.fencedCode, .indentedCode, .inlineCode, .math, .frontMatter]
        return document.protectedRanges.filter { codeReasons.contains($0.reason) }.map(\.range)
    }

    private static func unknownRuleIDs(in text: String, known: Set<String>, codeRanges: [NSRange]) -> [String] {
        guard containsMarker(text), let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let ns = text as NSString
        var out: [String] = []
        for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            if codeRanges.contains(where: { NSLocationInRange(m.range.location, $0) }) { continue }
            for id in ns.substring(with: m.range(at: 2)).split(whereSeparator: { $0 == "," || $0.isWhitespace }).map({ $0.uppercased() })
            where !known.contains(id) && !out.contains(id) { out.append(id) }
        }
        return out
    }

    /// The regions of `document`.
    init(document: StructuredDocument) {
        // Most documents have no such comment: a byte search, before anything is bridged.
        guard Self.containsMarker(document.text) else { regions = []; return }
        let text = document.text as NSString
        var out: [Region] = []
        var open: [(start: Int, rules: Set<String>?, except: Set<String>)] = []
        guard let regex = try? NSRegularExpression(pattern: Self.pattern) else { regions = []; return }
        let codeRanges = Self.codeRanges(of: document)
        for m in regex.matches(in: document.text, range: NSRange(location: 0, length: text.length)) {
            let r = m.range
            if codeRanges.contains(where: { NSLocationInRange(r.location, $0) }) { continue }
            let verb = text.substring(with: m.range(at: 1)).lowercased()
            // Rule IDs are upper case; a comment may write them in any case (“spelling”).
            let ids = text.substring(with: m.range(at: 2)).split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { $0.uppercased() }
            let rules: Set<String>? = ids.isEmpty ? nil : Set(ids)
            let end = r.location + r.length
            // The comment itself is never flagged (in plain text it is prose).
            out.append(Region(start: r.location, end: end, rules: nil))
            switch verb {
            case "disable":
                open.append((end, rules, []))
            case "enable":
                var kept: [(start: Int, rules: Set<String>?, except: Set<String>)] = []
                for o in open {
                    if rules == nil {
                        out.append(Region(start: o.start, end: r.location, rules: o.rules, except: o.except))
                    } else if o.rules == nil, !rules!.isSubset(of: o.except) {
                        // A disable of all rules goes on for all but these (and those enabled before).
                        out.append(Region(start: o.start, end: r.location, rules: nil, except: o.except))
                        kept.append((r.location, nil, o.except.union(rules!)))
                    } else if let openRules = o.rules, !openRules.isDisjoint(with: rules!) {
                        out.append(Region(start: o.start, end: r.location, rules: openRules))
                        let left = openRules.subtracting(rules!)
                        if !left.isEmpty { kept.append((r.location, left, [])) }
                    } else {
                        kept.append(o)
                    }
                }
                open = kept
            default:
                // The line after the comment's line.
                let lineEnd = text.lineRange(for: NSRange(location: max(end - 1, 0), length: 0))
                let next = lineEnd.location + lineEnd.length
                guard next < text.length else { continue }
                let nextLine = text.lineRange(for: NSRange(location: next, length: 0))
                out.append(Region(start: nextLine.location, end: nextLine.location + nextLine.length, rules: rules))
            }
        }
        for o in open { out.append(Region(start: o.start, end: text.length, rules: o.rules, except: o.except)) }
        regions = out.sorted { $0.start < $1.start }
    }

    /// True when `text` contains “writing-tools-” in any case, by a search over its UTF-8 bytes:
    /// each “-” found with `memchr` (which the C library makes fast), then the letters around
    /// it compared without their case.
    static func containsMarker(_ text: String) -> Bool {
        let marker: StaticString = "writing-tools-"
        // The marker's first hyphen, after “writing”.
        let hyphen = 7
        var copy = text
        return copy.withUTF8 { b in
            marker.withUTF8Buffer { m in
                guard let base = b.baseAddress, b.count >= m.count else { return false }
                let start = UnsafeRawPointer(base)
                let last = b.count - m.count
                var i = hyphen
                while i <= last + hyphen {
                    guard let found = memchr(start + i, 0x2D, last + hyphen - i + 1) else { return false }
                    let at = start.distance(to: UnsafeRawPointer(found)) - hyphen
                    // ASCII letters compared with their case bit set (“-” has it already).
                    if (0..<m.count).allSatisfy({ b[at + $0] | 0x20 == m[$0] }) { return true }
                    i = at + hyphen + 1
                }
                return false
            }
        }
    }

    /// True when `match` starts inside a region that switches its rule off.
    func suppresses(_ match: ProofreadingSuggestion) -> Bool {
        let at = match.range.location
        return regions.contains { at >= $0.start && at < $0.end && $0.switchesOff(match.ruleID) }
    }
}
