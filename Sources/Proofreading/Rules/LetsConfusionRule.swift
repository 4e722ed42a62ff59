import Foundation

/// Flags “lets” at the start of a suggestion (“lets go” → “let's go”) and “let's” where “lets”
/// (allows) is meant (“the tool let's you” → “lets you”).
public struct LetsConfusionRule: Rule {
    /// Stable rule ID.
    public let id = "EN_LETS_LET_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“lets” (allows) and “let's” (let us) confused"

    static let verbs: WordSet = ["go", "do", "see", "talk", "get", "start", "make", "try", "take", "look", "keep", "play", "eat", "hope", "not", "just", "say", "move", "meet", "find", "discuss", "check", "begin", "focus", "assume", "consider", "push", "add", "build", "run", "write", "fix", "review", "dive", "walk", "celebrate", "wait", "be", "call", "have", "use", "create", "imagine", "pretend", "agree", "face", "work", "all"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Lets go to the beach.", "Let's go to the beach."),
                        ("It is late, so lets push them first.", "It is late, so let's push them first."),
                        ("The crutch let's him walk.", "The crutch lets him walk.")],
            correct: ["Let's go to the beach.", "The app lets you export files.", "He lets go of the rope.",
                      "Let's see what happens."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["lets", "let's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            let w = RuleSupport.norm(t)
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            if w == "lets", Self.verbs.contains(n) {
                let p = sentence.previousNonSpace(before: i)
                let atStart = p == nil || (tokens[p!].kind == .punctuation && tokens[p!].isOne(of: ",;:\"\u{201C}("))
                    || (tokens[p!].kind == .word && (tokens[p!].lower).isAny(of: "so", "ok", "okay", "now", "then", "well", "and", "but", "first"))
                guard atStart else { continue }
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("let's", like: t.text)],
                                     message: "Use “let's” (let us) to suggest doing something; “lets” means “allows”."))
            } else if w == "let's", n.isAny(of: "him", "her", "them", "you", "me", "users", "people", "anyone", "everyone"),
                      sentence.previousNonSpace(before: i) != nil, tokens[sentence.previousNonSpace(before: i)!].kind == .word {
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("lets", like: t.text)],
                                     message: "Use “lets” (allows) here; “let's” means “let us”."))
            }
        }
        return out
    }
}
