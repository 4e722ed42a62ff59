import Foundation

/// Flags “principal” (chief; head of a school) and “principle” (rule, belief) confused:
/// “In principal” → “In principle”, “basic principals” → “basic principles”, “our new school
/// principle” → “principal”, “the principle investigator” → “principal”.
///
/// Follows LanguageTool's `IN_PRINCIPAL` (grammar.xml) and Merriam-Webster's usage note on
/// *principal* and *principle*: *principle* is only a noun, so before a noun it is *principal*.
public struct PrincipalPrincipleRule: Rule {
    /// Stable rule ID.
    public let id = "EN_PRINCIPAL_PRINCIPLE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“principal” and “principle” confused"

    /// Adjectives that qualify rules and beliefs, not people.
    static let ruleAdjectives: WordSet = [
        "basic", "general", "fundamental", "guiding", "core", "moral", "first", "key", "underlying", "scientific", "ethical",
        "design", "same", "these", "those", "such", "religious", "democratic", "political", "economic", "legal", "physical",
        "mathematical", "universal", "founding", "governing", "organizing", "organising", "main", "simple", "common",
    ]
    /// Nouns that “principal” (chief) qualifies.
    static let chiefNouns: WordSet = [
        "investigator", "investigators", "activity", "activities", "reason", "reasons", "cause", "causes", "source", "sources",
        "component", "components", "author", "authors", "character", "characters", "architect", "dancer", "dancers", "role",
        "aim", "aims", "goal", "goals", "objective", "objectives", "purpose", "concern", "concerns", "city", "cities",
        "residence", "office", "owner", "owners", "sum", "amount", "payment", "payments", "photography", "shareholder",
        "shareholders", "export", "exports", "product", "products", "advantage", "advantages", "problem", "problems",
        "difference", "differences", "factor", "factors", "part", "parts", "member", "members", "players", "player", "actor",
        "actors", "figure", "figures", "focus", "function", "functions", "means", "method", "methods", "language", "languages",
        "occupation", "beneficiary", "residence", "tenant", "engineer", "officer", "officers", "partner", "partners", "clarinet",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("In principal I don't think it will be too difficult.", "In principle I don't think it will be too difficult."),
                        ("Ptolemy sets out the general principals of astrology.", "Ptolemy sets out the general principles of astrology."),
                        ("Dr. Doe was listed as the grant's principle investigator.", "Dr. Doe was listed as the grant's principal investigator."),
                        ("Mr Brown is our new school principle.", "Mr Brown is our new school principal."),
                        ("Always stick to your principals.", "Always stick to your principles.")],
            correct: ["In principle, it works.", "The principal of the school retired.", "The principle of least action holds.",
                      "The principals of three schools met.", "Our school principal is kind.", "She repaid the principal and the interest."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["principal", "principals", "principle", "principles"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            let w = t.lower
            let prev = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
            let next = sentence.nextNonSpace(after: i).map { tokens[$0] }
            var replacement: String?
            if w == "principal" || w == "principals" {
                let fixed = w == "principal" ? "principle" : "principles"
                if w == "principal", prev == "in", next.map({ $0.kind != .word || !$0.lower.isAny(of: "charge", "amount", "sum", "and") }) ?? true { replacement = fixed }
                if w == "principals", let p = prev, Self.ruleAdjectives.contains(p) { replacement = fixed }
                // “stick to your principals.”, “against his principals”: a possessive at the end of a clause.
                if w == "principals", let p = prev, Lexicon.possessives.contains(p), next.map({ $0.kind == .punctuation }) ?? true,
                   let pp = RuleSupport.previousWord(sentence, before: RuleSupport.previousWord(sentence, before: i)!), tokens[pp].lower.isAny(of: "to", "against", "of", "by", "on", "with", "my", "your", "his", "her", "our", "their") { replacement = fixed }
                if w == "principals", prev.map({ $0.isAny(of: "all", "violates", "violate", "violated") }) == true, next?.lower == "of" { replacement = fixed }
            } else if w == "principle" || w == "principles" {
                let fixed = w == "principle" ? "principal" : "principals"
                if let n = next, n.kind == .word, Self.chiefNouns.contains(n.lower), w == "principle" { replacement = fixed }
                if w == "principle", prev == "school" || prev == "vice" || prev == "assistant", next.map({ $0.kind == .punctuation }) ?? true { replacement = fixed }
            }
            guard let replacement else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(replacement, like: t.text)],
                                 message: replacement.hasASCIIPrefix("principle") ? "A rule or belief is a “\(replacement)”." : "“\(replacement.capitalized)” means chief, or the head of a school."))
        }
        return out
    }
}
