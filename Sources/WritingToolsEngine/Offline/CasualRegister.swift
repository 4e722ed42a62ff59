import Foundation
import Proofreading

/// Professional's edits of casual words whose formal form depends on the words around them,
/// read with the part-of-speech tagger (session 49's README-only trial: a casual e-mail kept
/// "way too far", "like a ten minute walk", "It'd", "There's", "a bunch of stuff", "super
/// expensive"). Each class edits only the shape it names and leaves a reading it cannot tell:
///
/// - **a hedge before an amount**: "like" before a number or "a/an" and a unit ("it's like a
///   ten minute walk", "for like 20 people") → "about"; never the verb ("I'd like a ten
///   minute break", "people like two options") nor a comparison ("looks like a two hour job");
/// - **"way" as an intensifier**: before "too" or a comparative ("way too slow", "way better",
///   "way more people") → "far" ("much" before "far" and "further": "way too far" → "much too
///   far"), before "over", "behind", "ahead", "beyond", "off" → "far"; never the noun ("the way
///   out", "no way", "by the way");
/// - **contractions read by the next word**: "'d" is "would" before a plain verb ("It'd save",
///   "we'd need") and "had" before a participle ("she'd left", "I'd better"), left when the verb
///   has both forms ("I'd read it"); "'s" after there, here, that, what, who, where, how, he, she
///   is "is", or "has" before "been" and "got", and "there's" before a plural
///   ("there's two bugs") is "there are"; "'ll" after it, that, there, he, she, who is "will";
///   "would've" is "would have"; a negation the phrase lists lack ("mustn't", "hadn't") is spelt
///   out; "I've got" and "he's got" before an object or "to" are "I have", "he has". A word
///   only a noun after "who's", "he's", "she's" ("who's car") is a misused possessive: left;
/// - **informal quantities**: "a bunch of", "a ton of", "tons of", "loads of", "heaps of" before
///   a plural → "many", before a singular noun → "a great deal of", before "stuff" → "many
///   things"; not a bunch one can hold ("a bunch of flowers", "keys", "grapes");
/// - **"stuff" after a quantity word** ("some stuff to clean up", "other stuff") → "things",
///   unless a singular verb goes with it ("some stuff is broken", "there's some stuff": left to
///   the phrase list's "material");
/// - **"totally" after a modal or an auxiliary** ("I'd totally take one", "I'll totally chase
///   it") → "certainly", and "totally get" → "fully understand" (elsewhere the phrase list's
///   "completely": "totally broken");
/// - **"stuff" after a noun** with a determiner or an adjective before it ("the new dashboard
///   stuff") → the noun alone;
/// - **"super" before an adjective or an adverb** ("super expensive", "super quickly") →
///   "very"; not before a noun ("super user", "the Super Bowl").
///
/// Every edit goes through the rewrite's checks: none touches protected text, and one after
/// which the proofreader finds something new is dropped (``BuiltInToolEngine/keepingGrammar``).
enum CasualRegister {
    /// A speller that knows no word: the tagger guesses unknown words by their shape.
    struct NoWords: Speller {
        var language: String { "en-US" }
        func isCorrect(_ word: String) -> Bool { false }
        func suggestions(for word: String, limit: Int) -> [String] { [] }
    }

    static let numberWords: Set<String> = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen",
                                           "twenty", "thirty", "forty", "fifty", "sixty", "hundred", "dozen", "couple", "few"]
    static let units: Set<String> = ["second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month",
                                     "months", "year", "years", "mile", "miles", "kilometre", "kilometres", "kilometer", "kilometers",
                                     "dozen", "hundred", "thousand", "million", "billion", "couple", "few", "half"]
    /// Words after which "like" before an amount is a hedge: "be", prepositions of time and
    /// place, verbs of duration and cost.
    static let hedgeHosts: Set<String> = ["is", "was", "are", "were", "be", "been", "being", "am", "it's", "that's", "there's", "he's", "she's",
                                          "we're", "they're", "you're", "i'm", "for", "in", "within", "after", "of", "from", "takes", "take",
                                          "took", "taken", "taking", "lasts", "last", "lasted", "costs", "cost", "wait", "waited", "spent",
                                          "spend", "needs", "need", "needed", "got", "get", "have", "has", "had", "drove", "walked", "only",
                                          "just", "probably", "maybe", "still", "already", ",", "and", "or"]
    static let quantityOpeners: [[String]] = [["a", "whole", "bunch", "of"], ["a", "bunch", "of"], ["a", "ton", "of"], ["tons", "of"],
                                             ["loads", "of"], ["a", "load", "of"], ["heaps", "of"], ["a", "heap", "of"]]
    /// Things that come in bunches: "a bunch of flowers" is no amount.
    static let literalBunches: Set<String> = ["flowers", "grapes", "bananas", "keys", "roses", "carrots", "herbs", "parsley", "tulips", "radishes"]
    static let stuffQuantifiers: Set<String> = ["some", "other", "more", "any", "all"]
    /// Modals and auxiliaries after which “totally” is emphasis (“I'll totally chase it”).
    static let emphaticHosts: Set<String> = ["would", "will", "can", "could", "should", "might", "may", "must", "do", "does", "did",
                                             "i'd", "we'd", "you'd", "they'd", "i'll", "we'll", "you'll", "they'll", "wouldn't", "won't"]
    static let subjectHosts: Set<String> = ["there", "here", "that", "what", "who", "where", "how", "he", "she"]
    /// Indefinite pronouns whose “'s” is “is” or “has” (“everything's recorded”, “something's
    /// off”): a trial's Professional spelt out “it's” but kept “everything's” in one e-mail.
    static let indefiniteHosts: Set<String> = ["everything", "something", "nothing", "anything"]
    /// Object pronouns after a verb of duration (“it takes him like a whole afternoon”).
    static let objectPronouns: Set<String> = ["me", "him", "her", "us", "them", "you"]
    /// Times of day and week that “a whole” measures (“a whole afternoon”).
    static let timesOfDay: Set<String> = ["morning", "afternoon", "evening", "night", "weekend", "day", "week", "month", "year"]
    /// Words that open a subordinate clause before the main one (“If you can't, that's fine”).
    static let subordinators: Set<String> = ["if", "when", "unless", "because", "since", "although", "though", "whenever", "once"]
    /// Auxiliaries that end an elliptical clause (“if you can't”, “if you don't”, “when we do”).
    static let ellipticalAuxiliaries: Set<String> = [
        "can", "can't", "cannot", "could", "couldn't", "will", "won't", "would", "wouldn't", "should", "shouldn't", "do", "don't",
        "does", "doesn't", "did", "didn't", "might", "may",
    ]
    /// A main clause's subject with its verb in one word (“that's”, “it's”, “we'll”).
    static let subjectWithVerb: Set<String> = [
        "that's", "it's", "there's", "i'm", "i'll", "we'll", "we're", "you'll", "you're", "they'll", "they're", "that'll", "it'll",
        "i'd", "we'd", "you'd", "they'd", "he's", "she's", "he'll", "she'll",
    ]

    /// The edits for `text` (one prose segment), in order, disjoint.
    static func edits(in text: String) -> [SegmentEdit] {
        let all = Tokenizer.tokenize(text)
        guard all.contains(where: \.isWord) else { return [] }
        let sentences = SentenceSplitter.split(all)
        let context = RuleContext(segmentText: text, sentences: sentences, sentenceIndex: 0, speller: NoWords(), vocabulary: Vocabulary(), isHeading: false)
        let lexicon = TagLexicon.shared
        var out: [SegmentEdit] = []
        for sentence in sentences {
            let tokens = sentence.tokens
            let tags = context.tags(of: sentence)
            // Word positions (tokens that are no space), one line at most between two.
            var words: [Int] = []
            for i in tokens.indices where !tokens[i].isSpace { words.append(i) }
            func word(_ n: Int) -> String? { n >= 0 && n < words.count ? PhraseRewriter.norm(tokens[words[n]].lower) : nil }
            func tag(_ n: Int) -> PennTag { n >= 0 && n < words.count ? tags[words[n]] : .none }
            func isWord(_ n: Int) -> Bool { n >= 0 && n < words.count && tokens[words[n]].isWord }
            func range(_ a: Int, _ b: Int) -> NSRange {
                let s = tokens[words[a]].range.location
                return NSRange(location: s, length: tokens[words[b]].end - s)
            }
            func cased(_ replacement: String, like n: Int) -> String {
                tokens[words[n]].startsUppercase ? OfflineLexicon.capitalizeFirst(replacement) : replacement
            }
            func add(_ a: Int, _ b: Int, _ replacement: String, _ id: String, _ reason: String) {
                let r = range(a, b)
                if let last = out.last, NSMaxRange(last.range) > r.location { return }
                out.append(SegmentEdit(range: r, replacement: replacement, ruleID: id, reason: reason))
            }
            /// The first word at or after `n` that is no adverb (a contraction's verb: "I'd
            /// really rather go" → "rather"… "go").
            func pastAdverbs(_ n: Int) -> Int {
                var k = n
                while let w = word(k), isWord(k), w != "better", w != "not",
                      PhraseRewriter.isAdverb(w) || ["just", "really", "also", "probably", "never", "already", "still", "rather", "only"].contains(w) {
                    k += 1
                }
                return k
            }
            func isPlural(_ n: Int) -> Bool {
                guard let w = word(n), isWord(n) else { return false }
                if tag(n) == .NNS { return true }
                let t = lexicon.tagSet(of: w)
                return t.contains(.NNS) && !t.contains(.NN) && !t.contains(.VBZ)
            }
            /// A contraction read by the word after it.
            func contraction(_ n: Int, _ w: String) {
                guard w.contains("'") else { return }
                let parts = w.split(separator: "'", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { return }
                let (host, clitic) = (parts[0], parts[1])
                let reason = "Formal writing spells out contractions."
                let hostWritten = String(tokens[words[n]].text.prefix(host.count))
                let hostOut = host == "i" ? "I" : hostWritten
                let v = pastAdverbs(n + 1)
                let next = word(v) ?? ""
                let nextTags = lexicon.tagSet(of: next)
                // "'ve got" / "'s got" before an object or "to": "have", "has".
                func gotObject(_ k: Int) -> Bool {
                    guard word(k) == "got", let o = word(k + 1) else { return false }
                    return o == "to" || [.DT, .PRPS, .CD].contains(tag(k + 1)) || ["some", "no", "many", "lots", "plenty", "enough", "it", "them", "a", "an", "the"].contains(o)
                }
                switch clitic {
                case "d":
                    guard ["i", "you", "we", "they", "he", "she", "it", "that", "there", "who"].contains(host), isWord(v) else { return }
                    let verb: String
                    if next == "better" { verb = "had" }
                    else if next == "been" || (nextTags.contains(.VBN) && !nextTags.contains(.VB) && !nextTags.contains(.VBP)) { verb = "had" }
                    else if ["be", "have", "like", "love", "prefer", "rather"].contains(word(n + 1) ?? "") || next == "be" || next == "have"
                                || (nextTags.contains(.VB) && !nextTags.contains(.VBN) && !nextTags.contains(.VBD)) { verb = "would" }
                    else { return }
                    add(n, n, hostOut + " " + verb, "PRO_CONTRACTION_D", reason + " Here “'d” is “\(verb)”.")
                case "s":
                    guard subjectHosts.contains(host) || host == "it" || indefiniteHosts.contains(host) else { return }
                    // “everything's recorded”, “something's off”; not a possessive (“everyone's
                    // favourite”: a noun follows).
                    if indefiniteHosts.contains(host), let a = word(n + 1), PhraseRewriter.isOnlyANoun(a) || tag(n + 1) == .NN && !lexicon.tagSet(of: a).contains(.VBN) { return }
                    if gotObject(n + 1) {
                        add(n, n + 1, hostOut + " has", "PRO_CONTRACTION_S", reason)
                        return
                    }
                    let perfect = ["been", "got", "gotten", "had"].contains(word(n + 1) ?? "")
                    // "It's" is the phrase list's (PRO_ITS_IS), which knows its misuses; "it's been"
                    // is left as it leaves it (spelt out, "it has been making a noise for a week
                    // now and I…" has the proofreader ask for a comma ten words on).
                    // Past adverbs or a hedge, the phrase list does not see the participle: “it's
                    // never been”, “it's kind of been” are “it has…” (a trial's “it is been a
                    // mess” once the hedge was cut).
                    if host == "it" {
                        var k = n + 1
                        while true {
                            if ["kind", "sort"].contains(word(k) ?? ""), word(k + 1) == "of" { k += 2; continue }
                            let q = pastAdverbs(k)
                            if q == k { break }
                            k = q
                        }
                        if k > n + 1, ["been", "got", "gotten", "had"].contains(word(k) ?? "") {
                            add(n, n, hostOut + " has", "PRO_CONTRACTION_S", reason)
                        }
                        return
                    }
                    // "who's car", "he's idea": a misused possessive, for the proofreader.
                    if ["who", "he", "she"].contains(host), let a = word(n + 1), PhraseRewriter.isOnlyANoun(a) { return }
                    var verb = perfect ? "has" : "is"
                    // (What follows, past "also" or "still": "There's also a bunch of stuff" is
                    // "There are also many things" once the quantity is said formally.)
                    let q = pastAdverbs(n + 1)
                    if host == "there" || host == "here", !perfect, let a = word(q) {
                        let quantity = quantityOpeners.first { o in o.indices.allSatisfy { word(q + $0) == o[$0] } }
                        let plural = (tag(q) == .CD && a != "one" && a != "1") || ["many", "several", "both", "few"].contains(a) || isPlural(q)
                            || (a == "a" && ["few", "couple"].contains(word(q + 1) ?? ""))
                            || quantity.map { o in word(q + o.count) == "stuff" || isPlural(q + o.count) } == true
                        if plural { verb = "are" }
                    }
                    add(n, n, hostOut + " " + verb, "PRO_CONTRACTION_S", reason)
                case "ll":
                    guard ["it", "that", "there", "he", "she", "who", "this"].contains(host) else { return }
                    add(n, n, hostOut + " will", "PRO_CONTRACTION_LL", reason)
                case "ve":
                    if ["i", "we", "you", "they"].contains(host), gotObject(n + 1) {
                        add(n, n + 1, hostOut + " have", "PRO_CONTRACTION_VE_GOT", reason)
                    } else if ["would", "could", "should", "might", "must"].contains(host) {
                        add(n, n, hostOut + " have", "PRO_CONTRACTION_VE", reason)
                    }
                case "t":
                    // (The phrase lists spell out the common ones; these are the rest.)
                    guard ["mustn", "needn", "mightn", "hadn", "shan", "daren", "oughtn"].contains(host),
                          let full = BuiltInToolEngine.spelledOut(tokens[words[n]].text, next: nil) else { return }
                    add(n, n, full, "PRO_CONTRACTION_NOT", reason)
                default:
                    return
                }
            }
            var n = 0
            while n < words.count {
                defer { n += 1 }
                guard isWord(n), let w = word(n) else { continue }
                let lowerWritten = tokens[words[n]].text.first?.isLowercase == true
                // An opening clause cut short after its auxiliary runs into the main clause
                // without a comma (“if you can't that's totally fine”): the comma goes in.
                if subordinators.contains(w), n == 0 || word(n - 1) == "," || ["but", "and", "so"].contains(word(n - 1) ?? ""),
                   let s = word(n + 1), ["i", "you", "we", "they", "he", "she"].contains(s), isWord(n + 1),
                   let aux = word(n + 2), ellipticalAuxiliaries.contains(aux), isWord(n + 2) {
                    var e = n + 2
                    if word(e + 1) == "not", isWord(e + 1) { e += 1 }
                    if let next = word(e + 1), isWord(e + 1),
                       subjectWithVerb.contains(next) || (["that", "it", "this"].contains(next) && ["is", "was", "will", "would", "should", "can", "could", "might"].contains(word(e + 2) ?? "")) {
                        let gapStart = tokens[words[e]].end, gapEnd = tokens[words[e + 1]].range.location
                        if gapEnd > gapStart, !tokens[(words[e] + 1)..<words[e + 1]].contains(where: { $0.kind == .newline }),
                           out.last.map({ NSMaxRange($0.range) <= gapStart }) ?? true {
                            out.append(SegmentEdit(range: NSRange(location: gapStart, length: gapEnd - gapStart), replacement: ", ", ruleID: "PRO_INTRODUCTORY_COMMA",
                                                   reason: "A comma ends the opening clause “\(w) \(s) \(aux)…” before the main clause."))
                        }
                    }
                }
                switch w {
                case "like":
                    // A hedge before an amount: "like ten minutes", "like a two hour drive".
                    guard let a = word(n + 1) else { continue }
                    // ("I kind of like the old menu": the verb, hedged.)
                    if word(n - 1) == "of", ["kind", "sort"].contains(word(n - 2) ?? "") { continue }
                    // (A number by the lexicon too: the tagger reads "ten" in "a ten minute walk" as an adjective.)
                    func isNumber(_ k: Int) -> Bool {
                        k < words.count && (tokens[words[k]].kind == .number || tag(k) == .CD || lexicon.tagSet(of: word(k) ?? "").contains(.CD)
                            || numberWords.contains(word(k) ?? ""))
                    }
                    // (Not a determiner the lexicon also lists as a number: "It is like the best pizza".)
                    let number = isNumber(n + 1) && a != "one" && !lexicon.tagSet(of: a).contains(.DT)
                    // “like a whole afternoon”, “like an entire day”: no hedge is needed before
                    // “whole”, which already says how much; “like” goes.
                    if (a == "a" || a == "an"), ["whole", "entire", "full"].contains(word(n + 2) ?? ""),
                       units.contains(word(n + 3) ?? "") || timesOfDay.contains(word(n + 3) ?? ""),
                       n > 0, hedgeHosts.contains(word(n - 1) ?? "") || objectPronouns.contains(word(n - 1) ?? "") && hedgeHosts.contains(word(n - 2) ?? "") {
                        let r = range(n, n + 1)
                        if let last = out.last, NSMaxRange(last.range) > r.location { continue }
                        out.append(SegmentEdit(range: NSRange(location: r.location, length: tokens[words[n + 1]].range.location - r.location),
                                               replacement: "", ruleID: "PRO_LIKE_AMOUNT", reason: "“Like” before an amount is casual; “whole” says how much."))
                        continue
                    }
                    let article = (a == "a" || a == "an") && (isNumber(n + 2) || units.contains(word(n + 2) ?? ""))
                    guard number || article || a == "half" else { continue }
                    if word(n + 2) == "of" { continue }      // "like one of those", "like half of them"
                    // (After a verb of seeming it is a comparison, "feels like a week"; after a
                    // subject, the verb: "I'd like a ten minute break".)
                    // (After a verb of duration and its object, too: “it took me like two hours”.)
                    if n > 0, !hedgeHosts.contains(word(n - 1) ?? ""),
                       !(objectPronouns.contains(word(n - 1) ?? "") && hedgeHosts.contains(word(n - 2) ?? "") && !["i", "we", "you", "they"].contains(word(n - 1) ?? "")) { continue }
                    add(n, n, cased("about", like: n), "PRO_LIKE_AMOUNT", "“Like” before an amount is casual; “about” says it.")
                case "way":
                    guard lowerWritten || n == 0, let a = word(n + 1), isWord(n + 1) else { continue }
                    if n > 0 {
                        let p = tag(n - 1)
                        let pw = tokens[words[n - 1]]
                        let contraction = pw.text.contains("'") || pw.text.contains("’")
                        // (After a noun, only before a comparative and “than”: “you know that code
                        // way better than I do”; “the code way” is a noun phrase.)
                        let comparedAfterNoun = [.NN, .NNS].contains(p) && word(n + 2) == "than"
                            && (lexicon.tagSet(of: a).contains(.JJR) || lexicon.tagSet(of: a).contains(.RBR) || ["more", "less", "better", "worse"].contains(a))
                        if [.DT, .PRPS, .JJ, .JJS, .CD, .IN, .WDT, .POS, .NN, .NNS, .NNP, .NNPS].contains(p) && !contraction && !comparedAfterNoun { continue }
                        if p == .PRP, !contraction { continue }
                        if ["no", "a", "the", "any", "one", "this", "that", "which", "same", "long", "either", "every", "each", "other", "by", "in"].contains(word(n - 1) ?? "") { continue }
                    }
                    let next2 = word(n + 2) ?? ""
                    let comparative = lexicon.tagSet(of: a).contains(.JJR) || lexicon.tagSet(of: a).contains(.RBR)
                        || ["more", "less", "fewer", "better", "worse"].contains(a)
                    let replacement: String
                    if a == "too" { replacement = ["far", "further", "farther"].contains(next2) ? "much" : "far" }
                    else if ["further", "farther"].contains(a) { replacement = "much" }
                    else if comparative || ["over", "behind", "ahead", "beyond", "off"].contains(a) { replacement = "far" }
                    else { continue }
                    add(n, n, cased(replacement, like: n), "PRO_WAY_INTENSIFIER", "“Way” as an intensifier is casual; “\(replacement)” says it.")
                case "super":
                    guard lowerWritten || n == 0, let a = word(n + 1), isWord(n + 1), tokens[words[n]].end < tokens[words[n + 1]].range.location else { continue }
                    let t = lexicon.tagSet(of: a)
                    guard !t.isDisjoint(with: .adjectives) || (!t.isDisjoint(with: .adverbs) && t.isDisjoint(with: .nouns)),
                          tag(n + 1) != .NN, tag(n + 1) != .NNS, tag(n + 1) != .NNP else { continue }
                    add(n, n, cased("very", like: n), "PRO_SUPER_ADJECTIVE", "“Super” as an intensifier is informal.")
                case "totally":
                    // After a modal or an auxiliary it is emphasis, not extent: “I'd totally take
                    // one of your shifts” is “I would certainly take…”, never “completely” (session
                    // 54's trial); “totally get” is “fully understand”. Elsewhere the phrase list's
                    // “completely” (“totally broken”, “I totally agree”).
                    guard let p = word(n - 1), isWord(n - 1), isWord(n + 1) else { continue }
                    if let v = word(n + 1), ["get", "gets", "got"].contains(v) {
                        add(n, n + 1, cased(v == "got" ? "fully understood" : v == "gets" ? "fully understands" : "fully understand", like: n),
                            "PRO_TOTALLY_GET", "“Totally get” is casual; “fully understand” says it.")
                        n += 1
                    } else if emphaticHosts.contains(p) || p.hasSuffix("'d") || p.hasSuffix("'ll") {
                        add(n, n, cased("certainly", like: n), "PRO_TOTALLY_EMPHASIS", "“Totally” after “\(p)” is casual emphasis; “certainly” says it.")
                    }
                case "stuff":
                    // After a noun it names nothing the noun does not (“the new dashboard stuff” →
                    // “the new dashboard”); ``VagueNoun`` cuts the plainest shape, “the budget stuff”.
                    if n >= 2, isWord(n - 1), [.NN, .NNS].contains(tag(n - 1)), let p = word(n - 1),
                       !lexicon.tagSet(of: p).contains(.JJ), !stuffQuantifiers.contains(p),
                       [.JJ, .DT, .PRPS, .NN].contains(tag(n - 2)) || VagueNoun.determiners.contains(word(n - 2) ?? "") {
                        let start = tokens[words[n - 1]].end
                        out.append(SegmentEdit(range: NSRange(location: start, length: tokens[words[n]].end - start), replacement: "",
                                               ruleID: "PRO_STUFF_AFTER_NOUN", reason: "“Stuff” after the noun that names it adds nothing but a casual tone."))
                        continue
                    }
                    guard let p = word(n - 1), stuffQuantifiers.contains(p) else { continue }
                    // (The subject of a singular verb: "There's some stuff", "is some stuff".)
                    if ["is", "was", "there's", "here's", "that's", "it's", "there"].contains(word(n - 2) ?? "") { continue }
                    if let a = word(n + 1), ["is", "was", "has", "does", "needs", "seems", "looks", "goes", "works"].contains(a) || tag(n + 1) == .VBZ { continue }
                    add(n, n, "things", "PRO_STUFF_THINGS", "“Stuff” is vague and informal.")
                default:
                    // Informal quantities.
                    if let q = quantityOpeners.first(where: { q in q.indices.allSatisfy { word(n + $0) == q[$0] && isWord(n + $0) } }) {
                        let m = n + q.count
                        guard let noun = word(m), isWord(m), !literalBunches.contains(noun) else { continue }
                        let reason = "“\(q.joined(separator: " "))” is casual."
                        if noun == "stuff" {
                            add(n, m, cased("many things", like: n), "PRO_INFORMAL_QUANTITY", reason)
                        } else if isPlural(m) || (lexicon.tagSet(of: noun).contains(.JJ) && isPlural(m + 1)) {
                            add(n, m - 1, cased("many", like: n), "PRO_INFORMAL_QUANTITY", reason)
                        } else if tag(m) == .NN, NounCountability.shared.isMass(noun) {
                            add(n, m - 1, cased("a great deal of", like: n), "PRO_INFORMAL_QUANTITY", reason)
                        }
                        n = m - 1
                        continue
                    }
                    contraction(n, w)
                }
            }
        }
        return out
    }
}
