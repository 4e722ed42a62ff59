import Foundation

/// Helpers shared by the grammar, punctuation, typography and casing rules.
enum RuleSupport {
    /// Words after which a pronoun stands in subject position (a clause starts).
    static let clauseOpeners: WordSet = [
        "and", "but", "so", "because", "when", "while", "although", "though", "since", "then", "or", "yet",
        "until", "once", "whereas", "now", "also", "still", "maybe", "perhaps", "sometimes", "usually", "often",
        "never", "always", "really", "just", "today", "yesterday",
        // Conditions (a new user's trial: “If you has any questions” was missed); a subjunctive
        // after them (“if he were”) is the be rules' own concern.
        "if", "unless", "whenever",
    ]

    /// Modal and auxiliary verbs that take a bare infinitive.
    static let modals: WordSet = [
        "can", "can't", "cannot", "could", "couldn't", "will", "won't", "would", "wouldn't", "shall", "should",
        "shouldn't", "must", "mustn't", "might", "may", "did", "didn't", "does", "doesn't", "do", "don't",
        "can’t", "couldn’t", "won’t", "wouldn’t", "shouldn’t", "mustn’t", "didn’t", "doesn’t", "don’t",
    ]

    /// True when the ASCII lowercase word `lower` has no vowel letter, `y` counted as one
    /// (“npm”, “gpg”, “rm”): an initialism, a command or a package name written in lowercase,
    /// said letter by letter.
    static func hasNoVowel(_ lower: String) -> Bool {
        !lower.utf8.contains { $0 == 0x61 || $0 == 0x65 || $0 == 0x69 || $0 == 0x6F || $0 == 0x75 || $0 == 0x79 }
    }

    /// Forms of “be”.
    static let beForms: WordSet = (["is", "are", "was", "were", "am", "be", "been", "being", "isn't", "aren't", "wasn't", "weren't"] as WordSet).hot()

    /// Subordinators and relatives: a clause begins after them (“because the company faced …”).
    static let subordinators: WordSet = ["if", "that", "as", "after", "before", "where", "which", "who"]

    /// Finite forms a subject may have after it: the forms of “be” and “have” and the modals and
    /// forms of “do” (``beForms``, ``modals``).
    static let finiteAuxiliaries: WordSet = beForms.union(modals).union(["has", "have", "had", "hasn't", "haven't", "hadn't"])

    /// True when the word at `i` opens a clause: ``isSubjectPosition(_:_:)``, or right after a
    /// subordinator (``subordinators``).
    static func opensClause(_ sentence: Sentence, _ i: Int) -> Bool {
        if isSubjectPosition(sentence, i) { return true }
        guard let p = sentence.previousNonSpace(before: i) else { return true }
        return sentence.tokens[p].kind == .word && subordinators.contains(sentence.tokens[p].lower)
    }

    /// The forms of `w` with an -s ending to try against the dictionary, likeliest first: a
    /// plural or a third person (`city` → `cities`, `box` → `boxes`, `know` → `knows`).
    static func sFormCandidates(of w: String) -> [String] {
        var candidates = [w + "s", w + "es"]
        if w.hasASCIISuffix("y"), let before = w.dropLast().last, !"aeiou".contains(before) { candidates.insert(String(w.dropLast()) + "ies", at: 0) }
        return candidates
    }

    /// The UTF-16 range from the start of token `a` to the end of token `b` of `sentence`.
    static func span(_ sentence: Sentence, _ a: Int, _ b: Int) -> NSRange {
        let s = sentence.tokens[a].range.location
        return NSRange(location: s, length: sentence.tokens[b].end - s)
    }

    /// The indices of the words of `words` (lowercase) starting at word token `i` of
    /// `sentence`, each separated from the one before by whitespace without a line break (“in
    /// regards to”), or nil when the sentence does not go on with them; found with
    /// ``nextWordAfterSpace(_:after:)`` and ``Token/lowerIs(_:)`` (an ASCII word of another
    /// length is no match, without a string comparison): for the phrase tables tried at every
    /// word that starts a phrase.
    static func phraseAfterSpace(_ words: [String], in sentence: Sentence, at i: Int) -> [Int]? {
        // Matched first without allocating (most tries fail at the second word), then collected.
        let tokens = sentence.tokens
        var k = i
        for w in words.dropFirst() {
            guard let n = nextWordAfterSpace(sentence, after: k), tokens[n].lowerIs(w) else { return nil }
            k = n
        }
        var indices = [i]
        indices.reserveCapacity(words.count)
        k = i
        for _ in words.dropFirst() {
            guard let n = nextWordAfterSpace(sentence, after: k) else { return nil }
            indices.append(n)
            k = n
        }
        return indices
    }

    /// The index of the next token after `i` when it is a word separated from token `i` by
    /// whitespace on one line only.
    static func nextWord(_ sentence: Sentence, after i: Int) -> Int? {
        guard let j = sentence.nextNonSpace(after: i), sentence.tokens[j].kind == .word else { return nil }
        for k in (i + 1)..<j where sentence.tokens[k].kind == .newline { return nil }
        return j
    }

    /// ``nextWord(_:after:)`` with its usual case tested inline: one whitespace token, then a
    /// word (the same answer; anything else takes the general function). For the rules' loops
    /// over every word, where the call costs more than the test.
    @inline(__always)
    static func nextWordInline(_ sentence: Sentence, after i: Int) -> Int? {
        let tokens = sentence.tokens
        if i + 2 < tokens.count, tokens[i + 1].kind == .whitespace, tokens[i + 2].kind == .word { return i + 2 }
        return nextWord(sentence, after: i)
    }

    /// The next word after `i` when only whitespace (no line break) separates it from token `i`:
    /// the same answer as ``nextWord(_:after:)`` followed by
    /// ``separatedBySpaceOnly(_:_:_:)``, in one pass over the tokens between.
    @inline(__always)
    static func nextWordAfterSpace(_ sentence: Sentence, after i: Int) -> Int? {
        let tokens = sentence.tokens
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .whitespace { j += 1 }
        guard j > i + 1, j < tokens.count, tokens[j].kind == .word else { return nil }
        return j
    }

    /// The index of the previous token before `i` when it is a word separated from token `i` by
    /// whitespace on one line only.
    static func previousWord(_ sentence: Sentence, before i: Int) -> Int? {
        guard let j = sentence.previousNonSpace(before: i), sentence.tokens[j].kind == .word else { return nil }
        for k in (j + 1)..<i where sentence.tokens[k].kind == .newline { return nil }
        return j
    }

    /// True when token `i` is followed by whitespace and then token `j` is directly adjacent,
    /// i.e. tokens `i` and `j` are separated by whitespace only.
    static func separatedBySpaceOnly(_ sentence: Sentence, _ i: Int, _ j: Int) -> Bool {
        guard j > i + 1 else { return false }
        // By index: a closure over the slice gets a copy of each token.
        let tokens = sentence.tokens
        return ((i + 1)..<j).allSatisfy { tokens[$0].kind == .whitespace }
    }

    /// True when the token before `i` (ignoring whitespace) is the start of the sentence, an
    /// opening quote or bracket, a comma or semicolon, or a word that opens a clause: a pronoun
    /// at `i` is then a subject.
    static func isSubjectPosition(_ sentence: Sentence, _ i: Int) -> Bool {
        guard let p = sentence.previousNonSpace(before: i) else { return true }
        switch sentence.tokens[p].kind {
        case .punctuation:
            // A bullet that opens the sentence (a plain-text list item: “- she don't care”).
            if sentence.tokens[p].isOne(of: "-*\u{2022}"), sentence.previousNonSpace(before: p) == nil { return true }
            return sentence.tokens[p].isOne(of: ",;:(\"\u{201C}\u{2014}\u{2013}")
        case .word:
            guard clauseOpeners.contains(sentence.tokens[p].lower) else { return false }
            // "and" after a verb may join objects ("told him and her"): accept only when the
            // word before the opener is not a verb-like object slot.
            return true
        default:
            return false
        }
    }

    /// `replacement` with the case pattern of `original`: capitalised or all uppercase.
    static func matchCase(_ replacement: String, like original: String) -> String {
        guard let f = original.first, f.isUppercase else { return replacement }
        if original.count > 1 && original == original.uppercased() && original.contains(where: { $0.isLetter }) {
            return replacement.uppercased()
        }
        return replacement.prefix(1).uppercased() + replacement.dropFirst()
    }

    /// True when the sentence contains any of `words` (lowercased) before token `i`.
    static func sentence(_ sentence: Sentence, contains words: WordSet, before i: Int) -> Bool {
        sentence.tokens[..<i].contains { $0.kind == .word && words.contains($0.lower) }
    }

    /// The apostrophe-normalised lowercase form (`’` → `'`).
    @inline(__always)
    static func norm(_ token: Token) -> String { token.norm }

    /// True for tokens that look like code or identifiers rather than prose words.
    @inline(__always)
    static func isCodeLike(_ token: Token) -> Bool { isCodeLike(kind: token.kind, traits: token.traits) }

    /// ``isCodeLike(_:)`` of token `i` of `tokens`, read in place (passing `tokens[i]` as a
    /// value copies the token and its two strings).
    @inline(__always)
    static func isCodeLike<C: RandomAccessCollection>(_ tokens: C, _ i: Int) -> Bool where C.Element == Token, C.Index == Int { isCodeLike(kind: tokens[i].kind, traits: tokens[i].traits) }

    /// ``isCodeLike(_:)`` from a token's kind and traits.
    @inline(__always)
    static func isCodeLike(kind: Token.Kind, traits: Token.Traits) -> Bool {
        if kind == .placeholder { return true }
        guard kind == .word else { return false }
        // One mask of raw bits: an option-set literal here would build an array at every call.
        return traits.rawValue & (Token.Traits.hasDigit.rawValue | Token.Traits.hasUnderscore.rawValue | Token.Traits.innerUppercase.rawValue) != 0
    }
}
