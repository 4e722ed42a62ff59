import Foundation
import TextModel

/// Parses a document into a ``StructuredDocument``: blocks with presentation intents, protected
/// ranges with reasons, and prose segments (docs/ARCHITECTURE.md, “Modules”, DocumentStructure).
public enum DocumentParser {
    /// Parses `text` as `markup`.
    ///
    /// - Parameters:
    ///   - text: the whole document.
    ///   - markup: how to read it.
    ///   - hostProtectedRanges: UTF-16 ranges of `text` the host declares protected
    ///     (reason ``ProtectionReason/hostDeclared``).
    /// - Returns: the structure; it never fails (a document cmark cannot read is plain text).
    ///
    /// Markdown is parsed by cmark-gfm (CommonMark 0.29 with GitHub's table, strikethrough,
    /// autolink and task list extensions, and footnotes); YAML or TOML front matter at the very
    /// start is protected and hidden from cmark. Plain text is split into paragraphs at blank
    /// lines. reStructuredText is read by ``ReStructuredTextParser`` (its markup protected, its
    /// text prose). All get the prose-level detectors (bare URLs, e-mail addresses, file paths,
    /// `$…$` / `$$…$$` math). All offsets are UTF-16 code units of `text`; a byte-order mark is
    /// an ordinary character. Host ranges are clamped to the text.
    public static func parse(_ text: String, markup: MarkupKind, hostProtectedRanges: [NSRange] = []) -> StructuredDocument {
        let host = hostProtectedRanges.map { ProtectedRange(range: $0, reason: .hostDeclared) }
        switch markup {
        case .plain: return PlainTextParser.parse(text, hostProtected: host)
        case .markdown: return MarkdownParser.parse(text, hostProtected: host)
        case .latex: return LaTeXParser.parse(text, hostProtected: host)
        case .restructuredText: return ReStructuredTextParser.parse(text, hostProtected: host)
        }
    }
}

/// Plain text: blocks are paragraphs separated by blank lines; manual pages and `--help` output
/// by their layout (``PlainLayout``). A paragraph whose every line
/// starts with `>` (after spaces) is an e-mail quotation, a paragraph inside a block quote, as
/// in Markdown: someone else's words, reported but never changed unattended.
enum PlainTextParser {
    static func parse(_ text: String, hostProtected: [ProtectedRange]) -> StructuredDocument {
        let units = [UInt16](utf16Of: text)
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        // Org, reStructuredText and AsciiDoc markup lines (``MarkupDirectives``).
        // reStructuredText's code and literal blocks, doctest blocks, hexdumps (``PlainTextCode``).
        let code = PlainTextCode.ranges(units)
        var protected: [ProtectedRange] = MarkupDirectives.ranges(units) + code
        var identity = 1
        var lineStart = 0
        var paraStart: Int?
        var paraEnd = 0
        var allQuoted = true
        // Manual pages and `--help` output: their layout is protected or left out, their prose
        // checked (``PlainLayout``).
        let layout = PlainLayout.analyze(units)
        let isManPage = layout?.isManPage ?? false
        func appendText(_ seg: inout ProseSegment, _ a: Int, _ b: Int) {
            if isManPage { PlainLayout.appendManText(units, a, b, to: &seg) } else {
                seg.appendVerbatim(utf16Units: units[a..<b], documentLocation: a)
            }
        }
        // The open paragraph is an option's description or continues a sentence interrupted
        // by an example: it is read as a list item's paragraph (a fragment, lowercase allowed).
        var isDescription = false
        // The start of the line after a term that ends its line with a hyphen after a letter.
        var hyphenatedTermEnd: Int?
        func flush() {
            guard let s = paraStart else { return }
            let r = NSRange(location: s, length: paraEnd - s)
            var quote = allQuoted ? PresentationIntent(.blockQuote, identity: identity) : nil
            if quote != nil { identity += 1 }
            if isDescription {
                let list = PresentationIntent(.unorderedList, identity: identity)
                quote = PresentationIntent(.listItem(ordinal: 1), identity: identity + 1, nestedInside: list)
                identity += 2
                isDescription = false
            }
            let intent = PresentationIntent(.paragraph, identity: identity, nestedInside: quote)
            identity += 1
            blocks.append(Block(range: r, intent: intent))
            var seg = ProseSegment(blockRange: r, intent: intent)
            var at = s
            for code in codeSpans(units, s, paraEnd) {
                appendText(&seg, at, code.location)
                seg.appendProtected(documentRange: code)
                protected.append(ProtectedRange(range: code, reason: .inlineCode))
                at = code.location + code.length
            }
            appendText(&seg, at, paraEnd)
            let (found, updated) = DocumentAssembly.detect(in: seg)
            protected.append(contentsOf: found)
            segments.append(updated)
            paraStart = nil
        }
        while lineStart <= units.count {
            var e = lineStart
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            let isBlank = units[lineStart..<e].allSatisfy { $0 == 32 || $0 == 9 }
            if let skipped = layout?.skipped[lineStart] {
                // A header, a heading, the synopsis: no prose.
                flush()
                protected.append(ProtectedRange(range: skipped, reason: .indentedCode))
            } else if isBlank {
                flush()
                isDescription = false
            } else {
                var start = lineStart
                var termEnd: Int?
                if let marker = layout?.listItems[lineStart] {
                    // A list item: its marker protected, its text a list item's paragraph.
                    flush()
                    protected.append(ProtectedRange(range: marker, reason: .indentedCode))
                    start = marker.location + marker.length
                    isDescription = true
                } else if let term = layout?.terms[lineStart] {
                    // An option's term or a command: protected, outside the prose; its
                    // description (after it on the line, or on the next lines) is a paragraph of
                    // its own.
                    flush()
                    protected.append(ProtectedRange(range: term.range, reason: term.reason))
                    start = term.range.location + term.range.length
                    while start < e, units[start] == 32 || units[start] == 9 { start += 1 }
                    if start >= e { termEnd = term.range.location + term.range.length }
                    isDescription = term.reason == .commandLineOption || layout?.isManPage == true
                }
                // A word hyphenated from a command or term on the line before (patch(1): “diff
                // -Naur old new where … the old and new  directo‐” newline “ries.”): its tail
                // belongs to the protected line, not to a sentence of its own.
                var first = start
                while first < e, units[first] == 32 || units[first] == 9 { first += 1 }
                if isManPage, let p = hyphenatedTermEnd, p == lineStart, first < e, units[first] >= 97, units[first] <= 122 {
                    var w = first
                    while w < e, (units[w] >= 97 && units[w] <= 122) || (units[w] >= 65 && units[w] <= 90) { w += 1 }
                    protected.append(ProtectedRange(range: NSRange(location: first, length: w - first), reason: .indentedCode))
                    start = w
                    while start < e, units[start] == 46 || units[start] == 44 || units[start] == 59 || units[start] == 58 || units[start] == 41 { start += 1 }
                    while start < e, units[start] == 32 || units[start] == 9 { start += 1 }
                }
                hyphenatedTermEnd = nil
                if let t = termEnd, t >= 2, units[t - 1] == 0x2010 || units[t - 1] == 0x2D, ProseDetectors.isASCIILetter(units[t - 2]) {
                    hyphenatedTermEnd = e + ((e < units.count && units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
                }
                if start >= e {
                    // Nothing after the term on its line.
                } else {
                    if paraStart == nil {
                        paraStart = start
                        allQuoted = true
                        if layout?.continuations.contains(lineStart) == true { isDescription = true }
                    }
                    paraEnd = e
                }
                var k = lineStart
                while k < e, units[k] == 32 { k += 1 }
                if k >= e || units[k] != 0x3E { allQuoted = false }
            }
            if e >= units.count { break }
            lineStart = e + ((units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
        }
        flush()
        // The words of a layout's code (options, commands, the synopsis) are the document's code
        // vocabulary, as a Markdown document's code spans are (`--format=ustar` makes `ustar` a
        // word of the document).
        var vocabulary = Set<String>()
        // So are the words of its code and doctest blocks (`>>> os.listdir(tempdir)`).
        for r in code { SourceScanning.identifiers(in: String(decoding: units[r.range.location..<(r.range.location + r.range.length)], as: UTF16.self), into: &vocabulary) }
        if let layout {
            for r in layout.skipped.values { SourceScanning.identifiers(in: String(decoding: units[r.location..<(r.location + r.length)], as: UTF16.self), into: &vocabulary) }
            for t in layout.terms.values { SourceScanning.identifiers(in: String(decoding: units[t.range.location..<(t.range.location + t.range.length)], as: UTF16.self), into: &vocabulary) }
        }
        return DocumentAssembly.finish(text: text, markup: .plain, blocks: blocks, protected: protected,
                                       segments: segments, vocabulary: vocabulary, host: hostProtected, isManualPage: isManPage)
    }

    /// The backtick code spans of `units[start..<end]` (one paragraph), as plain text written
    /// by programmers uses them (commit messages, README.txt, e-mail: “edit your `.gitconfig`”):
    /// a run of backticks and the next run of the same length on the same line, as CommonMark's
    /// code spans (§6.1) but kept to one line, with an opening run that does not follow a letter
    /// or digit and a closing one that is not followed by one, so that a backtick typed for an
    /// apostrophe (“don`t … it`s”) opens nothing. UTF-16 document ranges, backticks included.
    static func codeSpans(_ units: [UInt16], _ start: Int, _ end: Int) -> [NSRange] {
        let tick: UInt16 = 96
        guard units[start..<end].contains(tick) else { return [] }
        // A letter or digit: ASCII, or a Latin letter with a diacritic (U+00C0–U+024F).
        func isAlnum(_ c: UInt16) -> Bool { ProseDetectors.isASCIIAlnum(c) || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) }
        var out: [NSRange] = []
        var i = start
        while i < end {
            guard units[i] == tick else { i += 1; continue }
            var j = i
            while j < end, units[j] == tick { j += 1 }
            let run = j - i
            guard i == start || !isAlnum(units[i - 1]) else { i = j; continue }
            // The closing run: the same number of backticks, before the line ends.
            var k = j, close = -1
            while k < end, units[k] != 10, units[k] != 13 {
                if units[k] == tick {
                    var m = k
                    while m < end, units[m] == tick { m += 1 }
                    if m - k == run, m > k, k > j, m == end || !isAlnum(units[m]) { close = m; break }
                    k = m
                } else { k += 1 }
            }
            if close > 0 {
                out.append(NSRange(location: i, length: close - i))
                i = close
            } else { i = j }
        }
        return out
    }
}
