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
