import Foundation
import Testing
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsLSP

/// An open document's line table is mended after each incremental change, not rebuilt
/// (``OpenDocument/mendedLineStarts(_:replacing:insertedCount:in:)``; a burst of edits to a
/// large document, issue 35): it must always be the table of the text as it is, whatever line
/// breaks the edits add, remove, join (a CR before an LF) or split.
@Suite("LSP: the line table mended after each change")
struct LineStartsMendTests {
    @Test func randomEditsWithEveryKindOfLineBreakKeepTheTableExact() {
        var rng = SplitMix64(seed: 53)
        let pieces = ["\n", "\r", "\r\n", "a", "bc", "é", "\n\n", "x\r", "\ry", ""]
        var doc = OpenDocument(uri: "file:///tmp/mend.txt", languageId: "plaintext", version: 1, text: "One\r\ntwo\rthree\n\nfour")
        var expected = Array(doc.text.utf16)
        for round in 0..<2_000 {
            // A range between two UTF-16 offsets, given as LSP positions (UTF-16).
            let count = expected.count
            let a = rng.int(count + 1), b = min(count, a + rng.int(4))
            let starts = DocumentParagraphs.lineStarts(expected)
            func position(_ offset: Int) -> Position {
                let line = (starts.lastIndex { $0 <= offset })!
                return Position(line: line, character: offset - starts[line])
            }
            var inserted = ""
            for _ in 0..<rng.int(3) { inserted += pieces[rng.int(pieces.count)] }
            // A position inside a CRLF pair is past the line's end: LSP clamps it to the end of
            // the line's text, as the server does; the expected text is edited the same way.
            let change = TextDocumentContentChangeEvent(range: Range(start: position(a), end: position(b)), text: inserted)
            #expect(doc.apply(change, encoding: .utf16) == nil)
            let (ca, cb) = (Self.clamped(a, starts, expected), Self.clamped(b, starts, expected))
            expected.replaceSubrange(ca..<max(ca, cb), with: Array(inserted.utf16))
            #expect(doc.units == expected, "round \(round)")
            let mended = doc.lineStarts()
            #expect(mended == DocumentParagraphs.lineStarts(doc.units), "round \(round): \(String(decoding: doc.units, as: UTF16.self).debugDescription)")
            if mended != DocumentParagraphs.lineStarts(doc.units) { return }
        }
    }

    /// `offset` moved back to its line's text end when it lies inside the line break (between
    /// a CR and its LF), as ``OpenDocument/offset(of:encoding:)`` clamps a character past the end.
    static func clamped(_ offset: Int, _ starts: [Int], _ units: [UInt16]) -> Int {
        let line = (starts.lastIndex { $0 <= offset })!
        var end = line + 1 < starts.count ? starts[line + 1] : units.count
        while end > starts[line] && (units[end - 1] == 10 || units[end - 1] == 13) { end -= 1 }
        return min(offset, end)
    }

    /// A full-text change replaces the table.
    @Test func aFullChangeRebuildsTheTable() {
        var doc = OpenDocument(uri: "file:///tmp/mend.txt", languageId: "plaintext", version: 1, text: "a\nb\nc")
        #expect(doc.lineStarts() == [0, 2, 4])
        #expect(doc.apply(TextDocumentContentChangeEvent(text: "x\r\ny"), encoding: .utf16) == nil)
        #expect(doc.lineStarts() == [0, 3])
    }
}
