import Foundation

/// Flags “their”, “there” and “they're” confused where the context is clear: “their is” →
/// “there is”, “there own” → “their own”, “they're is” → “there is”.
public struct TheirThereRule: Rule {
    /// Stable rule ID.
    public let id = "EN_THEIR_THERE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“their”, “there” and “they're” confused"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Their is a problem with the build.", "There is a problem with the build."),
                        ("I think their are two options.", "I think there are two options."),
                        ("They did it on there own.", "They did it on their own."),
                        ("They're is no reason to panic.", "There is no reason to panic.")],
            correct: ["Their idea is good.", "There is a problem.", "They finished their own work.", "Is there own-brand milk?"])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for (i, t) in tokens.enumerated() where t.kind == .word {
            let w = RuleSupport.norm(t)
            guard w == "their" || w == "there" || w == "they're", let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            if (w == "their" || w == "they're") && ["is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't"].contains(RuleSupport.norm(tokens[j])) {
                // Not “what their is” style ellipsis: require a following word or number.
                guard let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word || tokens[k].kind == .number else { continue }
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("there", like: t.text)],
                                     message: "Use “there” in “there is / there are”; “\(t.text)” is \(w == "their" ? "the possessive" : "“they are”")."))
            } else if w == "there" && n == "own" {
                if j + 1 < tokens.count, tokens[j + 1].text == "-" { continue }
                guard let p = RuleSupport.previousWord(sentence, before: i), !["is", "was", "are", "were"].contains(tokens[p].lower) else { continue }
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("their", like: t.text)],
                                     message: "Use the possessive “their” before “own”."))
            }
        }
        return out
    }
}
