import Foundation
import Synchronization

/// The tokens of one segment in memory of their own, shared by its sentences (each a
/// ``TokenList`` over part of them) and freed with the last of them. Immutable once made.
final class TokenBuffer: @unchecked Sendable {
    // @unchecked: the tokens are written once, in the initialiser, and only read afterwards.
    let base: UnsafeMutablePointer<Token>
    let count: Int
    /// True when every token's strings are small (``TokenStore/onlySmallStrings``): nothing to
    /// destroy but the memory.
    private let onlySmallStrings: Bool
    /// Part-of-speech tags of the sentences over these tokens, by `start << 20 | count`, made
    /// when a rule first asks (``RuleContext/tags(of:)``); most segments never fill it.
    let taggedSentences = Mutex<[Int: [PennTag]]>([:])

    /// The tokens of `store`, which this buffer takes over (the store must not be used or freed
    /// afterwards).
    init(taking store: TokenStore) {
        base = store.base
        count = store.count
        onlySmallStrings = store.onlySmallStrings
    }

    /// A copy of `tokens`.
    init(copying tokens: some Collection<Token>) {
        onlySmallStrings = false
        count = tokens.count
        base = UnsafeMutablePointer<Token>.allocate(capacity: max(count, 1))
        var k = 0
        for t in tokens {
            (base + k).initialize(to: t)
            k += 1
        }
    }

    deinit {
        // Small strings own nothing: a token made only of them (and of plain values) holds no
        // reference, and destroying it would be a call per string that does nothing.
        if !onlySmallStrings { base.deinitialize(count: count) }
        base.deallocate()
    }
}

/// A sentence's tokens: a random-access collection over part of a ``TokenBuffer``, indexed
/// from 0. Its subscript hands out the token in place (an address, not a copy), so that
/// `tokens[i].lower` reads one string: an array's subscript getter, which the compiler does not
/// always inline in the rules' long functions, copied the whole token (both strings retained,
/// then released) to read one field.
public struct TokenList: RandomAccessCollection, Sendable {
    let buffer: TokenBuffer
    let start: Int
    /// The number of tokens.
    public let count: Int

    /// Tokens `start..<start + count` of `buffer`.
    init(_ buffer: TokenBuffer, start: Int, count: Int) {
        self.buffer = buffer
        self.start = start
        self.count = count
    }

    /// A list of copies of `tokens`.
    public init(_ tokens: [Token]) {
        self.init(TokenBuffer(copying: tokens), start: 0, count: tokens.count)
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// ``count``.
    public var endIndex: Int { count }

    /// Token `i` (`0 <= i < count`; traps otherwise, as an array does).
    public subscript(i: Int) -> Token {
        @inline(__always) unsafeAddress {
            precondition(i >= 0 && i < count, "Token index out of range")
            return UnsafePointer(buffer.base + (start + i))
        }
    }

    /// The tokens as an array (copies).
    public var array: [Token] { Array(self) }
}

extension TokenList: Equatable {
    /// True when both lists hold equal tokens in the same order.
    public static func == (a: TokenList, b: TokenList) -> Bool { a.elementsEqual(b) }
}

/// A sentence: the tokens from its first character up to and including the whitespace that
/// follows it. Sentences of one segment partition its text.
public struct Sentence: Sendable {
    /// The sentence's tokens, trailing whitespace included.
    public var tokens: TokenList
    /// UTF-16 range in the segment text, trailing whitespace included.
    public var range: NSRange
    /// True when the sentence starts its block (a paragraph, heading, list item or table cell).
    public var isBlockStart: Bool
    /// True when the sentence is the continuation of a run of text too long to be one sentence
    /// (``SentenceSplitter/maxTokens``), cut where the writer put no sentence end: its first
    /// word does not start a sentence.
    public var continuesSentence = false
    /// The pronoun–verb pairs the agreement rules share, when the proofreader has found them
    /// for this sentence (nil: each rule finds them itself).
    var agreementCandidates: [PronounVerbAgreement.Candidate]?

    /// Creates a sentence of (copies of) `tokens`.
    public init(tokens: [Token], range: NSRange, isBlockStart: Bool) {
        self.init(tokens: TokenList(tokens), range: range, isBlockStart: isBlockStart)
    }

    /// Creates a sentence of `tokens`.
    public init(tokens: TokenList, range: NSRange, isBlockStart: Bool) {
        self.tokens = tokens
        self.range = range
        self.isBlockStart = isBlockStart
    }

    /// Indices of the word tokens, in order.
    public var wordIndices: [Int] { tokens.indices.filter { tokens[$0].kind == .word } }

    /// Index of the next token after `i` that is not whitespace, if any.
    public func nextNonSpace(after i: Int) -> Int? {
        var j = i + 1
        while j < tokens.count {
            if !tokens[j].isSpace { return j }
            j += 1
        }
        return nil
    }

    /// Index of the previous token before `i` that is not whitespace, if any.
    public func previousNonSpace(before i: Int) -> Int? {
        var j = i - 1
        while j >= 0 {
            if !tokens[j].isSpace { return j }
            j -= 1
        }
        return nil
    }
}

/// Splits tokens into sentences at `.`, `!`, `?` (and `…`) followed by whitespace, unless the
/// period ends a known abbreviation (`e.g.`, `Dr.`, `etc.` before a lowercase word), an
/// initial (`J. R. R. Tolkien`) or a number.
public enum SentenceSplitter {
    /// Abbreviations (lowercased, without their final period) after which a period does not end
    /// a sentence.
    public static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "vs", "e.g", "i.e", "cf", "al", "approx",
        "fig", "figs", "no", "nos", "vol", "vols", "ch", "sec", "p", "pp", "ed", "eds", "est", "inc", "ltd",
        "co", "corp", "dept", "univ", "gen", "col", "lt", "sgt", "capt", "rev", "hon", "gov", "pres",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "ave", "blvd", "rd", "eq", "eqs", "ref", "refs",
        "op", "resp", "viz", "ca", "c", "incl", "min", "max", "ft", "in", "lb", "lbs", "oz", "u.s", "u.k",
        "a.m", "p.m", "ph.d", "b.a", "m.a", "b.sc", "m.sc", "n.b", "etc", "misc",
        "ibid", "esp", "govt", "hr", "hrs", "mins", "secs", "yr", "yrs", "wk", "wks", "mo", "sq",
        "cca", "attn", "p.s", "q.v", "eg", "ie",
    ]

    /// Abbreviations that are also common words (“in”, “no”, “sun”): their period ends the
    /// abbreviation only next to a number (“12 in. long”, “No. 5”) or when capitalised
    /// (“Fig. 3”, “Mar. 2”); otherwise it ends a sentence (“log in. then”, “say no. it”).
    static let wordLikeAbbreviations: Set<String> = [
        "in", "no", "sun", "sat", "wed", "mar", "min", "max", "est", "gen", "col", "rev", "sec", "ed", "co",
        "op", "ca", "mo", "fig", "ref", "sq", "hon", "pres", "lt", "eds", "nos", "ch", "vol", "misc",
    ]

    /// Of ``wordLikeAbbreviations``, those written far more often as abbreviations than as
    /// words at a sentence's end: before a lowercase word they abbreviate (“ca. ten euros”,
    /// “see fig. three”).
    static let usuallyAbbreviations: Set<String> = ["ca", "fig", "vol", "ch", "ref", "nos", "eds", "sq"]

    /// Abbreviations that often end a sentence too: a following capitalised word starts a new one.
    static let sentenceFinalAbbreviations: Set<String> = ["etc", "misc", "al", "u.s", "u.k", "a.m", "p.m", "inc", "ltd", "co", "corp"]

    /// Abbreviations that stand before what they abbreviate for and never end a sentence:
    /// titles before a name (“Dr. The” is no sentence end) and Latin and reference
    /// abbreviations before their example or number (“e.g. The Hobbit”, “vol. I”).
    static let neverFinalAbbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "gen", "col", "lt", "sgt", "capt", "rev", "hon", "gov", "pres",
        "e.g", "i.e", "eg", "ie", "cf", "vs", "viz", "approx", "ca", "cca", "incl", "esp", "resp", "q.v", "n.b", "attn",
        "fig", "figs", "vol", "vols", "ch", "p", "pp", "eq", "eqs", "ref", "refs", "sec", "op",
    ]

    /// Capitalised pronouns and determiners that open a sentence far more often than they
    /// follow an abbreviation inside one (lowercased): after “Max.”, “Jan.”, “min.” they start
    /// the next sentence.
    static let sentenceOpeners: Set<String> = [
        "i", "he", "she", "it", "we", "they", "you", "the", "this", "that", "these", "those", "there", "his", "her",
        "its", "our", "their", "my", "your", "a", "an",
    ]

    /// Sentences covering `tokens` end to end.
    public static func split(_ tokens: [Token], blockStart: Bool = true) -> [Sentence] {
        split(TokenBuffer(copying: tokens), blockStart: blockStart)
    }

    /// ``split(_:blockStart:)`` of the tokens in `store`, which the sentences take over (none
    /// is copied or moved; they share the store's memory, freed with the last of them): the
    /// caller must not use or free the store afterwards.
    static func split(taking store: TokenStore, blockStart: Bool = true) -> [Sentence] {
        split(TokenBuffer(taking: store), blockStart: blockStart)
    }

    /// The sentences over `buffer`'s tokens.
    private static func split(_ buffer: TokenBuffer, blockStart: Bool) -> [Sentence] {
        let tokens = TokenList(buffer, start: 0, count: buffer.count)
        var sentences: [Sentence] = []
        var start = 0
        for end in ends(tokens) {
            // A run longer than `maxTokens` (a log, a list without punctuation, a line of 100,000
            // words) is checked in pieces, so that no rule's look along its sentence grows with
            // the whole run (quadratic time on such input).
            var pieceStart = start
            while end - pieceStart > maxTokens {
                let cut = Self.cut(tokens, from: pieceStart, to: end)
                let r = NSRange(location: tokens[pieceStart].range.location, length: tokens[cut - 1].end - tokens[pieceStart].range.location)
                var piece = Sentence(tokens: TokenList(buffer, start: pieceStart, count: cut - pieceStart), range: r,
                                     isBlockStart: sentences.isEmpty && blockStart)
                piece.continuesSentence = pieceStart != start
                sentences.append(piece)
                pieceStart = cut
            }
            let r = NSRange(location: tokens[pieceStart].range.location, length: tokens[end - 1].end - tokens[pieceStart].range.location)
            var sentence = Sentence(tokens: TokenList(buffer, start: pieceStart, count: end - pieceStart), range: r,
                                    isBlockStart: sentences.isEmpty && blockStart)
            sentence.continuesSentence = pieceStart != start
            sentences.append(sentence)
            start = end
        }
        return sentences
    }

    /// The most tokens a sentence holds (about 500 words): a longer run without a sentence end
    /// is cut into pieces of at most this many.
    static let maxTokens = 1_000

    /// Where to cut the run `tokens[from..<to]` (longer than ``maxTokens``): after the last line
    /// break in the second half of the first ``maxTokens`` tokens, else after the last space
    /// there, else at ``maxTokens``.
    private static func cut(_ tokens: TokenList, from: Int, to: Int) -> Int {
        let limit = from + maxTokens
        var space: Int?
        var k = limit - 1
        while k > from + maxTokens / 2 {
            if tokens[k].isSpace {
                if tokens[k].kind == .newline || tokens[k].text.utf8.contains(10) { return k + 1 }
                if space == nil { space = k + 1 }
            }
            k -= 1
        }
        return space ?? limit
    }

    /// The lowercased word before the period at `i` as the abbreviation lists spell it: dotted
    /// forms joined (`e.g`, `i.e`, `u.s`), spaced ones too (“e. g.”).
    private static func abbreviation<C: RandomAccessCollection>(endingAt i: Int, in tokens: C) -> String where C.Element == Token, C.Index == Int {
        var word = tokens[i - 1].lower
        // Join dotted abbreviations: e.g, i.e, U.S.
        if i >= 3, tokens[i - 2].isOne(of: "."), tokens[i - 3].kind == .word, tokens[i - 3].range.length == 1 {
            word = tokens[i - 3].lower + "." + word
        } else if i >= 4, tokens[i - 1].range.length == 1, tokens[i - 2].kind == .whitespace, tokens[i - 3].isOne(of: "."),
                  tokens[i - 4].kind == .word, tokens[i - 4].range.length == 1 {
            // Spaced forms: “e. g.”, “i. e.”.
            word = tokens[i - 4].lower + "." + word
        }
        return word
    }

    /// The end index (exclusive) of each sentence of `tokens`, in order; the last is
    /// `tokens.count` (none for no tokens).
    static func ends<C: RandomAccessCollection>(_ tokens: C) -> [Int] where C.Element == Token, C.Index == Int {
        var ends: [Int] = []
        var start = 0
        var i = 0
        func close(_ end: Int) {
            guard end > start else { return }
            ends.append(end)
            start = end
        }
        while i < tokens.count {
            // Read in place: most tokens are not sentence ends, and a copy of each costs more.
            guard tokens[i].kind == .punctuation, tokens[i].isOne(of: ".!?\u{2026}") else {
                i += 1
                continue
            }
            // Take the run of terminal punctuation and closing quotes/brackets.
            var j = i + 1
            while j < tokens.count, tokens[j].kind == .punctuation,
                  tokens[j].isOne(of: ".!?\u{2026}\"'\u{201D}\u{2019})]") { j += 1 }
            guard j < tokens.count, tokens[j].isSpace else { i = j; continue }
            var k = j
            while k < tokens.count, tokens[k].isSpace { k += 1 }
            if k >= tokens.count { i = k; continue }
            // An abbreviation's period inside brackets or quotes before a lower-case word
            // (“multi-threaded (Java, etc.) apps”, “(e.g.) the”) ends no sentence.
            if tokens[i].isOne(of: "."), j > i + 1, i > 0, tokens[i - 1].kind == .word, tokens[k].startsLowercase,
               tokens[(i + 1)..<j].allSatisfy({ !$0.isOne(of: ".!?\u{2026}") }),
               abbreviations.contains(abbreviation(endingAt: i, in: tokens)) {
                i = k; continue
            }
            if tokens[i].isOne(of: ".") && j == i + 1, i > 0, tokens[i - 1].kind == .word {
                let word = abbreviation(endingAt: i, in: tokens)
                // A single lowercase letter before a lowercase word is an abbreviation (“e. g. this”).
                if tokens[i - 1].range.length == 1, tokens[i - 1].startsLowercase, tokens[k].startsLowercase { i = k; continue }
                let isInitial = tokens[i - 1].text.count == 1 && tokens[i - 1].startsUppercase
                var isAbbreviation = abbreviations.contains(word)
                if isAbbreviation, wordLikeAbbreviations.contains(word), tokens[i - 1].startsLowercase, tokens[k].kind != .number,
                   !(usuallyAbbreviations.contains(word) && tokens[k].startsLowercase) {
                    let before = i >= 3 && tokens[i - 2].kind == .whitespace ? tokens[i - 3] : nil
                    isAbbreviation = before?.kind == .number
                }
                // “No.” abbreviates “number” before a number (“No. 5”) or a lower-case word (“No.
                // of users”); before another capitalised word it is the answer “No.” (an FAQ's
                // “No. Use 7-Zip to handle .7z files.”, “No.  Please read the license”).
                if isAbbreviation, word == "no" || word == "nos", tokens[k].kind != .number, tokens[k].startsUppercase {
                    isAbbreviation = false
                }
                if isAbbreviation || isInitial {
                    // A name or word that looks like an abbreviation (“I met Max.”, “in Jan.”, “5
                    // min.”) ends the sentence when a capitalised pronoun or determiner opens the
                    // next (“She”, “The”); titles and “e.g.” never end one (“Dr. Smith”, “e.g. The Hobbit”).
                    let endsBeforeOpener = !isInitial && !neverFinalAbbreviations.contains(word) && tokens[k].startsUppercase
                        && sentenceOpeners.contains(tokens[k].lower)
                    if !(sentenceFinalAbbreviations.contains(word) && tokens[k].startsUppercase) && !endsBeforeOpener { i = k; continue }
                }
            }
            // A question or exclamation closed by a quote and followed by a lowercase word is
            // dialogue that goes on (“Why not?” she asked).
            if (tokens[i].isOne(of: "?") || tokens[i].isOne(of: "!")), tokens[k].startsLowercase,
               tokens[i..<j].contains(where: { $0.isOne(of: "\"'\u{201D}\u{2019}") }) { i = k; continue }
            // A full stop with a space before it and a lowercase word after it is a mark being
            // named (“type . to repeat”), not a sentence's end.
            if tokens[i].isOne(of: "."), j == i + 1, i > 0, tokens[i - 1].isSpace, tokens[k].startsLowercase { i = k; continue }
            // An ellipsis followed by a lowercase word continues the sentence.
            let isEllipsis = tokens[i].isOne(of: "\u{2026}") || (j - i >= 3 && tokens[i..<j].allSatisfy { $0.isOne(of: ".") })
            if isEllipsis && tokens[k].startsLowercase { i = k; continue }
            close(k)
            i = k
        }
        close(tokens.count)
        return ends
    }
}

/// What a sentence holds besides its words, found in one pass over its tokens: the rules on
/// punctuation and spacing run only on sentences with a feature they need
/// (``Rule/featureTriggers``), as rules on words run only on sentences with one of their
/// trigger words.
public struct SentenceFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    /// Creates features from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A number token (`3`, `3.14`).
    public static let number = SentenceFeatures(rawValue: 1)
    /// A word with a digit (`1st`, `1920x1080`, `mp3`).
    public static let digitWord = SentenceFeatures(rawValue: 2)
    /// `(` or `)`.
    public static let parenthesis = SentenceFeatures(rawValue: 4)
    /// A typographic quotation mark `“`, `”` or `‘`.
    public static let curlyQuote = SentenceFeatures(rawValue: 8)
    /// Whitespace of two characters or more.
    public static let spaceRun = SentenceFeatures(rawValue: 16)
    /// A punctuation token right after whitespace (`word ,`).
    public static let spaceBeforePunctuation = SentenceFeatures(rawValue: 32)
    /// A punctuation token between two words, without spaces (`end.Start`).
    public static let punctuationBetweenWords = SentenceFeatures(rawValue: 64)
    /// A punctuation token followed by the same character (`,,`).
    public static let repeatedPunctuation = SentenceFeatures(rawValue: 128)

    /// The features of `tokens` (a sentence's, or any run of tokens).
    public init(of tokens: TokenList) {
        var f: UInt16 = 0
        let n = tokens.count
        // Kinds and scalars read in place (a token copy costs more than the tests).
        for k in 0..<n {
            switch tokens[k].kind {
            case .word:
                if tokens[k].traits.contains(.hasDigit) { f |= Self.digitWord.rawValue }
            case .number:
                f |= Self.number.rawValue
            case .whitespace:
                if tokens[k].range.length >= 2 { f |= Self.spaceRun.rawValue }
            case .punctuation:
                let c = tokens[k].firstScalar
                if c == 0x28 || c == 0x29 { f |= Self.parenthesis.rawValue }
                if c == 0x201C || c == 0x201D || c == 0x2018 { f |= Self.curlyQuote.rawValue }
                if k > 0 {
                    let before = tokens[k - 1].kind
                    if before == .whitespace { f |= Self.spaceBeforePunctuation.rawValue }
                    if before == .word, k + 1 < n, tokens[k + 1].kind == .word { f |= Self.punctuationBetweenWords.rawValue }
                }
                if k + 1 < n, tokens[k + 1].kind == .punctuation, tokens[k + 1].firstScalar == c { f |= Self.repeatedPunctuation.rawValue }
            case .newline, .placeholder:
                break
            }
        }
        self.init(rawValue: f)
    }
}
