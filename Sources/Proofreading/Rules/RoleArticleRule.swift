import Foundation

/// Flags a job or role noun without its article after “be”, “become” or “work as”, as in
/// languages that leave it out (French *il est médecin*): “He is doctor.” → “He is a doctor.”,
/// “She works as engineer” → “She works as an engineer”.
///
/// Follows Swan, *Practical English Usage*, entry “a/an: countable nouns”: a singular countable
/// noun that says what someone's job is takes *a/an* (“She's an engineer”, not “She's
/// engineer”; “He works as a doctor”). Only a closed list of everyday jobs, lowercase, right
/// after “I am/was”, “he/she is/was” (or “I'm”, “he's”, “she's”), “become(s)”, “became” or
/// “work(s/ed/ing) as”, and ending its phrase (punctuation, or a word such as “in”, “at”, “and”
/// after it): unique posts that go without an article (“He was elected president”, “She became
/// head of the team”, “as captain”) are not listed, and a hyphen or an apostrophe after the
/// noun (“student-friendly”, “teacher's pet”) leaves it alone.
public struct RoleArticleRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ROLE_ARTICLE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "a job noun without “a/an” (“He is doctor” → “He is a doctor”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He is doctor.", "He is a doctor."), ("She works as engineer in Berlin.", "She works as an engineer in Berlin."),
                        ("I am student at the university.", "I am a student at the university."),
                        ("My sister became nurse last year.", "My sister became a nurse last year."),
                        ("She's teacher at our school.", "She's a teacher at our school.")],
            correct: ["He is a doctor.", "She works as an engineer.", "He was elected president.", "She became head of the team.",
                      "He is student-friendly.", "She is teacher's pet.", "I am student of the month.", "It is doctor approved.",
                      "He served as captain.", "The guide is for the student who wants more.", "He is Doctor Who.",
                      "They are students.", "She is the doctor on call."])
    }

    /// Everyday jobs and roles that take an article.
    static let roles: WordSet = [
        "doctor", "teacher", "engineer", "student", "nurse", "lawyer", "dentist", "farmer", "pilot", "scientist", "programmer",
        "developer", "designer", "writer", "journalist", "architect", "accountant", "waiter", "waitress", "policeman", "policewoman",
        "soldier", "musician", "singer", "actor", "actress", "artist", "mechanic", "electrician", "plumber", "chef",
        "secretary", "housewife", "businessman", "businesswoman", "pharmacist", "surgeon", "veterinarian", "translator",
        "interpreter", "economist", "photographer", "firefighter", "baker", "butcher", "carpenter", "hairdresser", "cashier",
        "librarian", "psychologist", "salesman", "saleswoman", "receptionist", "tailor", "painter", "poet", "novelist", "athlete",
        "footballer", "technician", "physician", "biologist", "chemist", "physicist", "mathematician", "researcher", "banker",
        "housekeeper", "cleaner", "gardener", "fisherman", "shopkeeper", "babysitter", "volunteer", "freelancer", "entrepreneur",
    ]
    /// Words after the noun that show it ends its phrase (not “student council”, “doctor approved”).
    static let phraseEnd: WordSet = ["in", "at", "and", "for", "from", "with", "but", "by", "who", "so", "because", "now", "too", "there",
                                     "here", "then", "since", "when", "until", "like", "or", "last", "this", "after", "before", "again",
                                     "later", "today", "yesterday", "instead", "while", "though", "if"]
    /// Contractions of a subject pronoun and “be” that may stand right before the noun (“I'm”, “he's”, “she's”).
    static let contracted: WordSet = ["i'm", "he's", "she's"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(roles)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for j in tokens.indices where tokens[j].kind == .word && tokens[j].startsLowercase && Self.roles.containsLower(of: tokens, j) {
            guard let p = RuleSupport.previousWord(sentence, before: j), RuleSupport.separatedBySpaceOnly(sentence, p, j) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // The noun ends its phrase: punctuation or a word after a space (not “student council”, “doctor approved”).
            if let n = RuleSupport.nextWordAfterSpace(sentence, after: j) {
                let w = tokens[n].lower
                guard Self.phraseEnd.contains(w) || w.isAny(of: "of", "on", "to") && !nextIsOfMonthOrYear(sentence, n) else { continue }
            }
            let pw = tokens[p].norm
            var fits = false
            if Self.contracted.contains(pw) {
                fits = true
            } else if pw.isAny(of: "am", "is", "was") {
                if let s = RuleSupport.previousWord(sentence, before: p), RuleSupport.separatedBySpaceOnly(sentence, s, p) {
                    let sw = tokens[s].lower
                    fits = pw == "am" ? sw == "i" : (sw == "he" || sw == "she" || pw == "was" && sw == "i")
                }
            } else if pw.isAny(of: "became", "become", "becomes") {
                fits = true
            } else if pw == "as", let v = RuleSupport.previousWord(sentence, before: p) {
                fits = tokens[v].lower.isAny(of: "work", "works", "worked", "working")
            }
            guard fits else { continue }
            let noun = tokens[j].text
            let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: ["\(article) \(noun)"],
                                 message: "A job takes an article: “\(article) \(noun)”."))
        }
        return out
    }

    /// True when the word at `n` (“of”, “on”, “to”) starts “of the month/year/week”, an award, not a job.
    private func nextIsOfMonthOrYear(_ sentence: Sentence, _ n: Int) -> Bool {
        let tokens = sentence.tokens
        guard tokens[n].lowerIs("of"), let d = RuleSupport.nextWordAfterSpace(sentence, after: n), tokens[d].lowerIs("the"),
              let u = RuleSupport.nextWordAfterSpace(sentence, after: d) else { return false }
        return tokens[u].lower.isAny(of: "month", "year", "week", "day", "term", "semester")
    }
}
