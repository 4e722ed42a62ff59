/// A workspace folder (LSP 3.17 §"WorkspaceFolder").
public struct WorkspaceFolder: Codable, Hashable, Sendable {
    /// The folder's URI.
    public var uri: DocumentURI
    /// Its name.
    public var name: String
    /// Creates a folder.
    public init(uri: DocumentURI, name: String) { self.uri = uri; self.name = name }
}

/// `initialize` parameters (LSP 3.17 §"Initialize Request"); the parts this server reads.
public struct InitializeParams: Codable, Hashable, Sendable {
    /// The client's process ID.
    public var processId: Int?
    /// Deprecated workspace root path.
    public var rootPath: String?
    /// Deprecated workspace root URI.
    public var rootUri: DocumentURI?
    /// The workspace folders.
    public var workspaceFolders: [WorkspaceFolder]?
    /// Options for this server: `language`, `disabledRules`, `dictionary`, `severity`,
    /// `languages`, `debounceMilliseconds` (see ``ServerConfiguration``).
    public var initializationOptions: JSONValue?
    /// The client's capabilities, kept as JSON; see ``positionEncodings``.
    public var capabilities: JSONValue?

    /// Creates parameters.
    public init(processId: Int? = nil, rootUri: DocumentURI? = nil, workspaceFolders: [WorkspaceFolder]? = nil,
                initializationOptions: JSONValue? = nil, capabilities: JSONValue? = nil) {
        self.processId = processId; self.rootUri = rootUri; self.workspaceFolders = workspaceFolders
        self.initializationOptions = initializationOptions; self.capabilities = capabilities
    }

    /// `capabilities.general.positionEncodings`, the encodings the client supports, preferred first;
    /// empty when the client says nothing (then only UTF-16 may be used).
    public var positionEncodings: [String] {
        capabilities?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}

/// How the server syncs documents (LSP 3.17 §"TextDocumentSyncOptions").
public struct TextDocumentSyncOptions: Codable, Hashable, Sendable {
    /// Open and close notifications are wanted.
    public var openClose: Bool
    /// One of ``TextDocumentSyncKind``.
    public var change: Int
    /// Creates options.
    public init(openClose: Bool, change: Int) { self.openClose = openClose; self.change = change }
}

/// Pull diagnostics options (LSP 3.17 §"DiagnosticOptions").
public struct DiagnosticOptions: Codable, Hashable, Sendable {
    /// An identifier of this server's diagnostics.
    public var identifier: String?
    /// False: a document's diagnostics depend on that document only.
    public var interFileDependencies: Bool
    /// False: no `workspace/diagnostic`.
    public var workspaceDiagnostics: Bool
    /// Creates options.
    public init(identifier: String?, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
        self.identifier = identifier; self.interFileDependencies = interFileDependencies
        self.workspaceDiagnostics = workspaceDiagnostics
    }
}

/// Code action options (LSP 3.17 §"CodeActionOptions").
public struct CodeActionOptions: Codable, Hashable, Sendable {
    /// The kinds offered.
    public var codeActionKinds: [String]?
    /// Creates options.
    public init(codeActionKinds: [String]?) { self.codeActionKinds = codeActionKinds }
}

/// Execute command options (LSP 3.17 §"ExecuteCommandOptions").
public struct ExecuteCommandOptions: Codable, Hashable, Sendable {
    /// The commands offered.
    public var commands: [String]
    /// Creates options.
    public init(commands: [String]) { self.commands = commands }
}

/// What the server can do (LSP 3.17 §"ServerCapabilities"); the parts this server offers.
public struct ServerCapabilities: Codable, Hashable, Sendable {
    /// The negotiated position encoding (`"utf-16"` or `"utf-8"`, …).
    public var positionEncoding: String
    /// Text sync: open/close and incremental changes.
    public var textDocumentSync: TextDocumentSyncOptions
    /// Pull diagnostics.
    public var diagnosticProvider: DiagnosticOptions
    /// Code actions.
    public var codeActionProvider: CodeActionOptions
    /// Commands.
    public var executeCommandProvider: ExecuteCommandOptions
    /// Creates capabilities.
    public init(positionEncoding: String, textDocumentSync: TextDocumentSyncOptions, diagnosticProvider: DiagnosticOptions,
                codeActionProvider: CodeActionOptions, executeCommandProvider: ExecuteCommandOptions) {
        self.positionEncoding = positionEncoding; self.textDocumentSync = textDocumentSync
        self.diagnosticProvider = diagnosticProvider; self.codeActionProvider = codeActionProvider
        self.executeCommandProvider = executeCommandProvider
    }
}

/// Who the server is (LSP 3.17 §"InitializeResult.serverInfo").
public struct ServerInfo: Codable, Hashable, Sendable {
    /// `"writing-tools"`.
    public var name: String
    /// The version.
    public var version: String?
    /// Creates info.
    public init(name: String, version: String?) { self.name = name; self.version = version }
}

/// The `initialize` result (LSP 3.17 §"InitializeResult").
public struct InitializeResult: Codable, Hashable, Sendable {
    /// What the server can do.
    public var capabilities: ServerCapabilities
    /// Who it is.
    public var serverInfo: ServerInfo?
    /// Creates a result.
    public init(capabilities: ServerCapabilities, serverInfo: ServerInfo?) { self.capabilities = capabilities; self.serverInfo = serverInfo }
}

/// `workspace/didChangeConfiguration` parameters (LSP 3.17 §"DidChangeConfiguration Notification").
public struct DidChangeConfigurationParams: Codable, Hashable, Sendable {
    /// The settings: either this server's options or an object with them under `"writing-tools"`.
    public var settings: JSONValue?
    /// Creates parameters.
    public init(settings: JSONValue?) { self.settings = settings }
}

/// `$/cancelRequest` parameters (LSP 3.17 §"Cancellation Support").
public struct CancelParams: Codable, Hashable, Sendable {
    /// The request to cancel.
    public var id: RequestID
    /// Creates parameters.
    public init(id: RequestID) { self.id = id }
}

/// `window/logMessage` and `window/showMessage` parameters (LSP 3.17 §"LogMessage Notification").
public struct LogMessageParams: Codable, Hashable, Sendable {
    /// 1 error, 2 warning, 3 info, 4 log.
    public var type: Int
    /// The message.
    public var message: String
    /// Creates parameters.
    public init(type: Int, message: String) { self.type = type; self.message = message }
}
