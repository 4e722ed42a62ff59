import Foundation
import Synchronization
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
    /// Occupies every thread of Swift's cooperative pool until ``release()`` (or `limit`), as
    /// tests doing synchronous work at once do: each occupier sleeps on a pool thread, yielding
    /// none. On Linux the pool has one thread per processor for each priority (a job waits only
    /// for work of its own priority), so the pool is held at each of the four.
    final class PoolOccupation: Sendable {
        private let released = Atomic<Bool>(false)
        private let running = Atomic<Int>(0)
        /// Pool threads held now.
        var held: Int { running.load(ordering: .acquiring) }

        /// The priorities held.
        static let priorities: [TaskPriority] = [.high, .medium, .low, .background]

        /// Starts, at each priority, twice as many occupiers as there are processors (the extra
        /// ones wait their turn and end at once when released).
        init(limit: Duration = .seconds(40)) {
            let end = ContinuousClock.now + limit
            for priority in Self.priorities {
                for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
                    Task.detached(priority: priority) { [self] in
                        running.add(1, ordering: .releasing)
                        while !released.load(ordering: .acquiring) && ContinuousClock.now < end { usleep(2_000) }
                        running.subtract(1, ordering: .releasing)
                    }
                }
            }
        }

        /// Lets the occupiers end.
        func release() { released.store(true, ordering: .releasing) }

        /// Waits on the calling thread (not a pool thread) until the occupiers hold the pool's
        /// threads: as many as there are processors at each priority, or no more arrive for half
        /// a second.
        func waitUntilHeld() {
            let want = ProcessInfo.processInfo.activeProcessorCount * Self.priorities.count
            var last = -1
            var steady = ContinuousClock.now
            while held < want {
                if held != last { last = held; steady = .now }
                if held > 0 && ContinuousClock.now - steady > .milliseconds(500) { return }
                if ContinuousClock.now - steady > .seconds(10) { return }
                usleep(5_000)
            }
        }
    }

    /// `call` on a thread of its own while every pool thread is held; the pool is released once
    /// it returns. The test waits without holding a pool thread, and its own continuation runs
    /// after the release.
    static func whilePoolIsHeld<T: Sendable>(_ call: @escaping @Sendable () -> T) async -> (answer: T, held: Int) {
        let occupation = PoolOccupation()
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                occupation.waitUntilHeld()
                let held = occupation.held
                let answer = call()
                occupation.release()
                continuation.resume(returning: (answer, held))
            }
        }
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
