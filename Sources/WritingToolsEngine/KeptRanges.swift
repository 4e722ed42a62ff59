import Foundation
import Proofreading

/// Text that is checked but must come back byte-identical: a host's stand-ins for markup it left
/// out of the checked text (LanguageTool's annotated `data`: `{"markup":"<p>","interpretAs":"\n\n"}`
/// is checked as a paragraph break), and positions where the host keeps markup the checked text
/// does not show at all (`{"markup":"<br/>"}`: an empty range).
///
/// Unlike a protected range, such text is read by the rules (a paragraph break must break
/// paragraphs), so a rule may find something across it: two spaces on either side of a `<br/>`,
/// a space before a `<p>`'s break. A suggestion whose edit would change kept text, or delete or
/// replace across a kept position, would delete the host's markup when applied; it is
/// **narrowed** to the part of the text its replacements really change (the common start and
/// end left out) when that part keeps every kept range, and otherwise **rejected**: its
/// replacements that would break one are dropped, and a suggestion left with none (it had some)
/// is dropped. A suggestion without replacements offers no edit and is kept as it is.
public enum KeptRanges {
    /// `suggestions` with every edit that would change `kept` text narrowed or rejected.
    /// - Parameters:
    ///   - suggestions: the engine's suggestions, UTF-16 ranges of `text`.
    ///   - kept: UTF-16 ranges of `text` to keep byte-identical; an empty range is a position
    ///     no edit may delete or replace across (an insertion there is allowed). Ranges outside
    ///     the text are ignored.
    ///   - text: the checked text.
    /// - Returns: the suggestions in their order; a changed one has a narrower range and
    ///   replacements for it, or fewer replacements.
    public static func apply(_ suggestions: [ProofreadingSuggestion], keeping kept: [NSRange], in text: String) -> [ProofreadingSuggestion] {
        if kept.isEmpty || suggestions.isEmpty { return suggestions }
        let units = Array(text.utf16)
        let ranges = kept.filter { $0.location >= 0 && $0.length >= 0 && $0.location + $0.length <= units.count }
        if ranges.isEmpty { return suggestions }
        var out: [ProofreadingSuggestion] = []
        out.reserveCapacity(suggestions.count)
        for s in suggestions {
            let a = s.range.location, b = s.range.location + s.range.length
            guard a >= 0, a <= b, b <= units.count else { out.append(s); continue }
            // Untouched: no replacement, or a range whose replacement (the client replaces the
            // whole range) keeps every kept range.
            if s.replacements.isEmpty || !breaks(Edit(start: a, end: b, insertion: [0x20]), ranges) { out.append(s); continue }
            let edits = s.replacements.map { edit(units, a, b, $0) }
            // The best replacement first: keep each whose edit, joined to those kept before it,
            // breaks nothing.
            var span: (Int, Int)?
            var keptEdits: [Edit] = []
            for e in edits where !breaks(e, ranges) {
                let joined = span.map { (min($0.0, e.start), max($0.1, e.end)) } ?? (e.start, e.end)
                if breaks(Edit(start: joined.0, end: joined.1, insertion: [0x20]), ranges) { continue }
                span = joined
                keptEdits.append(e)
            }
            guard let (x, y) = span else { continue }
            var narrowed = s
            narrowed.range = NSRange(location: x, length: y - x)
            // Each replacement over the narrowed range: its edit with the text around it.
            narrowed.replacements = keptEdits.map { e in
                String(decoding: units[x..<e.start] + e.insertion + units[e.end..<y], as: UTF16.self)
            }
            out.append(narrowed)
        }
        return out
    }

    /// The part of `units[a..<b]` that `replacement` changes: the common start and end left out,
    /// never splitting a surrogate pair.
    struct Edit: Equatable {
        var start: Int
        var end: Int
        var insertion: [UInt16]
    }

    static func edit(_ units: [UInt16], _ a: Int, _ b: Int, _ replacement: String) -> Edit {
        let r = Array(replacement.utf16)
        var p = 0
        while p < r.count, a + p < b, r[p] == units[a + p] { p += 1 }
        // Back off a split pair: the high half of a pair stays with its low half.
        if p > 0, UTF16.isLeadSurrogate(r[p - 1]) { p -= 1 }
        var q = 0
        while q < r.count - p, q < b - a - p, r[r.count - 1 - q] == units[b - 1 - q] { q += 1 }
        if q > 0, UTF16.isTrailSurrogate(r[r.count - q]) { q -= 1 }
        return Edit(start: a + p, end: b - q, insertion: Array(r[p..<(r.count - q)]))
    }

    /// True when `e` changes text of a kept range, or deletes or replaces across a kept position.
    static func breaks(_ e: Edit, _ kept: [NSRange]) -> Bool {
        if e.start == e.end && e.insertion.isEmpty { return false }
        for k in kept {
            let k0 = k.location, k1 = k.location + k.length
            if k0 == k1 {
                if e.start < k0 && k0 < e.end { return true }
            } else if e.start < e.end {
                if e.start < k1 && e.end > k0 { return true }
            } else if k0 < e.start && e.start < k1 {
                return true  // an insertion inside kept text
            }
        }
        return false
    }
}
