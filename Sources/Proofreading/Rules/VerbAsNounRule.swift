import Foundation

/// Flags a verb's base form where its noun is needed, after a possessive or an article and an
/// optional adjective, at the end of the noun phrase: “Thank you for your quick respond” →
/// “response”, “We await your decide.” → “decision”. A closed list of verbs that are never
/// nouns themselves, with their nouns (Swan, *Practical English Usage*, word formation;
/// Cambridge Dictionary for each pair).
public struct VerbAsNounRule: Rule {
    /// Stable rule ID.
    public let id = "EN_VERB_AS_NOUN"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb where its noun is needed (“your respond” → “your response”)"

    /// Creates the rule.
    public init() {}

    /// Verbs that are not nouns, and their nouns (not “invite”, “permit”, “enter”: nouns too).
    static let nouns: [String: String] = [
        "respond": "response", "arrive": "arrival", "decide": "decision", "explain": "explanation", "fail": "failure",
        "describe": "description", "introduce": "introduction", "discuss": "discussion", "approve": "approval",
        "propose": "proposal", "refuse": "refusal", "complain": "complaint", "choose": "choice", "believe": "belief",
        "recommend": "recommendation", "suggest": "suggestion", "inform": "information",
        "solve": "solution", "depart": "departure", "survive": "survival", "deliver": "delivery", "apply": "application",
        "participate": "participation", "contribute": "contribution", "succeed": "success", "pronounce": "pronunciation",
        "persuade": "persuasion", "admit": "admission", "obey": "obedience", "prefer": "preference",
        "perform": "performance", "appear": "appearance", "exist": "existence", "advertise": "advertisement",
        "achieve": "achievement", "improve": "improvement", "announce": "announcement", "encourage": "encouragement",
        "assist": "assistance", "maintain": "maintenance", "compete": "competition", "confirm": "confirmation",
        "prepare": "preparation", "consider": "consideration", "inspire": "inspiration", "organize": "organization",
        "organise": "organisation", "educate": "education", "communicate": "communication", "celebrate": "celebration",
    ]
    /// Words that close the noun phrase after the verb.
    static let closers: WordSet = ["of", "to", "for", "and", "is", "was", "will", "has", "on", "about", "in", "with", "from", "at"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(nouns.keys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Thank you for your quick respond.", "Thank you for your quick response."),
                        ("We waited for their arrive.", "We waited for their arrival."),
                        ("It was a good decide.", "It was a good decision."),
                        ("Thanks for the explain of the rules.", "Thanks for the explanation of the rules.")],
            correct: ["Thank you for your quick response.", "Please respond to the letter.", "They will arrive soon.",
                      "I let them decide.", "The tests fail often.", "We help you choose the best one.",
                      "I want the team to succeed."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].startsLowercase {
            guard let noun = Self.nouns[tokens[i].lower], var p = RuleSupport.previousWord(sentence, before: i) else { continue }
            // One adjective between (“your quick respond”).
            if let classes = context.wordClasses, !Lexicon.determiners.containsLower(of: tokens, p), !Lexicon.possessives.containsLower(of: tokens, p),
               classes.isAdjectiveLike(tokens[p].lower) || tokens[p].lower.isAny(of: "first", "last", "final", "late", "early", "kind", "prompt"),
               let q = RuleSupport.previousWord(sentence, before: p) { p = q }
            // “a”, “the”, “your”…; not “to”, “will”, “let them” (the verb's own places).
            guard tokens[p].lower.isAny(of: "a", "an", "the", "my", "your", "his", "her", "our", "their", "its", "this") else { continue }
            if let k = sentence.nextNonSpace(after: i) {
                let a = tokens[k]
                guard a.kind == .punctuation ? a.isOne(of: ".,!?;:)") : a.kind == .word && Self.closers.contains(a.lower) else { continue }
            }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [noun],
                                 message: "“\(tokens[i].text)” is a verb; after “\(tokens[p].text)” use the noun “\(noun)”."))
        }
        return out
    }
}
