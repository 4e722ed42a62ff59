import Foundation
import WritingTools

// The server's lifecycle (LSP 3.17 §"Lifecycle Messages"): `initialize`, `shutdown` and `exit`,
// and how requests still running are answered before the server ends.
extension LanguageServer {
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
    var inFlightAnswers: [Task<Void, Never>] { Array(pending.values) + (shutdownAnswer.map { [$0] } ?? []) }

    /// Waits for `tasks`, cancelling them after ``exitGrace`` (a cancelled request is answered
    /// with `RequestCancelled`).
    ///
    /// Bounded even for work that does not stop when cancelled: a second after the
    /// cancellation, the wait ends whatever is still running (the process is about to end).
    /// Its clocks run on `executor` (the server's thread: not the shared pool, whose threads
    /// may all be busy).
    static func waitFor(_ tasks: [Task<Void, Never>], grace: Duration = exitGrace, on executor: (any TaskExecutor)? = nil) async {
        guard !tasks.isEmpty else { return }
        let first = FirstResume()
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            first.set(c)
            Task(executorPreference: executor) {
                for t in tasks { await t.value }
                first.resume()
            }
            Task(executorPreference: executor) {
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
        await Self.waitFor(inFlightAnswers, grace: grace, on: messageThread)
    }

    func initialize(_ p: InitializeParams) -> InitializeResult {
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

    /// `shutdown`: no pushes from now on, requests to the client withdrawn, and the answer given
    /// once the requests received before it are answered (up to the grace, then they are
    /// cancelled), or at the deadline, whichever comes first.
    func handleShutdown(_ id: RequestID) {
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
            let grace = self.grace, thread = messageThread
            shutdownAnswer = Task(executorPreference: thread) { [self] in
                await Self.waitFor(inFlight, grace: grace, on: thread)
                if once.claim() { await respond(id, JSONValue.null) }
            }
        }
    }

    /// `exit`: ends the server (``ServerOptions/onExit``, 0 after `shutdown`, 1 otherwise) once
    /// the requests still being answered are answered, at most ``exitGrace`` later.
    func handleExit() {
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
        let thread = messageThread
        exiting = Task(executorPreference: thread) {
            await Self.waitFor(inFlight, grace: grace, on: thread)
            if once.claim() { onExit(code) }
        }
    }
}

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

/// Lets one of several callers through: the first to ``claim()`` it.
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
