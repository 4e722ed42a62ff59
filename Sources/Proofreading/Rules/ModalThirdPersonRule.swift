import Foundation

/// Flags a third-person verb form after a modal verb or after “do not” / “doesn't”, which take
/// the bare infinitive: “They will comes home” → “come”, “Mozilla should has” → “have”,
/// “he doesn't has” → “have”, “I don't needs” → “need”; and an -ing form right after a modal
/// (“She will going” → “go” or “be going”).
///
/// Follows LanguageTool's `DID_BASEFORM` and `DONT_NEEDS` (grammar.xml) and the rule that a
/// modal is followed by the bare infinitive (Swan, *Practical English Usage*, §353). Third-person
/// forms are recognised from the Hunspell dictionary's flags (a verb entry with `S` and `D`/`G`);
/// the modal must follow its subject, so questions (“Can files be shared?”) are left alone.
public struct ModalThirdPersonRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms), HotWordList(ModalThirdPersonRule.modals), HotWordList(ModalThirdPersonRule.doForms)] }
    /// Stable rule ID.
    public let id = "EN_MODAL_THIRD_PERSON"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb ending in -s or -ing after a modal verb, or in -s after “doesn't”"

    /// Modal verbs (lowercased, straight apostrophes).
    static let modals: WordSet = ([
        "will", "would", "can", "could", "should", "shall", "may", "might", "must", "won't", "can't", "cannot",
        "couldn't", "wouldn't", "shouldn't", "mustn't", "doesn't", "don't", "didn't",
    ] as WordSet).hot()
    /// Forms of “do” that take a bare infinitive only when “not” follows (“he does not has”);
    /// alone they may be main verbs (“what he does matters”).
    static let doForms: WordSet = (["do", "does", "did"] as WordSet).hot()
    /// Words before a modal that make it a noun (“free will”, “a can”).
    static let nounMakers: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(["free", "good", "ill", "own", "last", "tin", "trash", "garbage", "watering"])
    /// Words that open a question or clause, after which the modal comes before its subject.
    static let inverters: WordSet = ["what", "why", "how", "where", "when", "who", "which", "whom", "whose", "and", "or", "but", "nor", "neither", "so", "if", "whether"]
    /// Adverbs that may stand between the modal and the verb.
    static let adverbs: WordSet = ["not", "never", "also", "always", "just", "even", "still", "really", "only", "ever", "probably", "definitely", "certainly", "surely", "already", "often", "sometimes", "usually", "actually", "then", "soon", "easily"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("They will comes home.", "They will come home."), ("He must needs to leave now.", "He must need to leave now."),
                        // en_US lists `swim/MS` without verb flags (`swimming` is an entry apart).
                        ("He can swims across the lake.", "He can swim across the lake."),
                        ("Mozilla should has a grammar checker.", "Mozilla should have a grammar checker."),
                        ("Since he doesn't has any connection with us, we left.", "Since he doesn't have any connection with us, we left."),
                        ("I don't needs help with that.", "I don't need help with that."),
                        ("He may conveys the message.", "He may convey the message."),
                        ("She does not really likes it.", "She does not really like it."),
                        ("She will going to the meeting tomorrow.", "She will go to the meeting tomorrow."),
                        ("They can doing it later.", "They can do it later."),
                        ("You should trying the new build.", "You should try the new build."),
                        ("We must running the tests first.", "We must run the tests first.")],
            correct: ["The default config will apply colors with any COLORTERM set.", "Support will rely heavily on volunteers.", "They must needs come wriggling down from the sky.", "Can files be shared between users?", "What he does matters to us.", "It is against his will.",
                      "The tin can contains beans.", "Why can't users see the menu?", "We will see.",
                      "The will gives everything to his niece.", "She can tell it works.",
                      "I would say this works.", "You must be joking.", "We will be going soon.",
                      "They will, going forward, ship monthly.", "It can bring problems.", "The will being read aloud, we waited.",
                      "He does nothing all day.", "You can sing along.", "We may need the ceiling fixed.",
                      "They smell stronger than they would sitting in water."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.modals.union(Self.doForms).set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    /// False for a word the tag lexicon knows, none of whose tags is an adverb's.
    static func canBeAdverb(_ word: String) -> Bool {
        let tags = TagLexicon.shared.tagSet(of: word)
        return tags.isEmpty || !tags.isDisjoint(with: .adverbs)
    }

    /// The base form of `word` as a verb's third person singular by the tag lexicon, for the
    /// verbs whose dictionary entry has no verb flags (`write/S`, `see/RSMZ`, `take/AIMS`:
    /// “should writes”, “will sees”, “can takes”); nil unless the lexicon gives `word` the `VBZ`
    /// tag and a base-form lemma of its own.
    static func thirdPersonLemma(of word: String, lexicon: TagLexicon) -> String? {
        guard word.count > 3, word.hasASCIISuffix("s"), lexicon.canBe(word, .VBZ),
              let lemma = lexicon.lemma(of: word, as: .VBZ), lemma != word, lexicon.isBaseVerb(lemma) else { return nil }
        return lemma
    }

    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let beForms = RuleSupport.beForms
        let adverbs = Self.adverbs
        let doForms = Self.doForms
        let inverters = Self.inverters
        let modals = Self.modals
        let nounMakers = Self.nounMakers
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let m = tokens.norm(i)
            let isModal = modals.contains(m)
            guard isModal || doForms.contains(m) else { continue }
            let t = tokens[i]
            // The subject comes first: a word before the modal that is not a question word.
            guard let p = RuleSupport.previousWord(sentence, before: i) else { continue }
            let prev = tokens[p].lower
            if nounMakers.contains(prev) || inverters.contains(prev) { continue }
            // “May” and “Will” mid-sentence are a month and a name.
            if !t.startsLowercase { continue }
            guard var j = RuleSupport.nextWord(sentence, after: i) else { continue }
            var sawNot = m.hasASCIISuffix("n't") || m == "cannot"
            var hops = 0
            // An unlisted “-ly” word is an adverb unless the tag lexicon knows it as no adverb
            // (“will apply colors”, “will rely”, “will supply”: verbs).
            while hops < 2, adverbs.containsLower(of: tokens, j) || (tokens[j].lower.hasASCIISuffix("ly") && tokens[j].lower.count > 4
                                                                       && Self.canBeAdverb(tokens[j].lower)),
                  let k = RuleSupport.nextWord(sentence, after: j) {
                if tokens[j].lowerIs("not") { sawNot = true }
                j = k
                hops += 1
            }
            if !isModal && !sawNot { continue }
            // “Users who can logs in twice”: a relative “who can” is still a modal; but a
            // capitalised word or code is not a verb.
            let v = tokens[j]
            guard v.startsLowercase, !RuleSupport.isCodeLike(v), !v.lowerIs("is") else { continue }
            // An -ing form right after a modal (“She will going”, “They can doing it”): the base
            // form, or the progressive with its “be”. Not after “do” (“does nothing”), and not
            // across the adverbs, which may start a phrase of their own (“will always, going…”).
            if isModal, v.lower.hasASCIISuffix("ing"), RuleSupport.separatedBySpaceOnly(sentence, i, j),
               let base = classes.verbBase(ofPresentParticiple: v.lower) {
                if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
                // A comparison leaves its verb out: “stronger than they would sitting in water”.
                if prev.isAny(of: "than", "as") || RuleSupport.previousWord(sentence, before: p).map({ tokens[$0].lower.isAny(of: "than", "as") }) == true { continue }
                out.append(ProofreadingSuggestion(range: v.range, replacements: [base, "be " + v.text],
                                     message: "After “\(t.text)”, use the base form of the verb (“\(base)”) or “be \(v.text)”."))
                continue
            }
            guard let base = classes.verbBase(ofThirdPerson: v.lower) ?? Self.thirdPersonLemma(of: v.lower, lexicon: context.lexicon) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // A plural noun followed by a verb is a subject (“could users log in”): skip when the
            // next word is a form of “be” or a modal.
            if let k = RuleSupport.nextWord(sentence, after: j), beForms.containsLower(of: tokens, k) || modals.containsNorm(of: tokens, k) { continue }
            // “should troops pass that way”: “should” opening a condition before its subject.
            if m == "should", let k = RuleSupport.nextWord(sentence, after: j), classes.isVerbBase(tokens[k].lower), classes.isNoun(v.lower) { continue }
            // “must needs”: the old adverb “needs” (of necessity), not a verb (“they must needs
            // come wriggling down”).
            if m == "must", v.lowerIs("needs"), j == i + 2,
               !(RuleSupport.nextWord(sentence, after: j).map { tokens[$0].lowerIs("to") } ?? false) { continue }
            // “might has well” is “might as well”, not “might have well”.
            if v.lowerIs("has"), let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lowerIs("well") { continue }
            out.append(ProofreadingSuggestion(range: v.range, replacements: [base],
                                 message: "After “\(t.text)”, use the base form of the verb: “\(base)”."))
        }
        return out
    }
}
