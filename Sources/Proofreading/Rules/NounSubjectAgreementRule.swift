import Foundation

/// Flags a verb that does not agree with a noun subject: “The dogs barks loudly” → “bark”,
/// “The dogs of war is released” → “are”, “My mother are a doctor” → “is”, “Each of the
/// children are happy” → “is”, “A lot of people doesn't care” → “don't”; and a base form after a
/// singular noun subject: “The dog bark at night” → “barks”, “My brother go to school” → “goes”,
/// “My father have a car” → “has”.
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
    static let listedForms: WordSet = (WordSet(singularToPlural.allKeys).union(pluralToSingular.allKeys).union(WordClasses.irregularThirdPerson.keys) as WordSet).hot(.agreementVerbForms)
    static let pluralToSingular: WordMap<String> = WordMap(["are": "is", "were": "was", "aren't": "isn't", "weren't": "wasn't"])
    /// Irregular plurals.
    static let irregularPlurals: WordSet = ["people", "children", "men", "women", "feet", "teeth", "mice", "geese"]
    /// Nouns that look plural but agree as singulars, or may take either number.
    static let notPlural: WordSet = [
        "news", "series", "species", "means", "headquarters", "crossroads", "whereabouts", "odds", "thanks", "lens",
        "bus", "gas", "status", "analysis", "basis", "crisis", "thesis", "axis", "chassis", "corps", "mumps", "measles",
        "billiards", "darts", "innings", "barracks", "gallows", "alms", "lots", "ones", "us", "yes", "plus", "minus",
        "masters", "bachelors",
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
        "following",
    ]
    /// Quantifiers before “of” whose phrase agrees with the noun after it (“most of the
    /// students are”), and those that do so after “a” (“a lot of people are”).
    static let quantifiers: WordSet = ["lots", "plenty", "most", "many", "all", "some", "both", "several", "few", "half"]
    static let articleQuantifiers: WordSet = ["lot", "number", "couple", "few"]
    /// Cardinal numbers as words from eleven, which stand for their count (“twelve of them are”).
    static let numberWords = WordSet(Array(Lexicon.cardinals.dropFirst(10)))
    /// Prepositions that may follow the head noun inside the subject (“the dogs of war”).
    static let prepositions: WordSet = ["of", "in", "from", "at", "on", "with", "for", "about", "near", "inside", "under"]
    /// Words that may follow a verb in -s (so that a plural noun of a compound is not mistaken
    /// for a verb: “the students books are”).
    static let afterVerb: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns)
        .union(["to", "in", "on", "at", "for", "with", "from", "into", "up", "down", "out", "off", "over", "about", "more",
                "less", "well", "very", "so", "too", "that", "what", "how", "when", "if", "all", "nothing", "everything",
                "something", "here", "there", "again", "together", "each", "both", "much", "many", "like", "around",
                // Adverbs of place and manner (“The children plays outside”).
                "outside", "inside", "fast", "hard", "home", "early", "late", "away", "every", "always", "never", "often"])

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The dogs barks loudly.", "The dogs bark loudly."), ("People is very friendly here.", "People are very friendly here."), ("The news are bad.", "The news is bad."),
                        ("The dogs of war is released.", "The dogs of war are released."),
                        ("Many users in Asia wants to learn English.", "Many users in Asia want to learn English."),
                        ("She asked whether the black dogs was released.", "She asked whether the black dogs were released."),
                        ("My mother are a doctor.", "My mother is a doctor."),
                        ("Each of the children are happy.", "Each of the children is happy."),
                        ("The results, however, shows a clear trend.", "The results, however, show a clear trend."),
                        ("The dogs tries to escape.", "The dogs try to escape."),
                        ("I came home and the kids was tired.", "I came home and the kids were tired."),
                        ("I think the results was good.", "I think the results were good."),
                        ("My friends is here.", "My friends are here."), ("The children plays outside.", "The children play outside."),
                        ("A lot of people doesn't care.", "A lot of people don't care."),
                        ("Most of the students was absent.", "Most of the students were absent."),
                        ("Many of them has left.", "Many of them have left."),
                        ("The dog bark at night.", "The dog barks at night."), ("When my uncle arrive, we eat.", "When my uncle arrives, we eat."),
                        ("My brother go to school by bus.", "My brother goes to school by bus."),
                        ("Every morning, my uncle wash his car.", "Every morning, my uncle washes his car."),
                        ("My father have a new car.", "My father has a new car."),
                        ("When I was young, my uncle work in a bakery.", "When I was young, my uncle worked in a bakery."),
                        ("The tests passes on Linux.", "The tests pass on Linux."), ("The files contains errors.", "The files contain errors."),
                        ("Teachers is late today.", "Teachers are late today."),
                        ("I confirm that the payment have been done.", "I confirm that the payment has been done."),
                        ("One reason is that animals is losing their homes.", "One reason is that animals are losing their homes.")],
            correct: ["The build takes about ten minutes on a laptop.", "The trip lasts 5 days.",
                      "These includes bugs.", "He passes the ball.", "The files contain errors.", "The tests pass on Linux.",
                      "The color of the dogs is brown.", "Nobody but the children was there.", "Everyone except the twins has left.", "The figures above are the first run's.", "The houses nearby are old.", "Jones is here.", "Since when are you here?", "Until when are you staying?", "I fed the cat and the dog is asleep.", "I think the series was good.",
                      "We thanked them and the team was happy.", "The news is good.", "The team are playing well.",
                      "The cat and the dog are friends.", "I told the kids this was fine.", "The students' books are new.",
                      "The series was cancelled.", "The police were called.", "Physics is hard.",
                      "The people who live here are kind.", "The rich are different.", "The Beatles is a band I like.",
                      "Each of the children is happy.", "Most of the work is done.", "The data are clear.", "Three inches is such a wretched height.", "The three were all crowded together.",
                      "We found forty bugs; twelve of them are serious.", "Reading books is fun.",
                      "A list of the methods that are supported is shown.",
                      "A lot of water is wasted.", "Most of the time is spent waiting.", "The number of users is growing.",
                      "A lot of them are here.", "The dogs bark at night.", "Let the dog bark.", "Does the dog bark at night?",
                      "I insist that the dog stay inside.", "The dog house at the end of the road is red.", "Make my brother go home.",
                      "The rich get richer.", "The team play well at home.", "The car cost a fortune.", "Every day I walk to work.",
                      "The bus stop near the school was moved.", "The consent form for trips abroad.", "The townsfolk gather at noon.",
                      "An export pipeline that carries oil.", "That is, a function definition like this one.",
                      "The server runs tests every night.", "The cat runs laps.", "Brooks is a senator.", "Sanders is here.",
                      "I said that that is fine.", "The following are helper commands.", "It acts as if the option were enabled.",
                      "If the test were faster, we would run it more.", "I insist that the dog stay outside.", "I suggest that the team have a break.", "A string that contained unescaped characters was received.",
                      "Register a module that exports hooks that customize resolution.", "It returns a version that returns promises."])
    }

    /// Where a subject noun phrase ends at `h` (its last word, a noun): the index of the head
    /// noun, or nil when the phrase does not start a clause.
    /// Words after which a noun phrase with a determiner opens a clause whose verb may only be
    /// plural when the head is (``subjectHead(_:endingAt:classes:widened:)`` with `widened`):
    /// “and” (“I came home and the kids was tired”) and verbs of thinking and saying that take a
    /// clause (“I think the results was good”). Not used for a singular head: “the cat and the
    /// dog are” agrees with the whole compound.
    static let pluralOnlyOpeners: WordSet = ["and", "think", "thinks", "thought", "believe", "believed", "said", "says", "say",
                                             "know", "knew", "hope", "hoped", "guess", "feel", "felt", "noticed", "found", "heard"]

    /// Verbs and adjectives after which “that” opens a clause (“we saw that…”, “it is clear
    /// that…”), besides ``pluralOnlyOpeners``.
    static let clauseTakingVerbs: WordSet = ["saw", "see", "sees", "show", "shows", "showed", "shown", "mean", "means", "meant", "seems",
                                             "seemed", "realize", "realized", "realise", "realised", "notice", "argue", "argued", "claim",
                                             "claimed", "agree", "agreed", "suggest", "suggests", "suggested", "clear", "sure", "true",
                                             "likely", "possible", "obvious", "evident", "so", "now", "confirm", "confirms", "confirmed",
                                             "report", "reported", "learned", "learnt", "read", "understand", "understood"]

    func subjectHead(_ sentence: Sentence, endingAt h: Int, classes: WordClasses, widened: Bool = false) -> Int? {
        let tokens = sentence.tokens
        // A question word is no head noun, whatever the dictionary says (`when/M`): “Since when
        // are you here?”, “Until when are you staying?”.
        // (Told by the first byte first: every one starts with w or h.)
        if let f = tokens[h].text.utf8.first, f | 0x20 == 0x77 || f | 0x20 == 0x68,
           tokens[h].lower.isAny(of: "when", "where", "why", "how", "what", "who", "whom", "which", "whether", "whatever") { return nil }
        let headIsPlural = tokens[h].lower.hasASCIISuffix("s") && classes.singular(ofPlural: tokens[h].lower) != nil
            && !classes.isSingularNoun(tokens[h].lower)
        // Walk back over modifiers to a determiner.
        func phraseStart(_ end: Int) -> (start: Int, hasDeterminer: Bool)? {
            var k = end
            var modifiers = 0
            while let p = RuleSupport.previousWord(sentence, before: k) {
                let w = tokens[p].lower
                // “that” before a plural, after “is” or a verb of thinking or saying, is the
                // conjunction, not the determiner (“One reason is that animals …”, “I know that
                // animals …”): the phrase starts after it. Elsewhere it may be a relative pronoun
                // (“a string that contained characters was”, “a module that exports hooks”).
                if w == "that", headIsPlural {
                    guard let q = RuleSupport.previousWord(sentence, before: p),
                          RuleSupport.beForms.containsLower(of: tokens, q) || Self.pluralOnlyOpeners.containsLower(of: tokens, q)
                            || Self.clauseTakingVerbs.containsLower(of: tokens, q) else { return nil }
                    return (k, false)
                }
                if Self.determiners.contains(w) { return (p, true) }
                if Self.openers.contains(w) || Self.prepositions.contains(w) || w.isAny(of: "and", "or", "nor", "to") { return (k, false) }
                if w.isAny(of: "who", "which", "whom", "whose", "what", "where", "here", "there", "not") { return nil }
                if RuleSupport.beForms.contains(w) || RuleSupport.modals.containsNorm(of: tokens, p) || Lexicon.subjectPronouns.contains(w) { return nil }
                modifiers += 1
                if modifiers > 3 { return nil }
                k = p
            }
            if let p = sentence.previousNonSpace(before: k), tokens[p].kind == .punctuation, tokens[p].isOne(of: "'\u{2019}") { return nil }
            return (k, false)
        }
        func startsClause(_ start: Int) -> Bool {
            guard let p = sentence.previousNonSpace(before: start) else { return true }
            if tokens[p].kind == .word {
                // Widened: only a phrase with its determiner (“and the kids”), after “and” or a
                // verb of thinking or saying.
                if widened { return Self.pluralOnlyOpeners.containsLower(of: tokens, p) && Self.determiners.containsLower(of: tokens, start) }
                return Self.openers.containsLower(of: tokens, p)
            }
            return tokens[p].kind == .punctuation && tokens[p].isOne(of: ":;(\"\u{201C}")
        }
        guard let start = phraseStart(h)?.start else { return nil }
        // “A lot of people”, “most of the students”, “many of them”: the noun after “of” is
        // the head.
        if let p = RuleSupport.previousWord(sentence, before: start), tokens[p].lowerIs("of"),
           let q = RuleSupport.previousWord(sentence, before: p), tokens[q].startsLowercase || sentence.previousNonSpace(before: q) == nil {
            let qw = tokens[q].lower
            if Self.quantifiers.contains(qw) { return startsClause(q) ? h : nil }
            if Self.articleQuantifiers.contains(qw), let a = RuleSupport.previousWord(sentence, before: q), tokens[a].lowerIs("a") {
                return startsClause(a) ? h : nil
            }
        }
        if let p = RuleSupport.previousWord(sentence, before: start), Self.prepositions.containsLower(of: tokens, p),
           let n = RuleSupport.previousWord(sentence, before: p), tokens[n].startsLowercase, classes.isNoun(tokens[n].lower) || Self.irregularPlurals.containsLower(of: tokens, n) {
            guard let r = phraseStart(n), r.hasDeterminer || r.start == n, startsClause(r.start) else { return nil }
            let s2 = r.start, hasDeterminer = r.hasDeterminer
            if !tokens[p].lowerIs("of"), !hasDeterminer && !(sentence.previousNonSpace(before: s2) == nil) { return nil }
            return n
        }
        return startsClause(start) ? h : nil
    }

    /// True when the word at `head` follows a quantifier and “of” (“a lot of people”, “most of
    /// the students”, “many of them”), with one determiner or possessive between.
    static func isQuantified(_ sentence: Sentence, _ head: Int) -> Bool {
        let tokens = sentence.tokens
        guard var p = RuleSupport.previousWord(sentence, before: head) else { return false }
        if determiners.containsLower(of: tokens, p) || Lexicon.possessives.containsLower(of: tokens, p), let q = RuleSupport.previousWord(sentence, before: p) { p = q }
        guard tokens[p].lowerIs("of"), let q = RuleSupport.previousWord(sentence, before: p) else { return false }
        let qw = tokens[q].lower
        if quantifiers.contains(qw) { return true }
        return articleQuantifiers.contains(qw) && RuleSupport.previousWord(sentence, before: q).map { tokens[$0].lowerIs("a") } == true
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
            // A verb this rule knows: listed, or a third-person form in -s (the token's last
            // byte, the same in ``Token/lower`` and ``Token/norm``; the word read in place).
            guard tokens[j].lastByte == UInt8(ascii: "s")
                    || listedForms.containsNorm(of: tokens, j) else { continue }
            let vw = tokens.norm(j)
            let toPlural = singularToPlural[vw]
            let toSingular = pluralToSingular[vw]
            let thirdBase = toPlural == nil && toSingular == nil ? classes.verbBase(ofThirdPerson: vw) : nil
            guard toPlural != nil || toSingular != nil || thirdBase != nil else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // After a number the word is a counted noun, not a verb: “takes about ten minutes”,
            // “lasts 5 days” (issue 34: a rewrite turned it into “ten minute”).
            if let p = RuleSupport.previousWord(sentence, before: j) ?? sentence.previousNonSpace(before: j),
               tokens[p].kind == .number || QuantifierPluralRule.numbers.contains(tokens[p].lower) { continue }
            // The word before the verb, skipping one adverb and a short parenthesis between commas.
            guard var h = sentence.previousNonSpace(before: j) else { continue }
            if tokens[h].isOne(of: ",") {
                var k = h
                var words = 0
                var found: Int?
                while let p = sentence.previousNonSpace(before: k), words <= 5 {
                    if tokens[p].isOne(of: ",") { found = p; break }
                    guard tokens[p].kind == .word else { break }
                    if tokens[p].lower.isAny(of: "which", "who", "that", "whose", "where", "when") || beForms.containsLower(of: tokens, p) { break }
                    words += 1
                    k = p
                }
                guard let f = found, let b = sentence.previousNonSpace(before: f) else { continue }
                h = b
            }
            guard tokens[h].kind == .word else { continue }
            if tokens[h].lower.hasASCIISuffix("ly") || tokens[h].lower.isAny(of: "also", "often", "always", "never", "usually", "still", "really", "sometimes", "certainly"),
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

            // A singular verb may also disagree with a plural head after “and” or “I think”.
            var widened = false
            var found = subjectHead(sentence, endingAt: h, classes: classes)
            if found == nil, toPlural != nil, let w = subjectHead(sentence, endingAt: h, classes: classes, widened: true) {
                found = w
                widened = true
            }
            guard let head = found else { continue }
            // “as if the option were enabled”, “I wish the door were open”: the subjunctive
            // “were” of an unreal condition or wish takes any subject (Swan, “subjunctive”).
            if vw == "were" || vw == "weren't" {
                var q = head, steps = 0, unreal = false
                while steps < 6, let p = RuleSupport.previousWord(sentence, before: q) {
                    if tokens[p].lower.isAny(of: "if", "wish", "wished", "though", "unless", "suppose", "supposing", "imagine") { unreal = true; break }
                    q = p
                    steps += 1
                }
                if unreal { continue }
            }
            // A gerund that opens the sentence is the subject, the noun its object (“Reading
            // books is fun”).
            var q = head, steps = 0, gerund = false
            while steps < 3, let p = RuleSupport.previousWord(sentence, before: q) {
                let pw = tokens[p].lower
                if pw.hasASCIISuffix("ing"), pw.utf8.count > 4, sentence.previousNonSpace(before: p) == nil { gerund = true; break }
                q = p
                steps += 1
            }
            if gerund { continue }
            // “Nobody but the children was there”: the subject is the pronoun before “but” or
            // “except”, and it is singular (Swan, *Practical English Usage*, entry “but” meaning
            // “except”).
            var b = head, back = 0, excepted = false
            while back < 4, let p = RuleSupport.previousWord(sentence, before: b) {
                if tokens[p].lower.isAny(of: "but", "except") {
                    if let e = RuleSupport.previousWord(sentence, before: p),
                       tokens[e].lower.isAny(of: "nobody", "everybody", "everyone", "anyone", "anybody", "somebody", "someone", "one", "nothing", "everything", "none") {
                        excepted = true
                    }
                    break
                }
                b = p
                back += 1
            }
            if excepted { continue }
            // A relative clause between them: the head may be an object inside a longer subject
            // (“A list of the methods that are supported is shown”).
            // (By index: a closure over the slice gets a copy of each token.)
            if ((head + 1)..<j).contains(where: { tokens[$0].kind == .word && tokens[$0].lower.isAny(of: "that", "which", "who", "whom") }) { continue }
            let w = tokens[head].lower
            // A quantifier standing alone as the subject takes either number (“all is lost”,
            // “then all are destroyed”).
            if w.isAny(of: "all", "some", "most", "none", "half", "more", "enough", "any", "rest") { continue }
            // After a quantifier and “of” (“many of them”), only a plural head is checked.
            let quantified = Self.isQuantified(sentence, head)
            let pluralPronoun = quantified && w.isAny(of: "them", "us", "you")
            // Capitalised only as the sentence's first word, and then only an irregular plural or
            // the plural of a common noun that the dictionary lists as no name of its own
            // (“People is friendly”, “Teachers is late” → “are”; not “Brooks is”, `Brooks/M`).
            let capitalisedFirst = !tokens[head].startsLowercase && tokens[head].startsUppercase && !tokens[head].isAllCaps
                && head == tokens.firstIndex(where: { $0.kind == .word })
                && (irregularPlurals.contains(w) || classes.entry(w) == nil && classes.singular(ofPlural: w) != nil)
            guard tokens[head].startsLowercase || capitalisedFirst, !RuleSupport.isCodeLike(tokens, head), pluralPronoun || !subjectPronouns.contains(w),
                  pluralPronoun || !objectPronouns.contains(w), !indefinites.contains(w) || w == "people" else { continue }
            // The determiner before the head, if any.
            let determiner = RuleSupport.previousWord(sentence, before: head).map { tokens[$0].lower }.flatMap { determiners.contains($0) ? $0 : nil }
            // After a possessive or a plural determiner, an -s form of an entry with the `S` flag is
            // a plural noun even when the dictionary gives the entry no noun flag (`friend/UGSDY`:
            // “My friends is here”).
            // So after “the” (a verb never follows it: “The tests passes”, `test/AKFCDGS`).
            let before = RuleSupport.previousWord(sentence, before: head).map { tokens[$0].lower } ?? ""
            let flaggedPlural = w.hasASCIISuffix("s") && !w.hasASCIISuffix("ss") && w.utf8.count > 3
                && (possessives.contains(before) || before.isAny(of: "these", "those", "the"))
                && classes.entry(String(w.dropLast()))?.contains("S") == true
            let isPlural = pluralPronoun || !notPlural.contains(w) && !w.hasASCIISuffix("ics") && (irregularPlurals.contains(w) || classes.singular(ofPlural: w) != nil || flaggedPlural)
            if quantified && !isPlural { continue }
            if widened && !isPlural { continue }
            // “news” is singular though it ends in -s (“The news are bad” → “is”).
            let isSingular = !isPlural && !(determiner ?? "").isAny(of: "these", "those", "both", "many", "several", "few", "all", "some", "most", "no", "any")
                && (w == "news" || !collective.contains(w) && !notPlural.contains(w) && classes.isSingularNoun(w)
                    && !w.hasASCIISuffix("s") && classes.entry(w).map { !$0.contains("T") } == true)
            // “three inches is such a height”: a measure agrees as one amount; “the three were”.
            if let p = RuleSupport.previousWord(sentence, before: head), DeterminerNumberRule.numbers.containsLower(of: tokens, p) || tokens[p].kind == .number { continue }
            if let p = sentence.previousNonSpace(before: head), tokens[p].kind == .number { continue }
            // “Each students has”: the noun is what disagrees (``EveryEachPluralRule``), not the verb.
            if isPlural, determiner == "each" || determiner == "every" { continue }
            guard isPlural || isSingular, !closedClass.contains(w), !DeterminerNumberRule.numbers.contains(w),
                  !QuantifierPluralRule.numbers.contains(w), !numberWords.contains(w), // Adverbs of place and time, also after the noun they place (“the figures above are”).
                  !w.isAny(of: "here", "there", "home", "yesterday", "today", "tonight", "above", "below", "nearby", "upstairs",
                           "downstairs", "outside", "inside", "abroad", "overhead") else { continue }
            var replacement: String?
            if isPlural, let r = toPlural { replacement = r }
            if isPlural, let b = thirdBase {
                // “These includes bugs”: after “these”/“those”, which may be the subject themselves,
                // a word plural only by its dictionary flags may be the verb, and the next -s word
                // its object: the number of which word is wrong is not known.
                if flaggedPlural, before.isAny(of: "these", "those"), classes.singular(ofPlural: w) == nil, !irregularPlurals.contains(w) { continue }
                // A verb in -s, followed by what may follow a verb (not “are”, not a noun).
                if let k = sentence.nextNonSpace(after: j) {
                    // Or a plural object that ends the clause (“The files contains errors.”), where
                    // no noun phrase goes on.
                    let objectEndsClause = tokens[k].kind == .word && tokens[k].startsLowercase && classes.singular(ofPlural: tokens[k].lower) != nil
                        && sentence.nextNonSpace(after: k).map { tokens[$0].isOne(of: ".!?,;") } ?? true
                    if tokens[k].kind == .word ? !(afterVerb.containsLower(of: tokens, k) || tokens[k].lower.hasASCIISuffix("ly") || objectEndsClause)
                        : !tokens[k].isOne(of: ".!?,;") { continue }
                }
                // “The public demands answers”: with a modifier between the determiner and a head
                // that may itself be a verb, the modifier may be the subject; so with no
                // determiner. A verb with a doubled consonant or an irregular past counts too
                // (“The server runs tests”: `run/ASM` has no verb flags of its own).
                let mayBeVerb = classes.verbBase(ofThirdPerson: w, includingDoubled: false) != nil
                    || classes.verbBase(ofThirdPerson: w) != nil && Lexicon.irregularBases.contains(String(w.dropLast()))
                if determiner == nil || head != h, mayBeVerb { continue }
                if let d = RuleSupport.previousWord(sentence, before: head), !determiners.containsLower(of: tokens, d), mayBeVerb { continue }
                replacement = b
            }
            if isSingular, let r = toSingular { replacement = r }
            guard let replacement else { continue }
            let message = isPlural ? "The subject “\(tokens[head].text)” is plural: use “\(replacement)”." : "The subject “\(tokens[head].text)” is singular: use “\(replacement)”."
            out.append(RuleMatch(range: tokens[j].range, replacements: [RuleSupport.matchCase(replacement, like: tokens[j].text)], message: message))
        }
        let baseForms = baseFormMatches(sentence, context: context, classes: classes)
        if !baseForms.isEmpty { out += baseForms }
        return out
    }
}

extension NounSubjectAgreementRule {
    /// Determiners that open a singular subject before a base-form verb.
    static let singularDeterminers: WordSet = (["the", "my", "your", "his", "her", "our", "their", "this", "a", "an", "every", "each"] as WordSet).hot(.singularDeterminers)
    /// Words before the determiner after which a clause starts (not “that”, “if”, “lest”:
    /// “I insist that the dog stay” is a subjunctive).
    static let baseOpeners: WordSet = [
        "when", "because", "while", "although", "though", "once", "whenever", "where", "then", "now", "today", "yesterday",
        "usually", "sometimes", "often",
    ]
    /// True when the “that” at `p` opens a clause of fact after a verb of thinking, saying or
    /// knowing (“I confirm that the payment have been done”), which no subjunctive follows (not
    /// “I insist that the dog stay”: ``PronounVerbAgreement/isSubjunctiveThat(_:_:)``).
    static func isIndicativeThat(_ sentence: Sentence, _ p: Int) -> Bool {
        let tokens = sentence.tokens
        guard tokens[p].lowerIs("that"), let q = RuleSupport.previousWord(sentence, before: p),
              pluralOnlyOpeners.containsLower(of: tokens, q) || clauseTakingVerbs.containsLower(of: tokens, q) else { return false }
        return !PronounVerbAgreement.isSubjunctiveThat(sentence, p)
    }

    /// Base forms with their third person that are no lexical verb to check by the dictionary.
    static let auxiliaryThird: WordMap<String> = WordMap(["have": "has", "do": "does", "don't": "doesn't", "haven't": "hasn't"])
    /// Bases that are also their own simple past (“The car cost”, “the team beat them”).
    static let pastLikeBases: WordSet = AgreementThirdPersonRule.notBases.union([
        "beat", "fit", "bid", "rid", "spit", "knit", "slit", "wet", "sweat", "be", "dare", "used",
    ])
    /// Nouns that do not take a verb of their own here: times and ordinals (“Every day I …”,
    /// “The first time …”), words used as pronouns or adjectives (“the above”, “the same”).
    static let notSubjectHeads: WordSet = [
        "day", "week", "month", "year", "time", "morning", "night", "evening", "afternoon", "weekend", "moment", "minute",
        "hour", "second", "season", "summer", "winter", "spring", "autumn", "fall", "way", "first", "last", "next", "above",
        "below", "following", "latter", "former", "whole", "rest", "other", "same", "more", "most", "least", "best", "worst",
        "crowd", "press", "squad", "side", "union", "household", "orchestra", "choir", "panel", "cabinet", "parliament",
        "senate", "congress", "league", "church", "gang", "flock", "herd", "troop", "workforce", "electorate", "nation",
        "country", "city", "town", "village", "state", "lord", "god",
    ]
    /// Words after a base form that show it is a verb with its complement, not the second noun
    /// of a compound: an object, a preposition, an adverb.
    static let verbSignals: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns).union([
        "very", "well", "hard", "fast", "home", "here", "there", "away", "back", "too", "so", "all", "always", "never",
        "every", "much", "late", "early", "everything", "anything", "nothing", "something", "again",
    ]).subtracting(["that"])
    /// Prepositions after a base form: a verb's complement for a word that is no noun (“My
    /// mother work in a hospital”), but after a noun too (“the car park at the station”).
    static let prepositionSignals: WordSet = [
        "to", "at", "in", "on", "with", "for", "from", "into", "about", "around", "by", "over", "through", "like", "out",
        "up", "down", "off",
    ]
    /// Determiners and possessives after which a word in -s or -ed is a noun or an adjective.
    static let nounMarkers: WordSet = ["a", "an", "the", "this", "these", "those", "every", "each", "some", "any", "no", "my", "your", "his", "her", "its", "our", "their"]
    /// Adjectives the dictionary marks as nouns that stand for people (“the innocent”).
    static let adjectivesAsNouns: WordSet = ["innocent", "faithful", "needy", "wealthy", "powerful", "privileged", "elect", "chosen", "good", "bad", "homeless"]
    /// Verbs seldom the second noun of a compound (“the dog like” is no compound, “the car
    /// park” is): after a singular noun, taken as verbs before anything.
    static let verbsFirst: WordSet = [
        "like", "want", "know", "think", "seem", "go", "come", "say", "make", "take", "give", "get", "see", "believe",
        "understand", "remember", "hate", "love", "enjoy", "prefer", "agree", "live", "eat", "mean", "tell", "become",
        "leave", "keep", "begin", "bring", "happen", "contain", "include", "require", "allow", "depend", "own", "speak",
        "sing", "write", "try", "hear", "need", "wish", "forget", "decide", "hope", "expect", "wait", "arrive",
    ]
    /// Verbs without an object that a preposition follows (“The dog bark at night”).
    static let intransitiveVerbs: WordSet = [
        "bark", "sit", "stand", "jump", "climb", "shine", "rain", "snow", "wait", "arrive", "travel", "stay", "belong",
        "apply", "respond", "react", "listen", "sleep", "swim", "smile", "laugh", "cry", "shout", "dance", "knock", "die",
        "hang", "lie", "complain", "worry", "agree", "live", "work", "walk", "talk", "go", "come",
    ]
    /// Linking verbs, which take an adjective (“The weather look nice”).
    static let linkingVerbs: WordSet = ["look", "seem", "sound", "feel", "smell", "taste", "become", "get", "stay", "remain", "appear", "grow", "turn"]
    /// Adverbs that may stand between the subject and its verb.
    static let midAdverbs: WordSet = ["always", "never", "often", "usually", "sometimes", "also", "still", "really", "just", "rarely", "seldom"]
    /// Subordinators and relatives after which a later verb belongs to another clause.
    static let clauseBreaks: WordSet = [
        "when", "because", "if", "while", "since", "although", "though", "unless", "until", "whenever", "but", "so",
    ]

    /// Irregular verbs' base → simple past (“go” → “went”), from ``Lexicon``'s tables.
    static let pastOfBase: WordMap<String> = {
        var out: [String: String] = ["have": "had", "do": "did", "don't": "didn't", "haven't": "hadn't"]
        for (past, forms) in Lexicon.irregularPast { out[forms.base] = past }
        for (past, base) in Lexicon.irregularPastSame { out[base] = past }
        return WordMap(out)
    }()
    /// Words that put the sentence in the past before the subject: past auxiliaries and time
    /// words.
    static let pastMarkers: WordSet = ["was", "were", "did", "had", "didn't", "wasn't", "weren't", "hadn't", "yesterday", "ago"]

    /// True when a word before token `d` puts the sentence in the past: a past auxiliary,
    /// “yesterday”, “ago”, or an irregular simple past after a subject pronoun (“when I went”).
    static func pastBefore(_ sentence: Sentence, _ d: Int) -> Bool {
        let tokens = sentence.tokens
        for k in 0..<d where tokens[k].kind == .word {
            let w = tokens.norm(k)
            if pastMarkers.contains(w) { return true }
            if Lexicon.irregularPastForms[w] != nil, let p = RuleSupport.previousWord(sentence, before: k),
               PronounVerbAgreement.subjects.containsLower(of: tokens, p) { return true }
        }
        return false
    }

    /// The simple past of the verb `base`: irregular from ``pastOfBase``, regular as the
    /// dictionary spells it (“ask” → “asked”, “live” → “lived”, “try” → “tried”).
    static func pastTense(of base: String, context: RuleContext, classes: WordClasses) -> String? {
        if let irregular = pastOfBase[base] { return irregular }
        var candidates: [String] = []
        if base.hasASCIISuffix("e") { candidates.append(base + "d") }
        if base.hasASCIISuffix("y"), base.utf8.count > 2, !"aeiou".contains(base.dropLast().last ?? "a") { candidates.append(String(base.dropLast()) + "ied") }
        candidates.append(base + "ed")
        return candidates.first { context.speller.isCorrect($0) && classes.isPastParticiple($0) }
    }

    /// True when the word at `k` reads as a finite verb: an auxiliary, a modal, a simple past, a
    /// past in -ed or a verb in -s that does not follow a determiner or preposition.
    static func looksFinite(_ sentence: Sentence, _ k: Int, classes: WordClasses) -> Bool {
        let tokens = sentence.tokens
        let w = tokens.norm(k)
        if RuleSupport.finiteAuxiliaries.contains(w) || w.hasASCIISuffix("n't") || Lexicon.irregularPastForms[w] != nil
            || Lexicon.irregularPastSameForms[w] != nil { return true }
        let afterNounMarker = RuleSupport.previousWord(sentence, before: k).map { p in
            let pw = tokens[p].lower
            return nounMarkers.contains(pw) || prepositions.contains(pw)
                || pw.isAny(of: "to", "into", "by", "and", "or", "very", "more", "most") || tokens[p].kind == .number
        } ?? false
        if afterNounMarker { return false }
        if w.hasASCIISuffix("ed") { return classes.isPastParticiple(w) }
        // A verb in -s; one that is also the plural of a noun (“own three cars”) only after a
        // name, an identifier or a pronoun (“Node.js starts”, “which runs”).
        if w.hasASCIISuffix("s") {
            guard classes.verbBase(ofThirdPerson: w) != nil else { return false }
            if classes.singular(ofPlural: w) == nil { return true }
            return RuleSupport.previousWord(sentence, before: k).map { p in
                tokens[p].startsUppercase || RuleSupport.isCodeLike(tokens[p]) || tokens[p].lower.isAny(of: "it", "he", "she", "this", "that", "which", "who", "one")
            } ?? false
        }
        return false
    }

    /// Base forms after a singular noun subject that opens a clause: “The dog bark at night” →
    /// “barks”. The subject is a determiner, up to two modifiers and a singular noun (not a
    /// collective, a time word or an adjective); the verb is a base with a third person, not one
    /// that is also a past (“the car cost”). A base that is also a noun (“the car park”) counts
    /// as a verb only before an object, a preposition or an adverb; and when another finite verb
    /// follows in the same clause (“The dog house at the end is red”), the base is taken for the
    /// second noun of a compound. Not in headings, list items or table cells (fragments).
    func baseFormMatches(_ sentence: Sentence, context: RuleContext, classes: WordClasses) -> [RuleMatch] {
        guard !context.isHeading, context.blockKind == .paragraph || context.blockKind == .other else { return [] }
        let tokens = sentence.tokens
        let singularDeterminers = Self.singularDeterminers
        var out: [RuleMatch] = []
        for d in tokens.indices where tokens[d].kind == .word && singularDeterminers.containsLower(of: tokens, d) {
            // The determiner opens a clause (a sentence that starts in lower case is a fragment
            // or a snippet: “an atheist believe”).
            guard sentence.previousNonSpace(before: d) != nil || tokens[d].startsUppercase else { continue }
            if let p = sentence.previousNonSpace(before: d) {
                if tokens[p].kind == .word {
                    guard Self.baseOpeners.containsLower(of: tokens, p) || (tokens[p].lowerIs("and") || tokens[p].lowerIs("but"))
                            && sentence.previousNonSpace(before: p).map({ tokens[$0].isOne(of: ",;") }) == true
                            || Self.isIndicativeThat(sentence, p) else { continue }
                } else if !(tokens[p].kind == .punctuation && tokens[p].isOne(of: ",;:(\"\u{201C}\u{2014}")) { continue }
            }
            var k = d
            var steps = 0
            while steps < 3, let h = RuleSupport.nextWord(sentence, after: k), RuleSupport.separatedBySpaceOnly(sentence, k, h) {
                steps += 1
                k = h
                guard tokens[h].startsLowercase, !RuleSupport.isCodeLike(tokens[h]) else { break }
                let hw = tokens[h].lower
                // A word in -s is a plural or a verb, one in -ed a past: no singular tokens[h] or
                // modifier.
                if hw.hasASCIISuffix("s") && !hw.hasASCIISuffix("ss") || hw.hasASCIISuffix("ed") { break }
                // A word of the dictionary (one it lacks may be a modifier: the next pair is tried).
                guard let headFlags = classes.entry(hw) else { continue }
                guard !CompoundSubjectPronounRule.phraseBreaks.contains(hw),
                      !Lexicon.subjectPronouns.contains(hw), !Lexicon.objectPronouns.contains(hw), !Lexicon.determiners.contains(hw),
                      !Lexicon.possessives.contains(hw), !RuleSupport.finiteAuxiliaries.contains(hw),
                      Lexicon.irregularPastForms[hw] == nil, Lexicon.irregularPastSameForms[hw] == nil else { break }
                if h + 1 < tokens.count, tokens[h + 1].isOne(of: "'\u{2019}-") { break }
                guard var v = RuleSupport.nextWord(sentence, after: h), RuleSupport.separatedBySpaceOnly(sentence, h, v) else { break }
                if Self.midAdverbs.containsLower(of: tokens, v), let n = RuleSupport.nextWord(sentence, after: v) { v = n }
                guard tokens[v].startsLowercase, !RuleSupport.isCodeLike(tokens[v]) else { continue }
                if v + 1 < tokens.count, tokens[v + 1].isOne(of: "'\u{2019}-/") { continue }
                let vw = tokens[v].norm
                // The head: a singular noun of the dictionary, not an adjective used as a noun
                // (“the rich get”), a collective (“the team play”) or a time word.
                // (`man/USY` has no noun flag: a word that takes -s and no adjective ending counts.)
                let isHead = (headFlags.contains("M") || headFlags.contains("S")) && !headFlags.contains("T") && !headFlags.contains("P")
                    && !Self.adjectivesAsNouns.contains(hw) && !hw.hasASCIISuffix("folk") && !Self.irregularPlurals.contains(hw)
                    && !Self.collective.contains(hw) && !Self.notPlural.contains(hw) && !Self.notSubjectHeads.contains(hw)
                    && !PossessiveSlot.closedClass.contains(hw) && !hw.hasASCIISuffix("ing") && !hw.hasASCIISuffix("ed") && !hw.hasASCIISuffix("ly")
                    && !Self.numberWords.contains(hw) && !DeterminerNumberRule.numbers.contains(hw)
                guard isHead else { continue }
                var third = Self.auxiliaryThird[vw]
                let lexical = third == nil
                if lexical {
                    guard !vw.hasASCIISuffix("s"), !vw.hasASCIISuffix("ed"), !vw.hasASCIISuffix("ing"), !Self.pastLikeBases.contains(vw),
                          !RuleSupport.modals.contains(vw), !RuleSupport.beForms.contains(vw), Lexicon.irregularPastForms[vw] == nil,
                          Lexicon.irregularPastSameForms[vw] == nil else { continue }
                    third = AgreementThirdPersonRule.verbs[vw]
                    if third == nil, classes.isVerbBase(vw) { third = AgreementThirdPersonRule.thirdPerson(of: vw, context: context) }
                }
                guard let third else { continue }
                let next = sentence.nextNonSpace(after: v)
                if let n = next, tokens[n].kind == .word, tokens[n].lowerIs("not") { break }
                if lexical {
                    // A tokens[v], not the second noun of a compound: an object, a preposition or
                    // an adverb after it, or (for a word that is no noun) the end of the sentence.
                    let isNoun = classes.isNoun(vw) && !Self.verbsFirst.contains(vw)
                    let signal = next.map { n in
                        if tokens[n].kind == .word {
                            // “like” before a determiner or pronoun is a preposition (“a definition like this”).
                            if vw == "like" { return !Lexicon.objectStarts.containsLower(of: tokens, n) }
                            if Self.verbSignals.containsLower(of: tokens, n) || !isNoun && tokens[n].lower.hasASCIISuffix("ly") { return true }
                            // (Not after a tokens[h] that is a tokens[v] too: “the consent form for trips”.)
                            // (And only for a known verb: “the output type for” is a description.)
                            if !isNoun, !classes.isVerbBase(hw), Self.prepositionSignals.containsLower(of: tokens, n),
                               Self.verbsFirst.contains(vw) || Self.intransitiveVerbs.contains(vw) || AgreementThirdPersonRule.verbs[vw] != nil { return true }
                            // “The weather look nice”: a linking tokens[v] and an adjective.
                            if Self.linkingVerbs.contains(vw), classes.isAdjectiveLike(tokens[n].lower) { return true }
                            return Self.verbsFirst.contains(vw)
                        }
                        return Self.verbsFirst.contains(vw) && tokens[n].kind == .punctuation && tokens[n].isOne(of: ".!?,;")
                    } ?? Self.verbsFirst.contains(vw)
                    // Otherwise the word may be the second noun of a compound (“the default value
                    // depend on”): the next pair is tried.
                    guard signal else { continue }
                    // No other finite tokens[v] in the clause.
                    var m = v + 1
                    var words = 0
                    var finite = false
                    while m < tokens.count {
                        if tokens[m].kind == .word {
                            words += 1
                            if words > 1, Self.clauseBreaks.containsLower(of: tokens, m) { break }
                            if Self.looksFinite(sentence, m, classes: classes) { finite = true; break }
                        }
                        m += 1
                    }
                    guard !finite else { break }
                }
                let fixed = RuleSupport.matchCase(third, like: tokens[v].text)
                // In a story told in the past (“when I did the interview, the employer ask me”),
                // the past tense comes first.
                if Self.pastBefore(sentence, d), let past = Self.pastTense(of: vw, context: context, classes: classes) {
                    let pastFixed = RuleSupport.matchCase(past, like: tokens[v].text)
                    out.append(RuleMatch(range: tokens[v].range, replacements: [pastFixed, fixed],
                                         message: "The subject “\(tokens[h].text)” is singular, and the sentence tells of the past: use “\(pastFixed)” (or “\(fixed)”)."))
                } else {
                    out.append(RuleMatch(range: tokens[v].range, replacements: [fixed],
                                         message: "The subject “\(tokens[h].text)” is singular: use “\(fixed)”."))
                }
                break
            }
        }
        return out
    }
}
