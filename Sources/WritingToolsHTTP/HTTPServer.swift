import Foundation
import Synchronization
import WritingTools
import CMicroHTTPD
import CMicroHTTPDSupport
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP request as the handler sees it: complete, body read.
struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    var method: String
    /// The path, percent-decoded (`/v2/check`).
    var path: String
    /// The raw query string after `?` (not decoded; "" when none).
    var query: String
    /// Header fields, names lower-cased, in arrival order.
    var headers: [(name: String, value: String)]
    /// The body's bytes.
    var body: [UInt8]
    /// The client's IP address as text.
    var remoteAddress: String

    /// The first header field named `name` (lower-case).
    func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

extension HTTPRequest {
    /// A request as it comes off the wire: `target` is the request line's target (path and
    /// query, raw), split by ``HTTPServer/split(_:)``; header names are lower-cased here.
    init(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8], remoteAddress: String) {
        let (path, query) = HTTPServer.split(target)
        self.init(method: method, path: path, query: query, headers: headers.map { ($0.name.lowercased(), $0.value) },
                  body: body, remoteAddress: remoteAddress)
    }
}

/// One HTTP response.
struct HTTPResponse: Sendable {
    /// Status code.
    var status: Int
    /// `Content-Type` (exactly as sent: LanguageTool's clients compare `application/json` as a string).
    var contentType: String
    /// The body.
    var body: [UInt8]
    /// Further header fields.
    var headers: [(name: String, value: String)] = []
    /// A body sent as it is produced (chunked; Server-Sent Events), instead of ``body``.
    var stream: HTTPStream? = nil
    /// Work whose answer is the response: the connection is set aside (no worker thread waits)
    /// until it is done. ``status`` and the rest are then unused.
    var later: (@Sendable () async -> HTTPResponse)? = nil

    /// Blocking work whose answer is the response (a check), run on the server's
    /// ``CheckPool`` while the connection is set aside, never on a libmicrohttpd thread.
    /// ``status`` and the rest are then unused. Without a server (tests, the fuzz target) the
    /// caller runs it itself.
    var pooled: PooledWork? = nil

    /// A response computed by `work` without holding a worker thread (a language model's run).
    static func deferred(_ work: @escaping @Sendable () async -> HTTPResponse) -> HTTPResponse {
        HTTPResponse(status: 0, contentType: "", body: [], later: work)
    }

    /// A response computed by `work` on the server's check threads (``pooled``); `language`
    /// (an installed tag, nil when no dictionary is needed) picks the pool's lane.
    static func onPool(language: String?, _ work: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        HTTPResponse(status: 0, contentType: "", body: [], pooled: PooledWork(language: language, work: work))
    }

    /// The answer itself: `pooled` work run here, on the caller's thread (for callers without a
    /// server); any other response as it is.
    func runningPooledWork() -> HTTPResponse {
        guard let pooled else { return self }
        return pooled.work().runningPooledWork()
    }

    /// The same response with `change` applied to the answer it stands for: at once, or when
    /// its pooled or deferred work is done.
    func mapped(_ change: @escaping @Sendable (inout HTTPResponse) -> Void) -> HTTPResponse {
        if let pooled {
            return .onPool(language: pooled.language) { pooled.work().mapped(change) }
        }
        if let later {
            return .deferred {
                var r = await later()
                if r.later != nil || r.pooled != nil { r = r.mapped(change) } else { change(&r) }
                return r
            }
        }
        var r = self
        change(&r)
        return r
    }

    /// A JSON body (`Content-Type: application/json`, no charset, as LanguageTool sends it).
    static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: body)
    }

    /// A plain-text body.
    static func text(_ body: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(body.utf8))
    }

    /// An error as LanguageTool sends it: plain text `Error: <message>`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        text("Error: " + message, status: status)
    }
}

/// Blocking work for the server's ``CheckPool`` (``HTTPResponse/pooled``).
struct PooledWork: Sendable {
    /// The installed language the work checks in (the pool's loading lane until that language
    /// is ready); nil when it needs no dictionary.
    var language: String?
    /// Computes the answer (may itself be deferred work: a model's run).
    var work: @Sendable () -> HTTPResponse
}

/// Limits and settings of an ``HTTPServer``.
struct HTTPServerSettings: Sendable {
    /// Numeric address to bind (`127.0.0.1`, `::1`, `0.0.0.0`, `::`).
    var host = "127.0.0.1"
    /// TCP port (0: any free port).
    var port: UInt16 = 8081
    /// Worker threads, each running its own epoll loop over its share of the connections.
    var threads = max(2, ProcessInfo.processInfo.activeProcessorCount)
    /// Open connections above which a request is answered 503 (and `/v2/healthcheck` says 503);
    /// the library closes connections past this plus a margin at accept.
    var maxConnections = 512
    /// Seconds a client has to send a whole request (headers and body), counted from the
    /// connection's start or the end of its previous response, and seconds of silence after
    /// which an idle connection is closed: a client trickling headers a byte a second is cut.
    var readTimeout = 15
    /// Largest request body in bytes (413 above it, before the body is read when it is declared).
    var maxBodyBytes = 2 << 20
    /// Bytes of buffer per connection for the request line and headers (past it: 431).
    var headerMemoryBytes = 32 * 1024
    /// Seconds in-flight requests get to finish after SIGTERM.
    var shutdownGrace = 30
    /// Threads that run checks (``CheckPool``), besides the ``threads`` that read and write.
    var checkThreads = max(2, ProcessInfo.processInfo.activeProcessorCount)
    /// Checks that may wait for a check thread; past it a check gets 503 and `/v2/healthcheck`
    /// says 503 (LanguageTool's `maxWorkQueueSize`).
    var checkQueue = 256
    /// Threads that run deferred work (``HTTPResponse/later``: a language model's runs, the
    /// streams of their answers, their timeout clocks), besides the ``threads`` and the
    /// ``checkThreads``: never Swift's shared cooperative pool, which other work in the process
    /// may hold (``HTTPServer/deferredWork``).
    var asyncThreads = 2
}

/// An HTTP/1.1 server on GNU libmicrohttpd: keep-alive, a fixed pool of epoll worker threads
/// (no thread per connection), idle and whole-request time limits, a body limit (413) and a
/// connection limit (503), graceful stop, one access-log line per request.
///
/// The handler runs on the worker thread that read the request and must be thread-safe; it
/// answers cheap requests itself and hands blocking work (checks) to the server's
/// ``CheckPool`` (``HTTPResponse/pooled``) or to a task (``HTTPResponse/later``): the
/// connection is then set aside (`MHD_suspend_connection`, the library's
/// `MHD_ALLOW_SUSPEND_RESUME`) and resumed with the answer, so no worker thread waits for a check.
final class HTTPServer: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest, HTTPServer) -> HTTPResponse
    /// Receives each access-log line (JSON, without the newline).
    typealias Logger = @Sendable (String) -> Void

    let settings: HTTPServerSettings
    private let handler: Handler
    private let logger: Logger?
    private var daemon: OpaquePointer?
    /// The port bound (``HTTPServerSettings/port``, or the one picked for 0).
    private(set) var port: UInt16 = 0

    /// Open connections, by the library's connection handle.
    private let connections = Mutex<[Int: ConnectionRecord]>([:])
    /// Requests between their request line and their completion.
    private let inFlight = Atomic<Int>(0)
    /// Set once a stop began: responses then close their connection.
    private let draining = Atomic<Bool>(false)
    private let sweeperStop = Atomic<Bool>(false)
    /// Requests set aside while deferred work runs (resumed with a 503 at a stop's end).
    private let suspended = Mutex<[ObjectIdentifier: SuspendedRequest]>([:])
    /// Streamed responses still open (finished at a stop's end).
    let streams = Mutex<[ObjectIdentifier: HTTPStream]>([:])
    /// Counters for `/metrics`.
    let metrics: ServerMetrics
    /// The threads that run checks (``HTTPResponse/pooled``).
    let checks: CheckPool
    /// The threads that run deferred work (``HTTPResponse/later``, and the tasks of streamed
    /// answers, which take it from ``PreferredExecutor/current``): a model's run waits for
    /// nothing else in the process. On Swift's cooperative pool (one thread per processor for
    /// each priority; these tasks were `.medium`), the other `.medium` work of a test run
    /// starved a real server's model session for two minutes (CI runs 27 and 28); any busy
    /// host would do the same.
    let deferredWork: OwnThreadsExecutor
    private var sweeper: Thread?

    /// What the sweeper knows of a connection.
    struct ConnectionRecord {
        var fd: Int32
        /// When the connection last became ready for a request (opened, or a response done).
        var readySince: UInt64
        /// True while a complete request is being answered (no read deadline then).
        var answering = false
        /// True once the sweeper shut the socket down.
        var cut = false
    }

    /// A server that answers with `handler`; call ``start()``.
    init(settings: HTTPServerSettings, logger: Logger?, metrics: ServerMetrics = ServerMetrics(), handler: @escaping Handler) {
        self.settings = settings
        self.metrics = metrics
        self.handler = handler
        self.logger = logger
        self.checks = CheckPool(threads: settings.checkThreads, maxWaiting: settings.checkQueue)
        self.deferredWork = OwnThreadsExecutor(threads: settings.asyncThreads, name: "http-async")
    }

    /// Open connections now.
    var openConnections: Int { connections.withLock { $0.count } }

    /// True when the server takes no more work (as many connections as allowed, the check
    /// queue full, or stopping): what `/v2/healthcheck` says.
    var isOverloaded: Bool {
        isRefusingConnections || checks.isFull
    }

    /// True when the server answers no request but with 503 (as many connections as allowed,
    /// or stopping). A full check queue refuses only checks (``CheckPool/isFull``): the language
    /// list, `/metrics` and the health check's own answer are still given.
    var isRefusingConnections: Bool {
        openConnections > settings.maxConnections || draining.load(ordering: .relaxed)
    }

    /// Requests in flight now.
    var requestsInFlight: Int { inFlight.load(ordering: .relaxed) }

    /// Starts listening.
    /// - Throws: ``HTTPServerError/cannotListen(_:)``.
    func start() throws {
        var s = wt_mhd_settings()
        var error: UnsafePointer<CChar>?
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = settings.host.withCString { host in
            s.host = host
            s.port = settings.port
            s.thread_pool_size = UInt32(max(1, settings.threads))
            s.connection_limit = UInt32(settings.maxConnections + 64)
            s.connection_timeout_seconds = UInt32(max(1, settings.readTimeout))
            s.connection_memory_limit = settings.headerMemoryBytes
            s.listen_backlog = 1024
            s.handler = accessHandler
            s.handler_context = context
            s.completed = requestCompleted
            s.completed_context = context
            s.connection_notify = connectionNotified
            s.connection_notify_context = context
            s.uri_log = requestLineRead
            s.uri_log_context = context
            return wt_mhd_start(&s, &error)
        }
        guard let started else {
            throw HTTPServerError.cannotListen(error.map { String(cString: $0) } ?? "could not listen")
        }
        daemon = started
        port = wt_mhd_bound_port(started)
        let thread = Thread { [weak self] in self?.sweep() }
        thread.name = "http-sweeper"
        thread.start()
        sweeper = thread
    }

    /// Stops taking connections, lets requests in flight finish (up to
    /// ``HTTPServerSettings/shutdownGrace`` seconds), then closes every connection.
    /// - Returns: the requests still unfinished when the grace time ran out (0 normally).
    @discardableResult
    func stop() -> Int {
        guard let d = daemon else { return 0 }
        draining.store(true, ordering: .relaxed)
        let listener = MHD_quiesce_daemon(d)
        if listener >= 0 { close(listener) }
        let deadline = Self.now() + UInt64(settings.shutdownGrace) * 1_000_000_000
        while inFlight.load(ordering: .acquiring) > 0 && Self.now() < deadline { usleep(10_000) }
        let left = inFlight.load(ordering: .acquiring)
        // The library must not stop with connections set aside: answer what still waits, end
        // the streams, and give the threads a moment to send that.
        let waiting = suspended.withLock { table in defer { table = [:] }; return Array(table.values) }
        for w in waiting { w.resume(with: .error(503, "The server is stopping; please try again")) }
        // A check thread may be resuming one itself.
        let resumeDeadline = Self.now() + 3_000_000_000
        while waiting.contains(where: { !$0.isFinished }) && Self.now() < resumeDeadline { usleep(10_000) }
        let open = streams.withLock { Array($0.values) }
        for s in open { s.finish() }
        if !waiting.isEmpty || !open.isEmpty { usleep(200_000) }
        sweeperStop.store(true, ordering: .relaxed)
        checks.stop()
        deferredWork.stop()
        MHD_stop_daemon(d)
        daemon = nil
        return left
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Cuts connections that have not delivered a whole request within the read timeout.
    ///
    /// While three quarters of ``HTTPServerSettings/maxConnections`` or more are open, and for
    /// ``busyHold`` after, the limit is ``busyReadTimeout`` (when shorter): a slowloris client (a header line every few
    /// seconds on hundreds of connections, issue 35's trial) filled the server until the read
    /// timeout, 15 s; a real client sends its request in milliseconds, and an idle keep-alive
    /// connection cut then is opened again by its client. libmicrohttpd's own timeout
    /// (`MHD_OPTION_CONNECTION_TIMEOUT`) counts inactivity only, which a slow sender never
    /// reaches.
    private func sweep() {
        let limit = UInt64(settings.readTimeout) * 1_000_000_000
        let busyLimit = min(limit, UInt64(Self.busyReadTimeout.components.seconds) * 1_000_000_000)
        // Busy until this time: the state lasts ``busyHold`` after the count last reached three
        // quarters, so that cutting the first overdue connections (which then close and leave the
        // count below the mark) does not spare the ones opened just after them.
        var busyUntil: UInt64 = 0
        let hold = UInt64(Self.busyHold.components.seconds) * 1_000_000_000
        while !sweeperStop.load(ordering: .relaxed) {
            usleep(250_000)
            let now = Self.now()
            connections.withLock { table in
                if table.count * 4 >= settings.maxConnections * 3 { busyUntil = now &+ hold }
                let deadline = now < busyUntil ? busyLimit : limit
                for (key, record) in table where !record.answering && !record.cut && now &- record.readySince > deadline {
                    // The library sees end of input and closes the connection itself; under the
                    // table's lock, so the descriptor cannot have been closed and reused.
                    if record.fd >= 0 { shutdown(record.fd, Int32(SHUT_RDWR)) }
                    table[key]?.cut = true
                }
            }
        }
    }

    /// The time a connection has to deliver its request while the server is busy (``sweep()``).
    static let busyReadTimeout: Duration = .seconds(2)
    /// How long the server stays busy after its count of connections last reached three
    /// quarters of the maximum (``sweep()``).
    static let busyHold: Duration = .seconds(10)

    // MARK: Library callbacks (called on the worker threads)

    fileprivate func connectionOpened(_ connection: OpaquePointer) {
        let record = ConnectionRecord(fd: wt_mhd_connection_fd(connection), readySince: Self.now())
        connections.withLock { $0[Int(bitPattern: UnsafeRawPointer(connection))] = record }
    }

    fileprivate func connectionClosed(_ connection: OpaquePointer) {
        _ = connections.withLock { $0.removeValue(forKey: Int(bitPattern: UnsafeRawPointer(connection))) }
    }

    fileprivate func setAnswering(_ connection: OpaquePointer, _ answering: Bool) {
        let key = Int(bitPattern: UnsafeRawPointer(connection))
        let now = Self.now()
        connections.withLock { table in
            table[key]?.answering = answering
            if !answering { table[key]?.readySince = now }
        }
    }

    fileprivate func requestStarted(target: String, connection: OpaquePointer?) -> RequestContext {
        let context = RequestContext(target: target, start: Self.now())
        if let connection {
            var address = [CChar](repeating: 0, count: 64)
            wt_mhd_client_address(connection, &address, address.count)
            context.remote = String(decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return context
    }

    /// The handler's work for one call of the library's access handler.
    fileprivate func handle(_ connection: OpaquePointer, _ context: RequestContext, method: String,
                            upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>) -> MHD_Result {
        if !context.headersSeen {
            context.headersSeen = true
            // Counted from here: the library reports the completion of every request whose
            // handler it called.
            inFlight.add(1, ordering: .relaxed)
            context.counted = true
            context.method = method
            context.requestID = Self.header(connection, "X-Request-ID").map { String($0.prefix(128)) }
            // RFC 9112 §6.3: a Content-Length given twice with different values (or a list of
            // them) is invalid, and the answer is 400; the library takes one of them.
            let headers = Self.headers(connection)
            if let problem = Self.contentLengthProblem(headers.filter { $0.name == "content-length" }.map(\.value)) {
                return respond(connection, context, .error(400, problem))
            }
            // RFC 9112 §6.1: a request with both Transfer-Encoding and Content-Length may be
            // refused, and the connection must close after the answer (the two lengths are
            // how requests are smuggled). The library reads such a body as chunked and, when
            // it is not, closed the connection without a word.
            if headers.contains(where: { $0.name == "transfer-encoding" }) && headers.contains(where: { $0.name == "content-length" }) {
                var answer = HTTPResponse.error(400, "A request gives its body's length once: Content-Length or Transfer-Encoding, not both (RFC 9112 §6.1)")
                answer.headers.append(("Connection", "close"))
                return respond(connection, context, answer)
            }
            if let length = Self.header(connection, "Content-Length").flatMap({ Int($0) }), length > settings.maxBodyBytes {
                return respond(connection, context, Self.tooLarge(target: context.target, "Your request is too large: \(length) bytes, the limit is \(settings.maxBodyBytes) bytes"))
            }
            if isRefusingConnections && Self.split(context.target).path != "/v2/healthcheck" {
                return respond(connection, context, .error(503, "Server overloaded, please try again later"))
            }
            return .YES
        }
        let size = uploadSize.pointee
        if size > 0 {
            uploadSize.pointee = 0
            if context.refusedMidBody {
                // The rest of a refused body is read and dropped, so that the client, still
                // sending, reads the 413 instead of a reset connection; up to a limit (and the
                // read timeout), then the connection is closed.
                context.discarded += size
                return context.discarded > Self.discardedBodyLimit ? .NO : .YES
            }
            if context.responded { return .YES }
            if context.body.count + size > settings.maxBodyBytes {
                // A body without a declared length (chunked) grew past the limit. libmicrohttpd
                // (0.9.75) queues no response while a body is arriving: `MHD_queue_response`
                // refuses it outside the states "headers processed" and "full request received",
                // and returning MHD_NO closes the connection unanswered. So the 413 is written to
                // the socket here, whole, before the library writes anything, and the connection
                // closes once the body ends or the discarded part passes its limit.
                context.body = []
                context.refusedMidBody = true
                context.responded = true
                let answer = Self.tooLarge(target: context.target, "Your request is too large: the limit is \(settings.maxBodyBytes) bytes")
                context.status = 413
                context.bytesOut = answer.body.count
                return Self.writeDirectly(answer, to: wt_mhd_connection_fd(connection)) ? .YES : .NO
            }
            if let upload {
                upload.withMemoryRebound(to: UInt8.self, capacity: size) { context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size)) }
            }
            return .YES
        }
        // The whole of a refused body has arrived: the answer is out, the connection closes.
        if context.refusedMidBody { return .NO }
        if context.responded { return .YES }
        if let work = context.toSetAside {
            // The library's second call for this request: its connection is set aside now,
            // with the library waiting for nothing on it (see below).
            context.toSetAside = nil
            MHD_suspend_connection(connection)
            let waiting = SuspendedRequest(context: context, connection: connection)
            let key = ObjectIdentifier(waiting)
            suspended.withLock { $0[key] = waiting }
            finish(work, waiting, key)
            return .YES
        }
        if context.awaitingLater {
            // Called again after the deferred work resumed the connection.
            guard let done = context.laterResult.withLock({ $0 }) else { return .YES }
            context.awaitingLater = false
            return respond(connection, context, done)
        }
        setAnswering(connection, true)
        let headers = Self.headers(connection)
        let request = HTTPRequest(method: method, target: context.target, headers: headers,
                                  body: context.body, remoteAddress: context.remote)
        context.body = []
        let response = handler(request, self)
        if response.later != nil || response.pooled != nil {
            if response.pooled != nil && checks.isFull {
                checks.countRefusal()
                return respond(connection, context, .error(503, "Server overloaded, please try again later"))
            }
            // The connection is set aside (the work's end resumes it and the library calls
            // the access handler again, which queues the answer) on the library's next call,
            // which comes at once: returned to without an answer, the library marks the
            // connection as waiting for the application, not for input. Set aside in this
            // call, it would keep "waiting for input" from reading the request, and read the
            // socket first when resumed: a client that had half-closed its side (langtool.el,
            // `nc -N`) was then closed without its answer, and requests it had pipelined
            // behind this one were dropped unread (libmicrohttpd 0.9.75 to 0.9.77,
            // `MHD_connection_handle_read`: an end of stream closes the connection).
            context.awaitingLater = true
            context.toSetAside = response
            return .YES
        }
        return respond(connection, context, response)
    }

    /// Computes the answer of a set-aside request (on the check pool, or a task for deferred
    /// work; a pooled job whose answer is deferred work continues on a task) and resumes it.
    private func finish(_ response: HTTPResponse, _ waiting: SuspendedRequest, _ key: ObjectIdentifier) {
        let done: @Sendable (HTTPResponse) -> Void = { [weak self] answer in
            waiting.resume(with: answer)
            _ = self?.suspended.withLock { $0.removeValue(forKey: key) }
        }
        if let pooled = response.pooled {
            let client = ClientPresence(socket: waiting.socket)
            let queued = checks.submit(language: pooled.language) { [weak self] in
                // A client that went away while its check waited: the check is dropped, not
                // run (the connection, set aside, is resumed to be closed).
                if client.hasLeft() {
                    self?.checks.countAbandoned()
                    done(.error(503, "The client closed the connection before its check ran"))
                    return
                }
                // The work may look whether its client is still there (``clientHasLeft``); the
                // tasks it starts (a streamed model answer) run on the server's threads.
                let answer = Self.$currentClient.withValue(client) {
                    PreferredExecutor.$current.withValue(self?.deferredWork) { pooled.work() }
                }
                if answer.later != nil || answer.pooled != nil, let self {
                    self.finish(answer, waiting, key)
                } else {
                    done(answer)
                }
            }
            if !queued { done(.error(503, "Server overloaded, please try again later")) }
        } else if let work = response.later {
            let client = ClientPresence(socket: waiting.socket)
            // On the server's own threads, and so is every task of the run (the task-local
            // preference reaches the unstructured tasks of a model's stream).
            let executor = deferredWork
            Task.detached(executorPreference: executor) {
                // A client that leaves while the work runs (a model's rewrite: up to the model's
                // total timeout) cancels it, and the model request with it: its model slot is
                // free again within a quarter of a second, not minutes later (a session-43
                // trial's next request got 503 model_busy for the whole timeout).
                await PreferredExecutor.$current.withValue(executor) {
                    let running = Task(executorPreference: executor) { await work() }
                    let watcher = Task(executorPreference: executor) {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: Self.clientWatchInterval)
                            if Task.isCancelled { return }
                            if client.hasLeft() {
                                running.cancel()
                                return
                            }
                        }
                    }
                    let answer = await running.value
                    watcher.cancel()
                    if answer.pooled != nil || answer.later != nil {
                        self.finish(answer, waiting, key)
                    } else {
                        done(answer)
                    }
                }
            }
        }
    }

    /// The client of the request whose pooled work runs on this thread, nil for none: a check
    /// stops when its client has left (``clientLeftTest``).
    @TaskLocal static var currentClient: ClientPresence?

    /// A test of whether the client of the pooled work running on this thread has closed its
    /// connection, for a long check to ask as it goes (from any thread); nil outside pooled
    /// work. Once it says true it stays true (the end of a stream does not go away).
    static var clientLeftTest: (@Sendable () -> Bool)? {
        guard let client = currentClient else { return nil }
        return { client.hasLeft() }
    }

    /// How often deferred work looks whether its client is still there.
    static let clientWatchInterval: Duration = .milliseconds(250)

    /// True when the client at the other end of socket `fd` has closed it (a read would see its
    /// end): looked at without reading (`MSG_PEEK`) or waiting. A request the client sent
    /// after (pipelined) or nothing yet is an open connection.
    static func peerHasClosed(_ fd: Int32) -> Bool {
        guard fd >= 0 else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if n == 0 { return true }
        if n < 0 { return errno == ECONNRESET || errno == EPIPE || errno == ENOTCONN }
        return false
    }

    /// A 413 for a body over the byte limit: under `/api/` the API's JSON error
    /// (`text_too_long`, docs/http-api.md), elsewhere LanguageTool's plain text (the break-it
    /// trial saw a browser client's `response.json()` throw on the plain text).
    static func tooLarge(target: String, _ message: String) -> HTTPResponse {
        let path = split(target).path
        if path == "/api" || path.hasPrefix("/api/") {
            return .apiError(APIError(status: 413, code: "text_too_long", message: message))
        }
        return .error(413, message)
    }

    /// How many bytes of a body refused with 413 are read and dropped before the connection is
    /// closed (a client that sends on and on is cut off; one that finishes reads the answer).
    static let discardedBodyLimit = 64 << 20

    /// Writes `response` (status line, headers, body; not a stream) to the socket `fd` itself,
    /// with `Connection: close`, waiting up to `seconds` in all for room: for an answer the
    /// library cannot queue (a body refused while it arrives) or would not send (a half-closed
    /// client's, ``SuspendedRequest/resume(with:)``). False when it could not be written.
    static func writeDirectly(_ response: HTTPResponse, to fd: Int32, seconds: UInt64 = 1) -> Bool {
        guard fd >= 0 else { return false }
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\nContent-Type: \(response.contentType)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + response.body
        var sent = 0
        let deadline = now() + seconds * 1_000_000_000
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            if n < 0, errno == EINTR { continue }
            guard n < 0, errno == EAGAIN || errno == EWOULDBLOCK, now() < deadline else { return false }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, 100)
        }
        return true
    }

    /// The reason phrase of the statuses this server answers with (RFC 9110 §15).
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return status < 400 ? "OK" : "Error"
        }
    }

    /// Queues `response`; .NO (close the connection) when the library refuses it.
    private func respond(_ connection: OpaquePointer, _ context: RequestContext, _ response: HTTPResponse) -> MHD_Result {
        context.responded = true
        context.status = response.status
        context.bytesOut = response.body.count
        let made: OpaquePointer?
        if let stream = response.stream {
            stream.attach(connection, server: self)
            let box = Unmanaged.passRetained(stream).toOpaque()
            made = MHD_create_response_from_callback(UInt64.max, 4096, streamRead, box, streamFreed)
            if made == nil { Unmanaged<HTTPStream>.fromOpaque(box).release() }
        } else {
            made = response.body.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let r = made else { return .NO }
        defer { MHD_destroy_response(r) }
        MHD_add_response_header(r, "Content-Type", response.contentType)
        for (name, value) in response.headers { MHD_add_response_header(r, name, value) }
        if draining.load(ordering: .relaxed) || response.status == 413 || response.status == 503 {
            MHD_add_response_header(r, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status), r)
    }

    fileprivate func completed(_ connection: OpaquePointer?, _ context: RequestContext, _ termination: MHD_RequestTerminationCode) {
        if let connection { setAnswering(connection, false) }
        if context.counted { inFlight.subtract(1, ordering: .releasing) }
        // The last chance of a half-closed client whose answer is ready but unsent when the
        // library closes the connection on an end of stream it read (the access handler sets
        // connections aside so that the library does not read them before answering; this is
        // the net below that). The socket is still open here (the library shuts it after this
        // callback): the answer is written.
        if termination == .REQUEST_TERMINATED_WITH_ERROR, !context.responded, !context.answeredDirectly.load(ordering: .acquiring),
           let connection, let answer = context.laterResult.withLock({ $0 }),
           answer.stream == nil, answer.later == nil, answer.pooled == nil {
            let fd = wt_mhd_connection_fd(connection)
            if Self.peerHasClosed(fd), Self.writeDirectly(answer, to: fd) {
                context.responded = true
                context.status = answer.status
                context.bytesOut = answer.body.count
                context.answeredDirectly.store(true, ordering: .releasing)
            }
        }
        // A request the library answered itself (malformed, headers too large) has no status of ours.
        if !context.responded, let connection { context.status = Int(wt_mhd_http_status(connection)) }
        let (path, _) = Self.split(context.target)
        let ms = Double(Self.now() - context.start) / 1e6
        metrics.record(path: path, status: context.status, seconds: ms / 1000)
        guard let logger else { return }
        var line = JSONLog()
        line.field("time", Self.timestamp())
        line.field("remote", context.remote)
        line.field("method", context.method)
        line.field("path", path)
        line.field("status", context.status)
        line.field("bytesIn", context.bytesIn)
        line.field("bytesOut", context.bytesOut)
        line.field("ms", (ms * 1000).rounded() / 1000)
        if let id = context.requestID { line.field("requestID", id) }
        if termination != .REQUEST_TERMINATED_COMPLETED_OK && !context.answeredDirectly.load(ordering: .acquiring) {
            line.field("error", Self.terminationName(termination))
        }
        logger(line.text)
    }

    /// The wall-clock time `nanoseconds` after the Unix epoch (now when nil) in UTC, ISO 8601
    /// with milliseconds (`2026-12-05T21:08:41.123Z`), as `ISO8601DateFormatter` writes it with
    /// `.withInternetDateTime` and `.withFractionalSeconds`; without a formatter, whose
    /// construction for each access-log line took a quarter of the server's CPU under load
    /// (perf, Benchmarks/README-http.md).
    static func timestamp(nanoseconds: Int64? = nil) -> String {
        var t = timespec()
        if let nanoseconds {
            t.tv_sec = Int(nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000).quotient)
            t.tv_nsec = Int(nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000).remainder)
            if t.tv_nsec < 0 { t.tv_sec -= 1; t.tv_nsec += 1_000_000_000 }
        } else {
            clock_gettime(CLOCK_REALTIME, &t)
        }
        var seconds = t.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ n: Int32, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
            + pad(Int32(t.tv_nsec / 1_000_000), 3) + "Z"
    }

    private static func terminationName(_ t: MHD_RequestTerminationCode) -> String {
        switch t {
        case .REQUEST_TERMINATED_WITH_ERROR: return "connection error"
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "server shutdown"
        case .REQUEST_TERMINATED_READ_ERROR: return "client closed the connection"
        case .REQUEST_TERMINATED_CLIENT_ABORT: return "client aborted"
        default: return "terminated"
        }
    }

    /// Every request header, in order, names lowercased (a header given twice is there twice).
    static func headers(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let list = cls.assumingMemoryBound(to: [(name: String, value: String)].self)
                list.pointee.append((String(cString: key).lowercased(), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, pointer)
        }
        return headers
    }

    /// Why the `Content-Length` values of a request make it invalid (RFC 9112 §6.3), or nil:
    /// each value, and each item of a comma-separated list, must be digits, all the same number
    /// (a value repeated as such is taken as one).
    static func contentLengthProblem(_ values: [String]) -> String? {
        let items = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else { return nil }
        guard items.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }) else {
            return "Invalid Content-Length \(values.joined(separator: ", ").prefix(80).debugDescription): it must be a number of bytes"
        }
        let numbers = Set(items.map { $0.drop { $0 == "0" } })
        guard numbers.count == 1 else {
            return "Conflicting Content-Length headers (\(values.joined(separator: ", ").prefix(80))): a request gives its length once"
        }
        return nil
    }

    /// The value of request header `name` (the library compares names case-insensitively).
    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// A request target split into its percent-decoded path and raw query. A `%00` in the path
    /// is kept as a NUL (``Router`` answers 400 for it), never left to end the path there.
    static func split(_ target: String) -> (path: String, query: String) {
        guard let q = target.firstIndex(of: "?") else { return (decodedPath(target), "") }
        return (decodedPath(String(target[..<q])), String(target[target.index(after: q)...]))
    }

    /// `path` percent-decoded, with each `%00` a NUL whatever Foundation's decoder does with
    /// one; `path` as it is when it is no valid percent-encoding.
    private static func decodedPath(_ path: String) -> String {
        guard path.contains("%00") else { return path.removingPercentEncoding ?? path }
        return path.components(separatedBy: "%00").map { $0.removingPercentEncoding ?? $0 }.joined(separator: "\u{0}")
    }
}

/// Errors of ``HTTPServer``.
enum HTTPServerError: Error, CustomStringConvertible {
    /// The server could not listen: the reason.
    case cannotListen(String)

    var description: String {
        switch self {
        case let .cannotListen(reason): return reason
        }
    }
}

/// A request set aside while its deferred work runs; resumed exactly once.
final class SuspendedRequest: @unchecked Sendable {
    private let context: RequestContext
    private let connection: OpaquePointer
    private let resumed = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    /// The connection's socket (-1 when unknown).
    let socket: Int32

    init(context: RequestContext, connection: OpaquePointer) {
        self.context = context
        self.connection = connection
        socket = wt_mhd_connection_fd(connection)
    }

    /// Hands `answer` to the access handler and resumes the connection (the first call only).
    ///
    /// The library sends the answer, also to a client whose stream has ended by now (a
    /// half-close: `shutdown(SHUT_WR)` after its request, as langtool.el and `nc -N` do), and
    /// goes on to the requests that client pipelined behind this one: the connection was set
    /// aside while the library waited for nothing on it, so it does not read the socket (and
    /// see the end of the stream) before the answer is out (``HTTPServer``'s access handler).
    func resume(with answer: HTTPResponse) {
        guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        defer { finished.store(true, ordering: .releasing) }
        context.laterResult.withLock { $0 = answer }
        MHD_resume_connection(connection)
    }

    /// True once ``resume(with:)`` has handed the connection back to the library (the server
    /// stops the library only after every set-aside request is).
    var isFinished: Bool { finished.load(ordering: .acquiring) }
}

/// One request's state between the library's calls.
final class RequestContext: @unchecked Sendable {
    let target: String
    let start: UInt64
    var method = ""
    var remote = ""
    var requestID: String?
    var headersSeen = false
    var counted = false
    var body: [UInt8] = [] { didSet { bytesIn = max(bytesIn, body.count) } }
    var bytesIn = 0
    var responded = false
    /// A 413 was written while the body arrived (``HTTPServer/writeDirectly(_:to:)``): the rest
    /// of the body is dropped and the connection closed.
    var refusedMidBody = false
    /// Bytes of a refused body dropped so far.
    var discarded = 0
    var status = 0
    var bytesOut = 0
    /// Deferred work is running for this request (``HTTPResponse/later``).
    var awaitingLater = false
    /// Pooled or deferred work whose connection is set aside at the library's next call.
    var toSetAside: HTTPResponse?
    /// The answer was written to the socket by ``HTTPServer``'s completion callback (a
    /// half-closed client whose connection the library closed unanswered).
    let answeredDirectly = Atomic<Bool>(false)
    /// The deferred work's answer, once it is there.
    let laterResult = Mutex<HTTPResponse?>(nil)

    init(target: String, start: UInt64) {
        self.target = target
        self.start = start
    }
}

/// One JSON object on one line (the access log).
struct JSONLog {
    private var out = JSONLineWriterBox()
    mutating func field(_ name: StaticString, _ value: String) { out.key(name); out.w.string(value) }
    mutating func field(_ name: StaticString, _ value: Int) { out.key(name); out.w.integer(value) }
    mutating func field(_ name: StaticString, _ value: Double) { out.key(name); out.w.verbatim(String(value)) }
    var text: String { out.w.text + "}" }
}

import WritingTools

/// A ``JSONLineWriter`` that knows whether a key is the first.
struct JSONLineWriterBox {
    var w = JSONLineWriter(capacity: 256)
    var first = true
    mutating func key(_ name: StaticString) {
        w.raw(first ? "{\"" : ",\"")
        first = false
        w.raw(name)
        w.raw("\":")
    }
}

// MARK: C callbacks (no captures: the server arrives as the context pointer)

private func server(_ cls: UnsafeMutableRawPointer?) -> HTTPServer {
    Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
}

private let requestLineRead: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = { cls, uri, connection in
    let context = server(cls).requestStarted(target: uri.map { String(cString: $0) } ?? "/", connection: connection)
    return Unmanaged.passRetained(context).toOpaque()
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, _, method, _, upload, uploadSize, contextPointer in
    guard let connection, let uploadSize, let contextPointer else { return .NO }
    let s = server(cls)
    let context: RequestContext
    if let raw = contextPointer.pointee {
        context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
    } else {
        // No request line seen by the log callback (cannot happen with it installed): start here.
        context = s.requestStarted(target: "/", connection: connection)
        contextPointer.pointee = Unmanaged.passRetained(context).toOpaque()
    }
    return s.handle(connection, context, method: method.map { String(cString: $0) } ?? "GET", upload: upload, uploadSize: uploadSize)
}

private let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, contextPointer, termination in
    guard let contextPointer, let raw = contextPointer.pointee else { return }
    contextPointer.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    server(cls).completed(connection, context, termination)
}

private let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let connection else { return }
    if code == .CONNECTION_NOTIFY_STARTED {
        server(cls).connectionOpened(connection)
    } else {
        server(cls).connectionClosed(connection)
    }
}

/// Whether the client of a set-aside request is still there. The end of its stream alone does
/// not say so: a LanguageTool client such as Emacs's langtool.el writes its request, shuts its
/// side down (a half-close) and reads the answer until the server closes. The end of a stream is
/// taken for the client leaving only when the client was seen still sending-capable (no end
/// yet) more than ``halfCloseWindow`` after its request arrived: then the end came later than
/// any half-close does. An end seen before that (also when the looks came late, on a loaded
/// machine) is taken for a half-close, and the request is served: a wrong guess only wastes
/// the work, never refuses a client that waits for its answer (issue 35: under load the look
/// meant for 200 ms came after the window, and half-closed clients got 503).
///
/// The client is looked at when its work is queued, 200 ms later and just after the window
/// (so that a client that leaves while its check waits is known to have left), and whenever
/// the work asks (a check between its paragraphs, a model run every quarter of a second).
final class ClientPresence: @unchecked Sendable {
    // @unchecked: `halfClosed` and `seenOpenLate` are read and written under `lock`; the rest
    // is immutable.
    /// How long after the request's arrival the end of the client's stream counts as a half-close.
    static let halfCloseWindow: Duration = .seconds(1)
    private let socket: Int32
    private let arrival = ContinuousClock.now
    private let lock = NSLock()
    private var halfClosed = false
    /// The client was seen with its stream open after the window.
    private var seenOpenLate = false

    /// The client on `socket`, looked at now and twice more (for a request whose work starts
    /// later: a queued check).
    init(socket: Int32) {
        self.socket = socket
        _ = hasLeft()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { _ = self.hasLeft() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1100)) { _ = self.hasLeft() }
    }

    /// True when the client has closed its side after it was seen open past the window: it
    /// has left.
    func hasLeft() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if halfClosed { return false }
        guard HTTPServer.peerHasClosed(socket) else {
            if ContinuousClock.now - arrival > Self.halfCloseWindow { seenOpenLate = true }
            return false
        }
        if seenOpenLate { return true }
        halfClosed = true
        return false
    }
}

