import Foundation

/// Flags “fewer” before an uncountable noun (“fewer information” → “less information”) and
/// “less” before a plural count noun with a number sense (“less people” → “fewer people”).
///
/// Follows LanguageTool's `FEWER_UNCOUNTABLE` and `LESS_COMPARATIVE` (grammar.xml) and Merriam-
/// Webster's usage note on *less* and *fewer*: *fewer* counts, *less* measures. “Less” before a
/// plural is flagged only for nouns that are always counted (people, things, items…), since
/// “less than 10 miles” and “less hours” in the sense of time are common and accepted.
public struct FewerLessRule: Rule {
    /// Stable rule ID.
    public let id = "EN_FEWER_LESS"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“fewer” before an uncountable noun, “less” before people and things"

    static let uncountable: WordSet = [
        "information", "advice", "money", "water", "time", "work", "homework", "research", "evidence", "equipment",
        "furniture", "knowledge", "traffic", "luggage", "baggage", "feedback", "progress", "weather", "music", "software",
        "hardware", "rice", "sugar", "salt", "air", "energy", "power", "noise", "pollution", "space", "food", "help",
        "attention", "effort", "interest", "experience", "damage", "violence", "crime", "stress", "pain", "fun",
    ]
    static let counted: WordSet = ["people", "persons", "things", "items", "students", "children", "users", "members", "cars", "books", "friends", "employees", "words", "errors", "mistakes", "bugs", "calories", "options", "choices", "votes"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He gave his enemies fewer information than his friends.", "He gave his enemies less information than his friends."),
                        ("There were less people than last year.", "There were fewer people than last year."),
                        ("I got fewer advice than I hoped.", "I got less advice than I hoped.")],
            correct: ["There were fewer people than last year.", "It takes less time.", "Less than ten people came.",
                      "We had fewer problems.", "It costs less money."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["fewer", "less"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("fewer") || tokens[i].lowerIs("less")) {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            if t.lowerIs("fewer"), Self.uncountable.contains(n) {
                if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'") { continue }
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("less", like: t.text)],
                                     message: "“\(tokens[j].text)” is uncountable: use “less”."))
            } else if t.lowerIs("less"), Self.counted.contains(n) {
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("fewer", like: t.text)],
                                     message: "“\(tokens[j].text)” are counted: use “fewer”."))
            }
        }
        return out
    }
}
