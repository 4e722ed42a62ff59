import Foundation
import TextModel
import DocumentStructure

/// One item of a list the document already has.
struct ExistingItem: Equatable {
    /// Nesting depth: 0 for a top-level item.
    var depth: Int
    /// True in a numbered list (`1.`, `2)`).
    var ordered: Bool
    /// The item's own text (without its marker and without the items nested in it), its
    /// lines joined by single spaces; Markdown as written (a task-list checkbox included).
    var markdown: String
    /// The same as plain text (no emphasis or code markers, a link's text without its URL).
    var plain: String
}

/// A block the document already has that List and Table keep as structure rather than read
/// as sentences: a heading (in plain text, a title underlined with `===` or `---`, or `# Title`),
/// a list (`-`, `*`, `+`, `•`, `1.` items, nested by indentation), a table (a Markdown table, or
/// plain text's `a | b | c` lines, with or without a `---+---` rule), lines kept verbatim
/// (link reference definitions `[x]: url`, an indented block, a Markdown block quote), or a
/// shell session of plain text (`$ command`, its output, `# command` at a root prompt).
struct ExistingBlock {
    enum Kind {
        case heading(level: Int, text: String)
        case list([ExistingItem])
        case table(header: [String], rows: [[String]])
        case verbatim(String)
        /// A shell session: commands after their prompts and what they printed, no prose.
        case transcript(String)
    }
    /// UTF-16 range in the request text: every line of the block, markers and rules included.
    var range: NSRange
    var kind: Kind
}

/// Finds the structure a plain-text or Markdown document already has (``ExistingBlock``), so
/// that the List tool keeps an existing list a list (each item whole, its nesting kept), never
/// makes a heading or a heading's underline an item, and keeps tables and reference definitions;
/// and the Table tool finds a plain-text table. Offsets are UTF-16 units of the request text.
enum ExistingStructure {
    /// The blocks of `a`'s request range, in document order, that do not overlap.
    static func blocks(_ a: TextAnalysis, markdownStyle: Bool) -> [ExistingBlock] {
        switch a.document.markup {
        case .plain: return plainBlocks(a.units16, range: a.range)
        case .markdown: return markdownBlocks(a, markdownStyle: markdownStyle)
        default: return []
        }
    }

    // MARK: Plain text

    private struct Line {
        var start: Int
        var end: Int
        var text: String
        var trimmed: String { text.trimmingCharacters(in: .whitespaces) }
        var isBlank: Bool { trimmed.isEmpty }
        var indent: Int {
            var n = 0
            for c in text { if c == " " { n += 1 } else if c == "\t" { n += 4 } else { break } }
            return n
        }
    }

    private static func lines(_ u: [UInt16], _ range: NSRange) -> [Line] {
        var out: [Line] = []
        var i = range.location
        let end = range.location + range.length
        while i < end {
            var e = i
            while e < end, u[e] != 10, u[e] != 13 { e += 1 }
            out.append(Line(start: i, end: e, text: String(decoding: u[i..<e], as: UTF16.self)))
            if e >= end { break }
            i = e + ((u[e] == 13 && e + 1 < end && u[e + 1] == 10) ? 2 : 1)
        }
        return out
    }

    /// `=====` or `-----` (three or more), the underline of a setext heading.
    private static func underline(_ l: Line) -> Int? {
        let t = l.trimmed
        guard l.indent < 4, t.count >= 3 else { return nil }
        if t.allSatisfy({ $0 == "=" }) { return 1 }
        if t.allSatisfy({ $0 == "-" }) { return 2 }
        return nil
    }

    /// A title line: one to five words in Title Case (every word of four letters or more
    /// capitalised: "Notes", "Known Issues"; not a commit subject such as "Fix the receive
    /// loop"), no sentence or clause ending (`.`, `:`, `,`, `;`, `!`, `?`), no `|`.
    static func isTitle(_ t: String) -> Bool {
        let words = t.split(separator: " ")
        guard (1...5).contains(words.count), let f = t.first, f.isUppercase || f.isNumber,
              let last = t.last, !".:,;!?|".contains(last), !t.contains("|") else { return false }
        return words.filter { $0.count >= 4 }.allSatisfy { $0.first?.isUppercase == true }
    }

    /// A title line over the text it heads, with no blank line between them ("Search page" /
    /// "The new filters tested well…", "Done" / "Migrated the build machines…"): one to six
    /// words, at most 50 characters, starting with a capital or a digit, without a sentence's
    /// or a label's punctuation (`.:,;!?`, `: `), an address or a `|`, and not ending on a
    /// function word (a hard-wrapped sentence's first line does: "The tool reads the"); the
    /// next line starts a sentence (a capital, four words or more) and is longer.
    static func isTitle(_ t: String, over next: String) -> Bool {
        let words = t.split(separator: " ")
        guard (1...6).contains(words.count), t.count <= 50, let f = t.first, f.isUppercase || f.isNumber,
              let last = t.last, !".:,;!?|".contains(last), !t.contains(": "), !t.contains("|"), !t.contains("@"), !t.contains("<"),
              let lastWord = words.last?.lowercased(), !OfflineLexicon.stopWords.contains(lastWord),
              t.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) == nil,
              listMarker(next) == nil, let n = next.first, n.isUppercase else { return false }
        return next.split(separator: " ").count >= 4 && next.count > t.count
    }

    /// A title over a list: one to six words, at most 50 characters, starting with a capital
    /// or a digit, without a sentence's or a label's punctuation (`.:,;!?` at its end, `: `,
    /// `|`), not a greeting, not ending on a function word ("Action items", "Release 2.4",
    /// "On-call"; not "We need:", "Hi all,").
    static func isShortTitle(_ t: String) -> Bool {
        let words = t.split(separator: " ")
        guard (1...6).contains(words.count), t.count <= 50, let f = t.first, f.isUppercase || f.isNumber,
              let last = t.last, !".:,;!?|".contains(last), !t.contains(": "), !t.contains("|"),
              let lastWord = words.last?.lowercased(), !OfflineLexicon.stopWords.contains(lastWord),
              t.range(of: BuiltInToolEngine.greeting, options: [.regularExpression, .caseInsensitive]) == nil else { return false }
        return true
    }

    /// A shell prompt that starts a session (`$ make install`, or `$` alone at its end).
    static func isPromptLine(_ t: String) -> Bool {
        t == "$" || t.range(of: #"^\$[ \t]+[a-z./~_]"#, options: .regularExpression) != nil
    }

    /// A list item's marker: the item's text after it and whether it is numbered.
    static func listMarker(_ text: String) -> (body: String, ordered: Bool)? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let f = t.unicodeScalars.first else { return nil }
        if "-*+•–".unicodeScalars.contains(f) {
            let rest = t.unicodeScalars.dropFirst()
            guard let n = rest.first, n == " " || n == "\t" else { return nil }
            let body = String(String.UnicodeScalarView(rest)).trimmingCharacters(in: .whitespaces)
            return body.isEmpty ? nil : (body, false)
        }
        guard let m = t.range(of: #"^[0-9]{1,3}[.)][ \t]+"#, options: .regularExpression) else { return nil }
        let body = String(t[m.upperBound...]).trimmingCharacters(in: .whitespaces)
        return body.isEmpty ? nil : (body, true)
    }

    /// The cells of a `a | b | c` line (outer pipes optional), or nil without a pipe.
    static func pipeCells(_ text: String) -> [String]? {
        var t = text.trimmingCharacters(in: .whitespaces)
        guard t.contains("|") else { return nil }
        if t.hasPrefix("|") { t.removeFirst() }
        if t.hasSuffix("|") && !t.hasSuffix("\\|") { t.removeLast() }
        let cells = t.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        return cells.count >= 2 ? cells : nil
    }

    /// A table's rule line: dashes (three or more), with `|`, `+`, `:` and spaces between.
    static func isRule(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces)
        return t.filter({ $0 == "-" }).count >= 3 && t.allSatisfy { "-|+: ".contains($0) } && (t.contains("|") || t.contains("+"))
    }

    private static func isReferenceDefinition(_ l: Line) -> Bool {
        l.indent < 4 && l.trimmed.range(of: #"^\[[^\]]+\]:[ \t]*\S+"#, options: .regularExpression) != nil
    }

    static func plainBlocks(_ u: [UInt16], range: NSRange) -> [ExistingBlock] {
        let ls = lines(u, range)
        var out: [ExistingBlock] = []
        func span(_ a: Int, _ b: Int) -> NSRange { NSRange(location: ls[a].start, length: ls[b].end - ls[a].start) }
        /// Line `k` titles the list right under it: a numbered title over unnumbered items, or
        /// a short line over items (``isShortTitle(_:)``).
        func isTitleOverList(_ k: Int) -> Bool {
            guard k + 1 < ls.count, ls[k].indent < 4, let next = listMarker(ls[k + 1].text), ls[k + 1].indent >= ls[k].indent else { return false }
            if let (body, ordered) = listMarker(ls[k].text) { return ordered && !next.ordered && isShortTitle(body) }
            return isShortTitle(ls[k].trimmed)
        }
        var i = 0
        var previousBlank = true
        while i < ls.count {
            let l = ls[i]
            if l.isBlank { previousBlank = true; i += 1; continue }
            defer { previousBlank = false }
            // A shell session (fakeroot's README: "$ fakeroot -s backup.environ" / "# mkdir
            // backup" / "[...]" / "$"): from a `$` prompt to the paragraph's end or the first
            // line that reads as a sentence of prose again. Its `#` lines are a root prompt,
            // no headings, and none of it is a sentence.
            if isPromptLine(l.trimmed) {
                var j = i
                while j + 1 < ls.count, !ls[j + 1].isBlank {
                    let t = ls[j + 1].trimmed
                    let prose = t.first?.isUppercase == true && t.split(separator: " ").count >= 4 && t.last.map { ".!?".contains($0) } == true
                    if prose { break }
                    j += 1
                }
                out.append(ExistingBlock(range: span(i, j), kind: .transcript(ls[i...j].map(\.text).joined(separator: "\n"))))
                i = j + 1
                continue
            }
            // A title block opening the document, underlined, centred or with lines right under
            // the underline (GnuPG's README: “The GNU Privacy Guard 2” over “=====”, then
            // “Version 2.2”): the title a heading, the lines under it as they are (session 52's
            // trial: List made “- Version 2.2” an item).
            // (Its indentation may be cut off: a request's range starts at its first word.)
            if out.isEmpty, !ls[..<i].contains(where: { !$0.isBlank }), i + 1 < ls.count, l.trimmed.count <= 80,
               listMarker(l.text) == nil, pipeCells(l.text) == nil,
               ls[i + 1].trimmed.count >= 3, ls[i + 1].trimmed.allSatisfy({ $0 == "=" }) || ls[i + 1].trimmed.allSatisfy({ $0 == "-" }),
               l.indent >= 4 || ls[i + 1].indent >= 4 || (i + 2 < ls.count && !ls[i + 2].isBlank) {
                let level = ls[i + 1].trimmed.first == "=" ? 1 : 2
                out.append(ExistingBlock(range: span(i, i + 1), kind: .heading(level: level, text: l.trimmed)))
                var j = i + 2
                while j < ls.count, !ls[j].isBlank { j += 1 }
                if j > i + 2 {
                    out.append(ExistingBlock(range: span(i + 2, j - 1), kind: .verbatim(ls[(i + 2)..<j].map(\.trimmed).joined(separator: "\n"))))
                }
                i = j
                continue
            }
            // A title underlined with === or --- (not a list item, not a sentence's last line).
            if previousBlank, i + 1 < ls.count, let level = underline(ls[i + 1]), listMarker(l.text) == nil, l.indent < 4,
               l.trimmed.count <= 80, pipeCells(l.text) == nil {
                out.append(ExistingBlock(range: span(i, i + 1), kind: .heading(level: level, text: l.trimmed)))
                i += 2
                continue
            }
            // A title on a line of its own: a few words, capitalised, not ending like a sentence
            // or an introduction, between blank lines, with text after it ("Notes", "Usage").
            if previousBlank, i + 2 < ls.count, ls[i + 1].isBlank, l.indent < 4, listMarker(l.text) == nil, isTitle(l.trimmed),
               ls[(i + 2)...].contains(where: { !$0.isBlank }) {
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: out.isEmpty && i == 0 ? 1 : 2, text: l.trimmed)))
                i += 1
                continue
            }
            // The document's title, its first line, alone and followed by text ("Design review, 9
            // December", "Weekly update - platform team, week 49"): a short line that does not
            // end like a sentence, a clause or a label, and names a date, a number or a part
            // (a digit, ", " or " - "; a commit's subject, "Fix the receive loop", has none).
            if i == 0, ls.count > 2, ls[1].isBlank, l.indent < 4, listMarker(l.text) == nil, pipeCells(l.text) == nil,
               (1...10).contains(l.trimmed.split(separator: " ").count), l.trimmed.count <= 70,
               let f = l.trimmed.first, f.isUppercase || f.isNumber, let last = l.trimmed.last, !".:,;!?".contains(last),
               !l.trimmed.contains(": "), ls[2...].contains(where: { !$0.isBlank }),
               l.trimmed.contains(where: \.isNumber) || l.trimmed.contains(", ") || l.trimmed.contains(" - ") || l.trimmed.contains(" – ") {
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: 1, text: l.trimmed)))
                i += 1
                continue
            }
            // A title right over its text, no blank line between ("Decisions" / "We ship the
            // search filters…", meeting notes and weekly updates written by hand).
            if previousBlank, i + 1 < ls.count, !ls[i + 1].isBlank, l.indent < 4, ls[i + 1].indent <= l.indent,
               listMarker(l.text) == nil, isTitle(l.trimmed, over: ls[i + 1].trimmed), underline(ls[i + 1]) == nil {
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: 2, text: l.trimmed)))
                i += 1
                continue
            }
            // A title over a list of bullets (meeting notes: "1. Release 2.4" / "- Tom said…",
            // "Action items" / "- Tom: fix…"): a numbered title over unnumbered items, or a
            // short line over items, after a blank line. A README-only trial's List counted
            // "1. Release 2.4", "2. Hiring", "3. On-call" into one list with their bullets
            // (numbered 1, 5, 8) and made "Action items" an item.
            if previousBlank, isTitleOverList(i) {
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: 2, text: l.trimmed)))
                i += 1
                continue
            }
            // A numbered title over its text ("2. Next year's budget" / "Anna proposed…"): a
            // few words, no closing punctuation, and the next line at the same margin starts
            // a sentence, not an item or a continuation.
            if let (body, ordered) = listMarker(l.text), ordered, i + 1 < ls.count, !ls[i + 1].isBlank,
               ls[i + 1].indent <= l.indent, listMarker(ls[i + 1].text) == nil, ls[i + 1].trimmed.first?.isUppercase == true,
               body.split(separator: " ").count <= 6, let last = body.last, !".:,;!?".contains(last) {
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: 2, text: l.trimmed)))
                i += 1
                continue
            }
            // An e-mail signature ("-- " and what follows) stays as it is.
            if l.text == "-- " || l.text == "--" {
                let last = ls.lastIndex { !$0.isBlank } ?? i
                out.append(ExistingBlock(range: span(i, last), kind: .verbatim(ls[i...last].map(\.text).joined(separator: "\n"))))
                i = last + 1
                continue
            }
            // `# Title` (Markdown written in a plain-text file).
            if l.indent < 4, let m = l.trimmed.range(of: #"^#{1,6}[ \t]+\S"#, options: .regularExpression) {
                let level = l.trimmed.prefix(while: { $0 == "#" }).count
                let title = String(l.trimmed[l.trimmed.index(before: m.upperBound)...]).trimmingCharacters(in: CharacterSet(charactersIn: "# \t"))
                out.append(ExistingBlock(range: span(i, i), kind: .heading(level: level, text: title)))
                i += 1
                continue
            }
            // A lone rule line (a separator, or an underline without its title).
            if underline(l) != nil || l.trimmed.allSatisfy({ "*_=-~".contains($0) }) && l.trimmed.count >= 3 {
                out.append(ExistingBlock(range: span(i, i), kind: .verbatim("")))
                i += 1
                continue
            }
            // A table: lines with the same number of `|` cells (a rule line among them).
            if let first = pipeCells(l.text) {
                var j = i + 1
                var rows: [[String]] = [first]
                var ruleAt: Int?
                while j < ls.count, !ls[j].isBlank {
                    if isRule(ls[j].text) { if ruleAt == nil { ruleAt = rows.count }; j += 1; continue }
                    guard let c = pipeCells(ls[j].text), c.count == first.count else { break }
                    rows.append(c)
                    j += 1
                }
                if rows.count >= 3 || (rows.count >= 2 && ruleAt != nil) {
                    let header = ruleAt == 1 || ruleAt == nil ? rows[0] : rows[0]
                    out.append(ExistingBlock(range: span(i, j - 1), kind: .table(header: header, rows: Array(rows.dropFirst()))))
                    i = j
                    continue
                }
            }
            // Link reference definitions.
            if isReferenceDefinition(l) {
                var j = i
                while j + 1 < ls.count, isReferenceDefinition(ls[j + 1]) { j += 1 }
                out.append(ExistingBlock(range: span(i, j), kind: .verbatim(ls[i...j].map(\.trimmed).joined(separator: "\n"))))
                i = j + 1
                continue
            }
            // A list: items with their continuation lines, blank lines between items allowed.
            if listMarker(l.text) != nil {
                var items: [ExistingItem] = []
                var indents: [Int] = []
                var j = i
                var last = i
                while j < ls.count {
                    let line = ls[j]
                    if line.isBlank {
                        // The list goes on after a blank line only with another item.
                        var k = j + 1
                        while k < ls.count, ls[k].isBlank { k += 1 }
                        guard k < ls.count, listMarker(ls[k].text) != nil, ls[k].indent <= (indents.last ?? 0) + 3, !isTitleOverList(k) else { break }
                        j = k
                        continue
                    }
                    if let (body, ordered) = listMarker(line.text) {
                        let indent = line.indent
                        while let top = indents.last, indent < top - 1 { indents.removeLast() }
                        if let top = indents.last, indent > top + 1 { indents.append(indent) } else if indents.isEmpty { indents.append(indent) }
                        else { indents[indents.count - 1] = min(indents[indents.count - 1], indent) }
                        items.append(ExistingItem(depth: indents.count - 1, ordered: ordered, markdown: body, plain: body))
                        last = j
                        j += 1
                        continue
                    }
                    // A continuation: indented under the item, or a lowercase line of a wrapped item.
                    let markerIndent = indents.last ?? 0
                    let startsLower = line.trimmed.first.map { $0.isLowercase } ?? false
                    guard !items.isEmpty, line.indent > markerIndent || startsLower, pipeCells(line.text) == nil else { break }
                    items[items.count - 1].markdown += " " + line.trimmed
                    items[items.count - 1].plain += " " + line.trimmed
                    last = j
                    j += 1
                }
                out.append(ExistingBlock(range: span(i, last), kind: .list(items)))
                i = last + 1
                continue
            }
            // An indented block after a blank line or an introducing line ("…:"): kept as it is.
            if l.indent >= 4, previousBlank || (i > 0 && ls[i - 1].trimmed.hasSuffix(":")) {
                var j = i
                while j + 1 < ls.count, !ls[j + 1].isBlank, ls[j + 1].indent >= 4 { j += 1 }
                out.append(ExistingBlock(range: span(i, j), kind: .verbatim(ls[i...j].map(\.text).joined(separator: "\n"))))
                i = j + 1
                continue
            }
            // Commands, addresses or names indented under a line that introduces them, after a
            // blank line ("Run this command, as yourself:" / "" / "  chmod g-w ~/"; "see:" /
            // "  https://bugs.debian.org/298138"): kept as they are, though indented less than
            // a code block, unless they read as prose.
            if l.indent >= 2, previousBlank, let intro = ls[..<i].last(where: { !$0.isBlank }), intro.trimmed.hasSuffix(":"), intro.indent < l.indent {
                var j = i
                while j + 1 < ls.count, !ls[j + 1].isBlank, ls[j + 1].indent >= 2 { j += 1 }
                let block = ls[i...j].map(\.text)
                if !readsAsProse(block) {
                    out.append(ExistingBlock(range: span(i, j), kind: .verbatim(block.joined(separator: "\n"))))
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }

    /// True when `lines` read as prose rather than commands, addresses or names: five words or
    /// more, most of the text's tokens plain words, and no address (`://`) or shell prompt.
    static func readsAsProse(_ lines: [String]) -> Bool {
        let tokens = lines.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }) }
        let words = tokens.filter { t in
            let w = t.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?()\"'"))
            return w.count >= 2 && w.first?.isLetter == true && w.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" }
        }
        guard words.count >= 5, words.count * 10 >= tokens.count * 6 else { return false }
        return !lines.contains { l in
            let t = l.trimmingCharacters(in: .whitespaces)
            return t.contains("://") || t.hasPrefix("$ ") || t.hasPrefix("#") || t.contains(" | ") || t.contains("<(")
        }
    }

    // MARK: Markdown

    private static func isList(_ k: PresentationIntent.Kind?) -> Bool {
        if case .orderedList? = k { return true }
        if case .unorderedList? = k { return true }
        return false
    }

    /// Markdown: lists (each item from its source, nested by depth) and block quotes (verbatim);
    /// headings and tables are read from the units as before.
    static func markdownBlocks(_ a: TextAnalysis, markdownStyle: Bool) -> [ExistingBlock] {
        let r = a.range
        func inRange(_ b: Block) -> Bool {
            b.range.location >= r.location && b.range.location + b.range.length <= r.location + r.length
        }
        var out: [ExistingBlock] = []
        var covered = 0
        for b in a.document.blocks where inRange(b) && b.range.location >= covered {
            let kind = b.intent.kind
            let depthOfContainers = b.intent.components.dropFirst().filter { isList($0.kind) || $0.kind == .blockQuote }.count
            guard depthOfContainers == 0 else { continue }
            if kind == .blockQuote {
                let s = a.source(b.range).trimmingCharacters(in: .newlines)
                // A quoted sentence is prose (its items are read as any paragraph's); quoted
                // commands or code stay as they are.
                guard isQuotedCode(s) else { continue }
                let text = markdownStyle ? s : s.lines().map { line -> String in
                    var l = Substring(line)
                    while l.first == ">" { l = l.dropFirst().drop(while: { $0 == " " }) }
                    return String(l)
                }.joined(separator: "\n")
                out.append(ExistingBlock(range: b.range, kind: .verbatim(text)))
                covered = b.range.location + b.range.length
            } else if isList(kind) {
                out.append(ExistingBlock(range: b.range, kind: .list(items(of: b, a, markdownStyle: markdownStyle))))
                covered = b.range.location + b.range.length
            }
        }
        return out
    }

    /// True when a block quote holds commands or code rather than sentences: no line ends like
    /// a sentence, and one has an option (` -o`, ` --all`) or a character of code or a path
    /// (`/ ( ) { } < > = $ \\ @`).
    static func isQuotedCode(_ quote: String) -> Bool {
        let lines = quote.split(whereSeparator: \.isNewline).map { line -> String in
            var l = Substring(line)
            while l.first == ">" { l = l.dropFirst().drop(while: { $0 == " " }) }
            return l.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        guard !lines.isEmpty, !lines.contains(where: { l in l.last.map { ".!?:;,".contains($0) } ?? false }) else { return false }
        return lines.contains { l in
            l.range(of: #"(^|\s)--?[A-Za-z]"#, options: .regularExpression) != nil || l.contains(where: { "/(){}<>=$\\@".contains($0) })
        }
    }

    /// The items of the Markdown list `list`, depth first, each with its own text.
    private static func items(of list: Block, _ a: TextAnalysis, markdownStyle: Bool) -> [ExistingItem] {
        let end = list.range.location + list.range.length
        let inside = a.document.blocks.filter { $0.range.location >= list.range.location && $0.range.location + $0.range.length <= end }
        var out: [ExistingItem] = []
        let itemBlocks = inside.filter { if case .listItem? = $0.intent.kind { return true } else { return false } }
        for b in inside {
            // A paragraph of an item after the list nested in it ("- Information about your
            // system:" / "  - What OS…" / "  And anything else you think is relevant."): an item
            // at the nested list's depth, after it; only the item's text before its first nested
            // list is its own.
            if b.intent.kind == .paragraph,
               let parent = itemBlocks.filter({ $0.range.location < b.range.location && NSMaxRange(b.range) <= NSMaxRange($0.range) })
                   .max(by: { $0.range.location < $1.range.location }),
               inside.contains(where: { n in isList(n.intent.kind) && n.range.location > parent.range.location && NSMaxRange(n.range) <= b.range.location }) {
                let depth = parent.intent.components.dropFirst().filter { isList($0.kind) }.count
                let markdown = reflow(a.source(b.range))
                let plain = a.units.filter { u in u.documentRange.location >= b.range.location && u.documentRange.location < NSMaxRange(b.range) }
                    .flatMap { $0.sentences.map { a.sentences[$0].plain } }.joined(separator: " ")
                if !markdown.isEmpty {
                    out.append(ExistingItem(depth: depth, ordered: false, markdown: markdown, plain: reflow(plain.isEmpty ? markdown : plain)))
                }
                continue
            }
            guard case .listItem? = b.intent.kind else { continue }
            let parents = b.intent.components.dropFirst()
            let depth = parents.filter { isList($0.kind) }.count - 1
            let ordered = parents.first.map { $0.kind == .orderedList } ?? false
            // The item's own text ends where the first list nested in it starts.
            let itemEnd = b.range.location + b.range.length
            let nested = inside.first { n in
                n.range.location > b.range.location && n.range.location < itemEnd && isList(n.intent.kind)
            }
            let ownEnd = nested?.range.location ?? itemEnd
            let own = NSRange(location: b.range.location, length: ownEnd - b.range.location)
            var source = a.source(own)
            if let m = source.range(of: #"^[ \t]*(?:[-*+]|[0-9]{1,9}[.)])[ \t]*"#, options: .regularExpression) { source.removeSubrange(m) }
            let markdown = reflow(source)
            var plain = a.units.filter { u in
                guard case .listItem = u.kind else { return false }
                return u.documentRange.location >= own.location && u.documentRange.location < ownEnd
            }.flatMap { $0.sentences.map { a.sentences[$0].plain } }.joined(separator: " ")
            if plain.isEmpty { plain = markdown.replacingOccurrences(of: "`", with: "") }
            // A task-list item keeps its checkbox (`[ ]`, `[x]`) in plain text too.
            if let box = checkboxPrefix(markdown), !plain.hasPrefix(box) { plain = box + " " + plain }
            guard !markdown.isEmpty else { continue }
            out.append(ExistingItem(depth: max(0, depth), ordered: ordered, markdown: markdown, plain: reflow(plain)))
        }
        return out
    }

    private static func checkboxPrefix(_ s: String) -> String? {
        guard s.range(of: #"^\[[ xX]\]\s"#, options: .regularExpression) != nil else { return nil }
        return String(s.prefix(3))
    }

    /// `s` on one line: each line break with the spaces around it made one space, and (outside
    /// code, in a line without backticks) two spaces after a sentence made one.
    static func reflow(_ s: String) -> String {
        let joined = s.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        guard joined.contains("  "), !joined.contains("`") else { return joined }
        return joined.replacingOccurrences(of: #"(?<=[.!?:;,])[ ]{2,}(?=\S)"#, with: " ", options: .regularExpression)
    }
}
