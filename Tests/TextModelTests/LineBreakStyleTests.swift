import Foundation
import Testing
import TextModel

/// ``LineBreakStyle``: which break a text writes most, and CRLF written with offsets kept.
struct LineBreakStyleTests {
    @Test func dominantStyle() {
        #expect(LineBreakStyle.dominant(in: "a\r\nb\r\nc\n") == .crlf)
        #expect(LineBreakStyle.dominant(in: "a\nb\r\nc\n") == .lf)
        #expect(LineBreakStyle.dominant(in: "no break") == .lf)
        #expect(LineBreakStyle.dominant(in: "old\rmac\r") == .lf)
    }

    @Test func writingCRLFMapsOffsets() {
        let (text, offset) = LineBreakStyle.writingCRLF("ab\ncd\r\ne\n")
        #expect(text == "ab\r\ncd\r\ne\r\n")
        // "cd" (2..<4 before the change, after "ab\n") is at 4..<6; the end of the text follows.
        #expect((text as NSString).substring(with: NSRange(location: offset(3), length: offset(5) - offset(3))) == "cd")
        #expect(offset(0) == 0 && offset(2) == 2 && offset(3) == 4 && offset(9) == 11)
        // A place at an LF that gained a CR maps to the CR: a range over the break keeps both.
        #expect((text as NSString).substring(with: NSRange(location: offset(2), length: offset(3) - offset(2))) == "\r\n")
    }

    /// ``Swift/StringProtocol/lines(omittingEmpty:)``: LF, CRLF and a lone CR each end a line;
    /// `split(separator: "\n")` leaves a CRLF text whole, since `"\r\n"` is one Character.
    @Test func linesSplitAtEveryLineBreak() {
        #expect("a\r\nb\r\nc".split(separator: "\n").count == 1)
        #expect("a\r\nb\nc\rd".lines().map(String.init) == ["a", "b", "c", "d"])
        #expect("a\r\n\r\nb\r\n".lines().map(String.init) == ["a", "", "b", ""])
        #expect("a\r\n\r\nb\r\n".lines(omittingEmpty: true).map(String.init) == ["a", "b"])
        #expect("x\u{2028}y".lines().count == 1)
        #expect(Character("\r\n").isLineBreak && !Character("\u{2028}").isLineBreak)
    }

    /// ``Swift/String/widenedToCharacters(_:)``: a range starting at a combining mark, inside
    /// an emoji ZWJ sequence, a flag or a CR LF pair takes in the whole Character.
    @Test func rangesWidenToWholeCharacters() {
        let text = "cafe\u{301} 👩‍💻 🇫🇷🇩🇪 a\r\nb"
        let ns = text as NSString
        // The combining mark alone (offset 4): widened to "e\u{301}".
        #expect(ns.substring(with: text.widenedToCharacters(NSRange(location: 4, length: 1))) == "e\u{301}")
        // Inside the ZWJ sequence (after its first scalar): the whole emoji.
        let emoji = ns.range(of: "👩‍💻")
        #expect(text.widenedToCharacters(NSRange(location: emoji.location + 2, length: 1)) == emoji)
        // The second flag's first half (a regional indicator) and the first flag's end.
        let de = ns.range(of: "🇩🇪")
        #expect(text.widenedToCharacters(NSRange(location: de.location + 2, length: 0)) == de)
        #expect(text.widenedToCharacters(NSRange(location: de.location - 2, length: 4)) == NSRange(location: de.location - 4, length: 8))
        // Between CR and LF.
        let crlf = ns.range(of: "\r\n")
        #expect(text.widenedToCharacters(NSRange(location: crlf.location + 1, length: 0)) == crlf)
        // Whole ranges stay as they are; ranges are clamped to the text.
        #expect(text.widenedToCharacters(NSRange(location: 0, length: 3)) == NSRange(location: 0, length: 3))
        #expect(text.widenedToCharacters(NSRange(location: ns.length, length: 5)) == NSRange(location: ns.length, length: 0))
    }
}
