import Foundation

// Text in another language for the spelling rule: a paragraph that does not read as English, loan
// phrases written as they are, and runs of unknown words that make a phrase.
extension SpellingRule {
    /// English words written with their accents (Merriam-Webster gives both forms): beside one,
    /// a slip is still English (“Café teh typo”).
    static let accentedEnglishWords: WordSet = [
        "café", "cafés", "naïve", "naïvely", "naïveté", "résumé", "résumés", "fiancé", "fiancée", "cliché", "clichés",
        "déjà", "façade", "façades", "crème", "brûlée", "entrée", "entrées", "protégé", "soufflé", "touché", "décor",
        "élite", "rôle", "coöperate", "señor", "jalapeño", "piñata", "über", "doppelgänger", "attaché", "exposé",
    ]

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
        // Medicine's and law's, from a trial on Huckleberry Finn (“delirium tremens”).
        ["delirium", "tremens"], ["in", "utero"], ["habeas", "data"], ["amicus", "curiae"], ["pro", "se"],
        ["res", "judicata"], ["stare", "decisis"], ["nolo", "contendere"], ["persona", "grata"], ["ad", "valorem"],
    ]

    /// Function words of French, German, Spanish and Italian that English never writes (“aux”,
    /// “à”, “und”, “della”): one of them inside a short quotation marks it as a title in that
    /// language (MPFR's release names “dinde aux marrons”, “canard à l'orange”).
    static let otherLanguageFunctionWords: WordSet = [
        "à", "aux", "au", "du", "des", "les", "avec", "sans", "pour", "und", "der", "das", "mit", "ein", "eine",
        "del", "los", "las", "della", "delle", "degli", "dei", "nel", "alla",
    ]

    /// True when word token `k` of `tokens` stands in a quotation of two to six words on one line
    /// (straight or typographic double quotes) that holds one of ``otherLanguageFunctionWords``
    /// or a word with an elided article (`l'orange`, `d'or`): a title in another language, whose
    /// words are no slips of English ones (`--fix` made “dinde” “dined”).
    static func isInOtherLanguageQuotation(_ tokens: TokenList, _ k: Int) -> Bool {
        func isQuote(_ t: Token) -> Bool { t.isOne(of: "\"\u{201C}\u{201D}") }
        var a = k - 1
        while a >= 0, a >= k - 12, tokens[a].kind != .newline, !isQuote(tokens[a]) { a -= 1 }
        guard a >= 0, a >= k - 12, tokens[a].kind != .newline, isQuote(tokens[a]) else { return false }
        var b = k + 1
        while b < tokens.count, b <= k + 12, tokens[b].kind != .newline, !isQuote(tokens[b]) { b += 1 }
        guard b < tokens.count, b <= k + 12, tokens[b].kind != .newline, isQuote(tokens[b]) else { return false }
        let inside = (a + 1)..<b
        guard inside.allSatisfy({ tokens[$0].kind == .word || tokens[$0].kind == .whitespace || tokens[$0].isOne(of: "'\u{2019}-") }) else {
            return false
        }
        let words = inside.filter { tokens[$0].kind == .word }
        guard words.count >= 2, words.count <= 6 else { return false }
        return words.contains { m in
            let lower = tokens[m].lower
            return otherLanguageFunctionWords.contains(lower) || lower.hasPrefix("l'") || lower.hasPrefix("d'")
                || lower.hasPrefix("l\u{2019}") || lower.hasPrefix("d\u{2019}")
                || (lower == "l" || lower == "d") && m + 1 < b && tokens[m + 1].isOne(of: "'\u{2019}")
        }
    }

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
}
