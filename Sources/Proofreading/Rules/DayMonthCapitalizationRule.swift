import Foundation

/// Flags days of the week and months in lowercase (“monday” → “Monday”). “may”, “march” and
/// “august” are ordinary words too, so they are flagged only next to a day or year number
/// (“may 5”, “5 march 2020”).
public struct DayMonthCapitalizationRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DAY_MONTH_CAPITALIZATION"
    /// The rule's category.
    public let category = RuleCategory.casing
    /// One line saying what the rule checks.
    public let summary = "Days and months start with a capital letter"

    /// Names that are always a day or a month (the days, also plural, and most months).
    static let always = WordSet(Lexicon.weekdayNames + Lexicon.weekdayNames.map { $0 + "s" }
                                + Lexicon.monthNames.filter { !withNumber.contains($0) })
    /// Months that are also common words (“may”, “march”, “august”): a month only beside a number.
    static let withNumber: WordSet = ["may", "march", "august"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The release is on monday.", "The release is on Monday."),
                        ("We met on may 5 last year.", "We met on May 5 last year."),
                        ("It snowed in january.", "It snowed in January.")],
            correct: ["You may leave early on Friday.",
                      "The troops march at dawn.",
                      "It was an august assembly of scholars."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.always.union(Self.withNumber).set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].startsLowercase {
            let t = tokens[i]
            var flag = Self.always.contains(t.text)
            if !flag && Self.withNumber.contains(t.text) {
                if let n = sentence.nextNonSpace(after: i), tokens[n].kind == .number, RuleSupport.separatedBySpaceOnly(sentence, i, n),
                   let v = Int(tokens[n].text), (1...31).contains(v) || (1000...2999).contains(v) {
                    let after = sentence.nextNonSpace(after: n)
                    flag = after == nil || tokens[after!].kind != .word || (tokens[after!].lower).isAny(of: "and", "to", "at", "in", "the", "last", "next", "this", "was", "is")
                }
                if !flag, let p = sentence.previousNonSpace(before: i), tokens[p].kind == .number, let v = Int(tokens[p].text), (1...31).contains(v),
                   let n = sentence.nextNonSpace(after: i), tokens[n].kind == .number {
                    flag = true
                }
            }
            guard flag else { continue }
            let fixed = t.text.prefix(1).uppercased() + t.text.dropFirst()
            out.append(RuleMatch(range: t.range, replacements: [fixed],
                                 message: "Days and months take a capital letter in English: “\(fixed)”."))
        }
        return out
    }
}
