import Foundation

/// Flags a missing comma where an opening subordinate clause or a long opening phrase ends and
/// the main clause begins: “When I was young I lived in Rome” → “young, I lived”, “If you want a
/// product you create an image around it” → “product, you create”, “In a market economy the
/// price must reflect costs” → “economy, the price”.
///
/// Follows the *Chicago Manual of Style* (17th ed., §6.24–6.27: a comma usually follows an
/// introductory dependent clause and may follow a long introductory phrase) and LanguageTool's
/// `COMMA_AFTER_INTRO_CLAUSE` idea. The end of the opening part is found with the tagger, not a
/// list of sentences: the main clause starts with a subject pronoun and its finite verb (“I
/// lived”, “it's”, “there will”) or a determiner's noun phrase and its finite verb (“the price
/// must”), right after a word that can end a phrase (a noun, an object pronoun, an adjective, an
/// adverb, a participle, a number) and not after a verb, which may take the clause as its object
/// (“If you think you can, …”, “As you can see the results”) or a preposition, a conjunction or
/// “that”. An opening clause needs its own finite verb before that point; an opening phrase
/// (“In a market economy”, “Without those facts”) must have none, and at least three words
/// besides its preposition, as a short phrase often goes without a comma in edited prose (“In
/// 2010 we moved”). Left alone: a verb after the main clause's verb (“When the file you need is
/// missing …”: “you need” is a relative clause), verbs that take an object and a clause
/// (“When I told my mother I was ill”), a comma or other mark before the main clause, a
/// sentence's first word in lower case after its start. A hint (`--fix` leaves it) at the picky
/// level: a comma after an opening element is also a matter of rhythm, and edited prose often
/// leaves it out (a hundred such sentences in the 360,000 words of `/usr/share/doc` READMEs,
/// licences, Vim's user manual and *Alice*).
public struct FrontedClauseCommaRule: Rule {
    /// Stable rule ID.
    public let id = "EN_COMMA_AFTER_OPENING_CLAUSE"
    /// An optional comma or hyphen: quiet in technical documents (``TechnicalDocumentStyle``).
    public var quietInTechnicalDocuments: Bool { true }
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "A missing comma after an opening clause or long phrase (“When I was young I …”)"
    /// Picky: edited prose and LanguageTool's correct examples leave this comma out often enough
    /// (“If you do this twice you get one”) that it is a careful editor's choice, not an error.
    public let level = ProofreadingLevel.picky

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("When I was young I lived in Rome.", "When I was young, I lived in Rome."),
                        ("If you want a product you create an image around it.", "If you want a product, you create an image around it."),
                        ("When the forest is caught on fire the wood turns into ashes.",
                         "When the forest is caught on fire, the wood turns into ashes."),
                        ("Although the tests passed on Linux they failed on macOS.", "Although the tests passed on Linux, they failed on macOS."),
                        ("In a market economy the price must reflect costs.", "In a market economy, the price must reflect costs."),
                        ("But when we arrived at the station the train had left.", "But when we arrived at the station, the train had left."),
                        ("When the book I ordered arrives I will read it.", "When the book I ordered arrives, I will read it."),
                        ("Before we knew that it was late we had left.", "Before we knew that it was late, we had left.")],
            correct: ["When I was young, I lived in Rome.", "If you think you can do it, do it.", "As you can see the results are good.",
                      "When I told my mother I was ill she came.", "In this chapter a number of ways to repeat a change are shown.",
                      "In 2010 we moved to Rome.", "In this case the function returns nil.", "If you know what you want you will find it.",
                      "In the box was a cat.", "When we go and you see him tell me.", "If so we leave.",
                      "When the file you need is missing the build fails.", "If it is not the one you want, press Enter.",
                      "In most cases recovering a file is simple.", "When you change the file you are editing, save it."])
    }

    /// Words that open a subordinate clause.
    static let clauseOpeners: WordSet = ["if", "when", "whenever", "although", "though", "because", "since", "while", "whilst",
                                         "once", "unless", "after", "before", "until", "till", "as", "whereas", "even"]
    /// Prepositions that open an introductory phrase.
    static let phraseOpeners: WordSet = ["in", "on", "at", "for", "with", "without", "by", "after", "before", "during", "since",
                                         "despite", "unlike", "through", "throughout", "among", "under", "over", "from", "as",
                                         "besides", "within", "beyond", "apart", "according", "due", "thanks", "regarding"]
    /// Conjunctions that may come before the opener (“But when we arrived …”).
    static let leadIns: WordSet = ["but", "and", "so", "yet", "or", "then"]
    /// Subject pronouns, and their contractions with a verb, that open a main clause.
    static let subjects: WordSet = ["i", "you", "we", "they", "he", "she", "it", "there"]
    static let subjectContractions: WordSet = [
        "i'm", "i've", "i'll", "i'd", "you're", "you've", "you'll", "you'd", "we're", "we've", "we'll", "we'd", "they're", "they've",
        "they'll", "they'd", "he's", "he'll", "he'd", "she's", "she'll", "she'd", "it's", "it'll", "there's", "there'll",
    ]
    /// Determiners that open a main clause's subject (not “that”, a conjunction too, nor “her”).
    static let subjectDeterminers: WordSet = ["the", "a", "an", "this", "these", "those", "my", "your", "his", "our", "their", "its",
                                              "every", "each", "some", "many", "most", "all", "no", "any", "both", "such", "one"]
    /// Object pronouns that can end the opening part (“When I saw her she …”).
    static let objectPronouns: WordSet = ["me", "you", "him", "her", "it", "us", "them", "himself", "herself", "myself",
                                          "themselves", "ourselves", "yourself", "everything", "everyone", "everybody",
                                          "something", "someone", "somebody", "anything", "anyone", "nothing"]
    /// Adverbs that lean on the word after them rather than end a phrase.
    static let leaningAdverbs: WordSet = ["not", "also", "even", "just", "only", "never", "ever", "always", "really", "so", "then",
                                          "very", "quite", "rather", "almost", "still", "too", "as", "more", "most", "less", "how",
                                          "why", "where", "when", "however", "perhaps", "maybe", "probably", "often", "usually",
                                          "sometimes", "soon", "first", "once"]
    /// Verbs that take an object and a clause (“told my mother I was ill”): the opening clause
    /// may go on past their object.
    static let objectClauseVerbs: WordSet = ["tell", "show", "teach", "promise", "remind", "convince", "inform", "assure", "warn",
                                             "ask", "bet", "notify", "persuade", "write", "advise", "guarantee", "give"]

    /// Verbs (lemmas) that take a clause as their object without “that”.
    static let clauseVerbs: WordSet = ["think", "know", "say", "believe", "hope", "guess", "suppose", "feel", "see", "hear", "notice",
                                       "realize", "realise", "find", "mean", "wish", "expect", "understand", "decide", "remember",
                                       "forget", "show", "tell", "agree", "claim", "learn", "read", "write", "doubt", "bet", "assume",
                                       "imagine", "pretend", "prove", "admit", "insist", "suggest", "ensure", "figure", "discover",
                                       "note", "argue", "explain", "answer", "reply", "ask", "wonder", "worry", "fear", "trust",
                                       "promise", "predict", "confirm", "check", "determine", "recommend", "require", "demand",
                                       "mind", "like", "want", "need", "prefer", "wait"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = clauseOpeners.set.union(phraseOpeners.set)
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        let tokens = sentence.tokens
        guard var o = tokens.firstIndex(where: { !$0.isSpace }), tokens[o].kind == .word, !tokens[o].startsLowercase else { return [] }
        if Self.leadIns.containsLower(of: tokens, o) {
            guard let n = RuleSupport.nextWordAfterSpace(sentence, after: o) else { return [] }
            o = n
        }
        var isClause = Self.clauseOpeners.containsLower(of: tokens, o)
        var isPhrase = Self.phraseOpeners.containsLower(of: tokens, o)
        guard isClause || isPhrase else { return [] }
        // “Even if”, “even though”: the clause opens at the second word.
        if tokens[o].lowerIs("even") {
            guard let n = RuleSupport.nextWordAfterSpace(sentence, after: o), tokens[n].lower.isAny(of: "if", "though", "when") else { return [] }
            o = n
        }
        let tags = context.tags(of: sentence)
        // A clause without its subject and verb (“When doing this”, “If possible”, “While in
        // Rome”) ends where the first subject and its verb begin, as a phrase does.
        if isClause, let n = RuleSupport.nextWordAfterSpace(sentence, after: o),
           tags[n] == .VBG || tags[n] == .VBN || tags[n] == .IN || tags[n] == .TO
            || tags[n].isAdjective && !(RuleSupport.nextWordAfterSpace(sentence, after: n).map { tags[$0].isNoun } ?? false) {
            isClause = false
            isPhrase = true
        }
        // The first finite verb after the opener: an opening clause has one before its end, an
        // opening phrase none (“In the box was a cat”: the verb is the sentence's own).
        var finiteVerb: Int?
        var words = 0
        var k = o + 1
        while k < tokens.count, words < 24 {
            let t = tokens[k]
            if t.isSpace { k += 1; continue }
            // A mark ends the search: the writer put a comma, or the sentence is built otherwise.
            guard t.kind == .word || t.kind == .number else { return [] }
            let clauseMode = isClause && finiteVerb != nil
            let phraseMode = isPhrase && finiteVerb == nil
            if words >= 1, clauseMode || phraseMode, let p = RuleSupport.previousWord(sentence, before: k), p > o,
               let v = Self.mainClauseVerb(sentence, at: k, tags: tags) {
                // After a verb that takes a clause, the subject and verb may be its object (“If
                // you think you can”, “When I saw it was late”): the opening part's end is not
                // known. Another verb ends its clause (“When the meeting ended we went home”).
                if tags[p].isVerb, tags[p] != .VBN, tags.lemma(at: p).map(Self.clauseVerbs.contains) ?? true { return [] }
                // After another verb, a noun phrase or “it” may be its object (“ways to repeat a
                // change will be explained”, “as you received it does not”): only a pronoun that
                // is seldom one opens the main clause there.
                if tags[p].isVerb, tags[p] != .VBN,
                   !(Self.subjectContractions.contains(t.norm) || t.norm.isAny(of: "i", "you", "we", "they", "he", "she", "there")) { k += 1; words += 1; continue }
                if Self.endsPhrase(sentence, p, tags: tags) {
                    guard !Self.mainClauseIsDoubtful(sentence, from: k, verb: v, tags: tags) else { return [] }
                    if clauseMode, let finite = finiteVerb, let lemma = tags.lemma(at: finite), Self.objectClauseVerbs.contains(lemma) { return [] }
                    // An opening phrase: three words at least after its preposition, and not one of
                    // the linking phrases EN_INTRODUCTORY_COMMA flags (“On the other hand”).
                    if phraseMode {
                        guard words >= 3 else { return [] }
                        let phrase = (o...p).filter { tokens[$0].kind == .word }.map { tokens[$0].lower }
                        if IntroductoryCommaRule.phrases.contains(phrase) { return [] }
                    }
                    return [ProofreadingSuggestion(range: RuleSupport.span(sentence, p, p + 1), replacements: [tokens[p].text + "," + tokens[p + 1].text],
                                                   message: clauseMode ? "Put a comma after the opening clause, before the main clause “\(t.text) …”."
                                                                       : "Put a comma after the opening phrase, before the main clause “\(t.text) …”.",
                                                   isConfident: false)]
                }
            }
            if finiteVerb == nil, Self.isFiniteVerb(sentence, k, tags: tags) {
                guard isClause else { return [] }
                finiteVerb = k
            }
            words += 1
            k += 1
        }
        return []
    }

    /// True when token `k` is a finite verb: a past or present form, a modal, a contraction of a
    /// subject and its verb, or a participle the lexicon also knows as a past right after a noun
    /// or a pronoun (“the tests passed”).
    static func isFiniteVerb(_ sentence: Sentence, _ k: Int, tags: SentenceTags) -> Bool {
        let tag = tags[k]
        if tag.isFiniteVerb || tag == .MD || subjectContractions.contains(sentence.tokens[k].norm) { return true }
        if tag == .VBN, tags.possibleTags(at: k).contains(.VBD), let p = RuleSupport.previousWord(sentence, before: k),
           tags[p].isNoun || tags[p] == .PRP { return true }
        return false
    }

    /// True when the clause found at `k` may be no main clause: its verb (with the verbs and
    /// adverbs after it) stands right before a comma, as a relative clause without “that” does
    /// (“When you change the file you are editing, but …”), or a later comma opens a clause of
    /// its own within eight words: a subject and its verb, or an imperative (“If it's not the one
    /// you want, press Tab”; “When pip finds that an assumption it made earlier is wrong, it has
    /// to …”).
    static func mainClauseIsDoubtful(_ sentence: Sentence, from k: Int, verb v: Int, tags: SentenceTags) -> Bool {
        let tokens = sentence.tokens
        // A verb after the main clause's verb: “the book I ordered arrives”.
        if let after = RuleSupport.nextWordAfterSpace(sentence, after: v), tags[after].isFiniteVerb || tags[after] == .MD { return true }
        var j = v
        while let n = RuleSupport.nextWordAfterSpace(sentence, after: j), tags[n].isVerb || tags[n].isAdverb || tags[n] == .TO || tags[n] == .RP
            || tags[n] == .IN && n == j + 2 && RuleSupport.nextWordAfterSpace(sentence, after: n) == nil {
            j = n
        }
        if let c = sentence.nextNonSpace(after: j), tokens[c].isOne(of: ",") { return true }
        var i = v + 1
        var words = 0
        while i < tokens.count, words < 8 {
            if tokens[i].kind == .word { words += 1 }
            if tokens[i].isOne(of: ",;"), let n = RuleSupport.nextWordAfterSpace(sentence, after: i) {
                if mainClauseVerb(sentence, at: n, tags: tags) != nil { return true }
                // A plural noun and its verb: “…they were paying for, prices would explode”.
                if tokens[n].startsLowercase, tags[n] == .NNS, let m = RuleSupport.nextWordAfterSpace(sentence, after: n),
                   tags[m] == .VBP || tags[m] == .VBD || tags[m] == .MD { return true }
                if tokens[n].startsLowercase, tags[n] == .VB || tokens[n].lowerIs("please") { return true }
                if tokens[n].lower.isAny(of: "that", "this"), let m = RuleSupport.nextWordAfterSpace(sentence, after: n),
                   tags[m].isFiniteVerb || tags[m] == .MD { return true }
            }
            i += 1
        }
        return false
    }

    /// The index of the main clause's finite verb when a main clause starts at `k`: a subject
    /// pronoun and its verb (an adverb may stand between), a contraction of both, or a
    /// determiner, up to two modifiers, a noun and a verb that agrees with it (a singular noun
    /// and a base form is no clause: “the hard way see”).
    static func mainClauseVerb(_ sentence: Sentence, at k: Int, tags: SentenceTags) -> Int? {
        let tokens = sentence.tokens
        guard tokens[k].kind == .word else { return nil }
        let w = tokens[k].norm
        if tokens[k].startsLowercase || tokens[k].textIs("I") || w.hasPrefix("i'") {
            if subjectContractions.contains(w) { return k }
            if subjects.contains(w) {
                guard var v = RuleSupport.nextWordAfterSpace(sentence, after: k) else { return nil }
                if PronounVerbAgreement.adverbs.containsLower(of: tokens, v), let n = RuleSupport.nextWordAfterSpace(sentence, after: v) { v = n }
                return tags[v].isFiniteVerb || tags[v] == .MD || RuleSupport.modals.contains(tokens[v].norm) ? v : nil
            }
        }
        guard tokens[k].startsLowercase, subjectDeterminers.contains(w) else { return nil }
        var j = k
        // “all the components”, “both the files”: a predeterminer before the determiner.
        if w.isAny(of: "all", "both"), let n = RuleSupport.nextWordAfterSpace(sentence, after: k),
           tokens[n].lower.isAny(of: "the", "these", "those", "my", "your", "his", "our", "their", "its") { j = n }
        var noun: PennTag?
        for _ in 0..<4 {
            guard let n = RuleSupport.nextWordAfterSpace(sentence, after: j) else { return nil }
            let tag = tags[n]
            if let noun, tag.isFiniteVerb || tag == .MD {
                switch tag {
                case .VBZ: return noun == .NN || noun == .NNP ? n : nil
                case .VBP: return noun == .NNS || noun == .NNPS ? n : nil
                default: return n
                }
            }
            // “the build fails”: a word read as a verb right after the determiner is its noun.
            let asNoun = (tag == .VB || tag == .VBP) && n == RuleSupport.nextWordAfterSpace(sentence, after: k)
                && tags.possibleTags(at: n).contains(.NN)
            guard tag.isNoun || asNoun || tag.isAdjective || tag == .CD || tag == .VBN else { return nil }
            noun = tag.isNoun ? tag : asNoun ? .NN : nil
            j = n
        }
        return nil
    }

    /// True when the word at `p` can end an opening clause or phrase: a noun, a number, an
    /// object pronoun, an adjective, a participle or another verb, or an adverb that does not
    /// lean on the next word (not a verb in -ing, whose object may follow: “In most cases
    /// recovering a file is simple”).
    static func endsPhrase(_ sentence: Sentence, _ p: Int, tags: SentenceTags) -> Bool {
        let tokens = sentence.tokens
        let t = tokens[p]
        if t.kind == .number { return true }
        guard t.kind == .word else { return false }
        let w = t.norm
        if objectPronouns.contains(w) { return true }
        if w.isAny(of: "this", "that", "these", "those"), let q = RuleSupport.previousWord(sentence, before: p),
           tags[q] == .IN, !tokens[q].lowerIs("that") { return true }
        let tag = tags[p]
        if tag.isNoun || tag == .CD || tag.isAdjective || tag == .VBN { return !leaningAdverbs.contains(w) }
        if tag.isAdverb { return !leaningAdverbs.contains(w) }
        // A verb that ends its clause (“When the meeting ended”, “Once the server starts”); the
        // caller has turned away the verbs that take a clause.
        return tag.isVerb && tag != .VBG
    }
}
