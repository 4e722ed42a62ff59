import Foundation
import WritingTools

/// Where the server's outgoing messages go: each call gets one framed message
/// (`Content-Length` header and JSON body). Must be safe to call from any thread.
public protocol MessageSink: Sendable {
    /// Writes one framed message.
    func send(_ framedMessage: Data)
}

/// Options of a server instance that do not come from the client.
public struct ServerOptions: Sendable {
    /// The process environment: `HOME` and `XDG_CONFIG_HOME` locate the user dictionary.
    public var environment: [String: String]
    /// Called with each log line (without a line break); the stdio runner writes it to standard error.
    public var log: @Sendable (String) -> Void
    /// Called once when the client sends `exit`, with the exit code LSP 3.17 asks for
    /// (0 after `shutdown`, 1 otherwise).
    public var onExit: @Sendable (Int32) -> Void
    /// The largest accepted message body, in bytes.
    public var maximumMessageLength: Int
    /// How long a tool command waits for the editor's answer to `workspace/applyEdit` before
    /// withdrawing it (``LanguageServer/applyEditTimeout``, 30 s; tests that are not about the
    /// timeout give a longer one, since a loaded test run can starve the answer's handling).
    public var applyEditTimeout: Duration

    /// Creates options.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                log: @escaping @Sendable (String) -> Void = { _ in },
                onExit: @escaping @Sendable (Int32) -> Void = { _ in },
                maximumMessageLength: Int = 64 << 20,
                applyEditTimeout: Duration = LanguageServer.applyEditTimeout) {
        self.environment = environment; self.log = log; self.onExit = onExit
        self.maximumMessageLength = maximumMessageLength
        self.applyEditTimeout = applyEditTimeout
    }
}
