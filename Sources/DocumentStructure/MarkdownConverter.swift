import CCmarkGFM
import Foundation
import Synchronization
import TextModel

/// What a cmark-gfm node is, with the attributes this module reads.
enum MarkdownNodeKind: Equatable {
    case document
    case blockQuote
    /// A list; `start` is the first item's number for ordered lists.
    case list(ordered: Bool, start: Int)
    /// A list item (`task` when the GFM task list extension recognised `[ ]` / `[x]`).
    case item(task: Bool)
    /// A code block; `info` is the fence's info string ("" for indented code).
    case codeBlock(fenced: Bool, info: String)
    case htmlBlock
    case paragraph
    case heading(level: Int)
    case thematicBreak
    case footnoteDefinition
    case table(alignments: [PresentationIntent.TableColumn.Alignment])
    case tableHeaderRow
    case tableRow
    case tableCell
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case emphasis
    case strong
    case strikethrough
    case link
    case image
    case footnoteReference
    case other

    /// True for block-level nodes (their source positions are converted and trusted).
    var isBlock: Bool {
        switch self {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading,
             .thematicBreak, .footnoteDefinition, .table, .tableHeaderRow, .tableRow, .tableCell:
            return true
        default:
            return false
        }
    }
}

/// One step of a depth-first walk over cmark-gfm's tree, as cmark's iterator reports it:
/// containers are entered and exited, leaves (text, code, HTML, breaks, code blocks, thematic
/// breaks) are only entered.
struct MarkdownEvent {
    /// True on entering a node, false on leaving a container.
    var isEnter: Bool
    var kind: MarkdownNodeKind
    /// UTF-16 source range of a block-level node (cmark's `sourcepos`, converted); nil for
    /// inline nodes (cmark-gfm's inline positions are unreliable, so callers align inlines
    /// against the source themselves) and for blocks cmark gives no valid position.
    var range: NSRange?
    /// The node's literal (text, code, HTML), when it has one.
    var literal: String?
}

/// The one place that talks to cmark-gfm (docs/ARCHITECTURE.md, “Modules” and “Linux notes”): it parses UTF-8 Markdown with the
/// GFM extensions and source positions, and turns cmark's tree into ``MarkdownEvent``s whose
/// ranges are UTF-16 offsets of the original text.
enum MarkdownConverter {
    /// cmark-gfm's extension registry is global; register it exactly once, thread-safely.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// Serialises cmark-gfm's parsers (see ``events(utf8:converter:)``).
    private static let parseLock = Mutex<Void>(())

    /// Parses `bytes` (the document's UTF-8, possibly with front matter blanked out; same
    /// length and line structure as the text `converter` was built for).
    ///
    /// NUL bytes must already be replaced by a one-byte character: cmark replaces them with
    /// U+FFFD (three bytes), which would shift its columns.
    static func events(utf8 bytes: [UInt8], converter: OffsetConverter) -> [MarkdownEvent] {
        _ = extensionsRegistered
        // cmark-gfm 0.29 keeps the inline parser's special characters in a global table that the
        // autolink extension adds to when a parser is set up and removes from when one is freed,
        // so parsers running at once on two threads lose bare URLs at random. Parsing is
        // serialised; walking the finished tree is not.
        let tree: OpaquePointer? = parseLock.withLock { _ in
            let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES
            guard let parser = cmark_parser_new(Int32(options)) else { return nil }
            defer { cmark_parser_free(parser) }
            for name in extensionNames {
                if let ext = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, ext)
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            return cmark_parser_finish(parser)
        }
        guard let root = tree else { return [] }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }

        var events: [MarkdownEvent] = []
        while true {
            let ev = cmark_iter_next(iterator)
            if ev == CMARK_EVENT_DONE || ev == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let kind = Self.kind(of: node)
            if ev == CMARK_EVENT_EXIT {
                events.append(MarkdownEvent(isEnter: false, kind: kind, range: nil, literal: nil))
                continue
            }
            var range: NSRange?
            if kind.isBlock {
                // An HTML block that ends on its first line (`<!-- toc -->`) gets an end before
                // its start from cmark: its start is enough (the parser counts its lines itself).
                var startOnly = false
                if case .htmlBlock = kind { startOnly = true }
                range = Self.range(of: node, converter: converter, startOnly: startOnly)
            }
            var literal: String?
            switch kind {
            case .text, .code, .htmlInline, .codeBlock, .htmlBlock, .footnoteReference:
                if let c = cmark_node_get_literal(node) { literal = String(cString: c) }
            default:
                break
            }
            events.append(MarkdownEvent(isEnter: true, kind: kind, range: range, literal: literal))
        }
        return events
    }

    /// Converts cmark's 1-based line and 1-based UTF-8 byte columns (inclusive end) into a
    /// UTF-16 range; nil when cmark has no position or an end before the start (with
    /// `startOnly`, an empty range at the start then).
    private static func range(of node: OpaquePointer, converter: OffsetConverter, startOnly: Bool = false) -> NSRange? {
        let sl = Int(cmark_node_get_start_line(node)), sc = Int(cmark_node_get_start_column(node))
        let el = Int(cmark_node_get_end_line(node)), ec = Int(cmark_node_get_end_column(node))
        guard sl >= 1, sc >= 1, el >= 1, ec >= 0 else { return nil }
        let s = converter.utf16Offset(from: LinePosition(line: sl - 1, character: sc - 1), encoding: .utf8)
        // Inclusive end column `ec` (1-based) is the exclusive 0-based byte column `ec`.
        let e = converter.utf16Offset(from: LinePosition(line: el - 1, character: ec), encoding: .utf8)
        if e < s, startOnly { return NSRange(location: s, length: 0) }
        guard e >= s else { return nil }
        return NSRange(location: s, length: e - s)
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNodeKind {
        // The core node types first, without making a string of the type's name: all but list
        // items, which the task-list extension takes over (its items' type name is “tasklist”).
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        default: break
        }
        if let c = cmark_node_get_type_string(node) {
            switch String(cString: c) {
            case "table":
                let n = Int(cmark_gfm_extensions_get_table_columns(node))
                var alignments: [PresentationIntent.TableColumn.Alignment] = []
                if n > 0, let a = cmark_gfm_extensions_get_table_alignments(node) {
                    for i in 0..<n {
                        switch a[i] {
                        case UInt8(ascii: "c"): alignments.append(.center)
                        case UInt8(ascii: "r"): alignments.append(.right)
                        default: alignments.append(.left)
                        }
                    }
                }
                return .table(alignments: alignments)
            case "table_header": return .tableHeaderRow
            case "table_row":
                return cmark_gfm_extensions_get_table_row_is_header(node) != 0 ? .tableHeaderRow : .tableRow
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            case "tasklist": return .item(task: true)
            default: break
            }
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)))
        case CMARK_NODE_ITEM: return .item(task: false)
        case CMARK_NODE_CODE_BLOCK:
            var length: Int32 = 0, offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .codeBlock(fenced: fenced, info: info)
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference
        default: return .other
        }
    }
}
