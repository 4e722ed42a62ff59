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
            // A straight quote opens after a space, a line break or an opening mark.
            if k > 0, tokens[k - 1].isSpace { previousWasOpening = true }
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
        correctFiniteAfterSubject(tokens, &out, lexicon: lexicon)
        correctBareInfinitives(tokens, &out, lexicon: lexicon)
        correctInContext(tokens, &out, lexicon: lexicon)
        correctNounNumberBeforeVerb(tokens, &out, lexicon: lexicon)
        correctVerblessClause(tokens, &out, lexicon: lexicon)
        return out
    }

    /// The word before token `k`, nil when it is no word (punctuation, or the start).
    private static func previousWord(_ tokens: TokenList, _ k: Int) -> Int? {
        var j = k - 1
        while j >= 0, tokens[j].isSpace { j -= 1 }
        return j >= 0 && tokens[j].kind == .word ? j : nil
    }

    /// The next non-space token after `k`.
    private static func nextToken(_ tokens: TokenList, _ k: Int) -> Int? {
        var j = k + 1
        while j < tokens.count, tokens[j].isSpace { j += 1 }
        return j < tokens.count ? j : nil
    }

    /// Personal pronouns that can be a clause's subject.
    static let subjectPronouns: Set<String> = ["i", "we", "they", "he", "she", "it", "you"]

    /// `VB` → `VBP` right after a subject pronoun that nothing before makes an object or
    /// inverts (no verb, modal or “to” before it: “Reading helps. It open your mind”). The Penn
    /// guidelines keep `VB` for imperatives, infinitives and subjunctives; after a subject the
    /// verb is finite, and the bigram model, which has seen “it” mostly as an object (“make it
    /// work”), reads a base form there as `VB`. “make it work”, “does it open” keep `VB` (a verb
    /// before the pronoun), and ``correctBareInfinitives(_:_:lexicon:)`` runs after this.
    static func correctFiniteAfterSubject(_ tokens: TokenList, _ tags: inout [PennTag], lexicon: TagLexicon) {
        for k in tags.indices where tags[k] == .VB && tokens[k].kind == .word {
            guard let p = previousWord(tokens, k), tags[p] == .PRP, subjectPronouns.contains(tokens[p].lower) else { continue }
            if let q = previousWord(tokens, p), tags[q].isVerb || tags[q] == .MD || tags[q] == .TO { continue }
            if lexicon.canBe(tokens[k].lower, .VBP) { tags[k] = .VBP }
        }
    }

    /// A noun in -s that the bigram model read as singular (`NN`) before a finite verb is the
    /// plural (`NNS`) when the lexicon gives it mostly as a plural (“The drawers is full”). The
    /// model reads a noun's number partly from the verb after it, so in a sentence whose
    /// subject and verb disagree it takes the reading that agrees; a rule that checks agreement
    /// needs the noun's number from the noun.
    static func correctNounNumberBeforeVerb(_ tokens: TokenList, _ tags: inout [PennTag], lexicon: TagLexicon) {
        for k in tags.indices where tags[k] == .NN && tokens[k].kind == .word && tokens[k].lastByte == 0x73 {
            let lower = tokens[k].lower
            guard !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"),
                  let n = nextToken(tokens, k), tags[n] == .VBZ || tags[n] == .VBD else { continue }
            let weighted = lexicon.weightedTags(of: lower)
            let plural = weighted.first { $0.tag == .NNS }?.probability ?? 0
            let singular = weighted.first { $0.tag == .NN }?.probability ?? 0
            if plural > singular { tags[k] = .NNS }
        }
    }

    /// A sentence that ends in a full stop with no verb at all, whose opening noun phrase ends
    /// in a plural or a name and is followed by a word in -s the lexicon gives as a verb too
    /// and by more words: that word is the verb (“Dogs barks at night”, “Lawyers charges a lot”: the bigram model, trained on text
    /// whose verbs agree, reads “barks” as a noun after a plural rather than a verb that
    /// disagrees, and “Dogs” as a name). A capitalised first word that the lexicon has as a
    /// plural noun in lowercase is then that plural.
    static func correctVerblessClause(_ tokens: TokenList, _ tags: inout [PennTag], lexicon: TagLexicon) {
        var words: [Int] = []
        for k in tags.indices where tags[k] != .none {
            if tags[k].isVerb || tags[k] == .MD { return }
            if tokens[k].kind == .word { words.append(k) }
        }
        guard words.count >= 3, let last = tags.lastIndex(where: { $0 != .none }), tags[last] == .period,
              tokens[last].firstScalar == 0x2E || tokens[last].firstScalar == 0x21 else { return }
        // The noun phrase: determiner or possessive, adjectives, nouns.
        var w = 0
        if tags[words[0]] == .DT || tags[words[0]] == .PRPS { w = 1 }
        while w < words.count, tags[words[w]] == .JJ { w += 1 }
        let head = w
        while w + 1 < words.count, tags[words[w]].isNoun, tags[words[w + 1]].isNoun, words[w + 1] == (nextToken(tokens, words[w]) ?? -1) {
            // The last noun before a word that can be a verb is the head.
            let lower = tokens[words[w + 1]].lower
            if lexicon.canBe(lower, .VBZ) || lexicon.canBe(lower, .VBP) { break }
            w += 1
        }
        guard w >= head, w + 2 < words.count, tags[words[w]].isNoun else { return }
        let v = words[w + 1]
        guard v == nextToken(tokens, words[w]), tags[v] == .NN || tags[v] == .NNS, tokens[v].startsLowercase else { return }
        // Only a verb in -s after a plural or a name: a singular noun before a word that can be
        // a base verb is most often a compound (“A birthday cake with candles”).
        let lower = tokens[v].lower
        let subject = words[w]
        guard tags[subject] == .NNS || tags[subject] == .NNP || tags[subject] == .NNPS,
              lower.hasSuffix("s"), lexicon.canBe(lower, .VBZ) else { return }
        tags[v] = .VBZ
        if w == 0, tags[subject] == .NNP || tags[subject] == .NNPS, tokens[subject].traits.contains(.startsUppercase),
           !tokens[subject].traits.contains(.allCaps), lexicon.canBe(tokens[subject].lower, .NNS) {
            tags[subject] = .NNS
        }
    }

    /// Forms of “be” (lowercase, straight apostrophes).
    static let beForms: Set<String> = ["be", "is", "am", "are", "was", "were", "been", "being", "'s", "'re", "'m"]
    /// Forms of “be”, “have” and “get” that make a participle a participle.
    static let auxiliaryForms: Set<String> = beForms.union(["have", "has", "had", "having", "'ve", "'d", "get", "gets", "got", "gotten", "getting"])
    /// Degree adverbs after which a past participle is an adjective (“very tired”).
    static let degreeAdverbs: Set<String> = ["very", "too", "so", "quite", "extremely", "rather", "really", "most", "more", "less"]

    /// Corrections of the bigram model's commonest confusions that a wider context settles
    /// (each follows the Penn guidelines, Santorini 1990):
    /// - `-ing` noun → `VBG` after a form of “be” (“was reading”);
    /// - `VBN` → `JJ` after a degree adverb (“very tired”);
    /// - `VBN` → `VBD` after “then” or a conjunction with no auxiliary before (“and then nodded”);
    /// - “out” before “of” → `IN` (“out of the way”); “all” after a pronoun → `DT` (“it all”);
    /// - “why” before a comma, and “dear” after “oh”, → `UH`;
    /// - a word that can be a base verb, after “do/does/did” and a subject → `VB` (“do you like”).
    static func correctInContext(_ tokens: TokenList, _ tags: inout [PennTag], lexicon: TagLexicon) {
        var words: [Int] = []
        words.reserveCapacity(tokens.count)
        for k in tags.indices where tags[k] != .none { words.append(k) }
        for (w, k) in words.enumerated() {
            let tag = tags[k]
            guard tokens[k].kind == .word else { continue }
            let previous = w > 0 ? words[w - 1] : nil
            let next = w + 1 < words.count ? words[w + 1] : nil
            switch tag {
            case .NN where tokens[k].lastByte == 0x67 && tokens[k].lower.hasSuffix("ing"):
                if let p = previous, beForms.contains(tokens[p].norm), lexicon.canBe(tokens[k].lower, .VBG) { tags[k] = .VBG }
            case .VBN:
                if let p = previous, degreeAdverbs.contains(tokens[p].lower) {
                    tags[k] = .JJ
                } else if let p = previous, tokens[p].lower == "then" || tags[p] == .CC {
                    // No auxiliary among the six words before.
                    let hasAuxiliary = words[max(0, w - 6)..<w].contains { auxiliaryForms.contains(tokens[$0].norm) }
                    if !hasAuxiliary, lexicon.canBe(tokens[k].lower, .VBD) { tags[k] = .VBD }
                }
            default:
                break
            }
            let lower = tokens[k].lower
            if lower == "out", let n = next, tokens[n].lower == "of" { tags[k] = .IN }
            if lower == "all", let p = previous, tags[p] == .PRP { tags[k] = .DT }
            if lower == "why", let n = next, tokens[n].firstScalar == 0x2C { tags[k] = .UH }
            if lower == "dear", let p = previous, tokens[p].lower == "oh" { tags[k] = .UH }
            if tag != .VB, w >= 2, let p = previous, tags[p] == .PRP || tags[p] == .NNP,
               ["do", "does", "did"].contains(tokens[words[w - 2]].lower), lexicon.canBe(lower, .VB) {
                tags[k] = .VB
            }
        }
    }

    /// Verbs after which an object and a bare infinitive follow (“made her feel”, “see it pop”,
    /// “did Alice think”): the bigram model reads the infinitive as a present tense (`VBP`), since
    /// a pronoun or name is most often a subject.
    static let bareInfinitiveVerbs: Set<String> = ["do", "make", "let", "help", "have", "see", "hear", "watch", "feel", "bid", "notice"]
    /// Object forms of the personal pronouns (“you” and “it” are both).
    static let objectPronouns: Set<String> = ["me", "him", "her", "us", "them", "it", "you", "myself", "yourself", "himself",
                                              "herself", "itself", "ourselves", "yourselves", "themselves", "oneself"]

    /// `VBP` → `VB` after one of ``bareInfinitiveVerbs`` and its object (an object pronoun, or a
    /// noun phrase: determiner, adjectives, noun).
    static func correctBareInfinitives(_ tokens: TokenList, _ tags: inout [PennTag], lexicon: TagLexicon) {
        func previousWord(_ k: Int) -> Int? {
            var j = k - 1
            while j >= 0, tokens[j].isSpace { j -= 1 }
            return j >= 0 && tokens[j].kind == .word ? j : nil
        }
        for k in tags.indices where tags[k] == .VBP {
            guard var p = previousWord(k) else { continue }
            let object = tags[p]
            if object == .PRP {
                guard objectPronouns.contains(tokens[p].lower) else { continue }
            } else if object.isNoun {
                while let q = previousWord(p), tags[q] == .DT || tags[q] == .JJ || tags[q] == .PRPS || tags[q].isNoun && tags[q] != object { p = q }
            } else {
                continue
            }
            guard let v = previousWord(p), tags[v].isVerb else { continue }
            let lemma = lexicon.lemma(of: PartOfSpeechTagger.split(tokens[v]).host, as: tags[v]) ?? tokens[v].lower
            if bareInfinitiveVerbs.contains(lemma) { tags[k] = .VB }
        }
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
    /// `can`, `n't`), and `cannot` → `can`, `not` (the treebank writes it as two words, so the
    /// lexicon does not know it: read whole, it was tagged a noun); the word itself and nil for
    /// other words.
    static func split(_ token: Token) -> (host: String, clitic: String?) {
        if token.norm == "cannot" { return (String(token.text.prefix(3)), "not") }
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
        if clitic == "n't" || clitic == "not" { out.append(Candidate(tag: .RB, score: 0)); return }
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
        // A capitalised word the lexicon has only in lowercase: its lowercase entry at the start
        // of a sentence (“Because”, a heading's “Build”; not an acronym), where a capital says nothing; in
        // mid-sentence, where a capital most often makes a name (“the Dodo”, “TypeScript”),
        // mostly a proper noun.
        if e < 0, capitalised {
            let l = lexicon.entry(exactly: word.lowercased())
            let allCaps = token.traits.contains(.allCaps)
            // An all-capitals word is an acronym wherever it stands (“HTTPS is”: no plural).
            if l >= 0, atStart && !token.traits.contains(.innerUppercase) && !allCaps {
                e = l
            } else if l >= 0 {
                let name: Float = token.traits.contains(.innerUppercase) || allCaps ? 0.85 : 0.75
                let start = out.count
                for r in lexicon.records(l) {
                    let t = lexicon.recordTag(r)
                    out.append(Candidate(tag: t, score: log(lexicon.recordWeight(r) * (1 - name)) - lexicon.logPrior(t)))
                }
                if !out[start...].contains(where: { $0.tag == .NNP }) {
                    out.append(Candidate(tag: .NNP, score: log(name) - lexicon.logPrior(.NNP)))
                }
                return
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
            return token.traits.contains(.startsUppercase) ? [(.NNP, 0.85), (.NN, 0.15)] : [(.NN, 0.6), (.NNP, 0.4)]
        }
        // A capital in mid-sentence, all capitals or a capital inside the word (`iPhone`): a name.
        if capitalised || token.traits.contains(.allCaps) || token.traits.contains(.innerUppercase) {
            if token.traits.contains(.allCaps), lower.hasSuffix("s") { return [(.NNP, 0.9), (.NNS, 0.1)] }
            return lower.hasSuffix("s") && !lower.hasSuffix("ss") ? [(.NNP, 0.7), (.NNPS, 0.2), (.NNS, 0.1)] : [(.NNP, 0.95), (.NN, 0.05)]
        }
        // A capitalised first word no dictionary knows in lowercase either (“Deno aims to”).
        if token.traits.contains(.startsUppercase), wordClasses?.entry(lower) == nil {
            return [(.NNP, 0.8), (.NN, 0.1), (.NNS, 0.1)]
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
