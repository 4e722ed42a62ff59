import Foundation
import TextModel

/// A token of prose with its UTF-16 range in the text it was cut from (a ``ProseSegment``'s text).
public struct Token: Hashable, Sendable, CustomStringConvertible {
    /// What a token is.
    public enum Kind: Hashable, Sendable {
        /// Letters (with marks), possibly with internal apostrophes (`don't`) or underscores
        /// (`snake_case`), or letters mixed with digits (`mp3`, `H2O`).
        case word
        /// Digits, possibly with internal `.`, `,` (`3.14`, `1,000`).
        case number
        /// One punctuation or symbol character.
        case punctuation
        /// Spaces and tabs (one token per run).
        case whitespace
        /// One line break (`\n`, `\r` or `\r\n`).
        case newline
        /// A placeholder standing for protected text (code, a URL…): never flagged or changed.
        case placeholder
    }

    // The stored properties are declared in this order so that a token fills 64 bytes with no
    // padding to spare (Swift lays a struct out in declaration order): the one-, two- and
    // four-byte fields first, then the range, the two strings and ``lexBits``.

    /// The token's kind.
    public var kind: Kind
    /// The last UTF-8 byte of ``lower`` (0 for empty text): “does the word end in -s?” without
    /// reading the string.
    var lastByte: UInt8
    /// Character-class facts about the text, computed once when the token is made.
    var traits: Traits
    /// The value of the text's first Unicode scalar (0 for empty text): with a UTF-16 length
    /// of 1, the whole token. Lets rules ask “is this token `—`?” without `String` equality,
    /// which normalises non-ASCII text before comparing.
    var firstScalar: UInt32
    /// UTF-16 range in the source text.
    public var range: NSRange
    /// The token's text.
    public var text: String
    /// The token's text lowercased (cached for rules).
    public var lower: String
    /// The hot word lists (``HotWords``) that hold ``norm``, as bits: looked up once when the
    /// token is made, so that the rules' most frequent questions (“is this a subject
    /// pronoun?”, “a be form?”) are a test of a bit instead of a lookup in a table each.
    var lexBits: UInt64
    /// ``lower`` with the typographic apostrophe `’` made straight (`don’t` → `don't`): the
    /// form rules compare words in. Not stored (a token copies faster with two strings than
    /// three): it is ``lower`` itself unless the token has a `’`.
    public var norm: String {
        // Inlined, so that reading `tokens[i].norm` copies one string, not the whole token.
        @inline(__always) get { traits.contains(.curlyApostrophe) ? Self.straightened(lower) : lower }
    }

    /// `text` with every `’` made `'`.
    @inline(never)
    static func straightened(_ text: String) -> String {
        // By bytes: `’` is E2 80 99 in UTF-8, `'` one byte.
        var copy = text
        return copy.withUTF8 { b in
            String(unsafeUninitializedCapacity: b.count) { out in
                var i = 0, o = 0
                while i < b.count {
                    if b[i] == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0x99 {
                        out[o] = 0x27
                        i += 3
                    } else {
                        out[o] = b[i]
                        i += 1
                    }
                    o += 1
                }
                return o
            }
        }
    }
    /// Facts about a token's characters that rules ask about again and again.
    struct Traits: OptionSet, Hashable, Sendable {
        let rawValue: UInt16
        static let startsUppercase = Traits(rawValue: 1)
        static let startsLowercase = Traits(rawValue: 2)
        static let allCaps = Traits(rawValue: 4)
        static let hasDigit = Traits(rawValue: 8)
        static let hasUnderscore = Traits(rawValue: 16)
        /// An uppercase letter after a lowercase one (`camelCase`, `iPhone`).
        static let innerUppercase = Traits(rawValue: 32)
        /// Every character is ASCII.
        static let ascii = Traits(rawValue: 64)
        /// Two uppercase letters or more (`IDEs`, `NUnit`).
        static let multipleUppercase = Traits(rawValue: 128)
        /// An apostrophe, straight or typographic (`don't`, `don’t`).
        static let apostrophe = Traits(rawValue: 256)
        /// At least one uppercase letter.
        static let anyUppercase = Traits(rawValue: 512)
        /// A typographic apostrophe `’` (``norm`` differs from ``lower``).
        static let curlyApostrophe = Traits(rawValue: 1024)

        /// Case facts gathered over a token's characters, one character at a time.
        private struct Tally {
            var traits: Traits = []
            var letters = 0
            var uppercase = 0
            var allUpper = true
            var sawLower = false
            var first = true

            /// One character: an uppercase letter, a lowercase letter, another letter (no
            /// case) or no letter at all.
            mutating func see(upper: Bool, lower: Bool, letter: Bool) {
                if first {
                    if upper { traits.insert(.startsUppercase) } else if lower { traits.insert(.startsLowercase) }
                    first = false
                }
                if letter {
                    letters += 1
                    if !upper { allUpper = false }
                }
                if upper { uppercase += 1 }
                if lower { sawLower = true } else if upper && sawLower { traits.insert(.innerUppercase) }
            }

            /// The traits, with those that depend on the counts.
            func finished() -> Traits {
                var t = traits
                if allUpper && letters >= 2 { t.insert(.allCaps) }
                if uppercase >= 2 { t.insert(.multipleUppercase) }
                if uppercase >= 1 { t.insert(.anyUppercase) }
                return t
            }
        }

        /// The traits of UTF-8 bytes that are ASCII, or ASCII and typographic apostrophes only
        /// (`don’t`; those get ``curlyApostrophe`` too): one pass over the bytes. Nil for any
        /// other text.
        static func of(utf8 b: UnsafeBufferPointer<UInt8>) -> Traits? {
            // The same facts as ``Tally`` gathers, by bytes: counts and flags in registers.
            let n = b.count
            var t: Traits = []
            var uppercase = 0, letters = 0
            var sawLower = false
            var i = 0
            if n > 0 {
                let u = b[0]
                if u >= 0x41 && u <= 0x5A { t.insert(.startsUppercase) } else if u >= 0x61 && u <= 0x7A { t.insert(.startsLowercase) }
            }
            var sawCurly = false
            while i < n {
                let u = b[i]
                if u >= 0x80 {
                    // `’` (E2 80 99): an apostrophe, not a letter; anything else is not for this pass.
                    guard u == 0xE2, i + 2 < n, b[i + 1] == 0x80, b[i + 2] == 0x99 else { return nil }
                    t.insert([.apostrophe, .curlyApostrophe])
                    sawCurly = true
                    i += 3
                    continue
                }
                i += 1
                if u >= 0x61 && u <= 0x7A {
                    letters += 1
                    sawLower = true
                } else if u >= 0x41 && u <= 0x5A {
                    letters += 1
                    uppercase += 1
                    if sawLower { t.insert(.innerUppercase) }
                } else if u >= 0x30 && u <= 0x39 {
                    t.insert(.hasDigit)
                } else if u == 0x5F {
                    t.insert(.hasUnderscore)
                } else if u == 0x27 {
                    t.insert(.apostrophe)
                }
            }
            // Every letter uppercase (no lowercase one seen) and two letters or more.
            if !sawLower && letters >= 2 { t.insert(.allCaps) }
            if uppercase >= 2 { t.insert(.multipleUppercase) }
            if uppercase >= 1 { t.insert(.anyUppercase) }
            if !sawCurly { t.insert(.ascii) }
            return t
        }

        /// The traits of `text`: ``of(utf8:)`` when the text is ASCII, or ASCII with
        /// typographic apostrophes; `Character` properties otherwise.
        static func of(_ text: String) -> Traits {
            var copy = text
            if let t = copy.withUTF8({ of(utf8: $0) }) { return t }
            var tally = Tally()
            for c in text {
                tally.see(upper: c.isUppercase, lower: c.isLowercase, letter: c.isLetter)
                if c.isNumber { tally.traits.insert(.hasDigit) }
                if c == "_" { tally.traits.insert(.hasUnderscore) }
                if c == "'" || c == "\u{2019}" { tally.traits.insert(.apostrophe) }
            }
            return tally.finished()
        }
    }

    /// Creates a token.
    public init(kind: Kind, range: NSRange, text: String) {
        var copy = text
        self = copy.withUTF8 { Token(kind: kind, range: range, text: text, utf8: $0) }
    }

    /// A token from fields already worked out (the tokenizer's table of one-byte tokens).
    @inline(__always)
    init(kind: Kind, range: NSRange, text: String, lower: String, traits: Traits, firstScalar: UInt32, lastByte: UInt8, lexBits: UInt64) {
        self.kind = kind
        self.range = range
        self.text = text
        self.lower = lower
        self.traits = traits
        self.firstScalar = firstScalar
        self.lastByte = lastByte
        self.lexBits = lexBits
    }

    /// A token from fields already worked out, ``lastByte`` read from `lower` and ``lexBits``
    /// looked up.
    init(kind: Kind, range: NSRange, text: String, lower: String, traits: Traits, firstScalar: UInt32) {
        self.init(kind: kind, range: range, text: text, lower: lower, traits: traits, firstScalar: firstScalar,
                  lastByte: lower.utf8.last ?? 0, lexBits: Self.lexBits(lower: lower, traits: traits))
    }

    /// ``lexBits`` of a token with `lower` and `traits`: the hot lists' bits of its ``norm``.
    static func lexBits(lower: String, traits: Traits) -> UInt64 {
        HotWords.bits(of: traits.contains(.curlyApostrophe) ? straightened(lower) : lower)
    }

    /// Creates a token from its text and the text's UTF-8 bytes (the tokenizer has them at hand).
    init(kind: Kind, range: NSRange, text: String, utf8 b: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.range = range
        self.text = text
        let lead = b.first ?? 0
        self.firstScalar = lead < 0x80 ? UInt32(lead) : Self.canonical(UTF8Scalars.decode(b, at: 0).value)
        switch kind {
        case .word, .number:
            if let t = Traits.of(utf8: b) {
                // ASCII, or ASCII and `’`: lowercased by bytes.
                self.traits = t
                self.lower = t.contains(.anyUppercase) ? Self.asciiLowercased(b) : text
                let last = b.last ?? 0
                self.lastByte = last >= 0x41 && last <= 0x5A ? last + 32 : last
            } else {
                let t = Traits.of(text)
                self.traits = t.contains(.apostrophe) && text.unicodeScalars.contains("\u{2019}") ? t.union(.curlyApostrophe) : t
                let lower = text.lowercased()
                self.lower = lower
                self.lastByte = lower.utf8.last ?? 0
            }
        case .punctuation, .whitespace, .newline, .placeholder:
            // No letters or digits, and no case: only an apostrophe matters (for ``norm``).
            self.lower = text
            self.lastByte = b.last ?? 0
            self.traits = lead < 0x80 ? (lead == 0x27 ? [.ascii, .apostrophe] : [.ascii])
                : firstScalar == 0x2019 && range.length == 1 ? [.apostrophe, .curlyApostrophe] : []
        }
        self.lexBits = Self.lexBits(lower: lower, traits: traits)
    }

    /// `v`, or the character it is canonically the same as when it is a punctuation singleton
    /// (U+037E GREEK QUESTION MARK is `;`, U+1FEF is `` ` ``, U+0387 is `·`, U+2329/U+232A
    /// are U+3008/U+3009): `String` equality treats them as one character, so ``isOne(of:)``
    /// does too.
    private static func canonical(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x037E: return 0x3B
        case 0x1FEF: return 0x60
        case 0x0387: return 0xB7
        case 0x2329: return 0x3008
        case 0x232A: return 0x3009
        default: return v
        }
    }

    /// ASCII bytes (and `’`) with the capital letters made small.
    private static func asciiLowercased(_ b: UnsafeBufferPointer<UInt8>) -> String {
        if b.count <= 15, SmallStringKey.isAvailable {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { out in
                for i in 0..<b.count {
                    let u = b[i]
                    out[i] = u >= 0x41 && u <= 0x5A ? u + 32 : u
                }
                return SmallStringKey.string(utf8: UnsafeBufferPointer(rebasing: out[0..<b.count]))!
            }
        }
        return String(unsafeUninitializedCapacity: b.count) { out in
            for i in 0..<b.count {
                let u = b[i]
                out[i] = u >= 0x41 && u <= 0x5A ? u + 32 : u
            }
            return b.count
        }
    }

    /// True when the token is exactly one of `characters` (each a single Unicode scalar in the
    /// Basic Multilingual Plane, such as `"-'’"`): the same as `characters` containing
    /// ``text`` as a one-character string, compared by scalar value over the literal's bytes
    /// instead of by `String` equality (which normalises non-ASCII text first and costs more
    /// than most rules). Relies on ``range`` being the text's own (as the tokenizer makes it).
    @inline(__always)
    public func isOne(of characters: StaticString) -> Bool {
        guard range.length == 1 else { return false }
        let c = firstScalar
        return characters.withUTF8Buffer { b in
            if c < 0x80 {
                for u in b where UInt32(u) == c { return true }
                return false
            }
            var i = 0
            while i < b.count {
                let (v, len) = UTF8Scalars.decode(b, at: i)
                if v == c { return true }
                i += len
            }
            return false
        }
    }

    /// True when ``lower`` is `word`: the same answer as `lower == word`, but an ASCII token
    /// whose length differs from the word's is turned away by comparing two integers (most
    /// comparisons of a token with a literal fail, and `==` on strings that differ takes its
    /// slow path, which checks canonical equivalence). Relies on ``range`` being the text's
    /// own, as the tokenizer makes it.
    @inline(__always)
    public func lowerIs(_ word: String) -> Bool {
        if traits.contains(.ascii), range.length != word.utf8.count { return false }
        return lower == word
    }

    /// True when ``norm`` is `word` (see ``lowerIs(_:)``; an ASCII token's ``norm`` is its
    /// ``lower``).
    @inline(__always)
    public func normIs(_ word: String) -> Bool {
        if traits.contains(.ascii), range.length != word.utf8.count { return false }
        return norm == word
    }

    /// True when ``text`` is `word` (see ``lowerIs(_:)``).
    @inline(__always)
    public func textIs(_ word: String) -> Bool {
        if traits.contains(.ascii), range.length != word.utf8.count { return false }
        return text == word
    }

    /// True for word tokens.
    public var isWord: Bool { kind == .word }
    /// True for whitespace and newline tokens.
    public var isSpace: Bool { kind == .whitespace || kind == .newline }
    /// True when the first character is an uppercase letter.
    public var startsUppercase: Bool { traits.contains(.startsUppercase) }
    /// True when the first character is a lowercase letter.
    public var startsLowercase: Bool { traits.contains(.startsLowercase) }
    /// True when every letter is uppercase and there are at least two letters (`NASA`, `MBA`).
    public var isAllCaps: Bool { traits.contains(.allCaps) }
    /// True when the token contains a digit.
    public var hasDigit: Bool { traits.contains(.hasDigit) }
    /// True when the token contains an underscore (`snake_case`).
    public var hasUnderscore: Bool { traits.contains(.hasUnderscore) }
    /// True when an uppercase letter follows a lowercase one (`camelCase`, `iPhone`).
    public var hasInnerUppercase: Bool { traits.contains(.innerUppercase) }
    /// True when the token contains an apostrophe, straight or typographic (`don't`, `it’s`).
    public var hasApostrophe: Bool { traits.contains(.apostrophe) }
    /// End of ``range`` (UTF-16).
    public var end: Int { range.location + range.length }

    public var description: String { "\(kind):\(text)" }
}

/// Splits prose into ``Token``s. Pure and fast: one pass over the UTF-8 code units, with a
/// table for ASCII and Unicode properties only for other scalars; ranges are counted in UTF-16.
public enum Tokenizer {
    /// Character classes the tokenizer tells apart.
    private enum Class: UInt8 {
        case letter, digit, underscore, apostrophe, dotOrComma, space, newline, placeholder, other
        /// A combining mark that is not a letter itself (U+0301 of a decomposed “é”, U+20E3):
        /// part of the word or number it follows, never the start of one.
        case mark
        /// A variation selector (U+FE00–U+FE0F, U+E0100–U+E01EF: ❤️'s U+FE0F, text style
        /// U+FE0E): part of the symbol it follows, never part of a word (a word's spelling
        /// finding then covers its letters only, and a fix never removes the selector).
        case selector
    }

    /// Classes of the ASCII code units.
    private static let asciiClasses: [Class] = (0..<128).map { (u: Int) -> Class in
        switch u {
        case 0x41...0x5A, 0x61...0x7A: return .letter
        case 0x30...0x39: return .digit
        case 0x5F: return .underscore
        case 0x27: return .apostrophe
        case 0x2E, 0x2C: return .dotOrComma
        case 0x20, 0x09: return .space
        case 0x0A, 0x0D: return .newline
        default: return .other
        }
    }

    private static func classify(_ s: Unicode.Scalar) -> Class {
        if s.value < 0x80 { return asciiClasses[Int(s.value)] }
        switch s.value {
        case 0xFFFC: return .placeholder
        case 0x2019: return .apostrophe
        case 0xA0: return .space
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return .selector
        // General punctuation: dashes, quotes, bullets, the ellipsis (no spaces, letters or digits).
        case 0x2010...0x2027: return .other
        default: break
        }
        let p = s.properties
        if p.generalCategory == .spaceSeparator { return .space }
        if p.numericType == .decimal { return .digit }
        if p.isAlphabetic { return .letter }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return .other
        }
    }

    /// Tokens of `text` covering it end to end (whitespace included), ranges in UTF-16.
    public static func tokenize(_ text: String) -> [Token] {
        var tokens = makeStore(text)
        defer { tokens.deallocate() }
        return tokens.moveAll()
    }

    /// ``tokenize(_:)`` into a ``TokenStore`` the caller owns (and must free, or hand to
    /// ``SentenceSplitter/split(taking:blockStart:)``): the proofreader's path, where the
    /// sentences take the tokens over instead of copying
    /// them.
    ///
    /// `lineBreaks` says which line breaks are spaces between words (a paragraph's soft breaks):
    /// those become part of a ``Token/Kind/whitespace`` token, so that every rule reads
    /// “a⏎apple” or “could⏎of” as it reads them on one line; the others stay
    /// ``Token/Kind/newline`` tokens, across which the rules match nothing.
    static func makeStore(_ text: String, lineBreaks: LineBreaks = .kept) -> TokenStore {
        var copy = text
        return copy.withUTF8 { b in
            // Prose has about one token for every three bytes; room for one in two spares growing
            // (which moves every token made so far) on all but unusual text.
            var store = TokenStore(capacity: b.count / 2 + 8)
            tokenize(utf8: b, lineBreaks: lineBreaks, into: &store)
            return store
        }
    }

    /// Which line breaks inside a block the tokenizer reads as spaces between words.
    enum LineBreaks: Sendable {
        /// None: every line break is a ``Token/Kind/newline`` token (headings, table cells,
        /// text whose lines are items of their own).
        case kept
        /// Every line break: a Markdown paragraph's or list item's soft breaks, which render as
        /// spaces (CommonMark 0.31, §6.7 “Soft line breaks”).
        case spaces
        /// A line break followed (after spaces) by an ASCII letter: plain text wrapped at a
        /// width, where a line that starts with anything else (a bullet, a number, a quote
        /// mark) may be an item of its own.
        case spacesBeforeLetter
    }

    /// The token of each one-byte ASCII text at offset 0: a space, a period, `a`. Most tokens
    /// are such (every word is followed by a space), and copying one is cheaper than making it.
    private static let asciiTokens: [Token] = (0..<128).map { (u: Int) -> Token in
        let kind: Token.Kind
        switch asciiClasses[u] {
        case .letter, .underscore: kind = .word
        case .digit: kind = .number
        case .space: kind = .whitespace
        case .newline: kind = .newline
        case .apostrophe, .dotOrComma, .other, .placeholder, .mark, .selector: kind = .punctuation
        }
        return Token(kind: kind, range: NSRange(location: 0, length: 1), text: String(UnicodeScalar(UInt8(u))))
    }

    /// The word token of the ASCII letters `b[start..<end]` (at most 15, at UTF-16 offset
    /// `start16`), its strings and traits made from the bits of the two words of its small
    /// string: bit 5 of an ASCII letter is clear in capitals, so one mask gives every case fact
    /// ``Token/Traits/of(utf8:)`` finds byte by byte, and setting it lowercases. The same token
    /// as ``Token/init(kind:range:text:utf8:)`` makes; only where ``SmallStringKey/isAvailable``.
    @inline(__always)
    private static func asciiLetterToken(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ start16: Int,
                                         hot: WordMap<UInt64>) -> (token: Token, text: SmallStringKey, lower: SmallStringKey) {
        let n = end - start
        // The bytes the word fills in each word of the small string.
        let maskLo: UInt64 = n >= 8 ? ~0 : (UInt64(1) << UInt64(8 * n)) &- 1
        let maskHi: UInt64 = n <= 8 ? 0 : (UInt64(1) << UInt64(8 * (n - 8))) &- 1
        var lo: UInt64 = 0, hi: UInt64 = 0
        #if _endian(little)
        // Eight bytes at a time where the text has them (the small string's bytes are little-endian).
        let base = UnsafeRawPointer(b.baseAddress!) + start
        if start + 8 <= b.count {
            lo = base.loadUnaligned(as: UInt64.self) & maskLo
        } else {
            for k in 0..<min(n, 8) { lo |= UInt64(b[start + k]) << UInt64(8 * k) }
        }
        if n > 8 {
            if start + 16 <= b.count {
                hi = (base + 8).loadUnaligned(as: UInt64.self) & maskHi
            } else {
                for k in 8..<n { hi |= UInt64(b[start + k]) << UInt64(8 * (k - 8)) }
            }
        }
        #else
        for k in 0..<min(n, 8) { lo |= UInt64(b[start + k]) << UInt64(8 * k) }
        if n > 8 { for k in 8..<n { hi |= UInt64(b[start + k]) << UInt64(8 * (k - 8)) } }
        #endif
        // 0x20 in every byte the word fills.
        let caseLo = maskLo & 0x2020_2020_2020_2020, caseHi = maskHi & 0x2020_2020_2020_2020
        let tag = UInt64(0xE0 | n) << 56
        // The strings are written into the store's memory as their two words (see
        // ``TokenStore/appendSmall(_:text:lower:)``): a `String` made here by a cast would be
        // retained as it is copied into the token.
        let text = SmallStringKey(lo: lo, hi: hi | tag)
        // A capital's bit: 0x20 where the byte lacks it.
        let upperLo = ~lo & caseLo, upperHi = ~hi & caseHi
        // The counts the traits need (none, two or more, all), by masks: `nonzeroBitCount` is a
        // sequence of a dozen instructions where the target has no population-count instruction.
        let anyUpper = (upperLo | upperHi) != 0
        let first = b[start], last = b[end - 1]
        var t: Token.Traits = .ascii
        if !anyUpper {
            t.insert(.startsLowercase)
            return (Token(kind: .word, range: NSRange(location: start16, length: n), text: "", lower: "",
                          traits: t, firstScalar: UInt32(first), lastByte: last,
                          lexBits: hot.value(forSmallKey: text) ?? 0), text, text)
        }
        t.insert(first & 0x20 == 0 ? .startsUppercase : .startsLowercase)
        t.insert(.anyUppercase)
        // Two or more: a second bit besides the lowest, in either word, or one in each.
        if upperLo & (upperLo &- 1) != 0 || upperHi & (upperHi &- 1) != 0 || (upperLo != 0 && upperHi != 0) { t.insert(.multipleUppercase) }
        // Every letter a capital (every case bit of the word clear).
        if upperLo == caseLo && upperHi == caseHi && n >= 2 { t.insert(.allCaps) }
        // A capital after the first small letter.
        let lowerLo = lo & caseLo, lowerHi = hi & caseHi
        if lowerLo != 0 {
            let p = UInt64(lowerLo.trailingZeroBitCount)  // bit 5 of the first small letter's byte
            if (p < 63 ? upperLo >> (p + 1) : 0) != 0 || upperHi != 0 { t.insert(.innerUppercase) }
        } else if lowerHi != 0 {
            let p = UInt64(lowerHi.trailingZeroBitCount)
            if (p < 63 ? upperHi >> (p + 1) : 0) != 0 { t.insert(.innerUppercase) }
        }
        let lowerKey = SmallStringKey(lo: lo | caseLo, hi: hi | caseHi | tag)
        return (Token(kind: .word, range: NSRange(location: start16, length: n), text: "", lower: "",
                      traits: t, firstScalar: UInt32(first), lastByte: last | 0x20,
                      lexBits: hot.value(forSmallKey: lowerKey) ?? 0), text, lowerKey)
    }

    private static func tokenize(utf8 b: UnsafeBufferPointer<UInt8>, lineBreaks: LineBreaks, into tokens: inout TokenStore) {
        let n = b.count
        // The tables, read once rather than through their lazy initialisers at every byte.
        let asciiClasses = Self.asciiClasses
        let asciiTokens = Self.asciiTokens
        let smallStrings = SmallStringKey.isAvailable
        let hot = HotWords.table
        // Scalars as (class, byte length, UTF-16 length) are decoded on the fly.
        @inline(__always) func at(_ i: Int) -> (Class, Int, Int) {
            let u = b[i]
            if u < 0x80 { return (asciiClasses[Int(u)], 1, 1) }
            let (v, len) = UTF8Scalars.decode(b, at: i)
            return (classify(Unicode.Scalar(v) ?? "\u{FFFD}"), len, v > 0xFFFF ? 2 : 1)
        }
        // True when the general scan below would extend a run of ASCII letters that ends at
        // `i`: a letter, digit or underscore follows, or an apostrophe before a letter (a run
        // of letters has `sawLetter`, so `.`/`,` never join it).
        @inline(__always) func continuesWord(at i: Int) -> Bool {
            guard i < n else { return false }
            let (c2, l2, _) = at(i)
            switch c2 {
            case .letter, .digit, .underscore, .mark: return true
            case .apostrophe: return i + l2 < n && at(i + l2).0 == .letter
            default: return false
            }
        }
        // True when the line break at `i` is a space between words (see ``LineBreaks``); never
        // the second of a blank line.
        func isSoftBreak(at i: Int) -> Bool {
            if lineBreaks == .kept { return false }
            var p = i - 1
            while p >= 0, b[p] == 0x20 || b[p] == 0x09 { p -= 1 }
            if p >= 0, b[p] == 0x0A || (b[p] == 0x0D && b[i] != 0x0A) { return false }
            switch lineBreaks {
            case .kept: return false
            case .spaces: return true
            case .spacesBeforeLetter:
                var j = i + 1
                if b[i] == 0x0D, j < n, b[j] == 0x0A { j += 1 }
                while j < n, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
                return j < n && (b[j] | 0x20) &- 0x61 < 26
            }
        }
        var i = 0
        var o16 = 0
        func emit(_ kind: Token.Kind, _ a: Int, _ b16: Int, _ e: Int, _ e16: Int) {
            if e == a + 1, b[a] < 0x80 {
                // One ASCII byte: the table's token for it, its fields taken one by one (an
                // outlined copy of the whole token, then a change of its range, costs more). Its
                // kind is the one asked for: a soft line break is whitespace, not a newline.
                let model = asciiTokens[Int(b[a])]
                if smallStrings {
                    // Its strings made from their bits, not copied from the model (two calls to retain).
                    let lowerByte = model.traits.contains(.anyUppercase) ? b[a] | 0x20 : b[a]
                    tokens.appendSmall(Token(kind: kind, range: NSRange(location: b16, length: 1), text: "", lower: "",
                                             traits: model.traits, firstScalar: model.firstScalar, lastByte: lowerByte, lexBits: model.lexBits),
                                       text: SmallStringKey(lo: UInt64(b[a]), hi: 0xE1 << 56), lower: SmallStringKey(lo: UInt64(lowerByte), hi: 0xE1 << 56))
                    return
                }
                tokens.append(Token(kind: kind, range: NSRange(location: b16, length: 1), text: model.text, lower: model.lower,
                                    traits: model.traits, firstScalar: model.firstScalar, lastByte: model.lastByte, lexBits: model.lexBits))
                return
            }
            let bytes = UnsafeBufferPointer(rebasing: b[a..<e])
            // Most words fit a small string, made from the bytes directly.
            let t = (smallStrings ? SmallStringKey.string(utf8: bytes) : nil) ?? String(decoding: bytes, as: UTF8.self)
            tokens.append(Token(kind: kind, range: NSRange(location: b16, length: e16 - b16), text: t, utf8: bytes))
        }
        while i < n {
            let start = i, start16 = o16
            let (c, len, len16) = at(i)
            switch c {
            case .placeholder:
                i += len; o16 += len16
                emit(.placeholder, start, start16, i, o16)
            case .newline where !isSoftBreak(at: i):
                i += 1; o16 += 1
                if b[start] == 0x0D, i < n, b[i] == 0x0A { i += 1; o16 += 1 }
                emit(.newline, start, start16, i, o16)
            case .space, .newline:
                // A run of spaces, with at most one soft line break in it.
                var sawBreak = false
                while i < n {
                    let (c2, l2, l16) = at(i)
                    if c2 == .newline {
                        guard !sawBreak, isSoftBreak(at: i) else { break }
                        sawBreak = true
                        i += 1; o16 += 1
                        if b[i - 1] == 0x0D, i < n, b[i] == 0x0A { i += 1; o16 += 1 }
                        continue
                    }
                    guard c2 == .space else { break }
                    i += l2; o16 += l16
                }
                emit(.whitespace, start, start16, i, o16)
            case .letter, .digit, .underscore:
                var sawLetter = false, sawDigit = false, sawUnderscore = false
                var previous = Class.other
                // A run of ASCII letters, the bulk of every word, in a tight loop; what follows
                // (an apostrophe, a digit, a letter beyond ASCII…) goes through the general one.
                if c == .letter {
                    while i < n, (b[i] | 0x20) &- 0x61 < 26 { i += 1; o16 += 1 }
                    if i > start {
                        sawLetter = true
                        previous = .letter
                        // Most words are ASCII letters only, and short: made from their bits when
                        // nothing joins the run (see ``asciiLetterToken``).
                        if smallStrings, i - start <= 15, !continuesWord(at: i) {
                            let (token, text, lower) = Self.asciiLetterToken(b, start, i, start16, hot: hot)
                            tokens.appendSmall(token, text: text, lower: lower)
                            continue
                        }
                    }
                }
                scan: while i < n {
                    let (c2, l2, l16) = at(i)
                    switch c2 {
                    case .letter: sawLetter = true
                    case .digit: sawDigit = true
                    case .underscore: sawUnderscore = true
                    // A combining mark belongs to the letter or digit before it: not a letter of
                    // its own (“1️⃣” stays a number), and `previous` stays what it marks.
                    case .mark:
                        i += l2; o16 += l16
                        continue scan
                    case .apostrophe, .dotOrComma:
                        // Internal apostrophe (don't, o'clock) or, inside numbers, . and , (3.14, 1,000).
                        guard i + l2 < n else { break scan }
                        let next = at(i + l2).0
                        let joins = (c2 == .apostrophe && next == .letter && sawLetter)
                            || (c2 == .dotOrComma && next == .digit && sawDigit && !sawLetter && previous == .digit)
                        if !joins { break scan }
                    default:
                        break scan
                    }
                    previous = c2
                    i += l2; o16 += l16
                }
                emit(sawLetter || sawUnderscore ? .word : .number, start, start16, i, o16)
            default:
                // A mark or symbol with the combining marks and variation selectors that follow
                // it (“❤️”, “☃︎”, a stray U+0301 after a space): one token that is no word.
                i += len; o16 += len16
                while i < n {
                    let (c2, l2, l16) = at(i)
                    guard c2 == .mark || c2 == .selector else { break }
                    i += l2; o16 += l16
                }
                emit(.punctuation, start, start16, i, o16)
            }
        }
    }
}

/// Tokens in memory of their own, for the proofreader's hot path: the tokenizer writes them
/// here and ``SentenceSplitter/split(taking:blockStart:)`` hands the memory to the sentences (a
/// ``TokenBuffer`` they share), so that no token is copied or moved (a copy retains two strings,
/// and the copied-from array then releases them again). Otherwise the owner frees the memory
/// with ``deallocate()``, which destroys the tokens still in it (none after ``moveAll()``).
struct TokenStore {
    /// The first token.
    private(set) var base: UnsafeMutablePointer<Token>
    /// The number of tokens in the store.
    private(set) var count = 0
    private var capacity: Int
    /// True while every string of every token is held in small form (inline, not on the heap:
    /// see ``SmallStringKey``), which owns no memory: such tokens need no destroying, and the
    /// sentences' ``TokenBuffer`` frees them without a call per string. Cleared by the first
    /// token with a longer string.
    var onlySmallStrings: Bool

    /// An empty store with room for `capacity` tokens (it grows when needed).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Token>.allocate(capacity: self.capacity)
        // Where the small form's layout is not the expected one, nothing is taken for small.
        onlySmallStrings = SmallStringKey.isAvailable
    }

    /// Adds `token` at the end.
    @inline(__always)
    mutating func append(_ token: Token) {
        if onlySmallStrings, !(SmallStringKey.holdsSmall(token.text) && SmallStringKey.holdsSmall(token.lower)) { onlySmallStrings = false }
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    /// Adds `token` with the small strings whose two words are `text` and `lower` (see
    /// ``SmallStringKey``) in place of its own, which must be empty: the words are stored over
    /// them in the token's memory. A small string owns no memory, so neither an empty one
    /// written over nor the ones written need retaining or releasing (where a `String` cast
    /// from the words would be retained as it is copied in). Only where
    /// ``SmallStringKey/isAvailable`` is true.
    @inline(__always)
    mutating func appendSmall(_ token: Token, text: SmallStringKey, lower: SmallStringKey) {
        if count == capacity { grow() }
        let slot = base + count
        slot.initialize(to: token)
        let raw = UnsafeMutableRawPointer(slot)
        raw.storeBytes(of: (text.lo, text.hi), toByteOffset: Self.textOffset, as: (UInt64, UInt64).self)
        raw.storeBytes(of: (lower.lo, lower.hi), toByteOffset: Self.lowerOffset, as: (UInt64, UInt64).self)
        count += 1
    }

    /// Where ``Token/text`` and ``Token/lower`` are in a token's memory (the layout is
    /// declaration order: kind, lastByte, traits, firstScalar, range, text, lower, lexBits;
    /// checked against `MemoryLayout` by a test).
    static let textOffset = 24, lowerOffset = 40

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }

    /// The tokens, to read in place.
    var tokens: UnsafeBufferPointer<Token> { UnsafeBufferPointer(start: base, count: count) }

    /// Tokens `range` moved into an array: those slots are uninitialised afterwards.
    func move(_ range: Range<Int>) -> [Token] {
        Array(unsafeUninitializedCapacity: range.count) { out, initialized in
            out.baseAddress!.moveInitialize(from: base + range.lowerBound, count: range.count)
            initialized = range.count
        }
    }

    /// Every token moved into an array (then free the store with ``deallocateMovedOut()``).
    mutating func moveAll() -> [Token] {
        let all = move(0..<count)
        count = 0
        return all
    }

    /// Destroys the tokens still in the store and frees its memory.
    mutating func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
    }
}

extension TokenList {
    /// ``Token/norm`` of token `i`, read in place: `tokens[i].norm` materialises the token to
    /// call the getter, this reads two fields through the list's address.
    @inline(__always)
    public func norm(_ i: Int) -> String {
        self[i].traits.contains(.curlyApostrophe) ? Token.straightened(self[i].lower) : self[i].lower
    }
}
