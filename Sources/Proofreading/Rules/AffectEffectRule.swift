import Foundation

/// Flags the noun “effect” and the verb “affect” confused: “will effect us” → “affect”,
/// “a side affect” / “had an affect on” → “effect”.
public struct AffectEffectRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_AFFECT_EFFECT"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“affect” (verb) and “effect” (noun) confused"

    static let nounSlot: WordSet = [
        "the", "an", "a", "no", "any", "positive", "negative", "side", "adverse", "significant", "little", "big", "great",
        "profound", "lasting", "desired", "opposite", "greenhouse", "butterfly", "placebo", "ripple", "domino",
        "special", "sound", "visual", "net", "overall", "immediate", "major", "minor", "real", "huge", "strong",
        "harmful", "beneficial", "dramatic", "cumulative", "long-term", "short-term", "its", "their", "his", "her",
    ]
    /// Nouns that “effect” (bring about) takes as an object.
    static let broughtAbout: WordSet = ["change", "changes", "transition", "transfer", "reform", "reforms", "cure", "rescue", "repairs", "escape", "merger", "payment", "transaction", "improvement", "improvements", "recovery", "settlement", "compromise"]
    static let psychology: WordSet = ["flat", "blunted", "restricted", "labile", "inappropriate", "constricted"]
    static let verbSlot: WordSet = RuleSupport.modals.union(["to", "not", "never", "may", "might", "also", "directly", "negatively", "seriously", "greatly"])
    static let verbObjects: WordSet = Lexicon.objectPronouns.union(Lexicon.possessives).union(["how", "whether", "everyone", "people", "performance", "users", "many", "millions", "thousands", "both", "all"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("A side affect of the drug is drowsiness.", "A side effect of the drug is drowsiness."),
                        ("The change had an affect on sales.", "The change had an effect on sales."),
                        ("This will not effect your score.", "This will not affect your score."),
                        ("The delay could effect how we plan.", "The delay could affect how we plan."),
                        ("The ban took affect at midnight.", "The ban took effect at midnight."),
                        ("It had the same affect on me.", "It had the same effect on me."),
                        ("That might adversely effect the bottom line.", "That might adversely affect the bottom line."),
                        ("She was badly effected.", "She was badly affected."),
                        ("Rising prices effect every family.", "Rising prices affect every family."),
                        ("The weather effects everyone.", "The weather affects everyone."),
                        ("It effect the build.", "It affects the build."), ("I think they effect our users.", "I think they affect our users."),
                        ("The bug effect all users.", "The bug affects all users."),
                        ("The new policy effect everyone.", "The new policy affects everyone."),
                        ("Our old file server effect the whole team.", "Our old file server affects the whole team."),
                        ("The recent price changes effect everybody here.", "The recent price changes affect everybody here."), ("It effects the output.", "It affects the output.")],
            correct: ["The new law will effect change in schools.", "Sound effects everyone loves are back.", "The side effects everyone feared were mild.", "Prices effect change slowly.", "The patient showed a flat affect during the interview.",
                      "These factors affect the result.", "The effect was immediate.", "The rules take effect in May.",
                      "The new minister will effect the change quickly.", "Changes to affect on-call staff were made.", "The transfer was effected quickly.", "Circumvention is effected by exercising rights under this License.", "Payment is effected by means of a bank transfer.",
                      "It effects the change we need.", "The side effects the drug had were mild.", "Its effects the next day were mild.",
                      "The effect it had was small.", "They effect change in their towns.",
                      "The side effect everyone feared was mild.", "The greenhouse effect most people know is real.",
                      "A placebo effect some patients report can last for weeks."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["affect", "affects", "effect", "effects", "effected"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            let w = t.lower
            if w == "affect" || w == "affects" {
                guard let p = sentence.previousNonSpace(before: i) else { continue }
                // “took affect”, “in affect”, “cause and affect”, “the same affect on”.
                let pLower = tokens[p].lower
                let next = RuleSupport.nextWord(sentence, after: i).map { tokens[$0].lower }
                let afterPunct = sentence.nextNonSpace(after: i).map { tokens[$0].kind == .punctuation } ?? true
                var nounUse = pLower.isAny(of: "take", "takes", "took", "taken", "taking", "into") && w == "affect"
                if pLower == "in", w == "affect", afterPunct || (next ?? "").isAny(of: "since", "until", "from", "for", "at", "on", "in", "here", "there", "now", "today", "as", "throughout") { nounUse = true }
                if pLower == "and", let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lowerIs("cause") { nounUse = true }
                if w == "affect", next == "on" || next == "of", tokens[p].kind == .word, !Lexicon.subjectPronouns.contains(pLower),
                   !RuleSupport.modals.contains(pLower), pLower != "to", !pLower.hasASCIISuffix("ly") { nounUse = true }
                if nounUse, !Self.psychology.contains(pLower) {
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(w == "affect" ? "effect" : "effects", like: t.text)],
                                         message: "Use the noun “effect” here; “affect” is usually a verb."))
                    continue
                }
                var pw = tokens[p].lower
                var start = i
                // “side-affect”.
                if pw == "-", p >= 1, tokens[p - 1].lowerIs("side"), p == i - 1 { pw = "side"; start = p - 1 }
                guard tokens[p].kind == .word || start != i, Self.nounSlot.contains(pw) else { continue }
                if let pp = RuleSupport.previousWord(sentence, before: p), Self.psychology.containsLower(of: tokens, pp) { continue }
                if Self.psychology.contains(pw) { continue }
                // “the affect” must be followed by a noun-phrase ending: of/on/was/is/punctuation.
                if pw.isAny(of: "the", "its", "their", "his", "her") {
                    guard let n = sentence.nextNonSpace(after: i), tokens[n].kind == .punctuation || tokens[n].lower.isAny(of: "of", "on", "was", "is", "were", "are", "that", "it") else { continue }
                }
                let noun = w == "affect" ? "effect" : "effects"
                if start != i {
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, start, i), replacements: [RuleSupport.matchCase("side " + noun, like: tokens[start].text)],
                                         message: "The noun is “effect”: a “side effect”."))
                } else {
                    out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(noun, like: t.text)],
                                         message: "Use the noun “\(noun)” here; “affect” is usually a verb."))
                }
            } else if w == "effected", let p = RuleSupport.previousWord(sentence, before: i),
                      tokens[p].lower.isAny(of: "badly", "adversely", "negatively", "seriously", "greatly", "deeply", "directly", "severely", "strongly", "positively") {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("affected", like: t.text)],
                                     message: "Use “affected” (influenced); “effected” means “brought about”."))
            } else if w == "effected", let p = RuleSupport.previousWord(sentence, before: i),
                      tokens[p].lower.isAny(of: "was", "were", "been", "be", "is", "are", "being", "get", "got"),
                      let by = RuleSupport.nextWord(sentence, after: i), tokens[by].lowerIs("by") {
                // “was effected by” is also formal English for “brought about by” (“the transfer is
                // effected by the board”): a question, never changed unattended. Before a gerund or
                // “means” it says how a thing is done, and only “effected” fits (“circumvention is
                // effected by exercising rights”, GPL-3; “payment is effected by means of a transfer”).
                if let g = RuleSupport.nextWord(sentence, after: by),
                   tokens[g].lowerIs("means") || context.tags(of: sentence)[g] == .VBG { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("affected", like: t.text)],
                                     message: "If you mean “influenced”, write “affected”; “effected by” means “brought about by”.",
                                     isConfident: false))
            } else if w == "effect" || w == "effects", let fix = Self.subjectVerbAffect(sentence, i, context: context) {
                out.append(fix)
            } else if w == "effect" || w == "effected" && RuleSupport.previousWord(sentence, before: i).map({ RuleSupport.norm(tokens[$0]).hasASCIISuffix("'ve") }) == true {
                guard var p = RuleSupport.previousWord(sentence, before: i) else { continue }
                // One adverb between: “might adversely effect”.
                if tokens[p].lower.hasASCIISuffix("ly"), let q = RuleSupport.previousWord(sentence, before: p) { p = q }
                let pw = RuleSupport.norm(tokens[p])
                guard Self.verbSlot.contains(pw) || pw.hasASCIISuffix("'ve") || pw.hasASCIISuffix("n't") else { continue }
                guard let n = RuleSupport.nextWord(sentence, after: i) else { continue }
                let nw = tokens[n].lower
                // “the”: only when the noun after it is not a change brought about (“effect the change”).
                if nw == "the" || nw == "your" || nw == "our" {
                    if let m = RuleSupport.nextWord(sentence, after: n), Self.broughtAbout.containsLower(of: tokens, m) { continue }
                } else if !Self.verbObjects.contains(nw) { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(w == "effect" ? "affect" : "affected", like: t.text)],
                                     message: "Use the verb “affect” (to influence); “effect” as a verb means “to bring about”."))
            }
        }
        return out
    }

    /// Subjects after which “effect” is read as a finite verb: the personal pronouns and the
    /// relative and demonstrative pronouns that open a clause.
    static let subjectWords: WordSet = ["i", "you", "we", "they", "he", "she", "it", "this", "that", "which", "who"]
    /// Objects that are people, never a change brought about (“effects everyone”).
    static let personalObjects: WordSet = ["me", "him", "her", "us", "them", "everyone", "everybody", "anyone", "anybody", "someone", "somebody", "nobody"]
    /// Words that open the object of a finite verb (“it effect the build”, “they effect our users”).
    static let objectOpeners: WordSet = Lexicon.objectPronouns.union(Lexicon.possessives)
        .union(["the", "a", "an", "this", "these", "those", "all", "every", "each", "many", "most", "some", "any", "both",
                "everyone", "everybody", "anyone", "anybody", "someone", "somebody", "nobody"])

    /// True when noun `p` opens its phrase after a determiner or a possessive, with up to two
    /// adjectives or nouns between (“the bug”, “the new policy”, “our build server”).
    static func hasDeterminer(before p: Int, _ sentence: Sentence, _ tags: SentenceTags) -> Bool {
        var q = p
        for _ in 0..<3 {
            // The noun phrase opens the sentence (“Rising prices effect …”, “Prices effect …”):
            // a subject without a determiner.
            if sentence.previousNonSpace(before: q) == nil { return true }
            guard let r = RuleSupport.previousWord(sentence, before: q), RuleSupport.separatedBySpaceOnly(sentence, r, q) else { return false }
            let w = sentence.tokens[r].lower
            if Lexicon.determiners.contains(w) || Lexicon.possessives.contains(w) { return true }
            guard tags[r] == .JJ || tags[r] == .NN || tags[r] == .VBG && r < q else { return false }
            q = r
        }
        return false
    }

    /// True when a finite verb or a modal follows token `n` before the clause ends (a comma,
    /// a semicolon, the sentence's end) or a relative pronoun opens a clause of its own.
    static func finiteVerbFollows(_ n: Int, _ sentence: Sentence, _ tags: SentenceTags) -> Bool {
        let tokens = sentence.tokens
        var k = n + 1
        while k < tokens.count {
            if tokens[k].kind == .punctuation, tokens[k].isOne(of: ",;:.!?") { return false }
            if tokens[k].kind == .word {
                if tokens[k].lower.isAny(of: "who", "which", "that") { return false }
                if [.VBD, .VBZ, .VBP, .MD].contains(tags[k]) { return true }
            }
            k += 1
        }
        return false
    }

    /// “effect” or “effects” as the finite verb of a subject (a pronoun, or a noun the tagger
    /// reads so) before an object: “It effect the build” → “affects”, “They effect our users”
    /// → “affect”, “The bug effect all users” → “affects” (issue 30, a new user's trial: the
    /// agreement rule offered “effects”, a second wrong word). “effect” after “he”, “she”, “it”
    /// or a singular noun is wrong either way (the verb would take -s), so “affects” is applied;
    /// “effects” there is correct English when a change is brought about (“it effects the
    /// transfer”), so before an article or a demonstrative it is a question.
    /// An object that is a change brought about (“effect the change”, ``broughtAbout``) is left
    /// alone, as are “effect” after a determiner (a noun: “the effect it had”) and a subject in
    /// a question (“Does it effect the…” is the verb-slot branch's).
    static func subjectVerbAffect(_ sentence: Sentence, _ i: Int, context: RuleContext) -> ProofreadingSuggestion? {
        let tokens = sentence.tokens
        guard let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i),
              let n = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, n) else { return nil }
        let subject = tokens[p].lower, plural = tokens[i].lower == "effects"
        let tags = context.tags(of: sentence)
        let singularSubject: Bool
        if subjectWords.contains(subject) {
            singularSubject = subject.isAny(of: "he", "she", "it", "this", "that")
            // A plural pronoun with “effects” agrees: only the relative pronouns are open to both.
            if plural, subject.isAny(of: "i", "you", "we", "they") { return nil }
        } else if tags[p] == .NN || tags[p] == .NNS, hasDeterminer(before: p, sentence, tags) {
            // “The bug effect all users”, “The new policy effect everyone”: a noun after a
            // determiner (and adjectives), as the subject. “effects” after a noun is left alone:
            // the two may be a compound (“the side effects the drug had”); so is “effect” with
            // a finite verb later in the clause (“The side effect everyone feared was mild”).
            // Session 55: “effects” there with a person as its object and no verb after it
            // (“The weather effects everyone.”) is the verb: no effect is “brought about” a person.
            if finiteVerbFollows(n, sentence, tags) { return nil }
            if plural, !personalObjects.contains(tokens[n].lower) { return nil }
            singularSubject = tags[p] == .NN
        } else {
            return nil
        }
        guard objectOpeners.contains(tokens[n].lower) else { return nil }
        if let m = RuleSupport.nextWord(sentence, after: n), broughtAbout.containsLower(of: tokens, m) { return nil }
        let fix = singularSubject ? "affects" : "affect"
        return ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(fix, like: tokens[i].text)],
                                      message: "To influence something is to “affect” it; “effect” as a verb means “to bring about”: “\(fix)”.",
                                      isConfident: !plural || !tokens[n].lower.isAny(of: "the", "a", "an", "this", "these", "those"))
    }
}
