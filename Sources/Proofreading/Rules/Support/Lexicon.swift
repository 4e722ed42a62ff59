import Foundation

/// Small closed word classes the rules share (lowercased, straight apostrophes).
enum Lexicon {
    /// The days of the week, Sunday first (1 = Sunday, as in `Calendar`).
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    /// The months, January first.
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                             "november", "december"]
    /// The cardinal number words from one to nineteen, then the tens to ninety.
    static let cardinals = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
                            "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    /// Articles and demonstratives.
    static let determiners: WordSet = ["a", "an", "the", "this", "that", "these", "those", "every", "each", "some", "any", "no"]
    /// Possessive determiners.
    static let possessives: WordSet = ["my", "your", "his", "her", "its", "our", "their"]
    /// Object pronouns.
    static let objectPronouns: WordSet = ["me", "you", "him", "her", "it", "us", "them"]
    /// Subject pronouns.
    static let subjectPronouns: WordSet = (["i", "you", "he", "she", "it", "we", "they"] as WordSet).hot()
    /// Words that open an object: a determiner, a possessive or an object pronoun (“the”, “my”,
    /// “them”).
    static let objectStarts: WordSet = determiners.union(possessives.set).union(objectPronouns.set)
    /// Indefinite pronouns.
    static let indefinites: WordSet = ["everyone", "everybody", "everything", "anyone", "anybody", "anything", "someone",
                                           "somebody", "something", "nobody", "nothing", "people"]
    /// Common comparative adjectives and adverbs.
    static let comparatives: WordSet = [
        "better", "worse", "bigger", "smaller", "easier", "harder", "faster", "slower", "larger", "higher", "lower",
        "greater", "cheaper", "stronger", "weaker", "older", "younger", "happier", "richer", "taller", "smarter",
        "safer", "simpler", "cleaner", "clearer", "closer", "deeper", "wider", "louder", "quicker", "nicer",
        "newer", "hotter", "colder", "warmer", "heavier", "busier", "funnier", "prettier", "healthier", "sooner",
        "shorter", "longer", "fewer", "less", "more", "rather", "thicker", "thinner", "brighter", "darker", "lighter",
        "cooler", "wiser", "braver", "poorer", "sweeter", "softer", "tougher", "fitter", "lesser", "bolder",
        "calmer", "costlier", "riskier", "likelier", "lazier", "tighter", "looser", "sharper", "smoother", "stricter",
    ]
    /// Irregular verbs: simple past → (base, past participle), where the two past forms differ.
    /// ``irregularPast`` for lookups (no SipHash per query).
    static let irregularPastForms = WordMap(irregularPast)
    /// ``irregularPastSame`` for lookups.
    static let irregularPastSameForms = WordMap(irregularPastSame)

    static let irregularPast: [String: (base: String, participle: String)] = [
        "went": ("go", "gone"), "came": ("come", "come"), "ate": ("eat", "eaten"), "wrote": ("write", "written"),
        "saw": ("see", "seen"), "did": ("do", "done"), "began": ("begin", "begun"), "ran": ("run", "run"),
        "took": ("take", "taken"), "gave": ("give", "given"), "knew": ("know", "known"), "drove": ("drive", "driven"),
        "wore": ("wear", "worn"), "broke": ("break", "broken"), "spoke": ("speak", "spoken"), "stole": ("steal", "stolen"),
        "swam": ("swim", "swum"), "rode": ("ride", "ridden"), "rang": ("ring", "rung"), "sang": ("sing", "sung"),
        "drank": ("drink", "drunk"), "forgot": ("forget", "forgotten"), "chose": ("choose", "chosen"),
        "flew": ("fly", "flown"), "grew": ("grow", "grown"), "threw": ("throw", "thrown"), "froze": ("freeze", "frozen"),
        "hid": ("hide", "hidden"), "fell": ("fall", "fallen"), "shook": ("shake", "shaken"), "woke": ("wake", "woken"),
        "became": ("become", "become"), "blew": ("blow", "blown"), "drew": ("draw", "drawn"), "mistook": ("mistake", "mistaken"),
        "undertook": ("undertake", "undertaken"), "overtook": ("overtake", "overtaken"), "forgave": ("forgive", "forgiven"),
        "tore": ("tear", "torn"), "bore": ("bear", "borne"), "sank": ("sink", "sunk"), "shrank": ("shrink", "shrunk"),
        "sprang": ("spring", "sprung"), "stank": ("stink", "stunk"), "strove": ("strive", "striven"), "arose": ("arise", "arisen"),
        "rewrote": ("rewrite", "rewritten"), "withdrew": ("withdraw", "withdrawn"), "overcame": ("overcome", "overcome"),
        "bit": ("bite", "bitten"), "showed": ("show", "shown"),
    ]
    /// The base forms of the irregular verbs of ``irregularPast`` and ``irregularPastSame``
    /// (`go`, `run`, `take`, `send`): verbs whatever flags the dictionary gives them (en_US
    /// lists `run/ASM` and `take/AIMS` without `D` or `G`, their inflections being entries apart).
    static let irregularBases = WordSet(Set(irregularPast.values.map(\.base)).union(irregularPastSame.values).sorted())

    /// Irregular past participles (`written`, `broken`, `built`, `sent`): the participles of
    /// ``irregularPast`` and the forms of ``irregularPastSame``.
    static let irregularParticiples = WordSet(Set(irregularPast.values.map(\.participle)).union(irregularPastSame.keys).sorted())

    /// Irregular simple pasts whose participle is the same (for “did” + past → base).
    static let irregularPastSame: [String: String] = [
        "made": "make", "said": "say", "told": "tell", "thought": "think", "bought": "buy", "brought": "bring",
        "kept": "keep", "met": "meet", "paid": "pay", "slept": "sleep", "spent": "spend", "stood": "stand",
        "taught": "teach", "understood": "understand", "won": "win", "heard": "hear", "caught": "catch",
        "sent": "send", "built": "build", "lost": "lose", "sold": "sell", "held": "hold", "fought": "fight",
        "sought": "seek", "meant": "mean", "got": "get", "had": "have", "found": "find", "left": "leave",
    ]
}
