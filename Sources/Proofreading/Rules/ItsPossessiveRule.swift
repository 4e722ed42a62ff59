import Foundation

/// Flags “it's” where the possessive “its” is meant: “it's own”, “it's 2nd attempt”,
/// “of it's kind”, “all it's plugins”, “in it's heyday”, “I can see it's eyes”, “It's door is
/// too small”.
///
/// Follows LanguageTool's `IT_IS` / `ITS_IT_S` rules (grammar.xml) and Merriam-Webster's usage
/// note on *its* and *it's*: after a preposition, before a plural noun, or before a noun that is
/// itself the subject of a verb, “it is” cannot fit. Nouns come from the Hunspell dictionary's
/// flags; predicate nouns (“it's time”, “it's nothing”) are left alone.
public struct ItsPossessiveRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_IT_S_ITS"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“it's” (it is) where the possessive “its” is meant"

    static let prepositions: WordSet = ["of", "in", "on", "for", "with", "from", "by", "at", "into", "onto", "about", "through", "under", "over", "to"]
    static let nouns: WordSet = [
        "name", "value", "size", "contents", "content", "purpose", "users", "parent", "owner", "color", "colour", "shape",
        "origin", "history", "members", "children", "source", "author", "kind", "way", "place", "side", "head", "tail",
        "body", "home", "nest", "own", "use", "peak", "core", "original", "former", "current", "default", "initial",
        "final", "previous", "next", "full", "entire", "first", "second", "third", "last", "best", "worst", "highest",
        "lowest", "maximum", "minimum", "natural", "early", "nearest", "owners", "neighbors", "neighbours", "fans",
        "customers", "employees", "citizens", "creator", "creators", "inception", "launch", "release", "debut",
    ]
    static let verbsBefore: WordSet = [
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
                        ("The library ships with it's manuals in the box.", "The library ships with its manuals in the box."),
                        ("In it's heyday it was a bustling port.", "In its heyday it was a bustling port."),
                        ("I can see it's eyes.", "I can see its eyes."),
                        ("It's door is too small.", "Its door is too small."),
                        ("It's name is Rex.", "Its name is Rex."),
                        ("The company lost it's biggest client.", "The company lost its biggest client."),
                        ("The city and it's largest park are busy.", "The city and its largest park are busy."),
                        ("Amid it's wonderful moments of humor, we laughed.", "Amid its wonderful moments of humor, we laughed."),
                        ("We could borrow it's approach.", "We could borrow its approach.")],
            correct: ["It's own goal that bothers me, not the score.", "I know it's late.",
                      "Because it's first come, first served, we left early.", "For it's there that we met.",
                      "That's all it's got.", "For all it's worth, the plan works.", "With it's hours of waiting, nobody came.",
                      "After all it's my birthday weekend.", "But most of all it's the atmosphere.", "My mom claims it's radiation.",
                      "I reckon it's time to wake up.", "It's best to wait.", "It's nearest to the station.",
                      "It's biggest when the tide is in.", "The admission costs six euros but on Sundays it's free.",
                      "It depends whose hands it's in.", "I hope it's nothing serious.", "I think it's fast enough.",
                      "For large downloads it's sometimes better to stream the response.", "Under load it's always slower."])
    }

    /// Plural nouns that follow “it's” as a measure or a predicate (“it's hours away”).
    static let measures: WordSet = [
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
            return classes.entry(singular)?.isDisjoint(with: "DG") ?? false
        }
        // A word the dictionary does not know whose singular it knows as a noun, or an unknown
        // plural of a technical noun (`submodules`) when “all” comes before.
        return p == "all" && w.hasASCIISuffix("s") && !w.hasASCIISuffix("ss") && !w.hasASCIISuffix("us") && classes.entry(w) == nil
    }

    /// Prepositions after which “it's” cannot be “it is” before a noun phrase.
    static let wideprepositions: WordSet = [
        "of", "in", "on", "for", "with", "from", "by", "at", "into", "onto", "about", "through", "under", "over", "amid",
        "amidst", "alongside", "above", "below", "behind", "beneath", "toward", "towards", "during", "without", "within",
        "throughout", "across", "around", "against", "despite", "upon", "via", "like", "near", "beside",
    ]
    /// Verbs after which “it's” opens a clause (“I think it's”), so that a predicate noun may follow.
    static let clauseVerbs: WordSet = [
        "think", "thinks", "thought", "know", "knows", "knew", "guess", "hope", "believe", "say", "says", "said", "mean",
        "feel", "feels", "felt", "reckon", "assume", "assuming", "claims", "claim", "suppose", "bet", "sure", "seems", "seem",
        "hear", "heard", "hearing", "realize", "realise", "realized", "admit", "agree", "forget", "wish", "figure",
        "because", "since", "if", "when", "that", "whether", "so", "and", "but", "is",
        "was", "means", "tell", "told", "find", "found", "decide", "decided", "worry", "afraid", "glad", "sorry", "unless",
    ]
    /// Nouns that follow “it's” as a predicate (“it's time”, “it's nothing”).
    static let predicateNouns: WordSet = [
        "time", "nothing", "something", "anything", "everything", "fun", "okay", "ok", "nonsense", "chaos", "magic", "war",
        "business", "life", "fate", "luck", "news", "normal", "common", "true", "shame", "pity", "wonder", "mine", "yours",
        "ours", "theirs", "hers", "his", "me", "worth", "easy", "fine", "free", "good", "best", "home", "lunchtime", "bedtime",
        "midnight", "noon", "night", "morning", "evening", "afternoon", "summer", "winter", "spring", "autumn", "fall", "there",
        "here", "all", "none", "one", "half", "part", "up", "down", "over", "out", "off", "on", "in", "enough", "cliche", "like",
        "due", "known", "said", "about", "so", "too", "very", "just", "only", "not", "also", "still", "really", "already",
    ]

    /// The generic cases: “it's” where a possessive determiner belongs.
    static func isPossessiveSlot(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses) -> Bool {
        let tokens = sentence.tokens
        let n = tokens[j]
        guard n.kind == .word, n.startsLowercase, !RuleSupport.isCodeLike(n) else { return false }
        let w = n.lower
        // A noun entry, or a word the dictionary lets take -s that is not an adjective (`door/IS`).
        func nounish(_ x: String) -> Bool {
            if classes.isNoun(x) { return true }
            if x.hasASCIISuffix("s"), !x.hasASCIISuffix("ss"), let f = classes.entry(String(x.dropLast())), f.contains("S") { return true }
            // “dependencies”: the -ies plural of a word that takes -s.
            if x.hasASCIISuffix("ies"), let f = classes.entry(String(x.dropLast(3)) + "y"), f.contains("S") { return true }
            guard let f = classes.entry(x) else { return false }
            return f.contains("S") && !f.contains("R") && !f.contains("T")
        }
        let afterNoun = RuleSupport.nextWord(sentence, after: j).map { tokens[$0] }
        let beforeNoun = afterNoun.map { $0.startsLowercase && nounish($0.lower) && !predicateNouns.contains($0.lower) } ?? false
        if w.hasASCIISuffix("ly") && !beforeNoun { return false }
        // “lost it's biggest client”: a superlative before a noun needs a determiner, so “it is”
        // cannot be meant there; the possessive can.
        if beforeNoun, let a = afterNoun, !PossessiveSlot.prepositions.contains(a.lower), !RuleSupport.subordinators.contains(a.lower),
           !["and", "or", "but", "than", "to", "so", "then", "now", "when", "while", "because", "since", "until", "unless",
             "though", "although"].contains(a.lower), classes.isSuperlative(w) { return true }
        if predicateNouns.contains(w) || measures.contains(w) || Lexicon.determiners.contains(w)
            || Lexicon.possessives.contains(w) || RuleSupport.beForms.contains(w) || w.hasASCIISuffix("ing") || w.hasASCIISuffix("ed") { return false }
        if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { return false }
        let prev = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
        let prevPrev = RuleSupport.previousWord(sentence, before: i).flatMap { RuleSupport.previousWord(sentence, before: $0) }.map { tokens[$0].lower }
        // A noun, or an adjective then a noun (“it's wonderful moments”).
        let phraseIsNoun = nounish(w) || beforeNoun
        // After a preposition (not a fixed phrase ending in “all”: “after all it's”).
        if let p = prev, wideprepositions.contains(p) || (p == "to" && (prevPrev ?? "").isAny(of: "due", "thanks", "according", "next", "close")) {
            return phraseIsNoun
        }
        if prev == "as", prevPrev == "such" { return phraseIsNoun }
        if prev == "all", let pp = prevPrev, !pp.isAny(of: "after", "above", "of", "in", "all", "at") { return phraseIsNoun }
        // Before a plural noun: “it's eyes”, “it's benefits”; not a cleft (“It's users who decide”).
        if w.hasASCIISuffix("s"), !w.hasASCIISuffix("ss"), !w.hasASCIISuffix("us"), nounish(w), !measures.contains(w), afterNoun?.lower != "of" {
            if let a = afterNoun, a.lower.isAny(of: "who", "that", "which") { return false }
            // “the company and it's employees”: “and”/“or” joins two noun phrases when a noun
            // comes before it, so the possessive fits (a clause after “and” has a verb before).
            if let p = prev, p.isAny(of: "and", "or"), let q = RuleSupport.previousWord(sentence, before: i).flatMap({ RuleSupport.previousWord(sentence, before: $0) }),
               tokens[q].startsLowercase, nounish(tokens[q].lower), !classes.isVerbBase(tokens[q].lower), classes.verbBase(ofThirdPerson: tokens[q].lower) == nil,
               !Lexicon.objectPronouns.contains(tokens[q].lower), !Lexicon.subjectPronouns.contains(tokens[q].lower) {
                return true
            }
            if let p = prev, clauseVerbs.contains(p) { return false }
            return true
        }
        // “It's door is too small”: a noun that is itself a subject.
        if let a = afterNoun, nounish(w), classes.entry(w) != nil, !classes.isAdjectiveLike(w),
           a.lower.isAny(of: "is", "was", "has", "had", "will", "would", "can", "could", "should", "must", "may", "might") {
            return prev == nil || !clauseVerbs.contains(prev!)
        }
        // “We could borrow it's approach.”: after a verb that takes an object (lowercase, or an
        // imperative opening the sentence: “Check it's value in …”), a noun that ends the clause
        // or that a preposition follows (“see it's impact on sales”: “it is impact on” cannot be meant).
        let verbIndex = RuleSupport.previousWord(sentence, before: i)
        if let p = prev, let v = verbIndex, !clauseVerbs.contains(p),
           tokens[v].startsLowercase || RuleSupport.previousWord(sentence, before: v) == nil && !p.isAny(of: "well", "still", "now", "so", "yes", "no", "like", "mind", "please", "say", "see", "look", "listen"),
           classes.isVerbBase(p) || classes.verbBase(ofThirdPerson: p) != nil || classes.isPastParticiple(p), !Lexicon.subjectPronouns.contains(p),
           nounish(w), !(classes.entry(w).map { $0.contains("R") || $0.contains("T") } ?? true) {
            guard let k = sentence.nextNonSpace(after: j) else { return true }
            if tokens[k].kind == .word, tokens[k].startsLowercase, prepositions.contains(tokens[k].lower), tokens[k].lower != "to" { return true }
            return tokens[k].kind == .punctuation && tokens[k].isOne(of: ".!?,;")
        }
        return false
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["it's"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && RuleSupport.norm(tokens[i]) == "it's" {
            let t = tokens[i]
            guard let j = sentence.nextNonSpace(after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            let p = RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower }
            var flag = false
            if n.lowerIs("own") && p != nil {
                flag = true
            } else if n.kind == .word, n.hasDigit, ["st", "nd", "rd", "th"].contains(where: { n.lower.hasSuffix($0) }), n.lower.first?.isNumber == true {
                flag = p != nil
            } else if let p, Self.prepositions.contains(p) || Self.verbsBefore.contains(p), n.kind == .word, Self.nouns.contains(n.lower) {
                // “of it's kind”; not “first come, first served” after a clause word.
                flag = true
                if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, tokens[k].lower.isAny(of: "come", "thing", "time") { flag = false }
                if let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word, tokens[k].lower.isAny(of: "is", "was", "are", "that", "to") { flag = false }
            } else if let p, Self.isPluralAfterDeterminerSlot(sentence, i, j, previous: p, classes: context.wordClasses) {
                flag = true
            } else if n.kind == .word, n.lower.isAny(of: "tail", "paw", "paws", "wings", "nest", "head"), let p, p.isAny(of: "wagged", "flapped", "shook", "licked", "raised", "lifted", "built") {
                flag = true
            }
            // An adverb that is no noun after “it's” goes on “it is” (“it's sometimes better to
            // stream”, “it's always fine”): its final -s is no plural (urllib3's user guide,
            // read by the reStructuredText reader's first real documents).
            if !flag, let classes = context.wordClasses,
               !(context.lexicon.isAdverb(n.lower) && !context.lexicon.isNoun(n.lower)) {
                flag = Self.isPossessiveSlot(sentence, i, j, classes: classes)
            }
            guard flag else { continue }
            let fixed = RuleSupport.matchCase("its", like: t.text)
            out.append(ProofreadingSuggestion(range: t.range, replacements: [fixed],
                                 message: "Use the possessive “its” here; “it's” means “it is” or “it has”."))
        }
        return out
    }
}
