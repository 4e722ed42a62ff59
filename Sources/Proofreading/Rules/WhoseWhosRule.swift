import Foundation

/// Flags “whose” where “who's” (who is / who has) is meant: “whose going”, “whose been”.
public struct WhoseWhosRule: Rule {
    /// Stable rule ID.
    public let id = "EN_WHOSE_WHO_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“whose” (possessive) where “who's” (who is) is meant"

    static let after: WordSet = ["a", "an", "been", "going", "gonna", "not", "coming", "ready", "responsible", "there", "next", "in", "on", "at", "got", "calling", "asking", "really", "never", "always", "still", "also", "the"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Whose going to the party?", "Who's going to the party?"),
                        ("I wonder whose responsible for this.", "I wonder who's responsible for this."),
                        ("Whose been eating my porridge?", "Who's been eating my porridge?")],
            correct: ["Whose book is this?", "The author, whose next novel is due in May, spoke first.",
                      "We met a woman whose car had broken down."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["whose"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lower == "whose" {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), Self.after.contains(tokens[j].lower) else { continue }
            let n = tokens[j].lower
            // “whose next novel”, “whose the …”: the possessive reading needs a noun after.
            if ["next", "in", "on", "at", "the", "a", "an"].contains(n), let k = RuleSupport.nextWord(sentence, after: j) {
                let kw = tokens[k].lower
                if n == "next" { guard ["to", "in", "on"].contains(kw) else { continue } }
                else if ["in", "on", "at"].contains(n) { guard ["charge", "there", "here"].contains(kw) else { continue } }
                else { guard tokens[k].kind == .word, context.speller.isCorrect(tokens[k].text) else { continue }; if n == "the" { continue } }
            } else if ["next", "in", "on", "at", "the"].contains(n) { continue }
            out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("who's", like: t.text)],
                                 message: "Use “who's” (who is, who has) here; “whose” is the possessive."))
        }
        return out
    }
}
