import Foundation

/// Flags “then” after a comparative, where “than” is meant: “bigger then”, “more then”,
/// “rather then”, “other then”.
public struct ThenThanRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_THEN_THAN"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“then” after a comparative, where “than” is meant"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("It was hotter then it had ever been.", "It was hotter than it had ever been."),
                        ("She knows more then her colleagues.", "She knows more than her colleagues."),
                        ("It is less controversial then one would think.", "It is less controversial than one would think."),
                        ("We chose speed rather then safety.", "We chose speed rather than safety."),
                        ("I'd rather walk then drive.", "I'd rather walk than drive."),
                        ("There was no one other then us.", "There was no one other than us.")],
            correct: ["Finish the faster one first, then the slower one.", "I would rather wait, then decide.", "We rather liked it then.", "Tests got faster; then we added more.",
                      "If the file is larger then we compress it.",
                      "Make it smaller and then test it again.", "We ate more, then left.",
                      "Prices were higher then than they are today.", "It was more fun then than now."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["then"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("then") {
            let t = tokens[i]
            guard let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i) else { continue }
            let pw = tokens[p].lower
            var flag = false
            if Lexicon.comparatives.contains(pw) && pw != "rather" && pw != "more" && pw != "less" && pw != "fewer" {
                flag = !(RuleSupport.previousWord(sentence, before: p).map { tokens[$0].lower } ?? "").isAny(of: "and", "or", "but", "since")
            } else if pw == "more" || pw == "less" || pw == "fewer" {
                flag = true
            } else if pw == "rather" {
                flag = true
            } else if pw == "other", let pp = RuleSupport.previousWord(sentence, before: p) {
                flag = tokens[pp].lower.isAny(of: "no", "nothing", "anything", "anyone", "nobody", "none", "someone", "something", "everything", "one", "any")
            } else if pw == "other" {
                flag = true
            } else if let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lowerIs("rather"), RuleSupport.separatedBySpaceOnly(sentence, pp, p),
                      let q = RuleSupport.previousWord(sentence, before: pp), tokens[q].lower.isAny(of: "i'd", "we'd", "you'd", "they'd", "he'd", "she'd", "would", "i", "we", "they"),
                      let n = RuleSupport.nextWord(sentence, after: i), context.wordClasses?.isVerbBase(tokens[n].lower) == true || Lexicon.irregularBases.containsLower(of: tokens, n) {
                // “I'd rather walk then drive”: a preference between two verbs.
                flag = true
            } else if let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lower.isAny(of: "more", "less", "fewer"), tokens[p].lower.count > 2 {
                // “more expensive then”, “less controversial then”.
                flag = !pw.isAny(of: "and", "time", "times", "people", "work", "of")
            }
            // What follows “then” must not start a new clause after a pause we cannot see
            // (“more, then”); commas are excluded above by requiring adjacency.
            if flag, let n = sentence.nextNonSpace(after: i), tokens[n].kind == .punctuation, !tokens[n].isOne(of: "\"") { flag = false }
            // “If the file is larger then we compress it”: “if … then” with a clause after “then”
            // (a subject pronoun, a determiner, a name) is a condition, not a comparison.
            if flag, sentence.tokens.prefix(p).contains(where: { $0.kind == .word && $0.lower.isAny(of: "if", "when", "once", "whenever") }),
               let n = RuleSupport.nextWord(sentence, after: i),
               Lexicon.subjectPronouns.containsLower(of: tokens, n) || Lexicon.determiners.containsLower(of: tokens, n) || tokens[n].startsUppercase {
                flag = false
            }
            // “higher then than they are today”: “then” (at that time) with its own “than” after it.
            if flag, let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lowerIs("than") { flag = false }
            guard flag else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("than", like: t.text)],
                                 message: "Use “than” in comparisons; “then” is about time."))
        }
        return out
    }
}
