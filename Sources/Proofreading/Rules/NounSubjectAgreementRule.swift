import Foundation

/// Flags a verb that does not agree with a noun subject: “The dogs barks loudly” → “bark”,
/// “The dogs of war is released” → “are”, “My mother are a doctor” → “is”, “Each of the
/// children are happy” → “is”.
///
/// Follows LanguageTool's `AGREEMENT_SENT_START`, `MASS_AGREEMENT` and `EACH_OF_…` agreement
/// rules (grammar.xml) and the basic agreement rule (Swan, *Practical English Usage*, §525).
/// The subject is a noun phrase that starts a clause (the sentence start, or after “whether”,
/// “when”, “that”…): a determiner, up to three modifiers and a head noun, optionally followed by a
/// prepositional phrase (“of war”, “in Asia”) and a short parenthesis between commas. Nouns and
/// plurals come from the Hunspell dictionary's flags; collective nouns (“team”, “staff”) and
/// plural-looking singulars (“news”, “physics”) are left alone.
public struct NounSubjectAgreementRule: Rule {
    /// Stable rule ID.
    public let id = "EN_NOUN_SUBJECT_AGREEMENT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb that does not agree with its noun subject"

    /// Determiners that open a subject noun phrase.
    static let determiners: WordSet = [
        "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their", "many", "several",
        "few", "both", "some", "all", "most", "every", "each", "a", "an", "no", "any",
    ]
    /// Words after which a clause (and so a subject) starts.
    static let openers: WordSet = [
        "whether", "when", "that", "if", "because", "where", "while", "since", "although", "though", "once", "until",
        "unless", "whenever", "wherever", "so", "but", "then", "after", "before",
    ]
    /// Singular and plural forms of “be”, “have” and “do”.
    static let singularToPlural: WordMap<String> = WordMap([
        "is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't", "wasn't": "weren't",
        "hasn't": "haven't", "doesn't": "don't",
    ])
    /// The keys of ``singularToPlural``, ``pluralToSingular`` and the irregular third-person
    /// forms: the words not ending in -s that the rule looks at.
    static let listedForms: WordSet = WordSet(singularToPlural.allKeys).union(pluralToSingular.allKeys).union(WordClasses.irregularThirdPerson.keys)
    static let pluralToSingular: WordMap<String> = WordMap(["are": "is", "were": "was", "aren't": "isn't", "weren't": "wasn't"])
    /// Irregular plurals.
    static let irregularPlurals: WordSet = ["people", "children", "men", "women", "feet", "teeth", "mice", "geese"]
    /// Nouns that look plural but agree as singulars, or may take either number.
    static let notPlural: WordSet = [
        "news", "series", "species", "means", "headquarters", "crossroads", "whereabouts", "odds", "thanks", "lens",
        "bus", "gas", "status", "analysis", "basis", "crisis", "thesis", "axis", "chassis", "corps", "mumps", "measles",
        "billiards", "darts", "innings", "barracks", "gallows", "alms", "lots", "ones", "us", "yes", "plus", "minus",
    ]
    /// Nouns that agree as a plural in British use or as a group (“the team are”), or are used
    /// as plurals without -s.
    static let collective: WordSet = [
        "police", "staff", "team", "family", "government", "committee", "audience", "public", "crew", "class", "couple",
        "majority", "minority", "number", "rest", "remainder", "lot", "percent", "half", "kind", "sort", "type",
        "variety", "group", "band", "company", "council", "board", "jury", "army", "firm", "club", "party", "media",
        "data", "fish", "sheep", "deer", "aircraft", "offspring", "cattle", "personnel", "clergy", "faculty", "total",
        "range", "pair", "set", "bunch", "host", "series", "species", "dozen", "hundred", "thousand", "million", "billion",
        "school", "university", "college", "department", "ministry", "management", "opposition", "enemy", "population",
        "youth", "community", "generation", "world", "rest", "other", "same", "none", "people", "folk", "proportion",
    ]
    /// Prepositions that may follow the head noun inside the subject (“the dogs of war”).
    /// Cardinal numbers as words, which stand for their count (“twelve of them are”).
    static let numberWords: WordSet = ["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                                       "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    static let prepositions: WordSet = ["of", "in", "from", "at", "on", "with", "for", "about", "near", "inside", "under"]
    /// Words that may follow a verb in -s (so that a plural noun of a compound is not mistaken
    /// for a verb: “the students books are”).
    static let afterVerb: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns)
        .union(["to", "in", "on", "at", "for", "with", "from", "into", "up", "down", "out", "off", "over", "about", "more",
                "less", "well", "very", "so", "too", "that", "what", "how", "when", "if", "all", "nothing", "everything",
                "something", "here", "there", "again", "together", "each", "both", "much", "many", "like", "around"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The dogs barks loudly.", "The dogs bark loudly."),
                        ("The dogs of war is released.", "The dogs of war are released."),
                        ("Many users in Asia wants to learn English.", "Many users in Asia want to learn English."),
                        ("She asked whether the black dogs was released.", "She asked whether the black dogs were released."),
                        ("My mother are a doctor.", "My mother is a doctor."),
                        ("Each of the children are happy.", "Each of the children is happy."),
                        ("The results, however, shows a clear trend.", "The results, however, show a clear trend."),
                        ("The dogs tries to escape.", "The dogs try to escape.")],
            correct: ["The color of the dogs is brown.", "The news is good.", "The team are playing well.",
                      "The cat and the dog are friends.", "I told the kids this was fine.", "The students' books are new.",
                      "The series was cancelled.", "The police were called.", "Physics is hard.",
                      "The people who live here are kind.", "The rich are different.", "The Beatles is a band I like.",
                      "Each of the children is happy.", "Most of the work is done.", "The data are clear.", "Three inches is such a wretched height.", "The three were all crowded together.",
                      "We found forty bugs; twelve of them are serious.", "Reading books is fun.",
                      "A list of the methods that are supported is shown."])
    }

    /// Where a subject noun phrase ends at `h` (its last word, a noun): the index of the head
    /// noun, or nil when the phrase does not start a clause.
    func subjectHead(_ sentence: Sentence, endingAt h: Int, classes: WordClasses) -> Int? {
        let tokens = sentence.tokens
        // Walk back over modifiers to a determiner.
        func phraseStart(_ end: Int) -> (start: Int, hasDeterminer: Bool)? {
            var k = end
            var modifiers = 0
            while let p = RuleSupport.previousWord(sentence, before: k) {
                let w = tokens[p].lower
                if Self.determiners.contains(w) { return (p, true) }
                if Self.openers.contains(w) || Self.prepositions.contains(w) || w.isAny(of: "and", "or", "nor", "to") { return (k, false) }
                if w.isAny(of: "who", "which", "whom", "whose", "what", "where", "here", "there", "not") { return nil }
                if RuleSupport.beForms.contains(w) || RuleSupport.modals.contains(RuleSupport.norm(tokens[p])) || Lexicon.subjectPronouns.contains(w) { return nil }
                modifiers += 1
                if modifiers > 3 { return nil }
                k = p
            }
            if let p = sentence.previousNonSpace(before: k), tokens[p].kind == .punctuation, tokens[p].isOne(of: "'\u{2019}") { return nil }
            return (k, false)
        }
        func startsClause(_ start: Int) -> Bool {
            guard let p = sentence.previousNonSpace(before: start) else { return true }
            if tokens[p].kind == .word { return Self.openers.contains(tokens[p].lower) }
            return tokens[p].kind == .punctuation && tokens[p].isOne(of: ":;(\"\u{201C}")
        }
        guard let start = phraseStart(h)?.start else { return nil }
        if let p = RuleSupport.previousWord(sentence, before: start), Self.prepositions.contains(tokens[p].lower),
           let n = RuleSupport.previousWord(sentence, before: p), tokens[n].startsLowercase, classes.isNoun(tokens[n].lower) || Self.irregularPlurals.contains(tokens[n].lower) {
            guard let r = phraseStart(n), r.hasDeterminer || r.start == n, startsClause(r.start) else { return nil }
            let s2 = r.start, hasDeterminer = r.hasDeterminer
            if !tokens[p].lowerIs("of"), !hasDeterminer && !(sentence.previousNonSpace(before: s2) == nil) { return nil }
            return n
        }
        return startsClause(start) ? h : nil
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let indefinites = Lexicon.indefinites
        let objectPronouns = Lexicon.objectPronouns
        let possessives = Lexicon.possessives
        let subjectPronouns = Lexicon.subjectPronouns
        let closedClass = PossessiveSlot.closedClass
        let beForms = RuleSupport.beForms
        let afterVerb = Self.afterVerb
        let collective = Self.collective
        let determiners = Self.determiners
        let irregularPlurals = Self.irregularPlurals
        let listedForms = Self.listedForms
        let notPlural = Self.notPlural
        let numberWords = Self.numberWords
        let openers = Self.openers
        let pluralToSingular = Self.pluralToSingular
        let singularToPlural = Self.singularToPlural
        guard let classes = context.wordClasses else { return [] }
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for j in tokens.indices where tokens[j].kind == .word && tokens[j].startsLowercase {
            let vw = tokens[j].norm
            // A verb this rule knows: listed, or a third-person form in -s.
            // The last byte read from the string's contiguous bytes (`utf8.last` walks the view).
            let lastByte = vw.utf8.withContiguousStorageIfAvailable { $0.last } ?? vw.utf8.last
            guard lastByte == UInt8(ascii: "s") || listedForms.contains(vw) else { continue }
            let toPlural = singularToPlural[vw]
            let toSingular = pluralToSingular[vw]
            let thirdBase = toPlural == nil && toSingular == nil ? classes.verbBase(ofThirdPerson: vw) : nil
            guard toPlural != nil || toSingular != nil || thirdBase != nil else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // The word before the verb, skipping one adverb and a short parenthesis between commas.
            guard var h = sentence.previousNonSpace(before: j) else { continue }
            if tokens[h].isOne(of: ",") {
                var k = h
                var words = 0
                var found: Int?
                while let p = sentence.previousNonSpace(before: k), words <= 5 {
                    if tokens[p].isOne(of: ",") { found = p; break }
                    guard tokens[p].kind == .word else { break }
                    if tokens[p].lower.isAny(of: "which", "who", "that", "whose", "where", "when") || beForms.contains(tokens[p].lower) { break }
                    words += 1
                    k = p
                }
                guard let f = found, let b = sentence.previousNonSpace(before: f) else { continue }
                h = b
            }
            guard tokens[h].kind == .word else { continue }
            if tokens[h].lower.hasSuffix("ly") || tokens[h].lower.isAny(of: "also", "often", "always", "never", "usually", "still", "really", "sometimes", "certainly"),
               let p = RuleSupport.previousWord(sentence, before: h) { h = p }
            guard !RuleSupport.isCodeLike(tokens[h]) else { continue }
            if h + 1 < tokens.count, tokens[h + 1].isOne(of: "'\u{2019}-") { continue }
            let hw = tokens[h].lower

            // “Each of the children are”, “One of the reasons are”.
            if let toSingular {
                if let p1 = RuleSupport.previousWord(sentence, before: h), let hp = Optional(tokens[p1].lower),
                   classes.singular(ofPlural: hw) != nil || irregularPlurals.contains(hw) {
                    var k = p1
                    if determiners.contains(hp) || possessives.contains(hp), let q = RuleSupport.previousWord(sentence, before: p1) { k = q }
                    if tokens[k].lowerIs("of"), let e = RuleSupport.previousWord(sentence, before: k), tokens[e].lower.isAny(of: "each", "one", "either", "neither"),
                       sentence.previousNonSpace(before: e) == nil || RuleSupport.previousWord(sentence, before: e).map({ openers.contains(tokens[$0].lower) }) == true {
                        out.append(RuleMatch(range: tokens[j].range, replacements: [RuleSupport.matchCase(toSingular, like: tokens[j].text)],
                                             message: "The subject “\(tokens[e].text) of …” is singular: use “\(toSingular)”."))
                        continue
                    }
                }
            }

            guard let head = subjectHead(sentence, endingAt: h, classes: classes) else { continue }
            // A gerund that opens the sentence is the subject, the noun its object (“Reading
            // books is fun”).
            var q = head, steps = 0, gerund = false
            while steps < 3, let p = RuleSupport.previousWord(sentence, before: q) {
                let pw = tokens[p].lower
                if pw.hasSuffix("ing"), pw.utf8.count > 4, sentence.previousNonSpace(before: p) == nil { gerund = true; break }
                q = p
                steps += 1
            }
            if gerund { continue }
            // A relative clause between them: the head may be an object inside a longer subject
            // (“A list of the methods that are supported is shown”).
            // (By index: a closure over the slice gets a copy of each token.)
            if ((head + 1)..<j).contains(where: { tokens[$0].kind == .word && tokens[$0].lower.isAny(of: "that", "which", "who", "whom") }) { continue }
            let w = tokens[head].lower
            guard tokens[head].startsLowercase, !RuleSupport.isCodeLike(tokens, head), !subjectPronouns.contains(w),
                  !objectPronouns.contains(w), !indefinites.contains(w) || w == "people" else { continue }
            // The determiner before the head, if any.
            let determiner = RuleSupport.previousWord(sentence, before: head).map { tokens[$0].lower }.flatMap { determiners.contains($0) ? $0 : nil }
            let isPlural = !notPlural.contains(w) && !w.hasSuffix("ics") && (irregularPlurals.contains(w) || classes.singular(ofPlural: w) != nil)
            let isSingular = !isPlural && !(determiner ?? "").isAny(of: "these", "those", "both", "many", "several", "few", "all", "some", "most", "no", "any") && !collective.contains(w) && !notPlural.contains(w) && classes.isSingularNoun(w)
                && !w.hasSuffix("s") && classes.entry(w).map { !$0.contains("T") } == true
            // “three inches is such a height”: a measure agrees as one amount; “the three were”.
            if let p = RuleSupport.previousWord(sentence, before: head), DeterminerNumberRule.numbers.contains(tokens[p].lower) || tokens[p].kind == .number { continue }
            if let p = sentence.previousNonSpace(before: head), tokens[p].kind == .number { continue }
            // “Each students has”: the noun is what disagrees (``EveryEachPluralRule``), not the verb.
            if isPlural, determiner == "each" || determiner == "every" { continue }
            guard isPlural || isSingular, !closedClass.contains(w), !DeterminerNumberRule.numbers.contains(w),
                  !QuantifierPluralRule.numbers.contains(w), !numberWords.contains(w), !w.isAny(of: "here", "there", "home", "yesterday") else { continue }
            var replacement: String?
            if isPlural, let r = toPlural { replacement = r }
            if isPlural, let b = thirdBase {
                // A verb in -s, followed by what may follow a verb (not “are”, not a noun).
                if let k = sentence.nextNonSpace(after: j) {
                    let n = tokens[k]
                    if n.kind == .word ? !(afterVerb.contains(n.lower) || n.lower.hasSuffix("ly")) : !n.isOne(of: ".!?,;") { continue }
                }
                // “The public demands answers”: with a modifier between the determiner and a head
                // that may itself be a verb, the modifier may be the subject.
                if determiner == nil || head != h, classes.verbBase(ofThirdPerson: w) != nil { continue }
                if let d = RuleSupport.previousWord(sentence, before: head), !determiners.contains(tokens[d].lower), classes.verbBase(ofThirdPerson: w) != nil { continue }
                replacement = b
            }
            if isSingular, let r = toSingular { replacement = r }
            guard let replacement else { continue }
            let message = isPlural ? "The subject “\(tokens[head].text)” is plural: use “\(replacement)”." : "The subject “\(tokens[head].text)” is singular: use “\(replacement)”."
            out.append(RuleMatch(range: tokens[j].range, replacements: [RuleSupport.matchCase(replacement, like: tokens[j].text)], message: message))
        }
        return out
    }
}
