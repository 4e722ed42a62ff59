import Foundation
import WritingTools

/// Renders findings like a compiler's diagnostics.
struct TextRenderer {
    var color: Bool

    private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    func render(_ s: ProofreadingSuggestion, in input: InputText, text: String, converter: OffsetConverter) -> String {
        let start = converter.position(fromUTF16: s.range.location, encoding: .utf32)
        let lineRange = converter.lineRange(start.line)
        let category = s.category.rawValue.lowercased().replacingOccurrences(of: "_", with: "-")
        var out = paint("\(input.displayName):\(start.line + 1):\(start.character + 1):", "1") + " "
        out += paint("\(category):", s.category == .typos || s.category == .grammar ? "1;31" : "1;33")
        out += " \(s.message) " + paint("[\(s.ruleID)]", "2") + "\n"
        // The line, then a caret under the span (display columns: wide characters take two).
        // A long line is clipped to a window around the span, cut out of the text directly, so
        // that a one-line document of megabytes is neither printed nor copied once per finding.
        let lineStart = lineRange.location, lineEnd = lineRange.location + lineRange.length
        let spanStart = max(lineStart, min(s.range.location, lineEnd))
        let spanEnd = max(spanStart, min(s.range.location + s.range.length, lineEnd))
        let window = 60
        var a = lineStart, b = lineEnd
        var prefix = "", suffix = ""
        if lineRange.length > 2 * window + 40 {
            // A span longer than the window (a pasted run of letters) is shown by its start.
            let clippedEnd = min(spanEnd, spanStart + 2 * window)
            a = max(lineStart, text.scalarBoundary(nearUTF16: spanStart - window, backward: true))
            b = min(lineEnd, text.scalarBoundary(nearUTF16: clippedEnd + window, backward: false))
            if a > lineStart { prefix = "…" }
            if b < lineEnd { suffix = "…" }
        }
        // Control characters of the text are shown as “�” (one column, one UTF-16 unit, so the
        // caret stays aligned): an escape sequence in a file must not reach the terminal (a new
        // user's `\e[31m` recoloured it).
        let shown = prefix + Self.visible((text.substring(utf16Range: NSRange(location: a, length: b - a)) ?? "").replacingOccurrences(of: "\t", with: " ")) + suffix
        let startInLine = spanStart - a + prefix.utf16.count
        let endInLine = min(spanEnd, b) - a + prefix.utf16.count
        let before = shown.substring(utf16Range: NSRange(location: 0, length: max(0, startInLine))) ?? ""
        let span = shown.substring(utf16Range: NSRange(location: max(0, startInLine), length: max(0, endInLine - startInLine))) ?? ""
        out += "    " + shown + "\n"
        let caretWidth = max(1, Self.displayWidth(span))
        out += "    " + String(repeating: " ", count: Self.displayWidth(before))
            + paint("^" + String(repeating: "~", count: caretWidth - 1), "1;32") + "\n"
        if !s.replacements.isEmpty {
            let shownReplacements = s.replacements.prefix(3).map { $0.isEmpty ? "(remove)" : "“\($0)”" }
            out += "    " + paint("suggestion\(shownReplacements.count == 1 ? "" : "s"): ", "2") + shownReplacements.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// `s` with every C0 and C1 control character (and DEL) replaced by U+FFFD.
    static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return s }
        return String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\u{FFFD}" : $0 }))
    }

    /// Terminal columns of `s`: East Asian wide characters and emoji count two, combining marks,
    /// zero-width joiners and variation selectors zero.
    static func displayWidth(_ s: String) -> Int {
        var width = 0
        for c in s {
            guard let first = c.unicodeScalars.first else { continue }
            let v = first.value
            if c.unicodeScalars.count > 1 && first.properties.isEmojiPresentation || first.properties.isEmojiPresentation {
                width += 2
            } else if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                        || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                        || (0xFFE0...0xFFE6).contains(v) || (0x20000...0x3FFFD).contains(v) {
                width += 2
            } else if first.properties.generalCategory == .nonspacingMark || v == 0x200D || (0xFE00...0xFE0F).contains(v) {
                continue
            } else {
                width += 1
            }
        }
        return width
    }
}

/// Renders findings as JSON with LanguageTool's field names (`/v2/check` response shape), on
/// one line, keys in sorted order.
///
/// Written with ``JSONLineWriter`` straight into a byte buffer: `JSONSerialization` took seconds
/// and hundreds of megabytes for a report of tens of thousands of findings; the text is the same
/// as `JSONSerialization` writes with `.sortedKeys` and `.withoutEscapingSlashes`.
enum JSONRenderer {
    /// Writes one match in the report's shape (``LanguageToolFormat/writeMatch(_:units:sentence:reportedRange:options:to:)``
    /// with the default options: our rule ids). `units` is the UTF-16 of the checked text.
    static func writeMatch(_ s: ProofreadingSuggestion, units: [UInt16], to out: inout JSONLineWriter) {
        LanguageToolFormat.writeMatch(s, units: units, to: &out)
    }

    /// One checked file of a report: the input, the markup it was read as, its language tag
    /// (`en-GB`) and its findings.
    typealias File = (input: InputText, markup: DocumentMarkup, language: String, report: ProofreadingReport)

    /// The report: `{"files":[…],"software":{"name":"writing-tools","version":…}}`, one entry
    /// per checked file and one per input that could not be read (with the reason, so that no
    /// file silently disappears from the report), in command-line order: an unreadable input's
    /// `position` is the number of `files` named before it.
    static func render(files: [File], unreadable: [(path: String, error: String, position: Int)] = []) -> String {
        let findings = files.reduce(0) { $0 + $1.report.suggestions.count }
        var out = JSONLineWriter(capacity: 256 + 512 * findings)
        out.raw("{\"files\":[")
        var first = true
        var failed = unreadable.makeIterator()
        var nextFailure = failed.next()
        func writeFailures(before position: Int) {
            while let f = nextFailure, f.position <= position {
                out.raw(first ? "{\"error\":" : ",{\"error\":")
                first = false
                out.string(f.error)
                out.raw(",\"matches\":[],\"path\":")
                out.string(f.path)
                out.raw("}")
                nextFailure = failed.next()
            }
        }
        for (index, (input, markup, language, report)) in files.enumerated() {
            writeFailures(before: index)
            out.raw(first ? "{\"language\":{\"code\":" : ",{\"language\":{\"code\":")
            first = false
            out.string(language)
            out.raw("},\"markup\":")
            out.string(markup.rawValue)
            out.raw(",\"matches\":[")
            let units = Array(report.text.utf16)
            for (k, s) in report.suggestions.enumerated() {
                if k > 0 { out.raw(",") }
                writeMatch(s, units: units, to: &out)
            }
            out.raw("],\"path\":")
            out.string(input.displayName)
            out.raw("}")
        }
        writeFailures(before: Int.max)
        out.raw("],\"software\":{\"name\":\"writing-tools\",\"version\":")
        out.string(HelpText.version.split(separator: " ").last.map(String.init) ?? "")
        out.raw("}}")
        return out.text
    }
}
