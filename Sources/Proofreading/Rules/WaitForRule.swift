import Foundation

/// Flags “wait” with a person as its direct object, which takes “for”: “I'm waiting you” →
/// “waiting for you”, “Wait me here” → “Wait for me”.
///
/// Follows LanguageTool's `WAIT_FOR`-style collocation rules (grammar.xml) and the learner
/// dictionaries' pattern *wait for somebody* (Oxford Advanced Learner's Dictionary, “wait”).
/// Only an object pronoun right after a form of “wait” is flagged (“wait it out” and “wait your
/// turn” are left alone).
public struct WaitForRule: Rule {
    /// Stable rule ID.
    public let id = "EN_WAIT_FOR"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“wait” + person without “for” (“waiting you” → “waiting for you”)"

    /// Forms of “wait”.
    static let waitForms: WordSet = ["wait", "waits", "waited", "waiting"]
    /// Object pronouns that name a person.
    static let people: WordSet = ["me", "you", "him", "her", "us", "them"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I'm waiting you at the entrance.", "I'm waiting for you at the entrance."),
                        ("Wait me here, please.", "Wait for me here, please."),
                        ("We waited them for an hour.", "We waited for them for an hour.")],
            correct: ["I'm waiting for you at the entrance.", "Wait your turn.", "She is waiting her turn.", "We will wait it out.",
                      "Keep waiting, you will see.", "The waiting list is long."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(waitForms)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && Self.waitForms.containsLower(of: tokens, i) {
            guard let o = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, o),
                  Self.people.containsLower(of: tokens, o) else { continue }
            if let n = RuleSupport.nextWord(sentence, after: o), tokens[n].lower.isAny(of: "out", "to") { continue }
            // “her” before a noun is a possessive (“waiting her turn”, “waiting her patient”).
            if tokens[o].lowerIs("her"), let n = RuleSupport.nextWord(sentence, after: o), RuleSupport.separatedBySpaceOnly(sentence, o, n),
               tokens[n].startsLowercase, !Lexicon.determiners.containsLower(of: tokens, n), !tokens[n].lower.isAny(of: "at", "in", "for", "here", "there", "outside", "until", "till") { continue }
            let fixed = "\(tokens[i].text) for \(tokens[o].text)"
            out.append(RuleMatch(range: RuleSupport.span(sentence, i, o), replacements: [fixed],
                                 message: "“Wait” takes “for” before the person waited for: “\(fixed)”."))
        }
        return out
    }
}
