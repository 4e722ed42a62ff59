import Foundation

/// Flags ASCII stand-ins for typographic symbols where the intent is plain: a multiplication
/// `x` between numbers (“3 x 4”, “1920x1080” → ×), a copyright mark before a year (“(c) 2024”
/// → ©), a registered or trademark sign after a name (“Acme(R)”, “Acme(TM)” → ®, ™), a plus-minus
/// before a number (“+/- 5” → ±).
///
/// Follows LanguageTool's `MULTIPLICATION_SIGN`, `COPYRIGHT`, `R_SYMBOL` and `PLUS_MINUS` rules
/// and the *Chicago Manual of Style* (9.19, the multiplication sign). What could be something
/// else is left alone: `0x1F` (a hexadecimal number), `(c)` in an enumeration (“(a), (b), (c)”),
/// `4x faster`. A double hyphen for a dash (“yes -- no”) is a house style, not flagged. The
/// multiplication sign is a typographer's choice more than a correction: a hint that `proofread
/// --fix` leaves alone.
public struct TypographicSymbolRule: Rule {
    /// Stable rule ID.
    public let id = "TYPOGRAPHIC_SYMBOLS"
    /// Typography (``RuleCategory/typography``).
    public let category = RuleCategory.typography
    /// Every pattern needs a number, a word with digits (`1920x1080`) or a parenthesis (`(c)`).
    public var featureTriggers: SentenceFeatures? { [.number, .digitWord, .parenthesis] }
    /// One line saying what the rule checks.
    public let summary = "An ASCII stand-in for a typographic symbol (“3 x 4” → “3 × 4”, “(c) 2024” → “© 2024”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The room is 3 x 4 metres.", "The room is 3 × 4 metres."),
                        ("The screen shows 1920x1080 pixels.", "The screen shows 1920×1080 pixels."),
                        ("Text (c) 2024 by the authors.", "Text © 2024 by the authors."),
                        ("Install Acme(R) on every machine.", "Install Acme® on every machine."),
                        ("It runs on Acme(TM) servers.", "It runs on Acme™ servers."),
                        ("The error is +/- 5 percent.", "The error is ± 5 percent.")],
            correct: ["The value 0x1F is hexadecimal.", "Use the standard GTK+-2 text entry widget.", "Choose (a), (b) or (c) from the list.", "Run it with --force to skip checks.",
                      "The new build is 4x faster.", "Use x as the unknown: 3x plus 4 equals 10.", "The score was 3 - 4.",
                      "Items (c) 2 and 3 are optional.", "Pick (a) 2019, (b) 2020 or (c) 2021.", "The answer -- as always -- was no."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        func isNumber(_ k: Int) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .number }
        func isWord(_ k: Int) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .word }
        func isSpace(_ k: Int) -> Bool { k >= 0 && k < tokens.count && tokens[k].kind == .whitespace }
        func text(_ k: Int) -> String { k >= 0 && k < tokens.count ? tokens[k].text : "" }
        /// The index after optional whitespace at `k`.
        func skipSpace(_ k: Int) -> Int { isSpace(k) ? k + 1 : k }
        var i = 0
        while i < tokens.count {
            // Only “x”, a word with digits, “(” and “+” start a pattern.
            if tokens[i].kind == .whitespace || tokens[i].kind == .word && !tokens[i].traits.contains(.hasDigit) && !tokens[i].lowerIs("x") {
                i += 1
                continue
            }
            let t = tokens[i]
            switch t.kind {
            case .word where t.lowerIs("x"):
                // “3 x 4”: numbers on both sides, spaced alike.
                let spacedBefore = isSpace(i - 1)
                let before = spacedBefore ? i - 2 : i - 1
                let after = skipSpace(i + 1)
                if isNumber(before), isNumber(after), spacedBefore == isSpace(i + 1) {
                    out.append(ProofreadingSuggestion(range: t.range, replacements: ["×"], message: "Use the multiplication sign “×” between numbers.", isConfident: false))
                }
            case .word where t.traits.contains(.hasDigit):
                // “1920x1080”: digits, an x, digits; not a hexadecimal “0x…”.
                if let fixed = Self.multiplied(t.text) {
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed], message: "Use the multiplication sign “×” between numbers.", isConfident: false))
                }
            case .punctuation where t.isOne(of: "("):
                guard i + 2 < tokens.count, tokens[i + 2].isOne(of: ")"), isWord(i + 1) else { break }
                let inner = tokens[i + 1].lower
                let range = NSRange(location: t.range.location, length: tokens[i + 2].end - t.range.location)
                if inner == "c" {
                    // Before a year, not in an enumeration (“(a) …, (b) …, (c) …”).
                    let next = skipSpace(i + 3)
                    // Not after the word “Copyright” (“Copyright (C) 2007”, the GPL's and GNU's
                    // notices): the word is the notice, and the sign would add nothing to it.
                    let previous = i >= 2 && isSpace(i - 1) ? i - 2 : i - 1
                    let afterWord = previous >= 0 && tokens[previous].lowerIs("copyright")
                    if isNumber(next), tokens[next].text.count == 4, !text(next + 1).hasPrefix("."), !Self.enumerates(tokens), !afterWord {
                        // Reported, not changed unattended: licence texts keep “(C)” as written
                        // (the GPL's “Copyright (C) 2007”).
                        out.append(ProofreadingSuggestion(range: range, replacements: ["©"], message: "Use the copyright sign “©”.", isConfident: false))
                        i += 3
                        continue
                    }
                } else if inner == "r" || inner == "tm", isWord(i - 1), !tokens[i + 1].startsLowercase || inner == "tm" && tokens[i + 1].textIs("tm") {
                    // Right after a name, no space: “Acme(R)”.
                    out.append(ProofreadingSuggestion(range: range, replacements: [inner == "r" ? "®" : "™"],
                                         message: inner == "r" ? "Use the registered sign “®”." : "Use the trademark sign “™”."))
                    i += 3
                    continue
                }
            case .punctuation where t.isOne(of: "+"):
                // “+/-” or “+-” before a number. Not glued to a word before it: the plus of a
                // name (“GTK+-2”, “Gtk+-2”, pinentry's NEWS; “C++-11”) and a hyphen.
                if i > 0, tokens[i - 1].kind == .word || tokens[i - 1].isOne(of: "+") { break }
                var end = i + 1
                if text(end) == "/" { end += 1 }
                guard text(end) == "-", isNumber(skipSpace(end + 1)), end + 1 < tokens.count else { break }
                let range = NSRange(location: t.range.location, length: tokens[end].end - t.range.location)
                out.append(ProofreadingSuggestion(range: range, replacements: ["±"], message: "Use the plus-minus sign “±”."))
                i = end + 1
                continue
            default:
                break
            }
            i += 1
        }
        return out
    }

    /// True when `tokens` hold “(a)” or “(b)”: an enumeration, in which “(c)” is its third item.
    static func enumerates<C: RandomAccessCollection>(_ tokens: C) -> Bool where C.Element == Token, C.Index == Int {
        guard tokens.count >= 3 else { return false }
        for k in 1..<(tokens.count - 1) where tokens[k - 1].isOne(of: "(") && tokens[k + 1].isOne(of: ")") {
            if tokens[k].lower.isAny(of: "a", "b", "i", "ii") { return true }
        }
        return false
    }

    /// `1920x1080` → `1920×1080` (digits, one `x`, digits; the first not a lone `0`), else nil.
    static func multiplied(_ word: String) -> String? {
        let parts = word.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts[0] != "0" else { return nil }
        return "\(parts[0])×\(parts[1])"
    }
}
