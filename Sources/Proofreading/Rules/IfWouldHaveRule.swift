import Foundation

/// Flags “would have” in the if-clause of a past conditional: “If I would have known, …” →
/// “If I had known”. The conditional's result clause takes “would have”; the condition takes
/// the past perfect.
///
/// Follows LanguageTool's `IF_WOULD_HAVE_VBN` (grammar.xml) and Swan, *Practical English Usage*
/// §263 (“if” + past perfect for past conditions). Only a pronoun subject right after “if”, then
/// “would have” / “would've” and a word, is flagged.
public struct IfWouldHaveRule: Rule {
    /// Stable rule ID.
    public let id = "EN_IF_WOULD_HAVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“If I would have known” instead of “If I had known”"

    /// Subjects after “if”.
    static let subjects: WordSet = ["i", "you", "he", "she", "it", "we", "they", "someone", "somebody", "anyone", "anybody", "nobody"]
    /// Words before “if” that make it “whether”, in an indirect question (“Ask if they would
    /// have time”).
    static let questionVerbs: WordSet = [
        "ask", "asked", "asks", "asking", "wonder", "wondered", "wonders", "wondering", "know", "knew", "see", "check",
        "checked", "tell", "told", "sure", "unsure", "decide", "decided", "doubt", "me", "him", "her", "us", "them",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("If I would have known, I would have come.", "If I had known, I would have come."),
                        ("We would have won if they would've played.", "We would have won if they had played.")],
            correct: ["If I had known, I would have come.", "I would have called if I had known.",
                      "Ask them if they would have time tomorrow.", "Ask if they would have been there.", "If you would like to join, reply here."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["if"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].lowerIs("if") {
            // “Ask if they would have time”: an indirect question, where “if” is “whether”.
            if let p = RuleSupport.previousWord(sentence, before: i), Self.questionVerbs.containsLower(of: tokens, p) { continue }
            guard let s = RuleSupport.nextWord(sentence, after: i), Self.subjects.containsLower(of: tokens, s),
                  let w = RuleSupport.nextWord(sentence, after: s) else { continue }
            var end = w
            if tokens[w].normIs("would've") {
                end = w
            } else if tokens[w].lowerIs("would"), let h = RuleSupport.nextWord(sentence, after: w), tokens[h].lowerIs("have") {
                end = h
            } else { continue }
            // A participle follows (“would have known”), not an object (“would have time”).
            guard let v = RuleSupport.nextWord(sentence, after: end), tokens[v].startsLowercase else { continue }
            let participle = tokens[v].lower
            let isParticiple = participle.hasASCIISuffix("ed") || participle.hasASCIISuffix("en") || participle.hasASCIISuffix("wn")
                || Lexicon.irregularPastSameForms[participle] != nil || participle.isAny(of: "been", "done", "gone", "had", "come", "run", "become", "seen", "got")
            guard isParticiple else { continue }
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, w, end), replacements: [RuleSupport.matchCase("had", like: tokens[w].text)],
                                 message: "In the “if” clause of a past condition, use the past perfect: “if … had \(tokens[v].text)”."))
        }
        return out
    }
}
