import Foundation

/// Small scanners over a document's UTF-16 code units, shared by the Markdown and plain-text
/// parsers. Every index is a UTF-16 offset into the units given; ranges are end-exclusive.
enum SourceScanning {
    static let backslash: UInt16 = 92
    static let backtick: UInt16 = 96
    static let lf: UInt16 = 10
    static let cr: UInt16 = 13

    static func isBlank(_ c: UInt16) -> Bool { c == 32 || c == 9 }
    static func isLineEnd(_ c: UInt16) -> Bool { c == lf || c == cr }
    static func isASCIIPunctuation(_ c: UInt16) -> Bool {
        (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
    }

    /// The end of the line containing `i` (before its line break), at most `limit`.
    static func lineEnd(_ u: [UInt16], _ i: Int, limit: Int) -> Int {
        var j = i
        while j < limit, !isLineEnd(u[j]) { j += 1 }
        return j
    }

    /// The start of the line after the line break at `i` (which must be a line break).
    static func afterLineBreak(_ u: [UInt16], _ i: Int, limit: Int) -> Int {
        guard i < limit else { return limit }
        if u[i] == cr, i + 1 < limit, u[i + 1] == lf { return i + 2 }
        return i + 1
    }

    /// Trims spaces, tabs and line breaks from the end of `r`.
    static func trimTrailingWhitespace(_ u: [UInt16], _ r: NSRange) -> NSRange {
        var e = min(r.location + r.length, u.count)
        let s = min(r.location, e)
        while e > s, isBlank(u[e - 1]) || isLineEnd(u[e - 1]) { e -= 1 }
        return NSRange(location: s, length: e - s)
    }

    /// Trims spaces and tabs from both ends of `r`.
    static func trimBlanks(_ u: [UInt16], _ r: NSRange) -> NSRange {
        var s = r.location, e = min(r.location + r.length, u.count)
        while s < e, isBlank(u[s]) { s += 1 }
        while e > s, isBlank(u[e - 1]) { e -= 1 }
        return NSRange(location: s, length: e - s)
    }

    /// The end (exclusive) of a backtick-delimited code span opening at `i`, or nil.
    static func codeSpanEnd(_ u: [UInt16], _ i: Int, limit: Int) -> Int? {
        var n = 0
        while i + n < limit, u[i + n] == backtick { n += 1 }
        guard n > 0 else { return nil }
        var k = i + n
        while k < limit {
            if u[k] == backtick {
                var m = 0
                while k + m < limit, u[k + m] == backtick { m += 1 }
                if m == n { return k + m }
                k += m
            } else {
                k += 1
            }
        }
        return nil
    }

    /// The index of the `]` closing the `[` at `i`, honouring nesting, backslash escapes and
    /// code spans; nil when there is none before `limit`.
    static func matchingBracket(_ u: [UInt16], _ i: Int, limit: Int) -> Int? {
        var depth = 0
        var k = i
        while k < limit {
            let c = u[k]
            if c == backslash { k += 2; continue }
            if c == backtick {
                if let end = codeSpanEnd(u, k, limit: limit) { k = end; continue }
                while k < limit, u[k] == backtick { k += 1 }
                continue
            }
            if c == 91 { depth += 1 } else if c == 93 {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }

    /// The index of the `)` closing a link destination and title opened by `(` at `i`:
    /// handles `<…>` destinations, balanced parentheses, quoted titles and escapes.
    static func matchingParen(_ u: [UInt16], _ i: Int, limit: Int) -> Int? {
        var depth = 0
        var k = i
        var previousBlank = true
        while k < limit {
            let c = u[k]
            if c == backslash { k += 2; previousBlank = false; continue }
            if c == 60, previousBlank, k > i, u[(i + 1)..<k].allSatisfy({ isBlank($0) || isLineEnd($0) }) {
                // `<destination>`
                var j = k + 1
                while j < limit, u[j] != 62, !isLineEnd(u[j]) { j += u[j] == backslash ? 2 : 1 }
                if j < limit, u[j] == 62 { k = j + 1; previousBlank = false; continue }
            }
            if (c == 34 || c == 39), previousBlank, depth == 1 {
                var j = k + 1
                while j < limit, u[j] != c { j += u[j] == backslash ? 2 : 1 }
                if j < limit { k = j + 1; previousBlank = false; continue }
            }
            if c == 40 { depth += 1 } else if c == 41 {
                depth -= 1
                if depth == 0 { return k }
            }
            previousBlank = isBlank(c) || isLineEnd(c)
            k += 1
        }
        return nil
    }

    // MARK: entities

    private static let namedEntities: [String: String] = [
        "nbsp": "\u{A0}", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "copy": "©",
        "reg": "®", "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "middot": "·",
        "bull": "•", "times": "×", "divide": "÷", "deg": "°", "plusmn": "±", "para": "¶", "sect": "§",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "shy": "\u{AD}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "rarr": "→",
        "larr": "←", "uarr": "↑", "darr": "↓", "harr": "↔", "check": "✓", "star": "☆", "hearts": "♥",
    ]

    /// An entity or numeric character reference at `i` (`&name;`, `&#123;`, `&#x1F600;`):
    /// its length in units and its decoded text when known (nil for an unknown name).
    static func entity(_ u: [UInt16], _ i: Int, limit: Int) -> (length: Int, decoded: String?)? {
        guard i < limit, u[i] == 38 else { return nil }
        var k = i + 1
        let maxEnd = min(limit, i + 34)
        while k < maxEnd, u[k] != 59 {
            let c = u[k]
            guard ProseDetectors.isASCIIAlnum(c) || c == 35 else { return nil }
            k += 1
        }
        guard k < maxEnd, k > i + 1 else { return nil }
        let body = String(decoding: u[(i + 1)..<k], as: UTF16.self)
        let length = k + 1 - i
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") { value = UInt32(digits.dropFirst(), radix: 16) }
            else { value = UInt32(digits, radix: 10) }
            guard let v = value else { return nil }
            let scalar = (v == 0 ? nil : Unicode.Scalar(v)) ?? "\u{FFFD}"
            return (length, String(Character(scalar)))
        }
        return (length, namedEntities[body])
    }

    // MARK: link reference definitions

    /// If a link reference definition (`[label]: destination "title"`) starts at `i` (after
    /// up to three spaces), the end of its last line (before the line break); else nil.
    /// Footnote definitions (`[^label]:`) are not link reference definitions.
    static func referenceDefinitionEnd(_ u: [UInt16], _ i: Int, limit: Int) -> Int? {
        var k = i
        while k < limit, isBlank(u[k]) { k += 1 }
        guard k + 1 < limit, u[k] == 91, u[k + 1] != 94 else { return nil }
        let eol = lineEnd(u, k, limit: limit)
        guard let close = matchingBracket(u, k, limit: eol), close > k + 1, close + 1 < eol, u[close + 1] == 58 else { return nil }
        // Destination on the same line?
        let rest = trimBlanks(u, NSRange(location: close + 2, length: eol - close - 2))
        var end = eol
        let hasTitle = rest.length > 0 && {
            let last = u[rest.location + rest.length - 1]
            return last == 34 || last == 39 || last == 41
        }() && rest.length > 1 && u[(rest.location)..<(rest.location + rest.length)].contains(where: isBlank)
        // A title alone on the next line.
        if !hasTitle, eol < limit {
            let next = afterLineBreak(u, eol, limit: limit)
            let nextEnd = lineEnd(u, next, limit: limit)
            let line = trimBlanks(u, NSRange(location: next, length: nextEnd - next))
            if line.length >= 2 {
                let first = u[line.location], last = u[line.location + line.length - 1]
                if (first == 34 && last == 34) || (first == 39 && last == 39) || (first == 40 && last == 41) {
                    end = nextEnd
                }
            }
            if rest.length == 0 {
                // Destination on the next line.
                if line.length > 0, u[line.location] != 91 { end = nextEnd }
            }
        }
        return end
    }

    // MARK: front matter

    /// YAML (`---` … `---` or `...`) or TOML (`+++` … `+++`) front matter at the very start of
    /// the text (after a byte-order mark, if any): the range from the opening fence to the end
    /// of the closing fence's line content.
    static func frontMatter(_ u: [UInt16]) -> NSRange? {
        let n = u.count
        var s = 0
        if n > 0, u[0] == 0xFEFF { s = 1 }
        func fenceLine(_ a: Int, _ e: Int) -> UInt16? {
            let t = trimBlanks(u, NSRange(location: a, length: e - a))
            guard t.location == a, t.length == 3 else { return nil }
            let c = u[a]
            guard (c == 45 || c == 43 || c == 46), u[a + 1] == c, u[a + 2] == c else { return nil }
            return c
        }
        let firstEnd = lineEnd(u, s, limit: n)
        guard let fence = fenceLine(s, firstEnd), fence != 46, firstEnd < n else { return nil }
        var lineStart = afterLineBreak(u, firstEnd, limit: n)
        while lineStart < n {
            let e = lineEnd(u, lineStart, limit: n)
            if let c = fenceLine(lineStart, e), c == fence || (fence == 45 && c == 46) {
                return NSRange(location: s, length: e - s)
            }
            if e >= n { break }
            lineStart = afterLineBreak(u, e, limit: n)
        }
        return nil
    }

    // MARK: vocabulary

    /// `code` with its comments blanked out: `#` and `//` and `--` line comments (at a line's
    /// start or after a space) and `/* … */` blocks. Comments are prose, so their words must not
    /// join the document's code vocabulary (a misspelling in a comment would excuse the same
    /// misspelling in prose).
    static func removingComments(_ code: String) -> String {
        var out = String.UnicodeScalarView()
        let s = Array(code.unicodeScalars)
        var i = 0
        var inBlock = false
        var inLine = false
        while i < s.count {
            let c = s[i]
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            let atWordStart = i == 0 || s[i - 1] == " " || s[i - 1] == "\t" || s[i - 1] == "\n"
            if inBlock {
                if c == "*" && next == "/" { inBlock = false; i += 2; out.append(" "); continue }
                out.append(c == "\n" ? "\n" : " ")
            } else if inLine {
                if c == "\n" { inLine = false; out.append(c) } else { out.append(" ") }
            } else if c == "/" && next == "*" {
                inBlock = true
                i += 2
                out.append(" ")
                continue
            } else if (c == "/" && next == "/") || (atWordStart && (c == "#" || (c == "-" && next == "-" && (i + 2 >= s.count || s[i + 2] == " ")))) {
                inLine = true
                out.append(" ")
            } else {
                out.append(c)
            }
            i += 1
        }
        return String(out)
    }

    /// Identifier-like words of `s`: runs of letters, digits and underscores with at least two
    /// letters.
    static func identifiers(in s: String, into set: inout Set<String>) {
        var current = String.UnicodeScalarView()
        var letters = 0
        func flush() {
            if letters >= 2 { set.insert(String(current)) }
            current = String.UnicodeScalarView()
            letters = 0
        }
        for scalar in s.unicodeScalars {
            if scalar.properties.isAlphabetic {
                current.append(scalar)
                letters += 1
            } else if scalar == "_" || scalar.properties.numericType != nil {
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
    }
}
