import Foundation

/// Flags “loose” (not tight) used for the verb “lose” (“I always loose my keys”, “to loose
/// weight”), and “lose” used for “loose” (“broke lose”, “on the lose”).
public struct LoseLooseRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_LOSE_LOOSE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“loose” and “lose” confused"

    /// Words after which “loose” stands where a verb does: modals and auxiliaries, with their
    /// negations also as written without the apostrophe (“Dont loose it”, which the spelling rule
    /// flags as well), “to” and subject pronouns.
    static let verbSlot: WordSet = RuleSupport.modals.union(["to", "not", "never", "i", "you", "we", "they", "might", "gonna", "cannot",
                                                              "dont", "doesnt", "didnt", "cant", "couldnt", "wouldnt", "shouldnt", "mustnt"])
    static let objects: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns).union([
        "weight", "money", "track", "sight", "interest", "control", "faith", "hope", "touch", "data", "everything",
        "anything", "something", "time", "access", "focus", "patience", "games", "points", "customers", "users",
        "information", "work", "progress", "changes", "power", "momentum", "sleep",
        // Quantifiers before a noun (“If we loose another week”, README-only trial).
        "another", "several", "both", "half", "one", "two", "three", "more", "most", "all",
    ])
    static let looseVerbs: WordSet = ["broke", "break", "breaks", "breaking", "came", "come", "comes", "coming", "cut", "set", "knocked", "shook", "shake", "tore", "wriggled", "worked", "hang", "hangs"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I always loose the password.", "I always lose the password."), ("The rope is to loose.", "The rope is too loose."),
                        ("You can loose so much weight this way.", "You can lose so much weight this way."),
                        ("Don't loose your keys.", "Don't lose your keys."), ("Dont loose your keys.", "Dont lose your keys."),
                        ("They are loosing money every day.", "They are losing money every day."),
                        ("The boat broke lose from its moorings.", "The boat broke loose from its moorings."),
                        ("The screw is lose.", "The screw is loose."), ("The pages were lose and torn.", "The pages were loose and torn."),
                        ("You are going to loose you're keys.", "You are going to lose you're keys."),
                        ("If we loose another week on testing, we slip.", "If we lose another week on testing, we slip.")],
            correct: ["The screws are always loose.", "We need to tie up loose ends.", "Try not to lose your keys.",
                      "They let loose a cheer.", "We did not want to lose.", "It is lose-lose for everyone.",
                      "Whatever we do, we are bound to lose.", "The idea is: lose weight slowly."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["loose", "loosing", "lose"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            let w = t.lower
            if w == "loose" || w == "loosing" {
                guard let p = RuleSupport.previousWord(sentence, before: i) else { continue }
                var pw = RuleSupport.norm(tokens[p])
                // One adverb between (“always”, “never”, “just”).
                if pw.isAny(of: "always", "never", "just", "often", "easily", "quickly", "really", "not", "soon", "usually"),
                   let pp = RuleSupport.previousWord(sentence, before: p) {
                    let ppw = RuleSupport.norm(tokens[pp])
                    if Lexicon.subjectPronouns.contains(ppw) || RuleSupport.modals.contains(ppw) || ppw == "to" { pw = ppw }
                    else if pw != "not" && pw != "never" { continue }
                }
                let next = sentence.nextNonSpace(after: i)
                let nextWord = next.map { tokens[$0] }
                let objectFollows = nextWord.map { ($0.kind == .word && objects(contains: $0)) || ($0.kind == .punctuation && !$0.isOne(of: "-")) } ?? true
                if w == "loose" {
                    // “The rope is to loose.”: “too loose” after a form of “be”, at the clause's end.
                    if pw == "to", let pp = RuleSupport.previousWord(sentence, before: p),
                       RuleSupport.norm(tokens[pp]).isAny(of: "is", "are", "was", "were", "be", "been", "am", "seems", "seemed", "looks", "looked", "feels", "felt", "got"),
                       nextWord == nil || nextWord!.kind == .punctuation {
                        let range = NSRange(location: tokens[p].range.location, length: t.end - tokens[p].range.location)
                        out.append(ProofreadingSuggestion(range: range, replacements: [RuleSupport.matchCase("too", like: tokens[p].text) + " " + t.text],
                                             message: "Use “too” (excessively) before an adjective: “too loose”."))
                        continue
                    }
                    guard Self.verbSlot.contains(pw), objectFollows else { continue }
                    if pw.isAny(of: "i", "you", "we", "they"), nextWord?.kind != .word { continue }
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("lose", like: t.text)],
                                         message: "Use the verb “lose” (to misplace, not to win); “loose” means not tight."))
                } else {
                    guard nextWord?.kind == .word, objectFollows else { continue }
                    guard pw.isAny(of: "are", "is", "am", "was", "were", "be", "been", "keep", "keeps", "kept", "'re", "i'm", "we're", "they're", "you're", "stop", "start", "started") || pw.hasASCIISuffix("'re") else { continue }
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("losing", like: t.text)],
                                         message: "Use “losing” (from “lose”); “loosing” means making something loose."))
                }
            } else if w == "lose" {
                guard let p = RuleSupport.previousWord(sentence, before: i) else { continue }
                let pw = tokens[p].lower
                var flag = false
                if Self.looseVerbs.contains(pw) || RuleSupport.beForms.containsNorm(of: tokens, p) && pw != "being" {
                    // “broke lose from”, “The screw is lose.”: an adjective's place, at the clause's end.
                    let next = sentence.nextNonSpace(after: i)
                    flag = next == nil || tokens[next!].kind == .punctuation && !tokens[next!].isOne(of: "-'\u{2019}")
                        || (tokens[next!].lower).isAny(of: "from", "and", "in", "on", "at", "with")
                    if pw.isAny(of: "come", "comes", "coming", "came", "set", "cut"), let pp = RuleSupport.previousWord(sentence, before: p), Lexicon.subjectPronouns.containsLower(of: tokens, pp) || tokens[pp].lowerIs("to") { flag = flag && pw != "cut" && pw != "set" }
                } else if pw == "the", let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lowerIs("on") {
                    let next = sentence.nextNonSpace(after: i)
                    flag = next == nil || tokens[next!].kind == .punctuation
                }
                guard flag else { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("loose", like: t.text)],
                                     message: "Use “loose” (free, not tight); “lose” means to misplace or fail to win."))
            }
        }
        return out
    }

    private func objects(contains t: Token) -> Bool { Self.objects.contains(RuleSupport.norm(t)) || t.lowerIs("so") || RuleSupport.norm(t).isAny(of: "you're", "they're") }
}
