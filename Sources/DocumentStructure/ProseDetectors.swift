import Foundation
import TextModel

/// Finds spans inside prose that must be protected although the markup does not mark them:
/// math, bare URLs, e-mail addresses, file paths, long command-line options, code identifiers, emoji
/// shortcodes and template tags. Works on UTF-16 code units; returned
/// ranges are UTF-16, end-exclusive, relative to the units given, sorted and disjoint.
enum ProseDetectors {
    /// A detected span.
    struct Span: Equatable {
        var range: NSRange
        var reason: ProtectionReason
    }

    /// Which detectors can find anything in a text: what ``needs(_:)`` saw in one pass. Every
    /// detector's span has a character most prose lacks (URLs a scheme's `://`, `mailto:` or
    /// “www.”; e-mail addresses and mentions an `@`; Windows paths a `\`; paths a `/`; file
    /// names and versions a `.` before a letter or digit; options `--`; identifiers an `_` or
    /// two lower-to-upper transitions; math a `$`; emoji shortcodes a `:` before a name; template
    /// tags `{{` or `{%`), so text without any skips them all.
    struct Needs: Equatable {
        var dollar = false, scheme = false, at = false, backslash = false, slash = false
        var dotBeforeAlnum = false, doubleHyphen = false, digits = false, underscore = false
        /// A `:` before a letter, a digit, `+` or `-` (an emoji shortcode's opening colon).
        var colonBeforeName = false
        /// `{{` or `{%` (a template tag).
        var templateOpen = false
        /// `<` before a letter (a metavariable: `<pathspec>`).
        var angleBeforeLetter = false
        /// `{` before a letter (a placeholder: `{buf}`).
        var braceBeforeLetter = false
        var transitions = 0

        /// True when some detector may find a span.
        var any: Bool {
            dollar || scheme || at || backslash || slash || dotBeforeAlnum || doubleHyphen || underscore || transitions >= 2
                || colonBeforeName || templateOpen || angleBeforeLetter || braceBeforeLetter
        }
    }

    /// What a byte or unit below 128 may start (``needs(_:)``): 0 nothing, else the character
    /// itself, for the characters a detector looks for, and 1 for the digits and capitals.
    private static let triggers: [UInt8] = (0..<128).map { (c: Int) -> UInt8 in
        switch c {
        case 36, 45, 46, 47, 58, 60, 64, 92, 95, 123: return UInt8(c)
        case 48...57, 65...90: return 1
        default: return 0
        }
    }

    /// The ``Needs`` of a text in UTF-16 units or UTF-8 bytes: every character it looks at is
    /// ASCII, and an ASCII character is one unit in both (a unit or byte from 128 up is part
    /// of another character), so both give the same answer.
    static func needs<Unit: FixedWidthInteger & UnsignedInteger>(_ u: UnsafeBufferPointer<Unit>) -> Needs {
        var needs = Needs()
        let n = u.count
        triggers.withUnsafeBufferPointer { table in
            func isLower(_ x: Unit) -> Bool { x >= 97 && x <= 122 }
            func isAlnum(_ x: Unit) -> Bool { x < 128 && isASCIIAlnum(UInt16(x)) }
            func isW(_ x: Unit) -> Bool { x | 0x20 == 119 }
            for k in 0..<n {
                let c = u[k]
                guard c < 128 else { continue }
                let t = table[Int(c)]
                if t == 0 { continue }
                switch t {
                case 1:
                    if c <= 57 { needs.digits = true } else if k > 0, isLower(u[k - 1]) { needs.transitions += 1 }
                case 46: // '.'
                    if k + 1 < n, isAlnum(u[k + 1]) { needs.dotBeforeAlnum = true }
                    if k >= 3, isW(u[k - 1]), isW(u[k - 2]), isW(u[k - 3]) { needs.scheme = true } // www.
                case 58: // ':' of “://” or “mailto:”, or an emoji shortcode's
                    if k + 2 < n, u[k + 1] == 47, u[k + 2] == 47 { needs.scheme = true }
                    if k + 1 < n, isAlnum(u[k + 1]) || u[k + 1] == 43 || u[k + 1] == 45 { needs.colonBeforeName = true }
                    if k >= 6, u[k - 6] | 0x20 == 109, u[k - 5] | 0x20 == 97, u[k - 4] | 0x20 == 105, u[k - 3] | 0x20 == 108,
                       u[k - 2] | 0x20 == 116, u[k - 1] | 0x20 == 111 { needs.scheme = true }
                case 45: if k + 1 < n, u[k + 1] == 45 { needs.doubleHyphen = true } // "--"
                case 36: needs.dollar = true
                case 64: needs.at = true
                case 92: needs.backslash = true
                case 123: // "{{", "{%"; "{a"
                    if k + 1 < n, u[k + 1] == 123 || u[k + 1] == 37 { needs.templateOpen = true }
                    if k + 1 < n, u[k + 1] < 128, isASCIILetter(UInt16(u[k + 1])) { needs.braceBeforeLetter = true }
                case 47: needs.slash = true
                case 60: if k + 1 < n, u[k + 1] < 128, isASCIILetter(UInt16(u[k + 1])) { needs.angleBeforeLetter = true } // "<a"
                default: needs.underscore = true // 95
                }
            }
        }
        return needs
    }

    /// All spans in `u`. `isLiteral(i)` tells whether unit `i` may take part in syntax (false
    /// for characters that came from escapes such as `\$`); nil means every unit may.
    static func detect(_ u: [UInt16], isLiteral: ((Int) -> Bool)? = nil) -> [Span] {
        detect(u, needs: u.withUnsafeBufferPointer { needs($0) }, isLiteral: isLiteral)
    }

    /// ``detect(_:isLiteral:)`` with `u`'s ``needs(_:)`` already known.
    static func detect(_ u: [UInt16], needs: Needs, isLiteral: ((Int) -> Bool)? = nil) -> [Span] {
        // Nothing any detector needs (most prose): no span, nothing to allocate.
        guard needs.any else { return [] }
        var spans = needs.dollar ? math(u, isLiteral: isLiteral) : []
        var taken = [Bool](repeating: false, count: u.count)
        func mark(_ s: [Span]) {
            for x in s where !overlaps(x.range, spans) {
                spans.append(x)
                for k in x.range.location..<(x.range.location + x.range.length) { taken[k] = true }
            }
        }
        for x in spans { for k in x.range.location..<(x.range.location + x.range.length) { taken[k] = true } }
        // Each detector runs only on text with its characters (``Needs``). Template tags and
        // shortcodes first: they hold file names and identifiers (`{% include a.html %}`,
        // `:white_check_mark:`) that are theirs.
        if needs.templateOpen { mark(templateTags(u, taken: taken)) }
        if needs.colonBeforeName { mark(emojiShortcodes(u, taken: taken)) }
        if needs.scheme { mark(urls(u, taken: taken)) }
        if needs.at { mark(emails(u, taken: taken)) }
        if needs.backslash { mark(windowsPaths(u, taken: taken)) }
        if needs.slash { mark(paths(u, taken: taken)) }
        if needs.dotBeforeAlnum { mark(fileNames(u, taken: taken)) }
        if needs.dotBeforeAlnum { mark(dottedIdentifiers(u, taken: taken)) }
        if needs.doubleHyphen { mark(options(u, taken: taken)) }
        if needs.at { mark(mentions(u, taken: taken)) }
        if needs.dotBeforeAlnum && needs.digits { mark(versions(u, taken: taken)) }
        if needs.underscore || needs.transitions >= 2 { mark(identifiers(u, taken: taken)) }
        if needs.angleBeforeLetter { mark(metavariables(u, taken: taken)) }
        if needs.braceBeforeLetter { mark(bracePlaceholders(u, taken: taken)) }
        return spans.sorted { $0.range.location < $1.range.location }
    }

    private static func overlaps(_ r: NSRange, _ spans: [Span]) -> Bool {
        spans.contains { $0.range.location < r.location + r.length && r.location < $0.range.location + $0.range.length }
    }

    // MARK: character classes

    static func isSpace(_ c: UInt16) -> Bool {
        c == 32 || c == 9 || c == 10 || c == 13 || c == 0xA0 || c == 0x3000 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F
    }
    static func isASCIIAlnum(_ c: UInt16) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
    }
    static func isASCIILetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
    static func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    static func isASCIILowercase(_ c: UInt16) -> Bool { c >= 97 && c <= 122 }
    /// Letters and digits, ASCII or not (any non-ASCII unit that is not space or punctuation
    /// we know of counts as a word character).
    static func isWordUnit(_ c: UInt16) -> Bool {
        if c < 128 { return isASCIIAlnum(c) || c == 95 }
        return !isSpace(c) && c != 0xFFFC && !(c >= 0x2010 && c <= 0x206F) && !(c >= 0x3000 && c <= 0x303F) && !(c >= 0xFF00 && c <= 0xFF0F)
    }

    private static func hasPrefix(_ u: [UInt16], _ i: Int, _ p: String) -> Bool {
        var k = i
        for c in p.utf16 {
            guard k < u.count else { return false }
            var x = u[k]
            if x >= 65 && x <= 90 { x += 32 }
            if x != c { return false }
            k += 1
        }
        return true
    }

    // MARK: math

    /// `$$…$$` (may span lines) and `$…$` (one line; no space after the opening `$` or before
    /// the closing one; the closing `$` not followed by a digit, so "$5 and $10" is prose).
    static func math(_ u: [UInt16], isLiteral: ((Int) -> Bool)?) -> [Span] {
        let dollar: UInt16 = 36
        var out: [Span] = []
        let n = u.count
        func lit(_ i: Int) -> Bool { isLiteral?(i) ?? true }
        func escaped(_ i: Int) -> Bool { i > 0 && u[i - 1] == 92 }
        var i = 0
        while i < n {
            guard u[i] == dollar, lit(i), !escaped(i) else { i += 1; continue }
            if i + 1 < n, u[i + 1] == dollar, lit(i + 1) {
                // Display math: find the next `$$`.
                var j = i + 2
                var found = -1
                while j + 1 < n {
                    if u[j] == dollar, u[j + 1] == dollar, lit(j), !escaped(j) { found = j; break }
                    j += 1
                }
                if found > i + 2 {
                    out.append(Span(range: NSRange(location: i, length: found + 2 - i), reason: .math))
                    i = found + 2
                    continue
                }
                i += 2
                continue
            }
            // Inline math.
            guard i + 1 < n, !isSpace(u[i + 1]), u[i + 1] != dollar else { i += 1; continue }
            if i > 0, isASCIIAlnum(u[i - 1]) { i += 1; continue }
            // A shell variable inside a path (`/proc/$pid/cmdline`) opens no math, nor closes it.
            if i > 0, u[i - 1] == 47 { i += 1; continue }
            var j = i + 1
            var found = -1
            while j < n, u[j] != 10, u[j] != 13 {
                if u[j] == dollar, lit(j), !escaped(j) {
                    if !isSpace(u[j - 1]), u[j - 1] != 47, !(j + 1 < n && isDigit(u[j + 1])) { found = j }
                    break
                }
                j += 1
            }
            if found > i + 1 {
                out.append(Span(range: NSRange(location: i, length: found + 1 - i), reason: .math))
                i = found + 1
            } else {
                i += 1
            }
        }
        return out
    }

    // MARK: URLs

    /// URL schemes (each three to six letters and a ':' or '.', which ``urls(_:taken:)`` relies on).
    private static let schemes = ["https://", "http://", "ftp://", "ftps://", "file://", "ssh://", "git://", "sftp://", "mailto:", "www."]

    /// Brackets and quotes that open or close a URL's text in man pages and typography:
    /// `⟨…⟩` (groff's `.UR`), `«…»`, `‹…›`.
    static func isTypographicBracket(_ c: UInt16) -> Bool {
        c == 0x27E8 || c == 0x27E9 || c == 0xAB || c == 0xBB || c == 0x2039 || c == 0x203A
    }

    private static func isURLUnit(_ c: UInt16) -> Bool {
        if isSpace(c) || c == 0xFFFC || isTypographicBracket(c) { return false }
        switch c {
        case 60, 62, 34, 96, 123, 125, 124, 94: return false // < > " ` { } | ^
        default: return c >= 33
        }
    }

    /// Trims trailing punctuation that ends a sentence or closes an unbalanced bracket.
    private static func trimURLEnd(_ u: [UInt16], _ s: Int, _ e: Int) -> Int {
        var end = e
        while end > s {
            let c = u[end - 1]
            if [46, 44, 58, 59, 33, 63, 39, 42, 95, 126].contains(c) { end -= 1; continue } // . , : ; ! ? ' * _ ~
            if c == 41 || c == 93 {
                let open: UInt16 = c == 41 ? 40 : 91
                var depth = 0
                for k in s..<end { if u[k] == open { depth += 1 } else if u[k] == c { depth -= 1 } }
                if depth < 0 { end -= 1; continue }
            }
            break
        }
        return end
    }

    static func urls(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i < n {
            let c = u[i]
            guard !taken[i], c == 104 || c == 72 || c == 102 || c == 70 || c == 119 || c == 87 || c == 115 || c == 83 || c == 103 || c == 71 || c == 109 || c == 77,
                  i == 0 || !isWordUnit(u[i - 1]) || isTypographicBracket(u[i - 1]) else { i += 1; continue }
            // Every scheme is three to six letters and a ':' or '.': a word followed by anything
            // else (most words) is no URL, without comparing it with each scheme.
            var k = i + 1
            while k < n, k - i < 7, isASCIILetter(u[k]) { k += 1 }
            guard k < n, k - i >= 3, k - i <= 6, u[k] == 58 || u[k] == 46 else { i += 1; continue }
            guard let scheme = schemes.first(where: { hasPrefix(u, i, $0) }) else { i += 1; continue }
            var j = i + scheme.utf16.count
            while j < n, isURLUnit(u[j]), !taken[j] { j += 1 }
            let end = trimURLEnd(u, i, j)
            let bodyStart = i + scheme.utf16.count
            // Needs a host-like body: for "www." a dot after it; for the others one word unit.
            let body = end > bodyStart ? Array(u[bodyStart..<end]) : []
            let ok = scheme == "www." ? body.contains(46) && body.contains(where: isASCIIAlnum) : body.contains(where: isWordUnit)
            if ok, scheme != "mailto:" || body.contains(64) {
                out.append(Span(range: NSRange(location: i, length: end - i), reason: .url))
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    // MARK: e-mail

    private static func isLocalUnit(_ c: UInt16) -> Bool {
        isASCIIAlnum(c) || c == 46 || c == 95 || c == 37 || c == 43 || c == 45
    }
    private static func isDomainUnit(_ c: UInt16) -> Bool { isASCIIAlnum(c) || c == 46 || c == 45 }

    /// `local@domain.tld` with ASCII parts and a top-level domain of two letters or more.
    static func emails(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var lastEnd = 0
        var i = 0
        while i < n {
            guard u[i] == 64, !taken[i] else { i += 1; continue }
            var s = i
            while s > lastEnd, isLocalUnit(u[s - 1]), !taken[s - 1] { s -= 1 }
            while s < i, u[s] == 46 { s += 1 }
            var e = i + 1
            while e < n, isDomainUnit(u[e]), !taken[e] { e += 1 }
            while e > i + 1, u[e - 1] == 46 || u[e - 1] == 45 { e -= 1 }
            // Top-level domain: letters after the last dot, at least two.
            var lastDot = -1
            for k in (i + 1)..<max(i + 1, e) where u[k] == 46 { lastDot = k }
            let tldOK = lastDot > i + 1 && e - lastDot - 1 >= 2 && (lastDot + 1..<e).allSatisfy { isASCIILetter(u[$0]) }
            if s < i, tldOK {
                out.append(Span(range: NSRange(location: s, length: e - s), reason: .emailAddress))
                lastEnd = e
                i = e
            } else {
                i += 1
            }
        }
        return out
    }

    // MARK: command-line options and identifiers

    /// `--name` or `--name=value`, after a space, a bracket or a quote.
    static func options(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 2 < n {
            guard u[i] == 45, u[i + 1] == 45, isASCIILetter(u[i + 2]), !taken[i],
                  i == 0 || isSpace(u[i - 1]) || [40, 91, 34, 39, 0xFFFC].contains(u[i - 1]) else { i += 1; continue }
            var j = i + 2
            while j < n, isASCIIAlnum(u[j]) || u[j] == 45 || u[j] == 95, !taken[j] { j += 1 }
            if j < n, u[j] == 61 {
                j += 1
                while j < n, !isSpace(u[j]), u[j] != 0xFFFC, u[j] != 41, u[j] != 34, u[j] != 39, !taken[j] { j += 1 }
            }
            let end = trimURLEnd(u, i, j)
            out.append(Span(range: NSRange(location: i, length: end - i), reason: .commandLineOption))
            i = max(end, i + 1)
        }
        return out
    }

    /// A metavariable: `<`, an ASCII letter, then letters, digits, `-`, `_`, `.` or single
    /// spaces between words (`<pathspec>`, `<new-branch>`, `<key id>`), up to 40 units on one
    /// line, and `>`; after the start, a space, a bracket, a quote, `=`, `,`, `|` or `.` (`gitcvs.<varname>`), and before the end,
    /// a space, punctuation or `.`/`…` (`[<pathspec>...]`, `--file=<file>`). Not `a<b>c`, nor
    /// a comparison (`if a < b and c > d`: a space after `<`).
    static func metavariables(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 2 < n {
            guard u[i] == 60, isASCIILetter(u[i + 1]), !taken[i],
                  i == 0 || isSpace(u[i - 1]) || [40, 91, 123, 34, 39, 61, 44, 46, 124, 0xFFFC, 0x2018, 0x201C].contains(u[i - 1]) else { i += 1; continue }
            var j = i + 1
            while j < n, j - i <= 40, !taken[j],
                  isASCIIAlnum(u[j]) || u[j] == 45 || u[j] == 95 || u[j] == 46 || (u[j] == 32 && j + 1 < n && isASCIIAlnum(u[j + 1]) && u[j - 1] != 32) { j += 1 }
            guard j < n, u[j] == 62, !taken[j] else { i += 1; continue }
            let end = j + 1
            guard end == n || !isASCIIAlnum(u[end]) else { i += 1; continue }
            out.append(Span(range: NSRange(location: i, length: end - i), reason: .metavariable))
            i = end
        }
        return out
    }

    /// A placeholder in braces, as Neovim's help, API references and format strings write an
    /// argument or a value to fill in (`{buf}`, `{changedtick}`, `{linenr} + 1`): `{`, an ASCII
    /// letter, then letters, digits, `_` or `-` (30 units at most), and `}`; after the start, a
    /// space, a bracket, a quote, `=`, `,` or `.`, and not followed by a letter or a digit. Not
    /// `{{` (a template tag) nor a group of words (`{a b}`).
    static func bracePlaceholders(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 2 < n {
            guard u[i] == 123, isASCIILetter(u[i + 1]), !taken[i],
                  i == 0 || isSpace(u[i - 1]) || [40, 91, 34, 39, 61, 44, 46, 0x2018, 0x201C].contains(u[i - 1]) else { i += 1; continue }
            var j = i + 1
            while j < n, j - i <= 31, !taken[j], isASCIIAlnum(u[j]) || u[j] == 45 || u[j] == 95 { j += 1 }
            guard j < n, u[j] == 125, !taken[j] else { i += 1; continue }
            let end = j + 1
            guard end == n || !isASCIIAlnum(u[end]) else { i += 1; continue }
            out.append(Span(range: NSRange(location: i, length: end - i), reason: .metavariable))
            i = end
        }
        return out
    }

    /// `@name`, `@name.surname`, `@org/team` after a space, a bracket or the start.
    static func mentions(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 1 < n {
            guard u[i] == 64, !taken[i], isASCIIAlnum(u[i + 1]) || u[i + 1] == 95,
                  i == 0 || isSpace(u[i - 1]) || [40, 91, 34, 39, 0xFFFC].contains(u[i - 1]) else { i += 1; continue }
            var j = i + 1
            while j < n, isASCIIAlnum(u[j]) || [95, 45, 46, 47].contains(u[j]), !taken[j] { j += 1 }
            while j > i + 1, [46, 45, 47].contains(u[j - 1]) { j -= 1 } // a sentence's final period
            out.append(Span(range: NSRange(location: i, length: j - i), reason: .mention))
            i = j
        }
        return out
    }

    /// Emoji shortcodes (`:tada:`, `:+1:`, `:white_check_mark:`): a colon, 1–40 lowercase
    /// letters, digits, `_`, `+` or `-`, a colon; after a space or an opening bracket or quote
    /// and before a space, closing punctuation or another shortcode (`10:30:45`, `a:b:c`,
    /// `std::vector`, a URL's `/:id:/` are no shortcodes), the name not all digits.
    static func emojiShortcodes(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        func isNameUnit(_ c: UInt16) -> Bool { (c >= 97 && c <= 122) || isDigit(c) || c == 95 || c == 43 || c == 45 }
        var i = 0
        while i + 2 < n {
            // After a space or an opening bracket or quote only (not inside a URL's path).
            let afterShortcode = out.last.map { $0.range.location + $0.range.length == i } ?? false
            guard u[i] == 58, !taken[i], i == 0 || afterShortcode || isSpace(u[i - 1]) || [40, 91, 34, 39, 0x201C, 0x2018, 0xFFFC, 62].contains(u[i - 1])
            else { i += 1; continue }
            var j = i + 1
            var allDigits = true
            while j < n, j - i <= 41, isNameUnit(u[j]), !taken[j] {
                if !isDigit(u[j]) { allDigits = false }
                j += 1
            }
            // Before a space, closing punctuation or another shortcode (`:+1::tada:`).
            guard j < n, j > i + 1, j - i <= 41, u[j] == 58, !taken[j], !allDigits,
                  j + 1 == n || isSpace(u[j + 1]) || [46, 44, 59, 33, 63, 41, 93, 34, 39, 0x201D, 0x2019, 0xFFFC, 60, 58].contains(u[j + 1])
            else { i += 1; continue }
            out.append(Span(range: NSRange(location: i, length: j + 1 - i), reason: .emojiShortcode))
            i = j + 1
        }
        return out
    }

    /// Template tags on one line: `{{ … }}` and `{% … %}` (Liquid, Hugo, Jinja, Handlebars),
    /// braces included; an unclosed tag is left as prose.
    static func templateTags(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 3 < n {
            guard u[i] == 123, u[i + 1] == 123 || u[i + 1] == 37, !taken[i] else { i += 1; continue }
            let close: UInt16 = u[i + 1] == 123 ? 125 : 37  // `}}` or `%}`
            var j = i + 2
            var end = -1
            while j + 1 < n, u[j] != 10, u[j] != 13 {
                if u[j] == close, u[j + 1] == 125 { end = j + 2; break }
                j += 1
            }
            guard end > 0, !(i..<end).contains(where: { taken[$0] }) else { i += 2; continue }
            out.append(Span(range: NSRange(location: i, length: end - i), reason: .templateTag))
            i = end
        }
        return out
    }

    /// Version numbers: an optional `v`, two or more dot-separated numbers, and an optional
    /// `-pre.release` / `+build` suffix (`v2.3.1-rc.2`, `1.0.0+20130313`).
    static func versions(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i < n {
            let startsV = (u[i] == 118 || u[i] == 86) && i + 1 < n && isDigit(u[i + 1])
            guard startsV || isDigit(u[i]), !taken[i], i == 0 || !(isWordUnit(u[i - 1]) || u[i - 1] == 46) else { i += 1; continue }
            var j = startsV ? i + 1 : i
            var groups = 0
            while j < n, isDigit(u[j]) {
                while j < n, isDigit(u[j]) { j += 1 }
                groups += 1
                if j + 1 < n, u[j] == 46, isDigit(u[j + 1]) { j += 1 } else { break }
            }
            var suffix = false
            if groups >= 2, j + 1 < n, u[j] == 45 || u[j] == 43, isASCIIAlnum(u[j + 1]) {
                j += 1
                while j < n, isASCIIAlnum(u[j]) || [45, 46, 43].contains(u[j]), !taken[j] { j += 1 }
                while [46, 45, 43].contains(u[j - 1]) { j -= 1 }
                suffix = true
            }
            // Plain decimals (3.14) are numbers, not versions: need a v, three groups or a suffix.
            if groups >= 2, startsV || groups >= 3 || suffix, j >= n || !isWordUnit(u[j]) {
                out.append(Span(range: NSRange(location: i, length: j - i), reason: .versionNumber))
            }
            i = max(j, i + 1)
        }
        return out
    }

    /// Words that can only be code: an underscore between alphanumerics, or camel case with
    /// two lower-to-upper transitions or more.
    static func identifiers(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i < n {
            guard isASCIIAlnum(u[i]) || u[i] == 95, !taken[i], i == 0 || !isWordUnit(u[i - 1]) else { i += 1; continue }
            var j = i
            while j < n, isASCIIAlnum(u[j]) || u[j] == 95, !taken[j] { j += 1 }
            if j < n, isWordUnit(u[j]) { i = j; continue } // glued to non-ASCII letters: not an identifier
            var underscore = false, transitions = 0, letters = 0
            for k in i..<j {
                if isASCIILetter(u[k]) { letters += 1 }
                if u[k] == 95, k > i, k + 1 < j, isASCIIAlnum(u[k - 1]), isASCIIAlnum(u[k + 1]) { underscore = true }
                if k > i, u[k] >= 65, u[k] <= 90, u[k - 1] >= 97, u[k - 1] <= 122 { transitions += 1 }
            }
            if letters >= 2, underscore || transitions >= 2 {
                out.append(Span(range: NSRange(location: i, length: j - i), reason: .codeIdentifier))
            }
            i = j
        }
        return out
    }

    /// A dotted name of code written in prose: three identifiers or more joined by dots
    /// (`os.path.expanduser`, `sys.stdout.write`), or two followed by a call's parenthesis
    /// (`np.array(`) or whose second starts in lowercase (`sys.path`, `json.loads`,
    /// `Config.validate`, a bare domain: `lichess.org`), each starting with a letter or an
    /// underscore, at least two of them two characters long or more (so not `e.g.x`, `U.S.A`).
    /// Two words with a capital after the dot (`end.Then`) stay prose: a missing space is a slip
    /// to report.
    static func dottedIdentifiers(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        func isIdentifierUnit(_ c: UInt16) -> Bool { isASCIIAlnum(c) || c == 95 }
        var i = 0
        while i < n {
            // (Not a mention's name: `@ines.harrow`.)
            guard isASCIILetter(u[i]) || u[i] == 95, !taken[i], i == 0 || !(isWordUnit(u[i - 1]) || u[i - 1] == 46 || u[i - 1] == 95 || u[i - 1] == 64) else { i += 1; continue }
            var parts = 0, longParts = 0
            var secondStartsLowercase = false
            var j = i
            while true {
                // One identifier…
                let start = j
                while j < n, isIdentifierUnit(u[j]), !taken[j] { j += 1 }
                parts += 1
                if j - start >= 2 { longParts += 1 }
                if parts == 2 { secondStartsLowercase = u[start] == 95 || (u[start] >= 97 && u[start] <= 122) }
                // …then a dot and the next one's first character, or the end.
                guard j + 1 < n, u[j] == 46, isASCIILetter(u[j + 1]) || u[j + 1] == 95, !taken[j], !taken[j + 1] else { break }
                j += 1
            }
            if j < n, isWordUnit(u[j]) || u[j] == 64 { i = j; continue } // glued to non-ASCII letters or an e-mail's @: not code
            let call = j < n && u[j] == 40
            if longParts >= 2, parts >= 3 || parts == 2 && (call || secondStartsLowercase) {
                out.append(Span(range: NSRange(location: i, length: j - i), reason: .codeIdentifier))
            }
            i = j
        }
        return out
    }

    // MARK: file paths

    private static func isPathUnit(_ c: UInt16) -> Bool {
        if c >= 128 { return isWordUnit(c) }
        return isASCIIAlnum(c) || c == 95 || c == 45 || c == 46 || c == 47 || c == 126 || c == 43 || c == 64 || c == 37 || c == 61
    }

    /// A token with a slash and either a leading `./`, `../`, `~/` or `/`, or a file extension
    /// on its last component, or two slashes or more; it must contain a letter. So
    /// `./build/testbed`, `~/.bashrc`, `deno2/README.md`, `/usr/share/x` and `src/main.swift`
    /// are paths; `and/or`, `input/output` and `12/31/2024` are not.
    static func paths(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i < n {
            guard isPathUnit(u[i]), !taken[i] else { i += 1; continue }
            var j = i
            // A port after a host (“localhost:8080/api”): `:` between a letter or digit and a
            // digit, before any slash (“src/x.c:143” is a path and a line number).
            var slash = false
            // A shell variable as a component (`/proc/$pid/cmdline`, `~/.config/${app}/x`): `$`
            // after a slash before a name or a brace, and the brace's pair.
            var brace = false
            func isVariableUnit(_ j: Int) -> Bool {
                switch u[j] {
                case 36: return j > i && u[j - 1] == 47 && j + 1 < n && (isASCIILetter(u[j + 1]) || u[j + 1] == 95 || u[j + 1] == 123)
                case 123: if j > i, u[j - 1] == 36 { brace = true; return true }; return false
                case 125: if brace { brace = false; return true }; return false
                default: return false
                }
            }
            while j < n, isPathUnit(u[j]) || !slash && u[j] == 58 && j > i && j + 1 < n && isDigit(u[j + 1]) && isASCIIAlnum(u[j - 1])
                    || isVariableUnit(j), !taken[j] {
                if u[j] == 47 { slash = true }
                j += 1
            }
            var s = i, e = j
            while e > s, [46, 45, 61, 64, 43].contains(u[e - 1]) { e -= 1 } // trailing . - = @ +
            if e - s >= 2, checkPath(u, s, e), i == 0 || !(u[i - 1] == 36) {
                while s < e, u[s] == 45 { s += 1 } // a leading "-" is an option dash, not the path
                out.append(Span(range: NSRange(location: s, length: e - s), reason: .filePath))
            }
            i = j
        }
        return out
    }

    /// The top-level media types of IANA's registry (and `inode`, shared-mime-info's) that open
    /// a media type `type/subtype`.
    static let mediaTopLevelTypes: Set<String> = [
        "application", "audio", "chemical", "font", "image", "inode", "message", "model", "multipart", "text", "video",
    ]

    /// True when `u[s..<e]` (one slash) is a media type: a top-level type of
    /// ``mediaTopLevelTypes``, then a subtype of lowercase letters, digits and `-.+_` with a
    /// letter in it that is no top-level type itself.
    static func isMediaType(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        guard let slash = (s..<e).first(where: { u[$0] == 47 }), slash > s, slash + 1 < e else { return false }
        let top = String(utf16Units: u[s..<slash]), sub = String(utf16Units: u[(slash + 1)..<e])
        guard mediaTopLevelTypes.contains(top), !mediaTopLevelTypes.contains(sub), sub.unicodeScalars.contains(where: { $0.properties.isLowercase }) else { return false }
        return u[(slash + 1)..<e].allSatisfy { ($0 >= 97 && $0 <= 122) || isDigit($0) || [43, 45, 46, 95].contains($0) }
    }

    /// File-name extensions that make a bare `name.ext` a file name (`utils.js`, `README.md`,
    /// `config.ini`); lowercase only, so that `end.The` stays a missing space.
    static let fileExtensions: Set<String> = [
        "md", "markdown", "txt", "rst", "adoc", "tex", "bib", "js", "mjs", "cjs", "ts", "jsx", "tsx", "json", "jsonl",
        "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "properties", "plist", "xml", "html", "htm", "css", "scss",
        "less", "vue", "svelte", "py", "pyi", "ipynb", "rb", "rs", "go", "mod", "sum", "c", "h", "cc", "cpp", "cxx", "hpp",
        "hh", "mm", "swift", "java", "kt", "kts", "scala", "gradle", "cs", "fs", "php", "pl", "pm", "lua",
        "jl", "dart", "ex", "exs", "erl", "hs", "ml", "clj", "sh", "bash", "zsh", "fish", "ps1", "bat", "cmd", "mk",
        "cmake", "sql", "db", "sqlite", "csv", "tsv", "log", "lock", "pdf", "png", "jpg", "jpeg", "gif", "svg", "webp",
        "ico", "bmp", "tiff", "mp3", "mp4", "wav", "ogg", "flac", "mov", "mkv", "webm", "zip", "tar", "gz", "tgz", "bz2",
        "xz", "zst", "7z", "rar", "deb", "rpm", "dmg", "iso", "img", "exe", "dll", "so", "dylib", "obj",
        "lib", "jar", "war", "wasm", "bin", "dat", "pem", "crt", "key", "pub", "gpg", "asc", "sig", "docx", "xlsx",
        "pptx", "odt", "ods", "epub", "ttf", "otf", "woff", "woff2", "patch", "diff", "orig", "bak", "tmp", "cache",
        "pid", "sock", "service", "desktop", "spec", "nix", "tf", "proto", "graphql", "gql", "hcl", "dockerfile",
    ]

    /// A bare file name: `name.ext` (one or more dots, last extension known), no slash, after a
    /// space, a bracket, a quote, a backtick or the start (`utils.js`, `README.md`,
    /// `docker-compose.yml`), or after a glob's `*` (`*.tar.gz`; with a dotfile's or an
    /// extension's shape, `*.pyc`, `*.rtinstall`, any extension: a glob is code).
    static func fileNames(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        func isNameUnit(_ c: UInt16) -> Bool { isASCIIAlnum(c) || c == 95 || c == 45 || c == 46 }
        // (A backtick opens a quotation of code in old plain text, `` `.zshrc' ``, as in
        // Markdown; `*` is a glob's.)
        while i < n {
            guard isNameUnit(u[i]), u[i] != 46 || (i + 1 < n && isASCIIAlnum(u[i + 1])), !taken[i],
                  i == 0 || isSpace(u[i - 1]) || [40, 91, 34, 39, 42, 96, 0x201C, 0x2018, 0xFFFC].contains(u[i - 1])
            else { i += 1; continue }
            var j = i
            while j < n, isNameUnit(u[j]), !taken[j] { j += 1 }
            var e = j
            while e > i, u[e - 1] == 46 || u[e - 1] == 45 { e -= 1 } // a sentence's final period
            if j < n, isWordUnit(u[j]) || u[j] == 47 || u[j] == 64 { i = j; continue } // part of something larger
            var dot = -1
            for k in i..<e where u[k] == 46 { dot = k }
            // A shared library's version after its extension (`libfoo.so.1`, `libssl.so.3.0.2`):
            // the extension is the last part before the version's numbers.
            var versionStart = e
            while dot > i, dot + 1 < e, u[(dot + 1)..<versionStart].allSatisfy(isDigit) {
                versionStart = dot
                var before = -1
                for k in i..<dot where u[k] == 46 { before = k }
                dot = before
            }
            if dot > i, dot + 1 < versionStart {
                let ext = String(utf16Units: u[(dot + 1)..<versionStart])
                let stem = u[i..<dot]
                if fileExtensions.contains(ext), versionStart == e || ["so", "dylib", "dll"].contains(ext),
                   stem.contains(where: isASCIILetter) || ext.count >= 2 {
                    out.append(Span(range: NSRange(location: i, length: e - i), reason: .filePath))
                }
            } else if u[i] == 46, dot == i, e - i >= 3, u[(i + 1)..<e].allSatisfy({ isASCIILowercase($0) || isDigit($0) || $0 == 95 || $0 == 45 }),
                      u[(i + 1)..<e].contains(where: isASCIILowercase) {
                // A dotfile or a bare extension after a space (`.bashrc`, `.gitignore`, “save it as
                // .txt”): lowercase, with nothing glued after it (a sentence's final period aside).
                out.append(Span(range: NSRange(location: i, length: e - i), reason: .filePath))
            }
            i = max(j, i + 1)
        }
        return out
    }

    /// Windows paths: `C:\Users\jane\config.ini`, `\\server\share\x`.
    static func windowsPaths(_ u: [UInt16], taken: [Bool]) -> [Span] {
        var out: [Span] = []
        let n = u.count
        var i = 0
        while i + 2 < n {
            let drive = isASCIILetter(u[i]) && u[i + 1] == 58 && u[i + 2] == 92
            let unc = u[i] == 92 && u[i + 1] == 92 && isASCIIAlnum(u[i + 2])
            guard drive || unc, !taken[i], i == 0 || isSpace(u[i - 1]) || [40, 91, 34, 39, 0xFFFC].contains(u[i - 1]) else { i += 1; continue }
            var j = i + 2
            func stops(_ c: UInt16) -> Bool { isSpace(c) || c == 34 || c == 39 || c == 41 || c == 0xFFFC }
            while j < n, !stops(u[j]), !taken[j] { j += 1 }
            // A folder's name with a space in it (`C:\Program Files\Foo\bar.exe`): the path goes
            // on over one space when the next word leads to another backslash.
            while j + 1 < n, u[j] == 32, !stops(u[j + 1]) {
                var k = j + 1
                while k < n, !stops(u[k]), !taken[k], u[k] != 92 { k += 1 }
                guard k < n, u[k] == 92, !taken[k] else { break }
                j = k
                while j < n, !stops(u[j]), !taken[j] { j += 1 }
            }
            var e = j
            while e > i + 3, [46, 44, 59, 58].contains(u[e - 1]) { e -= 1 }
            out.append(Span(range: NSRange(location: i, length: e - i), reason: .filePath))
            i = j
        }
        return out
    }

    /// True when `u[s..<e]` reads as a host name: labels of letters, digits and hyphens joined by
    /// dots, at least two, the last one (the top-level domain) two to 24 ASCII letters.
    private static func isHostName(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        guard e > s, isASCIIAlnum(u[s]) else { return false }
        var lastDot = -1
        for k in s..<e {
            let c = u[k]
            if c == 46 {
                guard k > s, u[k - 1] != 46 else { return false }
                lastDot = k
            } else if !(isASCIIAlnum(c) || c == 45) {
                return false
            }
        }
        guard lastDot > s else { return false }
        let tld = e - lastDot - 1
        return tld >= 2 && tld <= 24 && (lastDot + 1..<e).allSatisfy { isASCIILetter(u[$0]) }
    }

    private static func checkPath(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        var slashes = 0
        var letters = false
        for k in s..<e {
            if u[k] == 47 { slashes += 1 }
            if isASCIILetter(u[k]) || u[k] >= 128 { letters = true }
        }
        guard slashes >= 1, letters else { return false }
        if hasPrefix(u, s, "./") || hasPrefix(u, s, "../") || hasPrefix(u, s, "~/") {
            return e - s > 2
        }
        if u[s] == 47 {
            // "/usr", "/usr/share/x": a letter right after the slash.
            return isWordUnit(u[s + 1]) || u[s + 1] == 46
        }
        if slashes >= 2 { return true }
        // A host name before the slash: an address without its scheme ("docs.rs/serde",
        // "crates.io/x", "pkg.go.dev/net").
        var firstSlash = s
        while firstSlash < e, u[firstSlash] != 47 { firstSlash += 1 }
        if firstSlash + 1 < e, isHostName(u, s, firstSlash) { return true }
        // A host and port before it: “localhost:8080/api”, “127.0.0.1:5000/health”, “example.com:443/x”.
        if firstSlash + 1 < e, let colon = (s..<firstSlash).last(where: { u[$0] == 58 }), colon > s,
           (1...5).contains(firstSlash - colon - 1), (colon + 1..<firstSlash).allSatisfy({ isDigit(u[$0]) }),
           isHostName(u, s, colon) || hasPrefix(u, s, "localhost") && colon - s == 9
            || (s..<colon).allSatisfy({ isDigit(u[$0]) || u[$0] == 46 }) && (s..<colon).filter({ u[$0] == 46 }).count == 3 {
            return true
        }
        // One slash between names in lowercase with a hyphen or an underscore: a branch or a
        // package path ("jk/unused-anno-more", "feature/add_login"), not words ("and/or").
        if slashes == 1, (s..<e).allSatisfy({ (u[$0] >= 97 && u[$0] <= 122) || isDigit(u[$0]) || [45, 46, 47, 95].contains(u[$0]) }),
           (s..<e).contains(where: { u[$0] == 45 || u[$0] == 95 }), u[s] != 45, u[e - 1] != 47 {
            return true
        }
        // A media type (“image/x-tga”, “text/vbscript”, “application/x-apple-systemprofiler+xml”,
        // shared-mime-info's NEWS): a registered top-level type, one slash, a lowercase subtype
        // that is not another top-level type (“audio/video” is two words).
        if slashes == 1, isMediaType(u, s, e) { return true }
        // One slash: needs a file extension on the last component ("src/main.swift").
        var lastSlash = s
        for k in s..<e where u[k] == 47 { lastSlash = k }
        guard lastSlash > s, lastSlash + 1 < e else { return false }
        var dot = -1
        for k in (lastSlash + 1)..<e where u[k] == 46 { dot = k }
        guard dot > lastSlash + 1 || (dot == lastSlash + 1 && e - dot > 1) else { return false }
        let ext = dot + 1 < e ? Array(u[(dot + 1)..<e]) : []
        return !ext.isEmpty && ext.count <= 10 && ext.allSatisfy(isASCIIAlnum) && ext.contains(where: isASCIILetter)
    }
}
