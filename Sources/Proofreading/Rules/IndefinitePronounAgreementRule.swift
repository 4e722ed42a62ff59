import Foundation

/// Flags a plural verb after an indefinite pronoun subject (“everyone”, “somebody”, “nothing”…),
/// which is singular: “Everyone have a car” → “has”, “Nobody know” → “knows”, “Everything are
/// ready” → “is”.
///
/// Follows LanguageTool's `EVERYBODY_VBP`-style agreement rules (grammar.xml) and Swan, *Practical
/// English Usage* §551 (indefinite pronouns take singular verbs). The pronoun must open its clause
/// (not “Does anyone have”, “Let everyone know”), and the verb follow it directly or after
/// “else”; a base form is flagged only when the dictionary knows its third person.
public struct IndefinitePronounAgreementRule: Rule {
    /// Stable rule ID.
    public let id = "EN_INDEFINITE_PRONOUN_AGREEMENT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A plural verb after “everyone”, “nobody”… (“Everyone have” → “has”)"

    /// Singular indefinite pronouns.
    static let pronouns: WordSet = ["everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody",
                                    "everything", "something", "anything", "nothing"]
    /// Plural or base forms of “be”, “have” and “do” → the singular.
    static let singular: WordMap<String> = WordMap(["are": "is", "were": "was", "have": "has", "do": "does", "don't": "doesn't",
                                                    "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Everyone have a car these days.", "Everyone has a car these days."),
                        ("Nobody know the answer.", "Nobody knows the answer."),
                        ("I think everything are ready.", "I think everything is ready."),
                        ("Somebody else don't agree.", "Somebody else doesn't agree.")],
            correct: ["Everyone has a car these days.", "Does anyone have a pen?", "Let everyone know.", "Everyone I know is here.",
                      "Nothing works.", "Anything you say will help.", "Everything we have is yours.", "Something like that happened.",
                      "Someone like you would know.", "Everyone please review the notes.", "Everyone except John came.",
                      "Everything except the pillows was washed."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(pronouns)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && Self.pronouns.containsLower(of: tokens, i) {
            guard RuleSupport.isSubjectPosition(sentence, i) || (RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower.isAny(of: "think", "hope", "know", "say", "said", "if", "that", "believe") } ?? false),
                  var v = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, v) else { continue }
            if tokens[v].lowerIs("else"), let n = RuleSupport.nextWord(sentence, after: v), RuleSupport.separatedBySpaceOnly(sentence, v, n) { v = n }
            guard tokens[v].startsLowercase else { continue }
            let w = tokens.norm(v)
            // “Everyone please review …”: an imperative addressed to everyone.
            if w.isAny(of: "please", "kindly", "let", "stop", "come", "listen") { continue }
            var fixed: String?
            if let s = Self.singular[w] { fixed = s }
            else if let classes = context.wordClasses, classes.isVerbBase(w), !classes.isNoun(w) || w.isAny(of: "know", "want", "need", "think", "say", "agree", "care"),
                    // “like” is a preposition as often (“something like that”, “someone like you”).
                    // So are “except”, “save”, “bar”, “minus” and “plus” (“Everyone except John came”).
                    !w.isAny(of: "like", "unlike", "near", "round", "past", "down", "up", "off", "out", "over", "except", "save", "bar", "minus", "plus", "outside", "inside"),
                    // A headline question without its “does” (“Anyone know how …?”).
                    !(sentence.previousNonSpace(before: i) == nil && sentence.tokens.last(where: { !$0.isSpace })?.isOne(of: "?") == true),
                    let third = Self.thirdPerson(of: w, classes: classes) {
                // A base form followed by what a verb takes (not “Everyone else's”): an object, an
                // adverb, a particle or the end.
                fixed = third
            }
            guard let fixed else { continue }
            let replacement = RuleSupport.matchCase(fixed, like: tokens[v].text)
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [replacement],
                                 message: "“\(tokens[i].text)” is singular: use “\(replacement)”."))
        }
        return out
    }

    /// The third-person form of the verb base `w` that the dictionary knows (`know` → `knows`).
    static func thirdPerson(of w: String, classes: WordClasses) -> String? {
        RuleSupport.sFormCandidates(of: w).first { classes.verbBase(ofThirdPerson: $0) == w }
    }
}
