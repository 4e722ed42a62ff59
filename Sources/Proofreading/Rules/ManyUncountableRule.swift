import Foundation

/// Flags “many” before an uncountable noun, which takes “much”: “many money” → “much money”,
/// “How many time do we have?” → “How much time”, and the plurals such nouns do not have:
/// “many informations” → “much information”, “many advices” → “much advice”.
///
/// Follows Swan, *Practical English Usage*, entries “much and many” and “uncountable nouns”
/// (*information*, *advice*, *furniture*, *luggage*, *equipment*, *homework*, *knowledge* are
/// uncountable in English, unlike their equivalents in many languages), the other direction of
/// ``MuchManyRule``. A listed singular noun must end its noun phrase (“many money problems”,
/// “many time zones” and “many software developers” are plurals of another noun).
public struct ManyUncountableRule: Rule {
    /// Stable rule ID.
    public let id = "EN_MANY_UNCOUNTABLE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“many” before an uncountable noun (“many money” → “much money”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I don't have many money.", "I don't have much money."),
                        ("I found many informations on the site.", "I found much information on the site."),
                        ("They spent many time on the computer.", "They spent much time on the computer."),
                        ("I called him many time last week.", "I called him many times last week."),
                        ("She gave me many advices about it.", "She gave me much advice about it."),
                        ("How many luggage can I take?", "How much luggage can I take?")],
            correct: ["Many money managers lost out.", "There are many time zones.", "Many software developers use it.",
                      "Many thanks for your help.", "Many times I tried.", "Many information systems are old.",
                      "I don't have much money.", "Many news outlets covered it.", "How many of the advice columns did you read?",
                      "Many equipment makers sell it.", "We saw many homes."])
    }

    /// Uncountable nouns, by their (wrong) plural and singular forms, with the singular.
    static let nouns: WordMap<String> = WordMap([
        "information": "information", "informations": "information", "advice": "advice", "advices": "advice",
        "furniture": "furniture", "furnitures": "furniture", "equipment": "equipment", "equipments": "equipment",
        "luggage": "luggage", "luggages": "luggage", "baggage": "baggage", "baggages": "baggage",
        "homework": "homework", "homeworks": "homework", "knowledge": "knowledge", "knowledges": "knowledge",
        "money": "money", "time": "time", "traffic": "traffic", "evidence": "evidence", "feedback": "feedback", "feedbacks": "feedback",
        "software": "software", "softwares": "software", "hardware": "hardware", "hardwares": "hardware",
        "machinery": "machinery", "garbage": "garbage", "rubbish": "rubbish", "pollution": "pollution", "scenery": "scenery",
        "patience": "patience", "courage": "courage", "fun": "fun",
    ])
    /// Words after the noun that show it ends its noun phrase (besides punctuation).
    static let phraseEnd: WordSet = DeterminerNumberRule.phraseEnd.union(["about", "on", "left", "now", "than", "as", "here", "there",
                                                                            "yet", "today", "into", "over", "during", "last", "next", "yesterday", "ago", "before"])

    /// Words before “many time” that make the time an amount (“spent many time”, “How many
    /// time”): “much time” comes first; otherwise occasions, “many times”.
    static let spendingWords: WordSet = ["spend", "spends", "spent", "spending", "have", "has", "had", "having", "take", "takes", "took", "taken",
                                         "need", "needs", "needed", "waste", "wastes", "wasted", "save", "saves", "saved", "give", "gives", "gave",
                                         "lose", "loses", "lost", "get", "gets", "got", "want", "wants", "wanted", "much", "so", "too", "how"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["many"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("many") {
            guard let j = RuleSupport.nextWordAfterSpace(sentence, after: i), tokens[j].startsLowercase,
                  let singular = Self.nouns.value(forLowerOf: tokens, j) else { continue }
            // “many a”, “a great many” are fine but never reach here; “many-” compounds do not.
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            if tokens[j].lower == singular {
                // The singular must end its phrase: not “many time zones”, “many money managers”.
                if let k = sentence.nextNonSpace(after: j) {
                    if tokens[k].kind == .word {
                        guard Self.phraseEnd.containsLower(of: tokens, k) else { continue }
                    } else if !tokens[k].isOne(of: ".,!?;:)") {
                        continue
                    }
                }
            }
            let fixed = RuleSupport.matchCase("much", like: tokens[i].text) + " " + singular
            // “many time” may be a slip for “many times” (“I have been there many time in the past”).
            // Occasions (“I called him many time”) unless a verb of spending or having takes the
            // time as its object (“They spent many time on it”, “We don't have many time”).
            var replacements = [fixed]
            if singular == "time" {
                let spent = RuleSupport.previousWord(sentence, before: i).map { Self.spendingWords.containsLower(of: tokens, $0) } ?? false
                replacements = spent ? [fixed, tokens[i].text + " times"] : [tokens[i].text + " times", fixed]
            }
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: replacements,
                                 message: "“\(singular)” is uncountable: use “much \(singular)”, not “many”."))
        }
        return out
    }
}
