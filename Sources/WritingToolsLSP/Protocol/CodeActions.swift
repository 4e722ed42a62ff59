/// A command the client asks the server to run (LSP 3.17 §"Command").
public struct Command: Codable, Hashable, Sendable {
    /// A title shown to the user.
    public var title: String
    /// The command identifier (one of ``WritingToolsCommands``).
    public var command: String
    /// The arguments.
    public var arguments: [JSONValue]?
    /// Creates a command.
    public init(title: String, command: String, arguments: [JSONValue]?) {
        self.title = title; self.command = command; self.arguments = arguments
    }
}

/// The code action kinds used here (LSP 3.17 §"CodeActionKind").
public enum CodeActionKind {
    /// `"quickfix"`.
    public static let quickFix = "quickfix"
    /// `"refactor.rewrite"`: Writing Tools on a selection.
    public static let refactorRewrite = "refactor.rewrite"
}

/// The context of a code action request (LSP 3.17 §"CodeActionContext").
public struct CodeActionContext: Codable, Hashable, Sendable {
    /// The diagnostics the client shows at the range.
    public var diagnostics: [Diagnostic]
    /// Requested kinds; nil for all.
    public var only: [String]?
    /// Creates a context.
    public init(diagnostics: [Diagnostic], only: [String]? = nil) { self.diagnostics = diagnostics; self.only = only }
}

/// `textDocument/codeAction` parameters (LSP 3.17 §"Code Action Request").
public struct CodeActionParams: Codable, Hashable, Sendable {
    /// The document.
    public var textDocument: TextDocumentIdentifier
    /// The range (selection or cursor), in the negotiated position encoding.
    public var range: Range
    /// The context.
    public var context: CodeActionContext
    /// Creates parameters.
    public init(textDocument: TextDocumentIdentifier, range: Range, context: CodeActionContext) {
        self.textDocument = textDocument; self.range = range; self.context = context
    }
}

/// A code action (LSP 3.17 §"CodeAction"): an edit, a command, or both (edit first).
public struct CodeAction: Codable, Hashable, Sendable {
    /// A title shown to the user.
    public var title: String
    /// The kind (`quickfix`).
    public var kind: String?
    /// The diagnostics it resolves.
    public var diagnostics: [Diagnostic]?
    /// True for the action an editor may apply with one keystroke.
    public var isPreferred: Bool?
    /// The edit to apply.
    public var edit: WorkspaceEdit?
    /// The command to run after the edit.
    public var command: Command?
    /// Creates an action.
    public init(title: String, kind: String?, diagnostics: [Diagnostic]?, isPreferred: Bool? = nil,
                edit: WorkspaceEdit? = nil, command: Command? = nil) {
        self.title = title; self.kind = kind; self.diagnostics = diagnostics; self.isPreferred = isPreferred
        self.edit = edit; self.command = command
    }
}

/// `workspace/executeCommand` parameters (LSP 3.17 §"Execute a command").
public struct ExecuteCommandParams: Codable, Hashable, Sendable {
    /// The command identifier.
    public var command: String
    /// Its arguments.
    public var arguments: [JSONValue]?
    /// Creates parameters.
    public init(command: String, arguments: [JSONValue]?) { self.command = command; self.arguments = arguments }
}

/// The commands the server offers through code actions (`executeCommandProvider`).
public enum WritingToolsCommands {
    /// Adds a word to a dictionary. Arguments: `[{"word": String, "scope": "user"|"workspace"}]`.
    public static let addToDictionary = "writing-tools.addToDictionary"
    /// Ignores a rule in one document for this session. Arguments: `[{"uri": String, "rule": String}]`.
    public static let ignoreRuleInFile = "writing-tools.ignoreRuleInFile"
    /// Disables a rule for this session. Arguments: `[{"rule": String}]`.
    public static let disableRule = "writing-tools.disableRule"
    /// Runs a Writing Tool on a range and applies the result with `workspace/applyEdit`.
    /// Arguments: `[{"uri": String, "tool": "rewrite"|"friendly"|…, "range": Range, "version": Int}]`.
    public static let runTool = "writing-tools.runTool"
    /// Every command.
    public static let all = [addToDictionary, ignoreRuleInFile, disableRule, runTool]
}
