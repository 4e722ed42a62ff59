import Foundation

/// Flags a demonstrative that does not agree in number with its noun: “this errors are” →
/// “these errors”, “These error is” → “This error”, “these kind of” → “this kind of”.
///
/// Follows LanguageTool's `THIS_NNS` and `THESE_SINGULAR_NOUN` (grammar.xml) and the rule that
/// demonstratives agree with their noun (Swan, *Practical English Usage*, §584). Plurals and
/// singulars come from the Hunspell dictionary's flags; a noun used as a modifier (“these
/// software packages”), a noun that is also a verb after “this” (“this means”), and nouns that
/// are the same in both numbers (“these sheep”) are left alone.
public struct DeterminerNumberRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_DETERMINER_NUMBER"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“this”/“these” that does not agree with its noun"

    static let sameInBoth: WordSet = NounAgreementWords.collective.union(NounAgreementWords.notPlural)
        .union(["sheep", "fish", "deer", "aircraft", "offspring", "means", "series", "species", "data", "media", "criteria", "phenomena", "bacteria", "people", "police"])
    /// Number words (“these two”).
    static let numbers: WordSet = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "hundred", "thousand", "million", "billion", "dozen"]
    /// Words after the noun that show it ends the noun phrase.
    static let phraseEnd: WordSet = ["is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should", "must", "may", "might", "do", "does", "did", "of", "that", "which", "who", "in", "on", "at", "for", "with", "to", "from", "and", "or", "seem", "seems", "look", "looks", "make", "makes", "because", "but", "so", "when", "if", "since", "while", "as", "than", "used", "can", "will"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("If this errors are easy to fix, fix them.", "If these errors are easy to fix, fix them."),
                        ("These error is easy to fix.", "This error is easy to fix."),
                        ("These kind of errors are easy to fix.", "This kind of errors are easy to fix."),
                        ("Those book was on the shelf.", "That book was on the shelf."),
                        ("This are errors.", "These are errors."), ("This are the best cake.", "This is the best cake."),
                        ("These was errors in the log.", "These were errors in the log."), ("We must protect this animals because they are rare.", "We must protect these animals because they are rare."), ("These was an error.", "This was an error."),
                        ("This books are on the table.", "These books are on the table.")],
            correct: ["This means we win.", "These software packages are free.", "This series is great.", "These sheep are mine.",
                      "This works for me.", "These days are long.", "This news is old.", "Those interested should apply.",
                      "These data are clear.", "I know that users want this.", "The most common of these two is on the outside.",
                      "It hurts those it is supposed to help.", "The most common of these is the first.", "This sales pitch works.", "This glasses case is mine.", "This means war.",
                      "As are lowercase and uppercase. Those last are special cases."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["this", "these", "those"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lower.isAny(of: "this", "these", "those") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j]
            let w = n.lower
            // “This are errors.”, “These was an error.”: the demonstrative is the subject.
            if sentence.previousNonSpace(before: i) == nil, t.lowerIs("this") ? w.isAny(of: "are", "were") : w.isAny(of: "is", "was") {
                // The complement's noun tells which word to change: “This are errors” → “These”,
                // but “This are the best cake” → “This is” (a singular noun after the verb), and
                // “These was errors” → “These were”.
                var complementPlural: Bool?
                var k = j
                for _ in 0..<4 {
                    guard let m = RuleSupport.nextWord(sentence, after: k) else { break }
                    let x = tokens[m].lower
                    if x.isAny(of: "the", "a", "an", "my", "your", "his", "her", "our", "their", "its", "very", "most", "best", "only") { k = m; continue }
                    if classes.singular(ofPlural: x) != nil { complementPlural = true } else if classes.isSingularNoun(x) { complementPlural = false }
                    if complementPlural == nil, classes.isAdjectiveLike(x) { k = m; continue }
                    break
                }
                let singularDemonstrative = t.lowerIs("this") || t.lowerIs("that")
                if let plural = complementPlural, plural == !singularDemonstrative {
                    // Keep the demonstrative; the verb agrees with it.
                    let verb = singularDemonstrative ? (w == "are" ? "is" : "was") : (w == "is" ? "are" : "were")
                    out.append(ProofreadingSuggestion(range: n.range, replacements: [RuleSupport.matchCase(verb, like: n.text)],
                                         message: "“\(n.text)” does not agree with “\(t.text)”: use “\(verb)”."))
                    continue
                }
                let fixed = t.lowerIs("this") ? "these" : (t.lowerIs("these") ? "this" : "that")
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(fixed, like: t.text)],
                                     message: "“\(n.text)” does not agree with “\(t.text)”: use “\(fixed)”."))
                continue
            }
            let isKindOf = !t.lowerIs("this") && w.isAny(of: "kind", "sort", "type") && sentence.nextNonSpace(after: j).map({ tokens[$0].lowerIs("of") }) == true
            guard n.startsLowercase, !RuleSupport.isCodeLike(n), isKindOf || !Self.sameInBoth.contains(w), !Self.numbers.contains(w),
                  !Lexicon.objectPronouns.contains(w), !Lexicon.subjectPronouns.contains(w), !w.isAny(of: "who", "whom", "which", "that", "what") else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // The noun must end the noun phrase: a verb, a preposition or punctuation follows.
            let after = sentence.nextNonSpace(after: j).map { tokens[$0] }
            guard after.map({ $0.kind == .punctuation ? $0.isOne(of: ".,!?;:") : Self.phraseEnd.contains($0.lower) }) ?? true else { continue }
            if t.lowerIs("this") {
                // A noun that is also a verb's -s form (“books”, “works”) only before a plural verb
                // (“This books are old”), where it cannot be the verb.
                let pluralVerbAfter = after.map { $0.kind == .word && $0.lower.isAny(of: "are", "were") } ?? false
                // An irregular plural (“this children”, “this women”, session 45): a word the tagger's
                // lexicon knows only as a plural noun, never a singular noun, adjective or verb.
                let possible = context.tags(of: sentence).possibleTags(at: j)
                let irregularPlural = !w.hasASCIISuffix("s") && possible.contains(.NNS) && !possible.contains(.NN)
                    && !possible.contains(.JJ) && !possible.contains(.VB) && !possible.contains(.VBP)
                guard irregularPlural || w.hasASCIISuffix("s") && classes.singular(ofPlural: w) != nil
                        && (pluralVerbAfter || classes.verbBase(ofThirdPerson: w) == nil) else { continue }
                // “this errors are”: a plural verb confirms it; otherwise the noun must end its
                // phrase (“this animals because”), not modify another noun (“this sales pitch”).
                if let a = after, a.kind == .word, !a.lower.isAny(of: "are", "were", "have", "do", "seem", "look", "make") {
                    if classes.isNoun(a.lower) && !Self.phraseEnd.contains(a.lower) { continue }
                    if a.lower.isAny(of: "is", "was", "has", "does", "of") { continue }
                }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("these", like: t.text)],
                                     message: "“\(n.text)” is plural: use “these”."))
            } else {
                // Not a plural the tagger's lexicon knows only as a plural (“These children are”,
                // which Hunspell's flags take for a singular noun).
                let possible = context.tags(of: sentence).possibleTags(at: j)
                guard isKindOf || (classes.isSingularNoun(w) && !w.hasASCIISuffix("s") && !w.hasASCIISuffix("ing")
                                   && !(possible.contains(.NNS) && !possible.contains(.NN))
                                   && !(classes.entry(w).map { $0.contains("T") } ?? true)
                                   && after.map({ $0.lower.isAny(of: "is", "was", "has", "does", "seems", "looks", "makes", "are", "were") }) == true) else { continue }
                // Before a plural verb the demonstrative agrees with the verb: the word after it
                // is an adjective standing for a noun (“Those last are special cases”, wget(1):
                // a --fix trial made it “That last are”), left alone; or the noun is the slip
                // (“These error are”), where “This error are” is no fix: reported, not applied.
                let pluralVerb = !isKindOf && after.map({ $0.lower.isAny(of: "are", "were") }) == true
                if pluralVerb, classes.isAdjectiveLike(w) || context.tags(of: sentence).possibleTags(at: j).contains(.JJ) { continue }
                let fixed = t.lowerIs("these") ? "this" : "that"
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase(fixed, like: t.text)],
                                     message: "“\(n.text)” is singular: use “\(fixed)”.", isConfident: !pluralVerb))
            }
        }
        return out
    }
}
