import Foundation

/// The terms of a document: a word the dictionary lacks that the document uses several times,
/// and that is no plain slip of a known word, is the document's own term or name (`zlib`,
/// `Zstandard`, `coreutils`), not a typo made again and again. It is flagged once, at its first
/// flagged use, as a possible unknown word to add to the word list, with no “did you mean” but a
/// change of case (`javascript` → `JavaScript`); its other uses are not flagged.
///
/// Which flags count: the spelling rule's (`SPELLING`) that it would not apply unattended
/// (``ProofreadingSuggestion/isConfident`` false: a confident guess is one cheap slip of a known word, `teh`,
/// `recieve`, and every use of it stays a finding to fix), and whose first guess is not one slip
/// away past the first letter (``isSlip(_:of:)``: “Amercia” stays a typo at every use), grouped by
/// the word in lowercase without a possessive `'s`. The other dialect's spellings and the note on
/// a paragraph in another language are left as they are, but for the other dialect's spelling used
/// again (`behaviour` twice under en-US), a hint at its first use only, saying how often.
enum DocumentTerms {
    /// How many uses make a plausible word with a confident guess the document's term.
    static let repeatedUses = 3
    /// How many different words in the other English dialect's spelling make a document written
    /// in that dialect (one hint for all of them; tmux's CHANGES: “colour” six times and
    /// “behaviour” once, two hints before session 50)…
    static let otherDialectWords = 2
    /// … used so many times in all (a sentence with “colour”, “centre” and “grey” keeps a hint
    /// for each).
    static let otherDialectUses = 4

    /// `matches` (sorted by location) with every later use of a term dropped and the first one
    /// said to be a term; `text` is the document the ranges refer to.
    ///
    /// A plausible word (`isPlausible`: a word of SCOWL's larger lists, a package or command
    /// name) that the document uses ``repeatedUses`` times or more is its term even when its
    /// guess was confident (a doubled letter or one of the commonest words: `iff` → “if”, six
    /// times in difflib's documentation, where it means “if and only if”): a real word written
    /// again and again is meant.
    /// Function words a short slip most often stands for (`teh`, `adn`, `taht`, `wiht`): a
    /// short word written twice that is one of these swapped is no term of the document.
    static let functionWords: Set<String> = [
        "the", "and", "that", "with", "this", "which", "what", "from", "have", "they", "their",
        "there", "then", "than", "when", "were", "your", "you", "for", "not", "are", "but", "was",
        "his", "her", "its", "our", "who", "how", "why", "can", "will", "them", "these", "those",
        "some", "also", "only", "into", "been", "does", "she", "him", "has", "had", "any", "all",
        "one", "out", "off", "over", "just", "each", "both", "such", "most", "more", "very", "here",
        "where", "while", "would", "could", "should", "about", "after", "before", "because",
    ]

    static func collapse(_ matches: [ProofreadingSuggestion], text: String, isPlausible: (String) -> Bool = { _ in false }) -> [ProofreadingSuggestion] {
        var groups: [String: [Int]] = [:], dialect: [String: [Int]] = [:]
        let ns = text as NSString
        var matches = matches
        // Confident guesses on a plausible word used again and again: the document's term.
        var uses: [String: [Int]] = [:]
        for (i, m) in matches.enumerated() where m.ruleID == "SPELLING" && m.range.location + m.range.length <= ns.length {
            uses[key(ns.substring(with: m.range)), default: []].append(i)
        }
        // A short lowercase word the document writes twice or more (a changelog's “lto”, twice:
        // `--fix` made it “lot”) is a term of the document as often as a habit of the hand:
        // reported at each use, never changed unattended.
        for (word, at) in uses where at.count >= 2 && word.count <= 4 && word.allSatisfy({ $0.isLowercase }) {
            guard at.allSatisfy({ ns.substring(with: matches[$0].range) == word }) else { continue }
            // (Not a slip of a function word: “teh” twice is a habit of the hand, never a term.)
            if let guess = matches[at[0]].replacements.first?.lowercased(), Self.functionWords.contains(guess) { continue }
            // (Nor a contraction written without its apostrophe: “dont” twice.)
            if Self.dropsAnApostrophe(word, matches[at[0]].replacements) { continue }
            for i in at { matches[i].isConfident = false }
        }
        var repeatedTerms = Set<String>()
        for (word, at) in uses where at.count >= repeatedUses && at.contains(where: { matches[$0].isConfident }) && isPlausible(word)
            && !Self.dropsAnApostrophe(word, matches[at[0]].replacements) {
            repeatedTerms.insert(word)
            for i in at { matches[i].isConfident = false }
        }
        for (i, m) in matches.enumerated() where m.ruleID == "SPELLING" && !m.isConfident && m.category != .misc {
            guard m.range.location + m.range.length <= ns.length else { continue }
            let word = ns.substring(with: m.range)
            // A slip of a known word made again (“Amercia” three times) and the other dialect's
            // spelling stay findings at every use.
            if m.message.contains("British spelling") || m.message.contains("American spelling") {
                dialect[key(word), default: []].append(i)
                continue
            }
            if !repeatedTerms.contains(key(word)), let guess = m.replacements.first, isSlip(word, of: guess) { continue }
            // A contraction without its apostrophe is a slip at every use, whichever guess the
            // context put first (“The printer dont work. He dont know.”: “doesn't” first, so no
            // one-slip guess, and the two uses made “dont” a term of the document, with no fix).
            if Self.dropsAnApostrophe(word, m.replacements) { continue }
            groups[key(word), default: []].append(i)
        }
        let writtenInOtherDialect = dialect.count >= otherDialectWords && dialect.values.reduce(0, { $0 + $1.count }) >= otherDialectUses
        // A term's plural joins its group (man unzip(1)'s `zipfile`, seven times, and `zipfiles`),
        // when the singular is already a term by its own uses (“docter” once and “docters”
        // once stay two slips, each with its guess).
        for word in Array(groups.keys) where word.count >= 5 && word.hasSuffix("s") {
            let singular = String(word.dropLast())
            guard let plural = groups[word], let uses = groups[singular], uses.count >= 2 else { continue }
            groups[singular]!.append(contentsOf: plural)
            groups[singular]!.sort()
            groups[word] = nil
        }
        guard groups.values.contains(where: { $0.count >= 2 }) || dialect.values.contains(where: { $0.count >= 2 }) || writtenInOtherDialect else { return matches }
        var drop = Set<Int>()
        var out = matches
        if writtenInOtherDialect {
            // A document written in the other dialect (find(1)'s “behaviour”, “optimisation”,
            // “minimise”, “optimiser”: ten hints in one manual page): one hint, at the first of
            // its words, naming a few; the dialect is the writer's choice, not a slip per word.
            let all = dialect.values.flatMap { $0 }.sorted()
            let words = dialect.values.map { $0[0] }.sorted().prefix(3).map {
                ns.substring(with: matches[$0].range).replacingOccurrences(of: "[-\u{2010}]\\s*\n\\s*", with: "", options: .regularExpression)
            }
            let name = matches[all[0]].message.contains("British spelling") ? "British" : "American"
            out[all[0]].message += " The document writes \(name) spelling throughout (\(all.count) times: \(words.joined(separator: ", ")), …)."
            drop.formUnion(all.dropFirst())
        } else {
            // The other dialect's spelling used again: one hint, at its first use, saying how often.
            for (_, uses) in dialect where uses.count >= 2 {
                out[uses[0]].message += " (Used \(uses.count) times here.)"
                drop.formUnion(uses.dropFirst())
            }
        }
        for (_, uses) in groups where uses.count >= 2 {
            let first = uses[0]
            let word = ns.substring(with: matches[first].range)
            let shown = word.count > 40 ? String(word.prefix(30)) + "…" : word
            out[first].message = "“\(shown)” (used \(uses.count) times here) is not in the dictionary: a term or a name of this document? Add it to your word list."
            out[first].replacements = matches[first].replacements.filter { $0.lowercased() == word.lowercased() && $0 != word }
            drop.formUnion(uses.dropFirst())
        }
        return out.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }

    /// Whether `word` is one of `replacements` with its apostrophe left out (“dont” for
    /// “don't”, “doesnt”, “youre”, “Im”): a slip of the hand at every use, never a term.
    static func dropsAnApostrophe(_ word: String, _ replacements: [String]) -> Bool {
        let w = word.lowercased()
        return replacements.contains { r in
            (r.contains("'") || r.contains("\u{2019}"))
                && r.lowercased().replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "") == w
        }
    }

    /// `matches` without the capital asked for at a sentence's start (`UPPERCASE_SENTENCE_START`)
    /// on a technical name written in lowercase (`ripgrep`, `grep`: ``TechnicalVocabulary``, or a
    /// command, package or man page name of ``VocabularyLayers`` that is no dictionary word, or an
    /// installed command written in the document's own code, `codeWords`) that the document never writes
    /// with a capital: a name its author writes so, as man pages start sentences with `grep`.
    static func keepingLowercaseNames(_ matches: [ProofreadingSuggestion], text: String, speller: any Speller, codeWords: Set<String> = []) -> [ProofreadingSuggestion] {
        guard matches.contains(where: { $0.ruleID == "UPPERCASE_SENTENCE_START" }) else { return matches }
        let ns = text as NSString
        let hunspell = speller as? HunspellSpeller
        var verdicts: [String: Bool] = [:]
        return matches.filter { m in
            guard m.ruleID == "UPPERCASE_SENTENCE_START", m.range.location + m.range.length <= ns.length else { return true }
            let word = ns.substring(with: m.range)
            if let known = verdicts[word] { return !known }
            let lower = word.lowercased()
            // (A package or command named by an English word, `the`, `more`, `make`, is no name here.)
            // An installed command's name that the document also writes in its own code (a code
            // span, a synopsis, a command example: ``StructuredDocument/codeVocabulary``) is the
            // command there, though it is an English word too (`cat now reads`, `sort can also`).
            // A word of the code alone is not enough: a code block's prose (“requests write
            // access”) would excuse “access should be granted”.
            let isName = TechnicalVocabulary.words.contains(lower)
                || codeWords.contains(word) && hunspell?.vocabularyLayers.isCommand(word) == true
                || hunspell?.vocabularyLayers.layers(of: lower).contains(.technical) == true && !speller.isCorrect(lower)
            var drop = false
            if isName, lower == word {
                let capital = word.prefix(1).uppercased() + word.dropFirst()
                // Written with a capital anywhere (as a whole word)?
                let pattern = "\\b" + NSRegularExpression.escapedPattern(for: capital) + "\\b"
                drop = text.range(of: pattern, options: .regularExpression) == nil
            }
            verdicts[word] = drop
            return !drop
        }
    }

    /// True when `word` is one slip (``SpellingRule/isOneSlip(_:_:)``) from `guess` past its
    /// first letter: a typo. A difference in the first letter (`Zstandard`, `Standard`) is a
    /// name's more often than a slip (people seldom mistype a word's first letter).
    ///
    /// A changed letter alone does not count: a term of the document differs so from a word
    /// (`indep`, `index`; `dh`, `do`), where a slip made again is a swap, a letter left out or
    /// typed twice (`Amercia`, `nutrinos`, `ther`).
    static func isSlip(_ word: String, of guess: String) -> Bool {
        let a = word.lowercased(), b = guess.lowercased()
        guard a.first == b.first, !b.contains(" "), a.count != b.count || SpellingRule.isSwap(a, b) else { return false }
        return SpellingRule.isOneSlip(a, b)
    }

    /// The word's group: lowercase, straight apostrophes, without a possessive `'s`, and joined
    /// where a line's end split it with a hyphen (`zip‐` / `file` is `zipfile`).
    static func key(_ word: String) -> String {
        var w = word.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        if w.contains("\n") { w = w.replacingOccurrences(of: "[-\u{2010}]\\s*\n\\s*", with: "", options: .regularExpression) }
        if w.hasSuffix("'s") { w.removeLast(2) }
        return w
    }
}
