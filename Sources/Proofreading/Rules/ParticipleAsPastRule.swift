import Foundation

/// Flags a past participle used as a simple past right after its subject: “I seen him
/// yesterday” → “I saw”, “They done it again” → “did”, “She gone home” → “went”.
///
/// Follows LanguageTool's `PRP_PAST_PART`-style rules (grammar.xml) and the irregular verb
/// table of Swan, *Practical English Usage* §300. Only participles that differ from the simple
/// past are flagged, after a subject pronoun that opens its clause (so “Have you seen it?” and
/// “Are you done?” are left alone); the reply “You done?” is left alone too.
public struct ParticipleAsPastRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_PARTICIPLE_AS_PAST"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A past participle as the simple past (“I seen” → “I saw”)"

    /// Subjects.
    static let subjects: WordSet = ["i", "you", "we", "they", "he", "she", "it"]
    /// Participle → simple past, where they differ (from ``Lexicon/irregularPast``).
    static let pastOfParticiple: WordMap<String> = {
        var map: [String: String] = [:]
        for (past, forms) in Lexicon.irregularPast where forms.participle != past && forms.participle != forms.base {
            map[forms.participle] = past
        }
        // Participles that are also adjectives or nouns after a subject are left out.
        for w in ["drunk", "known", "shown", "borne", "sunk", "grown", "hidden", "frozen", "mistaken", "forgotten", "bitten"] { map[w] = nil }
        return WordMap(map)
    }()

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I seen him at the market yesterday.", "I saw him at the market yesterday."),
                        ("They done it again.", "They did it again."),
                        ("When we spoken to her, she agreed.", "When we spoke to her, she agreed."),
                        ("Last year it begun to improve.", "Last year it began to improve."),
                        ("Then it gone quiet.", "Then it went quiet.")],
            correct: ["Have you seen him?", "Are you done with the report?", "I saw him yesterday.", "You done?",
                      "The man I had seen was tall.", "She has gone home.", "They are gone.",
                      "Things have begun to improve.", "I want it done by Friday.", "With it gone, we left.", "Has it begun yet?"])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(pastOfParticiple.allKeys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// True when the pronoun at `s` is its clause's subject: at a clause's start
    /// (``RuleSupport/isSubjectPosition(_:_:)``), or after a time or place that opens the
    /// sentence (“Last year it begun to improve”, “Then I seen him”), which is any word but a
    /// verb, an auxiliary (“Have you seen it?”), a preposition or “to” (“with it gone”, “want it
    /// done”); “you” and “it”, which can be objects, not after a word the lexicon can read as a
    /// verb either.
    static func isSubject(_ sentence: Sentence, _ s: Int, tags: SentenceTags) -> Bool {
        if RuleSupport.isSubjectPosition(sentence, s) { return true }
        let tokens = sentence.tokens
        guard let p = RuleSupport.previousWord(sentence, before: s), RuleSupport.separatedBySpaceOnly(sentence, p, s) else { return false }
        let tag = tags[p]
        if tag.isVerb || tag == .MD || tag == .IN || tag == .TO || tag == .DT || tag == .WDT || tag == .WP || tag == .WRB || tag == .CC { return false }
        if RuleSupport.beForms.contains(tokens[p].lower) || tokens[p].lower.isAny(of: "have", "has", "had", "do", "does", "did") { return false }
        if tokens[s].lower.isAny(of: "you", "it"), !tags.possibleTags(at: p).isDisjoint(with: .verbs) { return false }
        return true
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for v in tokens.indices where tokens[v].kind == .word && tokens[v].startsLowercase {
            guard let past = Self.pastOfParticiple[tokens[v].lower],
                  let s = RuleSupport.previousWord(sentence, before: v), RuleSupport.separatedBySpaceOnly(sentence, s, v),
                  Self.subjects.containsLower(of: tokens, s), Self.isSubject(sentence, s, tags: context.tags(of: sentence)) else { continue }
            // Something follows in the clause (“You done?” is a question of its own).
            guard let n = sentence.nextNonSpace(after: v), !tokens[n].isOne(of: "?") else { continue }
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [past, "have " + tokens[v].text],
                                 message: "“\(tokens[v].text)” is a past participle: use “\(past)”, or “have \(tokens[v].text)”."))
        }
        return out
    }
}
