import Foundation

/// Flags “suggest” + an object and a to-infinitive, which English does not use: “He suggested me
/// to go” → “He suggested that I go” (the mandative subjunctive: “that he go”). “Suggest” takes
/// a that-clause or an -ing form (“suggested going”), never a person and “to”.
///
/// Follows Swan, *Practical English Usage*, entry “suggest”: “I suggest that you go”, not “I
/// suggest you to go”.
public struct SuggestThatRule: Rule {
    /// Stable rule ID.
    public let id = "EN_SUGGEST_THAT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“suggest me to go” instead of “suggest that I go”"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He suggested me to go home early.", "He suggested that I go home early."),
                        ("The doctor suggests him to rest.", "The doctor suggests that he rest."),
                        ("Can you suggest them to update the page?", "Can you suggest that they update the page?"),
                        ("She suggested us to take the train.", "She suggested that we take the train.")],
            correct: ["He suggested that I go home early.", "She suggested going by train.", "I suggest you try it.",
                      "They suggested it to me.", "He suggested me to the committee as chair.", "We suggested them to the board."])
    }

    /// The forms of “suggest”.
    static let suggestForms: WordSet = ["suggest", "suggests", "suggested", "suggesting"]
    /// Object pronoun → subject pronoun.
    static let subjectOf: WordMap<String> = WordMap(["me": "I", "you": "you", "him": "he", "her": "she", "us": "we", "them": "they"])

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.suggestForms.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && Self.suggestForms.containsLower(of: tokens, i) {
            guard let o = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, o),
                  tokens[o].startsLowercase, let subject = Self.subjectOf[tokens[o].lower],
                  let to = RuleSupport.nextWord(sentence, after: o), tokens[to].lowerIs("to"), RuleSupport.separatedBySpaceOnly(sentence, o, to),
                  let v = RuleSupport.nextWord(sentence, after: to), RuleSupport.separatedBySpaceOnly(sentence, to, v),
                  tokens[v].startsLowercase, !Lexicon.determiners.containsLower(of: tokens, v), !Lexicon.possessives.containsLower(of: tokens, v),
                  !Lexicon.objectPronouns.containsLower(of: tokens, v),
                  classes.isVerbBase(tokens[v].lower) || Lexicon.irregularBases.contains(tokens[v].lower) else { continue }
            // “suggested me to the committee”: “to” before a noun is a preposition; a base verb
            // that is also a noun is read as a verb only when no determiner precedes it (checked).
            let fixed = "that " + subject
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, o, to), replacements: [fixed],
                                 message: "“\(tokens[i].text)” takes a that-clause: “\(tokens[i].text) that \(subject) \(tokens[v].text)”, not “\(tokens[i].text) \(tokens[o].text) to \(tokens[v].text)”."))
        }
        return out
    }
}
