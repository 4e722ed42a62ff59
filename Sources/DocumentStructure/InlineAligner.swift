import Foundation
import TextModel

/// Builds one leaf block's ``ProseSegment`` by walking its inline nodes in order and aligning
/// each against the document's source, from a cursor that only moves forward.
///
/// cmark-gfm's inline source positions are unreliable (continuation lines, autolinks,
/// extension nodes), so they are not used: text literals are matched against the source unit
/// by unit (backslash escapes and entities become substituted pieces), markup between nodes
/// (emphasis delimiters, brackets, line prefixes) is skipped, and protected inlines (code,
/// HTML, autolinks, images, link destinations) are found where the syntax says they are.
/// When alignment fails, the node becomes a placeholder with an empty document range instead
/// of a wrong mapping.
struct InlineAligner {
    private let u: [UInt16]
    private(set) var cursor: Int
    private let limit: Int
    private let quoteDepth: Int
    private(set) var segment: ProseSegment
    private(set) var protected: [ProtectedRange] = []
    private(set) var codeLiterals: [String] = []

    private enum LinkOpen {
        case bracket
        case extended(start: Int)
        case unknown
    }
    private var links: [LinkOpen] = []
    private var skipDepth = 0
    /// Inside `<kbd>…</kbd>` (or code, samp, var, tt): the lowercased closing tag that ends the
    /// skipped run; the element's content was protected with its tags.
    private var skipUntilHTMLClose: String?
    private var capturing = 0

    init(units: [UInt16], start: Int, limit: Int, quoteDepth: Int, segment: ProseSegment) {
        self.u = units
        self.cursor = min(start, limit)
        self.limit = min(limit, units.count)
        self.quoteDepth = quoteDepth
        self.segment = segment
    }

    /// Skips an ATX heading's opening sequence (`## `) at the cursor, if any.
    mutating func skipATXHeadingMarker() {
        var k = cursor
        while k < limit, SourceScanning.isBlank(u[k]) { k += 1 }
        var hashes = 0
        while k + hashes < limit, u[k + hashes] == 35 { hashes += 1 }
        guard hashes >= 1, hashes <= 6 else { return }
        k += hashes
        guard k >= limit || SourceScanning.isBlank(u[k]) || SourceScanning.isLineEnd(u[k]) else { return }
        while k < limit, SourceScanning.isBlank(u[k]) { k += 1 }
        cursor = k
    }

    /// Skips spaces and tabs at the cursor.
    mutating func skipBlanks() {
        while cursor < limit, SourceScanning.isBlank(u[cursor]) { cursor += 1 }
    }

    /// Moves the cursor to `position` (forward only).
    mutating func advance(to position: Int) { cursor = max(cursor, min(position, limit)) }

    private static func isLeafInline(_ k: MarkdownNodeKind) -> Bool {
        switch k {
        case .text, .softBreak, .lineBreak, .code, .htmlInline: return true
        default: return false
        }
    }

    /// Feeds one inline event.
    mutating func handle(_ e: MarkdownEvent) {
        if let close = skipUntilHTMLClose {
            if e.kind == .htmlInline, (e.literal ?? "").lowercased().hasPrefix(close) { skipUntilHTMLClose = nil }
            return
        }
        if skipDepth > 0 {
            if e.isEnter { if !Self.isLeafInline(e.kind) { skipDepth += 1 } } else { skipDepth -= 1 }
            return
        }
        if capturing > 0 {
            if e.isEnter, !Self.isLeafInline(e.kind) { capturing += 1 }
            if !e.isEnter {
                capturing -= 1
                if capturing == 0 { closeLink(); return }
            }
            if e.isEnter, e.kind == .text, let l = e.literal { alignText([UInt16](utf16Of: l), emit: false) }
            return
        }
        switch e.kind {
        case .text:
            if let l = e.literal { alignText([UInt16](utf16Of: l), emit: true) }
        case .softBreak, .lineBreak:
            alignBreak()
        case .code:
            alignCode(e.literal ?? "")
        case .htmlInline:
            alignHTML(e.literal ?? "")
        case .emphasis:
            skipDelimiters(max: 1, tilde: false)
        case .strong:
            skipDelimiters(max: 2, tilde: false)
        case .strikethrough:
            skipDelimiters(max: 2, tilde: true)
        case .link:
            if e.isEnter { openLink() } else { closeLink() }
        case .image:
            if e.isEnter { image() }
        case .footnoteReference:
            if e.isEnter { footnoteReference() }
        default:
            break
        }
    }

    // MARK: pieces

    private mutating func placeholder(_ r: NSRange, reason: ProtectionReason?) {
        if let reason, r.length > 0 { protected.append(ProtectedRange(range: r, reason: reason)) }
        segment.appendProtected(documentRange: r)
    }

    private mutating func lost() {
        segment.appendProtected(documentRange: NSRange(location: cursor, length: 0))
    }

    /// First index `>= from` where `needle` occurs, searching at most `window` units.
    private func find(_ needle: ArraySlice<UInt16>, from: Int, window: Int = 4096) -> Int? {
        guard let first = needle.first else { return nil }
        let end = min(limit, from + window) - needle.count
        guard end >= from else { return nil }
        var k = from
        while k <= end {
            if u[k] == first, u[k..<(k + needle.count)].elementsEqual(needle) { return k }
            k += 1
        }
        return nil
    }

    private func matches(_ l: UInt16, _ s: UInt16) -> Bool { l == s || (l == 0x1A && s == 0) }

    // MARK: text

    private mutating func alignText(_ lit: [UInt16], emit: Bool) {
        var i = 0
        var runStart = -1 // document offset of the pending verbatim run
        func flush(_ me: inout InlineAligner) {
            if runStart >= 0, emit {
                // The document's own units (a NUL reaches cmark as 0x1A).
                me.segment.appendVerbatim(utf16Units: me.u[runStart..<me.cursor], documentLocation: runStart)
            }
            runStart = -1
        }
        while i < lit.count {
            if cursor < limit {
                let c = u[cursor]
                if c == SourceScanning.backslash, cursor + 1 < limit, SourceScanning.isASCIIPunctuation(u[cursor + 1]), lit[i] == u[cursor + 1] {
                    flush(&self)
                    if emit { segment.appendSubstituted(String(decoding: [lit[i]], as: UTF16.self), documentRange: NSRange(location: cursor, length: 2)) }
                    i += 1
                    cursor += 2
                    continue
                }
                if c == 38, let ent = SourceScanning.entity(u, cursor, limit: limit),
                   !lit[i...].starts(with: u[cursor..<(cursor + ent.length)]) {
                    var take = 0
                    if let d = ent.decoded, lit[i...].starts(with: d.utf16) {
                        take = d.utf16.count
                    } else if ent.decoded == nil || lit[i] != 38 {
                        take = UTF16.isLeadSurrogate(lit[i]) && i + 1 < lit.count ? 2 : 1
                    }
                    if take > 0 {
                        flush(&self)
                        if emit { segment.appendSubstituted(String(utf16Units: lit[i..<(i + take)]), documentRange: NSRange(location: cursor, length: ent.length)) }
                        i += take
                        cursor += ent.length
                        continue
                    }
                }
                if matches(lit[i], c) {
                    if runStart < 0 { runStart = cursor }
                    i += 1
                    cursor += 1
                    continue
                }
            }
            flush(&self)
            // Lost: resynchronise on the next few literal units, or give up on this node.
            let probe = lit[i..<min(lit.count, i + 12)]
            if cursor < limit, let k = find(probe, from: cursor + 1) {
                cursor = k
                continue
            }
            if emit { lost() }
            return
        }
        flush(&self)
    }

    // MARK: breaks

    private mutating func alignBreak() {
        let start = cursor
        var k = cursor
        while k < limit, SourceScanning.isBlank(u[k]) { k += 1 }
        if k < limit, u[k] == SourceScanning.backslash, k + 1 < limit, SourceScanning.isLineEnd(u[k + 1]) { k += 1 }
        if k >= limit || !SourceScanning.isLineEnd(u[k]) {
            // Not where cmark says: find the next line break.
            let e = SourceScanning.lineEnd(u, k, limit: limit)
            guard e < limit else { lost(); return }
            k = e
        }
        k = SourceScanning.afterLineBreak(u, k, limit: limit)
        var quotes = 0
        while k < limit {
            if SourceScanning.isBlank(u[k]) { k += 1; continue }
            if u[k] == 62, quotes < quoteDepth { quotes += 1; k += 1; continue }
            break
        }
        cursor = k
        segment.appendSubstituted("\n", documentRange: NSRange(location: start, length: k - start))
    }

    // MARK: protected inlines

    private mutating func alignCode(_ literal: String) {
        codeLiterals.append(literal)
        var k = cursor
        if k >= limit || u[k] != SourceScanning.backtick {
            guard let f = find([SourceScanning.backtick][...], from: cursor) else { lost(); return }
            k = f
        }
        guard let end = SourceScanning.codeSpanEnd(u, k, limit: limit) else { lost(); return }
        cursor = end
        placeholder(NSRange(location: k, length: end - k), reason: .inlineCode)
    }

    private mutating func alignHTML(_ literal: String) {
        let l = [UInt16](utf16Of: literal)
        var start = cursor
        var end: Int?
        if !l.isEmpty, cursor + l.count <= limit, u[cursor..<(cursor + l.count)].elementsEqual(l) {
            end = cursor + l.count
        } else if !l.isEmpty, let k = find(l[...], from: cursor) {
            start = k
            end = k + l.count
        } else if let k = find([60][...], from: cursor), let g = find([62][...], from: k) {
            start = k
            end = g + 1
        }
        guard let e = end else { lost(); return }
        cursor = e
        // Elements whose content is code or keys (`<kbd>Ctrl</kbd>`, `<code>…</code>`): protect
        // the whole element, not only its tags.
        let lower = literal.lowercased()
        for name in ["kbd", "code", "samp", "var", "tt"] where lower.hasPrefix("<\(name)>") || lower.hasPrefix("<\(name) ") {
            let close = "</\(name)"
            let closeUnits = Array(close.utf16)
            var k = e
            var found: Int?
            while k + closeUnits.count <= limit, k < e + 4096 {
                if zip(u[k..<(k + closeUnits.count)], closeUnits).allSatisfy({ a, b in a == b || (a >= 65 && a <= 90 && a + 32 == b) }) {
                    found = k
                    break
                }
                k += 1
            }
            if let f = found, let g = find([62][...], from: f) {
                cursor = g + 1
                skipUntilHTMLClose = close
                placeholder(NSRange(location: start, length: g + 1 - start), reason: .html)
                return
            }
        }
        placeholder(NSRange(location: start, length: e - start), reason: .html)
    }

    private mutating func skipDelimiters(max n: Int, tilde: Bool) {
        guard cursor < limit else { return }
        let c = u[cursor]
        guard tilde ? c == 126 : (c == 42 || c == 95) else { return }
        var k = 0
        while k < n, cursor < limit, u[cursor] == c { cursor += 1; k += 1 }
    }

    private mutating func openLink() {
        guard cursor < limit else { links.append(.unknown); return }
        switch u[cursor] {
        case 91: // [
            cursor += 1
            links.append(.bracket)
        case 60: // <autolink>
            if let g = find([62][...], from: cursor, window: 65536) {
                let r = NSRange(location: cursor, length: g + 1 - cursor)
                cursor = g + 1
                placeholder(r, reason: .autolink)
                skipDepth = 1
            } else {
                links.append(.unknown)
            }
        default:
            // GFM extended autolink: its text is the link; capture it without emitting prose.
            links.append(.extended(start: cursor))
            capturing = 1
        }
    }

    private mutating func closeLink() {
        guard let open = links.popLast() else { return }
        switch open {
        case .unknown:
            return
        case let .extended(start):
            if cursor > start { placeholder(NSRange(location: start, length: cursor - start), reason: .autolink) } else { lost() }
        case .bracket:
            var k = cursor
            if k >= limit || u[k] != 93 {
                guard let f = find([93][...], from: cursor) else { return }
                k = f
            }
            k += 1
            cursor = k
            guard k < limit else { return }
            if u[k] == 40, let close = SourceScanning.matchingParen(u, k, limit: limit) {
                protected.append(ProtectedRange(range: NSRange(location: k, length: close + 1 - k), reason: .linkDestination))
                cursor = close + 1
            } else if u[k] == 91, let close = SourceScanning.matchingBracket(u, k, limit: limit) {
                protected.append(ProtectedRange(range: NSRange(location: k, length: close + 1 - k), reason: .linkDestination))
                cursor = close + 1
            }
        }
    }

    /// An image is protected whole: `![alt](destination "title")` or `![alt][ref]`.
    private mutating func image() {
        skipDepth = 1
        var k = cursor
        if !(k + 1 < limit && u[k] == 33 && u[k + 1] == 91) {
            guard let f = find([33, 91][...], from: cursor) else { lost(); return }
            k = f
        }
        guard let close = SourceScanning.matchingBracket(u, k + 1, limit: limit) else { lost(); return }
        var end = close + 1
        if end < limit, u[end] == 40, let p = SourceScanning.matchingParen(u, end, limit: limit) {
            end = p + 1
        } else if end < limit, u[end] == 91, let b = SourceScanning.matchingBracket(u, end, limit: limit) {
            end = b + 1
        }
        cursor = end
        placeholder(NSRange(location: k, length: end - k), reason: .linkDestination)
    }

    private mutating func footnoteReference() {
        skipDepth = 1
        var k = cursor
        if !(k + 1 < limit && u[k] == 91 && u[k + 1] == 94) {
            guard let f = find([91, 94][...], from: cursor) else { lost(); return }
            k = f
        }
        guard let close = SourceScanning.matchingBracket(u, k, limit: limit) else { lost(); return }
        cursor = close + 1
        placeholder(NSRange(location: k, length: close + 1 - k), reason: .linkDestination)
    }
}
