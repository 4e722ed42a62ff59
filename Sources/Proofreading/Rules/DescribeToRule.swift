import Foundation

/// Flags “describe” and “explain” with the person as a bare object before what is described:
/// “He described me the problem” → “described to me the problem”, “She explained them how it
/// works” → “explained to them how it works”.
///
/// Follows Swan, *Practical English Usage*, entry “explain”: *explain* and *describe* do not take
/// two objects like *give*; the person comes with *to* (“Can you explain the problem to me?”,
/// “Describe your house to me”). Only an object pronoun followed by a determiner, a possessive or
/// a question word (what is described); “Describe me in three words” (me is what is described)
/// is left alone. “explain me” and “explain us” are ``NonstandardPhraseRule``'s.
public struct DescribeToRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DESCRIBE_TO"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“describe/explain” + person without “to” (“described me the problem” → “described to me”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He described me the problem.", "He described to me the problem."),
                        ("She explained them how it works.", "She explained to them how it works."),
                        ("Can you describe us your new house?", "Can you describe to us your new house?"),
                        ("The guide explained him what to do.", "The guide explained to him what to do.")],
            correct: ["Describe me in three words.", "He described the problem to me.", "She explained it to them.",
                      "They described him as a quiet man.", "He described them all.", "She explained herself.",
                      "I described her face to the police.", "The doctor explained her condition.", "They describe us as friends.",
                      "These ideas are hard, so I will explain them the next time.", "I describe them this way."])
    }

    /// The verbs.
    static let verbs: WordSet = ["describe", "describes", "described", "describing", "explain", "explains", "explained", "explaining"]
    /// Words that start what is described or explained.
    static let objectStarts: WordSet = ["the", "a", "an", "this", "that", "these", "those", "my", "your", "his", "our", "their", "its",
                                        "how", "what", "why", "where", "when", "which", "who", "whether"]

    /// Words after a determiner that make an adverbial of time or manner (“the next time”, “this way”).
    static let adverbialNouns: WordSet = ["next", "same", "following", "other", "way", "time", "times", "day", "week", "month", "year",
                                          "morning", "afternoon", "evening", "night", "moment", "best", "first", "last", "second", "whole"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(verbs)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && Self.verbs.containsLower(of: tokens, i) {
            guard let o = RuleSupport.nextWordAfterSpace(sentence, after: i), tokens[o].lower.isAny(of: "me", "us", "him", "them"),
                  let n = RuleSupport.nextWordAfterSpace(sentence, after: o), Self.objectStarts.containsLower(of: tokens, n) else { continue }
            // “explain them the next time”, “describe them this way”: the pronoun is what is explained.
            if let m = RuleSupport.nextWordAfterSpace(sentence, after: n), Self.adverbialNouns.containsLower(of: tokens, m) { continue }
            let verb = tokens[i].lower
            if verb.hasPrefix("explain"), tokens[o].lower.isAny(of: "me", "us"), verb != "explaining" { continue }  // EN_NONSTANDARD_PHRASE
            let fixed = "\(tokens[i].text) to \(tokens[o].text)"
            out.append(RuleMatch(range: RuleSupport.span(sentence, i, o), replacements: [fixed],
                                 message: "“\(tokens[i].text)” takes the person with “to”: “\(fixed)”."))
        }
        return out
    }
}
