import Foundation

/// Flags a real word typed for a function word that the context calls for: “has bee injured” →
/// “been”, “can by consistent” → “be”, “I'm note sure” → “not”, “It is no possible” → “not”,
/// “a know problem” → “known”, “all he cold do” → “could”, “Than it became clear” → “Then”,
/// “Have your seen” → “you”, “I cant view” → “can't”, “Hell be there” → “He'll”.
///
/// Follows LanguageTool's real-word rules `BEE_BEEN`, `BY_PASSIVE_PARTICIPLE_BE`,
/// `I_AM_NOTE_SURE`, `IT_IS_NO`, `A_KNOW_BUG`, `COLD_COULD`, `SENT_START_THEM`, `YOUR_YOU`,
/// `CANT`, `WONT_CONTRACTION`, `HELL` and `WED_WE_D` (grammar.xml): each slip is one letter or
/// one apostrophe from the intended word, and is flagged only where the written word cannot
/// fit (a noun where an auxiliary or a participle must stand).
public struct RealWordSlipRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RealWordSlipRule.slipWords), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_REAL_WORD_SLIP"
    /// The rule's category.
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "A real word typed for a function word (“has bee”, “can by”, “I cant”)"

    static let haveForms: WordSet = ["has", "have", "had", "hasn't", "haven't", "hadn't", "'ve"]
    static let modals: WordSet = ["can", "could", "will", "would", "should", "shall", "may", "might", "must", "to", "cannot", "won't", "can't", "wouldn't", "shouldn't", "couldn't"]
    static let subjects: WordSet = ["i", "you", "he", "she", "we", "they", "it", "this", "that", "who", "one", "nobody", "everyone", "someone"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She has bee severely injured in the accident.", "She has been severely injured in the accident."),
                        ("This can by consistent with usability constraints.", "This can be consistent with usability constraints."),
                        ("The script will by written by other packages.", "The script will be written by other packages."),
                        ("I'm note sure.", "I'm not sure."), ("It is no possible.", "It is not possible."),
                        ("She came form Spain last year.", "She came from Spain last year."),
                        ("We live far form the city.", "We live far from the city."),
                        ("This is a know problem.", "This is a known problem."), ("This is all he cold do.", "This is all he could do."),
                        ("Than it became clear.", "Then it became clear."), ("Have your seen my sister?", "Have you seen my sister?"),
                        ("If it's running, your should deactivate it.", "If it's running, you should deactivate it."),
                        ("I cant view pdf files.", "I can't view pdf files."), ("Hell be there.", "He'll be there."),
                        ("I cant login.", "I can't login."), ("The app wont start.", "The app won't start."), ("Wont you come?", "Won't you come?"),
                        ("Really, wed better hurry!", "Really, we'd better hurry!"), ("May be I don't understand.", "Maybe I don't understand."),
                        ("Were could we sleep tonight?", "Where could we sleep tonight?"), ("They went were he wanted.", "They went where he wanted."),
                        ("We are testing wether that nation can endure.", "We are testing whether that nation can endure."),
                        ("This is the place were I was born.", "This is the place where I was born."),
                        ("I am agree with you.", "I agree with you."),
                        ("She is agree with them.", "She agrees with them."), ("We spent the hole day there.", "We spent the whole day there.")],
            correct: ["Fill in the form.", "We will by then have moved.", "It will by default be written.", "They came, form a line and wait.", "Apart, they form the core of the team.", "The waves come form after form.", "The bee flew by the window.", "He has bee stings on his arm.", "We have bee pollen in the jar.", "It can be consistent.", "Take note of it.", "It is no good.",
                      "There is no easy way.", "I know the problem.", "He caught a cold today.", "Than what?",
                      "Your seat is here.", "Your seen-it-all attitude.", "The cant of thieves.", "Hell is other people.", "He rose early, as was his wont.", "She was wont to say so.", "Political cant dominates the debate.", "Cant cant be the same as jargon.",
                      "They wed in June.", "Go to hell.", "It was a cold day.", "May be late.", "Were you there?", "They were he and I.",
                      "I agree with you.", "The hole in the wall grew.", "We dug a hole all day.", "The hole was deep.", "The farmer sold a wether.", "He was tired, as were John and Mary.", "Such men as were present agreed."])
    }

    /// The words this rule looks at: the cases of its `switch`.
    static let slipWords: WordSet = (["bee", "by", "note", "no", "know", "cold", "than", "them", "your", "cant", "wont",
                                         "hell", "shell", "may", "were", "wed", "form", "wether", "hole", "agree", "disagree"] as WordSet).hot()
    /// Words after which “form” can only be “from” (“came form Spain”, “far form home”): none
    /// of them is a noun that “form” could follow as a compound, nor a participle that a
    /// plural verb “form” could follow (“the choices made form the core”).
    static let fromHeads: WordSet = ["come", "comes", "came", "coming", "away", "far", "apart", "different", "differs",
                                     "differ", "differed", "aside", "escape", "escaped", "hail", "hails", "hailed"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.slipWords.set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let objectStarts = Lexicon.objectStarts
        let possessives = Lexicon.possessives
        let subjectPronouns = Lexicon.subjectPronouns
        let ruleSupportModals = RuleSupport.modals
        let fromHeads = Self.fromHeads
        let haveForms = Self.haveForms
        let realWordSlipRuleModals = Self.modals
        let slipWords = Self.slipWords
        let subjects = Self.subjects
        let classes = context.wordClasses
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        func emit(_ i: Int, _ fixed: String, _ why: String) {
            out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase(fixed, like: tokens[i].text)], message: why))
        }
        for i in tokens.indices where tokens[i].kind == .word {
            let w = tokens[i].lower
            guard slipWords.contains(w) else { continue }
            let prev = RuleSupport.previousWord(sentence, before: i).map { RuleSupport.norm(tokens[$0]) }
            let prevPrev = RuleSupport.previousWord(sentence, before: i).flatMap { RuleSupport.previousWord(sentence, before: $0) }.map { RuleSupport.norm(tokens[$0]) }
            let nextIndex = RuleSupport.nextWord(sentence, after: i)
            let next = nextIndex.map { tokens[$0].lower }
            let isStart = sentence.previousNonSpace(before: i) == nil
            // The word before, skipping “not”.
            let aux = prev == "not" ? prevPrev : prev
            switch w {
            case "bee" where aux.map({ haveForms.contains($0) || $0.hasASCIISuffix("'ve") }) == true:
                // “has bee stings”, “have bee pollen”: a compound noun, the bee itself.
                if let n = next, let classes, classes.isNoun(n) || classes.singular(ofPlural: n) != nil,
                   !classes.isPastParticiple(n), !n.hasASCIISuffix("ing") { break }
                emit(i, "been", "Did you mean “been”?")
            case "by" where aux.map({ realWordSlipRuleModals.contains($0) && $0 != "to" }) == true && next.map({ n in
                    classes.map { $0.isPastParticiple(n) || ($0.entry(n)?.contains("Y") == true && !$0.isNoun(n)) || $0.entry(n)?.contains("T") == true } ?? false
                    // An irregular participle the tagger's lexicon knows (“will by written”), not a
                    // word that can be a noun, an adverb or a preposition (“will by then”, “by default”).
                    || context.lexicon.tagSet(of: n).contains(.VBN) && context.lexicon.tagSet(of: n).isDisjoint(with: PennTagSet([.NN, .NNS, .NNP, .RB, .IN, .DT]))
                    || n.isAny(of: "able", "sure", "consistent", "done", "used", "seen", "made", "given", "taken", "found", "true", "false", "possible", "careful", "ready") }) == true:
                emit(i, "be", "Did you mean “be”?")
            case "note" where (prev ?? "").isAny(of: "i'm", "am", "is", "are", "was", "were", "it's", "you're", "we're", "they're", "he's", "she's")
                    && next.map({ $0.isAny(of: "sure", "certain", "aware", "able", "ready", "happy", "convinced") }) == true:
                emit(i, "not", "Did you mean “not”?")
            case "no" where prev == "it's" || (prev ?? "").isAny(of: "is", "are", "was", "were", "isn't") && (prevPrev ?? "").isAny(of: "it", "this", "that", "which"):
                // “It is no possible”: an adjective that ends the clause or takes “to”.
                guard let n = nextIndex, let classes, !tokens[n].lower.isAny(of: "good", "use", "longer", "more", "less", "one", "doubt", "wonder", "problem", "surprise", "joke", "secret", "exception", "accident", "coincidence", "fun", "different") else { break }
                let nw = tokens[n].lower
                let adjective = (classes.entry(nw)?.contains("Y") == true || classes.entry(nw)?.contains("T") == true) && !classes.isNoun(nw)
                    || ["ble", "ful", "ous", "ive", "ant", "ent", "ary", "cal"].contains(where: { nw.hasSuffix($0) })
                let after = sentence.nextNonSpace(after: n).map { tokens[$0] }
                let ends = after.map { $0.kind == .punctuation || $0.lower.isAny(of: "to", "that", "for", "enough") } ?? true
                if adjective && ends { emit(i, "not", "Did you mean “not”?") }
            case "know" where (prev.map({ $0.isAny(of: "a", "an", "the", "well", "is", "are", "was", "were", "be", "been", "widely", "little", "un") }) == true)
                    && next.map({ n in n.isAny(of: "as", "for", "to", "issue", "problem", "bug", "fact", "error", "limitation", "quantity", "author", "entity") || (prev == "a" || prev == "the") && (classes?.isNoun(n) ?? false) }) == true:
                emit(i, "known", "Did you mean “known”?")
            case "cold" where prev.map({ subjects.contains($0) || $0.isAny(of: "father", "mother", "parents", "people", "we", "nobody") }) == true
                    && nextIndex.map({ n in
                        let nw = tokens[n].lower
                        return nw.isAny(of: "do", "be", "have", "not", "never", "see", "hear", "get", "go", "make", "take", "say", "feel", "find", "help")
                    }) == true:
                emit(i, "could", "Did you mean “could”?")
            case "than", "them":
                guard isStart, tokens[i].startsUppercase, next.map({ subjectPronouns.contains($0) || $0.isAny(of: "there", "we", "the") }) == true else { break }
                emit(i, "then", "Did you mean “Then”?")
            case "your" where next.map({ n in
                    n.isAny(of: "should", "could", "would", "will", "can", "must", "might", "may", "shall", "are", "were", "have", "had", "seen", "been", "ever", "never", "done", "gone", "taken", "got", "gotten", "made") }) == true:
                // “Your seen-it-all attitude”: a hyphen joins a modifier.
                if let n = nextIndex, n + 1 < tokens.count, tokens[n + 1].isOne(of: "-") { break }
                if (next!).isAny(of: "had", "made", "got"), !(prev.map { haveForms.contains($0) } ?? false) { break }
                emit(i, "you", "Did you mean “you”?")
            case "cant", "wont":
                // A verb's base next (“… cant view”), by Hunspell's flags or the tagger's lexicon.
                let baseNext = nextIndex.map({ n in classes?.isVerbBase(tokens[n].lower) == true || TagLexicon.shared.isBaseVerb(tokens[n].lower)
                    || tokens[n].lower.isAny(of: "be", "do", "have", "go", "see", "get", "usually", "really", "even", "just", "always", "ever") }) == true
                // The noun (“the cant of thieves”) and the adjective (“as was his wont”, “wont to
                // say”) never follow a subject pronoun (“I cant login”, “We cant.”) nor stand
                // first before one (“Wont you come?”); after a noun subject a verb's base must
                // follow (“The app wont start”; “political cant dominates” keeps its noun).
                let afterPronoun = prev.map { subjectPronouns.contains($0) } == true && !(prev == "it" && !baseNext)
                let startsQuestion = isStart && next.map { subjectPronouns.contains($0) } == true
                // (A noun by its tag, or a word the lexicon or Hunspell's flags make a noun, read as a verb
                // after a determiner: “The build cant”.)
                // (Not the word itself, named as a subject: “Cant cant be the same as jargon.”)
                let afterNoun = baseNext && prev != w && RuleSupport.previousWord(sentence, before: i).map({ p in
                    let tags = context.tags(of: sentence)
                    return [PennTag.NN, .NNS, .NNP].contains(tags[p]) || (tags.possibleTags(at: p).contains(.NN) || classes?.isSingularNoun(tokens[p].lower) == true)
                        && RuleSupport.previousWord(sentence, before: p).map({ determiners.contains(tokens[$0].lower) || possessives.contains(tokens[$0].lower) }) == true
                }) == true
                guard afterPronoun || startsQuestion || afterNoun || prev.map({ subjects.contains($0) || $0.isAny(of: "people", "users") }) == true && baseNext else { break }
                emit(i, w == "cant" ? "can't" : "won't", "Did you mean “\(w == "cant" ? "can't" : "won't")”?")
            case "hell", "shell":
                guard isStart || prev.map({ $0.isAny(of: "and", "but", "so", "then", "that", "because", "if", "when", "tell", "said", "says") }) == true,
                      next.map({ $0.isAny(of: "be", "have", "never", "always", "probably", "come", "go", "get", "do", "make", "see", "need", "want", "like", "love", "find", "know", "prompt", "tell") }) == true else { break }
                emit(i, w == "hell" ? "he'll" : "she'll", "Did you mean “\(w == "hell" ? "he'll" : "she'll")”?")
            // “May be I don't understand.” → “Maybe”.
            case "may" where isStart && tokens[i].startsUppercase && next == "be" && nextIndex.flatMap({ RuleSupport.nextWord(sentence, after: $0) }).map({ subjectPronouns.contains(tokens[$0].lower) || tokens[$0].lower.isAny(of: "there", "this", "that") }) == true:
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, nextIndex!), replacements: ["Maybe"], message: "Did you mean “Maybe”?"))
            // “Were could we sleep?”, “went were he wanted” → “where”.
            case "were" where isStart && next.map({ ruleSupportModals.contains($0) && !$0.isAny(of: "do", "did", "does") }) == true
                    || prev.map({ $0.isAny(of: "went", "go", "goes", "going", "know", "knows", "knew", "wonder", "from") }) == true && next.map({ subjectPronouns.contains($0) && $0 != "you" }) == true:
                emit(i, "where", "Did you mean “where”?")
            case "wed" where (isStart || sentence.previousNonSpace(before: i).map({ tokens[$0].isOne(of: ",") }) == true
                              || prev.map({ $0.isAny(of: "and", "but", "so", "then", "that", "because", "if", "when", "really", "actually", "maybe", "perhaps") }) == true)
                    && next.map({ $0.isAny(of: "better", "love", "like", "rather", "have", "be", "gone", "never", "need", "want", "been") }) == true:
                emit(i, "we'd", "Did you mean “we'd”?")
            // “the hole day”: “whole”, by its sound, before a span of time or an all-embracing noun.
            case "hole" where prev.map({ $0.isAny(of: "the", "my", "your", "his", "her", "our", "their") }) == true
                    && next.map({ $0.isAny(of: "day", "week", "month", "year", "night", "time", "thing", "world", "family", "life", "story", "team", "class", "country") }) == true:
                emit(i, "whole", "Did you mean “whole” (all of it)?")
            // “I am agree”: “agree” is a verb, not an adjective (a common learners' error).
            case _ where (w == "agree" || w == "disagree")
                    && prev.map({ $0.isAny(of: "am", "is", "are", "was", "were", "i'm", "we're", "you're", "they're", "he's", "she's") }) == true:
                if let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i) {
                    let be = RuleSupport.norm(tokens[p])
                    let subject = be.hasASCIIPrefix("i'm") ? "I " : be.hasASCIISuffix("'re") ? String(tokens[p].text.dropLast(3)) + " " : be.hasASCIISuffix("'s") ? String(tokens[p].text.dropLast(2)) + " " : ""
                    let verb = be.isAny(of: "was", "were") ? w + "d" : be.isAny(of: "is", "he's", "she's") ? w + "s" : w
                    // The message names the subject before a separate “am”/“is” (“I agree”, “She agrees”).
                    var shownSubject = subject
                    if subject.isEmpty, let q = RuleSupport.previousWord(sentence, before: p), RuleSupport.separatedBySpaceOnly(sentence, q, p) {
                        shownSubject = tokens[q].text + " "
                    }
                    // Grammar, not a slip of the keys: the learner's “be” + verb.
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, p, i), replacements: [subject + verb],
                                         message: "“\(w)” is a verb, not an adjective: write “\(shownSubject + verb)”, without a form of “be”.",
                                         category: .grammar))
                }
            // “testing wether that nation”: a castrated ram only after a determiner or an adjective.
            case "wether" where nextIndex != nil && !(prev.map({ determiners.contains($0) || possessives.contains($0) || $0.isAny(of: "young", "old", "fat", "black", "white", "castrated") }) ?? false):
                emit(i, "whether", "Did you mean “whether”?")
            // “the place were I was born”, “stood were Lincoln stood” → “where”.
            case "were" where prev.map({ $0.isAny(of: "place", "places", "stood", "stand", "stands", "exactly", "right", "somewhere", "anywhere") }) == true
                    && nextIndex.map({ n in (subjectPronouns.containsLower(of: tokens, n) && !tokens[n].lowerIs("you")) || tokens[n].startsUppercase }) == true,
                 "were" where prev == "as" && nextIndex.map({ n in
                    // “such as were Lincoln stood”, not “as were John and Mary”: a verb follows the name.
                    tokens[n].startsUppercase && RuleSupport.nextWord(sentence, after: n).map({ tokens[$0].startsLowercase && !tokens[$0].lower.isAny(of: "and", "or", "nor") }) == true
                 }) == true:
                emit(i, "where", "Did you mean “where”?")
            case "form" where prev.map({ fromHeads.contains($0) }) == true && nextIndex.map({ n in
                    return objectStarts.containsLower(of: tokens, n)
                        || tokens[n].kind == .number || tokens[n].startsUppercase && !isStart || tokens[n].lower.isAny(of: "home", "here", "there", "scratch", "work", "school")
                }) == true:
                emit(i, "from", "Did you mean “from”?")
            default:
                break
            }
        }
        return out
    }
}
