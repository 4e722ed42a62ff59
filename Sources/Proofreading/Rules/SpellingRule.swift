import Foundation

/// Flags words the speller does not know, except those that are plainly not prose words:
/// tokens with digits, acronyms in capitals, CamelCase and snake_case identifiers, and words in
/// the document's vocabulary (user words, identifiers that appear in the document's code).
public struct SpellingRule: Rule {
    public let id = "SPELLING"
    public let category = RuleCategory.typos
    public let summary = "Words the dictionary does not know"

    public init() {}

    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I recieve mail.", "I receive mail."), ("This is teh end.", "This is the end.")],
            correct: ["The HTTP server uses snake_case names like max_value and CamelCase types like URLSession.",
                      "We shipped version 2.0 with 3x the speed and mp3 support."])
    }

    /// True for tokens that look like identifiers or codes rather than words.
    public static func isIdentifierLike(_ token: Token) -> Bool {
        if token.hasDigit || token.isAllCaps || token.text.contains("_") { return true }
        // CamelCase: an uppercase letter after a lowercase one (iPhone, URLSession, macOS).
        var sawLower = false
        for c in token.text {
            if c.isLowercase { sawLower = true } else if c.isUppercase && sawLower { return true }
        }
        return false
    }

    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        for t in sentence.tokens where t.kind == .word {
            if Self.isIdentifierLike(t) || context.vocabulary.contains(t.text) { continue }
            if context.speller.isCorrect(t.text) { continue }
            out.append(RuleMatch(range: t.range, replacements: context.speller.suggestions(for: t.text, limit: 5),
                                 message: "Possible spelling mistake: “\(t.text)” is not in the dictionary."))
        }
        return out
    }
}
