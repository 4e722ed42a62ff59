import Foundation

/// Flags “a” or “an” before a plural noun: “a cars” → “cars”, “There are a problems” →
/// “problems”, “an errors” → “errors”.
///
/// Follows LanguageTool's `A_PLURAL` (grammar.xml) and the rule that the indefinite article goes
/// with a singular count noun only (Swan, *Practical English Usage*, §62). Plurals come from the
/// Hunspell dictionary's flags; a plural that modifies the next noun (“a sports car”, “a savings
/// account”), plural-looking singulars (“a series”, “a means”) and third-person verbs are left
/// alone.
public struct ArticlePluralRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ARTICLE_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“a” or “an” before a plural noun"

    /// Plural forms that take “a” in fixed uses.
    static let allowed: WordSet = ["lots", "thanks", "means", "series", "species", "news", "headquarters", "crossroads", "savings", "sports", "arms", "goods", "odds", "ones", "works", "pants", "jeans", "trousers", "glasses", "scissors", "customs", "physics", "politics", "economics", "mathematics", "billiards", "outskirts", "whereabouts", "barracks", "gallows", "kudos", "rules"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He bought a cars last year.", "He bought cars last year."),
                        ("There were a problems with it.", "There were problems with it."),
                        ("We found an errors in the log.", "We found errors in the log.")],
            correct: ["Install them using a requirements file.", "Note that ..a does not work; use ..|.a instead.", "Use an equals sign here.", "He drives a sports car.", "It is a means to an end.", "She opened a savings account.", "A series of tests ran.",
                      "It works like a charm.", "He is a user.", "Thanks a lot.", "A few cars came.", "She wears a glasses case.",
                      "It is an arts and entertainment district.", "Now a days, phones are everywhere.",
                      "It offers a standards compliant interface.", "It was a sports related injury.", "We need a standards based approach."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["a", "an"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("a") || tokens[i].lowerIs("an")) {
            if tokens[i].textIs("A"), sentence.previousNonSpace(before: i) != nil { continue }
            // An option (“-a lists the command”), not an article.
            if i > 0, tokens[i - 1].isOne(of: "-\u{2010}\u{2013}") { continue }
            // A letter glued to a mark before it (“..a”, a jq(1) path; “$a”, “/a”): code, not an
            // article (a --fix trial made “Note that ..a does not work” “..does”).
            if i > 0, tokens[i - 1].kind == .punctuation, !tokens[i - 1].isOne(of: "(\"'\u{201C}\u{2018}[") { continue }
            guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let w = tokens[j].lower
            guard tokens[j].startsLowercase, !RuleSupport.isCodeLike(tokens[j]), w.hasASCIISuffix("s"), !w.hasASCIISuffix("ss"), !w.hasASCIISuffix("us"), !w.hasASCIISuffix("ics"),
                  !Self.allowed.contains(w), !NounAgreementWords.notPlural.contains(w),
                  classes.singular(ofPlural: w) != nil, !classes.isSingularNoun(w) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // “an arts and entertainment district”: coordinated modifiers; “now a days”: “nowadays”.
            if let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lower.isAny(of: "and", "or") { continue }
            if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("now") { continue }
            // The plural ends its noun phrase: punctuation or a non-noun follows.
            // (A noun by its `M` flag, or a word that takes a plural `S`: en_US gives `file/CAKGDS`
            // and `sign/AFCGDS` no `M`: “a requirements file”, “an equals sign”.)
            if let k = RuleSupport.nextWord(sentence, after: j), tokens[k].startsLowercase,
               classes.isNoun(tokens[k].lower) || classes.entry(tokens[k].lower)?.contains("S") == true, !PossessiveSlot.closedClass.containsLower(of: tokens, k),
               !PossessiveSlot.prepositions.containsLower(of: tokens, k), !tokens[k].lower.isAny(of: "last", "next", "and", "or", "to", "for", "that", "which", "who") { continue }
            // A plural in a compound modifier before a noun: “a standards compliant interface”,
            // “a sports related injury”, “a users facing page” (an adjective or a participle, then
            // the noun).
            if let k = RuleSupport.nextWord(sentence, after: j), let m = RuleSupport.nextWord(sentence, after: k) {
                let kw = tokens[k].lower, mw = tokens[m].lower
                let modifier = CompoundModifierHyphenRule.combining.contains(kw) || classes.isAdjectiveLike(kw)
                    || classes.isPastParticiple(kw) || classes.isPresentParticiple(kw) || kw.hasASCIISuffix("ant") || kw.hasASCIISuffix("ent")
                if modifier, !PossessiveSlot.prepositions.contains(kw), !PossessiveSlot.closedClass.contains(kw), tokens[m].startsLowercase,
                   classes.isNoun(mw), !PossessiveSlot.closedClass.contains(mw), !PossessiveSlot.prepositions.contains(mw) { continue }
            }
            let fixed = tokens[i].startsUppercase ? tokens[j].text.prefix(1).uppercased() + tokens[j].text.dropFirst() : tokens[j].text
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "“\(tokens[j].text)” is plural: drop “\(tokens[i].text)”."))
        }
        return out
    }
}
