import Foundation
import TextModel
import DocumentStructure
import Proofreading

/// One sentence of the request's prose, as the offline tools see it.
struct AnalyzedSentence {
    /// The sentence as plain text (markup left out, protected inline spans such as inline code
    /// restored verbatim), trimmed.
    var plain: String
    /// The sentence's source (UTF-16 range `documentRange` of the request text), trimmed; in a
    /// block quote, its line breaks and the “> ” markers after them made single spaces
    /// (``TextAnalysis/withoutQuoteMarkers(_:)``), so that a result never breaks the quote's
    /// sentence into a paragraph and a quote.
    var markdown: String
    /// UTF-16 range in the request text (trimmed of surrounding whitespace).
    var documentRange: NSRange
    /// Lowercased content-word stems (stop words left out), for similarity.
    var terms: [String]
    /// Number of word tokens.
    var wordCount: Int
    /// Index of the unit (block) it belongs to.
    var unit: Int
    /// Position among its unit's sentences.
    var indexInUnit: Int
    /// Section number: increases at every heading.
    var section: Int
    /// The sentence is part of a quoted e-mail reply ("> …" lines in plain text).
    var isQuoted: Bool
}

/// A block of the request range, in document order.
struct AnalyzedUnit {
    enum Kind: Equatable {
        case paragraph
        case heading(level: Int)
        case listItem(ordered: Bool)
        case tableCell(row: Int, column: Int, table: Int)
        /// A code block (protected: never split, never summarised, copied verbatim).
        case code
    }
    var kind: Kind
    /// UTF-16 range of the block in the request text (clipped to the request range).
    var documentRange: NSRange
    /// Plain text of the whole block (for code: its source).
    var plain: String
    /// Source text of the block.
    var markdown: String
    /// Sentence indices (into ``TextAnalysis/sentences``).
    var sentences: [Int]
    /// A GitHub task-list item's checkbox as written (`[ ]`, `[x]`, `[X]`), which the
    /// Markdown parser leaves out of the item's prose; nil for other units.
    var checkbox: String? = nil
}

/// The request range parsed into blocks and sentences (offsets in UTF-16 units of the request's
/// text). Protected blocks (code) are units without sentences, so no tool cuts through them.
struct TextAnalysis {
    let document: StructuredDocument
    let range: NSRange
    let units16: [UInt16]
    private(set) var units: [AnalyzedUnit] = []
    private(set) var sentences: [AnalyzedSentence] = []
    /// Per unit: its lines are separate items (short lines each starting with a capital).
    private(set) var unitLineStructured: [Bool] = []
    /// Source ranges of links (`[text](url)`, `[text][label]`), from the text's opening bracket
    /// to the end of the destination, in order: a sentence's Markdown takes a link whole.
    private(set) var linkSpans: [NSRange] = []

    init(text: String, range: NSRange, markup: MarkupKind, protectedRanges: [NSRange]) {
        document = DocumentParser.parse(text, markup: markup, hostProtectedRanges: protectedRanges)
        self.range = range
        units16 = Array(text.utf16)
        linkSpans = Self.linkSpans(units16, document.protectedRanges)
        build()
    }

    /// The links of `units`: each protected link destination (`(url)`, `[label]`) right after a
    /// `]`, back to the `[` that opens the link's text.
    static func linkSpans(_ units: [UInt16], _ protected: [ProtectedRange]) -> [NSRange] {
        var spans: [NSRange] = []
        for p in protected where p.reason == .linkDestination && p.range.location >= 2 && units[p.range.location - 1] == 0x5D {
            var depth = 0
            var i = p.range.location - 2
            let limit = max(0, p.range.location - 4_000)
            while i >= limit {
                let u = units[i]
                let escaped = i > 0 && units[i - 1] == 0x5C
                if !escaped && u == 0x5D { depth += 1 }
                if !escaped && u == 0x5B {
                    if depth == 0 { break }
                    depth -= 1
                }
                i -= 1
            }
            guard i >= limit, units[i] == 0x5B else { continue }
            spans.append(NSRange(location: i, length: p.range.location + p.range.length - i))
        }
        return spans.sorted { $0.location < $1.location }
    }

    /// `r` widened over the emphasis markers around it (``withEmphasis(_:)``) and over every
    /// link it cuts into: a sentence that ends on a link's text (`Call Bob about [the lease](…)`,
    /// a list item without a full stop) or starts on one keeps the link's brackets and
    /// destination, so that its Markdown is never a link cut in two.
    func markdownRange(_ r: NSRange) -> NSRange {
        var r = withEmphasis(r)
        guard !linkSpans.isEmpty else { return r }
        for _ in 0..<4 {
            var a = r.location, b = r.location + r.length
            // First link that ends after a (spans are sorted by start; they do not overlap
            // except when nested, which a linear look-back covers).
            var lo = 0, hi = linkSpans.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if linkSpans[mid].location + linkSpans[mid].length <= a { lo = mid + 1 } else { hi = mid }
            }
            var k = max(0, lo - 1)
            while k < linkSpans.count, linkSpans[k].location < b {
                let l = linkSpans[k]
                if l.location + l.length > a, l.location < a || l.location + l.length > b {
                    a = min(a, l.location)
                    b = max(b, l.location + l.length)
                }
                k += 1
            }
            let widened = withEmphasis(NSRange(location: a, length: b - a))
            if widened == r { break }
            r = widened
        }
        return r
    }

    /// The link reference definitions of the document (`[label]: url "title"`) whose label
    /// `text` uses (`[text][label]`, `[label][]`, `[label]`; labels in any case), in document
    /// order: a result that keeps a reference link needs its definition, or the link loses its URL.
    func referenceDefinitions(usedIn text: String) -> [String] {
        let lower = text.lowercased()
        var out: [String] = []
        for p in document.protectedRanges where p.reason == .linkReferenceDefinition {
            let d = source(p.range).trimmingCharacters(in: .whitespacesAndNewlines)
            guard d.hasPrefix("["), let close = d.range(of: "]:") else { continue }
            let label = d[d.index(after: d.startIndex)..<close.lowerBound].lowercased()
            if lower.contains("[" + label + "]"), !out.contains(d) { out.append(d) }
        }
        return out
    }

    /// The footnote definitions of a Markdown document (`[^1]: text`, with the indented lines
    /// that continue it) whose label `text` uses (`[^1]`), in document order and as written:
    /// a result that keeps a footnote mark needs its note.
    func footnoteDefinitions(usedIn text: String) -> [String] {
        guard document.markup == .markdown, text.contains("[^") else { return [] }
        let source = String(decoding: units16, as: UTF16.self)
        let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var out: [String] = []
        var k = 0
        while k < lines.count {
            let line = lines[k]
            guard let m = line.range(of: #"^[ ]{0,3}\[\^[^\]\s]+\]:"#, options: .regularExpression) else { k += 1; continue }
            let label = String(line[m]).trimmingCharacters(in: .whitespaces).dropLast()   // "[^1]"
            var definition = [String(line)]
            var j = k + 1
            // Continuation: indented lines, and blank lines followed by one.
            while j < lines.count {
                if lines[j].first == " " || lines[j].first == "\t", !lines[j].trimmingCharacters(in: .whitespaces).isEmpty {
                    definition.append(String(lines[j])); j += 1
                } else if lines[j].trimmingCharacters(in: .whitespaces).isEmpty, j + 1 < lines.count,
                          lines[j + 1].hasPrefix("    ") || lines[j + 1].hasPrefix("\t") {
                    definition.append(""); j += 1
                } else { break }
            }
            let d = definition.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if text.contains(String(label)), !text.contains(d), !out.contains(d) { out.append(d) }
            k = j
        }
        return out
    }

    /// The checkbox of the GitHub task-list item whose text starts at UTF-16 offset `start`
    /// (`- [ ] Write…`): the `[ ]`/`[x]` between the list marker and the text, or nil.
    func checkbox(before start: Int) -> String? {
        let end = min(start, units16.count)
        var line = end
        while line > 0, units16[line - 1] != 10, units16[line - 1] != 13, end - line < 200 { line -= 1 }
        let prefix = String(decoding: units16[line..<end], as: UTF16.self)
        guard prefix.range(of: #"^[ \t>]*(?:[-*+]|[0-9]{1,9}[.)])[ \t]+\[[ xX]\][ \t]+$"#, options: .regularExpression) != nil,
              let open = prefix.lastIndex(of: "[") else { return nil }
        return String(prefix[open...].prefix(3))
    }

    /// The request text at a UTF-16 range.
    /// `r` widened over the emphasis markers that open just before it and close just after it
    /// (`**Note:** the cache…` starts at "Note"; its Markdown must keep the opening `**`).
    func withEmphasis(_ r: NSRange) -> NSRange {
        func isMarker(_ u: UInt16) -> Bool { u == 0x2A || u == 0x5F || u == 0x7E }   // * _ ~
        var a = max(0, min(r.location, units16.count)), b = max(a, min(r.location + r.length, units16.count))
        while a > 0, isMarker(units16[a - 1]) { a -= 1 }
        // Close what was opened: as many markers after the end as the text opens and does not close.
        let opened = units16[a..<b].filter(isMarker).count
        if opened % 2 == 1 || (opened > 0 && b < units16.count && isMarker(units16[b])) {
            while b < units16.count, isMarker(units16[b]) { b += 1 }
        }
        return NSRange(location: a, length: b - a)
    }

    func source(_ r: NSRange) -> String {
        let a = max(0, min(r.location, units16.count)), b = max(a, min(r.location + r.length, units16.count))
        return String(decoding: units16[a..<b], as: UTF16.self)
    }

    private func intersects(_ r: NSRange) -> Bool {
        let s = max(r.location, range.location), e = min(r.location + r.length, range.location + range.length)
        return s < e || (r.length == 0 && r.location >= range.location && r.location < range.location + range.length)
    }

    private func clip(_ r: NSRange) -> NSRange {
        let s = max(r.location, range.location), e = min(r.location + r.length, range.location + range.length)
        return NSRange(location: s, length: max(0, e - s))
    }

    private mutating func build() {
        // Code blocks, in order.
        var codeBlocks: [NSRange] = []
        var tableOrdinal = 0
        var tableIdentities: [Int: Int] = [:]
        for b in document.blocks {
            if case .codeBlock = b.intent.kind, intersects(b.range) { codeBlocks.append(b.range) }
        }
        var codeIndex = 0
        var section = 0
        var stems: [String: String] = [:]
        func flushCode(before location: Int) {
            while codeIndex < codeBlocks.count, codeBlocks[codeIndex].location < location {
                let r = clip(codeBlocks[codeIndex])
                let s = source(r)
                units.append(AnalyzedUnit(kind: .code, documentRange: r, plain: s, markdown: s, sentences: []))
                unitLineStructured.append(false)
                codeIndex += 1
            }
        }
        for seg in document.proseSegments where intersects(seg.blockRange) {
            flushCode(before: seg.blockRange.location)
            var kind = AnalyzedUnit.Kind.paragraph
            var row = -1
            for c in seg.intent.components {
                switch c.kind {
                case let .header(level): if kind == .paragraph { kind = .heading(level: level) }
                case .orderedList: if kind == .paragraph { kind = .listItem(ordered: true) }
                case .unorderedList: if kind == .paragraph { kind = .listItem(ordered: false) }
                case .tableHeaderRow: row = 0
                case let .tableRow(i): row = i + 1
                case let .tableCell(col):
                    if let tableID = seg.intent.components.last(where: { if case .table = $0.kind { return true } else { return false } })?.identity {
                        if tableIdentities[tableID] == nil { tableIdentities[tableID] = tableOrdinal; tableOrdinal += 1 }
                        kind = .tableCell(row: 0, column: col, table: tableIdentities[tableID]!)
                    }
                default: break
                }
            }
            if case let .tableCell(_, col, t) = kind { kind = .tableCell(row: row, column: col, table: t) }
            if case .heading = kind { section += 1 }
            let unitIndex = units.count
            let segUnits = Array(seg.text.utf16)
            let tokens = Tokenizer.tokenize(seg.text)
            let lineStructured = Self.isLineStructured(seg.text)
            unitLineStructured.append(lineStructured)
            var split: [[Token]] = []
            // Plain text: a first line that is a title ("2. Next year's budget" over "Anna
            // proposed…") is a sentence of its own, never glued to the next line's.
            var isItem = false
            if case .listItem = kind { isItem = true }
            let titleEnd = document.markup == .plain && !lineStructured ? Self.titleLineEnd(tokens, numbered: isItem) : nil
            for sentence in SentenceSplitter.split(tokens, blockStart: true).flatMap({ Self.splitAtEmoticons($0.tokens.array) }) {
                var cur: [Token] = []
                for (n, t) in sentence.enumerated() {
                    cur.append(t)
                    if let titleEnd, t.kind == .newline, t.range.location == titleEnd {
                        split.append(cur); cur = []
                        continue
                    }
                    // A line break ends a sentence in a line-structured paragraph, and after a
                    // line that ends with a colon ("Priya wrote:"), unless the next line goes on
                    // in lower case (a hard-wrapped "three sections:" / "short, medium and long").
                    guard t.kind == .newline else { continue }
                    if lineStructured {
                        split.append(cur); cur = []
                    } else if cur.last(where: { !$0.isSpace && $0.kind != .newline })?.text == ":" {
                        let next = sentence[(n + 1)...].first { !$0.isSpace && $0.kind != .newline }
                        if !(next.map { $0.kind == .word && $0.text.first?.isLowercase == true } ?? false) {
                            split.append(cur); cur = []
                        }
                    }
                }
                if !cur.isEmpty { split.append(cur) }
            }
            // A sentence is never cut inside brackets or a quotation: the tools take sentences
            // whole, and a fragment would carry a ")" or an opening quotation mark without its pair.
            split = Self.joinedAcrossOpenPairs(split)
            var sentenceIndices: [Int] = []
            var blockStart = Int.max, blockEnd = 0
            var markdownStart = Int.max, markdownEnd = 0
            var plainParts: [String] = []
            var isBlockQuote = false
            if case .paragraph = kind { isBlockQuote = seg.intent.components.contains(where: { $0.kind == .blockQuote }) }
            for stoks in split {
                // Trim surrounding whitespace.
                var first = 0, last = stoks.count - 1
                while first <= last, stoks[first].isSpace { first += 1 }
                while last >= first, stoks[last].isSpace { last -= 1 }
                guard first <= last else { continue }
                let segRange = NSRange(location: stoks[first].range.location, length: stoks[last].end - stoks[first].range.location)
                guard var doc = seg.documentRange(for: segRange) ?? Self.looseDocumentRange(seg, segRange) else { continue }
                guard intersects(doc) else { continue }
                let inside = doc.location >= range.location && doc.location + doc.length <= range.location + range.length
                var plain: String
                if inside {
                    plain = Self.plainText(seg, segUnits, segRange, source: { self.source($0) })
                } else {
                    doc = clip(doc)
                    plain = source(doc)
                }
                let quoted = plain.hasPrefix(">")
                plain = Self.strippingListMarker(Self.flatten(plain))
                if plain.isEmpty { continue }
                var terms: [String] = []
                var words = 0
                for t in stoks[first...last] where t.kind == .word || t.kind == .number {
                    words += 1
                    if t.kind == .word, !OfflineLexicon.stopWords.contains(t.lower), t.lower.count > 1 {
                        if let st = stems[t.lower] { terms.append(st) } else {
                            let st = OfflineLexicon.stem(t.lower)
                            stems[t.lower] = st
                            terms.append(st)
                        }
                    }
                }
                blockStart = min(blockStart, doc.location)
                blockEnd = max(blockEnd, doc.location + doc.length)
                plainParts.append(plain)
                sentenceIndices.append(sentences.count)
                let md = markdownRange(doc)
                markdownStart = min(markdownStart, md.location)
                markdownEnd = max(markdownEnd, md.location + md.length)
                // A block quote's sentence over several lines is one line without the later lines' “> ”.
                // A plain-text list item's marker is no part of its sentence, in Markdown either:
                // a result writes its own ("- - **Decision:** …" in a trial's key points).
                let markdown = isBlockQuote ? Self.withoutQuoteMarkers(source(md))
                    : document.markup == .plain ? Self.strippingListMarker(source(md)) : source(md)
                sentences.append(AnalyzedSentence(plain: plain, markdown: markdown,
                                                  documentRange: doc, terms: terms,
                                                  wordCount: words, unit: unitIndex, indexInUnit: sentenceIndices.count - 1, section: section,
                                                  isQuoted: quoted))
            }
            guard !sentenceIndices.isEmpty else { unitLineStructured.removeLast(); continue }
            let r = NSRange(location: blockStart, length: blockEnd - blockStart)
            let md = NSRange(location: markdownStart, length: markdownEnd - markdownStart)
            var unit = AnalyzedUnit(kind: kind, documentRange: r, plain: plainParts.joined(separator: " "), markdown: source(md), sentences: sentenceIndices)
            if case .listItem = kind, document.markup == .markdown { unit.checkbox = checkbox(before: md.location) }
            units.append(unit)
        }
        flushCode(before: Int.max)
    }

    /// The offset (in the segment) of the line break after a first line that is a title: at
    /// most six words, no closing punctuation (`.`, `,`, `:`, `;`, `!`, `?`), a numbered one
    /// ("2. Next year's budget"; `numbered`: the segment is a list item whose marker is left
    /// out) or Title Cased, with a line after it that starts with a capital; nil otherwise.
    static func titleLineEnd(_ tokens: [Token], numbered isItem: Bool) -> Int? {
        guard let nl = tokens.firstIndex(where: { $0.kind == .newline }) else { return nil }
        let line = tokens[..<nl].filter { !$0.isSpace }
        guard let last = line.last, !".,:;!?".contains(last.text) else { return nil }
        let words = line.filter { $0.kind == .word }
        guard !words.isEmpty, words.count <= 6 else { return nil }
        guard let next = tokens[(nl + 1)...].first(where: { !$0.isSpace }), next.kind == .word, next.startsUppercase else { return nil }
        let numbered = line.first?.kind == .number && line.count > 1 && [".", ")"].contains(line[line.index(after: line.startIndex)].text)
        let long = words.filter { $0.text.count >= 4 }
        let titleCased = !long.isEmpty && long.allSatisfy { $0.startsUppercase }
        return isItem || numbered || titleCased ? tokens[nl].range.location : nil
    }

    /// Closing mark → opening mark, for the pairs a sentence must not be cut inside.
    private static let pairs: [String: String] = [")": "(", "]": "[", "}": "{", "”": "“", "’": "‘", "»": "«", "\"": "\""]
    private static let openers: Set<String> = ["(", "[", "{", "“", "‘", "«"]

    /// `sentences` (consecutive token runs of one block) with runs joined wherever a bracket or
    /// quotation mark opened in one is closed in a later one: the sentence splitter cuts at a
    /// full stop inside "(see v. 2. It explains…)" or "(“Best year yet! Everyone…”)", and a
    /// summary that took one part would show a ")" or a “ without its pair. A mark the block
    /// never closes (or a ")" it never opened: "1)", ":)") joins nothing; the input is
    /// unbalanced there too. A straight `"` closes an open one, opens one before a word (after a
    /// space or at the start), and is otherwise taken for inches or a stray mark. A `’` closes
    /// an open `‘` and is otherwise an apostrophe (`users’`); a straight `'` is always taken for
    /// an apostrophe (`'90s`, `rock 'n' roll`).
    static func joinedAcrossOpenPairs(_ sentences: [[Token]]) -> [[Token]] {
        guard sentences.count > 1 else { return sentences }
        // reach[i]: the last sentence that sentence i must be joined with.
        var reach = Array(sentences.indices)
        var open: [(mark: String, sentence: Int)] = []
        func close(_ opening: String, in n: Int) -> Bool {
            guard let depth = open.lastIndex(where: { $0.mark == opening }) else { return false }
            reach[open[depth].sentence] = max(reach[open[depth].sentence], n)
            open.removeSubrange(depth...)
            return true
        }
        for (n, tokens) in sentences.enumerated() {
            for (k, t) in tokens.enumerated() where t.kind == .punctuation {
                if openers.contains(t.text) {
                    open.append((t.text, n))
                } else if t.text == "\"" {
                    if close("\"", in: n) { continue }
                    let before = k > 0 ? tokens[k - 1] : (n > 0 ? sentences[n - 1].last : nil)
                    let after = k + 1 < tokens.count ? tokens[k + 1] : sentences.dropFirst(n + 1).first?.first
                    let afterSpace = before.map { $0.isSpace || openers.contains($0.text) } ?? true
                    if afterSpace, let after, !after.isSpace { open.append(("\"", n)) }
                } else if let opening = pairs[t.text] {
                    _ = close(opening, in: n)
                }
            }
        }
        var joined: [[Token]] = []
        var i = 0
        while i < sentences.count {
            var group = sentences[i]
            var end = reach[i]
            var j = i
            while j < end {
                j += 1
                group += sentences[j]
                end = max(end, reach[j])
            }
            joined.append(group)
            i = j + 1
        }
        return joined
    }

    /// Splits a sentence after an emoticon that ends it (":)", ";-)", ":D" followed by a
    /// capitalised word), which the sentence splitter does not know.
    static func splitAtEmoticons(_ tokens: [Token]) -> [[Token]] {
        var out: [[Token]] = []
        var start = 0
        var i = 1
        while i < tokens.count {
            let t = tokens[i]
            var end = -1
            if [")", "(", "D", "P"].contains(t.text), i >= 1 {
                var k = i - 1
                if tokens[k].text == "-", k >= 1 { k -= 1 }
                if tokens[k].text == ":" || tokens[k].text == ";", k >= 1, tokens[k - 1].isSpace { end = i + 1 }
            }
            if end > 0, end + 1 < tokens.count, tokens[end].kind == .whitespace, tokens[end + 1].startsUppercase {
                out.append(Array(tokens[start...end]))
                start = end + 1
                i = start + 1
                continue
            }
            i += 1
        }
        if start < tokens.count { out.append(Array(tokens[start...])) }
        return out
    }

    /// True when `text` has several lines, each short, and every line after the first starts
    /// with a capital, a digit, a quote marker or a bullet: lines of a card, a roster or a
    /// signature rather than hard-wrapped prose.
    static func isLineStructured(_ text: String) -> Bool {
        let lines = text.lines(omittingEmpty: true)
        guard lines.count >= 2 else { return false }
        for (k, l) in lines.enumerated() {
            if l.count > 90 { return false }
            // A line that ends on an article, a preposition or a conjunction goes on in the
            // next one ("please refer to the" / "Security Incident Response Plan."): hard-wrapped
            // prose, whatever the next line starts with.
            if k + 1 < lines.count, let last = l.split(separator: " ").last?.lowercased(), Self.continuingWords.contains(last) { return false }
            if k > 0, let f = l.first(where: { !$0.isWhitespace }), !(f.isUppercase || f.isNumber || ">-*•–".contains(f)) { return false }
            // A number that opens a line after one ending on a lowercase word or a comma goes on
            // with its sentence (“… using 12 threads, and keeping” / “400 HTTP connections
            // open.”: wrk's README gave the key point “400 HTTP connections open.”), unless it
            // is a list's number (“2.”, “3)”).
            let trimmed = l.drop { $0.isWhitespace }
            if k > 0, trimmed.first?.isNumber == true, strippingListMarker(String(trimmed)) == String(trimmed),
               let end = lines[k - 1].last(where: { !$0.isWhitespace }), end.isLowercase || end == "," {
                return false
            }
        }
        return true
    }

    /// Words a line of prose does not end on: articles, prepositions, conjunctions.
    static let continuingWords: Set<String> = ["the", "a", "an", "to", "of", "and", "or", "for", "with", "in", "on", "at", "by",
                                               "from", "that", "which", "as", "is", "are", "was", "be", "our", "your", "its", "their", "this"]

    /// `s` without a plain-text list marker at its start (`- `, `* `, `+ `, `• `, `– `, `1. `,
    /// `2) `), and empty when it is nothing but one (`1.`, which the sentence splitter ends a
    /// sentence after): plain text's own bullets, which the tools' output gives its own.
    static func strippingListMarker(_ s: String) -> String {
        var u = Substring(s).unicodeScalars
        guard let f = u.first else { return s }
        if "-*+•–".unicodeScalars.contains(f) {
            u = u.dropFirst()
            guard let n = u.first, n == " " || n == "\t" else { return s }
            return String(String.UnicodeScalarView(u)).trimmingCharacters(in: .whitespaces)
        }
        var digits = 0
        while let d = u.first, ("0"..."9").contains(d), digits < 3 { u = u.dropFirst(); digits += 1 }
        guard digits > 0, let m = u.first, m == "." || m == ")" else { return s }
        u = u.dropFirst()
        if u.isEmpty { return "" }
        guard let n = u.first, n == " " || n == "\t" else { return s }
        return String(String.UnicodeScalarView(u)).trimmingCharacters(in: .whitespaces)
    }

    /// `s` with each line break and the quote markers after it (“\n> ”, “\n>> ”) made one space:
    /// a block quote's sentence on one line, its Markdown otherwise as written.
    static func withoutQuoteMarkers(_ s: String) -> String {
        // By bytes: “\r\n” is one Character to Swift, and no “\n” to `split` or `contains`.
        let bytes = Array(s.utf8)
        guard bytes.contains(10) || bytes.contains(13) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == 10 || b == 13 else { out.append(b); i += 1; continue }
            // A line break (LF, CR or CRLF), then the next line's markers and spaces.
            i += (b == 13 && i + 1 < bytes.count && bytes[i + 1] == 10) ? 2 : 1
            while i < bytes.count, bytes[i] == 0x3E || bytes[i] == 0x20 { i += 1 }
            if !out.isEmpty, i < bytes.count, bytes[i] != 10, bytes[i] != 13 { out.append(0x20) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Plain text on one line: each line without its "> " quote markers and surrounding spaces,
    /// blank lines dropped, the rest joined by single spaces (LF, CR and CRLF line breaks alike).
    static func flatten(_ s: String) -> String {
        guard s.contains(where: \.isNewline) || s.hasPrefix(">") else { return s.trimmingCharacters(in: .whitespacesAndNewlines) }
        var out = ""
        for (k, line) in s.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var l = Substring(line)
            while l.first == ">" { l = l.dropFirst().drop(while: { $0 == " " }) }
            let t = l.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { continue }
            if k > 0, !out.isEmpty { out += " " }
            out += t
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Index of the first piece of `seg` that ends after `offset` (binary search; pieces are in
    /// order), or `pieces.count`.
    static func firstPiece(_ seg: ProseSegment, endingAfter offset: Int) -> Int {
        var lo = 0, hi = seg.pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let p = seg.pieces[mid].segmentRange
            if p.location + p.length <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// A document range for a sentence that starts or ends on a placeholder (which
    /// `documentRange(for:)` refuses): the span from the first to the last piece it touches.
    static func looseDocumentRange(_ seg: ProseSegment, _ r: NSRange) -> NSRange? {
        var a: Int?, b = 0
        for p in seg.pieces[firstPiece(seg, endingAfter: r.location)...] {
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if ps >= r.location + r.length { break }
            if pe <= r.location { continue }
            if p.kind == .verbatim {
                let s = p.documentRange.location + max(0, r.location - ps)
                let e = p.documentRange.location + (min(pe, r.location + r.length) - ps)
                if a == nil { a = s }
                b = max(b, e)
            } else {
                if a == nil { a = p.documentRange.location }
                b = max(b, p.documentRange.location + p.documentRange.length)
            }
        }
        guard let s = a, b >= s else { return nil }
        return NSRange(location: s, length: b - s)
    }

    /// The plain text of a range of a segment: its prose with each placeholder replaced by the
    /// protected source it stands for (inline code keeps its backticks).
    static func plainText(_ seg: ProseSegment, _ segUnits: [UInt16], _ r: NSRange, source: (NSRange) -> String) -> String {
        var out = ""
        let s = r.location, e = r.location + r.length
        for p in seg.pieces[firstPiece(seg, endingAfter: s)...] {
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if ps >= e { break }
            if pe <= s { continue }
            if p.kind == .protected {
                out += source(p.documentRange)
            } else {
                out += String(decoding: segUnits[max(ps, s)..<min(pe, e)], as: UTF16.self)
            }
        }
        return out
    }
}
