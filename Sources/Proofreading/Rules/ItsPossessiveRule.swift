import Foundation

/// Flags “it's” where the possessive “its” is meant: “it's own”, “it's 2nd attempt”,
/// “of it's kind”, “all it's plugins”.
public struct ItsPossessiveRule: Rule {
    /// Stable rule ID.
    public let id = "EN_IT_S_ITS"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“it's” (it is) where the possessive “its” is meant"

    static let prepositions: Set<String> = ["of", "in", "on", "for", "with", "from", "by", "at", "into", "onto", "about", "through", "under", "over", "to"]
    static let nouns: Set<String> = [
        "name", "value", "size", "contents", "content", "purpose", "users", "parent", "owner", "color", "colour", "shape",
        "origin", "history", "members", "children", "source", "author", "kind", "way", "place", "side", "head", "tail",
        "body", "home", "nest", "own", "use", "peak", "core", "original", "former", "current", "default", "initial",
        "final", "previous", "next", "full", "entire", "first", "second", "third", "last", "best", "worst", "highest",
        "lowest", "maximum", "minimum", "natural", "early", "nearest", "owners", "neighbors", "neighbours", "fans",
        "customers", "employees", "citizens", "creator", "creators", "inception", "launch", "release", "debut",
    ]
    static let verbsBefore: Set<String> = [
        "completed", "reached", "lost", "changed", "raised", "lowered", "improved", "updated", "released", "made",
        "found", "took", "had", "has", "passed", "failed", "finished", "launched", "doubled", "halved", "increased",
        "reduced", "celebrated", "achieved", "showed", "shows", "makes", "takes", "loses", "lose", "did", "does",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The dog wagged it's tail.", "The dog wagged its tail."),
                        ("Every tool has it's own config.", "Every tool has its own config."),
                        ("He failed it's 2nd attempt.", "He failed its 2nd attempt."),
                        ("The city is famous for it's history.", "The city is famous for its history."),
                        ("Update the app and all it's plugins first.", "Update the app and all its plugins first."),
                        ("The library ships with it's manuals in the box.", "The library ships with its manuals in the box.")],
            correct: ["It's own goal that bothers me, not the score.", "I know it's late.",
                      "Because it's first come, first served, we left early.", "For it's there that we met.",
                      "That's all it's got.", "For all it's worth, the plan works.", "With it's hours of waiting, nobody came."])
    }

    /// Plural nouns that follow “it's” as a measure or a predicate (“it's hours away”).
    static let measures: Set<String> = [
        "hours", "minutes", "seconds", "days", "weeks", "months", "years", "decades", "miles", "lots", "loads",
        "tons", "dozens", "hundreds", "thousands", "millions", "billions", "tens", "ages", "news", "thanks", "odds",
    ]

    /// “it's” after “all” or a preposition, followed by a plural noun (“all it's plugins”,
    /// “with it's manuals”): a plural noun cannot follow “it is” there, so the possessive fits.
    static func isPluralAfterDeterminerSlot(_ sentence: Sentence, _ i: Int, _ j: Int, previous p: String, classes: WordClasses?) -> Bool {
        guard let classes, p == "all" || prepositions.contains(p) && p != "to" else { return false }
        let n = sentence.tokens[j]
        guard n.kind == .word, n.startsLowercase, !measures.contains(n.lower) else { return false }
        let w = n.lower
        if let singular = classes.singular(ofPlural: w) {
            // A plural noun, not a verb's third person (“all it's needs” is rare either way).
            return classes.entry(singular)?.isDisjoint(with: ["D", "G"]) ?? false
        }
        // A word the dictionary does not know whose singular it knows as a noun, or an unknown
        // plural of a technical noun (`submodules`) when “all” comes before.
        return p == "all" && w.hasSuffix("s") && !w.hasSuffix("ss") && !w.hasSuffix("us") && classes.entry(w) == nil
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for (i, t) in tokens.enumerated() where t.kind == .word && RuleSupport.norm(t) == "it's" {
            guard let j = sentence.nextNonSpace(after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            let p = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
            var flag = false
            if n.lower == "own" && p != nil {
                flag = true
            } else if n.kind == .word, n.hasDigit, ["st", "nd", "rd", "th"].contains(where: { n.lower.hasSuffix($0) }), n.lower.first?.isNumber == true {
                flag = p != nil
            } else if let p, Self.prepositions.contains(p) || Self.verbsBefore.contains(p), n.kind == .word, Self.nouns.contains(n.lower) {
                // “of it's kind”; not “first come, first served” after a clause word.
                flag = true
                if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, ["come", "thing", "time"].contains(tokens[k].lower) { flag = false }
                if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, ["is", "was", "are", "that", "to"].contains(tokens[k].lower) { flag = false }
            } else if let p, Self.isPluralAfterDeterminerSlot(sentence, i, j, previous: p, classes: WordClasses.of(context.speller)) {
                flag = true
            } else if n.kind == .word, ["tail", "paw", "paws", "wings", "nest", "head"].contains(n.lower), let p, ["wagged", "flapped", "shook", "licked", "raised", "lifted", "built"].contains(p) {
                flag = true
            }
            guard flag else { continue }
            let fixed = RuleSupport.matchCase("its", like: t.text)
            out.append(RuleMatch(range: t.range, replacements: [fixed],
                                 message: "Use the possessive “its” here; “it's” means “it is” or “it has”."))
        }
        return out
    }
}
