import Foundation

/// Flags “more” before a short adjective that has its own comparative, in a comparison with
/// “than”: “He is more tall than his brother” → “taller than”, “more big than” → “bigger than”,
/// “more easy than” → “easier than”; or at the end of the sentence after a linking verb: “This
/// one is more big.” → “bigger”.
///
/// Follows Swan, *Practical English Usage*, entry “comparison: adjectives (cheaper, cheapest)”:
/// one-syllable adjectives, and two-syllable ones in -y, make their comparative with -er; “more”
/// goes with the rest. Only adjectives that always take -er are listed (not “clear”, “true”,
/// “real”, “free”, “strict”, “brave”, whose “more” form is common too), right before “than”
/// or ending the sentence after a linking verb; “more X than Y” that
/// compares two descriptions (“more tall than broad”: Swan, same entry) is left alone, as is
/// a noun after “more” (“more light than heat” has no listed word).
public struct MoreShortAdjectiveRule: Rule {
    /// The hot word lists the rule reads (``HotWords``).
    public var hotWordLists: [HotWordList] { [HotWordList(Lexicon.subjectPronouns)] }
    /// Stable rule ID.
    public let id = "EN_MORE_SHORT_ADJECTIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“more” + a short adjective before “than” (“more tall than” → “taller than”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He is more tall than his brother.", "He is taller than his brother."),
                        ("This city is more big than mine.", "This city is bigger than mine."),
                        ("The test was more easy than I expected.", "The test was easier than I expected."),
                        ("Trains are more fast than buses.", "Trains are faster than buses."),
                        ("This one is more big.", "This one is bigger."), ("The new phones got even more cheap!", "The new phones got even cheaper!"),
                        ("You'll find out when you're more big.", "You'll find out when you're bigger."),
                        ("That one was even more smelly!", "That one was even smellier!")],
            correct: ["He was more tall than broad.", "It is taller than his brother.", "It was more clear than before.", "Comparing lists is more strict than comparing strings.",
                      "She is more intelligent than her sister.", "The light was more warm than bright.",
                      "It gives more light than heat.", "No one has done more good than harm.",
                      "We need more cheap housing than ever.", "I am more human than machine.", "We need more big ideas.", "Is there any more cold?", "I want more hot water.",
                      "There is more to it than that; he is more big-hearted."])
    }

    /// Adjectives that take -er, with their comparative.
    static let comparatives: WordMap<String> = WordMap([
        "tall": "taller", "short": "shorter", "big": "bigger", "small": "smaller", "fast": "faster", "slow": "slower",
        "cheap": "cheaper", "high": "higher", "low": "lower", "long": "longer", "old": "older", "young": "younger",
        "strong": "stronger", "weak": "weaker", "rich": "richer", "poor": "poorer", "hard": "harder", "soft": "softer",
        "warm": "warmer", "cold": "colder", "hot": "hotter", "cool": "cooler", "large": "larger", "great": "greater",
        "deep": "deeper", "wide": "wider", "thick": "thicker", "thin": "thinner", "fat": "fatter", "heavy": "heavier",
        "easy": "easier", "happy": "happier", "busy": "busier", "early": "earlier", "bright": "brighter", "dark": "darker",
        "clean": "cleaner", "nice": "nicer", "smart": "smarter", "quick": "quicker", "loud": "louder",
        "tough": "tougher", "cute": "cuter", "sweet": "sweeter",
        "new": "newer", "lucky": "luckier", "funny": "funnier", "pretty": "prettier", "ugly": "uglier",
        "dirty": "dirtier", "noisy": "noisier", "tiny": "tinier", "lazy": "lazier", "crazy": "crazier", "tidy": "tidier", "hungry": "hungrier", "thirsty": "thirstier", "sunny": "sunnier", "windy": "windier",
        "smelly": "smellier", "silly": "sillier", "messy": "messier", "tasty": "tastier", "shiny": "shinier", "fancy": "fancier",
        "juicy": "juicier", "muddy": "muddier", "nasty": "nastier", "rusty": "rustier", "salty": "saltier", "sleepy": "sleepier",
        "spicy": "spicier", "sticky": "stickier", "stinky": "stinkier", "stormy": "stormier", "dusty": "dustier", "greasy": "greasier",
        "hairy": "hairier", "itchy": "itchier",
    ])
    /// Words after “than” that are no second description, though the dictionary may call them adjectives.
    static let notDescriptions: WordSet = ["ever", "before", "usual", "expected", "necessary", "normal", "average", "last", "other", "others",
                                           "most", "many", "any", "anyone", "anything", "everyone", "all", "some", "mine", "yours", "ours", "theirs", "his", "hers"]

    /// Linking verbs before a complement.
    static let linking: WordSet = ["is", "are", "was", "were", "be", "been", "being", "am", "become", "becomes", "became", "get", "gets",
                                   "got", "getting", "look", "looks", "looked", "seem", "seems", "seemed", "feel", "feels", "felt"]

    /// True when “more” at `i` follows a linking verb, directly or after “even”, “much”, “far” or “a bit”.
    private func isComplement(_ sentence: Sentence, more i: Int) -> Bool {
        let tokens = sentence.tokens
        guard var p = RuleSupport.previousWord(sentence, before: i) else { return false }
        if tokens[p].lower.isAny(of: "even", "much", "far", "bit", "little", "lot", "slightly"), let q = RuleSupport.previousWord(sentence, before: p) {
            p = q
            if tokens[p].lower.isAny(of: "a"), let r = RuleSupport.previousWord(sentence, before: p) { p = r }
        }
        // A contracted “be” (“you're”, “he's”, “I'm”).
        let w = tokens[p].norm
        return Self.linking.containsLower(of: tokens, p) || w.hasSuffix("'re") || w.hasSuffix("'m") || w.isAny(of: "he's", "she's", "it's", "that's")
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["more"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("more") {
            guard let j = RuleSupport.nextWordAfterSpace(sentence, after: i), tokens[j].startsLowercase,
                  let comparative = Self.comparatives.value(forLowerOf: tokens, j) else { continue }
            guard let t = RuleSupport.nextWordAfterSpace(sentence, after: j), tokens[t].lowerIs("than") else {
                // Without “than”: only a complement that ends the sentence, after a linking verb
                // (“This one is more big.”, “It got even more cheap!”), not “more big ideas”.
                if let e = sentence.nextNonSpace(after: j), e == j + 1, tokens[e].isOne(of: ".!?"), isComplement(sentence, more: i) {
                    out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [RuleSupport.matchCase(comparative, like: tokens[i].text)],
                                         message: "“\(tokens[j].text)” has its own comparative: “\(comparative)”."))
                }
                continue
            }
            // “more tall than broad” compares two descriptions: an adjective (no noun, no pronoun) after “than”.
            if let k = RuleSupport.nextWordAfterSpace(sentence, after: t) {
                let w = tokens[k].lower
                if tokens[k].startsLowercase, !Self.notDescriptions.contains(w), !Lexicon.determiners.contains(w),
                   !Lexicon.possessives.contains(w), !Lexicon.objectPronouns.contains(w), !Lexicon.subjectPronouns.contains(w),
                   classes.isAdjectiveLike(w) || w.hasASCIISuffix("ly") || Self.comparatives.value(forLowerOf: tokens, k) != nil
                    || (!classes.isNoun(w) && !classes.isVerbBase(w) && classes.entry(w) != nil && !classes.isPastParticiple(w)) {
                    continue
                }
            }
            // “more good than harm”-like nouns never reach here; “no more” and “any more” keep the fix.
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [RuleSupport.matchCase(comparative, like: tokens[i].text)],
                                 message: "“\(tokens[j].text)” has its own comparative: “\(comparative)”."))
        }
        return out
    }
}
