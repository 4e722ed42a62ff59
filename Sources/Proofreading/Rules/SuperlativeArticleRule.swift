import Foundation

/// Flags a superlative without “the”: “Kyoto is an oldest city” → “the oldest”, “He is
/// funniest friend” → “the funniest friend”. A superlative picks out one of a kind, so it takes
/// the definite article (or a possessive: “my oldest friend”).
public struct SuperlativeArticleRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_SUPERLATIVE_THE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "a superlative without “the” (“an oldest city”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Kyoto is an oldest city.", "Kyoto is the oldest city."),
                        ("It was a greatest moment of my life.", "It was the greatest moment of my life."),
                        ("The guy is funniest friend.", "The guy is the funniest friend."),
                        ("This is latest version of the app.", "This is the latest version of the app.")],
            correct: ["Kyoto is the oldest city.", "He made a fortune by writing a best selling novel.", "He is my best friend.",
                      "It is a most glorious thing.", "The water is coldest in January.", "She is happiest when she reads.",
                      "Prices were highest in 2008.", "He is least likely to come.", "It is an honest mistake.",
                      "We took a test drive.", "This is an interest rate."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["a", "an", "is", "are", "was", "were", "be", "been"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let prepositions = PossessiveSlot.prepositions
        let beForms = RuleSupport.beForms
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let w = tokens[i].lower
            let isArticle = tokens[i].range.length <= 2 && (w == "a" || w == "an")
            guard isArticle || beForms.contains(w) && w != "being",
                  let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j),
                  tokens[j].startsLowercase, classes.isSuperlative(tokens[j].lower),
                  let n = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, n),
                  tokens[n].startsLowercase, !RuleSupport.isCodeLike(tokens[n]) else { continue }
            // A noun must follow: “the oldest city”; “coldest in January” is a predicate.
            let noun = tokens[n].lower
            guard classes.isNoun(noun) || classes.entry(noun)?.contains("S") == true, !prepositions.contains(noun),
                  !noun.isAny(of: "when", "while", "if", "because", "since", "and", "or", "but", "than", "to", "for", "of", "so", "at", "in", "on"),
                  !classes.isAdjectiveLike(noun) || classes.isNoun(noun) else { continue }
            if isArticle {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("the", like: tokens[i].text)],
                                     message: "A superlative takes “the”: “the \(tokens[j].text)”."))
            } else {
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: ["the " + tokens[j].text],
                                     message: "A superlative before a noun takes “the”: “the \(tokens[j].text) \(tokens[n].text)”."))
            }
        }
        return out
    }
}
