import Foundation

// Name and term detection of the spelling rule: a capitalised unknown word that the evidence around
// it makes a name.
extension SpellingRule {
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
        if isName(index - 1) && adjacentInName(words[index - 1], t, sentence: sentence) { return true }
        if isName(index + 1) && adjacentInName(t, words[index + 1], sentence: sentence) { return true }
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

    /// True when words `a` and `b` (in this order) of `sentence` are separated by spaces only
    /// (not by a hyphen or a comma), or `a` is an initial with its period (“M. Stallman”).
    static func adjacentInName(_ a: Token, _ b: Token, sentence: Sentence) -> Bool {
        guard a.end <= b.range.location else { return false }
        let isInitial = a.range.length == 1 && a.startsUppercase
        let tokens = sentence.tokens
        var periods = 0
        for k in tokens.indices where tokens[k].range.location >= a.end && tokens[k].end <= b.range.location && tokens[k].kind != .whitespace {
            guard isInitial, periods == 0, tokens[k].isOne(of: ".") else { return false }
            periods += 1
        }
        return true
    }

    /// True when the capitalised word `index` of `words` follows a given name: a word the
    /// dictionary knows only with its capital (`Harlan`, `Richard`: Hunspell lists such names),
    /// directly or across initials (“Richard M. Stallman”), as a surname does (“Harlan Stenn”);
    /// or initials that open a name after a lowercase word (“and B. Poettering”).
    /// The dictionary's names are no slips, so the word after one is taken for a surname unless
    /// it is a known word with two letters swapped (“Mary Smiht”; the caller asks).
    static func followsGivenName(_ index: Int, words: [Token], sentence: Sentence, context: RuleContext) -> Bool {
        guard index > 0, words[index].startsUppercase else { return false }
        var j = index - 1
        var next = words[index]
        // Initials between the name and the word (“M.”, “N. H.”).
        while j > 0, words[j].range.length == 1, words[j].startsUppercase, adjacentInName(words[j], next, sentence: sentence) {
            next = words[j]
            j -= 1
        }
        let name = words[j]
        // Initials that open the name, after a lowercase word (“by G. A. Marson and B.
        // Poettering”, journald.conf(5)'s citation): the word after them is a surname.
        if j < index - 1, !name.startsUppercase { return true }
        guard name.range.length >= 2, name.startsUppercase, !name.traits.contains(.multipleUppercase),
              adjacentInName(name, next, sentence: sentence) else { return false }
        return context.speller.isCorrect(name.text) && !context.speller.isCorrect(name.lower)
    }

    /// True when token `k` of `tokens`, a capitalised word, is followed by a version: a dotted
    /// number (“IRIX 6.5”) or a comparison and a number (“Solaris <= 9”): a product's name.
    static func precedesVersion<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        var j = k + 1
        func skipSpaces() { while j < tokens.count, tokens[j].kind == .whitespace { j += 1 } }
        skipSpaces()
        var compared = false
        while j < tokens.count, tokens[j].isOne(of: "<>=\u{2264}\u{2265}") { compared = true; j += 1 }
        if compared { skipSpaces() }
        guard j < tokens.count, tokens[j].kind == .number else { return false }
        if compared { return true }
        // A dotted number: one token (“6.5”) or a number, a period and a number.
        if tokens[j].text.utf8.contains(0x2E) { return true }
        return j + 2 < tokens.count && tokens[j + 1].isOne(of: ".") && tokens[j + 2].kind == .number
    }

    /// Words that open a greeting or a thanks addressed to a person (“Hi Priya,”).
    static let greetingWords: WordSet = ["hi", "hello", "hey", "dear", "thanks", "morning", "evening", "afternoon", "welcome", "congratulations", "congrats"]

    /// True when token `k` of `tokens`, a capitalised word, is the name a greeting addresses:
    /// right after a greeting word (``greetingWords``) and before a comma, “!”, a colon or the
    /// end of its line (“Hi Priya,”, “Dear Ngozi:”, “Thanks Siddharth!”).
    static func isGreetedName<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> Bool where C.Element == Token, C.Index == Int {
        guard k >= 2, tokens[k - 1].kind == .whitespace, !tokens[k - 1].text.contains("\n"), tokens[k - 2].kind == .word,
              greetingWords.contains(tokens[k - 2].lower) else { return false }
        var j = k + 1
        // (A surname after the given name: “Hi Priya Raman,”.)
        if j + 1 < tokens.endIndex, tokens[j].text == " ", tokens[j + 1].kind == .word, tokens[j + 1].startsUppercase { j += 2 }
        guard j < tokens.endIndex else { return true }
        return tokens[j].isOne(of: ",!:") || tokens[j].kind == .newline || tokens[j].isSpace && tokens[j].text.contains("\n")
    }
}
