import Foundation

/// A word being talked about rather than used: “the word alot”, “'alot'”, “`irregardless`”,
/// “Bump irregardless, froward and perpend to level 70” (scowl's changelog, naming words of its
/// lists). A rule about a word's use says nothing of a word mentioned, and `--fix` must not
/// change it (a trial made scowl's README say “Fix suggestions for 'a lot'”).
enum WordMention {
    /// Nouns that name the word after them (“the word alot”, “the spelling irregardless”).
    static let namingNouns: WordSet = ["word", "words", "term", "terms", "spelling", "spellings", "form", "forms", "entry", "entries",
                                       "misspelling", "misspellings", "variant", "variants"]

    /// Opening marks and the closing mark each takes.
    static let quotePairs: [Character: Set<Character>] = [
        "\"": ["\""], "'": ["'", "\u{2019}"], "\u{2018}": ["\u{2019}", "'"], "\u{201C}": ["\u{201D}", "\""], "`": ["`", "'"],
    ]

    /// True when token `k` of `sentence` (a word) is mentioned, not used: alone between quotation
    /// marks or backquotes, right after a noun that names it (``namingNouns``), or an item of a
    /// list of single words (``isItemOfWordList(_:_:)``).
    static func isMentioned(_ sentence: Sentence, _ k: Int) -> Bool {
        let tokens = sentence.tokens
        if k > 0, k + 1 < tokens.count, let open = tokens[k - 1].text.first, tokens[k - 1].text.count == 1,
           let closers = quotePairs[open], let close = tokens[k + 1].text.first, tokens[k + 1].text.count == 1, closers.contains(close) {
            return true
        }
        if let p = RuleSupport.previousWord(sentence, before: k), namingNouns.containsLower(of: tokens, p) { return true }
        return isItemOfWordList(sentence, k)
    }

    /// True when token `k` of `sentence` starts a list of single words (“irregardless, froward
    /// (+ derivatives) and perpend to”) or is one of its items: each item one word (a bracketed
    /// remark may follow it), separated by commas, the last after “and” or “or” and followed by
    /// punctuation, a preposition or the sentence's end; three items at least, each starting in
    /// lowercase (“Thanks alot, John and Mary” is no list of words).
    static func isItemOfWordList(_ sentence: Sentence, _ k: Int) -> Bool {
        let tokens = sentence.tokens
        func skipRemark(_ i: Int) -> Int {
            // A bracketed remark after an item: “froward (+ derivatives)”.
            guard let n = sentence.nextNonSpace(after: i), tokens[n].isOne(of: "(") else { return i }
            var m = n
            while m + 1 < tokens.count, m - n < 8 {
                m += 1
                if tokens[m].isOne(of: ")") { return m }
            }
            return i
        }
        // Back to the first item: word, comma, word, comma, … ending at `k`, across the “and” or
        // “or” before the last item (“…, froward and perpend”: the last item is one too).
        var first = k
        if let c = sentence.previousNonSpace(before: first), tokens[c].lowerIs("and") || tokens[c].lowerIs("or"),
           var w = sentence.previousNonSpace(before: c) {
            if tokens[w].isOne(of: ","), let v = sentence.previousNonSpace(before: w) { w = v }
            // Over a bracketed remark after the item before: “froward (+ derivatives) and”.
            if tokens[w].isOne(of: ")"), let open = (max(0, w - 8)..<w).last(where: { tokens[$0].isOne(of: "(") }),
               let v = sentence.previousNonSpace(before: open) { w = v }
            if tokens[w].kind == .word, tokens[w].startsLowercase { first = w }
        }
        while let c = sentence.previousNonSpace(before: first), tokens[c].isOne(of: ","),
              let w = sentence.previousNonSpace(before: c), tokens[w].kind == .word { first = w }
        var items = 0
        var i = first
        var sawConjunction = false
        while items < 12 {
            guard tokens[i].kind == .word, tokens[i].startsLowercase else { return false }
            items += 1
            let end = skipRemark(i)
            guard let n = sentence.nextNonSpace(after: end) else { return sawConjunction && items >= 3 }
            if sawConjunction {
                return items >= 3 && (tokens[n].kind == .punctuation || PossessiveSlot.prepositions.containsLower(of: tokens, n)
                    || tokens[n].lowerIs("to") || tokens[n].lowerIs("for") || tokens[n].lowerIs("as"))
            }
            if tokens[n].isOne(of: ","), let w = sentence.nextNonSpace(after: n) {
                if tokens[w].lowerIs("and") || tokens[w].lowerIs("or"), let x = sentence.nextNonSpace(after: w) {
                    sawConjunction = true
                    i = x
                } else {
                    i = w
                }
                continue
            }
            if tokens[n].lowerIs("and") || tokens[n].lowerIs("or"), let x = sentence.nextNonSpace(after: n) {
                sawConjunction = true
                i = x
                continue
            }
            return false
        }
        return false
    }
}
