import Foundation
import Testing
@testable import Proofreading

/// The tokenizer: kinds, UTF-16 ranges, contractions, numbers, placeholders.
struct TokenizerTests {
    private func kinds(_ text: String) -> [String] {
        Tokenizer.tokenize(text).filter { !$0.isSpace }.map(\.text)
    }

    @Test func coversTextEndToEnd() {
        let text = "Hi, “naïve” café 😀 don't\r\nstop."
        let tokens = Tokenizer.tokenize(text)
        var next = 0
        for t in tokens {
            #expect(t.range.location == next)
            next = t.end
            #expect((text as NSString).substring(with: t.range) == t.text)
        }
        #expect(next == (text as NSString).length)
    }

    /// Combining marks belong to the letter (or digit) before them, never start a word;
    /// variation selectors belong to the symbol before them and are never part of a word
    /// (issue 35's break-it trial: “❤️” made a word of U+FE0F, which accept-all turned into “I”).
    @Test func marksAndVariationSelectors() {
        let decomposed = "cafe\u{301} re\u{301}sume\u{301}"
        #expect(Tokenizer.tokenize(decomposed).filter { $0.kind == .word }.map(\.text) == ["cafe\u{301}", "re\u{301}sume\u{301}"])
        let emoji = Tokenizer.tokenize("I \u{2764}\u{FE0F} you \u{2603}\u{FE0E}")
        #expect(emoji.filter { $0.kind == .word }.map(\.text) == ["I", "you"])
        #expect(emoji.filter { $0.kind == .punctuation }.map(\.text) == ["\u{2764}\u{FE0F}", "\u{2603}\u{FE0E}"])
        // A selector after a word ends it: the word's finding and fix never cover the selector.
        let styled = Tokenizer.tokenize("teh\u{FE0F} cats\u{FE0E}.")
        #expect(styled.filter { $0.kind == .word }.map(\.text) == ["teh", "cats"])
        #expect(styled.contains { $0.kind == .punctuation && $0.text == "\u{FE0F}" })
        // A stray mark after a space is no word; a keycap stays a number.
        #expect(Tokenizer.tokenize("a \u{301} b").filter { $0.kind == .word }.map(\.text) == ["a", "b"])
        #expect(Tokenizer.tokenize("1\u{FE0F}\u{20E3}").first?.kind == .number)
        // Ranges still cover the text end to end, in UTF-16.
        let text = "x\u{2764}\u{FE0F}\u{1F44D}\u{1F3FD} e\u{301}\u{302}. \u{E0100}a"
        var next = 0
        for t in Tokenizer.tokenize(text) {
            #expect(t.range.location == next)
            #expect((text as NSString).substring(with: t.range) == t.text)
            next = t.end
        }
        #expect(next == (text as NSString).length)
    }

    @Test func wordsKeepApostrophesAndUnderscores() {
        #expect(kinds("don't it’s snake_case o'clock") == ["don't", "it’s", "snake_case", "o'clock"])
        #expect(Tokenizer.tokenize("snake_case").first?.kind == .word)
    }

    @Test func numbersKeepDecimalsAndGrouping() {
        let tokens = Tokenizer.tokenize("3.14 and 1,000 and 2.")
        #expect(tokens.filter { $0.kind == .number }.map(\.text) == ["3.14", "1,000", "2"])
        #expect(tokens.last?.text == ".")
    }

    @Test func mixedLettersAndDigitsAreWords() {
        let t = Tokenizer.tokenize("mp3 H2O 1st")
        #expect(t.filter { $0.kind == .word }.map(\.text) == ["mp3", "H2O", "1st"])
    }

    @Test func placeholdersAndNewlines() {
        let t = Tokenizer.tokenize("Run \u{FFFC} now\r\nok")
        #expect(t.contains { $0.kind == .placeholder && $0.range.length == 1 })
        #expect(t.filter { $0.kind == .newline }.map(\.text) == ["\r\n"])
    }

    @Test func punctuationIsOneCharacterEach() {
        #expect(kinds("Wait...") == ["Wait", ".", ".", "."])
        #expect(Tokenizer.tokenize("e.g.").map(\.text) == ["e", ".", "g", "."])
    }

    @Test func utf16RangesAfterAstralCharacters() {
        let t = Tokenizer.tokenize("😀 word")
        let w = t.first { $0.kind == .word }
        #expect(w?.range == NSRange(location: 3, length: 4))
    }

    /// ``Token/isOne(of:)`` answers as `String` equality would: by scalar value, with the
    /// punctuation that is canonically another character (U+037E GREEK QUESTION MARK is `;`)
    /// taken as that character, and never for a token longer than one character.
    @Test func isOneMatchesStringEquality() {
        let candidates = ";,.\u{2026}\u{201C}\u{2019}-\u{2014}`\u{00B7}\u{3008}"
        for text in ["Great;", "Great\u{037E}", "a \u{2026} b", "\u{201C}Hi\u{201D}", "it\u{2019}s", "x\u{1FEF}y", "p\u{0387}q",
                     "\u{2329}x\u{232A}", "\u{2014}\u{2014}", "--", "; ;"] {
            for t in Tokenizer.tokenize(text) {
                let expected = candidates.contains(where: { String($0) == t.text })
                #expect(t.isOne(of: ";,.\u{2026}\u{201C}\u{2019}-\u{2014}`\u{00B7}\u{3008}") == expected, "\(t.text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test func caseHelpers() {
        let t = Tokenizer.tokenize("NASA Word word")
        #expect(t[0].isAllCaps && t[2].startsUppercase && t[4].startsLowercase)
    }
}

/// `Token.lowerIs`, `normIs` and `textIs` answer as `==` on ``Token/lower``, ``Token/norm``
/// and ``Token/text`` do, for every token of text with capitals, curly apostrophes, accents,
/// Kelvin signs and spaces, against words of every length.
@Suite struct TokenLiteralComparisonTests {
    @Test func answersAsEquality() {
        let text = "The cat don't DON’T can’t K \u{212A}elvin café CAFE\u{301}  x , . — ’tis I i a an the"
        let words = ["the", "The", "don't", "don’t", "can’t", "k", "K", "kelvin", "café", "cafe\u{301}", " ", "  ", "x", ",", ".", "—",
                     "’tis", "'tis", "i", "I", "a", "an", ""]
        for t in Tokenizer.tokenize(text) {
            for w in words {
                #expect(t.lowerIs(w) == (t.lower == w), "\(t) \(w)")
                #expect(t.normIs(w) == (t.norm == w), "\(t) \(w)")
                #expect(t.textIs(w) == (t.text == w), "\(t) \(w)")
            }
        }
    }
}

/// The byte pass of `Token.Traits` gives what a character-by-character reading of the text
/// gives, on random ASCII words with apostrophes (straight and typographic), digits and
/// underscores.
@Suite struct TokenTraitsTests {
    static func reference(_ text: String) -> Token.Traits {
        var t: Token.Traits = []
        if let f = text.first {
            if f.isUppercase { t.insert(.startsUppercase) } else if f.isLowercase { t.insert(.startsLowercase) }
        }
        let letters = text.filter(\.isLetter)
        if letters.count >= 2 && letters.allSatisfy(\.isUppercase) { t.insert(.allCaps) }
        if text.contains(where: \.isNumber) { t.insert(.hasDigit) }
        if text.contains("_") { t.insert(.hasUnderscore) }
        let chars = Array(text)
        if chars.indices.contains(where: { $0 > 0 && chars[$0].isUppercase && chars[..<$0].contains(where: \.isLowercase) }) {
            t.insert(.innerUppercase)
        }
        if text.unicodeScalars.allSatisfy(\.isASCII) { t.insert(.ascii) }
        let upper = text.filter(\.isUppercase).count
        if upper >= 2 { t.insert(.multipleUppercase) }
        if upper >= 1 { t.insert(.anyUppercase) }
        if text.contains("'") || text.contains("\u{2019}") { t.insert(.apostrophe) }
        if text.contains("\u{2019}") { t.insert(.curlyApostrophe) }
        return t
    }

    @Test func bytePassMatchesCharacters() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "Z", "Q", "7", "_", "'", "\u{2019}", "x", "M"]
        for _ in 0..<5000 {
            var w = ""
            for _ in 0..<Int.random(in: 1...8, using: &rng) { w += pieces.randomElement(using: &rng)! }
            var copy = w
            let got = copy.withUTF8 { Token.Traits.of(utf8: $0) }
            #expect(got == Self.reference(w), "\(w)")
        }
    }
}

/// The tokenizer's short path for words of ASCII letters (strings and traits from the bits of
/// the small string) makes the same tokens as the general initialiser, on random words of
/// every length up to 17 letters (past the 15 a small string holds) and every mix of case,
/// alone and beside what may join or end a word.
@Suite struct AsciiLetterTokenTests {
    @Test func shortPathMatchesGeneralTokens() {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("abcxyzQAMZ")
        let after = ["", " ", ".", "'s", "\u{2019}t", "7", "_x", "-", "é", "'", ",a"]
        for _ in 0..<4000 {
            let word = String((0..<Int.random(in: 1...17, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
            let text = "(" + word + after.randomElement(using: &rng)!
            let tokens = Tokenizer.tokenize(text)
            for t in tokens {
                let general = Token(kind: t.kind, range: t.range, text: t.text)
                #expect(t == general && t.traits == general.traits && t.lastByte == general.lastByte
                        && t.firstScalar == general.firstScalar && t.lower == general.lower, "\(text): \(t.text)")
            }
            #expect(tokens.count > 1 && tokens[1].text.hasPrefix(word), "\(text)")
        }
    }
}
