import Foundation
import Testing
import LanguageModels
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsHTTP
#if canImport(Glibc)
import Glibc
#endif

/// Clients that shut their side down after their requests (a half-close: langtool.el and
/// `nc -N` do) get every answer: also those of requests pipelined on one connection, and a
/// streamed (Server-Sent Events) answer. libmicrohttpd 0.9.75 closes a connection on the end of
/// the stream as soon as it reads it; the server sets connections aside so that it reads
/// nothing before the answers are out (issue 35, the session-44 trial's open point: two or
/// three pipelined checks then a half-close got the first answer only). Real server, real sockets;
/// the assertions are about what was answered, never about time.
@Suite("HTTP: half-closed clients get every answer", .serialized)
struct HalfCloseTests {
    typealias Pool = CheckPoolTests

    /// `count` `/v2/check` requests, each with "a example" (one EN_A_VS_AN finding), in one write.
    static func pipelinedChecks(_ count: Int, marker: String = "") -> String {
        (0..<count).map { k in
            let body = Pool.form("This is a example number \(k)\(marker).", "en-US")
            return "POST /v2/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        }.joined()
    }

    /// Sends `request` on a new connection, half-closes it, and reads until the server closes.
    static func sendAndHalfClose(_ port: UInt16, _ request: String, before: (() -> Void)? = nil) throws -> String {
        let fd = Pool.connectAndSend(port, request)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(shutdown(fd, Int32(SHUT_WR)) == 0)
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        before?()
        return Pool.readToEnd(fd)
    }

    static func answers(in text: String) -> Int { text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 }
    static func findings(in text: String) -> Int { text.components(separatedBy: "EN_A_VS_AN").count - 1 }

    /// Three checks in one write, then a half-close: three answers, in order, each with its finding.
    @Test func pipelinedChecksBeforeAHalfCloseAreAllAnswered() throws {
        let server = try Pool.startServer(gate: Pool.Gate("never-used"), checkThreads: 1, ready: ["en-US"])
        defer { server.stop() }
        let text = try Self.sendAndHalfClose(server.port, Self.pipelinedChecks(3))
        #expect(Self.answers(in: text) == 3, "\(text.prefix(300))")
        #expect(Self.findings(in: text) == 3)
        #expect(server.checks.abandoned == 0)
    }

    /// The same when the half-close comes long before the first answer (its check is held
    /// until the client has shut its side down).
    @Test func pipelinedChecksWhoseFirstIsHeldAreAllAnswered() throws {
        let gate = Pool.Gate("walrus")
        let server = try Pool.startServer(gate: gate, checkThreads: 1, ready: ["en-US"])
        defer { gate.open(); server.stop() }
        let text = try Self.sendAndHalfClose(server.port, Self.pipelinedChecks(1, marker: " walrus") + Self.pipelinedChecks(2)) {
            #expect(Pool.eventually { gate.entered == 1 })
            gate.open()
        }
        #expect(Self.answers(in: text) == 3, "\(text.prefix(300))")
        #expect(Self.findings(in: text) == 3)
    }

    /// A streamed tool run (a model's, Server-Sent Events) for a client that half-closed right
    /// after its request is written to the end (the brief asked; it held before the change to
    /// the access handler too, and is kept as a guard).
    @Test func aStreamedAnswerReachesAHalfClosedClient() throws {
        let fake = try FakeModelServer()
        let models = try ModelEngines(flags: ModelFlags(provider: .openai, model: "echo", baseURL: fake.openAIBaseURL.absoluteString),
                                      environment: ["HOME": NSTemporaryDirectory() + "wt-http-halfclose-\(UUID().uuidString)"],
                                      maxConcurrent: 1, maxWaiting: 0, metrics: nil)
        let server = try Pool.startServer(gate: Pool.Gate("never-used"), checkThreads: 1, ready: ["en-US"], models: models)
        defer { server.stop() }
        let body = #"{"text":"In order to decide, we need to look at the data.","stream":true}"#
        let text = try Self.sendAndHalfClose(server.port, "POST /api/tools/rewrite HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(300))")
        #expect(text.contains("event: start"))
        #expect(text.contains("event: result"), "\(text.suffix(300))")
    }

    /// A streamed run whose half-closed client then goes away entirely is cancelled, and the
    /// model's one slot is free again: the stream's keep-alive comment (every 2 s) fails to
    /// reach the client and the closed stream cancels the run. The model never answers (`hang`);
    /// its timeouts are 25 s, so a second run taking the slot within 15 s proves the cancellation.
    @Test func aStreamedRunWhoseHalfClosedClientLeavesIsCancelled() throws {
        let (fake, models) = try Pool.hangingModel()
        let server = try Pool.startServer(gate: Pool.Gate("never-used"), checkThreads: 1, ready: ["en-US"], models: models)
        defer { server.stop() }
        let body = #"{"text":"In order to decide, we need to look at the data.","stream":true}"#
        let request = "POST /api/tools/rewrite HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        let first = Pool.connectAndSend(server.port, request)
        try #require(first >= 0)
        #expect(shutdown(first, Int32(SHUT_WR)) == 0)
        // The stream has begun (its start event is there) and the model has the request.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(first, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        var received = ""
        while !received.contains("event: start") {
            let n = buffer.withUnsafeMutableBytes { recv(first, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        #expect(received.hasPrefix("HTTP/1.1 200") && received.contains("event: start"), "\(received.prefix(300))")
        try #require(Pool.eventually { (try? fake.lastRequest())?["path"] != nil })
        close(first)
        let again = "POST /api/tools/rewrite HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 59\r\n\r\n"
            + #"{"text":"In order to decide, we need to look at the data."}"#
        #expect(try Pool.takesTheModelSlot(server.port, again, within: 15), "the model's slot stayed taken after the streamed run's client left")
    }
}
