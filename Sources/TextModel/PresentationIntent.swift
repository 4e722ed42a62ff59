import Foundation

/// The block-level structure of a run of text: ours, shaped like Foundation's
/// `PresentationIntent` on Apple platforms (Foundation on Linux lacks it; docs/ARCHITECTURE.md, “Linux notes”).
///
/// `components` go from the innermost block outwards, as Apple's do: a paragraph inside a
/// list item inside an unordered list is `[paragraph, listItem(1), unorderedList]`.
/// Source: https://developer.apple.com/documentation/foundation/presentationintent
public struct PresentationIntent: Hashable, Sendable, CustomStringConvertible {
    /// One level of block structure with an identity unique within one document.
    public struct IntentType: Hashable, Sendable, CustomStringConvertible {
        /// What the block is.
        public var kind: Kind
        /// Identifies this block among the document's blocks (two runs of the same paragraph
        /// share it).
        public var identity: Int

        /// Creates an intent level.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }

        /// `kind#identity`, e.g. `paragraph#3`.
        public var description: String { "\(kind)#\(identity)" }
    }

    /// Block kinds, with Apple's names and associated values.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A paragraph of prose.
        case paragraph
        /// A heading, `level` 1...6.
        case header(level: Int)
        /// A numbered list (its items are `listItem` levels inside it).
        case orderedList
        /// A bulleted list (its items are `listItem` levels inside it).
        case unorderedList
        /// A list item; `ordinal` is its 1-based number (for unordered lists, its position).
        case listItem(ordinal: Int)
        /// A code block; `languageHint` is a fence's info string's first word, if any.
        case codeBlock(languageHint: String?)
        /// A block quotation.
        case blockQuote
        /// A thematic break (horizontal rule); it holds no text of its own.
        case thematicBreak
        /// A table with its columns' alignments.
        case table(columns: [TableColumn])
        /// A table's header row.
        case tableHeaderRow
        /// A body row; `rowIndex` is 0-based (the header row is not counted).
        case tableRow(rowIndex: Int)
        /// A cell; `columnIndex` is 0-based.
        case tableCell(columnIndex: Int)

        /// The case name with its associated values, e.g. `header(2)`.
        public var description: String {
            switch self {
            case .paragraph: return "paragraph"
            case let .header(level): return "header(\(level))"
            case .orderedList: return "orderedList"
            case .unorderedList: return "unorderedList"
            case let .listItem(ordinal): return "listItem(\(ordinal))"
            case let .codeBlock(hint): return "codeBlock(\(hint ?? "nil"))"
            case .blockQuote: return "blockQuote"
            case .thematicBreak: return "thematicBreak"
            case let .table(columns): return "table(\(columns.map(\.alignment.rawValue).joined(separator: ",")))"
            case .tableHeaderRow: return "tableHeaderRow"
            case let .tableRow(i): return "tableRow(\(i))"
            case let .tableCell(i): return "tableCell(\(i))"
            }
        }
    }

    /// A table column, as Apple's `PresentationIntent.TableColumn`.
    public struct TableColumn: Hashable, Sendable {
        /// Horizontal alignment of a column.
        public enum Alignment: String, Hashable, Sendable {
            /// Aligned to the leading edge (`:---` or no colon).
            case left
            /// Centred (`:---:`).
            case center
            /// Aligned to the trailing edge (`---:`).
            case right
        }
        /// The column's alignment (`left` when the source gives none).
        public var alignment: Alignment
        /// Creates a column.
        public init(alignment: Alignment) { self.alignment = alignment }
    }

    /// Levels from the innermost block outwards.
    public var components: [IntentType]

    /// Creates an intent from levels listed innermost first.
    public init(_ components: [IntentType]) { self.components = components }

    /// Creates an intent with one level `kind` inside `parent` (nil for a top-level block).
    public init(_ kind: Kind, identity: Int, nestedInside parent: PresentationIntent? = nil) {
        self.components = [IntentType(kind: kind, identity: identity)] + (parent?.components ?? [])
    }

    /// The innermost level's kind, if any.
    public var kind: Kind? { components.first?.kind }

    /// Innermost first, joined by `" < "`, e.g. `paragraph#3 < listItem(1)#2 < unorderedList#1`.
    public var description: String { components.map(\.description).joined(separator: " < ") }
}

/// Attribute names that hosts and the tools put on text runs (docs/ARCHITECTURE.md, “Modules”, TextModel).
public enum WritingToolsAttributeKey {
    /// Marks text the tools must not change (Apple: `NSAttributedString.Key.writingToolsExclusion`).
    public static let writingToolsExclusion = "NSWritingToolsExclusion"
    /// Carries a ``PresentationIntent`` (Apple: `NSAttributedString.Key.presentationIntentAttributeName`).
    public static let presentationIntent = "NSPresentationIntent"
}
