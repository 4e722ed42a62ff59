import Foundation
import DocumentStructure
import FuzzSupport

/// Fuzz target: DocumentStructure's parser on any text, as Markdown, as plain text and as
/// reStructuredText.
///
/// Invariants: the parse never traps; the document keeps the text; every block, protected range
/// and prose piece lies inside the text, on scalar boundaries (never between the halves of a
/// surrogate pair); protected ranges are sorted; a prose segment's pieces cover its text end
/// to end; a verbatim piece is the document's text at its range, and touches no protected range;
/// a protected piece is one placeholder standing for protected text.
@main
enum FuzzDocument {
    static func main() {
        FuzzDriver.run { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            check(text, .markdown)
            check(text, .plain)
            check(text, .restructuredText)
        }
    }

    static func check(_ text: String, _ markup: MarkupKind) {
        let doc = DocumentParser.parse(text, markup: markup)
        let units = Array(text.utf16)
        let n = units.count
        let what = "\(markup)"
        func isBoundary(_ o: Int) -> Bool {
            o == 0 || o == n || !(UTF16.isTrailSurrogate(units[o]) && UTF16.isLeadSurrogate(units[o - 1]))
        }
        func inText(_ r: NSRange) -> Bool {
            r.location >= 0 && r.length >= 0 && r.location <= n && r.length <= n - r.location
        }
        FuzzCheck.require(doc.text == text, "\(what): the document's text is not the input", text)
        for b in doc.blocks {
            FuzzCheck.require(inText(b.range), "\(what): block \(b) outside the text (\(n) units)", text)
        }
        var previous = -1
        for p in doc.protectedRanges {
            FuzzCheck.require(inText(p.range), "\(what): protected range \(p) outside the text (\(n) units)", text)
            FuzzCheck.require(isBoundary(p.range.location) && isBoundary(NSMaxRange(p.range)),
                              "\(what): protected range \(p) splits a surrogate pair", text)
            FuzzCheck.require(p.range.location >= previous, "\(what): protected ranges not sorted at \(p)", text)
            previous = p.range.location
        }
        for segment in doc.proseSegments {
            FuzzCheck.require(inText(segment.blockRange), "\(what): segment block range \(segment.blockRange) outside the text", text)
            let segmentUnits = Array(segment.text.utf16)
            var at = 0
            for piece in segment.pieces {
                let s = piece.segmentRange, d = piece.documentRange
                FuzzCheck.require(s.location == at && s.length > 0, "\(what): pieces do not cover the segment end to end at \(at): \(piece)", text)
                FuzzCheck.require(NSMaxRange(s) <= segmentUnits.count, "\(what): piece \(piece) past the segment's text", text)
                FuzzCheck.require(inText(d), "\(what): piece \(piece) outside the document (\(n) units)", text)
                FuzzCheck.require(isBoundary(d.location) && isBoundary(NSMaxRange(d)), "\(what): piece \(piece) splits a surrogate pair", text)
                switch piece.kind {
                case .verbatim:
                    FuzzCheck.require(s.length == d.length
                                      && segmentUnits[s.location..<NSMaxRange(s)].elementsEqual(units[d.location..<NSMaxRange(d)]),
                                      "\(what): verbatim piece \(piece) is not the document's text", text)
                    FuzzCheck.require(!doc.intersectsProtected(d), "\(what): verbatim piece \(piece) overlaps protected text", text)
                case .protected:
                    FuzzCheck.require(s.length == 1 && segmentUnits[s.location] == 0xFFFC,
                                      "\(what): protected piece \(piece) is not one placeholder", text)
                    FuzzCheck.require(d.length == 0 || doc.intersectsProtected(d),
                                      "\(what): protected piece \(piece) stands for text that is not protected", text)
                case .substituted:
                    break
                }
                at = NSMaxRange(s)
            }
            FuzzCheck.require(at == segmentUnits.count, "\(what): pieces end at \(at), the segment's text at \(segmentUnits.count)", text)
        }
    }
}
