import Foundation

/// Flags common nonstandard spellings of phrases: “alot” (“a lot”), “irregardless”
/// (“regardless”), “could care less” (“couldn't care less”).
public struct NonstandardWordRule: Rule {
    /// Stable rule ID.
    public let id = "EN_NONSTANDARD_WORD"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Nonstandard words such as “alot” and “irregardless”"

    static let words: [String: (String, String)] = [
        "alot": ("a lot", "“alot” is not a word: write “a lot”."),
        "irregardless": ("regardless", "“irregardless” is nonstandard: use “regardless”."),
        "everytime": ("every time", "Write “every time” as two words."),
        "atleast": ("at least", "Write “at least” as two words."),
        "infact": ("in fact", "Write “in fact” as two words."),
        "aswell": ("as well", "Write “as well” as two words."),
        "alright": ("all right", "“alright” is informal: in careful writing use “all right”."),
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Thanks alot for your help.", "Thanks a lot for your help."),
                        ("Irregardless of the cost, we will ship it.", "Regardless of the cost, we will ship it."),
                        ("It fails everytime I run it.", "It fails every time I run it.")],
            correct: ["Thanks a lot for your help.", "Regardless of the cost, we will ship it.",
                      "We allot two hours to each talk."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(Self.words.keys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        for t in sentence.tokens where t.kind == .word {
            guard let (fix, message) = Self.words[t.lower], !t.lowerIs("alright") else { continue }
            out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase(fix, like: t.text)], message: message))
        }
        return out
    }
}
