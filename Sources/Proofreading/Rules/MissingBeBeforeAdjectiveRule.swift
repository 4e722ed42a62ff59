import Foundation

/// Flags a subject pronoun followed directly by an adjective that needs “be”: “I afraid of the
/// dark” → “I'm afraid”, “He afraid of spiders” → “He's afraid”.
///
/// Follows LanguageTool's `I_AFRAID` (grammar.xml): adjectives such as *afraid*, *sorry* and
/// *aware* are predicative (Swan, *Practical English Usage*, §12), so a finite verb must come
/// between the subject and them. Only a pronoun at the start of a clause, followed by the
/// adjective and then “of”, “that”, “to”, “about” or the end of the clause, is flagged.
public struct MissingBeBeforeAdjectiveRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(MissingBeBeforeAdjectiveRule.contracted)] }
    /// Stable rule ID.
    public let id = "EN_MISSING_BE_BEFORE_ADJECTIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A missing “am”, “is” or “are” before an adjective such as “afraid”"

    static let adjectives: WordSet = ["afraid", "sorry", "aware", "unaware", "glad", "ashamed", "scared", "frightened", "worried", "eager", "unable", "able", "busy", "hungry", "thirsty", "sick", "tired", "fond", "interested", "ready"]
    static let contracted = WordMap<String>(["i": "I'm", "you": "you're", "he": "he's", "she": "she's", "it": "it's", "we": "we're", "they": "they're"]).hot()

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I afraid of the dark.", "I'm afraid of the dark."), ("He afraid of the dark.", "He's afraid of the dark."),
                        ("We ready to go now.", "We're ready to go now."), ("They aware that it is late.", "They're aware that it is late.")],
            correct: ["I'm afraid of the dark.", "I am sorry.", "Are you ready?", "I sure hope so.", "The dog I afraid of left.",
                      "I found it sick and tired of waiting.", "Tell him I sorry about the mess later."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(Self.contracted.allKeys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let adjectives = Self.adjectives
        let contracted = Self.contracted
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            guard let full = contracted.value(forLowerOf: tokens, i) else { continue }
            guard !tokens[i].lowerIs("it"), tokens[i].textIs("I") || tokens[i].startsLowercase || sentence.previousNonSpace(before: i) == nil,
                  sentence.previousNonSpace(before: i) == nil || RuleSupport.isSubjectPosition(sentence, i) && RuleSupport.previousWord(sentence, before: i) == nil,
                  let j = RuleSupport.nextWord(sentence, after: i), adjectives.containsLower(of: tokens, j) else { continue }
            if let k = sentence.nextNonSpace(after: j) {
                guard tokens[k].kind == .punctuation ? tokens[k].isOne(of: ".!,;") : tokens[k].lower.isAny(of: "of", "that", "to", "about", "for", "with", "now") else { continue }
            }
            let fixed = RuleSupport.matchCase(full, like: tokens[i].text)
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed + " " + tokens[j].text],
                                 message: "“\(tokens[j].text)” needs a verb before it: “\(fixed) \(tokens[j].text)”."))
        }
        return out
    }
}
