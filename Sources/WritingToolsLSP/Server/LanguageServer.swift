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

/// The Writing Tools language server (LSP 3.17): lifecycle, text sync, pushed and pulled
/// diagnostics, code actions and commands. Feed it message bodies in order with
/// ``handle(_:)``; it writes responses and notifications to its ``MessageSink``.
///
/// Requests before `initialize` get `ServerNotInitialized` (-32002); unknown requests
/// `MethodNotFound` (-32601); unknown notifications are ignored; invalid JSON gets `ParseError`
/// (-32700) with a `null` ID; `$/cancelRequest` ends a pending request with `RequestCancelled`
/// (-32800).
public actor LanguageServer {
    private let sink: any MessageSink
    private let options: ServerOptions
    private let checker = WritingToolsChecker()
    private let toolEngine: any ToolEngine = BuiltInToolEngine()
    private let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.withoutEscapingSlashes]
        return e
    }()

    private enum Phase { case uninitialized, running, shutDown, exited }
    private var phase = Phase.uninitialized
    /// The negotiated position encoding.
    public private(set) var positionEncoding = PositionEncoding.utf16
    /// The current configuration.
    public private(set) var configuration = ServerConfiguration()
    private var dictionaries = Dictionaries(environment: [:], workspaceRoot: nil)
    private var dictionaryWords: [String] = []
    /// The user's and the workspace's rule files (`writing-tools/rules/*.rules`), loaded at
    /// initialization.
    private var userRules: UserRules?
    private var documents: [DocumentURI: OpenDocument] = [:]
    private var pending: [RequestID: Task<Void, Never>] = [:]
    /// The serial number of the request each pending task answers: a task answers only while
    /// its request is still the pending one under its ID (not after a `$/cancelRequest` that
    /// was answered at once, nor after a later request reused the ID).
    private var pendingSerial: [RequestID: UInt64] = [:]
    /// Requests whose `$/cancelRequest` is answered at once (`RequestCancelled`), their work
    /// dropped: those that change nothing (code actions, pulled diagnostics).
    private var cancelAtOnce: Set<RequestID> = []
    private var requestSerial: UInt64 = 0
    /// The longest selection a Writing Tool runs on, in UTF-16 units (the HTTP server's
    /// default text limit): Concise on a 1.3 MB selection held two threads for 16 minutes of a
    /// session-43 trial. A run now stops at its next paragraph when cancelled; the limit still
    /// keeps one run to minutes at most in a debug build.
    static let maximumToolSelectionUnits = 100_000
    /// At most this many diagnostics get quick fixes in one code action answer (a menu of
    /// thousands helps no one, and building it held the server for seconds).
    static let maximumQuickFixDiagnostics = 100
    /// The answer to `shutdown` while requests received before it are still being answered.
    private var shutdownAnswer: Task<Void, Never>?
    /// How long `shutdown`, `exit` and the end of the input wait for requests still being
    /// answered before they cancel them.
    static let exitGrace: Duration = .seconds(5)
    /// The end of the server after `exit`, once the requests received before it are answered.
    private var exiting: Task<Void, Never>?
    /// Answers to requests, closed for those the shutdown deadline answers (``AnswerGate``).
    private let answerGate = AnswerGate()
    /// When `shutdown` is answered at the latest, whatever is still running: the grace, the
    /// second ``waitFor(_:)`` gives cancelled work, and a second and a half more (cancelled work
    /// answers at utility priority: on a loaded machine it can wait for a thread). `exit` ends the
    /// process within ``exitGrace`` at the latest (docs/editors.md promises 5 s).
    static let shutdownDeadline: Duration = exitGrace + .milliseconds(2500)

    /// The priority of requests' work, checks and tool runs: below the messages' own
    /// (``messagePriority``), so that long synchronous work (a tool on a large selection, a
    /// large document's check) holding every thread of its priority still leaves threads to
    /// read and answer `shutdown`, `$/cancelRequest` and the rest (a trial's `shutdown` waited
    /// minutes behind a Concise run).
    static let workPriority = TaskPriority.utility
    /// The priority at which the transport hands messages to the server.
    public static let messagePriority = TaskPriority.high

    /// Calls `body` once `delay` has passed, from a thread of its own rather than a task: a
    /// task's sleep resumes only when a thread of the concurrency pool is free, and long
    /// synchronous work (a tool on a large selection, a large document's check) can keep every
    /// one of them busy for minutes.
    static func atDeadline(_ delay: Duration, _ body: @escaping @Sendable () -> Void) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        let thread = Thread {
            Thread.sleep(forTimeInterval: seconds)
            body()
        }
        thread.name = "writing-tools lsp deadline"
        thread.start()
    }

    /// The tasks still answering requests, `shutdown`'s answer among them.
    private var inFlightAnswers: [Task<Void, Never>] { Array(pending.values) + (shutdownAnswer.map { [$0] } ?? []) }

    /// Waits for `tasks`, cancelling them after ``exitGrace`` (a cancelled request is answered
    /// with `RequestCancelled`).
    ///
    /// Bounded even for work that does not stop when cancelled: a second after the
    /// cancellation, the wait ends whatever is still running (the process is about to end).
    private static func waitFor(_ tasks: [Task<Void, Never>], grace: Duration = exitGrace) async {
        guard !tasks.isEmpty else { return }
        let first = FirstResume()
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            first.set(c)
            Task {
                for t in tasks { await t.value }
                first.resume()
            }
            Task {
                try? await Task.sleep(for: grace)
                for t in tasks { t.cancel() }
                try? await Task.sleep(for: .seconds(1))
                first.resume()
            }
        }
    }

    /// Waits until every request received so far is answered and, after `exit`, the server has
    /// ended (at most ``exitGrace``, then what is left is cancelled): for the end of the input,
    /// when a client closes its side right after its last messages (`codeAction`, `shutdown`,
    /// `exit` in one write).
    public func finishAnswering() async {
        withdrawAllRequests(reason: "the input ended")
        if let exiting {
            await exiting.value
            return
        }
        await Self.waitFor(inFlightAnswers, grace: grace)
    }
    private var pushTasks: [DocumentURI: Task<Void, Never>] = [:]

    /// Waits until the diagnostics scheduled so far (debounced pushes and the checks behind
    /// them) are sent or dropped: for a host that ends one server and starts another in the same
    /// process (tests, Fuzz/fuzz-lsp), so that one server's work never runs into the next's.
    public func finishPushing() async {
        while let (uri, task) = pushTasks.first {
            await task.value
            if pushTasks[uri] == task { pushTasks[uri] = nil }
        }
        // And the checks no push waits for any more (a closed document's, stopping).
        while let running = inflight.values.first { _ = try? await running.task.value }
    }
    private var reportedLanguageError = false
    /// Counts `didOpen`s (see ``OpenDocument/openCount``).
    private var openCount = 0
    /// The check running per document, and who wants it; others wait for it instead of
    /// starting their own.
    private var inflight: [DocumentURI: RunningCheck] = [:]
    /// A document's running check: its task and its stop test.
    private struct RunningCheck {
        var task: Task<Void, Error>
        var demand: CheckDemand
    }
    /// True from `shutdown` or `exit` on: checks stop once nothing waits for them.
    private var checksStopWhenUnwatched = false
    /// Delays every request's work (tests use it to cancel deterministically).
    var requestDelayForTesting: Duration?
    /// Called each time a document's check asks its stop test, before the answer is read
    /// (tests hold a check there to stop it deterministically).
    var checkStopProbeForTesting: (@Sendable () -> Void)?
    /// Requests we sent to the client, waiting for their responses, by ID.
    private var awaitingResponses: [Int: CheckedContinuation<IncomingMessageHeader?, Never>] = [:]
    /// True from `shutdown`, `exit` or the end of the input on: requests to the client are no
    /// longer sent (nobody would answer them).
    private var withdrawingRequests = false
    /// How long the server waits for the client to answer `window/workDoneProgress/create`
    /// before it runs the tool without progress reports.
    static let progressCreateTimeout: Duration = .seconds(5)
    /// How long the server waits for the client to answer `workspace/applyEdit` (a person may
    /// be looking at a confirm dialog) before the tool command reports the edit as not applied.
    public static let applyEditTimeout: Duration = .seconds(30)
    private var nextOutgoingID = 1
    /// What the client said it supports (`initialize`).
    private var clientSupportsWorkDoneProgress = false
    private var clientSupportsChangeAnnotations = false
    /// The client takes `documentChanges` (`workspace.workspaceEdit.documentChanges`): edits
    /// are sent with the document's version, so that the client refuses a stale one.
    private var clientSupportsDocumentChanges = false
    /// The client applies edits the server sends (`workspace.applyEdit`, LSP 3.17 §"Applies a
    /// WorkspaceEdit"): the Writing Tools other than Proofread need it.
    private var clientSupportsApplyEdit = false
    /// The language model of the last tool run, kept for the next (a managed llama-server loads
    /// its model once).
    private var modelHandle: (settings: ModelSettings, handle: ModelHandle)?

    /// Creates a server writing to `sink`.
    public init(sink: any MessageSink, options: ServerOptions = ServerOptions()) {
        self.sink = sink
        self.options = options
        self.dictionaries = Dictionaries(environment: options.environment, workspaceRoot: nil)
        // A server lives long: after apt installs packages, the first check uses the older
        // vocabulary cache while the current one is rebuilt, instead of waiting for it.
        WritingToolsChecker.servesStaleIndexesWhileRebuilding = true
    }

    /// Sets the artificial request delay (tests only).
    func setRequestDelayForTesting(_ d: Duration?) { requestDelayForTesting = d }

    /// The grace requests get at `shutdown` and `exit` (``exitGrace``; tests that check the order
    /// of answers rather than the deadline give a longer one: under a full test run's load the
    /// concurrency pool can be busy for more than five seconds).
    private var grace: Duration = LanguageServer.exitGrace

    /// Sets the grace (tests only).
    func setExitGraceForTesting(_ d: Duration) { grace = d }

    /// Sets ``checkStopProbeForTesting`` (tests only).
    func setCheckStopProbeForTesting(_ probe: (@Sendable () -> Void)?) { checkStopProbeForTesting = probe }

    // MARK: sending

    /// Sends `value`; a response to an ID that is a number's text (``RequestID/numberText(_:)``)
    /// gets that text in place of the ID's placeholder.
    private func write<T: Encodable>(_ value: T, id: RequestID? = nil) {
        if let framed = framed(value, id: id) { sink.send(framed) }
    }

    /// `value` as one framed message, ready for the sink (nil, logged, if it cannot be encoded).
    private func framed<T: Encodable>(_ value: T, id: RequestID? = nil) -> Data? {
        do {
            var data = try encoder.encode(value)
            if case let .numberText(text)? = id, let r = data.range(of: Data("\"\(RequestID.placeholder)\"".utf8)) {
                data.replaceSubrange(r, with: Data(text.utf8))
            }
            return MessageFramer.frame(data)
        } catch {
            options.log("writing-tools lsp: cannot encode a message: \(error)")
            return nil
        }
    }

    private func respond<R: Encodable>(_ id: RequestID?, _ result: R) {
        write(ResponseMessage(id: id, result: result, error: nil), id: id)
    }

    private func respond(_ id: RequestID?, error: ResponseError) {
        write(ResponseMessage<JSONValue>(id: id, result: nil, error: error), id: id)
    }

    private func notify<P: Encodable>(_ method: String, _ params: P) {
        write(OutgoingMessage(method: method, params: params))
    }

    /// Sends a request to the client and waits for its response (LSP 3.17 §"Request Message",
    /// server → client), at most `timeout`. Returns nil when the client did not answer in time,
    /// when the waiting task is cancelled, or when the server shuts down: the request is then
    /// withdrawn (`$/cancelRequest` is sent to the client, LSP 3.17 §"Cancellation Support"),
    /// so that an editor that never answers (a confirm dialog left open) cannot hold a tool
    /// command, `shutdown` or `exit` for good.
    private func request<P: Encodable & Sendable>(_ method: String, _ params: P, timeout: Duration) async -> IncomingMessageHeader? {
        let id = nextOutgoingID
        nextOutgoingID += 1
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            await self?.withdrawRequest(id, reason: "no answer to \(method) within \(timeout)")
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<IncomingMessageHeader?, Never>) in
                guard !Task.isCancelled, !withdrawingRequests else {
                    c.resume(returning: nil)
                    return
                }
                awaitingResponses[id] = c
                write(OutgoingMessage(id: .number(id), method: method, params: params))
            }
        } onCancel: {
            Task { [weak self] in await self?.withdrawRequest(id, reason: "cancelled") }
        }
    }

    /// Stops waiting for the client's answer to our request `id` (if still waiting), tells the
    /// client, and resumes the waiting task with nil.
    private func withdrawRequest(_ id: Int, reason: String) {
        guard let c = awaitingResponses.removeValue(forKey: id) else { return }
        options.log("writing-tools lsp: request \(id) withdrawn: \(reason)")
        notify("$/cancelRequest", CancelParams(id: .number(id)))
        c.resume(returning: nil)
    }

    /// Withdraws every request still waiting for the client (at `shutdown`, `exit` or the end of
    /// the input: a client that leaves answers nothing more), and every later one at once.
    private func withdrawAllRequests(reason: String) {
        withdrawingRequests = true
        for id in awaitingResponses.keys.sorted() { withdrawRequest(id, reason: reason) }
    }

    /// Logs to standard error, and to the client (`window/logMessage`) once initialized.
    /// `type`: 1 error, 2 warning, 3 info, 4 log.
    private func log(_ message: String, type: Int = 3) {
        options.log("writing-tools lsp: \(message)")
        if phase == .running { notify("window/logMessage", LogMessageParams(type: type, message: message)) }
    }

    // MARK: receiving

    /// Reports a framing problem: a message too large is answered with `InvalidRequest` (ID `null`);
    /// other problems are logged.
    public func handleFramingEvent(_ event: FramerEvent) {
        switch event {
        case let .message(body): handle(body)
        case let .tooLarge(length, limit):
            log("message of \(length) bytes is larger than the limit of \(limit) bytes; skipped", type: 1)
            respond(nil, error: ResponseError(code: ErrorCode.invalidRequest,
                                              message: "message of \(length) bytes exceeds the limit of \(limit) bytes; skipped"))
        case let .invalidHeader(why): log("invalid header: \(why)", type: 1)
        case let .skippedGarbage(n): log("skipped \(n) bytes that were not a message header", type: 2)
        }
    }

    /// Handles one message body (JSON). Returns false when the body is not valid JSON (a
    /// `ParseError` was sent).
    @discardableResult
    public func handle(_ raw: Data) -> Bool {
        // A lone surrogate escape would make the message undecodable and, in a didChange, put
        // the server's copy out of step with the editor's: it becomes U+FFFD, as wide in UTF-16.
        // A raw control character or an invalid escape in any string (which JSONDecoder leaves
        // unchecked in the strings it does not read) makes the message no JSON.
        let body: Data
        do { body = try JSONStrings.normalized(raw) } catch {
            respond(nil, error: ResponseError(code: ErrorCode.parseError, message: "parse error: \(error)"))
            log("parse error in a \(raw.count)-byte message: \(error)", type: 1)
            return false
        }
        let header: IncomingMessageHeader
        do { header = try JSONDecoder().decode(IncomingMessageHeader.self, from: body) } catch {
            // Valid JSON that is no JSON-RPC message (`[]`, `42`, `{"method": 5}`) is an
            // “Invalid Request” (JSON-RPC 2.0 §5, -32600); only text that is not JSON is a
            // “Parse error” (-32700), after which the framer reads a swallowed message again.
            if (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil {
                respond(nil, error: ResponseError(code: ErrorCode.invalidRequest, message: "invalid request: a JSON-RPC message is an object with a \"method\" (or an \"id\" with a \"result\" or an \"error\")"))
                log("invalid request: a \(body.count)-byte message that is JSON but no JSON-RPC message", type: 1)
                return true
            }
            respond(nil, error: ResponseError(code: ErrorCode.parseError, message: "parse error: the message is not valid JSON-RPC"))
            log("parse error in a \(body.count)-byte message", type: 1)
            return false
        }
        guard let method = header.method else {
            // A response to one of our requests (workspace/applyEdit, window/workDoneProgress/create).
            if header.isResponse {
                if case let .int(i)? = header.id, let c = awaitingResponses.removeValue(forKey: i) { c.resume(returning: header) }
                return true
            }
            // Neither a method nor a result or an error (`{}`, `{"id": 1}`): no JSON-RPC message
            // at all (JSON-RPC 2.0 §5, “Invalid Request”), answered with its ID when it has one.
            respond(header.requestID, error: ResponseError(code: ErrorCode.invalidRequest, message: "invalid request: a message needs a \"method\" (or an \"id\" with a \"result\" or an \"error\")"))
            return true
        }
        if header.id != nil {
            // A number that is no `Int` (1.5, 1e30) is answered with its text as written.
            guard let id = header.requestID ?? (header.id?.doubleValue != nil ? RequestID.numberText(in: body).map { .numberText($0) } : nil) else {
                respond(nil, error: ResponseError(code: ErrorCode.invalidRequest, message: "request id must be a number or a string"))
                return true
            }
            handleRequest(id: id, method: method, body: body)
        } else {
            handleNotification(method: method, body: body)
        }
        return true
    }

    private func params<P: Decodable>(_ type: P.Type, _ body: Data) throws -> P {
        do { return try JSONDecoder().decode(ParamsEnvelope<P>.self, from: body).params } catch let error as DecodingError {
            throw ResponseError.invalidParams(Self.describe(error))
        } catch {
            throw ResponseError.invalidParams(String(describing: error).prefix(300).description)
        }
    }

    /// A decoding error as a person reads it: what is missing or wrong, and where, as a JSON
    /// path (`missing "range" in params.textDocument`), not Swift's own description.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context.codingPath)
            return "missing \"\(key.stringValue)\"" + (at.isEmpty ? "" : " in \(at)")
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath).isEmpty ? "a value" : path(context.codingPath)) has the wrong type (expected \(Self.jsonType(type)))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath).isEmpty ? "a value" : path(context.codingPath)) is null (expected \(Self.jsonType(type)))"
        case let .dataCorrupted(context):
            return "invalid value" + (path(context.codingPath).isEmpty ? "" : " at \(path(context.codingPath))")
        @unknown default:
            return "invalid params"
        }
    }

    /// The JSON type a Swift type is read from (“a string”, “a number”, “an object”).
    static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Double.Type, is UInt.Type: return "a number"
        case is Bool.Type: return "a boolean"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }

    private func handleRequest(id: RequestID, method: String, body: Data) {
        switch phase {
        case .uninitialized where method != "initialize":
            respond(id, error: ResponseError(code: ErrorCode.serverNotInitialized, message: "server not initialized: send 'initialize' first"))
            return
        case .shutDown, .exited:
            respond(id, error: ResponseError(code: ErrorCode.invalidRequest, message: "server is shut down; only 'exit' is accepted"))
            return
        default: break
        }
        do {
            switch method {
            case "initialize":
                guard phase == .uninitialized else {
                    respond(id, error: ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already sent"))
                    return
                }
                respond(id, initialize(try params(InitializeParams.self, body)))
            case "shutdown":
                phase = .shutDown
                for t in pushTasks.values { t.cancel() }
                pushTasks = [:]
                // A document's check goes on only while a request still waits for it.
                stopUnwatchedChecks()
                // Requests received before `shutdown` are answered before it (a client that
                // sends a code action, `shutdown` and `exit` in one write gets all its answers),
                // given up to ``exitGrace`` (a slow model's answer), then cancelled.
                // The client is leaving: it answers no confirm dialog or progress request now.
                withdrawAllRequests(reason: "the client sent shutdown")
                let inFlight = Array(pending.values)
                if inFlight.isEmpty {
                    respond(id, JSONValue.null)
                } else {
                    // Answered when the requests are, or at the deadline, whichever comes first:
                    // the deadline holds even when long synchronous work (a tool on a large
                    // selection) keeps every thread of the concurrency pool busy, so that the
                    // grace's own timer could not run (the answer then took minutes).
                    let once = OneShot()
                    let sink = self.sink
                    let answer = framed(ResponseMessage(id: id, result: JSONValue.null, error: nil), id: id)
                    let cancellations = pending.keys.compactMap { rid in
                        framed(ResponseMessage<JSONValue>(id: rid, result: nil, error: .cancelled), id: rid).map { (rid, $0) }
                    }
                    let gate = answerGate
                    gate.watch(cancellations.map(\.0))
                    let log = options.log
                    Self.atDeadline(grace + (Self.shutdownDeadline - Self.exitGrace)) {
                        guard once.claim(), let answer else { return }
                        log("writing-tools lsp: requests still running after the grace; answered as cancelled, then shutdown")
                        gate.close(cancellations, then: answer, to: sink)
                    }
                    shutdownAnswer = Task {
                        await Self.waitFor(inFlight, grace: self.grace)
                        if once.claim() { self.respond(id, JSONValue.null) }
                    }
                }
            case "textDocument/diagnostic":
                let p = try params(DocumentDiagnosticParams.self, body)
                startRequest(id, cancelAtOnce: true) { server in try await server.pullDiagnostics(p) }
            case "textDocument/codeAction":
                let p = try params(CodeActionParams.self, body)
                startRequest(id, cancelAtOnce: true) { server in try await server.codeActions(p) }
            case "workspace/executeCommand":
                let p = try params(ExecuteCommandParams.self, body)
                startRequest(id) { server in try await server.execute(p) }
            case "initialized", "textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
                 "workspace/didChangeConfiguration", "$/cancelRequest", "exit":
                // A notification sent with an ID (a hand-written client's slip): said as such,
                // with what to do, rather than “method not found”.
                respond(id, error: ResponseError(code: ErrorCode.invalidRequest,
                                                 message: "\(method) is a notification: send it without an \"id\" (LSP 3.17 §\"Notification Message\")"))
            default:
                respond(id, error: .methodNotFound(method))
            }
        } catch let e as ResponseError {
            respond(id, error: e)
        } catch {
            respond(id, error: ResponseError(code: ErrorCode.internalError, message: "\(error)"))
        }
    }

    /// Runs a request's work in a task that `$/cancelRequest` can cancel. With `cancelAtOnce`
    /// (work that changes nothing), a cancellation is answered `RequestCancelled` right away,
    /// whatever the work is waiting for (a document's check), and the work's answer dropped.
    private func startRequest<R: Encodable & Sendable>(_ id: RequestID, cancelAtOnce: Bool = false,
                                                       _ work: @escaping @Sendable (isolated LanguageServer) async throws -> R) {
        pending[id]?.cancel()
        let delay = requestDelayForTesting
        requestSerial &+= 1
        let serial = requestSerial
        pendingSerial[id] = serial
        if cancelAtOnce { self.cancelAtOnce.insert(id) } else { self.cancelAtOnce.remove(id) }
        pending[id] = Task(priority: Self.workPriority) {
            do {
                if let delay { try await Task.sleep(for: delay) }
                try Task.checkCancellation()
                let result = try await work(self)
                try Task.checkCancellation()
                self.finish(id, serial: serial, result: result)
            } catch is CancellationError {
                self.finish(id, serial: serial, error: .cancelled)
            } catch let e as ResponseError {
                self.finish(id, serial: serial, error: e)
            } catch {
                self.finish(id, serial: serial, error: ResponseError(code: ErrorCode.requestFailed, message: "\(error)"))
            }
        }
    }

    /// Cancels the pending request `id` (`$/cancelRequest`); one that changes nothing is
    /// answered `RequestCancelled` now.
    private func cancelRequest(_ id: RequestID) {
        guard let task = pending[id] else { return }
        task.cancel()
        guard cancelAtOnce.contains(id) else { return }
        pending[id] = nil
        pendingSerial[id] = nil
        cancelAtOnce.remove(id)
        answerGate.answer(id) { respond(id, error: .cancelled) }
    }

    private func finish<R: Encodable>(_ id: RequestID, serial: UInt64, result: R) {
        guard pendingSerial[id] == serial else { return }
        pending[id] = nil
        pendingSerial[id] = nil
        cancelAtOnce.remove(id)
        answerGate.answer(id) {
            if let raw = result as? RawJSON {
                var out = [UInt8](#"{"jsonrpc":"2.0","id":"#.utf8)
                out += DiagnosticEncoding.id(id)
                out += #","result":"#.utf8
                out += raw.bytes
                out.append(UInt8(ascii: "}"))
                sink.send(MessageFramer.frame(Data(out)))
            } else {
                respond(id, result)
            }
        }
    }

    private func finish(_ id: RequestID, serial: UInt64, error: ResponseError) {
        guard pendingSerial[id] == serial else { return }
        pending[id] = nil
        pendingSerial[id] = nil
        cancelAtOnce.remove(id)
        answerGate.answer(id) { respond(id, error: error) }
    }

    private func handleNotification(method: String, body: Data) {
        if method == "exit" {
            guard phase != .exited else { return }
            let code: Int32 = phase == .shutDown ? 0 : 1
            phase = .exited
            withdrawAllRequests(reason: "the client sent exit")
            for t in pushTasks.values { t.cancel() }
            stopUnwatchedChecks()
            // Requests still being answered (and `shutdown`'s answer, which waits for them) are
            // answered before the process ends: given up to ``exitGrace``, then cancelled, which
            // answers them with `RequestCancelled`.
            let inFlight = inFlightAnswers
            guard !inFlight.isEmpty else {
                options.onExit(code)
                return
            }
            let onExit = options.onExit
            // As for `shutdown`: the process ends at the deadline even when busy threads keep
            // the grace's timer from running.
            let once = OneShot()
            Self.atDeadline(grace) { if once.claim() { onExit(code) } }
            let grace = self.grace
            exiting = Task {
                await Self.waitFor(inFlight, grace: grace)
                if once.claim() { onExit(code) }
            }
            return
        }
        guard phase == .running else { return } // dropped before initialize (LSP 3.17 §"Initialize Request")
        do {
            switch method {
            case "initialized":
                let language = configuration.language
                let checker = self.checker
                Task.detached(priority: .utility) { try? checker.prepare(language: language) }
            case "textDocument/didOpen": didOpen(try params(DidOpenTextDocumentParams.self, body))
            case "textDocument/didChange": didChange(try params(DidChangeTextDocumentParams.self, body))
            case "textDocument/didClose": didClose(try params(DidCloseTextDocumentParams.self, body))
            case "workspace/didChangeConfiguration":
                let p = try params(DidChangeConfigurationParams.self, body)
                let before = configuration
                for problem in configuration.apply(p.settings) { log("settings: \(problem)", type: 2) }
                if configuration != before { configurationChanged() }
            case "$/cancelRequest":
                let p = try params(CancelParams.self, body)
                cancelRequest(p.id)
            default: break // unknown notifications ($/setTrace, didSave, …) are ignored
            }
        } catch {
            log("ignored malformed '\(method)' notification: \(error)", type: 2)
            // A change that could not be applied leaves the server's copy unlike the editor's:
            // every later range would point at other characters, and a quick fix would corrupt
            // the text. The document is dropped until the editor opens it again.
            if method == "textDocument/didChange",
               let uri = (try? JSONDecoder().decode(ParamsEnvelope<DocumentIdentifierOnly>.self, from: body))?.params.textDocument.uri,
               documents[uri] != nil {
                lostTrack(of: uri, because: "a change to it could not be read (\(error))")
            }
        }
    }

    /// The `textDocument.uri` of a notification's params, read when the rest cannot be.
    private struct DocumentIdentifierOnly: Decodable {
        struct Identifier: Decodable { var uri: DocumentURI }
        var textDocument: Identifier
    }

    /// Drops a document whose copy can no longer be trusted: its diagnostics are cleared, and
    /// the user is told to reopen it (`window/showMessage`).
    private func lostTrack(of uri: DocumentURI, because reason: String) {
        pushTasks.removeValue(forKey: uri)?.cancel()
        inflight[uri]?.demand.stop()
        documents.removeValue(forKey: uri)
        if configuration.pushDiagnostics {
            notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: []))
        }
        let message = "writing-tools lost track of \(uri): \(reason). Close and reopen the file to check it again."
        options.log("writing-tools lsp: \(message)")
        notify("window/showMessage", LogMessageParams(type: 2, message: message))
    }

    // MARK: lifecycle

    /// `edits` of version `version` of the document `uri`, in the form the client takes: with
    /// `documentChanges` and the version (an `OptionalVersionedTextDocumentIdentifier`, so that
    /// the client refuses the edit once the document changed), `annotation` attached when it
    /// supports change annotations; else the plain `changes` form.
    private func workspaceEdit(_ uri: DocumentURI, version: Int, _ edits: [TextEdit], annotation: ChangeAnnotation? = nil) -> WorkspaceEdit {
        guard clientSupportsDocumentChanges else { return WorkspaceEdit(changes: [uri: edits]) }
        let annotated = clientSupportsChangeAnnotations ? annotation : nil
        return WorkspaceEdit(documentChanges: [TextDocumentEdit(textDocument: .init(uri: uri, version: version),
                                                                edits: edits.map { AnnotatedTextEdit(range: $0.range, newText: $0.newText,
                                                                                                     annotationId: annotated == nil ? nil : "writing-tools") })],
                             changeAnnotations: annotated.map { ["writing-tools": $0] })
    }

    private func initialize(_ p: InitializeParams) -> InitializeResult {
        for offered in p.positionEncodings {
            if let e = PositionEncoding(rawValue: offered) { positionEncoding = e; break }
        }
        let problems = configuration.apply(p.initializationOptions)
        clientSupportsWorkDoneProgress = p.capabilities?["window"]?["workDoneProgress"]?.boolValue ?? false
        let workspaceEdit = p.capabilities?["workspace"]?["workspaceEdit"]
        clientSupportsDocumentChanges = workspaceEdit?["documentChanges"]?.boolValue ?? false
        clientSupportsChangeAnnotations = clientSupportsDocumentChanges && workspaceEdit?["changeAnnotationSupport"] != nil
        clientSupportsApplyEdit = p.capabilities?["workspace"]?["applyEdit"]?.boolValue ?? false
        let rootURI = p.workspaceFolders?.first?.uri ?? p.rootUri
        var root = rootURI.flatMap { URL(string: $0) }.flatMap { $0.isFileURL ? $0.path : nil }
        if root == nil, let path = p.rootPath, !path.isEmpty { root = path }
        dictionaries = Dictionaries(environment: options.environment, workspaceRoot: root)
        dictionaryWords = dictionaries.words()
        let rules = UserRules.load(environment: options.environment, workspaceFrom: root)
        userRules = rules.isEmpty ? nil : rules
        phase = .running
        // window/logMessage may be sent while initialize is answered (LSP 3.17 §"Initialize Request").
        for problem in problems { log("initializationOptions: \(problem)", type: 2) }
        for problem in rules.errors { log("rule file: \(problem)", type: 1) }
        let caps = ServerCapabilities(
            positionEncoding: positionEncoding.rawValue,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: TextDocumentSyncKind.incremental),
            diagnosticProvider: DiagnosticOptions(identifier: "writing-tools", interFileDependencies: false, workspaceDiagnostics: false),
            codeActionProvider: CodeActionOptions(codeActionKinds: [CodeActionKind.quickFix, CodeActionKind.refactorRewrite]),
            executeCommandProvider: ExecuteCommandOptions(commands: WritingToolsCommands.all))
        options.log("writing-tools lsp: initialized (position encoding \(positionEncoding.rawValue), language \(configuration.language))")
        return InitializeResult(capabilities: caps, serverInfo: ServerInfo(name: "writing-tools", version: "0.1.0"))
    }

    /// Clears every cache and re-checks the open documents.
    private func configurationChanged() {
        for uri in documents.keys {
            documents[uri]?.content.discardResults()
            schedulePush(uri, delay: .zero)
        }
    }

    // MARK: documents

    private func markup(_ doc: OpenDocument) -> DocumentMarkup? { configuration.markup(forLanguageID: doc.languageId, uri: doc.uri) }

    private func didOpen(_ p: DidOpenTextDocumentParams) {
        let item = p.textDocument
        var doc = OpenDocument(uri: item.uri, languageId: item.languageId, version: item.version, text: item.text)
        openCount += 1
        doc.openCount = openCount
        // A check of an earlier opening of the URI is of no use now.
        inflight[item.uri]?.demand.stop()
        documents[item.uri] = doc
        schedulePush(item.uri, delay: .zero)
    }

    private func didChange(_ p: DidChangeTextDocumentParams) {
        guard var doc = documents[p.textDocument.uri] else {
            log("didChange for a document that is not open: \(p.textDocument.uri)", type: 2)
            return
        }
        for change in p.contentChanges {
            if let problem = doc.apply(change, encoding: positionEncoding) {
                lostTrack(of: doc.uri, because: problem)
                return
            }
        }
        // Versions increase with each change (LSP 3.17 §"didChange"); one that does not is the
        // client's slip, taken as it comes (as sourcekit-lsp does) and said in the log.
        if p.textDocument.version <= doc.version {
            log("didChange for \(doc.uri) has version \(p.textDocument.version) after \(doc.version): versions must increase; the change was applied", type: 2)
        }
        doc.version = p.textDocument.version
        documents[doc.uri] = doc
        schedulePush(doc.uri, delay: .milliseconds(configuration.debounceMilliseconds))
    }

    private func didClose(_ p: DidCloseTextDocumentParams) {
        pushTasks.removeValue(forKey: p.textDocument.uri)?.cancel()
        inflight[p.textDocument.uri]?.demand.stop()
        if documents.removeValue(forKey: p.textDocument.uri) != nil, configuration.pushDiagnostics {
            notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: p.textDocument.uri, version: nil, diagnostics: []))
        }
    }

    private func schedulePush(_ uri: DocumentURI, delay: Duration) {
        pushTasks[uri]?.cancel()
        guard configuration.pushDiagnostics, let doc = documents[uri], markup(doc) != nil else { return }
        pushTasks[uri] = Task(priority: Self.workPriority) {
            do {
                if delay > .zero { try await Task.sleep(for: delay) }
                guard let (version, diagnostics) = try await self.diagnostics(for: uri) else { return }
                try Task.checkCancellation()
                self.publish(uri, version: version, diagnostics: diagnostics)
            } catch is CancellationError {
                // Cancelled by a newer change.
            } catch {
                self.log("diagnostics of \(uri) failed: \(error)", type: 1)
            }
        }
    }

    /// Sends `textDocument/publishDiagnostics` (LSP 3.17 §"PublishDiagnostics Notification");
    /// `diagnostics` is the JSON array.
    private func publish(_ uri: DocumentURI, version: Int, diagnostics: [UInt8]) {
        guard documents[uri]?.version == version else { return }
        var out = [UInt8](#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
        out.reserveCapacity(diagnostics.count + uri.utf8.count + 120)
        out += DiagnosticEncoding.string(uri)
        out += #","version":"#.utf8
        out += String(version).utf8
        out += #","diagnostics":"#.utf8
        out += diagnostics
        out += "}}".utf8
        sink.send(MessageFramer.frame(Data(out)))
    }

    /// Checks a document (only the paragraphs the edits touched) and returns its version and
    /// diagnostics; nil when it is not open or not in a checked language.
    private func diagnostics(for uri: DocumentURI) async throws -> (Int, [UInt8])? {
        guard let doc = try await checkedDocument(uri) else { return nil }
        return (doc.version, doc.diagnosticsJSON)
    }

    /// The document with its paragraphs checked for its current version.
    ///
    /// One check runs per document at a time, on a snapshot; it is not cancelled by newer edits:
    /// its result becomes the baseline and the edits made meanwhile are checked next (so typing
    /// during the first check of a large document does not restart it). It stops part-way when
    /// its document is closed or opened again, and, once the client is leaving, when its last
    /// waiter is cancelled (``CheckDemand``); a waiter whose check stopped looks again.
    private func checkedDocument(_ uri: DocumentURI) async throws -> OpenDocument? {
        while true {
            guard let doc = documents[uri], markup(doc) != nil else { return nil }
            if doc.isCurrent { return doc }
            let running: RunningCheck
            if let r = inflight[uri] { running = r } else {
                let demand = CheckDemand(stopsWhenUnwatched: checksStopWhenUnwatched)
                running = RunningCheck(task: Task { try await self.performCheck(uri, demand: demand) }, demand: demand)
                inflight[uri] = running
            }
            let demand = running.demand
            let waiter = demand.join()
            defer { demand.leave(waiter) }
            do {
                try await withTaskCancellationHandler { try await running.task.value } onCancel: { demand.leave(waiter) }
            } catch is CancellationError {
                // The check was stopped: this document was closed or reopened (the loop sees
                // it), or this waiter was cancelled (next line).
            }
            try Task.checkCancellation()
        }
    }

    /// From `shutdown` or `exit` on, every document's check stops once nothing waits for it
    /// (at once for those only pushes waited for, which are cancelled by then).
    private func stopUnwatchedChecks() {
        checksStopWhenUnwatched = true
        for r in inflight.values { r.demand.stopWhenUnwatched() }
    }

    /// Checks a snapshot of a document off the actor and stores the result as its baseline;
    /// `demand` stops it part-way (`CancellationError`).
    /// Clears `inflight[uri]` before it ends, so that waiters never see a finished check there.
    private func performCheck(_ uri: DocumentURI, demand: CheckDemand) async throws {
        defer { inflight[uri] = nil }
        guard var doc = documents[uri], let markup = markup(doc) else { return }
        var request = ProofreadingRequest(text: "", markup: markup, language: configuration.language,
                                          disabledRules: configuration.disabledRules, userWords: configuration.words + dictionaryWords,
                                          userRules: userRules)
        request.level = configuration.level
        if let probe = checkStopProbeForTesting {
            request.shouldStop = { probe(); return demand.isStopped }
        } else {
            request.shouldStop = { demand.isStopped }
        }
        let options = IncrementalCheckOptions(request: request, isGitCommit: doc.isGitCommit)
        let snapshot = doc.content.beginCheck()
        documents[uri] = doc
        let checker = self.checker, encoding = positionEncoding, configuration = self.configuration
        let result = await Task.detached(priority: Self.workPriority) {
            try await DocumentChecking.check(snapshot, options, encoding: encoding, configuration: configuration, checker: checker)
        }.result
        guard var current = documents[uri], current.openCount == doc.openCount else { return }
        switch result {
        case let .success(output):
            // Dropped when the text was replaced as a whole, or the configuration changed, since
            // the snapshot (``IncrementalDocument/endCheck(_:)``).
            if current.content.endCheck(output) { current.checkedVersion = doc.version }
            documents[uri] = current
        case let .failure(e as WritingToolsError):
            current.content.endCheck(nil)
            documents[uri] = current
            if !reportedLanguageError {
                reportedLanguageError = true
                notify("window/showMessage", LogMessageParams(type: 1, message: e.description))
            }
            log(e.description, type: 1)
            throw ResponseError(code: ErrorCode.requestFailed, message: e.description)
        case let .failure(e):
            current.content.endCheck(nil)
            documents[uri] = current
            throw e
        }
    }

    // MARK: requests

    /// The full report (LSP 3.17 §"FullDocumentDiagnosticReport"), as JSON.
    private func pullDiagnostics(_ p: DocumentDiagnosticParams) async throws -> RawJSON {
        guard documents[p.textDocument.uri] != nil else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "document is not open: \(p.textDocument.uri)")
        }
        guard let (version, diags) = try await diagnostics(for: p.textDocument.uri) else {
            return RawJSON(bytes: Array(#"{"kind":"full","items":[]}"#.utf8))
        }
        return RawJSON(bytes: Array(#"{"kind":"full","resultId":"\#(version)","items":"#.utf8) + diags + [UInt8(ascii: "}")])
    }

    private func codeActions(_ p: CodeActionParams) async throws -> [CodeAction] {
        let wantsQuickFix = p.context.only.map { $0.contains { CodeActionKind.quickFix.hasPrefix($0) || $0.hasPrefix(CodeActionKind.quickFix) } } ?? true
        let wantsRewrite = p.context.only.map { $0.contains { CodeActionKind.refactorRewrite.hasPrefix($0) || $0.hasPrefix(CodeActionKind.refactorRewrite) } } ?? true
        guard wantsQuickFix || wantsRewrite else { return [] }
        guard var doc = try await checkedDocument(p.textDocument.uri) else { return [] }
        var a = doc.offset(of: p.range.start, encoding: positionEncoding)
        var b = doc.offset(of: p.range.end, encoding: positionEncoding)
        if b < a { swap(&a, &b) }
        let units = doc.units
        var found: [(ProofreadingSuggestion, Diagnostic)] = []
        // The first ``maximumQuickFixDiagnostics`` findings of the selection get quick fixes.
        collect: for para in doc.paragraphs ?? [] where para.span.location <= b && para.span.end >= a {
            try Task.checkCancellation()
            for (s, e) in zip(para.suggestions, para.annotation) where !doc.ignoredRules.contains(s.ruleID) {
                guard found.count < Self.maximumQuickFixDiagnostics else { break collect }
                var s = s, d = e.diagnostic
                s.range.location += para.span.location
                d.range.start.line += para.span.line
                d.range.end.line += para.span.line
                if s.range.location <= b && s.range.location + s.range.length >= a { found.append((s, d)) }
            }
        }
        // The order mature servers use: the quick fixes of the diagnostics under the range
        // first (each diagnostic's best replacement marked `isPreferred`, which an editor's
        // "apply the preferred fix" takes), then the Writing Tools on the selection
        // (`refactor.rewrite`), so a client that lists actions in order (Neovim's
        // `vim.lsp.buf.code_action()`) shows “Replace with …” first.
        var tools: [CodeAction] = []
        // Writing Tools on the selection: Proofread, applied as one edit.
        // (Not offered for a selection longer than ``SelectionTools/maximumSelectionUnits``: the
        // work of one request stays bounded; the document's diagnostics cover it anyway.)
        if wantsRewrite && b > a && b - a <= SelectionTools.maximumSelectionUnits, let paragraphs = doc.paragraphs {
            let edits = try await SelectionTools.proofread(
                units: units, paragraphs: paragraphs.map(\.span), selection: NSRange(location: a, length: b - a),
                markdown: markup(doc) == .markdown, gitCommit: doc.isGitCommit, language: configuration.language,
                excludedRules: configuration.disabledRules.union(doc.ignoredRules),
                acceptedWords: Set(configuration.words + dictionaryWords), encoding: positionEncoding, engine: toolEngine)
            if !edits.isEmpty {
                let title = "Proofread selection (\(edits.count) \(edits.count == 1 ? "fix" : "fixes"))"
                tools.append(CodeAction(title: title, kind: CodeActionKind.refactorRewrite, diagnostics: nil,
                                          edit: workspaceEdit(doc.uri, version: doc.version, edits)))
            }
        }
        // The other Writing Tools on the selection: run when chosen (a model may take a while),
        // applied with workspace/applyEdit (offered to a client that supports it).
        if wantsRewrite && b > a && clientSupportsApplyEdit {
            let start = DocumentChecking.lspRange(NSRange(location: a, length: b - a), OffsetConverter(doc.text), positionEncoding)
            for (title, tool) in Self.selectionTools {
                let arg: JSONValue = .object(["uri": .string(doc.uri), "tool": .string(tool), "version": .int(doc.version),
                                              "range": Self.json(start)])
                tools.append(CodeAction(title: title, kind: CodeActionKind.refactorRewrite, diagnostics: nil,
                                          command: Command(title: title, command: WritingToolsCommands.runTool, arguments: [arg])))
            }
        }
        guard wantsQuickFix else { return tools }
        var actions: [CodeAction] = []
        var disabledOffered = Set<String>()
        for (s, diag) in found {
            for (i, r) in s.replacements.prefix(5).enumerated() {
                let title = r.isEmpty ? "Remove ‘\(word(s.range, units))’" : "Replace with ‘\(r)’"
                actions.append(CodeAction(title: title, kind: CodeActionKind.quickFix, diagnostics: [diag], isPreferred: i == 0,
                                          edit: workspaceEdit(doc.uri, version: doc.version, [TextEdit(range: diag.range, newText: r)])))
            }
            if s.ruleID == "SPELLING" || s.category == .typos {
                let w = word(s.range, units)
                if !w.isEmpty && !w.contains(where: \.isNewline) {
                    if dictionaries.userPath != nil {
                        actions.append(CodeAction(title: "Add ‘\(w)’ to dictionary", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                                  command: Command(title: "Add ‘\(w)’ to dictionary", command: WritingToolsCommands.addToDictionary,
                                                                   arguments: [.object(["word": .string(w), "scope": .string("user")])])))
                    }
                    if dictionaries.workspacePath != nil {
                        actions.append(CodeAction(title: "Add ‘\(w)’ to workspace dictionary", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                                  command: Command(title: "Add ‘\(w)’ to workspace dictionary", command: WritingToolsCommands.addToDictionary,
                                                                   arguments: [.object(["word": .string(w), "scope": .string("workspace")])])))
                    }
                }
            }
            if disabledOffered.insert(s.ruleID).inserted {
                actions.append(CodeAction(title: "Ignore \(s.ruleID) in this file", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                          command: Command(title: "Ignore \(s.ruleID) in this file", command: WritingToolsCommands.ignoreRuleInFile,
                                                           arguments: [.object(["uri": .string(doc.uri), "rule": .string(s.ruleID)])])))
                actions.append(CodeAction(title: "Disable \(s.ruleID)", kind: CodeActionKind.quickFix, diagnostics: [diag],
                                          command: Command(title: "Disable \(s.ruleID)", command: WritingToolsCommands.disableRule,
                                                           arguments: [.object(["rule": .string(s.ruleID)])])))
            }
        }
        return actions + tools
    }

    private func word(_ r: NSRange, _ units: [UInt16]) -> String {
        let a = max(0, min(r.location, units.count))
        let b = max(a, min(r.location + r.length, units.count))
        return String(decoding: units[a..<b], as: UTF16.self)
    }

    private func execute(_ p: ExecuteCommandParams) async throws -> JSONValue {
        let arg = p.arguments?.first
        switch p.command {
        case WritingToolsCommands.addToDictionary:
            // Spaces around the word are dropped; a TAB, a NUL or a line break in it is refused
            // (``Dictionaries/canHold(_:)``), never trimmed into another word.
            guard let w = arg?["word"]?.stringValue?.trimmingCharacters(in: CharacterSet(charactersIn: " ")), !w.isEmpty else {
                throw ResponseError.invalidParams("expected [{\"word\": …, \"scope\": \"user\"|\"workspace\"}]")
            }
            guard Dictionaries.canHold(w) else { throw ResponseError.invalidParams("\(Dictionaries.InvalidWord(word: w))") }
            let scope: String
            switch arg?["scope"] {
            case nil, .null?: scope = "user"
            case let .string(s)? where s == "user" || s == "workspace": scope = s
            default:
                throw ResponseError.invalidParams("unknown dictionary scope \(arg?["scope"].map { "\($0)" } ?? ""): the scope is \"user\" or \"workspace\"")
            }
            guard let path = scope == "workspace" ? dictionaries.workspacePath : dictionaries.userPath else {
                throw ResponseError(code: ErrorCode.requestFailed, message: "no \(scope) dictionary: \(scope == "workspace" ? "no workspace folder is open" : "HOME is not set")")
            }
            // The file is locked and appended to off the actor: another server (another editor
            // window) may hold its lock.
            // The workspace's list only when it leads to a file inside the workspace (a link in
            // a cloned repository must not make us write elsewhere).
            let root = scope == "workspace" ? dictionaries.workspaceRoot : nil
            let added = Task.detached { try Dictionaries.add(w, to: path, within: root) }
            do { try await added.value } catch {
                throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
            }
            dictionaryWords = dictionaries.words()
            log("added ‘\(w)’ to \(path)")
            configurationChanged()
        case WritingToolsCommands.ignoreRuleInFile:
            guard let uri = arg?["uri"]?.stringValue, let rule = arg?["rule"]?.stringValue else {
                throw ResponseError.invalidParams("expected [{\"uri\": …, \"rule\": …}]")
            }
            documents[uri]?.ignoredRules.insert(rule)
            schedulePush(uri, delay: .zero)
        case WritingToolsCommands.runTool:
            return try await runTool(arg)
        case WritingToolsCommands.disableRule:
            guard let given = arg?["rule"]?.stringValue else { throw ResponseError.invalidParams("expected [{\"rule\": …}]") }
            let rule = given.uppercased()
            guard ServerConfiguration.ruleIDs.contains(rule) else {
                throw ResponseError.invalidParams("unknown rule ID '\(given)' (see 'writing-tools rules' for the rule IDs)")
            }
            configuration.disabledRules.insert(rule)
            configurationChanged()
        default:
            throw ResponseError(code: ErrorCode.invalidParams, message: "unknown command: \(p.command)")
        }
        return .null
    }

    // MARK: Writing Tools on a selection

    /// Code action titles and the tools they run.
    static let selectionTools: [(String, String)] = [
        ("Writing Tools: Rewrite", "rewrite"), ("Writing Tools: Friendly", "friendly"), ("Writing Tools: Professional", "professional"),
        ("Writing Tools: Concise", "concise"), ("Writing Tools: Summary", "summary"), ("Writing Tools: Key Points", "key-points"),
        ("Writing Tools: List", "list"), ("Writing Tools: Table", "table"),
    ]
    static let toolsByName: [String: WritingTool] = [
        "rewrite": .rewrite, "friendly": .friendly, "professional": .professional, "concise": .concise,
        "summary": .summary, "key-points": .keyPoints, "list": .list, "table": .table, "proofread": .proofread,
    ]

    static func json(_ r: Range) -> JSONValue {
        .object(["start": .object(["line": .int(r.start.line), "character": .int(r.start.character)]),
                 "end": .object(["line": .int(r.end.line), "character": .int(r.end.character)])])
    }

    /// The engine for `tool`: the configured language model, or the built-in engine.
    private func engine(for tool: WritingTool) async throws -> any ToolEngine {
        let path = ModelConfigurationFile.defaultPath(environment: options.environment)
        let file: ModelConfigurationFile?
        do { file = try ModelConfigurationFile.load(path: path) } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
        let settings = ModelSettings.resolve(tool: tool.commandName, flags: configuration.model, environment: options.environment,
                                             file: file, filePath: path)
        // A model no provider goes with is an error, as on the command line (`help models`).
        if let message = settings.modelWithoutProvider { throw ResponseError(code: ErrorCode.requestFailed, message: message) }
        if settings.provider == .builtin { return toolEngine }
        if let cached = modelHandle, cached.settings == settings {
            return LanguageModelToolEngine(model: cached.handle.model, configuration: .init(settings: settings))
        }
        modelHandle?.handle.server?.stop()
        modelHandle = nil
        do {
            guard let handle = try await settings.open(environment: options.environment) else { return toolEngine }
            modelHandle = (settings, handle)
            return LanguageModelToolEngine(model: handle.model, configuration: .init(settings: settings))
        } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
    }

    /// `writing-tools.runTool`: runs the tool on the range through a Writing Tools session
    /// (``WritingToolsRunner``: protected text never changes), shows `$/progress` while it runs,
    /// and applies the result with `workspace/applyEdit`, annotated "needs confirmation" when the
    /// client supports change annotations. Rewrites, List and Table replace the range; Summary
    /// and Key Points are inserted after it as a paragraph of their own (``ResultPlacement``:
    /// after the paragraph the range ends in, before an e-mail's closing); their optional `"length"` argument (`short`,
    /// `medium`, `long`: the web Summarizer's, as `writing-tools summary --length`) says how long,
    /// for the built-in engine and a model alike. Returns `{"applied": Bool}`.
    private func runTool(_ arg: JSONValue?) async throws -> JSONValue {
        guard let uri = arg?["uri"]?.stringValue, let name = arg?["tool"]?.stringValue, let tool = Self.toolsByName[name],
              let r = arg?["range"], let sl = r["start"]?["line"]?.intValue, let sc = r["start"]?["character"]?.intValue,
              let el = r["end"]?["line"]?.intValue, let ec = r["end"]?["character"]?.intValue else {
            throw ResponseError.invalidParams("expected [{\"uri\": …, \"tool\": \"friendly\"|…, \"range\": Range, \"version\": Int}]")
        }
        for (end, l, c) in [("start", sl, sc), ("end", el, ec)] {
            if let problem = Position.negativity(line: l, character: c) { throw ResponseError.invalidParams("range.\(end).\(problem)") }
        }
        var length: SummaryLength?
        if let v = arg?["length"], v != .null {
            guard let name = v.stringValue, let l = SummaryLength(rawValue: name) else {
                throw ResponseError.invalidParams("\"length\" is short, medium or long")
            }
            guard tool == .summary || tool == .keyPoints else {
                throw ResponseError.invalidParams("\"length\" is for summary and key-points, not \(tool.commandName)")
            }
            length = l
        }
        guard clientSupportsApplyEdit else {
            throw ResponseError(code: ErrorCode.requestFailed,
                                message: "the Writing Tools apply their result with workspace/applyEdit, which this client does not support (capabilities.workspace.applyEdit)")
        }
        guard var doc = documents[uri] else { throw ResponseError(code: ErrorCode.invalidParams, message: "document is not open: \(uri)") }
        if let v = arg?["version"]?.intValue, v != doc.version {
            throw ResponseError(code: ErrorCode.contentModified, message: "the document changed since the action was offered; run it again")
        }
        var a = doc.offset(of: Position(line: sl, character: sc), encoding: positionEncoding)
        var b = doc.offset(of: Position(line: el, character: ec), encoding: positionEncoding)
        if b < a { swap(&a, &b) }
        guard b - a <= Self.maximumToolSelectionUnits else {
            throw ResponseError(code: ErrorCode.requestFailed,
                                message: "the selection is \(b - a) UTF-16 code units long; the Writing Tools take at most \(Self.maximumToolSelectionUnits) (about 50 pages) at once: select a part")
        }
        let version = doc.version
        let text = doc.text
        let markdown = markup(doc) == .markdown
        let title = "Writing Tools: \(Self.selectionTools.first { $0.1 == name }?.0.dropFirst("Writing Tools: ".count) ?? Substring(name))"
        let token = "writing-tools-\(nextOutgoingID)"
        var progress = false
        if clientSupportsWorkDoneProgress {
            let answer = await request("window/workDoneProgress/create", WorkDoneProgressCreateParams(token: token),
                                       timeout: Self.progressCreateTimeout)
            progress = answer != nil && answer?.error == nil
        }
        if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "begin", title: title, message: "running", cancellable: false))) }
        let run: WritingToolsRun
        do {
            let engine = try await engine(for: tool)
            run = try await WritingToolsRunner().run(tool, text: text, range: NSRange(location: a, length: b - a),
                                                     markup: markdown ? .markdown : .plain,
                                                     resultOptions: markdown ? [.plainText, .richText, .list, .table] : [.plainText],
                                                     language: configuration.language,
                                                     ignoredRanges: doc.isGitCommit ? GitCommitMessage.ignoredRanges(in: text) : [],
                                                     length: length, engine: engine)
        } catch {
            if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "end", message: "failed"))) }
            if let e = error as? ResponseError { throw e }
            // Cancelled by the client (`$/cancelRequest`): RequestCancelled (-32800), whatever the
            // engine reported (a model request cut short, a session ended).
            if Task.isCancelled { throw CancellationError() }
            var message = "\(error)"
            if let e = error as? WritingToolsSessionError, case let .engineFailed(m) = e { message = m }
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(title): \(message)")
        }
        if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "end", message: "done"))) }
        guard documents[uri]?.version == version else {
            throw ResponseError(code: ErrorCode.contentModified, message: "the document changed while \(title) ran; nothing was applied")
        }
        // The new text of the range, or the result to put in or after it.
        let oldUnits = doc.units
        var replaced = NSRange(location: a, length: b - a)
        let newText: String
        if let result = run.result {
            // No result (“no table structure found”, no prose to summarise): nothing is put in,
            // and the selection stays as it is.
            if result.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return .object(["applied": .bool(false), "reason": .string("\(title): \(result.note ?? "no result for this selection")")])
            }
            // The document's own line break, as the result already has it (WritingToolsSession).
            let nl = LineBreakStyle.dominant(in: text).text
            switch tool {
            case .summary, .keyPoints:
                // After the selection, a paragraph of its own: never inside a paragraph or an
                // e-mail's closing (docs/editors.md, ``ResultPlacement``).
                let place = ResultPlacement.insertion(of: result.text, in: text, after: NSRange(location: a, length: b - a), lineBreak: nl)
                replaced = NSRange(location: place.location, length: 0)
                newText = place.text
            default:
                let trailingNewline = b > a && oldUnits[b - 1] == 0x0A
                newText = result.text + (trailingNewline && result.text.last?.isLineBreak != true ? nl : "")
            }
        } else {
            let newUnits = Array(run.text.utf16)
            let delta = newUnits.count - oldUnits.count
            newText = String(decoding: newUnits[a..<(b + delta)], as: UTF16.self)
        }
        if run.result == nil && newText == String(decoding: oldUnits[a..<b], as: UTF16.self) {
            return .object(["applied": .bool(false), "reason": .string("\(title) made no change")])
        }
        let range = DocumentChecking.lspRange(replaced, OffsetConverter(text), positionEncoding)
        let notices = run.notices.joined(separator: "; ")
        let edit = workspaceEdit(uri, version: version, [TextEdit(range: range, newText: newText)],
                                 annotation: ChangeAnnotation(label: title, needsConfirmation: true, description: notices.isEmpty ? nil : notices))
        guard let answer = await request("workspace/applyEdit", ApplyWorkspaceEditParams(label: title, edit: edit),
                                         timeout: options.applyEditTimeout) else {
            return .object(["applied": .bool(false),
                            "reason": .string("\(title): the editor did not answer workspace/applyEdit in time; the request was withdrawn")])
        }
        let applied = answer.result?["applied"]?.boolValue ?? false
        return .object(["applied": .bool(applied)])
    }

    // MARK: inspection

    /// The text of an open document (nil when not open), as the server sees it after the changes.
    public func text(of uri: DocumentURI) -> String? { documents[uri]?.text }

    /// How many paragraphs the last check of a document ran the checker on; the others came
    /// from the paragraph cache (tests and benchmarks).
    public func lastCheckedParagraphCount(of uri: DocumentURI) -> Int { documents[uri]?.content.lastCheckedParagraphCount ?? 0 }
}

/// Lets one of several callers through: the first to ``claim()`` it.
/// The answers to requests still running when `shutdown`'s deadline passes: the deadline's
/// thread answers them `RequestCancelled`, then `shutdown`, in that order (requests received
/// before `shutdown` are answered before it), and an answer their work gives later is dropped
/// (a request is answered once). Answers given before the deadline pass through.
final class AnswerGate: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    /// Requests running when `shutdown` came, not answered yet (empty before `shutdown`).
    private var waiting: Set<RequestID> = []
    /// Requests the deadline answered.
    private var closed: Set<RequestID> = []

    /// From now on, tracks whether `ids` (the requests running at `shutdown`) get answers.
    func watch(_ ids: [RequestID]) {
        lock.lock(); defer { lock.unlock() }
        waiting.formUnion(ids)
    }

    /// Runs `send` (the answer to `id`) unless the deadline has answered `id` already.
    func answer(_ id: RequestID, _ send: () -> Void) {
        lock.lock(); defer { lock.unlock() }
        guard !closed.contains(id) else { return }
        waiting.remove(id)
        send()
    }

    /// Sends the cancellation of each watched request of `cancellations` that has no answer
    /// yet, then `last`, to `sink`; later answers to those requests are dropped.
    func close(_ cancellations: [(RequestID, Data)], then last: Data, to sink: any MessageSink) {
        lock.lock(); defer { lock.unlock() }
        for (id, data) in cancellations where waiting.contains(id) {
            waiting.remove(id)
            closed.insert(id)
            sink.send(data)
        }
        sink.send(last)
    }
}

final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    /// True for the first caller only.
    func claim() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}

/// A continuation resumed once, by whichever of several tasks gets there first.
private final class FirstResume: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?

    func set(_ c: CheckedContinuation<Void, Never>) {
        lock.lock(); continuation = c; lock.unlock()
    }

    func resume() {
        lock.lock()
        let c = continuation
        continuation = nil
        lock.unlock()
        c?.resume()
    }
}
