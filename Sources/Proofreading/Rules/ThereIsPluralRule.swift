import Foundation

/// Flags “there is / there was / there's” before a plural quantity: “there is many”,
/// “there was two”, “there's several”.
public struct ThereIsPluralRule: Rule {
    /// Stable rule ID.
    public let id = "EN_THERE_IS_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“there is” before a plural (“there are many”)"

    static let plurals: WordSet = ["many", "several", "numerous", "multiple", "various", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "dozens", "hundreds", "thousands", "millions", "both", "few", "fewer", "more", "less", "some", "no", "lots", "plenty"]
    /// Plural nouns taken as such whatever ``isPluralNoun(_:context:)`` says. Not redundant
    /// beside it (measured in session 52 by dropping it: “There is some …”, “There was more …”,
    /// “There's fewer …” before each word): the dictionary test misses “things”, “reasons”,
    /// “files”, “bugs”, “tests”, “children”, “men” and “women” (no affix-flag plural, or a verb's
    /// third person the lexicon does not read as a plural first) and every capitalised word.
    static let pluralNouns: WordSet = ["people", "things", "ways", "options", "reasons", "problems", "issues", "errors", "questions", "files", "users", "steps", "cases", "changes", "bugs", "tests", "days", "times", "children", "men", "women", "others", "examples", "differences", "methods", "rules"]

    /// True when `token` is a plural noun by the dictionary and no verb's third person
    /// (“problems”, “people”; not “news”, “physics”, “glass”, “runs”).
    static func isPluralNoun(_ token: Token, context: RuleContext) -> Bool {
        guard let classes = context.wordClasses, token.startsLowercase else { return false }
        let w = token.lower
        // A plural by the dictionary that is no verb's third person, or a word the tagger's
        // lexicon reads as a plural noun first (“cars”: en_US also lists “car” as a verb).
        let likeliest = context.lexicon.weightedTags(of: w).max(by: { $0.probability < $1.probability })?.tag
        guard w == "people" || classes.singular(ofPlural: w) != nil && (classes.verbBase(ofThirdPerson: w) == nil || likeliest == .NNS) else { return false }
        return !NounAgreementWords.notPlural.contains(w) && !w.hasASCIISuffix("ics") && !w.hasASCIISuffix("ss")
    }

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I think there is also people who agree.", "I think there are also people who agree."), ("There is many reasons to stay.", "There are many reasons to stay."),
                        ("There was two errors in the log.", "There were two errors in the log."),
                        ("There's several ways to do it.", "There are several ways to do it."),
                        ("There is some problems with it.", "There are some problems with it."),
                        ("There is fewer cars on the road today.", "There are fewer cars on the road today."),
                        ("There was more complaints than usual.", "There were more complaints than usual."),
                        ("There was more children than usual.", "There were more children than usual."),
                        ("There's fewer bugs in this release.", "There are fewer bugs in this release.")],
            correct: ["There is sales tax on it.", "There is physics in it.", "There is news today.", "There is many a slip between cup and lip.", "There are many reasons to stay.",
                      "There is no reason to stay.", "There is some milk left.", "There was two-factor login.", "There is more work to do.", "There is less news today.", "There is fewer than one left."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["there", "there's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            let w = RuleSupport.norm(tokens[i])
            var verbIndex: Int?
            var plural = "are"
            if w == "there's" { verbIndex = i } else if w == "there", let j = RuleSupport.nextWord(sentence, after: i), tokens[j].lower.isAny(of: "is", "was") {
                verbIndex = j
                if tokens[j].lowerIs("was") { plural = "were" }
            }
            guard let v = verbIndex, var k = RuleSupport.nextWord(sentence, after: v) else { continue }
            if tokens[k].lower.isAny(of: "also", "still", "always", "only", "just", "even", "really"), let k2 = RuleSupport.nextWord(sentence, after: k) { k = k2 }
            // Not a question's inverted “is there” (“Is there many…” is handled by word order).
            let q = tokens[k].lower
            // “there is editors”: a plural noun that ends its noun phrase.
            if !Self.plurals.contains(q), let classes = context.wordClasses, tokens[k].startsLowercase,
               classes.singular(ofPlural: q) != nil || q == "people", classes.verbBase(ofThirdPerson: q) == nil || q == "people",
               !NounAgreementWords.notPlural.contains(q), !q.hasASCIISuffix("ics"), !q.hasASCIISuffix("ss"),
               RuleSupport.nextWord(sentence, after: k).map({ a in !classes.isNoun(tokens[a].lower) || PossessiveSlot.closedClass.containsLower(of: tokens, a) || tokens[a].lower.isAny(of: "that", "who", "which") }) ?? true,
               !(k + 1 < tokens.count && tokens[k + 1].isOne(of: "-'\u{2019}")) {
                let fixed = v == i ? RuleSupport.matchCase("there ", like: tokens[i].text) + plural : RuleSupport.matchCase(plural, like: tokens[v].text)
                out.append(ProofreadingSuggestion(range: v == i ? tokens[i].range : tokens[v].range, replacements: [fixed],
                                     message: "Use “there \(plural)” before a plural: “\(tokens[k].text) …”."))
                continue
            }
            guard Self.plurals.contains(q) else { continue }
            if k + 1 < tokens.count, tokens[k + 1].isOne(of: "-") { continue }
            let after = RuleSupport.nextWord(sentence, after: k).map { tokens[$0] }
            if q == "many", let a = after, a.lowerIs("a") || a.lowerIs("an") { continue }
            if q.isAny(of: "some", "no", "lots", "plenty", "few", "fewer", "more", "less") {
                // Only before a plural noun (“some problems”, “less people”: EN_LESS_PLURAL_COUNT
                // asks for “fewer”), never a mass noun (“some milk”, “more work”, “less news”).
                guard let a = after, Self.pluralNouns.contains(a.lower) || Self.isPluralNoun(a, context: context) else { continue }
                if q == "no" || q == "lots" || q == "plenty" { continue }
            }
            if q == "both" { continue }
            let fixed: String
            let range: NSRange
            if v == i {
                fixed = RuleSupport.matchCase("there ", like: tokens[i].text) + plural
                range = tokens[i].range
            } else {
                fixed = RuleSupport.matchCase(plural, like: tokens[v].text)
                range = tokens[v].range
            }
            out.append(ProofreadingSuggestion(range: range, replacements: [fixed],
                                 message: "Use “there \(plural)” before a plural: “\(tokens[k].text) …”."))
        }
        return out
    }
}
