import Foundation

/// Flags “its” where “it's” (it is / it has) is meant: “its a”, “its been”, “its not”,
/// “I think its Google”.
public struct ItsContractionRule: Rule {
    /// Stable rule ID.
    public let id = "EN_ITS_IT_S"
    /// The rule's category.
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "“its” (possessive) where “it's” (it is) is meant"

    /// Words that never follow possessive “its”.
    static let afterContraction: Set<String> = [
        "a", "an", "the", "been", "not", "going", "gonna", "getting", "got", "just", "really", "probably", "because",
        "definitely", "actually", "always", "never", "also", "still", "already", "almost", "quite", "about",
        "what", "how", "where", "when", "who", "why", "ok", "okay", "done", "fine", "possible", "impossible",
        "likely", "unlikely", "necessary", "there", "here", "raining", "snowing", "my", "your", "his", "our", "their",
        "no", "all", "like", "worth", "easy", "hard", "true", "clear", "important", "better", "best", "over",
    ]
    /// Words from the list above that may follow possessive “its” as an adjective or noun when
    /// more words follow (“its true value”, “its time budget”).
    static let needsBoundary: Set<String> = ["time", "easy", "hard", "true", "clear", "important", "better", "best", "all", "like", "worth", "done", "fine", "likely", "possible", "over", "own"]
    static let thinkVerbs: Set<String> = ["think", "guess", "hope", "know", "believe", "sure", "said", "says", "say", "seems", "thought", "bet", "suppose"]

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I think its a bug.", "I think it's a bug."),
                        ("Its been a long week.", "It's been a long week."),
                        ("Its not working.", "It's not working."),
                        ("I guess its March 6.", "I guess it's March 6.")],
            correct: ["The company raised its prices.", "The app and its true value to users.",
                      "The cat licked its paw and its tail.", "The team knows its time budget is tight.",
                      "It may even lead to its going out of business.", "The government has taken its time to catch up.",
                      "I think its Google product launch is next week."])
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for (i, t) in tokens.enumerated() where t.kind == .word && t.lower == "its" {
            guard let j = sentence.nextNonSpace(after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            let n = tokens[j]
            var flag = false
            if n.kind == .word, Self.afterContraction.contains(RuleSupport.norm(n)) {
                if Self.needsBoundary.contains(n.lower) {
                    if let k = sentence.nextNonSpace(after: j) {
                        let a = tokens[k]
                        flag = a.kind == .punctuation ? a.text != "-" : ["to", "that", "for", "if", "when", "enough"].contains(a.lower)
                    } else { flag = true }
                } else if n.lower == "going" {
                    // “its going out of business” (gerund) vs “its going to rain”.
                    flag = RuleSupport.nextWord(sentence, after: j).map { tokens[$0].lower == "to" } ?? false
                } else {
                    flag = true
                }
                // “its a”: not when “a” is a letter (“its A and B outputs”).
                if n.text == "A" { flag = false }
            } else if let p = RuleSupport.previousWord(sentence, before: i), Self.thinkVerbs.contains(tokens[p].lower) {
                // “I guess its March”, “I hope its Katie”: a name or number follows.
                // Only when the name ends the clause (“its Katie.”, “its March 6”), not “its Google product”.
                let k = sentence.nextNonSpace(after: j)
                let ends = k == nil || tokens[k!].kind == .punctuation || tokens[k!].kind == .number
                flag = ((n.kind == .word && n.startsUppercase && !n.isAllCaps) || n.kind == .number) && ends
            }
            guard flag else { continue }
            out.append(RuleMatch(range: t.range, replacements: [RuleSupport.matchCase("it's", like: t.text)],
                                 message: "Use “it's” (it is, it has) here; “its” is the possessive."))
        }
        return out
    }
}
