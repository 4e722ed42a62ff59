import Foundation
import Proofreading

/// Concise's (and Rewrite's, whose clarity they serve) cuts of the padding of stiff letters, read as classes of sentence rather than as
/// fixed phrases (session 52's README-only trial: Concise kept “we hereby wish to inform you
/// that”, “we would like to take this opportunity to advise you that”, “We thank you in
/// advance”, “maybe possibly”, “I was just wondering if you could”, “was in fact received”):
///
/// - **a performative opener**: the writer announcing that they tell, advise, inform, notify or
///   remind the reader before saying it: a subject (“we”, “I”), a frame (“hereby”, “wish to”,
///   “would like to”, “want to”, “(just) wanted to”, “am/are writing to”, “take this
///   opportunity to”, in any order), the verb with “you” (“inform you”, “advise you”, “let you know”) and “that”: all
///   of it goes and the clause after “that” says the news (“Notwithstanding the foregoing, we
///   would like to take this opportunity to advise you that we remain open…” →
///   “Notwithstanding the foregoing, we remain open…”). Without a frame nothing is cut (“I
///   remind you that…” is the message). The same frame before “thank you” is “thank you” (“We
///   would like to take this opportunity to thank you for…” → “Thank you for…”);
/// - **thanks in advance**: “We thank you in advance for…” → “Thank you for…”, “thanks in
///   advance” → “thanks”;
/// - **a stance said as a noun**: “it is our understanding that” → “we understand that”, “it is
///   my belief that” → “I believe that”, “it is our intention to” → “we intend to”;
/// - **stacked hedges**: a second hedge adverb after a first or after a modal (“could maybe
///   possibly take” → “could take”, “may perhaps”); not under a negation (“couldn't possibly”
///   is emphasis), and “probably” stays (“would probably” says how likely);
/// - **a request wrapped in a musing**: “I was (just) wondering if/whether you could/would…”
///   in a sentence that ends with “?” → “could you…” (“Could you…” at its start);
/// - **“in fact” inside a clause** after an auxiliary (“was in fact received” → “was
///   received”): it asserts what the verb asserts; not “In fact,” opening a sentence (a
///   connective), nor set off by commas.
///
/// Session 55 (session 54's trial: Concise left “at this present moment in time”, “any and all”,
/// “full and complete”, “at this juncture” in a formal letter), three more classes:
///
/// - **a redundant pair**: two words of one meaning joined by “and” (``doublets``: “any and
///   all”, “each and every”, “full and complete”, “whole and entire”, “true and correct”,
///   “sole and exclusive”, “null and void”) → the plainer one; two words that say two things
///   stay (“severe and permanent”, “true and false”, “full and part-time”);
/// - **a wordy phrase of time**: “at” + this/that/the + a noun of time (“juncture”, “point”,
///   “moment”, “time”, “stage”) made wordy by “present”/“current”, by “in time” after it, or by
///   “juncture” itself → “now” (“then” after “that”); set off by commas inside a clause, the
///   commas go with it (“is, at this present moment in time, unable” → “is now unable”); not
///   when it names a moment of something (“at this point in the process”, “at the time of
///   writing”, “at that moment when”, “at this stage of the project”);
/// - **“the fact that” after a preposition**: “due to / owing to / because of / on account of /
///   in view of / in light of the fact that” → “because”, “despite / in spite of /
///   notwithstanding / regardless of the fact that” → “although”, “given / considering the fact
///   that” → “given / considering that”, “aware of the fact that” → “aware that”, “except for the
///   fact that” → “except that”; and “in order to / for / that” → “to / for / so that”.
///
/// Nothing inside a quotation is cut, no cut drops a negation, and every edit goes through the
/// rewrite's checks (protected text, and no new finding from the proofreader).
enum Padding {
    /// Frames of a performative opener, as word sequences (after the subject).
    static let frames: [[String]] = [
        ["hereby"], ["wish", "to"], ["would", "like", "to"], ["want", "to"], ["are", "writing", "to"], ["am", "writing", "to"],
        ["write", "to"], ["take", "this", "opportunity", "to"], ["would", "wish", "to"], ["are", "pleased", "to"], ["am", "pleased", "to"],
        ["just"], ["wanted", "to"], ["wish", "to"], ["also"],
        ["would", "also", "like", "to"], ["would", "also", "wish", "to"],
    ]
    /// Verbs of telling, with the words after them up to “that”.
    static let tellings: [[String]] = [
        ["inform", "you"], ["advise", "you"], ["notify", "you"], ["remind", "you"], ["tell", "you"], ["let", "you", "know"],
        ["confirm", "to", "you"], ["inform", "you", "hereby"], ["hereby", "inform", "you"], ["hereby", "advise", "you"],
        ["hereby", "notify", "you"],
    ]
    /// Stance nouns and the verb that says the same: “it is our understanding that” → “we understand that”.
    static let stances: [String: String] = [
        "understanding": "understand", "belief": "believe", "view": "think", "opinion": "think", "intention": "intend",
        "hope": "hope", "wish": "wish", "expectation": "expect", "recommendation": "recommend",
    ]
    /// Hedge adverbs that a second hedge or a modal makes redundant.
    static let hedges: Set<String> = ["maybe", "possibly", "perhaps", "conceivably", "potentially"]
    /// Modals after which a hedge adverb says again what the modal says.
    static let modals: Set<String> = ["could", "might", "may", "would", "can", "'d"]
    /// Auxiliaries after which “in fact” only asserts what the verb asserts.
    static let auxiliaries: Set<String> = ["is", "was", "are", "were", "has", "have", "had", "did", "does", "do", "will", "would", "can",
                                           "could", "should", "must", "been", "be"]

    /// The classes that say what some phrase-list entries say (“each and every”, “at this point
    /// in time”, “due to the fact that”, “in order to”, “please be advised that,”): where the
    /// phrase list has an edit of the same words, its edit is made.
    static let yieldingClasses: Set<String> = ["CONCISE_TIME_PHRASE", "CONCISE_REDUNDANT_PAIR", "CONCISE_THE_FACT_THAT", "CONCISE_IN_ORDER",
                                               "CONCISE_NOTICE_OPENER"]
    /// A notice's opener at a sentence's start: the clause after “that” says the notice.
    static let noticeOpeners: [[String]] = [
        ["please", "be", "advised", "that"], ["please", "be", "informed", "that"], ["please", "note", "that"], ["kindly", "note", "that"],
        ["kindly", "be", "advised", "that"], ["be", "advised", "that"], ["you", "are", "hereby", "notified", "that"],
    ]
    /// Groups of words that mean one thing, the plainest first: two of one group joined by
    /// “and” are a redundant pair, said by the first of the two in this order (“any and all” →
    /// “all”, “full and complete” → “complete”, “careful and thorough” → “thorough”).
    static let doublets: [[String]] = [
        ["all", "any"], ["every", "each"], ["complete", "full", "entire", "whole", "total"], ["accurate", "correct", "true"],
        ["final", "conclusive"], ["basic", "fundamental"], ["thorough", "careful", "comprehensive", "exhaustive"], ["void", "null"],
        ["sole", "exclusive"], ["first", "foremost"], ["suitable", "appropriate", "fitting"], ["clear", "unambiguous"],
        ["various", "sundry"], ["mutual", "reciprocal"], ["plain", "simple"], ["prompt", "timely"],
    ]
    /// The plainer word of a redundant pair, or nil when `a` and `b` say two things.
    static func doublet(_ a: String, _ b: String) -> String? {
        guard a != b, let group = doublets.first(where: { $0.contains(a) && $0.contains(b) }) else { return nil }
        return group.first { $0 == a || $0 == b }
    }
    /// Nouns of a moment, after “at this/that/the”.
    static let timeNouns: Set<String> = ["juncture", "point", "moment", "time", "stage"]
    /// Words after a phrase of time that make it name a moment of something (“at this point in
    /// the process”, “at the time of writing”, “at that moment when…”): it stays.
    static let namesAMoment: Set<String> = ["of", "when", "that", "where", "which", "whose", "in", "on", "last", "next", "every", "each",
                                            "yesterday", "tomorrow", "for", "between", "during", "after", "before", "since", "until"]
    /// Prepositions before “the fact that”, and what says it in a word.
    static let factPrepositions: [([String], String)] = [
        (["due", "to"], "because"), (["owing", "to"], "because"), (["because", "of"], "because"), (["on", "account", "of"], "because"),
        (["in", "view", "of"], "because"), (["in", "light", "of"], "because"), (["in", "spite", "of"], "although"),
        (["despite"], "although"), (["notwithstanding"], "although"), (["regardless", "of"], "although"),
        (["given"], "given that"), (["considering"], "considering that"), (["aware", "of"], "aware that"), (["except", "for"], "except that"),
    ]

    /// The cuts for `text` (one prose segment), in order, disjoint.
    static func edits(in text: String) -> [SegmentEdit] {
        let all = Tokenizer.tokenize(text)
        guard all.contains(where: \.isWord) else { return [] }
        let u16 = Array(text.utf16)
        let quoted = PhraseRewriter.quotations(in: u16)
        var out: [SegmentEdit] = []
        for sentence in SentenceSplitter.split(all) {
            let tokens = sentence.tokens
            var words: [Int] = []
            for i in tokens.indices where !tokens[i].isSpace { words.append(i) }
            guard !words.isEmpty else { continue }
            func tok(_ n: Int) -> Token { tokens[words[n]] }
            func word(_ n: Int) -> String? { n >= 0 && n < words.count ? PhraseRewriter.norm(tokens[words[n]].lower) : nil }
            func isWord(_ n: Int) -> Bool { n >= 0 && n < words.count && tokens[words[n]].isWord }
            func matches(_ n: Int, _ phrase: [String]) -> Bool { phrase.indices.allSatisfy { word(n + $0) == phrase[$0] && isWord(n + $0) } }
            let endsWithQuestion = words.last.map { tokens[$0].text == "?" } ?? false
            func add(_ range: NSRange, _ replacement: String, _ id: String, _ reason: String) {
                if quoted.contains(where: { NSIntersectionRange($0, range).length > 0 }) { return }
                if out.contains(where: { NSIntersectionRange($0.range, range).length > 0 }) { return }
                let cut = String(decoding: u16[range.location..<NSMaxRange(range)], as: UTF16.self)
                if PhraseRewriter.negationCount(cut) > PhraseRewriter.negationCount(replacement) { return }
                out.append(SegmentEdit(range: range, replacement: replacement, ruleID: id, reason: reason))
            }
            /// The wordy phrase of time that starts at word `k`: its last word and what says it.
            func timePhrase(_ k0: Int) -> (end: Int, replacement: String)? {
                guard word(k0) == "at", isWord(k0), let det = word(k0 + 1), ["this", "that", "the"].contains(det), isWord(k0 + 1) else { return nil }
                var k = k0 + 2
                var adjective = false
                if let a = word(k), a == "present" || a == "current", isWord(k) { adjective = true; k += 1 }
                guard let noun = word(k), timeNouns.contains(noun), isWord(k) else { return nil }
                var end = k
                var inTime = false
                if matches(k + 1, ["in", "time"]), noun == "point" || noun == "moment" { end = k + 2; inTime = true }
                let next = word(end + 1)
                guard adjective || inTime || noun == "juncture", !(next.map { namesAMoment.contains($0) } ?? false),
                      !(adjective && det == "that") else { return nil }
                return (end, det == "that" ? "then" : "now")
            }
            /// A stance said as a noun at word `k` (“it is our intention to”): its last word and the verb that says it.
            func stance(_ k: Int) -> (end: Int, replacement: String)? {
                guard word(k) == "it", isWord(k), matches(k + 1, ["is"]), let owner = word(k + 2), owner == "our" || owner == "my",
                      let noun = word(k + 3), let verb = stances[noun], let after = word(k + 4), after == "that" || (after == "to" && noun == "intention")
                else { return nil }
                return (k + 3, (owner == "our" ? "we" : "I") + " " + verb)
            }
            /// Words `a...b` replaced by `replacement` (empty: cut, with a comma right after them
            /// and the white space up to the next word); the next word, or the replacement, takes
            /// the capital of word `a` at a sentence's start.
            func replace(_ a: Int, _ b: Int, _ replacement: String, _ id: String, _ reason: String) {
                guard b + 1 < words.count else { return }
                var nextWord = b + 1
                if word(nextWord) == ",", isWord(nextWord + 1) { nextWord += 1 }
                // (A phrase of time set off by commas after a cut opener goes with it: “remind you
                // that, at the present moment in time, the system…” → “The system…”.)
                if replacement.isEmpty, nextWord == b + 2, let t = timePhrase(nextWord), word(t.end + 1) == ",", isWord(t.end + 2) { nextWord = t.end + 2 }
                guard isWord(nextWord) else { return }
                let start = tok(a).range.location
                let capital = a == 0 && tok(a).startsUppercase
                if replacement.isEmpty {
                    let next = tok(nextWord)
                    if capital, let st = stance(nextWord) {
                        // (The stance after a cut opener is said with its verb in the same edit:
                        // “Please be advised that it is our intention to…” → “We intend to…”.)
                        add(NSRange(location: start, length: tok(st.end).end - start), OfflineLexicon.capitalizeFirst(st.replacement), id, reason)
                        return
                    }
                    if capital, next.text.first?.isLowercase == true {
                        // (Not a name or a command written in lower case: only a word the tag lexicon knows.)
                        let host = String(PhraseRewriter.norm(next.lower).prefix { $0 != "'" })
                        guard !TagLexicon.shared.tagSet(of: host).isEmpty, next.text.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "’" }) else { return }
                        add(NSRange(location: start, length: next.end - start), OfflineLexicon.capitalizeFirst(next.text), id, reason)
                    } else {
                        add(NSRange(location: start, length: next.range.location - start), "", id, reason)
                    }
                } else {
                    let r = NSRange(location: start, length: tok(b).end - start)
                    add(r, capital ? OfflineLexicon.capitalizeFirst(replacement) : replacement, id, reason)
                }
            }
            var n = 0
            while n < words.count {
                defer { n += 1 }
                guard isWord(n), let w = word(n) else { continue }
                // A redundant pair: the plainer word says both.
                if let w2 = word(n + 2), word(n + 1) == "and", isWord(n + 1), isWord(n + 2), let kept = doublet(w, w2) {
                    let start = tok(n).range.location
                    let capital = tok(n).startsUppercase && (n == 0 || word(n - 1).map { [".", "!", "?", ":"].contains($0) } == true)
                    add(NSRange(location: start, length: tok(n + 2).end - start), capital ? OfflineLexicon.capitalizeFirst(kept) : kept,
                        "CONCISE_REDUNDANT_PAIR", "“\(w) and \(w2)” say one thing: “\(kept)” says it.")
                    n += 2
                    continue
                }
                // A notice's opener at a sentence's start.
                if n == 0, let o = noticeOpeners.first(where: { matches(n, $0) }) {
                    replace(n, n + o.count - 1, "", "CONCISE_NOTICE_OPENER", "“\(o.joined(separator: " "))” announces the notice: the clause after it says it.")
                    n += o.count - 1
                    continue
                }
                // A wordy phrase of time.
                if let t = timePhrase(n) {
                    let reason = "“\(t.replacement.capitalized)” says the same."
                    if n >= 2, word(n - 1) == ",", word(t.end + 1) == ",", isWord(n - 2), isWord(t.end + 2) {
                        if word(n - 2) == "that" {
                            // (After “that,” the phrase goes with its comma: “advised that, at this
                            // point in time, it is…” → “advised that, it is…”, whose opener the
                            // notice's cut takes.)
                            let start = tok(n).range.location
                            add(NSRange(location: start, length: tok(t.end + 2).range.location - start), "", "CONCISE_TIME_PHRASE", reason)
                        } else {
                            // Set off by commas inside a clause, the commas go with it.
                            let start = tok(n - 1).range.location
                            add(NSRange(location: start, length: tok(t.end + 1).end - start), " " + t.replacement, "CONCISE_TIME_PHRASE", reason)
                        }
                    } else {
                        let start = tok(n).range.location
                        let capital = n == 0 && tok(n).startsUppercase
                        add(NSRange(location: start, length: tok(t.end).end - start), capital ? OfflineLexicon.capitalizeFirst(t.replacement) : t.replacement,
                            "CONCISE_TIME_PHRASE", reason)
                    }
                    n = t.end
                    continue
                }
                // “the fact that” after a preposition, and “in order to”.
                if let (prep, plain) = factPrepositions.first(where: { matches(n, $0.0) }), matches(n + prep.count, ["the", "fact", "that"]),
                   isWord(n + prep.count + 3) {
                    let last = n + prep.count + 2
                    let start = tok(n).range.location
                    let capital = n == 0 && tok(n).startsUppercase
                    add(NSRange(location: start, length: tok(last).end - start), capital ? OfflineLexicon.capitalizeFirst(plain) : plain,
                        "CONCISE_THE_FACT_THAT", "“\(plain.prefix(1).uppercased() + plain.dropFirst())” says it without “the fact that”.")
                    n = last
                    continue
                }
                if w == "in", matches(n + 1, ["order"]), let to = word(n + 2), ["to", "for", "that"].contains(to), isWord(n + 2), isWord(n + 3),
                   word(n - 1) != "is", word(n - 1) != "are", word(n - 1) != "be" {
                    let plain = to == "that" ? "so that" : to
                    let start = tok(n).range.location
                    let capital = n == 0 && tok(n).startsUppercase
                    add(NSRange(location: start, length: tok(n + 2).end - start), capital ? OfflineLexicon.capitalizeFirst(plain) : plain,
                        "CONCISE_IN_ORDER", "“\(plain.prefix(1).uppercased() + plain.dropFirst())” says no less than “in order \(to)”.")
                    n += 2
                    continue
                }
                // A performative opener, or its “thank you”.
                if w == "we" || w == "i" {
                    var k = n + 1
                    var framed = false
                    var progress = true
                    while progress {
                        progress = false
                        for f in frames where matches(k, f) { k += f.count; framed = true; progress = true; break }
                    }
                    if framed, let t = tellings.first(where: { matches(k, $0) }), word(k + t.count) == "that", isWord(k + t.count) {
                        replace(n, k + t.count, "", "CONCISE_PERFORMATIVE_OPENER",
                                "The writer announcing that they tell the reader: the clause after “that” says it.")
                        n = k + t.count
                        continue
                    } else if framed, matches(k, ["thank", "you"]) {
                        replace(n, k + 1, "thank you", "CONCISE_PERFORMATIVE_THANKS", "“Thank you” says the thanks.")
                        n = k + 1
                        continue
                    }
                }
                // Thanks in advance.
                if w == "thank" || w == "thanks" {
                    let offset = w == "thank" && word(n + 1) == "you" ? 2 : 1
                    guard matches(n + offset, ["in", "advance"]), word(n + offset + 2) != nil else { continue }
                    let subject = n > 0 && word(n - 1) == "we" && isWord(n - 1) && n - 1 == 0
                    let a = subject ? n - 1 : n
                    let kept = w == "thank" ? "thank you" : "thanks"
                    let start = tok(a).range.location
                    let r = NSRange(location: start, length: tok(n + offset + 1).end - start)
                    add(r, a == 0 && tok(a).startsUppercase ? OfflineLexicon.capitalizeFirst(kept) : kept, "CONCISE_THANKS_IN_ADVANCE",
                        "Thanks given before the fact are thanks: “in advance” adds nothing.")
                    n += offset + 1
                    continue
                }
                // A stance said as a noun.
                if let st = stance(n) {
                    replace(n, st.end, st.replacement, "CONCISE_STANCE_NOUN", "“\(st.replacement)” says it with the verb.")
                    n = st.end
                    continue
                }
                // Stacked hedges.
                if hedges.contains(w), n > 0, let p = word(n - 1), isWord(n - 1), hedges.contains(p) || modals.contains(p) || p.hasSuffix("'d"),
                   !p.hasSuffix("n't"), word(n - 2) != "not", word(n + 1) != "not", isWord(n + 1) {
                    let start = tok(n - 1).end
                    add(NSRange(location: start, length: tok(n).end - start), "", "CONCISE_STACKED_HEDGE",
                        "One hedge is enough: “\(p)” already says it.")
                    continue
                }
                // A request wrapped in a musing.
                if w == "i", endsWithQuestion {
                    var k = n + 1
                    guard matches(k, ["was"]) || matches(k, ["am"]) else { continue }
                    k += 1
                    if word(k) == "just" { k += 1 }
                    guard word(k) == "wondering", let c = word(k + 1), c == "if" || c == "whether", word(k + 2) == "you",
                          let m = word(k + 3), ["could", "would", "can", "might"].contains(m), isWord(k + 4) else { continue }
                    replace(n, k + 3, "\(m) you", "CONCISE_WONDERING_IF", "A request said as a question asks it directly.")
                    n = k + 3
                    continue
                }
                // “in fact” inside a clause, after an auxiliary.
                if w == "in", word(n + 1) == "fact", isWord(n + 1), n > 0, let p = word(n - 1), auxiliaries.contains(p), isWord(n + 2) {
                    let start = tok(n).range.location
                    add(NSRange(location: start, length: tok(n + 2).range.location - start), "", "CONCISE_IN_FACT",
                        "“In fact” after the verb asserts what the verb asserts.")
                    n += 1
                }
            }
        }
        return out.sorted { $0.range.location < $1.range.location }
    }
}
