import Foundation

/// Typographic conventions of a whole document that the proofreader works out once and hands
/// the rules in their ``RuleContext``.
enum DocumentTypography {
    /// True when `texts` (a document's prose) space their colons as a convention: a colon after a
    /// space, between a word (or a closing quote or bracket) and a space or the line's end, at
    /// least three times, and more often than a colon glued to a word before a space. One
    /// such colon in a text that glues the others stays a slip.
    static func spacesItsColons(_ texts: some Sequence<String>) -> Bool {
        var spaced = 0, glued = 0
        for text in texts {
            let u = Array(text.utf8)
            guard u.count >= 3 else { continue }
            for k in 1..<u.count where u[k] == 0x3A {
                let after = k + 1 < u.count ? u[k + 1] : 0x20
                guard after == 0x20 || after == 0x0A || after == 0x09 else { continue }
                let b = u[k - 1]
                if b == 0x20, k >= 2, isWordEnd(u[k - 2]) { spaced += 1 } else if isWordEnd(b) { glued += 1 }
            }
        }
        return spaced >= 3 && spaced > glued
    }

    /// True for an ASCII letter or digit, a closing quote or bracket, or a byte of a non-ASCII
    /// character (the end of a word).
    static func isWordEnd(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x22 || b == 0x27 || b == 0x29 || b >= 0x80
    }

}
