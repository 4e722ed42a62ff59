import Foundation
import WritingTools

// Open documents: text sync, incremental checks (``IncrementalDocument``, one check per
// document at a time) and diagnostics, pushed and pulled.
extension LanguageServer {
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

    /// Clears every cache and re-checks the open documents.
    func configurationChanged() {
        for uri in documents.keys {
            documents[uri]?.content.discardResults()
            schedulePush(uri, delay: .zero)
        }
    }

    func markup(_ doc: OpenDocument) -> DocumentMarkup? { configuration.markup(forLanguageID: doc.languageId, uri: doc.uri) }

    func didOpen(_ p: DidOpenTextDocumentParams) {
        let item = p.textDocument
        var doc = OpenDocument(uri: item.uri, languageId: item.languageId, version: item.version, text: item.text)
        openCount += 1
        doc.openCount = openCount
        // A check of an earlier opening of the URI is of no use now.
        inflight[item.uri]?.demand.stop()
        documents[item.uri] = doc
        schedulePush(item.uri, delay: .zero)
    }

    func didChange(_ p: DidChangeTextDocumentParams) {
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

    func didClose(_ p: DidCloseTextDocumentParams) {
        pushTasks.removeValue(forKey: p.textDocument.uri)?.cancel()
        inflight[p.textDocument.uri]?.demand.stop()
        if documents.removeValue(forKey: p.textDocument.uri) != nil, configuration.pushDiagnostics {
            notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: p.textDocument.uri, version: nil, diagnostics: []))
        }
    }

    /// Drops a document whose copy can no longer be trusted: its diagnostics are cleared, and
    /// the user is told to reopen it (`window/showMessage`).
    func lostTrack(of uri: DocumentURI, because reason: String) {
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

    func schedulePush(_ uri: DocumentURI, delay: Duration) {
        pushTasks[uri]?.cancel()
        guard configuration.pushDiagnostics, let doc = documents[uri], markup(doc) != nil else { return }
        // Preferring the server's thread: a task that sleeps (the debounce) is woken on its
        // preferred executor, and without one on a thread of the shared pool, which other work
        // of the process may hold (``LanguageServer/messageThread``).
        pushTasks[uri] = Task(executorPreference: messageThread, priority: Self.workPriority) { [self] in
            do {
                if delay > .zero { try await Task.sleep(for: delay) }
                guard let (version, diagnostics) = try await diagnostics(for: uri) else { return }
                try Task.checkCancellation()
                await publish(uri, version: version, diagnostics: diagnostics)
            } catch is CancellationError {
                // Cancelled by a newer change.
            } catch {
                await log("diagnostics of \(uri) failed: \(error)", type: 1)
            }
        }
    }

    /// Sends `textDocument/publishDiagnostics` (LSP 3.17 §"PublishDiagnostics Notification");
    /// `diagnostics` is the JSON array.
    func publish(_ uri: DocumentURI, version: Int, diagnostics: [UInt8]) {
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
    func diagnostics(for uri: DocumentURI) async throws -> (Int, [UInt8])? {
        guard let doc = try await checkedDocument(uri) else { return nil }
        return (doc.version, doc.diagnosticsJSON)
    }

    /// The document with its paragraphs checked for its current version.
    ///
    /// One check runs per document at a time, on a snapshot; it is not cancelled by newer edits:
    /// it skips the paragraphs they touched, its result becomes the baseline and the edits made
    /// meanwhile are checked next (so typing during the first check of a large document neither
    /// restarts it nor has it check paragraphs twice, ``SnapshotEdits``). It stops part-way when
    /// its document is closed or opened again, and, once the client is leaving, when its last
    /// waiter is cancelled (``CheckDemand``); a waiter whose check stopped looks again.
    func checkedDocument(_ uri: DocumentURI) async throws -> OpenDocument? {
        while true {
            guard let doc = documents[uri], markup(doc) != nil else { return nil }
            if doc.isCurrent { return doc }
            let running: RunningCheck
            if let r = inflight[uri] { running = r } else {
                let demand = CheckDemand(stopsWhenUnwatched: checksStopWhenUnwatched)
                running = RunningCheck(task: Task(executorPreference: messageThread) { [self] in try await performCheck(uri, demand: demand) },
                                       demand: demand)
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
    func stopUnwatchedChecks() {
        checksStopWhenUnwatched = true
        for r in inflight.values { r.demand.stopWhenUnwatched() }
    }

    /// Checks a snapshot of a document off the actor and stores the result as its baseline;
    /// `demand` stops it part-way (`CancellationError`).
    /// Clears `inflight[uri]` before it ends, so that waiters never see a finished check there.
    func performCheck(_ uri: DocumentURI, demand: CheckDemand) async throws {
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
        let result = await Task.detached(executorPreference: Self.workThreads, priority: Self.workPriority) {
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

    /// The full report (LSP 3.17 §"FullDocumentDiagnosticReport"), as JSON.
    func pullDiagnostics(_ p: DocumentDiagnosticParams) async throws -> RawJSON {
        guard documents[p.textDocument.uri] != nil else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "document is not open: \(p.textDocument.uri)")
        }
        guard let (version, diags) = try await diagnostics(for: p.textDocument.uri) else {
            return RawJSON(bytes: Array(#"{"kind":"full","items":[]}"#.utf8))
        }
        return RawJSON(bytes: Array(#"{"kind":"full","resultId":"\#(version)","items":"#.utf8) + diags + [UInt8(ascii: "}")])
    }

    /// The text of an open document (nil when not open), as the server sees it after the changes.
    public func text(of uri: DocumentURI) -> String? { documents[uri]?.text }

    /// How many paragraphs the last check of a document ran the checker on; the others came
    /// from the paragraph cache (tests and benchmarks).
    public func lastCheckedParagraphCount(of uri: DocumentURI) -> Int { documents[uri]?.content.lastCheckedParagraphCount ?? 0 }
}
