import Foundation

/// Flags “which” after a noun for a person, where English uses “who”: “The man which helped me”
/// → “The man who helped me”, “students which fail” → “students who fail”.
///
/// Follows the rule for relative pronouns (“who” for people, “which” for things; Swan, *Practical
/// English Usage*, entries on relative clauses). Only nouns that always mean
/// people, right before “which” with no comma (“the man, which surprised us” may refer to a
/// whole clause), and a verb or a pronoun after “which”.
public struct WhoWhichRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_WHO_WHICH"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“which” for people (“the man which” → “the man who”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The man which helped me left early.", "The man who helped me left early."),
                        ("Students which fail the test can retake it.", "Students who fail the test can retake it."),
                        ("I know a woman which speaks six languages.", "I know a woman who speaks six languages.")],
            correct: ["The man who helped me left early.", "The book which I read was long.", "Class members which are static load first.", "The man, which surprised us, was calm.",
                      "Which man helped you?", "The people which way they went are unknown.",
                      "Children form this hesitancy from contact with other people which time only solidifies.",
                      "It reads the data of the current user which pulls in the modules."])
    }

    /// Nouns that always mean people.
    static let people: WordSet = [
        "man", "men", "woman", "women", "person", "people", "persons", "boy", "boys", "girl", "girls", "child", "children",
        "friend", "friends", "teacher", "teachers", "student", "students", "doctor", "doctors", "guy", "guys", "lady",
        "ladies", "gentleman", "gentlemen", "customer", "customers", "employee", "employees", "user", "users", "worker",
        "workers", "parent", "parents", "kid", "kids", "neighbour", "neighbours", "neighbor", "neighbors", "someone",
        "anyone", "everyone", "somebody", "anybody", "everybody", "nobody", "colleague", "colleagues", "author", "authors",
        "developer", "developers", "owner", "owners",
    ]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["which"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("which") {
            guard let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i),
                  Self.people.containsLower(of: tokens, p), tokens[p].startsLowercase || p == tokens.firstIndex(where: { $0.kind == .word }),
                  let n = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, n) else { continue }
            // “the data of the current user which pulls in …”: after “of”, “which” may refer to
            // the noun before it (found by a new user's --fix on a Debian README).
            if Self.followsOf(sentence, p) { continue }
            // A verb (“which helped”, “which speaks”) or a subject pronoun (“which I met”) next.
            let w = tokens[n].lower
            let verb = classes.isPastParticiple(w) || classes.verbBase(ofThirdPerson: w) != nil || classes.isVerbBase(w)
                || Lexicon.irregularPastForms[w] != nil || Lexicon.irregularPastSameForms[w] != nil || RuleSupport.beForms.contains(w)
                || RuleSupport.modals.contains(w) || Lexicon.subjectPronouns.contains(w)
            guard verb, !classes.isNoun(w) || classes.isVerbBase(w) || classes.verbBase(ofThirdPerson: w) != nil || classes.isPastParticiple(w),
                  !Lexicon.determiners.contains(w) else { continue }
            // A noun after “which” is its own phrase (“other people which time only solidifies”:
            // “which” is the object), unless an object follows it as a verb's (“which fail the test”).
            if classes.isSingularNoun(w), !Lexicon.subjectPronouns.contains(w) {
                guard let m = RuleSupport.nextWord(sentence, after: n),
                      Lexicon.determiners.containsLower(of: tokens, m) || Lexicon.objectPronouns.containsLower(of: tokens, m)
                        || Lexicon.possessives.containsLower(of: tokens, m) else { continue }
            }
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("who", like: tokens[i].text)],
                                 message: "Use “who” for people: “\(tokens[p].text) who”."))
        }
        return out
    }

    /// True when the noun phrase ending at word `p` follows “of” (up to three determiners or
    /// modifiers between: “of the current user”).
    static func followsOf(_ sentence: Sentence, _ p: Int) -> Bool {
        var k = p
        for _ in 0..<4 {
            guard let q = RuleSupport.previousWord(sentence, before: k) else { return false }
            if sentence.tokens[q].lowerIs("of") { return true }
            k = q
        }
        return false
    }
}
