import Foundation
import TextModel

extension ProseSegment {
    /// The index of the piece whose segment range holds the UTF-16 offset `o` of ``text``, or
    /// nil when `o` is outside the text.
    func pieceIndex(containing o: Int) -> Int? {
        guard o >= 0, let last = pieces.last, o < last.segmentRange.location + last.segmentRange.length else { return nil }
        var lo = 0, hi = pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let p = pieces[mid].segmentRange
            if p.location + p.length <= o { lo = mid + 1 } else { hi = mid }
        }
        return lo < pieces.count ? lo : nil
    }
}

extension StructuredDocument {
    /// Inline HTML elements that render no break or box of their own: a tag of one of them
    /// between two letters leaves one word on the page (`Kuber<b>netes</b>`,
    /// `<span>gov</span>ernment`). Tags of others (`<br>`, `<p>`, `<td>`, `<img>`) separate.
    static let wordJoiningTags: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "big", "cite", "data", "del", "dfn", "em", "font", "i", "ins",
        "mark", "nobr", "s", "small", "span", "strike", "strong", "sub", "sup", "time", "u", "wbr",
    ]

    /// LaTeX commands that set their argument in another style and nothing else: one between
    /// two letters leaves one word on the page (`Kuber\textbf{netes}`).
    static let wordJoiningCommands: Set<String> = [
        "emph", "textbf", "textit", "textsl", "textsc", "textup", "textmd", "textrm", "textsf", "texttt", "underline",
    ]

    /// True when the range `r` of `segment`'s text (UTF-16) is part of a longer word of the
    /// document: right before or after it, with no word boundary, stands a placeholder for
    /// protected text that continues the word (a host's protected range over `Kuber` of
    /// “Kubernetes”), or one or more placeholders for inline tags with a letter or digit on
    /// their other side (`Kuber<b>netes</b>`, `re<em>cieve</em>`, `<span>gov</span>ernment`),
    /// or LaTeX's style commands and braces (`Kuber\textbf{netes}`).
    ///
    /// A checker must neither judge such a fragment as a word (“netes” is no slip of “notes”)
    /// nor edit it alone. Markup the segment leaves out without a placeholder (the `**` of
    /// `Kuber**netes**`) needs no such care: the segment joins the word itself, and
    /// ``ProseSegment/omitsDocumentText(in:)`` keeps an edit off it.
    public func isWordFragment(_ r: NSRange, in segment: ProseSegment) -> Bool {
        let units = segment.text.utf16
        let documentUnits = text.utf16
        func unit(_ view: String.UTF16View, _ o: Int) -> UInt16? {
            guard o >= 0, let i = view.index(view.startIndex, offsetBy: o, limitedBy: view.endIndex), i < view.endIndex else { return nil }
            return view[i]
        }
        func isWordUnit(_ c: UInt16?) -> Bool {
            guard let c else { return false }
            if c < 0x80 { return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
            if UTF16.isLeadSurrogate(c) || UTF16.isTrailSurrogate(c) { return false }
            guard let s = Unicode.Scalar(c), c != 0xFFFC else { return false }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }
        // The document text of a protected piece: a word-joining tag, text ending (or starting)
        // with a letter or digit, or neither.
        enum Joint { case tag, word, none }
        func joint(_ piece: ProseSegment.Piece, atEnd: Bool) -> Joint {
            let d = piece.documentRange
            guard d.length > 0 else { return .none }
            let first = unit(documentUnits, d.location), last = unit(documentUnits, d.location + d.length - 1)
            if first == 60, last == 62 {
                // One tag: `<b>`, `</span>`, `<a href="…">` (an element with content is not one).
                var k = d.location + 1
                var name: [UInt16] = []
                if unit(documentUnits, k) == 47 { k += 1 }
                while let c = unit(documentUnits, k), isWordUnit(c), c < 0x80 { name.append(c | 0x20); k += 1 }
                let tag = String(decoding: name, as: UTF16.self)
                var lessThans = 0
                for o in d.location..<(d.location + d.length) where unit(documentUnits, o) == 60 { lessThans += 1 }
                return lessThans == 1 && Self.wordJoiningTags.contains(tag) ? .tag : .none
            }
            // LaTeX: a group's brace, or a text-style command opening its argument
            // (`Kuber\textbf{netes}`, `re\emph{cieve}`).
            if d.length == 1, first == 123 || first == 125 { return .tag }
            if first == 92, last == 123 {
                var name: [UInt16] = []
                var k = d.location + 1
                while k < d.location + d.length - 1, let c = unit(documentUnits, k), c < 0x80, isWordUnit(c) { name.append(c); k += 1 }
                if k == d.location + d.length - 1, Self.wordJoiningCommands.contains(String(decoding: name, as: UTF16.self)) { return .tag }
            }
            return isWordUnit(atEnd ? last : first) ? .word : .none
        }
        // Walks from the segment offset `o` in `step`'s direction over placeholders: true when
        // the first is protected text continuing a word, or they are all joining tags with a
        // letter or digit beyond them.
        func glued(from start: Int, step: Int) -> Bool {
            var o = start
            var sawTag = false
            while let i = segment.pieceIndex(containing: o), segment.pieces[i].kind == .protected {
                switch joint(segment.pieces[i], atEnd: step < 0) {
                case .word: return true
                case .tag: sawTag = true
                case .none: return false
                }
                o += step
            }
            return sawTag && isWordUnit(unit(units, o))
        }
        guard r.length > 0 else { return false }
        // Most matches touch no placeholder: decided from the pieces alone.
        func placeholder(at o: Int) -> Bool { segment.pieceIndex(containing: o).map { segment.pieces[$0].kind == .protected } ?? false }
        guard placeholder(at: r.location - 1) || placeholder(at: r.location + r.length) else { return false }
        return glued(from: r.location - 1, step: -1) || glued(from: r.location + r.length, step: 1)
    }
}
