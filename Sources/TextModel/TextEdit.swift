import Foundation

/// A replacement of one range of a text by new text.
///
/// `range` is in UTF-16 code units of the text the edit was made for (docs/ARCHITECTURE.md, “Rules that hold everywhere”); an empty
/// range is an insertion, an empty `replacement` a deletion.
public struct TextEdit: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-16 range replaced.
    public var range: NSRange
    /// The text that replaces it.
    public var replacement: String

    /// Creates an edit replacing `range` (UTF-16) with `replacement`.
    public init(range: NSRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// `[start,end) → "replacement"`, offsets in UTF-16 code units.
    public var description: String {
        "[\(range.location),\(saturatingAdd(range.location, range.length))) → \"\(replacement)\""
    }
}

/// Errors raised when edits cannot be applied.
public enum TextEditError: Error, Equatable, CustomStringConvertible {
    /// An edit's range lies outside the text or splits a surrogate pair.
    case invalidRange(NSRange, textLength: Int)
    /// Two edits overlap (insertions at the same point count as overlapping).
    case overlappingEdits(NSRange, NSRange)

    /// A message naming the offending range(s) in UTF-16 offsets.
    public var description: String {
        switch self {
        case let .invalidRange(r, n):
            return "edit range \(r.location)..<\(saturatingAdd(r.location, r.length)) is not a valid UTF-16 range of a text of length \(n)"
        case let .overlappingEdits(a, b):
            return "edits overlap: \(a.location)..<\(saturatingAdd(a.location, a.length)) and \(b.location)..<\(saturatingAdd(b.location, b.length))"
        }
    }
}

extension String {
    /// Returns the text with `edits` applied; their ranges refer to this text (not to each
    /// other's results) and must not overlap.
    ///
    /// The edits may be given in any order. Touching edits are allowed (`[0,2)` and `[2,4)`, or an
    /// insertion at 2 and a replacement of `[2,4)`, whose text then comes first); two insertions
    /// at the same offset are ambiguous and count as overlapping. O(text + replacements).
    ///
    /// - Throws: ``TextEditError`` for a range outside the text, one that splits a surrogate
    ///   pair, or overlapping edits. The string is left as it was.
    public func applying(_ edits: [TextEdit]) throws -> String {
        let sorted = edits.sorted { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
        let units = Array(self.utf16)
        for (i, e) in sorted.enumerated() {
            let r = e.range
            guard r.location >= 0, r.length >= 0, r.location <= units.count, r.length <= units.count - r.location,
                  !Self.splitsSurrogate(units, r.location), !Self.splitsSurrogate(units, r.location + r.length)
            else { throw TextEditError.invalidRange(r, textLength: units.count) }
            if i > 0 {
                let p = sorted[i - 1].range
                if p.location + p.length > r.location || (p.length == 0 && r.length == 0 && p.location == r.location) {
                    throw TextEditError.overlappingEdits(p, r)
                }
            }
        }
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var cursor = 0
        for e in sorted {
            out.append(contentsOf: units[cursor..<e.range.location])
            out.append(contentsOf: e.replacement.utf16)
            cursor = e.range.location + e.range.length
        }
        out.append(contentsOf: units[cursor...])
        return String(decoding: out, as: UTF16.self)
    }

    private static func splitsSurrogate(_ units: [UInt16], _ offset: Int) -> Bool {
        guard offset > 0, offset < units.count else { return false }
        return UTF16.isTrailSurrogate(units[offset]) && UTF16.isLeadSurrogate(units[offset - 1])
    }

    /// The offset nearest `offset` (a UTF-16 offset, `0...utf16.count`) that does not split a
    /// surrogate pair, moving `backward` or forward: an end for ``substring(utf16Range:)``.
    public func scalarBoundary(nearUTF16 offset: Int, backward: Bool) -> Int {
        let u = utf16
        var k = max(0, min(offset, u.count))
        while k > 0, k < u.count, UTF16.isTrailSurrogate(u[u.index(u.startIndex, offsetBy: k)]) { k += backward ? -1 : 1 }
        return k
    }

    /// The substring at a UTF-16 range, or nil when the range is outside the text or splits a
    /// surrogate pair.
    public func substring(utf16Range r: NSRange) -> String? {
        guard r.location >= 0, r.length >= 0, r.location <= utf16.count, r.length <= utf16.count - r.location
        else { return nil }
        let u = utf16
        let s = u.index(u.startIndex, offsetBy: r.location)
        let e = u.index(s, offsetBy: r.length)
        guard let ls = s.samePosition(in: unicodeScalars), let le = e.samePosition(in: unicodeScalars) else { return nil }
        return String(unicodeScalars[ls..<le])
    }
}
