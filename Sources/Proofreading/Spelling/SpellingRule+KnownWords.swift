import Foundation

// The words the spelling rule knows besides Hunspell's: dictionary entries read in place, possessives and
// contractions of known words, the vocabulary layers (``VocabularyLayers``), archaic contractions,
// and prefixed words English forms freely.
extension SpellingRule {
    /// True when `token` is a dictionary entry that stands alone (``WordClasses/standaloneEntries``),
    /// as written or with its first letter capitalised (Hunspell accepts “The” for “the”; the
    /// en-US affix file keeps no entry's case): a word Hunspell accepts, found without it.
    /// Token `i` of `tokens` is read in place: passing `tokens[i]` as a value copies the token
    /// (its two strings retained and released), and this test runs on every word.
    @inline(__always)
    static func isStandaloneEntry<C: RandomAccessCollection>(_ tokens: C, _ i: Int, _ entries: WordSet?) -> Bool where C.Element == Token, C.Index == Int {
        guard let entries else { return false }
        let traits = tokens[i].traits
        if !traits.contains(.anyUppercase) { return entries.contains(tokens[i].text) }
        guard traits.contains(.startsUppercase), !traits.contains(.multipleUppercase) else { return false }
        return entries.contains(tokens[i].lower)
    }

    /// ``isKnown(_:speller:vocabulary:)`` of token `i` of `tokens`, a standing dictionary entry
    /// found first without asking Hunspell (``isStandaloneEntry(_:_:_:)``): the one test of
    /// both passes.
    @inline(__always)
    static func isKnown<C: RandomAccessCollection>(_ tokens: C, _ i: Int, entries: WordSet?, context: RuleContext) -> Bool where C.Element == Token, C.Index == Int {
        isStandaloneEntry(tokens, i, entries) || isKnown(tokens[i].text, speller: context.speller, vocabulary: context.userVocabulary)
    }

    /// True when the speller or the vocabulary accepts `word`, its straight-apostrophe form,
    /// or the stem of its possessive (`Harper's`, `internet’s`) or of a contraction of
    /// `will`, `would`/`had`, `have` or `are` written onto it (`Dinah’ll`, `John'd`,
    /// `Mary've`): the dictionaries list those only for pronouns and a few nouns.
    static func isKnown(_ word: String, speller: any Speller, vocabulary: Vocabulary) -> Bool {
        if vocabulary.contains(word) || speller.isCorrect(word) { return true }
        var straight = word
        if !word.utf8.allSatisfy({ $0 < 0x80 }) {
            // Loanwords with their accents (café, naïve, résumé, Zürich) when the dictionary has
            // the plain form. (Foundation's folding is slow: only for words with a letter
            // outside ASCII, not for a mere `’`.)
            if word.unicodeScalars.contains(where: { $0.value >= 0x80 && $0 != "\u{2019}" }) {
                let folded = word.folding(options: .diacriticInsensitive, locale: nil)
                if folded != word, folded.unicodeScalars.allSatisfy(\.isASCII), speller.isCorrect(folded) { return true }
            }
            if word.unicodeScalars.contains("\u{2019}") {
                straight = Token.straightened(word)
                if vocabulary.contains(straight) || speller.isCorrect(straight) { return true }
            }
        }
        if let stem = contractionStem(straight), !stem.isEmpty, vocabulary.contains(stem) || speller.isCorrect(stem) { return true }
        // Derived words and technical names the dictionary lacks (``VocabularyLayers``).
        if let hunspell = speller as? HunspellSpeller {
            if hunspell.isInVocabularyLayers(straight) { return true }
            if let stem = contractionStem(straight), !stem.isEmpty, hunspell.isInVocabularyLayers(stem) { return true }
        }
        // An adverb in -wards beside its -ward form (“onwards” beside “onward”: en-US lists
        // “towards”, “inwards”, “homewards”, but not every one; xxd(1)'s “from 0x480 onwards” was
        // made “inwards”).
        if straight.utf8.count > 6, straight.lowercased().hasSuffix("wards"), speller.isCorrect(String(straight.dropLast())) { return true }
        return false
    }

    /// `word` (straight apostrophes) without a possessive `'s` or a contraction `'ll`, `'d`,
    /// `'ve`, `'re` at its end (any case), or nil when it has none. Not `n't` (“could'nt” is a
    /// slip, and the dictionaries list the real ones) nor `'m` (only “I'm”).
    static func contractionStem(_ word: String) -> String? {
        let b = Array(word.utf8)
        guard let apostrophe = b.lastIndex(of: 0x27), apostrophe > 0 else { return nil }
        let suffix = b[(apostrophe + 1)...].map { $0 | 0x20 }
        switch suffix {
        case [0x73], [0x6C, 0x6C], [0x64], [0x76, 0x65], [0x72, 0x65]:   // s, ll, d, ve, re
            return String(decoding: b[..<apostrophe], as: UTF8.self)
        default:
            return nil
        }
    }

    /// Archaic contractions of “it” that the dictionaries lack without their apostrophe
    /// (“’tis”, “’twere”, “’twould”), known after one.
    static let archaicContractions: WordSet = ["tis", "twas", "twere", "twill", "twould", "twixt", "tisn't", "twasn't"]

    /// Prefixes written with a hyphen that the dictionary does not list alone (“pre-release”,
    /// “proto-language”): known words before a hyphen.
    static let hyphenPrefixes: WordSet = ["pre", "proto", "intra", "inter", "mis", "multi", "semi", "anti", "non", "post", "pro", "sub", "co",
                                          "re", "un", "de", "ex", "mid", "micro", "macro", "meta", "auto", "bi", "tri", "uni", "hyper",
                                          "ultra", "mega", "neo", "pseudo", "quasi", "cyber", "eco", "geo", "nano", "retro", "socio", "techno"]

    /// Suffixes English writes onto a word with a hyphen that the dictionaries do not list alone
    /// (“idle-ish”, “Kafka-esque”, “Bach-ist”; Hunspell knows “like”, “wise”, “ness”, “ism”).
    static let hyphenSuffixes: WordSet = ["ish", "esque", "ist", "ists"]

    /// True when `lower` is “un” and a past participle in -ed of six letters or more that
    /// `speller` knows (“unflagged”, “unmerged”, “untracked”): not “untill” (no -ed) nor a slip
    /// in the stem (“unflaged” is flagged: “flaged” is no word).
    static func isUnPlusParticiple(_ lower: String, speller: any Speller) -> Bool {
        guard lower.hasASCIIPrefix("un"), lower.hasASCIISuffix("ed"), lower.utf8.count >= 8 else { return false }
        let stem = String(lower.dropFirst(2))
        return speller.isCorrect(stem)
    }

    /// True when `lower` is an inflection (-s, -es, -ing, -ed) of a verb of reversal in “un-” that
    /// is a word of the dictionary or an installed command (`layers`), whose stem after “un” is a
    /// verb of the dictionary: “unsets” and “unsetting” of “unset” (listed without its
    /// inflections), “unsharing” of unshare(1), “uncompresses” of uncompress(1). The prefix test
    /// (``isPrefixedWord(_:speller:classes:)``) refuses them when “in-” makes a word of the stem
    /// (“insets”) or a word is one changed letter away (“unsparing”, “uncompressed”); session 56's
    /// held-out set flagged all four. The inflection is spelled as English spells it (a final
    /// `e` dropped before -ing and -ed, a final consonant doubled after one vowel), so a slip in
    /// it (“unsetings”) stays flagged.
    static func isReversiveVerbForm(_ lower: String, speller: any Speller, classes: WordClasses?, layers: VocabularyLayers?) -> Bool {
        guard let classes, lower.hasASCIIPrefix("un"), lower.utf8.count >= 6, lower.utf8.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) else { return false }
        var bases: [String] = []
        func drop(_ n: Int) -> String { String(lower.dropLast(n)) }
        if lower.hasASCIISuffix("ing") || lower.hasASCIISuffix("ed") {
            let n = lower.hasASCIISuffix("ing") ? 3 : 2
            let stem = drop(n)
            bases.append(stem)                                              // uncompress|ing
            bases.append(stem + "e")                                        // unshar|ing → unshare
            if let last = stem.last, let before = stem.dropLast().last, last == before, !"aeiou".contains(last) {
                bases.append(String(stem.dropLast()))                       // unsett|ing → unset
            }
        } else if lower.hasASCIISuffix("es"), "sxz".contains(lower.dropLast(2).last ?? "a") || lower.dropLast(2).hasSuffix("ch") || lower.dropLast(2).hasSuffix("sh") {
            bases.append(drop(2))                                           // uncompress|es
        } else if lower.hasASCIISuffix("s"), !lower.hasASCIISuffix("ss") {
            bases.append(drop(1))                                           // unset|s
        }
        for base in bases where base.utf8.count >= 5 {
            let verb = String(base.dropFirst(2))
            // (A verb whose -ing form doubles its consonant is listed apart from it: `set/AISM`
            // and `setting`.)
            guard classes.isVerbBase(verb) || verb.last.map({ speller.isCorrect(verb + String($0) + "ing") }) == true else { continue }
            if speller.isCorrect(base) || layers?.layers(of: base).contains(.command) == true { return true }
        }
        return false
    }

    /// Prefixes English writes onto a word without a hyphen (“deduplicates”, “preprocessor”,
    /// “uncomment”, “autoscaled”, “reenable”): productive in technical and everyday prose, and
    /// listed by the dictionaries only on their commonest words (the prefixes of negation,
    /// reversal, repetition, time, degree and number in Quirk et al., *A Comprehensive Grammar of
    /// the English Language*, appendix I, word-formation).
    static let wordPrefixes: [String] = ["counter", "under", "inter", "multi", "micro", "super", "hyper", "pseudo", "over", "anti",
                                        "auto", "mini", "semi", "post", "non", "pre", "sub", "mis", "un", "re", "de", "co"]

    /// Prefixes of negation English uses where “un-” is not said (“impossible”, “insecure”).
    static let negatingPrefixes = ["in", "im", "il", "ir", "non", "dis"]

    /// True when `lower` is a prefix of ``wordPrefixes`` written onto a word of five letters or
    /// more (four after “un”) that `speller` knows (“de” + “duplicates”, “pre” + “processor”, “un” + “comment”),
    /// and no slip of a common word (a letter dropped, added, changed or swapped: “untill” for
    /// “until”, “interbread” for “interbreed” stay typos; ``isSlipOfGuess(_:speller:orChangedLetter:)``),
    /// the stem a verb after “de-”, “re-”, “mis-” (not “dependant”), no “un” where English says
    /// “in-”, “im-”, “non-”… (“unpossible”), no dialect's spelling (“defence”); or “un” + a known participle
    /// (``isUnPlusParticiple(_:speller:)``). A slip in the stem is no word (“unflaged”).
    static func isPrefixedWord(_ lower: String, speller: any Speller, classes: WordClasses?) -> Bool {
        if isUnPlusParticiple(lower, speller: speller) { return true }
        for prefix in wordPrefixes where lower.hasASCIIPrefix(prefix) {
            let stem = String(lower.utf8.dropFirst(prefix.utf8.count))!
            // (Four letters after “un”: “unmute”, “unpin” is three and stays unknown.)
            guard stem.utf8.count >= (prefix == "un" ? 4 : 5), speller.isCorrect(stem) else { continue }
            // “de-”, “re-” and “mis-” make verbs of verbs (“deduplicate”, “reenable”,
            // “misconfigure”): not “de” + “pendant”, “re” + “member”.
            if prefix == "de" || prefix == "re" || prefix == "mis" {
                guard let classes else { return false }
                guard classes.isVerbBase(stem) || classes.verbBase(ofThirdPerson: stem) != nil || classes.isPastParticiple(stem)
                        || classes.verbBase(ofPresentParticiple: stem) != nil else { return false }
            }
            // “un” where English negates the word otherwise (“unpossible”, “unsecure”,
            // “unability”: impossible, insecure, inability).
            if prefix == "un", Self.negatingPrefixes.contains(where: { speller.isCorrect($0 + stem) }) { return false }
            // A dialect's spelling is the dialect check's (“defence” in American English).
            if DialectVariants.variant(of: lower, speller: speller) != nil { return false }
            // The plural of a prefixed word the dictionary lists in the singular only
            // (“prereleases”: “prerelease” and “releases” are words), no slip of the singular.
            if stem.hasASCIISuffix("s"), speller.isCorrect(String(lower.dropLast())) { return true }
            // A slip of a known word, a changed letter included (“interbread”, “rebounce”,
            // “superintendant”): the prefix's stem is then a word by chance.
            return !isSlipOfGuess(lower, speller: speller, orChangedLetter: true)
        }
        return false
    }
}
