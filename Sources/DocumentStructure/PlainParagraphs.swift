import Foundation
import TextModel

/// Markdown that is nothing but plain paragraphs: lines of text separated by blank lines, with
/// no character that CommonMark or a GFM extension gives a meaning to. For such text the
/// document cmark-gfm's events would build is known without running it (one paragraph per
/// run of lines, each line a text node, soft breaks between them), so ``MarkdownParser``
/// builds it directly; most of the prose people write, and nearly every paragraph an
/// editor sends on its own, is such text. Anything else goes through cmark-gfm.
///
/// The test is conservative: it refuses text that might mean something, rather than text
/// that does. A line may not start with a space or tab (indented code, lazy continuation),
/// `#` (heading), `>` (quote), `-`, `+` or `=` (list items, setext underlines, thematic breaks,
/// front matter), or digits followed by `.` or `)` (ordered lists); no line may contain
/// `\` `` ` `` `*` `_` `[` `]` `<` `&` `~` `|` `@` (escapes, code, emphasis, links, HTML,
/// entities, strikethrough, tables, e-mail autolinks), `://` or `www.` (URL autolinks), a NUL
/// or another control character but the tab, and the text may not start with a byte-order
/// mark. `DocumentStructureTests` checks, on every paragraph of the test documents and on
/// variants of them, that the document built this way equals the one built from cmark-gfm's
/// events.
enum PlainParagraphs {
    /// The blocks and prose segments of `u` (a document's UTF-16 units) when the text is plain
    /// paragraphs only; nil otherwise (and for text without any paragraph). They are what
    /// ``MarkdownParser``'s builder makes of cmark-gfm's events for such text: one paragraph
    /// block per run of non-blank lines (its range ends at its last non-blank character), each
    /// line's text verbatim in the segment, and each line break with the blanks before it one
    /// substituted `"\n"`.
    static func build(_ u: [UInt16]) -> (blocks: [Block], segments: [ProseSegment])? {
        let n = u.count
        guard n > 0, u[0] != 0xFEFF else { return nil }
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        // The open paragraph's lines: where each starts and where its text ends.
        var lines: [(start: Int, end: Int)] = []
        func closeParagraph() {
            guard let first = lines.first, let last = lines.last else { return }
            let range = NSRange(location: first.start, length: last.end - first.start)
            let intent = PresentationIntent(.paragraph, identity: blocks.count + 1, nestedInside: nil)
            blocks.append(Block(range: range, intent: intent))
            // The text and its pieces in one pass (as ``ProseSegment/appendVerbatim(utf16Units:documentLocation:)``
            // and ``ProseSegment/appendSubstituted(_:documentRange:)`` would make them).
            var units: [UInt16] = []
            units.reserveCapacity(range.length)
            var pieces: [ProseSegment.Piece] = []
            pieces.reserveCapacity(2 * lines.count)
            for (k, line) in lines.enumerated() {
                if k > 0 {
                    let previousEnd = lines[k - 1].end
                    pieces.append(ProseSegment.Piece(segmentRange: NSRange(location: units.count, length: 1),
                                                     documentRange: NSRange(location: previousEnd, length: line.start - previousEnd),
                                                     kind: .substituted))
                    units.append(10)
                }
                pieces.append(ProseSegment.Piece(segmentRange: NSRange(location: units.count, length: line.end - line.start),
                                                 documentRange: NSRange(location: line.start, length: line.end - line.start),
                                                 kind: .verbatim))
                units.append(contentsOf: u[line.start..<line.end])
            }
            segments.append(ProseSegment(blockRange: range, intent: intent, units: units, pieces: pieces))
            lines.removeAll(keepingCapacity: true)
        }
        var i = 0
        while i < n {
            // One line: [i, end), its break after.
            var end = i
            while end < n, u[end] != 10, u[end] != 13 { end += 1 }
            // The line's text without trailing blanks (cmark drops them before a break).
            var last = end
            while last > i, u[last - 1] == 32 || u[last - 1] == 9 { last -= 1 }
            if last == i {
                closeParagraph()
            } else {
                guard isPlain(u, i, last) else { return nil }
                lines.append((i, last))
            }
            i = end
            if i < n { i += u[i] == 13 && i + 1 < n && u[i + 1] == 10 ? 2 : 1 }
        }
        closeParagraph()
        return blocks.isEmpty ? nil : (blocks, segments)
    }

    /// True when the line `u[a..<e]` (not blank, no trailing blanks) means nothing to Markdown.
    private static func isPlain(_ u: [UInt16], _ a: Int, _ e: Int) -> Bool {
        switch u[a] {
        case 32, 9, 35, 62, 45, 43, 61: return false // space, tab, # > - + =
        case 48...57:
            var k = a
            while k < e, u[k] >= 48, u[k] <= 57 { k += 1 }
            if k < e, u[k] == 46 || u[k] == 41 { return false } // 1. 1)
        default: break
        }
        var k = a
        while k < e {
            let c = u[k]
            if c < 0x80 {
                switch c {
                case 9: break
                case 0..<32, 127: return false
                case 92, 96, 42, 95, 91, 93, 60, 38, 126, 124, 64: return false // \ ` * _ [ ] < & ~ | @
                case 58: // ://
                    if k + 2 < e, u[k + 1] == 47, u[k + 2] == 47 { return false }
                case 46: // www.
                    if k >= a + 3, u[k - 1] | 0x20 == 119, u[k - 2] | 0x20 == 119, u[k - 3] | 0x20 == 119 { return false }
                default: break
                }
            }
            k += 1
        }
        return true
    }
}
