import Foundation

// The spelling rule's use of the suggester: whether an unknown word is a slip of a known word, the
// order of its guesses in the sentence, and the tests on a guess that decide whether `--fix` may apply it.
extension SpellingRule {
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
    /// True when `word` is two letters swapped from its first guess, and that guess a name by
    /// the tag lexicon (`Jhon` → `John`, `Smiht` → `Smith`; `Tatu` → `taut` is no name).
    static func isSwapOfName(_ word: String, speller: any Speller, lexicon: TagLexicon) -> Bool {
        guard let hunspell = speller as? HunspellSpeller, word.count >= 3,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first,
              isSwap(word.lowercased(), best.text.lowercased()) else { return false }
        let capitalised = best.text.prefix(1).uppercased() + best.text.dropFirst()
        return lexicon.canBe(capitalised, .NNP) || lexicon.canBe(best.text.lowercased(), .NNP)
    }

    static func isSwapOfGuess(_ word: String, speller: any Speller) -> Bool {
        guard let hunspell = speller as? HunspellSpeller, word.count >= 3,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        return isSwap(word.lowercased(), best.text.lowercased())
    }

    /// True when the suggester has no guess for `word` but one that splits it (`uscan` → `us
    /// can`) or changes its case (`dh` → `DH`): no known word is near it.
    static func hasNoPlainGuess(_ word: String, speller: any Speller) -> Bool {
        guard let hunspell = speller as? HunspellSpeller else { return false }
        guard let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return true }
        return isSplit(best.text, of: word) || best.text.lowercased() == word.lowercased()
    }

    /// True when the suggester's first guess for `word` is `word` split in two (`Openwall` →
    /// “Open wall”): not a change of case (`Github` → “GitHub”), not none (`Puertorrican`, a
    /// name's slip the suggester cannot place).
    static func firstGuessIsSplit(_ word: String, speller: any Speller) -> Bool {
        guard let hunspell = speller as? HunspellSpeller,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        return isSplit(best.text, of: word)
    }

    /// Words that everyday writing runs together with another by mistake (“everytime”,
    /// “eachother”, “nevermind”, “alltogether”): a compound with one of them is a slip.
    static let runTogetherParts: Set<String> = [
        "every", "ever", "other", "never", "thing", "things", "body", "self", "well", "time", "times", "together",
        "though", "mind", "less", "much", "many", "what", "ways",
    ]

    /// True when `word` (lowercase, eight letters or more) is a compound written solid, as
    /// technical English writes its terms (gdk-pixbuf's `grayscale`, criu(8)'s `checkpointing`):
    /// the suggester's first guess is the word split in
    /// two, each part of four letters or more and no function word, and no other of its first
    /// five guesses is a single word one slip away (“backrounds” → “backgrounds”, “alltogether” →
    /// “altogether” stay slips), and the machine's word lists attest it.
    static func isSolidCompound(_ word: String, speller: any Speller) -> Bool {
        guard word.count >= 8, word.first?.isLowercase == true, let hunspell = speller as? HunspellSpeller else { return false }
        let guesses = hunspell.suggester.scoredSuggestions(for: word, limit: 5).map(\.text)
        guard let best = guesses.first, best.utf8.contains(0x20), isSplit(best, of: word) else { return false }
        let parts = best.split(separator: " ").map { String($0).lowercased() }
        guard parts.count == 2, parts.allSatisfy({ $0.count >= 4 && !DocumentTerms.functionWords.contains($0) && !runTogetherParts.contains($0) }) else {
            return false
        }
        guard !guesses.dropFirst().contains(where: { !$0.utf8.contains(0x20) && !$0.utf8.contains(0x2D) && isOneSlip(word, $0) }) else {
            return false
        }
        // The machine attests it (SCOWL's larger lists, a package, a command, three manual pages:
        // ``VocabularyLayers/isPlausibleWord(_:)``): two words everyday writing ran together by
        // mistake (the dev spelling set's “tennisplayer”, “massmedia”, “homestate”) are attested
        // nowhere.
        return hunspell.isPlausibleWord(word.lowercased())
    }

    /// True when `word` is one slip (``isOneSlip(_:_:)``) from the first guess for it, whatever
    /// that guess's case (`Febuary`, `February`).
    static func isOneSlipOfFirstGuess(_ word: String, speller: any Speller) -> Bool {
        guard let hunspell = speller as? HunspellSpeller,
              let best = hunspell.suggester.scoredSuggestions(for: word, limit: 5).first else { return false }
        return best.text.lowercased() != word.lowercased() && isOneSlip(word, best.text)
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

    /// True when a dictionary word other than `best` is one slip from `lower` (a lowercase
    /// ASCII word) too: a letter dropped, added, changed, or two swapped. `mainted` is one slip
    /// from “minted”, “painted” and “tainted” (and meant “maintained”): no guess wins clearly.
    static func hasOtherOneSlipWord(_ lower: String, besides best: String, speller: any Speller) -> Bool {
        let x = Array(lower.utf8)
        guard x.count >= 3, x.count <= 24, x.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        let bestLower = best.lowercased()
        let letters = Array(UInt8(97)...UInt8(122))
        // (A form of the same word does not compete: “argumens” is one slip from “arguments”
        // and from “argument”, and either is the word meant. Two words of one family share
        // all but their last two letters.)
        // (But two tenses of one verb do: “expectsd” is one slip from “expected” and from
        // “expects”, and only the sentence knows which; libgcrypt's README meant “expects”.)
        let bestBytes = Array(bestLower.utf8)
        func tense(_ w: String) -> Int { w.hasSuffix("ed") ? 1 : w.hasSuffix("ing") ? 2 : w.hasSuffix("s") ? 3 : 0 }
        let bestTense = tense(bestLower)
        func isOther(_ bytes: [UInt8]) -> Bool {
            var common = 0
            while common < min(bytes.count, bestBytes.count), bytes[common] == bestBytes[common] { common += 1 }
            let w = String(decoding: bytes, as: UTF8.self)
            if common >= 4, common >= min(bytes.count, bestBytes.count) - 2 {
                let t = tense(w)
                guard bestTense != 0, t != 0, t != bestTense, bestTense != 3 || t != 3 else { return false }
            }
            return w != bestLower && w != lower && speller.isCorrect(w)
        }
        for i in x.indices {
            var d = x
            d.remove(at: i)
            if isOther(d) { return true }
            for c in letters where c != x[i] {
                var r = x
                r[i] = c
                if isOther(r) { return true }
            }
            if i + 1 < x.count, x[i] != x[i + 1] {
                var w = x
                w.swapAt(i, i + 1)
                if isOther(w) { return true }
            }
        }
        for i in 0...x.count {
            for c in letters {
                var n = x
                n.insert(c, at: i)
                if isOther(n) { return true }
            }
        }
        return false
    }

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

    /// True when `guess` is `word`'s letters with a space or a hyphen put in (`After all` for
    /// `Afterall`), in any case.
    static func isSplit(_ guess: String, of word: String) -> Bool {
        guard guess.utf8.contains(0x20) || guess.utf8.contains(0x2D) else { return false }
        return guess.unicodeScalars.filter { $0 != " " && $0 != "-" }.map { $0.properties.lowercaseMapping }.joined()
            == word.lowercased()
    }

    /// The irregular past of the verb that token `k`, a lowercase word the dictionary lacks,
    /// regularly inflects (`layed` → `laid`, `drinked` → `drank`, `swimmed` → `swam`, `writed`
    /// → `wrote`, `flied` → `flew`): the lexicon's past participle after a form of “have” or
    /// “be” (“has drinked” → “drunk”), its simple past elsewhere. Nil when no base the ending
    /// leaves (`-ed`, `-d`, a doubled consonant, `-ied` → `-y`) is a verb whose past the lexicon
    /// lists as another word than the regular one.
    static func irregularPast(of t: Token, at k: Int, in sentence: Sentence, lexicon: TagLexicon) -> String? {
        let w = t.lower
        guard t.startsLowercase, t.traits.contains(.ascii), w.count >= 5, w.hasASCIISuffix("ed") else { return nil }
        guard let forms = lexicon.irregularForms(ofRegularPast: w) else { return nil }
        let tokens = sentence.tokens
        var before = RuleSupport.previousWord(sentence, before: k)
        if let p = before, tokens[p].lower.isAny(of: "not", "never", "already", "just", "also", "always", "ever", "really") {
            before = RuleSupport.previousWord(sentence, before: p)
        }
        let perfect = before.map { RuleSupport.norm(tokens[$0]).isAny(of: "have", "has", "had", "having", "'ve", "be", "been", "being", "is", "are", "was", "were", "get", "got", "gets") } ?? false
        return perfect ? forms.participle : forms.past
    }
}

