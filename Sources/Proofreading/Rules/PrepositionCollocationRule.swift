import Foundation

/// Flags a wrong preposition after a word that takes a fixed one: “depends of” → “depends on”,
/// “interested about” → “interested in”, “responsible of” → “responsible for”, “pay attention
/// at” → “pay attention to”, “in the internet” → “on the internet”, “in Monday” → “on Monday”.
///
/// Follows LanguageTool's `COLLOCATION_ERRORS_BOKOMARU` and related collocation rules
/// (grammar.xml) and the dependent-preposition tables of Swan, *Practical English Usage* (§427)
/// and the Cambridge Grammar of English (§A8). The table below is data: a head word with its
/// inflected forms, the prepositions that are wrong after it, and the right one. Only pairings
/// that are wrong in every reading are listed (“afraid for” and “interested by” are left out:
/// both are correct English).
public struct PrepositionCollocationRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(PrepositionCollocationRule.heads)] }
    /// Stable rule ID.
    public let id = "EN_PREPOSITION_COLLOCATION"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A wrong preposition after a word that takes a fixed one"

    /// One collocation: head forms, wrong prepositions, the right one.
    struct Entry: Sendable {
        var heads: [String]
        var wrong: [String]
        var right: String
    }

    /// Forms of a verb (base, -s, -ed, -ing) from its base and the forms given.
    static func verb(_ forms: String) -> [String] { forms.split(separator: " ").map(String.init) }

    static let table: [Entry] = [
        Entry(heads: verb("depend depends depended depending dependent"), wrong: ["of", "from", "in"], right: "on"),
        // (Not “dependency”: “a dependency of the parent” is as right as “a dependency on it”,
        // and “remove dependencies from the manifest”, “dependencies in CI” name a place.)
        Entry(heads: verb("dependence"), wrong: ["from", "in"], right: "on"),
        Entry(heads: verb("consist consists consisted consisting"), wrong: ["from", "to", "by"], right: "of"),
        Entry(heads: verb("interested interest"), wrong: ["about", "on", "for"], right: "in"),
        // (“the responsibility of the caller” says whose: see ``isWhoseResponsibility(_:_:)``.)
        Entry(heads: verb("responsible responsibility responsibilities"), wrong: ["of", "about"], right: "for"),
        Entry(heads: verb("afraid ashamed scared frightened terrified jealous envious proud fond"), wrong: ["from"], right: "of"),
        Entry(heads: verb("deprived composed independent independently rid"), wrong: ["from"], right: "of"),
        Entry(heads: verb("accustomed addicted addiction"), wrong: ["with", "of"], right: "to"),
        Entry(heads: verb("vulnerable immune susceptible"), wrong: ["from", "for"], right: "to"),
        Entry(heads: verb("suffer suffers suffered suffering"), wrong: ["of"], right: "from"),
        Entry(heads: verb("participate participates participated participating"), wrong: ["to", "at"], right: "in"),
        Entry(heads: verb("guilty"), wrong: ["for"], right: "of"),
        Entry(heads: verb("accused"), wrong: ["for"], right: "of"),
        Entry(heads: verb("full"), wrong: ["with"], right: "of"),
        Entry(heads: verb("similar"), wrong: ["as", "with"], right: "to"),
        Entry(heads: verb("famous"), wrong: ["of"], right: "for"),
        Entry(heads: verb("anxious"), wrong: ["of"], right: "about"),
        Entry(heads: verb("capable"), wrong: ["to"], right: "of"),
        Entry(heads: verb("congratulate congratulates congratulated congratulating congratulations"), wrong: ["for"], right: "on"),
        Entry(heads: verb("arrive arrives arrived arriving"), wrong: ["to"], right: "at"),
        Entry(heads: verb("crazy"), wrong: ["on"], right: "about"),
        Entry(heads: verb("aware"), wrong: ["about"], right: "of"),
        Entry(heads: verb("consequences consequence"), wrong: ["on"], right: "of"),
        Entry(heads: verb("contribution contributions"), wrong: ["on"], right: "to"),
        Entry(heads: verb("damage"), wrong: ["of"], right: "to"),
        Entry(heads: verb("analysis"), wrong: ["about"], right: "of"),
        Entry(heads: verb("perspectives perspective"), wrong: ["about"], right: "on"),
        Entry(heads: verb("departure"), wrong: ["of"], right: "from"),
        Entry(heads: verb("tired"), wrong: ["about"], right: "of"),
        Entry(heads: verb("disappointed"), wrong: ["from", "of"], right: "with"),
        Entry(heads: verb("married"), wrong: ["with"], right: "to"),
        // Session 45, from the Oxford Advanced Learner's Dictionary's entries (the preposition
        // each head takes) and the learner errors of CoNLL-2014's preposition type: “fond with”,
        // “satisfied from”, “rely of”, “different of”, “interested with”.
        Entry(heads: verb("fond"), wrong: ["with"], right: "of"),
        Entry(heads: verb("satisfied dissatisfied"), wrong: ["from"], right: "with"),
        Entry(heads: verb("rely relies relied relying"), wrong: ["of"], right: "on"),
        Entry(heads: verb("different"), wrong: ["of"], right: "from"),
        Entry(heads: verb("interested"), wrong: ["with"], right: "in"),
        // “good in math” → “good at”: only with a person's subject and a bare skill (see
        // ``isSkillComplement(_:_:_:context:)``); “good in bed”, “good in theory”, “good in the
        // morning” and “it is good in most cases” stay.
        Entry(heads: verb("good bad better worse best worst excellent great poor terrible hopeless brilliant awful"), wrong: ["in"], right: "at"),
        // Latin comparatives and “prior”, “preferable”, “compared” take “to”, never “than”.
        Entry(heads: verb("superior inferior senior junior preferable prior compared"), wrong: ["than"], right: "to"),
        // Session 47, from the Oxford Advanced Learner's Dictionary's entries and CoNLL-2014's
        // preposition errors; each row has a wrong and a right sentence in
        // preposition-collocations-2.txt. “look at” a thing (“look on it”), not “look on” as
        // an onlooker (“looked on as”, “look on the bright side”: see ``isLookOnObject(_:_:)``);
        // “an addition to” a group (see ``isAdditionTo(_:_:)``); “proud of”, “believe in”,
        // “insist on”.
        Entry(heads: verb("look looks looked looking"), wrong: ["on"], right: "at"),
        Entry(heads: verb("addition"), wrong: ["for"], right: "to"),
        Entry(heads: verb("proud"), wrong: ["on"], right: "of"),
        Entry(heads: verb("believe believes believed believing"), wrong: ["on"], right: "in"),
        Entry(heads: verb("insist insists insisted insisting"), wrong: ["for"], right: "on"),
    ]

    /// True when “on” at `j` after a form of “look” at `i` has a pronoun for its object and ends
    /// the phrase (“Please look on it”, “look on this when you can”): “look at”. An onlooker's
    /// “look on” (“they looked on”, “looked on as the house burned”), “look on it as a chance”
    /// (regard) and “look on the bright side” are left alone.
    static func isLookOnObject(_ sentence: Sentence, _ j: Int) -> Bool {
        let tokens = sentence.tokens
        guard let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k),
              tokens[k].lower.isAny(of: "it", "this", "that", "them", "him", "her", "me", "us") else { return false }
        guard let a = sentence.nextNonSpace(after: k) else { return true }
        return !tokens[a].lower.isAny(of: "as", "with", "from", "and", "which", "is", "was")
    }

    /// True when “addition” at `i` is a newcomer to a group (“a great addition for the team”,
    /// “a welcome addition for our family”): an article or an adjective of praise before it and a
    /// determiner or possessive after “for”.
    static func isAdditionTo(_ sentence: Sentence, _ i: Int, _ j: Int) -> Bool {
        let tokens = sentence.tokens
        guard let p = RuleSupport.previousWord(sentence, before: i),
              tokens[p].lower.isAny(of: "a", "an", "great", "good", "welcome", "valuable", "nice", "useful", "perfect", "wonderful", "excellent",
                                    "fine", "worthy", "important", "fantastic", "terrific", "strong", "real", "new", "latest", "newest", "recent", "in"),
              let k = RuleSupport.nextWord(sentence, after: j) else { return false }
        return Lexicon.determiners.containsLower(of: tokens, k) || Lexicon.possessives.containsLower(of: tokens, k)
    }
    /// Heads whose complement is a preposition and an -ing form, never a to-infinitive:
    /// “capable to win” → “capable of winning”, “insisted to pay” → “insisted on paying”,
    /// “succeeded to finish” → “succeeded in finishing” (Oxford Advanced Learner's Dictionary,
    /// entries *capable*, *insist*, *succeed*; “succeed to” a noun is another sense, “succeed to
    /// the throne”, and is left: only a verb after “to” is flagged).
    static let gerundComplement: WordMap<String> = WordMap([
        "capable": "of", "incapable": "of",
        "insist": "on", "insists": "on", "insisted": "on", "insisting": "on",
        "succeed": "in", "succeeds": "in", "succeeded": "in", "succeeding": "in",
    ])

    /// True when the word at `k` after “to” is “boot” ending a clause (before a punctuation
    /// mark or at the sentence's end): the idiom “to boot”, as well (patch(1): “will likely patch
    /// the wrong one, and tell you that it succeeded to boot.” was made “succeeded in booting”).
    static func isToBoot(_ sentence: Sentence, _ k: Int) -> Bool {
        guard sentence.tokens[k].lower == "boot" else { return false }
        guard let a = sentence.nextNonSpace(after: k) else { return true }
        return sentence.tokens[a].kind == .punctuation
    }

    /// Nouns that follow “good in”, “bad in” without an article in a standard phrase (“good in
    /// bed”, “good in theory”, “better in practice”, “good in school”, “good in person”): not a
    /// skill, so not “at”.
    static let notSkills: WordSet = ["bed", "theory", "practice", "general", "particular", "part", "parts", "person", "public", "private",
                                     "principle", "school", "class", "college", "university", "time", "turn", "advance", "short", "total",
                                     "fact", "return", "shape", "mind", "case", "places", "moderation", "context", "comparison", "contrast",
                                     "reality", "appearance", "spirit", "health", "form", "condition", "quality", "size", "color", "colour"]

    /// True when “in” at `j` after the adjective at `i` names a skill (“He is good in math”,
    /// “I am bad in English”, “She was better in swimming than me”): a personal pronoun or a name
    /// and a form of “be” before the adjective (an adverb between allowed), and after “in” one
    /// bare noun or -ing form ending the clause. Things are good *in* cases, places and times
    /// (“it is good in most cases”, “good in the morning”), which this leaves alone.
    static func isSkillComplement(_ sentence: Sentence, _ i: Int, _ j: Int, context: RuleContext) -> Bool {
        let tokens = sentence.tokens
        let tags = context.tags(of: sentence)
        guard let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k),
              tags[k] == .NN || tags[k] == .NNS || tags[k] == .NNP || tags[k] == .VBG,
              !notSkills.containsLower(of: tokens, k), !Lexicon.determiners.containsLower(of: tokens, k),
              !Lexicon.possessives.containsLower(of: tokens, k) else { return false }
        if let a = sentence.nextNonSpace(after: k) {
            let at = tokens[a]
            guard at.kind == .punctuation ? at.isOne(of: ".,!?;") : at.lower.isAny(of: "and", "but", "because", "than", "so", "too", "as") else { return false }
        }
        // Back over an adverb or two to “be” and its subject.
        var p = i
        for _ in 0..<3 {
            guard let q = RuleSupport.previousWord(sentence, before: p) else { return false }
            let qw = tokens[q].norm
            if qw.isAny(of: "i'm", "you're", "he's", "she's", "we're", "they're") { return true }
            if tags[q].isAdverb || qw == "not" { p = q; continue }
            guard qw.isAny(of: "am", "is", "are", "was", "were"), let s = RuleSupport.previousWord(sentence, before: q) else { return false }
            let sw = tokens[s].lower
            return sw.isAny(of: "i", "you", "he", "she", "we", "they") || tags[s] == .NNP && tokens[s].startsUppercase
        }
        return false
    }

    /// Verbs that take no preposition before their object: “discuss about” → “discuss”.
    /// ``table``'s entries by head form, in table order.
    static let tableByHead: WordMap<[Entry]> = {
        var index: [String: [Entry]] = [:]
        for entry in table { for head in entry.heads { index[head, default: []].append(entry) } }
        return WordMap(index)
    }()

    /// ``noPreposition``'s entries by head form, in list order.
    static let noPrepositionByHead: WordMap<[(heads: Set<String>, wrong: String)]> = {
        var index: [String: [(heads: Set<String>, wrong: String)]] = [:]
        for entry in noPreposition { for head in entry.heads { index[head, default: []].append(entry) } }
        return WordMap(index)
    }()

    static let noPreposition: [(heads: Set<String>, wrong: String)] = [
        (Set(verb("discuss discusses discussed discussing")), "about"),
        (Set(verb("mention mentions mentioned mentioning")), "about"),
        (Set(verb("emphasize emphasizes emphasized emphasizing emphasise emphasises emphasised emphasising")), "on"),
        (Set(verb("lacks lacked")), "of"),
        (Set(verb("consider considers considered considering")), "about"),
        (Set(verb("approach approaches approached approaching")), "to"),
        (Set(verb("resemble resembles resembled resembling")), "to"),
        // Session 47 (preposition-collocations-2.txt): “explain about the plan”, “describe about”,
        // “affect on them”, “trust on it”, “obey to the rules”, “comprise of” (not “is comprised
        // of”, which usage guides accept), “marry with”.
        (Set(verb("explain explains explained explaining")), "about"),
        (Set(verb("describe describes described describing")), "about"),
        (Set(verb("affect affects")), "on"),
        (Set(verb("trust trusts")), "on"),
        (Set(verb("obey obeys obeyed obeying")), "to"),
        (Set(verb("comprise comprises comprising")), "of"),
        (Set(verb("marry marries marrying")), "with"),
    ]
    /// Verbs of motion before “to home”, “to there”, “to abroad”.
    /// Every word a check below starts from: one lookup rules out the rest.
    static let heads: WordSet = (WordSet(tableByHead.allKeys).union(noPrepositionByHead.allKeys).union(motion).union(gerundComplement.allKeys)
        .union(["attention", "in", "at", "lot", "listen", "listens", "listened", "listening"]) as WordSet).hot()
    static let motion: WordSet = WordSet(verb("go goes went going gone come comes came coming return returns returned returning get gets got getting drive drives drove driving walk walks walked walking run runs ran running head heads headed heading fly flies flew flying hurry hurried rush rushed travel travels traveled travelled"))
    /// The days of the week, capitalised, also plural (“on Mondays”).
    static let weekdays = WordSet(Lexicon.weekdayNames.flatMap { n in [n.prefix(1).uppercased() + n.dropFirst(), n.prefix(1).uppercased() + n.dropFirst() + "s"] })
    /// The months (lowercase).
    static let months = WordSet(Lexicon.monthNames)
    /// Words before “affect” that make it a verb (a subject, a modal, “to”, an adverb of degree).
    static let affectVerbStarts: WordSet = ["i", "you", "we", "they", "he", "she", "it", "this", "that", "can", "could", "will", "would",
                                            "may", "might", "must", "should", "to", "not", "also", "directly", "negatively", "positively",
                                            "greatly", "really", "seriously", "badly", "strongly", "does", "do", "did", "which", "who"]

    /// Pages of the web, found or published “on” (“advertised on your website”).
    static let websites: WordSet = ["website", "websites", "webpage", "webpages", "homepage", "site"]
    static let online: WordSet = ["internet", "Internet", "web", "Web", "Facebook", "Twitter", "YouTube", "Instagram", "Wikipedia", "LinkedIn", "TikTok", "Reddit"]

    /// What meets someone who arrives (“arrived to a standing ovation”, “to the sound of bells”).
    static let receptions: WordSet = ["ovation", "ovations", "cheers", "applause", "welcome", "reception", "news", "sound", "sounds",
                                      "sight", "smell", "silence", "chaos", "boos", "music", "fanfare", "greeting", "greetings", "crowd", "crowds"]

    /// True when “responsibility of” at `i` says whose it is (“the responsibility of the
    /// caller”, “the sole responsibility of the user”): a determiner or possessive before the
    /// noun, with at most one adjective between. Taken on, it is “for” (“take responsibility of
    /// the locking” → “for”).
    static func isWhoseResponsibility(_ sentence: Sentence, _ i: Int) -> Bool {
        let tokens = sentence.tokens
        var k = i
        for _ in 0..<2 {
            guard let p = RuleSupport.previousWord(sentence, before: k) else { return false }
            if Lexicon.determiners.containsLower(of: tokens, p) || Lexicon.possessives.containsLower(of: tokens, p) { return true }
            k = p
        }
        return false
    }

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("It depends of the weather.", "It depends on the weather."),
                        ("I am responsible of marketing.", "I am responsible for marketing."),
                        ("He is very interested about history.", "He is very interested in history."),
                        ("Please pay attention at the road.", "Please pay attention to the road."),
                        ("I found it in the internet.", "I found it on the internet."),
                        ("We met in Monday.", "We met on Monday."),
                        ("We need to discuss about this.", "We need to discuss this."),
                        ("I went to home early.", "I went home early."),
                        ("She likes to listen music.", "She likes to listen to music."),
                        ("Most of them were afraid from the dark.", "Most of them were afraid of the dark."),
                        ("A lot people came.", "A lot of people came."),
                        ("This model is superior than the old one.", "This model is superior to the old one."),
                        ("We arrived to the station at noon.", "We arrived at the station at noon."),
                        ("They arrived to London on Friday.", "They arrived in London on Friday."),
                        ("They are capable to win.", "They are capable of winning."),
                        ("He is good in math.", "He is good at math.")],
            correct: ["We made a contribution on Monday.", "The ratio is dependent in a complicated way on the input.", "These are commands of interest for the superuser.", "Keep it as similar as possible to the original.", "Freeing the buffer is the responsibility of the caller.", "This reloads the configuration in the web server, not in the proxy.", "Each contribution on the date of its release counts.",
                      "It is a dependency of the parent module.", "It depends on the weather.", "I was afraid for my life.", "He was interested by the idea.",
                      "They got married with little money.", "We arrived to find the door open.", "She arrived to a standing ovation.", "He arrived to the sound of bells.", "We discussed it at length.", "I went to Home Depot.",
                      "Listen, music is life.", "I listen to music.", "We met in Monday's meeting.", "A lot more people came.",
                      "The bus arrived on time.", "He was accused of fraud.", "It consists in doing nothing.",
                      "We go to home games often.", "On the internet, nobody knows.", "In Friday night's briefing, police spoke.",
                      "The court enters a plea of not guilty for a defendant who refuses.",
                      "It is good in most cases.", "She is good in the morning.", "He succeeded to the throne.",
                      "It failed, and told you that it succeeded to boot.", "She was tired, hungry, and cold to boot."])
    }

    /// Matches in `sentence`.
    /// True when the preposition at token `j` opens a phrase of manner or degree (“in a
    /// complicated way”, “to a large extent”, “in some sense”, at most five words, no punctuation)
    /// right after which `preposition`, the head's own, follows.
    static func rightFollows(_ preposition: String, in sentence: Sentence, after j: Int) -> Bool {
        var k = j, words = 0
        var previous: Token?
        while words < 6, let next = sentence.nextNonSpace(after: k) {
            let t = sentence.tokens[next]
            guard t.kind == .word else { return false }
            if t.lowerIs(preposition) { return previous.map { mannerNouns.contains($0.lower) } ?? false }
            previous = t
            words += 1
            k = next
        }
        return false
    }

    /// The nouns that end a phrase of manner or degree (“in a … way”, “to some extent”).
    static let mannerNouns: Set<String> = ["way", "ways", "manner", "fashion", "sense", "extent", "degree", "measure", "part", "respect", "respects"]

    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let objectPronouns = Lexicon.objectPronouns
        let prepositionCollocationRuleHeads = Self.heads
        let motion = Self.motion
        let noPrepositionByHead = Self.noPrepositionByHead
        let online = Self.online
        let tableByHead = Self.tableByHead
        let weekdays = Self.weekdays
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // The heads are tested in place: binding the word first would retain its string for every word.
        for i in tokens.indices where tokens[i].kind == .word && prepositionCollocationRuleHeads.containsLower(of: tokens, i) {
            let w = tokens[i].lower
            guard let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let nw = tokens[j].lower
            // Head + “to” + a verb where the head takes a preposition and an -ing form.
            if nw == "to", let prep = Self.gerundComplement[w], let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.separatedBySpaceOnly(sentence, j, k),
               tokens[k].startsLowercase, !Self.isToBoot(sentence, k) {
                let tags = context.tags(of: sentence)
                if tags[k] == .VB || tags[k] == .VBP, let lemma = tags.lemma(at: k), let ing = context.lexicon.form(of: lemma, as: .VBG) {
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, j, k), replacements: [prep + " " + ing],
                                         message: "“\(tokens[i].text)” takes “\(prep)” and an -ing form: “\(prep) \(ing)”."))
                    continue
                }
            }
            // Head + wrong preposition.
            if let entry = tableByHead[w]?.first(where: { $0.wrong.contains(nw) }) {
                if nw == "in", entry.right == "at", !Self.isSkillComplement(sentence, i, j, context: context) { continue }
                // The preposition opens a time phrase, not the head's complement (“a contribution
                // on Monday”, “each contribution on the date”, “arrived in 2020”).
                if let k = sentence.nextNonSpace(after: j) {
                    if tokens[k].kind == .number || weekdays.contains(tokens[k].text) || Self.months.containsLower(of: tokens, k) || tokens[k].lower.isAny(of: "time", "today", "tomorrow", "yesterday") { continue }
                    if tokens[k].lower.isAny(of: "the", "that", "this", "each", "every"), let m = RuleSupport.nextWord(sentence, after: k),
                       tokens[m].lower.isAny(of: "date", "day", "morning", "afternoon", "evening", "night", "weekend", "week", "month", "year", "time", "moment") { continue }
                }
                // “married with children”, “full with joy”? only before a determiner, pronoun or name.
                if w == "married", let k = RuleSupport.nextWord(sentence, after: j), !(objectPronouns.containsLower(of: tokens, k) || tokens[k].lower.isAny(of: "a", "an", "my", "his", "her") || tokens[k].startsUppercase) { continue }
                if w == "interest", nw != "for" { continue }
                if w.hasASCIIPrefix("look"), !Self.isLookOnObject(sentence, j) { continue }
                if w == "addition", !Self.isAdditionTo(sentence, i, j) { continue }
                // “commands of interest for the superuser”: “of interest for/to” is standard.
                if w == "interest", let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "of", "special", "particular", "little", "great", "no") { continue }
                if nw == "of", w.hasASCIIPrefix("responsibilit"), Self.isWhoseResponsibility(sentence, i) { continue }
                // “as similar as possible”: a comparison, not the head's complement.
                if nw == "as", let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lower.isAny(of: "as", "so") { continue }
                // “a plea of not guilty for a defendant”.
                if w == "guilty", let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("not") { continue }
                if w == "arrive" || w == "arrives" || w == "arrived" || w == "arriving", let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lowerIs("be") { continue }
                // The preposition opens a phrase of its own, not the head's complement: a purpose
                // (“arrived to find the door open”, “arrived to cheers”), a length of time
                // (“interested for years”), “of course” (“depends of course on …”). Found by a new
                // user's --fix.
                if let k = RuleSupport.nextWord(sentence, after: j) {
                    let kw = tokens[k].lower
                    if nw == "to", context.wordClasses?.isVerbBase(kw) == true && !Lexicon.determiners.contains(kw) && !Lexicon.possessives.contains(kw) || kw.isAny(of: "cheers", "applause", "boos", "silence", "chaos") { continue }
                    // “arrived to a standing ovation”, “to the sound of bells”: what met them, not where.
                    if nw == "to", kw.isAny(of: "a", "an", "the", "warm", "loud", "great", "huge", "rapturous") {
                        var m = k, steps = 0
                        while steps < 3, let x = RuleSupport.nextWord(sentence, after: m) {
                            if Self.receptions.containsLower(of: tokens, x) { break }
                            m = x
                            steps += 1
                        }
                        if steps < 3, let x = RuleSupport.nextWord(sentence, after: m), Self.receptions.containsLower(of: tokens, x) { continue }
                    }
                    if nw == "for", kw.isAny(of: "years", "months", "weeks", "days", "hours", "decades", "ages", "centuries", "long", "a", "some", "several", "many", "most") { continue }
                    if nw == "of", kw == "course" { continue }
                }
                // The head's own preposition follows the phrase (“dependent in a complicated way on
                // the input”, difflib's documentation: --fix made it “dependent on a complicated
                // way on”): the wrong-looking one opens an adverbial phrase between them.
                if Self.rightFollows(entry.right, in: sentence, after: j) { continue }
                // “arrive in” a country or city, “at” a smaller place (Swan, *Practical English Usage*,
                // entry “arrive”): a name after “arrived to” is more often the first.
                var right = [entry.right]
                if entry.right == "at", w.hasASCIIPrefix("arriv"), let k = RuleSupport.nextWord(sentence, after: j), tokens[k].startsUppercase {
                    right = ["in", "at"]
                }
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: right.map { RuleSupport.matchCase($0, like: tokens[j].text) },
                                     message: "“\(tokens[i].text)” takes “\(right.joined(separator: "” or “"))”, not “\(tokens[j].text)”."))
                continue
            }
            // Verb + unneeded preposition.
            if let entry = noPrepositionByHead[w]?.first(where: { $0.wrong == nw }),
               let k = RuleSupport.nextWord(sentence, after: j) ?? sentence.nextNonSpace(after: j),
               !tokens[k].lower.isAny(of: "how", "what", "whether", "why", "when", "where", "who") || entry.wrong == "about" {
                // “discussed about twenty issues”: “about” there means “roughly”.
                if nw == "about", tokens[k].kind == .number || DeterminerNumberRule.numbers.containsLower(of: tokens, k)
                    || tokens[k].lower.isAny(of: "twenty", "thirty", "forty", "fifty", "hundred", "half") { continue }
                if w.hasASCIIPrefix("consider"), !tokens[k].lower.isAny(of: "this", "that", "it", "the", "these", "those") { continue }
                if w.hasASCIIPrefix("approach"), !tokens[k].lowerIs("the") { continue }
                // “affect on” as a verb only (“can affect on them”): after a noun's determiner or
                // adjective it is the noun mistaken for “effect” (“have an affect on”), which
                // ``AffectEffectRule`` fixes.
                if w.hasASCIIPrefix("affect"), let p = RuleSupport.previousWord(sentence, before: i),
                   !Self.affectVerbStarts.containsLower(of: tokens, p) { continue }
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [tokens[i].text],
                                     message: "“\(tokens[i].text)” takes a direct object: drop “\(tokens[j].text)”."))
                continue
            }
            // “pay attention at/on/for” → “to”.
            if w == "attention", nw.isAny(of: "at", "on", "for", "in"), let p = RuleSupport.previousWord(sentence, before: i),
               tokens[p].lower.isAny(of: "pay", "pays", "paid", "paying", "more", "no", "little", "close", "special") {
                out.append(ProofreadingSuggestion(range: tokens[j].range, replacements: ["to"], message: "One pays attention “to” something."))
                continue
            }
            // “in the internet” → “on the internet”, “in Wikipedia” → “on Wikipedia”.
            if w == "in" {
                var k = j
                if nw == "the", let m = RuleSupport.nextWord(sentence, after: j) { k = m }
                // (Not when a noun follows: “in the web server”, “in the Internet draft” name something else.)
                if online.contains(tokens[k].text), (k == j) == (tokens[k].startsUppercase && !tokens[k].text.isAny(of: "Internet", "Web")),
                   !(RuleSupport.nextWord(sentence, after: k).map { n in RuleSupport.separatedBySpaceOnly(sentence, k, n) && context.tags(of: sentence)[n].isNoun } ?? false) {
                    out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("on", like: tokens[i].text)],
                                         message: "One finds things “on” the internet or a website."))
                    continue
                }
            }
            // “advertised in your website” → “on”: a website, after a verb in the past or a
            // participle that publishes or finds (“posted”, “read”, “saw”); “a bug in the
            // website” (the site as software) and “in the website's code” are left alone.
            if w == "in", Lexicon.determiners.contains(nw) || Lexicon.possessives.contains(nw),
               let k = RuleSupport.nextWord(sentence, after: j), Self.websites.containsLower(of: tokens, k), tokens[k].startsLowercase,
               let p = RuleSupport.previousWord(sentence, before: i) {
                let tags = context.tags(of: sentence)
                let nounAfter = RuleSupport.nextWord(sentence, after: k).map { n in RuleSupport.separatedBySpaceOnly(sentence, k, n) && (tags[n].isNoun || tokens[n].isOne(of: "'\u{2019}")) } ?? false
                if tags[p] == .VBN || tags[p] == .VBD, !nounAfter, !(k + 1 < tokens.count && tokens[k + 1].isOne(of: "'\u{2019}")) {
                    out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("on", like: tokens[i].text)],
                                         message: "One finds things “on” the internet or a website."))
                    continue
                }
            }
            // “in Monday” / “at Monday” → “on Monday”.
            if (w == "in" || w == "at"), weekdays.contains(tokens[j].text) {
                if j + 1 < tokens.count, tokens[j + 1].isOne(of: "'\u{2019}-") { continue }
                // “In Friday night's briefing”: a possessive phrase.
                if let k = RuleSupport.nextWord(sentence, after: j), RuleSupport.norm(tokens[k]).hasASCIISuffix("'s") || k + 1 < tokens.count && tokens[k + 1].isOne(of: "'\u{2019}") { continue }
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("on", like: tokens[i].text)],
                                     message: "Use “on” with days of the week."))
                continue
            }
            // “went to home” → “went home”.
            if motion.contains(w), nw == "to", let k = RuleSupport.nextWord(sentence, after: j), tokens[k].lower.isAny(of: "home", "there", "abroad", "here", "overseas", "downstairs", "upstairs") {
                let after = sentence.nextNonSpace(after: k).map { tokens[$0] }
                let ends = after.map { $0.kind == .punctuation ? !$0.isOne(of: "-") : $0.lower.isAny(of: "early", "late", "after", "and", "at", "with", "by", "now", "yesterday", "today", "tonight", "soon", "again", "alone", "for", "to", "in", "on", "because", "when", "then", "but", "last", "next") } ?? true
                if ends {
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, j, k), replacements: [tokens[k].text],
                                         message: "“\(tokens[k].text)” is an adverb here: drop “to”."))
                    continue
                }
            }
            // “listen music” → “listen to music”.
            if w.hasASCIIPrefix("listen"), w.isAny(of: "listen", "listens", "listened", "listening"), RuleSupport.separatedBySpaceOnly(sentence, i, j),
               nw.isAny(of: "music", "the", "a", "my", "his", "her", "their", "our", "your", "this", "that", "songs", "radio", "him", "them", "me", "us", "podcasts", "it") {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [tokens[i].text + " to " + tokens[j].text],
                                     message: "One listens “to” something."))
                continue
            }
            // “a lot people” → “a lot of people”.
            if w == "lot", let p = RuleSupport.previousWord(sentence, before: i), tokens[p].lowerIs("a"), tokens[j].startsLowercase,
               nw == "people" || (nw.hasASCIISuffix("s") && context.wordClasses?.singular(ofPlural: nw) != nil && context.wordClasses?.verbBase(ofThirdPerson: nw) == nil) {
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [tokens[i].text + " of " + tokens[j].text],
                                     message: "Use “a lot of” before a noun."))
            }
        }
        return out
    }
}
