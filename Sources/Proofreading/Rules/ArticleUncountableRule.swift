import Foundation

/// Flags “a” or “an” before a noun that is uncountable: “a information” → “information”, “An
/// advice is welcome” → “Advice is welcome”, “a furniture” → “furniture”.
///
/// Follows LanguageTool's `A_UNCOUNTABLE` (grammar.xml) and Swan, *Practical English Usage*
/// (§148–150): nouns such as *information*, *advice*, *furniture* and *equipment* are
/// uncountable in English (unlike their equivalents in many languages) and take no indefinite
/// article. Only nouns that are uncountable in every sense are listed; “a knowledge of” and “a
/// great deal” stay.
public struct ArticleUncountableRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ARTICLE_UNCOUNTABLE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“a” or “an” before an uncountable noun (“a information”)"

    /// Nouns that are uncountable in every sense.
    static let nouns: WordSet = [
        "information", "advice", "furniture", "equipment", "luggage", "baggage", "homework", "feedback", "evidence",
        "machinery", "clothing", "jewelry", "jewellery", "scenery", "news", "software", "hardware", "traffic", "garbage",
        "rubbish", "research", "accommodation", "permission", "wildlife", "merchandise", "knowledge",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We begin to share a information and ask questions.", "We begin to share information and ask questions."),
                        ("An accommodation is too expensive.", "Accommodation is too expensive."),
                        ("She gave me an advice.", "She gave me advice.")],
            correct: ["She has a knowledge of Greek.", "We need information.", "A piece of advice helps.", "He is an information broker.",
                      "It is a software company.", "Go is a garbage collected language."])
    }

    /// True when the article at `article` comes directly before a listed noun used as a noun.
    static func applies(_ sentence: Sentence, article i: Int) -> Bool {
        let tokens = sentence.tokens
        guard tokens[i].lower.isAny(of: "a", "an"), let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j),
              tokens[j].startsLowercase || sentence.previousNonSpace(before: i) == nil else { return false }
        let w = tokens[j].lower
        guard nouns.contains(w) else { return false }
        if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { return false }
        // “a knowledge of”; “an information broker”, “a software company”: a noun modifier.
        if w == "knowledge", RuleSupport.nextWord(sentence, after: j).map({ tokens[$0].lowerIs("of") }) == true { return false }
        // A noun right after (“an information broker”) is checked by the rule with its speller;
        // here a few common modifiers' heads are enough to keep “a/an” for ``ArticleAnRule``.
        if let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lower.isAny(of: "broker", "company", "companies", "system", "systems", "engineer", "developer", "center", "centre", "technology", "age", "desk", "officer", "sheet", "package", "vendor", "product", "update", "report", "station", "jam", "light", "lights") { return false }
        return true
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["a", "an"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].range.length <= 2 && (tokens[i].lowerIs("a") || tokens[i].lowerIs("an")) {
            let t = tokens[i]
            guard Self.applies(sentence, article: i), let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            // The noun must end its phrase (“a garbage collected language”: a modifier).
            if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word,
               !(tokens[k].lower.isAny(of: "is", "was", "and", "or", "about", "on", "for", "from", "that", "which", "with", "to", "in", "of", "at", "by", "as", "but", "so", "when", "if", "than")) { continue }
            // A noun after the listed one makes it a modifier (“a software company”).
            if let k = RuleSupport.nextWord(sentence, after: j), let classes = context.wordClasses, classes.isNoun(tokens[k].lower),
               !PossessiveSlot.closedClass.containsLower(of: tokens, k) { continue }
            let noun = tokens[j].text
            let fixed = t.startsUppercase ? noun.prefix(1).uppercased() + noun.dropFirst() : noun
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "“\(noun)” is uncountable: drop “\(t.text)”."))
        }
        return out
    }
}
