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
/// Nothing inside a quotation is cut, no cut drops a negation, and every edit goes through the
/// rewrite's checks (protected text, and no new finding from the proofreader).
enum Padding {
    /// Frames of a performative opener, as word sequences (after the subject).
    static let frames: [[String]] = [
        ["hereby"], ["wish", "to"], ["would", "like", "to"], ["want", "to"], ["are", "writing", "to"], ["am", "writing", "to"],
        ["write", "to"], ["take", "this", "opportunity", "to"], ["would", "wish", "to"], ["are", "pleased", "to"], ["am", "pleased", "to"],
        ["just"], ["wanted", "to"], ["wish", "to"],
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
            /// Words `a...b` replaced by `replacement` (empty: cut, with a comma right after them
            /// and the white space up to the next word); the next word, or the replacement, takes
            /// the capital of word `a` at a sentence's start.
            func replace(_ a: Int, _ b: Int, _ replacement: String, _ id: String, _ reason: String) {
                guard b + 1 < words.count else { return }
                var nextWord = b + 1
                if word(nextWord) == ",", isWord(nextWord + 1) { nextWord += 1 }
                guard isWord(nextWord) else { return }
                let start = tok(a).range.location
                let capital = a == 0 && tok(a).startsUppercase
                if replacement.isEmpty {
                    let next = tok(nextWord)
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
                if w == "it", matches(n + 1, ["is"]), let owner = word(n + 2), owner == "our" || owner == "my",
                   let noun = word(n + 3), let verb = stances[noun], let after = word(n + 4), after == "that" || (after == "to" && noun == "intention") {
                    let subject = owner == "our" ? "we" : "I"
                    replace(n, n + 3, subject + " " + verb, "CONCISE_STANCE_NOUN", "“\(subject) \(verb)” says it with the verb.")
                    n += 3
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
