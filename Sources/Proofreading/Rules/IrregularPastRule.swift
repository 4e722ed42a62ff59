import Foundation

/// Flags a regular -ed form of an irregular verb: “choosed” → “chose”, “teached” → “taught”,
/// “has builded” → “has built”, “was catched” → “was caught”.
///
/// Follows LanguageTool's `WRONG_PAST` style rules and the irregular verb tables of Swan,
/// *Practical English Usage* (§300): the -ed forms are built from the irregular verbs' bases and
/// flagged only when the dictionary does not know them (so “costed”, “payed” in their own senses
/// stay). After “have” or “be” the past participle is offered, elsewhere the simple past.
public struct IrregularPastRule: Rule {
    /// Stable rule ID.
    public let id = "EN_IRREGULAR_PAST"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A regular -ed form of an irregular verb (“choosed”)"

    /// Irregular verbs outside ``Lexicon``'s tables: base → (past, participle).
    static let extra: [String: (String, String)] = [
        "deal": ("dealt", "dealt"), "feel": ("felt", "felt"), "sweep": ("swept", "swept"), "weep": ("wept", "wept"),
        "lend": ("lent", "lent"), "bend": ("bent", "bent"), "bring": ("brought", "brought"), "seek": ("sought", "sought"),
        "fight": ("fought", "fought"), "lead": ("led", "led"), "feed": ("fed", "fed"), "flee": ("fled", "fled"),
        "forbid": ("forbade", "forbidden"), "shoot": ("shot", "shot"), "hang": ("hung", "hung"), "dig": ("dug", "dug"),
        "stick": ("stuck", "stuck"), "strike": ("struck", "struck"), "swing": ("swung", "swung"), "sting": ("stung", "stung"),
        "cling": ("clung", "clung"), "light": ("lit", "lit"), "slide": ("slid", "slid"), "shine": ("shone", "shone"),
        "hit": ("hit", "hit"), "put": ("put", "put"), "cut": ("cut", "cut"), "let": ("let", "let"), "set": ("set", "set"),
        "hurt": ("hurt", "hurt"), "shut": ("shut", "shut"), "quit": ("quit", "quit"), "spread": ("spread", "spread"),
        "lose": ("lost", "lost"), "sit": ("sat", "sat"), "get": ("got", "got"), "forget": ("forgot", "forgotten"),
        "understand": ("understood", "understood"), "beat": ("beat", "beaten"), "hold": ("held", "held"),
    ]

    /// Regular-looking wrong forms → (past, participle), built once.
    static let table: [String: (past: String, participle: String)] = {
        var bases: [String: (String, String)] = extra
        for (past, v) in Lexicon.irregularPast { bases[v.base] = (past, v.participle) }
        for (past, base) in Lexicon.irregularPastSame where bases[base] == nil { bases[base] = (past, past) }
        var out: [String: (past: String, participle: String)] = [:]
        for (base, forms) in bases {
            var wrong: [String] = []
            if base.hasASCIISuffix("e") { wrong.append(base + "d") } else { wrong.append(base + "ed") }
            if let last = base.last, "bdgmnprt".contains(last), base.count <= 4,
               let before = base.dropLast().last, "aeiou".contains(before) { wrong.append(base + String(last) + "ed") }
            if base.hasASCIISuffix("y") { wrong.append(String(base.dropLast()) + "ied") }
            for w in wrong where w != forms.0 && w != forms.1 { out[w] = (forms.0, forms.1) }
        }
        return out
    }()

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He choosed to learn the truth.", "He chose to learn the truth."),
                        ("Their parents teached them well.", "Their parents taught them well."),
                        ("They have builded a house.", "They have built a house."),
                        ("Both men have dealed with this before.", "Both men have dealt with this before.")],
            correct: ["He chose to learn the truth.", "The project costed out at ten million.", "They have built a house.",
                      "The sailors payed out the rope."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(Self.table.keys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let t = tokens[i]
            guard let forms = Self.table[t.lower], !context.speller.isCorrect(t.text), !context.vocabulary.contains(t.text) else { continue }
            var k = RuleSupport.previousWord(sentence, before: i)
            if let p = k, tokens[p].lower.isAny(of: "not", "never", "already", "just", "been", "also", "always", "ever", "really") { k = RuleSupport.previousWord(sentence, before: p) }
            let perfect = k.map { RuleSupport.norm(tokens[$0]).isAny(of: "have", "has", "had", "having", "be", "been", "being", "is", "are", "was", "were", "get", "got", "gets", "'ve", "haven't", "hasn't", "hadn't") || RuleSupport.norm(tokens[$0]).hasASCIISuffix("'ve") } ?? false
            let fixed = RuleSupport.matchCase(perfect ? forms.participle : forms.past, like: t.text)
            out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed],
                                 message: "“\(t.text.lowercased())” is irregular: “\(fixed)”."))
        }
        return out
    }
}
