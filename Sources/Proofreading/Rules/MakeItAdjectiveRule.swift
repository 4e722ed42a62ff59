import Foundation

/// Flags “make” or “find” before an adjective and a to-infinitive without the dummy object
/// “it”: “The intention is to make very easy to extend” → “make it very easy to extend”, “I find
/// difficult to say” → “find it difficult to say”, “This makes possible to run” → “makes it
/// possible to run”.
///
/// English needs the anticipatory “it” as the object of these verbs when the real object is
/// the infinitive clause (Swan, *Practical English Usage*, the entry “it: preparatory object”).
/// A passive (“was
/// made easy to read”, “is found hard to believe”) has its object as its subject and is left
/// alone, as are “make clear to” (“make clear to readers that…”, an accepted order) and “make
/// sure to”.
public struct MakeItAdjectiveRule: Rule {
    /// Stable rule ID.
    public let id = "EN_MAKE_IT_ADJECTIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“make easy to …” without “it” (“make it easy to …”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The goal is to make very easy to add plugins.", "The goal is to make it very easy to add plugins."),
                        ("This makes possible to run tests in parallel.", "This makes it possible to run tests in parallel."),
                        ("I find difficult to explain my feelings.", "I find it difficult to explain my feelings."),
                        ("The new layout made harder to read the table.", "The new layout made it harder to read the table."),
                        ("She found really hard to sleep.", "She found it really hard to sleep.")],
            correct: ["The goal is to make it very easy to add plugins.", "The book was made easy to read for children.",
                      "The claim is found hard to believe.", "We make clear to readers what changed.", "Make sure to save your work.",
                      "These changes make the code easy to read.", "It makes things harder to test.", "I find it hard to say.",
                      "Make easy money online.", "The rules are made simple to follow.", "The clay was made hard to the touch."])
    }

    /// The forms of “make” and “find”.
    static let verbForms = ["make", "makes", "made", "making", "find", "finds", "found", "finding"]
    /// ``verbForms`` as a set.
    static let verbs = WordSet(verbForms)
    /// Adjectives that take an infinitive clause as their complement in this construction.
    static let adjectives: WordSet = [
        "easy", "easier", "hard", "harder", "difficult", "possible", "impossible", "simple", "simpler", "necessary",
        "convenient", "safe", "safer", "feasible", "practical", "quick", "quicker", "straightforward", "tough", "tougher",
        "unnecessary", "challenging", "painful", "awkward", "cumbersome",
    ]
    /// Degree adverbs that may stand before the adjective (“very easy”, “much harder”).
    static let intensifiers: WordSet = [
        "very", "really", "so", "much", "far", "quite", "pretty", "extremely", "super", "incredibly", "relatively", "fairly",
        "more", "less", "even", "too", "increasingly", "especially", "particularly", "rather",
    ]
    /// Words before the verb that make it a passive or a linking use (“was made easy to read”,
    /// “gets made simple to”; a contraction in `'s` or `'re` counts too: “it's made easy”).
    static let passiveMarkers: WordSet = [
        "be", "is", "are", "was", "were", "been", "being", "am", "get", "gets", "got", "gotten", "getting",
    ]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords = Set(verbForms)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        let verbs = Self.verbs, adjectives = Self.adjectives, intensifiers = Self.intensifiers
        for i in tokens.indices where tokens[i].kind == .word && verbs.containsLower(of: tokens, i) {
            guard var a = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, a) else { continue }
            if intensifiers.containsLower(of: tokens, a) {
                guard let b = RuleSupport.nextWord(sentence, after: a), RuleSupport.separatedBySpaceOnly(sentence, a, b) else { continue }
                a = b
            }
            guard adjectives.containsLower(of: tokens, a), tokens[a].startsLowercase,
                  let to = RuleSupport.nextWord(sentence, after: a), RuleSupport.separatedBySpaceOnly(sentence, a, to), tokens[to].lowerIs("to"),
                  let v = RuleSupport.nextWord(sentence, after: to), RuleSupport.separatedBySpaceOnly(sentence, to, v),
                  tokens[v].startsLowercase, !RuleSupport.isCodeLike(tokens[v]) else { continue }
            // An infinitive's verb (“to add”, “to run”), not a preposition's object (“made hard to
            // the touch”, “easy to them”).
            guard tokens[v].kind == .word, !Lexicon.determiners.containsLower(of: tokens, v),
                  !Lexicon.objectPronouns.containsLower(of: tokens, v), !Lexicon.possessives.containsLower(of: tokens, v),
                  !tokens[v].lower.hasASCIISuffix("ing") else { continue }
            // A passive or linking use: the object is the subject (“was made easy to read”),
            // also with an adverb between (“was often found hard to”).
            if let p = RuleSupport.previousWord(sentence, before: i) {
                if Self.passiveMarkers.containsNorm(of: tokens, p) || tokens.norm(p).hasASCIISuffix("'s") || tokens.norm(p).hasASCIISuffix("'re") { continue }
                if tokens[p].lower.hasASCIISuffix("ly") || tokens[p].lower.isAny(of: "not", "never", "often", "always", "also", "still"),
                   let q = RuleSupport.previousWord(sentence, before: p), Self.passiveMarkers.containsNorm(of: tokens, q) { continue }
            }
            let verb = tokens[i].text
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [verb + " it"],
                                 message: "Add “it”: “\(verb) it \(tokens[a].text) to …” (the infinitive is the real object)."))
        }
        return out
    }
}
