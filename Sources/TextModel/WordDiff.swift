import Foundation

/// A word-level diff: turns two versions of a text into the few, non-overlapping ``TextEdit``s
/// that a person would review (whole words, not single letters).
///
/// Its main use is turning a language model's corrected text into per-edit proofreading
/// suggestions (docs/ARCHITECTURE.md, “Modules”, WritingToolsEngine), so it favours edits that read well over edits
/// that are smallest in characters:
///
/// 1. Both texts are split into **tokens**: words (letters, digits, `_`, and an apostrophe `'` or
///    `’` between two letters, so "don't" is one word), runs of whitespace (line breaks
///    included), and single characters for everything else (punctuation, symbols, emoji). Han,
///    Hiragana and Katakana characters are one token each, since those scripts put no spaces
///    between words. Tokens are whole grapheme clusters (Swift `Character`s), so an edit never
///    splits a ZWJ sequence, a flag, a skin-tone modifier or a combining mark from its base.
/// 2. The token sequences are compared with Myers' O((N+M)·D) algorithm in linear space (its
///    divide-and-conquer "middle snake" form), after trimming their common prefix and suffix.
///    Tokens are compared exactly (by Unicode scalars, not by canonical equivalence), so an NFC
///    "é" against an NFD "é" is a change.
/// 3. Each maximal run of changed tokens becomes one edit. With
///    ``Options/joinsChangesAcrossSpaces`` (the default), two changes separated only by one run of
///    spaces or tabs (no line break) are joined into one edit: "I has went" → "I have gone" is one
///    edit `has went` → `have gone`, which a reviewer accepts or rejects as a whole.
/// 4. An edit whose both sides are whitespace only is trimmed to the characters that differ
///    ("a␣␣b" → "a␣b" deletes one space); a word is always replaced whole ("recieve" → "receive",
///    "a" → "an", never a single letter).
///
/// Guarantee: `try original.applying(edits(from: original, to: revised))` is `revised`, scalar
/// for scalar, for all inputs. The edits are sorted, non-overlapping and not touching (two edits
/// never share an endpoint), with ranges in UTF-16 code units of `original` on grapheme-cluster
/// boundaries.
///
/// Cost: O(N + M) memory in tokens; time O((N+M)·D) for D changed tokens, bounded on very
/// different texts by ``Options/costLimit``, past which a split point is chosen heuristically (as
/// GNU diff does): the edits stay correct but may be fewer and larger than minimal.
public enum WordDiff {
    /// Tuning for ``WordDiff/edits(from:to:options:)``.
    public struct Options: Hashable, Sendable {
        /// Joins two changes separated only by one run of spaces or tabs (no line break) into one
        /// edit. Default `true`.
        public var joinsChangesAcrossSpaces: Bool
        /// How many edit steps Myers' search explores in each direction for one split before it
        /// settles for the furthest-reaching point found (bounds the time on unrelated texts).
        /// Values below 16 count as 16. Default 1024.
        public var costLimit: Int

        /// Creates options; the defaults are what ``WordDiff/edits(from:to:)`` uses.
        public init(joinsChangesAcrossSpaces: Bool = true, costLimit: Int = 1024) {
            self.joinsChangesAcrossSpaces = joinsChangesAcrossSpaces
            self.costLimit = costLimit
        }
    }

    /// The kind of a ``Token``.
    public enum TokenKind: Hashable, Sendable {
        /// Letters, digits, `_`, with inner apostrophes.
        case word
        /// A run of whitespace characters (spaces, tabs, line breaks).
        case whitespace
        /// One Han, Hiragana or Katakana character.
        case ideograph
        /// One other character: punctuation, symbol, emoji.
        case other
    }

    /// One token of a text, as ``WordDiff`` sees it.
    public struct Token: Hashable, Sendable {
        /// What kind of token it is.
        public var kind: TokenKind
        /// Its UTF-16 range in the text it was cut from.
        public var range: NSRange
        /// Its text.
        public var text: Substring

        /// True for a whitespace token containing a line break (LF, CR, CRLF, U+2028, U+2029, …).
        public var containsLineBreak: Bool {
            kind == .whitespace && text.contains(where: \.isNewline)
        }
    }

    /// Edits that turn `original` into `revised`, with the default ``Options``.
    ///
    /// - Returns: sorted, non-overlapping edits whose ranges are UTF-16 ranges of `original`;
    ///   empty when the texts are identical scalar for scalar.
    public static func edits(from original: String, to revised: String) -> [TextEdit] {
        edits(from: original, to: revised, options: Options())
    }

    /// How many tokens (``tokens(of:)``) a diff from `original` to `revised` deletes plus how
    /// many it inserts: the size of the change, 0 for identical texts. Two alignments of the
    /// same change compare by it (deleting the first or the second "very" of "very very" costs
    /// the same). Exact up to ``Options/costLimit`` edit steps, an upper bound past it.
    public static func changedTokenCount(from original: String, to revised: String, costLimit: Int = 1024) -> Int {
        if original.utf8.elementsEqual(revised.utf8) { return 0 }
        let d = compared(tokens(of: original), tokens(of: revised), costLimit: costLimit)
        return d.myers.deleted.reduce(0) { $0 + ($1 ? 1 : 0) } + d.myers.inserted.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// Edits that turn `original` into `revised`.
    ///
    /// - Returns: sorted, non-overlapping, non-touching edits whose ranges are UTF-16 ranges of
    ///   `original`, such that `try original.applying(result)` equals `revised` scalar for scalar;
    ///   empty when the texts are identical.
    public static func edits(from original: String, to revised: String, options: Options) -> [TextEdit] {
        if original.utf8.elementsEqual(revised.utf8) { return [] }
        let ta = tokens(of: original)
        let tb = tokens(of: revised)
        let (a, b, myers) = compared(ta, tb, costLimit: options.costLimit)
        var hunks = Self.hunks(deleted: myers.deleted, inserted: myers.inserted)

        if options.joinsChangesAcrossSpaces, hunks.count > 1 {
            var joined: [Hunk] = [hunks[0]]
            for h in hunks.dropFirst() {
                let last = joined[joined.count - 1]
                let gap = last.a.upperBound..<h.a.lowerBound
                if gap.count == 1, ta[gap.lowerBound].kind == .whitespace, !ta[gap.lowerBound].containsLineBreak {
                    joined[joined.count - 1] = Hunk(a: last.a.lowerBound..<h.a.upperBound,
                                                    b: last.b.lowerBound..<h.b.upperBound)
                } else {
                    joined.append(h)
                }
            }
            hunks = joined
        }

        var result: [TextEdit] = []
        result.reserveCapacity(hunks.count)
        for h in hunks {
            var ar = h.a, br = h.b
            // Equal tokens at either end (possible after joining) are not part of the change.
            while !ar.isEmpty, !br.isEmpty, a[ar.lowerBound] == b[br.lowerBound] {
                ar = ar.dropFirst(); br = br.dropFirst()
            }
            while !ar.isEmpty, !br.isEmpty, a[ar.upperBound - 1] == b[br.upperBound - 1] {
                ar = ar.dropLast(); br = br.dropLast()
            }
            if ar.isEmpty && br.isEmpty { continue }
            // An insertion goes where the next original token starts (or at the end of the text).
            var start = ar.lowerBound < ta.count ? ta[ar.lowerBound].range.location : original.utf16.count
            var end = ar.isEmpty ? start : NSMaxRange(ta[ar.upperBound - 1].range)
            var replacement: Substring
            if br.isEmpty {
                replacement = ""
            } else {
                let lo = tb[br.lowerBound].text.startIndex
                let hi = tb[br.upperBound - 1].text.endIndex
                replacement = revised[lo..<hi]
            }
            let allWhitespace = ta[ar].allSatisfy { $0.kind == .whitespace } && tb[br].allSatisfy { $0.kind == .whitespace }
            if allWhitespace {
                let removed = original.substring(utf16Range: NSRange(location: start, length: end - start)) ?? ""
                var removedChars = Substring(removed)
                // Trim equal characters at both ends (exact scalar comparison).
                while let x = removedChars.first, let y = replacement.first, x.unicodeScalars.elementsEqual(y.unicodeScalars) {
                    start += x.utf16.count
                    removedChars = removedChars.dropFirst(); replacement = replacement.dropFirst()
                }
                while let x = removedChars.last, let y = replacement.last, x.unicodeScalars.elementsEqual(y.unicodeScalars) {
                    end -= x.utf16.count
                    removedChars = removedChars.dropLast(); replacement = replacement.dropLast()
                }
                if removedChars.isEmpty && replacement.isEmpty { continue }
            }
            result.append(TextEdit(range: NSRange(location: start, length: end - start), replacement: String(replacement)))
        }
        return result
    }

    /// The token sequences as interned ids and Myers' comparison of them (run).
    private static func compared(_ ta: [Token], _ tb: [Token], costLimit: Int) -> (a: [Int], b: [Int], myers: Myers) {
        var interner = Interner()
        let a = ta.map { interner.id(of: $0.text) }
        let b = tb.map { interner.id(of: $0.text) }
        var myers = Myers(a: a, b: b, costLimit: max(16, costLimit))
        myers.run()
        return (a, b, myers)
    }

    // MARK: tokens

    /// Splits `text` into the tokens ``WordDiff`` compares (see the type's documentation).
    /// The tokens cover the text exactly, in order.
    public static func tokens(of text: String) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(text.utf16.count / 3 + 1)
        var i = text.startIndex
        var offset = 0
        while i < text.endIndex {
            let c = text[i]
            let start = i, startOffset = offset
            var next = text.index(after: i)
            var length = c.utf16.count
            let kind: TokenKind
            if c.isWhitespace {
                kind = .whitespace
                while next < text.endIndex, text[next].isWhitespace {
                    length += text[next].utf16.count
                    next = text.index(after: next)
                }
            } else if isIdeograph(c) {
                kind = .ideograph
            } else if isWordCharacter(c) {
                kind = .word
                while next < text.endIndex {
                    let d = text[next]
                    if isWordCharacter(d), !isIdeograph(d) {
                        length += d.utf16.count
                        next = text.index(after: next)
                    } else if d == "'" || d == "\u{2019}" {
                        let after = text.index(after: next)
                        guard after < text.endIndex, text[after].isLetter, !isIdeograph(text[after]) else { break }
                        length += d.utf16.count
                        next = after
                    } else {
                        break
                    }
                }
            } else {
                kind = .other
            }
            result.append(Token(kind: kind, range: NSRange(location: startOffset, length: length), text: text[start..<next]))
            offset += length
            i = next
        }
        return result
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_"
    }

    /// Han (CJK Unified Ideographs and extensions, compatibility ideographs), Hiragana, Katakana
    /// (with the phonetic extensions and half-width forms) and the iteration marks.
    private static func isIdeograph(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        switch v {
        case 0x3005, 0x3006, 0x3007, // 々 〆 〇
             0x3040...0x30FF,        // Hiragana, Katakana
             0x31F0...0x31FF,        // Katakana phonetic extensions
             0x3400...0x4DBF,        // CJK extension A
             0x4E00...0x9FFF,        // CJK unified ideographs
             0xF900...0xFAFF,        // CJK compatibility ideographs
             0xFF66...0xFF9F,        // half-width Katakana
             0x20000...0x3FFFF:      // CJK extensions B…
            return true
        default:
            return false
        }
    }

    // MARK: hunks

    /// One run of changes: tokens `a` of the original replaced by tokens `b` of the revision.
    struct Hunk: Equatable {
        var a: Range<Int>
        var b: Range<Int>
    }

    /// Pairs the unchanged tokens of both sides in order and returns the changes between them.
    static func hunks(deleted: [Bool], inserted: [Bool]) -> [Hunk] {
        var result: [Hunk] = []
        var i = 0, j = 0
        let n = deleted.count, m = inserted.count
        while i < n || j < m {
            if i < n, j < m, !deleted[i], !inserted[j] {
                i += 1; j += 1
                continue
            }
            let i0 = i, j0 = j
            while i < n, deleted[i] { i += 1 }
            while j < m, inserted[j] { j += 1 }
            result.append(Hunk(a: i0..<i, b: j0..<j))
        }
        return result
    }
}

/// Maps token texts to small integers, comparing them exactly (by UTF-8 bytes), not by Swift's
/// canonical equivalence.
private struct Interner {
    struct Key: Hashable {
        let text: Substring
        static func == (l: Key, r: Key) -> Bool { l.text.utf8.elementsEqual(r.text.utf8) }
        func hash(into hasher: inout Hasher) {
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
        }
    }
    private var ids: [Key: Int] = [:]

    mutating func id(of text: Substring) -> Int {
        let key = Key(text: text)
        if let id = ids[key] { return id }
        let id = ids.count
        ids[key] = id
        return id
    }
}

/// Myers' diff in linear space (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations",
/// Algorithmica 1986, §4b), in the form of GNU diff's `compareseq`/`diag`, including its
/// "too expensive" heuristic. Marks each element of `a` deleted or kept and of `b` inserted or
/// kept; kept elements pair up in order.
private struct Myers {
    let a: [Int]
    let b: [Int]
    let costLimit: Int
    var deleted: [Bool]
    var inserted: [Bool]
    /// Forward and backward furthest-reaching x per diagonal `x - y`, indexed by diagonal + offset.
    private var fd: [Int]
    private var bd: [Int]
    private let offset: Int

    init(a: [Int], b: [Int], costLimit: Int) {
        self.a = a
        self.b = b
        self.costLimit = costLimit
        deleted = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
        offset = b.count + 1
        fd = Array(repeating: 0, count: a.count + b.count + 3)
        bd = Array(repeating: 0, count: a.count + b.count + 3)
    }

    mutating func run() {
        var stack: [(Int, Int, Int, Int)] = [(0, a.count, 0, b.count)]
        while let (xlo, xhi, ylo, yhi) = stack.popLast() {
            var x0 = xlo, x1 = xhi, y0 = ylo, y1 = yhi
            while x0 < x1, y0 < y1, a[x0] == b[y0] { x0 += 1; y0 += 1 }
            while x0 < x1, y0 < y1, a[x1 - 1] == b[y1 - 1] { x1 -= 1; y1 -= 1 }
            if x0 == x1 {
                for j in y0..<y1 { inserted[j] = true }
            } else if y0 == y1 {
                for i in x0..<x1 { deleted[i] = true }
            } else {
                let (xm, ym) = split(x0, x1, y0, y1)
                if (xm == x0 && ym == y0) || (xm == x1 && ym == y1) {
                    // No progress (cannot happen with a sound split; kept as a safety net).
                    for i in x0..<x1 { deleted[i] = true }
                    for j in y0..<y1 { inserted[j] = true }
                } else {
                    stack.append((xm, x1, ym, y1))
                    stack.append((x0, xm, y0, ym))
                }
            }
        }
    }

    /// A point (x, y) on a shortest edit path from (xoff, yoff) to (xlim, ylim), or, past the cost
    /// limit, on a good one. The ends have no common prefix or suffix and are both non-empty.
    private mutating func split(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
        let o = offset
        let dmin = xoff - ylim, dmax = xlim - yoff
        let fmid = xoff - yoff, bmid = xlim - ylim
        var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
        let odd = (fmid - bmid) & 1 != 0
        fd[fmid + o] = xoff
        bd[bmid + o] = xlim
        var c = 1
        while true {
            // Forward search.
            if fmin > dmin { fmin -= 1; fd[fmin - 1 + o] = -1 } else { fmin += 1 }
            if fmax < dmax { fmax += 1; fd[fmax + 1 + o] = -1 } else { fmax -= 1 }
            var d = fmax
            while d >= fmin {
                let tlo = fd[d - 1 + o], thi = fd[d + 1 + o]
                var x = tlo >= thi ? tlo + 1 : thi
                var y = x - d
                while x < xlim, y < ylim, a[x] == b[y] { x += 1; y += 1 }
                fd[d + o] = x
                if odd, bmin <= d, d <= bmax, bd[d + o] <= x { return (x, y) }
                d -= 2
            }
            // Backward search.
            if bmin > dmin { bmin -= 1; bd[bmin - 1 + o] = Int.max } else { bmin += 1 }
            if bmax < dmax { bmax += 1; bd[bmax + 1 + o] = Int.max } else { bmax -= 1 }
            d = bmax
            while d >= bmin {
                let tlo = bd[d - 1 + o], thi = bd[d + 1 + o]
                var x = tlo < thi ? tlo : thi - 1
                var y = x - d
                while xoff < x, yoff < y, a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                bd[d + o] = x
                if !odd, fmin <= d, d <= fmax, x <= fd[d + o] { return (x, y) }
                d -= 2
            }
            if c >= costLimit {
                // Too expensive: take the furthest-reaching point found in either direction.
                var fxybest = -1, fxbest = xoff
                d = fmax
                while d >= fmin {
                    var x = min(fd[d + o], xlim)
                    var y = x - d
                    if ylim < y { x = ylim + d; y = ylim }
                    if fxybest < x + y { fxybest = x + y; fxbest = x }
                    d -= 2
                }
                var bxybest = Int.max, bxbest = xlim
                d = bmax
                while d >= bmin {
                    var x = max(xoff, bd[d + o])
                    var y = x - d
                    if y < yoff { x = yoff + d; y = yoff }
                    if x + y < bxybest { bxybest = x + y; bxbest = x }
                    d -= 2
                }
                if (xlim + ylim) - bxybest < fxybest - (xoff + yoff) {
                    return (fxbest, fxybest - fxbest)
                } else {
                    return (bxbest, bxybest - bxbest)
                }
            }
            c += 1
        }
    }
}
