import Foundation
import TextModel

/// reStructuredText source (docutils' and Sphinx's markup) → ``StructuredDocument``: the text a
/// reader sees is prose, the markup around it protected or left out (docs/ARCHITECTURE.md,
/// “Document structure”; the markup is docutils' “reStructuredText Markup Specification”).
///
/// Prose: paragraphs, section titles (their over- and underlines protected), the items of
/// bullet, enumerated, definition, field and option lists, block quotes, line blocks (their `|`
/// markers left out), footnote and citation texts, admonitions' bodies (`.. note::`,
/// `.. warning::`), the titles of `.. topic::`, `.. admonition::` and the like, and the cells of
/// grid and simple tables. Left out of the prose but not protected, as Markdown's `**` is:
/// emphasis and strong markers, a reference's opening backtick, a backslash escape, the second
/// colon of a paragraph's closing `::` (the whole ` ::` when a space precedes it).
///
/// Inline markup's delimiters (the backticks of ``` ``x`` ```, a role's `:func:` and backticks, the
/// bars of `|name|`, a reference's trailing `_`) are left out of the prose the same way, and what
/// they enclose is protected: a tool's result shows `x`, `os.path.join`, `donate`, never the
/// markup, and no tool can change either.
///
/// Protected, with its reason:
/// - ``ProtectionReason/restructuredText``: section adornments and transitions, directives'
///   names, arguments (unless they are a title) and `:option:` lines, the bodies of directives
///   whose content is data (`toctree`, `image`, `csv-table`, `include`…), comments,
///   substitution definitions and references (`|name|`), footnote and citation labels
///   (`.. [1]`), field names (`:param x:`), table borders;
/// - ``ProtectionReason/fencedCode``: code directives with their bodies (`.. code-block::`,
///   `.. code::`, `.. sourcecode::`, `.. doctest::`…); ``ProtectionReason/math``: `.. math::`
///   and `:math:`;
/// - ``ProtectionReason/indentedCode``: literal blocks after `::` and doctest blocks (`>>>`);
/// - ``ProtectionReason/inlineCode``: inline literals (``` ``x`` ```), interpreted text and
///   roles (`` :func:`x` ``, `` `x` ``), the bodies of type fields (`:rtype:`);
/// - ``ProtectionReason/linkDestination``: a reference's embedded URI and closing backtick
///   (`` `text <url>`_ ``: the text is prose), reference names (`name_`, `name__`), footnote
///   and citation references (`[1]_`, `[#]_`, `[CIT2002]_`);
/// - ``ProtectionReason/linkReferenceDefinition``: hyperlink targets (`.. _name: url`, `__ url`);
/// - ``ProtectionReason/commandLineOption``: the options of an option list (`-v, --verbose`).
enum ReStructuredTextParser {
    /// Directives whose body is code, protected whole with their options (``ProtectionReason/fencedCode``).
    static let codeDirectives: Set<String> = PlainTextCode.codeDirectives.union([
        "plot", "exec", "jinja", "program-output", "command-output", "runblock", "autoprogram", "code-cell",
        "ipython", "bokeh-plot", "altair-plot", "literal", "sql", "console",
    ])
    /// Directives whose body is data or names (a table of contents, an image's options, a CSV
    /// table, an index), protected whole.
    static let dataDirectives: Set<String> = [
        "toctree", "autosummary", "index", "include", "image", "contents", "sectnum", "section-numbering",
        "header", "footer", "meta", "tabularcolumns", "default-role", "role", "currentmodule", "module",
        "csv-table", "target-notes", "title", "unicode", "date", "replace", "class", "highlightlang",
        "sectionauthor", "moduleauthor", "codeauthor", "automodule", "autoclass", "autoexception", "autofunction",
        "automethod", "autoattribute", "autodata", "autodecorator", "autoproperty", "autoapimodule", "kernel-doc",
        "inheritance-diagram", "automodsumm", "automodapi", "autosummary-table", "py:currentmodule", "c:namespace",
        "cpp:namespace", "opcode", "pdbcommand", "availability", "audit-event", "impl-detail", "cssclass",
        "rst-class", "tags", "datatemplate", "spelling:word-list", "spelling", "versionremoved",
    ]
    /// Directives whose argument is a title or a sentence (prose); every other directive's
    /// argument is a name, a path or a signature (protected).
    static let proseArgumentDirectives: Set<String> = [
        "note", "warning", "tip", "hint", "important", "caution", "danger", "error", "attention", "seealso",
        "admonition", "topic", "sidebar", "rubric", "centered", "table", "list-table", "todo", "hlist",
        "versionadded", "versionchanged", "deprecated", "versionremoved", "glossary", "compound", "container",
    ]
    /// Admonitions: directives without an argument whose content is prose, the first paragraph
    /// of which may start on the directive's line (`.. note:: This is…`).
    static let admonitions: Set<String> = [
        "note", "warning", "tip", "hint", "important", "caution", "danger", "error", "attention", "seealso", "todo",
        "epigraph", "highlights", "pull-quote", "compound", "container",
    ]
    /// Roles whose content may be a text and a target (`:ref:`the guide <label>``, `:doc:`, `:term:`):
    /// the text is prose, the target protected; without a text the content is a name (protected).
    static let textRoles: Set<String> = ["ref", "doc", "term", "numref", "any", "download", "keyword", "token", "option"]
    /// Directives whose first argument word is a version (`.. versionadded:: 2.5 The *spam*
    /// parameter.`): the version protected, the rest of the argument prose.
    static let versionDirectives: Set<String> = ["versionadded", "versionchanged", "deprecated", "versionremoved"]
    /// Fields whose body is a type or a name, not prose (`:rtype: int`, `:type x: list of str`).
    static let typeFields: Set<String> = ["type", "rtype", "vartype", "kwtype", "ivartype", "returntype", "raises-type"]

    /// One line of the source.
    struct Line {
        /// UTF-16 offset of its first unit.
        var start: Int
        /// UTF-16 offset of its end, line break excluded.
        var end: Int
        /// Offset of its first non-blank unit (for a list item's first line, of its text).
        var content: Int
        /// Its indentation in columns (a tab to the next multiple of 8).
        var indent: Int
        /// True when it holds only blanks (or, for an item's first line, nothing after the marker).
        var blank: Bool
    }

    static func parse(_ text: String, hostProtected: [ProtectedRange]) -> StructuredDocument {
        var b = Builder(units: [UInt16](utf16Of: text))
        b.blocks(0, b.lines.count, parent: nil)
        var vocabulary = Set<String>()
        // The words of its code, and of its links' targets (`brotlicffi <https://pypi.org/project/brotlicffi>`_:
        // the name the text gives is the target's).
        // Only a URL's path counts, not its host: `github.com` in a link is no spelling of “Github”.
        for r in b.protected where [.inlineCode, .fencedCode, .indentedCode, .linkDestination, .linkReferenceDefinition].contains(r.reason) {
            var code = String(decoding: b.u[r.range.location..<(r.range.location + r.range.length)], as: UTF16.self)
            if r.reason == .linkDestination || r.reason == .linkReferenceDefinition {
                code = code.replacingOccurrences(of: #"[A-Za-z][A-Za-z0-9+.-]*://[^/\s>]*"#, with: " ", options: .regularExpression)
            }
            SourceScanning.identifiers(in: code, into: &vocabulary)
        }
        let (found, segments) = DocumentAssembly.detect(in: b.segments)
        return DocumentAssembly.finish(text: text, markup: .restructuredText, blocks: b.blockList, protected: b.protected + found,
                                       segments: segments, vocabulary: vocabulary, host: hostProtected, utf16Length: b.u.count)
    }

    /// True for the punctuation a section adornment or a transition is made of (docutils: any
    /// printable 7-bit ASCII character that is not a letter, a digit or a space).
    static func isAdornment(_ c: UInt16) -> Bool {
        c > 32 && c < 127 && !ProseDetectors.isASCIIAlnum(c)
    }

    /// True for a unit of white space.
    static func isSpace(_ c: UInt16) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 0xA0 }

    /// True for a character that may stand before an inline markup start-string (docutils'
    /// inline markup recognition rules: white space, or `-:/'"<([{` and other opening
    /// punctuation).
    static func mayPrecedeStart(_ c: UInt16) -> Bool {
        isSpace(c) || c == 45 || c == 58 || c == 47 || c == 39 || c == 34 || c == 60 || c == 40 || c == 91 || c == 123
            || c == 0x2018 || c == 0x201C || c == 0xAB || c == 0x2014 || c == 0x2013
    }

    /// True for a character that may follow an inline markup end-string: white space, or
    /// `-.,:;!?\/'")]}>` and other closing punctuation.
    static func mayFollowEnd(_ c: UInt16) -> Bool {
        isSpace(c) || c == 45 || c == 46 || c == 44 || c == 58 || c == 59 || c == 33 || c == 63 || c == 92 || c == 47
            || c == 39 || c == 34 || c == 41 || c == 93 || c == 125 || c == 62 || c == 0x2019 || c == 0x201D || c == 0xBB
            || c == 0x2014 || c == 0x2013
    }

    private struct Builder {
        let u: [UInt16]
        var lines: [Line]
        var blockList: [Block] = []
        var protected: [ProtectedRange] = []
        var segments: [ProseSegment] = []
        var identity = 0
        /// The heading level of each adornment style, in order of first use: the character and
        /// whether it has an overline.
        var styles: [(UInt16, Bool)] = []

        init(units: [UInt16]) {
            u = units
            lines = PlainTextCode.lines(units).map { l in
                var k = l.start
                while k < l.end, units[k] == 32 || units[k] == 9 { k += 1 }
                return Line(start: l.start, end: l.end, content: k, indent: l.indent, blank: l.blank)
            }
        }

        mutating func nextIntent(_ kind: PresentationIntent.Kind, _ parent: PresentationIntent?) -> PresentationIntent {
            identity += 1
            return PresentationIntent(kind, identity: identity, nestedInside: parent)
        }

        mutating func protect(_ a: Int, _ b: Int, _ reason: ProtectionReason) {
            guard b > a else { return }
            protected.append(ProtectedRange(range: NSRange(location: a, length: b - a), reason: reason))
        }

        /// The end of line `i`'s text without trailing blanks.
        func trimmedEnd(_ i: Int) -> Int {
            var e = lines[i].end
            while e > lines[i].content, u[e - 1] == 32 || u[e - 1] == 9 { e -= 1 }
            return e
        }

        /// Line `i`'s text from its content start.
        func text(_ i: Int) -> String { String(decoding: u[lines[i].content..<trimmedEnd(i)], as: UTF16.self) }

        /// The index after the last line of the indented body that follows line `i` (lines
        /// blank or indented more than `indent`), trailing blank lines excluded; `i + 1` when none.
        func bodyEnd(after i: Int, _ to: Int, indent: Int) -> Int {
            var j = i + 1, last = i
            while j < to, lines[j].blank || lines[j].indent > indent {
                if !lines[j].blank { last = j }
                j += 1
            }
            return last + 1
        }

        /// True when line `i` is made of one adornment character repeated, at least `minimum` times.
        func adornment(_ i: Int, minimum: Int = 4) -> UInt16? {
            let l = lines[i]
            guard !l.blank else { return nil }
            let e = trimmedEnd(i)
            let c = u[l.content]
            guard isAdornment(c), e - l.content >= minimum else { return nil }
            for k in l.content..<e where u[k] != c { return nil }
            return c
        }

        /// The heading level of adornment style `(c, overline)`.
        mutating func level(_ c: UInt16, _ overline: Bool) -> Int {
            if let k = styles.firstIndex(where: { $0.0 == c && $0.1 == overline }) { return k + 1 }
            styles.append((c, overline))
            return styles.count
        }

        /// The first non-blank line from `i` before `to`, or `to`.
        func nextNonBlank(_ i: Int, _ to: Int) -> Int {
            var j = i
            while j < to, lines[j].blank { j += 1 }
            return j
        }

        func matches(_ s: String, _ pattern: String) -> Range<String.Index>? { s.range(of: pattern, options: .regularExpression) }

        /// Parses lines `from..<to` as a sequence of body elements nested in `parent`.
        mutating func blocks(_ from: Int, _ to: Int, parent: PresentationIntent?) {
            var i = nextNonBlank(from, to)
            guard i < to else { return }
            let base = lines[i].indent
            // The list the previous item belongs to: its kind, its intent, its block's index.
            var list: (kind: Int, intent: PresentationIntent, block: Int)?
            func listIntent(_ kind: Int, _ b: inout Builder, start: Int) -> PresentationIntent {
                if let l = list, l.kind == kind { return l.intent }
                let intent = b.nextIntent(kind == 1 ? .orderedList : .unorderedList, parent)
                b.blockList.append(Block(range: NSRange(location: start, length: 0), intent: intent))
                list = (kind, intent, b.blockList.count - 1)
                return intent
            }
            func extendList(_ end: Int, _ b: inout Builder) {
                guard let l = list else { return }
                let r = b.blockList[l.block].range
                b.blockList[l.block].range = NSRange(location: r.location, length: max(r.length, end - r.location))
            }
            while i < to {
                let l = lines[i]
                if l.blank { i += 1; continue }
                let t = text(i)
                // A block indented more: a block quote.
                if l.indent > base {
                    list = nil
                    let j = bodyEnd(after: i - 1, to, indent: base)
                    let quote = nextIntent(.blockQuote, parent)
                    blockList.append(Block(range: NSRange(location: l.content, length: trimmedEnd(j - 1) - l.content), intent: quote))
                    blocks(i, j, parent: quote)
                    i = j
                    continue
                }
                // Explicit markup: directives, targets, footnotes, substitution definitions, comments.
                if t == ".." || t.hasPrefix(".. ") || t.hasPrefix("..\t") {
                    list = nil
                    i = explicit(i, to, base: base, parent: parent)
                    continue
                }
                // An anonymous target (`__ https://…`).
                if t.hasPrefix("__ ") {
                    list = nil
                    let j = bodyEnd(after: i, to, indent: base)
                    protect(l.content, trimmedEnd(j - 1), .linkReferenceDefinition)
                    i = j
                    continue
                }
                // A section title with an overline.
                if let c = adornment(i, minimum: 3), i + 2 < to, !lines[i + 1].blank, adornment(i + 1, minimum: 1) == nil,
                   adornment(i + 2, minimum: 3) == c {
                    list = nil
                    protect(l.content, trimmedEnd(i), .restructuredText)
                    protect(lines[i + 2].content, trimmedEnd(i + 2), .restructuredText)
                    heading(i + 1, level: level(c, true), parent: parent)
                    i += 3
                    continue
                }
                // A section title with an underline only.
                if i + 1 < to, adornment(i, minimum: 1) == nil, let c = adornment(i + 1, minimum: 3), lines[i + 1].indent == l.indent,
                   !(t.hasPrefix(">>>") || t.hasPrefix("| ") || t == "|") {
                    list = nil
                    protect(lines[i + 1].content, trimmedEnd(i + 1), .restructuredText)
                    heading(i, level: level(c, false), parent: parent)
                    i += 2
                    continue
                }
                // A simple table (`=====  =====` borders).
                if isSimpleTableBorder(i), let j = simpleTable(i, to, parent: parent) {
                    list = nil
                    i = j
                    continue
                }
                // A transition: a line of four or more punctuation characters between blank lines.
                if adornment(i) != nil, i + 1 >= to || lines[i + 1].blank {
                    list = nil
                    protect(l.content, trimmedEnd(i), .restructuredText)
                    blockList.append(Block(range: NSRange(location: l.content, length: trimmedEnd(i) - l.content), intent: nextIntent(.thematicBreak, parent)))
                    i += 1
                    continue
                }
                // A grid table.
                if matches(t, #"^\+([-=]+\+)+$"#) != nil {
                    list = nil
                    i = gridTable(i, to, parent: parent)
                    continue
                }
                // A doctest block: to the next blank line.
                if t.hasPrefix(">>>"), t.count == 3 || t.dropFirst(3).first == " " {
                    list = nil
                    var j = i
                    while j + 1 < to, !lines[j + 1].blank { j += 1 }
                    protect(l.content, trimmedEnd(j), .indentedCode)
                    blockList.append(Block(range: NSRange(location: l.content, length: trimmedEnd(j) - l.content), intent: nextIntent(.codeBlock(languageHint: "pycon"), parent)))
                    i = j + 1
                    continue
                }
                // A line block: `| ` lines (continuation lines indented), one paragraph.
                if t == "|" || t.hasPrefix("| ") {
                    list = nil
                    var j = i, omit: [NSRange] = []
                    while j < to, !lines[j].blank, lines[j].indent >= base {
                        let c = lines[j].content
                        if lines[j].indent == base {
                            guard u[c] == 124, c + 1 >= lines[j].end || u[c + 1] == 32 else { break }
                            omit.append(NSRange(location: c, length: min(2, lines[j].end - c)))
                        }
                        j += 1
                    }
                    paragraph(l.content, trimmedEnd(j - 1), intent: nextIntent(.paragraph, parent), omit: omit)
                    i = j
                    continue
                }
                // A bullet list item.
                if let m = matches(t, #"^[-*+\x{2022}\x{2023}\x{2043}]( +|$)"#) {
                    let intent = listIntent(0, &self, start: l.content)
                    i = item(i, to, base: base, markerLength: t.utf16.distance(from: t.utf16.startIndex, to: m.upperBound.samePosition(in: t.utf16)!),
                             parent: intent, ordinal: 1)
                    extendList(trimmedEnd(i - 1), &self)
                    continue
                }
                // An enumerated list item (`1.`, `(a)`, `iv)`, `#.`); a lone letter or Roman numeral
                // with a period followed by a capital (“A. Smith”) only when the next line is blank or an item.
                if let m = matches(t, #"^(\(?([0-9]+|[a-zA-Z]|#|[ivxlcdm]+|[IVXLCDM]+)\)|([0-9]+|[a-zA-Z]|#|[ivxlcdm]+|[IVXLCDM]+)\.)( +|$)"#) {
                    let marker = String(t[..<m.upperBound]).trimmingCharacters(in: .whitespaces)
                    let ordinal = Int(marker.filter(\.isNumber)) ?? 1
                    let intent = listIntent(1, &self, start: l.content)
                    i = item(i, to, base: base, markerLength: t.utf16.distance(from: t.utf16.startIndex, to: m.upperBound.samePosition(in: t.utf16)!),
                             parent: intent, ordinal: ordinal)
                    extendList(trimmedEnd(i - 1), &self)
                    continue
                }
                // A field list item (`:param x: text`); a role at a paragraph's start (`:func:` then a backtick) is none.
                if let m = matches(t, #"^:([^:\s`]|[^:\s`][^`]*?[^\s\\]):(\s|$)"#) {
                    let nameEnd = l.content + t.utf16.distance(from: t.utf16.startIndex, to: m.upperBound.samePosition(in: t.utf16)!)
                    let name = String(t[t.index(after: t.startIndex)..<t.index(m.upperBound, offsetBy: t[m].last!.isWhitespace ? -2 : -1)])
                    let trimmedName = nameEnd - ((u[nameEnd - 1] == 32 || u[nameEnd - 1] == 9) ? 1 : 0)
                    protect(l.content, trimmedName, .restructuredText)
                    let intent = listIntent(0, &self, start: l.content)
                    let field = name.split(separator: " ").first.map(String.init) ?? name
                    if ReStructuredTextParser.typeFields.contains(field.lowercased()) {
                        let j = bodyEnd(after: i, to, indent: base)
                        protect(nameEnd, trimmedEnd(j - 1), .inlineCode)
                        blockList.append(Block(range: NSRange(location: l.content, length: trimmedEnd(j - 1) - l.content),
                                               intent: nextIntent(.listItem(ordinal: 1), intent)))
                        i = j
                    } else {
                        i = item(i, to, base: base, markerLength: nameEnd - l.content, parent: intent, ordinal: 1)
                    }
                    extendList(trimmedEnd(i - 1), &self)
                    continue
                }
                // An option list item (`-v, --verbose  Say more.`).
                let option = #"(--?|/)[A-Za-z0-9][\w-]*([ =](<[^>]+>|[A-Za-z0-9_][\w.-]*))?"#
                if let m = matches(t, "^\(option)(, \(option))*(  +|$)"), m.upperBound < t.endIndex || (i + 1 < to && !lines[i + 1].blank && lines[i + 1].indent > base) {
                    let optEnd = String(t[..<m.upperBound]).trimmingCharacters(in: .whitespaces).utf16.count
                    protect(l.content, l.content + optEnd, .commandLineOption)
                    let intent = listIntent(0, &self, start: l.content)
                    i = item(i, to, base: base, markerLength: t.utf16.distance(from: t.utf16.startIndex, to: m.upperBound.samePosition(in: t.utf16)!),
                             parent: intent, ordinal: 1)
                    extendList(trimmedEnd(i - 1), &self)
                    continue
                }
                list = nil
                // A definition list item: a term line, then its definition indented.
                if i + 1 < to, !lines[i + 1].blank, lines[i + 1].indent > base {
                    let listIntent = nextIntent(.unorderedList, parent)
                    let itemIntent = nextIntent(.listItem(ordinal: 1), listIntent)
                    let j = bodyEnd(after: i, to, indent: base)
                    let r = NSRange(location: l.content, length: trimmedEnd(j - 1) - l.content)
                    blockList.append(Block(range: r, intent: listIntent))
                    blockList.append(Block(range: r, intent: itemIntent))
                    paragraph(l.content, trimmedEnd(i), intent: nextIntent(.paragraph, itemIntent))
                    blocks(i + 1, j, parent: itemIntent)
                    i = j
                    continue
                }
                i = plainParagraph(i, to, base: base, parent: parent)
            }
        }

        /// A paragraph from line `i`: its lines to the next blank line or indented line, and the
        /// literal block its closing `::` introduces. Returns the index after it.
        mutating func plainParagraph(_ i: Int, _ to: Int, base: Int, parent: PresentationIntent?) -> Int {
            var j = i
            while j + 1 < to, !lines[j + 1].blank, lines[j + 1].indent <= base { j += 1 }
            let a = lines[i].content
            var b = trimmedEnd(j)
            var omit: [NSRange] = []
            var literal = false
            if b - a >= 2, u[b - 1] == 58, u[b - 2] == 58 {
                literal = true
                if b - a == 2 {
                    protect(a, b, .restructuredText)
                    b = a
                } else if isSpace(u[b - 3]) {
                    var s = b - 2
                    while s > a, isSpace(u[s - 1]) { s -= 1 }
                    omit.append(NSRange(location: s, length: b - s))
                } else {
                    omit.append(NSRange(location: b - 1, length: 1))
                }
            }
            if b > a { paragraph(a, b, intent: nextIntent(.paragraph, parent), omit: omit) }
            var next = j + 1
            if literal {
                let k = nextNonBlank(next, to)
                if k < to, lines[k].indent > base {
                    let e = bodyEnd(after: k - 1, to, indent: base)
                    // From the start of its first line, indentation included, as its other lines are.
                    codeBlock(lines[k].start, trimmedEnd(e - 1), .indentedCode, parent: parent)
                    next = e
                } else if k < to, k > next, isAdornment(u[lines[k].content]) {
                    // A quoted literal block: unindented lines that start with the same punctuation.
                    let c = u[lines[k].content]
                    var e = k
                    while e + 1 < to, !lines[e + 1].blank, u[lines[e + 1].content] == c { e += 1 }
                    codeBlock(lines[k].content, trimmedEnd(e), .indentedCode, parent: parent)
                    next = e + 1
                }
            }
            return next
        }

        mutating func codeBlock(_ a: Int, _ b: Int, _ reason: ProtectionReason, hint: String? = nil, parent: PresentationIntent?) {
            guard b > a else { return }
            protect(a, b, reason)
            blockList.append(Block(range: NSRange(location: a, length: b - a), intent: nextIntent(.codeBlock(languageHint: hint), parent)))
        }

        /// A section title on line `i`.
        mutating func heading(_ i: Int, level: Int, parent: PresentationIntent?) {
            paragraph(lines[i].content, trimmedEnd(i), intent: nextIntent(.header(level: level), parent))
        }

        /// A list item whose marker (bullet, number, field name, options) takes `markerLength`
        /// units of line `i`: its body is the rest of the line and the lines indented after it.
        /// With `ordinal` nil the body is no list item (an admonition's content after `.. note::`).
        mutating func item(_ i: Int, _ to: Int, base: Int, markerLength: Int, parent: PresentationIntent?, ordinal: Int?) -> Int {
            let l = lines[i]
            let j = bodyEnd(after: i, to, indent: base)
            var intent = parent
            if let ordinal {
                let itemIntent = nextIntent(.listItem(ordinal: ordinal), parent)
                blockList.append(Block(range: NSRange(location: l.content, length: max(trimmedEnd(j - 1), l.content + markerLength) - l.content), intent: itemIntent))
                intent = itemIntent
            }
            var first = lines[i]
            first.content = min(l.content + markerLength, l.end)
            first.indent = l.indent + markerLength
            first.blank = first.content >= trimmedEnd(i)
            // The body's lines indented as the first line's text is (or the next line's, when
            // the marker stands alone) read as one body.
            let saved = lines[i]
            lines[i] = first
            if !first.blank, i + 1 < j, !lines[i + 1].blank { lines[i].indent = lines[i + 1].indent }
            blocks(i, j, parent: intent)
            lines[i] = saved
            return j
        }

        /// Explicit markup from line `i`: returns the index after its block.
        mutating func explicit(_ i: Int, _ to: Int, base: Int, parent: PresentationIntent?) -> Int {
            let l = lines[i]
            let j = bodyEnd(after: i, to, indent: base)
            let end = trimmedEnd(j - 1)
            let t = text(i)
            // A hyperlink target (`.. _name: url`, `.. __: url`).
            if t.hasPrefix(".. _") {
                protect(l.content, end, .linkReferenceDefinition)
                return j
            }
            // A substitution definition (`.. |name| image:: …`).
            if matches(t, #"^\.\. \|[^|]+\| "#) != nil {
                protect(l.content, end, .restructuredText)
                return j
            }
            // A footnote or citation: its label protected, its text prose.
            if let m = matches(t, #"^\.\. \[([0-9]+|#[\w.-]*|\*|[A-Za-z][\w.-]*)\]( +|$)"#) {
                let len = t.utf16.distance(from: t.utf16.startIndex, to: m.upperBound.samePosition(in: t.utf16)!)
                let label = String(t[..<m.upperBound]).trimmingCharacters(in: .whitespaces).utf16.count
                protect(l.content, l.content + label, .restructuredText)
                let list = nextIntent(.orderedList, parent)
                blockList.append(Block(range: NSRange(location: l.content, length: end - l.content), intent: list))
                return item(i, to, base: base, markerLength: len, parent: list, ordinal: 1)
            }
            // A directive.
            if let m = matches(t, #"^\.\. +[A-Za-z0-9][A-Za-z0-9_.:+-]*?::(\s|$)"#) {
                let head = t[..<m.upperBound].trimmingCharacters(in: .whitespaces)
                let name = head.dropFirst(2).trimmingCharacters(in: .whitespaces).dropLast(2).lowercased()
                let bare = name.split(separator: ":").last.map(String.init) ?? name
                let nameEnd = l.content + head.utf16.count
                if ReStructuredTextParser.codeDirectives.contains(bare) || ReStructuredTextParser.codeDirectives.contains(name) {
                    codeBlock(l.content, end, bare == "math" ? .math : .fencedCode, hint: name, parent: parent)
                    return j
                }
                if ReStructuredTextParser.dataDirectives.contains(bare) || ReStructuredTextParser.dataDirectives.contains(name) {
                    protect(l.content, end, .restructuredText)
                    return j
                }
                protect(l.content, nameEnd, .restructuredText)
                var argStart = nameEnd
                while argStart < l.end, u[argStart] == 32 || u[argStart] == 9 { argStart += 1 }
                // An admonition takes no argument: text after `::` starts its content.
                if ReStructuredTextParser.admonitions.contains(bare), argStart < trimmedEnd(i) {
                    return item(i, to, base: base, markerLength: argStart - l.content, parent: parent, ordinal: nil)
                }
                // The argument: the rest of the first line and the lines after it up to the
                // options or a blank line (none for an admonition).
                var k = i
                if !ReStructuredTextParser.admonitions.contains(bare) {
                    while k + 1 < j, !lines[k + 1].blank, !text(k + 1).hasPrefix(":") { k += 1 }
                }
                let argEnd = k == i ? max(argStart, trimmedEnd(i)) : trimmedEnd(k)
                if argEnd > argStart {
                    if ReStructuredTextParser.proseArgumentDirectives.contains(bare) {
                        var a = argStart
                        if ReStructuredTextParser.versionDirectives.contains(bare) {
                            while a < argEnd, !isSpace(u[a]) { a += 1 }
                            protect(argStart, a, .versionNumber)
                            while a < argEnd, isSpace(u[a]) { a += 1 }
                        }
                        if a < argEnd {
                            paragraph(a, argEnd, intent: nextIntent(ReStructuredTextParser.versionDirectives.contains(bare) ? .paragraph : .header(level: 6), parent))
                        }
                    } else {
                        protect(argStart, argEnd, .restructuredText)
                    }
                }
                // The options (`:maxdepth: 2`), each with its continuation lines.
                var o = k + 1
                while o < j, !lines[o].blank, text(o).hasPrefix(":") {
                    var e = o
                    while e + 1 < j, !lines[e + 1].blank, lines[e + 1].indent > lines[o].indent { e += 1 }
                    protect(lines[o].content, trimmedEnd(e), .restructuredText)
                    o = e + 1
                }
                // The content: body elements, the author's own words (no block quote).
                if o < j { blocks(o, j, parent: parent) }
                return j
            }
            // Anything else is a comment (an empty one, `..` then a blank line, ends on its line).
            if t == "..", i + 1 < to, lines[i + 1].blank {
                protect(l.content, trimmedEnd(i), .restructuredText)
                return i + 1
            }
            protect(l.content, end, .restructuredText)
            return j
        }

        /// True when line `i` is a simple table's border: columns of `=` separated by spaces.
        func isSimpleTableBorder(_ i: Int) -> Bool {
            let l = lines[i]
            guard !l.blank, u[l.content] == 61 else { return false }
            let e = trimmedEnd(i)
            var sawGap = false
            for k in l.content..<e {
                if u[k] == 32 { sawGap = true } else if u[k] != 61 { return false }
            }
            return sawGap
        }

        /// A simple table from its top border on line `i`; returns the index after it, or nil
        /// when no closing border follows.
        mutating func simpleTable(_ i: Int, _ to: Int, parent: PresentationIntent?) -> Int? {
            // Borders: the top, perhaps one under the header, and the bottom (followed by a blank line).
            var borders = [i]
            var j = i + 1
            var endLine: Int?
            while j < to {
                if isSimpleTableBorder(j) {
                    borders.append(j)
                    if j + 1 >= to || lines[j + 1].blank { endLine = j; break }
                }
                j += 1
            }
            guard let last = endLine else { return nil }
            // Column starts: the offsets (from the line's start) of each run of `=` in the top border.
            let top = lines[i]
            var columns: [Int] = []
            for k in top.content..<trimmedEnd(i) where u[k] == 61 && (k == top.content || u[k - 1] == 32) { columns.append(k - top.start) }
            let table = nextIntent(.table(columns: columns.map { _ in .init(alignment: .left) }), parent)
            blockList.append(Block(range: NSRange(location: top.content, length: trimmedEnd(last) - top.content), intent: table))
            let header = borders.count >= 3
            var row = 0
            for k in i...last {
                if borders.contains(k) { protect(lines[k].content, trimmedEnd(k), .restructuredText); continue }
                if lines[k].blank { continue }
                let e = trimmedEnd(k)
                // A row of column-span underlines (`-----  ------`).
                if u[lines[k].content..<e].allSatisfy({ $0 == 45 || $0 == 32 }) { protect(lines[k].content, e, .restructuredText); continue }
                let rowIntent = nextIntent(header && k < borders[1] ? .tableHeaderRow : .tableRow(rowIndex: row), table)
                if !(header && k < borders[1]) { row += 1 }
                // Cells: split at column starts that fall after a space.
                var starts = [lines[k].start]
                for c in columns.dropFirst() {
                    let p = lines[k].start + c
                    if p < e, p > lines[k].start, u[p - 1] == 32 { starts.append(p) }
                }
                for (n, s) in starts.enumerated() {
                    var a = max(s, lines[k].content)
                    var b = n + 1 < starts.count ? starts[n + 1] : e
                    while a < b, u[a] == 32 || u[a] == 9 { a += 1 }
                    while b > a, u[b - 1] == 32 || u[b - 1] == 9 { b -= 1 }
                    if b > a { paragraph(a, b, intent: nextIntent(.tableCell(columnIndex: n), rowIntent)) }
                }
            }
            return last + 1
        }

        /// A grid table from its top border on line `i`: returns the index after it.
        mutating func gridTable(_ i: Int, _ to: Int, parent: PresentationIntent?) -> Int {
            var j = i
            while j + 1 < to, !lines[j + 1].blank, u[lines[j + 1].content] == 43 || u[lines[j + 1].content] == 124 { j += 1 }
            let top = lines[i]
            var columns = Set<Int>()
            for k in top.content..<trimmedEnd(i) where u[k] == 43 { columns.insert(k - top.start) }
            let columnCount = max(1, columns.count - 1)
            let table = nextIntent(.table(columns: Array(repeating: .init(alignment: .left), count: columnCount)), parent)
            blockList.append(Block(range: NSRange(location: top.content, length: trimmedEnd(j) - top.content), intent: table))
            var row = 0
            for k in i...j {
                let s = lines[k].content, e = trimmedEnd(k)
                if u[s..<e].allSatisfy({ $0 == 43 || $0 == 45 || $0 == 61 || $0 == 124 || $0 == 32 }) {
                    protect(s, e, .restructuredText)
                    if k > i { row += 1 }
                    continue
                }
                let rowIntent = nextIntent(.tableRow(rowIndex: row), table)
                // Separators: `|` (or `+`) at a column's offset.
                var cuts: [Int] = []
                for p in s..<e where (u[p] == 124 || u[p] == 43) && columns.contains(p - lines[k].start) { cuts.append(p) }
                if cuts.first != s { cuts.insert(s - 1, at: 0) }
                for (n, c) in cuts.enumerated() {
                    if c >= s { protect(c, c + 1, .restructuredText) }
                    var a = c + 1
                    var b = n + 1 < cuts.count ? cuts[n + 1] : e
                    while a < b, u[a] == 32 || u[a] == 9 { a += 1 }
                    while b > a, u[b - 1] == 32 || u[b - 1] == 9 { b -= 1 }
                    guard b > a else { continue }
                    // A border inside a row (a cell that spans rows beside it).
                    if u[a..<b].allSatisfy({ $0 == 43 || $0 == 45 || $0 == 61 }) { protect(a, b, .restructuredText); continue }
                    paragraph(a, b, intent: nextIntent(.tableCell(columnIndex: n), rowIntent))
                }
            }
            return j + 1
        }

        // MARK: Inline markup

        /// Adds the prose segment of `a..<b` (a paragraph, a title, a cell) with its inline
        /// markup read, leaving out the `omit` ranges.
        mutating func paragraph(_ a: Int, _ b: Int, intent: PresentationIntent, omit: [NSRange] = []) {
            guard b > a else { return }
            let r = NSRange(location: a, length: b - a)
            blockList.append(Block(range: r, intent: intent))
            var seg = ProseSegment(blockRange: r, intent: intent)
            var at = a
            for mark in inline(a, b, omit: omit) {
                if mark.range.location > at { seg.appendVerbatim(utf16Units: u[at..<mark.range.location], documentLocation: at) }
                if let reason = mark.reason {
                    seg.appendProtected(documentRange: mark.range)
                    protected.append(ProtectedRange(range: mark.range, reason: reason))
                }
                at = mark.range.location + mark.range.length
            }
            if b > at { seg.appendVerbatim(utf16Units: u[at..<b], documentLocation: at) }
            guard seg.pieces.contains(where: { $0.kind != .protected }) else { return }
            segments.append(seg)
        }

        /// The inline markup of `a..<b`, in order and disjoint: protected spans with their
        /// reason, and markup left out of the prose (reason nil).
        func inline(_ a: Int, _ b: Int, omit: [NSRange]) -> [(range: NSRange, reason: ProtectionReason?)] {
            var out: [(range: NSRange, reason: ProtectionReason?)] = []
            var omitIndex = 0
            var failed: [Int: Int] = [:]
            func canStart(_ i: Int) -> Bool {
                (i == a || mayPrecedeStart(u[i - 1]) || (omitIndex > 0 && omit[omitIndex - 1].location + omit[omitIndex - 1].length == i))
                    && i + 1 < b && !isSpace(u[i + 1])
            }
            /// The offset of an end-string `close` searched from `from`: preceded by a non-space,
            /// followed by the end or a character allowed after an end-string.
            ///
            /// A search that found nothing from `from` finds nothing from any later start either:
            /// the smallest such start is kept per end-string (`key`), so that a paragraph of
            /// unmatched `*` or backticks costs linear time, not quadratic.
            func findEnd(_ close: [UInt16], from: Int, key: Int = 0, suffixOK: ((Int) -> Bool)? = nil) -> Int? {
                let cacheKey = key * 1024 + close.count * 256 + Int(close[0] & 0xFF)
                if let f = failed[cacheKey], from >= f { return nil }
                var k = from
                defer { if k + close.count > b { failed[cacheKey] = min(failed[cacheKey] ?? from, from) } }
                while k + close.count <= b {
                    if u[k] == 92 { k += 2; continue }
                    if u[k] == close[0], Array(u[k..<(k + close.count)]) == close, k > from, !isSpace(u[k - 1]) {
                        let after = k + close.count
                        if let suffixOK { if suffixOK(after) { return k } } else if after >= b || mayFollowEnd(u[after]) { return k }
                    }
                    k += 1
                }
                return nil
            }
            func endOK(_ k: Int) -> Bool { k >= b || mayFollowEnd(u[k]) }
            /// Markup `a0..<a1` and `b0..<b1` left out, the content between protected.
            func wrap(_ a0: Int, _ a1: Int, _ b0: Int, _ b1: Int, _ reason: ProtectionReason) {
                if a1 > a0 { out.append((NSRange(location: a0, length: a1 - a0), nil)) }
                if b0 > a1 { out.append((NSRange(location: a1, length: b0 - a1), reason)) }
                if b1 > b0 { out.append((NSRange(location: b0, length: b1 - b0), nil)) }
            }
            var i = a
            while i < b {
                if omitIndex < omit.count, omit[omitIndex].location <= i {
                    let o = omit[omitIndex]
                    omitIndex += 1
                    if o.location >= i { out.append((o, nil)); i = o.location + o.length }
                    continue
                }
                let c = u[i]
                if c == 92, i + 1 < b {
                    // A backslash escape: the backslash left out (with the space it escapes).
                    out.append((NSRange(location: i, length: isSpace(u[i + 1]) ? 2 : 1), nil))
                    i += 2
                    continue
                }
                guard canStart(i) else { i += 1; continue }
                switch c {
                case 96 where u[i + 1] == 96:  // ``inline literal``
                    if i + 2 < b, let k = findEnd([96, 96], from: i + 2) {
                        wrap(i, i + 2, k, k + 2, .inlineCode)
                        i = k + 2
                        continue
                    }
                case 96:  // `interpreted text`, `reference`_, `text <url>`_, `text`:role:
                    guard let k = findEnd([96], from: i + 1, key: 1, suffixOK: { after in
                        if after < b, u[after] == 95 { let e = after + 1 < b && u[after + 1] == 95 ? after + 2 : after + 1; return endOK(e) }
                        if after < b, u[after] == 58 { return true }
                        return endOK(after)
                    }) else { break }
                    var after = k + 1
                    if after < b, u[after] == 95 {
                        after += (after + 1 < b && u[after + 1] == 95) ? 2 : 1
                        // The text is prose; an embedded URI (` <url>`) and the closing backtick are protected.
                        var p = k
                        if u[k - 1] == 62, let lt = (i + 1..<k).last(where: { u[$0] == 60 }), lt > i + 1, isSpace(u[lt - 1]) {
                            p = lt
                            while p > i + 1, isSpace(u[p - 1]) { p -= 1 }
                        }
                        if p == i + 1 {
                            wrap(i, i + 1, k, after, .linkDestination)
                        } else {
                            out.append((NSRange(location: i, length: 1), nil))
                            if p < k { out.append((NSRange(location: p, length: k - p), .linkDestination)) }
                            out.append((NSRange(location: k, length: after - k), nil))
                        }
                        i = after
                        continue
                    }
                    var reason = ProtectionReason.inlineCode
                    if after < b, u[after] == 58, let m = roleEnd(after, b) {
                        if String(decoding: u[(after + 1)..<(m - 1)], as: UTF16.self).hasSuffix("math") { reason = .math }
                        after = m
                    }
                    wrap(i, i + 1, k, after, reason)
                    i = after
                    continue
                case 58:  // :role:`text`
                    if let m = roleEnd(i, b), m < b, u[m] == 96, let k = findEnd([96], from: m + 1) {
                        let role = String(decoding: u[(i + 1)..<(m - 1)], as: UTF16.self)
                        // A cross-reference with its own text (`:ref:`the streaming guide <stream>``):
                        // the text is prose, as a hyperlink reference's is; the target is protected.
                        if ReStructuredTextParser.textRoles.contains(role.split(separator: ":").last.map(String.init) ?? role), u[k - 1] == 62,
                           let lt = ((m + 1)..<k).last(where: { u[$0] == 60 }), lt > m + 2, isSpace(u[lt - 1]) {
                            var p = lt
                            while p > m + 1, isSpace(u[p - 1]) { p -= 1 }
                            out.append((NSRange(location: i, length: m + 1 - i), nil))
                            out.append((NSRange(location: p, length: k - p), .linkDestination))
                            out.append((NSRange(location: k, length: 1), nil))
                            i = k + 1
                            continue
                        }
                        // Sphinx's `~` (show the last name only) and `!` (no link) are markup too.
                        let open = m + 2 < k && (u[m + 1] == 126 || u[m + 1] == 33) ? m + 2 : m + 1
                        wrap(i, open, k, k + 1, role == "math" || role.hasSuffix(":math") ? .math : .inlineCode)
                        i = k + 1
                        continue
                    }
                case 42:  // **strong**, *emphasis*: the markers left out
                    let strong = u[i + 1] == 42
                    let n = strong ? 2 : 1
                    guard i + n < b, !isSpace(u[i + n]) else { break }
                    if let k = findEnd(strong ? [42, 42] : [42], from: i + n), !strong || k > i + 2, strong || u[k - 1] != 42 {
                        out.append((NSRange(location: i, length: n), nil))
                        // Inline literals and roles cannot nest in emphasis: the rest is prose.
                        out.append((NSRange(location: k, length: n), nil))
                        i = k + n
                        continue
                    }
                case 124:  // |substitution|, |substitution|_
                    if let k = findEnd([124], from: i + 1, key: 2, suffixOK: { after in
                        var e = after
                        if e < b, u[e] == 95 { e += (e + 1 < b && u[e + 1] == 95) ? 2 : 1 }
                        return endOK(e)
                    }) {
                        var e = k + 1
                        if e < b, u[e] == 95 { e += (e + 1 < b && u[e + 1] == 95) ? 2 : 1 }
                        wrap(i, i + 1, k, e, .restructuredText)
                        i = e
                        continue
                    }
                case 91:  // [1]_, [#]_, [#note]_, [*]_, [CIT2002]_
                    var k = i + 1
                    while k < b, k - i < 64, u[k] != 93, !isSpace(u[k]) { k += 1 }
                    if k > i + 1, k + 1 < b, u[k] == 93, u[k + 1] == 95, endOK(k + 2) {
                        let label = u[(i + 1)..<k]
                        let ok = label.allSatisfy(ProseDetectors.isDigit) || label.first == 35 || label == [42]
                            || (ProseDetectors.isASCIILetter(label.first!) && label.allSatisfy { ProseDetectors.isASCIIAlnum($0) || $0 == 95 || $0 == 45 || $0 == 46 })
                        if ok {
                            wrap(i, i, k + 1, k + 2, .linkDestination)
                            i = k + 2
                            continue
                        }
                    }
                case 95 where u[i + 1] == 96:  // _`inline target`
                    if let k = findEnd([96], from: i + 2) {
                        out.append((NSRange(location: i, length: 2), nil))
                        out.append((NSRange(location: k, length: 1), nil))
                        i = k + 1
                        continue
                    }
                default:
                    // A reference name: `name_` or `name__` (a word and its underscores protected).
                    if ProseDetectors.isASCIIAlnum(c) {
                        var k = i
                        while k < b {
                            if ProseDetectors.isASCIIAlnum(u[k]) || u[k] >= 0xC0 { k += 1; continue }
                            if (u[k] == 45 || u[k] == 95 || u[k] == 46 || u[k] == 43 || u[k] == 58), k + 1 < b, ProseDetectors.isASCIIAlnum(u[k + 1]) { k += 1; continue }
                            break
                        }
                        if k < b, u[k] == 95 {
                            let e = k + 1 < b && u[k + 1] == 95 ? k + 2 : k + 1
                            if endOK(e) {
                                wrap(i, i, k, e, .linkDestination)
                                i = e
                                continue
                            }
                        }
                        i = max(k, i + 1)
                        continue
                    }
                }
                i += 1
            }
            return out
        }

        /// The end of a role name (`:name:`) starting with the colon at `i`: the offset after
        /// its closing colon, or nil.
        func roleEnd(_ i: Int, _ b: Int) -> Int? {
            var k = i + 1
            while k < b, ProseDetectors.isASCIIAlnum(u[k]) || u[k] == 45 || u[k] == 95 || u[k] == 46 || u[k] == 43 || (u[k] == 58 && k + 1 < b && ProseDetectors.isASCIIAlnum(u[k + 1])) { k += 1 }
            guard k > i + 1, k < b, u[k] == 58 else { return nil }
            return k + 1
        }
    }
}
