import Foundation

/// Flags age given with “have”, as in languages that say it so (French *avoir … ans*, Spanish
/// *tener … años*): “I have 20 years.” → “I am 20 years old.”, “She has 30 years old” → “She is
/// 30 years old”.
///
/// Follows Swan, *Practical English Usage*, entry “age”: English gives age with *be* (“I am
/// twenty”, “She is thirty years old”), never with *have*. “have … years old” is wrong after
/// any subject (but before a noun: “has 2 years old cat” wants “a 2-year-old cat”); “have …
/// years” without “old” only after “I”, “he” or “she”, when the sentence ends there, so that “I have 20 years of experience”, “We have 5 years left” and
/// “The company has 20 years to pay” are left alone.
public struct AgeHaveRule: Rule {
    /// Stable rule ID.
    public let id = "EN_AGE_HAVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "age with “have” (“I have 20 years” → “I am 20 years old”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I have 20 years.", "I am 20 years old."),
                        ("She has 30 years old and lives in Lyon.", "She is 30 years old and lives in Lyon."),
                        ("My brothers have twelve years old.", "My brothers are twelve years old."),
                        ("When I had 18 years old, I left home.", "When I was 18 years old, I left home."),
                        ("He has 15 years!", "He is 15 years old!")],
            correct: ["I have 20 years of experience in sales.", "We have 5 years left on the lease.", "I am 20 years old.",
                      "The company has 20 years to repay the loan.", "She has 30 years behind her in the job.",
                      "He had ten years in which to finish it.", "The building has 100 years.",
                      "I have 20 years.5 percent of it is left.", "The bond has 30 years to maturity.",
                      "We have had 20 years of peace.", "We have 10 years.", "He has 2 years old cat."])
    }

    /// Number words that may give an age.
    static let numberWords = WordSet(Lexicon.cardinals)

    /// Words that may follow “years old” when it gives an age (“She is 30 years old and lives…”).
    static let afterOld: WordSet = ["and", "but", "now", "when", "so", "because", "in", "at", "with", "this", "next", "last", "too",
                                    "already", "then", "or", "yet", "today", "since", "though", "although", "while", "if"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["years"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for y in tokens.indices where tokens[y].kind == .word && tokens[y].lowerIs("years") {
            // “have 20 years”: a number (digits or a word, a hyphenated “twenty-five” ending in
            // one) right before “years”, “have”, “has” or “had” before it.
            guard let nEnd = sentence.previousNonSpace(before: y), nEnd + 1 < y,
                  tokens[nEnd].kind == .number && !tokens[nEnd].text.contains(".") || tokens[nEnd].kind == .word && Self.numberWords.containsLower(of: tokens, nEnd) else { continue }
            var n = nEnd
            if n >= 2, tokens[n - 1].isOne(of: "-"), tokens[n - 2].kind == .word, Self.numberWords.containsLower(of: tokens, n - 2) { n -= 2 }
            guard let h = RuleSupport.previousWord(sentence, before: n), RuleSupport.separatedBySpaceOnly(sentence, h, n),
                  tokens[h].lower.isAny(of: "have", "has", "had") else { continue }
            let subject = RuleSupport.previousWord(sentence, before: h)
            if let s = subject, RuleSupport.modals.containsLower(of: tokens, s) || tokens[s].lower.isAny(of: "to", "not", "never", "had", "have", "has") { continue }
            // A personal subject pronoun (not “it”: “it has 30 years of history”).
            let pronoun = subject.flatMap { s in tokens[s].lowerIs("it") ? nil : PronounVerbAgreement.person(tokens[s].lower).map(PronounVerbAgreement.be) }
            let after = sentence.nextNonSpace(after: y)
            let hasOld = after.map { tokens[$0].kind == .word && tokens[$0].lowerIs("old") } ?? false
            // “has 2 years old cat” is a compound adjective before a noun (“a 2-year-old cat”), not an age with “be”.
            if hasOld, let a = after, let k = RuleSupport.nextWordAfterSpace(sentence, after: a), !Self.afterOld.containsLower(of: tokens, k) { continue }
            if !hasOld {
                // Without “old”: a personal pronoun subject, and nothing after “years” but the end.
                // Only “I”, “he” and “she”: “We have 10 years.” may be the time left to act.
                guard let sw = subject.map({ tokens[$0].lower }), sw.isAny(of: "i", "he", "she"), subject.map({ RuleSupport.separatedBySpaceOnly(sentence, $0, h) }) == true,
                      let a = after, tokens[a].isOne(of: ".!?"), y + 1 == a else { continue }
                // “20 years.5 percent” is no sentence end.
                if a + 1 < tokens.count, tokens[a + 1].kind != .whitespace, tokens[a + 1].kind != .newline { continue }
            }
            let past = tokens[h].lowerIs("had")
            let be: String
            if let p = pronoun {
                be = past ? p.past : p.present
            } else {
                be = tokens[h].lowerIs("has") ? "is" : tokens[h].lowerIs("have") ? "are" : "was"
            }
            let number = (n...nEnd).map { tokens[$0].text }.joined()
            let fixed = RuleSupport.matchCase(be, like: tokens[h].text) + " " + number + " years" + (hasOld ? "" : " old")
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, h, y), replacements: [fixed],
                                 message: "English gives age with “be”: “\(fixed)”."))
        }
        return out
    }
}
