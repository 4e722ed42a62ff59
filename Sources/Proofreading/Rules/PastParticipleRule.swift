import Foundation

/// Flags a simple past where the past participle is needed: “have went” → “have gone”,
/// “had ate” → “had eaten”, “can be saw” → “can be seen”; for any irregular verb the
/// part-of-speech lexicon knows (``TagLexicon/irregularPast(_:)``: “has swore” → “sworn”, “had
/// underwent” → “undergone”), besides the listed ones.
public struct PastParticipleRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PastParticipleRule.haveOrBeForms)] }
    /// Stable rule ID.
    public let id = "EN_PAST_PARTICIPLE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "Simple past instead of the past participle (“have went”)"

    static let haveForms: WordSet = ["have", "has", "had", "having", "'ve", "i've", "you've", "we've", "they've", "haven't", "hasn't", "hadn't", "he's", "she's", "it's", "who's", "that's",
                                     "could've", "would've", "should've", "might've", "must've"]
    static let beForms: WordSet = ["be", "been", "being", "is", "was", "were", "are", "isn't", "wasn't", "weren't", "aren't", "get", "got", "gets"]
    /// ``haveForms`` and ``beForms``: one lookup turns away the words that are neither.
    static let haveOrBeForms: WordSet = (haveForms.union(beForms) as WordSet).hot()
    static let adverbs: WordSet = ["already", "never", "just", "not", "ever", "always", "also", "recently", "finally", "all", "since", "even", "really", "probably", "still", "only", "nearly", "almost"]
    static let notAfterBe: WordSet = ["broke", "woke", "forgot", "did", "came", "went", "became", "ran", "sang", "swam", "drank", "fell", "rose", "bit", "showed"]

    /// Irregular verbs' base forms and their participles, where the base is seldom a noun or
    /// a noun modifier (not “build”, “buy”, “say”, “leave”, “pay”, “keep”, “catch”, “run”).
    static let participleOfBase: WordMap<String> = WordMap([
        "eat": "eaten", "send": "sent", "go": "gone", "take": "taken", "give": "given", "write": "written", "see": "seen",
        "do": "done", "bring": "brought", "think": "thought", "teach": "taught", "speak": "spoken", "break": "broken",
        "choose": "chosen", "forget": "forgotten", "begin": "begun", "sing": "sung", "drive": "driven", "fly": "flown",
        "grow": "grown", "know": "known", "throw": "thrown", "steal": "stolen", "wear": "worn", "tell": "told", "sell": "sold",
        "find": "found", "lose": "lost", "meet": "met", "make": "made", "hear": "heard", "feel": "felt", "spend": "spent",
        "understand": "understood", "forgive": "forgiven", "hide": "hidden", "ride": "ridden", "shake": "shaken",
        "freeze": "frozen", "swim": "swum", "drink": "drunk", "get": "got", "bite": "bitten", "fall": "fallen", "rise": "risen",
    ])
    /// Those of ``participleOfBase`` that are seldom a noun or a noun modifier at all (not
    /// “send”, “make”, “fly”, “drive”, “write”: “write access”): after a perfect “have”, the
    /// participle before any word but a conjunction (“I have eat lunch” → “eaten”).
    static let verbOnlyBases: WordSet = [
        "eat", "give", "speak", "choose", "forget", "begin", "know", "bring", "teach", "tell", "lose", "hear", "understand",
        "forgive", "see", "take",
    ]
    /// Prepositions after which a base form is a verb with its complement (“I have go to the
    /// shop”, “she has speak with him”).
    static let prepositionsAfter: WordSet = [
        "to", "in", "into", "on", "with", "by", "for", "from", "through", "over", "around", "about", "at", "abroad",
    ]
    /// What starts an object: a determiner, a possessive or an object pronoun.
    static let objectStarts: WordSet = Lexicon.determiners.union(Lexicon.possessives).union(Lexicon.objectPronouns)

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I have went there twice.", "I have gone there twice."), ("She had already ate dinner.", "She had already eaten dinner."),
                        ("It can be saw in the log.", "It can be seen in the log."), ("Having went through the guide, I started.", "Having gone through the guide, I started."),
                        ("I have send it to you.", "I have sent it to you."), ("She has eat the whole cake.", "She has eaten the whole cake."),
                        ("We have already eat lunch.", "We have already eaten lunch."), ("They have go to the market.", "They have gone to the market."),
                        ("He has never speak about it.", "He has never spoken about it."),
                        ("I have never saw such a thing.", "I have never seen such a thing."),
                        ("We could've ate the chicken.", "We could've eaten the chicken."),
                        ("She has swore to keep the secret.", "She has sworn to keep the secret."),
                        ("The patient had underwent surgery twice.", "The patient had undergone surgery twice."),
                        ("Smoking was forbade in the building.", "Smoking was forbidden in the building."),
                        ("They have overthrew the old council.", "They have overthrown the old council."),
                        ("The houses were build in 1920.", "The houses were built in 1920."),
                        ("The package must be build from source.", "The package must be built from source.")],
            correct: ["I have gone there twice.", "I was broke after the trip.", "They had a saw and a hammer.",
                      "It's been broken since May.", "We have send and receive buttons.", "You have to go home.", "I had him send it.",
                      "They have fly fishing trips.", "We have make targets for each module.", "Let's have a go.", "The work was done.", "We have go and no-go criteria.", "They have write access.",
                      "I have eaten lunch.", "We have eat-in and take-out menus.", "Should old acquaintance be forgot, and never brought to mind?",
                      "She has sworn to keep the secret.", "They have sought help.", "It had beat the record.",
                      "A build was started at noon.", "All we did was sit in the car.", "The default target is build.",
                      "The supported mount types are bind, cache, secret and tmpfs.",
                      // Real text (Alice's Adventures in Wonderland).
                      "She had never before seen a rabbit with either a waistcoat-pocket, or a watch to take out of it.",
                      "The Dodo had paused as if it thought that somebody ought to speak.",
                      "She had wept when she was nine feet high.",
                      "What you were or might have been was not otherwise than what you had been."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Self.haveForms.union(Self.beForms).set
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Words after a passive's verb that show it ends there or goes on with an adverbial (“were
    /// build in 1920”, “was write by the team”), not a noun it may modify (“is build output”).
    static let afterPassive: WordSet = ["by", "in", "on", "at", "from", "with", "into", "using", "during", "through", "under", "over",
                                        "before", "after", "when", "while", "because", "yesterday", "last", "since", "until", "so"]

    /// The irregular past participle meant by the base form at `j` after the form of “be” at
    /// `i` (“were build” → “built”, “been write” → “written”): a word the lexicon lists as a
    /// verb's base and not as a past, participle, adjective, adverb or preposition, whose
    /// participle is no regular -ed form; before a word of ``afterPassive``, or the clause's end
    /// after “be”, “been”, “being”, “are”, “were” (“The default target is build.” names a
    /// target). Not in a pseudo-cleft (“All we did was sit in the car”, “What you do is build”)
    /// or after “what is” (“What is make in Linux?”). Nil otherwise.
    static func passiveParticiple(_ sentence: Sentence, be i: Int, verb j: Int, lexicon: TagLexicon) -> String? {
        let tokens = sentence.tokens
        let be = tokens.norm(i), w = tokens[j].lower
        // (A tag the treebank gave the word once in a hundred is a slip of its annotators:
        // “build” was seen as `VBN` once in 153.)
        let seen = lexicon.weightedTags(of: w)
        func can(_ tag: PennTag) -> Bool { seen.contains { $0.tag == tag && $0.probability >= 0.02 } }
        // (“go” takes no object, so no passive: “They are go on” is “going”, not “gone”. Nor has
        // “be”: “any part of the document is be so terse”, findutils' manual, is a word too many,
        // and “is been” is no English; `--fix` wrote it.)
        guard !be.isAny(of: "get", "got", "gets"), w != "go", w != "be", lexicon.isBaseVerb(w), !can(.VBN), !can(.VBD),
              !lexicon.isAdjective(w), !lexicon.isAdverb(w), !lexicon.canBe(w, .IN), !lexicon.canBe(w, .MD),
              let participle = lexicon.form(of: w, as: .VBN), participle != w else { return nil }
        let regular: Set<String> = [w + "ed", w + "d", w + String(w.last!) + "ed", String(w.dropLast()) + "ied"]
        guard !regular.contains(participle) else { return nil }
        let finite = be.isAny(of: "is", "was", "are", "were", "isn't", "wasn't", "aren't", "weren't")
        if finite {
            if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "what", "who", "which", "all") { return nil }
            if tokens[..<i].contains(where: { $0.kind == .word && $0.lower.isAny(of: "do", "does", "did", "done") }) { return nil }
        }
        guard let k = sentence.nextNonSpace(after: j) else { return be.isAny(of: "is", "was", "isn't", "wasn't") ? nil : participle }
        if tokens[k].kind == .punctuation {
            // The first of a list of single words (“mount TYPES are bind, cache, secret and
            // tmpfs”, Containerfile(5)): values named, not a verb.
            if tokens[k].isOne(of: ","), Self.opensWordList(tokens, after: k) { return nil }
            return tokens[k].isOne(of: ".,;:!?)") && !be.isAny(of: "is", "was", "isn't", "wasn't") ? participle : nil
        }
        guard tokens[k].kind == .word, Self.afterPassive.containsLower(of: tokens, k) else { return nil }
        return participle
    }

    /// True when the comma at `comma` goes on with a list of single words up to its “and” or
    /// “or” (`, cache, secret and tmpfs`): the word before the comma is the list's first item.
    static func opensWordList(_ tokens: TokenList, after comma: Int) -> Bool {
        var i = comma + 1, items = 0
        func skipSpace() { while i < tokens.count, tokens[i].isSpace { i += 1 } }
        while true {
            skipSpace()
            guard i < tokens.count, tokens[i].kind == .word else { return false }
            if tokens[i].lower == "and" || tokens[i].lower == "or" {
                i += 1
                skipSpace()
                guard i < tokens.count, tokens[i].kind == .word else { return false }
                i += 1
                skipSpace()
                return items >= 1 && (i == tokens.count || tokens[i].isOne(of: ".;:!?)"))
            }
            items += 1
            i += 1
            skipSpace()
            guard i < tokens.count, tokens[i].isOne(of: ",") || tokens[i].kind == .word && (tokens[i].lower == "and" || tokens[i].lower == "or") else { return false }
            if tokens[i].isOne(of: ",") { i += 1 }
        }
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let irregularPastForms = Lexicon.irregularPastForms
        let adverbs = Self.adverbs
        let beForms = Self.beForms
        let haveForms = Self.haveForms
        let haveOrBeForms = Self.haveOrBeForms
        let notAfterBe = Self.notAfterBe
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word {
            // Most words are neither form: one lookup of the lowercase form, read in place, turns
            // them away (a word with `’` is looked up by its ``Token/norm`` below).
            if !tokens[i].traits.contains(.curlyApostrophe), !haveOrBeForms.containsLower(of: tokens, i) { continue }
            let a = tokens.norm(i)
            let isHave = haveForms.contains(a), isBe = beForms.contains(a)
            guard isHave || isBe, var j = RuleSupport.nextWord(sentence, after: i) else { continue }
            if adverbs.containsLower(of: tokens, j), let k = RuleSupport.nextWord(sentence, after: j) { j = k }
            // A base form after a perfect “have” (“I have send it”, “she has eat the cake”): the
            // participle, for irregular verbs whose base is seldom a noun, before an object, an
            // adverb or the end of the clause (so that “we have send and receive buttons” stays).
            if isHave, a != "having", tokens[j].startsLowercase, let participle = Self.participleOfBase[tokens[j].lower] {
                let k = sentence.nextNonSpace(after: j)
                let verbOnly = Self.verbOnlyBases.containsLower(of: tokens, j)
                let ends = k.map { tokens[$0].kind == .punctuation ? tokens[$0].isOne(of: ".,!?;:") : tokens[$0].kind == .word
                    && (Self.objectStarts.contains(tokens[$0].lower) || tokens[$0].lower.isAny(of: "yet", "already", "before", "home", "back", "there", "here", "out", "up", "away", "everything", "nothing", "something", "anything")
                        || (verbOnly || tokens[j].lowerIs("go")) && Self.prepositionsAfter.contains(tokens[$0].lower)
                        // A base that is no noun, before a word that is no conjunction (“have eat lunch”).
                        || verbOnly && !tokens[$0].lower.isAny(of: "and", "or", "nor", "but") && k == j + 2) } ?? true
                if let k, tokens[k].isOne(of: "-/") { continue }
                if ends {
                    out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [participle],
                                         message: "Use the past participle “\(participle)” after “\(tokens[i].text)”; “\(tokens[j].text)” is the base form."))
                }
                continue
            }
            guard tokens[j].startsLowercase else { continue }
            // “is be” (findutils' manual: “any part of the document is be so terse”): a word too
            // many, one of the two; which one is the writer's to say, so no fix is offered.
            if isBe, tokens[j].lowerIs("be"), a.isAny(of: "is", "was", "are", "were", "isn't", "wasn't", "aren't", "weren't") {
                out.append(ProofreadingSuggestion(range: NSRange(location: tokens[i].range.location,
                                                                 length: tokens[j].range.location + tokens[j].range.length - tokens[i].range.location),
                                     replacements: [],
                                     message: "“\(tokens[i].text) \(tokens[j].text)”: one of the two verbs is a word too many.",
                                     isConfident: false))
                continue
            }
            // A base form after a passive “be” (“The houses were build in 1920”, “must be build
            // from source”, “what has been build”): the participle of any verb the lexicon gives
            // an irregular one.
            if isBe, let participle = Self.passiveParticiple(sentence, be: i, verb: j, lexicon: context.lexicon) {
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [participle],
                                     message: "Use the past participle “\(participle)” after “\(tokens[i].text)”; “\(tokens[j].text)” is the base form."))
                continue
            }
            // The listed verbs, then any verb whose simple past the part-of-speech lexicon knows
            // as that alone (“has swore”, “had underwent”, “was forbade”).
            let forms: (base: String, participle: String)
            if let listed = irregularPastForms[tokens[j].lower] {
                forms = listed
            } else if let known = context.lexicon.irregularPast(tokens[j].lower) {
                forms = (known.lemma, known.participle)
            } else {
                continue
            }
            if forms.participle == forms.base && tokens[j].lower == forms.base { continue }
            if isBe {
                if notAfterBe.containsLower(of: tokens, j) { continue }
                // “it's drove” is rare; “be” + past only for a passive reading.
                if a == "get" || a == "got" || a == "gets" { guard tokens[j].lower.isAny(of: "took", "stole", "broke", "forgot", "shook", "hid", "threw", "chose", "wrote", "spoke") else { continue } }
            }
            if a.isAny(of: "he's", "she's", "it's", "who's", "that's") {
                // “he's” may be “he is”: only participles never used as adjectives.
                guard tokens[j].lower.isAny(of: "went", "came", "ate", "gave", "took", "did", "began", "ran", "knew", "saw", "wrote", "drove", "flew", "grew", "threw", "became") else { continue }
            }
            if tokens[j].lowerIs("saw") || tokens[j].lowerIs("bit") {
                // “had a saw”, “have a bit”: only before a determiner/pronoun/punctuation (“can be saw in”).
                guard let k = sentence.nextNonSpace(after: j), tokens[k].kind == .punctuation || tokens[k].lower.isAny(of: "in", "on", "at", "by", "it", "him", "her", "them", "the", "that", "this", "a", "an",
                                                                                                                               "such", "me", "us", "you", "my", "your", "his", "our", "their", "those", "these") else { continue }
                if isHave, let k = sentence.nextNonSpace(after: j), tokens[k].lower.isAny(of: "in", "on", "at", "by") { continue }
            }
            out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: [forms.participle],
                                 message: "Use the past participle “\(forms.participle)” after “\(tokens[i].text)”; “\(tokens[j].text)” is the simple past."))
        }
        return out
    }
}
