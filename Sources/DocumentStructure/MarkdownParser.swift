import Foundation
import TextModel

/// Markdown (CommonMark + GFM) → ``StructuredDocument``, from the events of
/// ``MarkdownConverter``.
enum MarkdownParser {
    /// Containers nested deeper than this are not reported as blocks (their content still is,
    /// with the intent of the deepest reported container), so that pathological nesting costs
    /// linear time and memory.
    static let maxIntentDepth = 48

    private struct Frame {
        var kind: MarkdownNodeKind
        var range: NSRange?
        /// The intent of blocks directly inside this container.
        var intent: PresentationIntent?
        var children = 0
        var bodyRows = 0
        var childRanges: [NSRange] = []
        var quoteDepth: Int
    }

    /// `plainParagraphs: false` always runs cmark-gfm (tests compare the two ways).
    static func parse(_ text: String, hostProtected: [ProtectedRange], plainParagraphs: Bool = true) -> StructuredDocument {
        // Plain paragraphs only (no front matter either): the document is known without cmark-gfm,
        // and without the offset tables, which only cmark-gfm's positions need.
        if plainParagraphs, let plain = PlainParagraphs.build(text) {
            let (found, segments) = DocumentAssembly.detect(in: plain.segments, needs: plain.needs)
            // Python's interactive sessions written in a paragraph (``PlainTextCode``).
            let doctests = text.contains(">>>") ? PlainTextCode.ranges([UInt16](utf16Of: text), literalBlocks: false) : []
            return DocumentAssembly.finish(text: text, markup: .markdown, blocks: plain.blocks, protected: found + doctests,
                                           segments: segments, vocabulary: [], host: hostProtected, utf16Length: plain.utf16Count)
        }
        let converter = OffsetConverter(text)
        let units = converter.utf16Units
        var bytes = Array(text.utf8)
        for i in bytes.indices where bytes[i] == 0 { bytes[i] = 0x1A }
        var protected: [ProtectedRange] = []
        if let fm = SourceScanning.frontMatter(units) {
            protected.append(ProtectedRange(range: fm, reason: .frontMatter))
            let b = converter.utf8Range(fromUTF16: fm)
            for i in b.location..<(b.location + b.length) where bytes[i] != 10 && bytes[i] != 13 { bytes[i] = 32 }
        }
        let events = MarkdownConverter.events(utf8: bytes, converter: converter)
        var builder = Builder(units: units, converter: converter)
        builder.protected = protected
        builder.run(events)
        let (found, segments) = DocumentAssembly.detect(in: builder.segments)
        // Python's interactive sessions written in a paragraph or a block quote (``PlainTextCode``).
        let doctests = text.contains(">>>") ? PlainTextCode.ranges(units, literalBlocks: false) : []
        return DocumentAssembly.finish(text: text, markup: .markdown, blocks: builder.blocks, protected: builder.protected + found + doctests,
                                       segments: segments, vocabulary: builder.vocabulary, host: hostProtected,
                                       utf16Length: units.count)
    }

    private struct Builder {
        let u: [UInt16]
        let converter: OffsetConverter
        var blocks: [Block] = []
        var protected: [ProtectedRange] = []
        var segments: [ProseSegment] = []
        var vocabulary = Set<String>()
        private var frames: [Frame] = []
        private var identity = 0
        private var aligner: InlineAligner?
        private var leafRange: NSRange?

        init(units: [UInt16], converter: OffsetConverter) {
            self.u = units
            self.converter = converter
        }

        private mutating func nextIdentity() -> Int {
            identity += 1
            return identity
        }

        private var parentIntent: PresentationIntent? { frames.last?.intent }
        private var quoteDepth: Int { frames.last?.quoteDepth ?? 0 }

        private func clamp(_ r: NSRange?) -> NSRange? {
            guard let r else { return nil }
            let s = min(max(r.location, 0), u.count), e = min(max(r.location + r.length, s), u.count)
            return SourceScanning.trimTrailingWhitespace(u, NSRange(location: s, length: e - s))
        }

        /// Creates a block nested in the current container, unless nesting is too deep.
        private mutating func makeIntent(_ kind: PresentationIntent.Kind, range: NSRange?) -> PresentationIntent? {
            guard frames.count <= MarkdownParser.maxIntentDepth else { return parentIntent }
            let intent = PresentationIntent(kind, identity: nextIdentity(), nestedInside: parentIntent)
            if let range { blocks.append(Block(range: range, intent: intent)) }
            return intent
        }

        /// `r` cut at the end of the innermost container with a position. cmark-gfm ends a fenced
        /// code block left open in a list item or a block quote on the line after the container
        /// (`- ```` then a blank line then `Prose.`: the code block is reported as reaching
        /// "Prose."), which would protect text that follows the container; no block reaches past
        /// its container.
        private func withinContainer(_ r: NSRange?) -> NSRange? {
            guard let r, let outer = frames.last(where: { $0.range != nil })?.range else { return r }
            let end = min(r.location + r.length, outer.location + outer.length)
            return NSRange(location: r.location, length: max(0, end - r.location))
        }

        private mutating func noteChild(_ r: NSRange?) {
            guard let r, !frames.isEmpty else { return }
            frames[frames.count - 1].childRanges.append(r)
        }

        mutating func run(_ events: [MarkdownEvent]) {
            for e in events {
                if aligner != nil {
                    switch e.kind {
                    case .paragraph, .heading, .tableCell:
                        if !e.isEnter { finishLeaf(); continue }
                    default:
                        if !e.kind.isBlock { aligner?.handle(e); continue }
                    }
                }
                if e.isEnter { enter(e) } else { exit(e) }
            }
        }

        private mutating func enter(_ e: MarkdownEvent) {
            let r = clamp(e.range)
            switch e.kind {
            case .document:
                frames.append(Frame(kind: .document, range: NSRange(location: 0, length: u.count), intent: nil, quoteDepth: 0))
            case .blockQuote:
                noteChild(r)
                let intent = makeIntent(.blockQuote, range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth + 1))
            case let .list(ordered, _):
                noteChild(r)
                let intent = makeIntent(ordered ? .orderedList : .unorderedList, range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth))
            case .item:
                noteChild(r)
                var ordinal = 1
                if let last = frames.last {
                    if case let .list(ordered, start) = last.kind, ordered { ordinal = start + last.children } else { ordinal = last.children + 1 }
                    frames[frames.count - 1].children += 1
                }
                let intent = makeIntent(.listItem(ordinal: ordinal), range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth))
            case let .table(alignments):
                noteChild(r)
                let intent = makeIntent(.table(columns: alignments.map { PresentationIntent.TableColumn(alignment: $0) }), range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth))
            case .tableHeaderRow:
                let intent = makeIntent(.tableHeaderRow, range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth))
            case .tableRow:
                var index = 0
                if !frames.isEmpty {
                    index = frames[frames.count - 1].bodyRows
                    frames[frames.count - 1].bodyRows += 1
                }
                let intent = makeIntent(.tableRow(rowIndex: index), range: r)
                frames.append(Frame(kind: e.kind, range: r, intent: intent, quoteDepth: quoteDepth))
            case .footnoteDefinition:
                noteChild(r)
                frames.append(Frame(kind: e.kind, range: r, intent: parentIntent, quoteDepth: quoteDepth))
            case .paragraph, .heading, .tableCell:
                noteChild(r)
                var column = 0
                if e.kind == .tableCell, !frames.isEmpty {
                    column = frames[frames.count - 1].children
                    frames[frames.count - 1].children += 1
                }
                guard var range = r, e.range != nil else {
                    // No usable position: the block's inlines are skipped.
                    aligner = nil
                    return
                }
                if e.kind == .tableCell { range = SourceScanning.trimBlanks(u, range) }
                var start = range.location
                if e.kind == .paragraph, let defEnd = leadingReferenceDefinitions(range) {
                    start = defEnd
                    range = NSRange(location: start, length: max(0, range.location + range.length - start))
                }
                let kind: PresentationIntent.Kind
                switch e.kind {
                case let .heading(level): kind = .header(level: level)
                case .tableCell: kind = .tableCell(columnIndex: column)
                default: kind = .paragraph
                }
                let intent = makeIntent(kind, range: range) ?? PresentationIntent(kind, identity: nextIdentity())
                var a = InlineAligner(units: u, start: start, limit: range.location + range.length, quoteDepth: quoteDepth,
                                      segment: ProseSegment(blockRange: range, intent: intent))
                if case .heading = e.kind { a.skipATXHeadingMarker() }
                a.skipBlanks()
                aligner = a
                leafRange = range
            case let .codeBlock(fenced, info):
                let r = withinContainer(r)
                noteChild(r)
                let hint = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
                if var range = r {
                    if !fenced {
                        // cmark starts indented code after its indentation; protect that too.
                        var s = range.location
                        while s > 0, SourceScanning.isBlank(u[s - 1]) { s -= 1 }
                        range = NSRange(location: s, length: range.location + range.length - s)
                    }
                    _ = makeIntent(.codeBlock(languageHint: fenced ? hint : nil), range: range)
                    if range.length > 0 { protected.append(ProtectedRange(range: range, reason: fenced ? .fencedCode : .indentedCode)) }
                }
                if let l = e.literal { SourceScanning.identifiers(in: SourceScanning.removingComments(l), into: &vocabulary) }
            case .htmlBlock:
                htmlBlock(e)
            case .thematicBreak:
                noteChild(r)
                _ = makeIntent(.thematicBreak, range: r)
            default:
                break
            }
        }

        private mutating func exit(_ e: MarkdownEvent) {
            switch e.kind {
            case .paragraph, .heading, .tableCell:
                return // a leaf without a usable position
            default:
                break
            }
            guard e.kind.isBlock, let frame = frames.popLast() else { return }
            switch frame.kind {
            case .document, .blockQuote, .item, .footnoteDefinition:
                scanGaps(frame)
            default:
                break
            }
        }

        // MARK: leaves

        private mutating func finishLeaf() {
            guard let a = aligner else { return }
            aligner = nil
            protected.append(contentsOf: a.protected)
            for c in a.codeLiterals { SourceScanning.identifiers(in: c, into: &vocabulary) }
            addSegment(a.segment)
        }

        /// Keeps a segment with any text; the prose detectors run over all segments at the end
        /// (``DocumentAssembly/detect(in:)-([ProseSegment])``).
        private mutating func addSegment(_ segment: ProseSegment) {
            guard !segment.pieces.isEmpty else { return }
            segments.append(segment)
        }

        /// Link reference definitions at the start of a paragraph's range (cmark reports the
        /// paragraph from the first definition): protects them and returns where the prose starts.
        private mutating func leadingReferenceDefinitions(_ range: NSRange) -> Int? {
            let limit = range.location + range.length
            var k = range.location
            var found = false
            while k < limit, let end = SourceScanning.referenceDefinitionEnd(u, k, limit: limit) {
                protected.append(ProtectedRange(range: NSRange(location: k, length: end - k), reason: .linkReferenceDefinition))
                found = true
                k = SourceScanning.afterLineBreak(u, end, limit: limit)
                var quotes = 0
                while k < limit {
                    if SourceScanning.isBlank(u[k]) { k += 1; continue }
                    if u[k] == 62, quotes < quoteDepth { quotes += 1; k += 1; continue }
                    break
                }
            }
            return found ? k : nil
        }

        /// Link reference definitions between the children of a container.
        private mutating func scanGaps(_ frame: Frame) {
            guard let outer = frame.range else { return }
            let children = frame.childRanges.sorted { $0.location < $1.location }
            var gapStart = outer.location
            var gaps: [NSRange] = []
            for c in children {
                if c.location > gapStart { gaps.append(NSRange(location: gapStart, length: c.location - gapStart)) }
                gapStart = max(gapStart, c.location + c.length)
            }
            let outerEnd = frame.kind == .document ? u.count : outer.location + outer.length
            if outerEnd > gapStart { gaps.append(NSRange(location: gapStart, length: outerEnd - gapStart)) }
            for g in gaps {
                let limit = g.location + g.length
                var lineStart = g.location
                while lineStart < limit {
                    // Skip container prefixes: blanks, `>` and a list marker.
                    var k = lineStart
                    while k < limit, SourceScanning.isBlank(u[k]) || u[k] == 62 { k += 1 }
                    if k < limit, u[k] == 45 || u[k] == 42 || u[k] == 43, k + 1 < limit, SourceScanning.isBlank(u[k + 1]) { k += 1 }
                    else {
                        var d = k
                        while d < limit, ProseDetectors.isDigit(u[d]) { d += 1 }
                        if d > k, d + 1 < limit, u[d] == 46 || u[d] == 41, SourceScanning.isBlank(u[d + 1]) { k = d + 1 }
                    }
                    while k < limit, SourceScanning.isBlank(u[k]) { k += 1 }
                    var next: Int
                    if k < limit, u[k] == 91, let end = SourceScanning.referenceDefinitionEnd(u, k, limit: limit) {
                        protected.append(ProtectedRange(range: NSRange(location: k, length: end - k), reason: .linkReferenceDefinition))
                        next = end
                    } else {
                        next = SourceScanning.lineEnd(u, lineStart, limit: limit)
                    }
                    if next >= limit { break }
                    next = SourceScanning.afterLineBreak(u, next, limit: limit)
                    lineStart = next
                }
            }
        }

        // MARK: HTML blocks

        private static func startsWith(_ u: [UInt16], _ i: Int, _ p: String) -> Bool {
            var k = i
            for c in p.utf16 {
                guard k < u.count else { return false }
                var x = u[k]
                if x >= 65, x <= 90 { x += 32 }
                if x != c { return false }
                k += 1
            }
            return true
        }

        /// An HTML block: raw-text blocks (script, pre, style, textarea, comments, processing
        /// instructions, declarations, CDATA) are protected whole; other blocks protect their
        /// tags, and the text between tags is prose.
        private mutating func htmlBlock(_ e: MarkdownEvent) {
            guard let r0 = e.range else { return }
            let start = r0.location
            // cmark's end position for HTML blocks is unreliable: count the literal's lines.
            let literal = e.literal ?? ""
            var lines = 0
            for c in literal.utf8 where c == 10 { lines += 1 }
            if literal.utf8.last != 10 { lines += 1 }
            let firstLine = converter.position(fromUTF16: start).line
            let lastLine = converter.lineRange(firstLine + max(lines, 1) - 1)
            let end = max(start, lastLine.location + lastLine.length)
            let range = SourceScanning.trimTrailingWhitespace(u, NSRange(location: start, length: end - start))
            noteChild(range)
            guard range.length > 0 else { return }
            let limit = range.location + range.length
            for raw in ["<script", "<pre", "<style", "<textarea", "<!--", "<?", "<![cdata["] where Self.startsWith(u, start, raw) {
                protected.append(ProtectedRange(range: range, reason: .html))
                return
            }
            if start + 1 < limit, u[start] == 60, u[start + 1] == 33 {
                protected.append(ProtectedRange(range: range, reason: .html))
                return
            }
            // Tags and the text between them.
            var tags: [NSRange] = []
            var k = start
            while k < limit {
                if u[k] == 60, let t = HTMLScanning.tagEnd(u, k, limit: limit) {
                    tags.append(NSRange(location: k, length: t - k))
                    k = t
                } else {
                    k += 1
                }
            }
            // An element whose content is code or raw text (a `<textarea>` or `<code>` inside a
            // `<div>` or `<form>`) is protected from its start tag to its end tag, content and all.
            tags = HTMLScanning.mergingRawElements(u, tags: tags, limit: limit)
            protected.append(contentsOf: tags.map { ProtectedRange(range: $0, reason: .html) })
            guard let intent = makeIntentDetached(.paragraph) else { return }
            let segment = HTMLScanning.proseSegment(u, range: range, tags: tags, quoteDepth: quoteDepth, intent: intent)
            if segment.pieces.contains(where: { $0.kind != .protected }) {
                blocks.append(Block(range: range, intent: intent))
                addSegment(segment)
            }
        }

        /// An intent for a block that may or may not be reported (the caller adds the block).
        private mutating func makeIntentDetached(_ kind: PresentationIntent.Kind) -> PresentationIntent? {
            guard frames.count <= MarkdownParser.maxIntentDepth else { return parentIntent ?? PresentationIntent(kind, identity: nextIdentity()) }
            return PresentationIntent(kind, identity: nextIdentity(), nestedInside: parentIntent)
        }
    }
}

/// HTML tag scanning for HTML blocks.
enum HTMLScanning {
    /// The end (exclusive) of an HTML tag, comment or declaration starting with `<` at `i`,
    /// or nil when `<` does not start one.
    static func tagEnd(_ u: [UInt16], _ i: Int, limit: Int) -> Int? {
        guard i + 1 < limit, u[i] == 60 else { return nil }
        let c = u[i + 1]
        if c == 33, i + 3 < limit, u[i + 2] == 45, u[i + 3] == 45 {
            var k = i + 4
            while k + 2 < limit {
                if u[k] == 45, u[k + 1] == 45, u[k + 2] == 62 { return k + 3 }
                k += 1
            }
            return nil
        }
        let isStart = ProseDetectors.isASCIILetter(c) || c == 33 || c == 63
            || (c == 47 && i + 2 < limit && ProseDetectors.isASCIILetter(u[i + 2]))
        guard isStart else { return nil }
        var k = i + 1
        var quote: UInt16 = 0
        while k < limit {
            let x = u[k]
            if quote != 0 {
                if x == quote { quote = 0 }
            } else if x == 34 || x == 39 {
                quote = x
            } else if x == 62 {
                return k + 1
            } else if x == 60 {
                return nil
            }
            k += 1
        }
        return nil
    }

    /// Elements whose content is not prose: code, raw text and embedded languages.
    static let rawElements: Set<String> = ["textarea", "pre", "script", "style", "code", "kbd", "samp", "var", "tt",
                                           "math", "svg", "template", "xmp", "listing", "plaintext"]

    /// The lowercased name of the tag at `t` and whether it is an end tag (`</code>`); nil for
    /// comments and declarations.
    static func tagName(_ u: [UInt16], _ t: NSRange) -> (name: String, closing: Bool)? {
        var k = t.location + 1
        let end = t.location + t.length
        let closing = k < end && u[k] == 47
        if closing { k += 1 }
        var name: [UInt16] = []
        while k < end, ProseDetectors.isASCIILetter(u[k]) || (u[k] >= 48 && u[k] <= 57) || u[k] == 45 {
            name.append(u[k] >= 65 && u[k] <= 90 ? u[k] + 32 : u[k])
            k += 1
        }
        return name.isEmpty ? nil : (String(decoding: name, as: UTF16.self), closing)
    }

    /// `tags` (sorted) with each raw element (``rawElements``) made one range from its start
    /// tag to the end of its end tag (to `limit` when it has none), the tags inside it dropped.
    static func mergingRawElements(_ u: [UInt16], tags: [NSRange], limit: Int) -> [NSRange] {
        var out: [NSRange] = []
        var i = 0
        while i < tags.count {
            let t = tags[i]
            guard let (name, closing) = tagName(u, t), !closing, rawElements.contains(name),
                  !(t.length >= 2 && u[t.location + t.length - 2] == 47) else {   // not `<code/>`
                out.append(t)
                i += 1
                continue
            }
            var j = i + 1
            var depth = 1
            var end = limit
            while j < tags.count {
                if let (n, c) = tagName(u, tags[j]), n == name {
                    depth += c ? -1 : 1
                    if depth == 0 { end = tags[j].location + tags[j].length; break }
                }
                j += 1
            }
            out.append(NSRange(location: t.location, length: end - t.location))
            i = j + 1
        }
        return out
    }

    /// The prose of an HTML block: text between `tags` (sorted), line prefixes and blanks at
    /// line ends left out, line breaks as substituted `\n`, entities substituted, each tag
    /// between two runs of text a placeholder.
    static func proseSegment(_ u: [UInt16], range: NSRange, tags: [NSRange], quoteDepth: Int,
                             intent: PresentationIntent) -> ProseSegment {
        var segment = ProseSegment(blockRange: range, intent: intent)
        let limit = range.location + range.length
        var pendingTags: [NSRange] = []
        var pendingBreak: NSRange?
        var hasText = false
        func emitText(_ a: Int, _ b: Int, _ seg: inout ProseSegment) {
            // Text run [a, b) on one line.
            if hasText {
                for t in pendingTags { seg.appendProtected(documentRange: t) }
                if pendingTags.isEmpty, let br = pendingBreak { seg.appendSubstituted("\n", documentRange: br) }
            }
            pendingTags = []
            pendingBreak = nil
            hasText = true
            var k = a
            var run = a
            while k < b {
                if u[k] == 38, let ent = SourceScanning.entity(u, k, limit: b), let d = ent.decoded {
                    if k > run { seg.appendVerbatim(utf16Units: u[run..<k], documentLocation: run) }
                    seg.appendSubstituted(d, documentRange: NSRange(location: k, length: ent.length))
                    k += ent.length
                    run = k
                } else {
                    k += 1
                }
            }
            if b > run { seg.appendVerbatim(utf16Units: u[run..<b], documentLocation: run) }
        }
        var tagIndex = 0
        var k = range.location
        var atLineStart = true
        while k < limit {
            if tagIndex < tags.count, tags[tagIndex].location == k {
                pendingTags.append(tags[tagIndex])
                pendingBreak = nil
                k = tags[tagIndex].location + tags[tagIndex].length
                tagIndex += 1
                atLineStart = false
                continue
            }
            if SourceScanning.isLineEnd(u[k]) {
                let bs = k
                var e = SourceScanning.afterLineBreak(u, k, limit: limit)
                var quotes = 0
                while e < limit {
                    if SourceScanning.isBlank(u[e]) { e += 1; continue }
                    if u[e] == 62, quotes < quoteDepth { quotes += 1; e += 1; continue }
                    break
                }
                if pendingTags.isEmpty && hasText {
                    pendingBreak = NSRange(location: pendingBreak?.location ?? bs, length: e - (pendingBreak?.location ?? bs))
                }
                k = e
                atLineStart = true
                continue
            }
            // A text run: up to the next tag or line end.
            let nextTag = tagIndex < tags.count ? tags[tagIndex].location : limit
            var e = k
            while e < nextTag, !SourceScanning.isLineEnd(u[e]) { e += 1 }
            var s = k
            if atLineStart || !hasText { while s < e, SourceScanning.isBlank(u[s]) { s += 1 } }
            var te = e
            if e >= limit || SourceScanning.isLineEnd(u[e]) { while te > s, SourceScanning.isBlank(u[te - 1]) { te -= 1 } }
            if te > s {
                if s > k, hasText, pendingTags.isEmpty {
                    // Leading blanks after a break belong to the break.
                    if let br = pendingBreak { pendingBreak = NSRange(location: br.location, length: s - br.location) }
                }
                emitText(s, te, &segment)
            } else if pendingTags.isEmpty, hasText, te == s, e > k {
                // Only blanks: they join a pending break, if any.
                if let br = pendingBreak { pendingBreak = NSRange(location: br.location, length: e - br.location) }
            }
            k = e
            atLineStart = false
        }
        return segment
    }
}
