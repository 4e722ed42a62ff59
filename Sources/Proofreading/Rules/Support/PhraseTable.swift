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

    /// One phrase: its elements, the replaced ones (`first...last`), their replacement, and the
    /// element the table finds it by (``anchor``).
    struct Entry: Sendable {
        var elements: [Element]
        var first: Int
        var last: Int
        var fix: String
        /// The replaced word the entry is indexed by: its least common (longest, not a function
        /// word), so that the table is consulted on few sentences and few tokens.
        var anchor: Int
    }

    /// The entries, in the order given.
    let entries: [Entry]
    /// Indices into ``entries`` by their anchor word.
    private let byAnchor: WordMap<[Int]>
    /// The words every match contains (for ``Rule/triggers``).
    let anchorWords: Set<String>

    /// Words never chosen as an anchor while the phrase has another.
    static let common: Set<String> = [
        "a", "an", "the", "in", "on", "of", "to", "for", "at", "by", "and", "or", "is", "it", "as", "be", "with", "that", "this", "all",
        "out", "up", "one", "not", "was", "were", "are", "its", "his", "her", "my", "your", "our", "their", "make", "take", "have", "get",
        "go", "so", "back", "down", "over", "where", "other", "made", "way", "more", "less", "while", "going", "coming", "ever", "time",
        "well", "day", "mind", "side", "good", "there", "some", "any", "every", "what", "how", "new", "old", "first", "last", "long",
        "little", "great", "right", "still", "just", "like", "said", "see", "know", "think", "come", "came", "went", "look", "want",
        "give", "use", "find", "tell", "ask", "work", "seem", "feel", "try", "leave", "call", "hand", "eye", "life", "head", "house",
        "world", "year", "man", "thing", "part", "place", "case", "week", "point", "home", "room", "end", "word", "number", "fact",
        "night", "face", "door", "law", "name", "line", "money", "water", "people", "under", "after", "before", "again", "never",
        "here", "then", "than", "now", "only", "very", "also", "even", "much", "many", "such", "own", "same", "few", "most", "each",
        "off", "into", "about", "through", "let", "quite", "quiet", "real", "fair", "free", "half", "whole", "hard", "true", "fast",
        "can't", "could", "would", "should", "will", "can", "don't", "didn't", "been", "had", "has", "did", "does", "do",
        "took", "taking", "keep", "kept", "won't", "we", "you", "they", "he", "she", "i", "me", "him", "them", "us",
    ]

    /// The table of `phrases` (pattern, replacement of the words outside brackets).
    init(_ phrases: [(pattern: String, fix: String)]) {
        var entries: [Entry] = []
        var index: [String: [Int]] = [:]
        for (pattern, fix) in phrases {
            let entry = Self.parse(pattern, fix: fix)
            let w = entry.elements[entry.anchor].options[0]
            if index[w]?.last != entries.count { index[w, default: []].append(entries.count) }
            entries.append(entry)
        }
        self.entries = entries
        self.byAnchor = WordMap(index)
        self.anchorWords = Set(index.keys)
    }

    private init(entries: [Entry], byAnchor: WordMap<[Int]>, anchorWords: Set<String>) {
        self.entries = entries
        self.byAnchor = byAnchor
        self.anchorWords = anchorWords
    }

    /// This table with its anchor words a hot list of its own (see ``HotWords``): sentences'
    /// words outside it are turned away by their bit.
    func hot() -> PhraseTable {
        PhraseTable(entries: entries, byAnchor: byAnchor.hot(), anchorWords: anchorWords)
    }

    /// The anchor words' hot list, for ``Rule/hotWordLists``.
    var hotWordList: HotWordList { HotWordList(byAnchor) }

    /// The anchor words, as ``HotWords`` lists them.
    var anchorKeys: [String] { byAnchor.allKeys }
    /// The bit the anchor words have in ``Token/lexBits`` (0 unless made with ``hot()``).
    var anchorBit: UInt64 { byAnchor.hotBit }

    /// `pattern` as elements (patterns are ASCII: read by bytes).
    static func parse(_ pattern: String, fix: String) -> Entry {
        var elements: [Element] = []
        var first = -1, last = -1
        var context: [Int] = []
        var attached = false
        let bytes = Array(pattern.utf8)
        var i = 0
        func isWordByte(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x27 }
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 { attached = false; i += 1; continue }
            if c == 0x5B { // [
                var j = i + 1
                while bytes[j] != 0x5D { j += 1 }
                var body = bytes[(i + 1)..<j]
                let negated = body.first == 0x21 // !
                if negated { body = body.dropFirst() }
                let options = body.split(separator: 0x7C).map { String(decoding: $0, as: UTF8.self) } // |
                context.append(elements.count)
                elements.append(Element(options: options, isWord: options.allSatisfy { isWordByte($0.utf8.first!) && $0 != "'" },
                                        attached: attached, negated: negated))
                i = j + 1
            } else if isWordByte(c) {
                var j = i
                while j < bytes.count, isWordByte(bytes[j]) { j += 1 }
                if first < 0 { first = elements.count }
                last = elements.count
                elements.append(Element(options: [String(decoding: bytes[i..<j], as: UTF8.self)], isWord: true, attached: attached, negated: false))
                i = j
            } else {
                if first < 0 { first = elements.count }
                last = elements.count
                elements.append(Element(options: [String(decoding: bytes[i..<(i + 1)], as: UTF8.self)], isWord: false, attached: attached, negated: false))
                i += 1
            }
            attached = true
        }
        precondition(first >= 0 && elements[first].isWord, "a phrase starts its replaced part with a word: \(pattern)")
        precondition(!context.contains { $0 > first && $0 < last }, "context inside the replaced words: \(pattern)")
        var anchor = first
        var best = -1
        for k in first...last where elements[k].isWord {
            let w = elements[k].options[0]
            let score = common.contains(w) ? 0 : w.utf8.count
            if score >= best { best = score; anchor = k }
        }
        return Entry(elements: elements, first: first, last: last, fix: fix, anchor: anchor)
    }

    /// `template` with each `{}` replaced by `value` (without Foundation's string search, which
    /// would cost more than the rest of a table's construction).
    static func fill(_ template: String, _ value: String) -> String {
        let bytes = Array(template.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + value.utf8.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x7B, i + 1 < bytes.count, bytes[i + 1] == 0x7D { out.append(contentsOf: value.utf8); i += 2 } else { out.append(bytes[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when token `k` of `tokens` is element `e` (a word by its ``Token/norm``, punctuation
    /// by its text; context may mix the two). The token is read in place (a copy of it retains
    /// and releases both its strings).
    @inline(__always)
    private static func token(_ tokens: TokenList, _ k: Int, is e: Element) -> Bool {
        switch tokens[k].kind {
        case .word:
            // By length first (``Token/lowerIs(_:)``: the lowercase form is the norm), unless the
            // word has a `’`.
            if tokens[k].traits.contains(.curlyApostrophe) { return e.options.contains(tokens.norm(k)) }
            return e.options.contains { tokens[k].lowerIs($0) }
        case .punctuation:
            return !e.isWord && e.options.contains(tokens[k].text)
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

    /// A match of an entry whose anchor is word token `i`: the entry and the first and last
    /// replaced tokens.
    private func match(_ candidates: [Int], in sentence: Sentence, tokens: TokenList, at i: Int) -> (entry: Entry, start: Int, end: Int)? {
        candidates: for c in candidates {
            let e = entries[c]
            var k = i
            var start = i, end = i
            var outerEnd = i
            // Forward: the rest of the phrase, then its closing context.
            var m = e.anchor + 1
            while m < e.elements.count {
                let el = e.elements[m]
                let n = Self.next(sentence, after: k, attached: el.attached)
                if el.negated {
                    if let n, Self.token(tokens, n, is: el) { continue candidates }
                } else {
                    guard let n, Self.token(tokens, n, is: el) else { continue candidates }
                    k = n
                    if m <= e.last { end = n }
                    outerEnd = n
                }
                m += 1
            }
            // Backward: the words before the anchor, then the opening context.
            k = i
            var outerStart = i
            m = e.anchor - 1
            while m >= 0 {
                let el = e.elements[m]
                if el.options.contains("^"), sentence.previousNonSpace(before: k) == nil {
                    m -= 1
                    continue
                }
                let p = Self.previous(sentence, before: k, attached: e.elements[m + 1].attached)
                if el.negated {
                    if let p, Self.token(tokens, p, is: el) { continue candidates }
                } else {
                    guard let p, Self.token(tokens, p, is: el) else { continue candidates }
                    k = p
                    if m >= e.first { start = p }
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
            if end > start, tokens[(start + 1)...end].contains(where: { $0.kind == .word && $0.startsUppercase }) { continue }
            return (e, start, end)
        }
        return nil
    }

    /// Every match in `sentence`, left to right, none overlapping: first and last replaced
    /// tokens and the replacement in the case of the first word.
    func matches(in sentence: Sentence) -> [(start: Int, end: Int, fix: String)] {
        // The index and the tokens, read once per sentence (not once per token).
        let tokens = sentence.tokens
        let byAnchor = self.byAnchor
        var out: [(start: Int, end: Int, fix: String)] = []
        var last = -1
        for i in tokens.indices where i > last && tokens[i].kind == .word {
            // `lower` is read in place (it is ``Token/norm`` unless the word has a `’`).
            guard let candidates = byAnchor.value(forNormOf: tokens, i),
                  let (entry, start, end) = match(candidates, in: sentence, tokens: tokens, at: i), start > last else { continue }
            // A capitalised first word inside the sentence is a name or a title.
            if tokens[start].startsUppercase, let p = sentence.previousNonSpace(before: start), tokens[p].kind == .word { continue }
            out.append((start, end, RuleSupport.matchCase(entry.fix, like: tokens[start].text)))
            last = end
        }
        return out
    }
}
