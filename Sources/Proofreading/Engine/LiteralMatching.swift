import Foundation

extension String {
    /// True when this string is one of `words`, ASCII string literals: the same answer as
    /// `self.isAny(of: "a", "b")`, found by comparing bytes (lengths first) instead of
    /// building an array of strings and comparing with `==`, whose slow path (taken for every
    /// pair that differs) checks canonical equivalence. A string with non-ASCII characters is
    /// compared with `==` as before, since it may be canonically equivalent to an ASCII one.
    @inline(__always)
    func isAny(of words: StaticString...) -> Bool {
        var copy = self
        return copy.withUTF8 { b -> Bool in
            var ascii = true
            for x in b where x >= 0x80 { ascii = false; break }
            guard ascii else { return words.contains { self == $0.description } }
            for w in words where w.utf8CodeUnitCount == b.count {
                let same = w.withUTF8Buffer { l -> Bool in
                    for k in 0..<l.count where l[k] != b[k] { return false }
                    return true
                }
                if same { return true }
            }
            return false
        }
    }
}

extension String {
    /// `hasSuffix(suffix)` for a suffix of ASCII letters and apostrophes (`"ly"`, `"'s"`), by
    /// comparing the last bytes: the same answer for a token's text, since such a suffix's first
    /// character does not join what comes before it into one grapheme (combining marks follow
    /// their base; the prepended marks that would precede it are no part of a word token),
    /// without `hasSuffix`'s walk over grapheme breaks.
    @inline(__always)
    func hasASCIISuffix(_ suffix: StaticString) -> Bool {
        suffix.withUTF8Buffer { s -> Bool in
            var copy = self
            return copy.withUTF8 { b -> Bool in
                let n = s.count
                guard b.count >= n else { return false }
                let offset = b.count - n
                for k in 0..<n where b[offset + k] != s[k] { return false }
                return true
            }
        }
    }

    /// `hasPrefix(prefix)` for a prefix of ASCII letters and apostrophes, by comparing the first
    /// bytes and checking that no combining mark follows them (`"re"` is no prefix of
    /// `"re\u{301}…"` as characters go).
    @inline(__always)
    func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { p -> Bool in
            var copy = self
            return copy.withUTF8 { b -> Bool in
                let n = p.count
                guard b.count >= n else { return false }
                for k in 0..<n where b[k] != p[k] { return false }
                // A byte of 0x80 or more next: maybe a combining mark on the prefix's last letter.
                if b.count > n, b[n] >= 0x80 { return self.hasPrefix(String(decoding: UnsafeBufferPointer(rebasing: b[0..<n]), as: UTF8.self)) }
                return true
            }
        }
    }
}
