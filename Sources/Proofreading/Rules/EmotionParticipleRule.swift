import Foundation

/// Flags an -ing adjective of feeling where the speaker is the one who feels, with an adverb
/// between “be” and the adjective: “I am very interesting in the project” → “interested”,
/// “We were so exciting about the trip” → “excited”. Swan, *Practical English Usage*, -ing and
/// -ed adjectives (“interested”/“interesting”): the -ed form says how a person feels, the -ing
/// form what causes it. (Without the adverb, “am interesting in” is ``NonstandardPhraseRule``'s.)
public struct EmotionParticipleRule: Rule {
    /// Stable rule ID.
    public let id = "EN_EMOTION_PARTICIPLE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“interesting” where “interested” (how one feels) is meant"

    /// Creates the rule.
    public init() {}

    /// -ing adjectives of feeling, with their -ed form and the prepositions that follow the
    /// -ed form (“interested in”, “bored with”, “excited about”).
    static let forms: [String: (ed: String, prepositions: [String])] = [
        "interesting": ("interested", ["in"]), "exciting": ("excited", ["about", "by"]), "boring": ("bored", ["with", "of", "by"]),
        "confusing": ("confused", ["about", "by"]), "worrying": ("worried", ["about"]), "annoying": ("annoyed", ["with", "about", "by"]),
        "disappointing": ("disappointed", ["with", "in", "by"]), "embarrassing": ("embarrassed", ["about", "by"]),
        "frightening": ("frightened", ["of", "by"]), "terrifying": ("terrified", ["of", "by"]), "surprising": ("surprised", ["by", "at"]),
        "tiring": ("tired", ["of"]), "satisfying": ("satisfied", ["with"]), "amazing": ("amazed", ["by", "at"]),
        "fascinating": ("fascinated", ["by", "with"]), "frustrating": ("frustrated", ["with", "by"]),
    ]
    /// Adverbs that may stand between “be” and the adjective: of degree (“very”, “so”), of
    /// frequency and time (“always”, “still”, “never”), “also” and “not”.
    static let degree: WordSet = ["very", "really", "so", "quite", "extremely", "too", "also", "still", "always", "not", "never", "truly", "deeply", "highly", "particularly", "especially", "most", "more", "rather", "pretty", "incredibly"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(forms.keys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I am very interesting in the project.", "I am very interested in the project."),
                        ("We were so exciting about the trip.", "We were so excited about the trip."),
                        ("I'm really boring with this job.", "I'm really bored with this job.")],
            correct: ["The book is very interesting in its approach.", "He is very interesting in person.",
                      "I am very interested in the project.", "It was so exciting about a week ago.",
                      "I am very interesting, my friends say.", "The results are quite surprising at first."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            guard let form = Self.forms[tokens[i].lower], tokens[i].startsLowercase,
                  let n = RuleSupport.nextWord(sentence, after: i), form.prepositions.contains(tokens[n].lower),
                  let a = RuleSupport.previousWord(sentence, before: i), Self.degree.containsLower(of: tokens, a) else { continue }
            // “I am very”, “we were so”, “I'm really”: the speaker feels (a thing may be
            // interesting in itself: “The book is very interesting in its approach”).
            var b = a
            if let q = RuleSupport.previousWord(sentence, before: b), Self.degree.containsLower(of: tokens, q) { b = q }
            guard let v = RuleSupport.previousWord(sentence, before: b) else { continue }
            let vw = RuleSupport.norm(tokens[v])
            var speaker = vw.isAny(of: "i'm", "we're")
            if !speaker, vw.isAny(of: "am", "are", "was", "were"), let s = RuleSupport.previousWord(sentence, before: v) {
                let sw = tokens[s].lower
                speaker = vw == "am" ? sw == "i" : (sw == "we" || sw == "i" && vw == "was")
            }
            guard speaker else { continue }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(form.ed, like: tokens[i].text)],
                                 message: "Say how you feel with “\(form.ed)”; “\(tokens[i].text)” describes what causes the feeling."))
        }
        return out
    }
}
