import Foundation
import FuzzSupport
import TextModel

/// Fuzz target: ``OffsetConverter`` on any valid UTF-8 text (the input, invalid sequences
/// repaired), against a reference computed from Swift's own string views.
///
/// Invariants, at every scalar boundary: UTF-16 ⇄ UTF-8 ⇄ scalar offsets are the reference's
/// and round-trip; line/character positions (in UTF-16, UTF-8 and UTF-32 at every third
/// boundary each) are the reference's (lines split at LF, CR and CRLF only) and map back to the same offset; an offset inside a character
/// (between surrogates, inside a UTF-8 sequence) rounds down to its start; offsets out of range
/// (negative, past the end, `Int.max`) clamp; line ranges are the reference's lines.
@main
enum FuzzOffsets {
    static func main() {
        FuzzDriver.run { bytes in
            check(String(decoding: bytes, as: UTF8.self))
        }
    }

    static func check(_ text: String) {
        let c = OffsetConverter(text)
        let scalars = Array(text.unicodeScalars)
        // Reference: per scalar boundary k, its UTF-16 and UTF-8 offsets.
        var o16 = [0], o8 = [0]
        for s in scalars {
            o16.append(o16.last! + (s.value > 0xFFFF ? 2 : 1))
            o8.append(o8.last! + UTF8.width(s))
        }
        // Reference lines: (start scalar, content end scalar).
        var lines: [(start: Int, end: Int)] = []
        var lineStart = 0, k = 0
        while k < scalars.count {
            let v = scalars[k].value
            if v == 0x0A || v == 0x0D {
                lines.append((lineStart, k))
                k += (v == 0x0D && k + 1 < scalars.count && scalars[k + 1].value == 0x0A) ? 2 : 1
                lineStart = k
            } else { k += 1 }
        }
        lines.append((lineStart, scalars.count))
        let n = scalars.count
        FuzzCheck.require(c.utf16Length == o16[n] && c.utf8Length == o8[n] && c.scalarCount == n,
                          "lengths \(c.utf16Length)/\(c.utf8Length)/\(c.scalarCount), expected \(o16[n])/\(o8[n])/\(n)", text)
        FuzzCheck.require(c.utf16Units == Array(text.utf16), "utf16Units differ", text)
        FuzzCheck.require(c.lineCount == lines.count, "\(c.lineCount) lines, expected \(lines.count)", text)
        var line = 0
        for i in 0...n {
            while line + 1 < lines.count && lines[line + 1].start <= i { line += 1 }
            let u = o16[i], b = o8[i]
            FuzzCheck.require(c.utf8Offset(fromUTF16: u) == b, "utf8Offset(fromUTF16: \(u)) = \(c.utf8Offset(fromUTF16: u)), expected \(b)", text)
            FuzzCheck.require(c.utf16Offset(fromUTF8: b) == u, "utf16Offset(fromUTF8: \(b)) = \(c.utf16Offset(fromUTF8: b)), expected \(u)", text)
            FuzzCheck.require(c.scalarOffset(fromUTF16: u) == i, "scalarOffset(fromUTF16: \(u)) = \(c.scalarOffset(fromUTF16: u)), expected \(i)", text)
            FuzzCheck.require(c.utf16Offset(fromScalar: i) == u, "utf16Offset(fromScalar: \(i)) = \(c.utf16Offset(fromScalar: i)), expected \(u)", text)
            FuzzCheck.require(c.isValidUTF16Boundary(u), "\(u) is a boundary", text)
            if i < n {
                // Inside the scalar: rounds down.
                for inner in (u + 1)..<o16[i + 1] {
                    FuzzCheck.require(!c.isValidUTF16Boundary(inner), "\(inner) is inside a surrogate pair", text)
                    FuzzCheck.require(c.utf8Offset(fromUTF16: inner) == b, "utf8Offset(fromUTF16: \(inner)) inside a pair", text)
                }
                for inner in (b + 1)..<o8[i + 1] {
                    FuzzCheck.require(c.utf16Offset(fromUTF8: inner) == u, "utf16Offset(fromUTF8: \(inner)) inside a sequence", text)
                }
            }
            // Line/character: a position between CR and LF, or inside a line break, is the line's end.
            let l = lines[line]
            let at = min(i, l.end)
            let expected: [(PositionEncoding, Int)] = [(.utf16, o16[at] - o16[l.start]), (.utf8, o8[at] - o8[l.start]), (.utf32, at - l.start)]
            // One encoding per boundary, in turn (all three at every boundary would triple the
            // cost of an input; over the boundaries of an input each is checked at a third).
            for (encoding, character) in [expected[i % 3]] {
                let p = c.position(fromUTF16: u, encoding: encoding)
                FuzzCheck.require(p == LinePosition(line: line, character: character),
                                  "position(fromUTF16: \(u), \(encoding)) = \(p), expected \(line):\(character)", text)
                let back = c.utf16Offset(from: p, encoding: encoding)
                FuzzCheck.require(back == o16[at], "utf16Offset(from: \(p), \(encoding)) = \(back), expected \(o16[at])", text)
            }
        }
        for (index, l) in lines.enumerated() {
            let r = c.lineRange(index)
            FuzzCheck.require(r == NSRange(location: o16[l.start], length: o16[l.end] - o16[l.start]),
                              "lineRange(\(index)) = \(r), expected \(o16[l.start])..<\(o16[l.end])", text)
            // Past the line's end: the line's end.
            let past = c.utf16Offset(from: LinePosition(line: index, character: Int.max), encoding: .utf8)
            FuzzCheck.require(past == o16[l.end], "a character past line \(index)'s end maps to \(past), expected \(o16[l.end])", text)
        }
        // Out of range: clamped, never trapped on.
        for absurd in [Int.min, -1, max(o8[n], n) + 1, Int.max] {
            let e = absurd < 0 ? 0 : o16[n]
            FuzzCheck.require(c.utf16Offset(fromUTF8: absurd) == e && c.utf16Offset(fromScalar: absurd) == e,
                              "offset \(absurd) not clamped", text)
            _ = c.utf8Range(fromUTF16: NSRange(location: absurd, length: Int.max))
            _ = c.position(fromUTF16: absurd, encoding: .utf8)
        }
        FuzzCheck.require(c.utf16Offset(from: LinePosition(line: lines.count, character: 0)) == o16[n], "a line past the end", text)
        FuzzCheck.require(c.utf16Offset(from: LinePosition(line: -1, character: 5)) == 0, "a negative line", text)
    }
}
