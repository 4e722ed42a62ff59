import Foundation
import Proofreading

/// The words of spoken English that a casual text carries into writing and that say nothing
/// there: openers, tics, candour markers, hedges and softeners, read with the part-of-speech
/// tagger so that a word that carries meaning in its place stays (session 50's README-only
/// trial: Concise and Rewrite made no change to an e-mail opening "So I was thinking about
/// the offsite thing again last night" with "honestly", "kind of", "just let me know").
///
/// Each class edits only the shape it names:
///
/// - **an opener**: "So" opening a paragraph's first sentence before its subject ("So I was
///   thinking…" → "I was thinking…"; not "So far", "So that", "So do I", nor "So" after
///   another sentence, where it means "therefore"), "Well," or "Well" before a subject,
///   "Honestly,", "Frankly,", "To be honest,", "In all honesty,", "Truth be told,", "I mean,",
///   "You know,"; the next word takes the sentence's capital;
/// - **a tic set off by commas** ("It was, you know, expensive", "…, I mean, …", "…, to be
///   honest.", "…, like, …") → the sentence without it;
/// - **a candour adverb inside a sentence** ("and honestly it costs about the same", "it's
///   frankly too late") when no verb of speaking or acting comes right before it ("she
///   answered honestly" stays);
/// - **a hedge**: "kind of" and "sort of" before an adjective, an adverb or a verb ("I'm kind
///   of nervous", "it sort of works"; never before a noun or after a determiner, where they
///   mean "type of": "a kind of glue", "what sort of tool"); Professional says "somewhat"
///   before an adjective or an adverb, Concise and Rewrite drop it; a sentence-opening "I
///   think", "I guess", "I suppose" or "I feel like" before its clause's subject ("I think we
///   should ship" → "We should ship": Concise and Rewrite); "pretty" before an adjective
///   ("pretty close" → "close", Concise; not "a pretty garden");
/// - **"just" as a softener** before a plain verb: an imperative ("Just let me know" → "Let me
///   know", "…, just send it") or after "to" or a subject ("I just think…"); never "just" that
///   means "only" or "exactly" (before a number, a noun, a determiner, "about", "as", "like",
///   "now") or "recently" (before a past tense: "I just got back"), nor under a negation
///   ("don't just sit there"). Concise and Professional, not Rewrite, which keeps the tone.
///
/// Nothing inside a quotation is edited. Every edit then goes through the rewrite's checks:
/// none touches protected text, and one after which the proofreader finds something new is
/// dropped (``BuiltInToolEngine/keepingGrammar``).
enum CasualFillers {
    /// Which rewrite asks: the classes it takes and what a hedge becomes.
    enum Purpose {
        /// Concise: every class; hedges and softeners go.
        case concise
        /// Rewrite: openers, tics, candour markers and hedges, which blur the sentence; not
        /// "just" or "pretty", which carry its tone.
        case clarity
        /// Professional: openers, tics, candour markers, "just"; "kind of" before an adjective
        /// is "somewhat"; a writer's "I think" stays.
        case professional
    }

    /// Subjects a clause opens with after an opener or a hedge ("So I was…", "I think we…").
    static let subjects: Set<String> = [
        "i", "we", "you", "they", "he", "she", "it", "this", "that", "there", "these", "those", "the", "our", "my", "your",
        "their", "his", "her", "its", "i'm", "we're", "you're", "they're", "he's", "she's", "it's", "that's", "there's",
        "i'd", "we'd", "you'd", "they'd", "i've", "we've", "you've", "they've", "i'll", "we'll", "you'll", "they'll",
        "everyone", "everybody", "nobody", "someone", "somebody", "nothing", "something", "everything", "all", "most",
        "some", "one", "a", "an",
    ]
    /// Words after "So" that make it no opener: a degree, a purpose, an inversion.
    static let soNotOpener: Set<String> = [
        "far", "that", "long", "much", "many", "few", "little", "what", "do", "does", "did", "is", "am", "are", "was", "were",
        "have", "has", "had", "can", "could", "will", "would", "should", "may", "might", "must", "to", "as", "too", "called",
        "very", "often", "good", "bad", "sorry", "glad", "sure", "yes", "no", "be",
    ]
    /// Subjects of a clause after the tics "I mean" and "Anyway" (not "it", "that" or "you",
    /// which "I mean" takes as its object: "I mean it").
    static let clauseSubjects: Set<String> = [
        "i", "we", "they", "he", "she", "there", "i'm", "we're", "they're", "he's", "she's", "there's", "i've", "we've",
        "they've", "i'll", "we'll", "they'll", "i'd", "we'd", "they'd",
    ]
    /// Amounts written as words, after which "like" is "about".
    static let amountWords: Set<String> = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen", "twenty",
        "thirty", "forty", "fifty", "hundred", "half", "several", "dozen",
    ]
    /// Verbs after which "like" compares ("looks like three people", "feels like two hours").
    static let likeVerbs: Set<String> = [
        "look", "looks", "looked", "looking", "seem", "seems", "seemed", "sound", "sounds", "sounded", "feel", "feels", "felt",
        "smell", "smells", "taste", "tastes", "act", "acts", "acted", "be", "would", "like", "likes", "liked", "love", "loved",
    ]
    /// Words after which "kind of" / "sort of" name a type.
    static let typeDeterminers: Set<String> = [
        "what", "which", "a", "an", "the", "this", "that", "these", "those", "any", "some", "every", "one", "same", "new",
        "other", "each", "no", "all", "many", "several", "different", "certain", "whatever", "my", "your", "our", "their",
        "his", "her", "its", "right", "wrong", "only", "first", "last", "best", "worst", "usual", "special", "particular",
    ]
    /// Words after "just" where it means "only", "exactly" or "recently".
    static let justKeeps: Set<String> = [
        "about", "as", "like", "in", "because", "a", "an", "the", "so", "now", "then", "enough", "fine", "right", "one",
        "once", "before", "after", "over", "under", "around", "what", "how", "when", "where", "for", "to", "this", "that",
        "my", "your", "our", "their", "his", "her", "its", "me", "us", "them", "him", "it", "you", "two", "three", "few",
        "another", "barely", "got", "gotten", "been", "left", "arrived", "finished", "started", "seen", "heard", "told",
    ]
    /// Words before "just" after which a plain verb is an imperative or an infinitive.
    static let imperativeHosts: Set<String> = [",", "and", "or", "but", "so", "to", "please", "then", ";", ":", "-", "–", "—"]
    /// Sentence-opening hedges on the writer's own statement.
    static let openingHedges: [[String]] = [["i", "think"], ["i", "guess"], ["i", "suppose"], ["i", "feel", "like"], ["i", "reckon"]]
    /// Candour markers and tics that open a sentence before a comma.
    static let commaOpeners: [[String]] = [
        ["honestly"], ["frankly"], ["to", "be", "honest"], ["to", "be", "frank"], ["in", "all", "honesty"], ["truth", "be", "told"],
        ["i", "mean"], ["you", "know"], ["well"], ["so"], ["look"], ["like"],
    ]
    /// Tics set off by commas inside a sentence (or before its end).
    static let commaTics: [[String]] = [
        ["you", "know"], ["i", "mean"], ["to", "be", "honest"], ["to", "be", "frank"], ["in", "all", "honesty"], ["honestly"],
        ["frankly"], ["like"], ["basically"],
    ]
    /// Words that open a question: auxiliaries and question words (lower case).
    static let questionOpeners: Set<String> = [
        "is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "would", "will", "should", "shall", "may", "might",
        "have", "has", "had", "isn't", "aren't", "wasn't", "don't", "doesn't", "didn't", "can't", "couldn't", "wouldn't", "won't",
        "shouldn't", "haven't", "hasn't", "what", "why", "how", "who", "whom", "whose", "where", "when", "which", "what's",
        "who's", "where's", "how's", "isnt", "dont", "right", "ok", "okay",
    ]
    /// Vague endings of a list or a clause (“…busy with the release and everything,”, “…a
    /// bug or something?”), cut at a clause's end by Concise and Professional.
    static let generalExtenders: [[String]] = [
        ["and", "everything"], ["and", "stuff"], ["and", "all", "that"], ["or", "whatever"], ["or", "something"], ["or", "anything"],
        ["and", "so", "on", "and", "so", "forth"], ["and", "what", "not"], ["and", "whatnot"],
    ]
    /// What a cleft opener says happened (“what was happening is that”, “what happened was”).
    static let cleftVerbs: [[String]] = [
        ["was", "happening"], ["happened"], ["happens"], ["is", "happening"], ["went", "wrong"], ["i", "mean"], ["i", "meant"],
        ["i'm", "saying"], ["i", "am", "saying"], ["i'm", "trying", "to", "say"], ["i", "was", "trying", "to", "say"],
    ]
    /// Hedges that end a sentence after a comma ("…, I think."): Concise and Rewrite.
    static let closingHedges: [[String]] = [["i", "think"], ["i", "guess"], ["i", "suppose"]]
    /// Verbs of being, after which a candour adverb qualifies the clause, not the verb.
    static let beForms: Set<String> = ["is", "are", "was", "were", "be", "am", "been", "it's", "that's", "i'm", "we're", "they're",
                                       "you're", "he's", "she's", "there's", "'s", "'re", "'m"]

    /// The edits for `text` (one prose segment), in order, disjoint.
    static func edits(in text: String, for purpose: Purpose) -> [SegmentEdit] {
        let all = Tokenizer.tokenize(text)
        guard all.contains(where: \.isWord) else { return [] }
        let sentences = SentenceSplitter.split(all)
        let context = RuleContext(segmentText: text, sentences: sentences, sentenceIndex: 0, speller: CasualRegister.NoWords(),
                                  vocabulary: Vocabulary(), isHeading: false)
        let lexicon = TagLexicon.shared
        let u16 = Array(text.utf16)
        let quoted = PhraseRewriter.quotations(in: u16)
        var out: [SegmentEdit] = []
        let prefix = purpose == .professional ? "PRO" : purpose == .clarity ? "REWRITE" : "CONCISE"
        for (si, sentence) in sentences.enumerated() {
            let tokens = sentence.tokens
            let tags = context.tags(of: sentence)
            var words: [Int] = []
            for i in tokens.indices where !tokens[i].isSpace { words.append(i) }
            guard !words.isEmpty else { continue }
            func tok(_ n: Int) -> Token { tokens[words[n]] }
            func word(_ n: Int) -> String? { n >= 0 && n < words.count ? PhraseRewriter.norm(tokens[words[n]].lower) : nil }
            func tag(_ n: Int) -> PennTag { n >= 0 && n < words.count ? tags[words[n]] : .none }
            func isWord(_ n: Int) -> Bool { n >= 0 && n < words.count && tokens[words[n]].isWord }
            func matches(_ n: Int, _ phrase: [String]) -> Bool { phrase.indices.allSatisfy { word(n + $0) == phrase[$0] && isWord(n + $0) } }
            /// Only spaces (no line break) between word `a` and word `a + 1`.
            func spaced(_ a: Int) -> Bool {
                guard a + 1 < words.count else { return false }
                let s = tok(a).end, e = tok(a + 1).range.location
                return e > s && !u16[s..<e].contains(0x0A) && !u16[s..<e].contains(0x0D)
            }
            func add(_ range: NSRange, _ replacement: String, _ id: String, _ reason: String) {
                if quoted.contains(where: { NSIntersectionRange($0, range).length > 0 }) { return }
                if out.contains(where: { NSIntersectionRange($0.range, range).length > 0 || $0.range.location == range.location }) { return }
                out.append(SegmentEdit(range: range, replacement: replacement, ruleID: "\(prefix)_\(id)", reason: reason))
            }
            /// A negation before word `n` in its clause ("don't just sit there"; not "If not,
            /// just send it back").
            func negatedBefore(_ n: Int) -> Bool {
                var k = n - 1
                while k >= 0, let w = word(k), ![",", ";", ":"].contains(w) {
                    if PhraseRewriter.negations.contains(w) || w.hasSuffix("n't") { return true }
                    k -= 1
                }
                return false
            }
            /// Words `0...b` deleted from the sentence's start; the next word takes the capital
            /// the first had (not a name or a command written in lower case, nor a word the
            /// tag lexicon does not know).
            func deleteOpening(through b: Int, _ id: String, _ reason: String) {
                guard b + 1 < words.count, spaced(b) else { return }
                let first = tok(0), next = tok(b + 1)
                let start = first.range.location
                // (A contraction by its first part: "it's" → "It's".)
                let host = String(PhraseRewriter.norm(next.lower).prefix { $0 != "'" })
                if first.startsUppercase, next.isWord, next.text.first?.isLowercase == true,
                   !lexicon.tagSet(of: host).isEmpty, next.text.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) {
                    add(NSRange(location: start, length: next.end - start), OfflineLexicon.capitalizeFirst(next.text), id, reason)
                } else if first.startsUppercase, next.isWord, next.text.first?.isLowercase == true {
                    return
                } else {
                    add(NSRange(location: start, length: next.range.location - start), "", id, reason)
                }
            }
            /// Words `a...b` deleted inside the sentence with the space after them.
            func deleteInside(_ a: Int, _ b: Int, _ id: String, _ reason: String) {
                guard a > 0, spaced(b) else { return }
                let start = tok(a).range.location
                add(NSRange(location: start, length: tok(b + 1).range.location - start), "", id, reason)
            }
            /// Words `a...b` set off by commas (word `a - 1` and `b + 1`), or by a comma before and
            /// the sentence's end after: the tic and its commas go.
            func deleteSetOff(_ a: Int, _ b: Int, _ id: String, _ reason: String) -> Bool {
                guard a >= 2, tok(a - 1).text == ",", let after = word(b + 1) else { return false }
                let start = tok(a - 1).range.location
                if after == "," {
                    // (Not before a word the comma then glues on: "It was, you know, expensive" →
                    // "It was expensive".)
                    guard b + 2 < words.count else { return false }
                    add(NSRange(location: start, length: tok(b + 1).end - start), "", id, reason)
                    return true
                }
                if [".", "!", "?"].contains(after) {
                    // A tag that made a statement a question (“…people could do it whenever, you
                    // know?”): without it the statement ends with a period, not “whenever?”.
                    if after == "?", !asksAQuestion() {
                        add(NSRange(location: start, length: tok(b + 1).end - start), ".", id, reason)
                        return true
                    }
                    add(NSRange(location: start, length: tok(b).end - start), "", id, reason)
                    return true
                }
                return false
            }
            /// True when the sentence asks without its tag: it opens with an auxiliary or a
            /// question word (“Could we…”, “What do you think…”), after a spoken opener, or one
            /// of its clauses after a comma does (“I wonder, is it ready, you know?”).
            func asksAQuestion() -> Bool {
                for k in words.indices where k == 0 || word(k - 1) == "," || (k == 1 && ["so", "and", "but", "anyway", "well"].contains(word(0) ?? "")) {
                    if let w = word(k), isWord(k), Self.questionOpeners.contains(w) { return true }
                }
                return false
            }
            let openerReason = "A spoken opener that says nothing in writing."
            let ticReason = "A spoken filler that says nothing in writing."
            let candourReason = "A marker of candour adds nothing: the sentence is meant either way."
            let hedgeReason = "A hedge: say it directly."
            // Openers.
            var n0 = 0
            // A cleft that only announces the clause (“So basically what was happening is that
            // when two workers…”, “What happened was the server died”): the clause says it.
            // Not “What happened is unclear” (no clause follows), nor a cleft inside a sentence.
            var c = 0
            while let w = word(c), isWord(c), ["so", "basically", "anyway", "well", "ok", "okay"].contains(w) { c += 1 }
            if word(c) == "what", isWord(c), let v = Self.cleftVerbs.first(where: { matches(c + 1, $0) }),
               let be = word(c + 1 + v.count), be == "is" || be == "was", isWord(c + 1 + v.count) {
                var b = c + 1 + v.count
                let that = word(b + 1) == "that" && isWord(b + 1)
                if that { b += 1 }
                if b + 1 < words.count, isWord(b + 1), that || subjects.contains(word(b + 1) ?? "") {
                    let start = tok(0).range.location
                    let next = tok(b + 1)
                    let host = String(PhraseRewriter.norm(next.lower).prefix { $0 != "'" })
                    let acrossLines = u16[tok(b).end..<next.range.location].contains(0x0A)
                    if tok(0).startsUppercase, next.text.first?.isLowercase == true, !lexicon.tagSet(of: host).isEmpty,
                       next.text.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) {
                        if acrossLines {
                            // (Across a hard-wrapped body's line break, as a commit message has it:
                            // the words and the break go, then the next word takes the capital, so
                            // that the rest of the paragraph keeps its lines.)
                            add(NSRange(location: start, length: next.range.location - start), "", "SPOKEN_OPENER",
                                "“What happened is that” announces the clause; the clause says it.")
                            out.append(SegmentEdit(range: next.range, replacement: OfflineLexicon.capitalizeFirst(next.text), ruleID: "\(prefix)_SPOKEN_OPENER",
                                                   reason: "The sentence starts here now: a capital."))
                        } else {
                            add(NSRange(location: start, length: next.end - start), OfflineLexicon.capitalizeFirst(next.text), "SPOKEN_OPENER",
                                "“What happened is that” announces the clause; the clause says it.")
                        }
                        n0 = b + 1
                    } else if !tok(0).startsUppercase || next.text.first?.isUppercase == true {
                        add(NSRange(location: start, length: next.range.location - start), "", "SPOKEN_OPENER",
                            "“What happened is that” announces the clause; the clause says it.")
                        n0 = b + 1
                    }
                }
            }
            if n0 == 0, let w = word(0), isWord(0) {
                let isFirst = si == 0 || sentence.isBlockStart
                if w == "so", isWord(1) || word(1) == "," {
                    let next = word(1) ?? ""
                    let musing = matches(1, ["i", "was", "thinking"]) || matches(1, ["i", "was", "wondering"]) || matches(1, ["i", "thought"])
                        || ["anyway", "basically", "yeah", "um", "uh"].contains(next)
                    // ("So, if you want…" concludes from what came before: only "So," before a
                    // subject.)
                    if next == ",", isFirst || musing, isWord(2), subjects.contains(word(2) ?? "") {
                        deleteOpening(through: 1, "SPOKEN_OPENER", openerReason); n0 = 2
                    } else if ["anyway", "basically"].contains(next), isWord(1), isWord(2), clauseSubjects.contains(word(2) ?? "") {
                        // "So basically I wanted…", "So anyway we…": both words go.
                        deleteOpening(through: 1, "SPOKEN_OPENER", openerReason); n0 = 2
                    } else if isFirst || musing, subjects.contains(next), !soNotOpener.contains(next) || musing {
                        deleteOpening(through: 0, "SPOKEN_OPENER", openerReason); n0 = 1
                    }
                } else if w == "well" {
                    if word(1) == ",", isWord(2), word(2) != "well" {
                        deleteOpening(through: 1, "SPOKEN_OPENER", openerReason); n0 = 2
                    } else if let next = word(1), ["i", "we", "you", "they", "it", "that", "this", "there", "he", "she"].contains(next) {
                        deleteOpening(through: 0, "SPOKEN_OPENER", openerReason); n0 = 1
                    }
                } else if let o = commaOpeners.first(where: { matches(0, $0) && word($0.count) == "," && isWord($0.count + 1) }),
                          o != ["so"], o != ["well"] {
                    let reason = ["honestly", "frankly", "to", "in", "truth"].contains(o[0]) ? candourReason : ticReason
                    deleteOpening(through: o.count, "SPOKEN_OPENER", reason); n0 = o.count + 1
                } else if w == "just", purpose != .clarity, let next = word(1), isWord(1), !justKeeps.contains(next),
                          tag(1) == .VB || (lexicon.tagSet(of: next).contains(.VB) && !lexicon.tagSet(of: next).contains(.VBD) && tag(1) != .NN && tag(1) != .NNS) {
                    // An imperative softened: "Just let me know" → "Let me know".
                    deleteOpening(through: 0, "JUST", "“Just” softens the verb and says nothing more."); n0 = 1
                } else if w == "anyway", purpose != .professional, let next = word(1), isWord(1), clauseSubjects.contains(next) {
                    // "Anyway I talked to Per" (without its comma): Professional's phrase list
                    // takes it too (PRO_ANYWAY_START).
                    deleteOpening(through: 0, "SPOKEN_OPENER", openerReason); n0 = 1
                } else if matches(0, ["i", "mean"]), let next = word(2), isWord(2), clauseSubjects.contains(next) {
                    // "I mean we tried…": a tic before a clause ("I mean it", "I mean you" are
                    // meant: not subjects here).
                    deleteOpening(through: 1, "SPOKEN_OPENER", ticReason); n0 = 2
                } else if ["honestly", "frankly"].contains(w), let next = word(1), subjects.contains(next), isWord(1) {
                    deleteOpening(through: 0, "SPOKEN_OPENER", candourReason); n0 = 1
                } else if purpose != .professional,
                          let h = openingHedges.first(where: { matches(0, $0) }), let next = word(h.count), isWord(h.count),
                          ["we", "it", "it's", "that's", "they", "you", "the", "there", "there's", "this", "he", "she", "i", "we'd", "we'll",
                           "we're", "i'll", "i'd", "i'm", "you'd", "you'll", "they're", "our", "my", "your", "their"].contains(next),
                          !sentence.tokens.contains(where: { $0.text == "?" }) {
                    deleteOpening(through: h.count - 1, "HEDGE_OPENER", hedgeReason); n0 = h.count
                }
            }
            var n = max(1, n0)
            while n < words.count {
                defer { n += 1 }
                guard isWord(n), let w = word(n) else { continue }
                // A tic set off by commas, or a closing hedge.
                if tok(n - 1).text == ",",
                   let t = commaTics.first(where: { matches(n, $0) }) ?? (purpose != .professional ? closingHedges.first(where: { matches(n, $0) }) : nil) {
                    let closing = closingHedges.contains(t)
                    if closing, ![".", "!"].contains(word(n + t.count) ?? "") { continue }
                    // ("like" between commas only as a tic: ", like, …"; "basically" is the phrase list's.)
                    if t == ["basically"] { continue }
                    let reason = closing ? hedgeReason : ["honestly", "frankly", "to", "in"].contains(t[0]) ? candourReason : ticReason
                    if deleteSetOff(n, n + t.count - 1, closing ? "HEDGE" : "SPOKEN_FILLER", reason) { n += t.count - 1 }
                    continue
                }
                // A vague ending at a clause's end (“…with the release and everything, but…”):
                // Concise and Professional; not at a sentence's start, nor in a quotation.
                // (Not the last item of a series, where it means “all the rest”: fakeroot's “user
                // and group information, device nodes and everything”.)
                if purpose != .clarity, n >= 2, isWord(n - 1), let x = generalExtenders.first(where: { matches(n, $0) }),
                   let after = word(n + x.count), !isWord(n + x.count), [",", ".", "!", "?", ";", ":"].contains(after),
                   !(max(0, n - 5)..<n).contains(where: { word($0) == "," }) {
                    let start = tok(n - 1).end
                    add(NSRange(location: start, length: tok(n + x.count - 1).end - start), "", "VAGUE_EXTENDER",
                        "“\(x.joined(separator: " "))” ends the clause vaguely and says nothing more.")
                    n += x.count - 1
                    continue
                }
                switch w {
                case "i":
                    // "…and I mean we tried three versions": the tic after a conjunction or a
                    // comma, before a clause of its own.
                    guard word(n + 1) == "mean", isWord(n + 1), let next = word(n + 2), isWord(n + 2), clauseSubjects.contains(next),
                          let p = word(n - 1), ["and", "but", "so", ","].contains(p) else { continue }
                    deleteInside(n, n + 1, "SPOKEN_FILLER", ticReason)
                    n += 1
                case "like":
                    // "we tried like three versions", "it was like two hours": "like" before an
                    // amount after a verb is "about" (not "looks like three people", "I like
                    // three of them", "things like two-factor…").
                    guard let p = word(n - 1), isWord(n - 1), let a = word(n + 1), spaced(n),
                          tag(n + 1) == .CD || tok(n + 1).kind == .number || amountWords.contains(a),
                          PennTagSet.verbs.contains(tag(n - 1)) || beForms.contains(p),
                          !likeVerbs.contains(p), !["i", "we", "you", "they", "he", "she"].contains(p),
                          // ("like one of those days", "like half of them": a comparison.)
                          a != "one", word(n + 2) != "of" else { continue }
                    let start = tok(n).range.location
                    add(NSRange(location: start, length: tok(n).end - start), "about", "LIKE_AMOUNT",
                        "“Like” before an amount is spoken; “about” says it.")
                case "honestly", "frankly":
                    // A candour adverb on the clause, not on a verb: after "and", "but", a
                    // subject or a form of "be", before more of the clause.
                    guard let p = word(n - 1), isWord(n + 1) || word(n + 1) == "," else { continue }
                    let pt = tag(n - 1)
                    let afterVerb = PennTagSet.verbs.contains(pt) && !beForms.contains(p)
                    if afterVerb || PennTagSet.adverbs.contains(pt) { continue }
                    guard pt == .CC || pt == .PRP || beForms.contains(p) || p == "that" else { continue }
                    if word(n + 1) == "," {
                        guard isWord(n + 2), spaced(n + 1) else { continue }
                        let start = tok(n).range.location
                        add(NSRange(location: start, length: tok(n + 2).range.location - start), "", "SPOKEN_FILLER", candourReason)
                    } else {
                        deleteInside(n, n, "SPOKEN_FILLER", candourReason)
                    }
                case "kind", "sort":
                    guard word(n + 1) == "of", isWord(n + 2), let a = word(n + 2), let p = word(n - 1) else { continue }
                    if typeDeterminers.contains(p) || [.DT, .PRPS, .CD, .JJ, .JJS, .WDT, .WP].contains(tag(n - 1)) && !beForms.contains(p) { continue }
                    // Right after a form of “be” it hedges whatever follows, a noun or a gerund
                    // too (“that's kind of overkill”, “I was kind of thinking”, “it's sort of a
                    // mess”): no type is named without a determiner before it. (Only a negation
                    // of that “be” keeps it: “it isn't kind of slow, it is slow”; one earlier
                    // in the sentence, “I can't figure out whether that's kind of overkill”,
                    // does not reach it.)
                    if beForms.contains(p) || p.hasSuffix("n't") && ["isn't", "wasn't", "aren't", "weren't"].contains(p) {
                        if p.hasSuffix("n't") || word(n - 2) == "not" || word(n + 2) == "not" { continue }
                        let t = lexicon.tagSet(of: a)
                        let adjective = !t.isDisjoint(with: .adjectives) && t.isDisjoint(with: .nouns) && !t.contains(.VBG)
                        if purpose == .professional, adjective {
                            let start = tok(n).range.location
                            add(NSRange(location: start, length: tok(n + 1).end - start), "somewhat", "KIND_OF",
                                "“\(w.capitalized) of” before an adjective is casual; “somewhat” says it.")
                        } else {
                            deleteInside(n, n + 1, purpose == .professional ? "KIND_OF" : "HEDGE_KIND_OF",
                                         purpose == .professional ? "“\(w.capitalized) of” is a casual hedge." : hedgeReason)
                        }
                        n += 1
                        continue
                    }
                    if negatedBefore(n) { continue }
                    let t = lexicon.tagSet(of: a)
                    let at = tag(n + 2)
                    let adjective = PennTagSet.adjectives.contains(at) || PennTagSet.adverbs.contains(at)
                        || (!t.isDisjoint(with: .adjectives) && t.isDisjoint(with: .nouns))
                    let verb = [.VB, .VBP, .VBZ, .VBD, .VBG, .VBN].contains(at) && t.isDisjoint(with: .nouns)
                        || (!t.isDisjoint(with: PennTagSet([.VBZ, .VBD])) && [.PRP, .NN, .NNS, .NNP].contains(tag(n - 1)))
                        || (["like", "want", "need", "hope", "wish", "feel", "know", "see", "get", "miss", "think"].contains(a))
                    guard adjective || verb, ![.DT, .NN, .NNS, .NNP, .NNPS, .PRP, .PRPS, .CD, .IN].contains(at) || verb else { continue }
                    if purpose == .professional {
                        if adjective && !verb {
                            let start = tok(n).range.location
                            add(NSRange(location: start, length: tok(n + 1).end - start), "somewhat", "KIND_OF",
                                "“\(w.capitalized) of” before an adjective is casual; “somewhat” says it.")
                        } else {
                            deleteInside(n, n + 1, "KIND_OF", "“\(w.capitalized) of” is a casual hedge.")
                        }
                    } else {
                        deleteInside(n, n + 1, "HEDGE_KIND_OF", hedgeReason)
                    }
                    n += 1
                case "pretty":
                    guard purpose == .concise, let p = word(n - 1), isWord(n + 1), let a = word(n + 1) else { continue }
                    if [.DT, .PRPS, .JJ].contains(tag(n - 1)) || typeDeterminers.contains(p) || negatedBefore(n) { continue }
                    let t = lexicon.tagSet(of: a)
                    guard !t.isDisjoint(with: .adjectives) || (!t.isDisjoint(with: .adverbs) && t.isDisjoint(with: .nouns)),
                          ![.NN, .NNS, .NNP].contains(tag(n + 1)), !["much", "well", "good", "sure", "soon"].contains(a) else { continue }
                    deleteInside(n, n, "PRETTY", "“Pretty” as an intensifier adds little.")
                case "just":
                    guard purpose != .clarity, let a = word(n + 1), isWord(n + 1), !justKeeps.contains(a), !negatedBefore(n) else { continue }
                    let at = tag(n + 1)
                    let t = lexicon.tagSet(of: a)
                    let p = word(n - 1) ?? ""
                    let base = at == .VB || (t.contains(.VB) && ![.VBD, .VBN, .NN, .NNS, .JJ].contains(at))
                    let imperative = base && (n == 0 || imperativeHosts.contains(p) || PhraseRewriter.modals.contains(p))
                    let afterSubject = ["i", "we", "you", "they"].contains(p) && (at == .VBP || at == .VB) && !t.contains(.VBD)
                        && ["think", "need", "want", "hope", "feel", "wanted", "wonder", "love", "like", "mean", "figured"].contains(a)
                    guard imperative || afterSubject else { continue }
                    deleteInside(n, n, "JUST", "“Just” softens the verb and says nothing more.")
                default:
                    continue
                }
            }
        }
        return out.sorted { $0.range.location < $1.range.location }
    }
}
