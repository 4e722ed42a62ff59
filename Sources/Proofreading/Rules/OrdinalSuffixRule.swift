import Foundation

/// Flags a wrong ordinal suffix on a number: “1th” → “1st”, “22th” → “22nd”, “13rd” → “13th”.
public struct OrdinalSuffixRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ORDINAL_SUFFIX"
    /// The rule's category.
    public let category = RuleCategory.typography
    /// Only in a word with digits (`1th`).
    public var featureTriggers: SentenceFeatures? { .digitWord }
    /// One line saying what the rule checks.
    public let summary = "Ordinal numbers with the wrong suffix (“1th”, “22th”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("It is the 1th of May.", "It is the 1st of May."), ("She came 22th in the race.", "She came 22nd in the race."),
                        ("The 13rd floor is closed.", "The 13th floor is closed.")],
            correct: ["It is the 1st of May, the 2nd, 3rd, 11th, 12th, 13th and 21st.", "Use 2FA and mp3 files."])
    }

    /// The correct suffix of `n`.
    static func suffix(_ n: Int) -> String {
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        for t in sentence.tokens where t.kind == .word && t.hasDigit {
            let digits = t.text.prefix { $0.isASCII && $0.isNumber }
            let rest = t.text.dropFirst(digits.count)
            guard !digits.isEmpty, digits.count <= 6, String(rest).isAny(of: "st", "nd", "rd", "th"), let n = Int(digits) else { continue }
            let want = Self.suffix(n)
            guard want != String(rest) else { continue }
            out.append(RuleMatch(range: t.range, replacements: [String(digits) + want],
                                 message: "The ordinal of \(digits) is “\(digits)\(want)”."))
        }
        return out
    }
}
