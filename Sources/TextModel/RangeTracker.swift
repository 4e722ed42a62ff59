import Foundation

/// Moves UTF-16 ranges of a text through a set of edits made to it, so that a range found in the
/// text before the edits (a suggestion, a protected range, a selection) names the same text after.
///
/// The edits are those ``Swift/String/applying(_:)`` takes: ranges in UTF-16 code units of the
/// text *before* any of them, non-overlapping, in any order. For a range `R = [a, b)` and an edit
/// replacing `E = [s, e)` by `L` units, the rule is:
///
/// - **Before**: when `e <= a`, the edit lies before the range (this includes an insertion exactly
///   at `a`, also for an empty range: inserted text goes before a caret): `R` shifts by
///   `L - (e - s)`.
/// - **After**: otherwise, when `s >= b`, the edit lies after the range (this includes an
///   insertion exactly at `b` of a non-empty range): `R` is unchanged.
/// - **Overlapping**: otherwise (`s < b` and `e > a`), the range grows or shrinks to cover both
///   what is left of it and the whole replacement: `[min(a, s), max(b, e))` mapped through the
///   edit, i.e. `[min(a, s), max(b, e) + L - (e - s))`. A range entirely inside a replaced range
///   becomes the replacement; an edit inside a range changes its length.
///
/// ``map(_:)`` reports whether any edit overlapped the range, so that callers can mark a
/// suggestion whose text was edited as invalid. Building is O(k log k) for k edits; each mapping
/// is O(log k + edits overlapping the range).
public struct RangeTracker: Sendable {
    /// The result of moving one range.
    public struct Mapped: Hashable, Sendable {
        /// The range in UTF-16 units of the edited text.
        public var range: NSRange
        /// True when at least one edit overlapped the range (under the rule above), so its text
        /// may have changed; false when only edits before or after it moved it.
        public var wasTouched: Bool

        /// Creates a result.
        public init(range: NSRange, wasTouched: Bool) {
            self.range = range
            self.wasTouched = wasTouched
        }
    }

    /// Edit starts, ends and length changes, sorted by start.
    private let starts: [Int]
    private let ends: [Int]
    /// `deltaBefore[i]` is the summed length change of edits `0..<i`.
    private let deltaBefore: [Int]

    /// Prepares to move ranges through `edits`.
    ///
    /// - Throws: ``TextEditError/invalidRange(_:textLength:)`` for a negative location or length
    ///   (`textLength` is then -1: the tracker does not know the text), and
    ///   ``TextEditError/overlappingEdits(_:_:)`` when two edits overlap (two insertions at the
    ///   same offset count as overlapping), exactly as ``Swift/String/applying(_:)`` would.
    public init(edits: [TextEdit]) throws {
        let sorted = edits.sorted { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
        var starts: [Int] = [], ends: [Int] = [], deltas: [Int] = [0]
        starts.reserveCapacity(sorted.count)
        ends.reserveCapacity(sorted.count)
        deltas.reserveCapacity(sorted.count + 1)
        for (i, e) in sorted.enumerated() {
            let r = e.range
            guard r.location >= 0, r.length >= 0, r.length <= Int.max - r.location else {
                throw TextEditError.invalidRange(r, textLength: -1)
            }
            if i > 0 {
                let p = sorted[i - 1].range
                if NSMaxRange(p) > r.location || (p.length == 0 && r.length == 0 && p.location == r.location) {
                    throw TextEditError.overlappingEdits(p, r)
                }
            }
            starts.append(r.location)
            ends.append(NSMaxRange(r))
            deltas.append(deltas[deltas.count - 1] + e.replacement.utf16.count - r.length)
        }
        self.starts = starts
        self.ends = ends
        self.deltaBefore = deltas
    }

    /// Moves `range` (UTF-16, in the text before the edits) to the text after them.
    ///
    /// A range with a negative location or length is returned as it is, untouched.
    public func map(_ range: NSRange) -> Mapped {
        let a = range.location, b = saturatingAdd(range.location, range.length)
        guard a >= 0, range.length >= 0 else { return Mapped(range: range, wasTouched: false) }
        // First edit not entirely before the range: ends are sorted, so binary-search `e > a`.
        var lo = 0, hi = ends.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ends[mid] <= a { lo = mid + 1 } else { hi = mid }
        }
        let first = lo
        var last = first // one past the last overlapping edit
        while last < starts.count, starts[last] < b, ends[last] > a { last += 1 }
        if first == last {
            return Mapped(range: NSRange(location: a + deltaBefore[first], length: b - a), wasTouched: false)
        }
        let start = min(a, starts[first]) + deltaBefore[first]
        let end = max(b, ends[last - 1]) + deltaBefore[last]
        return Mapped(range: NSRange(location: start, length: end - start), wasTouched: true)
    }

    /// Moves a UTF-16 offset, as the empty range at it (an insertion at the offset goes before it).
    public func map(offset: Int) -> Int {
        map(NSRange(location: offset, length: 0)).range.location
    }
}

extension TextEdit {
    /// `range` moved through `edits` (see ``RangeTracker`` for the rule); a convenience for one
    /// range. Use a ``RangeTracker`` to move many ranges through the same edits.
    ///
    /// - Throws: ``TextEditError`` when the edits overlap or have a negative range.
    public static func map(_ range: NSRange, through edits: [TextEdit]) throws -> NSRange {
        try RangeTracker(edits: edits).map(range).range
    }
}
