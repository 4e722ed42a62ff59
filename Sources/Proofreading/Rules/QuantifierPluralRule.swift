import Foundation

/// Flags a singular countable noun after a word that calls for a plural: “many company” →
/// “many companies”, “several reason” → “several reasons”, “one of the reason” → “one of the
/// reasons”, “two car” → “two cars”.
///
/// Follows LanguageTool's `MANY_NN`, `ONE_OF_THE_NN` and `CD_NN` agreement rules (grammar.xml)
/// and Swan, *Practical English Usage* (§178, §529): *many*, *several*, *few*, *various*,
/// *numerous*, *both*, a number above one, *one of the* and *a number of* take a plural noun. A noun followed by
/// another noun is a modifier (“many car owners”, “two bedroom flat”) and is left alone; nouns
/// whose plural is the same or that are usually uncountable are left out.
public struct QuantifierPluralRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(QuantifierPluralRule.starters), HotWordList(RuleSupport.beForms), HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_QUANTIFIER_PLURAL"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A singular noun after “many”, “several”, a number or “one of the”"

    static let quantifiers: WordSet = ["many", "several", "few", "various", "numerous", "multiple", "countless", "both"]
    static let numbers: WordSet = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "twenty", "thirty", "forty", "fifty", "hundreds", "thousands", "millions"]
    /// Nouns that are the same in both numbers, usually uncountable, or units used after numbers.
    static let excluded: WordSet = WordSet([
        "people", "police", "staff", "data", "media", "fish", "sheep", "deer", "aircraft", "offspring", "cattle", "personnel",
        "series", "species", "public", "majority", "minority", "rest", "half", "lot", "number", "couple", "pair", "set",
        // Particles and adverbs that take the noun's place: “Nine out of ten”, “two up front”.
        "out", "up", "down", "off", "over", "back", "away", "apart", "ahead", "together",
        "percent", "dozen", "hundred", "thousand", "million", "billion", "time", "information", "advice", "equipment", "furniture",
        "knowledge", "research", "evidence", "news", "money", "work", "homework", "software", "hardware", "traffic", "luggage",
        "baggage", "feedback", "progress", "weather", "water", "food", "fruit", "hair", "more", "less", "other", "others", "kind",
        "of", "times", "fold", "way", "man", "woman", "child", "person", "foot", "tooth", "mouse", "goose", "stuff",
        "each", "one", "such", "much", "enough", "same", "last", "first", "next", "old", "new",
    ])

    /// Nouns that name one of their kinds by a number after them (“base 2”, “version 3”, “level
    /// 1”, “type 2”, “section 4”): the number is a label, and the noun after it is singular.
    static let labelNouns: WordSet = [
        "base", "version", "level", "type", "class", "tier", "grade", "stage", "phase", "step", "page", "chapter", "section",
        "part", "volume", "issue", "revision", "release", "generation", "mark", "model", "series", "size", "layer", "ring",
        "channel", "port", "slot", "zone", "category", "priority", "rank", "round", "protocol", "format", "option",
        "mode", "method", "figure", "table", "appendix", "rule", "article", "clause", "item", "number",
    ]
    /// Words that may follow the noun phrase although the dictionary marks them as nouns.
    static let afterNoun: WordSet = ["that", "which", "who", "to", "in", "of", "for", "on", "at", "with", "from", "during", "about", "into", "through", "without", "among", "between",
                                       "is", "are", "was", "were", "will", "would", "can", "could", "should", "must", "have", "has", "had", "last", "next", "ago", "every", "each", "before", "after", "here", "there", "home", "back", "yesterday", "today", "instead", "like", "because", "but", "so", "as", "when", "where", "while", "since", "until"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("There are many company that do this.", "There are many companies that do this."),
                        ("I have several reason to stay.", "I have several reasons to stay."),
                        ("This is one of the reason that I left.", "This is one of the reasons that I left."),
                        ("We bought two car last year.", "We bought two cars last year."),
                        ("It will lower the number of car.", "It will lower the number of cars."),
                        ("One of the reason is the cost.", "One of the reasons is the cost."),
                        ("Both element are red.", "Both elements are red."),
                        ("We bought many thing at the shop.", "We bought many things at the shop."),
                        ("Many student came.", "Many students came."), ("Three student came.", "Three students came."),
                        ("Several customer complained yesterday.", "Several customers complained yesterday."),
                        ("Several strange phenomenon appeared.", "Several strange phenomena appeared.")],
            correct: ["Nine out of ten people agree.", "It is calculated using the base 2 logarithm.", "The version 3 header is longer.", "One of the two will win.", "Many car owners agree.", "We rented a two bedroom flat.", "Several of them came.", "Many thanks.",
                      "Meet me at 12 noon.", "Add 1/2 cup of sugar.", "He owns 40 head of cattle.",
                      "I have two years of experience.", "Both sides agree.", "Both aircraft crashed.", "Both time and money matter.",
                      "Both Fresnel and Stokes' theories were popular.", "They're both mad.", "Flamingoes and mustard both bite.", "One of the reasons is cost.", "Many a man has tried.",
                      "It costs two dollars.", "Build it for 64 bit.", "Few people know.", "Many people came.", "The number of people grew.",
                      "A number of car owners agree.", "One of the best is enough.", "Your phone number of course changed.", "A $10,000 investment into the fund grew.", "S_IRUSR  00400 user has read permission.", "A rule using the -4 option is inserted.",
                      "The SHA-256 hash is stored.", "The COVID-19 pandemic began.", "We ran a best-of-five match.",
                      "The top 10 list is here.",
                      "A 5 x 5 grid.", "A 2 × 4 board.", "The key may be an X.509 certificate.", "It reads a PKCS#8 key.",
                      "Java has no multiple inheritance.", "This is a tier 3 target.", "It is a tier 2 platform.", "Our phase 2 plan is ready.", "It runs on WASM targets.",
                      "Many student loans went unpaid.", "Three student teams competed.", "Several hundred came.", "Many came.",
                      "Two thousand people came.", "Few student groups remained.",
                      "After a minute or two she walked on.", "Values greater than 3 are changed to 3."])
    }

    /// Greek plurals that the dictionary also accepts with -s (“phenomenons”).
    static let greekPlurals = ["phenomenon": "phenomena", "criterion": "criteria"]

    /// The plural of `noun` (lowercased) if the dictionary accepts it.
    static func plural(of noun: String, speller: any Speller) -> String? {
        if let greek = Self.greekPlurals[noun] { return greek }
        var candidates: [String] = []
        if noun.hasASCIISuffix("y"), let b = noun.dropLast().last, !"aeiou".contains(b) { candidates.append(String(noun.dropLast()) + "ies") }
        if (String(noun.suffix(1))).isAny(of: "s", "x", "z") || noun.hasASCIISuffix("ch") || noun.hasASCIISuffix("sh") { candidates.append(noun + "es") }
        candidates.append(noun + "s")
        return candidates.first { speller.isCorrect($0) }
    }

    /// True when `t` is a verb's past tense that is neither a noun nor an adjective (“came”,
    /// “visited”; not “left”, “used”, “red”): after a counted noun it is the clause's verb
    /// (“Many student came”), so the noun ends its phrase. Swan, *Practical English Usage*,
    /// many and much; the past from ``Lexicon/irregularPastForms`` or the dictionary's `D` flag.
    static func isPastVerb(_ t: Token, classes: WordClasses) -> Bool {
        guard t.kind == .word, t.startsLowercase else { return false }
        let w = t.lower
        guard Lexicon.irregularPastForms[w] != nil || w.hasASCIISuffix("ed") && classes.isPastParticiple(w) else { return false }
        return !classes.isNoun(w) && !classes.isAdjectiveLike(w) && !Self.pastFormsOfOtherWords.contains(w)
    }

    /// True when token `a`, right after the counted noun at `k`, is the clause's finite verb as
    /// the tagger reads it (“Many student fail the exam”, “Several teacher said so”, “Various
    /// method exist”): the noun then ends its phrase. The tagger must read the noun as a
    /// singular noun and the verb as a finite verb or a modal, and the verb's form must not be a
    /// noun too (“many user reports”, “several build steps”: the noun modifies a plural), unless
    /// an object follows the present form (“Many developer use it”).
    static func isClauseVerb(_ sentence: Sentence, _ a: Int, after k: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        guard tokens[a].kind == .word, tokens[a].startsLowercase else { return false }
        let tags = context.tags(of: sentence)
        guard tags[k] == .NN else { return false }
        let possible = tags.possibleTags(at: a)
        switch tags[a] {
        case .MD:
            return true
        case .VBD:
            return !possible.contains(.NN) && !possible.contains(.NNS) && !possible.contains(.JJ)
        case .VBZ:
            return !possible.contains(.NNS)
        case .VBP:
            if !possible.contains(.NN) && !possible.contains(.JJ) { return true }
            guard let b = RuleSupport.nextWord(sentence, after: a), RuleSupport.separatedBySpaceOnly(sentence, a, b) else { return false }
            return Lexicon.objectStarts.containsLower(of: tokens, b)
        default:
            return false
        }
    }

    /// Past forms that are also a noun, an adjective or a present (“left”, “set”, “saw”, “felt”).
    static let pastFormsOfOtherWords: WordSet = ["left", "used", "set", "put", "cut", "read", "let", "hit", "cost", "shut", "lay", "found",
                                                 "saw", "bore", "fell", "lit", "led", "rose", "ground", "wound", "felt"]

    /// Nouns that stay singular after a number (time of day, British body weight, “head” of
    /// livestock).
    static let uncountedAfterNumbers: WordSet = ["noon", "midnight", "stone", "head", "hundredweight", "o'clock", "sharp"]

    /// The words a match can start from: quantifiers, number words and “one” (of the).
    static let starters: WordSet = (quantifiers.union(numbers).union(["one", "number"]) as WordSet).hot()
    /// Words before “number of” that make it a count of things (“a number of”, “the growing
    /// number of”).
    static let numberHeads: WordSet = ["a", "the", "large", "small", "great", "growing", "increasing", "total", "huge"]

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let objectPronouns = Lexicon.objectPronouns
        let subjectPronouns = Lexicon.subjectPronouns
        let prepositions = PossessiveSlot.prepositions
        let beForms = RuleSupport.beForms
        let afterNoun = Self.afterNoun
        let excluded = Self.excluded
        let numberHeads = Self.numberHeads
        let numbers = Self.numbers
        let quantifiers = Self.quantifiers
        let starters = Self.starters
        let uncountedAfterNumbers = Self.uncountedAfterNumbers
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word || tokens[i].kind == .number {
            // Tested in place: binding the word first would retain its string for every word.
            guard tokens[i].kind == .number || starters.containsLower(of: tokens, i) else { continue }
            let w = tokens[i].lower
            let t = tokens[i]
            var trigger = quantifiers.contains(w) || numbers.contains(w)
            if t.kind == .number, !t.text.utf8.contains(0x2E), let v = Double(String(t.text.filter { $0 != "," })), v > 1 { trigger = true }
            // A number glued to the word before it by a hyphen names a thing (“the SHA-256 hash”,
            // “the COVID-19 pandemic”, “a best-of-five match”); after “top” or “bottom” it ranks
            // (“the top 10 list”).
            // So does one glued by a full stop, a hash, a slash or a colon (“an X.509 certificate”,
            // “a PKCS#8 key”, “a 16:9 screen”).
            if i >= 2, tokens[i - 1].isOne(of: "-.#/:_+"), tokens[i - 2].kind == .word || tokens[i - 2].kind == .number { continue }
            // A number with a leading zero (open(2)'s “S_IRUSR  00400 user has read permission”:
            // a mode, a code) or an option's dash before it (iptables(8)'s “the -4 option”)
            // counts nothing.
            if t.kind == .number {
                let digits = Array(t.text.utf8.drop { $0 == 0x2D })
                if digits.count >= 2, digits[0] == 0x30, digits[1] >= 0x30, digits[1] <= 0x39 { continue }
                let dashed = t.text.utf8.first == 0x2D || i >= 1 && tokens[i - 1].isOne(of: "-")
                let before = t.text.utf8.first == 0x2D ? i - 1 : i - 2
                if dashed, before < 0 || tokens[before].isSpace || tokens[before].isOne(of: "([") { continue }
            }
            // A dimension: “a 5 x 5 grid”, “a 2 × 4 board”, “a 10 by 10 room”.
            if let p = sentence.previousNonSpace(before: i), tokens[p].lower.isAny(of: "x", "×", "by"),
               let q = sentence.previousNonSpace(before: p), tokens[q].kind == .number { continue }
            if t.kind == .number || numbers.contains(w), let p = RuleSupport.previousWord(sentence, before: i),
               tokens[p].lowerIs("top") || tokens[p].lowerIs("bottom") { continue }
            // A number after a noun that numbers its kinds names one of them (journald.conf(5)'s
            // “the base 2 logarithm”, “a version 3 header”, “the level 1 cache”, “a type 2 font”):
            // a label, not a count.
            if t.kind == .number, let p = sentence.previousNonSpace(before: i), p == i - 2, tokens[i - 1].isSpace,
               Self.labelNouns.containsLower(of: tokens, p) { continue }
            var start = i
            // “one of the reason”.
            if w == "one", let o = RuleSupport.nextWord(sentence, after: i), tokens[o].lowerIs("of"),
               let d = RuleSupport.nextWord(sentence, after: o), tokens[d].lower.isAny(of: "the", "my", "your", "his", "her", "our", "their", "these", "those") {
                trigger = true
                start = d
            }
            // “the number of car”, “a large number of reason”: “number of” counts a plural.
            var ofNumber = false
            if w == "number", let o = RuleSupport.nextWord(sentence, after: i), tokens[o].lowerIs("of"),
               let p = RuleSupport.previousWord(sentence, before: i), numberHeads.containsLower(of: tokens, p) {
                trigger = true
                ofNumber = true
                start = o
            }
            guard trigger, let j = RuleSupport.nextWord(sentence, after: start) else { continue }
            // Skip one adjective: “many new employee”.
            var k = j
            // (Not a word the tagger reads as a noun: “many friend in Paris”, whose dictionary
            // entry has the adverb flag of “friendly”.)
            if let f = classes.entry(tokens[j].lower), f.contains("T") || f.contains("Y") && !f.contains("M"), !classes.isNoun(tokens[j].lower),
               context.tags(of: sentence)[j] != .NN, let m = RuleSupport.nextWord(sentence, after: j) { k = m }
            let n = tokens[k]
            let nw = n.lower
            // A width in digits names an architecture or a type (“build it for 64 bit”, “the
            // binary is 32 bit”): technical writing's modifier, not a count of bits.
            if nw == "bit", t.kind == .number { continue }
            // “multiple inheritance”, “multiple dispatch”: technical terms of a mass noun.
            if w == "multiple", nw.hasASCIISuffix("ance") || nw.hasASCIISuffix("ence") || nw.isAny(of: "dispatch", "assignment", "precision", "choice") { continue }
            // A number word is counted, not a thing counted (“One of the two will win”).
            guard n.startsLowercase, !RuleSupport.isCodeLike(n), !excluded.contains(nw), !numbers.contains(nw), !nw.hasASCIISuffix("s"),
                  // A pronoun opens a clause of its own (“after a minute or two she walked on”),
                  // and a verb follows a number that ends its phrase (“greater than 3 are”).
                  !subjectPronouns.contains(nw), !objectPronouns.contains(nw), !RuleSupport.finiteAuxiliaries.contains(nw),
                  // A verb's -ing form is no count noun (“many dancing”), but “thing”, “string”, “king” are.
                  !nw.hasASCIISuffix("ing") || !classes.isPresentParticiple(nw),
                  // An adjective's entry (“patient”, “fine”) is a noun only where the tagger reads
                  // it so before the clause's verb (“Several patient complained”).
                  nw.count >= 3, !(classes.entry(nw).map { $0.contains("T") } ?? true)
                    || sentence.nextNonSpace(after: k).map({ Self.isClauseVerb(sentence, $0, after: k, context: context) }) == true,
                  !determiners.contains(nw), !prepositions.contains(nw) else { continue }
            if k + 1 < tokens.count, tokens[k + 1].isOne(of: "-'\u{2019}") { continue }
            // “one of the best”, “one of the last”: a superlative or ordinal standing for the noun;
            // “one of the team”: a group's member.
            if start != i, nw.isAny(of: "best", "worst", "latest", "last", "first", "least", "most", "rest", "other", "few")
                || NounAgreementWords.collective.contains(nw) { continue }
            // A noun entry; or a noun-or-verb entry (`reason/USDGB`, without the noun flag) where
            // the quantifier cannot stand alone as a pronoun (“Many covet…”): after “one of the”,
            // or after a verb.
            if !classes.isSingularNoun(nw) {
                guard let f = classes.entry(nw), f.contains("S"), f.contains("D") || f.contains("G") else { continue }
                let afterVerb = RuleSupport.previousWord(sentence, before: i).map { p in
                    let pw = tokens[p].lower
                    return pw.isAny(of: "have", "has", "had", "are", "were", "is", "was", "give", "gives", "gave", "need", "needs", "make", "makes", "made", "see", "saw", "find", "found", "take", "took", "know", "knew")
                } ?? false
                // Or the tagger reads it as a noun before the clause's verb (“Numerous study show”).
                guard start != i || afterVerb
                    || sentence.nextNonSpace(after: k).map({ Self.isClauseVerb(sentence, $0, after: k, context: context) }) == true else { continue }
            }
            // The noun ends its phrase (“many car owners”: a modifier; “many style and grammar
            // issues”: coordinated modifiers): punctuation or a word from a closed list follows.
            if let a = sentence.nextNonSpace(after: k) {
                let at = tokens[a]
                if at.kind == .punctuation ? !at.isOne(of: ".,!?;:)") : !(at.kind == .word && (afterNoun.contains(at.lower) || Self.isPastVerb(at, classes: classes)
                    || Self.isClauseVerb(sentence, a, after: k, context: context))) { continue }
                if at.lower.isAny(of: "and", "or") { continue }
            }
            // A number after a name or a noun is a label (“Windows 95 file”, “day 2 backup”); after
            // a pronoun it is a pronoun (“you two use”).
            if start == i, let p = RuleSupport.previousWord(sentence, before: i) {
                let pt = tokens[p]
                if pt.startsUppercase || objectPronouns.contains(pt.lower) || subjectPronouns.contains(pt.lower)
                    || pt.lower.isAny(of: "these", "those", "the", "a", "an", "of") && !quantifiers.contains(w) { continue }
                if t.kind == .number, classes.isNoun(pt.lower), !classes.isVerbBase(pt.lower) { continue }
                // A noun that is also a verb is a noun, and the number its label, after a
                // determiner, a possessive or an adjective (“a tier 3 target”, “the phase 2 plan”).
                if t.kind == .number, classes.isNoun(pt.lower), let q = RuleSupport.previousWord(sentence, before: p),
                   determiners.containsLower(of: tokens, q) || Lexicon.possessives.containsLower(of: tokens, q) || classes.isAdjectiveLike(tokens[q].lower) { continue }
            }
            if t.kind == .number, t.text.count == 4, let v = Int(t.text), v >= 1000, v <= 2100 { continue }
            // An amount of money modifies the noun (“a $10,000 investment”).
            if t.kind == .number, i > 0, tokens[i - 1].isOne(of: "$€£¥") { continue }
            // A fraction counts no things: “1/2 cup”, “3/4 mile”.
            if t.kind == .number, i > 0, tokens[i - 1].isOne(of: "/\u{2044}") { continue }
            // Nouns that keep their singular after a number: “12 noon”, “5 stone”, “40 head of
            // cattle”, “a 10 foot pole”.
            if uncountedAfterNumbers.contains(nw) { continue }
            // “Many a man”, “both of”.
            if w == "many", tokens[j].lowerIs("a") { continue }
            // “both” counts a noun only where a determiner stands: at the start, after a
            // preposition or a verb that takes an object (“I like both book”); after its subject
            // it floats (“they're both mad”, “mustard both bite”).
            if w == "both", let p = RuleSupport.previousWord(sentence, before: i) {
                let pw = RuleSupport.norm(tokens[p])
                guard prepositions.contains(pw)
                    || !beForms.contains(pw) && !pw.utf8.contains(0x27) && (classes.isVerbBase(pw) || classes.isPastParticiple(pw))
                else { continue }
            }
            guard let plural = Self.plural(of: nw, speller: context.speller) else { continue }
            let head = ofNumber ? "number of" : tokens[i].text + (start != i ? " of the" : "")
            out.append(ProofreadingSuggestion(range: n.range, replacements: [plural],
                                 message: "After “\(head)”, use the plural “\(plural)”."))
        }
        return out
    }
}
