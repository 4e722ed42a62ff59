/// A document's URI (LSP 3.17 §"DocumentUri"), kept as the client sent it.
public typealias DocumentURI = String

/// Identifies a document (LSP 3.17 §"TextDocumentIdentifier").
public struct TextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: DocumentURI
    /// Creates an identifier.
    public init(uri: DocumentURI) { self.uri = uri }
}

/// Identifies a version of a document (LSP 3.17 §"VersionedTextDocumentIdentifier").
public struct VersionedTextDocumentIdentifier: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: DocumentURI
    /// The version after the change it comes with.
    public var version: Int
    /// Creates an identifier.
    public init(uri: DocumentURI, version: Int) { self.uri = uri; self.version = version }
}

/// A document the client opened (LSP 3.17 §"TextDocumentItem").
public struct TextDocumentItem: Codable, Hashable, Sendable {
    /// The document's URI.
    public var uri: DocumentURI
    /// Its language identifier (`markdown`, `plaintext`, `git-commit`, …).
    public var languageId: String
    /// Its version (increases with every change).
    public var version: Int
    /// Its whole text.
    public var text: String
    /// Creates an item.
    public init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri; self.languageId = languageId; self.version = version; self.text = text
    }
}

/// `textDocument/didOpen` parameters (LSP 3.17 §"DidOpenTextDocument Notification").
public struct DidOpenTextDocumentParams: Codable, Hashable, Sendable {
    /// The opened document.
    public var textDocument: TextDocumentItem
    /// Creates parameters.
    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

/// One change of a document (LSP 3.17 §"TextDocumentContentChangeEvent"): with a `range`, the
/// range's text is replaced by `text` (incremental sync); without, `text` is the whole document.
public struct TextDocumentContentChangeEvent: Codable, Hashable, Sendable {
    /// The replaced range, in the negotiated position encoding; nil for a full-text change.
    public var range: Range?
    /// Deprecated length of the range (ignored).
    public var rangeLength: Int?
    /// The new text.
    public var text: String
    /// Creates a change.
    public init(range: Range? = nil, text: String) { self.range = range; self.text = text }
}

/// `textDocument/didChange` parameters (LSP 3.17 §"DidChangeTextDocument Notification").
public struct DidChangeTextDocumentParams: Codable, Hashable, Sendable {
    /// The document and its version after the changes.
    public var textDocument: VersionedTextDocumentIdentifier
    /// The changes, applied in order.
    public var contentChanges: [TextDocumentContentChangeEvent]
    /// Creates parameters.
    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument; self.contentChanges = contentChanges
    }
}

/// `textDocument/didClose` (and `didSave`) parameters (LSP 3.17 §"DidCloseTextDocument Notification").
public struct DidCloseTextDocumentParams: Codable, Hashable, Sendable {
    /// The closed document.
    public var textDocument: TextDocumentIdentifier
    /// Creates parameters.
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

/// The text document sync kinds (LSP 3.17 §"TextDocumentSyncKind").
public enum TextDocumentSyncKind {
    /// No sync.
    public static let none = 0
    /// Whole document on every change.
    public static let full = 1
    /// Incremental changes.
    public static let incremental = 2
}
