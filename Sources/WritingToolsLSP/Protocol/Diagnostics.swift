/// Diagnostic severities (LSP 3.17 §"DiagnosticSeverity"): 1 error, 2 warning, 3 information, 4 hint.
public enum DiagnosticSeverity: Int, Codable, Hashable, Sendable, CaseIterable {
    /// Reports an error.
    case error = 1
    /// Reports a warning.
    case warning = 2
    /// Reports information.
    case information = 3
    /// Reports a hint.
    case hint = 4

    /// Reads a severity from configuration: a name (`"error"`, `"warning"`, `"information"` or
    /// `"info"`, `"hint"`) or its number; nil for anything else.
    public init?(configValue: JSONValue) {
        if let n = configValue.intValue { self.init(rawValue: n); return }
        switch configValue.stringValue?.lowercased() {
        case "error": self = .error
        case "warning", "warn": self = .warning
        case "information", "info": self = .information
        case "hint": self = .hint
        default: return nil
        }
    }
}

/// A finding shown in the editor (LSP 3.17 §"Diagnostic").
public struct Diagnostic: Codable, Hashable, Sendable {
    /// Where, in the negotiated position encoding.
    public var range: Range
    /// How bad.
    public var severity: DiagnosticSeverity?
    /// The rule ID (`SPELLING`, `EN_A_VS_AN`).
    public var code: String?
    /// `"writing-tools"`.
    public var source: String?
    /// One line a person understands.
    public var message: String
    /// Server data kept for code actions: `{"replacements": [...], "category": ..., "word": ...}`.
    public var data: JSONValue?

    /// Creates a diagnostic.
    public init(range: Range, severity: DiagnosticSeverity?, code: String?, source: String?, message: String, data: JSONValue? = nil) {
        self.range = range; self.severity = severity; self.code = code; self.source = source
        self.message = message; self.data = data
    }
}

/// `textDocument/publishDiagnostics` parameters (LSP 3.17 §"PublishDiagnostics Notification").
public struct PublishDiagnosticsParams: Codable, Hashable, Sendable {
    /// The document.
    public var uri: DocumentURI
    /// The document version the diagnostics were computed for.
    public var version: Int?
    /// Every diagnostic of the document (an empty list clears them).
    public var diagnostics: [Diagnostic]
    /// Creates parameters.
    public init(uri: DocumentURI, version: Int?, diagnostics: [Diagnostic]) {
        self.uri = uri; self.version = version; self.diagnostics = diagnostics
    }
}

/// `textDocument/diagnostic` parameters (LSP 3.17 §"Document Diagnostics").
public struct DocumentDiagnosticParams: Codable, Hashable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The client's identifier of the previous result (unused: full reports are always sent).
    public var previousResultId: String?
    /// Creates parameters.
    public init(textDocument: TextDocumentIdentifier, previousResultId: String? = nil) {
        self.textDocument = textDocument; self.previousResultId = previousResultId
    }
}

/// A full document diagnostic report (LSP 3.17 §"FullDocumentDiagnosticReport"): `kind` is `"full"`.
public struct FullDocumentDiagnosticReport: Codable, Hashable, Sendable {
    /// Always `"full"`.
    public var kind: String = "full"
    /// An identifier of this result (the document version).
    public var resultId: String?
    /// The diagnostics.
    public var items: [Diagnostic]
    /// Creates a report.
    public init(resultId: String?, items: [Diagnostic]) { self.resultId = resultId; self.items = items }
}
