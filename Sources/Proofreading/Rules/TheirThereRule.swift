import Foundation

/// Flags “their”, “there”, “they're” and “theirs” confused where the context is clear: “their is” →
/// “there is”, “there own” → “their own”, “they're is” → “there is”, “from there context” →
/// “from their context”, “checked they're passports” → “their passports”, “There house is” →
/// “Their house is”, “There going to” → “They're going to”, “Theirs a problem” → “There's a
/// problem”. (“They're house is” opening a sentence is not flagged.)
public struct TheirThereRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_THEIR_THERE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“their”, “there” and “they're” confused"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Their is a problem with the build.", "There is a problem with the build."),
                        ("I think their are two options.", "I think there are two options."),
                        ("They did it on there own.", "They did it on their own."),
                        ("They're is no reason to panic.", "There is no reason to panic."),
                        ("The notes are useless without there dates.", "The notes are useless without their dates."),
                        ("The kids stayed in there rooms and read.", "The kids stayed in their rooms and read."),
                        ("I like there books very much.", "I like their books very much."),
                        ("They sold there house last year.", "They sold their house last year."),
                        ("Nobody checked they're passports yesterday.", "Nobody checked their passports yesterday."),
                        ("Their going to the cinema tonight.", "They're going to the cinema tonight."),
                        ("Their going out tonight.", "They're going out tonight."),
                        ("I'm not sure their going to accept it.", "I'm not sure they're going to accept it."),
                        ("I am certain their coming tomorrow.", "I am certain they're coming tomorrow."),
                        ("We went their yesterday.", "We went there yesterday."),
                        ("I left my keys over their.", "I left my keys over there."),
                        ("There house is big.", "Their house is big."),
                        ("There going to the park later today.", "They're going to the park later today."),
                        ("I think there coming home now.", "I think they're coming home now."),
                        ("Theirs a problem with the build.", "There's a problem with the build."),
                        ("We left, and there car is here.", "We left, and their car is here."),
                        ("They moved, but there house was never sold.", "They moved, but their house was never sold."),
                        ("The house near there car.", "The house near their car."),
                        ("I went to there house.", "I went to their house."),
                        ("They left there bags in the hall.", "They left their bags in the hall."),
                        ("She put there coats on the bed.", "She put their coats on the bed."),
                        ("There building a new bridge.", "They're building a new bridge."),
                        ("I think there arriving tomorrow.", "I think they're arriving tomorrow."),
                        ("I heard there moving to Boston next month.", "I heard they're moving to Boston next month."),
                        ("They washed there hands in the sink.", "They washed their hands in the sink.")],
            correct: ["Their idea is good.", "There is a problem.", "He worked there years ago.", "I liked there, people were kind.",
                      "Did there used to be a shop here?", "I miss there every day.", "They loved there: the beaches were empty.", "I liked there more than here.",
                      "We enjoyed there most of all.", "Do you miss there much?", "We shared there a cabin.",
                      "I like there being a quiet room.", "They did there what they could.", "They finished their own work.", "Is there own-brand milk?",
                      "We drove from there to the coast.", "It is cold up there today.", "From there, the path climbs.",
                      "Out there people still wait in line.", "They're friends with the owner.", "I think they're home.",
                      "We welcomed their coming home.", "Their meeting is at noon.", "There, people are kind.",
                      "There is a house.", "The choice is theirs.", "There being no answer, we left.",
                      "Is there going to be a meeting?", "Theirs is a hard job.", "Their going away party was fun.",
                      "Ours is small and theirs a palace.",
                      "We went to Rome, and there everything was cheap.", "We drove on, and there nobody was waiting.",
                      "They live near there now.", "We walked from here to there.", "We moved to there last year.", "Is it far to there from here?", "I went to there and back.", "A shop near there sells bread.",
                      "When we arrived, there was a queue.", "If so, there is a problem.",
                      "When we went there people were kind.", "He stood there smiling at us.", "We left there years ago.",
                      "There remaining options are few.", "I saw him there sitting on a bench.", "Is there anything left?",
                      "I tried to fix the printer, but there it is, still broken.", "Well, there it is.", "There you go again."])
    }

    /// Words that may follow “there” after a preposition without being owned (“up there
    /// today”, “in there somewhere”).
    static let adverbialNouns: WordSet = [
        "today", "tonight", "tomorrow", "yesterday", "now", "then", "yet", "anyway", "everything", "everyone",
        "nothing", "something", "anything", "somewhere", "first", "last", "once", "twice", "again", "too", "all",
        "both", "instead", "alone", "together", "forever", "already", "someday", "ever", "long", "early", "late",
        "right", "straight", "back", "home", "downstairs", "upstairs", "inside", "outside", "overnight", "ahead",
    ]

    /// “there” after a preposition, followed by a noun and then by punctuation, a preposition
    /// or a conjunction (“from there context and”, “in there rooms.”): the possessive “their”.
    /// A verb after the noun means a new clause (“out there people wait”).
    static func isPossessiveThere(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        guard let classes, RuleSupport.separatedBySpaceOnly(sentence, i, j),
              let p = RuleSupport.previousWord(sentence, before: i),
              PossessiveSlot.prepositions.containsLower(of: tokens, p) || tokens[p].lower.isAny(of: "near", "beside", "against", "to", "for") else { return false }
        let n = tokens[j]
        guard n.startsLowercase, !RuleSupport.isCodeLike(n), !adverbialNouns.contains(n.lower), !n.lower.hasASCIISuffix("ly"),
              // A noun entry, or a noun-or-verb entry with the plural flag (en-US gives `house/ASGD` no `M`).
              classes.isNoun(n.lower) || classes.entry(n.lower)?.contains("S") == true && !n.lower.hasASCIISuffix("s"),
              !classes.isPresentParticiple(n.lower) else { return false }
        guard let k = sentence.nextNonSpace(after: j) else { return true }
        let a = tokens[k]
        if a.kind == .punctuation { return !a.isOne(of: ".-'\u{2019}") || sentence.nextNonSpace(after: k) == nil }
        guard a.kind == .word else { return false }
        return PossessiveSlot.prepositions.contains(a.lower) || a.lower.isAny(of: "and", "or", "but", "to", "for")
    }

    /// Verbs that take an object and never “there” as a place right after them (“I like there
    /// books” → “their books”; not “worked there years ago”, “put it there”).
    static let objectVerbs: WordSet = [
        "like", "likes", "liked", "love", "loves", "loved", "hate", "hates", "hated", "enjoy", "enjoys", "enjoyed",
        "read", "reads", "sell", "sells", "sold", "buy", "buys", "bought", "lose", "loses", "lost", "wash", "washes",
        "washed", "clean", "cleans", "cleaned", "pack", "packs", "packed", "share", "shares", "shared", "forget", "forgets",
        "forgot", "forgotten", "fix", "fixes", "fixed", "borrow", "borrows", "borrowed", "lend", "lends", "lent", "finish",
        "finishes", "finished", "respect", "respects", "respected", "trust", "trusts", "trusted", "raise", "raises",
        "raised", "change", "changes", "changed", "keep", "keeps", "kept", "miss", "misses", "missed", "follow",
        "follows", "followed", "did", "do", "does", "doing", "ignore", "ignores", "ignored", "protect", "protects",
        "protected", "improve", "improves", "improved", "spend", "spends", "spent",
    ]
    /// Nouns of time, amount and degree that follow a place adverb (“there years ago”, “liked
    /// there more”, “enjoyed there most of all”).
    static let measures: WordSet = ["years", "months", "weeks", "days", "hours", "minutes", "seconds", "times", "decades", "ages",
                                    "nights", "mornings", "more", "most", "much", "less", "least", "best", "better", "worse", "worst",
                                    "plenty", "lots", "lot", "loads", "tons", "heaps", "enough", "little", "half", "twice", "some",
                                    "none", "anymore", "alot", "longer", "mostly", "either", "instead", "anyway", "one", "two",
                                    "three", "four", "five", "six", "seven", "eight", "nine", "ten", "dozen", "hundred",
                                    "thousand", "several", "many", "few", "both", "each", "every"]

    /// “there” right after a verb that takes an object, before a noun (“I like there books”,
    /// “They sold there house”): the possessive.
    static func isObjectThere(_ sentence: Sentence, _ i: Int, _ j: Int, classes: WordClasses?, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard let classes, RuleSupport.separatedBySpaceOnly(sentence, i, j),
              let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i),
              tokens[p].startsLowercase else { return false }
        guard objectVerbs.containsLower(of: tokens, p) else { return isObjectOfAnyVerb(sentence, i, j, p, context: context) }
        if isObjectOfAnyVerb(sentence, i, j, p, context: context) { return true }
        let n = tokens[j]
        let w = n.lower
        guard n.startsLowercase, !RuleSupport.isCodeLike(n), !adverbialNouns.contains(w), !measures.contains(w),
              !Lexicon.determiners.contains(w), !Lexicon.possessives.contains(w), !Lexicon.objectPronouns.contains(w),
              !PossessiveSlot.prepositions.contains(w), !w.hasASCIISuffix("ly"), !w.hasASCIISuffix("ing"),
              !w.isAny(of: "what", "which", "who", "whom", "whose", "where", "when", "how", "why", "whatever"), classes.isNoun(w) || classes.entry(w)?.contains("S") == true,
              !classes.isPresentParticiple(w) else { return false }
        // “did there” + a verb (“did there used to be”) is a question, not an object.
        if let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.beForms.containsLower(of: tokens, k) { return false }
        return true
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    /// The object after any verb the tagger reads as one (“They left there bags in the
    /// hall”, “She put there coats on the bed”): word `j` after “there” (token `i`) can be a
    /// noun and neither an adverb nor an adjective, is no measure or time (“lived there
    /// years”), and closes its phrase (the clause's end, punctuation, a preposition or “and”),
    /// so that it cannot be the subject of a clause after the adverb “there” (“When we went
    /// there people were kind”). The verb `p` is no form of “be”, “have” or a modal.
    static func isObjectOfAnyVerb(_ sentence: Sentence, _ i: Int, _ j: Int, _ p: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        let tags = context.tags(of: sentence)
        guard tags[p] == .VBD || tags[p] == .VBP || tags[p] == .VBZ || tags[p] == .VB else { return false }
        let lemma = tags.lemma(at: p) ?? tokens[p].lower
        guard !lemma.isAny(of: "be", "have", "do", "get", "go", "come", "live", "stay", "sit", "stand", "work", "arrive", "move", "remain", "lie", "wait"),
              !YourYoureRule.clauseVerbs.contains(lemma), !lemma.isAny(of: "find", "show", "suggest", "say", "tell", "read", "notice"),
              !RuleSupport.beForms.containsLower(of: tokens, p) else { return false }
        let n = tokens[j]
        let w = n.lower
        guard n.startsLowercase, !RuleSupport.isCodeLike(n), !adverbialNouns.contains(w), !measures.contains(w), !w.hasASCIISuffix("ly") else { return false }
        let possible = context.possibleTags(of: w)
        guard possible.contains(.NN) || possible.contains(.NNS), !possible.contains(.RB), !possible.contains(.JJ), !possible.contains(.VBG),
              !possible.contains(.DT), !possible.contains(.PRP), !possible.contains(.IN), !possible.contains(.WDT), !possible.contains(.WP), !possible.contains(.PRPS),
              // (The tagger, reading “there” as `EX`, may make the noun a verb: “left there bags” `VBZ`.)
              tags[j] == .NN || tags[j] == .NNS || tags[j] == .VBZ || tags[j] == .VBP else { return false }
        guard let k = sentence.nextNonSpace(after: j) else { return true }
        if tokens[k].kind == .punctuation { return tokens[k].isOne(of: ".!?,;:") }
        return tokens[k].kind == .word && (tags[k] == .IN && !tokens[k].lower.isAny(of: "that", "because", "if", "when", "while", "as") || tokens[k].lowerIs("and"))
    }

    /// True when a word after `k` in the same clause (up to a comma, semicolon or colon) is read
    /// by the tagger as a finite verb (past, present or modal; a participle that can be a past
    /// tense, “made”): the words before it are its subject.
    static func finiteVerbFollows(_ sentence: Sentence, after k: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        let tags = context.tags(of: sentence)
        var m = k + 1
        while m < tokens.count, !tokens[m].isOne(of: ",;:") {
            if tokens[m].kind == .word, [PennTag.VBD, .VBZ, .VBP, .MD].contains(tags[m])
                || tags[m] == .VBN && tags.possibleTags(at: m).contains(.VBD) { return true }
            m += 1
        }
        return false
    }

    /// True when word `j` reads as a present participle (“building”, “coming”): the lexicon's
    /// likeliest tag for it is `VBG`.
    static func isParticiple(_ sentence: Sentence, _ j: Int, context: RuleContext, likeliest: Bool) -> Bool {
        let w = sentence.tokens[j].lower
        guard w.hasASCIISuffix("ing"), sentence.tokens[j].startsLowercase else { return false }
        let weighted = context.lexicon.weightedTags(of: w)
        if !likeliest { return weighted.contains { $0.tag == .VBG } }
        return weighted.max(by: { $0.probability < $1.probability })?.tag == .VBG
    }

    static let triggerWords: Set<String> = ["their", "there", "they're", "theirs"]
    /// Progressive verbs that “their” is mistaken for “they're” before, and that are rarely
    /// nouns.
    static let progressive: WordSet = ["going", "coming", "trying", "getting", "leaving", "taking", "making", "saying", "telling",
                                       "asking", "doing", "being", "looking"]

    /// True when the word at `i` opens a clause (``RuleSupport/opensClause(_:_:)``), also the
    /// object clause of a verb of saying or thinking (“I think their going”).
    static func opensClause(_ sentence: Sentence, _ i: Int, context: RuleContext) -> Bool {
        if RuleSupport.opensClause(sentence, i) { return true }
        guard let p = RuleSupport.previousWord(sentence, before: i) else { return false }
        if sentence.tokens[p].lower.isAny(of: "think", "thought", "know", "knew", "hope", "believe", "guess", "say", "said") { return true }
        // An adjective that takes a clause (“I'm not sure their going to accept it”).
        if sentence.tokens[p].lower.isAny(of: "sure", "unsure", "certain", "aware", "glad", "afraid", "convinced", "worried", "positive", "confident") { return true }
        // Any form of a verb that takes a clause (“I heard there moving …”).
        let tags = context.tags(of: sentence)
        return tags[p].isVerb && YourYoureRule.clauseVerbs.contains(tags.lemma(at: p) ?? "")
    }

    /// True when “there” at `i`, before the noun `n` and the finite verb `verb`, stands where a
    /// possessive opens the clause's subject: the sentence's first word (“There house is big”,
    /// any finite verb), or after a comma or a conjunction (“We left, and there car is here”)
    /// before a singular verb, so that a place adverb before a plural subject (“and there
    /// people are kind”) is left alone. Swan, *Practical English Usage*, there/their.
    static func isSubjectThere(_ sentence: Sentence, _ i: Int, n: String, verb: Token) -> Bool {
        if i == sentence.tokens.firstIndex(where: { $0.kind == .word }) {
            return verb.lower.isAny(of: "is", "was", "has", "are", "were", "have", "had")
        }
        guard RuleSupport.isSubjectPosition(sentence, i), !PossessiveSlot.closedClass.contains(n), !Lexicon.indefinites.contains(n),
              !Lexicon.determiners.contains(n), !n.isAny(of: "one", "none", "once", "too", "also") else { return false }
        return verb.lower.isAny(of: "is", "was", "has", "isn't", "wasn't", "hasn't")
    }

    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            // Told by length first, on the token in place (`==` on strings that differ takes a slow path).
            guard tokens[i].normIs("their") || tokens[i].normIs("there") || tokens[i].normIs("they're") || tokens[i].normIs("theirs") else { continue }
            let w = tokens.norm(i)
            let t = tokens[i]
            // “over their.”: the possessive cannot end a clause.
            if w == "their", i > 0, let k = sentence.nextNonSpace(after: i), tokens[k].kind == .punctuation, tokens[k].isOne(of: ".!?,;:"),
               RuleSupport.previousWord(sentence, before: i) != nil {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("there", like: t.text)],
                                     message: "Use “there” (the place) here; “their” is the possessive and needs a noun."))
                continue
            }
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            // “We went their yesterday”: the possessive cannot stand before a time adverb.
            if w == "their", n.isAny(of: "yesterday", "today", "tomorrow", "tonight", "again", "already", "together", "forever", "overnight", "anyway"),
               RuleSupport.previousWord(sentence, before: i) != nil, !(j + 1 < tokens.count && tokens[j + 1].isOne(of: "-")) {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("there", like: t.text)],
                                     message: "Use “there” (the place) here; “their” is the possessive and needs a noun."))
                continue
            }
            if (w == "their" || w == "they're") && RuleSupport.norm(tokens[j]).isAny(of: "is", "are", "was", "were", "isn't", "aren't", "wasn't", "weren't") {
                // Not “what their is” style ellipsis: require a following word or number.
                guard let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word || tokens[k].kind == .number else { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("there", like: t.text)],
                                     message: "Use “there” in “there is / there are”; “\(t.text)” is \(w == "their" ? "the possessive" : "“they are”")."))
            } else if w == "there", Self.isPossessiveThere(sentence, i, j, classes: context.wordClasses)
                        || Self.isObjectThere(sentence, i, j, classes: context.wordClasses, context: context) {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("their", like: t.text)],
                                     message: "Use the possessive “their” before “\(tokens[j].text)”; “there” is a place."))
            } else if w == "they're", PossessiveSlot.isContractionBeforeNoun(sentence, i, classes: context.wordClasses) {
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("their", like: t.text)],
                                     message: "Use the possessive “their” here; “\(t.text)” means “they are”."))
            } else if w == "their", Self.progressive.contains(n), Self.opensClause(sentence, i, context: context),
                      let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lower.isAny(of: "to", "home", "out", "back", "away", "there", "now", "a", "the",
                                                                                              "tomorrow", "today", "tonight", "soon", "later"),
                      // “Their going away party”: a compound before a noun, the possessive.
                      !(tokens[k].lower.isAny(of: "away", "home", "out", "back") && RuleSupport.nextWord(sentence, after: k).map { context.wordClasses?.isNoun(tokens[$0].lower) == true && !Self.adverbialNouns.contains(tokens[$0].lower) } == true),
                      // “Their coming home early made the evening”: a gerund phrase that is the
                      // subject of a finite verb after it keeps the possessive (session 55).
                      !Self.finiteVerbFollows(sentence, after: k, context: context) {
                // “Their going to the cinema”: a subject and its progressive verb.
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("they're", like: t.text)],
                                     message: "Use “they're” (they are) before “\(tokens[j].text)”; “their” is the possessive."))
            } else if w == "there", n != "being", n != "having", Self.progressive.contains(n) || Self.isParticiple(sentence, j, context: context, likeliest: false),
                      RuleSupport.separatedBySpaceOnly(sentence, i, j), Self.opensClause(sentence, i, context: context),
                      let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k),
                      // What follows a progressive verb: its object or an adverb of place or time
                      // (a preposition only after a word read first as a participle).
                      tokens[k].lower.isAny(of: "to", "home", "out", "back", "away", "there", "now", "a", "the")
                        || Self.adverbialNouns.contains(tokens[k].lower) && !tokens[k].lower.isAny(of: "all", "both", "everything", "everyone", "nothing", "something", "anything")
                        || [PennTag.DT, .PRPS].contains(context.tags(of: sentence)[k]) && !tokens[k].lower.isAny(of: "that", "all", "no")
                        || context.tags(of: sentence)[k] == .IN && !tokens[k].lower.isAny(of: "of", "that", "than", "as") && Self.isParticiple(sentence, j, context: context, likeliest: true),
                      // (“There going to be a storm” wants “There's”: left alone.)
                      !(n == "going" && tokens[k].lowerIs("to") && RuleSupport.nextWord(sentence, after: k).map { tokens[$0].lowerIs("be") } == true) {
                // “There going to the park”: a subject and its progressive verb.
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("they're", like: t.text)],
                                     message: "Use “they're” (they are) before “\(tokens[j].text)”; “there” is a place."))
            } else if w == "theirs",
                      // Opening the sentence or a verb's object clause (not “and theirs a palace”).
                      RuleSupport.previousWord(sentence, before: i).map({ tokens[$0].lower.isAny(of: "think", "thought", "know", "knew", "hope", "guess", "because", "if", "so") }) ?? true,
                      n.isAny(of: "a", "an", "no", "another", "nothing", "something", "someone", "somebody", "nobody", "plenty", "lots") {
                // “Theirs a problem”: “there's” (there is), not the possessive pronoun.
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("there's", like: t.text)],
                                     message: "Use “there's” (there is) here; “theirs” means “belonging to them”."))
            } else if w == "there", let classes = context.wordClasses,
                      classes.isNoun(n) || classes.entry(n)?.contains("S") == true, !Self.adverbialNouns.contains(n), !n.hasASCIISuffix("ing"),
                      !n.hasASCIISuffix("s"), tokens[j].startsLowercase,
                      // A pronoun is never owned (“but there it is”, “there you go”: the
                      // dictionary's noun “IT” made “it” a noun; a Friendly rewrite wrote “their it is”).
                      !Lexicon.subjectPronouns.contains(n), !Lexicon.objectPronouns.contains(n),
                      let k = RuleSupport.nextWord(sentence, after: j), Self.isSubjectThere(sentence, i, n: n, verb: tokens[k]) {
                // “There house is big”: a noun and its verb after the first word: the possessive.
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("their", like: t.text)],
                                     message: "Use the possessive “their” before “\(tokens[j].text)”; “there” is a place."))
            } else if w == "there" && n == "own" {
                if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-") { continue }
                guard let p = RuleSupport.previousWord(sentence, before: i), !tokens[p].lower.isAny(of: "is", "was", "are", "were") else { continue }
                out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("their", like: t.text)],
                                     message: "Use the possessive “their” before “own”."))
            }
        }
        return out
    }
}
