import Foundation

/// Flags the possessive of an irregular plural written with a bare -s: “the childrens room” →
/// “children's”, “mens shoes” → “men's”, “the womens team” → “women's”, and the apostrophe after
/// the -s (“childrens'” → “children's”); before a verb, the plural itself (“The childrens are
/// playing” → “children”).
///
/// Follows LanguageTool's `POSSESSIVE_APOSTROPHE` (“childrens” → “children's”) and the usage
/// note that a plural not ending in -s takes -'s (*The Chicago Manual of Style*, 7.17; Swan,
/// *Practical English Usage*, §431). “peoples” is left alone: it is a plural of its own (“the
/// peoples of Europe”); “mens rea”, the legal term, is left alone too.
public struct IrregularPluralPossessiveRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_IRREGULAR_PLURAL_POSSESSIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "An irregular plural's possessive written without the apostrophe (“childrens”)"

    /// The misspelt form → the possessive.
    static let possessives: WordMap<String> = WordMap([
        "childrens": "children's", "grandchildrens": "grandchildren's", "mens": "men's", "womens": "women's",
        "gentlemens": "gentlemen's", "sportsmens": "sportsmen's", "sportswomens": "sportswomen's",
        "businessmens": "businessmen's", "businesswomens": "businesswomen's", "policemens": "policemen's",
        "firemens": "firemen's", "fishermens": "fishermen's", "craftsmens": "craftsmen's", "workmens": "workmen's",
        "chairmens": "chairmen's", "freshmens": "freshmen's", "noblemens": "noblemen's",
    ])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("We painted the childrens bedroom blue.", "We painted the children's bedroom blue."),
                        ("The shop sells mens shoes.", "The shop sells men's shoes."),
                        ("She plays for the womens team.", "She plays for the women's team."),
                        ("These are the childrens' books.", "These are the children's books."),
                        ("The childrens are playing outside.", "The children are playing outside."),
                        ("The womens were talking.", "The women were talking.")],
            correct: ["We painted the children's bedroom blue.", "The peoples of Europe met in Rome.",
                      "The court looked for mens rea.", "The men's and women's races start at noon."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(possessives.allKeys)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let possessives = Self.possessives
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            guard let fixed = possessives[tokens[i].lower] else { continue }
            let t = tokens[i]
            // Latin “mens rea”, “mens sana”.
            if t.lowerIs("mens"), let n = RuleSupport.nextWord(sentence, after: i), tokens[n].lower.isAny(of: "rea", "sana") { continue }
            // An apostrophe written after the -s goes too.
            var range = t.range
            if i + 1 < tokens.count, tokens[i + 1].isOne(of: "'\u{2019}") {
                range = NSRange(location: t.range.location, length: tokens[i + 1].end - t.range.location)
            }
            // Before a verb or at the end (“The childrens are playing”, “for the childrens.”) the
            // word is the plural itself, not a possessive.
            let k = sentence.nextNonSpace(after: i + 1 < tokens.count && tokens[i + 1].isOne(of: "'\u{2019}") ? i + 1 : i)
            let beforeVerb = k.map { k in
                tokens[k].kind != .word || RuleSupport.beForms.containsLower(of: tokens, k) || RuleSupport.modals.containsNorm(of: tokens, k)
                    || tokens[k].lower.isAny(of: "have", "had", "do", "did", "don't", "didn't", "and", "or", "who", "that", "which", "in", "at", "of", "with", "from")
            } ?? true
            if beforeVerb && !(range.length > t.range.length) {
                let plural = RuleSupport.matchCase(String(fixed.dropLast(2)), like: t.text)
                out.append(ProofreadingSuggestion(range: range, replacements: [plural],
                                     message: "“\(plural)” is already plural: no -s."))
                continue
            }
            let replacement = RuleSupport.matchCase(fixed, like: t.text)
            out.append(ProofreadingSuggestion(range: range, replacements: [replacement],
                                 message: "The possessive of a plural without -s takes -'s: “\(replacement)”."))
        }
        return out
    }
}
