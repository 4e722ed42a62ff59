import Foundation

/// Flags a base-form verb after “he”, “she” or “it” as subject: “he go” → “he goes”,
/// “it work” → “it works”.
public struct AgreementThirdPersonRule: Rule {
    /// Stable rule ID.
    public let id = "EN_AGREEMENT_THIRD_PERSON"
    /// The rule's category.
    public let category = RuleCategory.grammar
    /// One line saying what the rule checks.
    public let summary = "A third-person singular subject takes a verb ending in -s"

    static let verbs: [String: String] = [
        "go": "goes", "want": "wants", "like": "likes", "know": "knows", "think": "thinks", "make": "makes",
        "take": "takes", "come": "comes", "see": "sees", "get": "gets", "look": "looks", "seem": "seems",
        "work": "works", "play": "plays", "live": "lives", "say": "says", "mean": "means", "feel": "feels",
        "try": "tries", "use": "uses", "love": "loves", "hate": "hates", "believe": "believes", "run": "runs",
        "write": "writes", "eat": "eats", "give": "gives", "tell": "tells", "become": "becomes", "leave": "leaves",
        "keep": "keeps", "begin": "begins", "help": "helps", "show": "shows", "hear": "hears", "bring": "brings",
        "happen": "happens", "sound": "sounds", "cry": "cries", "box": "boxes", "fix": "fixes", "watch": "watches",
        "walk": "walks", "talk": "talks", "sleep": "sleeps", "understand": "understands", "remember": "remembers",
        "contain": "contains", "include": "includes", "require": "requires", "allow": "allows", "return": "returns",
        "depend": "depends", "cost": "costs", "wish": "wishes", "speak": "speaks", "study": "studies",
        "teach": "teaches", "pay": "pays", "buy": "buys", "sell": "sells", "drive": "drives", "sing": "sings",
        "crash": "crashes", "fail": "fails", "break": "breaks", "load": "loads", "print": "prints", "change": "changes",
        "matter": "matters", "enjoy": "enjoys", "agree": "agrees", "prefer": "prefers", "own": "owns", "smell": "smells",
    ]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("He go to school by bus.", "He goes to school by bus."), ("She like the new design.", "She likes the new design."),
                        ("When it crash, we restart it.", "When it crashes, we restart it.")],
            correct: ["Does he go to school by bus?", "Make it work first.", "I insist that he go.",
                      "Let it run overnight.", "Should she want more, ask her."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        PronounVerbAgreement.matches(sentence, context: context) { person, verb, _ in
            guard person == .third, verb.startsLowercase, let s = Self.verbs[verb.text] else { return nil }
            return (s, "After “he”, “she” or “it”, the verb takes -s: “\(s)”.")
        }
    }
}
