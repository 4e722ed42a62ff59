import Foundation

/// Flags a second conjunction after a clause that opens with “although”, “though” or “because”:
/// “Although it was raining, but we went out.” → “Although it was raining, we went out.”,
/// “Because it rained, so we stayed home.” → “Because it rained, we stayed home.”.
///
/// Follows Swan, *Practical English Usage*, entries “although and though” and “because”: one
/// conjunction joins two clauses, so “although … but” and “because … so” say it twice (common
/// in the English of speakers of Chinese, Korean and other languages that pair them). Only a
/// sentence that opens with the conjunction, and “but” or “so” right after the comma that ends
/// its clause; “so much”, “so far”, “so that” and the like stay.
public struct AlthoughButRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_ALTHOUGH_BUT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“although … but”, “because … so” (one conjunction too many)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Although it was raining, but we went out.", "Although it was raining, we went out."),
                        ("Because it rained, so we stayed home.", "Because it rained, we stayed home."),
                        ("Even though he was tired, but he kept going.", "Even though he was tired, he kept going."),
                        ("Though the test was hard, but everyone passed.", "Though the test was hard, everyone passed.")],
            correct: ["Although it was raining, we went out.", "It was raining, but we went out.", "Because it rained, we stayed home.",
                      "Because we were late, so much was lost.", "Because of the rain, so far nothing has happened.",
                      "We went out although it was raining, but only for an hour.", "It is fine, though, but slow.",
                      "Although small, but not weak, the team won.", "Because you asked, so be it."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["although", "though", "because"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        // The sentence's first word (after an opening quote or bracket), or “even” before “though”.
        guard var first = tokens.firstIndex(where: { $0.kind == .word }) else { return [] }
        if let f = sentence.previousNonSpace(before: first), !tokens[f].isOne(of: "\"“'‘([") { return [] }
        if tokens[first].lowerIs("even"), let n = RuleSupport.nextWordAfterSpace(sentence, after: first), tokens[n].lowerIs("though") { first = n }
        let because = tokens[first].lowerIs("because")
        guard because || tokens[first].lowerIs("although") || tokens[first].lowerIs("though") else { return [] }
        // “Because of …” is a preposition, not a clause.
        guard let second = RuleSupport.nextWordAfterSpace(sentence, after: first), !(because && tokens[second].lowerIs("of")) else { return [] }
        // The first comma ends the clause; the conjunction comes right after it.
        guard let comma = tokens.indices.first(where: { $0 > first && tokens[$0].isOne(of: ",") }),
              let c = RuleSupport.nextWordAfterSpace(sentence, after: comma), tokens[c].lowerIs(because ? "so" : "but") else { return [] }
        if let n = RuleSupport.nextWordAfterSpace(sentence, after: c), Self.notClauseAfter.containsLower(of: tokens, n) { return [] }
        // “Although small, but not weak”: no verb before the comma, two descriptions.
        guard tokens.indices.contains(where: { $0 > second && $0 < comma && tokens[$0].kind == .word && Self.clauseVerbs(tokens[$0].lower) })
                || Lexicon.subjectPronouns.containsLower(of: tokens, second) || Lexicon.determiners.containsLower(of: tokens, second) else { return [] }
        return [ProofreadingSuggestion(range: RuleSupport.span(sentence, comma, c), replacements: [","],
                          message: "“\(tokens[first].text)” already joins the clauses: drop “\(tokens[c].text)”.")]
    }

    /// Words after “so” or “but” that make it no conjunction (“so much”, “so far”, “but also”).
    static let notClauseAfter: WordSet = ["much", "many", "far", "long", "that", "be", "also", "too", "not", "only", "little", "few", "well"]

    /// True for a few verb forms that show a clause (“it was raining”, “it could work”): a finite
    /// auxiliary (``RuleSupport/finiteAuxiliaries``), “do”, “does”, “did”, or a form in -ed.
    static func clauseVerbs(_ w: String) -> Bool {
        RuleSupport.finiteAuxiliaries.contains(w) || w.isAny(of: "do", "does", "did") || w.hasASCIISuffix("ed")
    }
}
