import Foundation

/// Flags “could care less” meant as “couldn't care less”.
public struct CouldCareLessRule: Rule {
    /// Stable rule ID.
    public let id = "EN_COULD_CARE_LESS"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“could care less” instead of “couldn't care less”"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I could care less about the score.", "I couldn't care less about the score."),
                        ("She could care less what they think.", "She couldn't care less what they think.")],
            correct: ["I couldn't care less about the score.", "He could care for the plants while we are away."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["could"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].lowerIs("could") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("care"),
                  let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lowerIs("less") else { continue }
            if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "how", "who", "if") { continue }
            out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("couldn't", like: t.text)],
                                 message: "The idiom is “couldn't care less”: it means you care not at all."))
        }
        return out
    }
}
