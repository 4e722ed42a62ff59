import Foundation
import TextModel
import Proofreading

/// One edit an offline transform proposes for a segment: UTF-16 range of the segment text, its
/// replacement (empty to cut), the ID it is reported under, and why. Shared by ``Shortener``'s
/// cuts and ``CasualRegister``'s edits, which the rewrite maps and checks alike.
struct SegmentEdit: Equatable {
    var range: NSRange
    var replacement: String
    var ruleID: String
    var reason: String
}

/// The cuts of the offline Concise rewrite beyond its phrasebook: what a text can lose and keep
/// its point, when no phrase in it is wordy ("make it shorter" on tight prose must still make it
/// shorter, as Apple's Concise does). Each cut is a reviewable edit with its reason:
///
/// Examples, asides and sentences that carry specifics (``carriesSpecifics(_:_:beyond:)``: a
/// number, code, a quotation, a name: “such as epoll and kqueue”, “(also zip and zlib)”, “For
/// example, xz -6 uses 8 MiB…”) are content, not padding: never cut.
///
/// - **An aside in parentheses** of four words or more, or of two or more that says it is an
///   example, a reference or a comment (“(see below)”, “(which is rare)”): “The release (which
///   took three months) adds plugins.” → “The release adds plugins.”. Kept: a short qualifier
///   (“(as root)”, “(in bytes)”, “(API)”, “(optional)”), a list's mark (“(a)”), a number or a
///   year first (“(2004)”, “(5 MB)”), an aside that holds a negation or a limit (“(but not on
///   Windows)”, “(only as root)”): it restricts the claim, and a sentence that is all aside.
/// - **Examples at a sentence's end** after “such as”, “for example”, “for instance”, “e.g.”,
///   “including” (“Plugins add features, such as commands and themes.” → “Plugins add
///   features.”), unless
///   the sentence limits the claim before them (“except on systems such as Windows”). Examples
///   set off by commas in the middle of a sentence go alone, the predicate after them stays
///   (“Some files, such as logs, were dropped.” → “Some files were dropped.”); when the commas after them
///   are unclear, nothing is cut.
/// - **A sentence of examples** (“For example, …”, “For instance, …”) after a sentence it
///   illustrates, in the same paragraph.
/// - **A restatement**: a sentence whose content words all occur, in the same order, in one
///   earlier sentence of its paragraph, or that opens with “In short,”, “In summary,”, “In other words,”, “To sum up,”
///   and adds almost no content word (“In other words, …” saying it again).
///
/// No cut is inside a quotation (someone else's words), none drops a negation outside what it
/// cuts, and none spans paragraphs. Ranges are UTF-16 of the segment text given; the caller
/// maps them to the document and drops those touching protected text, as for phrase edits,
/// and the rewrite keeps only cuts after which the proofreader finds nothing new.
struct Shortener {

    /// Conjunctions and prepositions: an example marker right after one belongs to the phrase
    /// they open (“up to and including”, “by including”).
    static let phraseJoiners: Set<String> = ["and", "or", "nor", "but", "to", "of", "by", "with", "without", "for", "from", "in", "on", "at",
                                             "into", "after", "before", "while", "when", "than"]

    /// Words that introduce examples at a sentence's end (lower case, as token sequences).
    static let exampleMarkers: [[String]] = [["such", "as"], ["for", "example"], ["for", "instance"], ["e.g"], ["eg"], ["including"]]
    /// Openers of a sentence that only illustrates the one before it.
    static let exampleSentenceOpeners: [[String]] = [["for", "example"], ["for", "instance"], ["as", "an", "example"], ["e.g"]]
    /// Openers of a sentence that says again what was said.
    static let restatementOpeners: [[String]] = [["in", "short"], ["in", "summary"], ["in", "other", "words"], ["to", "sum", "up"],
                                                 ["in", "a", "nutshell"], ["to", "summarize"], ["to", "summarise"], ["put", "simply"]]
    /// Auxiliaries and forms of “be”, “have”, “do”: a verb, though some are nouns too (“a can”).
    static let auxiliaries: Set<String> = ["is", "are", "was", "were", "has", "have", "had", "can", "could", "will", "would",
                                           "shall", "should", "may", "might", "must", "does", "do", "did"]

    /// First words of an aside that say it is an example, a reference or a comment.
    static let asideOpeners: Set<String> = ["e.g", "eg", "i.e", "ie", "see", "for", "such", "like", "which", "who", "that",
                                            "this", "these", "it", "including", "especially"]
    /// Words that limit a claim: an aside holding one is kept, and so are examples after one.
    static let limiting: Set<String> = ["only", "except", "unless", "but", "however", "although", "though", "until", "required",
                                        "must", "warning", "note", "careful", "beware", "always"]
    /// Words too common to say what a sentence is about (lower case).
    static let functionWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "with", "by", "from", "as", "is", "are", "was",
        "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "we", "you", "they", "he", "she", "i", "our",
        "your", "their", "his", "her", "my", "me", "us", "them", "so", "do", "does", "did", "have", "has", "had", "will", "would",
        "can", "could", "should", "may", "might", "also", "then", "than", "there", "here", "which", "who", "what", "when", "where",
        "how", "all", "any", "some", "more", "most", "very", "just", "not", "no", "into", "about", "over", "out", "up", "if",
        "short", "summary", "other", "words", "sum", "nutshell", "simply", "put", "summarize", "summarise",
    ]

    /// The cuts for `text` (one prose segment: a paragraph or a list item), in order, disjoint.
    static func cuts(in text: String) -> [SegmentEdit] {
        let tokens = Tokenizer.tokenize(text)
        guard !tokens.isEmpty else { return [] }
        let u16 = Array(text.utf16)
        let quoted = PhraseRewriter.quotations(in: u16)
        let sentences = SentenceSplitter.split(tokens)
        // Token index ranges of the sentences (by UTF-16 position: the splitter's tokens are ours).
        var spans: [Range<Int>] = []
        var k = 0
        for s in sentences {
            let start = k
            while k < tokens.count, tokens[k].range.location < NSMaxRange(s.range) { k += 1 }
            if k > start { spans.append(start..<k) }
        }
        var out: [SegmentEdit] = []
        var seenContent: [Set<String>] = []
        var seenSequences: [[String]] = []
        /// `a` is `b` with words left out, in the same order (“A build of GLib depends on dbus”
        /// is no restatement of “A build of dbus depends on GLib”).
        func isSubsequence(_ a: [String], of b: [String]) -> Bool {
            var j = 0
            for w in a {
                while j < b.count, b[j] != w { j += 1 }
                if j == b.count { return false }
                j += 1
            }
            return true
        }
        for (n, span) in spans.enumerated() {
            let words = span.filter { tokens[$0].kind == .word }
            let sequence = words.map { PhraseRewriter.norm(tokens[$0].lower) }.filter { !functionWords.contains($0) && $0.count > 2 }
            let content = Set(sequence)
            defer { seenContent.append(content); seenSequences.append(sequence) }
            guard let first = span.first(where: { !tokens[$0].isSpace }) else { continue }
            // The whole sentence: from its first token to its last, with the white space before it
            // (none for the paragraph's first sentence: then the white space after it).
            func wholeSentence() -> NSRange? {
                // (A sentence that ends in “:” introduces what follows, a code block or a list:
                // never cut.)
                guard n > 0, let last = span.last(where: { !tokens[$0].isSpace }), tokens[last].text != ":" else { return nil }
                var a = tokens[first].range.location
                var p = first - 1
                while p >= 0, tokens[p].kind == .whitespace { a = tokens[p].range.location; p -= 1 }
                guard p >= 0, tokens[p].kind != .newline else { return nil }
                return NSRange(location: a, length: tokens[last].end - a)
            }
            // A sentence of examples after the sentence it illustrates; kept when it carries
            // specifics (xz's FAQ: “For example, xz -6 uses 8 MiB LZMA2 dictionary and 24 MiB
            // blocks…” was cut, though the figures are what the reader came for).
            if n > 0, opens(tokens, at: first, with: exampleSentenceOpeners), let r = wholeSentence() {
                if carriesSpecifics(tokens, span, unknownWordsAreNames: false) { continue }
                out.append(SegmentEdit(range: r, replacement: "", ruleID: "CONCISE_EXAMPLE_SENTENCE",
                               reason: "An example the sentence before it does not need."))
                continue
            }
            // A restatement.
            if n > 0, let r = wholeSentence() {
                let known = seenContent.reduce(into: Set<String>()) { $0.formUnion($1) }
                let restates = opens(tokens, at: first, with: restatementOpeners)
                    ? content.subtracting(known).count <= max(1, content.count / 4)
                    : content.count >= 4 && seenSequences.contains { isSubsequence(sequence, of: $0) }
                // (A sentence that opens “In short,” but gives a figure, code or a quotation the
                // text has not given is no restatement.)
                if restates, !(opens(tokens, at: first, with: restatementOpeners) && carriesSpecifics(tokens, span, beyond: known, unknownWordsAreNames: false)),
                   PhraseRewriter.negationCount(String(decoding: u16[r.location..<NSMaxRange(r)], as: UTF16.self)) == 0 {
                    out.append(SegmentEdit(range: r, replacement: "", ruleID: "CONCISE_RESTATEMENT",
                                   reason: "This sentence says again what the text has said."))
                    continue
                }
            }
            // “There are many users who prefer…” → “Many users prefer…”.
            if let cut = existential(tokens, first: first, span: span) { out.append(cut) }
            var i = span.lowerBound
            while i < span.upperBound {
                // An aside in parentheses.
                if tokens[i].text == "(", i > span.lowerBound, tokens[i - 1].kind == .whitespace,
                   let close = (i + 1..<span.upperBound).first(where: { tokens[$0].text == ")" || tokens[$0].text == "(" || tokens[$0].kind == .newline }),
                   tokens[close].text == ")", i - 1 > first, let cut = aside(tokens, open: i, close: close, u16: u16) {
                    out.append(cut)
                    i = close + 1
                    continue
                }
                // Examples running to the sentence's end.
                if let cut = trailingExamples(tokens, at: i, span: span, u16: u16) {
                    out.append(cut)
                    break
                }
                i += 1
            }
        }
        return out.filter { c in !quoted.contains { NSIntersectionRange($0, c.range).length > 0 } }
    }

    /// A sentence that opens “There is/are/was/were X who/that VERB…” says “X VERB…” (“There
    /// are many users who prefer dark mode.” → “Many users prefer dark mode.”): X is a noun
    /// phrase of one to five words with no verb in it, opening with a determiner, a quantifier
    /// or a noun; the word after “who”/“that” is a verb that agrees with “is” or “are” (or a
    /// modal, or a past form), so that the relative clause's subject is X. Not when the clause
    /// has its own subject (“There is a bug that we fixed” says another thing without “there
    /// is”), nor after a negation of “there is” (“There isn't…”).
    static func existential(_ tokens: [Token], first: Int, span: Range<Int>) -> SegmentEdit? {
        let words = span.filter { tokens[$0].kind == .word || tokens[$0].text == "," }
        guard words.count >= 5, words.first == first, tokens[first].lower == "there" else { return nil }
        let be = tokens[words[1]].lower
        guard ["is", "are", "was", "were"].contains(be) else { return nil }
        let lexicon = TagLexicon.shared
        guard let rel = words.indices.dropFirst(2).prefix(6).first(where: { ["who", "that"].contains(tokens[words[$0]].lower) }),
              rel >= 3, rel + 1 < words.count else { return nil }
        let phrase = words[2..<rel].map { tokens[$0].lower }
        // The noun phrase: no comma, no verb that is not also a noun or an adjective ("many",
        // "users", "old"), a noun or a determiner first.
        let determiners: Set<String> = ["a", "an", "the", "many", "several", "some", "few", "a few", "two", "three", "no", "most", "all", "plenty", "lots", "these", "those", "other", "more"]
        guard !phrase.contains(","), determiners.contains(phrase[0]) || lexicon.isNoun(phrase[0]) else { return nil }
        for w in phrase where lexicon.isVerb(w) && !lexicon.isNoun(w) && !lexicon.isAdjective(w) && !determiners.contains(w) { return nil }
        // (A preposition makes "who" belong to a clause of its own: "There is the question of
        // who pays"; the phrase ends on its noun.)
        if phrase.contains(where: { lexicon.canBe($0, .IN) && !lexicon.isNoun($0) && !determiners.contains($0) }) { return nil }
        guard let head = phrase.last, lexicon.isNoun(head) || ["nothing", "nobody", "noone", "everything", "everyone", "someone", "something"].contains(head) else { return nil }
        if phrase.contains(where: { auxiliaries.contains($0) }) { return nil }
        let verb = tokens[words[rel + 1]].lower
        let tags = lexicon.tagSet(of: verb)
        let modals: Set<String> = ["can", "could", "will", "would", "should", "may", "might", "must"]
        let singular = be == "is" || be == "was"
        let agrees = modals.contains(verb) || tags.contains(.VBD)
            || (singular ? tags.contains(.VBZ) || ["is", "was", "has", "does"].contains(verb) : tags.contains(.VBP) || ["are", "were", "have", "do"].contains(verb))
        // (A word that is mostly a pronoun or a determiner opens a clause of its own.)
        guard agrees, !lexicon.canBe(verb, .PRP), !lexicon.canBe(verb, .DT) else { return nil }
        let start = tokens[first].range.location
        let npStart = tokens[words[2]].range.location
        let npEnd = tokens[words[rel - 1]].end
        let relEnd = tokens[words[rel + 1]].range.location
        let np = tokens[words[2]...words[rel - 1]].map(\.text).joined()
        guard npEnd > npStart else { return nil }
        return SegmentEdit(range: NSRange(location: start, length: relEnd - start), replacement: OfflineLexicon.capitalizeFirst(np) + " ",
                   ruleID: "CONCISE_THERE_IS_WHO", reason: "“There \(be) … \(tokens[words[rel]].lower)” says in more words what the noun and its verb say.")
    }

    /// True when the words from token `i` on are one of `openers` followed by a comma (or, for
    /// “e.g.”, anything).
    static func opens(_ tokens: [Token], at i: Int, with openers: [[String]]) -> Bool {
        for o in openers {
            var j = i
            var ok = true
            for w in o {
                while j < tokens.count, tokens[j].kind == .whitespace { j += 1 }
                guard j < tokens.count, PhraseRewriter.norm(tokens[j].lower) == w else { ok = false; break }
                j += 1
            }
            guard ok else { continue }
            if o == ["e.g"] || o == ["eg"] { return true }
            if j < tokens.count, tokens[j].text == "," { return true }
        }
        return false
    }

    /// The cut of the aside `tokens[open...close]` with the space before it, or nil when it is
    /// kept (see the type's documentation).
    private static func aside(_ tokens: [Token], open: Int, close: Int, u16: [UInt16]) -> SegmentEdit? {
        let inner = tokens[(open + 1)..<close]
        let words = inner.filter { $0.kind == .word }
        guard words.count <= 30, inner.contains(where: { !$0.isSpace }) else { return nil }
        // A short aside qualifies the claim (“(as root)”, “(in bytes)”) unless it says it is an
        // example or a reference (“(see below)”, “(e.g. Vim)”, “(which is rare)”).
        let opener = words.first.map { PhraseRewriter.norm($0.lower) } ?? ""
        guard words.count >= 4 || asideOpeners.contains(opener) && words.count >= 2 else { return nil }
        if let firstInner = inner.first(where: { !$0.isSpace }), firstInner.kind == .number { return nil }
        if inner.contains(where: { $0.kind == .placeholder }) { return nil }
        // An aside that adds an alternative or more of what the sentence names (“GNU, HPUX or
        // BSD (or more than one of these, separated by commas)”, “this file (and all of the
        // program sources)”) widens the claim: information, kept.
        if ["or", "and", "and/or", "nor", "plus"].contains(opener) { return nil }
        let lower = Set(words.map { PhraseRewriter.norm($0.lower) })
        guard lower.isDisjoint(with: limiting), PhraseRewriter.negationCount(inner.map(\.text).joined()) == 0 else { return nil }
        // An aside that names things (“(also zip and zlib)”) is content, not padding.
        // (So is one with a number, code or a quotation: “(it takes 10 minutes)”.)
        if carriesSpecifics(tokens, (open + 1)..<close) { return nil }
        // A gloss: a bare noun phrase that says what the word before it means (“an odd Y
        // indicates unstable (alpha or beta version).”); cut, it leaves the adjective without
        // its noun and the term undefined.
        if isGloss(tokens, open: open, words: words.map(\.lower)) { return nil }
        // After it: a space, punctuation or the end; not a word glued to it (“(s)”).
        if close + 1 < tokens.count, tokens[close + 1].kind == .word { return nil }
        let a = tokens[open - 1].range.location
        return SegmentEdit(range: NSRange(location: a, length: tokens[close].end - a), replacement: "", ruleID: "CONCISE_ASIDE",
                   reason: "An aside in parentheses: the sentence says its point without it.")
    }

    /// True when the aside opening at token `open`, of `words` (lower case), is a noun phrase
    /// that names or defines the word before it: that word an adjective or a noun; in the
    /// aside no verb (a word that can only be one), no preposition, no adverb first, and a
    /// noun last (“unstable (alpha or beta version)”, not “(usually on different computers)”
    /// or “(which took three months)”).
    static func isGloss(_ tokens: [Token], open: Int, words: [String]) -> Bool {
        let lexicon = TagLexicon.shared
        var p = open - 1
        while p >= 0, tokens[p].isSpace { p -= 1 }
        guard p >= 0, tokens[p].kind == .word, let last = words.last, let first = words.first else { return false }
        let before = tokens[p].lower
        guard lexicon.isAdjective(before) || lexicon.isNoun(before), lexicon.isNoun(last),
              !lexicon.canBe(first, .RB) || lexicon.isNoun(first) else { return false }
        for w in words {
            if lexicon.isVerb(w), !lexicon.isNoun(w), !lexicon.isAdjective(w) { return false }
            if lexicon.canBe(w, .IN), !lexicon.isNoun(w), !lexicon.isAdjective(w) { return false }
            if lexicon.canBe(w, .PRP) || lexicon.canBe(w, .WDT) || lexicon.canBe(w, .WP) { return false }
        }
        return true
    }

    /// True when the tokens `span` carry specifics a reader cannot rebuild from the sentence
    /// around them: a number (“8 MiB”, “xz -6”, “3 March”), code (a placeholder for protected
    /// text, a backtick, an option such as `-9` or `--fast`, a file name or path: a word with `.`
    /// or `/` inside), a quotation (“"make timetest"”) or a name (``isName``). Concise keeps
    /// every example, aside and sentence that carries one: they are content, not padding.
    /// With `beyond`, a word counts only when it is not among those words (lower case).
    /// A whole sentence names things by a capital, not by a word the lexicon lacks (“For example,
    /// a plugin can add…”: `plugin` is no name); pass `unknownWordsAreNames: false` for one.
    static func carriesSpecifics(_ tokens: [Token], _ span: Range<Int>, beyond known: Set<String> = [], unknownWordsAreNames: Bool = true) -> Bool {
        var inner = span
        // The sentence's opener (“For example,”) and its first word's capital say nothing.
        while let f = inner.first, tokens[f].isSpace { inner = inner.dropFirst() }
        for k in inner {
            let t = tokens[k]
            switch t.kind {
            case .number, .placeholder: return true
            case .punctuation:
                if ["`", "\"", "“", "”", "«", "»"].contains(t.text) { return true }
                // An option (“-6”, “--fast”): a dash glued to what follows, after a space.
                if t.text == "-", k + 1 < tokens.count, tokens[k + 1].kind == .word || tokens[k + 1].kind == .number || tokens[k + 1].text == "-",
                   k == 0 || tokens[k - 1].isSpace || tokens[k - 1].text == "-" { return true }
                // A file name or a path (“sbc.y”, “/usr/lib”): “.” or “/” between word characters.
                if t.text == "." || t.text == "/", k > 0, k + 1 < tokens.count, tokens[k - 1].kind == .word, tokens[k + 1].kind == .word {
                    return true
                }
            case .word:
                let norm = PhraseRewriter.norm(t.lower)
                if known.contains(norm) { continue }
                // (A sentence's first word is capitalised as any first word is; a word in
                // capitals, “METHOD”, or the first word of an aside or examples names a thing.)
                if !unknownWordsAreNames, k == inner.first, t.text.first?.isUppercase == true, t.text.dropFirst().contains(where: \.isLowercase) || t.text.count == 1,
                   !TagLexicon.shared.tagSet(of: t.lower).isEmpty { continue }
                if unknownWordsAreNames ? isName(t) : t.text.first?.isUppercase == true || t.text.contains(where: \.isNumber) { return true }
            default: continue
            }
        }
        return false
    }

    /// True when `word` names a thing rather than saying what kind of thing: a capital (“Vim”,
    /// “OpenSSL”), a digit (“HTTP/2”, “x86”), or a word no English word list knows (“epoll”,
    /// “kqueue”, “zlib”). (A marker word such as “e.g.” is never one.)
    static func isName(_ word: Token) -> Bool {
        guard word.kind == .word else { return false }
        let norm = PhraseRewriter.norm(word.lower)
        if exampleMarkers.contains(where: { $0.contains(norm) }) || asideOpeners.contains(norm) { return false }
        if word.text.first?.isUppercase == true || word.text.contains(where: \.isNumber) { return true }
        return TagLexicon.shared.tagSet(of: word.lower).isEmpty
    }

    /// The cut of the examples from token `i` (“, such as …”) to the sentence's final mark, or nil.
    private static func trailingExamples(_ tokens: [Token], at i: Int, span: Range<Int>, u16: [UInt16]) -> SegmentEdit? {
        guard tokens[i].kind == .word else { return nil }
        var marker: [String]?
        for m in exampleMarkers where PhraseRewriter.norm(tokens[i].lower) == m[0] {
            var j = i, ok = true
            for w in m {
                while j < span.upperBound, tokens[j].kind == .whitespace { j += 1 }
                guard j < span.upperBound, PhraseRewriter.norm(tokens[j].lower) == w else { ok = false; break }
                j += 1
            }
            if ok { marker = m; break }
        }
        guard marker != nil else { return nil }
        // What comes before: a word (the thing exemplified) or a comma after one, not the
        // sentence's start.
        var p = i - 1
        while p >= span.lowerBound, tokens[p].kind == .whitespace { p -= 1 }
        guard p > span.lowerBound else { return nil }
        var start = i
        let afterComma = tokens[p].text == ","
        if afterComma {
            start = p
            p -= 1
            while p >= span.lowerBound, tokens[p].kind == .whitespace { p -= 1 }
        } else {
            // Without a comma the white space before the marker goes with it.
            var q = i - 1
            while q >= span.lowerBound, tokens[q].kind == .whitespace { start = q; q -= 1 }
        }
        guard p >= span.lowerBound, tokens[p].kind == .word || tokens[p].kind == .placeholder || tokens[p].kind == .number else { return nil }
        // After a conjunction or a preposition the marker is part of the phrase, not examples
        // set after it (less(1): “from the last line up to and including the target line.” was
        // cut to “up to and.”; “by including the file”).
        if !afterComma, tokens[p].kind == .word, Self.phraseJoiners.contains(PhraseRewriter.norm(tokens[p].lower)) { return nil }
        // Examples of an exception or a limit (“except on systems such as Windows”) say which.
        if (span.lowerBound..<i).contains(where: { tokens[$0].kind == .word && limiting.contains(PhraseRewriter.norm(tokens[$0].lower)) }) {
            return nil
        }
        // To the sentence's final mark: the last non-space token must be . ! or ?, and no other
        // clause may follow (a semicolon, a colon, a dash, a second sentence).
        guard let last = span.last(where: { !tokens[$0].isSpace }), [".", "!", "?"].contains(tokens[last].text), last > i + 1 else { return nil }
        let cut = (i..<last)
        let words = cut.filter { tokens[$0].kind == .word }.count
        guard words >= 2, words <= 25, !cut.contains(where: { [";", ":", "—", "–"].contains(tokens[$0].text) || tokens[$0].kind == .newline }) else { return nil }
        if PhraseRewriter.negationCount(cut.map { tokens[$0].text }.joined(separator: " ")) > 0 { return nil }
        // Examples that name things (“such as epoll and kqueue”, “such as OpenSSL”) say which
        // ones: content, not padding. Only examples of common words go (“such as commands,
        // themes and file formats”).
        if carriesSpecifics(tokens, cut) { return nil }
        // A comma among the examples followed by a finite verb closes an aside in the middle of
        // the sentence: the verb and what follows are the predicate (“The software it works
        // with, such as OpenSSL, is optional.”: cutting to the end left “The software it works
        // with.”). Only the aside goes, from its opening comma to its closing one. Words after
        // the last comma with “and”/“or” among them end a series of examples, which may run to
        // the end (“such as commands, themes and file formats.”); a verb that is no noun (“is”,
        // “can”, “was”) starts a predicate; after any other word the commas are unclear, and
        // nothing is cut.
        if let close = cut.last(where: { tokens[$0].text == "," }) {
            var n = close + 1
            while n < last, tokens[n].kind == .whitespace { n += 1 }
            let next = n < last && tokens[n].kind == .word ? PhraseRewriter.norm(tokens[n].lower) : ""
            let endsSeries = (n..<last).contains { tokens[$0].kind == .word && ["and", "or", "nor", "etc"].contains(PhraseRewriter.norm(tokens[$0].lower)) }
            if !endsSeries {
                let tags = TagLexicon.shared.tagSet(of: next)
                let finite = auxiliaries.contains(next) || tags.isDisjoint(with: .nouns)
                    && (tags.contains(.VBZ) || tags.contains(.VBD) || tags.contains(.VBP) || tags.contains(.MD))
                guard finite, tokens[start].text == "," else { return nil }
                let a = tokens[start].range.location
                let e = tokens[close].range.location + tokens[close].range.length
                return SegmentEdit(range: NSRange(location: a, length: e - a), replacement: "", ruleID: "CONCISE_EXAMPLES",
                           reason: "Examples the sentence does not need to make its point.")
            }
        }
        let a = tokens[start].range.location
        let e = tokens[last].range.location
        return SegmentEdit(range: NSRange(location: a, length: e - a), replacement: "", ruleID: "CONCISE_EXAMPLES",
                   reason: "Examples the sentence does not need to make its point.")
    }
}
