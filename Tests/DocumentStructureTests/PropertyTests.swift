import DocumentStructure
import Foundation
import Testing

/// Invariants that hold for every fixture.
@Suite struct PropertyTests {
    static func parsed(_ name: String) throws -> StructuredDocument {
        DocumentParser.parse(try Support.load(name), markup: Support.markup(for: name))
    }

    @Test(arguments: Support.fixtureNames)
    func protectedRangesAreValidSortedAndSliceable(_ name: String) throws {
        let doc = try Self.parsed(name)
        let n = doc.text.utf16.count
        var previous = -1
        for p in doc.protectedRanges {
            #expect(p.range.location >= 0 && p.range.length > 0 && p.range.location + p.range.length <= n, "\(p)")
            #expect(doc.text.substring(utf16Range: p.range) != nil, "\(p) splits a surrogate pair")
            #expect(p.range.location >= previous, "not sorted at \(p)")
            previous = p.range.location
        }
    }

    @Test(arguments: Support.fixtureNames)
    func piecesMapBackFaithfully(_ name: String) throws {
        let doc = try Self.parsed(name)
        for s in doc.proseSegments {
            var expectedStart = 0
            for p in s.pieces {
                #expect(p.segmentRange.location == expectedStart, "pieces must tile the segment text")
                expectedStart = p.segmentRange.location + p.segmentRange.length
                let segText = Support.slice(s.text, p.segmentRange)
                switch p.kind {
                case .verbatim:
                    #expect(segText == Support.slice(doc.text, p.documentRange), "verbatim piece \(p) of \(s.text)")
                case .protected:
                    #expect(segText == "\u{FFFC}")
                case .substituted:
                    #expect(p.documentRange.length > 0)
                }
                if p.kind != .protected {
                    #expect(!doc.intersectsProtected(p.documentRange), "prose piece \(p) overlaps a protected range in \(name)")
                }
            }
            #expect(expectedStart == s.text.utf16.count)
        }
    }

    @Test(arguments: Support.fixtureNames)
    func wordRangesRoundTrip(_ name: String) throws {
        let doc = try Self.parsed(name)
        for s in doc.proseSegments {
            for w in Support.wordRanges(s.text) {
                let word = Support.slice(s.text, w)
                guard let d = s.documentRange(for: w) else {
                    // Only words that contain substituted text may fail to map.
                    Issue.record("word \(word) in \(s.text) did not map")
                    continue
                }
                let covered = s.pieces.filter { $0.segmentRange.location < w.location + w.length && w.location < $0.segmentRange.location + $0.segmentRange.length }
                if covered.allSatisfy({ $0.kind == .verbatim }) && covered.count == 1 {
                    #expect(Support.slice(doc.text, d) == word)
                }
                #expect(!doc.intersectsProtected(d), "word \(word) maps into a protected range")
            }
        }
    }

    @Test(arguments: Support.fixtureNames)
    func blocksAreInDocumentOrderWithUniqueIdentities(_ name: String) throws {
        let doc = try Self.parsed(name)
        var ids = Set<Int>()
        var previous = -1
        for b in doc.blocks {
            #expect(b.range.location >= previous)
            previous = b.range.location
            if let first = b.intent.components.first { #expect(ids.insert(first.identity).inserted, "duplicate identity in \(b)") }
        }
    }
}
