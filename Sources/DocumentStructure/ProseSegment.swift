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

    /// Appends text that appears verbatim in the document at `documentLocation` (UTF-16).
    /// Adjacent verbatim runs that are contiguous in both texts are merged.
    public mutating func appendVerbatim(_ s: String, documentLocation: Int) {
        let n = s.utf16.count
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

    /// The document range of a range of ``text`` (UTF-16), or nil when it touches a protected
    /// placeholder or cuts through a substituted piece.
    ///
    /// A range's start maps through the piece it starts in, its end through the piece it ends
    /// in; substituted pieces wholly inside the range are fine (their document text is replaced
    /// with the range).
    public func documentRange(for r: NSRange) -> NSRange? {
        let s = r.location, e = r.location + r.length
        guard s >= 0, e <= length, s <= e else { return nil }
        var startDoc: Int?
        var endDoc: Int?
        for p in pieces {
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if pe < s { continue }
            if ps > e { break }
            let overlaps = r.length == 0 ? (ps < s && s < pe) : (ps < e && s < pe)
            switch p.kind {
            case .protected:
                if overlaps { return nil }
            case .substituted:
                if overlaps && (s > ps || e < pe) { return nil }
            case .verbatim:
                break
            }
            if startDoc == nil, s >= ps, s <= pe, !(s == pe && p.kind != .verbatim && pe < e) {
                if p.kind == .verbatim { startDoc = p.documentRange.location + (s - ps) }
                else if s == ps { startDoc = p.documentRange.location }
                else if s == pe { startDoc = p.documentRange.location + p.documentRange.length }
            }
            if e >= ps, e <= pe {
                if p.kind == .verbatim { endDoc = p.documentRange.location + (e - ps) }
                else if e == pe { endDoc = p.documentRange.location + p.documentRange.length }
                else if e == ps { endDoc = p.documentRange.location }
            }
        }
        if length == 0 || pieces.isEmpty { return nil }
        guard let a = startDoc, let b = endDoc, b >= a else { return nil }
        return NSRange(location: a, length: b - a)
    }
}
