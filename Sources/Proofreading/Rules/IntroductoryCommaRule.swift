import Foundation

/// Flags a missing comma after a sentence-opening linking adverb or transitional phrase:
/// “However we left” → “However, we left”, “For example cars pollute” → “For example, cars
/// pollute”, “On the other hand it costs more” → “On the other hand, it costs more”.
///
/// Follows LanguageTool's `SENT_START_CONJUNCTIVE_LINKING_ADVERB_COMMA` (grammar.xml) and the
/// Chicago Manual of Style (17th ed., §6.25, §6.36): a comma follows an introductory
/// conjunctive adverb or transitional phrase. “However” before an adjective or adverb (“However
/// hard he tries”) is a degree adverb and takes no comma.
public struct IntroductoryCommaRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_INTRODUCTORY_COMMA"
    /// An optional comma or hyphen: quiet in technical documents (``TechnicalDocumentStyle``).
    public var quietInTechnicalDocuments: Bool { true }
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "A missing comma after an introductory linking word"

    /// The first word of each of ``phrases``: a sentence that starts with none of them is
    /// turned away with one lookup.
    static let phraseStarts = WordSet(phrases.map { $0[0] })

    /// Opening phrases (lowercased words) that take a comma.
    static let phrases: [[String]] = [
        ["however"], ["therefore"], ["moreover"], ["furthermore"], ["nevertheless"], ["nonetheless"], ["consequently"], ["besides"], ["alas"], ["also"], ["thus"], ["hence"], ["unfortunately"],
        ["fortunately"], ["luckily"], ["sadly"], ["personally"], ["honestly"], ["frankly"], ["surprisingly"], ["interestingly"],
        ["firstly"], ["secondly"], ["thirdly"], ["lastly"], ["additionally"], ["meanwhile"], ["otherwise"], ["accordingly"], ["conversely"], ["likewise"], ["similarly"], ["instead"], ["incidentally"],
        ["for", "example"], ["for", "instance"], ["in", "addition"], ["on", "the", "other", "hand"], ["on", "the", "contrary"],
        ["in", "my", "opinion"], ["in", "conclusion"], ["in", "other", "words"], ["as", "a", "result"], ["in", "summary"],
        ["to", "sum", "up"], ["in", "short"], ["in", "general"], ["in", "particular"], ["by", "contrast"], ["in", "contrast"],
        ["as", "a", "consequence"], ["in", "this", "case"], ["in", "that", "case"], ["in", "any", "case"], ["first", "of", "all"], ["to", "conclude"], ["to", "summarize"], ["in", "brief"],
        ["in", "the", "end"], ["in", "my", "view"], ["in", "the", "meantime"], ["to", "begin", "with"], ["at", "the", "same", "time"],
        ["second"], ["third"], ["on", "one", "hand"], ["on", "the", "one", "hand"],
    ]
    /// Words after which “however”, “thus”… modify the next word rather than the sentence.
    static let degreeTargets: WordSet = [
        "much", "many", "hard", "long", "little", "few", "far", "often", "small", "large", "big", "good", "bad", "well",
        "great", "high", "low", "strong", "difficult", "easy", "fast", "slow",
    ]

    /// Openers that take the comma only before a clause's subject.
    static let beforeSubjectOnly: WordSet = ["also", "thus", "hence", "second", "third"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Nonetheless you should set commas to enhance readability.", "Nonetheless, you should set commas to enhance readability."),
                        ("For example cars pollute the air.", "For example, cars pollute the air."),
                        ("On the other hand it costs more.", "On the other hand, it costs more."),
                        ("In my opinion this is wrong.", "In my opinion, this is wrong."),
                        ("In this case a guide can help.", "In this case, a guide can help."),
                        ("Second the price is too high.", "Second, the price is too high."),
                        ("On one hand you save time.", "On one hand, you save time.")],
            correct: ["Otherwise healthy patients recovered quickly.", "Unfortunately named variables cause bugs.", "However, we left early.", "However hard he tries, he fails.", "For example, cars pollute the air.", "Hence the name.",
                      "In addition to the fee, you pay tax.", "Thus far we have seen nothing.", "Instead of waiting, we left.",
                      "In general terms, it works.", "After all the effort, it failed.", "In this case study we show it.",
                      "However we go, we must get there by seven.", "Otherwise known as Bob, he is my friend.",
                      "Besides the cost, there is the risk.", "Thus began the infamous system.", "Also known as Bob, he left.", "Luckily for Alice, the bottle worked.",
                      "Second place went to Tom.", "Third parties may apply.", "On one hand, you save time."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(Self.phrases.map { $0[0] })
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        guard let first = tokens.firstIndex(where: { !$0.isSpace }), tokens[first].kind == .word,
              Self.phraseStarts.containsLower(of: tokens, first) else { return [] }
        for phrase in Self.phrases {
            var i = first
            var last = first
            var ok = true
            for (n, word) in phrase.enumerated() {
                guard i < tokens.count, tokens[i].kind == .word, tokens[i].lower == word else { ok = false; break }
                last = i
                if n + 1 < phrase.count {
                    guard let j = RuleSupport.nextWord(sentence, after: i) else { ok = false; break }
                    i = j
                }
            }
            guard ok, let next = RuleSupport.nextWord(sentence, after: last) else { continue }
            let n = tokens[next].lower
            // “In addition to”, “Instead of”, “For example of”: the phrase goes on.
            if n.isAny(of: "to", "of", "that", "as", "than", "with", "known", "far", "and", "or") { continue }
            if phrase.count == 1, Self.degreeTargets.contains(n) || n.hasASCIISuffix("ly") { continue }
            // “Otherwise healthy patients”, “Unfortunately named variables”: the adverb modifies the
            // adjective or participle after it, which a noun follows (a comma would change the
            // meaning).
            if phrase.count == 1, let classes = context.wordClasses, let after = RuleSupport.nextWord(sentence, after: next),
               n.hasASCIISuffix("ed") && classes.isPastParticiple(n) || classes.isAdjectiveLike(n) && !classes.isNoun(n),
               classes.isNoun(tokens[after].lower), !Lexicon.determiners.containsLower(of: tokens, after) { continue }
            // “Luckily for Alice, …”: the phrase goes on up to its own comma.
            if phrase.count == 1, n.isAny(of: "for", "to", "of", "with", "in", "at", "on", "enough", "speaking") { continue }
            // “Also”, “Thus”, “Hence” also modify a verb (“Thus began…”, “Also known as…”): only
            // before the subject of a new clause.
            if phrase.count == 1, Self.beforeSubjectOnly.contains(phrase[0]),
               !(Lexicon.subjectPronouns.contains(n) || Lexicon.determiners.contains(n) || Lexicon.possessives.contains(n) || n.isAny(of: "there", "people", "many", "most", "if", "when")) { continue }
            // “Hence the name.”, “Thus the rule.”: a verbless fragment of a few words is a phrase
            // of its own, not a clause the opener introduces.
            if phrase.count == 1, Self.beforeSubjectOnly.contains(phrase[0]),
               tokens[next...].filter({ $0.kind == .word }).count <= 3 { continue }
            // “However we go, we must…”: “however” opening a clause that a comma closes.
            if phrase == ["however"], tokens[next...].prefix(14).contains(where: { $0.isOne(of: ",") }) { continue }
            // “Besides the cost”: a preposition before a noun phrase.
            if phrase == ["besides"], Lexicon.determiners.contains(n) || Lexicon.possessives.contains(n) { continue }
            // “In general terms”, “In this case study”: the last word modifies a noun.
            if phrase.count > 1, (phrase[phrase.count - 1]).isAny(of: "general", "case", "short", "particular", "brief", "end", "contrast", "summary"),
               let classes = context.wordClasses, classes.isNoun(n) || classes.entry(n)?.contains("S") == true, tokens[next].startsLowercase,
               !Lexicon.subjectPronouns.contains(n), !Lexicon.determiners.contains(n), !Lexicon.possessives.contains(n), n != "people" { continue }
            let word = tokens[last]
            // The flag covers the space after the phrase, where the comma goes.
            let space = tokens[last + 1]
            return [ProofreadingSuggestion(range: RuleSupport.span(sentence, last, last + 1), replacements: [word.text + "," + space.text],
                              message: "Put a comma after the introductory “\(phrase.joined(separator: " "))”.")]
        }
        return []
    }
}
