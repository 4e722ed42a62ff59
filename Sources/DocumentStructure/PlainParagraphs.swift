import Foundation

/// Markdown that is nothing but plain paragraphs: lines of text separated by blank lines, with
/// no character that CommonMark or a GFM extension gives a meaning to. For such text the
/// events cmark-gfm would report are known without running it (one paragraph per run of
/// lines, each line a text node, soft breaks between them), so ``MarkdownParser`` builds the
/// document from them directly; most of the prose people write, and nearly every paragraph an
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
/// variants of them, that the document built from these events equals the one built from
/// cmark-gfm's.
enum PlainParagraphs {
    /// cmark-gfm's events for `u` (a document's UTF-16 units) when the text is plain
    /// paragraphs only; nil otherwise (and for text without any paragraph).
    static func events(_ u: [UInt16]) -> [MarkdownEvent]? {
        let n = u.count
        guard n > 0, u[0] != 0xFEFF else { return nil }
        var events: [MarkdownEvent] = [MarkdownEvent(isEnter: true, kind: .document, range: nil, literal: nil)]
        // The open paragraph: where it starts, and where its last line's text ends.
        var paragraphStart = -1
        var paragraphEnd = 0
        var texts: [MarkdownEvent] = []
        func closeParagraph() {
            guard paragraphStart >= 0 else { return }
            events.append(MarkdownEvent(isEnter: true, kind: .paragraph,
                                        range: NSRange(location: paragraphStart, length: paragraphEnd - paragraphStart), literal: nil))
            events.append(contentsOf: texts)
            events.append(MarkdownEvent(isEnter: false, kind: .paragraph, range: nil, literal: nil))
            texts.removeAll(keepingCapacity: true)
            paragraphStart = -1
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
                if paragraphStart < 0 {
                    paragraphStart = i
                } else {
                    texts.append(MarkdownEvent(isEnter: true, kind: .softBreak, range: nil, literal: nil))
                }
                texts.append(MarkdownEvent(isEnter: true, kind: .text, range: nil, literal: String(utf16Units: u[i..<last])))
                paragraphEnd = last
            }
            i = end
            if i < n { i += u[i] == 13 && i + 1 < n && u[i + 1] == 10 ? 2 : 1 }
        }
        closeParagraph()
        guard events.count > 1 else { return nil }
        events.append(MarkdownEvent(isEnter: false, kind: .document, range: nil, literal: nil))
        return events
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
