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
        suffix.withUTF8Buffer { s in
            var copy = self
            return copy.withUTF8 { b in b.count >= s.count && Self.same(b, from: b.count - s.count, as: s) }
        }
    }

    /// `hasPrefix(prefix)` for a prefix of ASCII letters and apostrophes, by comparing the first
    /// bytes and checking that no combining mark follows them (`"re"` is no prefix of
    /// `"re\u{301}…"` as characters go).
    @inline(__always)
    func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { hasASCIIPrefix(bytes: $0) }
    }

    /// ``hasASCIIPrefix(_:)`` for a prefix known only at run time (a word list's entry); a
    /// prefix with a non-ASCII character is compared with `hasPrefix`.
    func hasASCIIPrefix(_ prefix: String) -> Bool {
        var copy = prefix
        return copy.withUTF8 { p in p.contains { $0 >= 0x80 } ? hasPrefix(prefix) : hasASCIIPrefix(bytes: p) }
    }

    /// `hasPrefix` of the ASCII bytes `p`, by bytes (see ``hasASCIIPrefix(_:)``).
    @inline(__always)
    private func hasASCIIPrefix(bytes p: UnsafeBufferPointer<UInt8>) -> Bool {
        var copy = self
        return copy.withUTF8 { b -> Bool in
            guard b.count >= p.count, Self.same(b, from: 0, as: p) else { return false }
            // A byte of 0x80 or more next: maybe a combining mark on the prefix's last letter.
            if b.count > p.count, b[p.count] >= 0x80 { return hasPrefix(String(decoding: p, as: UTF8.self)) }
            return true
        }
    }

    /// True when `b[offset...]` starts with the bytes of `s` (the caller checks the length).
    @inline(__always)
    private static func same(_ b: UnsafeBufferPointer<UInt8>, from offset: Int, as s: UnsafeBufferPointer<UInt8>) -> Bool {
        for k in 0..<s.count where b[offset + k] != s[k] { return false }
        return true
    }
}
