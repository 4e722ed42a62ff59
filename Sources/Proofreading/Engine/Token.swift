import Foundation

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

    /// Creates a token.
    public init(kind: Kind, range: NSRange, text: String) {
        self.kind = kind
        self.range = range
        self.text = text
        self.lower = text.lowercased()
    }

    /// True for word tokens.
    public var isWord: Bool { kind == .word }
    /// True for whitespace and newline tokens.
    public var isSpace: Bool { kind == .whitespace || kind == .newline }
    /// True when the first character is an uppercase letter.
    public var startsUppercase: Bool { text.first.map { $0.isUppercase } ?? false }
    /// True when the first character is a lowercase letter.
    public var startsLowercase: Bool { text.first.map { $0.isLowercase } ?? false }
    /// True when every letter is uppercase and there are at least two letters (`NASA`, `MBA`).
    public var isAllCaps: Bool {
        var letters = 0
        for c in text where c.isLetter {
            if !c.isUppercase { return false }
            letters += 1
        }
        return letters >= 2
    }
    /// True when the token contains a digit.
    public var hasDigit: Bool { text.contains { $0.isNumber } }
    /// End of ``range`` (UTF-16).
    public var end: Int { range.location + range.length }

    public var description: String { "\(kind):\(text)" }
}

/// Splits prose into ``Token``s. Pure and fast: one pass over the UTF-16 code units.
public enum Tokenizer {
    /// Tokens of `text` covering it end to end (whitespace included), ranges in UTF-16.
    public static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var offsets = [Int](repeating: 0, count: scalars.count + 1)
        var o = 0
        for (i, s) in scalars.enumerated() {
            offsets[i] = o
            o += s.utf16.count
        }
        offsets[scalars.count] = o
        var i = 0
        func emit(_ kind: Token.Kind, _ a: Int, _ b: Int) {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[a..<b])
            tokens.append(Token(kind: kind, range: NSRange(location: offsets[a], length: offsets[b] - offsets[a]), text: String(s)))
        }
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            let p = s.properties
            return p.isAlphabetic || p.generalCategory == .nonspacingMark || p.generalCategory == .spacingMark
                || p.generalCategory == .enclosingMark
        }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.properties.numericType == .decimal }
        while i < scalars.count {
            let s = scalars[i]
            let start = i
            if s == "\u{FFFC}" {
                i += 1
                emit(.placeholder, start, i)
            } else if s == "\n" || s == "\r" {
                i += 1
                if s == "\r", i < scalars.count, scalars[i] == "\n" { i += 1 }
                emit(.newline, start, i)
            } else if s == " " || s == "\t" || s == "\u{00A0}" || s.properties.generalCategory == .spaceSeparator {
                while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\u{00A0}"
                        || scalars[i].properties.generalCategory == .spaceSeparator { i += 1 }
                emit(.whitespace, start, i)
            } else if isWordScalar(s) || isDigit(s) || s == "_" {
                var sawLetter = false
                var sawDigit = false
                while i < scalars.count {
                    let c = scalars[i]
                    if isWordScalar(c) { sawLetter = true; i += 1; continue }
                    if isDigit(c) { sawDigit = true; i += 1; continue }
                    if c == "_" { i += 1; continue }
                    // Internal apostrophe (don't, o'clock) or, inside numbers, . and , (3.14, 1,000).
                    if i + 1 < scalars.count {
                        let n = scalars[i + 1]
                        if (c == "'" || c == "\u{2019}") && isWordScalar(n) && sawLetter { i += 1; continue }
                        if (c == "." || c == ",") && isDigit(n) && sawDigit && !sawLetter && i > start && isDigit(scalars[i - 1]) {
                            i += 1; continue
                        }
                    }
                    break
                }
                emit(sawLetter || scalars[start..<i].contains("_") ? .word : .number, start, i)
            } else {
                i += 1
                emit(.punctuation, start, i)
            }
        }
        return tokens
    }
}
