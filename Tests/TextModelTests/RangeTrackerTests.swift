import Foundation
import Testing
@testable import TextModel

@Suite("RangeTracker")
struct RangeTrackerTests {
    // Text "0123456789ABCDEF"; one edit replacing [6,9) by 5 units (delta +2).
    let tracker = try! RangeTracker(edits: [TextEdit(range: r(6, 3), replacement: "vwxyz")])

    @Test func rangeBeforeIsUnchanged() {
        #expect(tracker.map(r(0, 4)) == .init(range: r(0, 4), wasTouched: false))
        #expect(tracker.map(r(2, 4)) == .init(range: r(2, 4), wasTouched: false)) // ends where the edit starts
    }

    @Test func rangeAfterShifts() {
        #expect(tracker.map(r(9, 3)) == .init(range: r(11, 3), wasTouched: false)) // starts where the edit ends
        #expect(tracker.map(r(12, 0)) == .init(range: r(14, 0), wasTouched: false))
    }

    @Test func overlappingRangesCoverTheReplacement() {
        #expect(tracker.map(r(4, 4)) == .init(range: r(4, 7), wasTouched: true))  // overlaps the start
        #expect(tracker.map(r(7, 4)) == .init(range: r(6, 7), wasTouched: true))  // overlaps the end
        #expect(tracker.map(r(2, 10)) == .init(range: r(2, 12), wasTouched: true)) // contains the edit
        #expect(tracker.map(r(7, 1)) == .init(range: r(6, 5), wasTouched: true))  // inside the edit
        #expect(tracker.map(r(6, 3)) == .init(range: r(6, 5), wasTouched: true))  // exactly the edit
        #expect(tracker.map(r(7, 0)) == .init(range: r(6, 5), wasTouched: true))  // a caret inside
    }

    @Test func shrinkingEdits() throws {
        let t = try RangeTracker(edits: [TextEdit(range: r(2, 6), replacement: "x")])
        #expect(t.map(r(0, 4)) == .init(range: r(0, 3), wasTouched: true))
        #expect(t.map(r(4, 2)) == .init(range: r(2, 1), wasTouched: true))
        #expect(t.map(r(10, 2)) == .init(range: r(5, 2), wasTouched: false))
        let d = try RangeTracker(edits: [TextEdit(range: r(2, 6), replacement: "")])
        #expect(d.map(r(3, 2)) == .init(range: r(2, 0), wasTouched: true)) // deleted: collapses
    }

    @Test func insertionsAtBoundaries() throws {
        let t = try RangeTracker(edits: [TextEdit(range: r(5, 0), replacement: "abc")])
        #expect(t.map(r(5, 3)) == .init(range: r(8, 3), wasTouched: false)) // insertion at the start goes before
        #expect(t.map(r(2, 3)) == .init(range: r(2, 3), wasTouched: false)) // insertion at the end stays after
        #expect(t.map(r(4, 2)) == .init(range: r(4, 5), wasTouched: true))  // insertion inside grows it
        #expect(t.map(r(5, 0)) == .init(range: r(8, 0), wasTouched: false)) // a caret moves past it
        #expect(t.map(offset: 5) == 8)
        #expect(t.map(offset: 4) == 4)
        // A caret at the start of a replaced range stays before it.
        let u = try RangeTracker(edits: [TextEdit(range: r(5, 2), replacement: "abc")])
        #expect(u.map(r(5, 0)) == .init(range: r(5, 0), wasTouched: false))
        #expect(u.map(r(7, 0)) == .init(range: r(8, 0), wasTouched: false))
    }

    @Test func manyEditsInAnyOrder() throws {
        let edits = [
            TextEdit(range: r(10, 2), replacement: ""),      // -2
            TextEdit(range: r(0, 0), replacement: "ab"),     // +2
            TextEdit(range: r(4, 1), replacement: "xyz"),    // +2
            TextEdit(range: r(20, 0), replacement: "!"),     // +1
        ]
        let t = try RangeTracker(edits: edits)
        #expect(t.map(r(1, 2)) == .init(range: r(3, 2), wasTouched: false))
        #expect(t.map(r(6, 3)) == .init(range: r(10, 3), wasTouched: false))
        #expect(t.map(r(3, 8)) == .init(range: r(5, 9), wasTouched: true))  // [3,12) with +2 +2 -2
        #expect(t.map(r(13, 7)) == .init(range: r(15, 7), wasTouched: false))
        #expect(t.map(r(13, 8)) == .init(range: r(15, 9), wasTouched: true))
        #expect(try TextEdit.map(r(13, 7), through: edits) == r(15, 7))
    }

    @Test func noEditsAndBadInput() throws {
        let t = try RangeTracker(edits: [])
        #expect(t.map(r(3, 4)) == .init(range: r(3, 4), wasTouched: false))
        #expect(t.map(r(-1, 4)).range == r(-1, 4))
        #expect(throws: TextEditError.overlappingEdits(r(0, 4), r(2, 1))) {
            try RangeTracker(edits: [TextEdit(range: r(2, 1), replacement: ""), TextEdit(range: r(0, 4), replacement: "")])
        }
        #expect(throws: TextEditError.overlappingEdits(r(3, 0), r(3, 0))) {
            try RangeTracker(edits: [TextEdit(range: r(3, 0), replacement: "a"), TextEdit(range: r(3, 0), replacement: "b")])
        }
        #expect(throws: TextEditError.invalidRange(r(-2, 1), textLength: -1)) {
            try RangeTracker(edits: [TextEdit(range: r(-2, 1), replacement: "")])
        }
        #expect(throws: TextEditError.self) {
            try RangeTracker(edits: [TextEdit(range: r(Int.max, 5), replacement: "")])
        }
        // Huge ranges saturate instead of trapping.
        #expect(t.map(r(5, Int.max)).range.location == 5)
    }

    /// Against the text itself: an untouched range names the same text after the edits; a touched
    /// one names the original text of `[min(a, s), max(b, e))` with the overlapping edits applied.
    @Test(arguments: 0..<6)
    func followsTheText(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &+ 31)
        for _ in 0..<60 {
            let text = randomText(&g, pieces: Int.random(in: 0...30, using: &g))
            let c = OffsetConverter(text)
            let bounds = (0...c.utf16Length).filter { c.isValidUTF16Boundary($0) }
            var cuts = Array(Set((0..<Int.random(in: 0...8, using: &g)).map { _ in bounds.randomElement(using: &g)! })).sorted()
            if cuts.count % 2 == 1 { cuts.append(cuts.last!) }
            var edits: [TextEdit] = []
            for k in stride(from: 0, to: cuts.count, by: 2) {
                edits.append(TextEdit(range: r(cuts[k], cuts[k + 1] - cuts[k]),
                                      replacement: randomText(&g, pieces: Int.random(in: 0...3, using: &g))))
            }
            edits.shuffle(using: &g)
            let edited = try text.applying(edits)
            let t = try RangeTracker(edits: edits)
            for _ in 0..<20 {
                let x = bounds.randomElement(using: &g)!, y = bounds.randomElement(using: &g)!
                let range = r(min(x, y), abs(x - y))
                let mapped = t.map(range)
                let after = try #require(edited.substring(utf16Range: mapped.range))
                let overlapping = edits.filter { e in
                    !(NSMaxRange(e.range) <= range.location) && !(e.range.location >= NSMaxRange(range))
                }
                #expect(mapped.wasTouched == !overlapping.isEmpty)
                let lo = overlapping.map(\.range.location).reduce(range.location, min)
                let hi = overlapping.map { NSMaxRange($0.range) }.reduce(NSMaxRange(range), max)
                let local = overlapping.map { TextEdit(range: r($0.range.location - lo, $0.range.length), replacement: $0.replacement) }
                let before = try #require(text.substring(utf16Range: r(lo, hi - lo)))
                #expect(identical(after, try before.applying(local)),
                        "\(range) through \(edits) in \(text.debugDescription)")
            }
        }
    }
}
