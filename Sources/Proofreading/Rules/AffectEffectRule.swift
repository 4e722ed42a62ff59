import Foundation

/// Flags the noun “effect” and the verb “affect” confused: “will effect us” → “affect”,
/// “a side affect” / “had an affect on” → “effect”.
public struct AffectEffectRule: Rule {
    /// Stable rule ID.
    public let id = "EN_AFFECT_EFFECT"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“affect” (verb) and “effect” (noun) confused"

    static let nounSlot: Set<String> = [
        "the", "an", "a", "no", "any", "positive", "negative", "side", "adverse", "significant", "little", "big", "great",
        "profound", "lasting", "desired", "opposite", "greenhouse", "butterfly", "placebo", "ripple", "domino",
        "special", "sound", "visual", "net", "overall", "immediate", "major", "minor", "real", "huge", "strong",
        "harmful", "beneficial", "dramatic", "cumulative", "long-term", "short-term", "its", "their", "his", "her",
    ]
    static let psychology: Set<String> = ["flat", "blunted", "restricted", "labile", "inappropriate", "constricted"]
    static let verbSlot: Set<String> = RuleSupport.modals.union(["to", "not", "never", "may", "might", "also", "directly", "negatively", "seriously", "greatly"])
    static let verbObjects: Set<String> = Lexicon.objectPronouns.union(Lexicon.possessives).union(["how", "whether", "everyone", "people", "performance", "users", "many", "millions", "thousands", "both", "all"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("A side affect of the drug is drowsiness.", "A side effect of the drug is drowsiness."),
                        ("The change had an affect on sales.", "The change had an effect on sales."),
                        ("This will not effect your score.", "This will not affect your score."),
                        ("The delay could effect how we plan.", "The delay could affect how we plan.")],
            correct: ["The new law will effect change in schools.", "The patient showed a flat affect during the interview.",
                      "These factors affect the result.", "The effect was immediate.", "The rules take effect in May."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for (i, t) in tokens.enumerated() where t.kind == .word {
            let w = t.lower
            if w == "affect" || w == "affects" {
                guard let p = sentence.previousNonSpace(before: i) else { continue }
                var pw = tokens[p].lower
                var start = i
                // “side-affect”.
                if pw == "-", p >= 1, tokens[p - 1].lower == "side", p == i - 1 { pw = "side"; start = p - 1 }
                guard tokens[p].kind == .word || start != i, Self.nounSlot.contains(pw) else { continue }
                if let pp = RuleSupport.previousWord(sentence, before: p), Self.psychology.contains(tokens[pp].lower) { continue }
                if Self.psychology.contains(pw) { continue }
                // “the affect” must be followed by a noun-phrase ending: of/on/was/is/punctuation.
                if ["the", "its", "their", "his", "her"].contains(pw) {
                    guard let n = sentence.nextNonSpace(after: i), tokens[n].kind == .punctuation || ["of", "on", "was", "is", "were", "are", "that", "it"].contains(tokens[n].lower) else { continue }
                }
                let noun = w == "affect" ? "effect" : "effects"
                if start != i {
                    out.append(RuleMatch(range: RuleSupport.span(sentence, start, i), replacements: [RuleSupport.matchCase("side " + noun, like: tokens[start].text)],
                                         message: "The noun is “effect”: a “side effect”."))
                } else {
                    out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase(noun, like: t.text)],
                                         message: "Use the noun “\(noun)” here; “affect” is usually a verb."))
                }
            } else if w == "effect" {
                guard let p = RuleSupport.previousWord(sentence, before: i), Self.verbSlot.contains(RuleSupport.norm(tokens[p])) else { continue }
                guard let n = RuleSupport.nextWord(sentence, after: i), Self.verbObjects.contains(tokens[n].lower) else { continue }
                // “to that effect” / “to its effect”: “to” + determiner before is a noun use; here
                // “effect” directly follows the verb slot.
                out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("affect", like: t.text)],
                                     message: "Use the verb “affect” (to influence); “effect” as a verb means “to bring about”."))
            }
        }
        return out
    }
}
