import Foundation

/// Flags a to-infinitive where English takes the -ing form: after verbs that take a gerund
/// (“I enjoy to run” → “enjoy running”, “We avoided to talk” → “avoided talking”), after
/// “look forward to” (“to see you” → “to seeing you”) and after “be used to” / “be accustomed
/// to” / “get used to” with a person as subject (“I'm used to run” → “used to running”, “you will
/// get used to live here” → “living”), and after “object to” as a verb (“I object to pay twice” →
/// “paying”). “I used to run”, “it is used to cut paper” (a purpose) and “the object to move” (a
/// noun) stay.
public struct GerundAfterRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_GERUND_AFTER"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "a to-infinitive where the -ing form belongs (“enjoy to run”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I enjoy to run in the park.", "I enjoy running in the park."),
                        ("She avoided to answer the question.", "She avoided answering the question."),
                        ("We finished to paint the fence.", "We finished painting the fence."),
                        ("I look forward to see you.", "I look forward to seeing you."),
                        ("I'm used to run every morning.", "I'm used to running every morning."),
                        ("They are accustomed to work late.", "They are accustomed to working late."),
                        ("We look forward to hear from them.", "We look forward to hearing from them."),
                        ("I am looking forward to work with you.", "I am looking forward to working with you."),
                        ("You will soon get used to live here.", "You will soon get used to living here."),
                        ("She objected to pay the fee twice.", "She objected to paying the fee twice.")],
            correct: ["I enjoy running.", "I used to run every day.", "These verbs can be used to speak about the past.",
                      "It is used to cut paper.", "He was looking forward to snow.", "My daughter is looking forward to Christmas.",
                      "They were considered to be shady.", "I look forward to the meeting.", "She avoided to the left.",
                      "We enjoy to a degree the freedom we have.", "They kept to schedule.", "She was admitted to hospital.",
                      "He admits to Ken that he is sad.", "She kept to herself.",
                      "It's good practice to review the settings.", "It was a risk to take.", "She has a mind to go.",
                      "They were used to build roads.", "He quit to join a startup.", "We delayed to see what would happen.",
                      "I look forward to work on Monday.", "The bricks got used to build a wall.", "Pick an object to throw at the target.",
                      "I used to hear from them often.", "Nobody objected to the plan.",
                      "It is not recommended to use this flag.", "It is recommended to use this flag.", "It is strongly recommended to back up your data.",
                      "This is generally considered to be safe.", "Recommended to use with care.",
                      "It's recommended to set the variable.", "It is therefore recommended to set it.",
                      "Keep this in mind to choose the right mirror."])
    }

    /// Verbs that take the -ing form and never a to-infinitive, in their active forms.
    static let gerundVerbs: WordSet = [
        "enjoy", "enjoys", "enjoyed", "enjoying", "avoid", "avoids", "avoided", "avoiding", "finish", "finishes", "finished",
        "finishing", "mind", "minds", "minded", "risk", "risks", "risked", "risking",
        "postpone", "postpones", "postponed", "postponing", "deny", "denies", "denied", "denying", "consider", "considers", "considering", "suggest", "suggests",
        "keep", "keeps", "kept", "keeping", "imagine", "imagines", "imagined", "resist", "resists", "resisted", "admit", "admits", "admitted", "recommend", "recommends", "recommended",
    ]

    /// Those of ``gerundVerbs`` that also take “to” + a noun (“kept to schedule”, “admitted to
    /// hospital”, “recommended to the board”): flagged only before a word that cannot be a noun
    /// or that has an object after it.
    static let toPhraseVerbs: WordSet = [
        "keep", "keeps", "kept", "keeping", "admit", "admits", "admitted", "recommend", "recommends", "recommended",
        "suggest", "suggests",
    ]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = heads.set
    /// The words a match starts from: ``gerundVerbs``, “look forward to”, “be used to”, “be
    /// accustomed to”, “object to”.
    static let heads: WordSet = gerundVerbs.union(["forward", "used", "accustomed", "object", "objects", "objected", "objecting"])

    /// Words after a verb's base that show it is a verb with its complement, not a noun
    /// (“forward to hear from you”, “to work with you”).
    static let verbComplements: WordSet = Lexicon.objectPronouns.union(Lexicon.determiners).union(Lexicon.possessives)
        .union(["from", "with", "back", "more", "again", "soon", "together"])
    /// Personal subject pronouns (and their contractions) before “get used to”.
    static let personalSubjects: WordSet = [
        "i", "you", "we", "they", "he", "she", "i'm", "you're", "we're", "they're", "he's", "she's", "i'll", "you'll", "we'll",
        "they'll", "he'll", "she'll", "i've", "you've", "we've", "they've", "i'd", "you'd", "we'd", "they'd",
    ]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        let heads = Self.heads
        for i in tokens.indices where tokens[i].kind == .word && heads.containsLower(of: tokens, i) {
            let w = tokens[i].lower
            let isObject = w.isAny(of: "object", "objects", "objected", "objecting")
            guard let to = RuleSupport.nextWord(sentence, after: i), tokens[to].lowerIs("to"), RuleSupport.separatedBySpaceOnly(sentence, i, to),
                  let v = RuleSupport.nextWord(sentence, after: to), RuleSupport.separatedBySpaceOnly(sentence, to, v),
                  tokens[v].startsLowercase, !RuleSupport.isCodeLike(tokens[v]) else { continue }
            let verb = tokens[v].lower
            // A verb's base form: one whose -ing form the dictionary knows (irregular verbs such
            // as “run” and “see” carry no -ed/-ing flags of their own).
            guard !Lexicon.objectStarts.contains(verb),
                  !verb.hasASCIISuffix("ing"), !verb.hasASCIISuffix("ed"), !verb.hasASCIISuffix("s") || classes.isVerbBase(verb) else { continue }
            let after = RuleSupport.nextWord(sentence, after: v).map { tokens[$0].lower }
            let p = RuleSupport.previousWord(sentence, before: i)
            switch w {
            case "forward":
                // “look forward to see you”: a verb with its object, not a noun (“to snow”).
                guard let p, tokens[p].lower.isAny(of: "look", "looks", "looked", "looking"),
                      let a = after, Self.verbComplements.contains(a)
                else { continue }
            case "object", "objects", "objected", "objecting":
                // The verb “object to” (not the noun: “an object to throw”): its -ed or -ing
                // form, or after a subject pronoun, “not” or an adverb; then a verb and its
                // complement, or a verb that is no noun.
                if w == "object" || w == "objects" {
                    guard let p, Self.personalSubjects.containsNorm(of: tokens, p) || tokens[p].lower.isAny(of: "not", "strongly", "always", "never", "would", "might") else { continue }
                }
                guard verb == "be" || after.map(Self.verbComplements.contains) == true else { continue }
            case "used", "accustomed":
                // “I'm used to run”: a person is used to something; “it is used to cut” is a purpose.
                guard let p else { continue }
                let be = RuleSupport.norm(tokens[p])
                // “get used to”: with a person among the few words before it (“you will soon get
                // used to”), not a thing (“the bricks got used to build”).
                if w == "used", be.isAny(of: "get", "gets", "got", "getting", "gotten") {
                    var k = p, steps = 0, personal = false
                    while steps < 4, let q = RuleSupport.previousWord(sentence, before: k) {
                        let qw = RuleSupport.norm(tokens[q])
                        if Self.personalSubjects.contains(qw) { personal = true; break }
                        if qw.isAny(of: "it", "which", "that", "what") { break }
                        k = q
                        steps += 1
                    }
                    guard personal else { continue }
                    break
                }
                // Present tense with a person (“they were used to build roads” is a purpose).
                let subject = RuleSupport.previousWord(sentence, before: p).map { tokens[$0].lower }
                let personal = w == "accustomed"
                    ? be.isAny(of: "i'm", "you're", "we're", "they're", "he's", "she's", "am", "are", "is", "was", "were")
                    : be.isAny(of: "i'm", "you're", "we're", "he's", "she's")
                        || be == "am" && subject == "i" || be == "are" && (subject == "you" || subject == "we")
                        || be == "is" && (subject == "he" || subject == "she")
                guard personal else { continue }
            default:
                // The verb is active, with its own subject: not “were considered to be”, and not
                // a noun after a determiner or an adjective (“a risk to take”, “a mind to go”).
                // A passive with adverbs between (“it is not recommended to use”, “is generally
                // considered to be”) or a participle opening the sentence (“Recommended to use
                // with care”) takes the to-infinitive.
                if w.hasASCIISuffix("ed") || w == "kept" {
                    var q = p
                    var steps = 0
                    // (Any adverb by its tag too: “it is therefore recommended to set”.)
                    let tags = context.tags(of: sentence)
                    while let k = q, steps < 3, tokens[k].lower.isAny(of: "not", "also", "still", "often", "generally", "usually", "always", "never", "sometimes", "officially", "widely", "commonly")
                            || tokens[k].lower.hasASCIISuffix("ly") || tags[k] == .RB {
                        q = RuleSupport.previousWord(sentence, before: k)
                        steps += 1
                    }
                    // A form of “be”, written out or contracted (“it's recommended to set”).
                    if p == nil || q.map({ RuleSupport.beForms.contains(RuleSupport.norm(tokens[$0])) || tokens[$0].lower.isAny(of: "isn't", "aren't", "wasn't", "weren't")
                        || RuleSupport.norm(tokens[$0]).hasASCIISuffix("'s") || RuleSupport.norm(tokens[$0]).hasASCIISuffix("'re") }) == true { continue }
                }
                // “keep this in mind to choose”: the noun of “in mind”, not the verb.
                if w == "mind", let p, tokens[p].lower.isAny(of: "in", "to", "of", "out") { continue }
                if let p, RuleSupport.beForms.containsNorm(of: tokens, p) || Lexicon.determiners.containsLower(of: tokens, p)
                    || Lexicon.possessives.containsLower(of: tokens, p) || classes.isAdjectiveLike(tokens[p].lower) { continue }
                // Not “recommended to the board”, “suggest to him”: a verb must follow “to”.
                if Self.toPhraseVerbs.contains(w), classes.isNoun(verb) || classes.entry(verb)?.contains("S") == true,
                   !(after.map { Lexicon.objectStarts.contains($0) } ?? false) { continue }
            }
            guard let gerund = Self.gerund(of: verb, speller: context.speller) else { continue }
            let fixed: String
            let range: NSRange
            if w == "forward" || w == "used" || w == "accustomed" || isObject {
                range = tokens[v].range
                fixed = gerund
            } else {
                range = RuleSupport.span(sentence, i, v)
                fixed = tokens[i].text + " " + gerund
            }
            // “recommend”, “suggest” with a to-infinitive are widespread in technical writing
            // (“We recommended to set it”): the -ing form is offered, not applied unattended.
            out.append(ProofreadingSuggestion(range: range, replacements: [fixed],
                                 message: "“\(tokens[i].text)\(w == "forward" || w == "used" || w == "accustomed" || isObject ? " to" : "")” takes the -ing form: “\(gerund)”.",
                                 isConfident: !(w.hasASCIIPrefix("recommend") || w.hasASCIIPrefix("suggest"))))
        }
        return out
    }

    /// The -ing form of the verb `base`, as the speller knows it (`run` → `running`, `make` →
    /// `making`, `see` → `seeing`, `lie` → `lying`).
    static func gerund(of base: String, speller: any Speller) -> String? {
        if base == "be" { return "being" }
        var candidates: [String] = []
        if base.hasASCIISuffix("ie") { candidates.append(String(base.dropLast(2)) + "ying") }
        if base.hasASCIISuffix("e"), !base.hasASCIISuffix("ee"), !base.hasASCIISuffix("ye"), !base.hasASCIISuffix("oe") {
            candidates.append(String(base.dropLast()) + "ing")
        }
        candidates.append(base + "ing")
        if let last = base.last { candidates.append(base + String(last) + "ing") }
        return candidates.first { speller.isCorrect($0) }
    }
}
