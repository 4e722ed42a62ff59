import Foundation

/// A piece table: the text engine of the example editor.
///
/// The text is a sequence of pieces, each a run of UTF-16 code units in one of two buffers: the
/// original text (never changed) or the add buffer (everything ever inserted, append-only). An
/// edit splits at most two pieces and appends to the add buffer; nothing is copied or moved, so
/// every earlier version stays recoverable. Offsets are UTF-16 code units, as Writing Tools'
/// ranges are (docs/ARCHITECTURE.md, "Rules that hold everywhere": units).
public struct PieceTable: Sendable {
    /// Which buffer a piece reads from.
    public enum Buffer: Sendable, Hashable {
        /// The text the table was created with.
        case original
        /// Text inserted since.
        case add
    }

    /// A run of `length` code units at `start` in `buffer`.
    public struct Piece: Sendable, Hashable {
        /// The buffer it reads from.
        public var buffer: Buffer
        /// Offset in that buffer.
        public var start: Int
        /// Length in code units.
        public var length: Int
    }

    private let original: [UInt16]
    private var added: [UInt16] = []
    /// The pieces, in text order (none empty).
    public private(set) var pieces: [Piece]

    /// Creates a table holding `text`.
    public init(_ text: String) {
        original = Array(text.utf16)
        pieces = original.isEmpty ? [] : [Piece(buffer: .original, start: 0, length: original.count)]
    }

    /// The length of the text in UTF-16 code units.
    public var length: Int { pieces.reduce(0) { $0 + $1.length } }

    /// The whole text.
    public var text: String { String(decoding: units(in: NSRange(location: 0, length: length)), as: UTF16.self) }

    /// Code units inserted so far (the add buffer only grows).
    public var addBufferLength: Int { added.count }

    /// The code units of `range`.
    public func units(in range: NSRange) -> [UInt16] {
        var out: [UInt16] = []
        out.reserveCapacity(range.length)
        var offset = 0
        for p in pieces {
            let lo = max(range.location, offset), hi = min(NSMaxRange(range), offset + p.length)
            if lo < hi {
                let from = p.start + lo - offset, to = p.start + hi - offset
                out += p.buffer == .original ? original[from..<to] : added[from..<to]
            }
            offset += p.length
            if offset >= NSMaxRange(range) { break }
        }
        return out
    }

    /// The text of `range`.
    public func substring(_ range: NSRange) -> String { String(decoding: units(in: range), as: UTF16.self) }

    /// Replaces `range` with `replacement`.
    /// - Precondition: `range` lies inside the text.
    public mutating func replace(_ range: NSRange, with replacement: String) {
        precondition(range.location >= 0 && range.length >= 0 && NSMaxRange(range) <= length, "range \(range) outside the text")
        let new = Array(replacement.utf16)
        var out: [Piece] = []
        out.reserveCapacity(pieces.count + 2)
        var offset = 0
        var inserted = false
        func insertNew() {
            guard !inserted else { return }
            inserted = true
            if !new.isEmpty {
                out.append(Piece(buffer: .add, start: added.count, length: new.count))
                added += new
            }
        }
        for p in pieces {
            let pEnd = offset + p.length
            // The part of the piece before the range.
            if offset < range.location {
                out.append(Piece(buffer: p.buffer, start: p.start, length: min(p.length, range.location - offset)))
            }
            // The part after the range, behind the new text.
            if pEnd > NSMaxRange(range) {
                insertNew()
                let cut = max(0, NSMaxRange(range) - offset)
                out.append(Piece(buffer: p.buffer, start: p.start + cut, length: p.length - cut))
            }
            offset = pEnd
        }
        insertNew()
        pieces = out
    }
}
