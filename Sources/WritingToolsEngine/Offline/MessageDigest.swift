import Foundation
import Proofreading

/// What a Summary or Key Points of a message (an e-mail, a letter) keeps when its sentences are
/// long: the message's own point, said in fewer words. Session 53's README-only trial: an
/// 80-word run-on first sentence took a short summary's whole budget, and the question the
/// reader had to answer (“Would you be OK with me running a pilot…?”) and a letter's refusal
/// (“…it is not possible for the Committee to grant the request…”) were left out.
///
/// A sentence of a message longer than ``longSentence`` words is compacted before it is
/// ranked and measured:
///
/// - Concise's own cuts, which keep the sentence's meaning: the phrasebook's wordy phrases
///   (“in view of the fact that” → “because”, “at this point in time” → “now”), ``Padding``
///   (“I am writing to inform you that”) and the spoken fillers of ``CasualFillers`` (“kind
///   of”, “honestly”, “basically”);
/// - a framing opener that refers back to earlier letters or states a purpose (“With
///   reference to your correspondence of the 14th, and further to our previous
///   communication,”, “In order to facilitate the processing of any future application,”) and
///   a notice's opener (“Please be advised that,”, “it should be noted that”);
/// - a sentence still longer than ``longSentence`` words that is no question ends before its
///   first subordinate tail (“, because right now they…”, “, which…”, “; …”) when what is left
///   has twelve words or more and the tail's first clause holds no deadline of what the
///   sentence asks.
///
/// A question keeps its words (what the reader must answer is never cut), and a sentence is
/// compacted only when that makes it shorter.
enum MessageDigest {
    /// Words above which a message's sentence is compacted.
    static let longSentence = 30

    /// A framing opener that refers back or states the purpose, up to its comma (repeated:
    /// “With reference to …, and further to …,”).
    static let framingOpener = #"^(?:(?:and\s+)?(?:with (?:reference|regard|respect) to|in (?:reference|response|reply) to|further to|in order to|so as to|pursuant to)\b[^,;.?!]{2,120},\s*)+"#
    /// A notice's opener: the writer pointing at what follows before saying it.
    static let noticeOpener = #"^(?:please\s+)?(?:be advised|be informed|(?:kindly\s+)?note)\s+that,?\s*|^(?:it should be noted|it is to be noted|it must be noted)\s+that,?\s*"#
    /// Where a long sentence's subordinate tail starts: a reason, a relative clause, a second
    /// clause after a semicolon or a dash.
    /// (Not “, as soon as you can”, “, as well as”: no clause.)
    static let subordinateTail = #",\s+(?:because|since|which|as(?!\s+(?:soon|well|long|much|far|many|of|per|follows|below|above|needed|required|possible|usual)\b)|so that|whereas)\s|;\s+|\s[—–]\s"#

    /// A deadline: “by Thursday noon”, “no later than 31 January”, “before the 14th” (not a
    /// day alone: “on Tuesday and Thursday evenings” says when, not by when).
    static let deadline = #"\b(by|before|until|till|due|no later than|not later than)\s+(the\s+)?(\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|end|next|eod|cob|noon|tomorrow|tonight)"#

    /// Concise's phrase entries, read once.
    static let phrases = PhraseRewriter(BuiltInToolEngine.phrases(for: [.concise]))

    /// `sentence`, a message's sentence, compacted (see the type's documentation); nil when it
    /// is short or nothing shortens it. `asks`: the sentence asks the reader something, so a
    /// tail that holds a date stays.
    static func compacted(_ sentence: String, asks: Bool) -> String? {
        let before = wordCount(sentence)
        guard before > longSentence else { return nil }
        // The openers first (the phrasebook would make “With reference to” “About”), then
        // Concise's cuts, which take a performative opener the framing hid (“…, I am writing to
        // inform you that”).
        var t = withoutOpeners(sentence)
        let cut = withConciseCuts(t)
        if cut != t { t = withoutOpeners(OfflineLexicon.capitalizeFirst(cut)) }
        // A notice's opener after "However,": “However, it should be noted that a limited…”.
        t = t.replacingOccurrences(of: #"^(however|but|also),\s+(?:it should be noted|please note|note) that\s+"#, with: "$1, ",
                                   options: [.regularExpression, .caseInsensitive])
        if wordCount(t) > longSentence, DocumentDigest.lastMarkBeforeClosers(t) != "?",
           let re = try? NSRegularExpression(pattern: subordinateTail) {
            let ns = t as NSString
            for m in re.matches(in: t, range: NSRange(location: 0, length: ns.length)) {
                let head = ns.substring(to: m.range.location)
                let tail = ns.substring(from: m.range.location)
                guard wordCount(head) >= 12 else { continue }
                // (Brackets and quotations are never cut open.)
                if head.filter({ $0 == "(" }).count != head.filter({ $0 == ")" }).count || head.filter({ $0 == "\"" }).count % 2 == 1 { continue }
                // (A request's deadline in the tail's first clause stays: “…, because the payroll
                // run closes on Thursday 12 March”; one further on is another matter: “…, and
                // also Marcus said he'd be fine … if we give him the list by Wednesday”.)
                let firstClause = tail.dropFirst().prefix { $0 != "," && $0 != ";" }
                if asks, String(firstClause).range(of: deadline, options: [.regularExpression, .caseInsensitive]) != nil { break }
                t = head.trimmingCharacters(in: .whitespaces) + "."
                break
            }
        }
        return wordCount(t) < before ? t : nil
    }

    /// `t` without its framing and notice openers, capitalised, when enough is left.
    static func withoutOpeners(_ t: String) -> String {
        var t = t
        for _ in 0..<3 {
            let start = t
            for pattern in [framingOpener, noticeOpener] {
                if let r = t.range(of: pattern, options: [.regularExpression, .caseInsensitive]), r.upperBound < t.endIndex {
                    let rest = String(t[r.upperBound...])
                    if wordCount(rest) >= 8 { t = OfflineLexicon.capitalizeFirst(rest) }
                }
            }
            if t == start { break }
        }
        return t
    }

    /// `t` with Concise's phrase cuts, padding and spoken fillers applied (disjoint edits,
    /// the earlier one first when two overlap).
    static func withConciseCuts(_ t: String) -> String {
        var edits: [(range: NSRange, replacement: String)] = phrases.edits(in: t).map { ($0.range, $0.replacement) }
        edits += Padding.edits(in: t).map { ($0.range, $0.replacement) }
        edits += CasualFillers.edits(in: t, for: .concise).map { ($0.range, $0.replacement) }
        edits.sort { $0.range.location != $1.range.location ? $0.range.location < $1.range.location : $0.range.length > $1.range.length }
        var kept: [(range: NSRange, replacement: String)] = []
        for e in edits where kept.last.map({ NSMaxRange($0.range) <= e.range.location }) ?? true { kept.append(e) }
        let out = NSMutableString(string: t)
        for e in kept.reversed() { out.replaceCharacters(in: e.range, with: e.replacement) }
        var s = (out as String).replacingOccurrences(of: #"[ \t]{2,}"#, with: " ", options: .regularExpression)
        s = s.replacingOccurrences(of: #"\s+([,.;?!])"#, with: "$1", options: .regularExpression)
        return s.trimmingCharacters(in: .whitespaces)
    }

    /// Words of `s`, as a reader counts them.
    static func wordCount(_ s: String) -> Int { s.split(whereSeparator: \.isWhitespace).count }

    /// A refusal or a decision the message gives its reader, in the words letters and e-mails
    /// use beyond ``DocumentDigest/outcomeForTheReader``: “it is not possible for the Committee
    /// to grant the request”, “we cannot approve…”, “I'm afraid I won't be able to make it”,
    /// “I have to say no”, “we must decline”. (Not “if you can't, that's fine”, “I can't wait”:
    /// the verb must be one of granting, agreeing or taking part.)
    static let refusal = #"\b(is|was|will be|would be|are|were)\s+not\s+(possible|feasible)\b|\b(cannot|can't|can’t|can not|could not|couldn't|couldn’t|won't be able to|won’t be able to|will not be able to|am not able to|are not able to|am unable to|are unable to|is unable to)\s+(grant|approve|accept|agree|offer|support|fund|allow|attend|join|commit|make it|take (it|this|that) on|take on|cover|sign|renew|extend|proceed|go ahead|help (you )?with)\b|\b(must|have to|has to|will have to|'ll have to|’ll have to)\s+(decline|say no|turn (it|this|you) down|pass on)\b|\b(we|i)\s+(decline|declined|are declining|am declining)\b"#
}

extension DocumentDigest {
    /// A heading or a list's introduction over housekeeping entries of release notes.
    static let housekeepingTitle = #"^\W*(tests?|testing|test suite|test fixes|ci|continuous integration|internal( changes)?|infrastructure|build system|housekeeping|maintenance|chores?|development|developer[- ]visible changes|packaging|translations?|documentation|docs)\b|\b(tests? and ci|ci and tests?|ci (changes|enhancements|fixes))\b"#
    /// An entry about the project's own machinery: its CI, its repository, its style.
    static let housekeepingEntry = #"\b(continuous integration|pipelines?|github actions?|gitlab[- ]ci|travis|appveyor|action versions?|git tree|gitignore|dependabot|pre-commit|code ?style|typos?|whitespace|copyright years?)\b|^\W*(bump|update|upgrade)\b[^.]{0,40}\b(dependenc\w*|actions?|versions? of (the )?(ci|actions?))\b"#

    /// Whether `p`, a sentence of a document, is a release note's housekeeping: a list item
    /// under a heading or an introduction that says so (``housekeepingTitle``: “Tests and CI
    /// enhancements:”, “Internal changes:”), or one about the project's CI, repository or
    /// style (``housekeepingEntry``, “CI” in capitals).
    static func isHousekeeping(_ p: String, isItem: Bool, intro: String, heading: String) -> Bool {
        guard isItem else { return false }
        if intro.range(of: housekeepingTitle, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        if heading.split(separator: " ").count <= 5, heading.range(of: housekeepingTitle, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        return p.range(of: #"\bCI\b"#, options: .regularExpression) != nil
            || p.range(of: housekeepingEntry, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// A heading over thanks (“Thanks”, “Acknowledgements”, “Credits”, “Contributors”).
    static let thanksTitle = #"^\W*(special |many )?(thanks|thank you|acknowledge?ments?|credits|contributors|hall of fame)\b"#

    /// Whether `p` thanks people: it opens with thanks (“Thanks to Jane…”, “Many thanks to…”,
    /// “Thank you to…”) or stands under a heading or an introduction of thanks.
    static func isThanks(_ p: String, intro: String, heading: String) -> Bool {
        // (Not “Thanks to the new cache, builds are faster.”: thanks to a thing is a cause.)
        if p.range(of: #"^\W*((many|special|big|huge|our|my) )?(thanks|thank you)\b(?!\s+to\s+(the|a|an|this|that|its|their|these|those|which)\b)"#,
                   options: [.regularExpression, .caseInsensitive]) != nil { return true }
        return [intro, heading].contains { $0.split(separator: " ").count <= 5 && $0.range(of: thanksTitle, options: [.regularExpression, .caseInsensitive]) != nil }
    }
}
