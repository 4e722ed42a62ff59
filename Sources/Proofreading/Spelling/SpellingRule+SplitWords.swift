import Foundation

// Words split across a line break by a hyphen at the line's end (`exe-` / `cution`), as plain
// text wrapped by hand or by a formatter writes them: the halves are no words of their own.
extension SpellingRule {
    /// The word that token `k` of `tokens` (a word) makes with its other half when a hyphen at
    /// a line's end splits it (`exe-` then a line break, spaces and `cution`): the two halves
    /// joined (`execution`); nil when the word is not split so. Either half may be token `k`;
    /// the second starts in lowercase (a capital starts a new thing: `foo-` / `Bar`).
    static func wordSplitAcrossLine<C: RandomAccessCollection>(_ tokens: C, _ k: Int) -> String? where C.Element == Token, C.Index == Int {
        func isHyphen(_ i: Int) -> Bool { tokens[i].isOne(of: "-\u{2010}\u{00AD}") }
        /// The index of the first token after the spaces from `i` on, when they hold a line break.
        func afterBreak(_ i: Int) -> Int? {
            var j = i, broke = false
            while j < tokens.count, tokens[j].isSpace {
                if tokens[j].kind == .newline || tokens[j].text.utf8.contains(10) || tokens[j].text.utf8.contains(13) { broke = true }
                j += 1
            }
            return broke && j < tokens.count ? j : nil
        }
        // The first half: a word, a hyphen, a line break, a lowercase word.
        if k + 2 < tokens.count, isHyphen(k + 1), let m = afterBreak(k + 2), tokens[m].kind == .word, tokens[m].startsLowercase {
            return tokens[k].text + tokens[m].text
        }
        // The second half: a word, a hyphen, a line break, this word (in lowercase).
        guard tokens[k].startsLowercase, k >= 3 else { return nil }
        var j = k - 1, broke = false
        while j >= 0, tokens[j].isSpace {
            if tokens[j].kind == .newline || tokens[j].text.utf8.contains(10) || tokens[j].text.utf8.contains(13) { broke = true }
            j -= 1
        }
        guard broke, j >= 1, isHyphen(j), tokens[j - 1].kind == .word else { return nil }
        return tokens[j - 1].text + tokens[k].text
    }
}
