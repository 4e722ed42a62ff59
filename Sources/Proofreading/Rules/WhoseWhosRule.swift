import Foundation

/// Flags “whose” where “who's” (who is / who has) is meant: “whose going”, “whose been”; and
/// “who's” where the possessive “whose” is meant: “Who's car is this?” (a bare noun, then a verb).
public struct WhoseWhosRule: Rule {
    /// Stable rule ID.
    public let id = "EN_WHOSE_WHO_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“whose” (possessive) where “who's” (who is) is meant"

    static let after: WordSet = ["a", "an", "been", "going", "gonna", "not", "coming", "ready", "responsible", "there", "next", "in", "on", "at", "got", "calling", "asking", "really", "never", "always", "still", "also", "the"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Whose going to the party?", "Who's going to the party?"),
                        ("I wonder whose responsible for this.", "I wonder who's responsible for this."),
                        ("Whose been eating my porridge?", "Who's been eating my porridge?"),
                        ("Who's car is parked outside?", "Whose car is parked outside?")],
            correct: ["Whose book is this?", "The author, whose next novel is due in May, spoke first.",
                      "We met a woman whose car had broken down.", "Who's there?", "Who's the boss here?",
                      "Who's going home?", "Who's coming is not clear."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["whose", "who's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("whose") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), Self.after.containsLower(of: tokens, j) else { continue }
            let n = tokens[j].lower
            // “whose next novel”, “whose the …”: the possessive reading needs a noun after.
            if n.isAny(of: "next", "in", "on", "at", "the", "a", "an"), let k = RuleSupport.nextWord(sentence, after: j) {
                let kw = tokens[k].lower
                if n == "next" { guard kw.isAny(of: "to", "in", "on") else { continue } }
                else if n.isAny(of: "in", "on", "at") { guard kw.isAny(of: "charge", "there", "here") else { continue } }
                else { guard tokens[k].kind == .word, context.speller.isCorrect(tokens[k].text) else { continue }; if n == "the" { continue } }
            } else if n.isAny(of: "next", "in", "on", "at", "the") { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("who's", like: t.text)],
                                 message: "Use “who's” (who is, who has) here; “whose” is the possessive."))
        }
        // “Who's car is …”: who's + a bare noun + a verb is the possessive.
        for i in tokens.indices where tokens[i].kind == .word && RuleSupport.norm(tokens[i]) == "who's" {
            guard let classes = context.wordClasses, let j = RuleSupport.nextWord(sentence, after: i),
                  let k = RuleSupport.nextWord(sentence, after: j) else { continue }
            let n = tokens[j].lower
            guard classes.isNoun(n), !n.hasASCIISuffix("ing"), !n.hasASCIISuffix("ed"), !n.isAny(of: "next", "first", "last", "here", "there", "up", "out"),
                  tokens[k].lower.isAny(of: "is", "are", "was", "were", "has", "have", "had", "did", "does", "do") else { continue }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("whose", like: tokens[i].text)],
                                 message: "Use the possessive “whose” before a noun; “\(tokens[i].text)” means “who is”."))
        }
        return out
    }
}
