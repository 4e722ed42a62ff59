import Foundation
import Synchronization
import CMicroHTTPD

/// A response body sent as it is produced (HTTP/1.1 chunked), for Server-Sent Events.
///
/// The producer (any thread or task) calls ``write(_:)`` and ``finish()``. The library's worker
/// thread reads through ``read(into:max:)``; when nothing is buffered it sets the connection
/// aside (`MHD_suspend_connection`, so no worker thread waits and no busy loop runs) and the
/// next write resumes it. When the connection closes (the client went away, or the body ended),
/// ``onClose`` runs once: the producer's work is cancelled there.
final class HTTPStream: @unchecked Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var finished = false
        var suspended = false
        var closed = false
        var connection: OpaquePointer?
        var server: HTTPServer?
    }
    private let state = Mutex(State())
    private let closeHandler = Mutex<(@Sendable () -> Void)?>(nil)

    init() {}

    /// Runs once when the connection is done with the stream (finished, or the client left).
    func onClose(_ handler: @escaping @Sendable () -> Void) {
        closeHandler.withLock { $0 = handler }
    }

    /// True once the connection is gone (writes are then dropped).
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues `bytes` for the client.
    func write(_ bytes: [UInt8]) {
        state.withLock { s in
            guard !s.closed, !s.finished else { return }
            s.buffer += bytes
            wake(&s)
        }
    }

    /// Queues `text` (UTF-8) for the client.
    func write(_ text: String) { write(Array(text.utf8)) }

    /// Ends the body once what is queued is sent.
    func finish() {
        state.withLock { s in
            s.finished = true
            wake(&s)
        }
    }

    private func wake(_ s: inout State) {
        if s.suspended, let c = s.connection {
            s.suspended = false
            MHD_resume_connection(c)
        }
    }

    /// Called by the server before the response is queued.
    func attach(_ connection: OpaquePointer, server: HTTPServer) {
        let c = UncheckedPointer(connection)
        state.withLock {
            $0.connection = c.pointer
            $0.server = server
        }
        server.streams.withLock { $0[ObjectIdentifier(self)] = self }
    }

    /// The library's read: bytes copied, 0 after setting the connection aside, -1 at the end.
    fileprivate func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { s in
            if !s.buffer.isEmpty {
                let n = min(max, s.buffer.count)
                s.buffer.withUnsafeBytes { raw in
                    UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: n)
                }
                s.buffer.removeFirst(n)
                return n
            }
            if s.finished || s.closed { return -1 }
            if let c = s.connection {
                s.suspended = true
                MHD_suspend_connection(c)
            }
            return 0
        }
    }

    /// The library is done with the response.
    fileprivate func released() {
        let server = state.withLock { s -> HTTPServer? in
            s.closed = true
            s.connection = nil
            s.suspended = false
            defer { s.server = nil }
            return s.server
        }
        _ = server?.streams.withLock { $0.removeValue(forKey: ObjectIdentifier(self)) }
        let handler = closeHandler.withLock { h in defer { h = nil }; return h }
        handler?()
    }
}

/// A library handle carried into a lock (the library's own threads own it).
struct UncheckedPointer: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// One Server-Sent Event: `event: NAME` and the JSON `data` line, then a blank line.
func serverSentEvent(_ name: String, _ json: [UInt8]) -> [UInt8] {
    Array("event: \(name)\ndata: ".utf8) + json + Array("\n\n".utf8)
}

let streamRead: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    return Unmanaged<HTTPStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

let streamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<HTTPStream>.fromOpaque(cls).takeRetainedValue()
    stream.released()
}

/// Counters for `/metrics` (Prometheus text format 0.0.4).
final class ServerMetrics: Sendable {
    /// Upper bounds of the latency histogram, seconds.
    static let buckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct Route {
        var count: [Int: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var sum = 0.0
        var total = 0
    }
    private let routes = Mutex<[String: Route]>([:])
    /// Model calls started, failed, and now running or waiting.
    let modelCalls = Atomic<Int>(0)
    let modelFailures = Atomic<Int>(0)
    let modelActive = Atomic<Int>(0)
    let modelWaiting = Atomic<Int>(0)
    /// Sessions open now.
    let sessions = Atomic<Int>(0)

    init() {}

    /// The route a path is counted under: its template (`/api/sessions/{id}`), `other` for
    /// paths the server does not answer (so clients cannot grow the table).
    static func route(of path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        if p.hasPrefix("/api/sessions/") {
            let parts = p.split(separator: "/")
            switch parts.count {
            case 3: return "/api/sessions/{id}"
            case 4: return "/api/sessions/{id}/\(parts[3])"
            case 6: return "/api/sessions/{id}/suggestions/{n}/\(parts[5])"
            default: return "other"
            }
        }
        if p.hasPrefix("/api/tools/") { return "/api/tools/{tool}" }
        let known: Set<String> = ["/v2/check", "/v2/languages", "/v2/info", "/v2/healthcheck", "/v2/maxtextlength", "/v2/configinfo",
                                  "/v2/words", "/v2/words/add", "/v2/words/delete", "/api/tools", "/api/proofread", "/api/rewrite",
                                  "/api/summarize", "/api/sessions", "/openapi.json", "/metrics", "/"]
        return known.contains(p) ? p : "other"
    }

    /// Counts one finished request.
    func record(path: String, status: Int, seconds: Double) {
        let name = Self.route(of: path)
        routes.withLock { table in
            var r = table[name] ?? Route()
            r.count[status, default: 0] += 1
            r.total += 1
            r.sum += seconds
            for (i, b) in Self.buckets.enumerated() where seconds <= b { r.bucketCounts[i] += 1 }
            table[name] = r
        }
    }

    /// The exposition text; `gauges` are the server's current values.
    func render(openConnections: Int, inFlight: Int, maxConnections: Int) -> String {
        var out = ""
        out += "# HELP writing_tools_http_requests_total HTTP requests answered, by route and status.\n"
        out += "# TYPE writing_tools_http_requests_total counter\n"
        let snapshot = routes.withLock { $0 }
        for (route, r) in snapshot.sorted(by: { $0.key < $1.key }) {
            for (status, n) in r.count.sorted(by: { $0.key < $1.key }) {
                out += "writing_tools_http_requests_total{route=\"\(route)\",status=\"\(status)\"} \(n)\n"
            }
        }
        out += "# HELP writing_tools_http_request_duration_seconds Time from the request line to the end of the response.\n"
        out += "# TYPE writing_tools_http_request_duration_seconds histogram\n"
        for (route, r) in snapshot.sorted(by: { $0.key < $1.key }) {
            for (i, b) in Self.buckets.enumerated() {
                out += "writing_tools_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(b)\"} \(r.bucketCounts[i])\n"
            }
            out += "writing_tools_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(r.total)\n"
            out += "writing_tools_http_request_duration_seconds_sum{route=\"\(route)\"} \(r.sum)\n"
            out += "writing_tools_http_request_duration_seconds_count{route=\"\(route)\"} \(r.total)\n"
        }
        func gauge(_ name: String, _ help: String, _ value: Int, type: String = "gauge") {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        gauge("writing_tools_http_open_connections", "Open client connections.", openConnections)
        gauge("writing_tools_http_requests_in_flight", "Requests being read or answered (the queue depth).", inFlight)
        gauge("writing_tools_http_max_connections", "Connections above which requests get 503.", maxConnections)
        gauge("writing_tools_model_calls_total", "Language-model runs started.", modelCalls.load(ordering: .relaxed), type: "counter")
        gauge("writing_tools_model_failures_total", "Language-model runs that failed or timed out.", modelFailures.load(ordering: .relaxed), type: "counter")
        gauge("writing_tools_model_calls_active", "Language-model runs now running.", modelActive.load(ordering: .relaxed))
        gauge("writing_tools_model_calls_waiting", "Language-model runs waiting for a slot (the model queue depth).", modelWaiting.load(ordering: .relaxed))
        gauge("writing_tools_sessions_open", "Writing Tools sessions held.", sessions.load(ordering: .relaxed))
        return out
    }
}
