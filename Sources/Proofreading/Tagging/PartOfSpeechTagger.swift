import Foundation

/// Tags a sentence's tokens with Penn Treebank tags: a bigram hidden Markov model decoded with
/// the Viterbi algorithm (Jurafsky & Martin, *Speech and Language Processing*, §8.4), its
/// transitions and word probabilities from Lingua::EN::Tagger's Penn Treebank counts (see
/// ``TagLexicon``). The Perl module itself tags greedily, one word at a time; the whole
/// sentence's best path is found here instead.
///
/// A word's score for a tag is P(tag | word) / P(tag), which is proportional to P(word | tag)
/// (Bayes), so lexicon words and guessed words compare on one scale. A word the lexicon lacks
/// is guessed from its shape, its suffix and, when the speller is Hunspell's, its dictionary
/// entry's affix flags (``WordClasses``): `refactors` is a plural noun or a third-person verb,
/// `Kubernetes` in mid-sentence a proper noun.
///
/// Contractions the tokenizer keeps as one word (`don't`, `it's`, `we'll`) are tagged as Penn
/// splits them (`do` + `n't`, `it` + `'s`), and the token gets its first part's tag (`don't`
/// `VBP`, `can't` `MD`, `it's` `PRP`, `let's` `VB`).
enum PartOfSpeechTagger {
    /// One candidate tag of one position, with its log emission score.
    struct Candidate {
        var tag: PennTag
        var score: Float
    }

    /// The tags of `tokens`, one per token (``PennTag/none`` for whitespace and line breaks).
    static func tag(_ tokens: TokenList, lexicon: TagLexicon, wordClasses: WordClasses?) -> [PennTag] {
        let n = tokens.count
        var out = [PennTag](repeating: .none, count: n)
        // Positions of the model: each non-space token, and a second one for a contraction's clitic.
        var owner: [Int] = []            // token of each position (-1 for a clitic)
        var starts: [Int] = [0]          // candidate run of each position
        var candidates: [Candidate] = []
        owner.reserveCapacity(n)
        candidates.reserveCapacity(n * 3)
        var sentenceStart = true
        var previousWasOpening = true
        for k in 0..<n {
            switch tokens[k].kind {
            case .whitespace, .newline:
                continue
            case .number:
                candidates.append(Candidate(tag: .CD, score: 0))
            case .placeholder:
                candidates.append(Candidate(tag: .NN, score: 0))
            case .punctuation:
                let tag = punctuationTag(tokens[k].firstScalar, openingContext: previousWasOpening)
                candidates.append(Candidate(tag: tag, score: 0))
            case .word:
                let (host, clitic) = split(tokens[k])
                appendWord(host, capitalised: tokens[k].traits.contains(.startsUppercase), atStart: sentenceStart,
                           token: tokens[k], lexicon: lexicon, wordClasses: wordClasses, into: &candidates)
                if let clitic {
                    owner.append(k)
                    starts.append(candidates.count)
                    appendClitic(clitic, lexicon: lexicon, into: &candidates)
                    owner.append(-1)
                    starts.append(candidates.count)
                    sentenceStart = false
                    previousWasOpening = false
                    continue
                }
            }
            owner.append(k)
            starts.append(candidates.count)
            let kind = tokens[k].kind
            previousWasOpening = kind == .punctuation && (tokens[k].firstScalar == 0x28 || tokens[k].firstScalar == 0x5B
                || tokens[k].firstScalar == 0x7B || tokens[k].firstScalar == 0x201C || tokens[k].firstScalar == 0x2018)
            // A quote or bracket at the start keeps the next word at the start.
            sentenceStart = sentenceStart && kind == .punctuation && previousWasOpening
        }
        let positions = owner.count
        guard positions > 0 else { return out }
        // Viterbi.
        var score = [Float](repeating: 0, count: candidates.count)
        var back = [Int32](repeating: -1, count: candidates.count)
        for c in starts[0]..<starts[1] {
            score[c] = lexicon.logTransition(.period, candidates[c].tag) + candidates[c].score
        }
        for p in 1..<positions {
            for c in starts[p]..<starts[p + 1] {
                var best = -Float.infinity, arg = starts[p - 1]
                let tag = candidates[c].tag
                for q in starts[p - 1]..<starts[p] {
                    let s = score[q] + lexicon.logTransition(candidates[q].tag, tag)
                    if s > best { best = s; arg = q }
                }
                score[c] = best + candidates[c].score
                back[c] = Int32(arg)
            }
        }
        var best = -Float.infinity, arg = starts[positions - 1]
        for c in starts[positions - 1]..<starts[positions] where score[c] > best { best = score[c]; arg = c }
        var p = positions - 1
        while p >= 0 {
            if owner[p] >= 0 { out[owner[p]] = candidates[arg].tag }
            if p == 0 { break }
            arg = Int(back[arg])
            p -= 1
        }
        return out
    }

    /// The Penn tag of a punctuation character.
    static func punctuationTag(_ c: UInt32, openingContext: Bool) -> PennTag {
        switch c {
        case 0x2E, 0x21, 0x3F: return .period                             // . ! ?
        case 0x2C: return .comma
        case 0x3A, 0x3B, 0x2D, 0x2013, 0x2014, 0x2026: return .colon      // : ; - – — …
        case 0x28, 0x5B, 0x7B: return .openBracket
        case 0x29, 0x5D, 0x7D: return .closeBracket
        case 0x201C, 0x2018, 0x60: return .openQuote
        case 0x201D, 0x2019: return .closeQuote
        case 0x22, 0x27: return openingContext ? .openQuote : .closeQuote
        case 0x24, 0xA3, 0x20AC, 0xA5: return .dollar
        case 0x23: return .hash
        default: return .SYM
        }
    }

    /// A contraction's host and clitic (`don't` → `do`, `n't`; `it's` → `it`, `'s`; `can't` →
    /// `can`, `n't`); the word itself and nil for other words.
    static func split(_ token: Token) -> (host: String, clitic: String?) {
        guard token.traits.contains(.apostrophe) else { return (token.text, nil) }
        let norm = token.norm
        let text = token.traits.contains(.curlyApostrophe) ? Token.straightened(token.text) : token.text
        for clitic in ["n't", "'s", "'re", "'ve", "'ll", "'d", "'m"] where norm.hasSuffix(clitic) && norm.count > clitic.count {
            var host = String(text.dropLast(clitic.count))
            if clitic == "n't" {
                switch host.lowercased() {
                case "ca": host = "can"
                case "wo": host = "will"
                case "sha": host = "shall"
                case "ai": host = "is"
                default: break
                }
            }
            return (host, clitic)
        }
        return (token.text, nil)
    }

    /// The candidates of a clitic (`n't` is an adverb; the others as the treebank tags them).
    static func appendClitic(_ clitic: String, lexicon: TagLexicon, into out: inout [Candidate]) {
        if clitic == "n't" { out.append(Candidate(tag: .RB, score: 0)); return }
        let e = lexicon.entry(exactly: clitic)
        guard e >= 0 else { out.append(Candidate(tag: .VBZ, score: 0)); return }
        for r in lexicon.records(e) {
            let t = lexicon.recordTag(r)
            // `'s` is a verb or a possessive; its few proper-noun and plural tags are noise.
            guard !t.isNoun else { continue }
            out.append(Candidate(tag: t, score: log(lexicon.recordWeight(r)) - lexicon.logPrior(t)))
        }
    }

    /// The candidates of a word.
    static func appendWord(_ word: String, capitalised: Bool, atStart: Bool, token: Token, lexicon: TagLexicon,
                           wordClasses: WordClasses?, into out: inout [Candidate]) {
        var e = lexicon.entry(exactly: word)
        // A capitalised word that is not a name in the lexicon: its lowercase entry
        // (sentence-initial “Because”, or a heading's “Build”), unless it stands mid-sentence
        // where a capital most often makes a name.
        if e < 0, capitalised {
            let lower = word.lowercased()
            if atStart || token.traits.contains(.allCaps) || !lower.isEmpty {
                let l = lexicon.entry(exactly: lower)
                if l >= 0 {
                    if atStart || token.traits.contains(.allCaps) {
                        e = l
                    } else {
                        // Mid-sentence: the lowercase word's tags, and a proper noun reading.
                        let start = out.count
                        for r in lexicon.records(l) {
                            let t = lexicon.recordTag(r)
                            out.append(Candidate(tag: t, score: log(lexicon.recordWeight(r) * 0.5) - lexicon.logPrior(t)))
                        }
                        if !out[start...].contains(where: { $0.tag == .NNP }) {
                            out.append(Candidate(tag: .NNP, score: log(Float(0.5)) - lexicon.logPrior(.NNP)))
                        }
                        return
                    }
                }
            }
        }
        if e >= 0 {
            for r in lexicon.records(e) {
                let t = lexicon.recordTag(r)
                out.append(Candidate(tag: t, score: log(lexicon.recordWeight(r)) - lexicon.logPrior(t)))
            }
            return
        }
        for (t, p) in guess(word, token: token, capitalised: capitalised && !atStart, wordClasses: wordClasses) {
            out.append(Candidate(tag: t, score: log(p) - lexicon.logPrior(t)))
        }
    }

    /// Tags and probabilities of a word the lexicon does not know.
    static func guess(_ word: String, token: Token, capitalised: Bool, wordClasses: WordClasses?) -> [(PennTag, Float)] {
        let lower = word.lowercased()
        if token.traits.contains(.hasDigit) {
            if let f = lower.unicodeScalars.first, f.properties.numericType != nil { return [(.CD, 0.5), (.JJ, 0.25), (.NN, 0.25)] }
            return [(.NN, 0.6), (.NNP, 0.4)]
        }
        if capitalised || token.traits.contains(.allCaps) || token.traits.contains(.innerUppercase) {
            return lower.hasSuffix("s") && !lower.hasSuffix("ss") ? [(.NNP, 0.7), (.NNPS, 0.2), (.NNS, 0.1)] : [(.NNP, 0.9), (.NN, 0.1)]
        }
        // Hunspell's affix flags.
        if let w = wordClasses {
            var out: [(PennTag, Float)] = []
            if let f = w.entry(lower) {
                if f.contains("M") || f.contains("S") && !(f.contains("D") || f.contains("G")) { out.append((.NN, 0.5)) }
                if f.contains("D") || f.contains("G") { out += [(.VB, 0.25), (.VBP, 0.15)] }
                if w.isAdjectiveLike(lower) { out.append((.JJ, 0.4)) }
            }
            if out.isEmpty {
                if w.singular(ofPlural: lower) != nil { out.append((.NNS, 0.6)) }
                if w.verbBase(ofThirdPerson: lower) != nil { out.append((.VBZ, 0.3)) }
                if w.isPastParticiple(lower) { out += [(.VBN, 0.35), (.VBD, 0.35), (.JJ, 0.2)] }
                if w.isPresentParticiple(lower) { out += [(.VBG, 0.7), (.NN, 0.15), (.JJ, 0.1)] }
                if w.isSuperlative(lower) { out.append((.JJS, 0.8)) }
            }
            if !out.isEmpty { return out }
        }
        return suffixGuess(lower)
    }

    /// Tags of an unknown lowercase word by its ending (the classes of Lingua::EN::Tagger's
    /// `unknown.yml`, refined with the commonest derivational suffixes).
    static func suffixGuess(_ w: String) -> [(PennTag, Float)] {
        func ends(_ s: String...) -> Bool { s.contains { w.hasSuffix($0) && w.count > $0.count + 1 } }
        if ends("ing") { return [(.VBG, 0.7), (.NN, 0.15), (.JJ, 0.15)] }
        if ends("ly") { return [(.RB, 0.9), (.JJ, 0.1)] }
        if ends("ed") { return [(.VBN, 0.35), (.VBD, 0.35), (.JJ, 0.3)] }
        if ends("ness", "ment", "tion", "sion", "ity", "ism", "ance", "ence", "ship", "hood", "ist", "er", "or", "age") {
            return [(.NN, 0.9), (.JJ, 0.05), (.NNP, 0.05)]
        }
        if ends("able", "ible", "al", "ous", "ful", "less", "ive", "ic", "ish", "ary", "ian") { return [(.JJ, 0.85), (.NN, 0.15)] }
        if ends("ize", "ise", "ify", "ate") { return [(.VB, 0.45), (.VBP, 0.25), (.NN, 0.15), (.JJ, 0.15)] }
        if ends("s"), !w.hasSuffix("ss"), !w.hasSuffix("us"), !w.hasSuffix("is") { return [(.NNS, 0.8), (.VBZ, 0.2)] }
        return [(.NN, 0.6), (.JJ, 0.2), (.VB, 0.1), (.NNP, 0.1)]
    }
}
