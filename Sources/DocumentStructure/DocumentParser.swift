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
    public static func parse(_ text: String, markup: MarkupKind, hostProtectedRanges: [NSRange] = []) -> StructuredDocument {
        PlainTextParser.parse(text, hostProtected: hostProtectedRanges.map { ProtectedRange(range: $0, reason: .hostDeclared) })
    }
}

/// Plain text: blocks are paragraphs separated by blank lines.
enum PlainTextParser {
    static func parse(_ text: String, hostProtected: [ProtectedRange]) -> StructuredDocument {
        let units = Array(text.utf16)
        var blocks: [Block] = []
        var segments: [ProseSegment] = []
        var identity = 1
        var lineStart = 0
        var paraStart: Int?
        var paraEnd = 0
        func flush() {
            guard let s = paraStart else { return }
            let r = NSRange(location: s, length: paraEnd - s)
            let intent = PresentationIntent(.paragraph, identity: identity)
            identity += 1
            blocks.append(Block(range: r, intent: intent))
            var seg = ProseSegment(blockRange: r, intent: intent)
            seg.appendVerbatim(String(decoding: units[s..<paraEnd], as: UTF16.self), documentLocation: s)
            segments.append(seg)
            paraStart = nil
        }
        while lineStart <= units.count {
            var e = lineStart
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            let isBlank = units[lineStart..<e].allSatisfy { $0 == 32 || $0 == 9 }
            if isBlank { flush() } else {
                if paraStart == nil { paraStart = lineStart }
                paraEnd = e
            }
            if e >= units.count { break }
            lineStart = e + ((units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
        }
        flush()
        return StructuredDocument(text: text, markup: .plain, blocks: blocks, protectedRanges: hostProtected.sorted { $0.range.location < $1.range.location },
                                  proseSegments: segments, codeVocabulary: [])
    }
}
