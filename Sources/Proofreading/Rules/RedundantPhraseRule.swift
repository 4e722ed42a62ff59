import Foundation

/// Flags phrases that say the same thing twice (pleonasms), as a style hint: “revert back” →
/// “revert”, “join together” → “join”, “added bonus” → “bonus”, “ATM machine” → “ATM”, “each and
/// every” → “every”.
///
/// Follows the redundancy lists of style guides (Garner's *Modern English Usage*, “redundancy”;
/// the *Plain English Campaign* guide) and LanguageTool's `REDUNDANCY` category. The phrases are
/// data: a verb that already holds the sense of its particle (`revert` + `back`), checked in
/// every inflection (“reverted back”, “joining together”); a modifier that repeats its noun
/// (`added` + `bonus`); an abbreviation followed by the word it ends with (`PIN` + `number`);
/// and a few fixed phrases. The replacement keeps the word that carries the meaning. Matches
/// are hints on wording (not confident: `proofread --fix` leaves them); the offline Concise
/// rewrite makes them as edits.
public struct RedundantPhraseRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(RedundantPhraseRule.phrasesByFirst)] }
    /// Stable rule ID.
    public let id = "EN_REDUNDANT_PHRASE"
    /// Redundancy (``RuleCategory/redundancy``).
    public let category = RuleCategory.redundancy
    /// One line saying what the rule checks.
    public let summary = "A phrase that says the same thing twice (“revert back” → “revert”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Please revert back to the old settings.", "Please revert to the old settings."),
                        ("The parts were joined together with glue.", "The parts were joined with glue."),
                        ("She is repeating again the same question.", "She is repeating the same question."),
                        ("Free shipping is an added bonus.", "Free shipping is a bonus."),
                        ("It was a new innovation in printing.", "It was an innovation in printing."),
                        ("We had a very unexpected surprise.", "We had a surprise."),
                        ("It was a completely unanimous decision.", "It was a unanimous decision."),
                        ("I forgot my PIN number.", "I forgot my PIN."),
                        ("The end result was a better product.", "The result was a better product."),
                        ("Each and every student passed.", "Every student passed."),
                        ("Take out cash at any ATM machine.", "Take out cash at any ATM."),
                        ("The crowd gathered together at the gate.", "The crowd gathered at the gate."),
                        ("It rained during the course of the match.", "It rained during the match."),
                        ("Old cars seldom ever lose value.", "Old cars seldom lose value.")],
            correct: ["Please revert to the old settings.", "He went back to the house and returned the key.",
                      "The results came back at the end.", "We drove back together after the show.",
                      "The bonus was added to her salary.", "Enter the number on your PIN pad.",
                      "Each student and every teacher came.", "She wrote Visual Basic Fundamentals.", "The end of the result table is blank.",
                      "She still remembers it.", "The sugar-free gift box arrived.", "The tailor wrote the pin number on the box.",
                      "Both champions return back-to-back this season.", "In my experience, plans change.",
                      "We must plan ahead.", "The cliché is old."])
    }

    /// Verbs whose meaning already holds the particle after them, with that particle.
    static let verbParticles: [(verb: String, particle: String)] = [
        ("revert", "back"), ("return", "back"), ("reply", "back"), ("refer", "back"), ("retreat", "back"), ("regress", "back"),
        ("repeat", "again"), ("reiterate", "again"), ("recur", "again"), ("restate", "again"), ("reread", "again"),
        ("join", "together"), ("combine", "together"), ("merge", "together"), ("blend", "together"), ("collaborate", "together"),
        ("cooperate", "together"), ("connect", "together"), ("fuse", "together"), ("unite", "together"), ("link", "together"),
        ("associate", "together"), ("meet", "together"), ("weld", "together"), ("converge", "together"),
        ("attach", "together"), ("recall", "back"), ("resume", "again"), ("redo", "again"), ("reuse", "again"), ("reopen", "again"),
        ("restart", "again"), ("rebuild", "again"), ("add", "together"),
        ("descend", "down"), ("plummet", "down"), ("ascend", "up"), ("protrude", "out"), ("extract", "out"),
        ("gather", "together"), ("mix", "together"), ("integrate", "together"), ("assemble", "together"), ("congregate", "together"),
        ("collide", "together"), ("coexist", "together"), ("confer", "together"), ("couple", "together"), ("progress", "forward"),
        ("proceed", "forward"), ("advance", "forward"), ("circulate", "around"), ("recede", "back"), ("retract", "back"),
        ("repeat", "back"), ("rewind", "back"), ("restore", "back"), ("respond", "back"), ("reimburse", "back"), ("refund", "back"),
        ("eject", "out"), ("exit", "out"), ("emerge", "out"), ("expel", "out"), ("circle", "around"), ("reappear", "again"),
        ("revisit", "again"), ("recheck", "again"), ("retell", "again"), ("erode", "away"),
    ]

    /// Phrases (lowercased words) and the words that replace them.
    static let fixedPhrases: [(words: [String], fix: String)] = [
        // A modifier the noun already implies.
        (["added", "bonus"], "bonus"), (["advance", "planning"], "planning"), (["advance", "warning"], "warning"),
        (["advance", "reservations"], "reservations"), (["basic", "fundamentals"], "fundamentals"),
        (["basic", "essentials"], "essentials"), (["close", "proximity"], "proximity"), (["end", "result"], "result"),
        (["final", "outcome"], "outcome"), (["free", "gift"], "gift"), (["free", "gifts"], "gifts"), (["past", "history"], "history"),
        (["unexpected", "surprise"], "surprise"), (["true", "facts"], "facts"), (["new", "innovation"], "innovation"),
        (["new", "innovations"], "innovations"), (["sum", "total"], "total"), (["armed", "gunman"], "gunman"),
        (["armed", "gunmen"], "gunmen"), (["general", "consensus"], "consensus"), (["consensus", "of", "opinion"], "consensus"),
        (["exact", "same"], "same"), (["mutual", "cooperation"], "cooperation"), (["honest", "truth"], "truth"),
        (["usual", "custom"], "custom"), (["tuna", "fish"], "tuna"), (["foreign", "imports"], "imports"),
        (["brief", "summary"], "summary"), (["joint", "collaboration"], "collaboration"), (["over", "exaggerate"], "exaggerate"),
        (["over", "exaggerated"], "exaggerated"), (["completely", "unanimous"], "unanimous"), (["twelve", "noon"], "noon"),
        (["twelve", "midnight"], "midnight"), (["future", "plans"], "plans"), (["postpone", "until", "later"], "postpone"),
        (["postponed", "until", "later"], "postponed"), (["true", "fact"], "fact"), (["past", "memories"], "memories"),
        (["difficult", "dilemma"], "dilemma"), (["final", "conclusion"], "conclusion"), (["frozen", "ice"], "ice"),
        (["necessary", "requirement"], "requirement"), (["necessary", "requirements"], "requirements"),
        (["new", "invention"], "invention"), (["new", "inventions"], "inventions"), (["old", "adage"], "adage"),
        (["old", "proverb"], "proverb"), (["same", "identical"], "identical"), (["temporary", "reprieve"], "reprieve"),
        (["unintended", "mistake"], "mistake"), (["component", "parts"], "components"), (["absolutely", "essential"], "essential"),
        (["very", "unique"], "unique"), (["completely", "finished"], "finished"),
        (["completely", "eliminate"], "eliminate"), (["completely", "eliminated"], "eliminated"), (["completely", "eliminates"], "eliminates"), (["visible", "to", "the", "eye"], "visible"),
        // An abbreviation that already ends with the word after it.
        (["pin", "number"], "PIN"), (["pin", "numbers"], "PINs"), (["atm", "machine"], "ATM"), (["atm", "machines"], "ATMs"),
        (["lcd", "display"], "LCD"), (["hiv", "virus"], "HIV"), (["isbn", "number"], "ISBN"), (["ram", "memory"], "RAM"),
        (["upc", "code"], "UPC"), (["gps", "system"], "GPS"), (["pdf", "format"], "PDF"), (["lan", "network"], "LAN"),
        (["vin", "number"], "VIN"), (["ssn", "number"], "SSN"), (["faq", "questions"], "FAQ"), (["dvd", "disc"], "DVD"),
        (["cd", "disc"], "CD"), (["pc", "computer"], "PC"), (["nic", "card"], "NIC"), (["html", "language"], "HTML"),
        (["sms", "message"], "SMS"), (["dc", "current"], "DC"), (["ac", "current"], "AC"), (["ira", "account"], "IRA"),
        (["abs", "brakes"], "ABS"), (["gui", "interface"], "GUI"), (["cpu", "unit"], "CPU"), (["sat", "test"], "SAT"),
        // Two words for one.
        (["each", "and", "every"], "every"), (["but", "however"], "but"), (["but", "nevertheless"], "but"),
        (["as", "of", "yet"], "as yet"),
        // More of the same kinds, from the redundancy lists of Garner's *Modern English Usage*
        // and the *Plain English Campaign* guide.
        (["advance", "preview"], "preview"), (["exact", "replica"], "replica"), (["exact", "replicas"], "replicas"),
        (["fellow", "colleague"], "colleague"), (["fellow", "colleagues"], "colleagues"), (["during", "the", "course", "of"], "during"),
        (["depreciate", "in", "value"], "depreciate"), (["depreciated", "in", "value"], "depreciated"),
        (["depreciates", "in", "value"], "depreciates"), (["depreciating", "in", "value"], "depreciating"),
        (["passing", "fad"], "fad"), (["passing", "fads"], "fads"), (["seldom", "ever"], "seldom"), (["rarely", "ever"], "rarely"),
        (["universal", "panacea"], "panacea"), (["plan", "in", "advance"], "plan"), (["planned", "in", "advance"], "planned"),
        (["planning", "in", "advance"], "planning"), (["warn", "in", "advance"], "warn"), (["warned", "in", "advance"], "warned"),
        (["overused", "cliché"], "cliché"), (["overused", "cliche"], "cliche"), (["old", "cliché"], "cliché"), (["old", "cliche"], "cliche"),
        (["personal", "opinion"], "opinion"), (["few", "in", "number"], "few"), (["disappear", "from", "sight"], "disappear"),
        (["disappeared", "from", "sight"], "disappeared"), (["disappears", "from", "sight"], "disappears"),
        (["unexpected", "emergency"], "emergency"), (["unintentional", "mistake"], "mistake"), (["knowledgeable", "experts"], "experts"),
        (["hollow", "tube"], "tube"), (["frozen", "tundra"], "tundra"), (["sudden", "impulse"], "impulse"), (["small", "speck"], "speck"),
        (["extra", "bonus"], "bonus"), (["surrounded", "on", "all", "sides"], "surrounded"), (["same", "exact"], "same"),
        (["new", "recruit"], "recruit"), (["new", "recruits"], "recruits"), (["grateful", "thanks"], "thanks"),
        (["hot", "water", "heater"], "water heater"), (["so", "therefore"], "therefore"), (["near", "proximity"], "proximity"),
        (["commute", "back", "and", "forth"], "commute"), (["estimated", "at", "about"], "estimated at"),
        (["estimated", "at", "approximately"], "estimated at"), (["estimated", "at", "around"], "estimated at"),
        (["past", "experience"], "experience"), (["past", "experiences"], "experiences"), (["nape", "of", "the", "neck"], "nape"),
        (["suv", "vehicle"], "SUV"), (["suv", "vehicles"], "SUVs"), (["vat", "tax"], "VAT"), (["gmt", "time"], "GMT"),
        (["isp", "provider"], "ISP"), (["vpn", "network"], "VPN"), (["wan", "network"], "WAN"), (["api", "interface"], "API"),
        (["ssd", "drive"], "SSD"), (["hdd", "drive"], "HDD"), (["rom", "memory"], "ROM"), (["mms", "message"], "MMS"),
        (["ein", "number"], "EIN"), (["ufo", "object"], "UFO"), (["whole", "entire"], "entire"),
        (["and", "etc"], "etc"), (["careful", "scrutiny"], "scrutiny"), (["completely", "annihilate"], "annihilate"),
        (["completely", "annihilated"], "annihilated"), (["completely", "destroy"], "destroy"), (["completely", "destroyed"], "destroyed"),
        (["completely", "destroys"], "destroys"), (["equal", "halves"], "halves"), (["final", "ultimatum"], "ultimatum"),
        (["usual", "habit"], "habit"), (["various", "different"], "various"),
    ]

    /// Abbreviations in ``fixedPhrases``: matched in capitals only (“pin number” in lowercase is
    /// a number on a pin).
    static let abbreviations: WordSet = ["pin", "atm", "lcd", "hiv", "isbn", "ram", "upc", "gps", "pdf", "lan", "vin", "ssn", "faq", "dvd",
                                         "cd", "pc", "nic", "html", "sms", "dc", "ac", "ira", "abs", "gui", "cpu", "sat",
                                         "suv", "vat", "gmt", "isp", "vpn", "wan", "api", "ssd", "hdd", "rom", "mms", "ein", "ufo"]

    /// Adverbs that qualify the word a phrase drops, and go with it.
    static let intensifiers: WordSet = ["very", "totally", "absolutely", "completely", "really", "quite", "truly", "entirely",
                                        "so", "rather", "most", "more", "utterly", "wholly", "fairly", "pretty"]

    /// True when `word` (one of the replacements here) takes “an”: it starts with a vowel
    /// sound (“innovation”, not “unanimous” or “usual”).
    static func takesAn(_ word: String) -> Bool {
        let w = word.lowercased()
        guard let f = w.first, "aeiou".contains(f) else { return false }
        return !["unan", "uni", "use", "usu", "uti", "ure", "uro", "eu", "one", "once", "ubiq"].contains { w.hasPrefix($0) }
    }

    /// The inflections of a regular verb: base, third person, past, present participle
    /// (`refer` → `refers`, `referred`, `referring`; `unite` → `unites`, `united`, `uniting`).
    static func inflections(of verb: String) -> [String] {
        let doubled: Set<String> = ["refer", "recur", "regret", "confer", "expel"]
        let last = verb.last!
        var third = verb + "s"
        if verb.hasASCIISuffix("s") || verb.hasASCIISuffix("x") || verb.hasASCIISuffix("sh") || verb.hasASCIISuffix("ch") { third = verb + "es" }
        var past = verb + "ed"
        var participle = verb + "ing"
        if doubled.contains(verb) {
            past = verb + String(last) + "ed"
            participle = verb + String(last) + "ing"
        } else if verb.hasASCIISuffix("e") && !verb.hasASCIISuffix("ee") {
            past = verb + "d"
            participle = String(verb.dropLast()) + "ing"
        } else if verb.hasASCIISuffix("y"), let before = verb.dropLast().last, !"aeiou".contains(before) {
            third = String(verb.dropLast()) + "ies"
            past = String(verb.dropLast()) + "ied"
        }
        if verb == "meet" { past = "met" }
        if verb == "reread" { past = "reread" }
        return [verb, third, past, participle]
    }

    /// Every phrase, by first word, in list order: the verb phrases in all their inflections
    /// (each replaced by its verb alone), then ``fixedPhrases``.
    static let phrasesByFirst: WordMap<[(words: [String], fix: String)]> = ({
        var all: [(words: [String], fix: String)] = []
        for (verb, particle) in verbParticles {
            for form in inflections(of: verb) { all.append(([form, particle], form)) }
        }
        all += fixedPhrases
        return WordMap(Dictionary(grouping: all, by: { $0.words[0] }))
    }() as WordMap<[(words: [String], fix: String)]>).hot()

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = {
        var words = Set(fixedPhrases.map { $0.words[0] })
        for (verb, _) in verbParticles { words.formUnion(inflections(of: verb)) }
        return words
    }()
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let abbreviations = Self.abbreviations
        let intensifiers = Self.intensifiers
        let phrasesByFirst = Self.phrasesByFirst
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        var last = -1
        for i in tokens.indices where tokens[i].kind == .word && i > last {
            guard let candidates = phrasesByFirst.value(forLowerOf: tokens, i) else { continue }
            // Part of a hyphenated or slashed word (“sugar-free gift”, “and/or”): not this phrase.
            if let p = sentence.previousNonSpace(before: i), p == i - 1, tokens[p].isOne(of: "-/") { continue }
            if abbreviations.containsLower(of: tokens, i) {
                guard tokens[i].isAllCaps else { continue }
            } else if tokens[i].startsUppercase, sentence.previousNonSpace(before: i) != nil, i > 0 {
                // A capital inside the sentence: a name or a title (“Visual Basic Fundamentals”).
                continue
            }
            // Most tries fail at the second word: tested first, with the next word found once.
            let second = RuleSupport.nextWordAfterSpace(sentence, after: i)
            for phrase in candidates {
                if phrase.words.count > 1 { guard let second, tokens[second].lowerIs(phrase.words[1]) else { continue } }
                guard let idx = RuleSupport.phraseAfterSpace(phrase.words, in: sentence, at: i) else { continue }
                let k = idx[idx.count - 1]
                // The phrase's last word must end there (“end results table” is still redundant,
                // but “back-end” or “together-ness” are other words).
                if k + 1 < tokens.count, tokens[k + 1].isOne(of: "-") { continue }
                let written = idx.map { tokens[$0].text }.joined(separator: " ")
                var fix = abbreviations.containsLower(of: tokens, i) ? phrase.fix : RuleSupport.matchCase(phrase.fix, like: tokens[i].text)
                var first = i
                // The first word goes with the adverbs that qualify it (“a very unexpected
                // surprise” → “a surprise”), and the article before them follows the word that
                // now comes first (“an added bonus” → “a bonus”).
                if phrase.fix.lowercased() != phrase.words[0] {
                    while let a = RuleSupport.previousWord(sentence, before: first), RuleSupport.separatedBySpaceOnly(sentence, a, first),
                          intensifiers.containsLower(of: tokens, a) {
                        first = a
                    }
                    if first != i { fix = phrase.fix }
                }
                if phrase.fix.lowercased() != phrase.words[0], let a = RuleSupport.previousWord(sentence, before: first),
                   RuleSupport.separatedBySpaceOnly(sentence, a, first), tokens[a].lower.isAny(of: "a", "an") {
                    let article = Self.takesAn(phrase.fix) ? "an" : "a"
                    fix = RuleSupport.matchCase(article, like: tokens[a].text) + " " + phrase.fix
                    first = a
                }
                // A hint on wording, for a person to accept: `proofread --fix` leaves it alone.
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, first, idx[idx.count - 1]), replacements: [fix],
                                     message: "“\(written)” says the same thing twice: “\(phrase.fix)” is enough.", isConfident: false))
                last = k
                break
            }
        }
        return out
    }
}
