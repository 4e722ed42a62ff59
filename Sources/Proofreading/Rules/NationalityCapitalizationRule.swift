import Foundation

/// Flags languages, nationalities and religions in lowercase (“english” → “English”); words that
/// are also common nouns or verbs (“polish”, “china”) are left alone, and “french” before the
/// nouns it is part of in lowercase (“french fries”, “french doors”).
public struct NationalityCapitalizationRule: Rule {
    /// Stable rule ID.
    public let id = "EN_PROPER_ADJECTIVE_CAPITALIZATION"
    /// The rule's category.
    public let category = RuleCategory.casing
    /// One line saying what the rule checks.
    public let summary = "Languages and nationalities start with a capital letter"

    static let words: WordSet = [
        "english", "spanish", "german", "italian", "american", "americans", "british", "european", "europeans",
        "canadian", "australian", "mexican", "russian", "chinese", "japanese", "korean", "african", "asian",
        "brazilian", "portuguese", "swedish", "norwegian", "finnish", "irish", "scottish", "dutch", "greek",
        "christian", "christians", "muslim", "muslims", "jewish", "hindu", "buddhist", "islamic", "arab",
        "ukrainian", "indonesian", "vietnamese", "turkish", "egyptian", "israeli", "iranian", "pakistani",
        "nigerian", "argentinian", "chilean", "colombian", "peruvian", "hungarian", "czech", "austrian", "belgian",
        "english-speaking", "hebrew", "hindi", "urdu", "bengali", "swahili", "mandarin", "cantonese", "french",
    ]

    /// Nouns after which a listed word is part of a common noun written in lowercase (“french
    /// fries”, “french doors”): left alone there.
    static let commonNounUses: [String: WordSet] = [
        "french": ["fries", "fry", "toast", "door", "doors", "window", "windows", "horn", "horns", "press", "presses", "kiss",
                   "kisses", "kissing", "kissed", "braid", "braids", "bread", "dressing", "manicure", "bean", "beans",
                   "cuff", "cuffs", "seam", "seams", "curve", "curves", "knot", "knots", "drain", "drains", "twist", "tuck",
                   "onion", "vanilla", "roast", "polish", "letter"],
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She speaks english at work.", "She speaks English at work."),
                        ("The japanese team won the match.", "The Japanese team won the match."),
                        ("I speak french at home.", "I speak French at home.")],
            correct: ["We ordered french fries and a coffee.", "Polish the silver before dinner.", "Open the french doors.",
                      "She made french toast for breakfast.",
                      "He learned English and German at school."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.words.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        for i in sentence.tokens.indices where sentence.tokens[i].kind == .word && sentence.tokens[i].startsLowercase && Self.words.contains(sentence.tokens[i].text) {
            let t = sentence.tokens[i]
            // Part of a code-ish run: “lang=english”, “english_words”.
            if i > 0, !sentence.tokens[i - 1].isSpace, sentence.tokens[i - 1].isOne(of: "=/-_.") { continue }
            if i + 1 < sentence.tokens.count, sentence.tokens[i + 1].isOne(of: "=/_."),
               i + 2 < sentence.tokens.count, !sentence.tokens[i + 2].isSpace { continue }
            if let uses = Self.commonNounUses[t.text], let n = RuleSupport.nextWord(sentence, after: i),
               uses.contains(sentence.tokens[n].lower) { continue }
            let fixed = t.text.prefix(1).uppercased() + t.text.dropFirst()
            out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed],
                                 message: "Languages and nationalities take a capital letter in English: “\(fixed)”."))
        }
        return out
    }
}
