import Foundation
import TextModel
import DocumentStructure
import Proofreading

/// Applies ``RewritePhrase`` entries to the prose of a document: matches on tokens (so never
/// inside a word), keeps the phrase's capitalisation, deletes fillers with their space, and
/// drops any edit that touches protected text or would change a negation.
struct PhraseRewriter {
    private struct Compiled {
        let phrase: RewritePhrase
        let tokens: [(text: String, spaceBefore: Bool)]
    }
    private var byFirst: [String: [Compiled]] = [:]

    init(_ phrases: [RewritePhrase]) {
        for p in phrases {
            var toks: [(String, Bool)] = []
            var space = false
            for t in Tokenizer.tokenize(p.pattern) {
                if t.isSpace { space = true; continue }
                toks.append((Self.norm(t.lower), space))
                space = false
            }
            guard let first = toks.first else { continue }
            byFirst[first.0, default: []].append(Compiled(phrase: p, tokens: toks))
        }
        for k in byFirst.keys { byFirst[k]!.sort { $0.tokens.count > $1.tokens.count } }
    }

    static func norm(_ s: String) -> String { s.replacingOccurrences(of: "’", with: "'") }

    static let negations: Set<String> = ["not", "no", "never", "nor", "none", "nothing", "nobody", "nowhere", "without", "cannot", "neither"]

    /// True when `word` (lower case) is a noun by the tag lexicon and nothing that can follow
    /// "is" or "are" other than a noun: no adjective, adverb, participle, preposition or
    /// determiner ("capacity", "thoughts", "plans"; not "ready", "welcome", "right", "going",
    /// "done", "here", "a").
    static func isOnlyANoun(_ word: String) -> Bool {
        // An indefinite pronoun follows no possessive: “it's something” is “it is something”.
        if indefinitePronouns.contains(word) { return false }
        let tags = TagLexicon.shared.tagSet(of: word)
        guard !tags.isDisjoint(with: .nouns) else { return false }
        return tags.isDisjoint(with: .adjectives) && tags.isDisjoint(with: .adverbs)
            && !tags.contains(.VBG) && !tags.contains(.VBN) && !tags.contains(.IN) && !tags.contains(.DT)
    }

    /// Pronouns such as “something”, “nothing”, “everyone”, which no possessive precedes.
    static let indefinitePronouns: Set<String> = ["something", "anything", "nothing", "everything", "someone", "anyone", "no-one",
                                                  "everyone", "somebody", "anybody", "nobody", "everybody", "somewhere", "anywhere",
                                                  "nowhere", "everywhere"]

    /// Verbs (lemmas) that take a clause without "that" ("I think it's ready", "make sure",
    /// "check it's running"), and the auxiliaries, after which a contraction is one.
    static let clauseVerbs: Set<String> = [
        "think", "know", "say", "believe", "guess", "hope", "feel", "mean", "suppose", "realize", "realise", "see", "hear",
        "bet", "expect", "assume", "ensure", "check", "verify", "confirm", "notice", "find", "show", "prove", "understand",
        "agree", "admit", "claim", "worry", "wish", "promise", "doubt", "figure", "imagine", "reckon", "swear", "learn",
        "forget", "remember", "decide", "mention", "argue", "tell", "explain", "read", "write", "note", "seem", "appear",
        "bet", "warn", "insist", "pretend", "recall", "report", "suggest", "suspect", "trust", "be", "have", "do", "get",
        "make", "let", "love", "like", "hate", "mind", "fear", "predict", "announce", "discover", "reply", "answer", "add",
    ]

    /// True when `word` is a verb form (not a participle or an -ing form alone) of a verb that
    /// takes an object rather than a clause ("lost", "reached", "updates"): by the tag lexicon.
    static func takesAnObject(_ word: String) -> Bool {
        let lexicon = TagLexicon.shared
        let tags = lexicon.tagSet(of: word)
        guard tags.contains(.VBD) || tags.contains(.VBZ) || tags.contains(.VBP) || tags.contains(.VB),
              tags.isDisjoint(with: .nouns) || tags.contains(.VBD),
              let lemma = lexicon.lemma(of: word, as: .verb) else { return false }
        return !clauseVerbs.contains(lemma)
    }

    /// Words after which a verb takes its base form: “to”, the modals and the forms of
    /// auxiliary “do”, with their contractions (lower case, straight apostrophe).
    static let baseVerbAuxiliaries: Set<String> = [
        "to", "do", "does", "did", "don't", "doesn't", "didn't", "can", "could", "should", "would", "will", "shall", "may", "might",
        "must", "can't", "cannot", "couldn't", "shouldn't", "wouldn't", "won't", "mustn't", "i'll", "you'll", "we'll", "they'll",
        "he'll", "she'll", "it'll", "i'd", "you'd", "we'd", "they'd", "he'd", "she'd",
    ]

    /// Words that open a clause of their own: the subject search of ``edits(in:)`` stops there
    /// (“users who have the ability to” is a finite verb of the relative clause).
    static let clauseBoundaries: Set<String> = [
        "who", "which", "that", "whom", "whose", "and", "or", "but", "if", "when", "because", "while", "where", "so", "than",
    ]

    /// Connectives that open a sentence before a comma ("Furthermore,", "In addition,").
    static let sentenceOpeners: Set<String> = [
        "furthermore", "moreover", "additionally", "also", "however", "in addition", "besides", "finally", "first", "second",
        "secondly", "lastly", "therefore", "thus", "hence", "consequently", "accordingly", "nevertheless", "nonetheless",
        "in fact", "indeed", "meanwhile", "similarly", "likewise", "in particular", "in short", "in summary", "overall",
    ]

    /// Words of a licence's or a contract's terms (lower case).
    static let licenceWords: Set<String> = [
        "license", "licence", "licensed", "licenced", "licenses", "licences", "licensee", "licensor", "gpl", "lgpl", "agpl",
        "copyright", "copyrighted", "warranty", "warranties", "contract", "agreement", "terms", "conditions",
    ]

    /// True when `word` (lower case) is an adverb by the tag lexicon and no verb, noun or
    /// preposition ("therefore", "always", "also"; not "not", which phrases treat on their own).
    static func isAdverb(_ word: String) -> Bool {
        let tags = TagLexicon.shared.tagSet(of: word)
        guard !tags.isDisjoint(with: .adverbs), word != "not" else { return false }
        return tags.isDisjoint(with: .nouns) && tags.isDisjoint(with: PennTagSet([.VB, .VBP, .VBZ, .VBD, .VBN, .VBG, .IN]))
    }

    /// Words that open a sentence's subordinate clause (“As the deadline is near, …”).
    static let openingSubordinators: Set<String> = [
        "as", "because", "since", "if", "when", "once", "given", "while", "although", "though", "unless", "until", "after", "before",
        "in", "owing", "due",
    ]

    /// The modals (lower case).
    static let modals: Set<String> = ["can", "could", "should", "would", "will", "shall", "may", "might", "must"]

    /// True when `phrase` (a pattern or a replacement) starts with a modal (“can”).
    static func startsWithModal(_ phrase: String) -> Bool {
        guard let first = phrase.split(separator: " ").first else { return false }
        return modals.contains(first.lowercased())
    }

    /// Plain verbs the phrase lists put for formal ones that take no that-clause (“require
    /// that you sign” has no “need that you sign”, “obtain that” no “get that”).
    static let verbsWithoutThatClause: Set<String> = ["need", "get", "use", "start", "begin", "help", "try", "want", "keep"]

    /// True when `replacement` ends with a verb that takes no that-clause (“need”, “needs”,
    /// “get”): by the tag lexicon, a verb form whose lemma is one of ``verbsWithoutThatClause``.
    static func isVerbWithoutThatClause(_ replacement: String) -> Bool {
        guard let last = replacement.split(separator: " ").last.map({ norm($0.lowercased()) }) else { return false }
        let lexicon = TagLexicon.shared
        let tags = lexicon.tagSet(of: last)
        guard !tags.isDisjoint(with: PennTagSet([.VB, .VBP, .VBZ, .VBD])), let lemma = lexicon.lemma(of: last, as: .verb) else { return false }
        return verbsWithoutThatClause.contains(lemma)
    }

    static func negationCount(_ s: String) -> Int {
        Tokenizer.tokenize(s).reduce(0) { n, t in
            let w = norm(t.lower)
            return n + ((t.isWord && (negations.contains(w) || w.hasSuffix("n't"))) ? 1 : 0)
        }
    }

    /// One edit: UTF-16 range in the document, replacement, and the phrase it came from.
    struct Edit {
        var range: NSRange
        var replacement: String
        var phrase: RewritePhrase
    }

    /// The quotations of `text`, marks included (UTF-16): “…” and "…" pairs, each opened and
    /// closed in order. Someone else's words are quoted exactly; no rewrite edits them.
    static func quotations(in u16: [UInt16]) -> [NSRange] {
        var out: [NSRange] = []
        var curly: Int?, straight: Int?
        for (k, u) in u16.enumerated() {
            switch u {
            case 0x201C: if curly == nil { curly = k }
            case 0x201D:
                if let a = curly { out.append(NSRange(location: a, length: k + 1 - a)); curly = nil }
            case 0x22:
                if let a = straight { out.append(NSRange(location: a, length: k + 1 - a)); straight = nil } else { straight = k }
            default: break
            }
        }
        return out
    }

    /// Edits for the segment text `text` (UTF-16 ranges of `text`); none inside a quotation.
    func edits(in text: String) -> [(range: NSRange, replacement: String, phrase: RewritePhrase)] {
        let tokens = Tokenizer.tokenize(text)
        let u16 = Array(text.utf16)
        let quoted = Self.quotations(in: u16)
        var out: [(NSRange, String, RewritePhrase)] = []
        // Per edit of `out`: it deletes a sentence's capitalised first words, so the word after
        // it takes the capital (given in ``chained(_:_:tokens:u16:)``).
        var capitalAfter: [Bool] = []
        var i = 0
        func prevNonSpace(_ i: Int) -> Int? { var k = i - 1; while k >= 0, tokens[k].kind == .whitespace { k -= 1 }; return k >= 0 ? k : nil }
        func nextNonSpace(_ j: Int) -> Int? { var k = j; while k < tokens.count, tokens[k].kind == .whitespace { k += 1 }; return k < tokens.count ? k : nil }
        // The first word at or after token `k` that is no adverb (“never”, “really”, “just”) and
        // no hedge “kind of” / “sort of”; nil when none or something else comes first.
        func wordPastAdverbsAndHedges(_ k0: Int) -> Int? {
            var k = k0
            while k < tokens.count, tokens[k].isWord {
                let w = Self.norm(tokens[k].lower)
                if (w == "kind" || w == "sort"), let o = nextNonSpace(k + 1), tokens[o].lower == "of", let a = nextNonSpace(o + 1) {
                    k = a
                } else if w != "not", Self.isAdverb(w) || ["just", "really", "also", "probably", "never", "already", "still", "always", "ever"].contains(w),
                          let a = nextNonSpace(k + 1), a > k {
                    k = a
                } else {
                    return k
                }
            }
            return nil
        }
        func isSentenceStart(_ i: Int) -> Bool {
            guard let p = prevNonSpace(i) else { return true }
            let t = tokens[p]
            if t.kind == .newline { return true }
            if t.kind == .punctuation, [".", "!", "?", "\u{2026}"].contains(t.text) { return true }
            if t.kind == .punctuation, ["\"", "“", "(", "'"].contains(t.text) { return isSentenceStart(p) }
            // After an emoticon (":)", ";-)") a new sentence starts.
            if t.kind == .punctuation, t.text == ")" || t.text == "(", p > 0, [":", ";", "-"].contains(tokens[p - 1].text) { return true }
            return false
        }
        // True when an auxiliary that takes a base-form verb comes before token `i`: right
        // before it (“to”, “will”, “don't”), or before its subject and adverbs (“do they”,
        // “can users also”), within five words of the same clause.
        func followsAnAuxiliary(_ i: Int) -> Bool {
            var k = i - 1
            var words = 0
            while k >= 0, words < 6 {
                let t = tokens[k]
                if t.kind == .whitespace { k -= 1; continue }
                if t.kind == .newline {
                    // A wrapped line goes on; a blank line ends the paragraph.
                    if k > 0, tokens[k - 1].kind == .newline { return false }
                    k -= 1; continue
                }
                guard t.isWord else { return false }
                let w = Self.norm(t.lower)
                if Self.baseVerbAuxiliaries.contains(w) { return true }
                if Self.clauseBoundaries.contains(w) { return false }
                // A word of the subject or an adverb between the auxiliary and the phrase.
                let tags = TagLexicon.shared.tagSet(of: w)
                let subjectOrAdverb = !tags.isDisjoint(with: .nouns) || !tags.isDisjoint(with: .adjectives) || !tags.isDisjoint(with: .adverbs)
                    || tags.contains(.PRP) || tags.contains(.PRPS) || tags.contains(.DT) || tags.contains(.CD)
                let finiteVerb = !tags.isDisjoint(with: PennTagSet([.VBD, .VBZ, .VBP])) && tags.isDisjoint(with: .nouns) && !tags.contains(.PRP)
                guard subjectOrAdverb, !finiteVerb else { return false }
                words += 1
                k -= 1
            }
            return false
        }
        func negatedBefore(_ i: Int) -> Bool {
            var k = i - 1
            while k >= 0 {
                let t = tokens[k]
                if t.kind == .newline || (t.kind == .punctuation && [".", "!", "?", ";"].contains(t.text)) { return false }
                if t.isWord {
                    let w = Self.norm(t.lower)
                    if Self.negations.contains(w) || w.hasSuffix("n't") { return true }
                }
                k -= 1
            }
            return false
        }
        // A sentence opener with its comma before token `i` ("Furthermore, it should be noted
        // that…"): what follows starts the sentence's own words.
        func followsAnOpener(_ i: Int) -> Bool {
            guard let c = prevNonSpace(i), tokens[c].text == ",", let w = prevNonSpace(c), tokens[w].isWord else { return false }
            var k = w
            while let p = prevNonSpace(k), tokens[p].isWord, k - p <= 2 { k = p }
            let opener = tokens[k...w].filter(\.isWord).map { Self.norm($0.lower) }.joined(separator: " ")
            return Self.sentenceOpeners.contains(opener) && isSentenceStart(k)
        }
        // After a comma that ends a sentence's opening clause: a subordinator (“as”, “because”,
        // “since”, “if”, “when”, “in view of”…) opens the sentence, and no other comma comes
        // between (“As the deadline is Friday, we would…”; not “Yes, and we would…”).
        func followsAnOpeningClause(_ i: Int) -> Bool {
            guard let c = prevNonSpace(i), tokens[c].text == "," else { return false }
            var k = c - 1
            while k >= 0 {
                let t = tokens[k]
                if t.kind == .punctuation, [",", ";", ":", ".", "!", "?"].contains(t.text) { return false }
                if t.kind == .newline, k > 0, tokens[k - 1].kind == .newline { break }
                if t.isWord, isSentenceStart(k) {
                    return Self.openingSubordinators.contains(Self.norm(t.lower))
                }
                k -= 1
            }
            return false
        }
        // The text speaks of a licence's or a contract's terms.
        let licenceTerms = tokens.contains { $0.isWord && Self.licenceWords.contains(Self.norm($0.lower)) }
        while i < tokens.count {
            let t = tokens[i]
            guard !t.isSpace, let cands = byFirst[Self.norm(t.lower)] else { i += 1; continue }
            var matched = false
            for c in cands {
                var j = i
                var ok = true
                for (k, pt) in c.tokens.enumerated() {
                    if k > 0 {
                        if pt.spaceBefore {
                            // A space, or a line break of a wrapped line (“due to the fact⏎that”),
                            // with the spaces around it; never a blank line.
                            guard j < tokens.count, tokens[j].kind == .whitespace || tokens[j].kind == .newline else { ok = false; break }
                            var breaks = 0
                            while j < tokens.count, tokens[j].kind == .whitespace || tokens[j].kind == .newline {
                                if tokens[j].kind == .newline { breaks += 1 }
                                j += 1
                            }
                            guard breaks <= 1 else { ok = false; break }
                        }
                    }
                    guard j < tokens.count, Self.norm(tokens[j].lower) == pt.text else { ok = false; break }
                    j += 1
                }
                guard ok else { continue }
                // A run of exclamation marks is one match.
                if c.phrase.pattern == "!!" { while j < tokens.count, tokens[j].text == "!" { j += 1 } }
                // Word boundaries: a word pattern must not be glued to more word characters
                // (the tokenizer already keeps words whole) or to an apostrophe-suffix.
                let p = c.phrase
                let prev = prevNonSpace(i).map { tokens[$0] }
                let nextIndex = nextNonSpace(j)
                let next = nextIndex.map { tokens[$0] }
                if let prev, p.notAfter.contains(Self.norm(prev.lower)) { continue }
                if let next, p.notBefore.contains(Self.norm(next.lower)) { continue }
                // Past adverbs and the hedges “kind of”, “sort of”: “it's never been”, “it's
                // kind of been” are “it has…” as “it's been” is (a Professional wrote “it is
                // been a mess” once the hedge was cut).
                if !p.notBefore.isEmpty, let k = nextIndex, let beyond = wordPastAdverbsAndHedges(k),
                   p.notBefore.contains(Self.norm(tokens[beyond].lower)) { continue }
                if let only = p.onlyBefore { guard let next, next.isWord, only.contains(next.lower) else { continue } }
                if p.needsWordAfter {
                    guard j < tokens.count, tokens[j].kind == .whitespace, let next,
                          next.isWord || next.kind == .number || next.kind == .placeholder else { continue }
                }
                if p.onlyAtSentenceStart, !isSentenceStart(i), !followsAnOpener(i), !(p.orAfterOpeningClause && followsAnOpeningClause(i)) { continue }
                if p.notAtSentenceStart, isSentenceStart(i) { continue }
                if p.onlyOnOwnLine {
                    // Alone on its line: a line break (or the text's start) before it, and after
                    // it, past a comma, a line break or the text's end.
                    if let prev, prev.kind != .newline { continue }
                    var n = nextIndex
                    if let k = n, tokens[k].text == "," { n = nextNonSpace(k + 1) }
                    if let k = n, tokens[k].kind != .newline { continue }
                }
                if p.notBeforeAdverb, let next, next.isWord, Self.isAdverb(Self.norm(next.lower)) { continue }
                if p.notInLicenceTerms, licenceTerms { continue }
                if p.onlyLowercase, tokens[i..<j].contains(where: { $0.text.contains { $0.isUppercase } }) { continue }
                if p.notBeforeNoun, let next, next.isWord, Self.isOnlyANoun(next.lower) { continue }
                // After a verb that takes an object, "it's" is the object's misused possessive
                // ("lost it's formatting", "reached it's limit"): spelt out, "lost it is
                // formatting" would be worse. After a verb that takes a clause it is a
                // contraction ("I think it's ready").
                if p.notBeforeNoun, let prev, prev.isWord, Self.takesAnObject(Self.norm(prev.lower)) { continue }
                // The grammatical context the replacement needs (issue 34: a trial's “and do they
                // have the ability to work” became “and do they can work”, “does not require that
                // contributors use” became “doesn't need that contributors use”).
                // A phrase said as a modal (“have the ability to” → “can”) stands only where a
                // finite verb can: not after “to”, a modal or “do”, nor where “do” or a modal
                // opens a question or a negation over the subject (“do they have…”).
                if Self.startsWithModal(p.replacement), !Self.startsWithModal(p.pattern), followsAnAuxiliary(i) { continue }
                // A verb said as one that takes no that-clause (“require that you sign” → “need
                // that you sign”) is left before “that”.
                if let next, Self.norm(next.lower) == "that", Self.isVerbWithoutThatClause(p.replacement) { continue }
                // A capitalised word inside a sentence is part of a name or a title (“The movie
                // Really Bad Things”), not a filler; an abbreviation in capitals (“FYI”) is one.
                // (The pronoun “I”, in “I'm” or “I am”, is always written so.)
                let isPronounI = { (w: String) in w == "i" || w.hasPrefix("i'") }(Self.norm(tokens[i].lower))
                if tokens[i].startsUppercase, !isPronounI, !tokens[i].text.allSatisfy({ !$0.isLetter || $0.isUppercase }), !isSentenceStart(i) { continue }
                // Dropping an intensifier or hedge under a negation changes what is denied
                // ("I don't think it's very likely" is not "… likely").
                if p.kind == .filler || p.kind == .hedge, p.replacement.isEmpty || p.kind == .hedge, negatedBefore(i) { continue }
                var endsSentence = false
                if p.onlyAtClauseEnd {
                    let atEnd = next == nil || next!.kind == .newline || next!.kind == .punctuation
                    let afterStop = prev.map { $0.kind == .punctuation && [".", "!", "?"].contains($0.text) } ?? true
                    // Before a capitalised word the emoticon ended a sentence: it becomes a period.
                    endsSentence = !atEnd && !afterStop && next?.startsUppercase == true && prev?.isWord == true
                    guard atEnd || afterStop || endsSentence else { continue }
                }
                // A deleted word repeated after a comma (“very, very good”) goes with its
                // repetition; deleted before any other comma, it would leave the comma behind
                // (“It was, good”).
                // A sentence's opening words cut before an aside set off by commas ("It is
                // important to note that, owing to…", "Please be advised that, in the event
                // that…") take the aside's first comma with them.
                if p.replacement.isEmpty, p.onlyAtSentenceStart, c.tokens.last?.text == "that", j < tokens.count, tokens[j].text == ",",
                   let n = nextNonSpace(j + 1), n > j + 1, tokens[n].isWord {
                    j += 1
                } else if p.replacement.isEmpty, j < tokens.count, tokens[j].text == "," {
                    guard let n = nextNonSpace(j + 1), n > j + 1, Self.norm(tokens[n].lower) == Self.norm(tokens[j - 1].lower),
                          c.tokens.count == 1 else { continue }
                    j = n + 1
                }
                // Build the edit.
                let start = tokens[i].range.location
                let end = tokens[j - 1].end
                let original = String(decoding: u16[start..<end], as: UTF16.self)
                let capital = original.first.map { $0.isUppercase } ?? false
                var range = NSRange(location: start, length: end - start)
                var replacement = p.replacement
                var needsCapital = false
                if endsSentence, i > 0, tokens[i - 1].kind == .whitespace {
                    range = NSRange(location: tokens[i - 1].range.location, length: end - tokens[i - 1].range.location)
                    replacement = "."
                } else if replacement.isEmpty {
                    let sentenceStart = isSentenceStart(i)
                    if j < tokens.count, tokens[j].kind == .whitespace, let n = nextIndex, tokens[n].kind != .newline {
                        range.length = tokens[j].end - start
                        // The next word takes the capital the removed one had (“Really very good.”
                        // → “Very good.”; “really very good.” stays lowercase, as in a table
                        // cell or a list item written so), after the edits that follow it.
                        needsCapital = sentenceStart && capital
                    } else if i > 0, tokens[i - 1].kind == .whitespace {
                        range = NSRange(location: tokens[i - 1].range.location, length: end - tokens[i - 1].range.location)
                    }
                } else if capital, let f = replacement.first, f.isLowercase,
                          isSentenceStart(i) || !original.allSatisfy({ !$0.isLetter || $0.isUppercase }) {
                    // "FYI, …" → "For your information, …" but "reply ASAP" → "reply as soon as possible".
                    replacement = replacement.prefix(1).uppercased() + replacement.dropFirst()
                } else if !capital, p.kind == .informal, let f = replacement.first, f.isLowercase, let q = prevNonSpace(i),
                          tokens[q].kind == .punctuation, [".", "!", "?"].contains(tokens[q].text) {
                    // Texting after a sentence's end ("Can you send it? thx") starts the next
                    // sentence: spelt out, it takes the capital ("Thank you").
                    replacement = replacement.prefix(1).uppercased() + replacement.dropFirst()
                }
                let before = String(decoding: u16[range.location..<(range.location + range.length)], as: UTF16.self)
                if before == replacement { continue }
                // Meaning first: never lose a negation.
                if !p.negationIdiom, Self.negationCount(replacement) < Self.negationCount(before) { continue }
                if quoted.contains(where: { NSIntersectionRange($0, range).length > 0 }) { continue }
                out.append((range, replacement, p))
                capitalAfter.append(needsCapital)
                i = j
                matched = true
                break
            }
            if !matched { i += 1 }
        }
        return Self.chained(out, capitalAfter, tokens: tokens)
    }

    /// `edits` with each deletion of a sentence's capitalised first words (`capitalAfter`)
    /// joined to the edits right after it, which then start the sentence (“Furthermore, it
    /// should be noted that at this point in time the…” → “Now the…”, not “It should be noted
    /// that now…”, which a trial's Concise gave: the first edit took the next word for its
    /// capital and the second was dropped for overlapping it), and the first word left
    /// capitalised, unless it is a name or a command written in lower case (“man-db”,
    /// “systemd”: a trial's Concise wrote “Man-db”).
    static func chained(_ edits: [(NSRange, String, RewritePhrase)], _ capitalAfter: [Bool], tokens: [Token]) -> [(range: NSRange, replacement: String, phrase: RewritePhrase)] {
        var byStart: [Int: Int] = [:]
        for (k, t) in tokens.enumerated() { byStart[t.range.location] = k }
        var out: [(range: NSRange, replacement: String, phrase: RewritePhrase)] = []
        var k = 0
        while k < edits.count {
            var (range, replacement, phrase) = edits[k]
            var needsCapital = capitalAfter[k]
            while needsCapital, k + 1 < edits.count, edits[k + 1].0.location == NSMaxRange(range) {
                let next = edits[k + 1]
                range = NSRange(location: range.location, length: NSMaxRange(next.0) - range.location)
                if next.1.isEmpty {
                    replacement = ""
                } else {
                    replacement = OfflineLexicon.capitalizeFirst(next.1)
                    needsCapital = false
                }
                k += 1
            }
            if needsCapital, let n = byStart[NSMaxRange(range)], tokens[n].isWord, !isLowercaseName(n, tokens) {
                let w = tokens[n].text
                let capitalised = OfflineLexicon.capitalizeFirst(w)
                if capitalised != w {
                    range.length = tokens[n].end - range.location
                    replacement = capitalised
                }
            }
            out.append((range, replacement, phrase))
            k += 1
        }
        return out
    }

    /// True when the lower-case word `tokens[n]` is a name or a command as written: glued to a
    /// hyphen, an underscore, a dot or a slash and more letters (“man-db”, “ssh_config”,
    /// “node.js”), or a word the tag lexicon does not know (“systemd”, “gnulib”).
    static func isLowercaseName(_ n: Int, _ tokens: [Token]) -> Bool {
        let w = tokens[n].text
        guard w.first?.isLowercase == true else { return false }
        if n + 2 < tokens.count, ["-", "_", ".", "/"].contains(tokens[n + 1].text), tokens[n + 1].range.location == tokens[n].end,
           tokens[n + 2].range.location == tokens[n + 1].end, tokens[n + 2].kind == .word || tokens[n + 2].kind == .number {
            return true
        }
        return TagLexicon.shared.tagSet(of: norm(w.lowercased())).isEmpty
    }
}
