import Foundation

/// Flags “where” typed for “were” after a subject pronoun (“we where late”) and “were” typed
/// for “where” after verbs of knowing (“do you know were they went?”), and “were” opening a
/// statement for “we're” (“Were going home now.”).
public struct WereWhereRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_WERE_WHERE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“were” and “where” confused"

    static let complements: WordSet = ["not", "so", "very", "just", "really", "both", "never", "always", "already", "still", "born", "right", "wrong", "happy", "sad", "able", "supposed", "told", "late", "early", "all", "too", "being", "going", "getting", "trying", "looking", "working", "also", "quite", "asked", "given", "made"]
    static let knowVerbs: WordSet = ["know", "knows", "knew", "remember", "wonder", "wondered", "ask", "asked", "idea", "sure", "check", "see", "find", "show", "tell", "that's", "this", "here's", "is", "place", "matter", "exactly", "forgot", "forget"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We where late for the meeting.", "We were late for the meeting."),
                        ("They where not happy about it.", "They were not happy about it."),
                        ("Do you know were they went?", "Do you know where they went?"),
                        ("Check were the error occurred.", "Check where the error occurred."),
                        ("Were are you going?", "Where are you going?"),
                        ("Were going home now.", "We're going home now.")],
            correct: ["I will show you where to go.", "Were you there?", "Were they happy?", "Tell them where we are.", "We were late.",
                      "The results we knew were the best we had.", "Where were they going?", "Were the kids going home?"])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["where", "were"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let w = tokens[i].lower
            if w == "where", let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "we", "they", "you"),
               RuleSupport.isSubjectPosition(sentence, p), let j = RuleSupport.nextWord(sentence, after: i) {
                let n = tokens[j].lower
                guard Self.complements.contains(n) || (n.hasASCIISuffix("ing") && n.count > 5 && context.speller.isCorrect(n)) else { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("were", like: tokens[i].text)],
                                     message: "Use the verb “were” here; “where” asks about a place."))
            } else if w == "were", let p = RuleSupport.previousWord(sentence, before: i), Self.knowVerbs.containsNorm(of: tokens, p),
                      let j = RuleSupport.nextWord(sentence, after: i) {
                let n = tokens[j].lower
                let pw = RuleSupport.norm(tokens[p])
                var flag = n.isAny(of: "i", "he", "she", "it", "we", "they", "you")
                if pw.isAny(of: "check", "see", "find", "show") { flag = flag || n == "the" || n == "this" || n == "your" || n == "my" }
                if pw.isAny(of: "is", "this", "place", "matter", "exactly") { flag = flag && pw.isAny(of: "is", "this", "exactly", "matter") }
                // “the results we knew were the best”: a subject before “know” means a relative clause.
                if let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lower.isAny(of: "we", "they", "i", "you", "he", "she"),
                   pw.isAny(of: "knew", "know", "remember", "forgot"),
                   let ppp = RuleSupport.previousWord(sentence, before: pp), Lexicon.determiners.containsLower(of: tokens, ppp) || tokens[ppp].lower.hasASCIISuffix("s") {
                    flag = false
                }
                guard flag else { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("where", like: tokens[i].text)],
                                     message: "Use “where” (the place) here; “were” is a form of “be”."))
            } else if w == "were", RuleSupport.previousWord(sentence, before: i) == nil, let j = RuleSupport.nextWord(sentence, after: i),
                      TheirThereRule.progressive.containsLower(of: tokens, j), !tokens[j].lowerIs("being"),
                      let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lower.isAny(of: "to", "home", "out", "back", "away", "now", "there", "a", "the"),
                      sentence.tokens.last(where: { $0.kind == .punctuation })?.text != "?" {
                // “Were going home now.”: no question, so a subject and its verb: “We're”.
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("we're", like: tokens[i].text)],
                                     message: "Use “we're” (we are) here; “were” is a form of “be” and needs a subject."))
            } else if w == "were", RuleSupport.previousWord(sentence, before: i) == nil, let j = RuleSupport.nextWord(sentence, after: i),
                      tokens[j].lower.isAny(of: "are", "is", "do", "does", "did", "can", "could", "should", "will", "would", "have", "has"),
                      let k = RuleSupport.nextWord(sentence, after: j), Lexicon.subjectPronouns.containsLower(of: tokens, k) || Lexicon.determiners.containsLower(of: tokens, k),
                      sentence.tokens.last(where: { $0.kind == .punctuation })?.text == "?" {
                // “Were are you going?”: a question opened by “were” and another verb is a where-question.
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("where", like: tokens[i].text)],
                                     message: "Use “where” to ask about a place; “were” is a form of “be”."))
            }
        }
        return out
    }
}
