import DocumentStructure
import Foundation
import Testing
import TextModel

/// ``ProseSegment/documentRange(for:)`` edge cases.
@Suite struct ProseSegmentTests {
    /// "Use **the** `ls` x&nbsp;y" → "Use the \u{FFFC} x\u{A0}y".
    static func sample() -> ProseSegment {
        var s = ProseSegment(blockRange: NSRange(location: 0, length: 28), intent: PresentationIntent(.paragraph, identity: 1))
        s.appendVerbatim("Use ", documentLocation: 0)      // [0,4) ← [0,4)
        s.appendVerbatim("the", documentLocation: 6)       // [4,7) ← [6,9)
        s.appendVerbatim(" ", documentLocation: 11)        // [7,8) ← [11,12)
        s.appendProtected(documentRange: NSRange(location: 12, length: 4)) // [8,9)
        s.appendVerbatim(" x", documentLocation: 16)       // [9,11) ← [16,18)
        s.appendSubstituted("\u{A0}", documentRange: NSRange(location: 18, length: 6)) // [11,12)
        s.appendVerbatim("y", documentLocation: 24)        // [12,13) ← [24,25)
        return s
    }

    func map(_ a: Int, _ b: Int) -> [Int]? {
        Self.sample().documentRange(for: NSRange(location: a, length: b - a)).map { [$0.location, $0.location + $0.length] }
    }

    @Test func wordsMapInsideMarkup() {
        #expect(map(0, 3) == [0, 3])     // "Use"
        #expect(map(4, 7) == [6, 9])     // "the" without the ** around it
        #expect(map(0, 7) == [0, 9])     // "Use the": spans the opening ** but not the closing
        #expect(map(10, 11) == [17, 18]) // "x"
        #expect(map(12, 13) == [24, 25]) // "y"
    }

    /// A range across markup the segment leaves out would delete it when replaced.
    @Test func rangesAcrossLeftOutMarkup() {
        func omits(_ a: Int, _ b: Int) -> Bool { Self.sample().omitsDocumentText(in: NSRange(location: a, length: b - a)) }
        #expect(omits(0, 7))     // "Use the": the opening ** inside
        #expect(omits(4, 8))     // "the ": the closing ** inside
        #expect(!omits(0, 4))    // "Use "
        #expect(!omits(4, 7))    // "the" alone: the ** stay outside
        #expect(!omits(9, 13))   // " x\u{A0}y": the entity is contiguous with its neighbours
        #expect(!omits(5, 5))    // empty
    }

    @Test func placeholdersAndSubstitutions() {
        #expect(map(8, 9) == nil)        // the placeholder itself
        #expect(map(7, 9) == nil)        // overlaps the placeholder
        #expect(map(7, 8) == [11, 12])   // the space before it
        #expect(map(9, 10) == [16, 17])  // the space after it
        #expect(map(10, 13) == [17, 25]) // "x\u{A0}y": the entity wholly inside
        #expect(map(11, 12) == [18, 24]) // the entity alone
        #expect(map(10, 12) == [17, 24])
    }

    @Test func emptyRangesAndBounds() {
        #expect(map(0, 0) == [0, 0])
        #expect(map(4, 4) == [6, 6])     // boundary: the later piece
        #expect(map(13, 13) == [25, 25]) // end of text
        #expect(map(11, 11) == [18, 18]) // at the start of a substituted piece
        #expect(map(12, 12) == [24, 24]) // at its end
        #expect(map(0, 14) == nil)       // past the end
        #expect(Self.sample().documentRange(for: NSRange(location: -1, length: 1)) == nil)
        let empty = ProseSegment(blockRange: NSRange(location: 0, length: 0), intent: PresentationIntent(.paragraph, identity: 1))
        #expect(empty.documentRange(for: NSRange(location: 0, length: 0)) == nil)
    }

    @Test func surrogatePairsStayWhole() {
        var s = ProseSegment(blockRange: NSRange(location: 0, length: 10), intent: PresentationIntent(.paragraph, identity: 1))
        s.appendVerbatim("a 🇫🇷 b", documentLocation: 3)
        #expect(s.documentRange(for: NSRange(location: 2, length: 4)) == NSRange(location: 5, length: 4))
    }
}
