/// The weighted edit distance used to find and rank spelling candidates.
///
/// Costs are integers in tenths of an edit (an ordinary insertion, deletion or substitution
/// costs 10) so that ranking is exact and deterministic. Errors people make often cost less:
/// swapping two neighbours, a vowel for another vowel, a key next to the intended one on a
/// QWERTY keyboard, a doubled or undoubled letter, a missing or extra apostrophe.
enum EditCosts {
    /// An ordinary edit.
    static let unit: Int32 = 10
    /// Two neighbouring letters swapped (`teh` → `the`).
    static let transposition: Int32 = 6
    /// A vowel typed for another vowel (`seperate` → `separate`).
    static let vowelForVowel: Int32 = 6
    /// A key next to the intended one (`wprd` → `word`).
    static let keyboardNeighbour: Int32 = 7
    /// Letters that spell similar sounds (`c`/`k`/`s`, `i`/`y`…).
    static let soundAlike: Int32 = 7
    /// The same letter with another accent, or none (`cafe` → `café`).
    static let accent: Int32 = 2
    /// A letter doubled or undoubled (`begining` → `beginning`, `untill` → `until`).
    static let doubling: Int32 = 4
    /// A missing or extra apostrophe or hyphen (`dont` → `don't`).
    static let apostrophe: Int32 = 3
    /// The left-out `e` of a plural in -es (`tomatos` → `tomatoes`).
    static let pluralE: Int32 = 5
    /// A left-out `h` of a digraph (`wich` → `which`, `tought` → `thought`).
    static let digraphH: Int32 = 7

    /// Cost of inserting `c` into the misspelling (the intended word has a letter the writer
    /// left out), `previous` being the intended word's letter before it (0 at the start).
    @inline(__always)
    static func insertion(_ c: UInt32, after previous: UInt32) -> Int32 {
        if c == previous { return doubling }
        if c == 0x27 || c == 0x2D { return apostrophe }
        // h after c, g, p, s, t, w
        if c == 0x68 && (previous == 0x63 || previous == 0x67 || previous == 0x70 || previous == 0x73
                         || previous == 0x74 || previous == 0x77) { return digraphH }
        return unit
    }

    /// Cost of deleting the misspelling's `c` (the writer typed a letter too many), `previous`
    /// being the misspelling's letter before it (0 at the start).
    @inline(__always)
    static func deletion(_ c: UInt32, after previous: UInt32) -> Int32 {
        if c == previous { return doubling }
        if c == 0x27 || c == 0x2D { return apostrophe }
        return unit
    }

    /// Cost of the writer typing `typed` where the word has `intended`.
    @inline(__always)
    static func substitution(_ typed: UInt32, _ intended: UInt32) -> Int32 {
        if typed == intended { return 0 }
        if typed < 128 && intended < 128 {
            let a = Int(typed), b = Int(intended)
            return asciiTable[a &* 128 &+ b]
        }
        if baseLetter(typed) == baseLetter(intended) { return accent }
        return unit
    }

    /// The unaccented lowercase ASCII letter of a Latin letter with a diacritic (`é` → `e`),
    /// or the scalar itself.
    static func baseLetter(_ c: UInt32) -> UInt32 {
        if c < 0xC0 { return c }
        switch c {
        case 0xE0...0xE5: return 0x61 // à-å → a
        case 0xE7: return 0x63 // ç → c
        case 0xE8...0xEB: return 0x65 // è-ë → e
        case 0xEC...0xEF: return 0x69 // ì-ï → i
        case 0xF1: return 0x6E // ñ → n
        case 0xF2...0xF6, 0xF8: return 0x6F // ò-ö, ø → o
        case 0xF9...0xFC: return 0x75 // ù-ü → u
        case 0xFD, 0xFF: return 0x79 // ý, ÿ → y
        default: return c
        }
    }

    /// True for the ASCII vowels (y included).
    @inline(__always)
    static func isVowel(_ c: UInt32) -> Bool {
        c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6F || c == 0x75 || c == 0x79
    }

    /// Substitution costs between ASCII characters, typed × intended, 128 × 128.
    static let asciiTable: [Int32] = {
        var table = [Int32](repeating: unit, count: 128 * 128)
        func set(_ a: Character, _ b: Character, _ cost: Int32) {
            let x = Int(a.asciiValue!), y = Int(b.asciiValue!)
            table[x * 128 + y] = min(table[x * 128 + y], cost)
            table[y * 128 + x] = min(table[y * 128 + x], cost)
        }
        for i in 0..<128 { table[i * 128 + i] = 0 }
        let vowels = Array("aeiou")
        for a in vowels { for b in vowels where a != b { set(a, b, vowelForVowel) } }
        // QWERTY neighbours: same row and the rows above and below.
        let rows = [Array("qwertyuiop"), Array("asdfghjkl"), Array("zxcvbnm")]
        for (r, row) in rows.enumerated() {
            for (i, a) in row.enumerated() {
                if i + 1 < row.count { set(a, row[i + 1], keyboardNeighbour) }
                if r + 1 < rows.count {
                    let below = rows[r + 1]
                    for j in [i - 1, i] where j >= 0 && j < below.count { set(a, below[j], keyboardNeighbour) }
                }
            }
        }
        for pair in ["ck", "cs", "ks", "sz", "iy", "ey", "fv", "gj", "dt", "bp", "mn", "qk", "xz"] {
            let p = Array(pair)
            set(p[0], p[1], soundAlike)
        }
        return table
    }()
}
