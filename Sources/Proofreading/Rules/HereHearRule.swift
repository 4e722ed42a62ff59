import Foundation

/// Flags “here” where the verb “hear” is meant: “I can here you” → “hear”, “I hope to here from
/// you” → “hear”, “If you don't here from me” → “hear”.
///
/// Follows LanguageTool's `HERE_HEAR` (grammar.xml): “here” directly after a modal verb, “do
/// not”, or an infinitive “to” that follows a verb or adjective of feeling (“glad to”, “hope
/// to”), and before what one hears (a pronoun, “from”, “that”, “about”, a determiner).
public struct HereHearRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_HERE_HEAR"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“here” (place) where the verb “hear” is meant"

    static let auxiliaries: WordSet = RuleSupport.modals.subtracting(["do", "did", "does"]).union(["didn't", "don't", "doesn't"])
    static let feelings: WordSet = [
        "glad", "happy", "sad", "sorry", "surprised", "pleased", "delighted", "relieved", "shocked", "hope", "hoping", "want",
        "wanted", "like", "love", "expect", "expecting", "waiting", "wait", "excited", "eager", "nice", "good", "great",
        "interested", "curious", "sorry", "disappointed", "thrilled", "able", "unable", "going", "need", "used",
    ]
    static let objects: WordSet = Lexicon.objectPronouns.union(["from", "that", "about", "what", "the", "a", "an", "this", "those", "these", "any", "anything", "something", "nothing", "of", "how", "it", "someone", "somebody"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Can you here me?", "Can you hear me?"), ("I can here you!", "I can hear you!"), ("I hope to here from you soon.", "I hope to hear from you soon."),
                        ("If you don't here from me in a day, call.", "If you don't hear from me in a day, call."),
                        ("I can almost here you crying.", "I can almost hear you crying."),
                        ("If you do not here from me in a day, call.", "If you do not hear from me in a day, call.")],
            correct: ["I can hear you!", "Did you put it here the other day?", "Do you live here?", "You can here find the files.", "We moved to here from London.", "Can you come here?",
                      "I will be here from Monday.", "Nobody should stay here that long.", "I want to stay here."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["here"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("here") {
            let t = tokens[i]
            guard let n = RuleSupport.nextWord(sentence, after: i), Self.objects.containsLower(of: tokens, n),
                  var p = RuleSupport.previousWord(sentence, before: i) else { continue }
            var sawNot = false
            if tokens[p].lower.isAny(of: "almost", "barely", "hardly", "not", "never", "even", "still", "just", "clearly"), let q = RuleSupport.previousWord(sentence, before: p) {
                sawNot = tokens[p].lowerIs("not")
                p = q
            }
            let pw = RuleSupport.norm(tokens[p])
            var flag = (Self.auxiliaries.contains(pw) || sawNot && pw.isAny(of: "do", "does", "did")) && !(tokens[n].lowerIs("from") && pw.isAny(of: "will", "won't", "would", "shall"))
            if pw == "to", let q = RuleSupport.previousWord(sentence, before: p), Self.feelings.containsLower(of: tokens, q) { flag = true }
            // A question's subject between: “Can you here me?”, “Did you here that?”.
            if !flag, Lexicon.subjectPronouns.contains(pw), let q = RuleSupport.previousWord(sentence, before: p),
               RuleSupport.norm(tokens[q]).isAny(of: "can", "could", "did", "do", "does", "will", "would", "didn't", "can't", "couldn't"),
               tokens[n].lower.isAny(of: "me", "that", "it", "them", "him", "her", "us", "something", "anything", "what", "the", "a") {
                flag = true
            }
            guard flag else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("hear", like: t.text)],
                                 message: "Did you mean the verb “hear”? “Here” is a place."))
        }
        return out
    }
}
