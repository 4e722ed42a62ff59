import Foundation

/// A table of fixed phrases written as text, looked up by their first replaced word and matched
/// token by token: the data of phrase rules whose entries need a hyphen (“shoe-in”), an
/// apostrophe (“hair's breath”) or a word of context around the words they replace (“make due
/// [with]”).
///
/// Pattern syntax: lowercase words and punctuation as written; a space stands for whitespace on
/// one line, no space for adjacency (“shoe-in” is three tokens written together). `[a|b]` is a
/// word of context, one of the alternatives, that must stand there but is not replaced;
/// `[!a|b]` is a word of context that must not be one of them (a sentence that ends there
/// passes). Context may be punctuation (`[,|;]`), and `^` in opening context stands for the
/// start of the sentence (`[^|,] further more`). Context opens or closes a pattern, never stands
/// inside the replaced words.
struct PhraseTable: Sendable {
    /// One element of a pattern: a word (one of some alternatives) or a punctuation mark.
    struct Element: Sendable {
        /// Lowercase alternatives (``Token/norm`` form), or the punctuation mark's text.
        var options: [String]
        /// Words only (else punctuation, or context that mixes both).
        var isWord: Bool
        /// Written right after the element before it, without space.
        var attached: Bool
        /// Context that must not stand there.
        var negated: Bool
    }

    /// One phrase: its elements, the replaced ones (`first...last`) and their replacement.
    struct Entry: Sendable {
        var elements: [Element]
        var first: Int
        var last: Int
        var fix: String
    }

    /// The entries, in the order given.
    let entries: [Entry]
    /// Indices into ``entries`` by the first replaced word's alternatives.
    private let byFirst: WordMap<[Int]>
    /// The words a match starts from (for ``Rule/triggers``).
    let firstWords: Set<String>

    /// The table of `phrases` (pattern, replacement of the words outside brackets).
    init(_ phrases: [(pattern: String, fix: String)]) {
        var entries: [Entry] = []
        var index: [String: [Int]] = [:]
        for (pattern, fix) in phrases {
            let entry = Self.parse(pattern, fix: fix)
            for w in entry.elements[entry.first].options where index[w]?.last != entries.count {
                index[w, default: []].append(entries.count)
            }
            entries.append(entry)
        }
        self.entries = entries
        self.byFirst = WordMap(index)
        self.firstWords = Set(index.keys)
    }

    /// `pattern` as elements.
    static func parse(_ pattern: String, fix: String) -> Entry {
        var elements: [Element] = []
        var first = -1, last = -1
        var context: [Int] = []
        var attached = false
        var chars = Array(pattern)[...]
        while let c = chars.first {
            if c == " " { attached = false; chars = chars.dropFirst(); continue }
            if c == "[" {
                let close = chars.firstIndex(of: "]")!
                var body = String(chars[chars.index(after: chars.startIndex)..<close])
                let negated = body.hasPrefix("!")
                if negated { body.removeFirst() }
                let options = body.split(separator: "|").map(String.init)
                context.append(elements.count)
                elements.append(Element(options: options, isWord: options.allSatisfy { $0.first!.isLetter }, attached: attached, negated: negated))
                chars = chars[chars.index(after: close)...]
            } else if c.isLetter || c.isNumber {
                var word = ""
                while let d = chars.first, d.isLetter || d.isNumber || d == "'" { word.append(d); chars = chars.dropFirst() }
                if first < 0 { first = elements.count }
                last = elements.count
                elements.append(Element(options: [word], isWord: true, attached: attached, negated: false))
            } else {
                if first < 0 { first = elements.count }
                last = elements.count
                elements.append(Element(options: [String(c)], isWord: false, attached: attached, negated: false))
                chars = chars.dropFirst()
            }
            attached = true
        }
        precondition(first >= 0 && elements[first].isWord, "a phrase starts its replaced part with a word: \(pattern)")
        precondition(!context.contains { $0 > first && $0 < last }, "context inside the replaced words: \(pattern)")
        return Entry(elements: elements, first: first, last: last, fix: fix)
    }

    /// True when token `t` is element `e` (a word by its ``Token/norm``, punctuation by its text;
    /// context may mix the two).
    @inline(__always)
    private static func token(_ t: Token, is e: Element) -> Bool {
        switch t.kind {
        case .word:
            let norm = t.norm
            return e.options.contains(norm)
        case .punctuation:
            return !e.isWord && e.options.contains(t.text)
        default:
            return false
        }
    }

    /// The token after `k` for an element written `attached` (or after whitespace on one line).
    @inline(__always)
    private static func next(_ sentence: Sentence, after k: Int, attached: Bool) -> Int? {
        let tokens = sentence.tokens
        if attached {
            guard k + 1 < tokens.count, !tokens[k + 1].isSpace else { return nil }
            return k + 1
        }
        guard let n = sentence.nextNonSpace(after: k), n > k + 1 else { return nil }
        for m in (k + 1)..<n where tokens[m].kind == .newline { return nil }
        return n
    }

    /// The token before `k` for an element that `k`'s element follows `attached`.
    @inline(__always)
    private static func previous(_ sentence: Sentence, before k: Int, attached: Bool) -> Int? {
        let tokens = sentence.tokens
        if attached {
            guard k > 0, !tokens[k - 1].isSpace else { return nil }
            return k - 1
        }
        guard let p = sentence.previousNonSpace(before: k), p < k - 1 else { return nil }
        for m in (p + 1)..<k where tokens[m].kind == .newline { return nil }
        return p
    }

    /// A match of an entry from word token `i`: the entry and the first and last replaced tokens.
    func match(in sentence: Sentence, at i: Int) -> (entry: Entry, start: Int, end: Int)? {
        let tokens = sentence.tokens
        guard let candidates = byFirst[tokens[i].norm] else { return nil }
        candidates: for c in candidates {
            let e = entries[c]
            var k = i
            var end = i
            var outerEnd = i
            // Forward: the rest of the phrase, then its closing context.
            var m = e.first + 1
            while m < e.elements.count {
                let el = e.elements[m]
                let n = Self.next(sentence, after: k, attached: el.attached)
                if el.negated {
                    if let n, Self.token(tokens[n], is: el) { continue candidates }
                } else {
                    guard let n, Self.token(tokens[n], is: el) else { continue candidates }
                    k = n
                    if m <= e.last { end = n }
                    outerEnd = n
                }
                m += 1
            }
            // Backward: the opening context.
            k = i
            var outerStart = i
            m = e.first - 1
            while m >= 0 {
                let el = e.elements[m]
                let p = Self.previous(sentence, before: k, attached: e.elements[m + 1].attached)
                if el.options.contains("^"), sentence.previousNonSpace(before: k) == nil {
                    m -= 1
                    continue
                }
                if el.negated {
                    if let p, Self.token(tokens[p], is: el) { continue candidates }
                } else {
                    guard let p, Self.token(tokens[p], is: el) else { continue candidates }
                    k = p
                    outerStart = p
                }
                m -= 1
            }
            // Part of a longer hyphenated or apostrophised word (“well-made due”): not this phrase.
            if outerEnd + 1 < tokens.count, tokens[outerEnd + 1].kind == .punctuation, tokens[outerEnd + 1].isOne(of: "-'\u{2019}"),
               outerEnd + 2 < tokens.count, tokens[outerEnd + 2].kind == .word { continue }
            if outerStart > 0, tokens[outerStart - 1].kind == .punctuation, tokens[outerStart - 1].isOne(of: "-'\u{2019}"),
               outerStart > 1, tokens[outerStart - 2].kind == .word { continue }
            // A capital inside the phrase is a title or a name (“Piece of Mind”, “Marshal Law”).
            if end > i, tokens[(i + 1)...end].contains(where: { $0.kind == .word && $0.startsUppercase }) { continue }
            return (e, i, end)
        }
        return nil
    }

    /// Every match in `sentence`, left to right, none overlapping: first and last replaced
    /// tokens and the replacement in the case of the first word.
    func matches(in sentence: Sentence) -> [(start: Int, end: Int, fix: String)] {
        let tokens = sentence.tokens
        var out: [(start: Int, end: Int, fix: String)] = []
        var last = -1
        for i in tokens.indices where i > last && tokens[i].kind == .word {
            guard let (entry, start, end) = match(in: sentence, at: i) else { continue }
            // A capitalised first word inside the sentence is a name or a title.
            if tokens[start].startsUppercase, let p = sentence.previousNonSpace(before: start), tokens[p].kind == .word { continue }
            out.append((start, end, RuleSupport.matchCase(entry.fix, like: tokens[start].text)))
            last = end
        }
        return out
    }
}
