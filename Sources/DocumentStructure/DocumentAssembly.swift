import Foundation

/// The steps both parsers share: prose detectors over segments, and the final assembly of
/// protected ranges (host ranges added, same reasons merged, prose cleared of them).
enum DocumentAssembly {
    /// Runs ``ProseDetectors`` over `segment`'s text; returns the protected document ranges
    /// found and the segment with each found span replaced by a placeholder.
    static func detect(in segment: ProseSegment) -> ([ProtectedRange], ProseSegment) {
        // The detectors' characters are ASCII: looked for in the UTF-8 bytes, so that prose
        // without any (most of it) is never transcoded to UTF-16.
        var prose = segment.text
        let needs = prose.withUTF8 { ProseDetectors.needs($0) }
        guard needs.any else { return ([], segment) }
        let text = [UInt16](utf16Of: segment.text)
        guard text.count >= 2 else { return ([], segment) }
        // Which units come verbatim from the document (only those can be `$` delimiters; worked
        // out only for text with a `$`).
        var spans: [ProseDetectors.Span]
        if needs.dollar {
            var verbatim = [Bool](repeating: false, count: text.count)
            for p in segment.pieces where p.kind == .verbatim {
                for k in p.segmentRange.location..<(p.segmentRange.location + p.segmentRange.length) { verbatim[k] = true }
            }
            spans = ProseDetectors.detect(text, needs: needs, isLiteral: { verbatim[$0] })
        } else {
            spans = ProseDetectors.detect(text, needs: needs)
        }
        guard !spans.isEmpty else { return ([], segment) }
        var found: [ProtectedRange] = []
        for s in spans {
            guard let r = documentSpan(segment, s.range) else { continue }
            found.append(ProtectedRange(range: r, reason: s.reason))
        }
        let ranges = union(found.map(\.range))
        return (found, segment.protecting(ranges))
    }

    /// ``detect(in:)-([ProseSegment])`` for segments whose ``ProseDetectors/Needs`` are known
    /// (`needs[k]` is `segments[k]`'s): when no segment needs any detector (most plain
    /// paragraphs), there is nothing to find and the segments stay as they are.
    static func detect(in segments: [ProseSegment], needs: [ProseDetectors.Needs]) -> ([ProtectedRange], [ProseSegment]) {
        guard needs.contains(where: \.any) else { return ([], segments) }
        return detect(in: segments)
    }

    /// ``detect(in:)-(ProseSegment)`` over every segment, in order: the protected ranges found
    /// and the updated segments. Segments are independent, so a long document's are checked on
    /// every core.
    static func detect(in segments: [ProseSegment]) -> ([ProtectedRange], [ProseSegment]) {
        var found: [ProtectedRange] = []
        var updated: [ProseSegment] = []
        guard SegmentChunks.splits(segments.count) else {
            // A few segments (a paragraph sent on its own): checked here, without the chunks'
            // arrays of results.
            for segment in segments {
                let (f, s) = detect(in: segment)
                found.append(contentsOf: f)
                updated.append(s)
            }
            return (found, updated)
        }
        let results = SegmentChunks.map(segments) { part in part.map { detect(in: $0) } }.flatMap { $0 }
        updated.reserveCapacity(segments.count)
        for (f, segment) in results {
            found.append(contentsOf: f)
            updated.append(segment)
        }
        return (found, updated)
    }

    /// The document range from the start of segment offset `r.location` to the end of its last
    /// unit, whatever pieces lie between.
    private static func documentSpan(_ segment: ProseSegment, _ r: NSRange) -> NSRange? {
        guard r.length > 0 else { return nil }
        let a = r.location, b = r.location + r.length
        var start: Int?, end: Int?
        for p in segment.pieces {
            let ps = p.segmentRange.location, pe = ps + p.segmentRange.length
            if start == nil, a >= ps, a < pe {
                start = p.kind == .verbatim ? p.documentRange.location + (a - ps) : p.documentRange.location
            }
            if b - 1 >= ps, b - 1 < pe {
                end = p.kind == .verbatim ? p.documentRange.location + (b - ps) : p.documentRange.location + p.documentRange.length
                break
            }
        }
        guard let s = start, let e = end, e > s else { return nil }
        return NSRange(location: s, length: e - s)
    }

    /// Sorted, disjoint union of ranges (empty ranges dropped).
    static func union(_ ranges: [NSRange]) -> [NSRange] {
        let sorted = ranges.filter { $0.length > 0 }.sorted { $0.location < $1.location }
        var out: [NSRange] = []
        for r in sorted {
            if let last = out.last, r.location <= last.location + last.length {
                let e = max(last.location + last.length, r.location + r.length)
                out[out.count - 1].length = e - last.location
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Protected ranges sorted by location (longer first at the same location), overlapping
    /// ranges of the same reason merged.
    static func merge(_ ranges: [ProtectedRange]) -> [ProtectedRange] {
        var byReason: [ProtectionReason: [NSRange]] = [:]
        for r in ranges where r.range.length > 0 { byReason[r.reason, default: []].append(r.range) }
        var out: [ProtectedRange] = []
        for (reason, list) in byReason {
            let sorted = list.sorted { $0.location < $1.location }
            var merged: [NSRange] = []
            for r in sorted {
                if let last = merged.last, r.location < last.location + last.length {
                    merged[merged.count - 1].length = max(last.location + last.length, r.location + r.length) - last.location
                } else {
                    merged.append(r)
                }
            }
            out.append(contentsOf: merged.map { ProtectedRange(range: $0, reason: reason) })
        }
        return out.sorted {
            ($0.range.location, -$0.range.length, $0.reason) < ($1.range.location, -$1.range.length, $1.reason)
        }
    }

    /// True when `key` never decreases along `items`: a stable sort by it would keep them as
    /// they are.
    private static func inOrder<Item>(_ items: [Item], by key: (Item) -> Int) -> Bool {
        var k = 1
        while k < items.count {
            if key(items[k]) < key(items[k - 1]) { return false }
            k += 1
        }
        return true
    }

    /// The same test for a key of three integers, compared in turn.
    private static func inOrder<Item>(_ items: [Item], by key: (Item) -> (Int, Int, Int)) -> Bool {
        var k = 1
        while k < items.count {
            if key(items[k]) < key(items[k - 1]) { return false }
            k += 1
        }
        return true
    }

    /// Builds the document: host ranges clamped and added, protected ranges merged, every
    /// segment cleared of protected text, blocks and segments in document order.
    static func finish(text: String, markup: MarkupKind, blocks: [Block], protected: [ProtectedRange],
                       segments: [ProseSegment], vocabulary: Set<String>, host: [ProtectedRange],
                       utf16Length: Int? = nil, isManualPage: Bool = false) -> StructuredDocument {
        let n = utf16Length ?? text.utf16.count
        var all = protected
        var vocabulary = vocabulary
        for list in localWordLists(in: text) {
            all.append(ProtectedRange(range: list.range, reason: .wordList))
            vocabulary.formUnion(list.words)
        }
        for h in host {
            let s = min(max(h.range.location, 0), n)
            let e = min(max(h.range.location + h.range.length, s), n)
            if e > s { all.append(ProtectedRange(range: NSRange(location: s, length: e - s), reason: h.reason)) }
        }
        let merged = all.isEmpty ? [] : merge(all)
        let covered = union(merged.map(\.range))
        let cleared = (covered.isEmpty ? segments : segments.map { $0.protecting(covered) })
            .filter { $0.pieces.contains { $0.kind != .protected } }
        // Stable sorts; input already in order (plain paragraphs, most documents' segments) is
        // kept as it is.
        let sortedSegments = inOrder(cleared, by: { $0.blockRange.location }) ? cleared : cleared.enumerated().sorted {
            ($0.element.blockRange.location, $0.offset) < ($1.element.blockRange.location, $1.offset)
        }.map(\.element)
        let sortedBlocks = inOrder(blocks, by: { ($0.range.location, -$0.range.length, $0.intent.components.count) }) ? blocks : blocks.enumerated().sorted {
            ($0.element.range.location, -$0.element.range.length, $0.element.intent.components.count, $0.offset)
                < ($1.element.range.location, -$1.element.range.length, $1.element.intent.components.count, $1.offset)
        }.map(\.element)
        return StructuredDocument(text: text, markup: markup, blocks: sortedBlocks, protectedRanges: merged,
                                  proseSegments: sortedSegments, codeVocabulary: withCodeShapes(withProseCode(vocabulary, text: text, protected: all), text: text),
                                  isManualPage: isManualPage)
    }

    /// `vocabulary` with the names that the shapes of code in `text` show, wherever they stand:
    /// the parts of a `snake_case` identifier already in it (`xtrymalloc` of
    /// `xtrymalloc_secure`), a word called with empty brackets (`xfree()`), and every item of a
    /// list of single words one line each (`- xstrdup`) when an item of it is code (an
    /// underscore, a digit, a capital inside, or a call: GnuPG's HACKING lists `xtrymalloc`,
    /// `xtrymalloc_secure`, `xstrdup`, `xfree` so). Three letters or more, ASCII letters only.
    /// The spelling rule still flags a common slip of a known word among them (`recieve`).
    static func withCodeShapes(_ vocabulary: Set<String>, text: String) -> Set<String> {
        var out = vocabulary
        func isName(_ s: Substring) -> Bool { s.utf8.count >= 3 && s.utf8.count <= 40 && s.utf8.allSatisfy { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 } }
        for id in vocabulary where id.contains("_") {
            for part in id.split(separator: "_") where isName(part) { out.insert(String(part)) }
        }
        // Calls: `word()`.
        var search = text.startIndex
        while let r = text.range(of: "()", range: search..<text.endIndex) {
            var a = r.lowerBound
            while a > text.startIndex, let c = text[text.index(before: a)].asciiValue, c == 0x5F || (c | 0x20) >= 97 && (c | 0x20) <= 122 || c >= 0x30 && c <= 0x39 {
                a = text.index(before: a)
            }
            let name = text[a..<r.lowerBound]
            if isName(name) { out.insert(String(name)) }
            for part in name.split(separator: "_") where isName(part) { out.insert(String(part)) }
            search = r.upperBound
        }
        // Lists of single words, one a line: runs of three items or more.
        var run: [Substring] = []
        func flush() {
            defer { run.removeAll() }
            guard run.count >= 3, run.contains(where: isCodeItem) else { return }
            for item in run {
                let bare = item.hasSuffix("()") ? item.dropLast(2) : item
                if isName(bare) { out.insert(String(bare)) }
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            guard let marker = trimmed.first, "-*+\u{2022}".contains(marker) else { flush(); continue }
            let item = trimmed.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).prefix(while: { !$0.isWhitespace })
            let rest = trimmed.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).dropFirst(item.count)
            guard !item.isEmpty, rest.allSatisfy(\.isWhitespace) else { flush(); continue }
            run.append(item)
        }
        flush()
        return out
    }

    /// True when a list item `s` is code: an underscore, a digit, a capital after its first
    /// letter, or a call's brackets.
    static func isCodeItem(_ s: Substring) -> Bool {
        s.contains("_") || s.hasSuffix("()") || s.contains(where: \.isNumber) || s.dropFirst().contains(where: \.isUppercase)
    }

    /// The marker of an Emacs word list (ispell's `LocalWords:`).
    static let localWordsMarker = "LocalWords:"

    /// Each `LocalWords:` line of `text`: the range from the marker to the line's end (UTF-16)
    /// and the words it lists (separated by spaces; a closing comment mark such as `-->` or `*/`
    /// is no word). Emacs's ispell reads these lines as the file's own dictionary, written at
    /// the end of a document as `% LocalWords: ...`, `;; LocalWords: ...` or
    /// `<!-- LocalWords: ... -->`.
    static func localWordLists(in text: String) -> [(range: NSRange, words: Set<String>)] {
        guard text.contains(localWordsMarker) else { return [] }
        let ns = text as NSString
        var out: [(NSRange, Set<String>)] = []
        var from = 0
        while from < ns.length {
            let found = ns.range(of: localWordsMarker, options: [], range: NSRange(location: from, length: ns.length - from))
            guard found.location != NSNotFound else { break }
            let line = ns.lineRange(for: found)
            var end = line.location + line.length
            while end > found.location, let c = UnicodeScalar(ns.character(at: end - 1)), c == "\n" || c == "\r" { end -= 1 }
            let range = NSRange(location: found.location, length: end - found.location)
            let list = ns.substring(with: NSRange(location: found.location + found.length, length: end - found.location - found.length))
            var words = Set<String>()
            for w in list.split(whereSeparator: { $0 == " " || $0 == "\t" }) where w.contains(where: \.isLetter) {
                words.insert(String(w))
            }
            out.append((range, words))
            from = max(end, found.location + found.length)
        }
        return out
    }

    /// Code that prose writes without markup and the detectors found (``ProseDetectors``), and
    /// plain text's backtick spans: what they protect is code, never checked.
    static let proseCodeReasons: Set<ProtectionReason> = [.commandLineOption, .codeIdentifier, .filePath, .inlineCode]

    /// `vocabulary` with the identifier-like words (``SourceScanning/identifiers(in:into:)``) of
    /// the `protected` ranges of ``proseCodeReasons``: the document's code written in its prose
    /// (`--soname-synonyms`, `sys.argv`, `*.rtinstall`, `/usr/bin/time`) names its terms as a
    /// Markdown code span does, so the same word written bare (“the soname of the library”,
    /// “import sys”) is the document's term, not a slip.
    static func withProseCode(_ vocabulary: Set<String>, text: String, protected: [ProtectedRange]) -> Set<String> {
        guard protected.contains(where: { proseCodeReasons.contains($0.reason) }) else { return vocabulary }
        let ns = text as NSString
        var out = vocabulary
        for p in protected where proseCodeReasons.contains(p.reason) && p.range.location >= 0 && p.range.location + p.range.length <= ns.length {
            SourceScanning.identifiers(in: ns.substring(with: p.range), into: &out)
        }
        return out
    }
}
