import Foundation
import WritingTools

/// Splits a document into the paragraphs checked (and cached) one by one.
///
/// A paragraph ends at a blank line, except inside a fenced code block (```` ``` ```` or `~~~`),
/// a `$$` math block or front matter (Markdown), and except when the next line is indented (a
/// list item's continuation or indented code stays with what precedes it). Ranges are UTF-16,
/// without the trailing line break.
enum Paragraphs {
    /// A paragraph: its UTF-16 range and the zero-based line it starts on (at character 0).
    struct Span: Equatable, Sendable {
        var location: Int
        var length: Int
        var line: Int
        var end: Int { location + length }
        var range: NSRange { NSRange(location: location, length: length) }
    }

    /// The paragraph ranges of `units` (the text's UTF-16 code units).
    static func split(_ units: [UInt16], markdown: Bool) -> [NSRange] { spans(units, markdown: markdown).map(\.range) }

    /// The paragraphs of `units` (the text's UTF-16 code units), in order.
    static func spans(_ units: [UInt16], markdown: Bool) -> [Span] {
        var result: [Span] = []
        var lineStart = 0
        var paraStart: Int? = nil
        var paraLine = 0
        var paraEnd = 0
        var fence: (char: UInt16, count: Int)? = nil
        var inMath = false
        var inFrontMatter = false
        var lineIndex = 0
        let n = units.count
        let nl: UInt16 = 10, cr: UInt16 = 13, space: UInt16 = 32, tab: UInt16 = 9
        var pendingBlank = false
        while lineStart <= n {
            var lineEnd = lineStart
            while lineEnd < n && units[lineEnd] != nl && units[lineEnd] != cr { lineEnd += 1 }
            var next = lineEnd
            if next < n { next += (units[next] == cr && next + 1 < n && units[next + 1] == nl) ? 2 : 1 } else { next = n + 1 }
            // Classify the line.
            var i = lineStart
            while i < lineEnd && (units[i] == space || units[i] == tab) { i += 1 }
            let indent = i - lineStart
            let blank = i == lineEnd
            var inBlock = fence != nil || inMath || inFrontMatter
            if markdown {
                if lineIndex == 0 && lineEnd - lineStart == 3 && units[lineStart..<lineEnd].allSatisfy({ $0 == 45 }) {
                    inFrontMatter = true; inBlock = true
                } else if inFrontMatter {
                    let t = units[lineStart..<lineEnd]
                    if t.count == 3 && (t.allSatisfy({ $0 == 45 }) || t.allSatisfy({ $0 == 46 })) { inFrontMatter = false }
                } else if indent < 4 && !blank {
                    let c = units[i]
                    if c == 96 || c == 126 { // ` or ~
                        var k = i
                        while k < lineEnd && units[k] == c { k += 1 }
                        let count = k - i
                        if count >= 3 {
                            if let f = fence {
                                if f.char == c && count >= f.count && units[k..<lineEnd].allSatisfy({ $0 == space || $0 == tab }) { fence = nil }
                            } else {
                                fence = (c, count); inBlock = true
                            }
                        }
                    } else if c == 36 && i + 1 < lineEnd && units[i + 1] == 36 && fence == nil { // $$
                        let rest = units[(i + 2)..<lineEnd]
                        if rest.contains(where: { $0 == 36 }) == false || inMath { inMath.toggle(); inBlock = true }
                    }
                }
            }
            if blank && !inBlock {
                pendingBlank = true
            } else {
                if pendingBlank, let s = paraStart, !(indent >= 1 && !blank && markdown) {
                    result.append(Span(location: s, length: paraEnd - s, line: paraLine))
                    paraStart = nil
                }
                pendingBlank = false
                if paraStart == nil { paraStart = lineStart; paraLine = lineIndex }
                paraEnd = lineEnd
            }
            lineIndex += 1
            lineStart = next
        }
        if let s = paraStart { result.append(Span(location: s, length: paraEnd - s, line: paraLine)) }
        return result
    }

    /// UTF-16 offsets where each line starts (lines end at LF, CR or CRLF, as in LSP 3.17).
    static func lineStarts(_ units: [UInt16]) -> [Int] {
        var starts = [0]
        var i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            if u == 10 { starts.append(i + 1) } else if u == 13 {
                if i + 1 < n && units[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }
}
