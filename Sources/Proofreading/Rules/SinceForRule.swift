import Foundation

/// Flags “since” before a length of time, which takes “for”: “I have lived here since three
/// years” → “for three years”. “Since” takes a point in time (“since 2019”, “since Monday”,
/// “since three years ago”).
///
/// Follows LanguageTool's `SINCE_FOR` (grammar.xml) and Swan, *Practical English Usage* §209
/// (“for” + period, “since” + starting point): a number or quantity word and then a unit of time,
/// not followed by “ago” or “before”.
public struct SinceForRule: Rule {
    /// Stable rule ID.
    public let id = "EN_SINCE_FOR"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“since” before a length of time (“since three years” → “for three years”)"

    /// Quantities before a unit of time.
    static let quantities: WordSet = ["a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                      "eleven", "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "many",
                                      "several", "few", "some", "couple"]
    /// Units of time.
    static let units: WordSet = ["second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks",
                                 "month", "months", "year", "years", "decade", "decades", "century", "centuries", "ages"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I have lived here since three years.", "I have lived here for three years."),
                        ("She has been waiting since two hours.", "She has been waiting for two hours."),
                        ("We have known each other since many years.", "We have known each other for many years.")],
            correct: ["I have lived here since 2019.", "I have lived here since three years ago.", "I have lived here for three years.",
                      "Since two days before the launch, nobody has slept.", "Since a week is short, we hurried.", "It has rained since Monday."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["since"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].lowerIs("since") {
            // “Since” opening a sentence may mean “because” (“Since a week is short, …”).
            guard sentence.previousNonSpace(before: i) != nil else { continue }
            guard var q = RuleSupport.nextWord(sentence, after: i) ?? sentence.nextNonSpace(after: i) else { continue }
            guard tokens[q].kind == .number || Self.quantities.containsLower(of: tokens, q) else { continue }
            // “a couple of days”, “a few weeks”.
            if tokens[q].lower.isAny(of: "a", "an"), let f = RuleSupport.nextWord(sentence, after: q), tokens[f].lower.isAny(of: "few", "couple") {
                q = f
                if tokens[q].lowerIs("couple"), let o = RuleSupport.nextWord(sentence, after: q), tokens[o].lowerIs("of") { q = o }
            }
            guard let u = RuleSupport.nextWord(sentence, after: q), Self.units.containsLower(of: tokens, u) else { continue }
            if let after = RuleSupport.nextWord(sentence, after: u), tokens[after].lower.isAny(of: "ago", "before", "earlier", "later", "back") { continue }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("for", like: tokens[i].text)],
                                 message: "Use “for” with a length of time; “since” takes a point in time (“since 2019”)."))
        }
        return out
    }
}
