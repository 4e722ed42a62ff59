import Foundation

extension String {
    /// True when this string is one of the words given, ASCII string literals (up to 24;
    /// a longer list belongs in a ``WordSet``): the same answer as `[w0, w1, …].contains(self)`,
    /// found by comparing bytes (lengths first) instead of comparing with `==`, whose slow path
    /// (taken for every pair that differs) checks canonical equivalence. A string with non-ASCII
    /// characters is compared with `==`, since it may be canonically equivalent to an ASCII one.
    ///
    /// The words are parameters rather than a variadic list, whose array the caller allocated
    /// on the heap for every call; the words not given are `nil`, and once this is inlined the
    /// comparisons with them fold away.
    @inline(__always)
    func isAny(of w0: StaticString, _ w1: StaticString? = nil, _ w2: StaticString? = nil, _ w3: StaticString? = nil, _ w4: StaticString? = nil,
               _ w5: StaticString? = nil, _ w6: StaticString? = nil, _ w7: StaticString? = nil, _ w8: StaticString? = nil, _ w9: StaticString? = nil,
               _ w10: StaticString? = nil, _ w11: StaticString? = nil, _ w12: StaticString? = nil, _ w13: StaticString? = nil, _ w14: StaticString? = nil,
               _ w15: StaticString? = nil, _ w16: StaticString? = nil, _ w17: StaticString? = nil, _ w18: StaticString? = nil, _ w19: StaticString? = nil,
               _ w20: StaticString? = nil, _ w21: StaticString? = nil, _ w22: StaticString? = nil, _ w23: StaticString? = nil) -> Bool {
        var copy = self
        return copy.withUTF8 { b -> Bool in
            @inline(__always) func same(_ w: StaticString?) -> Bool {
                guard let w, w.utf8CodeUnitCount == b.count else { return false }
                return w.withUTF8Buffer { l -> Bool in
                    for k in 0..<l.count where l[k] != b[k] { return false }
                    return true
                }
            }
            if same(w0) || same(w1) || same(w2) || same(w3) || same(w4) || same(w5) || same(w6) || same(w7)
                || same(w8) || same(w9) || same(w10) || same(w11) || same(w12) || same(w13) || same(w14) || same(w15)
                || same(w16) || same(w17) || same(w18) || same(w19) || same(w20) || same(w21) || same(w22) || same(w23) { return true }
            // No word has these bytes: none is equal unless the text is not ASCII (an ASCII word
            // and a text with other characters may still be canonically equivalent).
            for x in b where x >= 0x80 {
                return Self.isAnySlowly(self, of: [w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15,
                                                   w16, w17, w18, w19, w20, w21, w22, w23])
            }
            return false
        }
    }

    /// ``isAny(of:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:_:)`` for a text with non-ASCII
    /// characters: compared with `==`, except that a text with a `’` is no ASCII word (U+2019
    /// has no decomposition, so the text's canonical form keeps it), which turns away without
    /// normalising a word such as `don’t` for every ASCII literal.
    @inline(never)
    private static func isAnySlowly(_ text: String, of words: [StaticString?]) -> Bool {
        let hasCurlyApostrophe = text.unicodeScalars.contains("\u{2019}")
        return words.contains { word in
            guard let word, !(hasCurlyApostrophe && word.isASCII) else { return false }
            return text == word.description
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
