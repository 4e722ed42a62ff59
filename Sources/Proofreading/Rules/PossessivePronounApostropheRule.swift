import Foundation

/// Flags an apostrophe in a possessive pronoun: “it's your's” → “yours”, “their's” → “theirs”,
/// “our's” → “ours”, “her's” → “hers”.
///
/// Follows Swan, *Practical English Usage*, entry “apostrophe”: possessive pronouns
/// (*yours*, *ours*, *theirs*, *hers*, *its*) are written without one. LanguageTool has the
/// same check as `YOUR_S` (grammar.xml). “its”/“it's” is ``ItsContractionRule``'s. A trailing
/// apostrophe (“yours'”) is left alone: it is more often a closing quotation mark.
public struct PossessivePronounApostropheRule: Rule {
    /// Stable rule ID.
    public let id = "EN_POSSESSIVE_PRONOUN_APOSTROPHE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "an apostrophe in a possessive pronoun (“your's” → “yours”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("It's not mine, it's your's.", "It's not mine, it's yours."),
                        ("Their's is the bigger garden.", "Theirs is the bigger garden."),
                        ("The choice is our's to make.", "The choice is ours to make."),
                        ("The red car is her's.", "The red car is hers."),
                        ("Your’s sincerely, Tom", "Yours sincerely, Tom")],
            correct: ["It's not mine, it's yours.", "Theirs is the bigger garden.", "The house is hers.", "He's here.",
                      "Her son's car is red.", "Our son's friend came.", "She said, 'The book is yours'."])
    }

    /// The wrong forms (``Token/norm``), with the pronoun.
    static let forms: WordMap<String> = WordMap(["your's": "yours", "their's": "theirs", "our's": "ours", "her's": "hers"])

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["your's", "their's", "our's", "her's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            if let pronoun = Self.forms.value(forNormOf: tokens, i) {
                out.append(RuleMatch(range: tokens[i].range, replacements: [RuleSupport.matchCase(pronoun, like: tokens[i].text)],
                                     message: "Possessive pronouns have no apostrophe: “\(pronoun)”."))
            }
        }
        return out
    }
}
