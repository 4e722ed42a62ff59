import Foundation
import TextModel

/// How a result is written out, from the request's options and markup.
struct OutputStyle {
    /// Markdown (rich or Markdown hosts) rather than plain text. A host that accepts plain text
    /// only (`[.plainText]`) gets plain text, from Markdown too: link texts without their
    /// destinations, no emphasis markers, headings as bare lines.
    var markdown: Bool
    /// The host accepts tables.
    var tables: Bool
    /// Fill ``ToolResult/blocks``.
    var intents: Bool

    init(options: ToolResultOptions, markupIsMarkdown: Bool) {
        let plainOnly = options == [.plainText]
        markdown = options.contains(.richText) || options.contains(.presentationIntent) || (markupIsMarkdown && !plainOnly)
        tables = options.contains(.table)
        intents = options.contains(.presentationIntent)
    }
}

/// Builds a result text block by block and records each block's presentation intent with its
/// UTF-16 range in the text. Blocks are separated by a blank line; list items by a line break.
struct ResultBuilder {
    private(set) var text = ""
    private var length = 0
    private(set) var blocks: [(range: NSRange, intent: PresentationIntent)] = []
    private var identity = 1
    let style: OutputStyle

    init(style: OutputStyle) { self.style = style }

    private mutating func nextIdentity() -> Int { defer { identity += 1 }; return identity }

    private mutating func startBlock() {
        if length > 0 { append("\n\n") }
    }

    private mutating func append(_ s: String) {
        text += s
        length += s.utf16.count
    }

    /// Appends `s` and returns its range.
    private mutating func put(_ s: String) -> NSRange {
        let r = NSRange(location: length, length: s.utf16.count)
        append(s)
        return r
    }

    /// A paragraph.
    mutating func paragraph(_ s: String) {
        startBlock()
        let r = put(s)
        blocks.append((r, PresentationIntent(.paragraph, identity: nextIdentity())))
    }

    /// A heading: `#` marks in Markdown, the bare line in plain text.
    mutating func heading(_ s: String, level: Int) {
        startBlock()
        let r = put(style.markdown ? String(repeating: "#", count: max(1, min(6, level))) + " " + s : s)
        blocks.append((r, PresentationIntent(.header(level: level), identity: nextIdentity())))
    }

    /// A code block, copied verbatim (its fences included).
    mutating func code(_ s: String) {
        startBlock()
        let r = put(s)
        blocks.append((r, PresentationIntent(.codeBlock(languageHint: nil), identity: nextIdentity())))
    }

    /// A list: "- item" lines; an ordered one (steps) numbered "1.", "2.", in plain text too.
    mutating func list(_ items: [String], ordered: Bool = false) {
        guard !items.isEmpty else { return }
        startBlock()
        let listID = nextIdentity()
        let listIntent = PresentationIntent(ordered ? .orderedList : .unorderedList, identity: listID)
        let listIndex = blocks.count
        blocks.append((NSRange(location: length, length: 0), listIntent))
        let start = length
        for (k, item) in items.enumerated() {
            if k > 0 { append("\n") }
            let marker = ordered ? "\(k + 1). " : "- "
            let itemStart = length
            append(marker)
            let body = put(item.replacingOccurrences(of: "\n", with: " "))
            let itemIntent = PresentationIntent(.listItem(ordinal: k + 1), identity: nextIdentity(), nestedInside: listIntent)
            blocks.append((NSRange(location: itemStart, length: length - itemStart), itemIntent))
            blocks.append((body, PresentationIntent(.paragraph, identity: nextIdentity(), nestedInside: itemIntent)))
        }
        blocks[listIndex].range = NSRange(location: start, length: length - start)
    }

    /// A list the document already had, nested as it was: each item on its line, indented two
    /// spaces per level, "- " or "1." by its own list (numbered from 1 among its siblings).
    mutating func nestedList(_ items: [(text: String, depth: Int, ordered: Bool)]) {
        guard !items.isEmpty else { return }
        startBlock()
        let ordered = items.first?.ordered ?? false
        let listIntent = PresentationIntent(ordered ? .orderedList : .unorderedList, identity: nextIdentity())
        let listIndex = blocks.count
        blocks.append((NSRange(location: length, length: 0), listIntent))
        let start = length
        var counters: [Int] = []
        for (k, item) in items.enumerated() {
            if k > 0 { append("\n") }
            let depth = max(0, min(item.depth, counters.count))
            if counters.count > depth + 1 { counters.removeSubrange((depth + 1)...) }
            if counters.count == depth { counters.append(0) }
            counters[depth] += 1
            let itemStart = length
            append(String(repeating: "  ", count: depth) + (item.ordered ? "\(counters[depth]). " : "- "))
            let body = put(item.text.replacingOccurrences(of: "\n", with: " "))
            let itemIntent = PresentationIntent(.listItem(ordinal: counters[depth]), identity: nextIdentity(), nestedInside: listIntent)
            blocks.append((NSRange(location: itemStart, length: length - itemStart), itemIntent))
            blocks.append((body, PresentationIntent(.paragraph, identity: nextIdentity(), nestedInside: itemIntent)))
        }
        blocks[listIndex].range = NSRange(location: start, length: length - start)
    }

    /// A table: a GitHub-flavoured Markdown table, or, for plain text, columns aligned with
    /// spaces under a dashed rule.
    mutating func table(header: [String], rows: [[String]]) {
        startBlock()
        let columns = header.count
        let markdown = style.markdown
        let clean: ([String]) -> [String] = { cells in
            (0..<columns).map { i in
                let c = i < cells.count ? cells[i] : ""
                let flat = c.replacingOccurrences(of: "\n", with: " ")
                return markdown ? flat.replacingOccurrences(of: "|", with: "\\|") : flat
            }
        }
        let h = clean(header)
        let body = rows.map(clean)
        var widths = h.map { $0.count }
        for r in body { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        if markdown { widths = widths.map { max(3, $0) } }
        let tableID = nextIdentity()
        let tableIntent = PresentationIntent(.table(columns: Array(repeating: .init(alignment: .left), count: columns)), identity: tableID)
        let tableIndex = blocks.count
        blocks.append((NSRange(location: length, length: 0), tableIntent))
        let start = length
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        func row(_ cells: [String], _ rowIntent: PresentationIntent) {
            let rowStart = length
            let rowIndex = blocks.count
            blocks.append((NSRange(location: rowStart, length: 0), rowIntent))
            if style.markdown { append("| ") }
            for (i, c) in cells.enumerated() {
                if i > 0 { append(style.markdown ? " | " : "  ") }
                let isLast = i == cells.count - 1
                let r = put(c)
                if !(isLast && !style.markdown) { append(String(repeating: " ", count: max(0, widths[i] - c.count))) }
                blocks.append((r, PresentationIntent(.tableCell(columnIndex: i), identity: nextIdentity(), nestedInside: rowIntent)))
            }
            if style.markdown { append(" |") }
            blocks[rowIndex].range = NSRange(location: rowStart, length: length - rowStart)
        }
        row(h, PresentationIntent(.tableHeaderRow, identity: nextIdentity(), nestedInside: tableIntent))
        append("\n")
        if style.markdown {
            append("| " + widths.map { String(repeating: "-", count: max(3, $0)) }.joined(separator: " | ") + " |")
        } else {
            append(widths.map { String(repeating: "-", count: max(1, $0)) }.joined(separator: "  "))
        }
        for (k, r) in body.enumerated() {
            append("\n")
            row(r, PresentationIntent(.tableRow(rowIndex: k), identity: nextIdentity(), nestedInside: tableIntent))
        }
        blocks[tableIndex].range = NSRange(location: start, length: length - start)
    }

    /// A table when the host accepts tables; otherwise the rows as a list ("first cell — header:
    /// cell; …"), and the note that says so (nil for a table).
    mutating func tableOrList(header: [String], rows: [[String]]) -> String? {
        guard style.tables else {
            let items = rows.map { r -> String in
                let rest = zip(header.dropFirst(), r.dropFirst()).filter { !$0.1.isEmpty }.map { "\($0): \($1)" }.joined(separator: "; ")
                return rest.isEmpty ? (r.first ?? "") : "\(r.first ?? "") — \(rest)"
            }
            list(items)
            return "Plain text has no tables, so the rows are given as a list."
        }
        table(header: header, rows: rows)
        return nil
    }

    /// The result, ending (in Markdown) with the link reference definitions and footnote
    /// definitions of `analysis` that it uses, as a last block, so that its reference links keep
    /// their URLs and its footnote marks their notes.
    mutating func result(_ kind: ToolResult.Kind, note: String? = nil, keepingReferencesOf analysis: TextAnalysis) -> ToolResult {
        referenceDefinitions(from: analysis)
        return result(kind, note: note)
    }

    private mutating func referenceDefinitions(from analysis: TextAnalysis) {
        guard style.markdown, !text.isEmpty else { return }
        // A definition already in the result (a list of the whole text) is not repeated.
        let definitions = analysis.referenceDefinitions(usedIn: text).filter { !text.contains($0) }
            + analysis.footnoteDefinitions(usedIn: text)
        guard !definitions.isEmpty else { return }
        startBlock()
        let r = put(definitions.joined(separator: "\n"))
        blocks.append((r, PresentationIntent(.paragraph, identity: nextIdentity())))
    }

    /// The result.
    func result(_ kind: ToolResult.Kind, note: String? = nil) -> ToolResult {
        ToolResult(kind: kind, text: text, blocks: style.intents ? blocks : [], note: note)
    }
}
