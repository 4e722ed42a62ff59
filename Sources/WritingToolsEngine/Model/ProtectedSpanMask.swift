import Foundation
import TextModel

/// A text with its protected spans replaced by placeholder tokens, for a model to see
/// (docs/ARCHITECTURE.md, “Modules”: "before a model sees text, every protected span becomes a placeholder";
/// peers.md §13.2).
///
/// Tokens look like `[[KEEP_1]]`, numbered from 1 in text order. When the text itself
/// contains `[[KEEP`, a longer prefix (`[[KEEPA_1]]`, …) that does not occur is used, so a
/// token can never be confused with the user's text. ``unmask(_:)`` restores the spans; the
/// ``OutputContract`` checks beforehand that each token came back (exactly once for edits).
public struct ProtectedSpanMask: Sendable, Hashable {
    /// The token shown in prompts as an example.
    public static let exampleToken = "[[KEEP_1]]"

    /// The masked text.
    public let masked: String
    /// The tokens in order, and the original text each stands for.
    public let spans: [(token: String, original: String)]
    /// For each token, its UTF-16 range in ``masked`` and the UTF-16 range of the original in
    /// the source text (relative to the source's start).
    public let map: [(masked: NSRange, source: NSRange)]
    /// The token prefix in use (`[[KEEP`).
    public let prefix: String

    public static func == (a: Self, b: Self) -> Bool { a.masked == b.masked && a.prefix == b.prefix }
    public func hash(into h: inout Hasher) { h.combine(masked) }

    /// Masks `ranges` (UTF-16, relative to `text`, may overlap or be unsorted) in `text`.
    public init(text: String, protectedRanges ranges: [NSRange]) {
        var prefix = "[[KEEP"
        var suffix = 0
        while text.contains(prefix) {
            suffix += 1
            prefix = "[[KEEP" + String(UnicodeScalar(UInt8(64 + min(suffix, 26))))
            if suffix > 26 { prefix += String(suffix) }
        }
        self.prefix = prefix
        let units = Array(text.utf16)
        var merged: [NSRange] = []
        for r in ranges.sorted(by: { $0.location < $1.location }) {
            let loc = max(0, min(r.location, units.count))
            let end = max(loc, min(NSMaxRange(r), units.count))
            guard end > loc else { continue }
            if let last = merged.last, loc <= NSMaxRange(last) {
                merged[merged.count - 1].length = max(NSMaxRange(last), end) - last.location
            } else {
                merged.append(NSRange(location: loc, length: end - loc))
            }
        }
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var spans: [(String, String)] = []
        var map: [(NSRange, NSRange)] = []
        var cursor = 0
        for (i, r) in merged.enumerated() {
            out += units[cursor..<r.location]
            let token = "\(prefix)_\(i + 1)]]"
            map.append((NSRange(location: out.count, length: token.utf16.count), r))
            out += token.utf16
            spans.append((token, String(decoding: units[r.location..<NSMaxRange(r)], as: UTF16.self)))
            cursor = NSMaxRange(r)
        }
        out += units[cursor...]
        self.masked = String(decoding: out, as: UTF16.self)
        self.spans = spans
        self.map = map
    }

    /// Finds every token-shaped string (`[[KEEP…_n]]` with this mask's prefix) in `text`, in
    /// order, with UTF-16 ranges.
    public func tokens(in text: String) -> [(token: String, range: NSRange)] {
        var found: [(String, NSRange)] = []
        let ns = text as NSString
        var search = NSRange(location: 0, length: ns.length)
        while search.length > 0 {
            let r = ns.range(of: prefix + "_", options: [], range: search)
            guard r.location != NSNotFound else { break }
            var end = NSMaxRange(r)
            while end < ns.length, let s = UnicodeScalar(ns.character(at: end)), ("0"..."9").contains(Character(s)) { end += 1 }
            if end > NSMaxRange(r), end + 2 <= ns.length,
               ns.substring(with: NSRange(location: end, length: 2)) == "]]" {
                let tr = NSRange(location: r.location, length: end + 2 - r.location)
                found.append((ns.substring(with: tr), tr))
                search = NSRange(location: NSMaxRange(tr), length: ns.length - NSMaxRange(tr))
            } else {
                search = NSRange(location: NSMaxRange(r), length: ns.length - NSMaxRange(r))
            }
        }
        return found
    }

    /// `text` with every known token replaced by its original; unknown tokens are left as they are
    /// (the contract rejects them before this is called).
    public func unmask(_ text: String) -> String {
        guard !spans.isEmpty else { return text }
        let originals = Dictionary(spans.map { ($0.token, $0.original) }, uniquingKeysWith: { a, _ in a })
        let edits = tokens(in: text).compactMap { t in originals[t.token].map { TextEdit(range: t.range, replacement: $0) } }
        return (try? text.applying(edits)) ?? text
    }

    /// ``unmask(_:)`` with the UTF-16 ranges of the restored originals in the result.
    public func unmaskWithRanges(_ text: String) -> (text: String, ranges: [NSRange]) {
        let originals = Dictionary(spans.map { ($0.token, $0.original) }, uniquingKeysWith: { a, _ in a })
        var out = ""
        var ranges: [NSRange] = []
        var length = 0
        var cursor = 0
        let ns = text as NSString
        for t in tokens(in: text) {
            guard let original = originals[t.token] else { continue }
            let before = ns.substring(with: NSRange(location: cursor, length: t.range.location - cursor))
            out += before
            length += before.utf16.count
            ranges.append(NSRange(location: length, length: original.utf16.count))
            out += original
            length += original.utf16.count
            cursor = NSMaxRange(t.range)
        }
        out += ns.substring(from: cursor)
        return (out, ranges)
    }
}
