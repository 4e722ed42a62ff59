import Foundation

/// The markup lines of the light markups read as plain text (Org, reStructuredText, AsciiDoc),
/// which are never prose: Org's keyword and block lines (`#+TITLE: …`, `#+OPTIONS: toc:nil`,
/// `#+BEGIN_CENTER`) with the content of its source and example blocks (`#+BEGIN_SRC` …
/// `#+END_SRC`), reStructuredText's directives and targets (`.. note::`, `.. _label: URL`), and
/// AsciiDoc's attribute entries (`:toc: left`). A plain text file has none of these shapes
/// at the start of a line, so they are looked for in every plain text.
enum MarkupDirectives {
    /// The protected ranges (reason ``ProtectionReason/markupDirective``) of `units`, each a
    /// whole line without its line break, or a whole source block.
    static func ranges(_ units: [UInt16]) -> [ProtectedRange] {
        // A quick exit: no line starts with “#+”, “.. ” or “:”.
        var out: [ProtectedRange] = []
        var lineStart = 0
        var openBlock: (start: Int, end: String)?
        while lineStart < units.count {
            var e = lineStart
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            let first = units[lineStart]
            if first == 0x23 || first == 0x2E || first == 0x3A || openBlock != nil {
                let line = String(decoding: units[lineStart..<e], as: UTF16.self)
                let upper = line.uppercased()
                if let block = openBlock {
                    if upper.trimmingCharacters(in: .whitespaces).hasPrefix(block.end) {
                        out.append(ProtectedRange(range: NSRange(location: block.start, length: e - block.start), reason: .markupDirective))
                        openBlock = nil
                    }
                } else if line.range(of: #"^#\+[A-Za-z][A-Za-z0-9_-]*(:|\s*$|\s)"#, options: .regularExpression) != nil {
                    if let m = upper.range(of: #"^#\+BEGIN_(SRC|EXAMPLE|EXPORT|COMMENT)"#, options: .regularExpression) {
                        openBlock = (lineStart, "#+END_" + upper[upper.index(upper.startIndex, offsetBy: 8)..<m.upperBound])
                    } else {
                        out.append(ProtectedRange(range: NSRange(location: lineStart, length: e - lineStart), reason: .markupDirective))
                    }
                } else if line.range(of: #"^\.\. ([A-Za-z][A-Za-z0-9_:+-]*::|_[^:]+:|\|[^|]+\| [A-Za-z-]+::)"#, options: .regularExpression) != nil
                            || line.range(of: #"^:[A-Za-z0-9_][A-Za-z0-9_-]*!?:(\s|$)"#, options: .regularExpression) != nil {
                    out.append(ProtectedRange(range: NSRange(location: lineStart, length: e - lineStart), reason: .markupDirective))
                }
            }
            if e >= units.count { break }
            lineStart = e + ((units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
        }
        // A block never closed: only its opening line is markup.
        if let block = openBlock {
            var e = block.start
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            out.append(ProtectedRange(range: NSRange(location: block.start, length: e - block.start), reason: .markupDirective))
        }
        return out
    }
}
