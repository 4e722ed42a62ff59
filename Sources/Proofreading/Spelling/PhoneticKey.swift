/// A Metaphone-like phonetic key of an English word: words that sound alike share a key
/// (`fisiks` and `physics` → `FSKS`).
///
/// After Lawrence Philips' original Metaphone (1990), simplified: consonant sounds are
/// written with one letter each (`X` for "sh"/"ch", `0` for "th"), vowels are kept only at the
/// start (as `A`), doubled letters count once. Characters outside a–z are ignored.
enum PhoneticKey {
    /// The key of `word` (any case), as ASCII bytes; empty for a word without ASCII letters.
    static func key(_ word: some StringProtocol) -> [UInt8] {
        var letters: [UInt8] = []
        letters.reserveCapacity(word.utf8.count)
        for b in word.utf8 {
            switch b {
            case 0x61...0x7A: letters.append(b)
            case 0x41...0x5A: letters.append(b + 32)
            default: break
            }
        }
        return key(letters: letters)
    }

    /// The key of lowercase ASCII letters.
    static func key(letters input: [UInt8]) -> [UInt8] {
        guard !input.isEmpty else { return [] }
        var w = input
        // Initial letter groups (compared as bytes: this runs for every dictionary word when the
        // spelling index is built, and for candidates when suggestions are ranked).
        @inline(__always) func starts(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
            w.count >= 2 && w[0] == UInt8(ascii: a) && w[1] == UInt8(ascii: b)
        }
        if starts("a", "e") || starts("g", "n") || starts("k", "n") || starts("p", "n") || starts("w", "r") {
            w.removeFirst()
        } else if w[0] == UInt8(ascii: "x") {
            w[0] = UInt8(ascii: "s")
        } else if starts("w", "h") {
            w.remove(at: 1)
        }
        let n = w.count
        var out: [UInt8] = []
        out.reserveCapacity(n)
        @inline(__always) func at(_ i: Int) -> UInt8 { i >= 0 && i < n ? w[i] : 0 }
        @inline(__always) func vowel(_ c: UInt8) -> Bool {
            c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6F || c == 0x75
        }
        @inline(__always) func front(_ c: UInt8) -> Bool { c == 0x65 || c == 0x69 || c == 0x79 } // e i y
        @inline(__always) func emit(_ c: Unicode.Scalar) {
            let b = UInt8(ascii: c)
            if out.last != b { out.append(b) }
        }
        var i = 0
        while i < n {
            let c = w[i]
            // Doubled letters count once (except c: "acc" → KS).
            if i > 0 && c == w[i - 1] && c != 0x63 { i += 1; continue }
            switch c {
            case 0x61, 0x65, 0x69, 0x6F, 0x75: // vowels
                if i == 0 { out.append(UInt8(ascii: "A")) }
            case 0x62: // b, silent in final "mb"
                if !(i == n - 1 && at(i - 1) == 0x6D) { emit("P") }
            case 0x63: // c
                if at(i + 1) == 0x68 { // ch
                    if at(i - 1) == 0x73 { emit("K") } else { emit("X") }
                    i += 1
                } else if at(i + 1) == 0x69 && at(i + 2) == 0x61 {
                    emit("X")
                } else if front(at(i + 1)) {
                    if at(i - 1) != 0x73 { emit("S") }
                } else {
                    emit("K")
                }
            case 0x64: // d
                if at(i + 1) == 0x67 && front(at(i + 2)) { emit("J"); i += 1 } else { emit("T") }
            case 0x67: // g
                if at(i + 1) == 0x68 {
                    // "gh": silent unless at the start or before a vowel ("ghost").
                    if i == 0 { emit("K") } else if vowel(at(i + 2)) { emit("K") } else if at(i + 2) == 0 && (at(i - 1) == 0x75 || at(i - 1) == 0x6F) {
                        emit("F") // rough, tough, cough
                    }
                    i += 1
                } else if at(i + 1) == 0x6E && (i + 2 == n || (at(i + 2) == 0x65 && at(i + 3) == 0x64 && i + 4 == n)) {
                    // silent in final "gn", "gned"
                } else if front(at(i + 1)) {
                    emit("J")
                } else {
                    emit("K")
                }
            case 0x68: // h: sounded only before a vowel and not after a modifying consonant
                let p = at(i - 1)
                if vowel(at(i + 1)) && !(p == 0x63 || p == 0x73 || p == 0x70 || p == 0x74 || p == 0x67) {
                    emit("H")
                }
            case 0x6B: // k, silent after c
                if at(i - 1) != 0x63 { emit("K") }
            case 0x70: // p
                if at(i + 1) == 0x68 { emit("F"); i += 1 } else { emit("P") }
            case 0x71: emit("K") // q
            case 0x73: // s
                if at(i + 1) == 0x68 { emit("X"); i += 1 } else if at(i + 1) == 0x69 && (at(i + 2) == 0x6F || at(i + 2) == 0x61) {
                    emit("X")
                } else { emit("S") }
            case 0x74: // t
                if at(i + 1) == 0x69 && (at(i + 2) == 0x6F || at(i + 2) == 0x61) {
                    emit("X")
                } else if at(i + 1) == 0x68 {
                    emit("0"); i += 1
                } else if !(at(i + 1) == 0x63 && at(i + 2) == 0x68) {
                    emit("T")
                }
            case 0x76: emit("F") // v
            case 0x77, 0x79: // w, y: consonants only before a vowel
                if vowel(at(i + 1)) { emit(c == 0x77 ? "W" : "Y" as Unicode.Scalar) }
            case 0x78: // x
                if i == 0 { emit("S") } else { emit("K"); out.append(UInt8(ascii: "S")) }
            case 0x7A: emit("S") // z
            case 0x66: emit("F")
            case 0x6A: emit("J")
            case 0x6C: emit("L")
            case 0x6D: emit("M")
            case 0x6E: emit("N")
            case 0x72: emit("R")
            default: break
            }
            i += 1
        }
        return out
    }
}
