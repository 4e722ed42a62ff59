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
}
