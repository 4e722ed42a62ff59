import Foundation

/// Flags a double negative in standard English: a negated verb with a second negative word in
/// the same clause (“I don't have no money” → “any”, “we didn't see nobody” → “anybody”), and a
/// negated verb before “hardly”, “scarcely” or “barely”, which are negative already (“I can't
/// hardly wait” → “can hardly”).
///
/// Follows LanguageTool's double-negation rules (`DOUBLE_NEGATIVE`, `CANT_HARDLY`; grammar.xml)
/// and the usage note in Merriam-Webster's *Dictionary of English Usage* (“double negative”):
/// the second negative becomes its any-form; only up to three plain words may stand between, and
/// a conjunction, “that”, a preposition or a comma between them ends the clause (“It's not that
/// no one cares”, “Not for nothing” are left alone), as do the idioms “no matter”, “said no”. A
/// bare “not” counts only after an auxiliary (“do not”), a capitalised “No” is a label (“press
/// No”), “no-code” a compound, and a negative that a verb follows opens a clause of its own
/// (“You can't say nothing is wrong”).
public struct DoubleNegativeRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(DoubleNegativeRule.negators)] }
    /// Stable rule ID.
    public let id = "EN_DOUBLE_NEGATIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A double negative (“don't have no” → “don't have any”)"

    /// Negated verb forms and “not”, “never” (straight apostrophes).
    static let negators: WordSet = ([
        "not", "never", "cannot", "don't", "doesn't", "didn't", "can't", "couldn't", "won't", "wouldn't", "shouldn't",
        "isn't", "aren't", "wasn't", "weren't", "haven't", "hasn't", "hadn't", "mustn't", "ain't",
    ] as WordSet).hot()
    /// The second negative → its form in a negated clause.
    static let anyForms: WordMap<String> = WordMap(["no": "any", "nothing": "anything", "nobody": "anybody", "nowhere": "anywhere", "none": "any"])
    /// Words that mean “almost not”.
    static let almostNot: WordSet = ["hardly", "scarcely", "barely"]
    /// A negated auxiliary → its positive form, before “hardly” (“can't hardly” → “can hardly”).
    static let positive: WordMap<String> = WordMap([
        "can't": "can", "cannot": "can", "couldn't": "could", "won't": "will", "wouldn't": "would", "shouldn't": "should",
        "isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were", "haven't": "have", "hasn't": "has", "hadn't": "had",
    ])
    /// Words between the two negatives that start another clause or phrase.
    static let clauseBreaks: WordSet = [
        "that", "if", "because", "but", "and", "or", "when", "whether", "who", "which", "where", "while", "so", "only", "just",
        "than", "unless", "until", "since", "as", "though", "although", "whom", "whose", "what", "why", "how",
        // A prepositional phrase between: the second negative belongs to it (“not for nothing”).
        "for", "at", "in", "on", "with", "without", "by", "from", "of", "about", "to", "into", "after", "before",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I don't have no money left.", "I don't have any money left."),
                        ("We didn't see nobody at the station.", "We didn't see anybody at the station."),
                        ("She can't find nothing in this drawer.", "She can't find anything in this drawer."),
                        ("I can't hardly wait for the weekend.", "I can hardly wait for the weekend."),
                        ("There wasn't scarcely any time left.", "There was scarcely any time left."),
                        ("He never goes nowhere on Sundays.", "He never goes anywhere on Sundays."),
                        ("She doesn't never go.", "She doesn't ever go."), ("I don't never lie.", "I don't ever lie."),
                        ("We couldn't never agree on a date.", "We couldn't ever agree on a date.")],
            correct: ["I don't have any money left.", "It's not that no one cares.", "It doesn't work, no matter what you try.",
                      "I can hardly wait for the weekend.", "Don't say no to every offer.", "No, I don't think so, and nobody does.",
                      "It isn't just nobody who says so.", "He never said no to a challenge.", "Don't press No on the dialog.", "You don't need no-code tools.",
                      "You can't say nothing is wrong here.", "Not for nothing did he leave.",
                      "I ask for, not at once no government, but at once a better government.", "I didn't know, but nobody told me.",
                      "I don't ever lie.", "She does not, never did, eat meat.", "I didn't. Never again.", "I don't know if she never left."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(negators)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let negators = Self.negators, anyForms = Self.anyForms, almostNot = Self.almostNot, clauseBreaks = Self.clauseBreaks
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // Every negator is “not”, “never”, “cannot” or has an apostrophe: a test of traits and
        // length turns most words away before the lookup.
        for i in tokens.indices where tokens[i].kind == .word
            && (tokens[i].traits.contains(.apostrophe) || tokens[i].range.length == 3 || tokens[i].range.length == 5 || tokens[i].range.length == 6)
            && negators.containsNorm(of: tokens, i) {
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens.norm(i)
            // A bare “not” negates the verb only after an auxiliary (“do not”, “had not”); elsewhere
            // it negates a phrase (“not at once no government, but …”, “Not for nothing”).
            if n == "not", !(RuleSupport.previousWord(sentence, before: i).map { RuleSupport.finiteAuxiliaries.contains(tokens.norm($0)) } ?? false) { continue }
            // “can't hardly” → “can hardly”; “not hardly” → “hardly”; “don't hardly know” → “hardly know”.
            if almostNot.containsLower(of: tokens, j) {
                let fixed: String?
                if let p = Self.positive[n] { fixed = RuleSupport.matchCase(p, like: tokens[i].text) + " " + tokens[j].text }
                else if n == "not" || n == "don't" { fixed = RuleSupport.matchCase(tokens[j].text, like: tokens[i].text) }
                else { fixed = nil }
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: fixed.map { [$0] } ?? [],
                                     message: "“\(tokens[j].text)” is negative already: drop the “not”."))
                continue
            }
            // “doesn't never go” → “doesn't ever go”: a negated auxiliary and “never” at once
            // (Swan, *Practical English Usage*, double negatives: nonstandard in writing).
            if n != "not", n != "never", tokens[j].lowerIs("never") {
                let replacement = RuleSupport.matchCase("ever", like: tokens[j].text)
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [replacement],
                                     message: "A double negative: after “\(tokens[i].text)”, use “\(replacement)”.", isConfident: false))
                continue
            }
            // A second negative up to three plain words on, in the same clause.
            var k = i, steps = 0
            while steps < 4, let m = RuleSupport.nextWord(sentence, after: k), RuleSupport.separatedBySpaceOnly(sentence, k, m) {
                let w = tokens[m].lower
                if let any = anyForms[w] {
                    // “Don't press No”: a capitalised “No” names a button or an answer; “no-code”
                    // is a compound; “nothing is wrong” opens a clause of its own (“You can't say
                    // nothing is wrong” means something else with “anything”).
                    if tokens[m].startsUppercase || (m + 1 < tokens.count && tokens[m + 1].isOne(of: "-\u{2010}")) { break }
                    if let after = RuleSupport.nextWord(sentence, after: m), RuleSupport.finiteAuxiliaries.containsNorm(of: tokens, after)
                        || tokens[after].lower.isAny(of: "works", "matters", "happens", "changes", "seems", "helps", "goes", "comes") { break }
                    // “said no”, “take no for an answer”: “no” as a word of its own.
                    if w == "no", tokens[k].lower.isAny(of: "say", "said", "says", "saying", "answer", "answered", "reply", "replied", "vote", "voted", "take") { break }
                    if w == "no", let after = RuleSupport.nextWord(sentence, after: m), tokens[after].lower.isAny(of: "matter", "doubt", "wonder") { break }
                    // “no one” is one negative: “anyone”.
                    var end = m, fixed = any
                    if w == "no", let after = RuleSupport.nextWord(sentence, after: m), tokens[after].lowerIs("one"),
                       RuleSupport.separatedBySpaceOnly(sentence, m, after) {
                        end = after
                        fixed = "anyone"
                    }
                    let replacement = RuleSupport.matchCase(fixed, like: tokens[m].text)
                    // Reported, not applied unattended: a double negative in writing is a
                    // dialect's or a character's voice as often as a slip (“pap hadn't no
                    // objections”, Huckleberry Finn), which a careful editor leaves.
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, m, end), replacements: [replacement],
                                         message: "A double negative: after “\(tokens[i].text)”, use “\(replacement)”.", isConfident: false))
                    break
                }
                if clauseBreaks.contains(w) || negators.containsNorm(of: tokens, m) { break }
                k = m
                steps += 1
            }
        }
        return out
    }
}
