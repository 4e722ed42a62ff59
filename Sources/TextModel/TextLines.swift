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
