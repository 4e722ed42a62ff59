import Foundation

/// Flags a closed compound written as two or three words that the test by form of
/// ``SplitCompoundRule`` cannot reach (a function word or a short word on one side, three words,
/// a compound wrong apart only in some contexts): “with out” → “without”, “through out” →
/// “throughout”, “never the less” → “nevertheless”, “, where as” → “, whereas”, “e mail” →
/// “email”.
///
/// Follows Merriam-Webster's entries and LanguageTool's `WHERE_AS`, `WITHOUT_OUT` and similar
/// rules (grammar.xml). The compounds are data (``SplitCompoundRule/listed``, a ``PhraseTable``);
/// this rule declares their words as triggers, so that it runs only on sentences that have one.
public struct ClosedCompoundRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [SplitCompoundRule.listed.hotWordList] }
    /// Stable rule ID.
    public let id = "EN_CLOSED_COMPOUND"
    /// The rule's category (as ``SplitCompoundRule``'s).
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "A listed closed compound written apart (“with out” → “without”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She left the party with out her coat.", "She left the party without her coat."),
                        ("It snowed through out the night.", "It snowed throughout the night."),
                        ("The first plan failed, where as the second worked.", "The first plan failed, whereas the second worked."),
                        ("It was late. Never the less, we went on.", "It was late. Nevertheless, we went on."),
                        ("I left my keys some where in the car.", "I left my keys somewhere in the car."),
                        ("Send me an e mail tonight.", "Send me an email tonight."),
                        ("We are working on an on going study.", "We are working on an ongoing study."),
                        ("With in Deno, the API is small.", "Within Deno, the API is small."),
                        ("It arrives, with in a week, at your door.", "It arrives, within a week, at your door.")],
            correct: ["The people I worked with in Paris were kind.", "Compare it with in vitro results.", "Start with in-memory caching.", "With in-house tools, we ship faster.",
                      "A server with in excess of 64 GB of memory.", "Where ever did you find that?", "Where as a child did you live?", "We need further more detailed studies.",
                      "You drive way too fast.", "It was a home made of brick.", "We watched the water fall from the roof.", "Pop corn in a pan.",
                      "She left the party without her coat."])
    }

    /// The words that wake this rule (see ``Rule/triggers``): every listed compound's anchor.
    static let triggerWords: Set<String> = SplitCompoundRule.listed.anchorWords
    /// ``triggerWords``: every match contains one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        return SplitCompoundRule.listed.matches(in: sentence).map { m in
            // Two nouns written apart (“web site”, “data base”, “work shop”): an older spelling
            // the dictionaries still give, a preference of the writer's, not a slip (“with out”,
            // “there fore”): reported, not applied unattended.
            let words = (m.start...m.end).filter { tokens[$0].kind == .word }.map { tokens[$0].lower }
            let nouns = words.count == 2 && context.wordClasses.map { c in
                words.allSatisfy { c.isNoun($0) || c.singular(ofPlural: $0).map(c.isNoun) == true }
            } == true
            return ProofreadingSuggestion(range: RuleSupport.span(sentence, m.start, m.end), replacements: [m.fix], message: "Write “\(m.fix)” as one word.",
                             isConfident: !nouns)
        }
    }
}
