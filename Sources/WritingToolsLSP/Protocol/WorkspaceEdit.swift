/// A text edit (LSP 3.17 §"TextEdit"): replace `range` by `newText`.
public struct TextEdit: Codable, Hashable, Sendable {
    /// The replaced range, in the negotiated position encoding.
    public var range: Range
    /// The replacement.
    public var newText: String
    /// Creates an edit.
    public init(range: Range, newText: String) { self.range = range; self.newText = newText }
}

/// Changes to many documents (LSP 3.17 §"WorkspaceEdit"); only the `changes` form is used.
public struct WorkspaceEdit: Codable, Hashable, Sendable {
    /// Edits per document URI.
    public var changes: [DocumentURI: [TextEdit]]?
    /// Creates an edit.
    public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
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
