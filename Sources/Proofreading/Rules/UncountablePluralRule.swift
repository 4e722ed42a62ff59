import Foundation

/// Flags a plural of a noun that is uncountable in English: “diverse knowledges” → “diverse
/// knowledge”, “some advices” → “some advice”, “the equipments” → “the equipment”, “the
/// informations about it” → “the information”.
///
/// Follows Swan, *Practical English Usage*, entry “uncountable nouns”: *information*,
/// *advice*, *knowledge*, *equipment*, *furniture*, *luggage* and *homework* have no plural in
/// English (learners' languages often give them one: French *des informations*, *des conseils*).
/// Some of these plurals are dictionary words (Hunspell accepts “advices”, “equipments”), so the
/// spelling rule lets them pass. Trade uses (“remittance advices”, “payment advices”) are left
/// alone; “many” before one is ``ManyUncountableRule``'s.
public struct UncountablePluralRule: Rule {
    /// Stable rule ID.
    public let id = "EN_UNCOUNTABLE_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "a plural of an uncountable noun (“knowledges”, “advices” → “knowledge”, “advice”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She could have diverse knowledges about the subjects.", "She could have diverse knowledge about the subjects."),
                        ("He gave me some useful advices.", "He gave me some useful advice."),
                        ("The lab bought new equipments last year.", "The lab bought new equipment last year."),
                        ("Anyone can change the informations on the page.", "Anyone can change the information on the page."),
                        ("He gave me two advices.", "He gave me two pieces of advice."), ("He advices you to wait.", "He advises you to wait.")],
            correct: ["He gave me some useful advice.", "The bank sent two remittance advices.", "The lab bought new equipment.",
                      "Knowledge is power.", "She advises clients.", "Many pieces of advice helped."])
    }

    /// The plurals, with the singular.
    static let plurals: WordMap<String> = WordMap([
        "advices": "advice", "equipments": "equipment", "knowledges": "knowledge", "informations": "information",
        "furnitures": "furniture", "homeworks": "homework", "luggages": "luggage", "baggages": "baggage",
        "softwares": "software", "hardwares": "hardware", "feedbacks": "feedback", "machineries": "machinery",
    ])
    /// Words before “advices” that make it a trade document (“remittance advices”).
    static let tradeWords: WordSet = ["remittance", "payment", "shipping", "credit", "debit", "delivery", "dispatch", "despatch", "bank"]

    /// Words that count what follows (“two advices” → “two pieces of advice”).
    static let counters: WordSet = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "few", "these",
                                    "those", "various", "numerous", "both", "multiple", "dozens", "hundreds"]

    /// True when “advices” at `i` is a verb: after a subject pronoun or a relative, or before an
    /// object pronoun, “to” or “that”.
    private func isVerbUse(_ sentence: Sentence, _ i: Int) -> Bool {
        let tokens = sentence.tokens
        if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "he", "she", "it", "who", "which", "that", "also", "always", "strongly", "often") {
            return true
        }
        if let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lower.isAny(of: "me", "you", "him", "her", "us", "them", "to", "that", "against", "people", "everyone") {
            return true
        }
        return false
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(plurals.allKeys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            guard let singular = Self.plurals.value(forLowerOf: tokens, i), !tokens[i].isAllCaps || tokens[i].text.count < 2 else { continue }
            if i + 1 < tokens.count, tokens[i + 1].isOne(of: "-'\u{2019}") { continue }
            if let p = RuleSupport.previousWord(sentence, before: i) {
                if tokens[p].lowerIs("many") { continue }  // EN_MANY_UNCOUNTABLE
                if singular == "advice", Self.tradeWords.containsLower(of: tokens, p) { continue }
            }
            // “He advices you to”: the verb, spelled “advises” (``AdviceAdviseRule``'s pair).
            if singular == "advice", isVerbUse(sentence, i) {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("advises", like: tokens[i].text)],
                                     message: "The verb is spelled “advises”; “advice” is the noun, and has no plural."))
                continue
            }
            // “two advices”, “these informations”: “two pieces of advice”, “these pieces of information”.
            var fixed = singular
            if singular != "knowledge", singular != "machinery", let p = sentence.previousNonSpace(before: i),
               tokens[p].kind == .number || Self.counters.containsLower(of: tokens, p) {
                fixed = "pieces of " + singular
            }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(fixed, like: tokens[i].text)],
                                 message: "“\(singular)” is uncountable in English: it has no plural “\(tokens[i].text)”."))
        }
        return out
    }
}
