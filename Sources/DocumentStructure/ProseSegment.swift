import Foundation
import TextModel

/// The prose of one leaf block (a paragraph, heading or table cell) as a checker sees it:
/// markup syntax left out, protected inline spans replaced by one placeholder character each,
/// and a map from this text's UTF-16 offsets back to the document's.
///
/// Example: `Use **the** \`ls\` command` becomes `Use the \u{FFFC} command`; the placeholder
/// stands for `` `ls` ``. Line breaks inside the block become `\n`.
public struct ProseSegment: Sendable, Hashable {
    /// The character that stands for a protected span in ``text`` (U+FFFC OBJECT REPLACEMENT).
    public static let placeholder: Character = "\u{FFFC}"

    /// How a piece of ``text`` relates to the document.
    public enum PieceKind: Sendable, Hashable {
        /// The same characters as the document's, one to one: offsets map exactly.
        case verbatim
        /// Text standing for different document text (a line break with indentation, an entity
        /// such as `&nbsp;`, a backslash escape): a range may contain it but not cut through it.
        case substituted
        /// A placeholder for protected text: no range that maps back may touch it.
        case protected
    }

    /// One run of ``text`` and the document range it comes from.
    public struct Piece: Sendable, Hashable {
        /// UTF-16 range in ``ProseSegment/text``.
        public var segmentRange: NSRange
        /// UTF-16 range in the document.
        public var documentRange: NSRange
        /// How the two relate.
        public var kind: PieceKind
    }

    /// The prose, in UTF-16 offsets of its own.
    public private(set) var text: String = ""
    /// Pieces covering ``text`` end to end, in order.
    public private(set) var pieces: [Piece] = []
    /// The UTF-16 range of the whole block in the document.
    public var blockRange: NSRange
    /// The block's presentation intent.
    public var intent: PresentationIntent
    private var length = 0

    /// Creates an empty segment for a block.
    public init(blockRange: NSRange, intent: PresentationIntent) {
        self.blockRange = blockRange
        self.intent = intent
    }

    /// A segment made whole: `text` is its text, `utf16Count` its length in UTF-16 units, and
    /// `pieces` cover it end to end (the caller guarantees all three; ``PlainParagraphs``
    /// builds a paragraph's this way, in one pass).
    init(blockRange: NSRange, intent: PresentationIntent, text: String, utf16Count: Int, pieces: [Piece]) {
        self.blockRange = blockRange
        self.intent = intent
        self.text = text
        self.pieces = pieces
        self.length = utf16Count
    }

    /// Appends text that appears verbatim in the document at `documentLocation` (UTF-16).
    /// Adjacent verbatim runs that are contiguous in both texts are merged.
    public mutating func appendVerbatim(_ s: String, documentLocation: Int) {
        appendVerbatim(s, utf16Count: s.utf16.count, documentLocation: documentLocation)
    }

    /// Appends the document's UTF-16 `units`, found verbatim at `documentLocation`: the
    /// same as ``appendVerbatim(_:documentLocation:)`` without counting the units of a
    /// string made from them (which, for text that is not ASCII, walks it again).
    public mutating func appendVerbatim(utf16Units units: ArraySlice<UInt16>, documentLocation: Int) {
        guard !units.isEmpty else { return }
        appendVerbatim(String(utf16Units: units), utf16Count: units.count, documentLocation: documentLocation)
    }

    private mutating func appendVerbatim(_ s: String, utf16Count n: Int, documentLocation: Int) {
        guard n > 0 else { return }
        if let last = pieces.last, last.kind == .verbatim,
           last.documentRange.location + last.documentRange.length == documentLocation {
            pieces[pieces.count - 1].segmentRange.length += n
            pieces[pieces.count - 1].documentRange.length += n
        } else {
            pieces.append(Piece(segmentRange: NSRange(location: length, length: n),
                                documentRange: NSRange(location: documentLocation, length: n), kind: .verbatim))
        }
        text += s
        length += n
    }

    /// Appends `s` standing for the document range `documentRange` (a line break, an entity,
    /// an escape).
    public mutating func appendSubstituted(_ s: String, documentRange: NSRange) {
        let n = s.utf16.count
        guard n > 0 else { return }
        pieces.append(Piece(segmentRange: NSRange(location: length, length: n), documentRange: documentRange, kind: .substituted))
        text += s
        length += n
    }

    /// Appends one ``placeholder`` standing for the protected document range `documentRange`.
    public mutating func appendProtected(documentRange: NSRange) {
        pieces.append(Piece(segmentRange: NSRange(location: length, length: 1), documentRange: documentRange, kind: .protected))
        text.append(Self.placeholder)
        length += 1
    }

    /// The index of the first piece whose segment range ends after the UTF-16 offset `s` of
    /// ``text`` (``pieces``' count when none does): a binary search, the pieces being in order.
    private func firstPiece(endingAfter s: Int) -> Int {
        var lo = 0, hi = pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let p = pieces[mid].segmentRange
            if p.location + p.length <= s { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The document range of a range of ``text`` (UTF-16), or nil when it overlaps a protected
    /// placeholder or cuts through a substituted piece (an empty range strictly inside either
    /// counts), or lies outside ``text``.
    ///
    /// A range's start maps through the piece it starts in (at a boundary between two pieces,
    /// the later one), its end through the piece it ends in (at a boundary, the earlier one), so
    /// markup left out between pieces (for example the `**` around a bold word) stays outside the
    /// mapped range. Substituted pieces wholly inside the range are fine (their document text is
    /// replaced with the range). An empty range maps to an empty document range at its start.
    public func documentRange(for r: NSRange) -> NSRange? {
        let s = r.location, e = r.location + r.length
        guard !pieces.isEmpty, r.length >= 0, s >= 0, e <= length else { return nil }
        // First piece that ends after `s` (or the last piece when `s` is the end of the text).
        let first = min(firstPiece(endingAfter: s), pieces.count - 1)
        var startDoc: Int?
        do {
            let p = pieces[first]
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if s >= pe {
                // `s` is the end of the text.
                startDoc = p.documentRange.location + (p.kind == .verbatim ? p.documentRange.length : p.documentRange.length)
            } else if p.kind == .verbatim {
                startDoc = p.documentRange.location + (s - ps)
            } else if s == ps {
                startDoc = p.documentRange.location
            } else {
                return nil // strictly inside a placeholder or a substituted piece
            }
        }
        guard let a = startDoc else { return nil }
        if r.length == 0 { return NSRange(location: a, length: 0) }
        var endDoc: Int?
        var i = first
        while i < pieces.count {
            let p = pieces[i]
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if ps >= e { break }
            switch p.kind {
            case .protected:
                return nil
            case .substituted:
                if s > ps || e < pe { return nil }
                endDoc = p.documentRange.location + p.documentRange.length
            case .verbatim:
                endDoc = p.documentRange.location + (min(e, pe) - ps)
            }
            i += 1
        }
        guard let b = endDoc, b >= a else { return nil }
        return NSRange(location: a, length: b - a)
    }

    /// True when the document range of `r` (a range of ``text``, UTF-16) would hold document
    /// text that the segment leaves out: markup between two of the pieces it covers, such as
    /// the `[` of a link or the `**` of bold text in “the [the manual](…)”. Replacing that
    /// document range would delete the markup, so an edit of such a range is not offered (a
    /// finding may still point at it).
    public func omitsDocumentText(in r: NSRange) -> Bool {
        let s = r.location, e = r.location + r.length
        guard r.length > 0, pieces.count > 1 else { return false }
        var i = firstPiece(endingAfter: s)
        while i + 1 < pieces.count, pieces[i + 1].segmentRange.location < e {
            let d = pieces[i].documentRange
            if d.location + d.length != pieces[i + 1].documentRange.location { return true }
            i += 1
        }
        return false
    }

    /// Returns this segment with every verbatim or substituted piece that overlaps one of
    /// `protected` (UTF-16 document ranges, sorted by location, disjoint) replaced by a
    /// placeholder; consecutive pieces hit by the same range share one placeholder, whose
    /// document range is that protected range.
    func protecting(_ protected: [NSRange]) -> ProseSegment {
        guard !protected.isEmpty else { return self }
        func firstIndex(endingAfter x: Int) -> Int {
            var lo = 0, hi = protected.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if protected[mid].location + protected[mid].length <= x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        // Quick check: nothing to do when no piece overlaps.
        var touched = false
        for p in pieces where p.kind != .protected {
            let i = firstIndex(endingAfter: p.documentRange.location)
            if i < protected.count, protected[i].location < p.documentRange.location + max(p.documentRange.length, 1) { touched = true; break }
        }
        guard touched else { return self }
        var out = ProseSegment(blockRange: blockRange, intent: intent)
        var lastPlaceholder: NSRange?
        func placeholder(_ r: NSRange) {
            if let l = lastPlaceholder, l == r, out.pieces.last?.kind == .protected { return }
            out.appendProtected(documentRange: r)
            lastPlaceholder = r
        }
        let units = [UInt16](utf16Of: text)
        for p in pieces {
            let ds = p.documentRange.location, de = ds + p.documentRange.length
            switch p.kind {
            case .protected:
                out.appendProtected(documentRange: p.documentRange)
                lastPlaceholder = nil
            case .substituted:
                let i = firstIndex(endingAfter: ds)
                if i < protected.count, protected[i].location < max(de, ds + 1) {
                    placeholder(protected[i])
                } else {
                    out.appendSubstituted(String(utf16Units: units[p.segmentRange.location..<(p.segmentRange.location + p.segmentRange.length)]), documentRange: p.documentRange)
                }
            case .verbatim:
                var cursor = ds
                var i = firstIndex(endingAfter: ds)
                while cursor < de {
                    if i < protected.count, protected[i].location < de {
                        let pr = protected[i]
                        if pr.location > cursor {
                            let a = p.segmentRange.location + (cursor - ds), b = p.segmentRange.location + (pr.location - ds)
                            out.appendVerbatim(utf16Units: units[a..<b], documentLocation: cursor)
                        }
                        placeholder(pr)
                        cursor = min(de, pr.location + pr.length)
                        i += 1
                    } else {
                        let a = p.segmentRange.location + (cursor - ds), b = p.segmentRange.location + p.segmentRange.length
                        out.appendVerbatim(utf16Units: units[a..<b], documentLocation: cursor)
                        cursor = de
                    }
                }
            }
        }
        return out
    }
}
