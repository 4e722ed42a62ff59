import Foundation

/// Flags a singular verb after “these” or “those” as the subject: “These includes the ring” →
/// “These include”, “Those two is nice” → “are”.
public struct DemonstrativeAgreementRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_THESE_THOSE_AGREEMENT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "a singular verb after “these” or “those” (“these includes”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("These includes the ring and the compass.", "These include the ring and the compass."),
                        ("Check that these two contains useful examples.", "Check that these two contain useful examples."),
                        ("Those two is nice.", "Those two are nice."),
                        ("Those was the days.", "Those were the days.")],
            correct: ["The most common of these is dot 5.", "These bugs most likely do not happen.", "These packages most often build their own wheels.", "These include the ring.", "These works are famous.",
                      "These changes improve speed.", "Those two are nice.", "One of those is mine.", "These days it rains.",
                      "These words were followed by a long silence.", "These costs are high.", "These tests all pass.",
                      "These tests no longer pass.", "These results only show part of it.", "These means of transport are cheap."])
    }

    /// Numbers that may follow the demonstrative (“these two”).
    static let numbers: WordSet = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "few"]

    /// True when `word` opens an object or a complement: a determiner, possessive, pronoun or
    /// number, or an adjective (“contains sufficient examples”).
    static func objectStart(_ word: String, classes: WordClasses) -> Bool {
        // Not “no”, “some”, “all”, “only”: they follow a plural subject too (“these tests no
        // longer pass”, “these tests all pass”).
        word.isAny(of: "a", "an", "the", "this", "that", "every", "each", "any") || Lexicon.possessives.contains(word)
            || Lexicon.objectPronouns.contains(word) && word != "it" || numbers.contains(word) && word != "few"
            || classes.isAdjectiveLike(word) && !RuleSupport.beForms.contains(word) && !word.hasASCIISuffix("ly")
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["these", "those"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("these") || tokens[i].lowerIs("those")) {
            // The subject: at the start of its clause, not “of these”.
            guard RuleSupport.opensClause(sentence, i), var v = RuleSupport.nextWord(sentence, after: i),
                  RuleSupport.separatedBySpaceOnly(sentence, i, v) else { continue }
            if Self.numbers.containsLower(of: tokens, v), let n = RuleSupport.nextWord(sentence, after: v), RuleSupport.separatedBySpaceOnly(sentence, v, n) {
                v = n
            }
            let verb = RuleSupport.norm(tokens[v])
            guard tokens[v].startsLowercase else { continue }
            let fixed: String
            if let plural = NounAgreementWords.singularToPlural[verb] {
                fixed = plural
            } else if let base = classes.verbBase(ofThirdPerson: verb), !classes.isNoun(verb),
                      let o = RuleSupport.nextWord(sentence, after: v), Self.objectStart(tokens[o].lower, classes: classes),
                      // The sentence reads it as the plural noun (“These bugs most likely do not happen”).
                      context.tags(of: sentence)[v] != .NNS {
                // A verb's -s form with its object after it (“these includes the ring”); the
                // dictionary cannot tell “includes” from a plural noun (“these words were …”),
                // the object can.
                fixed = base
            } else {
                continue
            }
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [RuleSupport.matchCase(fixed, like: tokens[v].text)],
                                 message: "“\(tokens[i].text)” is plural: use “\(fixed)”."))
        }
        return out
    }
}
