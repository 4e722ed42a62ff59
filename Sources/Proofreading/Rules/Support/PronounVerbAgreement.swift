import Foundation

/// Shared logic of the pronoun–verb agreement rules: a subject pronoun in subject position
/// directly followed by a verb form that does not agree with it.
enum PronounVerbAgreement {
    /// Pronoun groups.
    enum Person { case first, second, third, plural }

    /// The person of a subject pronoun, if it is one.
    static func person(_ lower: String) -> Person? {
        switch lower {
        case "i": return .first
        case "you": return .second
        case "he", "she", "it": return .third
        case "we", "they": return .plural
        default: return nil
        }
    }

    /// Runs `fix` on every subject pronoun in subject position followed by a word; `fix`
    /// returns the replacement of that word (case adjusted by the caller) and a message, or nil.
    static func matches(_ sentence: Sentence, context: RuleContext,
                        fix: (Person, Token, Int) -> (String, String)?) -> [RuleMatch] {
        var out: [RuleMatch] = []
        let tokens = sentence.tokens
        for (i, t) in tokens.enumerated() where t.kind == .word {
            // A compound subject (“you and he were”, “my team and I are”) agrees as a plural.
            if let p = RuleSupport.previousWord(sentence, before: i), ["and", "or", "nor"].contains(tokens[p].lower),
               let pp = sentence.previousNonSpace(before: p), tokens[pp].kind == .word { continue }
            guard let person = person(t.lower), RuleSupport.isSubjectPosition(sentence, i),
                  let j = RuleSupport.nextWord(sentence, after: i), RuleSupport.separatedBySpaceOnly(sentence, i, j) else { continue }
            // “it” after a comma may be an object of a fronted clause (“To fix it, …”) — it is
            // then followed by a comma, not a verb, so nothing to do.
            if t.text == "I" || t.startsLowercase || i == tokens.firstIndex(where: { !$0.isSpace }) {} else { continue }
            if j + 1 < tokens.count, ["-", "'", "\u{2019}"].contains(tokens[j + 1].text) { continue }
            guard let (replacement, message) = fix(person, tokens[j], j) else { continue }
            out.append(RuleMatch(range: tokens[j].range, replacements: [RuleSupport.matchCase(replacement, like: tokens[j].text)], message: message))
        }
        return out
    }
}
