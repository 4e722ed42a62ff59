import Foundation
import Synchronization

/// British and American spellings of the same word (“colour” and “color”, “centre” and
/// “center”, “organised” and “organized”, “programme” and “program”), for the spelling rule: a
/// word unknown to the chosen dictionary that the other English dialect's dictionary knows, and
/// that has a variant the chosen one accepts, is named as the other dialect's spelling, with
/// the chosen dialect's first — not called a misspelling.
///
/// The other dialect's dictionary is Debian's `hunspell-en-gb` for en-US and `hunspell-en-us` for
/// en-GB, loaded on first use. The variant comes from the regular correspondences (*-our*/*-or*,
/// *-tre*/*-ter*, *-ise*/*-ize*, *-yse*/*-yze*, *-ogue*/*-og*, doubled *l* before a suffix,
/// *-ence*/*-ense*, *-mme*/*-m*) or a short list of irregular pairs (grey/gray, tyre/tire,
/// cheque/check); the other dictionary also knows many words that are no dialect spelling
/// (“namespace”, “learnt”), which stay misspellings.
enum DialectVariants {
    /// The other English dialect's dictionary tag, for `language`, if it has one.
    static func otherDialect(of language: String) -> String? {
        switch language.lowercased() {
        case "en-us", "en_us": return "en-GB"
        case "en-gb", "en_gb": return "en-US"
        default: return nil
        }
    }

    /// The other dialects' spellers, loaded on first use (nil when not installed).
    private static let spellers = Mutex<[String: HunspellSpeller?]>([:])

    /// The speller of `language`, loaded once (nil when its dictionary is not installed).
    static func speller(for language: String) -> HunspellSpeller? {
        if let known = spellers.withLock({ $0[language] }) { return known }
        let loaded = try? HunspellSpeller(language: language)
        return spellers.withLock { table in
            if let existing = table[language] { return existing }
            table.updateValue(loaded, forKey: language)  // nil too: not installed, not looked for again
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

    /// Every word of ``irregular``, both dialects.
    static let irregularWords: WordSet = WordSet(irregular.flatMap { [$0.0, $0.1] })

    /// True when `word` (lowercase) could be a variant to look up: listed, or with an ending of
    /// the correspondences (the British ones when checking American English, and the reverse).
    static func mayBeVariant(_ word: String, toAmerican: Bool) -> Bool {
        if irregularWords.contains(word) { return true }
        return britishToAmerican.contains { word.hasSuffix(toAmerican ? $0.0 : $0.1) }
    }

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

    /// The chosen dialect's spelling of `word` and the message naming it, when `word` (unknown
    /// to `speller`) is the other English dialect's spelling of a word `speller` knows.
    static func variant(of word: String, speller: any Speller) -> (replacement: String, message: String)? {
        guard let other = otherDialect(of: speller.language), word.utf8.count >= 3, !word.contains("'"), !word.contains("\u{2019}") else { return nil }
        let toAmerican = speller.language.lowercased().hasSuffix("us")
        let lower = word.lowercased()
        guard mayBeVariant(lower, toAmerican: toAmerican), let otherSpeller = Self.speller(for: other), otherSpeller.isCorrect(lower),
              let fixed = variant(of: lower, into: speller.language, speller: speller) else { return nil }
        let replacement = RuleSupport.matchCase(fixed, like: word)
        let message = toAmerican ? "“\(word)” is the British spelling; American English writes “\(replacement)”."
                                 : "“\(word)” is the American spelling; British English writes “\(replacement)”."
        return (replacement, message)
    }
}
