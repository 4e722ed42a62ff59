import Foundation

/// Flags a word confused with a sound-alike in a context that settles which one is meant: “won
/// a price” → “prize”, “of Asian decent” → “descent”, “an error massage” → “message”, “a deep
/// breathe” → “breath”, “whether forecast” → “weather”, “thunder and lightening” → “lightning”.
///
/// Follows LanguageTool's confusion rules with context (`PRICE_PRIZE`, `DECENT_DESCENT`,
/// `MASSAGE_MESSAGE` and the like in grammar.xml) and the commonly confused pairs of
/// Merriam-Webster's and Oxford's usage notes and Wikipedia's “List of commonly misused English
/// words”. The contexts are data: each entry is the words in order, the index of the confused
/// word and its replacement; only the confused word is marked, and an entry is listed only where
/// the context admits one reading (“the whether” has none: “weather forecast” fixes the word).
public struct ConfusedWordInContextRule: Rule {
    /// Stable rule ID.
    public let id = "EN_CONFUSED_WORD_IN_CONTEXT"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "A sound-alike in a context that settles the word (“won a price” → “prize”)"

    /// One context: its words (lowercase), the index of the confused word, the right word.
    struct Entry: Sendable {
        let words: [String]
        let wrong: Int
        let right: String
    }

    /// The contexts, written `"won a [price]"` with the confused word in brackets and `=right`.
    static let table: [(String, String)] = [
        // price/prize
        ("won a [price]", "prize"), ("won the [price]", "prize"), ("win a [price]", "prize"), ("win the [price]", "prize"),
        ("nobel [price]", "prize"),
        // descent/decent
        ("of asian [decent]", "descent"), ("of african [decent]", "descent"), ("of european [decent]", "descent"),
        ("of irish [decent]", "descent"), ("of mexican [decent]", "descent"), ("of italian [decent]", "descent"),
        ("of german [decent]", "descent"), ("of indian [decent]", "descent"), ("of chinese [decent]", "descent"),
        ("of japanese [decent]", "descent"), ("of korean [decent]", "descent"), ("of jewish [decent]", "descent"),
        // message/massage
        ("error [massage]", "message"), ("text [massage]", "message"),
        ("left a [massage]", "message"), ("leave a [massage]", "message"), ("send a [massage]", "message"), ("sent a [massage]", "message"),
        // breath/breathe
        ("a deep [breathe]", "breath"), ("take a [breathe]", "breath"), ("took a [breathe]", "breath"), ("out of [breathe]", "breath"),
        ("hold your [breathe]", "breath"), ("held my [breathe]", "breath"), ("held her [breathe]", "breath"), ("held his [breathe]", "breath"),
        ("under my [breathe]", "breath"), ("under his [breathe]", "breath"), ("under her [breathe]", "breath"),
        ("can't [breath]", "breathe"), ("cannot [breath]", "breathe"), ("couldn't [breath]", "breathe"), ("to [breath] in", "breathe"),
        // weather/whether
        ("[whether] forecast", "weather"), ("[whether] conditions", "weather"), ("bad [whether]", "weather"), ("the [whether] is", "weather"),
        ("[weather] or not", "whether"), ("ask [weather]", "whether"), ("asked [weather]", "whether"), ("wonder [weather]", "whether"),
        ("decide [weather]", "whether"),
        // lightning/lightening
        ("thunder and [lightening]", "lightning"), ("[lightening] strike", "lightning"), ("[lightening] bolt", "lightning"),
        ("struck by [lightening]", "lightning"), ("[lightening] fast", "lightning"),
        // sight/site/cite
        ("out of [site]", "sight"), ("in plain [site]", "sight"), ("at first [site]", "sight"), ("line of [site]", "sight"),
        ("web [sight]", "site"), ("construction [sight]", "site"), ("camp [sight]", "site"), ("building [sight]", "site"),
        ("[plane] sight", "plain"), ("in [plane] sight", "plain"),
        // role/roll
        ("play a [roll]", "role"), ("plays a [roll]", "role"), ("played a [roll]", "role"), ("playing a [roll]", "role"),
        ("key [roll]", "role"), ("leading [roll]", "role"), ("[roll] model", "role"), ("[roll] models", "role"),
        // waste/waist
        ("a [waist] of", "waste"), ("[waist] of time", "waste"), ("[waist] of money", "waste"), ("toxic [waist]", "waste"),
        // fare/fair
        ("bus [fair]", "fare"), ("train [fair]", "fare"), ("taxi [fair]", "fare"), ("[fair] evasion", "fare"),
        // navel/naval
        ("[naval] gazing", "navel"), ("[naval] piercing", "navel"),
        // soul/sole
        ("heart and [sole]", "soul"), ("body and [sole]", "soul"), ("[soul] purpose", "sole"), ("[soul] owner", "sole"),
        // tails/tales, vain/vein
        ("heads or [tales]", "tails"), ("in [vein]", "vain"),
        // through/threw, thrown/throne
        ("went [threw]", "through"), ("go [threw]", "through"), ("goes [threw]", "through"),
        ("[throne] away", "thrown"), ("[throne] out", "thrown"),
        // averse/adverse
        ("risk [adverse]", "averse"), ("[adverse] to risk", "averse"),
        // aloud/allowed
        ("think [allowed]", "aloud"),
        // complimentary/complementary
        ("[complementary] breakfast", "complimentary"), ("[complementary] drinks", "complimentary"), ("[complementary] tickets", "complimentary"),
        // counsel/council
        ("legal [council]", "counsel"), ("seek [council]", "counsel"),
        // imminent/eminent
        ("[eminent] danger", "imminent"), ("[eminent] threat", "imminent"), ("[eminent] death", "imminent"),
        // flair/flare, hordes/hoards
        ("[hoards] of people", "hordes"), ("[hoards] of tourists", "hordes"), ("[hoards] of fans", "hordes"),
        // palette/pallet
        ("color [pallet]", "palette"), ("colour [pallet]", "palette"), ("color [palate]", "palette"),
        // personnel/personal
        ("military [personal]", "personnel"),
        // shutter/shudder
        ("camera [shudder]", "shutter"), ("[shudder] speed", "shutter"),
        // yolk/yoke, altar/alter
        ("egg [yoke]", "yolk"), ("egg [yokes]", "yolks"), ("[alter] boy", "altar"), ("[alter] boys", "altar"), ("wedding [alter]", "altar"),
        // queue/cue, duel/dual
        ("wait in [cue]", "queue"), ("take your [queue]", "cue"), ("took his [queue]", "cue"),
        ("[duel] citizenship", "dual"), ("[duel] core", "dual"), ("[duel] purpose", "dual"), ("[dual] to the death", "duel"),
        // grisly/grizzly, hangar/hanger
        ("[grizzly] murder", "grisly"), ("[grizzly] details", "grisly"), ("aircraft [hanger]", "hangar"), ("airplane [hanger]", "hangar"),
        // mane/main, prey/pray
        ("lion's [main]", "mane"), ("horse's [main]", "mane"), ("fell [pray] to", "prey"), ("fall [pray] to", "prey"), ("birds of [pray]", "prey"),
        // stakes/steaks, straits/straights
        ("high [steaks]", "stakes"), ("dire [straights]", "straits"),
        // week/weak
        ("per [weak]", "week"),
        ("a [weak] ago", "week"), ("[weak] ago", "week"),
        // wear/where
        ("[where] a mask", "wear"), ("[where] sunscreen", "wear"),
        // brake/break
        ("take a [brake]", "break"), ("took a [brake]", "break"), ("lunch [brake]", "break"), ("coffee [brake]", "break"),
        ("hit the [breaks]", "brakes"), ("slammed on the [breaks]", "brakes"), ("[break] pedal", "brake"), ("[break] pads", "brake"),
        // dessert/desert
        ("[desert] menu", "dessert"), ("[desert] spoon", "dessert"),
        // extent/extend, care/case
        ("to a certain [extend]", "extent"), ("to some [extend]", "extent"), ("to what [extend]", "extent"), ("to the [extend] that", "extent"),
        ("to a large [extend]", "extent"), ("take [case] of", "care"), ("took [case] of", "care"), ("taking [case] of", "care"),
        // root/route
        ("the [route] cause", "root"), ("[route] of the problem", "root"), ("[route] of all evil", "root"),
        // complaints/complains
        ("many [complains]", "complaints"), ("no [complains]", "complaints"),
        ("the [complains]", "complaints"), ("any [complains]", "complaints"),
        // belief/believe
        ("my [believe]", "belief"), ("strong [believe]", "belief"), ("the [believe] that", "belief"),
        ("we [belief]", "believe"), ("i [belief]", "believe"), ("they [belief]", "believe"),
        // course/coarse, defuse/diffuse
        ("golf [coarse]", "course"), ("a [coarse] of action", "course"),
        ("[diffuse] the bomb", "defuse"), ("[diffuse] a bomb", "defuse"), ("[diffused] the bomb", "defused"), ("[diffuse] the situation", "defuse"),
        // martial/marshal, supper/super, past/passed
        ("[marshal] arts", "martial"), ("[marshal] artist", "martial"), ("[marshal] law", "martial"),
        ("walked [passed]", "past"), ("drove [passed]", "past"), ("ran [passed]", "past"), ("in the [passed]", "past"), ("[passed] few days", "past"),
        // cell/sell, rein/reign, peace/piece
        ("[sell] phone", "cell"), ("[sell] phones", "cell"), ("[piece] of mind", "peace"), ("[peace] of cake", "piece"),
        // whole/hole, bored/board
        ("on [bored]", "board"), ("[bored] meeting", "board"),
        // advice/advise handled elsewhere; stationery/stationary: office supplies
        ("office [stationary]", "stationery"),
        // cite/site, accept/except are elsewhere; bear/bare
        ("[bear] minimum", "bare"), ("the [bear] minimum", "bare"),
        // idle/idol, lessen/lesson
        ("teen [idle]", "idol"), ("learned my [lessen]", "lesson"), ("learn a [lessen]", "lesson"),
        // morale/moral
        ("boost [moral]", "morale"),
        // quiet/quite
        ("[quiet] a few", "quite"), ("[quiet] a lot", "quite"), ("not [quiet] sure", "quite"), ("[quite] down", "quiet"),
        // loan/lone, wander/wonder
        ("[loan] wolf", "lone"), ("i [wander] if", "wonder"), ("i [wandered] if", "wondered"),
        // hair/hare, hear/here, buy/by
        ("split [hares]", "hairs"), ("[buy] the way", "by"),
    ]

    /// ``table`` parsed.
    static let entries: [Entry] = table.map { spec, right in
        let words = spec.split(separator: " ").map(String.init)
        let wrong = words.firstIndex { $0.hasPrefix("[") }!
        return Entry(words: words.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }, wrong: wrong, right: right)
    }
    /// ``entries`` by their confused word: the rule wakes on those (rare words), not on the
    /// contexts' first words (“the”, “a”, “of”), and checks the words around.
    static let byWrong = WordMap(Dictionary(grouping: entries, by: { $0.words[$0.wrong] }))

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("She won a price at the fair.", "She won a prize at the fair."),
                        ("He is of Asian decent.", "He is of Asian descent."),
                        ("I got an error massage again.", "I got an error message again."),
                        ("Take a deep breathe and relax.", "Take a deep breath and relax."),
                        ("Check the whether forecast first.", "Check the weather forecast first."),
                        ("It hid in plain site.", "It hid in plain sight."),
                        ("Teachers play a key roll here.", "Teachers play a key role here."),
                        ("We waited to a certain extend.", "We waited to a certain extent.")],
            correct: ["She won a prize at the fair.", "The price of the prize was high.", "They live a decent life.",
                      "A deep breath helps.", "I don't know whether to go.", "The weather is fine.", "Bread rolls are on the table.",
                      "The site is out of reach.", "Of course not.", "“The Route of the Problem” is a song."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = Set(entries.map { $0.words[$0.wrong] })
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        let byWrong = Self.byWrong
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for k in tokens.indices where tokens[k].kind == .word {
            let candidates = tokens[k].traits.contains(.curlyApostrophe) ? byWrong[tokens[k].norm] : byWrong[tokens[k].lower]
            guard let candidates else { continue }
            // A capitalised word inside the sentence may be part of a title (“‘The Route of
            // the Problem’ is a track”).
            if tokens[k].startsUppercase, k != tokens.firstIndex(where: { $0.kind == .word }) { continue }
            for e in candidates where Self.matches(e, in: sentence, at: k) {
                let fixed = RuleSupport.matchCase(e.right, like: tokens[k].text)
                guard fixed != tokens[k].text else { continue }
                out.append(RuleMatch(range: tokens[k].range, replacements: [fixed],
                                     message: "Did you mean “\(fixed)”? “\(tokens[k].text)” means something else here."))
                break
            }
        }
        return out
    }

    /// True when the words around token `k` (its entry's confused word) are the entry's, one
    /// space apart.
    static func matches(_ e: Entry, in sentence: Sentence, at k: Int) -> Bool {
        let tokens = sentence.tokens
        var at = k
        for w in e.words[..<e.wrong].reversed() {
            guard let p = RuleSupport.previousWord(sentence, before: at), RuleSupport.separatedBySpaceOnly(sentence, p, at),
                  tokens[p].normIs(w) else { return false }
            at = p
        }
        at = k
        for w in e.words[(e.wrong + 1)...] {
            guard let n = RuleSupport.nextWord(sentence, after: at), RuleSupport.separatedBySpaceOnly(sentence, at, n),
                  tokens[n].normIs(w) else { return false }
            at = n
        }
        return true
    }
}
