/// A text edit (LSP 3.17 §"TextEdit"): replace `range` by `newText`.
public struct TextEdit: Codable, Hashable, Sendable {
    /// The replaced range, in the negotiated position encoding.
    public var range: Range
    /// The replacement.
    public var newText: String
    /// Creates an edit.
    public init(range: Range, newText: String) { self.range = range; self.newText = newText }
}

/// Changes to many documents (LSP 3.17 §"WorkspaceEdit"): the `changes` form, or the
/// `documentChanges` form with change annotations (LSP 3.16+) for clients that support them.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    /// Edits per document URI.
    public var changes: [DocumentURI: [TextEdit]]?
    /// Versioned per-document edits, possibly annotated.
    public var documentChanges: [TextDocumentEdit]?
    /// The annotations the edits refer to, by ID.
    public var changeAnnotations: [String: ChangeAnnotation]?
    /// Creates an edit in the `changes` form.
    public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
    /// Creates an edit in the `documentChanges` form.
    public init(documentChanges: [TextDocumentEdit], changeAnnotations: [String: ChangeAnnotation]?) {
        self.documentChanges = documentChanges
        self.changeAnnotations = changeAnnotations
    }
}

/// Edits of one version of one document (LSP 3.17 §"TextDocumentEdit").
public struct TextDocumentEdit: Codable, Hashable, Sendable {
    /// The document and the version the edits apply to.
    public var textDocument: VersionedDocument
    /// The edits (`annotationId` set when annotated).
    public var edits: [AnnotatedTextEdit]
    /// Creates a document edit.
    public init(textDocument: VersionedDocument, edits: [AnnotatedTextEdit]) { self.textDocument = textDocument; self.edits = edits }

    /// `OptionalVersionedTextDocumentIdentifier`.
    public struct VersionedDocument: Codable, Hashable, Sendable {
        public var uri: DocumentURI
        public var version: Int?
        public init(uri: DocumentURI, version: Int?) { self.uri = uri; self.version = version }
    }
}

/// A text edit with an optional change annotation (LSP 3.17 §"AnnotatedTextEdit").
public struct AnnotatedTextEdit: Codable, Hashable, Sendable {
    public var range: Range
    public var newText: String
    /// The ID of a ``ChangeAnnotation`` in the workspace edit.
    public var annotationId: String?
    public init(range: Range, newText: String, annotationId: String?) { self.range = range; self.newText = newText; self.annotationId = annotationId }
}

/// What a change is, for the client to show, and whether the user must confirm it (LSP 3.17
/// §"ChangeAnnotation").
public struct ChangeAnnotation: Codable, Hashable, Sendable {
    /// A short label ("Writing Tools: Friendly").
    public var label: String
    /// True when the client must ask the user before applying.
    public var needsConfirmation: Bool?
    /// A longer description.
    public var description: String?
    public init(label: String, needsConfirmation: Bool?, description: String?) {
        self.label = label; self.needsConfirmation = needsConfirmation; self.description = description
    }
}

/// The client's answer to `workspace/applyEdit` (LSP 3.17 §"ApplyWorkspaceEditResult").
public struct ApplyWorkspaceEditResult: Codable, Hashable, Sendable {
    /// Whether the edit was applied.
    public var applied: Bool
    /// Why not, if the client says.
    public var failureReason: String?
}

/// `window/workDoneProgress/create` parameters and `$/progress` (LSP 3.17 §"Work Done Progress").
public struct WorkDoneProgressCreateParams: Codable, Hashable, Sendable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// `$/progress` with a work-done value: `begin`, `report` or `end`.
public struct WorkDoneProgressParams: Codable, Hashable, Sendable {
    public var token: String
    public var value: Value
    public init(token: String, value: Value) { self.token = token; self.value = value }

    /// `WorkDoneProgressBegin` / `Report` / `End`, as one shape.
    public struct Value: Codable, Hashable, Sendable {
        /// `begin`, `report` or `end`.
        public var kind: String
        public var title: String?
        public var message: String?
        public var cancellable: Bool?
        public init(kind: String, title: String? = nil, message: String? = nil, cancellable: Bool? = nil) {
            self.kind = kind; self.title = title; self.message = message; self.cancellable = cancellable
        }
    }
}

/// `workspace/applyEdit` parameters (LSP 3.17 §"Applies a WorkspaceEdit"), sent server → client.
public struct ApplyWorkspaceEditParams: Codable, Hashable, Sendable {
    /// A label the client may show (e.g. on its undo stack).
    public var label: String?
    /// The edit.
    public var edit: WorkspaceEdit
    /// Creates parameters.
    public init(label: String?, edit: WorkspaceEdit) { self.label = label; self.edit = edit }
}
