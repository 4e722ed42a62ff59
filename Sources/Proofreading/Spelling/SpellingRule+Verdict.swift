import Foundation
import Synchronization

// What the spelling rule says of an unknown word (its guesses, name or typo, the message), computed
// once per word and the token after it and remembered by the speller.
extension SpellingRule {
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
        // A Roman numeral (`clii` for `cli`: Hunspell's en-US dictionary lists them) is never the
        // word meant, unless it is also a word of SCOWL's lists (`mix`).
        if let layers = context.hunspell?.vocabularyLayers {
            replacements.removeAll { Self.isRomanNumeral($0.lowercased()) && !layers.layers(of: $0.lowercased()).contains(.listed) }
        }
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
        var isName = dialect == nil && t.startsUppercase && !t.isAllCaps && !nearMiss && !Self.isLongSlipOfGuess(t.text, speller: context.speller)
            && !(replacements.first.map { Self.isSplit($0, of: t.text) } ?? false)
        // A name SCOWL lists (`Matteo`, `Giulia`) one slip from a common word (“Matter”): a
        // name, named so, without the common words among its guesses. Not when the slip is the
        // likelier reading: a swap or one of the commonest words (“Teh” → “The”, a surname too).
        if dialect == nil, Self.isListedNameNotSlip(t, guesses: replacements, context: context) {
            isName = true
            replacements.removeAll { context.speller.isCorrect($0.lowercased()) }
        }
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

    /// True when `token`, a capitalised word (not in capitals), is a proper name of SCOWL's lists
    /// (``VocabularyLayers/Layer/properName``) whose first guess is a common word capitalised or
    /// not (its lowercase form a word: “Matteo” → “Matter”), neither one of the commonest words
    /// nor two letters swapped (“Teh” → “The” stays a slip).
    static func isListedNameNotSlip(_ token: Token, guesses: [String], context: RuleContext) -> Bool {
        guard token.startsUppercase, !token.isAllCaps, let layers = context.hunspell?.vocabularyLayers,
              let best = guesses.first, layers.layers(of: token.text).contains(.properName) else { return false }
        let lower = best.lowercased()
        // A guess of two words (“Soledad” → “Sole dad”) is no common word; the dictionary has
        // no entries with spaces, so asking it would only load Hunspell to hear no.
        guard !lower.utf8.contains(0x20) else { return false }
        return context.speller.isCorrect(lower) && !Self.frequentWords.contains(lower) && !Self.isSwap(token.lower, lower)
    }

    /// True when `lower` is a Roman numeral of two letters or more (`xiv`, `clii`), by the
    /// standard subtractive forms.
    static func isRomanNumeral(_ lower: String) -> Bool {
        guard lower.utf8.count >= 2, lower.utf8.allSatisfy({ "ivxlcdm".utf8.contains($0) }) else { return false }
        return lower.range(of: "^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$", options: .regularExpression) != nil
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
}
