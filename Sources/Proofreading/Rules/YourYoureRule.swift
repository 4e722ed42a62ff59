import Foundation

/// Flags “your” where “you're” (you are) is meant: “your welcome”, “your a genius”,
/// “your not”, “your going to”, “Did you know that your beautiful?”; and “you're” where the
/// possessive “your” is meant: “at you're desk”, “sends you're logs anywhere”.
public struct YourYoureRule: Rule {
    /// Stable rule ID.
    public let id = "EN_YOUR_YOU_RE"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“your” and “you're” (you are) confused"

    static let always: WordSet = ["a", "an", "the", "not", "gonna", "so", "very", "too", "really", "probably", "definitely", "always", "never", "just", "already", "still", "also", "absolutely", "totally", "such", "both", "all", "more", "less"]
    static let beforeBoundary: WordSet = [
        "welcome", "right", "wrong", "beautiful", "correct", "amazing", "awesome", "great", "crazy", "kidding",
        "joking", "lucky", "sure", "late", "done", "ready", "smart", "funny", "sick", "fine", "here", "there",
        "good", "nice", "kind", "sorry", "safe", "free", "cute", "gorgeous", "brilliant", "mistaken", "right.",
        "responsible", "able", "allowed", "supposed", "going", "trying", "looking", "using", "missing", "getting",
    ]

    /// The adverbs of ``always`` that may stand inside a noun phrase, before an adjective or a
    /// participle and its noun (“your already installed versions”).
    static let attributiveAdverbs: WordSet = ["so", "very", "really", "probably", "definitely", "always", "never", "already", "still", "also", "absolutely", "totally", "too"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I got you're message this morning.", "I got your message this morning."), ("Thanks for you're email.", "Thanks for your email."), ("You're car is blocking the drive.", "Your car is blocking the drive."), ("Thanks! Your welcome.", "Thanks! You're welcome."),
                        ("Let's see if your a developer.", "Let's see if you're a developer."),
                        ("Your not allowed in here.", "You're not allowed in here."),
                        ("I think your going to like it.", "I think you're going to like it."),
                        ("Leave the keys at you're desk.", "Leave the keys at your desk."),
                        ("The tool never uploads you're logs anywhere.", "The tool never uploads your logs anywhere."),
                        ("Is you're passport still valid?", "Is your passport still valid?"),
                        ("Who are you're friends?", "Who are your friends?"),
                        ("Are you're parents coming?", "Are your parents coming?"),
                        ("You are going to loose you're keys.", "You are going to loose your keys."),
                        ("Don't lose you're passport.", "Don't lose your passport."),
                        ("She took you're umbrella by mistake.", "She took your umbrella by mistake."),
                        ("I value you're thoughts on this.", "I value your thoughts on this."),
                        ("Thanks for sharing you're thoughts.", "Thanks for sharing your thoughts."),
                        ("Your right about the deadline.", "You're right about the deadline."),
                        ("Your right that we should go.", "You're right that we should go."),
                        ("I think your aware that it failed.", "I think you're aware that it failed."),
                        ("I think your late again.", "I think you're late again."), ("Hope your sorry now.", "Hope you're sorry now."),
                        ("Tell me if your interested in the job.", "Tell me if you're interested in the job."),
                        ("When your using the app, close the others.", "When you're using the app, close the others."),
                        ("I guess your busy this week.", "I guess you're busy this week."),
                        ("I hope your doing well.", "I hope you're doing well."),
                        ("Please update you're bookmarks.", "Please update your bookmarks."),
                        ("Call me before you're next on-call shift.", "Call me before your next on-call shift."),
                        ("Learning a language can open you're mind.", "Learning a language can open your mind.")],
            correct: ["Your belief that we should go is wrong.", "Your claim that it works is false.", "It was your idea that we go.",
                      "Your fear that it fails is reasonable.", "Your view that the plan works is shared.",
                      "I see you're busy.", "I get you're tired.", "I got you're right about that.", "Your welcome message appears on the home screen.", "Your right hand is on the wheel.",
                      "I tell you it's no good your being angry with me.", "Walk until you see the building on your right.", "Your going-away party was lovely.", "We value your trying new things.",
                      "I hope you're well.", "Let me know when you're done.", "You're friends with him, right?",
                      "That's the trouble you're in.", "It's better than you're used to.", "I know you're family.", "You're family now.", "You're sure is what I heard.",
                      "Are you're sure?", "Where are you're going?", "What is it you're doing?",
                      "I like you're honest.", "I forgot you're vegetarian.", "I found you're right.", "I love you're back.",
                      "Your late father would be proud.", "Your right to reply is kept.", "If your preferred editor is open, save first.",
                      "I think your own is better.", "Update your local copy.", "Your being late annoyed everyone.", "Your right under the law is clear.", "Your busy week is over.",
                      "Your doing so helped us.", "You're next in line.", "You're good company.", "I know you're old friends.",
                      "Then you're new here.", "You're next, then Sam.", "We see you're happy.", "It seems you're right.",
                      "I know you're super busy.", "You're super tired today.", "Check whether your already installed versions are recent.",
                      "Thanks for your always helpful advice."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["you're", "your"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Verbs whose object may be a clause without “that” (“I think your late”): after them
    /// “your” may open a clause, as at a sentence's start.
    static let clauseVerbs: WordSet = ["think", "hope", "know", "guess", "bet", "believe", "suppose", "feel", "say", "hear",
                                       "realize", "realise", "wish", "mean", "see", "assume", "reckon", "sure", "glad", "afraid"]

    /// True when “your” (token `i`) opens a clause and word `j` after it is read as its
    /// predicate, from the word's parts of speech rather than a list: a word whose likeliest
    /// tag is an adjective or a participle (`JJ`, `VBN`; “right”, “late”, “interested”,
    /// “logged”), followed by the clause's end or by a preposition, an adverb or “to” (“Your
    /// right about the deadline”, “if your interested in it”, “I think your late again”); or
    /// a present participle followed by a determiner, pronoun, “to”, a preposition or an
    /// adverb (“when your using the app”). A noun after the word makes it an attribute (“Your
    /// right hand”, “your preferred editor”); a word that can be a noun before “to” is one
    /// (“your right to reply”).
    static func isPredicate(_ sentence: Sentence, your i: Int, next j: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard tokens[j].startsLowercase, RuleSupport.separatedBySpaceOnly(sentence, i, j) else { return false }
        // Opening a clause: the sentence's start, after punctuation, a conjunction or
        // subordinator, or a verb that takes a clause.
        if !RuleSupport.opensClause(sentence, i) {
            guard let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i) else { return false }
            let tags = context.tags(of: sentence)
            let lemma = tags.lemma(at: p) ?? tokens[p].lower
            guard clauseVerbs.contains(lemma) || clauseVerbs.contains(tokens[p].lower) || tokens[p].lower.isAny(of: "when", "because", "since", "once", "unless", "until", "while", "and", "but", "so") else { return false }
        }
        let word = tokens[j].lower
        guard !word.isAny(of: "own", "very", "best", "worst", "last", "first", "next", "only", "other", "former", "latter", "said", "above", "below") else { return false }
        let weighted = context.lexicon.weightedTags(of: word)
        guard let likeliest = weighted.max(by: { $0.probability < $1.probability })?.tag else { return false }
        let tags = context.tags(of: sentence)
        // A word read more often as a noun (“right”: NN 132, JJ 87, RB 86 in the lexicon's
        // counts) is an adjective here only when the clause has no verb of its own after it:
        // “Your right about the deadline.” (no verb: “you're”) but “Your right under the law is
        // clear.”
        var adjectival = likeliest == .JJ || likeliest == .VBN
        // An adjective that takes a that-clause, before one with its own subject (“Your right
        // that we should go”, “I think your aware that it failed”): the clause's verb is the
        // that-clause's, not this one's.
        let adjectiveShare = weighted.reduce(Float(0)) { $0 + ($1.tag == .JJ || $1.tag == .VBN ? $1.probability : 0) }
        if adjectiveShare >= 0.2, let k = sentence.nextNonSpace(after: j), tokens[k].lowerIs("that"),
           let m = RuleSupport.nextWord(sentence, after: k), tags[m] == .PRP || tags[m] == .DT || tags[m] == .NNP || tags[m] == .EX {
            return true
        }
        let verbless = !Self.hasFiniteVerb(sentence, after: j, tags: tags)
        if !adjectival, likeliest != .VBG {
            let share = weighted.reduce(Float(0)) { $0 + ($1.tag == .JJ || $1.tag == .VBN ? $1.probability : 0) }
            guard share >= 0.2, verbless else { return false }
            if let k = sentence.nextNonSpace(after: j), tags[k] == .TO { return false }
            adjectival = true
        }
        guard let k = sentence.nextNonSpace(after: j) else { return adjectival }
        // A clause with no verb after the adjective has it as its predicate whatever follows but
        // a noun (“I guess your busy this week”; “your busy week” is a noun phrase).
        if adjectival, verbless, tokens[k].kind == .word, tokens[k].startsLowercase,
           !tags[k].isNoun, tags[k] != .JJ, tags[k] != .CD, tags[k] != .POS,
           let kLikeliest = context.lexicon.weightedTags(of: tokens[k].lower).max(by: { $0.probability < $1.probability })?.tag,
           !kLikeliest.isNoun, kLikeliest != .JJ {
            return true
        }
        if tokens[k].kind == .punctuation {
            guard adjectival else { return false }
            return tokens[k].isOne(of: ".!?,;:)") && !(tokens[k].isOne(of: ".") && tokens[k].range.length > 1)
        }
        guard tokens[k].kind == .word, tokens[k].startsLowercase else { return false }
        let after = tags[k]
        switch adjectival ? PennTag.JJ : likeliest {
        case .JJ, .VBN:
            if after == .TO { return !weighted.contains { $0.tag == .NN || $0.tag == .NNS } }
            return (after == .IN && !tokens[k].lower.isAny(of: "of", "that", "than")) || after == .RB && !tokens[k].lower.hasASCIISuffix("ly")
        case .VBG:
            guard word != "being", word != "having" else { return false }
            // “I hope your doing well”: an adverb, and no verb after it.
            if after == .RB, verbless { return true }
            return after == .DT || after == .PRP || after == .PRPS || after == .TO || after == .IN && !tokens[k].lower.isAny(of: "of", "that")
        default:
            return false
        }
    }

    /// Verbs (lemmas) whose object may be a clause without “that” (“I forgot you're
    /// vegetarian”, “I see you're busy”): after other verbs, “you're” before a noun is the
    /// possessive.
    static let clauseTakingVerbs: WordSet = [
        "think", "hope", "know", "guess", "bet", "believe", "suppose", "feel", "say", "hear", "realize", "realise", "wish", "mean",
        "see", "assume", "reckon", "forget", "remember", "like", "love", "hate", "find", "notice", "understand", "tell", "show",
        "swear", "promise", "admit", "imagine", "doubt", "figure", "pretend", "worry", "trust", "agree", "mind", "get", "expect",
        "fear", "suspect", "bet", "gather", "learn", "read", "write", "confirm", "claim", "insist", "prove", "wonder", "bet", "be",
        "have", "do", "seem", "appear", "sound", "look", "let", "make", "help", "want", "need", "hear", "check", "ensure", "make",
    ]
    /// Nouns that stand without a determiner after “you are” + adjective (“you're good
    /// company”, “you're old news”, “you're next door”).
    static let predicateMassNouns: WordSet = [
        "company", "fun", "news", "trouble", "material", "stuff", "help", "door", "luck", "value", "proof", "evidence", "history",
        "magic", "gold", "money", "family", "royalty", "competition", "management", "staff", "crew", "security", "support", "home",
    ]

    /// “you're” where the possessive belongs, read from parts of speech: the object of a verb
    /// that takes no clause (“update you're bookmarks”, “It open you're mind”), or a singular
    /// noun after one or two adjectives and no determiner (“before you're next on-call shift”,
    /// “you're new car is”): “you are new car” cannot be.
    static func isPossessiveByTags(_ sentence: Sentence, _ i: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j),
              tokens[j].startsLowercase, !RuleSupport.isCodeLike(tokens[j]) else { return false }
        let tags = context.tags(of: sentence)
        // The object of a verb of handling things, its noun after adjectives or not (“fixed
        // you're old bike”: “you are old bike” cannot follow “fixed”).
        var noun = j
        for _ in 0..<3 {
            guard tags[noun] == .JJ || tags[noun] == .JJS, let n = RuleSupport.nextWord(sentence, after: noun),
                  RuleSupport.separatedBySpaceOnly(sentence, noun, n) else { break }
            noun = n
        }
        if let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i),
           [.VB, .VBP, .VBD, .VBZ].contains(tags[p]), !RuleSupport.finiteAuxiliaries.contains(tokens[p].lower),
           !clauseTakingVerbs.contains(tags.lemma(at: p) ?? tokens[p].lower), !clauseTakingVerbs.contains(tokens[p].lower),
           tags[noun] == .NN || tags[noun] == .NNS, tokens[noun].startsLowercase, !PossessiveSlot.predicateNouns.contains(tokens[noun].lower),
           context.lexicon.weightedTags(of: tokens[noun].lower).max(by: { $0.probability < $1.probability })?.tag.isNoun == true {
            return true
        }
        // Adjectives, then a singular noun that ends the phrase.
        var k = j, adjectives = 0
        while adjectives < 3 {
            // A hyphenated modifier (“on-call”) is one adjective.
            if k + 2 < tokens.count, tokens[k + 1].isOne(of: "-"), tokens[k + 2].kind == .word,
               let m = RuleSupport.nextWord(sentence, after: k + 2) {
                k = m; adjectives += 1; continue
            }
            guard tags[k] == .JJ || tags[k] == .JJS, let n = RuleSupport.nextWord(sentence, after: k) else { break }
            k = n; adjectives += 1
        }
        guard adjectives >= 1, tags[k] == .NN, tokens[k].startsLowercase, !predicateMassNouns.contains(tokens[k].lower),
              !PossessiveSlot.closedClass.contains(tokens[k].lower),
              context.lexicon.weightedTags(of: tokens[k].lower).max(by: { $0.probability < $1.probability })?.tag == .NN else { return false }
        guard let after = sentence.nextNonSpace(after: k) else { return true }
        if tokens[after].kind == .punctuation { return tokens[after].isOne(of: ".!?,;:)") }
        // A time adverbial after the noun ends its phrase too (“you're old bike yesterday”).
        if timeAdverbials.contains(tokens[after].lower) { return true }
        return [.IN, .VBZ, .VBD, .MD, .TO, .CC].contains(tags[after])
    }

    /// Words that open a time adverbial after a noun phrase (“… bike yesterday”, “… car last week”).
    static let timeAdverbials: WordSet = ["yesterday", "today", "tonight", "tomorrow", "now", "again", "last", "next", "this", "every", "once", "twice"]

    /// True when a finite verb (`VBD`, `VBZ`, `VBP`, `MD`) follows token `j` in the sentence.
    static func hasFiniteVerb(_ sentence: Sentence, after j: Int, tags: SentenceTags) -> Bool {
        var k = j + 1
        while k < sentence.tokens.count {
            switch tags[k] {
            case .VBD, .VBZ, .VBP, .MD: return true
            default: k += 1
            }
        }
        return false
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let classes = context.wordClasses
        for i in sentence.tokens.indices where sentence.tokens[i].kind == .word && RuleSupport.norm(sentence.tokens[i]) == "you're" {
            let t = sentence.tokens[i]
            // A preposition after “you're” is no noun (“If you're behind a proxy”, “You're past
            // the deadline”), whatever flags the dictionary gives it (“behind”, “past” are nouns too).
            if let j = RuleSupport.nextWord(sentence, after: i), PossessiveSlot.prepositions.contains(sentence.tokens[j].lower) || sentence.tokens[j].lower.isAny(
                of: "past", "above", "below", "beyond", "near", "ahead", "after", "before", "off", "out", "up", "down", "around",
                "along", "against", "underneath", "alongside", "aboard", "amid", "like", "back", "home", "here", "there") { continue }
            guard PossessiveSlot.isContractionBeforeNoun(sentence, i, classes: classes) || Self.isPossessiveByTags(sentence, i, context: context) else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("your", like: t.text)],
                                 message: "Use the possessive “your” here; “\(t.text)” means “you are”."))
        }
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("your") {
            let t = tokens[i]
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let n = tokens[j].lower
            // After a preposition “your” is a possessive (“on your right”, “to your liking”).
            if let p = RuleSupport.previousWord(sentence, before: i),
               tokens[p].lower.isAny(of: "on", "to", "at", "from", "by", "with", "in", "for", "of", "into", "under", "about", "near") { continue }
            var flag = false
            if Self.always.contains(n) {
                flag = !(n == "being" && RuleSupport.previousWord(sentence, before: i).map { tokens[$0].lower.isAny(of: "for", "of", "about", "by") } == true)
                if n == "a" || n == "an", tokens[j].textIs("A") { flag = false }
                if n == "all", let k = RuleSupport.nextWord(sentence, after: j), !tokens[k].lower.isAny(of: "set", "done", "good", "right", "wrong", "welcome", "ready") { flag = false }
                if n == "more" || n == "less", let k = RuleSupport.nextWord(sentence, after: j), !tokens[k].lower.hasASCIISuffix("ly") && context.speller.isCorrect(tokens[k].text) && !tokens[k].lower.isAny(of: "likely", "than") { flag = false }
                // An adverb inside the possessive's noun phrase, before a modifier and its noun (“whether
                // your already installed versions”, “your always helpful advice”, “your so called
                // friends”): the possessive is right.
                if flag, Self.attributiveAdverbs.contains(n), let k = RuleSupport.nextWord(sentence, after: j),
                   let m = RuleSupport.nextWord(sentence, after: k), tokens[m].startsLowercase {
                    let tags = context.tags(of: sentence)
                    if [.JJ, .VBN, .VBD, .VBG].contains(tags[k]), tags[m] == .NN || tags[m] == .NNS,
                       RuleSupport.separatedBySpaceOnly(sentence, k, m) { flag = false }
                }
            } else if Self.beforeBoundary.contains(n) {
                if let k = sentence.nextNonSpace(after: j) {
                    let a = tokens[k]
                    if a.kind == .punctuation { flag = !a.isOne(of: "-'\u{2019}") }
                    else if n.isAny(of: "going", "trying", "looking", "using", "getting", "supposed", "able", "allowed") { flag = a.lowerIs("to") || (n == "using" || n == "getting" || n == "looking") && Lexicon.determiners.contains(a.lower) && false }
                    else { flag = a.lower.isAny(of: "to", "that", "for", "with", "about", "at", "in", "if", "enough", "and", "but") && !n.isAny(of: "right", "free") }
                } else { flag = true }
            }
            if !flag { flag = Self.isPredicate(sentence, your: i, next: j, context: context) }
            guard flag else { continue }
            out.append(ProofreadingSuggestion(range: t.range, replacements: [RuleSupport.matchCase("you're", like: t.text), RuleSupport.matchCase("you are", like: t.text)],
                                 message: "Use “you're” (you are) here; “your” is the possessive."))
        }
        return out
    }
}
