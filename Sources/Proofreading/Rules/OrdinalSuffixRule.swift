import Foundation

extension RuleRegistry {
    /// Flags a wrong ordinal suffix on a number: “1th” → “1st”, “22th” → “22nd”, “13rd” → “13th”
    /// (a ``CodedRule``: a rule with logic, written as one value).
    static let ordinalSuffix = CodedRule(
        "EN_ORDINAL_SUFFIX", .typography, "Ordinal numbers with the wrong suffix (“1th”, “22th”)", features: .digitWord,
        wrong: [("It is the 1th of May.", "It is the 1st of May."), ("She came 22th in the race.", "She came 22nd in the race."),
                ("The 13rd floor is closed.", "The 13th floor is closed.")],
        right: ["It is the 1st of May, the 2nd, 3rd, 11th, 12th, 13th and 21st.", "Use 2FA and mp3 files."]
    ) { sentence, _ in
        var out: [ProofreadingSuggestion] = []
        for t in sentence.tokens where t.kind == .word && t.hasDigit {
            let digits = t.text.prefix { $0.isASCII && $0.isNumber }
            let rest = t.text.dropFirst(digits.count)
            guard !digits.isEmpty, digits.count <= 6, String(rest).isAny(of: "st", "nd", "rd", "th"), let n = Int(digits) else { continue }
            let want = ordinalSuffix(n)
            guard want != String(rest) else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [String(digits) + want],
                                 message: "The ordinal of \(digits) is “\(digits)\(want)”."))
        }
        return out
    }

    /// The correct suffix of `n`.
    static func ordinalSuffix(_ n: Int) -> String {
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }
}
