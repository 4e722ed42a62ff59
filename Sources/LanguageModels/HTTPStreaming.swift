import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// What a streaming HTTP exchange delivers, in order: the response head once, then the body in
/// chunks as the server flushes them.
enum HTTPStreamEvent: Sendable {
    /// Status code and the `Retry-After` header in seconds, if any.
    case response(status: Int, retryAfter: Double?)
    /// The next bytes of the body.
    case data(Data)
}

/// One HTTP request whose body is read as it arrives, with the three timeouts of
/// ``ModelTimeouts`` (docs/ARCHITECTURE.md, “Linux notes”: on Linux, streaming needs a `URLSessionDataDelegate`;
/// `URLSession.bytes(for:)` is missing).
///
/// ``events`` yields the response head, then body chunks; it finishes when the body ends, or
/// throws a ``LanguageModelError`` (unreachable, timeout, cancelled, or the connection lost).
/// ``markFirstToken()`` tells the exchange that text arrived, which stops the first-token clock.
/// Cancelling (``cancel()``, or dropping the consumer of ``events``) cancels the transfer.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: every stored property is immutable after init or guarded by `state`.
    let events: AsyncThrowingStream<HTTPStreamEvent, Error>
    private let continuation: AsyncThrowingStream<HTTPStreamEvent, Error>.Continuation
    private let request: URLRequest
    private let timeouts: ModelTimeouts
    private let started: ContinuousClock.Instant
    /// When this attempt began: the connect and first-token waits are each attempt's (a server
    /// that answered 429 and is asked again gets the whole wait again).
    private let attemptStarted = ContinuousClock.now
    private let urlForMessages: String
    private let maxBodyBytes: Int

    private struct State {
        var session: URLSession?
        var task: URLSessionDataTask?
        var gotResponse = false
        /// The request's body went out: the connection is open (the connect timeout is over).
        var sentBody = false
        var gotToken = false
        /// When the first bytes of the body came in (on the session's delegate queue).
        var firstBodyAt: ContinuousClock.Instant?
        var failure: LanguageModelError?
        var finished = false
        var watchdog: Task<Void, Never>?
        var bodyBytes = 0
    }
    private let state = Mutex(State())

    /// Prepares the exchange; ``start()`` sends it. `started` is when the generation began (the
    /// total timeout counts retries too; connect and first token count from this attempt). A body longer than `maxBodyBytes` fails the exchange
    /// with ``LanguageModelError/answerTooLarge(limit:what:)`` as soon as it arrives: counted
    /// where the bytes come in, so that a server faster than the consumer cannot fill the
    /// memory with a body nobody will read.
    init(request: URLRequest, timeouts: ModelTimeouts, started: ContinuousClock.Instant, maxBodyBytes: Int = .max) {
        (events, continuation) = AsyncThrowingStream.makeStream(of: HTTPStreamEvent.self, throwing: Error.self)
        self.maxBodyBytes = maxBodyBytes
        self.request = request
        self.timeouts = timeouts
        self.started = started
        self.urlForMessages = Self.redacted(request.url)
        super.init()
        continuation.onTermination = { [weak self] reason in
            if case .cancelled = reason { self?.cancel() }
        }
    }

    /// Sends the request and starts the clocks.
    func start() {
        // A timeout of zero (or a negative or NaN one, read as zero) has passed already: give up
        // here, before anything is sent, not when a timer gets a thread.
        if failIfExpired() { return }
        let configuration = URLSessionConfiguration.ephemeral
        // Our own clocks decide; the session's only guard against a hang we did not foresee.
        configuration.timeoutIntervalForRequest = Duration.clampedSeconds(timeouts.total).seconds + 5
        configuration.timeoutIntervalForResource = Duration.clampedSeconds(timeouts.total).seconds + 5
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: request)
        // On the run's preferred executor: a timeout's clock that waits for a thread of a busy
        // pool fires late.
        let watchdog = Task(executorPreference: PreferredExecutor.current) { [weak self] in
            guard let self else { return }
            await self.watch()
        }
        state.withLock {
            $0.session = session
            $0.task = task
            $0.watchdog = watchdog
        }
        task.resume()
    }

    /// Text arrived: the first-token timeout no longer applies, unless the body carrying it came
    /// in after that deadline. (The watchdog runs on the concurrency pool; on a loaded machine
    /// it may wake after the late text is read: CI at load 25 took a first token 6 s late for
    /// one in time. The body's arrival time decides, not when either task ran.)
    func markFirstToken() {
        let late = state.withLock { s -> Bool in
            guard !s.gotToken else { return false }
            s.gotToken = true
            let firstTokenDeadline = attemptStarted + .clampedSeconds(timeouts.firstToken)
            guard firstTokenDeadline < started + .clampedSeconds(timeouts.total) else { return false }
            return (s.firstBodyAt ?? ContinuousClock.now) > firstTokenDeadline
        }
        if late { fail(.timeout(.firstToken, seconds: timeouts.firstToken, url: urlForMessages)) }
    }

    /// True once the exchange has ended, by success, failure or cancellation.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Cancels the transfer; ``events`` throws ``LanguageModelError/cancelled``.
    func cancel() { fail(.cancelled) }

    private func fail(_ error: LanguageModelError) {
        let task: URLSessionDataTask? = state.withLock { s in
            guard !s.finished, s.failure == nil else { return nil }
            s.failure = error
            return s.task
        }
        task?.cancel()
        // Finish now: a cancelled curl transfer may take a moment to report back.
        finish(throwing: error)
    }

    private func finish(throwing error: Error?) {
        let (wasFinished, session, watchdog) = state.withLock { s -> (Bool, URLSession?, Task<Void, Never>?) in
            let was = s.finished
            s.finished = true
            let r = (was, s.session, s.watchdog)
            s.session = nil
            s.watchdog = nil
            return r
        }
        guard !wasFinished else { return }
        watchdog?.cancel()
        session?.invalidateAndCancel()
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }

    /// The deadline that applies now, what it bounds and its setting in seconds: the connect
    /// timeout until the request is out, then the first token's until text arrives, never later
    /// than the total's.
    private func currentDeadline() -> (deadline: ContinuousClock.Instant, kind: LanguageModelError.TimeoutKind, seconds: Double, finished: Bool) {
        let (connected, token, done) = state.withLock { ($0.gotResponse || $0.sentBody, $0.gotToken, $0.finished) }
        var deadline = started + .clampedSeconds(timeouts.total)
        var kind = LanguageModelError.TimeoutKind.total
        var seconds = timeouts.total
        // The connect timeout covers opening the connection and sending the request; the
        // wait for the answer's headers after that is the first token's (a server that sends
        // its headers with the first token, or one loading a model, gets `firstToken`).
        if !connected, attemptStarted + .clampedSeconds(timeouts.connect) < deadline {
            deadline = attemptStarted + .clampedSeconds(timeouts.connect); kind = .connect; seconds = timeouts.connect
        } else if !token, attemptStarted + .clampedSeconds(timeouts.firstToken) < deadline {
            deadline = attemptStarted + .clampedSeconds(timeouts.firstToken); kind = .firstToken; seconds = timeouts.firstToken
        }
        return (deadline, kind, seconds, done)
    }

    /// Fails the exchange if the deadline that applies has passed; true if it did. Checked where
    /// the request starts, so that a timeout that has passed already never waits for the
    /// watchdog (CI at load on 2 cores once ran the watchdog of a zero timeout only after a 5 s
    /// answer had come).
    @discardableResult
    private func failIfExpired(now: ContinuousClock.Instant = .now) -> Bool {
        let d = currentDeadline()
        guard !d.finished, now >= d.deadline else { return false }
        fail(.timeout(d.kind, seconds: d.seconds, url: urlForMessages))
        return true
    }

    /// Sleeps until the next deadline that applies, and fails the exchange when it passes.
    private func watch() async {
        let clock = ContinuousClock()
        while !Task.isCancelled {
            let d = currentDeadline()
            if d.finished { return }
            if clock.now >= d.deadline {
                fail(.timeout(d.kind, seconds: d.seconds, url: urlForMessages))
                return
            }
            // Wake at the deadline, or sooner to notice a phase change (cheap: a few wake-ups a second).
            let wait = min(d.deadline - clock.now, .milliseconds(100))
            try? await Task.sleep(for: wait)
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        state.withLock { $0.sentBody = true }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        let http = response as? HTTPURLResponse
        let retryAfter = http?.value(forHTTPHeaderField: "Retry-After").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let alive = state.withLock { s -> Bool in
            s.gotResponse = true
            return !s.finished
        }
        if alive { continuation.yield(.response(status: http?.statusCode ?? 0, retryAfter: retryAfter)) }
        completionHandler(alive ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (finished, over) = state.withLock { s -> (Bool, Bool) in
            if s.firstBodyAt == nil { s.firstBodyAt = ContinuousClock.now }
            s.bodyBytes += data.count
            return (s.finished, s.bodyBytes > maxBodyBytes)
        }
        if finished { return }
        // The total time is over, however late the watchdog runs. (The first token's deadline
        // is judged by ``markFirstToken()`` on this chunk's arrival time: a reader slower than
        // the server must not turn text that came in time into a timeout.)
        if ContinuousClock.now >= started + .clampedSeconds(timeouts.total) {
            fail(.timeout(.total, seconds: timeouts.total, url: urlForMessages))
            return
        }
        if over {
            fail(.answerTooLarge(limit: maxBodyBytes, what: "stream"))
            return
        }
        continuation.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let recorded = state.withLock({ $0.failure }) {
            finish(throwing: recorded)
            return
        }
        guard let error else {
            finish(throwing: nil)
            return
        }
        let responded = state.withLock { $0.gotResponse }
        let code = (error as? URLError)?.code
        let reason = (error as NSError).localizedDescription
        switch code {
        case .cancelled?:
            finish(throwing: LanguageModelError.cancelled)
        case .timedOut?:
            finish(throwing: LanguageModelError.timeout(responded ? .total : .connect,
                                                         seconds: responded ? timeouts.total : timeouts.connect, url: urlForMessages))
        default:
            if responded {
                finish(throwing: LanguageModelError.malformedStream("the connection to \(urlForMessages) broke before the reply ended (\(reason))"))
            } else {
                finish(throwing: LanguageModelError.unreachable(url: urlForMessages, reason: reason))
            }
        }
    }

    /// The URL without user, password or query (which may hold keys), for messages.
    static func redacted(_ url: URL?) -> String {
        guard let url, var c = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "?" }
        c.user = nil
        c.password = nil
        c.query = nil
        return c.string ?? "?"
    }
}

/// Sends `body` as JSON to `url` and streams the answer, retrying on HTTP 429 and 503 (only
/// before any text arrived) as `retry` says, and stopping a body longer than `maxBodyBytes`
/// (``LanguageModelError/answerTooLarge(limit:what:)``). Calls `onEvent` for every body chunk of the
/// successful attempt, and `onToken` is how the caller reports that text arrived.
///
/// - Throws: ``LanguageModelError``: ``LanguageModelError/httpStatus(_:body:url:)`` with the
///   start of the server's answer for any other non-2xx status (or the last 429/503 when the
///   attempts are used up), and whatever the exchange throws.
func streamJSON(url: URL, body: Data, headers: [String: String], timeouts: ModelTimeouts, retry: RetryPolicy,
                maxBodyBytes: Int = .max,
                consume: (_ chunk: Data, _ exchange: HTTPExchange) throws -> Void) async throws {
    let started = ContinuousClock.now
    var attempt = 1
    while true {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
        let exchange = HTTPExchange(request: request, timeouts: timeouts, started: started, maxBodyBytes: maxBodyBytes)
        exchange.start()
        var status = 0
        var retryAfter: Double?
        var errorBody = Data()
        do {
            try await withTaskCancellationHandler {
                for try await event in exchange.events {
                    switch event {
                    case let .response(s, r):
                        status = s
                        retryAfter = r
                    case let .data(d):
                        if (200..<300).contains(status) {
                            try consume(d, exchange)
                        } else if errorBody.count < 4096 {
                            errorBody.append(d.prefix(4096 - errorBody.count))
                        }
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch {
            exchange.cancel()
            if Task.isCancelled { throw LanguageModelError.cancelled }
            throw error
        }
        if (200..<300).contains(status) { return }
        let text = String(decoding: errorBody, as: UTF8.self)
        let message = errorMessage(fromBody: text)
        if (status == 429 || status == 503), attempt < retry.maxAttempts {
            let wait = retry.delay(beforeAttempt: attempt + 1, retryAfter: retryAfter)
            let elapsed = ContinuousClock.now - started
            if elapsed + .clampedSeconds(wait) < .clampedSeconds(timeouts.total) {
                try? await Task.sleep(for: .clampedSeconds(wait))
                if Task.isCancelled { throw LanguageModelError.cancelled }
                attempt += 1
                continue
            }
        }
        throw LanguageModelError.httpStatus(status, body: message, url: HTTPExchange.redacted(url))
    }
}

/// The error message in an error body (`{"error": {"message": …}}`, `{"error": "…"}`), else the
/// body's start (at most 500 characters).
func errorMessage(fromBody text: String) -> String {
    if let data = text.data(using: .utf8), let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
        if let e = obj["error"] as? [String: Any], let m = e["message"] as? String { return m }
        if let m = obj["error"] as? String { return m }
        if let m = obj["message"] as? String { return m }
    }
    let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return t.count > 500 ? String(t.prefix(500)) + "…" : t
}

extension Duration {
    /// The longest duration built from a number of seconds: 10^9 s (about 31 years), far inside
    /// `Duration`'s range (a `.seconds(1e17)` traps converting to its 128-bit count).
    static let maximumSeconds: Double = 1e9

    /// `seconds` as a duration that never traps: NaN and values at or below 0 give zero, values
    /// above ``maximumSeconds`` (infinity included) give that maximum.
    static func clampedSeconds(_ seconds: Double) -> Duration {
        guard !seconds.isNaN, seconds > 0 else { return .zero }
        return .seconds(Swift.min(seconds, maximumSeconds))
    }

    /// The duration in seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
