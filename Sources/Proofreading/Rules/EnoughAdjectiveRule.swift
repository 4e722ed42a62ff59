import Foundation

/// Flags “enough” before an adjective, which it follows: “It is not enough big” → “big enough”,
/// “She is enough old to decide” → “old enough to decide”.
///
/// Follows Swan, *Practical English Usage*, entry “enough”: *enough* comes after adjectives and
/// adverbs (“old enough”, not “enough old”) and before nouns (“enough money”). Only an adjective
/// that is no noun (or a listed one) and ends its phrase (“to”, “for”, “that” or punctuation
/// after it), so “enough good food”, “enough cold water” and “enough light to read by” are left
/// alone.
public struct EnoughAdjectiveRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ENOUGH_ADJECTIVE"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "“enough” before an adjective (“enough big” → “big enough”)"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The room is not enough big for us.", "The room is not big enough for us."),
                        ("She is enough old to decide.", "She is old enough to decide."),
                        ("I wasn't enough fast.", "I wasn't fast enough."),
                        ("Is it enough safe to swim here?", "Is it safe enough to swim here?")],
            correct: ["The room is big enough for us.", "We have enough good food.", "There is enough cold water.",
                      "There is enough light to read by.", "Enough said.", "We have enough money to buy it.",
                      "That is enough, thank you.", "Enough is enough.", "They had enough to eat.", "There were enough able to attend.", "We have enough free time."])
    }

    /// Adjectives known as such whatever the dictionary's flags (some are also nouns: “the old”).
    static let adjectives: WordSet = [
        "old", "big", "good", "strong", "fast", "tall", "rich", "warm", "hot", "long", "large", "small", "smart", "brave", "clever",
        "safe", "easy", "cheap", "clear", "close", "high", "mature", "ready", "wise", "lucky", "experienced", "qualified", "serious",
        "careful", "important", "interesting", "quick", "loud", "wide", "deep", "near", "far", "young", "short", "sure",
        "early", "late", "bright", "healthy", "fit", "busy", "happy", "sharp", "stable", "secure", "reliable", "accurate", "efficient",
        "powerful", "real", "simple", "difficult", "hard", "useful", "skilled", "confident", "competent", "patient",
    ]
    /// Adjectives that describe the people “enough” stands for (“enough able to attend”).
    static let pronounComplements: WordSet = ["able", "unable", "willing", "likely", "eager", "prepared", "interested", "keen",
                                              "available", "present", "left", "remaining"]
    /// Words after the adjective that end its phrase.
    static let phraseEnd: WordSet = ["to", "for", "that", "and", "but", "or", "yet", "now", "anymore"]

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["enough"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        guard let classes = context.wordClasses else { return [] }
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        for i in tokens.indices where tokens[i].kind == .word && tokens[i].lowerIs("enough") {
            guard let j = RuleSupport.nextWordAfterSpace(sentence, after: i), tokens[j].startsLowercase else { continue }
            let w = tokens[j].lower
            guard Self.adjectives.contains(w) || classes.isAdjectiveLike(w) && !classes.isNoun(w) && !classes.isVerbBase(w)
                    && !w.hasASCIISuffix("ly") && !Lexicon.determiners.contains(w) else { continue }
            if j + 1 < tokens.count, tokens[j + 1].isOne(of: "-'\u{2019}") { continue }
            // “enough able to attend”, “enough willing to help”: “enough” is a pronoun (enough people).
            if Self.pronounComplements.contains(w) { continue }
            // The adjective ends its phrase.
            if let k = sentence.nextNonSpace(after: j) {
                if tokens[k].kind == .word {
                    guard Self.phraseEnd.containsLower(of: tokens, k) else { continue }
                } else if !tokens[k].isOne(of: ".,!?;:)") {
                    continue
                }
            }
            let fixed = RuleSupport.matchCase(tokens[j].text, like: tokens[i].text) + " " + (tokens[i].startsUppercase && !tokens[i].isAllCaps ? "enough" : tokens[i].text)
            out.append(ProofreadingSuggestion(range: RuleSupport.span(sentence, i, j), replacements: [fixed],
                                 message: "“enough” follows an adjective: “\(tokens[j].text) enough”."))
        }
        return out
    }
}
