import Foundation
import Testing
import LanguageModels
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsHTTP
#if canImport(Glibc)
import Glibc
#endif

/// A real server on a loopback port: a session whose client leaves during "rewrite again" is
/// usable again (break-it trial of session 49, item 4, its script 08), and a body over the byte
/// limit under `/api/` is answered with the API's JSON error (item 9, script 09).
@Suite("HTTP: sessions whose client left, 413 under /api/", .serialized)
struct SessionClientLeftTests {
    /// A started server (one network thread, one check thread) with `models`, bodies up to
    /// `maxBodyBytes`.
    static func startServer(models: ModelEngines = .none(), maxBodyBytes: Int = 2 << 20) throws -> HTTPServer {
        let home = NSTemporaryDirectory() + "wt-http-left-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let dictionary = UserDictionary(environment: ["HOME": home])
        let tools = WritingToolsAPI(maxTextLength: 100_000, dictionary: dictionary, models: models, sessions: SessionStore(), metrics: nil)
        let router = Router(languageTool: LanguageToolAPI(dictionary: dictionary), tools: tools)
        var settings = HTTPServerSettings()
        settings.port = 0
        settings.threads = 1
        settings.checkThreads = 1
        settings.shutdownGrace = 2
        settings.maxBodyBytes = maxBodyBytes
        let server = HTTPServer(settings: settings, logger: nil) { request, server in router.handle(request, server: server) }
        server.checks.markReady("en-US")
        try server.start()
        return server
    }

    /// One JSON request on a new connection, read to the end (waiting at most `timeout` seconds
    /// for each read): status and body.
    static func call(_ port: UInt16, _ method: String, _ path: String, _ body: String? = nil, timeout: Int = 120) -> (status: Int, body: String) {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body } else { request += "\r\n" }
        let fd = CheckPoolTests.connectAndSend(port, request)
        guard fd >= 0 else { return (0, "connect") }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let text = CheckPoolTests.readToEnd(fd)
        guard let line = text.split(separator: "\r\n", maxSplits: 1).first, line.hasPrefix("HTTP/1.1 ") else { return (0, text) }
        let status = Int(line.dropFirst(9).prefix(3)) ?? 0
        return (status, text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? "")
    }

    /// ``call(_:_:_:_:)`` on a thread of its own, so that the test waits without holding a
    /// thread of Swift's cooperative pool: the server's model run needs one, and on two cores the
    /// pool has two (CI run 27: this test blocked in `read` beside another blocked test, and the
    /// session was never created within two minutes).
    static func callOffPool(_ port: UInt16, _ method: String, _ path: String, _ body: String? = nil) async -> (status: Int, body: String) {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: call(port, method, path, body)) }
        }
    }

    static func object(_ body: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    /// Item 4: the client of "rewrite again" (plain, then streamed) leaves while the model
    /// works (every answer takes 3 s); the run is cancelled and the session is usable again
    /// within seconds: accepting gives the rewrite under review. It answered 409 "the session
    /// is busy" for good.
    /// Among every suite at once on two cores (CI runs 27 and 28) the server's model run
    /// starved on Swift's shared pool and the session was never created; the server's deferred
    /// work has threads of its own since (``ModelRunThreadsTests``).
    @Test func aSessionWhoseClientLeftDuringRewriteAgainIsUsable() async throws {
        let fake = try FakeModelServer()
        let home = NSTemporaryDirectory() + "wt-http-left-model-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let models = try ModelEngines(flags: ModelFlags(provider: .openai, model: "slow-first:3", baseURL: fake.openAIBaseURL.absoluteString),
                                      environment: ["HOME": home], maxConcurrent: 1, maxWaiting: 0, metrics: nil)
        let server = try Self.startServer(models: models)
        defer { server.stop() }
        let created = await Self.callOffPool(server.port, "POST", "/api/sessions", #"{"tool":"rewrite","engine":"model","text":"In order to decide, we need to look at the data."}"#)
        try #require(created.status == 201, "\(created.body)")
        let session = Self.object(created.body)
        let id = try #require(session["id"] as? String)
        let rewritten = try #require(session["text"] as? String)
        for body in [#"{}"#, #"{"stream":true}"#] {
            let request = "POST /api/sessions/\(id)/rewrite-again HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
            let fd = CheckPoolTests.connectAndSend(server.port, request)
            try #require(fd >= 0)
            try await Task.sleep(for: .seconds(1))
            close(fd)
            // Usable again once the cancelled run is checked back in (409 session_busy meanwhile).
            var state: (status: Int, body: String) = (0, "")
            let deadline = Date().addingTimeInterval(20)
            repeat {
                try await Task.sleep(for: .milliseconds(300))
                state = await Self.callOffPool(server.port, "GET", "/api/sessions/\(id)")
            } while state.status != 200 && Date() < deadline
            #expect(state.status == 200, "\(body): \(state.body)")
            let s = Self.object(state.body)
            #expect(s["text"] as? String == rewritten, "\(body): the rewrite under review is shown again")
            #expect(s["shown"] as? String == "rewritten", "\(body)")
        }
        let done = await Self.callOffPool(server.port, "POST", "/api/sessions/\(id)/finish", #"{"accept":true}"#)
        #expect(done.status == 200, "\(done.body)")
        #expect(Self.object(done.body)["finalText"] as? String == rewritten)
    }

    /// Item 9: a body over the byte limit (declared, or sent chunked) is 413 with the API's JSON
    /// error `text_too_long` under `/api/`, and LanguageTool's plain text under `/v2/`.
    @Test func aBodyOverTheLimitUnderAPIIsAJSONError() throws {
        let server = try Self.startServer(maxBodyBytes: 1_000)
        defer { server.stop() }
        let big = #"{"text":""# + String(repeating: "a", count: 5_000) + #""}"#
        let api = Self.call(server.port, "POST", "/api/tools/concise", big)
        #expect(api.status == 413, "\(api.body)")
        let error = Self.object(api.body)["error"] as? [String: Any]
        #expect(error?["code"] as? String == "text_too_long", "\(api.body)")
        #expect((error?["message"] as? String)?.contains("too large") == true)
        let lt = Self.call(server.port, "POST", "/v2/check", "text=" + String(repeating: "a", count: 5_000) + "&language=en-US")
        #expect(lt.status == 413 && lt.body.hasPrefix("Error: "), "\(lt.body)")
        // The answer both refusals use (a declared length, and a chunked body growing past the
        // limit): JSON under /api/ only.
        #expect(HTTPServer.tooLarge(target: "/api/sessions?x=1", "m").contentType.contains("json"))
        #expect(!HTTPServer.tooLarge(target: "/v2/check", "m").contentType.contains("json"))
        #expect(!HTTPServer.tooLarge(target: "/apix", "m").contentType.contains("json"))
    }
}
