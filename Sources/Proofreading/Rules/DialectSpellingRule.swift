import Foundation
import Synchronization

/// Flags a British spelling in American English and an American one in British English
/// (“colour”, “centre”, “organised”, “programmes” under en-US; “color”, “center” under en-GB),
/// with the chosen dialect's spelling and a message that says what the word is, rather than
/// calling it a misspelling.
///
/// A word is a dialect variant when the chosen dictionary does not know it and the other
/// English dialect's Hunspell dictionary (Debian's `hunspell-en-us` and `hunspell-en-gb`) does.
/// The replacement comes from the regular correspondences (*-our*/*-or*, *-tre*/*-ter*,
/// *-ise*/*-ize*, *-yse*/*-yze*, *-ogue*/*-og*, doubled *l* before a suffix, *-ence*/*-ense*,
/// *-mme*/*-m*, *ae*/*e*) or a short list of irregular pairs (grey/gray, tyre/tire, cheque/check),
/// each accepted by the chosen dictionary, then the speller's guesses. Only words the spelling
/// rule would flag are considered (not names, identifiers, the user's words or the document's
/// code), and only those with such a variant: the other dictionary also knows words that are
/// not dialect spellings. Runs before ``SpellingRule``, which then does not flag the same word
/// again.
public struct DialectSpellingRule: Rule {
    /// Stable rule ID (disable it to accept both dialects' spellings as misspellings are not).
    public let id = "EN_DIALECT_SPELLING"
    /// Misspellings (``RuleCategory/typos``), as other spelling findings.
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "A British spelling in American English, or an American one in British English"

    /// Creates the rule.
    public init() {}

    /// Flag and don't-flag examples (under en-US, the tests' dictionary).
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("The colour of the wall is fine.", "The color of the wall is fine."),
                        ("We met at the theatre.", "We met at the theater."),
                        ("They organised a meeting.", "They organized a meeting."),
                        ("The new programmes start today.", "The new programs start today."),
                        ("I travelled by train.", "I traveled by train.")],
            correct: ["The color of the wall is fine.", "We met at the Lincoln Centre yesterday.", "I recieve mail.",
                      "The code calls colour_map() twice."])
    }

    /// The other English dialect's dictionary tag, for `language`, if it has one.
    static func otherDialect(of language: String) -> String? {
        switch language.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "en-us": return "en-GB"
        case "en-gb": return "en-US"
        default: return nil
        }
    }

    /// The other dialects' spellers, loaded on first use (nil when not installed).
    private static let spellers = Mutex<[String: HunspellSpeller?]>([:])

    static func speller(for language: String) -> HunspellSpeller? {
        if let known = spellers.withLock({ $0[language] }) { return known }
        let loaded = try? HunspellSpeller(language: language)
        return spellers.withLock { table in
            if let existing = table[language] { return existing }
            table[language] = loaded
            return loaded
        }
    }

    /// British → American correspondences, as (British ending, American ending), tried in
    /// order at the end of the word (and before an -s, -ed, -ing ending by the same test).
    static let britishToAmerican: [(String, String)] = [
        ("ogue", "og"), ("ogues", "ogs"), ("our", "or"), ("ours", "ors"), ("oured", "ored"), ("ouring", "oring"),
        ("ourite", "orite"), ("ourites", "orites"), ("ourable", "orable"), ("ourful", "orful"),
        ("tre", "ter"), ("tres", "ters"), ("tred", "tered"),
        ("ise", "ize"), ("ised", "ized"), ("ises", "izes"), ("ising", "izing"), ("isation", "ization"), ("isations", "izations"),
        ("yse", "yze"), ("ysed", "yzed"), ("yses", "yzes"), ("ysing", "yzing"),
        ("lled", "led"), ("lling", "ling"), ("ller", "ler"), ("llers", "lers"),
        ("ence", "ense"), ("ences", "enses"), ("mme", "m"), ("mmes", "ms"),
    ]

    /// Irregular pairs (British, American).
    static let irregular: [(String, String)] = [
        ("grey", "gray"), ("greys", "grays"), ("tyre", "tire"), ("tyres", "tires"), ("cheque", "check"), ("cheques", "checks"),
        ("plough", "plow"), ("ploughs", "plows"), ("mould", "mold"), ("moulds", "molds"), ("aluminium", "aluminum"),
        ("sceptical", "skeptical"), ("sceptic", "skeptic"), ("jewellery", "jewelry"), ("pyjamas", "pajamas"),
        ("manoeuvre", "maneuver"), ("manoeuvres", "maneuvers"), ("moustache", "mustache"), ("aeroplane", "airplane"),
        ("aeroplanes", "airplanes"), ("kerb", "curb"), ("storey", "story"), ("storeys", "stories"), ("draught", "draft"),
        ("cosy", "cozy"), ("ageing", "aging"), ("judgement", "judgment"), ("acknowledgement", "acknowledgment"),
        ("paediatric", "pediatric"), ("anaemia", "anemia"), ("oestrogen", "estrogen"), ("foetus", "fetus"),
        ("encyclopaedia", "encyclopedia"), ("manoeuvring", "maneuvering"), ("enrol", "enroll"), ("fulfil", "fulfill"),
        ("instalment", "installment"), ("skilful", "skillful"), ("wilful", "willful"),
    ]

    /// The spelling of `word` (lowercase) in the dialect `language`, accepted by `speller`.
    static func variant(of word: String, into language: String, speller: any Speller) -> String? {
        let toAmerican = language.lowercased().hasSuffix("us")
        for (gb, us) in irregular where (toAmerican ? gb : us) == word {
            let target = toAmerican ? us : gb
            if speller.isCorrect(target) { return target }
        }
        for (gb, us) in britishToAmerican {
            let (from, to) = toAmerican ? (gb, us) : (us, gb)
            guard word.hasSuffix(from), word.count > from.count + 1 else { continue }
            let candidate = String(word.dropLast(from.count)) + to
            if speller.isCorrect(candidate) { return candidate }
        }
        return nil
    }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        guard let other = Self.otherDialect(of: context.speller.language) else { return [] }
        var out: [RuleMatch] = []
        var first = true
        for t in sentence.tokens where t.kind == .word {
            defer { first = false }
            guard t.traits.contains(.ascii), !t.hasApostrophe, !SpellingRule.isIdentifierLike(t), t.text.count >= 3 else { continue }
            // A capital inside a sentence: a name (“Lincoln Centre”), left to the spelling rule.
            if t.startsUppercase && !first { continue }
            // Only words the spelling rule would flag: unknown to the chosen dictionary and the
            // user's words, not in the document's code, not a name the document repeats.
            guard !SpellingRule.isKnown(t.text, speller: context.speller, vocabulary: context.userVocabulary),
                  !context.vocabulary.contains(t.text), !context.documentNames.contains(t.text),
                  let otherSpeller = Self.speller(for: other), otherSpeller.isCorrect(t.lower),
                  // A variant by the regular correspondences or the list: the other dictionary
                  // knows many words that are not dialect spellings (“namespace”, “learnt”).
                  let fixed = Self.variant(of: t.lower, into: context.speller.language, speller: context.speller) else { continue }
            let toAmerican = context.speller.language.lowercased().hasSuffix("us")
            let replacement = RuleSupport.matchCase(fixed, like: t.text)
            // The speller's own guesses follow, as alternatives.
            var replacements = [replacement]
            for guess in context.speller.suggestions(for: t.text, limit: 5) where !replacements.contains(guess) && replacements.count < 5 {
                replacements.append(guess)
            }
            out.append(RuleMatch(range: t.range, replacements: replacements,
                                 message: toAmerican ? "“\(t.text)” is the British spelling; American English writes “\(replacement)”."
                                                     : "“\(t.text)” is the American spelling; British English writes “\(replacement)”."))
        }
        return out
    }
}
