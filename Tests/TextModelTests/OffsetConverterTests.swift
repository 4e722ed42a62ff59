import Foundation
import Testing
@testable import TextModel

@Suite("OffsetConverter")
struct OffsetConverterTests {
    // MARK: lengths of the hard cases

    struct Sizes: Sendable, CustomTestStringConvertible {
        let text: String, utf16: Int, utf8: Int, scalars: Int
        var testDescription: String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }

    @Test(arguments: [
        Sizes(text: "", utf16: 0, utf8: 0, scalars: 0),
        Sizes(text: "👩‍👩‍👧‍👦", utf16: 11, utf8: 25, scalars: 7),
        Sizes(text: "🧑‍💻", utf16: 5, utf8: 11, scalars: 3),
        Sizes(text: "🇫🇷🇯🇵", utf16: 8, utf8: 16, scalars: 4),
        Sizes(text: "👋🏽", utf16: 4, utf8: 8, scalars: 2),
        Sizes(text: "e\u{301}", utf16: 2, utf8: 3, scalars: 2),
        Sizes(text: "漢字かな", utf16: 4, utf8: 12, scalars: 4),
        Sizes(text: "𝒜𝔅", utf16: 4, utf8: 8, scalars: 2),
        Sizes(text: "\u{FEFF}a", utf16: 2, utf8: 4, scalars: 2),
        Sizes(text: "a\r\nb", utf16: 4, utf8: 4, scalars: 4),
    ])
    func lengths(_ c: Sizes) {
        let conv = OffsetConverter(c.text)
        #expect(conv.utf16Length == c.utf16)
        #expect(conv.utf8Length == c.utf8)
        #expect(conv.scalarCount == c.scalars)
        #expect(conv.utf16Length == (c.text as NSString).length)
    }

    // MARK: offsets

    @Test func zwjFamilyOffsets() {
        let text = "a👩‍👩‍👧‍👦b"
        let c = OffsetConverter(text)
        // 'b' starts after 1 + 11 units, 1 + 25 bytes, 1 + 7 scalars.
        #expect(c.utf8Offset(fromUTF16: 12) == 26)
        #expect(c.scalarOffset(fromUTF16: 12) == 8)
        #expect(c.utf16Offset(fromUTF8: 26) == 12)
        #expect(c.utf16Offset(fromScalar: 8) == 12)
        // The ZWJ after the first woman: UTF-16 3, UTF-8 5, scalar 2.
        #expect(c.utf8Offset(fromUTF16: 3) == 5)
        #expect(c.scalarOffset(fromUTF16: 3) == 2)
        #expect(c.utf16Offset(fromScalar: 2) == 3)
    }

    @Test func surrogateInteriorRoundsDown() {
        let c = OffsetConverter("a𝒜b🧑‍💻")
        // 𝒜 occupies UTF-16 [1,3), UTF-8 [1,5).
        #expect(c.utf8Offset(fromUTF16: 2) == 1)
        #expect(c.scalarOffset(fromUTF16: 2) == 1)
        #expect(!c.isValidUTF16Boundary(2))
        #expect(c.isValidUTF16Boundary(1))
        #expect(c.isValidUTF16Boundary(3))
        #expect(c.position(fromUTF16: 2, encoding: .utf16) == LinePosition(line: 0, character: 1))
        #expect(c.position(fromUTF16: 2, encoding: .utf8) == LinePosition(line: 0, character: 1))
        // Inside a UTF-8 sequence rounds down too.
        for byte in 1...4 { #expect(c.utf16Offset(fromUTF8: byte) == 1) }
        #expect(c.utf16Offset(fromUTF8: 5) == 3)
        // A position inside a pair rounds down.
        #expect(c.utf16Offset(from: LinePosition(line: 0, character: 2), encoding: .utf16) == 1)
        #expect(c.utf16Offset(from: LinePosition(line: 0, character: 3), encoding: .utf8) == 1)
        // 🧑 starts at 4; its low surrogate at 5.
        #expect(c.utf16Offset(from: LinePosition(line: 0, character: 5), encoding: .utf16) == 4)
    }

    @Test func combiningMarkIsTwoScalars() {
        let c = OffsetConverter("e\u{301}x")
        #expect(c.utf8Offset(fromUTF16: 1) == 1)
        #expect(c.utf8Offset(fromUTF16: 2) == 3)
        #expect(c.position(fromUTF16: 2, encoding: .utf32) == LinePosition(line: 0, character: 2))
        #expect(c.position(fromUTF16: 2, encoding: .utf8) == LinePosition(line: 0, character: 3))
    }

    @Test func byteOrderMarkIsAnOrdinaryCharacter() {
        let text = "\u{FEFF}ab\ncd"
        #expect(text.utf16.count == 6) // Swift keeps the BOM
        let c = OffsetConverter(text)
        #expect(c.utf8Offset(fromUTF16: 1) == 3)
        #expect(c.utf16Offset(fromUTF8: 3) == 1)
        #expect(c.utf16Offset(fromUTF8: 2) == 0)
        #expect(c.position(fromUTF16: 1, encoding: .utf16) == LinePosition(line: 0, character: 1))
        #expect(c.position(fromUTF16: 1, encoding: .utf8) == LinePosition(line: 0, character: 3))
        #expect(c.position(fromUTF16: 4, encoding: .utf8) == LinePosition(line: 1, character: 0))
        #expect(c.lineRange(0) == r(0, 3))
    }

    @Test func cjkAndAstralPositionsInEveryEncoding() {
        let text = "x\n漢字𝒜𝔅かな"
        let c = OffsetConverter(text)
        // 'か' starts at UTF-16 2+2+4 = 8.
        #expect(c.position(fromUTF16: 8, encoding: .utf16) == LinePosition(line: 1, character: 6))
        #expect(c.position(fromUTF16: 8, encoding: .utf8) == LinePosition(line: 1, character: 14))
        #expect(c.position(fromUTF16: 8, encoding: .utf32) == LinePosition(line: 1, character: 4))
        #expect(c.utf16Offset(from: LinePosition(line: 1, character: 6), encoding: .utf16) == 8)
        #expect(c.utf16Offset(from: LinePosition(line: 1, character: 14), encoding: .utf8) == 8)
        #expect(c.utf16Offset(from: LinePosition(line: 1, character: 4), encoding: .utf32) == 8)
    }

    @Test func flagsAndSkinTone() {
        let text = "🇫🇷🇯🇵\n👋🏽!"
        let c = OffsetConverter(text)
        #expect(c.lineCount == 2)
        #expect(c.lineRange(0) == r(0, 8))
        #expect(c.lineRange(1) == r(9, 5))
        // "!" at UTF-16 13.
        #expect(c.position(fromUTF16: 13, encoding: .utf16) == LinePosition(line: 1, character: 4))
        #expect(c.position(fromUTF16: 13, encoding: .utf8) == LinePosition(line: 1, character: 8))
        #expect(c.position(fromUTF16: 13, encoding: .utf32) == LinePosition(line: 1, character: 2))
        // Between the two regional indicators of 🇫🇷 (a scalar boundary, not a character one).
        #expect(c.utf8Offset(fromUTF16: 2) == 4)
    }

    // MARK: lines

    @Test func mixedLineEndings() {
        let text = "ab\r\ncd\ref\ngh"
        let c = OffsetConverter(text)
        #expect(c.lineCount == 4)
        #expect(c.lineRange(0) == r(0, 2))
        #expect(c.lineRange(1) == r(4, 2))
        #expect(c.lineRange(2) == r(7, 2))
        #expect(c.lineRange(3) == r(10, 2))
        #expect(c.position(fromUTF16: 2) == LinePosition(line: 0, character: 2)) // before CR
        #expect(c.position(fromUTF16: 3) == LinePosition(line: 0, character: 2)) // between CR and LF
        #expect(c.position(fromUTF16: 4) == LinePosition(line: 1, character: 0))
        #expect(c.position(fromUTF16: 6) == LinePosition(line: 1, character: 2)) // before lone CR
        #expect(c.position(fromUTF16: 7) == LinePosition(line: 2, character: 0))
        #expect(c.position(fromUTF16: 12) == LinePosition(line: 3, character: 2))
        #expect(c.utf16Offset(from: LinePosition(line: 2, character: 1)) == 8)
    }

    @Test func consecutiveBreaks() {
        let c = OffsetConverter("\r\r\n\n\r")
        // Lines: "" CR | "" CRLF | "" LF | "" CR | "".
        #expect(c.lineCount == 5)
        #expect((0..<5).map { c.lineRange($0).location } == [0, 1, 3, 4, 5])
        #expect((0..<5).allSatisfy { c.lineRange($0).length == 0 })
        #expect(c.position(fromUTF16: 2) == LinePosition(line: 1, character: 0))
        #expect(c.utf16Offset(from: LinePosition(line: 4, character: 0)) == 5)
    }

    @Test func trailingNewlineStartsAnEmptyLine() {
        for text in ["abc\n", "abc\r\n", "abc\r"] {
            let c = OffsetConverter(text)
            #expect(c.lineCount == 2)
            let end = text.utf16.count
            #expect(c.position(fromUTF16: end) == LinePosition(line: 1, character: 0))
            #expect(c.lineRange(1) == r(end, 0))
            #expect(c.lineRange(0) == r(0, 3))
            #expect(c.utf16Offset(from: LinePosition(line: 1, character: 0)) == end)
            #expect(c.utf16Offset(from: LinePosition(line: 0, character: 99)) == 3)
        }
    }

    @Test func emptyText() {
        let c = OffsetConverter("")
        #expect(c.lineCount == 1)
        #expect(c.utf16Length == 0 && c.utf8Length == 0 && c.scalarCount == 0)
        #expect(c.position(fromUTF16: 0) == LinePosition(line: 0, character: 0))
        #expect(c.position(fromUTF16: 5) == LinePosition(line: 0, character: 0))
        #expect(c.lineRange(0) == r(0, 0))
        for e in PositionEncoding.allCases {
            #expect(c.utf16Offset(from: LinePosition(line: 0, character: 3), encoding: e) == 0)
            #expect(c.utf16Offset(from: LinePosition(line: 7, character: 3), encoding: e) == 0)
        }
        #expect(c.utf8Offset(fromUTF16: 1) == 0)
        #expect(c.utf16Offset(fromScalar: 1) == 0)
        #expect(c.isValidUTF16Boundary(0))
        #expect(!c.isValidUTF16Boundary(1))
    }

    // MARK: clamping (LSP 3.17)

    @Test func clampingFollowsLSP() {
        let text = "héllo\r\nwörld\n"
        let c = OffsetConverter(text)
        for e in PositionEncoding.allCases {
            // Character past the line's end → the line's end, before its break.
            #expect(c.utf16Offset(from: LinePosition(line: 0, character: 100), encoding: e) == 5)
            #expect(c.utf16Offset(from: LinePosition(line: 1, character: 6), encoding: e) == 12)
            // Line past the end → the end of the text.
            #expect(c.utf16Offset(from: LinePosition(line: 3, character: 0), encoding: e) == 13)
            #expect(c.utf16Offset(from: LinePosition(line: 99, character: 99), encoding: e) == 13)
            // Negative values → 0 / start of the line.
            #expect(c.utf16Offset(from: LinePosition(line: -1, character: 4), encoding: e) == 0)
            #expect(c.utf16Offset(from: LinePosition(line: 1, character: -4), encoding: e) == 7)
            // Absurd values never trap.
            #expect(c.utf16Offset(from: LinePosition(line: 1, character: Int.max), encoding: e) == 12)
            #expect(c.utf16Offset(from: LinePosition(line: Int.max, character: Int.max), encoding: e) == 13)
            #expect(c.utf16Offset(from: LinePosition(line: 0, character: Int.min), encoding: e) == 0)
        }
        // 'ö' is 2 UTF-8 bytes: byte 9 of line 1 is inside... line 1 "wörld": w=0, ö=1..3, r=3.
        #expect(c.utf16Offset(from: LinePosition(line: 1, character: 2), encoding: .utf8) == 8)
        #expect(c.position(fromUTF16: -3) == LinePosition(line: 0, character: 0))
        #expect(c.position(fromUTF16: 1000) == LinePosition(line: 2, character: 0))
        #expect(c.utf8Offset(fromUTF16: -1) == 0)
        #expect(c.utf8Offset(fromUTF16: Int.max) == c.utf8Length)
        #expect(c.utf16Offset(fromUTF8: Int.max) == 13)
        #expect(c.utf16Offset(fromScalar: -5) == 0)
        #expect(c.utf16Offset(fromScalar: Int.max) == 13)
        #expect(c.lineRange(-1) == r(0, 5))
        #expect(c.lineRange(50) == r(13, 0))
    }

    @Test func rangeConversions() {
        let text = "a👋🏽b漢c"
        let c = OffsetConverter(text)
        #expect(c.utf8Range(fromUTF16: r(1, 4)) == r(1, 8))
        #expect(c.utf16Range(fromUTF8: r(1, 8)) == r(1, 4))
        #expect(c.utf8Range(fromUTF16: r(6, 1)) == r(10, 3))
        #expect(c.utf16Range(fromUTF8: r(10, 3)) == r(6, 1))
        // Ends inside a scalar round down; ranges past the end clamp; absurd ones don't trap.
        #expect(c.utf8Range(fromUTF16: r(2, 1)) == r(1, 4))
        #expect(c.utf16Range(fromUTF8: r(11, 50)) == r(6, 2))
        #expect(c.utf8Range(fromUTF16: r(Int.max, 1)) == r(c.utf8Length, 0))
        #expect(c.utf8Range(fromUTF16: r(NSNotFound, 0)) == r(c.utf8Length, 0))
        #expect(c.utf16Range(fromUTF8: r(3, Int.max)) == r(1, 7))
    }

    // MARK: property test against the String views

    /// Independent reference: line starts and content ends over scalars, by splitting.
    struct Reference {
        let scalars: [Unicode.Scalar]
        var lines: [(start: Int, contentEnd: Int)] = []
        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
            var start = 0, k = 0
            while k < scalars.count {
                let s = scalars[k]
                if s == "\r", k + 1 < scalars.count, scalars[k + 1] == "\n" {
                    lines.append((start, k)); k += 2; start = k
                } else if s == "\r" || s == "\n" {
                    lines.append((start, k)); k += 1; start = k
                } else {
                    k += 1
                }
            }
            lines.append((start, scalars.count))
        }
        func units(_ s: Unicode.Scalar, _ e: PositionEncoding) -> Int {
            switch e { case .utf16: s.utf16.count; case .utf8: s.utf8.count; case .utf32: 1 }
        }
        /// Position of scalar index `i`.
        func position(ofScalar i: Int, _ e: PositionEncoding) -> LinePosition {
            let line = lines.lastIndex { $0.start <= i }!
            let end = min(i, lines[line].contentEnd)
            let ch = scalars[lines[line].start..<max(end, lines[line].start)].reduce(0) { $0 + units($1, e) }
            return LinePosition(line: line, character: ch)
        }
        /// Scalar index of a position, clamped and rounded down.
        func scalarIndex(of p: LinePosition, _ e: PositionEncoding) -> Int {
            guard p.line < lines.count else { return scalars.count }
            let (start, end) = lines[p.line]
            var acc = 0, k = start
            while k < end, acc + units(scalars[k], e) <= p.character { acc += units(scalars[k], e); k += 1 }
            return k
        }
    }

    @Test(arguments: 0..<12)
    func agreesWithStringViews(seed: Int) throws {
        var g = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        for _ in 0..<25 {
            let text = randomText(&g, pieces: Int.random(in: 0...40, using: &g))
            let c = OffsetConverter(text)
            let ref = Reference(text)
            let u16 = text.utf16
            #expect(c.utf16Length == u16.count)
            #expect(c.utf8Length == text.utf8.count)
            #expect(c.scalarCount == text.unicodeScalars.count)
            #expect(c.lineCount == ref.lines.count)

            // Scalar boundaries as UTF-16 offsets, from Swift's own views.
            var utf16OfScalar: [Int] = [], utf8OfScalar: [Int] = []
            for i in text.unicodeScalars.indices {
                utf16OfScalar.append(u16.distance(from: u16.startIndex, to: i))
                utf8OfScalar.append(text.utf8.distance(from: text.utf8.startIndex, to: i))
            }
            utf16OfScalar.append(u16.count); utf8OfScalar.append(text.utf8.count)

            for o in 0...u16.count {
                let idx = u16.index(u16.startIndex, offsetBy: o)
                let aligned = idx.samePosition(in: text.unicodeScalars) != nil
                #expect(c.isValidUTF16Boundary(o) == aligned)
                // Expected scalar: the last one starting at or before o (round down).
                let scalar = utf16OfScalar.lastIndex { $0 <= o }!
                #expect(c.scalarOffset(fromUTF16: o) == scalar)
                #expect(c.utf8Offset(fromUTF16: o) == utf8OfScalar[scalar])
                if aligned {
                    let si = try #require(idx.samePosition(in: text.unicodeScalars))
                    #expect(text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: si) == scalar)
                    #expect(String.Index(utf16Offset: o, in: text).utf16Offset(in: text) == o)
                    #expect(c.utf16Offset(fromScalar: scalar) == o)
                    #expect(c.utf16Offset(fromUTF8: utf8OfScalar[scalar]) == o)
                }
                for e in PositionEncoding.allCases {
                    let p = c.position(fromUTF16: o, encoding: e)
                    #expect(p == ref.position(ofScalar: scalar, e), "offset \(o) \(e) in \(text.debugDescription)")
                    // Round trip, except between CR and LF (which maps to the line's end).
                    let betweenCRLF = scalar > 0 && scalar < ref.scalars.count
                        && ref.scalars[scalar - 1] == "\r" && ref.scalars[scalar] == "\n"
                    if aligned && !betweenCRLF {
                        #expect(c.utf16Offset(from: p, encoding: e) == o)
                    }
                }
            }
            for byte in 0...text.utf8.count {
                let scalar = utf8OfScalar.lastIndex { $0 <= byte }!
                #expect(c.utf16Offset(fromUTF8: byte) == utf16OfScalar[scalar])
            }
            // Every position, including past the ends, in every encoding.
            for line in 0...(ref.lines.count) {
                for ch in 0...14 {
                    for e in PositionEncoding.allCases {
                        let p = LinePosition(line: line, character: ch)
                        #expect(c.utf16Offset(from: p, encoding: e) == utf16OfScalar[ref.scalarIndex(of: p, e)],
                                "\(p) \(e) in \(text.debugDescription)")
                    }
                }
            }
            // Line ranges cut exactly the lines Foundation's views see.
            for line in 0..<ref.lines.count {
                let lr = c.lineRange(line)
                let (s, e) = ref.lines[line]
                #expect(lr == r(utf16OfScalar[s], utf16OfScalar[e] - utf16OfScalar[s]))
                let sub = try #require(text.substring(utf16Range: lr))
                #expect(!sub.contains("\n") && !sub.contains("\r") && !sub.contains("\r\n"))
                #expect(identical(sub, (text as NSString).substring(with: lr)))
            }
        }
    }

    @Test func largeTextIsFast() {
        var g = SeededGenerator(seed: 42)
        let text = randomText(&g, pieces: 30_000)
        // Speed is measured by the benchmarks on unseen input, not by a timed test: this checks
        // that the conversions of a large text finish and agree.
        let c = OffsetConverter(text)
        var sum = 0
        for o in stride(from: 0, to: c.utf16Length, by: 7) {
            sum &+= c.position(fromUTF16: o, encoding: .utf8).character
            sum &+= c.utf8Offset(fromUTF16: o)
        }
        #expect(sum > 0)
    }
}
