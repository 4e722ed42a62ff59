import Foundation
import WritingTools

// Requests whose work runs in a task of its own: cancellation (`$/cancelRequest`) and the
// one answer each request gets.
extension LanguageServer {
    /// Runs a request's work in a task that `$/cancelRequest` can cancel. With `cancelAtOnce`
    /// (work that changes nothing), a cancellation is answered `RequestCancelled` right away,
    /// whatever the work is waiting for (a document's check), and the work's answer dropped.
    func startRequest<R: Encodable & Sendable>(_ id: RequestID, cancelAtOnce: Bool = false,
                                               _ work: @escaping @Sendable (isolated LanguageServer) async throws -> R) {
        pending[id]?.cancel()
        let delay = requestDelayForTesting
        requestSerial &+= 1
        let serial = requestSerial
        pendingSerial[id] = serial
        if cancelAtOnce { self.cancelAtOnce.insert(id) } else { self.cancelAtOnce.remove(id) }
        // The task on ``messageThread``, so that its answer (a cancellation's too) waits for no
        // work; the work's nonisolated parts (a tool run, a model's answer and every task of
        // the run) on ``workThreads``, its isolated parts on ``messageThread``: none on the
        // shared pool.
        pending[id] = Task(executorPreference: messageThread, priority: Self.workPriority) { [self] in
            do {
                if let delay { try await Task.sleep(for: delay) }
                try Task.checkCancellation()
                let result = try await onWorkThreads(work)
                try Task.checkCancellation()
                await finish(id, serial: serial, result: result)
            } catch is CancellationError {
                await finish(id, serial: serial, error: .cancelled)
            } catch let e as ResponseError {
                await finish(id, serial: serial, error: e)
            } catch {
                await finish(id, serial: serial, error: ResponseError(code: ErrorCode.requestFailed, message: "\(error)"))
            }
        }
    }

    /// Runs `work` with ``workThreads`` as the preferred executor of its nonisolated parts (and,
    /// through ``PreferredExecutor``, of a model run's tasks). Called on the server, so that
    /// the work starts here without waiting for a work thread (a refusal is answered at once
    /// while other documents' checks hold them).
    func onWorkThreads<R: Sendable>(_ work: @Sendable (isolated LanguageServer) async throws -> R) async throws -> R {
        try await withTaskExecutorPreference(Self.workThreads) {
            try await PreferredExecutor.$current.withValue(Self.workThreads) { try await work(self) }
        }
    }

    /// Cancels the pending request `id` (`$/cancelRequest`); one that changes nothing is
    /// answered `RequestCancelled` now.
    func cancelRequest(_ id: RequestID) {
        guard let task = pending[id] else { return }
        task.cancel()
        guard cancelAtOnce.contains(id) else { return }
        pending[id] = nil
        pendingSerial[id] = nil
        cancelAtOnce.remove(id)
        answerGate.answer(id) { respond(id, error: .cancelled) }
    }

    func finish<R: Encodable>(_ id: RequestID, serial: UInt64, result: R) {
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

    func finish(_ id: RequestID, serial: UInt64, error: ResponseError) {
        guard pendingSerial[id] == serial else { return }
        pending[id] = nil
        pendingSerial[id] = nil
        cancelAtOnce.remove(id)
        answerGate.answer(id) { respond(id, error: error) }
    }
}
