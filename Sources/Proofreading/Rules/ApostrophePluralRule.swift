import Foundation

/// Flags an apostrophe in a plural noun before a plural verb: “The tram's are always full” →
/// “trams”, “My parent's were late” → “parents” (the “greengrocer's apostrophe”; Swan,
/// *Practical English Usage*, apostrophes: plurals take none).
public struct ApostrophePluralRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_APOSTROPHE_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "An apostrophe in a plural (“the tram's are” → “the trams are”)"

    /// Creates the rule.
    public init() {}

    /// Plural verbs that show the word before is a plural subject.
    static let pluralVerbs: WordSet = ["are", "were", "have", "aren't", "weren't", "haven't", "don't"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["are", "were", "have", "aren't", "weren't", "haven't", "don't"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The tram's are always full.", "The trams are always full."),
                        ("My parent's were late again.", "My parents were late again."),
                        ("All the apple's have gone.", "All the apples have gone.")],
            correct: ["The trams are always full.", "John's are the best.", "What's are you doing?", "The company's profits are up.",
                      "It's are you sure?", "Let's have a look.", "The tram's doors are old.", "Here's what we have."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // From the few words with an apostrophe and a final “s” (read in place), then the verb after.
        for j in tokens.indices where tokens[j].kind == .word && tokens[j].lastByte == UInt8(ascii: "s") && tokens[j].traits.contains(.apostrophe) {
            guard let i = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, i),
                  Self.pluralVerbs.containsNorm(of: tokens, i) else { continue }
            let t = tokens[j]
            let norm = t.norm
            guard t.startsLowercase, norm.hasASCIISuffix("'s"), norm.utf8.count > 4 else { continue }
            let stem = String(norm.dropLast(2))
            // A noun only (not “it's”, “that's”, “what's”), after a determiner, a possessive or
            // a quantifier that opens the subject.
            guard classes.isSingularNoun(stem), !classes.isAdjectiveLike(stem), !Lexicon.subjectPronouns.contains(stem),
                  let d = RuleSupport.previousWord(sentence, before: j),
                  Lexicon.determiners.containsLower(of: tokens, d) || Lexicon.possessives.containsLower(of: tokens, d)
                    || tokens[d].lower.isAny(of: "all", "many", "some", "most", "both", "these", "those", "our") else { continue }
            guard let plural = QuantifierPluralRule.plural(of: stem, speller: context.speller) else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [plural],
                                 message: "A plural takes no apostrophe: “\(plural)”."))
        }
        return out
    }
}
