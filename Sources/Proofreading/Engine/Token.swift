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

    /// The token's kind.
    public var kind: Kind
    /// UTF-16 range in the source text.
    public var range: NSRange
    /// The token's text.
    public var text: String
    /// The token's text lowercased (cached for rules).
    public var lower: String
    /// ``lower`` with the typographic apostrophe `’` made straight (`don’t` → `don't`): the
    /// form rules compare words in. Not stored (a token copies faster with two strings than
    /// three): it is ``lower`` itself unless the token has a `’`.
    public var norm: String {
        guard traits.contains(.curlyApostrophe) else { return lower }
        var out = String.UnicodeScalarView()
        for c in lower.unicodeScalars { out.append(c == "\u{2019}" ? "'" : c) }
        return String(out)
    }
    /// Character-class facts about the text, computed once when the token is made.
    var traits: Traits

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

        /// The traits of `text`: a pass over the bytes when the text is ASCII, or ASCII with
        /// typographic apostrophes (`don’t`); `Character` properties otherwise.
        static func of(_ text: String) -> Traits {
            var t: Traits = []
            var letters = 0
            var uppercase = 0
            var allUpper = true
            var sawLower = false
            var first = true
            var copy = text
            // 0: ASCII; 1: ASCII and `’` (E2 80 99) only; 2: anything else.
            let shape: Int = copy.withUTF8 { b in
                var shape = 0
                var i = 0
                while i < b.count {
                    if b[i] < 0x80 { i += 1; continue }
                    if b[i] == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0x99 { shape = 1; i += 3; continue }
                    return 2
                }
                return shape
            }
            if shape < 2 {
                var skip = 0
                for u in text.utf8 {
                    if skip > 0 { skip -= 1; continue }
                    if u == 0xE2 {
                        // `’`: an apostrophe, not a letter.
                        t.insert(.apostrophe)
                        first = false
                        skip = 2
                        continue
                    }
                    let upper = u >= 0x41 && u <= 0x5A
                    let lowerCase = u >= 0x61 && u <= 0x7A
                    if first {
                        if upper { t.insert(.startsUppercase) } else if lowerCase { t.insert(.startsLowercase) }
                        first = false
                    }
                    if upper { uppercase += 1 }
                    if upper || lowerCase {
                        letters += 1
                        if lowerCase { allUpper = false; sawLower = true } else if sawLower { t.insert(.innerUppercase) }
                    } else if u >= 0x30 && u <= 0x39 {
                        t.insert(.hasDigit)
                    } else if u == 0x5F {
                        t.insert(.hasUnderscore)
                    } else if u == 0x27 {
                        t.insert(.apostrophe)
                    }
                }
                if shape == 0 { t.insert(.ascii) }
            } else {
                for c in text {
                    if first {
                        if c.isUppercase { t.insert(.startsUppercase) } else if c.isLowercase { t.insert(.startsLowercase) }
                        first = false
                    }
                    if c.isLetter {
                        letters += 1
                        if !c.isUppercase { allUpper = false }
                    }
                    if c.isUppercase { uppercase += 1 }
                    if c.isLowercase { sawLower = true } else if c.isUppercase && sawLower { t.insert(.innerUppercase) }
                    if c.isNumber { t.insert(.hasDigit) }
                    if c == "_" { t.insert(.hasUnderscore) }
                    if c == "'" || c == "\u{2019}" { t.insert(.apostrophe) }
                }
            }
            if allUpper && letters >= 2 { t.insert(.allCaps) }
            if uppercase >= 2 { t.insert(.multipleUppercase) }
            if uppercase >= 1 { t.insert(.anyUppercase) }
            return t
        }
    }

    /// Creates a token.
    public init(kind: Kind, range: NSRange, text: String) {
        self.kind = kind
        self.range = range
        self.text = text
        let traits: Traits
        switch kind {
        case .word, .number:
            traits = Traits.of(text)
        case .punctuation, .whitespace, .newline, .placeholder:
            // No letters or digits: only an apostrophe matters (for ``norm``).
            let first = text.utf8.first ?? 0
            traits = first < 0x80 ? (first == 0x27 ? [.ascii, .apostrophe] : [.ascii])
                : text == "\u{2019}" ? [.apostrophe] : []
        }
        if traits.contains(.ascii) {
            self.lower = traits.contains(.anyUppercase) ? text.lowercased() : text
            self.traits = traits
        } else {
            self.lower = text.lowercased()
            self.traits = traits.contains(.apostrophe) && text.unicodeScalars.contains("\u{2019}")
                ? traits.union(.curlyApostrophe) : traits
        }
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
        // General punctuation: dashes, quotes, bullets, the ellipsis (no spaces, letters or digits).
        case 0x2010...0x2027: return .other
        default: break
        }
        let p = s.properties
        if p.generalCategory == .spaceSeparator { return .space }
        if p.numericType == .decimal { return .digit }
        if p.isAlphabetic { return .letter }
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .letter
        default: return .other
        }
    }

    /// Tokens of `text` covering it end to end (whitespace included), ranges in UTF-16.
    public static func tokenize(_ text: String) -> [Token] {
        var copy = text
        return copy.withUTF8 { tokenize(utf8: $0) }
    }

    private static func tokenize(utf8 b: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(b.count / 3)
        let n = b.count
        // Scalars as (class, byte length, UTF-16 length) are decoded on the fly.
        @inline(__always) func at(_ i: Int) -> (Class, Int, Int) {
            let u = b[i]
            if u < 0x80 { return (asciiClasses[Int(u)], 1, 1) }
            let (v, len) = UTF8Scalars.decode(b, at: i)
            return (classify(Unicode.Scalar(v) ?? "\u{FFFD}"), len, v > 0xFFFF ? 2 : 1)
        }
        var i = 0
        var o16 = 0
        func emit(_ kind: Token.Kind, _ a: Int, _ b16: Int, _ e: Int, _ e16: Int) {
            let t = String(decoding: UnsafeBufferPointer(rebasing: b[a..<e]), as: UTF8.self)
            tokens.append(Token(kind: kind, range: NSRange(location: b16, length: e16 - b16), text: t))
        }
        while i < n {
            let start = i, start16 = o16
            let (c, len, len16) = at(i)
            switch c {
            case .placeholder:
                i += len; o16 += len16
                emit(.placeholder, start, start16, i, o16)
            case .newline:
                i += 1; o16 += 1
                if b[start] == 0x0D, i < n, b[i] == 0x0A { i += 1; o16 += 1 }
                emit(.newline, start, start16, i, o16)
            case .space:
                i += len; o16 += len16
                while i < n {
                    let (c2, l2, l16) = at(i)
                    guard c2 == .space else { break }
                    i += l2; o16 += l16
                }
                emit(.whitespace, start, start16, i, o16)
            case .letter, .digit, .underscore:
                var sawLetter = false, sawDigit = false, sawUnderscore = false
                var previous = Class.other
                scan: while i < n {
                    let (c2, l2, l16) = at(i)
                    switch c2 {
                    case .letter: sawLetter = true
                    case .digit: sawDigit = true
                    case .underscore: sawUnderscore = true
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
                i += len; o16 += len16
                emit(.punctuation, start, start16, i, o16)
            }
        }
        return tokens
    }
}
