import Foundation

/// Flags the present tense with “since” and a point in time, which takes the present perfect:
/// “I live here since 2010” → “I have lived here since 2010”, “She is working here since
/// March” → “She has been working”, “It is broken since yesterday” → “It has been broken”.
///
/// Follows Swan, *Practical English Usage*, entry “since: tenses” (and “present perfect”): a
/// situation that began in the past and goes on now takes the present perfect with *since*
/// (“I've known her since 1994”, not “I know her since 1994”), a common error of speakers of
/// languages that use the present there (French *depuis*, German *seit*). Only a personal
/// pronoun as subject right before the verb, “since” later in the same clause (no clause word or
/// punctuation between), and a point in time after it: a year, a month, a weekday, “last …”,
/// “yesterday”, “then”, “childhood”. “since” meaning “because” is never followed by those.
public struct PresentSinceRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects)] }
    /// Stable rule ID.
    public let id = "EN_PRESENT_SINCE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "the present with “since” + a point in time (“I live here since 2010” → “I have lived”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I live here since 2010.", "I have lived here since 2010."),
                        ("She is working at the bank since March.", "She has been working at the bank since March."),
                        ("It is broken since yesterday.", "It has been broken since yesterday."),
                        ("I know him since 2015.", "I have known him since 2015."),
                        ("He works there since last year.", "He has worked there since last year."),
                        ("We are married since 1998.", "We have been married since 1998.")],
            correct: ["I have lived here since 2010.", "I moved here in 2010.", "I live here, since 2010 was a good year to move.",
                      "It was broken since yesterday's storm hit it.", "I know that he has lived here since 2010.",
                      "They say it is cheap since then.", "I live in the house that has stood here since 1900.",
                      "She is the first woman since 1950 to win.", "It is the best result since 2010.", "It is the coldest winter since 1990.", "He is happy since he won.", "I am not sure since then.", "It is a long time since 2010.", "It's ages since then."])
    }

    /// Months and weekdays (lowercase).
    static let named = WordSet(Lexicon.monthNames + Lexicon.weekdayNames)
    /// Words that open another clause or phrase: “since” after them may belong there.
    static let clauseWords: WordSet = ["that", "which", "who", "whom", "when", "where", "what", "because", "and", "but", "or", "as", "than",
                                       "if", "while", "so", "first", "best", "only", "last", "worst", "most", "highest", "lowest",
                                       "biggest", "largest", "since", "for", "ever", "never", "again"]
    /// Verbs whose present simple with “since” is the error (states and ongoing activities).
    static let verbs: [String: String] = [
        "live": "lived", "work": "worked", "know": "known", "study": "studied", "wait": "waited", "stay": "stayed", "teach": "taught",
        "play": "played", "use": "used", "own": "owned", "learn": "learned", "run": "run", "lead": "led", "manage": "managed",
        "love": "loved", "like": "liked", "want": "wanted", "belong": "belonged", "exist": "existed", "support": "supported",
    ]

    /// Lengths of time (“It is a long time since …”).
    static let lengths: WordSet = ["time", "ages", "years", "months", "weeks", "days", "hours", "long", "while", "decades", "centuries", "year"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["since"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for s in tokens.indices where tokens[s].kind == .word && tokens[s].lowerIs("since") {
            guard let t = sentence.nextNonSpace(after: s), isPointInTime(sentence, t) else { continue }
            // Back over the clause to the pronoun and its verb.
            var k = s - 1, words = 0
            var found: (subject: Int, verb: Int)?
            while k >= 0, words <= 6 {
                if tokens[k].kind == .whitespace { k -= 1; continue }
                guard tokens[k].kind == .word else { break }
                // A clause word, or a superlative (“the best result since 2010”: since modifies it).
                if Self.clauseWords.containsLower(of: tokens, k) || classes.isSuperlative(tokens[k].lower) { break }
                if let p = RuleSupport.previousWord(sentence, before: k), RuleSupport.separatedBySpaceOnly(sentence, p, k),
                   PronounVerbAgreement.subjects.containsLower(of: tokens, p), RuleSupport.isSubjectPosition(sentence, p) {
                    found = (p, k)
                    break
                }
                words += 1
                k -= 1
            }
            guard let (p, v) = found else { continue }
            // “It is a long time since 2010”, “It's ages since then”: a length of time measured to now (Swan: “It's … since”).
            if ((v + 1)..<s).contains(where: { tokens[$0].kind == .word && Self.lengths.containsLower(of: tokens, $0) }) { continue }
            // “I am not sure since then” wants “have not been”: left alone rather than mended wrongly.
            if let n = RuleSupport.nextWordAfterSpace(sentence, after: v), tokens[n].lower.isAny(of: "not", "never", "n't") { continue }
            guard let person = PronounVerbAgreement.person(tokens[p].lower) else { continue }
            let have = PronounVerbAgreement.have(person)
            let verb = tokens[v].lower
            let fixed: String
            if verb.isAny(of: "am", "is", "are") {
                guard verb == PronounVerbAgreement.be(person).present else { continue }
                fixed = "\(have) been"
            } else if have == "has", let base = classes.verbBase(ofThirdPerson: verb), let participle = Self.verbs[base] {
                fixed = "has \(participle)"
            } else if have == "have", let participle = Self.verbs[verb] {
                fixed = "have \(participle)"
            } else {
                continue
            }
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [RuleSupport.matchCase(fixed, like: tokens[v].text)],
                                 message: "With “since” and a point in time, use the present perfect: “\(fixed)”."))
        }
        return out
    }

    /// True when the token at `t` (after “since”) starts a point in time: a year, a month or
    /// weekday, “last …”, “yesterday”, “then”, “childhood”, not a possessive (“yesterday's storm”).
    private func isPointInTime(_ sentence: Sentence, _ t: Int) -> Bool {
        let tokens = sentence.tokens
        if t + 1 < tokens.count, tokens[t + 1].isOne(of: "'\u{2019}") { return false }
        if tokens[t].kind == .number {
            let text = tokens[t].text
            return text.utf8.count == 4 && (text.hasPrefix("19") || text.hasPrefix("20"))
        }
        guard tokens[t].kind == .word else { return false }
        let w = tokens[t].lower
        if Self.named.contains(w) { return tokens[t].startsUppercase }
        if w.isAny(of: "yesterday", "childhood", "then") { return true }
        if w == "last", let u = RuleSupport.nextWordAfterSpace(sentence, after: t) {
            return tokens[u].lower.isAny(of: "year", "week", "month", "summer", "winter", "spring", "autumn", "night", "time")
        }
        return false
    }
}
