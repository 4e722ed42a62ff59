import Foundation
import TextModel

/// Parses a document into a ``StructuredDocument``: blocks with presentation intents, protected
/// ranges with reasons, and prose segments (DESIGN.md §2, DocumentStructure).
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
    /// lines. Both get the prose-level detectors (bare URLs, e-mail addresses, file paths,
    /// `$…$` / `$$…$$` math). All offsets are UTF-16 code units of `text`; a byte-order mark is
    /// an ordinary character. Host ranges are clamped to the text.
    public static func parse(_ text: String, markup: MarkupKind, hostProtectedRanges: [NSRange] = []) -> StructuredDocument {
        let host = hostProtectedRanges.map { ProtectedRange(range: $0, reason: .hostDeclared) }
        switch markup {
        case .plain: return PlainTextParser.parse(text, hostProtected: host)
        case .markdown: return MarkdownParser.parse(text, hostProtected: host)
        }
    }
}

/// Plain text: blocks are paragraphs separated by blank lines. A paragraph whose every line
/// starts with `>` (after spaces) is an e-mail quotation, a paragraph inside a block quote, as
/// in Markdown: someone else's words, reported but never changed unattended.
enum PlainTextParser {
    static func parse(_ text: String, hostProtected: [ProtectedRange]) -> StructuredDocument {
        let units = [UInt16](utf16Of: text)
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        var protected: [ProtectedRange] = []
        var identity = 1
        var lineStart = 0
        var paraStart: Int?
        var paraEnd = 0
        var allQuoted = true
        func flush() {
            guard let s = paraStart else { return }
            let r = NSRange(location: s, length: paraEnd - s)
            let quote = allQuoted ? PresentationIntent(.blockQuote, identity: identity) : nil
            if quote != nil { identity += 1 }
            let intent = PresentationIntent(.paragraph, identity: identity, nestedInside: quote)
            identity += 1
            blocks.append(Block(range: r, intent: intent))
            var seg = ProseSegment(blockRange: r, intent: intent)
            seg.appendVerbatim(utf16Units: units[s..<paraEnd], documentLocation: s)
            let (found, updated) = DocumentAssembly.detect(in: seg)
            protected.append(contentsOf: found)
            segments.append(updated)
            paraStart = nil
        }
        while lineStart <= units.count {
            var e = lineStart
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            let isBlank = units[lineStart..<e].allSatisfy { $0 == 32 || $0 == 9 }
            if isBlank { flush() } else {
                if paraStart == nil { paraStart = lineStart; allQuoted = true }
                paraEnd = e
                var k = lineStart
                while k < e, units[k] == 32 { k += 1 }
                if k >= e || units[k] != 0x3E { allQuoted = false }
            }
            if e >= units.count { break }
            lineStart = e + ((units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
        }
        flush()
        return DocumentAssembly.finish(text: text, markup: .plain, blocks: blocks, protected: protected,
                                       segments: segments, vocabulary: [], host: hostProtected)
    }
}
