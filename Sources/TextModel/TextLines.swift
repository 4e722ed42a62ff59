import Foundation

/// Lines of a text, with `\n`, `\r\n` and a lone `\r` all ending a line.
///
/// In a Swift `String`, `"\r\n"` is one `Character`, so `split(separator: "\n")` leaves the
/// lines of a CRLF text unsplit; split lines with these instead.
extension Character {
    /// True for `\n`, `\r\n` and `\r`: the characters that end a line (not U+2028 or a form feed).
    @inlinable public var isLineBreak: Bool { self == "\n" || self == "\r\n" || self == "\r" }
}

extension StringProtocol {
    /// The lines of the text, without their line breaks (`\n`, `\r\n` or `\r`); empty lines are
    /// kept unless `omittingEmpty`. A text ending in a line break has an empty last line when
    /// empty lines are kept, as `split(separator:omittingEmptySubsequences: false)` gives.
    public func lines(omittingEmpty: Bool = false) -> [SubSequence] {
        split(omittingEmptySubsequences: omittingEmpty, whereSeparator: \.isLineBreak)
    }
}

extension String {
    /// `range` (UTF-16 offsets into the text) widened to whole Characters (grapheme clusters):
    /// its start moved back and its end moved forward to the nearest Character boundary, so an
    /// edit over it never starts at a combining mark (the `\u{301}` of `e\u{301}`), inside an
    /// emoji ZWJ sequence, a flag or a CR LF pair. Offsets are clamped to the text.
    public func widenedToCharacters(_ range: NSRange) -> NSRange {
        let count = utf16.count
        let start = min(max(range.location, 0), count)
        let end = min(max(start + max(range.length, 0), start), count)
        let a = characterStart(atOrBefore: start)
        var b = characterStart(atOrBefore: end)
        if b < end { b = index(after: String.Index(utf16Offset: b, in: self)).utf16Offset(in: self) }
        return NSRange(location: a, length: b - a)
    }

    /// The UTF-16 offset of the start of the Character holding `offset` (`offset` itself at a
    /// boundary or the end of the text).
    func characterStart(atOrBefore offset: Int) -> Int {
        guard offset > 0, offset < utf16.count else { return offset }
        // String index methods round an index inside a Character down to its start (Swift 5.7);
        // `index(after:)` then `index(before:)` gives that start.
        let i = String.Index(utf16Offset: offset, in: self)
        let start = index(before: index(after: i))
        return start.utf16Offset(in: self)
    }
}
