import Foundation

/// Where a possessive determiner (“your”, “their”) belongs and a contraction or adverb
/// (“you're”, “they're”, “there”) was written instead.
enum PossessiveSlot {
    /// Prepositions after which a pronoun is an object: “you're” cannot follow, “your” can.
    static let prepositions: WordSet = [
        "at", "from", "in", "into", "on", "onto", "of", "with", "without", "within", "by", "under", "about", "through",
        "across", "behind", "inside", "outside", "toward", "towards", "upon", "over", "between", "among", "via",
    ]
    /// Nouns that may follow “you're” as a predicate (“you're family”, “you're friends with”).
    static let predicateNouns: WordSet = [
        "family", "home", "here", "there", "together", "alone", "people", "friends", "partners", "twins", "cousins", "neighbors", "neighbours", "colleagues", "part",
        "toast", "gold", "dead", "welcome", "next", "up", "out", "in", "on", "off", "back", "it", "one", "kidding",
        "fine", "right", "wrong", "all", "both", "mine", "ours", "hers", "his", "theirs", "yourself", "yourselves",
        "human", "boss", "online", "offline", "first", "last", "free", "wanted", "fired", "nuts", "bananas", "best",
    ]

    /// Function words and quantifiers the dictionary marks as nouns (“more”, “none”).
    static let closedClass: WordSet = [
        "more", "less", "most", "much", "many", "few", "fewer", "least", "none", "not", "nor", "too", "very", "such",
        "what", "who", "whom", "which", "whose", "that", "than", "then", "this", "these", "those", "other", "others",
        "everything", "anything", "something", "nothing", "everyone", "anyone", "someone", "lot", "lots", "way",
        "bit", "kind", "sort", "type", "half", "twice", "sure", "now", "today", "tonight", "tomorrow", "yesterday",
    ]

    /// Verbs of handling things, whose object is a thing owned, never a clause or a quality
    /// (“lose your keys”; not “forget you're vegetarian”, “like you're honest”).
    static let objectVerbs: WordSet = [
        "lose", "loses", "lost", "loose", "find", "finds", "found", "bring", "brings", "brought", "take", "takes", "took",
        "grab", "grabs", "grabbed", "leave", "leaves", "left", "pick", "picks", "picked", "drop", "drops", "dropped", "hold",
        "holds", "held", "sell", "sells", "sold", "buy", "buys", "bought", "wash", "washes", "washed", "clean", "cleans",
        "cleaned", "pack", "packs", "packed", "fix", "fixes", "fixed", "borrow", "borrows", "borrowed", "lend", "lends", "lent",
        "share", "shares", "shared", "keep", "keeps", "kept", "check", "checks", "checked", "open", "opens", "opened",
        // Verbs that take a thing, never a clause (“I value you're thoughts”, issue 34).
        "value", "values", "valued", "sharing",
    ]

    /// Finite verbs that follow a subject noun (“… name is”, “… car was”): the auxiliaries
    /// (``RuleSupport/finiteAuxiliaries``) and a few verbs of description.
    static let finiteVerbs: WordSet = RuleSupport.finiteAuxiliaries.union(["looks", "seems", "sounds", "needs", "makes", "goes", "belongs"])

    /// True when the contraction at token `i` (“you're”, “they're”) is followed by a noun where
    /// the possessive fits: after a preposition (“at you're desk”), or a noun-only word
    /// (`desk`, `logs`) followed by another word that is not a preposition (“you're logs
    /// anywhere”), or a noun opening the sentence with its own verb after it (“You're car is
    /// blocking”).
    static func isContractionBeforeNoun(_ sentence: Sentence, _ i: Int, classes: WordClasses?) -> Bool {
        let tokens = sentence.tokens
        guard let classes, let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { return false }
        let n = tokens[j]
        guard n.startsLowercase, n.text.count >= 3, !RuleSupport.isCodeLike(n),
              !closedClass.contains(n.lower), !Lexicon.determiners.contains(n.lower), !Lexicon.possessives.contains(n.lower),
              !n.lower.hasASCIISuffix("ly"), !n.lower.hasASCIISuffix("ing"), !n.lower.hasASCIISuffix("ed") else { return false }
        if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { return false }
        // After the verb of a question (“Who are you're friends?”, “Are they're parents
        // coming?”): “are you are” cannot be, so the contraction is the possessive, before
        // any noun (“friends” too).
        if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "are", "is", "were", "was", "aren't", "isn't", "weren't", "wasn't"),
           RuleSupport.separatedBySpaceOnly(sentence, p, i),
           RuleSupport.previousWord(sentence, before: p).map({ tokens[$0].lower.isAny(of: "who", "what", "where", "when", "why", "how", "which") }) ?? true,
           // A noun or a plural in -s (en_US lists `friend/UGSDY`, without the noun flag `M`);
           // an adjective is a predicate gone wrong (“Are you're sure?”), but a plural is none.
           n.lower.hasASCIISuffix("s") && classes.entry(String(n.lower.dropLast()))?.contains("S") == true
            || (classes.isNoun(n.lower) || classes.entry(n.lower)?.contains("S") == true) && !classes.isAdjectiveLike(n.lower) { return true }
        guard !predicateNouns.contains(n.lower) else { return false }
        // The object of a verb that takes a thing (“to loose you're keys”, “sold they're
        // house”): a noun only or a plural noun (`passport`, `keys`; not `sure`, `busy`, `vegetarian`), wherever the clause goes on.
        if let p = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, p, i), tokens[p].startsLowercase,
           objectVerbs.containsLower(of: tokens, p),
           classes.isPureNoun(n.lower) || classes.singular(ofPlural: n.lower) != nil && !classes.isAdjectiveLike(n.lower) { return true }
        let afterPreposition = RuleSupport.previousWord(sentence, before: i).map { prepositions.contains(tokens[$0].lower) } ?? false
        if afterPreposition { return (classes.isNoun(n.lower) || classes.entry(n.lower)?.contains("S") == true) && !classes.isPresentParticiple(n.lower) }
        // The object of a verb of getting or answering: “I got you're message.” (not “see”, “get”:
        // “I see you're busy”).
        if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(
            of: "got", "received", "receive", "sent", "send", "checked", "appreciate", "appreciated", "answered", "forwarded", "reviewed"),
           classes.isPureNoun(n.lower) || n.lower.isAny(of: "email", "mail", "message", "letter", "reply", "note", "text", "call", "invitation") { return true }
        // “Thanks for you're email”, “Thank you for you're help”.
        if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("for"),
           let q = RuleSupport.previousWord(sentence, before: p), tokens[q].lower.isAny(of: "thanks", "thank", "you", "grateful", "sorry"),
           classes.isNoun(n.lower) || classes.entry(n.lower)?.contains("S") == true { return true }
        // The sentence's subject: “It's name is Rex.”, “You're car is blocking the drive.” — a
        // noun (verb uses too: “name”, “car”) and then a finite verb of its own.
        if RuleSupport.previousWord(sentence, before: i) == nil, classes.isNoun(n.lower),
           let k = RuleSupport.nextWord(sentence, after: j), finiteVerbs.containsLower(of: tokens, k) {
            return true
        }
        guard classes.isPureNoun(n.lower), let k = sentence.nextNonSpace(after: j), tokens[k].kind == .word else { return false }
        let a = tokens[k].lower
        // A noun used as an intensifier before an adjective (“you're super busy”, “you're mega
        // rich”): “you are” + adjective, not a possessive.
        if classes.isAdjectiveLike(a) { return false }
        return !prepositions.contains(a) && !a.isAny(of: "to", "for", "and", "or", "of", "now", "again", "too", "here", "there", "already")
    }

}
