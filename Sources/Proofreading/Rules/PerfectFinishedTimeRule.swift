import Foundation

/// Flags the present perfect with an adverbial of finished time, which takes the simple past:
/// “I have visited Paris last year” → “I visited Paris last year”, “I have seen him yesterday”
/// → “I saw him yesterday”, “The bug has been fixed two days ago” → “was fixed”.
///
/// Follows Swan, *Practical English Usage*, entry “present perfect or past?”: the present
/// perfect is not used with expressions of finished time (*yesterday*, *last week*, *… ago*).
/// Only “have”/“has” right after its subject and right before a participle, with the adverbial
/// later in the same clause (no clause word, punctuation or “since”/“for” between) or opening
/// the sentence before the subject (“Yesterday I have seen him”), and “last”
/// not after “the”, “this” or a preposition of a period reaching now (“in the last year”, “over
/// the last week”, “since last year” stay). A modal before “have” (“must have left yesterday”)
/// and a question (“Have you seen…?”) are left alone.
public struct PerfectFinishedTimeRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_PERFECT_FINISHED_TIME"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "present perfect with finished time (“I have seen him yesterday” → “I saw him yesterday”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I have visited Paris last year.", "I visited Paris last year."),
                        ("I have seen him yesterday.", "I saw him yesterday."),
                        ("She has finished the report two days ago.", "She finished the report two days ago."),
                        ("The bug has been fixed last week.", "The bug was fixed last week."),
                        ("We have gone to the beach last Sunday.", "We went to the beach last Sunday."),
                        ("I've met her a few years ago.", "I met her a few years ago."),
                        ("I have been to Paris last year.", "I went to Paris last year."),
                        ("I have stopped smoking last year.", "I stopped smoking last year."),
                        ("The team has released it last month.", "The team released it last month."),
                        ("He has died two years ago.", "He died two years ago."),
                        ("Yesterday I have seen him in town.", "Yesterday I saw him in town."),
                        ("Two years ago, my parents have moved to Spain.", "Two years ago, my parents moved to Spain."),
                        ("I have graduated from Leeds in June 2019.", "I graduated from Leeds in June 2019.")],
            correct: ["I have lived here since last year.", "Prices have risen sharply in the last year.", "I visited Paris last year.",
                      "He must have left yesterday.", "Have you seen him yesterday?", "I have seen him twice over the last week.",
                      "I have finished the work that you gave me yesterday.", "She has worked here for two years.",
                      "We have been busy this last week.", "I have forgotten what he said yesterday.",
                      "It has rained every day since two weeks ago.", "They have lived in the house, which they bought last year, ever since.",
                      "I have read the last chapter.", "We have fixed the bug reported last week.", "I have read the article published two days ago.",
                      "She has found the keys she lost yesterday.", "Sales have risen 5% on last year.", "Last year's report has two parts.", "Last week has been busy.",
                      "Yesterday, as I have said, was a holiday.", "Two years ago I could have seen it.", "It has been as warm as yesterday.", "He would have turned 90 last year.", "I had seen him yesterday.",
                      "I have lived here since 2019.", "We have fixed it in 2.0.", "I graduated in 2019.", "It has been in use in 2019 and 2020 alike.",
                      "They have worked in 1990s style."])
    }

    /// Words after “last” that make a point of finished time.
    static let lastUnits = WordSet(["year", "week", "month", "night", "weekend", "summer", "winter", "spring", "autumn", "time",
                                    "term", "semester", "christmas", "easter", "evening", "morning", "afternoon", "decade", "century"]
                                   + Lexicon.weekdayNames)
    /// Words before “last” that make it a period reaching now or a position (“the last year”, “since last year”).
    static let notBeforeLast: WordSet = ["the", "this", "that", "these", "those", "since", "for", "over", "during", "in", "within", "past",
                                         "its", "his", "her", "my", "our", "their", "your", "from", "until", "till", "throughout", "each",
                                         "every", "at", "by", "before", "after", "than", "of", "on", "with", "against", "versus", "vs", "as",
                                         "like", "to"]
    /// Words before “yesterday” or “… ago” that make it the start or end of a period (“since yesterday”).
    static let notBeforeTime: WordSet = ["since", "until", "till", "from", "than", "before", "after", "of", "by", "as", "like", "with",
                                         "on", "against", "versus", "vs", "to"]
    /// Words that open another clause or phrase between the verb and the time: the time may belong there.
    static let clauseWords: WordSet = ["that", "which", "who", "whom", "whose", "when", "where", "what", "why", "how", "because", "since",
                                       "for", "until", "till", "before", "after", "if", "and", "but", "or", "as", "than", "while",
                                       "though", "although", "so", "whether", "during", "from", "unless", "once", "ever", "every", "each"]
    /// Participles whose simple past differs (“seen” → “saw”, “come” → “came”), from ``Lexicon/irregularPast``.
    static let pastOfParticiple: [String: String] = {
        var out: [String: String] = [:]
        for (past, forms) in Lexicon.irregularPast where forms.participle != past { out[forms.participle] = past }
        return out
    }()
    /// Units of time before “ago”.
    static let agoUnits: WordSet = ["second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month",
                                    "months", "year", "years", "decade", "decades", "century", "centuries", "while", "moment", "moments"]

    /// True when `word` is a participle with a doubled consonant that the dictionary lists as an
    /// entry of its own (`stopped`, `submitted`, `occurred`, `planned`: en_US gives `stop/MS` no `D`).
    static func isDoubledParticiple(_ word: String, _ classes: WordClasses) -> Bool {
        let stem = word.utf8.dropLast(2)
        guard stem.count >= 3, let last = stem.last, stem.dropLast().last == last, classes.entry(word) != nil else { return false }
        return classes.entry(String(decoding: stem.dropLast(), as: UTF8.self)) != nil
    }

    /// The words of finished time a match starts from.
    static let times: WordSet = ["yesterday", "last", "ago", "in"]

    /// The current year: “in 2026” is no finished time in 2026.
    static let currentYear = Calendar(identifier: .gregorian).component(.year, from: Date())

    /// The last token of “in [month] YEAR” opening at `a` (“in 2019”, “in June 2019”), a year
    /// from 1900 to last year that ends the phrase; nil for anything else (“in 2019 and 2020”
    /// too: the next word may reach now).
    static func pastYear(_ sentence: Sentence, at a: Int) -> Int? {
        let tokens = sentence.tokens
        guard var y = RuleSupport.nextWordAfterSpace(sentence, after: a) ?? sentence.nextNonSpace(after: a) else { return nil }
        if tokens[y].kind == .word, Lexicon.monthNames.contains(tokens[y].lower), let n = sentence.nextNonSpace(after: y) { y = n }
        guard tokens[y].kind == .number, tokens[y].text.utf8.count == 4, let year = Int(tokens[y].text), year >= 1900, year < currentYear else { return nil }
        if let n = sentence.nextNonSpace(after: y) {
            if tokens[n].kind == .word ? !tokens[n].lower.isAny(of: "when", "after", "before", "because", "but") : !tokens[n].isOne(of: ".,;:!?)") { return nil }
        }
        return y
    }
    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = times.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for a in tokens.indices where tokens[a].kind == .word && Self.times.containsLower(of: tokens, a) {
            // The adverbial's first token, `start`.
            var start = a
            let inYear = tokens[a].lowerIs("in")
            if inYear {
                // “in June 2019”, “in 2019”: a hint, not an error (a report may count the year's
                // events in the perfect).
                guard Self.pastYear(sentence, at: a) != nil else { continue }
            } else if tokens[a].lowerIs("yesterday") {
                if a + 1 < tokens.count, tokens[a + 1].isOne(of: "'\u{2019}") { continue }
            } else if tokens[a].lowerIs("last") {
                guard let u = RuleSupport.nextWordAfterSpace(sentence, after: a), Self.lastUnits.containsLower(of: tokens, u) else { continue }
            } else {
                // “two days ago”, “a few years ago”, “a while ago”.
                guard let u = RuleSupport.previousWord(sentence, before: a), Self.agoUnits.containsLower(of: tokens, u),
                      let q = sentence.previousNonSpace(before: u) else { continue }
                start = q
                if tokens[q].kind == .word, tokens[q].lower.isAny(of: "few", "couple"), let q2 = RuleSupport.previousWord(sentence, before: q), tokens[q2].lowerIs("a") { start = q2 }
                if tokens[start].kind == .word, tokens[start].lower.isAny(of: "of"), let q3 = RuleSupport.previousWord(sentence, before: start),
                   let q4 = RuleSupport.previousWord(sentence, before: q3) { start = q4 }
            }
            if !inYear, let p = RuleSupport.previousWord(sentence, before: start) {
                if tokens[a].lowerIs("last") ? Self.notBeforeLast.containsLower(of: tokens, p) : Self.notBeforeTime.containsLower(of: tokens, p) { continue }
            }
            var have: Int?
            var opens = false
            if start == tokens.firstIndex(where: { $0.kind == .word }) {
                // The time opens the sentence (“Yesterday I have seen him.”, “Two years ago, we have
                // moved.”): forward over its subject to “have”.
                opens = true
                var end = a
                if tokens[a].lowerIs("last"), let u = RuleSupport.nextWordAfterSpace(sentence, after: a) { end = u }
                if end + 1 < tokens.count, tokens[end + 1].isOne(of: "'\u{2019}") { continue }  // “Last year's report has…”
                var k = end + 1, words = 0
                while k < tokens.count, words <= 3 {
                    let t = tokens[k]
                    if t.kind == .whitespace || t.isOne(of: ",") && k == end + 1 { k += 1; continue }
                    guard t.kind == .word else { break }
                    if t.lower.isAny(of: "have", "has") { if words > 0 { have = k }; break }
                    if t.lower.hasASCIISuffix("'ve") || t.lower.hasASCIISuffix("\u{2019}ve") { have = k; break }
                    if Self.clauseWords.containsLower(of: tokens, k) || RuleSupport.beForms.containsLower(of: tokens, k) || RuleSupport.modals.containsLower(of: tokens, k) { break }
                    words += 1
                    k += 1
                }
            }
            if !opens {
                // Back over the clause to “have”/“has” + participle.
                var k = start - 1
                var words = 0
                while k >= 0 {
                    let t = tokens[k]
                    if t.kind == .whitespace { k -= 1; continue }
                    guard t.kind == .word || t.kind == .number else { break }
                    if t.lower.isAny(of: "have", "has") || t.lower.hasASCIISuffix("'ve") || t.lower.hasASCIISuffix("\u{2019}ve") { have = k; break }
                    // (Before “in 2019” a prepositional phrase is the verb's: “graduated from Leeds in 2019”.)
                    if Self.clauseWords.containsLower(of: tokens, k) && !(inYear && t.lower.isAny(of: "from", "for", "during"))
                        || RuleSupport.beForms.containsLower(of: tokens, k) && !t.lowerIs("been") { break }
                    words += 1
                    if words > 7 { break }
                    k -= 1
                }
            }
            guard let h = have, let v = RuleSupport.nextWordAfterSpace(sentence, after: h), opens || v < start else { continue }
            // A second verb form between the participle and the time (“fixed the bug reported last
            // week”, “read the article published yesterday”) may own it; a gerund does not (“stopped smoking last year”).
            // (“been fixed”, “been working” is the verb itself.)
            var from = v + 1
            if tokens[v].lowerIs("been"), let w = RuleSupport.nextWordAfterSpace(sentence, after: v), w < start { from = w + 1 }
            if !opens, from < start, (from..<start).contains(where: { k in
                tokens[k].kind == .word && (tokens[k].lower.hasASCIISuffix("ed") || Self.pastOfParticiple[tokens[k].lower] != nil || Lexicon.irregularPastForms[tokens[k].lower] != nil
                                            || Lexicon.irregularPastSameForms[tokens[k].lower] != nil)
            }) { continue }
            // The subject before “have” (a question or a modal's “have” is not this tense).
            let contracted = !tokens[h].lower.isAny(of: "have", "has")
            var subject = h
            if !contracted {
                guard let s = RuleSupport.previousWord(sentence, before: h), RuleSupport.separatedBySpaceOnly(sentence, s, h) else { continue }
                let sw = tokens[s].lower
                // Any subject but a question word or a modal's (“Why have you…?”, “must have”).
                guard !RuleSupport.modals.contains(sw), !sw.isAny(of: "to", "not", "never", "there", "who", "which", "that", "and", "or", "what"),
                      !sw.isAny(of: "why", "where", "how", "when", "whom", "whose", "if", "ever", "also", "just", "already") else { continue }
                subject = s
            }
            let participle = tokens[v].lower
            let past: String
            if participle == "been" {
                let sw = contracted ? String(tokens[h].lower.prefix { $0 != "'" && $0 != "\u{2019}" }) : tokens[subject].lower
                let singular = tokens[h].lowerIs("has") || sw == "i"
                // “have been to Paris” is “went to Paris”.
                let wentTo = RuleSupport.nextWordAfterSpace(sentence, after: v).map { tokens[$0].lowerIs("to") } ?? false
                past = wentTo ? "went" : singular ? "was" : "were"
            } else if let p = Self.pastOfParticiple[participle] {
                past = p
            } else if participle.hasASCIISuffix("ed") && (classes.isPastParticiple(participle) || Self.isDoubledParticiple(participle, classes)
                                                          || participle.utf8.count >= 4 && !participle.hasASCIISuffix("eed") && classes.entry(String(participle.dropLast())) != nil)
                        || Lexicon.irregularPastSameForms[participle] != nil {
                guard participle != "got" else { continue }  // “have got” is “have”
                past = participle
            } else {
                continue
            }
            if inYear {
                // The span and fix as for the other times, reported as a hint.
                let year = tokens[Self.pastYear(sentence, at: a)!].text
                let fix = contracted ? String(tokens[h].text.prefix { $0 != "'" && $0 != "\u{2019}" }) + " " + past : RuleSupport.matchCase(past, like: tokens[h].text)
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, h, v), replacements: [fix],
                                     message: "With a finished time (“in \(year)”), the simple past is usual: “\(past)”.", isConfident: false))
                continue
            }
            if contracted {
                let pronoun = String(tokens[h].text.prefix { $0 != "'" && $0 != "\u{2019}" })
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, h, v), replacements: [pronoun + " " + past],
                                     message: "With a finished time (“\(tokens[a].text)”), use the simple past: “\(past)”."))
            } else {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, h, v), replacements: [RuleSupport.matchCase(past, like: tokens[h].text)],
                                     message: "With a finished time (“\(tokens[a].text)”), use the simple past: “\(past)”."))
            }
        }
        return out
    }
}
