import Foundation
import Synchronization

/// Flags words the speller does not know, except those that are plainly not prose words:
/// tokens with digits, acronyms in capitals, CamelCase and snake_case identifiers, words in
/// other scripts than the dictionary's (Latin), and words in the document's vocabulary (user
/// words, identifiers that appear in the document's code).
///
/// Possessives (`Harper's`) and contractions are accepted when their stem is, with straight or
/// curly apostrophes. A capitalised word in the middle of a sentence that the dictionary does
/// not know is taken for a name, and left alone, when the evidence says so: it stands next to
/// another name (`Geoff Brydon`, `Ludwig von Mises`), or it appears more than once in the
/// paragraph, spelled the same. A lone unknown capitalised word is still flagged, since a
/// misspelled name (`Amercia`, `Brittish`) looks just like it. A British spelling under en-US
/// (or an American one under en-GB) is named as such, with the dialect's spelling first
/// (``DialectVariants``).
public struct SpellingRule: Rule {
    /// `SPELLING`.
    public let id = "SPELLING"
    /// Misspellings (``RuleCategory/typos``).
    public let category = RuleCategory.typos
    /// One line saying what the rule checks.
    public let summary = "Words the dictionary does not know"

    /// Creates the rule.
    public init() {}

    /// Sentences the rule must and must not flag (run by the rule-examples test).
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("I recieve mail.", "I receive mail."), ("This is teh end.", "This is the end."),
                        ("Teh end is near.", "The end is near."), ("We flew to Amercia in May.", "We flew to America in May."),
                        ("We met Jhon Smith yesterday.", "We met John Smith yesterday.")],
            correct: ["The HTTP server uses snake_case names like max_value and CamelCase types like URLSession.",
                      "We shipped version 2.0 with 3x the speed and mp3 support.",
                      "Harper's checker doesn't flag it’s or don’t.",
                      "Yesterday Nick Bollettieri met Schirmer in Zagreb; Schirmer won.",
                      "The word λόγος is Greek.",
                      "We met at the café in Zürich to discuss her résumé, naïvely."])
    }

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

    /// True for tokens that look like identifiers or codes rather than words.
    public static func isIdentifierLike(_ token: Token) -> Bool { isIdentifierLike(traits: token.traits) }

    /// ``isIdentifierLike(_:)`` from a token's traits (read in place, without copying the token).
    @inline(__always)
    static func isIdentifierLike(traits: Token.Traits) -> Bool {
        // Digits, capitals, underscores; two capitals or more: an acronym with a suffix or a
        // product name (IDEs, NUnit, FFmpeg); CamelCase: an uppercase letter after a lowercase one
        // (iPhone, URLSession, macOS).
        // One mask of raw bits: an option-set literal here would build an array at every call.
        traits.rawValue & (Token.Traits.hasDigit.rawValue | Token.Traits.allCaps.rawValue | Token.Traits.hasUnderscore.rawValue
            | Token.Traits.multipleUppercase.rawValue | Token.Traits.innerUppercase.rawValue) != 0
    }

    /// True when every letter of `word` is a Latin letter (the only script an English
    /// dictionary can judge).
    public static func isLatinScript(_ word: String) -> Bool {
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        for s in word.unicodeScalars where s.value >= 0x80 && s != "\u{2019}" && s.properties.isAlphabetic {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF: continue
            default: return false
            }
        }
        return true
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

    /// True when the capitalised word `index` of `words` (word tokens of one sentence) is, by
    /// the evidence around it, a name the dictionary lacks.
    static func isLikelyName(_ index: Int, words: [Token], sentence: Sentence, context: RuleContext) -> Bool {
        let t = words[index]
        guard index > 0, t.startsUppercase else { return false }
        func isName(_ j: Int) -> Bool {
            guard j >= 0 && j < words.count, j != index else { return false }
            let n = words[j]
            guard n.startsUppercase, !n.textIs("I") else { return false }
            // The sentence's first word is capitalised anyway: a name only if its lowercase form
            // is not a word.
            return j > 0 || !context.speller.isCorrect(n.lower)
        }
        // Neighbours separated by spaces only (not by a hyphen or a comma).
        func adjacent(_ a: Token, _ b: Token) -> Bool {
            guard a.end <= b.range.location else { return false }
            let tokens = sentence.tokens
            return !tokens.indices.contains { k in
                tokens[k].range.location >= a.end && tokens[k].end <= b.range.location && tokens[k].kind != .whitespace
            }
        }
        if isName(index - 1) && adjacent(words[index - 1], t) { return true }
        if isName(index + 1) && adjacent(t, words[index + 1]) { return true }
        // Spelled the same elsewhere in the paragraph.
        var count = 0
        for other in context.sentences {
            for o in other.tokens where o.kind == .word && o.text == t.text {
                count += 1
                if count >= 2 { return true }
            }
        }
        return false
    }

    /// Unknown words of `sentence`, each with up to five suggestions, best first.
    /// Highest suggestion score (tenths of an edit, see ``SpellingSuggester/ScoredSuggestion``)
    /// at which a word is a near miss of a known word: one cheap slip (a swap, a doubled or
    /// dropped letter) away. A near miss is flagged even when it also appears in the document's
    /// code or stands beside a name, since a typo is then likelier than a name or identifier.
    static let nearMissScore = 12

    /// True when `word` is one cheap slip away from a dictionary word.
    static func isNearMiss(_ word: String, speller: any Speller, maxScore: Int = nearMissScore) -> Bool {
        guard let hunspell = speller as? HunspellSpeller, word.count >= 3 else { return false }
        // The first of the five guesses the rule shows (computed once, cached by the suggester),
        // not a search of its own for one.
        guard let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        // A guess that splits the word (`namespace` → `name space`) is no evidence of a slip.
        // (Bytes compared: `String.contains` of a literal goes through Foundation's search.)
        if best.text.utf8.contains(0x20) || best.text.utf8.contains(0x2D) { return false }
        return best.score <= maxScore && best.text.lowercased() != word.lowercased()
    }

    /// True when the first guess for `word` is `word` with two neighbouring letters swapped
    /// (`Amercia` → `America`, `Teh` → `The`): the commonest slip of the keys, and a name
    /// almost never differs from a known word by one.
    static func isSwapOfGuess(_ word: String, speller: any Speller) -> Bool {
        guard let hunspell = speller as? HunspellSpeller, word.count >= 3,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        return isSwap(word.lowercased(), best.text.lowercased())
    }

    /// True when `word`, of six letters or more (a possessive's `'s` not counted), is one slip
    /// from the first guess for it, a common (lowercase) dictionary word (`Goverment` →
    /// `government`, `Managment`, `Quartely`): a letter dropped, added, or two swapped. A
    /// changed letter does not count: names and terms differ so from common words (`Morcar`,
    /// `mortar`; `Matteo`, `matter`; `Hepatology`, `hematology`).
    static func isLongSlipOfGuess(_ word: String, speller: any Speller) -> Bool {
        var stem = word
        if stem.hasASCIISuffix("'s") || stem.hasSuffix("\u{2019}s") { stem = String(stem.dropLast(2)) }
        guard stem.count >= 6 else { return false }
        return isSlipOfGuess(stem, speller: speller)
    }

    /// True when `word` is a letter dropped, added, or two swapped (or, with `orChangedLetter`,
    /// one changed) from the first guess for it, a common (lowercase) dictionary word of one
    /// piece (``isLongSlipOfGuess(_:speller:)`` for words of any length).
    static func isSlipOfGuess(_ word: String, speller: any Speller, orChangedLetter: Bool = false) -> Bool {
        guard let hunspell = speller as? HunspellSpeller,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        let w = word.lowercased(), g = best.text.lowercased()
        guard w != g, !g.utf8.contains(0x20), !g.utf8.contains(0x2D), speller.isCorrect(g) else { return false }
        if orChangedLetter, w.count == g.count, zip(w, g).filter({ $0 != $1 }).count == 1 { return true }
        return isSwap(w, g) || insertsOneLetter(Array(w), into: Array(g)) || insertsOneLetter(Array(g), into: Array(w))
    }

    /// For “dont” or “doesnt” (token `k` of `sentence`) after a subject pronoun (and at most one
    /// adverb: “she never dont”), the contraction that agrees with the pronoun: “doesn't” after
    /// “he”, “she”, “it”; “don't” after “I”, “you”, “we”, “they”. Nil otherwise.
    static func agreeingContraction(_ t: Token, at k: Int, in sentence: Sentence) -> String? {
        guard t.lower == "dont" || t.lower == "doesnt", var p = RuleSupport.previousWord(sentence, before: k) else { return nil }
        let tokens = sentence.tokens
        if PronounVerbAgreement.adverbs.contains(tokens[p].lower), let q = RuleSupport.previousWord(sentence, before: p) { p = q }
        guard let person = PronounVerbAgreement.person(tokens[p].lower), tokens[p].textIs("I") || !tokens[p].textIs("i") else { return nil }
        let want = person == .third ? "doesn't" : "don't"
        return t.startsUppercase ? want.prefix(1).uppercased() + want.dropFirst() : want
    }

    /// Stricter bound for words that also appear in the document's code: only the slips people
    /// make most (a swap, a doubled or dropped letter in a long word: `recieve`, `teh`), so that
    /// code words such as `stdout` are not taken for typos of `stout`.
    static let codeNearMissScore = 6

    /// The commonest English words (function words and the most frequent content words), which
    /// learners' slips most often aim at.
    static let frequentWords: WordSet = [
        "the", "of", "and", "to", "in", "is", "you", "that", "it", "he", "was", "for", "on", "are", "as", "with", "his", "they",
        "at", "be", "this", "have", "from", "or", "one", "had", "by", "but", "not", "what", "all", "were", "we", "when", "your",
        "can", "said", "there", "use", "an", "each", "which", "she", "do", "how", "their", "if", "will", "up", "other", "about",
        "out", "many", "then", "them", "these", "so", "some", "her", "would", "make", "like", "him", "into", "time", "has",
        "look", "two", "more", "write", "go", "see", "no", "way", "could", "people", "my", "than", "first", "been", "who",
        "its", "now", "find", "long", "down", "day", "did", "get", "come", "made", "may", "part", "because", "also", "after",
        "before", "should", "very", "through", "just", "where", "most", "know", "take", "think", "good", "year", "well",
        "only", "new", "want", "any", "give", "even", "much", "our", "over", "such", "why", "while", "those", "both",
        "between", "own", "under", "never", "same", "another", "must", "might", "again", "still", "every", "something",
        "nothing", "always", "really", "without", "though", "although", "however", "different", "important", "life",
        "world", "school", "student", "students", "work", "things", "thing", "example", "money", "young", "old", "better",
        "best", "help", "need", "lot", "believe", "because", "they're", "don't", "doesn't", "can't", "isn't", "it's", "i'm",
    ]

    /// How much cheaper (tenths of an edit) a name guess must be than the first common-word
    /// guess to stay before it when the misspelling is lowercase: more than half an edit.
    static let nameMargin = 6

    /// Words after which a possessive guess (`knowledge's`) cannot stand: the possessive needs
    /// a noun after it.
    static let notAfterPossessive: WordSet = [
        "about", "and", "or", "but", "of", "in", "on", "at", "to", "for", "with", "from", "by", "is", "are", "was", "were",
        "that", "which", "who", "as", "than", "because", "so", "if", "when", "the", "a", "an", "this", "these", "those",
    ]

    /// The guesses for `token` in the order that fits its sentence: for a lowercase word, a
    /// capitalised guess whose lowercase form is a word is lowercased (`docter` → `doctor`, not
    /// `Doctor`) and a name (`Yong` for `yong`) goes after the first common word; a possessive
    /// guess (`knowledge's` for `knowledges`) goes after the next guess when no noun can follow it.
    ///
    /// `scores` holds the suggester's cost of each guess (``SpellingSuggester/ScoredSuggestion``)
    /// when the speller gives them.
    static func rerank(_ guesses: [String], for token: Token, in sentence: Sentence, speller: any Speller,
                       scores: [String: Int] = [:]) -> [String] {
        var out = guesses
        if token.text.first?.isLowercase == true, out.contains(where: { $0.first?.isUppercase == true }) {
            var seen = Set<String>()
            var lowered: [String] = []
            for g in out {
                var x = g
                if g.first?.isUppercase == true, !g.dropFirst().contains(where: { $0.isUppercase }), !g.utf8.contains(0x20), speller.isCorrect(g.lowercased()) { x = g.lowercased() }
                if seen.insert(x).inserted { lowered.append(x) }
            }
            out = lowered
            // A name typed in lowercase (`britain` → `Britain`) is a capitalisation slip: it stays
            // first; so does a name much closer than the first common word (`febuary` →
            // `February`, not `rebury`).
            let nameIsMuchCloser: (Int) -> Bool = { k in
                guard let name = scores[out[0]], let common = scores[out[k]] else { return false }
                return common - name > Self.nameMargin
            }
            if let firstName = out.firstIndex(where: { $0.first?.isUppercase == true }), firstName == 0,
               out[0].lowercased() != token.text.lowercased(),
               let firstCommon = out.firstIndex(where: { $0.first?.isLowercase == true }), !nameIsMuchCloser(firstCommon) {
                let common = out.remove(at: firstCommon)
                out.insert(common, at: 0)
            }
        }
        // A very common word that the slip is one dropped letter of, among the first three
        // guesses, goes first (“woud” → “would”, not “wood”; “lke” → “like”): dropped letters in
        // the commonest words are the commonest slips.
        let typed = token.text.lowercased()
        func dropsOneLetter(of word: String) -> Bool { Self.insertsOneLetter(Array(word.lowercased()), into: Array(typed)) }
        // Likewise a very common word that the slip adds one letter to, among the first three
        // guesses and costing little more than the first (“thie” → “the”, not “thee”; “afther” →
        // “after”, not “father”; but “makse” → “makes”, not “make”).
        func addsOneLetter(to word: String) -> Bool { Self.insertsOneLetter(Array(typed), into: Array(word.lowercased())) }
        if let first = out.first, !frequentWords.contains(first.lowercased()),
           let k = out.prefix(5).firstIndex(where: { frequentWords.contains($0.lowercased()) && dropsOneLetter(of: $0) }) {
            let w = out.remove(at: k)
            out.insert(w, at: 0)
        } else if let first = out.first, !frequentWords.contains(first.lowercased()),
                  let k = out.prefix(3).firstIndex(where: { frequentWords.contains($0.lowercased()) && addsOneLetter(to: $0) }),
                  let firstScore = scores[first], let score = scores[out[k]], score - firstScore <= 3 {
            let w = out.remove(at: k)
            out.insert(w, at: 0)
        }
        // Between guesses that cost the same, a very common word goes first (“aboue” → “about”,
        // not “above”).
        if let first = out.first, let firstScore = scores[first], !frequentWords.contains(first.lowercased()),
           let k = out.prefix(3).firstIndex(where: { scores[$0] == firstScore && frequentWords.contains($0.lowercased()) }) {
            let w = out.remove(at: k)
            out.insert(w, at: 0)
        }
        // “familys” → “families”: a plural in -ys of a noun in consonant + y.
        if typed.count > 4, typed.hasASCIISuffix("ys"), let c = typed.dropLast(2).last, !"aeiou".contains(c) {
            let plural = String(typed.dropLast(2)) + "ies"
            if let k = out.firstIndex(of: plural), k != 0 { out.remove(at: k); out.insert(plural, at: 0) }
            else if !out.contains(plural), speller.isCorrect(plural) { out.insert(plural, at: 0) }
        }
        // “ther is” → “there”, “ther car” → “their”.
        // (Not when the first guess is the typed letters with an apostrophe: “theyre” → “they're”.)
        if let k = out.prefix(3).firstIndex(of: "their"), let m = out.prefix(4).firstIndex(of: "there"),
           !(out.first.map { $0.utf8.contains(0x27) && $0.replacingOccurrences(of: "'", with: "") == typed } ?? false) {
            let next = sentence.tokens.firstIndex(where: { $0.range.location >= token.end && !$0.isSpace }).map { sentence.tokens[$0].lower }
            let wantThere = next.map { $0.isAny(of: "is", "are", "was", "were", "will", "would", "has", "have", "had", "may", "might", "must", "should", "could", "can", "isn't", "aren't", "wasn't", "weren't", "'s") } ?? true
            let pick = wantThere ? m : k
            if pick != 0 { let w = out.remove(at: pick); out.insert(w, at: 0) }
        }
        if let first = out.first, first.hasASCIISuffix("'s"), out.count > 1 {
            let next = sentence.tokens.firstIndex(where: { $0.range.location >= token.end && !$0.isSpace }).map { sentence.tokens[$0] }
            if next == nil || next!.kind == .punctuation || notAfterPossessive.contains(next!.lower) {
                out.swapAt(0, 1)
            }
        }
        // A regular ending on an irregular or uncountable noun (“childs”, “informations”), and
        // “eg”/“ie” for the Latin abbreviations: the form meant goes first.
        if let meant = Self.meantForms[typedLower(token)] {
            let cased = token.text.first?.isUppercase == true ? meant.prefix(1).uppercased() + meant.dropFirst() : meant
            out.removeAll { $0.lowercased() == meant.lowercased() }
            out.insert(cased, at: 0)
        }
        return out
    }

    /// `token`'s text in lowercase with straight apostrophes.
    private static func typedLower(_ token: Token) -> String { token.norm }

    /// Misspellings whose meant form no edit distance finds first: over-regular plurals of
    /// irregular and uncountable nouns, and the Latin abbreviations without their periods.
    static let meantForms: [String: String] = [
        "childs": "children", "womans": "women", "tooths": "teeth", "sheeps": "sheep", "informations": "information",
        "advices": "advice", "furnitures": "furniture", "equipments": "equipment", "knowledges": "knowledge",
        "homeworks": "homework", "researchs": "research", "luggages": "luggage", "baggages": "baggage",
        "feedbacks": "feedback", "softwares": "software", "hardwares": "hardware", "datas": "data", "criterias": "criteria",
        "phenomenons": "phenomena", "childrens": "children", "peoples'": "people's", "mens": "men", "womens": "women",
        "eg": "e.g.", "ie": "i.e.", "etc": "etc.",
    ]

    /// True when `a` and `b` (compared in lowercase, by characters) are at most one edit apart:
    /// one character inserted, deleted or replaced, or two adjacent ones swapped (Damerau's
    /// single-error classes, 1964).
    static func isOneSlip(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        if x == y { return true }
        if x.count == y.count {
            let diffs = x.indices.filter { x[$0] != y[$0] }
            if diffs.count == 1 { return true }
            return diffs.count == 2 && diffs[1] == diffs[0] + 1 && x[diffs[0]] == y[diffs[1]] && x[diffs[1]] == y[diffs[0]]
        }
        return insertsOneLetter(x, into: y) || insertsOneLetter(y, into: x)
    }

    /// English words written with their accents (Merriam-Webster gives both forms): beside one,
    /// a slip is still English (“Café teh typo”).
    static let accentedEnglishWords: WordSet = [
        "café", "cafés", "naïve", "naïvely", "naïveté", "résumé", "résumés", "fiancé", "fiancée", "cliché", "clichés",
        "déjà", "façade", "façades", "crème", "brûlée", "entrée", "entrées", "protégé", "soufflé", "touché", "décor",
        "élite", "rôle", "coöperate", "señor", "jalapeño", "piñata", "über", "doppelgänger", "attaché", "exposé",
    ]

    /// True when `shorter` is `word` without its first or its last letter, and that letter is
    /// not doubled (`cmake` → `make`, `wasm` → `was`; not `thee` → `the`, `tthe` → `the`).
    static func dropsAnEdgeLetter(_ word: String, _ shorter: String) -> Bool {
        let x = Array(word), y = Array(shorter)
        guard x.count == y.count + 1, x.count >= 3 else { return false }
        if Array(x.dropFirst()) == y, x[0] != x[1] { return true }
        if Array(x.dropLast()) == y, x[x.count - 1] != x[x.count - 2] { return true }
        return false
    }

    /// True when `guess` is `word` with a letter doubled or undoubled (`tomorow`, `tomorrow`;
    /// `untill`, `until`), both lowercase.
    static func changesDoubling(_ word: String, _ guess: String) -> Bool {
        func doubled(_ long: [Character], _ short: [Character]) -> Bool {
            guard long.count == short.count + 1 else { return false }
            var i = 0
            while i < short.count, long[i] == short[i] { i += 1 }
            guard Array(long[(i + 1)...]) == Array(short[i...]) else { return false }
            return (i > 0 && long[i - 1] == long[i]) || (i + 1 < long.count && long[i + 1] == long[i])
        }
        return doubled(Array(guess), Array(word)) || doubled(Array(word), Array(guess))
    }

    /// True when `guess` is `word` with one vowel changed for another (`contructed`,
    /// `contracted`), both lowercase.
    static func changesOneVowel(_ word: String, _ guess: String) -> Bool {
        let x = Array(word), y = Array(guess)
        guard x.count == y.count else { return false }
        let diffs = x.indices.filter { x[$0] != y[$0] }
        return diffs.count == 1 && "aeiou".contains(x[diffs[0]]) && "aeiou".contains(y[diffs[0]])
    }

    /// True when `lower` is a placeholder, not a word: one letter three to twelve times
    /// (`nnnnn`, `yyyy`, `zzzz`) or a run of the alphabet (`abc`, `abcd`, `xyz`).
    static func isPlaceholder(_ lower: String) -> Bool {
        let b = Array(lower.utf8)
        guard b.count >= 3, b.count <= 12, b.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        if b.allSatisfy({ $0 == b[0] }) { return true }
        return zip(b, b.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    /// True when token `k` of `tokens` is part of a hyphenated name (words and hyphens without
    /// spaces: `dpkg-buildpackage`) that the technical vocabulary knows (``VocabularyLayers``).
    static func inHyphenatedName<C: RandomAccessCollection>(_ tokens: C, _ k: Int, layers: VocabularyLayers) -> Bool where C.Element == Token, C.Index == Int {
        var a = k, b = k
        while a >= 2, tokens[a - 1].isOne(of: "-"), tokens[a - 2].kind == .word { a -= 2 }
        while b + 2 < tokens.count, tokens[b + 1].isOne(of: "-"), tokens[b + 2].kind == .word { b += 2 }
        guard b > a else { return false }
        let name = (a...b).map { tokens[$0].text }.joined().lowercased()
        return layers.layers(of: name).contains(.technical)
    }

    /// True when `guess` differs from `word` (both lowercase) only at the end: the last letter
    /// changed (`archiver`, `archived`), one added (`undefine`, `undefined`), or one dropped that
    /// is not doubled (`quicklz`, `quickl`; not `untill`, `until`).
    static func differsOnlyAtEnd(_ word: String, _ guess: String) -> Bool {
        let x = Array(word), y = Array(guess)
        guard x.count >= 3, y.count >= 2 else { return false }
        var p = 0
        while p < min(x.count, y.count), x[p] == y[p] { p += 1 }
        if x.count == y.count { return p == x.count - 1 }
        if y.count == x.count + 1 { return p == x.count }
        if x.count == y.count + 1 { return p == y.count && x[x.count - 1] != x[x.count - 2] }
        return false
    }

    /// True when `b` is `a` with two neighbouring letters swapped (`teh`, `the`).
    static func isSwap(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        guard x.count == y.count else { return false }
        let diffs = x.indices.filter { x[$0] != y[$0] }
        return diffs.count == 2 && diffs[1] == diffs[0] + 1 && x[diffs[0]] == y[diffs[1]] && x[diffs[1]] == y[diffs[0]]
    }

    /// True when `longer` is `shorter` with one character added somewhere.
    static func insertsOneLetter(_ longer: [Character], into shorter: [Character]) -> Bool {
        guard longer.count == shorter.count + 1 else { return false }
        var i = 0
        while i < shorter.count && shorter[i] == longer[i] { i += 1 }
        return Array(longer[(i + 1)...]) == Array(shorter[i...])
    }

    /// True when token `k` of `tokens` is followed directly by one of `characters` (see
    /// ``Token/isOne(of:)``).
    static func isFollowed<C: RandomAccessCollection>(_ tokens: C, _ k: Int, by characters: StaticString) -> Bool where C.Element == Token, C.Index == Int {
        k + 1 < tokens.count && tokens[k + 1].isOne(of: characters)
    }

    /// True when token `k` of `tokens` is written against a hyphen (“pre” in “pre-release”,
    /// “brainer” in “no-brainer”).
    static func touchesHyphen<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        isFollowed(tokens, k, by: "-\u{2010}") || (k > 0 && tokens[k - 1].isOne(of: "-\u{2010}"))
    }

    /// True when `guess` is `word`'s letters with a space or a hyphen put in (`After all` for
    /// `Afterall`), in any case.
    static func isSplit(_ guess: String, of word: String) -> Bool {
        guard guess.utf8.contains(0x20) || guess.utf8.contains(0x2D) else { return false }
        return guess.unicodeScalars.filter { $0 != " " && $0 != "-" }.map { $0.properties.lowercaseMapping }.joined()
            == word.lowercased()
    }

    /// Fewest lowercase words of a paragraph judged to be in another language, and the share
    /// of them (percent) the dictionary must lack: English prose, even technical prose, has
    /// function words in nearly every other word (the, of, to, and, a, in, is, it…).
    static let foreignMinimumWords = 6
    static let foreignUnknownPercent = 50

    /// Highest share (percent) of English function words among a foreign paragraph's
    /// lowercase words: English, even a terse changelog line, has far more (“fix crash on
    /// start”, “add the option to…”); German and French share a few (`die`, `in`, `a`, `on`).
    static let foreignFunctionWordPercent = 12
    /// The commonest English function words.
    static let englishFunctionWords: WordSet = [
        "the", "a", "an", "of", "to", "and", "in", "is", "it", "for", "on", "with", "as", "at", "by", "this", "that", "be",
        "are", "was", "were", "we", "you", "i", "not", "or", "from", "can", "will", "have", "has", "had", "but", "if", "they",
        "he", "she", "its", "our", "your", "their", "which", "there", "all", "when", "so", "do", "what", "about", "no",
        "than", "only", "also", "into", "would", "should", "my", "his", "her", "them", "been", "these", "those", "how",
    ]

    /// Lowercase Latin-script words of `words` (not identifiers), how many of them are
    /// unknown, and how many are English function words.
    static func lowercaseUnknown(_ words: [Token], entries: WordSet?, context: RuleContext) -> (words: Int, unknown: Int, function: Int) {
        var n = 0, function = 0
        for i in words.indices where words[i].startsLowercase && !isIdentifierLike(words[i]) {
            n += 1
            if englishFunctionWords.contains(words[i].lower) { function += 1 }
        }
        // English nearly always has its function words: then the dictionary need not be asked.
        guard function * 100 <= n * foreignFunctionWordPercent else { return (n, 0, function) }
        var unknown = 0
        for i in words.indices where words[i].startsLowercase && !isIdentifierLike(words[i]) && !englishFunctionWords.contains(words[i].lower) {
            if !isKnown(words, i, entries: entries, context: context) { unknown += 1 }
        }
        return (n, unknown, function)
    }

    /// True when counts of ``lowercaseUnknown(_:entries:context:)`` read as another language.
    static func readsForeign(_ c: (words: Int, unknown: Int, function: Int)) -> Bool {
        c.unknown * 100 >= c.words * foreignUnknownPercent && c.function * 100 <= c.words * foreignFunctionWordPercent
    }

    /// A cheap first test on one sentence of a paragraph (not a list item, a heading or a
    /// table cell, where fragments and identifiers abound): three lowercase words or more
    /// unknown, half of its lowercase words or more, and few English function words.
    static func mayBeForeign(_ words: [Token], entries: WordSet?, context: RuleContext) -> Bool {
        guard context.blockKind == .paragraph, !context.isHeading else { return false }
        let c = lowercaseUnknown(words, entries: entries, context: context)
        return c.unknown >= 3 && readsForeign(c)
    }

    /// True when the paragraph of `sentences` reads as another language: at least
    /// ``foreignMinimumWords`` lowercase words, ``foreignUnknownPercent`` of them unknown and
    /// at most ``foreignFunctionWordPercent`` English function words.
    static func isForeignSegment(_ sentences: [Sentence], entries: WordSet?, context: RuleContext) -> Bool {
        var total = (words: 0, unknown: 0, function: 0)
        for s in sentences {
            let c = lowercaseUnknown(s.tokens.filter { $0.kind == .word }, entries: entries, context: context)
            total.words += c.words
            total.unknown += c.unknown
            total.function += c.function
        }
        guard total.words >= foreignMinimumWords && readsForeign(total) else { return false }
        return !isEnglishWithSlips(sentences, entries: entries, context: context)
    }

    /// True when most unknown lowercase words of the paragraph (``englishSlipPercent``) are one
    /// slip from an English word (a letter dropped, added, or two swapped: “Teh quick brwn fox
    /// jumpd ovr teh lazzy dog”): English typed in haste, whose typos are to be shown, not a
    /// paragraph in another language (“ist”, “ein” are such slips by chance; “nicht”, “wurde”,
    /// “geschrieben” are not).
    static func isEnglishWithSlips(_ sentences: [Sentence], entries: WordSet?, context: RuleContext) -> Bool {
        var unknown = 0, slips = 0
        for s in sentences {
            let words = s.tokens.filter { $0.kind == .word }
            for i in words.indices where words[i].startsLowercase && !isIdentifierLike(words[i]) && !englishFunctionWords.contains(words[i].lower) {
                guard !isKnown(words, i, entries: entries, context: context) else { continue }
                unknown += 1
                if isSlipOfGuess(words[i].lower, speller: context.speller) { slips += 1 }
            }
        }
        return unknown > 0 && slips * 100 >= unknown * englishSlipPercent
    }

    /// Share (percent) of a paragraph's unknown words that are slips of English words at which
    /// it reads as English typed in haste (``isEnglishWithSlips(_:entries:context:)``).
    static let englishSlipPercent = 50

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
            // A slip of a known word, a changed letter included (“interbread”, “rebounce”,
            // “superintendant”): the prefix's stem is then a word by chance.
            return !isSlipOfGuess(lower, speller: speller, orChangedLetter: true)
        }
        return false
    }

    /// Latin and French phrases English writes as they are, each word known only beside the
    /// others (“de facto”, “bona fide”, “a priori”).
    static let foreignPhrases: [[String]] = [
        ["de", "facto"], ["de", "jure"], ["bona", "fide"], ["bona", "fides"], ["a", "priori"], ["a", "posteriori"], ["modus", "operandi"],
        ["carpe", "diem"], ["mea", "culpa"], ["in", "situ"], ["in", "vitro"], ["in", "vivo"], ["ad", "nauseam"], ["pro", "bono"],
        ["quid", "pro", "quo"], ["sine", "qua", "non"], ["prima", "facie"], ["inter", "alia"], ["ipso", "facto"], ["magnum", "opus"],
        ["curriculum", "vitae"], ["habeas", "corpus"], ["caveat", "emptor"], ["persona", "non", "grata"], ["post", "hoc"],
        ["ad", "infinitum"], ["ad", "libitum"], ["status", "quo"], ["vice", "versa"], ["et", "al"], ["et", "cetera"], ["per", "annum"],
        ["per", "capita"], ["pro", "rata"], ["sui", "generis"], ["terra", "incognita"], ["tabula", "rasa"], ["in", "absentia"],
        ["deja", "vu"], ["raison", "d'etre"], ["coup", "de", "grace"], ["fait", "accompli"], ["joie", "de", "vivre"], ["laissez", "faire"],
        ["savoir", "faire"], ["tete", "a", "tete"], ["vis", "a", "vis"], ["en", "masse"], ["en", "route"], ["film", "noir"],
        // Loan phrases of food, manners and the arts that English writes as they are, and
        // more of Latin's; written with their accents or without (``folded(_:)``).
        ["bon", "appetit"], ["bon", "voyage"], ["bon", "vivant"], ["je", "ne", "sais", "quoi"], ["creme", "brulee"],
        ["creme", "fraiche"], ["creme", "de", "la", "creme"], ["creme", "caramel"], ["a", "la", "carte"], ["a", "la", "mode"],
        ["au", "revoir"], ["au", "pair"], ["au", "contraire"], ["au", "naturel"], ["au", "gratin"], ["c'est", "la", "vie"],
        ["cordon", "bleu"], ["faux", "pas"], ["nom", "de", "plume"], ["nom", "de", "guerre"], ["par", "excellence"],
        ["piece", "de", "resistance"], ["enfant", "terrible"], ["esprit", "de", "corps"], ["haute", "couture"],
        ["haute", "cuisine"], ["idee", "fixe"], ["objet", "d'art"], ["noblesse", "oblige"], ["nouveau", "riche"],
        ["bete", "noire"], ["carte", "blanche"], ["cause", "celebre"], ["double", "entendre"], ["femme", "fatale"],
        ["mise", "en", "place"], ["mise", "en", "scene"], ["petit", "four"], ["petits", "fours"], ["prix", "fixe"],
        ["sang", "froid"], ["trompe", "l'oeil"], ["belle", "epoque"], ["coup", "d'etat"], ["amuse", "bouche"],
        ["pot", "pourri"], ["avant", "garde"], ["cul", "de", "sac"], ["fin", "de", "siecle"], ["hors", "d'oeuvre"],
        ["hors", "d'oeuvres"], ["art", "nouveau"], ["eau", "de", "toilette"], ["eau", "de", "cologne"], ["tour", "de", "force"],
        ["table", "d'hote"], ["soupe", "du", "jour"], ["plat", "du", "jour"], ["pain", "au", "chocolat"], ["al", "dente"],
        ["al", "fresco"], ["a", "cappella"], ["dolce", "vita"], ["prima", "donna"], ["sotto", "voce"], ["alma", "mater"],
        ["ad", "hominem"], ["non", "sequitur"], ["per", "se"], ["pro", "forma"], ["in", "memoriam"], ["ex", "officio"],
        ["ex", "post", "facto"], ["modus", "vivendi"], ["de", "novo"], ["ceteris", "paribus"], ["terra", "firma"],
        ["vox", "populi"], ["summa", "cum", "laude"], ["magna", "cum", "laude"], ["cum", "laude"], ["deus", "ex", "machina"],
        ["in", "loco", "parentis"], ["memento", "mori"], ["rigor", "mortis"], ["sub", "judice"], ["ultra", "vires"],
        ["viva", "voce"], ["in", "toto"], ["ab", "initio"], ["a", "fortiori"], ["mens", "rea"], ["obiter", "dictum"],
        ["pari", "passu"], ["in", "extremis"], ["ex", "nihilo"], ["ex", "cathedra"], ["lingua", "franca"], ["pro", "tempore"],
        ["sine", "die"], ["tempus", "fugit"], ["mutatis", "mutandis"], ["in", "medias", "res"], ["reductio", "ad", "absurdum"],
        ["alter", "ego"], ["annus", "mirabilis"], ["casus", "belli"], ["corpus", "delicti"], ["nota", "bene"], ["post", "mortem"],
    ]

    /// `lower` (a word in lowercase) as ``foreignPhrases`` writes it: without accents (“appétit”
    /// → “appetit”), with a straight apostrophe.
    static func folded(_ lower: String) -> String {
        if lower.utf8.allSatisfy({ $0 < 0x80 }) { return lower }
        return lower.folding(options: .diacriticInsensitive, locale: nil).replacingOccurrences(of: "\u{2019}", with: "'")
    }
    /// ``foreignPhrases`` by each word they contain.
    static let foreignPhrasesByWord: WordMap<[[String]]> = {
        var map: [String: [[String]]] = [:]
        for p in foreignPhrases { for w in Set(p) { map[w, default: []].append(p) } }
        return WordMap(map)
    }()

    /// True when word `i` of `words` (one sentence's word tokens) belongs to one of
    /// ``foreignPhrases`` written out with its neighbours.
    static func inForeignPhrase(_ words: [Token], _ i: Int) -> Bool {
        let word = folded(words[i].lower)
        guard let phrases = foreignPhrasesByWord[word] else { return false }
        for p in phrases {
            for (offset, w) in p.enumerated() where w == word {
                let start = i - offset
                guard start >= 0, start + p.count <= words.count else { continue }
                if (0..<p.count).allSatisfy({ folded(words[start + $0].lower) == p[$0] }) { return true }
            }
        }
        return false
    }

    /// True when `w` has a letter outside ASCII (“très”, “brûlée”): a loanword or another language.
    static func foreignLooking(_ w: String) -> Bool { w.unicodeScalars.contains { $0.value > 0x7F && CharacterSet.letters.contains($0) } }

    /// The runs of unknown words in a sentence's words, each found and judged once, however many
    /// of its words ask (a line of 20,000 slips would otherwise be walked once per word).
    struct UnknownRuns {
        let words: [Token]
        let context: RuleContext
        /// Per word: unknown (1), known (0), not asked yet (-1).
        private var unknown: [Int8]
        /// Per word: the index of its run in ``found``, or -1.
        private var runOf: [Int]
        private var found: [(a: Int, b: Int, hasPhraseWord: Bool?)] = []

        init(words: [Token], context: RuleContext) {
            self.words = words
            self.context = context
            unknown = [Int8](repeating: -1, count: words.count)
            runOf = [Int](repeating: -1, count: words.count)
        }

        /// True when word `k` is neither identifier-like nor known.
        mutating func isUnknown(_ k: Int) -> Bool {
            guard words.indices.contains(k) else { return false }
            if unknown[k] < 0 {
                let w = words[k]
                unknown[k] = !SpellingRule.isIdentifierLike(w) && !SpellingRule.isKnown(w.text, speller: context.speller, vocabulary: context.userVocabulary) ? 1 : 0
            }
            return unknown[k] == 1
        }

        /// The first and last word of the run of unknown words around word `i`, and whether one
        /// of them looks foreign or is no near miss of a known word (then the run is a phrase).
        mutating func run(around i: Int) -> (a: Int, b: Int, hasPhraseWord: Bool) {
            var r = runOf[i]
            if r < 0 {
                // A capitalised word inside the sentence is a name, not part of a phrase in
                // another language: “We use teh Nginx server” keeps “teh” a plain slip.
                func joins(_ k: Int) -> Bool { isUnknown(k) && !(k > 0 && words[k].startsUppercase) }
                var a = i, b = i
                while joins(a - 1) { a -= 1 }
                while joins(b + 1) { b += 1 }
                found.append((a, b, nil))
                r = found.count - 1
                for k in a...b { runOf[k] = r }
            }
            let (a, b, known) = found[r]
            if let known { return (a, b, known) }
            // Decided once per run, stopping at the first phrase word.
            let speller = context.speller
            let phrase = b > a && (a...b).contains { k in
                SpellingRule.foreignLooking(words[k].text) || !SpellingRule.isNearMiss(words[k].text, speller: speller)
            }
            found[r].hasPhraseWord = phrase
            return (a, b, phrase)
        }
    }

    /// What the rule says of an unknown word `token` of `sentence`, whatever its place: its
    /// guesses in the order shown (``rerank(_:for:in:speller:scores:)``, the other dialect's
    /// spelling first), whether it reads as a name, whether it is a near miss
    /// (``isNearMiss(_:speller:maxScore:)``), and the message.
    struct Verdict: Sendable {
        var replacements: [String]
        var isName: Bool
        var isNearMiss: Bool
        var message: String
        /// True when the first guess is the other English dialect's spelling (`colour`).
        var isDialect = false
    }

    /// ``Verdict`` of token `k` of `sentence`, remembered by the Hunspell speller
    /// (``SpellingVerdicts``) per word and the token after it (the only part of the sentence the
    /// ranking reads): an editor checks a paragraph again on every keystroke, and a misspelling
    /// or a name stays in it.
    static func verdict(on k: Int, in sentence: Sentence, context: RuleContext) -> Verdict {
        let tokens = sentence.tokens
        let token = tokens[k]
        guard let memo = context.hunspell?.spellingVerdicts else { return makeVerdict(on: token, in: sentence, context: context) }
        // The next token as the ranking reads it: absent, punctuation, or its lowercase form.
        let key = token.text + "\u{0}" + (sentence.nextNonSpace(after: k).map { tokens[$0].kind == .punctuation ? "\u{2}" : tokens[$0].lower } ?? "\u{1}")
        if let known = memo.value(for: key) { return known }
        let verdict = makeVerdict(on: token, in: sentence, context: context)
        memo.remember(verdict, for: key)
        return verdict
    }

    /// ``Verdict`` of `token`, computed.
    private static func makeVerdict(on t: Token, in sentence: Sentence, context: RuleContext) -> Verdict {
        var replacements: [String]
        var scores: [String: Int] = [:]
        if let hunspell = context.hunspell {
            let scored = hunspell.suggester.scoredSuggestions(for: t.text, limit: 5)
            replacements = scored.map(\.text)
            for s in scored where scores[s.text] == nil { scores[s.text] = s.score }
        } else {
            replacements = context.speller.suggestions(for: t.text, limit: 5)
        }
        replacements.removeAll { $0 == t.text }
        replacements = Self.rerank(replacements, for: t, in: sentence, speller: context.speller, scores: scores)
        // The other English dialect's spelling (“colour” in American English) is named as such.
        let dialect = DialectVariants.variant(of: t.text, speller: context.speller)
        if let dialect {
            replacements.removeAll { $0 == dialect.replacement }
            replacements = Array(([dialect.replacement] + replacements).prefix(5))
        }
        // A capitalised word that is no slip of a known word is a name more often than a typo
        // (“I met Siobhan”): a hint, under its own category, not a typo.
        // (Not a closed compound whose guess is its two words: “Afterall” → “After all”.)
        let nearMiss = Self.isNearMiss(t.text, speller: context.speller)
        let isName = dialect == nil && t.startsUppercase && !t.isAllCaps && !nearMiss && !Self.isLongSlipOfGuess(t.text, speller: context.speller)
            && !(replacements.first.map { Self.isSplit($0, of: t.text) } ?? false)
        let message: String
        // A very long run of letters is named by its start, not copied whole into the message.
        let shown = t.text.count > 40 ? String(t.text.prefix(30)) + "…" : t.text
        if let dialect {
            message = dialect.message
        } else if isName {
            message = replacements.first.map { "“\(shown)” is not in the dictionary: a name (add it to your word list), or did you mean “\($0)”?" }
                ?? "“\(shown)” is not in the dictionary: a name? Add it to your word list."
        } else if let best = replacements.first {
            message = "“\(shown)” is not in the dictionary. Did you mean “\(best)”?"
        } else if t.text.utf8.count > SpellingSuggester.maxWordLength {
            message = "“\(shown)” (\(t.text.count) letters) is not in the dictionary: it is too long to be a word."
        } else {
            message = "“\(shown)” is not in the dictionary: check its spelling, or add it to your word list."
        }
        return Verdict(replacements: replacements, isName: isName, isNearMiss: nearMiss, message: message, isDialect: dialect != nil)
    }

    /// Verdicts on unknown words (``SpellingRule/verdict(on:in:context:)``), by word and the
    /// token after it, shared by threads (a lock); forgets everything at 4,096 entries
    /// (bounded memory) and when its speller gains a word (``forget()``).
    final class SpellingVerdicts: Sendable {
        private let entries = Mutex<[String: Verdict]>([:])
        static let capacity = 4_096

        func value(for key: String) -> Verdict? { entries.withLock { $0[key] } }

        func remember(_ verdict: Verdict, for key: String) {
            entries.withLock {
                if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
                $0[key] = verdict
            }
        }

        /// Forgets every verdict (the speller's dictionary changed, and with it the guesses).
        func forget() { entries.withLock { $0.removeAll() } }
    }

    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        var out: [RuleMatch] = []
        // Most sentences have no unknown word: find that out reading tokens in place, a word
        // without capitals that is a dictionary entry as it stands without asking Hunspell.
        let tokens = sentence.tokens
        let entries = context.standaloneEntries
        guard tokens.indices.contains(where: { i in
            tokens[i].kind == .word && !Self.isIdentifierLike(traits: tokens[i].traits)
                && (tokens[i].traits.contains(.ascii) || Self.isLatinScript(tokens[i].text))
                && !Self.isKnown(tokens, i, entries: entries, context: context)
        }) else { return out }
        // The word tokens, and each one's index among all the sentence's tokens (its neighbours:
        // a hyphen, an apostrophe, a dash), found once, not by a search per unknown word.
        let wordIndices = tokens.indices.filter { tokens[$0].kind == .word }
        let words = wordIndices.map { tokens[$0] }
        // A paragraph in another language (“Das ist ein kurzer Text”): one note on its first
        // word instead of a typo for every word.
        if Self.mayBeForeign(words, entries: entries, context: context),
           context.segmentFacts.isForeign({ Self.isForeignSegment(context.sentences, entries: entries, context: context) }) {
            guard let first = context.sentences.indices.first(where: { k in context.sentences[k].tokens.contains { $0.kind == .word } }),
                  first == context.sentenceIndex, let w = words.first else { return out }
            let language = context.speller.language
            return [RuleMatch(range: w.range, replacements: [],
                              message: "This paragraph does not read as English: most of its words are not in the \(language) dictionary, so its spelling was not checked.",
                              isConfident: false, category: .misc)]
        }
        var runs = UnknownRuns(words: words, context: context)
        for (i, t) in words.enumerated() {
            let k = wordIndices[i]
            if Self.isIdentifierLike(t) || !(t.traits.contains(.ascii) || Self.isLatinScript(t.text)) { continue }
            // A word with a dotless ı (U+0131) is Turkish or Azeri (a name, a place: “Kadıköy”):
            // English never writes one, and its guesses would make another word of it.
            if !t.traits.contains(.ascii), t.text.unicodeScalars.contains("\u{0131}") { continue }
            if Self.isKnown(words, i, entries: entries, context: context) { continue }
            if Self.inForeignPhrase(words, i) { continue }
            // An archaic contraction of “it” (“’Tis so”, “’twere better”), written with its apostrophe.
            if k > 0, tokens[k - 1].isOne(of: "'\u{2019}"), Self.archaicContractions.contains(t.lower) { continue }
            // An abbreviation the dictionary lists with its period (en-GB's `etc.`), written so.
            if Self.isFollowed(tokens, k, by: "."), context.speller.isCorrect(t.text + ".") { continue }
            // Dialect in dialogue: a dropped “g” marked by an apostrophe (“goin'”, “Nothin'”).
            if Self.isFollowed(tokens, k, by: "'\u{2019}"), t.lower.hasASCIISuffix("in"), context.speller.isCorrect(t.lower + "g") { continue }
            // A prefix before a hyphen (“pre-release”).
            if Self.hyphenPrefixes.contains(t.lower), Self.isFollowed(tokens, k, by: "-\u{2010}") { continue }
            // An ending named with its hyphen, five letters at most (“the -ing form”, “(-ed)”), or
            // a productive suffix written onto a word (“idle-ish”, “Kafka-esque”).
            if t.startsLowercase, k > 0, tokens[k - 1].isOne(of: "-\u{2010}") {
                if k == 1 || tokens[k - 2].isSpace || tokens[k - 2].isOne(of: "(“\"'‘[/") {
                    if t.range.length <= 5 { continue }
                } else if Self.hyphenSuffixes.contains(t.lower) {
                    continue
                }
            }
            // A placeholder (`nnnnn`, `yyyy`, `abcd`) or a format specifier's letters (`%lu`, `%s`):
            // no word.
            if Self.isPlaceholder(t.lower) || (k > 0 && tokens[k - 1].isOne(of: "%")) { continue }
            // Two letters against a hyphen: a range (`A-Za-z`) or a code, not a word.
            if t.range.length <= 2, Self.touchesHyphen(tokens, k) { continue }
            // A part of a hyphenated command or package name (`dpkg-buildpackage`, `dh-python`).
            if t.startsLowercase, Self.touchesHyphen(tokens, k), let hunspell = context.hunspell,
               Self.inHyphenatedName(tokens, k, layers: hunspell.vocabularyLayers) { continue }
            // A lowercase word without a vowel in a hyphenated name (“cmark-gfm”, “pkg-config”):
            // a package or a command, not a slip.
            if t.startsLowercase, t.range.length >= 2, Self.touchesHyphen(tokens, k), RuleSupport.hasNoVowel(t.lower) { continue }
            // A prefix on a word the dictionary knows (“unflagged”, “deduplicates”,
            // “preprocessor”): the dictionaries list only the commonest of these.
            // (Not a capitalised word mid-sentence: a name, most likely, and the test is not free.)
            if t.traits.contains(.ascii), !(t.startsUppercase && i > 0),
               Self.isPrefixedWord(t.lower, speller: context.speller, classes: context.wordClasses) { continue }
            // A closed compound the other English dictionary knows (“namespace”, “codebase”,
            // “middleware” in American English): a word, not a slip.
            if t.startsLowercase, DialectVariants.isKnownCompound(t.text, speller: context.speller) { continue }
            // The author's own repeated use makes a capitalised word a name (`Deno`).
            var bare = t.text
            if bare.hasASCIISuffix("'s") || bare.hasSuffix("\u{2019}s") { bare = String(bare.dropLast(2)) }
            // (Unless it is a known word with two letters swapped, the commonest slip: “Teh cat
            // sat. Teh dog ran. Teh end.” and “Amercia” used three times stay typos; “Soo—oop” and
            // `Deno` do not.)
            if context.documentNames.contains(bare) || bare.first.map({ $0.isLowercase && context.documentNames.contains($0.uppercased() + bare.dropFirst()) }) == true,
               !Self.isSwapOfGuess(bare, speller: context.speller), !Self.isLongSlipOfGuess(bare, speller: context.speller) { continue }
            // (Its possessive too: `Ollama's` after `ollama` in the code.)
            let inCode = context.vocabulary.contains(t.text) || bare != t.text && context.vocabulary.contains(bare)
            if inCode {
                // Spelled the same in the document's code: accepted unless it is a common slip
                // of a known word (`recieve` in code).
                if !Self.isNearMiss(bare, speller: context.speller, maxScore: Self.codeNearMissScore) { continue }
            } else if Self.isLikelyName(i, words: words, sentence: sentence, context: context) {
                // Beside a name: accepted unless it is a near miss of a known word (`Jhon Smith`,
                // `Quartely Review`).
                if !Self.isNearMiss(t.text, speller: context.speller), !Self.isLongSlipOfGuess(t.text, speller: context.speller) { continue }
            }
            // A capitalised word mid-sentence may be a name: its guess is never applied unattended.
            // Nor is a word with accents (a loanword: “brûlée”), or one beside another unknown word
            // (a phrase in another language: “Ça va très bien, merci”; a run of names).
            let verdict = Self.verdict(on: k, in: sentence, context: context)
            let replacements = verdict.replacements, isName = verdict.isName
            let midSentence = i > 0
            var confident = !(t.startsUppercase && midSentence) && !Self.foreignLooking(t.text) && verdict.isNearMiss
            if confident {
                // The run of unknown words around this one: a phrase, unless every word in it is a
                // plain slip of a known word (“I recieve teh letter”). This word is one (it is
                // confident), so the run is a phrase when any of its words is not.
                let (a, b, hasPhraseWord) = runs.run(around: i)
                if b > a, hasPhraseWord {
                    confident = false
                }
                // Next to a word with accents (“très bien”): another language, most likely; not
                // next to an English word written with its accent (“Café teh”, “naïve”).
                // (en-US lists “cafe”, not “café”: the English loanwords are named.)
                // (In its composed form: a decomposed “cafe\u{301}” is the dictionary's “café”.)
                func foreignNeighbour(_ n: Int) -> Bool {
                    let w = words[n].text
                    guard Self.foreignLooking(w) else { return false }
                    let composed = w.precomposedStringWithCanonicalMapping
                    return !context.speller.isCorrect(composed) && !Self.accentedEnglishWords.contains(composed.lowercased())
                }
                if (a > 0 && foreignNeighbour(a - 1)) || (b + 1 < words.count && foreignNeighbour(b + 1)) {
                    confident = false
                }
            }
            // Applied unattended only when the guess is one slip from what was typed (a letter
            // added, dropped, changed, or two swapped): “teh” → “the”, never “sudo” → “side”.
            if confident, let best = replacements.first, !Self.isOneSlip(t.text, best) { confident = false }
            // A guess in capitals for a lowercase word makes it a name or an acronym (“endian” →
            // “Indian”): reported, not changed.
            if confident, t.startsLowercase, let best = replacements.first, best.first?.isUppercase == true, best.lowercased() != t.lower { confident = false }
            // A guess that drops the word's first or last letter, where that letter is not a
            // doubled one (“thee” → “the” is a slip; “cmake” → “make”, “wasm” → “was”, “crypto” →
            // “crypt”, “truthy” → “truth” are other words, most often terms): reported, not changed.
            if confident, let best = replacements.first, Self.dropsAnEdgeLetter(t.lower, best.lowercased()) { confident = false }
            // A lowercase word of three letters or more without a vowel (y is none here) is an
            // abbreviation or a command far more often than a slip (`gpg`, `pkg`, `src`, `tty`):
            // reported, not changed.
            if confident, t.startsLowercase, t.range.length >= 3,
               !t.lower.unicodeScalars.contains(where: { "aeiou".unicodeScalars.contains($0) }) { confident = false }
            // A short lowercase word (four letters at most) is an abbreviation of technical
            // writing as often as a slip (`pid`, `cpu`, `sed`, `ack`, `deps`, `perf`, `addr`):
            // its guess is applied unattended only when it is one of the commonest words, by a
            // swap, an added or a dropped letter (`teh` → `the`, `taht` → `that`, `wich` →
            // `which`), not a changed one (`sha` → `she`, `gui` → `guy` are reported).
            if confident, t.startsLowercase, t.lower.count <= 4, let best = replacements.first,
               !Self.frequentWords.contains(best.lowercased()) || best.count == t.lower.count && !Self.isSwap(t.lower, best.lowercased()) {
                confident = false
            }
            // A capitalised word opening the sentence is a name as often as a slip (“Matteo
            // opened the door” → “Matter”): its guess is applied unattended only when it is one
            // of the commonest words (“Teh” → “The”).
            if confident, t.startsUppercase, let best = replacements.first, !Self.frequentWords.contains(best.lowercased()) { confident = false }
            // A guess that adds an apostrophe makes a contraction of a word (“donut” → “don't”),
            // and a part of a hyphenated word (“pre-release”, “no-brainer”) is a prefix or a coinage
            // more often than a slip: reported, not changed.
            if confident, let best = replacements.first, best.utf8.contains(0x27) || best.unicodeScalars.contains("\u{2019}"), !t.text.utf8.contains(0x27), !t.text.unicodeScalars.contains("\u{2019}"),
               best.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "").lowercased() != t.lower { confident = false }
            if confident, Self.touchesHyphen(tokens, k) { confident = false }
            // The other dialect's spelling (“colour” under en-US) is a preference of the document,
            // not a slip: reported with the dialect's spelling first, not changed.
            if confident, verdict.isDialect { confident = false }
            // A plausible word of the domain, though the dictionary lacks it: a word of SCOWL's
            // largest lists or a package, command or man page name (`recurse`, `undefine`,
            // `archiver`, `ctime`): reported, not changed.
            // (Unless the guess is one of the commonest words, or a swap or a doubled letter away,
            // the strongest evidence of a slip: “wich” → “which”, “tomorow” → “tomorrow”.)
            if confident, let hunspell = context.hunspell, let best = replacements.first, hunspell.isPlausibleWord(t.text),
               !Self.frequentWords.contains(best.lowercased()), !Self.isSwap(t.lower, best.lowercased()),
               !Self.changesDoubling(t.lower, best.lowercased()) { confident = false }
            // A guess that differs from the word only at its end (a last letter changed, added,
            // or dropped when it is not doubled) makes another form or another word
            // (`archiver` → `archived`, `undefine` → `undefined`, `quicklz` → `quickly`), not a
            // slip's correction; “untill” → “until” is still one.
            if confident, let best = replacements.first, Self.differsOnlyAtEnd(t.lower, best.lowercased()) { confident = false }
            // One changed letter in a word of six letters or fewer (`dired` → `dared`, `ctime` →
            // `crime`) turns a term into a word as often as it corrects a slip: reported.
            if confident, let best = replacements.first, best.count == t.text.count, t.text.count < 7,
               !Self.isSwap(t.lower, best.lowercased()) { confident = false }
            // A vowel changed (the weakest evidence of a slip) when another guess is one slip
            // away as well (“contructed”: “contracted”, or “constructed”, a letter left out)
            // leaves the choice to the writer, unless the first is one of the commonest words and
            // the other is not.
            if confident, let best = replacements.first, Self.changesOneVowel(t.lower, best.lowercased()),
               replacements.dropFirst().prefix(4).contains(where: { other in
                   other.lowercased() != best.lowercased() && Self.isOneSlip(t.text, other)
                       && !(Self.frequentWords.contains(best.lowercased()) && !Self.frequentWords.contains(other.lowercased()))
               }) {
                confident = false
            }
            // A word alone in brackets (`(bce)`, `[ack]`) is an abbreviation or a symbol.
            if confident, k > 0, k + 1 < tokens.count, tokens[k - 1].isOne(of: "([{"), tokens[k + 1].isOne(of: ")]}") { confident = false }
            // A word broken off by a dash is a stammer or an interruption (“Wha— what?”).
            if confident, Self.isFollowed(tokens, k, by: "\u{2014}\u{2013}") { confident = false }
            // “dont”, “doesnt” without their apostrophe after a subject pronoun: the form that
            // agrees with it first (“He dont know” → “doesn't”, not “don't”), applied as the
            // apostrophe alone would be.
            if let agreeing = Self.agreeingContraction(t, at: k, in: sentence) {
                var message = verdict.message
                if let old = replacements.first { message = message.replacingOccurrences(of: "“\(old)”", with: "“\(agreeing)”") }
                let wasConfident = confident && replacements.first.map { $0.lowercased() == "don't" || $0.lowercased() == "doesn't" } == true
                out.append(RuleMatch(range: t.range, replacements: [agreeing] + replacements.filter { $0 != agreeing }.prefix(4),
                                     message: message, isConfident: wasConfident))
                continue
            }
            out.append(RuleMatch(range: t.range, replacements: replacements, message: verdict.message, isConfident: confident && !isName,
                                  category: isName ? .names : nil))
        }
        return out
    }
}
