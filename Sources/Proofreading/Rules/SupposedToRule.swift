import Foundation

/// Flags “suppose to” after a form of “be” (“we're suppose to”) and “did … used to”
/// (“didn't used to” → “didn't use to”).
public struct SupposedToRule: Rule {
    /// Stable rule ID.
    public let id = "EN_SUPPOSED_TO"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“suppose to” for “supposed to”, “didn't used to” for “didn't use to”"

    static let be: WordSet = ["is", "are", "was", "were", "am", "be", "been", "being", "not", "i'm", "you're", "we're", "they're", "he's", "she's", "it's", "isn't", "aren't", "wasn't", "weren't", "that's", "what's", "who's"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We're suppose to leave at noon.", "We're supposed to leave at noon."),
                        ("It was suppose to work.", "It was supposed to work."),
                        ("We didn't used to have a car.", "We didn't use to have a car.")],
            correct: ["I suppose to some people it matters.", "We used to have a car.", "It was supposed to work."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["suppose", "used"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("to"), let p = RuleSupport.previousWord(sentence, before: i) else { continue }
            let pw = RuleSupport.norm(tokens[p])
            if t.lowerIs("suppose"), Self.be.contains(pw) {
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("supposed", like: t.text)],
                                     message: "Write “supposed to”: the “-d” is silent but needed."))
            } else if t.lowerIs("used"), ["did", "didn't", "didn’t"].contains(pw) {
                out.append(RuleMatch(range: t.range, replacements: ["use"], message: "After “did”, write “use to”: the verb takes its base form."))
            }
        }
        return out
    }
}
