import Foundation

/// Flags a comparative or superlative marked twice: “more better”, “most easiest”, “more
/// quieter”, “most cleverest”: any adjective's `-er`/`-est` form or irregular comparative, by
/// the part-of-speech lexicon (``TagLexicon/lemma(of:as:)`` with `JJR`/`JJS`, WordNet's and the
/// treebank's forms), not a list.
///
/// Left alone: a comparative (not a superlative) before a noun that cannot be an adverb (not “today”), where “more” counts the noun (“more older adults”,
/// “more lighter fluid”), and the comparatives that are mostly adverbs or nouns after “more”
/// (“more later”, “more rather”, “more fewer”).
public struct DoubleComparativeRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DOUBLE_COMPARATIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Double comparatives and superlatives (“more better”)"

    /// Comparatives and superlatives that follow “more”/“most” in correct text: quantities and
    /// adverbs (“more later”, “most least”), nouns (“more lighter”, “more cooler”, “more
    /// closer” as in a closer), and words the lexicon gives `JJR`/`JJS` that are no double
    /// marking (“more other”, “most utmost”).
    static let exceptions: WordSet = ["more", "most", "less", "least", "fewer", "fewest", "rather", "lighter", "cooler", "later",
                                      "latest", "longer", "lesser", "sooner", "older", "closer", "shorter", "further", "farther",
                                      "furthest", "farthest", "upper", "lower", "inner", "outer", "utmost", "uttermost", "elder",
                                      "eldest", "former", "latter", "other", "super", "proper", "bitter", "sober", "clever",
                                      "tender", "slender", "eager", "over", "under", "after", "ever", "never", "fewer", "number",
                                      "interest", "honest", "modest", "earnest", "forest", "manifest", "protest", "request", "rest"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("This one is more better.", "This one is better."), ("It was the most easiest test.", "It was the easiest test."),
                        ("The new tool is more faster than the old one.", "The new tool is faster than the old one."),
                        ("This setting is more quieter than the default.", "This setting is quieter than the default."),
                        ("It was the most cleverest trick of all.", "It was the cleverest trick of all."),
                        ("Their service is more cheaper than ours.", "Their service is cheaper than ours."),
                        ("That was the most kindest thing to say.", "That was the kindest thing to say."),
                        ("She is more smarter than him.", "She is smarter than him."),
                        ("It is a more bigger house.", "It is a bigger house."),
                        ("The weather is more colder today.", "The weather is colder today.")],
            correct: ["This one is much better.", "I'll tell you more later.", "We need more lighter fluid.",
                      "Most people want a better deal.", "More older adults use the service.", "The most recent release is faster.",
                      "It is more clever than it looks.", "We want more honest answers.", "She wants more, sooner.",
                      // Real text (Alice's Adventures in Wonderland).
                      "Alice was more and more puzzled.", "Their newer phones sell more cheaper models abroad.", "It’s the most curious thing I ever saw in my life!",
                      "But to get through was more hopeless than ever.", "It was neither more nor less than a pig."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["more", "most"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// The adjective whose regular comparative or superlative `word` is (`suffix` “er” or
    /// “est”): “smarter” → “smart”, “nicer” → “nice”, “bigger” → “big”, “happier” → “happy”;
    /// nil when `word` is a noun or verb the lexicon knows (“matter”, “forest”) or no stem is
    /// an adjective.
    static func regularLemma(of word: String, suffix: String, lexicon: TagLexicon) -> String? {
        guard word.hasSuffix(suffix), word.count >= suffix.count + 3, !lexicon.isNoun(word), !lexicon.isVerb(word) else { return nil }
        let stem = String(word.dropLast(suffix.count))
        var candidates = [stem, stem + "e"]
        if stem.hasSuffix("i") { candidates.append(String(stem.dropLast()) + "y") }
        if let last = stem.last, stem.dropLast().last == last { candidates.append(String(stem.dropLast())) }
        return candidates.first { $0.count >= 3 && lexicon.isAdjective($0) && lexicon.tagSet(of: $0).contains(.JJ) }
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("more") || tokens[i].lowerIs("most")) {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            // After “a”/“an”, “more” counts nothing (“a more older city”): the exceptions that
            // are comparatives of size or age are doubled comparatives there too.
            let afterArticle = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower.isAny(of: "a", "an") } == true
            guard tokens[j].startsLowercase, !Self.exceptions.containsLower(of: tokens, j)
                    || afterArticle && tokens[j].lower.isAny(of: "older", "longer", "shorter", "closer", "lighter", "cooler") else { continue }
            let n = tokens[j].lower
            let lexicon = context.lexicon
            let isMore = t.lowerIs("more")
            // The comparative (superlative) of an adjective or adverb: its lemma differs (“better” →
            // “good”, “quieter” → “quiet”); or, for a form the lexicon lacks (“smarter”), an
            // adjective it knows with “-er”/“-est” taken off (“smart”, “nice”, “big”, “happy”).
            let (adjective, adverb): (PennTag, PennTag) = isMore ? (.JJR, .RBR) : (.JJS, .RBS)
            let known = [lexicon.lemma(of: n, as: adjective), lexicon.lemma(of: n, as: adverb)].compactMap { $0 }.first { $0 != n }
            guard known ?? Self.regularLemma(of: n, suffix: isMore ? "er" : "est", lexicon: lexicon) != nil else { continue }
            // Not before a noun, where “more” counts it (“more older adults”): by the tagger. (“Most”
            // before a superlative counts nothing: “the most easiest test”; nor does “more” after
            // “a”.)
            if isMore, !afterArticle, let k = RuleSupport.nextWord(sentence, after: j), sentence.nextNonSpace(after: j) == k {
                let tags = context.tags(of: sentence)
                // A noun that can be an adverb of time or place ends the phrase (“more colder
                // today”, “more warmer yesterday”): no noun is counted there.
                if tags[k].isNoun, !lexicon.canBe(tokens[k].lower, .RB) { continue }
            }
            let fixed = RuleSupport.matchCase(tokens[j].text, like: t.text)
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "“\(tokens[j].text)” is already \(t.lowerIs("more") ? "a comparative" : "a superlative"): drop “\(t.text)”."))
        }
        return out
    }
}
