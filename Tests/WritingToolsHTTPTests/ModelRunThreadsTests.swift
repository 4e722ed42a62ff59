import Foundation
import Testing
import LanguageModels
import WritingTools
import WritingToolsTestSupport
@testable import WritingToolsHTTP

/// A real server's language-model runs never wait for a thread of Swift's shared cooperative
/// pool: they run on the server's own threads (``HTTPServerSettings/asyncThreads``). Among every
/// test suite at once on two cores (CI runs 27 and 28), the pool's threads of the server's
/// tasks' priority (`.medium`) were busy with other work of the process, and a model session was
/// never created within two minutes; a server embedded in any busy process would hang the same
/// way.
@Suite("HTTP: model runs on the server's own threads", .serialized)
struct ModelRunThreadsTests {
    /// `call` on a thread of its own while every pool thread is held (``PoolOccupation``).
    static func whilePoolIsHeld<T: Sendable>(_ call: @escaping @Sendable () -> T) async -> (answer: T, held: Int) {
        await PoolOccupation.whileHeld(call)
    }

    static func startServer(_ fake: FakeModelServer, scenario: String) throws -> HTTPServer {
        let home = NSTemporaryDirectory() + "wt-http-threads-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let models = try ModelEngines(flags: ModelFlags(provider: .openai, model: scenario, baseURL: fake.openAIBaseURL.absoluteString),
                                      environment: ["HOME": home], maxConcurrent: 1, maxWaiting: 4, metrics: nil)
        return try SessionClientLeftTests.startServer(models: models)
    }

    static let text = "In order to decide, we need to look at the data."

    /// A model session (`POST /api/sessions`, deferred work) and a one-shot streamed rewrite
    /// (`/api/tools/rewrite`, Server-Sent Events) are answered while another part of the process
    /// holds every thread of the cooperative pool. Before the server had threads of its own, no
    /// answer came until the pool was released (the call's 20 s limit: status 0).
    @Test func aModelRunIsAnsweredWhileEveryPoolThreadIsHeld() async throws {
        let fake = try FakeModelServer()
        let server = try Self.startServer(fake, scenario: "replace:In order to=>To")
        defer { server.stop() }
        let port = server.port
        let body = #"{"tool":"rewrite","engine":"model","text":"\#(Self.text)"}"#
        let started = ContinuousClock.now
        let (created, held) = await Self.whilePoolIsHeld { Self.call(port, "POST", "/api/sessions", body) }
        let seconds = (ContinuousClock.now - started).components.seconds
        #expect(held > 0, "no pool thread was held: the test proves nothing")
        #expect(created.status == 201, "held \(held) pool threads; after \(seconds) s: \(created.body)")
        let session = SessionClientLeftTests.object(created.body)
        #expect(session["text"] as? String == "To decide, we need to look at the data.", "\(created.body)")

        let streamed = #"{"engine":"model","stream":true,"text":"\#(Self.text)"}"#
        let (events, _) = await Self.whilePoolIsHeld { Self.call(port, "POST", "/api/tools/rewrite", streamed) }
        #expect(events.status == 200, "\(events.body)")
        #expect(events.body.contains("event: result") && events.body.contains("To decide"), "\(events.body)")
    }

    /// ``SessionClientLeftTests/call(_:_:_:_:)`` with a 20 s limit on the answer.
    static func call(_ port: UInt16, _ method: String, _ path: String, _ body: String) -> (status: Int, body: String) {
        SessionClientLeftTests.call(port, method, path, body, timeout: 20)
    }
}
