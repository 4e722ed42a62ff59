import Foundation

/// A sentence: the tokens from its first character up to and including the whitespace that
/// follows it. Sentences of one segment partition its text.
public struct Sentence: Sendable {
    /// The sentence's tokens, trailing whitespace included.
    public var tokens: [Token]
    /// UTF-16 range in the segment text, trailing whitespace included.
    public var range: NSRange
    /// True when the sentence starts its block (a paragraph, heading, list item or table cell).
    public var isBlockStart: Bool
    /// The pronoun–verb pairs the agreement rules share, when the proofreader has found them
    /// for this sentence (nil: each rule finds them itself).
    var agreementCandidates: [PronounVerbAgreement.Candidate]?

    /// Creates a sentence.
    public init(tokens: [Token], range: NSRange, isBlockStart: Bool) {
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

    /// Abbreviations that often end a sentence too: a following capitalised word starts a new one.
    static let sentenceFinalAbbreviations: Set<String> = ["etc", "misc", "al", "u.s", "u.k", "a.m", "p.m", "inc", "ltd", "co", "corp"]

    /// Sentences covering `tokens` end to end.
    public static func split(_ tokens: [Token], blockStart: Bool = true) -> [Sentence] {
        var sentences: [Sentence] = []
        var start = 0
        for end in ends(tokens) {
            let r = NSRange(location: tokens[start].range.location, length: tokens[end - 1].end - tokens[start].range.location)
            sentences.append(Sentence(tokens: Array(tokens[start..<end]), range: r, isBlockStart: sentences.isEmpty && blockStart))
            start = end
        }
        return sentences
    }

    /// ``split(_:blockStart:)`` of the tokens in `store`, moved into the sentences (none is
    /// copied); the store's memory is freed.
    static func split(moving store: inout TokenStore, blockStart: Bool = true) -> [Sentence] {
        let tokens = store.tokens
        var sentences: [Sentence] = []
        var start = 0
        for end in ends(tokens) {
            let r = NSRange(location: tokens[start].range.location, length: tokens[end - 1].end - tokens[start].range.location)
            sentences.append(Sentence(tokens: store.move(start..<end), range: r, isBlockStart: sentences.isEmpty && blockStart))
            start = end
        }
        // The sentences cover the tokens end to end: every one has been moved.
        store.deallocateMovedOut()
        return sentences
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
            let t = tokens[i]
            // Take the run of terminal punctuation and closing quotes/brackets.
            var j = i + 1
            while j < tokens.count, tokens[j].kind == .punctuation,
                  tokens[j].isOne(of: ".!?\u{2026}\"'\u{201D}\u{2019})]") { j += 1 }
            guard j < tokens.count, tokens[j].isSpace else { i = j; continue }
            var k = j
            while k < tokens.count, tokens[k].isSpace { k += 1 }
            if k >= tokens.count { i = k; continue }
            let next = tokens[k]
            if t.isOne(of: ".") && j == i + 1, i > 0, tokens[i - 1].kind == .word {
                let prev = tokens[i - 1]
                var word = prev.lower
                // Join dotted abbreviations: e.g, i.e, U.S.
                if i >= 3, tokens[i - 2].isOne(of: "."), tokens[i - 3].kind == .word, tokens[i - 3].range.length == 1 {
                    word = tokens[i - 3].lower + "." + word
                } else if i >= 4, prev.range.length == 1, tokens[i - 2].kind == .whitespace, tokens[i - 3].isOne(of: "."),
                          tokens[i - 4].kind == .word, tokens[i - 4].range.length == 1 {
                    // Spaced forms: “e. g.”, “i. e.”.
                    word = tokens[i - 4].lower + "." + word
                }
                // A single lowercase letter before a lowercase word is an abbreviation (“e. g. this”).
                if prev.range.length == 1, prev.startsLowercase, next.startsLowercase { i = k; continue }
                let isInitial = prev.text.count == 1 && prev.startsUppercase
                var isAbbreviation = abbreviations.contains(word)
                if isAbbreviation, wordLikeAbbreviations.contains(word), prev.startsLowercase, next.kind != .number {
                    let before = i >= 3 && tokens[i - 2].kind == .whitespace ? tokens[i - 3] : nil
                    isAbbreviation = before?.kind == .number
                }
                if isAbbreviation || isInitial {
                    if !(sentenceFinalAbbreviations.contains(word) && next.startsUppercase) { i = k; continue }
                }
            }
            // A question or exclamation closed by a quote and followed by a lowercase word is
            // dialogue that goes on (“Why not?” she asked).
            if (t.isOne(of: "?") || t.isOne(of: "!")), next.startsLowercase,
               tokens[i..<j].contains(where: { $0.isOne(of: "\"'\u{201D}\u{2019}") }) { i = k; continue }
            // An ellipsis followed by a lowercase word continues the sentence.
            let isEllipsis = t.isOne(of: "\u{2026}") || (j - i >= 3 && tokens[i..<j].allSatisfy { $0.isOne(of: ".") })
            if isEllipsis && next.startsLowercase { i = k; continue }
            close(k)
            i = k
        }
        close(tokens.count)
        return ends
    }
}
