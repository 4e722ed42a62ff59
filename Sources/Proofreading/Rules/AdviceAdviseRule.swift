import Foundation

/// Flags the verb “advise” where the noun “advice” is meant (“give me advise”, “any advise is
/// welcome”) and the noun where the verb is meant (“We advice you to go”).
///
/// Follows LanguageTool's `GIVE_ADVISE` and `ADVICE_ADVISE` (grammar.xml) and Merriam-Webster's
/// usage note: *advice* is the noun, *advise* the verb. The noun slot is after a determiner, a
/// possessive, an adjective of quality or “give”; the verb slot is after a subject pronoun, a
/// modal or “to”, before an object.
public struct AdviceAdviseRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_ADVICE_ADVISE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“advice” (noun) and “advise” (verb) confused"

    static let nounBefore: WordSet = Lexicon.possessives.union([
        "the", "any", "some", "no", "of", "good", "bad", "great", "sound", "legal", "medical", "financial", "expert", "professional",
        "best", "useful", "helpful", "practical", "general", "free", "more", "much", "little", "this", "that", "such", "your",
        "give", "gave", "given", "giving", "gives", "need", "needs", "needed", "seek", "seeking", "sought", "ask", "asking", "for",
        "take", "took", "taking", "follow", "followed", "following", "ignore", "ignored", "offer", "offered", "valuable", "wise", "career",
    ])
    static let verbBefore: WordSet = Lexicon.subjectPronouns.union(RuleSupport.modals).union(["to", "strongly", "would", "please"])
    static let verbAfter: WordSet = Lexicon.objectPronouns.subtracting(["it"]).union(["against", "everyone", "anyone", "people", "customers", "users", "all", "that"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Please give me advise, I don't know what to do.", "Please give me advice, I don't know what to do."),
                        ("Any advise is welcome!", "Any advice is welcome!"),
                        ("What was the best piece of advise that you ever got?", "What was the best piece of advice that you ever got?"),
                        ("He didn't listen to my advise.", "He didn't listen to my advice."),
                        ("We advice you to do it.", "We advise you to do it."),
                        ("I must advice you to go.", "I must advise you to go.")],
            correct: ["We advise you to do it.", "Please give me advice.", "I would advise against it.",
                      "Your advice was helpful.", "They advise the board.", "Ask your doctor to advise you."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["advise", "advice"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("advise") || tokens[i].lowerIs("advice")) {
            let t = tokens[i]
            guard var p = RuleSupport.previousWord(sentence, before: i) else { continue }
            let next = sentence.nextNonSpace(after: i).map { tokens[$0] }
            if t.lowerIs("advise") {
                var pw = tokens[p].lower
                // “give me advise”.
                if Lexicon.objectPronouns.contains(pw), let q = RuleSupport.previousWord(sentence, before: p), tokens[q].lower.isAny(of: "give", "gave", "given", "giving", "gives", "need", "offer") { p = q; pw = tokens[q].lower }
                guard Self.nounBefore.contains(pw) else { continue }
                // “to advise you”, “please advise”: an object after makes it a verb.
                if let n = next, n.kind == .word, !n.lowerIs("that"), Self.verbAfter.contains(n.lower) || Lexicon.determiners.contains(n.lower) { continue }
                if pw == "for" || pw == "to" { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("advice", like: t.text)],
                                     message: "The noun is “advice”; “advise” is the verb."))
            } else {
                let pw = RuleSupport.norm(tokens[p])
                guard Self.verbBefore.contains(pw), let n = next, n.kind == .word, Self.verbAfter.contains(n.lower) else { continue }
                // “my advice to you”: a possessive makes it a noun; “advice that” after a subject pronoun is a verb.
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("advise", like: t.text)],
                                     message: "The verb is “advise”; “advice” is the noun."))
            }
        }
        return out
    }
}
