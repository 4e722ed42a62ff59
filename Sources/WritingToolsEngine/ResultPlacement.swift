import Foundation

/// Where a host puts a Summary or Key Points result it inserts into the text (the language
/// server's `writing-tools.runTool`, docs/editors.md): after the selection, as a paragraph of
/// its own, so never inside a paragraph (a selection that ends within one puts the result after
/// that paragraph) and never inside or after a message's closing (its sign-off, “Best,”, and the
/// lines of the name under it, or a `-- ` signature): when the selection reaches into the
/// closing, the result goes before it. A trial's e-mail, selected up to the start of its last
/// line, got its summary between “Best,” and the name.
public enum ResultPlacement {
    /// The text to insert and where (a UTF-16 offset of `text`): `result` with the line breaks
    /// (`lineBreak`) that make it a paragraph of its own there.
    public static func insertion(of result: String, in text: String, after selection: NSRange,
                                 lineBreak: String = "\n") -> (location: Int, text: String) {
        let u = Array(text.utf16)
        var body = result
        while let last = body.last, last.isNewline { body.removeLast() }
        func isBreak(_ k: Int) -> Bool { u[k] == 0x0A || u[k] == 0x0D }
        func lineStart(_ k: Int) -> Int { var s = k; while s > 0, !isBreak(s - 1) { s -= 1 }; return s }
        func lineEnd(_ k: Int) -> Int { var e = k; while e < u.count, !isBreak(e) { e += 1 }; return e }
        func nextLine(_ e: Int) -> Int { var n = e; if n < u.count, u[n] == 0x0D { n += 1 }; if n < u.count, u[n] == 0x0A { n += 1 }; return n }
        func isBlank(_ s: Int) -> Bool { (s..<lineEnd(s)).allSatisfy { u[$0] == 0x20 || u[$0] == 0x09 } }
        /// The start of the line before the line break that ends at `k` (`k` a line's start).
        func previousLineStart(_ k: Int) -> Int {
            var q = k - 1
            if u[q] == 0x0A, q > 0, u[q - 1] == 0x0D { q -= 1 }
            return lineStart(q)
        }
        var p = min(max(0, NSMaxRange(selection)), u.count)
        // Not inside a paragraph: mid-line, or at the start of a line that continues the one
        // before, the result goes after the paragraph's last line.
        let midLine = p > 0 && !isBreak(p - 1) && p < u.count && !isBreak(p)
        let splits = p > 0 && p < u.count && lineStart(p) == p && !isBlank(p) && !isBlank(previousLineStart(p))
        if midLine || splits {
            p = lineEnd(p)
            while p < u.count {
                let n = nextLine(p)
                guard n < u.count, !isBlank(n) else { break }
                p = lineEnd(n)
            }
        }
        // Not inside or after a message's closing that the selection reaches into.
        if let closing = closingStart(u), closing > selection.location, p > closing { p = closing }
        // The line breaks around it: a blank line before and after, none doubled.
        let atLineStart = p == 0 || isBreak(p - 1)
        var before = "", after = ""
        if !atLineStart {
            before = lineBreak + lineBreak
            after = p == u.count ? lineBreak : ""
        } else {
            if p > 0, !isBlank(previousLineStart(p)) { before = lineBreak }
            after = p < u.count && !isBlank(p) ? lineBreak + lineBreak : lineBreak
        }
        return (p, before + body + after)
    }

    /// The UTF-16 offset of the line that opens a message's closing: a `-- ` signature line, or
    /// a sign-off (“Best,”, “Kind regards”, “Thanks,”, “Cheers”) after a blank line, followed by
    /// at most five short lines (a name, a role, a telephone number) to the end of the text.
    static func closingStart(_ u: [UInt16]) -> Int? {
        let text = String(decoding: u, as: UTF16.self)
        var lines: [(start: Int, text: String)] = []
        var s = 0
        for (k, c) in u.enumerated() where c == 0x0A {
            lines.append((s, String(decoding: u[s..<k], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)))
            s = k + 1
        }
        if s < u.count { lines.append((s, String(decoding: u[s...], as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines))) }
        guard !text.isEmpty else { return nil }
        var end = lines.count
        while end > 0, lines[end - 1].text.isEmpty { end -= 1 }
        for k in stride(from: end - 1, through: max(0, end - 7), by: -1) {
            let line = lines[k].text
            let signature = line == "--"
            let signOff = line.count <= 40 && line.range(of: DocumentDigest.signOff, options: [.regularExpression, .caseInsensitive]) != nil
            guard signature || signOff, k > 0, lines[k - 1].text.isEmpty || signature else { continue }
            let tail = lines[(k + 1)..<end]
            if tail.count <= 5, tail.allSatisfy({ $0.text.count <= 60 && !$0.text.hasSuffix(".") || $0.text.count <= 30 }) { return lines[k].start }
        }
        return nil
    }
}
