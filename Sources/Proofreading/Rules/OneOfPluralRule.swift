import Foundation

/// Flags a singular noun after “one of the …” (or “one of my …”), which names one of several
/// and takes the plural: “He is one of the best player” → “players”, “one of my friend” →
/// “friends”.
///
/// Follows LanguageTool's `ONE_OF_THE_NN`-style agreement rules (grammar.xml) and Harper's
/// `OneOfThe` linter. The noun is the first noun after the determiner (at most two adjectives
/// between), a count noun whose plural the Hunspell dictionary knows, and ends its noun phrase
/// (“one of the best player ratings” is left alone).
public struct OneOfPluralRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ONE_OF_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A singular noun after “one of the” (“one of the best player” → “players”)"

    /// Determiners after “one of”.
    static let determiners: WordSet = ["the", "my", "your", "his", "her", "our", "their", "its", "these", "those"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He is one of the best player in the league.", "He is one of the best players in the league."),
                        ("She is one of my friend from school.", "She is one of my friends from school."),
                        ("He is one of my best friend.", "He is one of my best friends."),
                        ("It was one of the most beautiful city I have seen.", "It was one of the most beautiful cities I have seen.")],
            correct: ["He is one of the best players in the league.", "Only one of the scalar and array parameters may be assigned.", "One of the team members is here.", "One of the best player ratings fell.",
                      "It is one of the most important information sources.", "One of the children cried.", "One of the staff will help you.",
                      "It is one of the most common Machine Learning projects.",
                      "One of the prime numbers was wrong.", "One of the two options works.", "Pick one of the three.",
                      "It is one of the two.", "One of the following applies.", "One of the dozen tests failed."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["one"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].lowerIs("one") {
            guard let o = RuleSupport.nextWord(sentence, after: i), tokens[o].lowerIs("of"),
                  let d = RuleSupport.nextWord(sentence, after: o), Self.determiners.containsLower(of: tokens, d) else { continue }
            // Up to two modifiers (“best”, “most beautiful”), then the noun.
            var k = d
            var noun: Int?
            var afterDegree = false
            for _ in 0..<3 {
                guard let n = RuleSupport.nextWord(sentence, after: k), RuleSupport.separatedBySpaceOnly(sentence, k, n),
                      tokens[n].startsLowercase, !tokens[n].hasApostrophe else { break }
                let w = tokens[n].lower
                // The word after “most”/“least”/“more” is the adjective they grade (“most common”).
                if afterDegree {
                    afterDegree = false
                    k = n
                    continue
                }
                if w.isAny(of: "most", "least", "more") { afterDegree = true }
                // A number word counts the group (“one of the two options”, “one of the three”):
                // never the noun itself.
                if QuantifierPluralRule.numbers.contains(w) || DeterminerNumberRule.numbers.contains(w)
                    || w.isAny(of: "following", "former", "latter", "same", "other", "others") {
                    k = n
                    continue
                }
                if w.isAny(of: "most", "least", "more", "very", "few", "many", "best", "worst", "top", "main", "major", "leading", "first", "last") || classes.isSuperlative(w) || (classes.isAdjectiveLike(w) && !classes.isNoun(w)) {
                    k = n
                    continue
                }
                noun = n
                break
            }
            guard let n = noun else { continue }
            // Two modifiers joined by “and”/“or” before the plural noun (“one of the scalar and
            // array parameters”, zshbuiltins(1): a --fix made it “scalars”): the noun is plural.
            if let c = RuleSupport.nextWord(sentence, after: n), tokens[c].lower.isAny(of: "and", "or"),
               let m = RuleSupport.nextWord(sentence, after: c), let q = RuleSupport.nextWord(sentence, after: m),
               classes.singular(ofPlural: tokens[q].lower) != nil { continue }
            let w = tokens[n].lower
            // A noun entry, or a noun-or-verb entry with a plural (`friend/UGSDY` has no noun flag
            // in en-US): after “one of the” it can only be a noun.
            guard classes.isSingularNoun(w) || classes.entry(w)?.contains("S") == true, classes.singular(ofPlural: w) == nil,
                  !w.hasASCIISuffix("s"), !NounAgreementWords.collective.contains(w) else { continue }
            // The noun ends its phrase: no other noun, “of” phrase head or possessive after it.
            if n + 1 < tokens.count, tokens[n + 1].isOne(of: "-'\u{2019}") { continue }
            // The noun ends its phrase: punctuation, the end, or a word that follows a noun
            // phrase (a verb, a preposition, a relative) comes next, not another noun.
            if let a = sentence.nextNonSpace(after: n) {
                let at = tokens[a]
                if at.kind == .punctuation ? !at.isOne(of: ".,!?;:)") : !(at.kind == .word && (QuantifierPluralRule.afterNoun.contains(at.lower)
                    // (A verb in -s is not told from a plural noun: `number/ASDG` has no noun flag.)
                    || at.lower.isAny(of: "i", "we", "you", "they", "he", "she", "and", "or", "ever", "now", "then"))) { continue }
            }
            guard let plural = Self.plural(of: w, classes: classes) else { continue }
            let fixed = RuleSupport.matchCase(plural, like: tokens[n].text)
            out.append(ProofreadingSuggestion(range: tokens[n].range, replacements: [fixed],
                                 message: "After “one of \(tokens[d].text)”, use the plural: “\(fixed)”."))
        }
        return out
    }

    /// The plural of the noun `w` that the dictionary knows as such (`city` → `cities`), if any.
    static func plural(of w: String, classes: WordClasses) -> String? {
        let candidates = RuleSupport.sFormCandidates(of: w)
        if let known = candidates.first(where: { classes.singular(ofPlural: $0) == w }) { return known }
        // An entry with the `S` flag: the regular plural by spelling.
        guard classes.entry(w)?.contains("S") == true else { return nil }
        if w.hasASCIISuffix("y"), let before = w.dropLast().last, !"aeiou".contains(before) { return String(w.dropLast()) + "ies" }
        if w.hasASCIISuffix("x") || w.hasASCIISuffix("z") || w.hasASCIISuffix("ch") || w.hasASCIISuffix("sh") { return w + "es" }
        return w + "s"
    }
}
