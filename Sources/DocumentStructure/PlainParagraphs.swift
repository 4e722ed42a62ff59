import Foundation
import TextModel

/// Markdown that is nothing but plain paragraphs and ATX headings: lines of text separated by
/// blank lines, with no character that CommonMark or a GFM extension gives a meaning to but a
/// heading's marker. For such text the document cmark-gfm's events would build is known
/// without running it (one paragraph per run of lines, each line a text node, soft breaks
/// between them; a heading per heading line), so ``MarkdownParser`` builds it directly; most
/// of the prose people write, and nearly every paragraph or heading an editor sends on its
/// own, is such text. Anything else goes through cmark-gfm.
///
/// The test is conservative: it refuses text that might mean something, rather than text
/// that does. A line may not start with a space or tab (indented code, lazy continuation),
/// `#` (unless it is a heading: one to six `#`, a space, and text without a `#`, which may be
/// a closing sequence), `>` (quote), `-`, `+` or `=` (list items, setext underlines, thematic breaks,
/// front matter), or digits followed by `.` or `)` (ordered lists); no line may contain
/// `\` `` ` `` `*` `_` `[` `]` `<` `&` `~` `|` `@` (escapes, code, emphasis, links, HTML,
/// entities, strikethrough, tables, e-mail autolinks), `://` or `www.` (URL autolinks), a NUL
/// or another control character but the tab, and the text may not start with a byte-order
/// mark. `DocumentStructureTests` checks, on every paragraph of the test documents and on
/// variants of them, that the document built this way equals the one built from cmark-gfm's
/// events.
enum PlainParagraphs {
    /// One line of an open paragraph: where it starts and where its text ends (without the
    /// trailing blanks), in UTF-8 bytes and in UTF-16 units of the document.
    private struct Line {
        var start8: Int, end8: Int
        var start16: Int, end16: Int
    }

    /// What ``build(_:)`` finds in plain text.
    struct Paragraphs {
        /// One paragraph block per run of non-blank lines, one heading block per heading line.
        var blocks: [Block]
        /// Each block's prose.
        var segments: [ProseSegment]
        /// What the prose detectors need to look at in each segment, found by the same scan:
        /// ``ProseDetectors/needs(_:)`` of the segment's text. (Its characters are all ASCII and
        /// never cross a line break, so the document's lines give what the segment's text, whose
        /// breaks are `"\n"`, would give.)
        var needs: [ProseDetectors.Needs]
        /// The text's length in UTF-16 units.
        var utf16Count: Int
    }

    /// The blocks and prose segments of `text` when it is plain paragraphs only, and the text's
    /// length in UTF-16 units; nil otherwise (and for text without any paragraph). They are
    /// what ``MarkdownParser``'s builder makes of cmark-gfm's events for such text: one
    /// paragraph block per run of non-blank lines (its range ends at its last non-blank
    /// character), each line's text verbatim in the segment, and each line break with the
    /// blanks before it one substituted `"\n"`; a heading line's block is the line, its
    /// segment the text after the marker.
    ///
    /// One pass over the UTF-8 bytes, counting UTF-16 offsets on the way: every character the
    /// test looks at is ASCII, so the text is never transcoded. A segment's text is a slice of
    /// `text` (when its line breaks are single LFs, as they nearly always are: the document
    /// itself for a paragraph alone) or its lines' slices joined by `"\n"`; slices of a string
    /// are copied without validating them again.
    static func build(_ text: String) -> Paragraphs? {
        var bytes = text
        return bytes.withUTF8 { u in classes.withUnsafeBufferPointer { table in build(text, utf8: u, classes: table) } }
    }

    /// ``build(_:)`` over `text`'s bytes `u`, with the ``classes`` table at hand.
    private static func build(_ text: String, utf8 u: UnsafeBufferPointer<UInt8>,
                              classes table: UnsafeBufferPointer<UInt8>) -> Paragraphs? {
        let n = u.count
        // A byte-order mark (EF BB BF) first is left to cmark-gfm.
        guard n > 0, !(n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) else { return nil }
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        var needs: [ProseDetectors.Needs] = []
        var lines: [Line] = []
        lines.reserveCapacity(16)
        // What the detectors need in the open paragraph.
        var paragraphNeeds = ProseDetectors.Needs()
        func isAlnum(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) }
        /// Ends the open paragraph, if any: its block, segment and detector needs recorded.
        func closeParagraph() {
            guard !lines.isEmpty else { return }
            let (block, segment) = paragraph(lines, identity: blocks.count + 1, text: text, utf8: u)
            blocks.append(block)
            segments.append(segment)
            needs.append(paragraphNeeds)
            paragraphNeeds = ProseDetectors.Needs()
            lines.removeAll(keepingCapacity: true)
        }
        let raw = UnsafeRawPointer(u.baseAddress!)
        var i = 0, i16 = 0
        while i < n {
            // An ATX heading's marker (one to six `#` and a space) starts a block of its own:
            // the open paragraph ends here.
            var hashes = 0
            if u[i] == 35 {
                while i + hashes < n, u[i + hashes] == 35 { hashes += 1 }
                guard hashes <= 6, i + hashes < n, u[i + hashes] == 32 else { return nil }
                closeParagraph()
            }
            // One line: [i, end), its break after.
            var end = i, end16 = i16
            // Where the next eight bytes may be tried at once: after a word that is not all
            // letters and spaces, its bytes are looked at one by one first.
            var nextWord = i
            scan: while end < n {
                if end >= nextWord, end + 8 <= n {
                    // Eight lowercase letters and spaces (about half of prose): nothing there is
                    // markup, a detector's or more than one UTF-16 unit (a byte looked at on its
                    // own reads whatever neighbours it needs itself).
                    if lowercaseAndSpaces(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))) {
                        end += 8
                        end16 += 8
                        continue
                    }
                    nextWord = end + 8
                }
                let b = u[end]
                switch table[Int(b)] {
                case Class.ordinary: end16 += 1
                case Class.continuation: break
                case Class.lead4: end16 += 2
                case Class.lineBreak: break scan
                case Class.capital:
                    if end > i, u[end - 1] >= 97, u[end - 1] <= 122 { paragraphNeeds.transitions += 1 }
                    end16 += 1
                case Class.digit:
                    paragraphNeeds.digits = true
                    end16 += 1
                case Class.colon: // “://” is markup; “mailto:” a URL scheme
                    if end + 2 < n, u[end + 1] == 47, u[end + 2] == 47 { return nil }
                    // An emoji shortcode's opening colon (`:tada:`).
                    if end + 1 < n, isAlnum(u[end + 1]) || u[end + 1] == 43 || u[end + 1] == 45 { paragraphNeeds.colonBeforeName = true }
                    if end >= i + 6, u[end - 6] | 0x20 == 109, u[end - 5] | 0x20 == 97, u[end - 4] | 0x20 == 105,
                       u[end - 3] | 0x20 == 108, u[end - 2] | 0x20 == 116, u[end - 1] | 0x20 == 111 { paragraphNeeds.scheme = true }
                    end16 += 1
                case Class.dot: // “www.” is markup; a letter or digit after, a file name's or version's
                    if end >= i + 3, u[end - 1] | 0x20 == 119, u[end - 2] | 0x20 == 119, u[end - 3] | 0x20 == 119 { return nil }
                    if end + 1 < n, isAlnum(u[end + 1]) { paragraphNeeds.dotBeforeAlnum = true }
                    end16 += 1
                case Class.hyphen:
                    if end + 1 < n, u[end + 1] == 45 { paragraphNeeds.doubleHyphen = true }
                    end16 += 1
                case Class.dollar:
                    paragraphNeeds.dollar = true
                    end16 += 1
                case Class.slash:
                    paragraphNeeds.slash = true
                    end16 += 1
                case Class.brace: // `{{` or `{%`, a template tag's
                    if end + 1 < n, u[end + 1] == 123 || u[end + 1] == 37 { paragraphNeeds.templateOpen = true }
                    end16 += 1
                default: return nil // Class.markup
                }
                end += 1
            }
            // The line's text without trailing blanks (cmark drops them before a break).
            var last = end
            while last > i, u[last - 1] == 32 || u[last - 1] == 9 { last -= 1 }
            if hashes > 0 {
                // The heading's text: after the marker and its blanks, up to the trailing
                // blanks; none (an empty heading) and a `#` in it (maybe a closing sequence)
                // are left to cmark-gfm.
                var start = i + hashes
                while start < last, u[start] == 32 || u[start] == 9 { start += 1 }
                guard start < last, memchr(raw + start, 35, last - start) == nil else { return nil }
                let line = Line(start8: i, end8: last, start16: i16, end16: end16 - (end - last))
                let (block, segment) = heading(line, level: hashes, textStart8: start, textStart16: i16 + (start - i),
                                               identity: blocks.count + 1, text: text)
                blocks.append(block)
                segments.append(segment)
                needs.append(paragraphNeeds)
                paragraphNeeds = ProseDetectors.Needs()
            } else if last == i {
                closeParagraph()
            } else {
                guard startsPlain(u, i, last) else { return nil }
                lines.append(Line(start8: i, end8: last, start16: i16, end16: end16 - (end - last)))
            }
            i = end
            i16 = end16
            if i < n {
                let step = u[i] == 13 && i + 1 < n && u[i + 1] == 10 ? 2 : 1
                i += step
                i16 += step
            }
        }
        closeParagraph()
        return blocks.isEmpty ? nil : Paragraphs(blocks: blocks, segments: segments, needs: needs, utf16Count: i16)
    }

    /// The block and prose segment of the ATX heading of level `level` on `line` of `text`,
    /// whose own text starts at byte `textStart8` (UTF-16 `textStart16`): as cmark-gfm's
    /// events make them, the block the whole line, the prose its text, verbatim.
    private static func heading(_ line: Line, level: Int, textStart8: Int, textStart16: Int, identity: Int,
                                text: String) -> (Block, ProseSegment) {
        let range = NSRange(location: line.start16, length: line.end16 - line.start16)
        let intent = PresentationIntent(.header(level: level), identity: identity, nestedInside: nil)
        let length = line.end16 - textStart16
        let piece = ProseSegment.Piece(segmentRange: NSRange(location: 0, length: length),
                                       documentRange: NSRange(location: textStart16, length: length), kind: .verbatim)
        let view = text.utf8
        let prose = String(Substring(view[view.index(view.startIndex, offsetBy: textStart8)..<view.index(view.startIndex, offsetBy: line.end8)]))
        return (Block(range: range, intent: intent),
                ProseSegment(blockRange: range, intent: intent, text: prose, utf16Count: length, pieces: [piece]))
    }

    /// The block and prose segment of the paragraph of `lines` (not empty) of `text`, whose
    /// bytes are `u`.
    private static func paragraph(_ lines: [Line], identity: Int, text: String,
                                  utf8 u: UnsafeBufferPointer<UInt8>) -> (Block, ProseSegment) {
        let first = lines[0], last = lines[lines.count - 1]
        let range = NSRange(location: first.start16, length: last.end16 - first.start16)
        let intent = PresentationIntent(.paragraph, identity: identity, nestedInside: nil)
        // The pieces as ``ProseSegment/appendVerbatim(utf16Units:documentLocation:)`` and
        // ``ProseSegment/appendSubstituted(_:documentRange:)`` would make them.
        var pieces: [ProseSegment.Piece] = []
        pieces.reserveCapacity(2 * lines.count - 1)
        var length = 0
        var contiguous = true
        for k in lines.indices {
            let line = lines[k]
            if k > 0 {
                let previous = lines[k - 1]
                pieces.append(ProseSegment.Piece(segmentRange: NSRange(location: length, length: 1),
                                                 documentRange: NSRange(location: previous.end16, length: line.start16 - previous.end16),
                                                 kind: .substituted))
                length += 1
                if line.start8 != previous.end8 + 1 || u[previous.end8] != 10 { contiguous = false }
            }
            pieces.append(ProseSegment.Piece(segmentRange: NSRange(location: length, length: line.end16 - line.start16),
                                             documentRange: NSRange(location: line.start16, length: line.end16 - line.start16),
                                             kind: .verbatim))
            length += line.end16 - line.start16
        }
        let view = text.utf8
        func slice(_ a: Int, _ b: Int) -> Substring {
            Substring(view[view.index(view.startIndex, offsetBy: a)..<view.index(view.startIndex, offsetBy: b)])
        }
        let prose: String
        if contiguous {
            prose = String(slice(first.start8, last.end8))
        } else {
            var joined = ""
            joined.reserveCapacity(last.end8 - first.start8)
            for (k, line) in lines.enumerated() {
                if k > 0 { joined.append("\n") }
                joined.append(contentsOf: slice(line.start8, line.end8))
            }
            prose = joined
        }
        return (Block(range: range, intent: intent), ProseSegment(blockRange: range, intent: intent, text: prose, utf16Count: length, pieces: pieces))
    }

    /// What a UTF-8 byte means to the scan of ``build(_:)``: to the Markdown test, to the
    /// UTF-16 count and to the prose detectors (``ProseDetectors/Needs``; `@`, `\` and `_`,
    /// which some detectors look for, are markup here).
    private enum Class {
        /// An ASCII character that means nothing (letters, digits, blanks, most punctuation),
        /// or the lead byte of a character of two or three bytes: one UTF-16 unit.
        static let ordinary: UInt8 = 0
        /// A continuation byte: no UTF-16 unit of its own.
        static let continuation: UInt8 = 1
        /// The lead byte of a four-byte character: two UTF-16 units (a surrogate pair).
        static let lead4: UInt8 = 2
        /// LF or CR.
        static let lineBreak: UInt8 = 3
        /// `:`, markup when `//` follows (a URL autolink); a URL scheme's after `mailto`.
        static let colon: UInt8 = 4
        /// `.`, markup after `www` (a URL autolink); a file name's or version's before a letter
        /// or digit.
        static let dot: UInt8 = 5
        /// `A`…`Z`, a camel-case identifier's after a lowercase letter.
        static let capital: UInt8 = 7
        /// `0`…`9`, a version's.
        static let digit: UInt8 = 8
        /// `-`, a command-line option's when another follows.
        static let hyphen: UInt8 = 9
        /// `$`, math's.
        static let dollar: UInt8 = 10
        /// `/`, a path's.
        static let slash: UInt8 = 11
        /// `{`, a template tag's before `{` or `%`.
        static let brace: UInt8 = 12
        /// Markup anywhere in a line: `\` `` ` `` `*` `_` `[` `]` `<` `&` `~` `|` `@` (escapes,
        /// code, emphasis, links, HTML, entities, strikethrough, tables, e-mail autolinks), a
        /// control character but the tab, DEL.
        static let markup: UInt8 = 6
    }

    /// ``Class`` of every byte value.
    private static let classes: [UInt8] = (0..<256).map { (b: Int) -> UInt8 in
        switch b {
        case 10, 13: return Class.lineBreak
        case 9: return Class.ordinary
        case 0..<32, 127: return Class.markup
        case 92, 96, 42, 95, 91, 93, 60, 38, 126, 124, 64: return Class.markup // \ ` * _ [ ] < & ~ | @
        case 58: return Class.colon
        case 46: return Class.dot
        case 65...90: return Class.capital
        case 48...57: return Class.digit
        case 45: return Class.hyphen
        case 36: return Class.dollar
        case 47: return Class.slash
        case 123: return Class.brace
        default:
            // Beyond ASCII, the UTF-16 units a byte stands for (TextModel's rule): none for a
            // continuation byte, two for a four-byte sequence's lead.
            switch UTF8Scalars.utf16Units(byte: UInt8(b)) {
            case 0: return Class.continuation
            case 2: return Class.lead4
            default: return Class.ordinary
            }
        }
    }

    /// True when each of the eight bytes of `w` is a lowercase ASCII letter or a space. On
    /// ASCII bytes (high bit clear), adding `0x80 - c` to every byte sets a byte's high bit
    /// exactly when it is `c` or more, without a carry into the next byte.
    @inline(__always)
    private static func lowercaseAndSpaces(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        guard w & highs == 0 else { return false }
        let atLeastA = (w &+ ones &* (0x80 - 0x61)) & highs      // ≥ "a"
        let pastZ = (w &+ ones &* (0x80 - 0x7B)) & highs         // ≥ "{", after "z"
        let notSpace = ((w ^ (ones &* 0x20)) &+ ones &* 0x7F) & highs // a byte other than " "
        return (atLeastA & ~pastZ) | (~notSpace & highs) == highs
    }

    /// True when the start of the line `u[a..<e]` (UTF-8; not blank, no trailing blanks) means
    /// nothing to Markdown: not a space or tab (indented code, lazy continuation), `#`, `>`,
    /// `-`, `+`, `=` or digits followed by `.` or `)`. (The rest of the line was checked by
    /// the scan.)
    private static func startsPlain(_ u: UnsafeBufferPointer<UInt8>, _ a: Int, _ e: Int) -> Bool {
        switch u[a] {
        case 32, 9, 35, 62, 45, 43, 61: return false // space, tab, # > - + =
        case 48...57:
            var k = a
            while k < e, u[k] >= 48, u[k] <= 57 { k += 1 }
            if k < e, u[k] == 46 || u[k] == 41 { return false } // 1. 1)
        default: break
        }
        return true
    }
}
