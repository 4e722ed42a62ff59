import Foundation

/// Flags multi-word phrases that have a standard form: “a lots of” → “a lot of”, “in regards to” → “in regard to”, “for all intensive purposes” → “for all intents
/// and purposes”, “per say” → “per se”, “a such” → “such a”, “lot of” without its article →
/// “a lot of”, “it's is” (the verb twice) → “it is”.
///
/// (“can not” is `EN_CAN_NOT`'s, a picky hint: LanguageTool's `CAN_NOT` is off by default and
/// Harper allows it.) Follows LanguageTool's `IN_OR_WITH_REGARDS_TO_OF`, `FOR_ALL_INTENSIVE_PURPOSES`,
/// `PER_SE` and related phrase rules (grammar.xml) and Harper's phrase corrections: the phrases
/// are data (words in order → replacement).
public struct NonstandardPhraseRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(NonstandardPhraseRule.phrasesByFirst)] }
    /// Stable rule ID.
    public let id = "EN_NONSTANDARD_PHRASE"
    /// The rule's category: grammar, not style. Each phrase is an error with one standard form
    /// (LanguageTool's `PER_SE`… are corrections, not hints), which `--fix` applies as it
    /// applies grammar; labelled “style”, the finding would read as one of the style hints that
    /// `--help` says `--fix` leaves.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A phrase with a standard form (“a lots of” → “a lot of”)"

    /// Phrases (lowercased words) and their standard forms.
    static let phrases: [(words: [String], fix: String)] = [
        (["a", "lots", "of"], "a lot of"),
        (["in", "regards", "to"], "in regard to"),
        (["with", "regards", "to"], "with regard to"),
        (["for", "all", "intensive", "purposes"], "for all intents and purposes"),
        (["per", "say"], "per se"),
        (["one", "in", "the", "same"], "one and the same"),
        (["and", "so", "fourth"], "and so forth"),
        (["once", "and", "a", "while"], "once in a while"),
        (["all", "of", "the", "sudden"], "all of a sudden"),
        (["for", "along", "time"], "for a long time"),
        (["each", "others"], "each other"),
        (["in", "the", "mean", "time"], "in the meantime"),
        (["on", "accident"], "by accident"),
        (["try", "and"], "try to"),
        // Learners' prepositions and verbs: “despite of” (despite, or in spite of), “visited to
        // the museum” (visit takes an object), “said me that” (tell takes the person).
        (["despite", "of"], "despite"), (["visited", "to", "the"], "visited the"), (["visited", "to", "a"], "visited a"),
        (["said", "me"], "told me"), (["said", "him"], "told him"), (["said", "us"], "told us"),
        (["say", "me"], "tell me"), (["says", "me"], "tells me"),
        // “I can able to swim”: a modal with “able to” but no “be” (Swan, “able”: “can” or “be able to”).
        (["can", "able", "to"], "can"), (["could", "able", "to"], "could"), (["cannot", "able", "to"], "cannot"),
        (["can't", "able", "to"], "can't"), (["will", "able", "to"], "will be able to"), (["would", "able", "to"], "would be able to"),
        (["should", "able", "to"], "should be able to"), (["may", "able", "to"], "may be able to"), (["might", "able", "to"], "might be able to"),
        (["must", "able", "to"], "must be able to"), (["won't", "able", "to"], "won't be able to"),
        (["am", "interesting", "in"], "am interested in"), (["i'm", "interesting", "in"], "I'm interested in"),
        (["am", "exciting", "about"], "am excited about"), (["i'm", "exciting", "about"], "I'm excited about"),
        // Letters: “Please find attached the invoice” (the participle).
        (["find", "attach"], "find attached"), (["find", "enclose"], "find enclosed"),
        // Eggcorns and malapropisms: a sound-alike word in a fixed phrase (the commonest of the
        // lists in Garner's *Modern English Usage* and the Eggcorn Database).
        (["sneak", "peak"], "sneak peek"), (["sneak", "peaks"], "sneak peeks"), (["free", "reign"], "free rein"),
        (["tow", "the", "line"], "toe the line"), (["towed", "the", "line"], "toed the line"), (["mute", "point"], "moot point"),
        (["case", "and", "point"], "case in point"), (["baited", "breath"], "bated breath"), (["deep", "seeded"], "deep-seated"),
        (["slight", "of", "hand"], "sleight of hand"), (["scot", "free"], "scot-free"), (["scotch", "free"], "scot-free"),
        (["wreck", "havoc"], "wreak havoc"), (["reek", "havoc"], "wreak havoc"), (["wrecked", "havoc"], "wreaked havoc"),
        (["wrecking", "havoc"], "wreaking havoc"), (["wrecks", "havoc"], "wreaks havoc"), (["damp", "squid"], "damp squib"), (["without", "further", "adieu"], "without further ado"),
        (["tongue", "and", "cheek"], "tongue in cheek"), (["doggy", "dog", "world"], "dog-eat-dog world"),
        (["nip", "it", "in", "the", "butt"], "nip it in the bud"), (["by", "in", "large"], "by and large"),
        (["on", "the", "same", "token"], "by the same token"), (["self", "depreciating"], "self-deprecating"),
        (["taken", "for", "granite"], "taken for granted"), (["take", "for", "granite"], "take for granted"),
        (["bare", "with", "me"], "bear with me"), (["bare", "in", "mind"], "bear in mind"),
        (["worse", "case", "scenario"], "worst-case scenario"), (["old", "wise", "tale"], "old wives' tale"),
        (["old", "wives", "tale"], "old wives' tale"), (["escape", "goat"], "scapegoat"),
        (["statue", "of", "limitations"], "statute of limitations"), (["pass", "mustard"], "pass muster"),
        (["preying", "mantis"], "praying mantis"), (["beckon", "call"], "beck and call"), (["sort", "of", "speak"], "so to speak"),
        (["heart", "rendering"], "heart-rending"), (["wet", "your", "appetite"], "whet your appetite"),
        (["wet", "my", "appetite"], "whet my appetite"), (["wet", "the", "appetite"], "whet the appetite"),
        (["extract", "revenge"], "exact revenge"), (["whole", "nother"], "whole other"),
        (["a", "such"], "such a"),
        (["it's", "is"], "it is"), (["that's", "is"], "that is"), (["there's", "is"], "there is"),
        (["lot", "of"], "a lot of"),
        // “The reason is because” says “because” twice (Garner: “reason is because”); “off of”
        // has one preposition too many (Merriam-Webster: “off of” is informal).
        (["reason", "is", "because"], "reason is that"), (["reason", "was", "because"], "reason was that"),
        (["reason", "why", "is", "because"], "reason why is that"), (["off", "of"], "off"),
        // (“between you and I” is EN_COMPOUND_SUBJECT_PRONOUN's; “can't hardly” EN_DOUBLE_NEGATIVE's.)
        (["a", "half", "an", "hour"], "half an hour"),
        // A preposition the phrase does not take, or lacks: “explain me” → “explain to me”, “cope up
        // with” → “cope with”, “based off of” → “based on”, “in accordance to” → “in accordance with”.
        (["explain", "me"], "explain to me"), (["explain", "us"], "explain to us"), (["explained", "me"], "explained to me"),
        (["explained", "us"], "explained to us"), (["explains", "me"], "explains to me"), (["cope", "up", "with"], "cope with"),
        (["coped", "up", "with"], "coped with"), (["coping", "up", "with"], "coping with"), (["copes", "up", "with"], "copes with"),
        (["based", "off", "of"], "based on"), (["in", "accordance", "to"], "in accordance with"), (["regardless", "to"], "regardless of"),
        (["irrespective", "to"], "irrespective of"),
    ] + NonstandardPhraseRule.piquedInterest

    /// Verbs after which “off of” is “off” (“get off of the table”).
    static let offVerbs: WordSet = ["get", "gets", "got", "getting", "gotten", "jump", "jumps", "jumped", "jumping", "fall", "falls",
                                    "fell", "falling", "fallen", "come", "comes", "came", "coming", "step", "steps", "stepped", "stepping",
                                    "take", "takes", "took", "taking", "taken", "keep", "keeps", "kept", "keeping", "stay", "stays",
                                    "stayed", "staying", "live", "lives", "lived", "living", "push", "pushed", "knock", "knocked",
                                    "roll", "rolled", "slide", "slid", "hop", "hopped", "climb", "climbed", "wipe", "wiped", "run",
                                    "ran", "feed", "fed", "bounce", "bounced", "drop", "dropped", "walk", "walked", "kick", "kicked",
                                    "throw", "threw", "thrown", "pull", "pulled", "scrape", "scraped", "brush", "brushed"]

    /// “peaked my interest” → “piqued my interest”, in each tense and with each possessive.
    static let piquedInterest: [(words: [String], fix: String)] = {
        var out: [(words: [String], fix: String)] = []
        for (wrong, right) in [("peak", "pique"), ("peaks", "piques"), ("peaked", "piqued"), ("peaking", "piquing"),
                               ("peek", "pique"), ("peeks", "piques"), ("peeked", "piqued")] {
            for owner in ["my", "your", "his", "her", "our", "their", "its", "the"] {
                for noun in ["interest", "curiosity"] {
                    out.append(([wrong, owner, noun], "\(right) \(owner) \(noun)"))
                }
            }
        }
        return out
    }()

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("Please find attach the invoice for March.", "Please find attached the invoice for March."),
                        ("Despite of the rain, we went.", "Despite the rain, we went."),
                        ("We visited to the museum.", "We visited the museum."),
                        ("He said me that he was ill.", "He told me that he was ill."),
                        ("I am interesting in music.", "I am interested in music."), ("I can able to swim.", "I can swim."),
                        ("You will able to see it.", "You will be able to see it."),
                        ("There are a lots of cars.", "There are a lot of cars."),
                        ("Please be aware of the changes in regards to this program.", "Please be aware of the changes in regard to this program."),
                        ("Not a car lover per say.", "Not a car lover per se."),
                        ("Here is a sneak peak at the new design.", "Here is a sneak peek at the new design."),
                        ("The article peaked my interest.", "The article piqued my interest."),
                        ("Please bare with me for a minute.", "Please bear with me for a minute."),
                        ("In a such situation, wait.", "In such a situation, wait."), ("We spent lot of time on it.", "We spent a lot of time on it."),
                        ("It's is very clear.", "It is very clear."),
                        ("The reason is because the road was closed.", "The reason is that the road was closed."),
                        ("Get off of my lawn.", "Get off my lawn."),
                        ("The title peaked my curiosity.", "The title piqued my curiosity."),
                        ("Can you explain me the rules?", "Can you explain to me the rules?"),
                        ("We had to cope up with the delay.", "We had to cope with the delay.")],
            correct: ["He said her name twice.", "It checks for one in the same dir the executable is placed.", "We visited to see her.", "She read the lines and said them aloud.", "A visit to the museum.",
                      "We cannot change the facts.", "Give my regards to Tom.",
                      "It was one of the same kind.", "He said so, per his notes.", "Try and error is a method.",
                      "The mountain's peak rose above the clouds.", "Prices peaked in May.", "The bare walls need paint.",
                      "We spent a lot of time on it.", "It was the lot of the poor.", "A whole lot of fun.", "The parking lot of the mall is full.",
                      "He is a such-and-such.", "We cheered at the send-off of the team.", "The reason is that it rained.",
                      "The reason is because of money.", "You will be able to see it.", "I can swim."])
    }

    /// ``phrases`` by first word, in list order.
    static let phrasesByFirst = WordMap(Dictionary(grouping: phrases, by: { $0.words[0] })).hot()

    /// The words that wake this rule (see ``Rule/triggers``).
    /// Each phrase's longest word (the first of the longest) that is not one of the commonest
    /// words (``SpellingRule/frequentWords``) if it has one, which is rarer than its first
    /// (`lots` in “a lots of”, `attach` in “find attach”, `me` in “said me”): the rule wakes on
    /// fewer sentences.
    static let triggerWords: Set<String> = Set(Self.phrases.map { p in
        let rare = p.words.filter { !SpellingRule.frequentWords.contains($0) }
        let pool = rare.isEmpty ? p.words : rare
        return pool.reduce(pool[0]) { $1.count > $0.count ? $1 : $0 }
    })
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        // The word lists, read once per sentence: each `static let` access is a lazy-initialisation check.
        let determiners = Lexicon.determiners
        let possessives = Lexicon.possessives
        let phrasesByFirst = Self.phrasesByFirst
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        var last = -1
        for i in tokens.indices where tokens[i].kind == .word && i > last {
            // The lowercase form read in place (it is the norm unless the word has a `’`).
            guard let candidates = tokens[i].traits.contains(.curlyApostrophe) ? phrasesByFirst[tokens.norm(i)] : phrasesByFirst.value(forLowerOf: tokens, i) else { continue }
            // Most tries fail at the second word: tested first, with the next word found once.
            let second = RuleSupport.nextWordAfterSpace(sentence, after: i)
            for p in candidates {
                if p.words.count > 1 { guard let second, tokens[second].lowerIs(p.words[1]) else { continue } }
                guard let idx = RuleSupport.phraseAfterSpace(p.words, in: sentence, at: i) else { continue }
                let k = idx[idx.count - 1]
                let after = RuleSupport.nextWord(sentence, after: k).map { tokens[$0].lower }
                // “one in the same directory”: a place (“looks for one in the same dir”), not
                // “one and the same”, when a word follows “same” (found by a new user's --fix on curl(1)).
                if p.words == ["one", "in", "the", "same"], let a = after, a != "as", a != "thing" { continue }
                // “The reason is because of the weather” needs more than a new conjunction.
                if p.words.last == "because", after == "of" { continue }
                // “off of” after a verb of motion or position (“jumped off of the wall”), not in a
                // noun (“the send-off of the team”, “a drop off of ten per cent”).
                if p.words == ["off", "of"] {
                    guard let pr = RuleSupport.previousWord(sentence, before: i), RuleSupport.separatedBySpaceOnly(sentence, pr, i),
                          Self.offVerbs.containsLower(of: tokens, pr) else { continue }
                }
                // “try and” only before a verb at the end of a modal or imperative: “try and fix it”.
                if p.words == ["try", "and"] {
                    guard let prev = RuleSupport.previousWord(sentence, before: i).map({ tokens[$0].lower }), prev.isAny(of: "to", "will", "would", "should", "must", "can", "could", "please", "i", "we", "you", "they", "let's"),
                          let a = after, context.wordClasses?.isVerbBase(a) == true, !(context.wordClasses?.isNoun(a) ?? true) else { continue }
                }
                // “such a” comes before the article (“a such-and-such” is a compound).
                if p.words == ["a", "such"], k + 1 < tokens.count, tokens[k + 1].isOne(of: "-") { continue }
                // “lot of” without its article (“we spent lot of time”), not after a determiner, an
                // adjective or a noun (“the lot of the poor”, “a whole lot of”, “a parking lot of”).
                if p.words == ["lot", "of"], let pr = RuleSupport.previousWord(sentence, before: i) {
                    let pw = tokens[pr].lower
                    if determiners.contains(pw) || possessives.contains(pw) || pw.isAny(of: "whole", "entire", "such", "what", "quite", "same", "sorry") { continue }
                    if let classes = context.wordClasses, classes.isNoun(pw) || classes.entry(pw).map({ $0.contains("R") || $0.contains("T") }) == true { continue }
                    if tokens[pr].startsUppercase, pr != tokens.firstIndex(where: { $0.kind == .word }) { continue }
                    // A single letter or a word the dictionary does not know may be the mistyped
                    // article (“o lot of”).
                    if tokens[pr].text.count == 1 || !context.speller.isCorrect(tokens[pr].text) { continue }
                }
                if p.words == ["one", "in", "the", "same"], after != nil, !(after!).isAny(of: ".", ",") {
                    if let a = after, context.wordClasses?.isNoun(a) == true { continue }
                }
                let fixed = RuleSupport.matchCase(p.fix, like: tokens[i].text)
                out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, idx[0], idx[idx.count - 1]), replacements: [fixed],
                                     message: "The standard form is “\(p.fix)”."))
                last = k
                break
            }
        }
        return out
    }
}
