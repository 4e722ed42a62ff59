import Foundation

/// Flags a plural noun after “every” or “each”, which take a singular: “in every details” →
/// “every detail”, “each students has” → “each student”.
///
/// Follows LanguageTool's `EVERY_NNS` and `EACH_NNS` agreement rules (grammar.xml) and Swan,
/// *Practical English Usage* (§158): *every* and *each* are followed by a singular countable
/// noun. The noun must end its phrase (punctuation, a verb, a preposition or a conjunction
/// follows), so that a plural used as a modifier is left alone (“every sports fan”); after
/// “each”, a form that is also a verb is left alone (“each plays a part”), as are nouns that are
/// the same in both numbers (“every series”) and numbers (“every two weeks”).
public struct EveryEachPluralRule: Rule {
    /// Stable rule ID.
    public let id = "EN_EVERY_EACH_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A plural noun after “every” or “each”"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I want to learn every details.", "I want to learn every detail."),
                        ("Each students has a locker.", "Each student has a locker."),
                        ("We wash every cars in the lot.", "We wash every car in the lot."),
                        ("Each candidates gets a badge.", "Each candidate gets a badge.")],
            correct: ["Every sports fan knows it.", "Each plays a part.", "Every series has an end.", "We meet every two weeks.",
                      "Each of the students has a locker.", "Every now and then it rains.", "They love each other.",
                      "Every student has a locker.", "Each means something different.", "Every few days it rains."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["every", "each"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when token `a` is a verb's third-person singular (“gets”) followed by what opens its
    /// object or complement (a determiner, a possessive, an object pronoun, a preposition, or
    /// punctuation): the verb that agrees with “each”/“every” + noun (“Each candidates gets a
    /// badge”). A plural noun there (“every sports shops sell”) has no such word after it.
    static func isSingularVerbWithObject(_ sentence: Sentence, _ a: Int, classes: WordClasses) -> Bool {
        let tokens = sentence.tokens
        let w = tokens[a].lower
        guard tokens[a].kind == .word, tokens[a].startsLowercase, w.hasASCIISuffix("s"), classes.verbBase(ofThirdPerson: w) != nil else { return false }
        guard let b = sentence.nextNonSpace(after: a) else { return true }
        if tokens[b].kind == .punctuation { return tokens[b].isOne(of: ".,!?;:") }
        let x = tokens[b].lower
        return Lexicon.objectStarts.contains(x)
            || PossessiveSlot.prepositions.contains(x)
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("every") || tokens[i].lowerIs("each")) {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            let w = n.lower
            guard n.startsLowercase, !RuleSupport.isCodeLike(n), w.hasASCIISuffix("s"), !DeterminerNumberRule.sameInBoth.contains(w),
                  !DeterminerNumberRule.numbers.contains(w), let singular = classes.singular(ofPlural: w) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // “each plays a part”: “each” as a pronoun before a verb.
            if t.lowerIs("each"), classes.verbBase(ofThirdPerson: w) != nil { continue }
            // The noun ends its phrase: punctuation, a verb, a preposition or a conjunction follows.
            if let a = sentence.nextNonSpace(after: j) {
                let at = tokens[a]
                let ends = at.kind == .punctuation ? at.isOne(of: ".,!?;:)") : DeterminerNumberRule.phraseEnd.contains(at.lower)
                    || Self.isSingularVerbWithObject(sentence, a, classes: classes)
                guard ends else { continue }
            }
            let fixed = RuleSupport.matchCase(singular, like: n.text)
            out.append(ProofreadingSuggestion(range: n.range, replacements: [fixed],
                                 message: "After “\(t.text)”, use the singular “\(fixed)”."))
        }
        return out
    }
}
