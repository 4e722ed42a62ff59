import Foundation
import Testing
@testable import TextModel

@Suite("String.applying and substring(utf16Range:)")
struct TextEditTests {
    @Test func singleEdits() throws {
        #expect(try "hello world".applying([TextEdit(range: r(6, 5), replacement: "there")]) == "hello there")
        #expect(try "hello".applying([TextEdit(range: r(0, 0), replacement: ">> ")]) == ">> hello")
        #expect(try "hello".applying([TextEdit(range: r(5, 0), replacement: "!")]) == "hello!")
        #expect(try "hello".applying([TextEdit(range: r(1, 3), replacement: "")]) == "ho")
        #expect(try "hello".applying([]) == "hello")
        #expect(try "".applying([TextEdit(range: r(0, 0), replacement: "x")]) == "x")
        #expect(try "abc".applying([TextEdit(range: r(0, 3), replacement: "")]) == "")
    }

    @Test func multipleInsertionsAtDistinctPoints() throws {
        let edits = [0, 2, 4, 6].map { TextEdit(range: r($0, 0), replacement: "|") }
        #expect(try "abcdef".applying(edits) == "|ab|cd|ef|")
    }

    @Test func unsortedEditsAreSorted() throws {
        let edits = [
            TextEdit(range: r(8, 3), replacement: "dogs"),
            TextEdit(range: r(0, 3), replacement: "Two"),
            TextEdit(range: r(4, 3), replacement: "big"),
        ]
        #expect(try "The fat cat".applying(edits) == "Two big dogs")
        #expect(try "The fat cat".applying(edits.reversed()) == "Two big dogs")
    }

    @Test func touchingEditsAreAllowed() throws {
        #expect(try "abcd".applying([TextEdit(range: r(2, 2), replacement: "Y"), TextEdit(range: r(0, 2), replacement: "X")]) == "XY")
        // An insertion at the start of a replaced range comes first.
        #expect(try "abcd".applying([TextEdit(range: r(1, 2), replacement: "Z"), TextEdit(range: r(1, 0), replacement: "+")]) == "a+Zd")
        // An insertion at the end of a replaced range comes after it.
        #expect(try "abcd".applying([TextEdit(range: r(3, 0), replacement: "+"), TextEdit(range: r(1, 2), replacement: "Z")]) == "aZ+d")
    }

    @Test func overlappingEditsThrow() {
        #expect(throws: TextEditError.overlappingEdits(r(0, 3), r(2, 2))) {
            try "abcdef".applying([TextEdit(range: r(2, 2), replacement: "x"), TextEdit(range: r(0, 3), replacement: "y")])
        }
        #expect(throws: TextEditError.overlappingEdits(r(1, 0), r(1, 0))) {
            try "abc".applying([TextEdit(range: r(1, 0), replacement: "x"), TextEdit(range: r(1, 0), replacement: "y")])
        }
        #expect(throws: TextEditError.overlappingEdits(r(1, 4), r(2, 0))) {
            try "abcdef".applying([TextEdit(range: r(1, 4), replacement: "x"), TextEdit(range: r(2, 0), replacement: "y")])
        }
        #expect(throws: TextEditError.self) {
            try "abcdef".applying([TextEdit(range: r(1, 2), replacement: "x"), TextEdit(range: r(1, 2), replacement: "x")])
        }
    }

    @Test func outOfRangeThrows() {
        for bad in [r(-1, 1), r(0, 4), r(4, 0), r(2, -1), r(Int.max, 1), r(1, Int.max), r(NSNotFound, 0)] {
            #expect(throws: TextEditError.invalidRange(bad, textLength: 3)) {
                try "abc".applying([TextEdit(range: bad, replacement: "x")])
            }
        }
        #expect(throws: TextEditError.invalidRange(r(1, 0), textLength: 0)) {
            try "".applying([TextEdit(range: r(1, 0), replacement: "x")])
        }
    }

    @Test func surrogateSplittingThrows() throws {
        let text = "a𝒜b👋🏽" // 𝒜 at [1,3), 👋 at [4,6), 🏽 at [6,8)
        for bad in [r(2, 0), r(2, 1), r(0, 2), r(1, 1), r(5, 3), r(4, 3)] {
            #expect(throws: TextEditError.invalidRange(bad, textLength: 8)) {
                try text.applying([TextEdit(range: bad, replacement: "x")])
            }
        }
        // Between the hand and its skin tone is a scalar boundary: allowed (it is the caller's
        // business not to split characters).
        #expect(try text.applying([TextEdit(range: r(6, 2), replacement: "")]) == "a𝒜b👋")
        #expect(try text.applying([TextEdit(range: r(1, 2), replacement: "A")]) == "aAb👋🏽")
    }

    @Test func invalidEditLeavesNothingHalfDone() {
        let text = "abc"
        #expect(throws: TextEditError.self) {
            try text.applying([TextEdit(range: r(0, 1), replacement: "x"), TextEdit(range: r(9, 1), replacement: "y")])
        }
        #expect(text == "abc")
    }

    @Test func editsOnHardText() throws {
        let text = "\u{FEFF}👩‍👩‍👧‍👦 漢字\r\n🇫🇷e\u{301}"
        let family = text.utf16.count - "👩‍👩‍👧‍👦 漢字\r\n🇫🇷e\u{301}".utf16.count
        #expect(family == 1)
        let out = try text.applying([
            TextEdit(range: r(1, 11), replacement: "🧑‍💻"),
            TextEdit(range: r(13, 2), replacement: "かな"),
            TextEdit(range: r(15, 2), replacement: "\n"),
        ])
        #expect(identical(out, "\u{FEFF}🧑‍💻 かな\n🇫🇷e\u{301}"))
    }

    /// Scalar boundaries inside a grapheme cluster are honoured exactly (Foundation's
    /// NSMutableString on Linux gets this wrong; see the random test below).
    @Test func editInsideGraphemeClusterAtScalarBoundary() throws {
        #expect(identical(try "a👋🏽b".applying([TextEdit(range: r(1, 2), replacement: "Q")]), "aQ🏽b"))
        #expect(identical(try "🇫🇷".applying([TextEdit(range: r(2, 2), replacement: "🇯🇵")]), "🇫🇯🇵"))
        #expect(identical(try "e\u{301}".applying([TextEdit(range: r(1, 1), replacement: "")]), "e"))
    }

    @Test func editsKeepNormalizationExactly() throws {
        // "é" precomposed vs decomposed: == calls them equal; applying must keep the bytes.
        let out = try "cafe\u{301}!".applying([TextEdit(range: r(5, 1), replacement: "?")])
        #expect(identical(out, "cafe\u{301}?"))
        #expect(!identical(out, "caf\u{E9}?"))
    }

    @Test func substringByUTF16Range() {
        let text = "a𝒜b👋🏽\r\n"
        #expect(text.substring(utf16Range: r(0, 1)) == "a")
        #expect(text.substring(utf16Range: r(1, 2)) == "𝒜")
        #expect(text.substring(utf16Range: r(4, 4)) == "👋🏽")
        #expect(text.substring(utf16Range: r(4, 2)) == "👋")
        #expect(text.substring(utf16Range: r(8, 2)) == "\r\n")
        #expect(text.substring(utf16Range: r(10, 0)) == "")
        #expect(text.substring(utf16Range: r(0, 10)) == text)
        // Between CR and LF is a scalar boundary.
        #expect(text.substring(utf16Range: r(8, 1)) == "\r")
        for bad in [r(2, 1), r(1, 1), r(0, 11), r(11, 0), r(-1, 1), r(3, -1), r(Int.max, 1), r(2, Int.max), r(NSNotFound, 0)] {
            #expect(text.substring(utf16Range: bad) == nil, "\(bad)")
        }
        #expect("".substring(utf16Range: r(0, 0)) == "")
    }

    @Test func descriptions() {
        #expect(TextEdit(range: r(2, 3), replacement: "x").description == "[2,5) → \"x\"")
        #expect(TextEditError.invalidRange(r(Int.max, 5), textLength: 3).description.contains("\(Int.max)"))
        #expect(TextEditError.overlappingEdits(r(0, 2), r(1, 1)).description == "edits overlap: 0..<2 and 1..<2")
    }

    /// Random non-overlapping edits applied at once equal the same edits applied one at a time
    /// from the end.
    @Test(arguments: 0..<6)
    func randomEditsAgreeWithSplicing(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) + 100)
        for _ in 0..<60 {
            let text = randomText(&g, pieces: Int.random(in: 0...30, using: &g))
            let c = OffsetConverter(text)
            // Scalar boundaries only.
            let bounds = (0...c.utf16Length).filter { c.isValidUTF16Boundary($0) }
            var cuts = Array(Set((0..<Int.random(in: 0...8, using: &g)).map { _ in bounds.randomElement(using: &g)! })).sorted()
            if cuts.count % 2 == 1 { cuts.append(cuts.last!) }
            var edits: [TextEdit] = []
            for k in stride(from: 0, to: cuts.count, by: 2) {
                edits.append(TextEdit(range: r(cuts[k], cuts[k + 1] - cuts[k]),
                                      replacement: randomText(&g, pieces: Int.random(in: 0...3, using: &g))))
            }
            // Reference: splice UTF-16 code units from the last edit to the first. (Not
            // NSMutableString: on Linux its replaceCharacters(in:with:) rounds a range that ends
            // inside a grapheme cluster, e.g. [1,3) of "a👋🏽b", and inserts instead of replacing.)
            var units = Array(text.utf16)
            for e in edits.sorted(by: { $0.range.location > $1.range.location }) {
                units.replaceSubrange(e.range.location..<NSMaxRange(e.range), with: Array(e.replacement.utf16))
            }
            edits.shuffle(using: &g)
            let out = try text.applying(edits)
            #expect(identical(out, String(decoding: units, as: UTF16.self)))
        }
    }

    @Test func scalarBoundaryNeverSplitsASurrogatePair() {
        let text = "a😀b"  // UTF-16: a, lead, trail, b
        #expect(text.scalarBoundary(nearUTF16: 2, backward: true) == 1)
        #expect(text.scalarBoundary(nearUTF16: 2, backward: false) == 3)
        #expect(text.scalarBoundary(nearUTF16: 3, backward: true) == 3)
        #expect(text.scalarBoundary(nearUTF16: -5, backward: true) == 0 && text.scalarBoundary(nearUTF16: 99, backward: false) == 4)
    }
}
