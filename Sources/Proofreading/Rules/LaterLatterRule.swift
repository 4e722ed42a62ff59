import Foundation

/// Flags “latter” (the second of two) where the adverb “later” (afterwards) is meant: “I will
/// call you latter.”, “See you latter!”. “The latter” and “latter” before a noun (“the latter
/// half”) are left alone: only a “latter” without a determiner that ends its clause, or comes
/// before “on”, “today”, “tonight” or “than” (“latter than planned”), is flagged (Swan, *Practical English Usage*, later/latter).
public struct LaterLatterRule: Rule {
    /// Stable rule ID.
    public let id = "EN_LATER_LATTER"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“latter” (the second of two) where “later” is meant"

    /// Creates the rule.
    public init() {}

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["latter"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I will call you latter.", "I will call you later."),
                        ("See you latter!", "See you later!"),
                        ("We can talk about it latter on.", "We can talk about it later on.")],
            correct: ["Of tea and coffee, I prefer the latter.", "In the latter half of the year, sales rose.",
                      "The latter, however, is rare.", "In his latter years he wrote poems.", "I will call you later."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("latter") {
            guard let p = RuleSupport.previousWord(sentence, before: i) else { continue }
            let pw = tokens[p].lower
            guard !Lexicon.determiners.contains(pw), !Lexicon.possessives.contains(pw), !pw.isAny(of: "and", "or", "former", "in", "these", "those") else { continue }
            if let k = sentence.nextNonSpace(after: i) {
                let a = tokens[k]
                guard a.kind == .punctuation ? a.isOne(of: ".!?,;:") : a.lower.isAny(of: "on", "today", "tonight", "than") else { continue }
            }
            out.append(RuleMatch(range: tokens[i].range, replacements: [RuleSupport.matchCase("later", like: tokens[i].text)],
                                 message: "Use “later” (afterwards); “latter” means the second of two."))
        }
        return out
    }
}
