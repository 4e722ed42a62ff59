import Foundation

/// Flags “to” and “too” confused where the context is clear: “is to late” → “too late”,
/// “want too go” → “want to go”.
public struct ToTooRule: Rule {
    /// Stable rule ID.
    public let id = "EN_TO_TOO"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“to” and “too” confused"

    static let adjectives: WordSet = [
        "late", "early", "big", "small", "much", "many", "hard", "easy", "long", "short", "expensive", "difficult",
        "far", "busy", "tired", "old", "young", "hot", "cold", "fast", "slow", "high", "low", "complex", "complicated",
        "large", "heavy", "loud", "quiet", "soon", "bad", "risky", "slowly", "quickly", "often", "little", "few",
        "strict", "dangerous", "close", "weak", "big.", "good", "excited", "scared", "afraid", "nervous", "worried",
        "bored", "lazy", "full", "sick", "hungry", "angry", "shy", "drunk", "crowded", "noisy", "tight", "narrow",
    ]
    static let beforeAdjective: WordSet = ["am", "is", "was", "are", "were", "it's", "that's", "way", "be", "been", "being", "not", "far", "much", "seems", "seemed", "looks", "feel", "feels", "felt", "got", "getting", "became", "become", "i'm", "you're", "we're", "they're", "he's", "she's", "isn't", "wasn't", "aren't", "weren't"]
    static let wantVerbs: WordSet = ["want", "wants", "wanted", "need", "needs", "needed", "going", "have", "has", "had", "able", "trying", "tried", "try", "like", "love", "hope", "hoped", "decided", "plan", "planned", "allowed", "used", "ought", "supposed", "started", "began", "forgot", "remember", "managed", "refused", "agreed", "promised", "learn", "learned", "how"]
    static let baseVerbs: WordSet = ["be", "go", "do", "get", "make", "see", "take", "use", "help", "find", "know", "say", "come", "give", "keep", "show", "try", "run", "work", "buy", "eat", "play", "install", "build", "write", "read", "fix", "add", "create", "start", "stop", "leave", "change", "learn", "call", "ask", "tell", "pay", "send", "move", "check", "talk", "speak", "understand", "visit", "meet", "watch", "sleep", "bring"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The alerts fire to often.", "The alerts fire too often."), ("It is to soon to tell.", "It is too soon to tell."),
                        ("It is to hot today.", "It is too hot today."), ("It is to late to change it.", "It is too late to change it."),
                        ("This box is way to heavy.", "This box is way too heavy."),
                        ("I want too go home.", "I want to go home."),
                        ("We need too fix the build.", "We need to fix the build."),
                        ("The change will not affect them to much.", "The change will not affect them too much."),
                        ("I am to busy to help.", "I am too busy to help."),
                        ("He was to excited to sleep.", "He was too excited to sleep.")],
            correct: ["It adds up to much more than that.", "We moved the date to soon after the launch.", "She wrote to Soon-Yi often.", "We went to Paris too.", "I want to go home, too.",
                      "She is too tired to drive.", "The door is to the left.", "It did not amount to much.", "I owe it to many of you.",
                      "He was to blame.", "The shop is to close at noon.", "I am to meet her at five."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = ["to", "too"]
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
        var out: [ProofreadingSuggestion] = []
        let tokens = sentence.tokens
        // Only “to” and “too” start a match: told apart from other words by their length first,
        // on the token in place (a copy of every word's token costs more than the test).
        for i in tokens.indices where tokens[i].kind == .word && (tokens[i].lowerIs("to") || tokens[i].lowerIs("too")) {
            // “to” or else “too”, told once (`==` on strings that differ takes a slow path).
            let isTo = tokens[i].lowerIs("to")
            guard let p = RuleSupport.previousWord(sentence, before: i),
                  let j = RuleSupport.nextWord(sentence, after: i) else { continue }
            let pw = RuleSupport.norm(tokens[p]), n = tokens[j].lower
            // “it affects them to much.”: after a verb's object pronoun, “to much” closing the
            // clause is the degree adverb “too” (not “amounts to much”, where a verb comes first).
            if isTo, Lexicon.objectPronouns.contains(pw), n.isAny(of: "much", "many", "little"),
               sentence.nextNonSpace(after: j).map({ tokens[$0].kind == .punctuation && tokens[$0].isOne(of: ".!?,;") }) ?? true {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("too", like: tokens[i].text)],
                                     message: "Use “too” (excessively, also) here; “to” is a preposition."))
                continue
            }
            // “The alerts fire to often”, “it ended to soon.”: no preposition comes before
            // “often”, nor before “soon” closing the clause (“too soon to tell” as well).
            if isTo, tokens[j].startsLowercase, n == "often" || n == "soon" && (sentence.nextNonSpace(after: j).map {
                tokens[$0].kind == .punctuation && tokens[$0].isOne(of: ".!?,;") || tokens[$0].lowerIs("to") || tokens[$0].lowerIs("for") } ?? true) {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("too", like: tokens[i].text)],
                                     message: "Use “too” (excessively, also) here; “to” is a preposition."))
                continue
            }
            if isTo, Self.beforeAdjective.contains(pw), Self.adjectives.contains(n) {
                // The adjective must end the phrase: punctuation, “to”, “for”, “and”, or a noun for much/many.
                let k = sentence.nextNonSpace(after: j)
                let after = k.map { tokens[$0] }
                var ok = after == nil || (after!.kind == .punctuation && !after!.isOne(of: "-")) || (after!.lower).isAny(of: "to", "for", "and", "but", "so", "that", "now", "already", "in", "at", "today", "tonight", "tomorrow", "yesterday", "anyway", "again", "here", "there", "outside", "inside")
                if n.isAny(of: "much", "many", "few", "little"), !(after == nil || after!.kind == .punctuation) { ok = pw == "way" || (after!.kind == .word && (after!.lower).isAny(of: "to", "for")) }
                if n == "far" && after?.lower == "from" { ok = false }
                // “The shop is to close at noon”: a verb too; only “to close.” closing the clause.
                if n == "close", let after, after.kind != .punctuation { ok = false }
                if ok {
                    out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("too", like: tokens[i].text)],
                                         message: "Use “too” (excessively, also) here; “to” is a preposition."))
                }
            } else if !isTo, Self.wantVerbs.contains(pw), Self.baseVerbs.contains(n) {
                out.append(ProofreadingSuggestion(range: tokens[i].range, replacements: [RuleSupport.matchCase("to", like: tokens[i].text)],
                                     message: "Use “to” before a verb (“to go”); “too” means “also” or “excessively”."))
            }
        }
        return out
    }
}
