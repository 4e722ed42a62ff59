import Foundation

/// Flags “was” / “were” that do not agree with the pronoun subject: “they was”, “we was”,
/// “he were” (but not the subjunctive: “if he were”, “I wish it were”).
public struct AgreementWasWereRule: Rule {
    /// The pronoun–verb pairs the agreement rules share, found once per sentence.
    public var sentencePreparation: SentencePreparation? { PronounVerbAgreement.preparation }
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects)] }
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_WAS_WERE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“was / were” agreeing with the pronoun"

    static let subjunctive: WordSet = ["if", "wish", "though", "unless", "suppose", "imagine", "whether", "as", "even", "only", "rather", "lest", "pretend", "were"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("They was late again.", "They were late again."), ("We was told to wait.", "We were told to wait."),
                        ("He were the best player.", "He was the best player."),
                        ("She said it were fine yesterday.", "She said it was fine yesterday."),
                        ("He was sure it were broken.", "He was sure it was broken.")],
            correct: ["If he were taller, he would play.", "I wish it were Friday.", "They were late and he was early.",
                      "It was, as it were, a small disaster.", "I thought you and he were happy.",
                      "Those who said it were wrong.", "I would say it were better to wait.", "Suppose it were true."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = PronounVerbAgreement.subjects.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Verbs and adjectives (by lemma) whose clause may follow without “that”, in the indicative:
    /// “She said it were fine” (“it” there is the clause's subject, not the verb's object).
    /// Verbs of supposing (“suppose”, “imagine”, “assume”, “wish”) take the subjunctive and are
    /// not among them.
    static let reportingLemmas: WordSet = ["say", "think", "know", "believe", "guess", "hope", "feel", "reckon", "realize", "realise",
                                           "notice", "hear", "claim", "mean", "discover", "learn", "sure", "certain", "afraid",
                                           "glad", "aware", "convinced", "confident", "clear", "obvious", "true"]
    /// Verbs of supposing and wishing, whose clause may be in the subjunctive (“Suppose it were
    /// true”, “I'd prefer it were done”): no other verb before “it were” makes it the clause's subject.
    /// “be”, “have” and “do” are auxiliaries here, never such a verb.
    static let supposingLemmas: WordSet = ["suppose", "imagine", "assume", "wish", "pretend", "prefer", "be", "have", "do"]
    /// Verbs whose indirect object a clause follows (“He told me it were fine”).
    static let tellingLemmas: WordSet = ["tell", "show", "assure", "promise", "warn", "remind", "inform", "convince"]
    /// Words of a conditional or hypothetical sentence, where “were” after “it” may be the
    /// subjunctive.
    static let hypothetical: WordSet = ["would", "could", "might", "should", "i'd", "you'd", "he'd", "she'd", "we'd", "they'd", "it'd"]

    /// “it were” where “it” is the subject of a clause in the indicative, which the pronoun
    /// candidates leave out because “it” can be an object (“Those who saw it were amazed”): after
    /// a “that” that opens an ordinary clause (“The log showed that it were empty”), after a verb
    /// or adjective of saying, knowing or believing (“She said it were fine”, “He was sure it were
    /// broken”) that no relative pronoun opens (“the people who said it were wrong” may mean the
    /// people), after such a verb's object pronoun (“He told me it were fine”). Never in a
    /// sentence with a subjunctive's word before (``subjunctive``) or a conditional's modal.
    func itWere(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("it") {
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j),
                  tokens[j].lower.isAny(of: "were", "weren't", "weren\u{2019}t"), tokens[j].startsLowercase,
                  let p = RuleSupport.previousWord(sentence, before: i),
                  !RuleSupport.sentence(sentence, contains: Self.subjunctive, before: j),
                  !tokens.indices.contains(where: { tokens[$0].kind == .word && Self.hypothetical.contains(RuleSupport.norm(tokens[$0])) }) else { continue }
            let tags = context.tags(of: sentence)
            func isReporting(_ k: Int, _ lemmas: WordSet) -> Bool {
                // A verb by its lemma; an adjective as written, whatever its tag (“sure” is read `RB`).
                guard tags[k].isVerb && tags.lemma(at: k).map({ lemmas.contains($0) }) == true || lemmas.contains(tokens[k].lower) else { return false }
                // “who said it were wrong”: the relative clause's object, its antecedent the subject.
                var m = k, seen = 0
                while seen < 3, let q = RuleSupport.previousWord(sentence, before: m) {
                    if tokens[q].lower.isAny(of: "who", "which", "that", "whom") { return false }
                    m = q
                    seen += 1
                }
                return true
            }
            // Any other finite verb that opens the clause after it (“Everyone agreed it were”, “She
            // admitted it were”, session 45): not one of supposing (“Suppose it were”), an auxiliary
            // or a form of “be”, and not a contact relative clause's verb, whose subject follows a
            // noun (“The people we showed it were impressed”: “it” is the object).
            func isClauseTakingVerb(_ k: Int) -> Bool {
                guard tags[k] == .VBD || tags[k] == .VBZ || tags[k] == .VBP,
                      let lemma = tags.lemma(at: k), !Self.supposingLemmas.contains(lemma), isReporting(k, [lemma]) else { return false }
                if let s = RuleSupport.previousWord(sentence, before: k), tags[s] == .PRP || tags[s].isNoun,
                   let n = RuleSupport.previousWord(sentence, before: s), tags[n].isNoun { return false }
                return true
            }
            let opensClause: Bool
            if tokens[p].lowerIs("that") {
                opensClause = !PronounVerbAgreement.isSubjunctiveThat(sentence, p)
                    && RuleSupport.previousWord(sentence, before: p).map { tags[$0].isVerb || tags[$0] == .JJ } == true
            } else if Lexicon.objectPronouns.contains(tokens[p].lower), !tokens[p].lowerIs("it"), let v = RuleSupport.previousWord(sentence, before: p) {
                opensClause = isReporting(v, Self.tellingLemmas)
            } else {
                opensClause = isReporting(p, Self.reportingLemmas) || isClauseTakingVerb(p)
            }
            guard opensClause else { continue }
            let want = tokens[j].lower == "were" ? "was" : "wasn't"
            out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [want], message: "The verb must agree with its subject “it”: use “\(want)”."))
        }
        return out
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out = itWere(sentence, context: context)
        out += PronounVerbAgreement.matches(sentence, context: context) { person, verb, j in
            let v = RuleSupport.norm(verb)
            switch (person, v) {
            case (.second, "was"), (.plural, "was"): return ("were", "The verb must agree with its subject: use “were”.")
            case (.second, "wasn't"), (.plural, "wasn't"): return ("weren't", "The verb must agree with its subject: use “weren't”.")
            case (.first, "were"), (.third, "were"), (.first, "weren't"), (.third, "weren't"):
                if RuleSupport.sentence(sentence, contains: Self.subjunctive, before: j) { return nil }
                let want = v == "were" ? "was" : "wasn't"
                return (want, "The verb must agree with its subject: use “\(want)”.")
            default: return nil
            }
        }
        return out
    }
}
