import Foundation

/// Flags “any one”, “some one” and “every one” written apart where the pronoun “anyone”,
/// “someone”, “everyone” is meant: “Does any one need help?” → “anyone”, “some one needs help”
/// → “someone”.
///
/// Follows LanguageTool's `ANY_BODY` (grammar.xml) and Merriam-Webster's usage note on *anyone*
/// and *any one*: written apart, *one* is a number (“any one of them”, “at any one time”), so
/// the two words are joined only when a verb follows them.
public struct CompoundPronounRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_COMPOUND_PRONOUN"
    /// The rule's category.
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "“any one” / “some one” written apart where the pronoun is meant"

    static let verbsAfter: WordSet = RuleSupport.modals.union(RuleSupport.beForms).union([
        "has", "have", "had", "else", "who", "needs", "need", "knows", "know", "wants", "want", "seems", "seem", "says", "said",
        "thinks", "think", "tries", "try", "tried", "occasionally", "ever", "really", "actually", "here", "there",
    ])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Does any one need help here?", "Does anyone need help here?"),
                        ("Come quickly; some one needs help here.", "Come quickly; someone needs help here."),
                        ("Can any one point me to the right direction?", "Can anyone point me to the right direction?"),
                        ("Some one called.", "Someone called."), ("When some one knocks, open the door.", "When someone knocks, open the door.")],
            correct: ["Any one of them will do.", "At any one time, ten people work here.", "Pick any one you like.",
                      "Some one hundred people came.", "Every one of us knows it.", "Anyone can join.",
                      "Is there any one left?", "Pick any one shown here."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["any", "some"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when `w` is a past tense (“called”, “came”) or a third-person singular (“knocks”;
    /// after “one” a plural noun is no reading).
    static func isFiniteVerb(_ w: String, classes: WordClasses) -> Bool {
        if Lexicon.irregularPastForms[w] != nil { return true }
        if w.hasASCIISuffix("ed"), classes.isPastParticiple(w) { return true }
        return w.hasASCIISuffix("s") && classes.verbBase(ofThirdPerson: w) != nil
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lower.isAny(of: "any", "some") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lowerIs("one") else { continue }
            let next = RuleSupport.nextWord(sentence, after: j).map { tokens[$0].lower }
            var flag = next.map { Self.verbsAfter.contains($0) || $0.hasASCIISuffix("ly") && $0 != "only" } ?? false
            // “Can any one point me…?”: a question's subject before a bare verb.
            if !flag, let n = next, let p = RuleSupport.previousWord(sentence, before: i),
               tokens[p].lower.isAny(of: "can", "could", "will", "would", "does", "did", "do", "should", "may", "might"),
               let k = RuleSupport.nextWord(sentence, after: j).flatMap({ sentence.nextNonSpace(after: $0) }),
               Lexicon.objectPronouns.containsLower(of: tokens, k) || Lexicon.determiners.containsLower(of: tokens, k),
               context.wordClasses?.isVerbBase(n) == true { flag = true }
            // “Some one called.”, “some one knocks”: a finite verb (a past tense or a third-person
            // singular) after the pair when it opens its clause, as a subject does (not “pick
            // any one shown here”, “is there any one left”).
            if !flag, let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.opensClause(sentence, i),
               let classes = context.wordClasses, Self.isFiniteVerb(tokens[k].lower, classes: classes) { flag = true }
            guard flag else { continue }
            let fixed = RuleSupport.matchCase(t.lower + "one", like: t.text)
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "Write the pronoun as one word: “\(fixed)”."))
        }
        return out
    }
}
