import Foundation

/// Flags “than” used for “then” where nothing is compared: “and than”, “since than”,
/// “back than”, “until than”.
public struct ThanThenRule: Rule {
    /// Stable rule ID.
    public let id = "EN_THAN_THEN"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“than” where “then” (at that time, next) is meant"

    static let triggers: WordSet = ["since", "until", "till", "back", "and", "just", "by", "even"]
    static let comparing: WordSet = ["more", "less", "fewer", "rather", "other", "different", "differently", "else", "otherwise", "sooner", "prefer", "preferable", "superior", "inferior"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Slice the apples, than toss them in sugar.", "Slice the apples, then toss them in sugar."), ("We cleaned up and than we went home.", "We cleaned up and then we went home."),
                        ("Life was simple back than.", "Life was simple back then."),
                        ("I have not seen him since than.", "I have not seen him since then.")],
            correct: ["It is bigger, than the old one was, by far.", "We did more, than they asked for, that year.", "It is better to ask than to guess and than to regret.", "He is taller than me.",
                      "More people came than expected, and than ever before."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["than"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("than") {
            let t = tokens[i]
            // “Slice the apples, than toss them”: after a comma, “than” before a verb's base and an
            // object (“then” opens the next step), when nothing before it is compared.
            if let c = sentence.previousNonSpace(before: i), tokens[c].isOne(of: ","), let v = RuleSupport.nextWord(sentence, after: i),
               tokens[v].startsLowercase, context.wordClasses?.isVerbBase(tokens[v].lower) == true, !(context.wordClasses?.isNoun(tokens[v].lower) ?? true)
                || tokens[v].lower.isAny(of: "add", "toss", "stir", "mix", "click", "press", "run", "open", "close", "go", "turn", "wait", "put", "take", "use", "call"),
               let o = RuleSupport.nextWord(sentence, after: v), Lexicon.determiners.containsLower(of: tokens, o) || Lexicon.objectPronouns.containsLower(of: tokens, o)
                || Lexicon.possessives.containsLower(of: tokens, o) {
                let compared = tokens[..<i].contains { tok in
                    tok.kind == .word && (Self.comparing.contains(tok.lower) || Lexicon.comparatives.contains(tok.lower)
                        || (tok.lower.hasASCIISuffix("er") && tok.lower.count > 4 && context.speller.isCorrect(String(tok.lower.dropLast(2)))))
                }
                if !compared {
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("then", like: t.text)],
                                         message: "Use “then” for time or sequence; “than” is for comparisons."))
                    continue
                }
            }
            guard let p = RuleSupport.previousWord(sentence, before: i), Self.triggers.containsLower(of: tokens, p) else { continue }
            // Anything compared before (“better … than”) leaves “than” alone.
            let compared = tokens[..<p].contains { tok in
                tok.kind == .word && (Self.comparing.contains(tok.lower) || Lexicon.comparatives.contains(tok.lower)
                    || (tok.lower.hasASCIISuffix("er") && tok.lower.count > 4 && context.speller.isCorrect(String(tok.lower.dropLast(2)))))
            }
            if compared { continue }
            if tokens[p].lowerIs("by") || tokens[p].lowerIs("even") || tokens[p].lowerIs("just") {
                // Only with a clear time meaning: “by than” at the end of a clause.
                guard let n = sentence.nextNonSpace(after: i), tokens[n].kind == .punctuation else { continue }
            }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("then", like: t.text)],
                                 message: "Use “then” for time or sequence; “than” is for comparisons."))
        }
        return out
    }
}
