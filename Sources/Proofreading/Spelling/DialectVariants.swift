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

    /// The speller of `language` (``HunspellSpeller/shared(language:)``: the one the checker of
    /// that language uses too), loaded once; nil when its dictionary is not installed.
    static func speller(for language: String) -> HunspellSpeller? {
        try? HunspellSpeller.shared(language: language)
    }

    /// British → American correspondences, as (British ending, American ending), tried in
    /// order at the end of the word (and before an -s, -ed, -ing ending by the same test).
    static let britishToAmerican: [(String, String)] = [
        ("ogue", "og"), ("ogues", "ogs"), ("our", "or"), ("ours", "ors"), ("oured", "ored"), ("ouring", "oring"),
        ("ourite", "orite"), ("ourites", "orites"), ("ourable", "orable"), ("ourful", "orful"),
        ("tre", "ter"), ("tres", "ters"), ("tred", "tered"),
        ("ise", "ize"), ("ised", "ized"), ("ises", "izes"), ("ising", "izing"), ("isation", "ization"), ("isations", "izations"),
        // The agent nouns and adjectives of -ise verbs (find(1)'s “the cost-based optimiser”:
        // `--fix` made it “optimizer” in a British manual page).
        ("iser", "izer"), ("isers", "izers"), ("isable", "izable"),
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
        ("learnt", "learned"), ("spelt", "spelled"), ("dreamt", "dreamed"), ("leant", "leaned"), ("spoilt", "spoiled"),
        ("amongst", "among"), ("whilst", "while"), ("maths", "math"), ("practise", "practice"), ("practised", "practiced"),
        ("practises", "practices"), ("practising", "practicing"), ("licence", "license"), ("licences", "licenses"),
        ("ploughed", "plowed"), ("ploughing", "plowing"), ("tonne", "ton"), ("tonnes", "tons"),
        // British English keeps “enquire” for asking, American writes “inquire” for both (the
        // zsh FAQ's “enquiries should be sent to the mailing list” was “corrected” by --fix).
        ("enquire", "inquire"), ("enquired", "inquired"), ("enquires", "inquires"), ("enquiring", "inquiring"),
        ("enquiry", "inquiry"), ("enquiries", "inquiries"),
    ]

    /// Spellings of one dialect that the other writes as commonly (Merriam-Webster gives
    /// “canceled or cancelled”; American technical writing uses both): accepted in every
    /// English dictionary, never called the other dialect's spelling. Debian's en-US dictionary
    /// lacks them, and offered “cancel led” for “cancelled”; Merriam-Webster gives “whisky” as
    /// the usual spelling for Scotch and Canadian whisky, where Debian's en-US dictionary has
    /// only “whiskey” (`--fix` changed a correct “whisky”).
    /// The Oxford English Dictionary gives “dialog” and “analog” as the British spellings in
    /// computing and electronics (“a dialog box”, “an analog signal”).
    static let sharedSpellings: WordSet = ["cancelled", "cancelling", "whisky", "whiskies", "dialog", "dialogs", "analog"]

    /// Every word of ``irregular``, both dialects.
    static let irregularWords: WordSet = WordSet(irregular.flatMap { [$0.0, $0.1] })

    /// True when `word` (lowercase) could be a variant to look up: listed, or with an ending of
    /// the correspondences (the British ones when checking American English, and the reverse).
    static func mayBeVariant(_ word: String, toAmerican: Bool) -> Bool {
        var word = word
        return word.withUTF8 { mayBeVariant(bytes: $0, toAmerican: toAmerican) }
    }

    /// ``mayBeVariant(_:toAmerican:)`` of a word's UTF-8 bytes, without making a string for the
    /// many words that have no variant ending (the dialect detection asks of every word).
    static func mayBeVariant(bytes: UnsafeBufferPointer<UInt8>, toAmerican: Bool) -> Bool {
        let inner: [UInt8] = toAmerican ? [0x6F, 0x75, 0x72] : [0x6F, 0x72]  // “our”, “or”
        if contains(inner, in: bytes) { return true }
        for ending in toAmerican ? britishEndings : americanEndings where ending.count <= bytes.count {
            if zip(ending, bytes[(bytes.count - ending.count)...]).allSatisfy({ $0 == $1 }) { return true }
        }
        guard bytes.count >= 4, irregularPrefixes.contains(prefixKey(bytes)) else { return false }
        return irregularWords.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// The endings of ``britishToAmerican``, each side, as bytes.
    private static let britishEndings: [[UInt8]] = britishToAmerican.map { Array($0.0.utf8) }
    private static let americanEndings: [[UInt8]] = britishToAmerican.map { Array($0.1.utf8) }
    /// The first four bytes of every word of ``irregular`` (both sides have four letters or more).
    private static let irregularPrefixes: Set<UInt32> = Set(irregular.flatMap { [$0.0, $0.1] }.compactMap { word in
        var word = word
        return word.withUTF8 { $0.count >= 4 ? prefixKey($0) : nil }
    })
    private static func prefixKey(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// True when `needle` occurs in `bytes`.
    static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            var k = 1
            while k < needle.count, bytes[start + k] == needle[k] { k += 1 }
            if k == needle.count { return true }
        }
        return false
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
        // -our- inside a word (“neighbourhood”, “favourably”).
        let (from, to) = toAmerican ? ("our", "or") : ("or", "our")
        if let r = word.range(of: from), r.lowerBound != word.startIndex {
            let candidate = word.replacingCharacters(in: r, with: to)
            if speller.isCorrect(candidate) { return candidate }
        }
        return nil
    }

    /// Second parts that are suffixes more than words: a split there (“depend” + “ant”,
    /// “scale” + “able”) is no evidence of a compound.
    static let suffixLike: Set<String> = ["ant", "ent", "ers", "able", "ible", "ism", "ist", "ness", "ment", "ion", "ions", "ive", "ous", "ate", "ates", "ated"]

    /// True when `word` (lowercase, unknown to `speller`) is a closed compound the other English
    /// dialect's dictionary knows and that is no dialect variant: two words `speller` knows, of
    /// three letters or more, the second not a suffix (“namespace”, “codebase”, “submodules”,
    /// “middleware”). LibreOffice's en-GB dictionary knows many such words of technical writing
    /// that the en-US one lacks; the American spelling of a British compound is asked for first.
    static func isKnownCompound(_ word: String, speller: any Speller) -> Bool {
        let key = Memo.key(speller.language, word, kind: 1)
        if let known = memo.withLock({ $0.compounds[key] }) { return known }
        let answer = computeIsKnownCompound(word, speller: speller)
        memo.withLock { $0.remember(compound: answer, for: key) }
        return answer
    }

    private static func computeIsKnownCompound(_ word: String, speller: any Speller) -> Bool {
        // (No longer than a word the suggester takes: a run of 60,000 letters split at every
        // place asked the speller about 120,000 strings of up to 60,000 bytes each.)
        guard let other = otherDialect(of: speller.language), word.count >= 7, word.utf8.count <= SpellingSuggester.maxWordLength,
              word.allSatisfy({ $0.isLetter && $0.isASCII && $0.isLowercase }),
              variant(of: word, speller: speller) == nil else { return false }
        // The split first (the checker's own speller), the other dialect's dictionary only for a
        // word that splits: most unknown words do not, and loading that dictionary costs a
        // short text's check many times over.
        var i = word.index(word.startIndex, offsetBy: 3)
        let last = word.index(word.endIndex, offsetBy: -3)
        var splits = false
        while i <= last {
            let a = String(word[..<i]), b = String(word[i...])
            if !suffixLike.contains(b), speller.isCorrect(a), speller.isCorrect(b) { splits = true; break }
            i = word.index(after: i)
        }
        guard splits, let otherSpeller = Self.speller(for: other) else { return false }
        // (Asked of a few words a document: Hunspell answers them sooner than the other
        // dictionary's set of accepted words would be built.)
        return otherSpeller.isCorrect(word, buildingCaches: false)
    }

    /// The chosen dialect's spelling of `word` and the message naming it, when `word` (unknown
    /// to `speller`) is the other English dialect's spelling of a word `speller` knows.
    static func variant(of word: String, speller: any Speller) -> (replacement: String, message: String)? {
        // Asked again for every sentence a name or an unknown word appears in: remembered.
        let key = Memo.key(speller.language, word, kind: 0)
        if let known = memo.withLock({ $0.variants[key] }) { return known.map { ($0.replacement, $0.message) } }
        let answer = computeVariant(of: word, speller: speller)
        memo.withLock { $0.remember(variant: answer.map { Memo.Variant(replacement: $0.replacement, message: $0.message) }, for: key) }
        return answer
    }

    /// Answers of ``variant(of:speller:)`` and ``isKnownCompound(_:speller:)`` by language and
    /// word, dropped when a speller gains a word (``forgetAnswers()``) and when they pass
    /// 20,000 (bounded memory).
    private struct Memo {
        struct Variant { var replacement: String; var message: String }
        var variants: [String: Variant?] = [:]
        var compounds: [String: Bool] = [:]
        static func key(_ language: String, _ word: String, kind: Int) -> String { "\(kind)\u{0}\(language)\u{0}\(word)" }
        mutating func remember(variant: Variant?, for key: String) {
            if variants.count >= 20_000 { variants.removeAll(keepingCapacity: true) }
            variants[key] = .some(variant)
        }
        mutating func remember(compound: Bool, for key: String) {
            if compounds.count >= 20_000 { compounds.removeAll(keepingCapacity: true) }
            compounds[key] = compound
        }
    }
    private static let memo = Mutex(Memo())

    /// Forgets the remembered answers (a speller's dictionary changed).
    static func forgetAnswers() { memo.withLock { $0 = Memo() } }

    private static func computeVariant(of word: String, speller: any Speller) -> (replacement: String, message: String)? {
        // A possessive: the stem's variant, the ending kept (“organisation's” → “organization's”).
        for ending in ["'s", "\u{2019}s"] where word.hasSuffix(ending) && word.count > ending.count + 2 {
            guard let stem = variant(of: String(word.dropLast(ending.count)), speller: speller) else { return nil }
            let replacement = stem.replacement + ending
            let toAmerican = speller.language.lowercased().hasSuffix("us")
            return (replacement, toAmerican ? "“\(word)” is the British spelling; American English writes “\(replacement)”."
                                            : "“\(word)” is the American spelling; British English writes “\(replacement)”.")
        }
        guard let other = otherDialect(of: speller.language), word.utf8.count >= 3, !word.utf8.contains(0x27), !word.unicodeScalars.contains("\u{2019}") else { return nil }
        let toAmerican = speller.language.lowercased().hasSuffix("us")
        let lower = word.lowercased()
        // The chosen dialect's variant first: the other dialect's dictionary is loaded (a
        // fifth of a second of processor time) only for a word that has one.
        guard mayBeVariant(lower, toAmerican: toAmerican), let fixed = variant(of: lower, into: speller.language, speller: speller),
              let otherSpeller = Self.speller(for: other), otherSpeller.isCorrect(lower, buildingCaches: false) else { return nil }
        let replacement = RuleSupport.matchCase(fixed, like: word)
        let message = toAmerican ? "“\(word)” is the British spelling; American English writes “\(replacement)”."
                                 : "“\(word)” is the American spelling; British English writes “\(replacement)”."
        return (replacement, message)
    }
}
