import Foundation

/// Flags a closed compound written as two words: “key note” → “keynote”, “some how”
/// → “somehow”, “note worthy” → “noteworthy”, “them selves” → “themselves”.
///
/// Follows LanguageTool's closed-compound rules (`HEAD_QUARTERS`, `SOME_HOW`, `NOTE_WORTHY`… in
/// grammar.xml) and Harper's `closed_compounds` linter, by form rather than by list: two
/// adjacent words whose concatenation is a dictionary word. Pairs that are also right apart
/// are left alone: a phrasal verb and its particle (“back up”, “set up”), function words (“any
/// one”, “may be”, “every day”, “in to”), and an adjective before a noun that the compound
/// does not mean (“black board”, “green house”).
public struct SplitCompoundRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(SplitCompoundRule.functionWords), HotWordList(SplitCompoundRule.listedFirsts), SplitCompoundRule.listed.hotWordList] }
    /// Stable rule ID.
    public let id = "EN_SPLIT_COMPOUND"
    /// The rule's category.
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "A closed compound written as two words"

    /// Words that make a correct two-word phrase with almost anything.
    static let functionWords: WordSet = ([
        "a", "an", "the", "any", "some", "every", "no", "all", "each", "in", "on", "to", "at", "by", "for", "of", "with", "up", "next",
        "out", "off", "over", "down", "away", "back", "through", "around", "about", "under", "may", "be", "can", "not",
        "is", "was", "are", "were", "so", "as", "if", "or", "and", "but", "for", "ever", "one", "body", "thing", "where",
        "day", "time", "more", "less", "way", "while", "ready", "together", "most", "other", "side", "self", "too", "there",
        "here", "this", "that", "what", "who", "how", "why", "when", "then", "than", "into", "onto", "upon", "per", "my",
        "your", "his", "her", "our", "their", "its", "he", "she", "we", "they", "you", "it", "me", "him", "us", "them",
        "i", "am", "right", "dare", "between", "first", "super", "non", "anti", "multi", "semi", "ultra", "mega", "mini", "micro", "man", "men", "person", "people", "place", "land", "work", "house", "room", "light", "line", "point", "set",
        "top", "bottom", "end", "part", "less", "full", "like", "long", "high", "low", "good", "new", "old", "big",
        "black", "white", "green", "red", "blue", "dark", "hot", "cold", "hard", "soft", "sea", "water", "fire", "air",
        "sun", "moon", "star", "step", "play", "book", "case", "board", "box", "ship", "hood", "dom", "ward", "wards",
        "wise", "ness", "ship", "able", "ful", "proof", "worthy", "free", "made", "known", "look", "see", "go", "get",
        "take", "make", "do", "run", "turn", "pass", "break", "come", "give",
    ] as WordSet).hot()
    /// Cardinal numbers: "four score", "one time", "ten fold" are written apart on purpose.
    static let numberWords = WordSet(Lexicon.cardinals + ["hundred", "thousand", "million"])
    /// Second parts that make a compound even after a function word (“some how”, “them selves”).
    static let alwaysJoin: WordSet = ["selves", "self", "how", "what", "ever", "theless", "stead", "worthy", "while"]
    /// First parts that always join those.
    static let joiningFirsts: WordSet = ["some", "them", "your", "him", "her", "our", "it", "my", "other", "never", "none", "in", "where", "what", "how", "note", "worth"]

    /// Closed compounds that learners write apart and whose two words, apart, would say
    /// nothing else (“grand mother”, “air port”), by first part. Pairs with a reading of their
    /// own apart (“key board members”, “a girl friend”, “any body of water”) stay out.
    static let closedCompounds: WordMap<WordSet> = WordMap([
        "grand": ["mother", "mothers", "father", "fathers", "parents", "parent", "son", "sons", "daughter", "daughters",
                  "child", "children", "ma", "pa"],
        "air": ["port", "ports", "plane", "planes", "craft"],
        "week": ["end", "ends"],
        "home": ["work", "town"],
        "bed": ["room", "rooms", "time"],
        "bath": ["room", "rooms", "tub"],
        "class": ["room", "rooms", "mate", "mates"],
        "room": ["mate", "mates"],
        "basket": ["ball"],
        "sun": ["glasses"],
        "head": ["phones", "ache", "aches"],
        "tooth": ["brush", "paste", "ache"],
        "hand": ["writing", "bag", "bags", "shake"],
    ])

    /// The first parts of the pairs that join whatever else holds: ``joiningFirsts`` and
    /// ``closedCompounds``' keys (one lookup rules both out for most words).
    static let listedFirsts: WordSet = (joiningFirsts.union(closedCompounds.allKeys) as WordSet).hot()

    /// Closed compounds written apart that the test by form cannot reach (a function word or a
    /// short word on one side, three words, or a compound that is wrong apart only in some
    /// contexts), as ``PhraseTable`` patterns with their one-word forms: “with out” → “without”,
    /// “through out” → “throughout”, “never the less” → “nevertheless”, “, where as” → “, whereas”,
    /// “e mail” → “email” (Merriam-Webster's entries; LanguageTool's `WHERE_AS`, `WITHOUT_OUT`
    /// and similar rules).
    static let listed = (PhraseTable([
        ("where ever [!did|do|does|can|could|would|will|have|has|had|is|are|was|were|am|shall|should|might|may]", "wherever"),
        ("[,|;] where as", "whereas"), ("every where", "everywhere"), ("some where", "somewhere"), ("any where", "anywhere"),
        ("else where", "elsewhere"), ("[^|,|;|and|but] mean while", "meanwhile"), ("[^|,|;|and|but] further more", "furthermore"),
        ("there fore", "therefore"), ("never the less", "nevertheless"), ("non the less", "nonetheless"),
        ("with out", "without"), ("[^|,|;|(|and|or|but|only|even|just|right|well|all] with in [!excess|vitro|vivo|situ|silico|utero|particular|part|-|turn|addition|general|effect|fact|total|return|kind|person|practice|theory|short|time|place|front|between|and|or]", "within"), ("through out", "throughout"), ("be cause", "because"), ("up coming", "upcoming"),
        ("[a|an|the|our|their|its|his|her|my|your|this|that|these|those] on going", "ongoing"), ("good bye", "goodbye"),
        ("good byes", "goodbyes"), ("web site", "website"), ("web sites", "websites"), ("e mail", "email"), ("e mails", "emails"),
        ("what so ever", "whatsoever"), ("an other [!than|hand|words]", "another"), ("base ball", "baseball"), ("foot ball", "football"),
        ("volley ball", "volleyball"), ("news paper", "newspaper"), ("news papers", "newspapers"), ("[a|the|my|your|his|her|our|their|its|this|that|new|each|every] note book", "notebook"),
        ("[the|my|your|our|their|his|her|these|those|new|strong] note books", "notebooks"), ("home made [!of|from|by|with|for|in|out|into|up|it|them]", "homemade"), ("hand made [!of|from|by|with|for|in|out|into|up|it|them]", "handmade"), ("life style", "lifestyle"),
        ("life styles", "lifestyles"), ("book shelf", "bookshelf"), ("book shelves", "bookshelves"), ("door way [!too|to|more|less|faster|slower|out|back|up|down|over|off|better|worse|beyond|ahead|past|into|through]", "doorway"),
        ("earth quake", "earthquake"), ("earth quakes", "earthquakes"), ("[a|the|my|your|his|her|our|their|its|this|that|new|each|every] pass word", "password"), ("[the|my|your|our|their|his|her|these|those|new|strong] pass words", "passwords"),
        ("data base", "database"), ("data bases", "databases"), ("soft ware", "software"), ("hard ware", "hardware"),
        ("lap top", "laptop"), ("lap tops", "laptops"), ("work shop", "workshop"), ("work shops", "workshops"),
        ("eye sight", "eyesight"), ("eye sore", "eyesore"), ("eye lash", "eyelash"), ("eye lashes", "eyelashes"), ("eye lid", "eyelid"),
        ("eye lids", "eyelids"), ("hair cut", "haircut"), ("hair cuts", "haircuts"), ("hair style", "hairstyle"), ("hair styles", "hairstyles"),
        ("hair brush", "hairbrush"), ("tooth pick", "toothpick"), ("tooth picks", "toothpicks"), ("finger nail", "fingernail"),
        ("finger nails", "fingernails"), ("toe nail", "toenail"), ("toe nails", "toenails"), ("foot print", "footprint"),
        ("foot prints", "footprints"), ("finger print", "fingerprint"), ("finger prints", "fingerprints"), ("rain coat", "raincoat"),
        ("rain bow", "rainbow"), ("snow flake", "snowflake"), ("snow flakes", "snowflakes"), ("sun flower", "sunflower"),
        ("sun flowers", "sunflowers"), ("water melon", "watermelon"),
        ("water melons", "watermelons"), ("straw berry", "strawberry"), ("straw berries", "strawberries"), ("pine apple", "pineapple"),
        ("pine apples", "pineapples"), ("pan cake", "pancake"), ("pan cakes", "pancakes"), ("cup cake", "cupcake"), ("cup cakes", "cupcakes"),
        ("cup board", "cupboard"), ("cup boards", "cupboards"), ("butter fly", "butterfly"),
        ("butter flies", "butterflies"), ("lady bug", "ladybug"), ("grass hopper", "grasshopper"), ("drive way [!too|to|more|less|faster|slower|out|back|up|down|over|off|better|worse|beyond|ahead|past|into|through]", "driveway"),
        ("drive ways", "driveways"), ("rail way [!too|to|more|less|faster|slower|out|back|up|down|over|off|better|worse|beyond|ahead|past|into|through]", "railway"), ("path way [!too|to|more|less|faster|slower|out|back|up|down|over|off|better|worse|beyond|ahead|past|into|through]", "pathway"), ("stair case", "staircase"),
        ("fire place", "fireplace"), ("fire wood", "firewood"), ("ware house", "warehouse"), ("court house", "courthouse"),
        ("[a|the|my|your|his|her|our|their|its|this|that|new|each|every] play ground", "playground"), ("[the|my|your|our|their|his|her|these|those|new|strong] play grounds", "playgrounds"), ("sky scraper", "skyscraper"), ("sky scrapers", "skyscrapers"),
        ("[a|the|my|your|his|her|our|their|its|this|that|new|each|every] check list", "checklist"), ("time line", "timeline"), ("time table", "timetable"), ("life guard", "lifeguard"),
        ("mish mash", "mishmash"), ("pot luck", "potluck"),
    ])).hot()

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The key note speaker was Bill Gates.", "The keynote speaker was Bill Gates."),
                        ("Some how, we made it out alive.", "Somehow, we made it out alive."),
                        ("This was a note worthy achievement.", "This was a noteworthy achievement."),
                        ("They were falling over them selves.", "They were falling over themselves."),
                        ("The boss was merely a figure head.", "The boss was merely a figurehead."),
                        ("My grand mother lives in Leeds.", "My grandmother lives in Leeds."),
                        ("We landed at the air port at noon.", "We landed at the airport at noon."),
                        ("We stayed home over the week end.", "We stayed home over the weekend.")],
            correct: ["Please back up your files.", "We set up the server.", "Does any one of them work?", "It may be late.",
                      "We walk every day.", "She went in to see him.", "He wrote on the black board.", "I need some time.",
                      "Log in to the site.", "We live next door.", "It was all ready.", "The house keeper left.", "It is a light weight.",
                      "Look at the sun light.", "I am used to running.", "He was a wise man among other wise men.",
                      "Its pull is super strong.", "They are worry warts.", "We need a grand plan.", "The air was warm.",
                      "He sat on the key board of the company.", "Is there any body of water nearby?",
                      "The sun set at six.", "Will the sun rise before we leave?", "Our home work station is new.", "She was now the right size.", "I dare say you are right.",
                      "They kept on going until dark.", "He had an other-worldly calm.",
                      "Each commit references a single tree and some parent commits.",
                      "Packing of a custom data type is described on the home page."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let objectPronouns = Lexicon.objectPronouns
        let alwaysJoin = Self.alwaysJoin
        let closedCompounds = Self.closedCompounds
        let functionWords = Self.functionWords
        let joiningFirsts = Self.joiningFirsts
        let listedFirsts = Self.listedFirsts
        let numberWords = Self.numberWords
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        var last = -1
        // The listed compounds are ``ClosedCompoundRule``'s (it wakes on their words only); a
        // pair this rule would join that touches one is left to it (found when a pair is found:
        // few sentences have one).
        var listedMatches: [(start: Int, end: Int, fix: String)]?
        guard let classes = context.wordClasses else { return out }
        for i in tokens.indices where tokens[i].kind == .word && i > last {
            // Two words separated by one space (tokens i, i + 1, i + 2).
            guard i + 2 < tokens.count, tokens[i + 2].kind == .word, tokens[i + 1].kind == .whitespace, tokens[i + 1].textIs(" ") else { continue }
            let j = i + 2
            // Lengths in UTF-16 units bound the lengths in characters from above: a cheap first
            // test, on the tokens in place (most pairs fail it; a copy of each costs more).
            guard tokens[i].range.length >= 2, tokens[j].range.length >= 3, tokens[i].range.length + tokens[j].range.length >= 6 else { continue }
            // Fields read in place: a copy of the token (two strings) costs more than the test.
            let ta = tokens[i].traits, tb = tokens[j].traits
            guard ta.contains(.startsLowercase) || sentence.previousNonSpace(before: i) == nil, tb.contains(.startsLowercase),
                  !RuleSupport.isCodeLike(tokens, i), !RuleSupport.isCodeLike(tokens, j),
                  !ta.contains(.apostrophe), !tb.contains(.apostrophe) else { continue }
            let aCount = ta.contains(.ascii) ? tokens[i].range.length : tokens[i].lower.count
            let bCount = tb.contains(.ascii) ? tokens[j].range.length : tokens[j].lower.count
            guard aCount >= 2, bCount >= 3, aCount + bCount >= 6 else { continue }
            if j + 1 < tokens.count, tokens[j + 1].kind == .punctuation, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            if i > 0, tokens[i - 1].kind == .punctuation, tokens[i - 1].isOne(of: "-'\u{2019}") { continue }
            // A function or number word on either side is never joined unless the pair is listed
            // (the test after the dictionary's, for pairs not forced; made first, as it is cheaper).
            // Each list is consulted once, on the words in place: most pairs end here, before
            // their words are bound (each binding retains a string).
            let hasFunctionWord = functionWords.containsLower(of: tokens, i) || functionWords.containsLower(of: tokens, j) || numberWords.containsLower(of: tokens, i)
            let listedFirst = listedFirsts.containsLower(of: tokens, i)
            let joins = listedFirst && alwaysJoin.containsLower(of: tokens, j) && joiningFirsts.containsLower(of: tokens, i)
            let closed = listedFirst && closedCompounds[tokens[i].lower]?.contains(tokens[j].lower) == true
            if hasFunctionWord, !joins, !closed { continue }
            let a = tokens[i].lower, b = tokens[j].lower
            // The joined word must be a dictionary word (or the plural of one), unless the pair
            // always joins: the test that turns most of the remaining pairs away.
            let known = classes.isEntryOrPlural(joining: a, b)
            if !known, !joins, !closed { continue }
            var forced = joins
            if closed {
                // “home work” before a noun modifies it (“home work station”).
                let goesOn = a == "home" && b == "work" && RuleSupport.nextWord(sentence, after: j).map { k in
                    RuleSupport.separatedBySpaceOnly(sentence, j, k) && tokens[k].startsLowercase
                        && (classes.isNoun(tokens[k].lower) || classes.entry(tokens[k].lower)?.contains("S") == true)
                        && !determiners.containsLower(of: tokens, k) && !objectPronouns.containsLower(of: tokens, k)
                } ?? false
                if !goesOn { forced = true } else { continue }
            }
            if !forced {
                // A function word, or a number and a noun, which count something (“Four score and
                // seven years ago”).
                if hasFunctionWord { continue }
                // Both parts must be words on their own, and neither a verb form before a particle.
                guard classes.entry(a) != nil, classes.entry(b) != nil || classes.singular(ofPlural: b) != nil else { continue }
                // An adjective before a noun means what it says (“a long distance”).
                if let f = classes.entry(a), f.contains("T") || f.contains("Y") && !f.contains("M"), classes.isNoun(b) { continue }
                // … also when the dictionary's flags don't say so but the sentence does (“a single
                // tree”, not “singletree”; “a top level command”): the tagger reads it as an adjective.
                if context.tags(of: sentence)[i].isAdjective, classes.isNoun(b) || classes.singular(ofPlural: b) != nil { continue }
                // Two nouns with a plural second part are an open compound as often as a closed one
                // (“school teachers”, “text books”).
                if classes.isNoun(a), classes.singular(ofPlural: b) != nil { continue }
                // Two plain nouns (“hair spray”, “cell phone”) are often written apart as well.
                if classes.isSingularNoun(a), classes.isSingularNoun(b), !(classes.entry(a)?.contains("D") ?? false) { continue }
                if a.hasASCIISuffix("ing") || a.hasASCIISuffix("ed") || a.hasASCIISuffix("ly") || b.hasASCIISuffix("ly") || b.hasASCIISuffix("ing") && !["coming", "sourcing"].contains(where: { b == $0 }) { continue }
            }
            let joined = a + b
            // A closed form much rarer than its two parts (SCOWL's size 50 or more against 35 or
            // less: “datatype”, “homepage” beside “data type”, “home page”) is a variant of the
            // open form, not its correction; “keynote”, “figurehead” (35) still join.
            if !forced, let suggester = context.hunspell?.suggester, let tj = suggester.tier(of: joined), tj >= 50,
               let ta = suggester.tier(of: a), let tb = suggester.tier(of: b), ta <= 35, tb <= 35 { continue }
            // A compound whose open form is as standard (“file name”, GNU's spelling; “time
            // stamp”, “data set”: ``TechnicalVocabulary/openCompounds``).
            if TechnicalVocabulary.openCompounds.contains(joined) || TechnicalVocabulary.openCompounds.contains(joined + "s") { continue }
            guard known || forced && context.speller.isCorrect(joined), context.speller.isCorrect(joined) else { continue }
            if listedMatches == nil { listedMatches = Self.listed.matches(in: sentence) }
            if listedMatches!.contains(where: { j >= $0.start && i <= $0.end }) { continue }
            let fixed = RuleSupport.matchCase(joined, like: tokens[i].text)
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "Write “\(fixed)” as one word."))
            last = j
        }
        return out
    }
}
