import Foundation

/// Flags a past participle used as a simple past right after its subject: “I seen him
/// yesterday” → “I saw”, “They done it again” → “did”, “She gone home” → “went”.
///
/// Follows LanguageTool's `PRP_PAST_PART`-style rules (grammar.xml) and the irregular verb
/// table of Swan, *Practical English Usage* §300. Only participles that differ from the simple
/// past are flagged, after a subject pronoun that opens its clause (so “Have you seen it?” and
/// “Are you done?” are left alone); the reply “You done?” is left alone too.
public struct ParticipleAsPastRule: Rule {
    /// Stable rule ID.
    public let id = "EN_PARTICIPLE_AS_PAST"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A past participle as the simple past (“I seen” → “I saw”)"

    /// Subjects.
    static let subjects: WordSet = ["i", "you", "we", "they", "he", "she"]
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
                        ("When we spoken to her, she agreed.", "When we spoke to her, she agreed.")],
            correct: ["Have you seen him?", "Are you done with the report?", "I saw him yesterday.", "You done?",
                      "The man I had seen was tall.", "She has gone home.", "They are gone."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(pastOfParticiple.allKeys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for v in tokens.indices where tokens[v].kind == .word && tokens[v].startsLowercase {
            guard let past = Self.pastOfParticiple[tokens[v].lower],
                  let s = RuleSupport.previousWord(sentence, before: v), RuleSupport.separatedBySpaceOnly(sentence, s, v),
                  Self.subjects.containsLower(of: tokens, s), RuleSupport.isSubjectPosition(sentence, s) else { continue }
            // Something follows in the clause (“You done?” is a question of its own).
            guard let n = sentence.nextNonSpace(after: v), !tokens[n].isOne(of: "?") else { continue }
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [past, "have " + tokens[v].text],
                                 message: "“\(tokens[v].text)” is a past participle: use “\(past)”, or “have \(tokens[v].text)”."))
        }
        return out
    }
}
