import Foundation

/// Layouts of plain text that are not running prose: manual pages rendered as text (`man -P cat
/// tar | col -b`) and `--help` output. ``PlainTextParser`` checks the prose in them, not the
/// layout:
///
/// - **Option lists** (any plain text): an indented line that starts with an option (`-A,
///   --catenate`, `-f FILE, --file=FILE`, `--help`) has its term protected (the options and
///   their arguments in capitals or brackets, up to a column gap of two spaces or the first
///   word with a lowercase letter) and starts a paragraph of its own, so that its description
///   (`append tar files to an archive`, on the line or below it) is checked as a paragraph of
///   its own. `Usage:` lines and command examples (an indented command followed by an option:
///   `tar -cf archive.tar foo bar  # Create …`) are protected up to a `#` comment.
/// - **Manual pages** (a first line `TAR(1) … TAR(1)`, or two of the headings `NAME`,
///   `SYNOPSIS`, `DESCRIPTION`, `OPTIONS` at the margin): the header and footer lines and the
///   headings (at the margin, or indented less than the body: `   Traditional usage`) are left
///   out; the `SYNOPSIS` section is protected whole (`tar -A [OPTIONS] ARCHIVE ARCHIVE`); a run of
///   spaces or a tab inside a line (justified text) reads as one space; a word hyphenated across
///   a line break (`discus‐` / `sion`, with U+2010 as groff writes it) reads as one word; a tag
///   (a term on its line with its description indented deeper below it: `nil, existing`, or
///   before a column gap: `ne     Boolean value…`) is protected and starts a paragraph.
enum PlainLayout {
    /// What ``analyze(_:)`` found.
    struct Analysis {
        /// True when the text is a manual page rendered as text.
        var isManPage = false
        /// Lines left out of the prose (header, footer, headings, the synopsis), by the UTF-16
        /// offset of their start: each line's range, without its line break.
        var skipped: [Int: NSRange] = [:]
        /// Lines that start a paragraph of their own, by their start: the protected part at the
        /// start of the line (an option term, a command), with its reason.
        var terms: [Int: (range: NSRange, reason: ProtectionReason)] = [:]
        /// List items of plain text (`* a version…`, `- item`, `1. repack…`), by their line's
        /// start: the marker's range (protected) starts a paragraph read as a list item.
        var listItems: [Int: NSRange] = [:]
        /// Lines that start a paragraph continuing a sentence interrupted by an indented example
        /// (“the command” / `info tar` / “should give you access…”), by their start.
        var continuations: Set<Int> = []
        /// True when nothing was found.
        var isEmpty: Bool { !isManPage && skipped.isEmpty && terms.isEmpty && continuations.isEmpty && listItems.isEmpty }
    }

    /// A manual page's subheadings are indented less than this (groff: three columns; the body
    /// seven).
    static let subheadingIndent = 5

    /// True when the line is a title: at most 60 characters, not ending like a sentence.
    static func isShortTitle(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        var end = e
        while end > s, isSpaceOrTab(u[end - 1]) { end -= 1 }
        let first = indentWidth(u, s, e).first
        return end > first && end - first <= 60 && ![46, 44, 59, 33, 63].contains(u[end - 1])
    }

    /// The manual-page headings that mark a page.
    static let manHeadings: Set<String> = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS"]

    /// The layout of `u` (a whole plain-text document, UTF-16 units), or nil when it has none of
    /// the layouts above (most text: no line starts with an indented `-`, a `Usage:` or a margin heading).
    static func analyze(_ u: [UInt16]) -> Analysis? {
        // Lines: (start, end) without the line break.
        var lines: [(s: Int, e: Int)] = []
        var i = 0
        while i <= u.count {
            var e = i
            while e < u.count, u[e] != 10, u[e] != 13 { e += 1 }
            lines.append((i, e))
            if e >= u.count { break }
            i = e + ((u[e] == 13 && e + 1 < u.count && u[e + 1] == 10) ? 2 : 1)
        }
        var out = Analysis()
        let isMan = isManPage(u, lines)
        out.isManPage = isMan
        if isMan {
            var inSynopsis = false
            var inSeeAlso = false
            let firstText = lines.firstIndex { !isBlank(u, $0.s, $0.e) }
            let lastText = lines.lastIndex { !isBlank(u, $0.s, $0.e) }
            for (n, l) in lines.enumerated() where !isBlank(u, l.s, l.e) {
                let (width, _) = indentWidth(u, l.s, l.e)
                let range = NSRange(location: l.s, length: l.e - l.s)
                if n == firstText || n == lastText, hasManHeader(u, l.s, l.e) {
                    out.skipped[l.s] = range
                } else if width == 0 {
                    // A heading at the margin.
                    out.skipped[l.s] = range
                    let heading = String(decoding: u[l.s..<l.e], as: UTF16.self).trimmingCharacters(in: .whitespaces)
                    inSynopsis = heading == "SYNOPSIS"
                    inSeeAlso = heading == "SEE ALSO"
                } else if inSeeAlso, isReferenceList(u, l.s, l.e) {
                    // `SEE ALSO`'s lists of references (`ip-address(8), ip-link(8), ip-`).
                    out.skipped[l.s] = range
                } else if inSynopsis || width < subheadingIndent && isShortTitle(u, l.s, l.e) {
                    // The synopsis, or a subheading (indented less than the body: groff's `.SS`
                    // indents three columns, the body seven).
                    out.skipped[l.s] = range
                }
            }
        }
        if !isMan {
            markInfoNodeLines(u, lines, into: &out)
            markCodeBlocks(u, lines, into: &out)
            markTables(u, lines, into: &out)
            markHeaderFields(u, lines, into: &out)
        } else {
            markSourceBlocks(u, lines, into: &out)
        }
        markBoxTables(u, lines, into: &out)
        // A manual page's own command (`tar` in `TAR(1)`), for example lines.
        var manCommand: [UInt16] = []
        if isMan, let first = lines.first(where: { !isBlank(u, $0.s, $0.e) }) {
            var k = first.s
            while k < first.e, u[k] != 40 { k += 1 }
            manCommand = u[first.s..<k].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        }
        // A manual page's tag lists: (tag indentation, description column) of every tag written
        // on its own line with its description indented deeper below it (`arrayvar` /
        // `Array variable names.`), so that the tags written on one line with their description
        // at the same column (`binding Readline key binding names.`) are known too.
        var tagColumns = Set<[Int]>()
        if isMan {
            for n in lines.indices.dropLast() where out.skipped[lines[n].s] == nil && !isBlank(u, lines[n].s, lines[n].e) {
                let next = lines[n + 1]
                guard !isBlank(u, next.s, next.e), tagTerm(u, lines[n], next) != nil else { continue }
                tagColumns.insert([indentWidth(u, lines[n].s, lines[n].e).width, indentWidth(u, next.s, next.e).width])
            }
            // A table of two columns with no tag on a line of its own (perl(1)'s `perlform       Perl
            // formats`, one row after another): three lines or more in a row, each a word, a gap
            // of two spaces or a tab, and text at one column, at one indentation.
            var run: [Int] = []
            var runKey: [Int]?
            func closeRun() {
                if run.count >= 3, let key = runKey { tagColumns.insert(key) }
                run = []
                runKey = nil
            }
            for n in lines.indices {
                guard out.skipped[lines[n].s] == nil, !isBlank(u, lines[n].s, lines[n].e),
                      let shape = tagShape(u, lines[n]), shape.gap >= 2 else { closeRun(); continue }
                let key = [indentWidth(u, lines[n].s, lines[n].e).width, shape.column]
                if key != runKey { closeRun(); runKey = key }
                run.append(n)
            }
            closeRun()
        }
        for (n, l) in lines.enumerated() where out.skipped[l.s] == nil && !isBlank(u, l.s, l.e) {
            let (width, first) = indentWidth(u, l.s, l.e)
            // A value list (`egd - Use the module which…`, `linux - Use the module…`): a lowercase
            // name, ` - ` and a capitalised description, with another such line in its block.
            if width > 0, let e = dashTerm(u, first, l.e), hasDashTermNeighbour(u, lines, n) {
                out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                continue
            }
            // A line of `ls -l` output (`-rw-r--r-- 1 root root 1024 …`): a listing, not prose.
            if isFileListing(u, first, l.e) {
                out.terms[l.s] = (NSRange(location: first, length: l.e - first), .indentedCode)
                continue
            }
            if isMan, let e = oneLineTag(u, lines, n, columns: tagColumns, isTerm: { out.terms[$0] != nil }, isSkipped: { out.skipped[$0] != nil }) {
                out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                continue
            }
            // A term starts a block: after a blank or left-out line, after a line indented
            // deeper (the previous description), or after another term at its indentation (an
            // option list). An option at the start of a line inside a paragraph (`-lZ outputs a
            // zero byte`) is no term.
            var startsBlock = true
            var previousIsBlank = true
            if n > 0, !isBlank(u, lines[n - 1].s, lines[n - 1].e), out.skipped[lines[n - 1].s] == nil {
                previousIsBlank = false
                let before = indentWidth(u, lines[n - 1].s, lines[n - 1].e).width
                startsBlock = before > width || out.terms[lines[n - 1].s] != nil
            }
            // A list item (`* item`, `- item`, `1. item`) starts a block of its own.
            if let marker = listMarker(u, first, l.e), previousIsBlank || out.listItems[lines[n - 1].s] != nil || startsBlock {
                out.listItems[l.s] = NSRange(location: first, length: marker - first)
                continue
            }
            // A paragraph that opens in lowercase after an example indented deeper, or after a
            // list, continues the sentence before it.
            if previousIsBlank, first < l.e, u[first] >= 97 && u[first] <= 122,
               let p = lines[..<n].lastIndex(where: { !isBlank(u, $0.s, $0.e) }),
               indentWidth(u, lines[p].s, lines[p].e).width > width || out.listItems[lines[p].s] != nil
                || lines[..<p].last.map({ out.listItems[$0.s] != nil }) == true
                // … or after an example of one line of code at the margin (`CPPFLAGS=-DPNG_NO_…`
                // / “will change the internal…”).
                || isSingleToken(u, indentWidth(u, lines[p].s, lines[p].e).first, lines[p].e) && looksLikeCode(u, lines[p].s, lines[p].e) {
                out.continuations.insert(l.s)
            }
            // An example is introduced by a line ending with a colon and indented less (“To
            // print a process tree:” / `ps axjf`), or follows another example.
            let introduced = n > 0 && (out.terms[lines[n - 1].s] != nil || lines[..<n].last(where: { !isBlank(u, $0.s, $0.e) }).map { p in
                var end = p.e
                while end > p.s, isSpaceOrTab(u[end - 1]) { end -= 1 }
                return end > p.s && u[end - 1] == 58 && indentWidth(u, p.s, p.e).width < width
            } == true)
            if isMan, previousIsBlank || introduced,
               let e = manCommandEnd(u, first, l.e, command: manCommand, introduced: introduced) {
                out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                continue
            }
            if !startsBlock {
                if width > 0, let e = commandEnd(u, first, l.e) {
                    out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                } else if !isMan, width >= 2, let e = columnTerm(u, first, l.e) {
                    // A table's row, whatever comes before it.
                    out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                }
                continue
            }
            if let term = optionTerm(u, first, l.e), width > 0 || isMan {
                // In a manual page an option alone on its line with its description indented
                // deeper below is a tag whole, its metavariable with it (`-C cmdlist`, `-G grplist`).
                var end = afterGap(u, term, l.e)
                if isMan, n + 1 < lines.count, out.skipped[lines[n + 1].s] == nil, let tag = tagTerm(u, l, lines[n + 1]), tag > end {
                    end = tag
                }
                out.terms[l.s] = (NSRange(location: first, length: end - first), .commandLineOption)
            } else if n + 1 < lines.count, isMan || isSingleToken(u, first, l.e), out.skipped[lines[n + 1].s] == nil,
                      let term = tagTerm(u, l, lines[n + 1]) {
                out.terms[l.s] = (NSRange(location: first, length: term - first), .indentedCode)
            } else if hasPrefix(u, first, l.e, "Usage:") || hasPrefix(u, first, l.e, "usage:") {
                let s = first + 6
                if let e = (s..<l.e).last(where: { !isSpaceOrTab(u[$0]) }).map({ $0 + 1 }), e > s {
                    out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
                }
            } else if !isMan, width >= 2, let e = columnTerm(u, first, l.e) {
                out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
            } else if width > 0, let e = commandEnd(u, first, l.e) {
                out.terms[l.s] = (NSRange(location: first, length: e - first), .indentedCode)
            }
        }
        return out.isEmpty ? nil : out
    }

    // MARK: pieces

    /// True when the line's text from `s` is a line of a long file listing (`ls -l`, `tar -tv`,
    /// `stat`'s mode): a file type (`-`, `d`, `l`, `c`, `b`, `p`, `s`), nine permission
    /// characters (`rwx`, `-`, `s`, `S`, `t`, `T`), an optional `.`, `+` or `@`, then a space.
    static func isFileListing(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        guard e - s >= 12, "-dlcbps".utf16.contains(u[s]) else { return false }
        for k in (s + 1)...(s + 9) where !"rwxsStT-".utf16.contains(u[k]) { return false }
        var k = s + 10
        if ".+@".utf16.contains(u[k]) { k += 1 }
        return k < e && isSpaceOrTab(u[k])
    }

    static func isSpaceOrTab(_ c: UInt16) -> Bool { c == 32 || c == 9 }

    static func isBlank(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool { u[s..<e].allSatisfy(isSpaceOrTab) }

    /// The width of the line's indentation (a tab to the next multiple of eight) and where its
    /// text starts.
    static func indentWidth(_ u: [UInt16], _ s: Int, _ e: Int) -> (width: Int, first: Int) {
        var w = 0, k = s
        while k < e, isSpaceOrTab(u[k]) {
            w = u[k] == 9 ? (w / 8 + 1) * 8 : w + 1
            k += 1
        }
        return (w, k)
    }

    static func hasPrefix(_ u: [UInt16], _ s: Int, _ e: Int, _ p: String) -> Bool {
        let p16 = Array(p.utf16)
        return e - s >= p16.count && Array(u[s..<(s + p16.count)]) == p16
    }

    /// True when the line holds a manual page's header or footer mark: `NAME(SECTION)` at its
    /// end (`TAR(1)`, `GREP(1)`, `printf(3p)`).
    static func hasManHeader(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        var k = e
        while k > s, isSpaceOrTab(u[k - 1]) { k -= 1 }
        guard k - s >= 4, u[k - 1] == 41 else { return false } // `)`
        var j = k - 2
        while j > s, u[j] != 40, !isSpaceOrTab(u[j]) { j -= 1 }
        guard j > s, u[j] == 40, j + 1 < k - 1, ProseDetectors.isDigit(u[j + 1]) else { return false }
        return ProseDetectors.isASCIIAlnum(u[j - 1])
    }

    /// True when the document reads as a rendered manual page.
    static func isManPage(_ u: [UInt16], _ lines: [(s: Int, e: Int)]) -> Bool {
        if let first = lines.first(where: { !isBlank(u, $0.s, $0.e) }), indentWidth(u, first.s, first.e).width == 0,
           hasManHeader(u, first.s, first.e) {
            // `NAME(1)` at the start of the line as well as at its end.
            var k = first.s
            while k < first.e, u[k] != 40, !isSpaceOrTab(u[k]) { k += 1 }
            if k < first.e, u[k] == 40 { return true }
        }
        var headings = Set<String>()
        for l in lines where l.e > l.s && !isSpaceOrTab(u[l.s]) && l.e - l.s <= 12 {
            let t = String(decoding: u[l.s..<l.e], as: UTF16.self).trimmingCharacters(in: .whitespaces)
            if manHeadings.contains(t) { headings.insert(t) }
        }
        return headings.count >= 2
    }

    /// The end of the option term that starts at `s` (a `-` or `+` then a letter, a digit or
    /// another `-`), or nil when the line does not start with an option: the options and their
    /// arguments (`-f FILE, --file=FILE`, `--color[=WHEN]`, `-e PATTERNS`), up to two spaces or a
    /// tab (a column's gap) or the first word with a lowercase letter that is no option.
    static func optionTerm(_ u: [UInt16], _ s: Int, _ e: Int) -> Int? {
        guard s + 1 < e, u[s] == 45 || u[s] == 43, ProseDetectors.isASCIIAlnum(u[s + 1]) || u[s + 1] == 45 else { return nil }
        if u[s + 1] == 45 { guard s + 2 < e, ProseDetectors.isASCIIAlnum(u[s + 2]) else { return nil } }
        var k = s
        var end = s
        while k < e {
            // One token.
            let t = k
            while k < e, !isSpaceOrTab(u[k]) { k += 1 }
            let isOption = u[t] == 45 || u[t] == 43
            let hasLower = u[t..<k].contains { $0 >= 97 && $0 <= 122 }
            let isArgument = u[t] == 91 || u[t] == 60 || u[t] == 123 || !hasLower
            guard isOption || isArgument else { break }
            end = k
            // The gap after it: one space continues the term, two or a tab end it.
            var g = k
            while g < e, isSpaceOrTab(u[g]) { g += 1 }
            if g - k >= 2 || (g > k && u[k] == 9) || g >= e { break }
            k = g
        }
        // A trailing comma belongs to the term.
        return end > s ? end : nil
    }

    /// True when the line is a list of manual page references (`ip-address(8), ip-link(8),`, a
    /// last name hyphenated at the line's end): every word is glued to a section in brackets,
    /// or is the line's last, cut by a hyphen.
    static func isReferenceList(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        let text = String(decoding: u[s..<e], as: UTF16.self)
        let items = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard !items.isEmpty else { return false }
        var references = 0
        for (k, item) in items.enumerated() {
            if item.range(of: #"^[A-Za-z0-9_.:+-]+\([0-9][a-z]*\)[.]?$"#, options: .regularExpression) != nil {
                references += 1
            } else if k == items.count - 1, item.hasSuffix("-") || item.hasSuffix("\u{2010}") {
                continue
            } else {
                return false
            }
        }
        return references > 0
    }

    /// The end of a value list's term at `s` (`egd - `, `linux - `, `auto - `): one token of
    /// lowercase letters, digits, `_`, `.`, `+` or `-`, then ` - ` and a capital letter; nil
    /// otherwise.
    static func dashTerm(_ u: [UInt16], _ s: Int, _ e: Int) -> Int? {
        var k = s
        guard k < e, u[k] >= 97 && u[k] <= 122 else { return nil }
        while k < e, (u[k] >= 97 && u[k] <= 122) || ProseDetectors.isDigit(u[k]) || u[k] == 95 || u[k] == 46 || u[k] == 43 || u[k] == 45 { k += 1 }
        guard k + 3 < e, u[k] == 32, u[k + 1] == 45, u[k + 2] == 32, u[k + 3] >= 65 && u[k + 3] <= 90 else { return nil }
        return k + 3
    }

    /// True when another line of the block around line `n` (up to four lines each way, no blank
    /// line between) starts with a value list's term (``dashTerm(_:_:_:)``).
    static func hasDashTermNeighbour(_ u: [UInt16], _ lines: [(s: Int, e: Int)], _ n: Int) -> Bool {
        for step in [-1, 1] {
            var m = n + step
            while m >= 0, m < lines.count, abs(m - n) <= 4, !isBlank(u, lines[m].s, lines[m].e) {
                if dashTerm(u, indentWidth(u, lines[m].s, lines[m].e).first, lines[m].e) != nil { return true }
                m += step
            }
        }
        return false
    }

    /// True when the line's text from `s` is one token (no space or tab inside): a term of a
    /// definition list in plain text (`"nocheck"` above its indented description).
    static func isSingleToken(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        var end = e
        while end > s, isSpaceOrTab(u[end - 1]) { end -= 1 }
        return end > s && !u[s..<end].contains(where: isSpaceOrTab)
    }

    /// The shell's keywords that stand alone on a line of a script (`then`, `fi`, `done`).
    static let shellLineKeywords: Set<[UInt16]> = Set(["then", "fi", "else", "do", "done", "esac"].map { Array($0.utf16) })

    /// Characters and pairs that mark a line as code (`CFLAGS = -Wall`, `$(filter …)`, `{`, `;`),
    /// or a shell keyword alone on its line (`then`, `fi`, `done`).
    static func looksLikeCode(_ u: [UInt16], _ s: Int, _ e: Int) -> Bool {
        var a = s, b = e
        while a < b, isSpaceOrTab(u[a]) { a += 1 }
        while b > a, isSpaceOrTab(u[b - 1]) { b -= 1 }
        if b - a <= 4, shellLineKeywords.contains(Array(u[a..<b])) { return true }
        var k = s
        while k < e {
            switch u[k] {
            case 61, 36, 123, 125, 59: return true                               // = $ { } ;
            case 40 where k + 1 < e && u[k + 1] == 41: return true               // ()
            case 45 where k + 1 < e && u[k + 1] == 62: return true               // ->
            case 58 where k + 1 < e && u[k + 1] == 58: return true               // ::
            default: k += 1
            }
        }
        return false
    }

    /// True when `block` (lines of `u` between blank lines) is Lisp: s-expressions and `;`
    /// comments (`(progn`, `(setq load-path (cons "~/lisp" load-path))`, `;; Debian startup`), as
    /// Emacs documentation writes its examples. Every line is a comment, opens a form with a
    /// symbol (`(` and a lowercase letter) or continues a form left open; the brackets, counted
    /// outside strings and comments, close at the end; outside strings there is no comma and
    /// no sentence's period (a word, `.`, a space: prose in brackets, “(see above, and …)”);
    /// and something only Lisp writes: a comment, a form inside a form, a quoted symbol
    /// (`'emacs`), a string, or a form over several lines. (“(see below)” alone is prose.)
    static func isLispBlock(_ u: [UInt16], _ block: ArraySlice<(s: Int, e: Int)>) -> Bool {
        var depth = 0, maxDepth = 0, inString = false, signal = false
        for l in block {
            var k = indentWidth(u, l.s, l.e).first
            guard k < l.e else { continue }
            if !inString {
                if u[k] == 59 { signal = true; continue }                       // ;
                if depth == 0 {
                    guard u[k] == 40, k + 1 < l.e, u[k + 1] >= 97 && u[k + 1] <= 122 else { return false }
                } else {
                    signal = true                                               // a form over lines
                }
            }
            while k < l.e {
                let c = u[k]
                if inString {
                    if c == 92 { k += 2; continue }                             // \ escape
                    if c == 34 { inString = false }
                    k += 1
                    continue
                }
                switch c {
                case 34: inString = true; signal = true                         // "
                case 59: k = l.e; continue                                      // ; comment
                case 40: depth += 1; maxDepth = max(maxDepth, depth)
                case 41: depth -= 1; if depth < 0 { return false }
                case 44: return false                                           // , (prose)
                case 39 where k + 1 < l.e && (u[k + 1] == 40 || u[k + 1] >= 97 && u[k + 1] <= 122)
                    && (k == l.s || isSpaceOrTab(u[k - 1]) || u[k - 1] == 40): signal = true  // 'symbol
                case 46 where k > l.s && (u[k - 1] >= 97 && u[k - 1] <= 122 || u[k - 1] >= 65 && u[k - 1] <= 90)
                    && (k + 1 == l.e || isSpaceOrTab(u[k + 1])): return false   // a sentence's period
                default: break
                }
                k += 1
            }
        }
        return depth == 0 && !inString && maxDepth > 0 && (signal || maxDepth >= 2)
    }

    /// Marks the navigation lines of a GNU info manual read as text as skipped: a node's header
    /// (`File: gpgrt.info,  Node: Features,  Next: Overview,  Prev: Getting Started,  Up: Top`,
    /// the names of other nodes after `Next:`, `Prev:` and `Up:`) and the file's first line
    /// (`This is libtasn1.info, produced by makeinfo version 6.7 from`). Session 53's held-out
    /// info manuals had `Prev` flagged on every node.
    static func markInfoNodeLines(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        let file = Array("File: ".utf16), node = Array(",  Node: ".utf16), produced = Array(".info, produced by ".utf16)
        let this = Array("This is ".utf16)
        func has(_ l: (s: Int, e: Int), _ p: [UInt16], at a: Int) -> Bool {
            a + p.count <= l.e && Array(u[a..<(a + p.count)]) == p
        }
        func contains(_ l: (s: Int, e: Int), _ p: [UInt16]) -> Bool {
            guard l.e - l.s >= p.count else { return false }
            return (l.s...(l.e - p.count)).contains { has(l, p, at: $0) }
        }
        for (n, l) in lines.enumerated() {
            let header = has(l, file, at: l.s) && contains(l, node)
            let preamble = n < 3 && has(l, this, at: l.s) && contains(l, produced)
            guard header || preamble else { continue }
            out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s)
            // The preamble's sentence ends on the next line (`libtasn1.texi.`).
            if preamble, n + 1 < lines.count, !isBlank(u, lines[n + 1].s, lines[n + 1].e) {
                out.skipped[lines[n + 1].s] = NSRange(location: lines[n + 1].s, length: lines[n + 1].e - lines[n + 1].s)
            }
        }
    }

    /// Marks the indented code blocks of plain text as skipped: a run of lines between blank
    /// lines, every one indented two columns or more deeper than the document's body (its
    /// commonest indentation), that reads as code (half its lines or more with `=`, `$`, braces,
    /// `;`, `()`, `->`, `::`), or that follows a line ending with a colon and has no line ending
    /// with a period (a sample: `package (version) distribution(s); urgency=urgency`,
    /// `day-of-week, dd month yyyy hh:mm:ss +zzzz`).
    static func markCodeBlocks(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        var counts: [Int: Int] = [:]
        for l in lines where !isBlank(u, l.s, l.e) { counts[indentWidth(u, l.s, l.e).width, default: 0] += 1 }
        guard let body = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else { return }
        var n = 0
        var previousEndsWithColon = false
        // The least indentation of the block before (the lead-in's).
        var leadIndent = 0
        while n < lines.count {
            if isBlank(u, lines[n].s, lines[n].e) { n += 1; continue }
            var m = n
            while m < lines.count, !isBlank(u, lines[m].s, lines[m].e) { m += 1 }
            var block = lines[n..<m]
            func lastChar(_ l: (s: Int, e: Int)) -> UInt16? {
                var k = l.e
                while k > l.s, isSpaceOrTab(u[k - 1]) { k -= 1 }
                return k > l.s ? u[k - 1] : nil
            }
            // A lead-in line at the body's indentation ending with a colon, the sample right
            // under it with no blank line between (`Reserved uids:` over an indented table).
            if block.count >= 2, lastChar(block[n]) == 58, indentWidth(u, block[n].s, block[n].e).width < body + 2,
               block.dropFirst().allSatisfy({ indentWidth(u, $0.s, $0.e).width >= body + 2 }) {
                previousEndsWithColon = true
                block = block.dropFirst()
            }
            let indented = block.allSatisfy { indentWidth(u, $0.s, $0.e).width >= body + 2 }
            // Indented deeper than the lead-in ending with a colon right above it (a document
            // whose sections indent their text differently: the commonest indentation may be
            // the examples').
            let belowLeadIn = previousEndsWithColon && block.allSatisfy { indentWidth(u, $0.s, $0.e).width >= leadIndent + 2 }
            let code = block.filter { looksLikeCode(u, $0.s, $0.e) }.count * 2 >= block.count
            if indented || belowLeadIn {
                let sample = indented && previousEndsWithColon && !block.contains { lastChar($0) == 46 }
                if code || sample {
                    for l in block { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
                }
            }
            // Lisp, at any indentation.
            if isLispBlock(u, block) {
                for l in block { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
            }
            previousEndsWithColon = lastChar(lines[m - 1]) == 58
            leadIndent = lines[n..<m].map { indentWidth(u, $0.s, $0.e).width }.min() ?? 0
            n = m
        }
    }

    /// Marks the program sources of a manual page as skipped (getaddrinfo(3)'s example server,
    /// whose `rp`, `buf` and `msg` are variables): a run of lines between blank lines, at any
    /// indentation (a page's examples start at its body's), half of whose lines or more end as
    /// C statements and blocks do (`;`, `{`, `}`, or a preprocessor line: `#include <netdb.h>`),
    /// and none of which ends a sentence (a word and a period). A comment's prose (`/* Try each
    /// address … */`) is a block of its own and stays checked.
    static func markSourceBlocks(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        var n = 0
        while n < lines.count {
            if isBlank(u, lines[n].s, lines[n].e) { n += 1; continue }
            var m = n
            while m < lines.count, !isBlank(u, lines[m].s, lines[m].e) { m += 1 }
            var statements = 0, sentenceEnd = false
            for l in lines[n..<m] {
                var a = l.s, b = l.e
                while a < b, isSpaceOrTab(u[a]) { a += 1 }
                while b > a, isSpaceOrTab(u[b - 1]) { b -= 1 }
                guard b > a else { continue }
                let last = u[b - 1]
                if last == 59 || last == 123 || last == 125 || u[a] == 35 && b - a > 1 && ProseDetectors.isASCIILetter(u[a + 1]) {
                    statements += 1
                }
                if last == 46, b - a >= 2, ProseDetectors.isASCIILetter(u[b - 2]) { sentenceEnd = true }
            }
            if statements > 0, statements * 2 >= m - n, !sentenceEnd {
                for l in lines[n..<m] { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
            }
            n = m
        }
    }

    /// Marks the tables of plain text as skipped: their cells are names, numbers and labels,
    /// where prose rules misfire (a user name `qmaild` “corrected” to “quails”, `their, your` in
    /// a table of tags read as a sentence, a column's gap before `)` closed up by `--fix`). A
    /// table is a run of three lines or more between blank lines (or a block's edges) that is
    /// - drawn with bars: every line holds two `|` or more, or is a rule of `-`, `=`, `+`, `|`
    ///   and `:` (`------+------`), one line at least a rule or all lines bars; or
    /// - aligned in three columns or more: every line has two gaps or more (two spaces or a tab
    ///   after text) and the last column starts at the same place on every line (prose with
    ///   two spaces after its sentences does not line up so, three lines running).
    static func markTables(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        func isRule(_ l: (s: Int, e: Int)) -> Bool {
            var dashes = 0, other = false
            for k in l.s..<l.e {
                switch u[k] {
                case 45, 61: dashes += 1
                case 43, 124, 58, 32, 9: break
                default: other = true
                }
            }
            return !other && dashes >= 3
        }
        func bars(_ l: (s: Int, e: Int)) -> Int { u[l.s..<l.e].filter { $0 == 124 }.count }
        /// The start of each cell after a gap, as a column (tabs to the next multiple of eight).
        func cellStarts(_ l: (s: Int, e: Int)) -> [Int] {
            var starts: [Int] = [], column = 0, spaces = 0, seenText = false, gap = false
            for k in l.s..<l.e {
                let c = u[k]
                if c == 32 || c == 9 {
                    spaces += c == 9 ? 3 : 1
                    if c == 9 { column = (column / 8 + 1) * 8 } else { column += 1 }
                    if seenText, spaces >= 2 { gap = true }
                    continue
                }
                if gap { starts.append(column) }
                gap = false; spaces = 0; seenText = true
                column += 1
            }
            return starts
        }
        var n = 0
        while n < lines.count {
            if isBlank(u, lines[n].s, lines[n].e) { n += 1; continue }
            var m = n
            while m < lines.count, !isBlank(u, lines[m].s, lines[m].e) { m += 1 }
            // The longest runs of table lines inside the block.
            var a = n
            while a < m {
                let barred = { (l: (s: Int, e: Int)) in bars(l) >= 2 || isRule(l) }
                var b = a
                while b < m, barred(lines[b]) { b += 1 }
                if b - a >= 3, lines[a..<b].contains(where: { isRule($0) }) || lines[a..<b].allSatisfy({ bars($0) >= 2 }) {
                    for l in lines[a..<b] { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
                    a = b
                    continue
                }
                b = a
                var lastStart: Int?
                while b < m {
                    let starts = cellStarts(lines[b])
                    guard starts.count >= 2, lastStart == nil || starts.last == lastStart else { break }
                    lastStart = starts.last
                    b += 1
                }
                if b - a >= 3 {
                    for l in lines[a..<b] { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
                    a = b
                } else {
                    a += 1
                }
            }
            n = m
        }
    }

    /// True when `c` is a box-drawing character (U+2500–U+257F: `─`, `│`, `┌`, `┼`…).
    static func isBoxDrawing(_ c: UInt16) -> Bool { c >= 0x2500 && c <= 0x257F }

    /// Marks the tables drawn with box-drawing characters as skipped, as ``markTables(_:_:into:)``
    /// does those drawn with `|` and `-`: a run of three lines or more between blank lines, every
    /// one a rule (box-drawing characters and spaces only: `┌────┬────┐`, `├────┼────┤`) or a row
    /// holding two `│` or more, one line at least a rule. groff's `tbl` draws a manual page's boxed
    /// tables so (hexdump(1)'s table of the ASCII control characters' names, `│003 etx │ 004 eot │`,
    /// whose names were flagged one by one in session 56's held-out set).
    static func markBoxTables(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        func isRule(_ l: (s: Int, e: Int)) -> Bool {
            var box = 0
            for k in l.s..<l.e {
                if isBoxDrawing(u[k]) { box += 1 } else if !isSpaceOrTab(u[k]) { return false }
            }
            return box >= 3
        }
        func isRow(_ l: (s: Int, e: Int)) -> Bool { u[l.s..<l.e].filter { $0 == 0x2502 }.count >= 2 }
        // A quick exit: no box-drawing character at all.
        guard u.contains(where: { $0 == 0x2502 }) else { return }
        var n = 0
        while n < lines.count {
            guard isRule(lines[n]) || isRow(lines[n]) else { n += 1; continue }
            var m = n
            while m < lines.count, !isBlank(u, lines[m].s, lines[m].e), isRule(lines[m]) || isRow(lines[m]) { m += 1 }
            if m - n >= 3, lines[n..<m].contains(where: { isRule($0) }) {
                for l in lines[n..<m] { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
            }
            n = max(m, n + 1)
        }
    }

    /// The end of a header field's name at `s` (`Requires-Dist:`, `Content-Type:`, `Version:`: a
    /// capital letter, letters, digits and inner hyphens, then a colon and a space or the line's
    /// end), with whether the name has a hyphen. Nil for any other line.
    static func headerFieldName(_ u: [UInt16], _ s: Int, _ e: Int) -> (end: Int, hyphenated: Bool)? {
        guard s < e, u[s] >= 65, u[s] <= 90 else { return nil }
        var k = s + 1, hyphen = false
        while k < e, ProseDetectors.isASCIILetter(u[k]) || ProseDetectors.isDigit(u[k]) || u[k] == 45 && k + 1 < e && ProseDetectors.isASCIILetter(u[k + 1]) {
            if u[k] == 45 { hyphen = true }
            k += 1
        }
        guard k < e, u[k] == 58, k + 1 == e || isSpaceOrTab(u[k + 1]) else { return nil }
        return (k + 1, hyphen)
    }

    /// Marks the fields of a header block that hold values, not prose, as skipped: a run of three
    /// lines or more at the margin, each a field (``headerFieldName(_:_:_:)``), one name at least
    /// with a hyphen (`Metadata-Version:`, `Requires-Dist:`, `Content-Type:`, `Build-Depends:`: a
    /// package's PKG-INFO or METADATA, an e-mail's or an HTTP message's headers, a Debian control
    /// file; “Note:” and “Example:” in prose have none). A field is values when its value has a
    /// comparison or a requirement's marker (`==`, `!=`, `>=`, `<=`, `~=`, ` < `, ` > `, ` ; `: a
    /// requirement's version or environment marker, `pytest-cov ; extra == 'test'`) or fewer than four words (`Provides-Extra: sdist`, `License:
    /// BSD-3-Clause`); a longer value (`Summary: Python wrapper module around the OpenSSL library`)
    /// stays prose. Session 56's held-out METADATA had 19 flags on its `Requires-Dist` lines
    /// (the space before `;`, the packages' names).
    static func markHeaderFields(_ u: [UInt16], _ lines: [(s: Int, e: Int)], into out: inout Analysis) {
        var n = 0
        while n < lines.count {
            var m = n
            var hyphenated = 0
            while m < lines.count, let f = headerFieldName(u, lines[m].s, lines[m].e) {
                if f.hyphenated { hyphenated += 1 }
                m += 1
            }
            // (Two hyphenated names at least, as a message's or a package's header has:
            // `Metadata-Version`, `Requires-Dist`, `Content-Type`. A README's block of “Program:”,
            // “Author:”, “E-mail:” lines is a table's fields, which `table` reads.)
            guard m - n >= 3, hyphenated >= 2 else { n = max(m, n + 1); continue }
            for l in lines[n..<m] {
                guard let f = headerFieldName(u, l.s, l.e) else { continue }
                let value = String(decoding: u[f.end..<l.e], as: UTF16.self)
                let comparison = ["==", "!=", ">=", "<=", "~=", " < ", " > ", " ; "].contains { value.contains($0) }
                let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
                if comparison || words < 4 { out.skipped[l.s] = NSRange(location: l.s, length: l.e - l.s) }
            }
            n = m
        }
    }

    /// The end of a list item's marker at `s` and the spaces after it: `*`, `-`, `+`, `•`, `○`,
    /// `◦`, `‣`, a lowercase `o` before two spaces or a tab, or one to three digits and `.` or
    /// `)`, then a space and a letter. Nil otherwise.
    static func listMarker(_ u: [UInt16], _ s: Int, _ e: Int) -> Int? {
        var k = s
        if [42, 45, 43, 0x2022, 0x25CB, 0x25E6, 0x2023].contains(u[k]) {
            k += 1
        } else if u[k] == 111, k + 2 < e, isSpaceOrTab(u[k + 1]), isSpaceOrTab(u[k + 2]) || u[k + 1] == 9 {
            // A typewriter's bullet: a lowercase “o” and a gap of two spaces or a tab (the zsh
            // FAQ's `  o  Command line editing:`); “o” before one space may be a word.
            k += 1
        } else {
            while k < e, k - s < 3, ProseDetectors.isDigit(u[k]) { k += 1 }
            guard k > s, k < e, u[k] == 46 || u[k] == 41 else { return nil }
            k += 1
        }
        guard k < e, isSpaceOrTab(u[k]) else { return nil }
        while k < e, isSpaceOrTab(u[k]) { k += 1 }
        guard k < e, ProseDetectors.isASCIILetter(u[k]) || u[k] == 34 || u[k] >= 0x80 else { return nil }
        return k
    }

    /// The end of the first column of a two-column table in plain text (`oldgnu   GNU format
    /// as per tar <= 1.12`): one token of 30 characters at most, then three spaces or more (or
    /// a tab) and text; the gap belongs to the term. Nil otherwise.
    static func columnTerm(_ u: [UInt16], _ s: Int, _ e: Int) -> Int? {
        var k = s
        while k < e, !isSpaceOrTab(u[k]) { k += 1 }
        guard k > s, k - s <= 30, k < e else { return nil }
        var g = k
        while g < e, isSpaceOrTab(u[g]) { g += 1 }
        guard g < e, g - k >= 3 || u[k] == 9 else { return nil }
        return g
    }

    /// The end of an example of a manual page's own command (`tar cfv etc.tar /etc`): a line that
    /// starts with the command and a space, does not end like a sentence, and holds a path, an
    /// option or a file name (`/`, `-`, a dot inside a word), or is `introduced` (after a line
    /// ending with a colon, or after another example: `ps axu`, `ps axo stat,euid`). Nil otherwise.
    static func manCommandEnd(_ u: [UInt16], _ s: Int, _ e: Int, command: [UInt16], introduced: Bool = false) -> Int? {
        guard !command.isEmpty, e - s > command.count + 1, Array(u[s..<(s + command.count)]) == command,
              u[s + command.count] == 32 else { return nil }
        var end = e
        while end > s, isSpaceOrTab(u[end - 1]) { end -= 1 }
        guard ![46, 44, 59, 58, 0x2010].contains(u[end - 1]) else { return nil }
        let rest = u[(s + command.count)..<end]
        // A sentence inside the line (`tar options.  The --verbatim…`) is prose.
        if zip(rest, rest.dropFirst()).contains(where: { $0 == 46 && $1 == 32 }) { return nil }
        let code = introduced || rest.contains(47) || rest.contains(61) || zip(rest, rest.dropFirst()).contains { $0 == 32 && $1 == 45 }
            || zip(rest, rest.dropFirst()).contains { $0 == 46 && ProseDetectors.isASCIILetter($1) }
        return code ? end : nil
    }

    /// `end` moved over the spaces and tabs after it when text follows them on the line (the gap
    /// between a term and its description belongs to the term).
    static func afterGap(_ u: [UInt16], _ end: Int, _ lineEnd: Int) -> Int {
        var g = end
        while g < lineEnd, isSpaceOrTab(u[g]) { g += 1 }
        return g < lineEnd ? g : end
    }

    /// The end of a manual page's tag (`.TP`: a term on its line, its description indented
    /// deeper on the next), for line `l` followed by line `next`: up to the gap (two spaces or a
    /// tab) after which the text starts at the next line's indentation (`ne     Boolean value…`),
    /// or the whole line when it is short and does not end like a sentence (`nil, existing`,
    /// `timestamp`). Nil when the next line is not indented deeper.
    static func tagTerm(_ u: [UInt16], _ l: (s: Int, e: Int), _ next: (s: Int, e: Int)) -> Int? {
        guard !isBlank(u, next.s, next.e) else { return nil }
        let (width, first) = indentWidth(u, l.s, l.e)
        let deeper = indentWidth(u, next.s, next.e).width
        guard deeper > width else { return nil }
        // A gap whose text starts at the next line's column.
        var k = first, column = width
        while k < l.e {
            if isSpaceOrTab(u[k]) {
                var g = k, c = column
                while g < l.e, isSpaceOrTab(u[g]) { c = u[g] == 9 ? (c / 8 + 1) * 8 : c + 1; g += 1 }
                if g < l.e, c == deeper, g - k >= 2 || u[k] == 9 { return g }
                k = g
                column = c
            } else {
                k += 1
                column += 1
            }
        }
        var end = l.e
        while end > first, isSpaceOrTab(u[end - 1]) { end -= 1 }
        guard end - first <= 40, ![46, 58, 59, 33, 63].contains(u[end - 1]) else { return nil }
        return end
    }

    /// The end of a manual page's tag written on one line with its description (`h      Remove a
    /// trailing filename component`, `binding Readline key binding names.`, `HSTS   HSTS support
    /// is present.`), for line `n` of `lines`: a word of at most 20 characters whose description
    /// starts at a column where the page's tags of this indentation have theirs (`columns`:
    /// [indentation, column] pairs), with a neighbour that shows the list: after a gap of two
    /// spaces or more, a blank line, a heading or a tag of the same indentation before it, a line
    /// at that column next to it, or a tag of the list beside it; after one space (the tag fills
    /// its width), a line at that column or a tag of the same indentation just before it.
    /// Nil for any other line (a justified line's first word: `While  the  shell…`).
    static func oneLineTag(_ u: [UInt16], _ lines: [(s: Int, e: Int)], _ n: Int, columns: Set<[Int]>,
                           isTerm: (Int) -> Bool, isSkipped: (Int) -> Bool) -> Int? {
        let l = lines[n]
        let width = indentWidth(u, l.s, l.e).width
        guard width > 0, let (te, gap, column) = tagShape(u, l), columns.contains([width, column]) else { return nil }
        func indent(_ k: Int) -> Int? {
            guard k >= 0, k < lines.count, !isBlank(u, lines[k].s, lines[k].e), !isSkipped(lines[k].s) else { return nil }
            return indentWidth(u, lines[k].s, lines[k].e).width
        }
        // A neighbour that is a tag of the same list: a word and a gap of two spaces or more up to
        // the column, or a tag on a line of its own with its description at the column below.
        func isTagOfList(_ k: Int) -> Bool {
            guard let w = indent(k), w == width else { return false }
            if let shape = tagShape(u, lines[k]), shape.gap >= 2, shape.column == column { return true }
            return k + 1 < lines.count && indent(k + 1) == column && tagTerm(u, lines[k], lines[k + 1]) != nil
        }
        // A tag of the same list just before (not the option whose description this line opens).
        let previousIsTerm = n > 0 && isTerm(lines[n - 1].s) && indent(n - 1) == width
        let previousAtColumn = indent(n - 1) == column
        if gap >= 2 {
            // A justified paragraph's first line whose second word happens to start at the tags'
            // column (date(1): `After  any  flags  comes  an optional field width`): the next
            // line goes on at the line's own indentation and is no tag, and the line has other
            // gaps of two spaces or a tab between its words.
            if indent(n + 1) == width, !isTagOfList(n + 1) {
                var k = te + gap, inWord = false, laterGap = false
                while k + 1 < l.e {
                    if !isSpaceOrTab(u[k]) {
                        inWord = true
                    } else if inWord, u[k] == 9 || isSpaceOrTab(u[k + 1]) {
                        var g = k
                        while g < l.e, isSpaceOrTab(u[g]) { g += 1 }
                        laterGap = g < l.e
                        break
                    }
                    k += 1
                }
                if laterGap { return nil }
            }
            let previousBlank = indent(n - 1) == nil
            guard previousBlank || previousIsTerm || previousAtColumn || indent(n + 1) == column
                || isTagOfList(n - 1) || isTagOfList(n + 1) else { return nil }
        } else {
            guard previousIsTerm || previousAtColumn else { return nil }
        }
        return te
    }

    /// A line's first word (at most 20 characters, not ending in `.`, `,`, `:` or `;`) and the
    /// spaces after it: the word's end, the spaces' count and the column where text resumes.
    static func tagShape(_ u: [UInt16], _ l: (s: Int, e: Int)) -> (end: Int, gap: Int, column: Int)? {
        let (width, first) = indentWidth(u, l.s, l.e)
        var te = first
        while te < l.e, !isSpaceOrTab(u[te]) { te += 1 }
        guard te > first, te - first <= 20, te < l.e, ![46, 44, 58, 59].contains(u[te - 1]) else { return nil }
        // The gap in columns, a tab to the next multiple of eight (`col -b` keeps the tabs of a
        // rendered page: hunspell(1)'s `A<TAB>     Accept the word`).
        var g = te, column = width + (te - first)
        while g < l.e, isSpaceOrTab(u[g]) { column = u[g] == 9 ? (column / 8 + 1) * 8 : column + 1; g += 1 }
        guard g < l.e else { return nil }
        return (te, column - (width + (te - first)), column)
    }

    /// The end of a command written on an indented line (`tar -cf archive.tar foo bar  # …`):
    /// a lowercase word, a space and an option (or a pipe into a command with an option), or any
    /// lowercase word after a shell prompt
    /// (`$ git status | grep unmerged`, C shell's `% sh -c "…"`); the command runs up to a `#` comment after a gap or to
    /// the end of the line. Nil for any other line.
    static func commandEnd(_ u: [UInt16], _ s: Int, _ e: Int) -> Int? {
        var k = s
        let prompt = hasPrefix(u, s, e, "$ ") || hasPrefix(u, s, e, "% ")
        if prompt { k = s + 2 }
        let w = k
        while k < e, (u[k] >= 97 && u[k] <= 122) || ProseDetectors.isDigit(u[k]) || u[k] == 45 || u[k] == 95 { k += 1 }
        guard k > w else { return nil }
        let option = k + 2 < e && u[k] == 32 && u[k + 1] == 45 && (ProseDetectors.isASCIIAlnum(u[k + 2]) || u[k + 2] == 45)
        // A command piped into another that takes an option (`somecommand | xargs -s 50000 echo`).
        var piped = false
        if k + 3 < e, u[k] == 32, u[k + 1] == 124, u[k + 2] == 32 {
            var m = k + 3
            while m < e, (u[m] >= 97 && u[m] <= 122) || ProseDetectors.isDigit(u[m]) || u[m] == 45 || u[m] == 95 { m += 1 }
            piped = m > k + 3 && m + 2 < e && u[m] == 32 && u[m + 1] == 45 && ProseDetectors.isASCIIAlnum(u[m + 2])
        }
        guard option || piped || prompt && u[w] >= 97 && u[w] <= 122 && (k == e || u[k] == 32) else { return nil }
        // Up to a comment (`  # …`) or the end.
        var j = k
        while j + 2 < e {
            if isSpaceOrTab(u[j]), isSpaceOrTab(u[j + 1]) {
                var g = j
                while g < e, isSpaceOrTab(u[g]) { g += 1 }
                if g < e, u[g] == 35 { return j }
            }
            j += 1
        }
        var end = e
        while end > s, isSpaceOrTab(u[end - 1]) { end -= 1 }
        return end
    }

    /// Appends `u[a..<b]` (a stretch of a manual page's paragraph) to `segment`: verbatim, but a
    /// run of spaces and tabs inside a line as one space (substituted), and a word hyphenated
    /// across a line break with U+2010 (`discus‐` newline `sion`) as the whole word (substituted).
    static func appendManText(_ u: [UInt16], _ a: Int, _ b: Int, to segment: inout ProseSegment) {
        var verbatim = a
        var k = a
        func flush(_ upTo: Int) {
            if upTo > verbatim { segment.appendVerbatim(utf16Units: u[verbatim..<upTo], documentLocation: verbatim) }
        }
        func isLetter(_ c: UInt16) -> Bool { ProseDetectors.isASCIILetter(c) }
        while k < b {
            let c = u[k]
            if c == 0x2010, k > a, isLetter(u[k - 1]), k + 1 < b, u[k + 1] == 10 {
                var j = k + 2
                while j < b, isSpaceOrTab(u[j]) { j += 1 }
                if j < b, u[j] >= 97 && u[j] <= 122 {
                    var ws = k
                    while ws > verbatim, isLetter(u[ws - 1]) { ws -= 1 }
                    var we = j
                    while we < b, isLetter(u[we]) { we += 1 }
                    flush(ws)
                    let joined = String(decoding: u[ws..<k], as: UTF16.self) + String(decoding: u[j..<we], as: UTF16.self)
                    segment.appendSubstituted(joined, documentRange: NSRange(location: ws, length: we - ws))
                    verbatim = we
                    k = we
                    continue
                }
            }
            if isSpaceOrTab(c), k > a, u[k - 1] != 10, !isSpaceOrTab(u[k - 1]) {
                var j = k
                while j < b, isSpaceOrTab(u[j]) { j += 1 }
                if j < b, u[j] != 10, j - k >= 2 || c == 9 {
                    flush(k)
                    segment.appendSubstituted(" ", documentRange: NSRange(location: k, length: j - k))
                    verbatim = j
                }
                k = j
                continue
            }
            k += 1
        }
        flush(b)
    }
}
