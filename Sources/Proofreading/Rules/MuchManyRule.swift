import Foundation

/// Flags “much” before a plural count noun, which takes “many”: “Much people came” → “Many
/// people”, “I have much friends” → “many friends”, “too much mistakes” → “too many mistakes”.
///
/// Follows the usage rule that “much” goes with uncountable nouns and “many” with plurals (Swan,
/// *Practical English Usage*, entry “much and many”). “much” as an adverb before a verb
/// (“It much resembles…”, “This much improves…”) is left alone: it must open the sentence or
/// follow a verb, a preposition, “too”, “so”, “how” or “as”.
///
/// Also “too much” before an adjective that ends its phrase (“It is too much expensive.” → “too
/// expensive” or “much too expensive”), a learners' error: “much” modifies “too” only from
/// before it (Swan, entry “too”: “much too old”, not “too much old”).
public struct MuchManyRule: Rule {
    /// Stable rule ID.
    public let id = "EN_MUCH_MANY"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“much” before a plural (“much people” → “many people”) or in “too much” + adjective"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Much people came to the party.", "Many people came to the party."),
                        ("I have much friends in London.", "I have many friends in London."),
                        ("There were too much mistakes in it.", "There were too many mistakes in it."),
                        ("How much languages do you speak?", "How many languages do you speak?"),
                        ("It is too much expensive for me.", "It is too expensive for me."),
                        ("The soup was too much salty.", "The soup was too salty.")],
            correct: ["It much resembles a bird.", "This much improves the result.", "Much of the time we slept.",
                      "We have much less time now.", "Thank you very much.", "How much does it cost?", "There is much news today.",
                      "I have many friends.", "So much for that.", "He was much changed.",
                      "It costs too much.", "There is too much salt in it.", "She was too much overcome to speak.",
                      "It is much too expensive.", "You eat too much sugary food.", "It was too much fun."])
    }

    /// Plurals in -s that are uncountable or singular (“much news”, “much physics”).
    static let singularInS: WordSet = ["news", "less", "means", "series", "species", "physics", "mathematics", "economics",
                                       "politics", "athletics", "gymnastics", "ethics", "linguistics", "statistics", "thanks", "progress",
                                       "business", "success", "access", "stress", "fitness", "happiness", "kindness", "illness",
                                       // Verbs after “how much” (“How much does it cost?”).
                                       "does", "has", "was", "goes", "seems", "costs", "matters", "takes", "makes", "helps", "needs", "weighs"]

    /// Words after which “much” stands where a determiner of quantity does.
    static let openers: WordSet = ["too", "so", "how", "as", "very", "with", "without", "of", "for", "in", "have", "has", "had",
                                   "are", "were", "is", "was", "got", "get", "need", "needs", "needed", "want", "wants", "wanted",
                                   "made", "make", "makes", "take", "takes", "took", "spent", "spend", "know", "knew", "see", "saw",
                                   "there", "and", "but", "or"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["much"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("much") {
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j), tokens[j].startsLowercase else { continue }
            let n = tokens[j].lower
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            if let m = tooMuchBeforeAdjective(sentence, much: i, next: j, classes: classes) { out.append(m); continue }
            let isPlural: Bool
            if NounAgreementWords.irregularPlurals.contains(n) {  // plurals without -s
                isPlural = true
            } else if n.hasASCIISuffix("s"), !n.hasASCIISuffix("ss"), n.count >= 4, !Self.singularInS.contains(n) {
                // A noun's plural: the singular is a noun entry with the plural flag (`friend/UGSDY`
                // has no `M`: its `S` is read as the plural when no verb can follow “much” here).
                let singular = classes.singular(ofPlural: n) ?? (classes.entry(String(n.dropLast()))?.contains("S") == true ? String(n.dropLast()) : nil)
                isPlural = singular != nil && !classes.isAdjectiveLike(n)
            } else {
                isPlural = false
            }
            guard isPlural else { continue }
            // Where a determiner of quantity stands: at the start, or after a verb, a preposition,
            // “too”, “so”, “how” or “as” (not after a subject: “It much resembles”).
            if let p = RuleSupport.previousWord(sentence, before: i) {
                let pw = tokens[p].lower
                let opens = Self.openers.contains(pw)
                guard opens else { continue }
            }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("many", like: tokens[i].text)],
                                 message: "Use “many” with a plural (“many \(tokens[j].text)”); “much” goes with uncountable nouns."))
        }
        return out
    }

    /// Words that may follow the adjective of “too much” + adjective and end its phrase.
    static let afterAdjective: WordSet = ["for", "to", "and", "but", "so", "or", "now", "today", "here", "there", "at", "in"]

    /// “too much expensive” → “too expensive”, “much too expensive”: `much` (token index) after
    /// “too”, `next` an adjective entry (``WordClasses/isAdjectiveLike(_:)``) that is no noun and
    /// ends the phrase (punctuation, the sentence's end or one of ``afterAdjective``).
    private func tooMuchBeforeAdjective(_ sentence: Sentence, much i: Int, next j: Int, classes: WordClasses) -> ProofreadingSuggestion? {
        let tokens = sentence.tokens
        guard let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("too"), RuleSupport.separatedBySpaceOnly(sentence, p, i) else { return nil }
        let adjective = tokens[j].lower
        guard classes.isAdjectiveLike(adjective), !classes.isNoun(adjective), !classes.isVerbBase(adjective) else { return nil }
        if let k = sentence.nextNonSpace(after: j) {
            if tokens[k].kind == .word { guard Self.afterAdjective.contains(tokens[k].lower) else { return nil } }
            else if tokens[k].isOne(of: "-'\u{2019}") { return nil }
        }
        let too = tokens[p].text
        return ProofreadingSuggestion(range: RuleSupport.span(sentence, p, i), replacements: [too, RuleSupport.matchCase("much", like: too) + " too"],
                         message: "“much” does not go between “too” and an adjective: “too \(tokens[j].text)” or “much too \(tokens[j].text)”.")
    }
}
