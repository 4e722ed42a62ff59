import Foundation
import WritingTools

/// The Writing Tools language server (LSP 3.17): lifecycle, text sync, pushed and pulled
/// diagnostics, code actions and commands. Feed it message bodies in order with
/// ``handle(_:)``; it writes responses and notifications to its ``MessageSink``.
///
/// Requests before `initialize` get `ServerNotInitialized` (-32002); unknown requests
/// `MethodNotFound` (-32601); unknown notifications are ignored; invalid JSON gets `ParseError`
/// (-32700) with a `null` ID; `$/cancelRequest` ends a pending request with `RequestCancelled`
/// (-32800).
///
/// This file holds the server's state; each concern is an extension of its own: `Routing.swift`
/// (incoming messages to handlers), `RequestTasks.swift` (request tasks, cancellation),
/// `Outgoing.swift` (responses, notifications, requests to the client), `Lifecycle.swift`
/// (`initialize`, `shutdown`, `exit`), `OpenDocuments.swift` (text sync, checks, diagnostics),
/// `ServerCodeActions.swift`, `Commands.swift` with `CommandArguments.swift` (typed command
/// arguments), `ToolCommand.swift` (a Writing Tool on a selection) and `ModelSetup.swift`.
public actor LanguageServer {
    /// The thread the server's isolated code runs on (and its connection's, its reading loop's,
    /// its requests' timeouts): never Swift's shared cooperative pool, whose threads other work
    /// of the process may hold (a serial ``OwnThreadsExecutor``: the server's actors and the
    /// light tasks around them, first in, first out).
    let messageThread = OwnThreadsExecutor(serialThreadNamed: "writing-tools lsp")
    /// Runs the server's isolated code on ``messageThread``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { messageThread.asUnownedSerialExecutor() }
    /// The threads of requests' work, checks and tool runs (model runs among them: their tasks
    /// prefer these through ``PreferredExecutor``), shared by every server of the process: as
    /// many as there are processors, at least two, so that a long check of one document leaves
    /// a thread to another's check or a tool run. Not the shared pool: a test run's suites or a
    /// host's own work holding its threads kept diagnostics from coming for minutes.
    static let workThreads = OwnThreadsExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount),
                                                name: "writing-tools lsp work")
    let sink: any MessageSink
    let options: ServerOptions
    let checker = WritingToolsChecker()
    let toolEngine: any ToolEngine = BuiltInToolEngine()
    let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes]
        return e
    }()

    enum Phase { case uninitialized, running, shutDown, exited }
    var phase = Phase.uninitialized
    /// The negotiated position encoding.
    public internal(set) var positionEncoding = PositionEncoding.utf16
    /// The current configuration.
    public internal(set) var configuration = ServerConfiguration()
    var dictionaries = Dictionaries(environment: [:], workspaceRoot: nil)
    var dictionaryWords: [String] = []
    /// The user's and the workspace's rule files (`writing-tools/rules/*.rules`), loaded at
    /// initialization.
    var userRules: UserRules?
    var documents: [DocumentURI: OpenDocument] = [:]
    var pending: [RequestID: Task<Void, Never>] = [:]
    /// The serial number of the request each pending task answers: a task answers only while
    /// its request is still the pending one under its ID (not after a `$/cancelRequest` that
    /// was answered at once, nor after a later request reused the ID).
    var pendingSerial: [RequestID: UInt64] = [:]
    /// Requests whose `$/cancelRequest` is answered at once (`RequestCancelled`), their work
    /// dropped: those that change nothing (code actions, pulled diagnostics).
    var cancelAtOnce: Set<RequestID> = []
    var requestSerial: UInt64 = 0
    /// The answer to `shutdown` while requests received before it are still being answered.
    var shutdownAnswer: Task<Void, Never>?
    /// How long `shutdown`, `exit` and the end of the input wait for requests still being
    /// answered before they cancel them.
    static let exitGrace: Duration = .seconds(5)
    /// The end of the server after `exit`, once the requests received before it are answered.
    var exiting: Task<Void, Never>?
    /// Answers to requests, closed for those the shutdown deadline answers (``AnswerGate``).
    let answerGate = AnswerGate()
    /// When `shutdown` is answered at the latest, whatever is still running: the grace, the
    /// second ``waitFor(_:)`` gives cancelled work, and a second and a half more (cancelled work
    /// answers at utility priority: on a loaded machine it can wait for a thread). `exit` ends the
    /// process within ``exitGrace`` at the latest (docs/editors.md promises 5 s).
    static let shutdownDeadline: Duration = exitGrace + .milliseconds(2500)

    /// The priority of requests' work, checks and tool runs, which run on ``workThreads``: long
    /// synchronous work there (a tool on a large selection, a large document's check) never
    /// holds ``messageThread``, which reads and answers `shutdown`, `$/cancelRequest` and the
    /// rest (a trial's `shutdown` waited minutes behind a Concise run when both shared the pool).
    static let workPriority = TaskPriority.utility
    /// The priority at which the transport hands messages to the server (on ``messageThread``).
    public static let messagePriority = TaskPriority.high

    var pushTasks: [DocumentURI: Task<Void, Never>] = [:]

    var reportedLanguageError = false
    /// Counts `didOpen`s (see ``OpenDocument/openCount``).
    var openCount = 0
    /// The check running per document, and who wants it; others wait for it instead of
    /// starting their own.
    var inflight: [DocumentURI: RunningCheck] = [:]
    /// A document's running check: its task and its stop test.
    struct RunningCheck {
        var task: Task<Void, Error>
        var demand: CheckDemand
    }
    /// True from `shutdown` or `exit` on: checks stop once nothing waits for them.
    var checksStopWhenUnwatched = false
    /// Delays every request's work (tests use it to cancel deterministically).
    var requestDelayForTesting: Duration?
    /// Called each time a document's check asks its stop test, before the answer is read
    /// (tests hold a check there to stop it deterministically).
    var checkStopProbeForTesting: (@Sendable () -> Void)?
    /// Requests we sent to the client, waiting for their responses, by ID.
    var awaitingResponses: [Int: CheckedContinuation<IncomingMessageHeader?, Never>] = [:]
    /// True from `shutdown`, `exit` or the end of the input on: requests to the client are no
    /// longer sent (nobody would answer them).
    var withdrawingRequests = false
    /// How long the server waits for the client to answer `window/workDoneProgress/create`
    /// before it runs the tool without progress reports.
    static let progressCreateTimeout: Duration = .seconds(5)
    /// How long the server waits for the client to answer `workspace/applyEdit` (a person may
    /// be looking at a confirm dialog) before the tool command reports the edit as not applied.
    public static let applyEditTimeout: Duration = .seconds(30)
    var nextOutgoingID = 1
    /// What the client said it supports (`initialize`).
    var clientSupportsWorkDoneProgress = false
    var clientSupportsChangeAnnotations = false
    /// The client takes `documentChanges` (`workspace.workspaceEdit.documentChanges`): edits
    /// are sent with the document's version, so that the client refuses a stale one.
    var clientSupportsDocumentChanges = false
    /// The client applies edits the server sends (`workspace.applyEdit`, LSP 3.17 §"Applies a
    /// WorkspaceEdit"): the Writing Tools other than Proofread need it.
    var clientSupportsApplyEdit = false
    /// The language models of tool runs: the last one is kept for the next (a managed
    /// llama-server loads its model once); one for other settings replaces it.
    let models: ModelEngineProvider

    /// Creates a server writing to `sink`.
    public init(sink: any MessageSink, options: ServerOptions = ServerOptions()) {
        self.sink = sink
        self.options = options
        self.models = ModelEngineProvider(environment: options.environment, keepsOnlyTheLatest: true)
        self.dictionaries = Dictionaries(environment: options.environment, workspaceRoot: nil)
        // A server lives long: after apt installs packages, the first check uses the older
        // vocabulary cache while the current one is rebuilt, instead of waiting for it.
        WritingToolsChecker.servesStaleIndexesWhileRebuilding = true
    }

    deinit { messageThread.stop() }

    /// Sets the artificial request delay (tests only).
    func setRequestDelayForTesting(_ d: Duration?) { requestDelayForTesting = d }

    /// The grace requests get at `shutdown` and `exit` (``exitGrace``; tests that check the order
    /// of answers rather than the deadline give a longer one: under a full test run's load the
    /// concurrency pool can be busy for more than five seconds).
    var grace: Duration = LanguageServer.exitGrace

    /// Sets the grace (tests only).
    func setExitGraceForTesting(_ d: Duration) { grace = d }

    /// Sets ``checkStopProbeForTesting`` (tests only).
    func setCheckStopProbeForTesting(_ probe: (@Sendable () -> Void)?) { checkStopProbeForTesting = probe }
}
