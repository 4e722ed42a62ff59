import Foundation

/// Shared logic of the pronoun–verb agreement rules: a subject pronoun in subject position
/// directly followed by a verb form that does not agree with it.
enum PronounVerbAgreement {
    /// Pronoun groups.
    enum Person { case first, second, third, plural }

    /// The person of a subject pronoun, if it is one.
    static func person(_ lower: String) -> Person? {
        switch lower {
        case "i": return .first
        case "you": return .second
        case "he", "she", "it": return .third
        case "we", "they": return .plural
        default: return nil
        }
    }

    /// The present of “have” after a subject pronoun of `person` (“has” after he, she, it).
    static func have(_ person: Person) -> String { person == .third ? "has" : "have" }

    /// The present and past of “be” after a subject pronoun of `person` (I am/was, he is/was,
    /// you are/were).
    static func be(_ person: Person) -> (present: String, past: String) {
        switch person {
        case .first: return ("am", "was")
        case .third: return ("is", "was")
        case .second, .plural: return ("are", "were")
        }
    }

    /// The subject pronouns ``person(_:)`` knows: the triggers of the agreement rules.
    static let subjects: WordSet = (["i", "you", "he", "she", "it", "we", "they"] as WordSet).hot()

    /// Adverbs that may stand between a subject pronoun and its verb.
    static let adverbs: WordSet = ["also", "always", "often", "never", "usually", "still", "really", "just", "only", "sometimes", "rarely", "seldom", "actually", "certainly", "probably", "even", "already", "generally", "normally"]

    /// Words after which a nominative pronoun is not the subject of an ordinary clause: a
    /// question's auxiliary (“Does he have”), a comparison (“than he”), “let”. “that” is
    /// decided by ``isSubjunctiveThat(_:_:)``.
    static let notBeforeNominative: WordSet = RuleSupport.modals.union(RuleSupport.beForms).union([
        "lest", "than", "as", "let", "lets", "let's", "whether", "have", "has", "had", "why", "how", "what", "where", "when", "who", "which",
        "do", "does", "did", "dare", "need", "if", "unless", "rather",
    ]).union(mandativeVerbForms)

    /// Adjectives and nouns that take a subjunctive “that” clause (“it is essential that he be
    /// told”, “the requirement that she sign”): the mandative governors of the Cambridge Grammar
    /// of the English Language (Huddleston & Pullum 2002, §11.7.1) beside the verbs of
    /// ``mandativeVerbForms``, and the old formulas “God grant that”, “Heaven forbid that”.
    static let mandativeGovernors: WordSet = [
        "important", "essential", "vital", "necessary", "crucial", "imperative", "critical", "urgent", "advisable",
        "desirable", "mandatory", "obligatory", "compulsory", "preferable", "best", "better", "fitting", "appropriate",
        "proper", "right", "demand", "demands", "requirement", "requirements", "recommendation", "recommendations",
        "suggestion", "suggestions", "proposal", "proposals", "request", "requests", "insistence", "condition",
        "conditions", "stipulation", "motion", "resolution", "decree", "decreed", "stipulate", "stipulated", "stipulates",
        "mandate", "mandated", "mandates", "move", "moved", "resolve", "resolved", "grant", "forbid", "pray", "wish",
    ]

    /// True when the “that” at token `that` may open a subjunctive clause: a mandative verb,
    /// adjective or noun (``mandativeVerbForms``, ``mandativeGovernors``) among the four words
    /// before it (“I insist that he go”, “it is vital that she attend”, “we suggested to him
    /// that he leave”). Any other “that” opens an ordinary clause, whose verb agrees (“I said
    /// that she goes home”).
    static func isSubjunctiveThat(_ sentence: Sentence, _ that: Int) -> Bool {
        var k = that, seen = 0
        while seen < 4, let p = RuleSupport.previousWord(sentence, before: k) {
            let w = sentence.tokens[p].lower
            if mandativeVerbForms.contains(w) || mandativeGovernors.contains(w) { return true }
            k = p
            seen += 1
        }
        return false
    }

    /// Forms of verbs that take a subjunctive clause (“I suggested she sell it”).
    static let mandativeVerbForms: WordSet = {
        var out: Set<String> = []
        let verbs: [String] = ["suggest", "insist", "recommend", "demand", "request", "require", "propose", "urge", "ask", "advise", "order", "prefer", "command"]
        for v in verbs {
            let stem: String = v.hasASCIISuffix("e") ? String(v.dropLast()) : v
            out.formUnion([v, v + "s", stem + "ed", stem + "ing"])
        }
        return WordSet(out)
    }()

    /// True for “I”, “he”, “she”, “we” and “they” (forms that can only be subjects) after a word
    /// that does not make them part of a question, a subjunctive or a comparison.
    static func isNominativeSubject(_ sentence: Sentence, _ i: Int) -> Bool {
        guard sentence.tokens[i].lower.isAny(of: "i", "he", "she", "we", "they"), let p = RuleSupport.previousWord(sentence, before: i) else { return false }
        let pw = RuleSupport.norm(sentence.tokens[p])
        if pw == "that" { return !isSubjunctiveThat(sentence, p) }
        return !notBeforeNominative.contains(pw) && !pw.hasASCIISuffix("n't")
    }

    /// A subject pronoun in subject position (token `subject`), its person, and the word that
    /// must agree with it (token `verb`, after at most one frequency adverb).
    struct Candidate: Sendable {
        var person: Person
        var subject: Int
        var verb: Int
    }

    /// The search for candidates as work the agreement rules share (``Rule/sentencePreparation``):
    /// stored in ``Sentence/agreementCandidates``.
    static let preparation = SentencePreparation("pronoun-verb agreement candidates") { sentence in
        sentence.agreementCandidates = candidates(sentence)
    }

    /// The pronoun–verb pairs of `sentence`: what the four agreement rules look at, found once
    /// per sentence (the proofreader stores them in ``Sentence/agreementCandidates``).
    static func candidates(_ sentence: Sentence) -> [Candidate] {
        var out: [Candidate] = []
        let tokens = sentence.tokens
        // Read once per sentence: each `static let` access is a lazy-initialisation check.
        let subjects = Self.subjects, adverbs = Self.adverbs
        // Tokens are read in place and copied only once they pass the first test.
        for i in tokens.indices where tokens[i].kind == .word {
            guard subjects.containsLower(of: tokens, i), let person = person(tokens[i].lower) else { continue }
            // A compound subject (“you and he were”, “my team and I are”) agrees as a plural; so
            // does “we” or “they”, so after “and” they are still checked (“late and they helps”).
            // (So is the last item of a list, “and” after a comma: xrandr(1)'s “g, h, and i are
            // respectively 0, 0 and 1” named three letters; `--fix` wrote “i am”.)
            if person != .plural, let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "and", "or", "nor"),
               let pp = sentence.previousNonSpace(before: p), tokens[pp].kind == .word || tokens[pp].isOne(of: ",") { continue }
            guard RuleSupport.isSubjectPosition(sentence, i) || isNominativeSubject(sentence, i),
                  var j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            // One frequency adverb between: “she also need”, “he never have”.
            if adverbs.containsLower(of: tokens, j), let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k) { j = k }
            // A lowercase “i” with a third-person verb is a variable or a letter (“while i is less
            // than n”, “the dot over the i is”), not the pronoun: nobody writes “I is” for “I am”.
            if tokens[i].textIs("i"), tokens[j].lower.isAny(of: "is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't")
                || tokens[j].lower.hasASCIISuffix("s") && !tokens[j].lower.hasASCIISuffix("ss") { continue }
            // “it” after a comma may be an object of a fronted clause (“To fix it, …”) — it is
            // then followed by a comma, not a verb, so nothing to do.
            if tokens[i].textIs("I") || tokens[i].startsLowercase || i == tokens.firstIndex(where: { !$0.isSpace }) {} else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            out.append(Candidate(person: person, subject: i, verb: j))
        }
        return out
    }

    /// Runs `fix` on every subject pronoun in subject position followed by a word; `fix`
    /// returns the replacement of that word (case adjusted by the caller) and a message, or nil.
    static func matches(_ sentence: Sentence, context: RuleContext,
                        fix: (Person, Token, Int) -> (String, String)?) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for c in sentence.agreementCandidates ?? candidates(sentence) {
            guard let (replacement, message) = fix(c.person, tokens[c.verb], c.verb) else { continue }
            // A capital “I” before “is” or “was” may be a letter named (git-log(1): “I is the
            // initial commit, … so I is !TREESAME”; a --fix trial made it “I am”): reported, not
            // changed. “I has”, “I does” stay fixes: a learner's slip far more often than a
            // letter that has or does something.
            let letterNamed = tokens[c.subject].textIs("I")
                && tokens[c.verb].lower.isAny(of: "is", "was", "isn't", "wasn't")
            out.append(ProofreadingSuggestion(range: tokens[c.verb].range, replacements: [RuleSupport.matchCase(replacement, like: tokens[c.verb].text)],
                                 message: message, isConfident: !letterNamed))
        }
        return out
    }
}
