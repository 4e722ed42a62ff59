import Foundation

/// Flags a compound modifier before a noun written without hyphens: “a two year old reindeer”
/// → “two-year-old”, “a 100 metre sprint” → “100-metre”, “a step by step guide” →
/// “step-by-step”, “a cloud based service” → “cloud-based”, “a well known author” →
/// “well-known”, “a brand new car” → “brand-new”.
///
/// Follows LanguageTool's `MISSING_HYPHEN` and `COMPOUND_ADJECTIVE_NOUN` (grammar.xml) and the
/// Chicago Manual of Style (17th ed., §7.81 and its hyphenation table): a compound that
/// modifies a following noun is hyphenated; after the noun (“the car is brand new”) it is not.
/// The compounds are recognised by form, not listed one by one: a number with a singular unit,
/// a repeated noun around “to” or “by”, “well” with a participle, and a noun or adjective with
/// a combining word such as *-based*, *-driven*, *-eyed*; a short list covers the rest.
public struct CompoundModifierHyphenRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(CompoundModifierHyphenRule.patternWords), HotWordList(RuleSupport.beForms), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_COMPOUND_MODIFIER_HYPHEN"
    /// An optional comma or hyphen: quiet in technical documents (``TechnicalDocumentStyle``).
    public var quietInTechnicalDocuments: Bool { true }
    /// The rule's category.
    public let category = RuleCategory.punctuation
    /// One line saying what the rule checks.
    public let summary = "A compound modifier before a noun without hyphens"

    static let units: WordSet = [
        "year", "day", "week", "month", "hour", "minute", "second", "mile", "metre", "meter", "kilometre", "kilometer",
        "foot", "inch", "page", "story", "storey", "room", "person", "man", "piece", "step", "point", "star", "seat",
        "door", "lane", "bedroom", "game", "night", "course", "bit", "dollar", "pound", "euro", "percent", "gallon",
        "litre", "liter", "ton", "tonne", "degree", "volt", "watt", "part", "word", "line", "level", "member", "stage",
    ]
    /// Number words that make a compound modifier with a unit (“a two-hour meeting”).
    static let numberWords = WordSet(Array(Lexicon.cardinals.dropFirst()) + ["hundred", "thousand", "half", "single", "double", "multi"])
    /// Number words that count things rather than measure them: with ``signUnits`` they name a
    /// sign (“a single percent sign”).
    static let countWords: WordSet = ["single", "double", "triple", "multi", "half"]
    /// Units that are also the names of signs (`%`, `$`, `#`, `€`).
    static let signUnits: WordSet = ["percent", "dollar", "pound", "euro"]
    /// Second parts that make a compound adjective with the word before them.
    static let combining: WordSet = [
        "based", "related", "oriented", "driven", "friendly", "minded", "eyed", "haired", "hearted", "looking",
        "catching", "carrying", "consuming", "saving", "lasting", "breaking", "loving", "owned", "aware", "sensitive",
        "specific", "intensive", "proof", "wide", "centric", "facing", "legged", "handed", "faced", "headed", "shaped",
        "colored", "coloured", "sized", "fed", "built", "powered", "enabled", "dependent", "bound",
    ]
    /// Combining words made from a noun (“eyed” from *eye*) or of appearance, which take an
    /// adjective before them (“blue-eyed”, “open-minded”, “odd-looking”, “high-powered”). The
    /// other combining words are participles and adjectives that an adjective before them
    /// modifies with the noun, not with them: “a small breaking change”, “a new based class”.
    static let takeAdjectives: WordSet = [
        "eyed", "haired", "hearted", "minded", "legged", "handed", "faced", "headed", "shaped", "colored", "coloured",
        "sized", "looking", "powered", "loving",
    ]
    /// Adjectives the dictionary gives noun and verb flags only (`major/SGMDY`, `minor/SMDG`).
    static let unflaggedAdjectives: WordSet = ["major", "minor", "main", "chief", "potential", "possible", "total", "former", "latter"]
    /// True when `w` (lowercase) is an adjective by the dictionary: it takes -est (`small`), or
    /// its superlative doubles the last letter (`big`, `biggest`), or it is one of
    /// ``unflaggedAdjectives``.
    static func isAdjective(_ w: String, _ classes: WordClasses) -> Bool {
        if classes.isAdjectiveLike(w) || unflaggedAdjectives.contains(w) { return true }
        guard let last = w.last, w.count >= 3 else { return false }
        return classes.isSuperlative(w + String(last) + "est")
    }

    /// True for a combining word that is also a verb's past tense (`owned`, `built`): after a
    /// subject it is that subject's verb.
    static func isPastTense(_ word: String) -> Bool {
        word.hasASCIISuffix("ed") || word.isAny(of: "built", "fed", "bound")
    }

    /// Function words the dictionary lets take -s (“ifs”, “buts”).
    static let notNouns: WordSet = [
        "and", "or", "to", "for", "than", "that", "which", "who", "ago", "later", "earlier", "before", "after", "long", "old",
        "away", "apart", "if", "as", "but", "because", "so", "when", "while", "where", "then", "there", "here", "now", "too",
        "also", "very", "not", "great", "good", "fine", "well", "back", "up", "down", "out", "off", "over", "again", "yet",
        "still", "just", "even", "ever", "never", "always", "more", "most", "less", "all", "both", "each", "only",
        "once", "twice", "today", "yesterday", "tomorrow", "tonight", "daily", "weekly", "monthly", "yearly",
        // A time adverbial after a measure: “it grew 12 percent last year”.
        "last", "next",
        // A measure's adjective ends the phrase: “the value is 64 bit wide” wants “bits”, not a hyphen.
        "wide", "high", "tall", "deep", "thick", "thin", "late", "early",
    ]
    /// Compounds that are not built by a pattern above.
    static let fixed: [[String]] = [
        ["brand", "new"], ["first", "hand"], ["heavy", "duty"], ["duty", "free"], ["long", "term"], ["short", "term"],
        ["full", "time"], ["part", "time"], ["high", "quality"], ["low", "cost"], ["high", "speed"], ["real", "time"],
        ["last", "minute"], ["up", "to", "date"], ["out", "of", "date"], ["state", "of", "the", "art"], ["open", "ended"],
        ["dual", "purpose"], ["follow", "up"], ["out", "of", "body"], ["old", "fashioned"], ["hard", "working"],
        ["good", "looking"], ["long", "lasting"], ["world", "famous"], ["cut", "throat"], ["mom", "and", "pop"],
        ["do", "or", "die"], ["cut", "and", "paste"], ["long", "distance"], ["low", "level"], ["high", "level"],
        ["top", "level"], ["second", "hand"], ["one", "off"], ["off", "site"], ["on", "site"], ["in", "depth"],
        ["large", "scale"], ["small", "scale"], ["full", "scale"], ["open", "source"], ["well", "being"],
    ]
    /// ``fixed`` by first word.
    static let fixedByFirst = WordMap(Dictionary(grouping: fixed, by: { $0[0] }))
    /// Words a pattern can start from (besides numbers): number words, “well”, the listed
    /// compounds' first words.
    static let firstWords: WordSet = numberWords.union(["well"]).union(fixed.map { $0[0] })
    /// Words after which a pattern can start from the word before: “to”, “by”, combining words.
    static let secondWords: WordSet = combining.union(["to", "by"])
    /// ``firstWords`` (``Flag/first``), ``secondWords`` (``Flag/second``), ``numberWords``
    /// (``Flag/number``) and ``fixedByFirst``'s keys (``Flag/fixed``) in one table: one lookup
    /// per word tells all four.
    static let patternWords: WordMap<UInt8> = ({
        var flags: [String: UInt8] = [:]
        for w in firstWords { flags[w, default: 0] |= Flag.first }
        for w in secondWords { flags[w, default: 0] |= Flag.second }
        for w in numberWords { flags[w, default: 0] |= Flag.number }
        for w in fixedByFirst.allKeys { flags[w, default: 0] |= Flag.fixed }
        return WordMap(flags)
    }() as WordMap<UInt8>).hot()
    /// The bits of ``patternWords``.
    enum Flag {
        static let first: UInt8 = 1, second: UInt8 = 2, number: UInt8 = 4, fixed: UInt8 = 8
    }

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Rudolph is a two year old reindeer.", "Rudolph is a two-year-old reindeer."),
                        ("He won the 100 metre sprint.", "He won the 100-metre sprint."),
                        ("Follow this step by step guide.", "Follow this step-by-step guide."),
                        ("We run a cloud based service.", "We run a cloud-based service."),
                        ("She is a well known author.", "She is a well-known author."),
                        ("Yesterday, she bought a brand new car.", "Yesterday, she bought a brand-new car."),
                        ("The eagle eyed editors found many errors.", "The eagle-eyed editors found many errors."),
                        ("We need a long term plan.", "We need a long-term plan."),
                        ("The long term effects are unknown.", "The long-term effects are unknown.")],
            correct: ["I will follow up next week.", "The register is 64 bits wide and 2 bytes deep.", "Two percent signs are replaced with a single percent sign.", "Each request has their own specific options.", "We need to follow up soon.", "The car is brand new.", "He is two years old.", "We walked step by step.", "The author is well known.",
                      "It took one year to finish.", "In two year's time we moved.", "The service is cloud based.",
                      "Feel free to ask.", "She works full time.", "They met face to face.", "A two-year-old child laughed.",
                      "You're looking great.", "She kept the simple and loving heart of her childhood.", "One person if asked would say no.", "Each Chamber shall elect one Member as a Chairperson.",
                      "The family owned three houses.", "The index built once is fast.", "Apple faced questions over privacy.",
                      "She said that the company faced stiff competition.",
                      "It is a small breaking change.", "This is a major breaking change.", "It was a big breaking change.",
                      "It grew 12 percent last year.", "Prices rose 5 percent next quarter.", "I turned 1 year old last week.",
                      "In the long term plans will change.", "Over the long term costs will fall.", "For the short term rates stay low."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let objectStarts = Lexicon.objectStarts
        let irregularPastForms = Lexicon.irregularPastForms
        let irregularPastSameForms = Lexicon.irregularPastSameForms
        let possessives = Lexicon.possessives
        let subjectPronouns = Lexicon.subjectPronouns
        let prepositions = PossessiveSlot.prepositions
        let beForms = RuleSupport.beForms
        let finiteAuxiliaries = RuleSupport.finiteAuxiliaries
        let modals = RuleSupport.modals
        let fixedByFirst = Self.fixedByFirst
        let notNouns = Self.notNouns
        let patternWords = Self.patternWords
        let units = Self.units
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        /// True when token `k` is a lowercase noun that ends the compound's noun phrase.
        func isNounAfter(_ k: Int?) -> Bool {
            guard let k else { return false }
            guard tokens[k].kind == .word, tokens[k].startsLowercase, !RuleSupport.isCodeLike(tokens[k]) else { return false }
            if k + 1 < tokens.count, tokens[k + 1].kind == .punctuation, tokens[k + 1].isOne(of: "-'\u{2019}") { return false }
            let w = tokens[k].lower
            if objectStarts.contains(w) || prepositions.contains(w) { return false }
            if beForms.contains(w) || modals.contains(w) || notNouns.contains(w) || w.hasASCIISuffix("ly") { return false }
            return classes.isNoun(w) || classes.entry(w)?.contains("S") == true || classes.entry(w)?.contains("M") == true
        }
        /// Emits a hyphenated replacement for the word tokens `a…b` (inclusive, separated by single spaces).
        func emit(_ words: [Int]) {
            guard words.count >= 2 else { return }
            for (x, y) in zip(words, words.dropFirst()) where !RuleSupport.separatedBySpaceOnly(sentence, x, y) || !tokens[x + 1].textIs(" ") { return }
            let fixed = words.map { tokens[$0].text }.joined(separator: "-")
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, words[0], words[words.count - 1]), replacements: [fixed],
                                 message: "Hyphenate the compound modifier before a noun: “\(fixed)”."))
        }
        /// The next word after `k` (``RuleSupport/nextWord(_:after:)``).
        func word(after k: Int) -> Int? { RuleSupport.nextWordInline(sentence, after: k) }
        /// True when the word at `k` opens its clause, alone or after a determiner or possessive.
        func opensClause(_ k: Int) -> Bool {
            var start = k
            if let p = RuleSupport.previousWord(sentence, before: k), determiners.containsLower(of: tokens, p) || possessives.containsLower(of: tokens, p) {
                start = p
            }
            return RuleSupport.opensClause(sentence, start)
        }
        /// True when a finite verb comes later in the sentence than token `k` (“The eagle eyed
        /// editors found …”: then the word at `k` is no verb of its own).
        func verbFollows(_ k: Int) -> Bool {
            var j = k + 1
            while j < tokens.count {
                let w = tokens[j].lower
                if tokens[j].kind == .punctuation, tokens[j].isOne(of: ",;:") { return false }
                if tokens[j].kind == .word, j > k + 1 {
                    if finiteAuxiliaries.contains(w) || irregularPastForms[w] != nil || irregularPastSameForms[w] != nil { return true }
                    if w.hasASCIISuffix("ed"), classes.isPastParticiple(w), !classes.isNoun(w) { return true }
                }
                j += 1
            }
            return false
        }
        var covered = -1
        // The ``patternWords`` flags of the word after the last one tested (the loop's next word,
        // unless a match covers it): each word is looked up once.
        var lookedUp: (index: Int, flags: UInt8) = (-1, 0)
        for i in tokens.indices where (tokens[i].kind == .word || tokens[i].kind == .number) && i > covered {
            // Most words start none of the patterns below: a number or number word, “well”, a
            // listed compound's first word, or a word before “to”, “by” or a combining word.
            let flags = lookedUp.index == i ? lookedUp.flags : patternWords.value(forLowerOf: tokens, i) ?? 0
            let next = word(after: i)
            var nextFlags: UInt8 = 0
            if let next {
                nextFlags = patternWords.value(forLowerOf: tokens, next) ?? 0
                lookedUp = (next, nextFlags)
            }
            if tokens[i].kind != .number, flags & Flag.first == 0, nextFlags & Flag.second == 0 { continue }
            // The compound must follow a determiner, a possessive, a number or an adjective slot:
            // not the start of a clause with a verb after it.
            let w = tokens[i].lower
            // Number + singular unit (+ “old”) + noun.
            if tokens[i].kind == .number || flags & Flag.number != 0, let unit = next, tokens[unit].startsLowercase, units.containsLower(of: tokens, unit),
               // “a single percent sign”, “a double dollar sign”: one sign, not a measure.
               !(tokens[i].kind == .word && Self.countWords.containsLower(of: tokens, i) && Self.signUnits.containsLower(of: tokens, unit)) {
                var parts = [i, unit]
                if let o = word(after: unit), tokens[o].lower == "old" { parts.append(o) }
                let after = RuleSupport.nextWord(sentence, after: parts.last!)
                // “a two year old”: the compound itself is the noun.
                // Without a noun after it, only after a determiner (“my two year old”): “I turned
                // 1 year old”, “she is 5 years old” are predicates.
                let nominal = parts.count == 3 && RuleSupport.previousWord(sentence, before: i).map { p in
                    Lexicon.determiners.containsLower(of: tokens, p) || Lexicon.possessives.containsLower(of: tokens, p)
                } == true
                if nominal || isNounAfter(after), !(tokens[i].kind == .number && tokens[i].textIs("1") && parts.count == 2) {
                    if let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "in", "for", "per", "every", "each", "after"), parts.count == 2 { continue }
                    emit(parts); covered = parts.last!; continue
                }
            }
            guard tokens[i].kind == .word, tokens[i].startsLowercase || sentence.previousNonSpace(before: i) == nil, !tokens[i].hasApostrophe,
                  !subjectPronouns.contains(w) else { continue }
            // Every pattern below goes on with a word after this one.
            guard let next else { continue }
            let nextLower = tokens[next].lower
            // A combining word is a second word other than “to” and “by” (compared by length first).
            let nextIsToOrBy = tokens[next].lowerIs("to") || tokens[next].lowerIs("by")
            let nextCombines = nextFlags & Flag.second != 0 && !nextIsToOrBy
            // “X to X”, “X by X” + noun.
            if nextIsToOrBy, let again = word(after: next), let noun = word(after: again), tokens[again].lower == w, classes.isNoun(w), isNounAfter(noun) {
                emit([i, next, again]); covered = again; continue
            }
            // “well known” + noun.
            if tokens[i].lowerIs("well"), let noun = word(after: next), classes.isPastParticiple(nextLower) || nextLower.isAny(of: "known", "written", "done", "made", "thought", "spoken", "read", "paid", "kept", "worn", "built"),
               isNounAfter(noun), let p = RuleSupport.previousWord(sentence, before: i), determiners.containsLower(of: tokens, p) || possessives.containsLower(of: tokens, p) {
                emit([i, next]); covered = next; continue
            }
            // Noun/adjective + combining word + noun: “cloud based service”. When the combining
            // word is also a past tense (“owned”, “faced”) and the noun opens its clause, the
            // noun is the subject and the word its verb: “The family owned three houses.”
            if nextCombines, Self.isPastTense(nextLower), opensClause(i), !verbFollows(next) { continue }
            // An adjective before a participle or an adjective modifies the noun phrase: “a small
            // breaking change”, “a major driven design” (not “record-breaking”, “blue-eyed”).
            if nextCombines, !Self.takeAdjectives.contains(nextLower), Self.isAdjective(w, classes) { continue }
            // … also when the sentence, not the dictionary, says it is an adjective (“their own
            // specific options”).
            if nextCombines, !Self.takeAdjectives.contains(nextLower), context.tags(of: sentence)[i].isAdjective { continue }
            if nextCombines, let noun = word(after: next), isNounAfter(noun), tokens[next].startsLowercase,
               let p = RuleSupport.previousWord(sentence, before: i) ?? Optional(i), p == i || determiners.containsLower(of: tokens, p) || possessives.containsLower(of: tokens, p) || tokens[p].kind == .word && classes.entry(tokens[p].lower)?.contains("R") == true,
               !beForms.contains(w), !modals.contains(w), classes.entry(w) != nil, !notNouns.contains(w),
               !prepositions.contains(w), !w.isAny(of: "and", "or", "but", "nor", "the", "a", "an"), !possessives.contains(w), !determiners.contains(w) {
                emit([i, next]); covered = next; continue
            }
            // Listed compounds + noun.
            // (Only a listed first word, as the flags tell, is looked up.)
            phrases: for phrase in flags & Flag.fixed != 0 ? fixedByFirst[w] ?? [] : [] {
                // The phrase's other words, one at a time (no array of indices unless it matches).
                var k = i
                for part in phrase.dropFirst() {
                    guard let n = word(after: k), tokens[n].lowerIs(part) else { continue phrases }
                    k = n
                }
                guard let noun = word(after: k), isNounAfter(noun) else { continue }
                var parts = [i]
                while let last = parts.last, last != k { parts.append(word(after: last)!) }
                // Attributive only: a determiner, possessive or adjective comes before, or the sentence starts.
                if let p = RuleSupport.previousWord(sentence, before: i), beForms.containsLower(of: tokens, p) || tokens[p].lower.isAny(of: "work", "works", "worked", "working", "study", "studies", "studied") { break }
                // After a modal, an auxiliary or a subject the words are a verb and its particle:
                // “I will follow up next week”, “we did follow up”.
                if let p = RuleSupport.previousWord(sentence, before: i), modals.containsLower(of: tokens, p) || subjectPronouns.containsLower(of: tokens, p)
                    || tokens[p].lower.isAny(of: "do", "does", "did", "please", "then", "also", "just", "never", "always") { break }
                // “in the long term”, “over the short term”: an adverbial phrase whose noun is “term”
                // itself; the word after it starts the clause (“In the long term plans will
                // change”), so nothing is hyphenated after a preposition and “the”.
                if tokens[k].lowerIs("term"), let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("the"),
                   let pp = RuleSupport.previousWord(sentence, before: p), tokens[pp].lower.isAny(of: "in", "over", "for", "during", "into", "through") { break }
                emit(parts); covered = parts.last!
                break
            }
        }
        return out
    }
}
