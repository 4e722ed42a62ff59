import Foundation

/// Flags “to” between a modal verb and its verb, and between “make” or “let”, its object and
/// the verb, which all take the bare infinitive: “We must to go” → “must go”, “Could you to
/// send it” → “Could you send it”, “He made me to laugh” → “made me laugh”.
///
/// Follows LanguageTool's `MUST_TO`/`MD_TO_VB`-style rules and `MAKE_TO_VB` (grammar.xml) and
/// Swan, *Practical English Usage* §353 (modals) and §338 (make/let + object + infinitive
/// without “to”). The verb after “to” must be a verb's base form in the dictionary; a modal used
/// as a noun (“the will to live”, “a can to open”) and “made it to work” (arrived) are left alone.
public struct ModalToRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_MODAL_TO"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“to” after a modal or after “make/let” + object (“must to go” → “must go”)"

    /// Modals that take the bare infinitive (“ought” and “need” take “to”).
    static let modals: WordSet = ["must", "can", "could", "should", "will", "would", "might", "may", "shall",
                                  "mustn't", "can't", "couldn't", "shouldn't", "won't", "wouldn't", "cannot"]
    /// Forms of “make” and “let”.
    static let causatives: WordSet = ["make", "makes", "made", "making", "let", "lets", "letting"]
    /// Objects between the causative and “to” (not “it”: “we made it to work on time”).
    static let objects: WordSet = ["me", "you", "him", "her", "us", "them"]
    /// Words before “we can”, “they could”… that leave its verb out: “everything we can [do] to
    /// help”, “as much as they could [do] to”.
    static let ellipsisHeads: WordSet = ["everything", "all", "anything", "what", "whatever", "much", "best", "something", "little", "more"]
    /// Words before a modal that make it a noun.
    static let nounMakers: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(["free", "good", "ill", "own", "strong", "iron"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We must to go now.", "We must go now."),
                        ("You should to check the logs first.", "You should check the logs first."),
                        ("He made me to laugh all evening.", "He made me laugh all evening."),
                        ("Please let us to know by Friday.", "Please let us know by Friday."),
                        // `restart/B` beside `start/ASMDG`: a verb by its base.
                        ("You must to restart the server.", "You must restart the server."),
                        ("I can to swim.", "I can swim."), ("He can't to run that fast.", "He can't run that fast.")],
            correct: ["We are doing everything we can to ensure it ships.", "They did all they could to help.",
                      "We must go now.", "She has the will to live.", "We made it to work on time.", "You ought to check the logs.",
                      "They need to leave.", "He made me a cup of tea.", "Let it go."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(modals).union(causatives)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        /// “to” at `t` followed by a verb's base form, one space apart from `before`.
        func toBeforeVerb(after before: Int) -> Int? {
            guard let t = RuleSupport.nextWord(sentence, after: before), tokens[t].lowerIs("to"),
                  RuleSupport.separatedBySpaceOnly(sentence, before, t),
                  let v = RuleSupport.nextWord(sentence, after: t), RuleSupport.separatedBySpaceOnly(sentence, t, v),
                  // (An irregular verb by its base: en_US lists `swim/MS`, `run/ASM` without verb flags.)
                  tokens[v].startsLowercase, classes.isVerbBase(tokens[v].lower) || Lexicon.irregularBases.containsLower(of: tokens, v),
                  !Lexicon.determiners.containsLower(of: tokens, v) else { return nil }
            return t
        }
        // From each “to” back to what comes before it (a cheap test per token: most words are
        // not two letters long), rather than a word-list lookup for every word.
        for t in tokens.indices where tokens[t].kind == .word && tokens[t].lowerIs("to") {
            guard let before = RuleSupport.previousWord(sentence, before: t), toBeforeVerb(after: before) == t else { continue }
            // “must to go”; “Could you to send”: the modal, or its subject after it.
            var modal = before
            if Lexicon.subjectPronouns.containsLower(of: tokens, before), let m = RuleSupport.previousWord(sentence, before: before) { modal = m }
            if Self.modals.containsNorm(of: tokens, modal) {
                if let p = RuleSupport.previousWord(sentence, before: modal), Self.nounMakers.containsLower(of: tokens, p) { continue }
                // An ellipsis: “everything we can [do] to help”, “all they could to ensure”.
                if modal == before, let s = RuleSupport.previousWord(sentence, before: modal), Lexicon.subjectPronouns.containsLower(of: tokens, s),
                   let h = RuleSupport.previousWord(sentence, before: s), Self.ellipsisHeads.containsLower(of: tokens, h) { continue }
                // The subject between: only for a modal that opens a question (“Could you to”).
                if modal != before, sentence.previousNonSpace(before: modal) != nil, !Self.modals.containsNorm(of: tokens, before) { continue }
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, before, t), replacements: [tokens[before].text],
                                     message: "“\(tokens[modal].text)” takes the verb without “to”."))
            } else if Self.objects.containsLower(of: tokens, before), let c = RuleSupport.previousWord(sentence, before: before),
                      RuleSupport.separatedBySpaceOnly(sentence, c, before), Self.causatives.containsLower(of: tokens, c) {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, before, t), replacements: [tokens[before].text],
                                     message: "“\(tokens[c].text) \(tokens[before].text)” takes the verb without “to”."))
            }
        }
        return out
    }
}
