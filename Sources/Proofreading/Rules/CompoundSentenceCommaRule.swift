import Foundation

/// Flags a missing comma before “but”, “yet” or “and” joining two independent clauses:
/// “My friends are in Washington but I am in Seattle.” → “Washington, but I am”, “This gives
/// you more choice and you can stay longer.” → “choice, and you can”.
///
/// Follows the *Chicago Manual of Style* (17th ed., §6.22): a comma precedes a coordinating
/// conjunction that joins two independent clauses, and may be left out when the clauses are
/// short and closely connected; LanguageTool's `COMMA_COMPOUND_SENTENCE` and
/// `COMMA_COMPOUND_SENTENCE_2` (grammar.xml) flag the same. Only where both clauses are plainly
/// clauses: the conjunction is followed by a subject pronoun and a finite verb that agrees with
/// it (“but I am”, “and you can”; not “you and he were”, a compound subject), and the words
/// before it, back to the sentence's start or the last comma, hold a finite verb (a form of
/// “be”, “have” or “do”, a modal, a past tense or a verb in -s) and do not open with a
/// subordinating conjunction (“If you go and you see him, …” joins two conditions). Before
/// “and” the first clause has five words or more (“I love Tim and he loves me” stays); before
/// “but” and “yet”, three or more. Not “so”, which also means “so that” (“show them these terms
/// so they know their rights”), where a comma would make it a result.
public struct CompoundSentenceCommaRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PronounVerbAgreement.subjects), HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_COMMA_COMPOUND_SENTENCE"
    /// An optional comma or hyphen: quiet in technical documents (``TechnicalDocumentStyle``).
    public var quietInTechnicalDocuments: Bool { true }
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "A missing comma before a conjunction that joins two clauses (“…, but I am…”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("My friends are in Washington but I am in Seattle.", "My friends are in Washington, but I am in Seattle."),
                        ("She really purchased the car but she declined the extended warranty.",
                         "She really purchased the car, but she declined the extended warranty."),
                        ("This gives you a lot more possibilities and you can stay at places you like.",
                         "This gives you a lot more possibilities, and you can stay at places you like."),
                        ("The results looked promising at first but they did not hold up.",
                         "The results looked promising at first, but they did not hold up."),
                        ("He worked on the problem for several weeks and he finally solved it.",
                         "He worked on the problem for several weeks, and he finally solved it."),
                        ("Bill didn't work hard enough and so he failed.", "Bill didn't work hard enough, and so he failed.")],
            correct: ["I love Tim and he loves me.", "I thought you and he were happy.", "Either you or he is wrong.",
                      "My friends are in Washington, but I am in Seattle.", "If you go to the shop and you see him, tell me.",
                      "Install the package with pip and you can import it.", "She bought bread and milk and she went home.",
                      "I want a wife and children, and so I need a house.", "Nobody came but me.", "You must show them these terms so they know their rights.",
                      "We tested the build on both Linux and macOS and it passed.", "The cat sat and it purred.",
                      "When the results came in and we saw them, we were glad.", "He said that the plan was good and we agreed."])
    }

    /// The conjunctions that join clauses here.
    /// (Not “so”, which also means “so that”: “show them these terms so they know their
    /// rights”, where a comma would make it a result.)
    static let conjunctions: WordSet = ["but", "yet", "and"]
    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = conjunctions.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Words that open a subordinate clause: a first clause with one of them may be no
    /// independent clause (“If you go and you see him”, “He said that … and we agreed”).
    static let subordinators: WordSet = ["if", "when", "whenever", "because", "although", "though", "while", "whilst", "since", "as",
                                         "unless", "once", "whether", "before", "after", "until", "till", "that", "which", "who",
                                         "whom", "whose", "where", "what", "how", "why", "whatever", "whoever", "wherever"]

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        for conjunction in tokens.indices where tokens[conjunction].kind == .word && tokens[conjunction].startsLowercase
            && Self.conjunctions.containsLower(of: tokens, conjunction) {
            let c = conjunction
            // “and so he failed”, “but then we left”: a linking adverb after the conjunction.
            guard var s = RuleSupport.nextWordAfterSpace(sentence, after: conjunction) else { continue }
            if tokens[s].lower.isAny(of: "so", "then", "thus", "therefore"), let n = RuleSupport.nextWordAfterSpace(sentence, after: s) { s = n }
            // Right after a word: no comma there yet.
            guard c >= 2, tokens[c - 1].isSpace, tokens[c - 2].kind == .word || tokens[c - 2].kind == .number,
                  PronounVerbAgreement.subjects.containsLower(of: tokens, s),
                  tokens[s].startsLowercase || tokens[s].textIs("I") else { continue }
            // The second clause: the pronoun's own finite verb (an adverb may stand between).
            guard var v = RuleSupport.nextWordAfterSpace(sentence, after: s) else { continue }
            if PronounVerbAgreement.adverbs.containsLower(of: tokens, v) || tokens[v].lower.hasASCIISuffix("ly"),
               let w = RuleSupport.nextWordAfterSpace(sentence, after: v) { v = w }
            guard Self.isFiniteVerb(tokens[v], agreeingWith: tokens[s].lower, classes: classes) else { continue }
            // The first clause: back to the sentence's start or the last mark, a finite verb
            // among its words, and no subordinating conjunction at its start.
            var k = c - 1
            var words = 0
            var hasVerb = false
            var first = c
            while k >= 0 {
                let t = tokens[k]
                if t.isSpace { k -= 1; continue }
                if t.kind == .punctuation, !t.isOne(of: "'’-") { break }
                if t.kind == .word {
                    if Self.conjunctions.containsLower(of: tokens, k) && words > 0 { break }
                    words += 1
                    first = k
                    if !hasVerb, Self.isFiniteVerb(t, agreeingWith: nil, classes: classes)
                        || Self.isVerbAfterSubject(sentence, k, classes: classes) { hasVerb = true }
                } else if t.kind == .number {
                    words += 1
                    first = k
                }
                k -= 1
            }
            guard hasVerb, words >= (tokens[c].lowerIs("and") ? 5 : 3) else { continue }
            // A subordinate clause, or “both … and”, “between … and” (the conjunction joins words).
            if (first..<c).contains(where: { tokens[$0].kind == .word && (Self.subordinators.containsLower(of: tokens, $0)
                                                                             || tokens[$0].lower.isAny(of: "both", "between")) }) { continue }
            let previous = c - 2
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, previous, c - 1),
                                 replacements: [tokens[previous].text + "," + tokens[c - 1].text],
                                 message: "“\(tokens[c].text)” joins two clauses here: put a comma before it.",
                                 isConfident: false))
        }
        return out
    }

    /// True when the word at `k` is a present verb that could also be a noun, right after a
    /// subject that makes it the verb: “this offers”, “it needs”, “which costs”, “I need”, “they
    /// want”.
    static func isVerbAfterSubject(_ sentence: Sentence, _ k: Int, classes: WordClasses) -> Bool {
        let tokens = sentence.tokens
        guard tokens[k].startsLowercase, let p = RuleSupport.previousWord(sentence, before: k) else { return false }
        let w = tokens[k].lower
        if w.hasASCIISuffix("s"), classes.verbBase(ofThirdPerson: w) != nil {
            return tokens[p].lower.isAny(of: "he", "she", "it", "this", "that", "which", "who", "everyone", "everybody", "nobody", "someone")
        }
        return tokens[p].lower.isAny(of: "i", "you", "we", "they") && classes.isVerbBase(w) && !Lexicon.objectStarts.contains(w)
    }

    /// True when `t` is a finite verb: a form of “be”, “have” or “do”, a modal, a past tense or
    /// (after he, she, it, or with no subject given) a verb in -s; after a subject pronoun, one
    /// that agrees with it (“he were” is a compound subject's, “I is” no clause).
    static func isFiniteVerb(_ t: Token, agreeingWith subject: String?, classes: WordClasses) -> Bool {
        guard t.kind == .word, t.startsLowercase else { return false }
        let w = t.lower
        let person = subject.flatMap(PronounVerbAgreement.person)
        let third = person.map { $0 == .third }
        if RuleSupport.beForms.contains(w) {
            guard !w.isAny(of: "be", "been", "being") else { return false }
            guard let person else { return true }
            // The form of “be” the pronoun takes (``PronounVerbAgreement/be(_:)``), or its negation.
            let be = PronounVerbAgreement.be(person)
            return w == be.present || w == be.past || w == be.present + "n't" || w == be.past + "n't"
        }
        if w.isAny(of: "has", "hasn't", "does", "doesn't") { return third ?? true }
        if w.isAny(of: "have", "haven't", "do", "don't") { return third.map { !$0 } ?? false }
        if RuleSupport.modals.contains(w) || w.isAny(of: "had", "hadn't") { return true }
        if Lexicon.irregularPastForms[w] != nil { return true }
        if w.hasASCIISuffix("ed"), classes.isPastParticiple(w), !classes.isAdjectiveLike(w) { return true }
        if third ?? true, w.hasASCIISuffix("s"), classes.verbBase(ofThirdPerson: w) != nil, subject != nil || !classes.isNoun(w) { return true }
        if let third, !third, classes.isVerbBase(w), !Lexicon.objectStarts.contains(w) { return true }
        return false
    }
}
