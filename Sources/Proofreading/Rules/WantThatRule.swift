import Foundation

/// Flags “want that” + a subject pronoun, a construction other languages have and English does
/// not: “He wants that I send it” → “He wants me to send it”.
public struct WantThatRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_WANT_THAT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“want that I …” instead of “want me to …”"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He wants that I send him an email.", "He wants me to send him an email."),
                        ("They wanted that we leave early.", "They wanted us to leave early."),
                        ("I want that she sends the file.", "I want her to send the file."),
                        ("Do you want that they call back?", "Do you want them to call back?")],
            correct: ["He wants me to send him an email.", "There is something I want that you have.",
                      "I want that book.", "I want that.", "The things we want that they sell are gone.",
                      "I don't want that either."])
    }

    /// The forms of “want”.
    static let wantForms: WordSet = ["want", "wants", "wanted", "wanting"]
    /// Subject pronoun → object pronoun.
    static let objectOf: WordMap<String> = WordMap(["i": "me", "you": "you", "he": "him", "she": "her", "we": "us", "they": "them"])

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["want", "wants", "wanted", "wanting"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && Self.wantForms.containsLower(of: tokens, i) {
            guard let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("that"), RuleSupport.separatedBySpaceOnly(sentence, i, j),
                  let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k),
                  let object = Self.objectOf[tokens[k].lower], tokens[k].lowerIs("i") || tokens[k].startsLowercase,
                  let v = RuleSupport.nextWord(sentence, after: k), RuleSupport.separatedBySpaceOnly(sentence, k, v),
                  tokens[v].startsLowercase else { continue }
            // “want” must have its own subject at the start of its clause (“He wants”, “Do you
            // want”), not close a relative clause (“something I want that you have”).
            guard let s = RuleSupport.previousWord(sentence, before: i),
                  Lexicon.subjectPronouns.containsLower(of: tokens, s) || tokens[s].startsUppercase else { continue }
            let question = RuleSupport.previousWord(sentence, before: s).map { tokens[$0].lower.isAny(of: "do", "does", "did") } ?? false
            guard RuleSupport.opensClause(sentence, s) || question else { continue }
            // The verb after the pronoun: its base form (“she sends” → “her to send”).
            let verb = tokens[v].lower
            guard let classes = context.wordClasses else { continue }
            let base: String
            if classes.isVerbBase(verb) {
                base = verb
            } else if let b = classes.verbBase(ofThirdPerson: verb) {
                base = b
            } else {
                continue
            }
            let fixed = tokens[i].text + " " + object + " to " + base
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, v), replacements: [fixed],
                                 message: "English says “\(tokens[i].text) \(object) to \(base)”, not “\(tokens[i].text) that \(tokens[k].text) \(tokens[v].text)”."))
        }
        return out
    }
}
