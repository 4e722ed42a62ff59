import Foundation

/// Flags a third-person or past form after an inverted “do”, “does” or “did” and its subject,
/// which take the base form: “Does she likes coffee?” → “like”, “Did you saw it?” → “see”,
/// “Why didn't he went?” → “go”.
///
/// Follows LanguageTool's `DOES_NP_VBZ` and `DID_PAST` (grammar.xml) for questions, and Swan,
/// *Practical English Usage* §151 (do-support takes the infinitive without “to”). The forms are
/// recognised from the Hunspell dictionary (a verb's third person) and the irregular verb table;
/// the subject must be a pronoun right after the auxiliary, which opens its clause.
public struct DoQuestionBaseFormRule: Rule {
    /// Stable rule ID.
    public let id = "EN_DO_QUESTION_BASE_FORM"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb after “does/did” + subject in a question (“Does she likes” → “like”)"

    /// Forms of “do” that invert with their subject.
    static let doForms: WordSet = ["do", "does", "did", "don't", "doesn't", "didn't"]
    /// Subject pronouns.
    static let subjects: WordSet = ["i", "you", "he", "she", "it", "we", "they"]
    /// Question words before the auxiliary.
    static let questionWords: WordSet = ["what", "why", "how", "where", "when", "who", "which", "whom"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Does she likes coffee?", "Does she like coffee?"),
                        ("Did you saw the game last night?", "Did you see the game last night?"),
                        ("Why didn't he went home?", "Why didn't he go home?"),
                        ("Does it works on Linux?", "Does it work on Linux?")],
            correct: ["Does she like coffee?", "Did you see the game?", "What does it matter?", "She does likes and dislikes lists.",
                      "Did they news report it?", "Do you guys want pizza?"])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(doForms)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        guard let classes = context.wordClasses else { return [] }
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for d in tokens.indices where tokens[d].kind == .word && Self.doForms.contains(tokens[d].norm) {
            // The auxiliary opens the question: first in the sentence, or after a question word.
            if let p = sentence.previousNonSpace(before: d) {
                guard tokens[p].kind == .word, Self.questionWords.contains(tokens[p].lower),
                      sentence.previousNonSpace(before: p) == nil else { continue }
            }
            guard let s = RuleSupport.nextWord(sentence, after: d), Self.subjects.contains(tokens[s].lower),
                  let v = RuleSupport.nextWord(sentence, after: s), tokens[v].startsLowercase,
                  RuleSupport.separatedBySpaceOnly(sentence, s, v) else { continue }
            let w = tokens[v].lower
            // “Do you guys want …”: a word standing with the subject.
            if w.isAny(of: "guys", "folks", "people", "all", "both", "lot", "lots", "two", "three", "kids", "ones") { continue }
            let base: String?
            if let past = Lexicon.irregularPastForms[w] { base = past.base }
            else if let same = Lexicon.irregularPastSameForms[w], !w.isAny(of: "had", "left", "found", "meant") { base = same }
            else if w.hasSuffix("s"), !w.hasSuffix("ss"), let b = classes.verbBase(ofThirdPerson: w), !classes.isNoun(w) || classes.isVerbBase(b) { base = b }
            else { base = nil }
            guard let base, base != w else { continue }
            // A noun after the subject (“Did they news …”) is no verb: the base must be a verb.
            guard classes.isVerbBase(base) || Lexicon.irregularPastForms[w] != nil else { continue }
            // The question goes on with an object, an adverb or its end (not another verb).
            out.append(RuleMatch(range: tokens[v].range, replacements: [base],
                                 message: "After “\(tokens[d].text) \(tokens[s].text)”, use the base form “\(base)”."))
        }
        return out
    }
}
