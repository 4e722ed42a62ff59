import Foundation
import WritingTools

// What the server sends: responses, notifications, requests to the client (with their
// timeouts and withdrawal), log lines and workspace edits in the form the client takes.
extension LanguageServer {
    /// Sends `value`; a response to an ID that is a number's text (``RequestID/numberText(_:)``)
    /// gets that text in place of the ID's placeholder.
    func write<T: Encodable>(_ value: T, id: RequestID? = nil) {
        if let framed = framed(value, id: id) { sink.send(framed) }
    }

    /// `value` as one framed message, ready for the sink (nil, logged, if it cannot be encoded).
    func framed<T: Encodable>(_ value: T, id: RequestID? = nil) -> Data? {
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

    func respond<R: Encodable>(_ id: RequestID?, _ result: R) {
        write(ResponseMessage(id: id, result: result, error: nil), id: id)
    }

    func respond(_ id: RequestID?, error: ResponseError) {
        write(ResponseMessage<JSONValue>(id: id, result: nil, error: error), id: id)
    }

    func notify<P: Encodable>(_ method: String, _ params: P) {
        write(OutgoingMessage(method: method, params: params))
    }

    /// Sends a request to the client and waits for its response (LSP 3.17 §"Request Message",
    /// server → client), at most `timeout`. Returns nil when the client did not answer in time,
    /// when the waiting task is cancelled, or when the server shuts down: the request is then
    /// withdrawn (`$/cancelRequest` is sent to the client, LSP 3.17 §"Cancellation Support"),
    /// so that an editor that never answers (a confirm dialog left open) cannot hold a tool
    /// command, `shutdown` or `exit` for good.
    func request<P: Encodable & Sendable>(_ method: String, _ params: P, timeout: Duration) async -> IncomingMessageHeader? {
        let id = nextOutgoingID
        nextOutgoingID += 1
        // The clock on the server's thread: a timeout that waits for a pool thread may never come.
        let thread = messageThread
        let timer = Task(executorPreference: thread) { [weak self] in
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
            Task(executorPreference: thread) { [weak self] in await self?.withdrawRequest(id, reason: "cancelled") }
        }
    }

    /// Stops waiting for the client's answer to our request `id` (if still waiting), tells the
    /// client, and resumes the waiting task with nil.
    func withdrawRequest(_ id: Int, reason: String) {
        guard let c = awaitingResponses.removeValue(forKey: id) else { return }
        options.log("writing-tools lsp: request \(id) withdrawn: \(reason)")
        notify("$/cancelRequest", CancelParams(id: .number(id)))
        c.resume(returning: nil)
    }

    /// Withdraws every request still waiting for the client (at `shutdown`, `exit` or the end of
    /// the input: a client that leaves answers nothing more), and every later one at once.
    func withdrawAllRequests(reason: String) {
        withdrawingRequests = true
        for id in awaitingResponses.keys.sorted() { withdrawRequest(id, reason: reason) }
    }

    /// Logs to standard error, and to the client (`window/logMessage`) once initialized.
    /// `type`: 1 error, 2 warning, 3 info, 4 log.
    func log(_ message: String, type: Int = 3) {
        options.log("writing-tools lsp: \(message)")
        if phase == .running { notify("window/logMessage", LogMessageParams(type: type, message: message)) }
    }

    /// `edits` of version `version` of the document `uri`, in the form the client takes: with
    /// `documentChanges` and the version (an `OptionalVersionedTextDocumentIdentifier`, so that
    /// the client refuses the edit once the document changed), `annotation` attached when it
    /// supports change annotations; else the plain `changes` form.
    func workspaceEdit(_ uri: DocumentURI, version: Int, _ edits: [TextEdit], annotation: ChangeAnnotation? = nil) -> WorkspaceEdit {
        guard clientSupportsDocumentChanges else { return WorkspaceEdit(changes: [uri: edits]) }
        let annotated = clientSupportsChangeAnnotations ? annotation : nil
        return WorkspaceEdit(documentChanges: [TextDocumentEdit(textDocument: .init(uri: uri, version: version),
                                                                edits: edits.map { AnnotatedTextEdit(range: $0.range, newText: $0.newText,
                                                                                                     annotationId: annotated == nil ? nil : "writing-tools") })],
                             changeAnnotations: annotated.map { ["writing-tools": $0] })
    }
}
