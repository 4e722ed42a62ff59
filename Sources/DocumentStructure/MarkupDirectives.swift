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

/// The code of reStructuredText read as plain text, and Python's interactive sessions in any
/// text: the content of a code directive (`.. code-block:: python`, `.. code::`, `.. doctest::`,
/// `.. math::`, `.. raw:: html` and the like: the lines after it that are blank or indented more
/// than it), a literal block (the lines indented more than a paragraph whose last line ends with
/// `::`, after a blank line), and a doctest block (from a line starting with `>>>` followed by
/// Python code to the next blank line: its `...` continuations and its output). An e-mail quoted
/// three deep (`>>> I agree`) is no doctest: its text is not code. A Markdown code block fenced
/// with backticks or tildes (a plain-text file written in Markdown) is code; a line of tildes
/// right under a line of text underlines a heading and opens nothing. And a hexdump's line, as
/// xxd(1) and `od` print it (`000000c: 7567 7573 7420 3139  ugust 1996"`: an offset, groups of
/// hex digits, the bytes as text), whose text column cuts words anywhere.
enum PlainTextCode {
    /// The directives whose content is code or data, never prose.
    static let codeDirectives: Set<String> = [
        "code-block", "code", "sourcecode", "doctest", "testcode", "testsetup", "testcleanup", "testoutput",
        "ipython", "jupyter-execute", "math", "raw", "productionlist", "graphviz", "graph", "digraph", "uml",
        "mermaid", "literalinclude", "highlight", "prompt", "parsed-literal",
    ]

    /// One line: its UTF-16 range (no line break), its indentation (a tab to the next multiple
    /// of 8) and whether it is blank.
    struct Line {
        var start: Int
        var end: Int
        var indent: Int
        var blank: Bool
    }

    /// The lines of `units`.
    static func lines(_ units: [UInt16]) -> [Line] {
        var out: [Line] = []
        var s = 0
        while s <= units.count {
            var e = s
            while e < units.count, units[e] != 10, units[e] != 13 { e += 1 }
            var k = s, indent = 0
            while k < e, units[k] == 32 || units[k] == 9 { indent = units[k] == 9 ? (indent / 8 + 1) * 8 : indent + 1; k += 1 }
            out.append(Line(start: s, end: e, indent: indent, blank: k == e))
            if e >= units.count { break }
            s = e + ((units[e] == 13 && e + 1 < units.count && units[e + 1] == 10) ? 2 : 1)
        }
        return out
    }

    /// Whether the text of a `>>>` line (after the prompt) is Python: a statement keyword, a call,
    /// an assignment, an indexed or dotted name, or nothing.
    static func isPython(_ code: Substring) -> Bool {
        let c = code.trimmingCharacters(in: .whitespaces)
        if c.isEmpty { return true }
        return c.range(of: #"^(import [A-Za-z_][\w.]*|from [\w.]+ import|print\b|(def|class) [A-Za-z_]\w*|(for|while|if|elif|else|with|try|except|finally|async)\b.*:$|(del|assert|raise|return|yield|await|pass)\b)"#, options: .regularExpression) != nil
            || c.range(of: #"[A-Za-z_][A-Za-z0-9_.]*\("#, options: .regularExpression) != nil
            || c.range(of: #"^[A-Za-z_][A-Za-z0-9_.,\[\] ]*[-+*/]?=[^=]"#, options: .regularExpression) != nil
            || c.range(of: #"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])+\S*$"#, options: .regularExpression) != nil
            || c.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil
    }

    /// The text of line `l` from its first non-blank character.
    static func text(_ units: [UInt16], _ l: Line) -> Substring {
        var k = l.start
        while k < l.end, units[k] == 32 || units[k] == 9 { k += 1 }
        return Substring(String(decoding: units[k..<l.end], as: UTF16.self))
    }

    /// The fence a line opens a Markdown code block with, as a plain-text file written in Markdown
    /// has them (a package's PKG-INFO or METADATA, a README without an extension): three or more
    /// backticks or tildes, then an info string without a backtick (```` ```shell ````). Nil for any
    /// other line.
    static func fenceOpening(_ t: Substring) -> (mark: Character, count: Int)? {
        guard let first = t.first, first == "`" || first == "~" else { return nil }
        let count = t.prefix(while: { $0 == first }).count
        guard count >= 3 else { return nil }
        if first == "`", t.dropFirst(count).contains("`") { return nil }
        return (first, count)
    }

    /// The line after `i` that closes a fence opened with `fence`: the same mark at least as many
    /// times and nothing else. Nil when no line closes it (then nothing is taken for code).
    static func closingFence(_ all: [Line], _ units: [UInt16], after i: Int, fence: (mark: Character, count: Int)) -> Int? {
        var j = i + 1
        while j < all.count {
            if !all[j].blank {
                let t = text(units, all[j]).trimmingCharacters(in: .whitespaces)
                if t.count >= fence.count, t.allSatisfy({ $0 == fence.mark }) { return j }
            }
            j += 1
        }
        return nil
    }

    /// True when `t` (a line from its first non-blank character) is a hexdump's line: an offset of
    /// four or more hex digits (a colon after it allowed), then two or more groups of hex digits
    /// of even length.
    static func isHexdumpLine(_ t: Substring) -> Bool {
        t.range(of: #"^[0-9a-fA-F]{4,}:?( +[0-9a-fA-F]{2}([0-9a-fA-F]{2})*){2,}( |$)"#, options: .regularExpression) != nil
    }

    /// The protected ranges of `units`: code directives with their content (reason
    /// ``ProtectionReason/markupDirective``), literal and doctest blocks and hexdump lines
    /// (``ProtectionReason/indentedCode``).
    /// - Parameter literalBlocks: whether code directives and literal blocks are looked for
    ///   (plain text, which reStructuredText is read as) or doctest blocks only (Markdown).
    static func ranges(_ units: [UInt16], literalBlocks: Bool = true) -> [ProtectedRange] {
        // A quick exit: no “::”, no “>>>” and no hex digit before a colon or a space.
        var hasMarks = false
        for i in units.indices.dropFirst(2) where (units[i] == 0x3A && units[i - 1] == 0x3A) || (units[i] == 0x3E && units[i - 1] == 0x3E && units[i - 2] == 0x3E)
            || (literalBlocks && (units[i] == 0x60 || units[i] == 0x7E) && units[i - 1] == units[i] && units[i - 2] == units[i])
            || (literalBlocks && (units[i] == 0x3A || units[i] == 32) && ProseDetectors.isDigit(units[i - 1]) && ProseDetectors.isDigit(units[i - 2])) {
            hasMarks = true
            break
        }
        guard hasMarks else { return [] }
        let all = lines(units)
        var out: [ProtectedRange] = []
        /// The last non-blank line after `i` indented more than `indent`, before a line that is not.
        func bodyEnd(after i: Int, indent: Int) -> Int? {
            var j = i + 1, last: Int?
            while j < all.count, all[j].blank || all[j].indent > indent {
                if !all[j].blank { last = j }
                j += 1
            }
            return last
        }
        var i = 0
        while i < all.count {
            let l = all[i]
            if l.blank { i += 1; continue }
            // Only a line starting with “.”, “>” or a hex digit, or ending with a colon, can be one.
            var f = l.start, z = l.end
            while units[f] == 32 || units[f] == 9 { f += 1 }
            while units[z - 1] == 32 || units[z - 1] == 9 { z -= 1 }
            let c = units[f]
            guard c == 0x2E || c == 0x3E || c == 0x60 || c == 0x7E || ProseDetectors.isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) || units[z - 1] == 0x3A else {
                i += 1
                continue
            }
            let t = text(units, l)
            // (A line of tildes right under a line of text underlines a heading: no fence.)
            if literalBlocks, let fence = fenceOpening(t), fence.mark == "`" || i == 0 || all[i - 1].blank,
               let close = closingFence(all, units, after: i, fence: fence) {
                out.append(ProtectedRange(range: NSRange(location: l.start, length: all[close].end - l.start), reason: .indentedCode))
                i = close + 1
                continue
            }
            if literalBlocks, t.hasPrefix(".. ") {
                if let m = t.range(of: #"^\.\. ([A-Za-z][A-Za-z0-9_:+-]*?)::"#, options: .regularExpression) {
                    let name = String(t[t.index(t.startIndex, offsetBy: 3)..<t.index(m.upperBound, offsetBy: -2)]).lowercased()
                    let bare = name.split(separator: ":").last.map(String.init) ?? name
                    if codeDirectives.contains(bare) {
                        let last = bodyEnd(after: i, indent: l.indent) ?? i
                        out.append(ProtectedRange(range: NSRange(location: l.start, length: all[last].end - l.start), reason: .markupDirective))
                        i = last + 1
                        continue
                    }
                }
            } else if t.hasPrefix(">>>"), t.count == 3 || t.dropFirst(3).first == " ", isPython(t.dropFirst(3)) {
                var j = i
                while j + 1 < all.count, !all[j + 1].blank { j += 1 }
                out.append(ProtectedRange(range: NSRange(location: l.start, length: all[j].end - l.start), reason: .indentedCode))
                i = j + 1
                continue
            } else if literalBlocks, isHexdumpLine(t) {
                out.append(ProtectedRange(range: NSRange(location: l.start, length: l.end - l.start), reason: .indentedCode))
            } else if literalBlocks, t.trimmingCharacters(in: .whitespaces).hasSuffix("::") {
                // A literal block: a blank line, then lines indented more than this paragraph.
                if i + 1 < all.count, all[i + 1].blank, let last = bodyEnd(after: i, indent: l.indent) {
                    var first = i + 1
                    while all[first].blank { first += 1 }
                    out.append(ProtectedRange(range: NSRange(location: all[first].start, length: all[last].end - all[first].start), reason: .indentedCode))
                    i = last + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }
}
