import Foundation

/// Flags a verb in a relative clause that does not agree with the noun the clause is about:
/// “We need a person who are capable.” → “who is”, “the research which are published” → “which
/// is”, “the students who has finished” → “who have”, “people who lives here” → “who live”.
///
/// Follows Swan, *Practical English Usage*, entry “relative pronouns”: the verb after a
/// subject relative pronoun agrees with the noun it refers to. Only the noun right before
/// “who”, “which” or “that” (no comma between: “…the keys, which is annoying” refers to a whole
/// clause), not after a preposition (“rocks near the coast which are”: the clause may be about
/// the noun before), and only forms of “be”, “have” and “do” (and, after a plural, a verb in -s).
/// A singular noun needs a determiner before it (“a person”, “the research”); a plural is a
/// plural of the dictionary (`S` flag) or one the tagger reads so and its lexicon knows only as
/// a plural (“tools”: `tool/ADGS` has no noun flag), not a collective noun (“a team who are” is British
/// usage), not after “one of”, “kind of” and the like (“one of the people who is” may mean the
/// one), and “that” after a plural, which may be a demonstrative (“told the pupils that is
/// wrong”), is left alone.
public struct RelativeClauseAgreementRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RuleSupport.beForms)] }
    /// Stable rule ID.
    public let id = "EN_RELATIVE_CLAUSE_AGREEMENT"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A verb after “who”/“which”/“that” that does not agree with its noun (“a person who are”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Nowadays, we need a person who are capable of all sorts of things.",
                         "Nowadays, we need a person who is capable of all sorts of things."),
                        ("I read the research which are published every year.", "I read the research which is published every year."),
                        ("The students who has finished may leave.", "The students who have finished may leave."),
                        ("I know many people who lives in Paris.", "I know many people who live in Paris."),
                        ("The book that were on the table is gone.", "The book that was on the table is gone."),
                        ("She thanked the volunteers who was there.", "She thanked the volunteers who were there."),
                        ("The tools which is installed by default are listed below.", "The tools which are installed by default are listed below."),
                        ("The users that is affected should upgrade.", "The users that are affected should upgrade."),
                        ("These are the figures that doesn't match the report.", "These are the figures that don't match the report.")],
            correct: ["We need a person who is capable.", "He lost the keys, which is annoying.", "She is one of the people who is always late.",
                      "The team who are playing today won.", "I told the pupils that is wrong.", "The students who have finished may leave.",
                      "It is the kind of problems that is hard to solve.", "People who live here know it.", "A number of students who are late.",
                      "The news which is good came late.", "The data which are collected help.", "Physics which is hard is fun.",
                      "There are rocks near the coast which are old.",
                      "A task window is a partial view into a system's total tasks/threads which shows only some fields.",
                      "Running ulimit -a will show which are supported.",
                      "It is a command interpreter for many UNIX systems which is freely available.",
                      "The command prints which is faster.", "It is a set of tools that is easy to learn.",
                      "We showed the users that it works.", "I told the students that is not allowed.",
                      "It lets users select behavior from previous ver\u{2010}\nsions that is incompatible with newer versions.",
                      "GTK 2.6 makes several symbols private which were not in any header files."])
    }

    /// The relative pronouns.
    static let relatives: WordSet = ["who", "which", "that"]
    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = relatives.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Nouns before “of” whose phrase may agree with either noun (“one of the people who”).
    static let eitherNumberHeads: WordSet = ["one", "kind", "kinds", "type", "types", "sort", "sorts", "number", "lot", "lots", "majority",
                                             "group", "couple", "pair", "set", "series", "range", "variety", "list", "none", "any", "each",
                                             "some", "all", "most", "part", "half", "rest", "many", "few", "several", "both"]
    /// Determiners and possessives that open the noun's phrase.
    static let determiners: WordSet = Lexicon.determiners.union(Lexicon.possessives.set).union(["another", "many", "several", "few", "both", "all"])

    /// Words tagged `IN` that open a clause rather than a prepositional phrase.
    static let clauseOpeners: WordSet = ["that", "if", "because", "while", "whilst", "although", "though", "whether", "unless", "as", "once",
                                         "so", "lest", "whereas", "when", "where"]

    /// Prepositions and “than”: a relative clause after the noun phrase they open may be about
    /// the noun before them.
    static let attachingWords: WordSet = PossessiveSlot.prepositions.union(["near", "for", "to", "than", "like", "beside", "besides", "around",
                                                                            "after", "before", "above", "below", "beyond", "along", "against",
                                                                            "beneath", "except", "including", "per", "unlike", "despite"])

    /// The word before token `i` of `sentence` across spaces and one line break (a paragraph
    /// wrapped by hand), nil when punctuation or a blank line comes first.
    static func wordBefore(_ sentence: Sentence, _ i: Int) -> Int? {
        guard let j = sentence.previousNonSpace(before: i), sentence.tokens[j].kind == .word else { return nil }
        var breaks = 0
        for m in (j + 1)..<i where sentence.tokens[m].kind == .newline { breaks += max(1, sentence.tokens[m].text.filter(\.isNewline).count) }
        return breaks <= 1 ? j : nil
    }

    /// Verbs that take an object and a that-clause (“told the pupils that is wrong”, “showed
    /// the users that it works”): after their object, “that” may open the clause.
    static let objectAndClauseVerbs: WordSet = ["tell", "show", "remind", "warn", "teach", "assure", "inform", "convince", "persuade",
                                                "notify", "advise", "promise", "bet", "satisfy", "write", "email", "ask", "reassure",
                                                "instruct", "alert", "caution", "guarantee", "prove", "signal", "tip", "mail", "text", "message"]

    /// True when “that” after a plural noun phrase is a relative pronoun, not a conjunction or
    /// a demonstrative, as the word before the phrase (`p`) shows: a form of “be” or a verb
    /// that takes no object with a that-clause (“are the figures that doesn't”, “We found the
    /// files that is”; not “told the pupils that is wrong”). (A phrase that opens the sentence
    /// is the caller's case; after a mark, such as a word broken by a hyphen at a line's end in
    /// a manual page, “ver‐ sions that is”, the phrase's start is unknown.)
    static func thatIsRelative(_ sentence: Sentence, before p: Int, tags: SentenceTags, lexicon: TagLexicon) -> Bool {
        let tokens = sentence.tokens
        if RuleSupport.beForms.contains(tokens[p].lower) { return true }
        guard tags[p].isVerb, let lemma = lexicon.lemma(of: tokens[p].lower, as: .verb) else { return false }
        return !objectAndClauseVerbs.contains(lemma) && !lemma.isAny(of: "have", "do", "make", "let", "get", "help")
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        let tokens = sentence.tokens
        var out: [ProofreadingSuggestion] = []
        for r in tokens.indices where tokens[r].kind == .word && tokens[r].startsLowercase && Self.relatives.containsLower(of: tokens, r) {
            guard r >= 2, tokens[r - 1].isSpace, tokens[r - 2].kind == .word, tokens[r - 2].startsLowercase,
                  let v = RuleSupport.nextWordAfterSpace(sentence, after: r), tokens[v].startsLowercase else { continue }
            let n = r - 2
            let noun = tokens[n].lower
            guard !RuleSupport.isCodeLike(tokens, n), !Self.eitherNumberHeads.contains(noun) else { continue }
            // The last part of a name joined by two hyphens or more (`debian-run-directories which
            // collects`, an Emacs Lisp function in Debian's Emacs policy: --fix made it “collect”)
            // is an identifier's, not a plural noun's.
            if n >= 4, tokens[n - 1].isOne(of: "-"), tokens[n - 2].kind == .word, tokens[n - 3].isOne(of: "-"), tokens[n - 4].kind == .word { continue }
            // The noun's phrase: back over up to three modifiers to its determiner. After “of”
            // the clause may be about the noun before (“the owner of the cars who is”, “one of
            // the people who is”): left alone.
            // (A pair written with a slash, “tasks/threads”, is one noun: the walk goes on from its
            // first word. The phrase may be wrapped across lines, as in a manual page.)
            var k = n
            while k >= 2, tokens[k - 1].isOne(of: "/"), tokens[k - 2].kind == .word { k -= 2 }
            var determiner: Int?
            var leaveAlone = false
            var steps = 0
            var pluralInPhrase = false
            while steps < 4, let p = Self.wordBefore(sentence, k) {
                let w = tokens[p].lower
                if w == "of" { leaveAlone = true; break }
                // After a modal the word is a verb, and “which” opens a question, not a relative
                // clause (zshbuiltins(1): “ulimit -a will show which are supported”).
                if RuleSupport.modals.contains(w) { leaveAlone = true; break }
                if Self.determiners.contains(w) { determiner = p; break }
                // A possessive noun (“a system's total tasks”) opens the phrase as a determiner
                // does, inside its own phrase: the walk goes on to that phrase's start.
                let possessive = tokens[p].hasApostrophe && (w.hasASCIISuffix("'s") || w.hasSuffix("\u{2019}s")) && !w.isAny(of: "it's", "it\u{2019}s", "let's", "let\u{2019}s", "that's", "what's", "who's", "there's", "here's", "he's", "she's")
                // A name used as a modifier (“many UNIX systems”, “the GNU tools”) is one too: the
                // walk goes on to the phrase's start (the zsh FAQ's “a command interpreter for many
                // UNIX systems which is freely available” was made “are” by --fix).
                let name = !tokens[p].startsLowercase && !tokens[p].lowerIs("i") && tokens[..<p].contains(where: { $0.kind == .word })
                guard tokens[p].startsLowercase || name, name || possessive || classes.isAdjectiveLike(w) || classes.isNoun(w) || w.hasASCIISuffix("ed") || w.hasASCIISuffix("ing") else { break }
                // A plural noun among the words walked over (“makes several symbols private which
                // were”, GTK's README): the phrase's head may be that plural, the last word an
                // adjective after it; the phrase is not a singular noun's.
                if classes.singular(ofPlural: w) != nil, !classes.isSingularNoun(w) { pluralInPhrase = true }
                k = p
                steps += 1
            }
            if leaveAlone { continue }
            // After a preposition or “than” the clause may be about the noun before it (“rocks
            // near the coast which are”, “ashes of wood which are”, top(1)'s “a partial view into
            // a system's total tasks/threads which shows”).
            // A preposition the list lacks counts by its tag (“one amongst your friends who
            // speaks”), not a conjunction that opens a clause (“if”, “because”, “that”).
            let tags = context.tags(of: sentence)
            let before = Self.wordBefore(sentence, determiner ?? k)
            if let p = before, Self.attachingWords.containsLower(of: tokens, p)
                || tags[p] == .IN && !Self.clauseOpeners.containsLower(of: tokens, p) { continue }
            // A plural or singular noun by Hunspell's noun flags, or by the tagger: many nouns that
            // are verbs too have no noun flag (`tool/ADGS`, `file/CAKGDS`, `package/AGDS`), so
            // “The tools which is installed” went unseen. The tagger's reading counts when the
            // word cannot be the other number (“series”, “data” can be both).
            let possible = tags.possibleTags(at: n)
            let taggedPlural = tags[n] == .NNS && !possible.contains(.NN) && !possible.contains(.NNP)
            // A plural that can be a verb in -s after a singular noun may be that noun's verb
            // when no verb comes before (“The command prints which is faster”, bash(1)'s “The
            // array variable BASH_REMATCH records which parts”; not “pulls in the nss modules
            // which includes”).
            let mayBeVerb = possible.contains(.VBZ) && sentence.previousNonSpace(before: n).map { tags[$0] == .NN || tags[$0] == .NNP || RuleSupport.isCodeLike(tokens, $0) } == true
                && !(0..<n).contains { tags[$0] == .VBZ || tags[$0] == .VBP || tags[$0] == .VBD || tags[$0] == .MD }
            let taggedSingular = tags[n] == .NN && !possible.contains(.NNS)
            // (The tagger's plural alone, not after “and”/“or”: “… public places and houses who
            // wards off evil” may be about a noun farther back.)
            let coordinated = before.map { tokens[$0].lower.isAny(of: "and", "or") } == true
            let isPlural = noun.hasASCIISuffix("s") && !noun.hasASCIISuffix("ss") && (classes.singular(ofPlural: noun) != nil || taggedPlural && !coordinated)
                && !classes.isSingularNoun(noun) && !NounAgreementWords.notPlural.contains(noun) && !noun.hasASCIISuffix("ics") && !mayBeVerb
                || NounAgreementWords.irregularPlurals.contains(noun)
            let isSingular = !isPlural && !pluralInPhrase && determiner != nil && (classes.isSingularNoun(noun) || taggedSingular) && !noun.hasASCIISuffix("s")
                && !NounAgreementWords.collective.contains(noun)
                && !NounAgreementWords.notPlural.contains(noun) && (determiner.map { !tokens[$0].lower.isAny(of: "these", "those", "many", "some", "all", "both", "several", "few", "various", "numerous", "multiple") } ?? false)
            let verb = tokens[v].lower
            var replacement: String?
            // The forms of “be”, “have” and “do” and their other number: the noun-subject rule's tables.
            if isSingular, let s = NounAgreementWords.pluralToSingular.value(forLowerOf: tokens, v)
                ?? NounAgreementWords.auxiliaryThird.value(forLowerOf: tokens, v) {
                replacement = s
            } else if isPlural, !tokens[r].lowerIs("that")
                        || (before == nil ? sentence.previousNonSpace(before: determiner ?? k) == nil
                                          : Self.thatIsRelative(sentence, before: before!, tags: tags, lexicon: context.lexicon)) {
                // (“that” after a plural may be a conjunction, “told the pupils that is wrong”,
                // but not when the noun's phrase opens the sentence, “The users that is affected”,
                // nor after “be” or a verb that takes no that-clause after its object, “These are
                // the figures that doesn't match”.)
                if let p = NounAgreementWords.singularToPlural.value(forLowerOf: tokens, v) {
                    replacement = p
                } else if verb.hasASCIISuffix("s"), !RuleSupport.beForms.contains(verb), let base = classes.verbBase(ofThirdPerson: verb, includingDoubled: false),
                          let after = sentence.nextNonSpace(after: v),
                          tokens[after].kind == .punctuation || tokens[after].kind == .word && !classes.isNoun(tokens[after].lower) || Lexicon.objectStarts.containsLower(of: tokens, after)
                            || PossessiveSlot.prepositions.containsLower(of: tokens, after) {
                    replacement = base
                }
            }
            guard let replacement else { continue }
            // A plural with no determiner before it in its phrase may be a name (a library's:
            // “using `requests`_ which has OAuthLib powered OAuth support”, python3-oauthlib's
            // README, where --fix made “have”): a question, never applied unattended.
            let bareName = isPlural && determiner == nil
            out.append(ProofreadingSuggestion(range: tokens[v].range, replacements: [RuleSupport.matchCase(replacement, like: tokens[v].text)],
                                 message: "“\(tokens[r].text)” stands for “\(tokens[n].text)” here: use “\(replacement)”.",
                                 isConfident: !bareName))
        }
        return out
    }
}
