import Foundation

/// Flags a regular -ed form of an irregular verb: “choosed” → “chose”, “teached” → “taught”,
/// “has builded” → “has built”, “was catched” → “was caught”, “splitted” → “split”; and a past
/// made with the vowel change of “sing”/“sang”/“sung” by a verb that has another past: “She
/// brung her charger” → “brought”, “brang”, “swang” (``TagLexicon/irregularForms(ofVowelChangedPast:)``).
///
/// Follows LanguageTool's `WRONG_PAST` style rules and the irregular verb tables of Swan,
/// *Practical English Usage* (§300), for every verb whose past the part-of-speech lexicon
/// lists as another word (WordNet's `verb.exc` and the treebank: ``TagLexicon/irregularForms(ofRegularPast:)``):
/// a word is flagged only when the dictionary does not know it (so “costed”, “payed” in their
/// own senses stay). After “have” or “be” the past participle is offered, elsewhere the simple
/// past.
public struct IrregularPastRule: Rule {
    /// Stable rule ID.
    public let id = "EN_IRREGULAR_PAST"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A regular -ed form of an irregular verb (“choosed”), or a past it does not have (“brung”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He choosed to learn the truth.", "He chose to learn the truth."),
                        ("Their parents teached them well.", "Their parents taught them well."),
                        ("They have builded a house.", "They have built a house."),
                        ("Both men have dealed with this before.", "Both men have dealt with this before."),
                        ("The file was splitted into parts.", "The file was split into parts."),
                        ("She swimmed across the lake.", "She swam across the lake."),
                        ("They have drinked the milk.", "They have drunk the milk."),
                        ("She brung her own charger to the workshop.", "She brought her own charger to the workshop."),
                        ("They swang on the old rope.", "They swung on the old rope."),
                        ("He has brang the wrong cable again.", "He has brought the wrong cable again.")],
            correct: ["He chose to learn the truth.", "The project costed out at ten million.", "They have built a house.",
                      "The sailors payed out the rope.", "The bell rang and the song was sung.", "The bee stung him.",
                      "The cup sank and the ship sunk."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            // Turned away before any look-up: no -ed ending, a capital mid-sentence (a name), too short.
            guard t.startsLowercase || RuleSupport.previousWord(sentence, before: i) == nil, t.text.utf8.count >= 4,
                  let forms = t.lower.hasASCIISuffix("ed") ? context.lexicon.irregularForms(ofRegularPast: t.lower)
                                                            : context.lexicon.irregularForms(ofVowelChangedPast: t.lower),
                  !context.speller.isCorrect(t.text), !context.vocabulary.contains(t.text) else { continue }
            var k = RuleSupport.previousWord(sentence, before: i)
            if let p = k, tokens[p].lower.isAny(of: "not", "never", "already", "just", "been", "also", "always", "ever", "really") { k = RuleSupport.previousWord(sentence, before: p) }
            let perfect = k.map { RuleSupport.norm(tokens[$0]).isAny(of: "have", "has", "had", "having", "be", "been", "being", "is", "are", "was", "were", "get", "got", "gets", "'ve", "haven't", "hasn't", "hadn't") || RuleSupport.norm(tokens[$0]).hasASCIISuffix("'ve") } ?? false
            let fixed = RuleSupport.matchCase(perfect ? forms.participle : forms.past, like: t.text)
            out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed],
                                 message: "“\(t.text.lowercased())” is irregular: “\(fixed)”."))
        }
        return out
    }
}
