import Foundation
import Synchronization
import Testing
@testable import WritingToolsLSP

/// A document's check stops part-way once nobody wants its answer (issue 35: the first check of
/// a 20 MB document on one line ran for minutes after the editor closed the document or
/// exited). The check is held inside its one long paragraph (at an ask of its stop test) while
/// the client closes the document or leaves; let go, it stops at its next ask. Every assertion
/// is about what was asked and published, never about time.
@Suite("Server: a check stops when its document is closed or the client leaves", .serialized)
struct CheckStopTests {
    /// One paragraph on one line, 2,000 sentences: the proofreader asks the stop test every
    /// ``ProofreadingOptions/sentencesBetweenStopChecks`` sentences inside it.
    static let text = (0..<2_000).map { "Teh cat number \($0) sat on the mat." }.joined(separator: " ") + "\n"
    static let uri = "file:///tmp/check-stop/long-line.md"

    /// Counts the asks of a check's stop test; holds the check at ask number `holdAt` until
    /// ``release()`` (60 s at most, so that a failing test ends).
    final class Probe: Sendable {
        private let state = Mutex<(asks: Int, held: Bool, released: Bool)>((0, false, false))
        let holdAt: Int
        init(holdAt: Int = .max) { self.holdAt = holdAt }

        func ask() {
            let hold = state.withLock { s -> Bool in
                s.asks += 1
                if s.asks == holdAt { s.held = true }
                return s.asks == holdAt
            }
            guard hold else { return }
            let deadline = Date().addingTimeInterval(60)
            while !state.withLock({ $0.released }) && Date() < deadline { usleep(2_000) }
        }

        func release() { state.withLock { $0.released = true } }
        var asks: Int { state.withLock { $0.asks } }
        var held: Bool { state.withLock { $0.held } }

        /// Waits until the check is held (the first check loads the dictionaries: patient).
        func waitUntilHeld() async throws {
            let deadline = Date().addingTimeInterval(TestClient.patience)
            while !held {
                if Date() > deadline { throw Timeout(description: "the check never reached ask \(holdAt) (\(asks) asks)") }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// A client with the long document open and `probe` on its checks.
    static func opened(_ probe: Probe) async throws -> TestClient {
        let client = TestClient()
        _ = try await client.initialize()
        await client.server.setCheckStopProbeForTesting { probe.ask() }
        await client.open(uri, text)
        return client
    }

    /// How often a whole check of the document asks: once before its paragraph and at least
    /// once per 64 sentences inside it. Measured here as the yardstick of the tests below.
    static func wholeCheckAsks() async throws -> Int {
        let probe = Probe()
        let client = try await opened(probe)
        let diagnostics = try await client.diagnostics(uri, version: 1)
        #expect(diagnostics.count >= 2_000, "one finding per 'Teh' expected, got \(diagnostics.count)")
        await client.server.finishPushing()
        return probe.asks
    }

    /// `didClose` stops the running check inside its paragraph: let go, it asks a few more
    /// times on its way out (far fewer than a whole check) and publishes nothing but the
    /// cleared diagnostics of the close.
    @Test func closingTheDocumentStopsItsCheck() async throws {
        let whole = try await Self.wholeCheckAsks()
        #expect(whole >= 2_000 / 64)
        let probe = Probe(holdAt: 3)
        let client = try await Self.opened(probe)
        try await probe.waitUntilHeld()
        await client.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(Self.uri)])]))
        probe.release()
        await client.server.finishPushing()
        #expect(probe.asks < 3 + 10, "asked \(probe.asks) times; a whole check asks \(whole)")
        let published = client.sink.messages.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(published.allSatisfy { ($0["params"]?["diagnostics"]?.arrayValue ?? []).isEmpty }, "\(published.count) publications")
    }

    /// `shutdown` and `exit` stop a check that only the (cancelled) push waited for, the same way.
    @Test func leavingStopsAnUnwatchedCheck() async throws {
        let whole = try await Self.wholeCheckAsks()
        let probe = Probe(holdAt: 3)
        let client = try await Self.opened(probe)
        try await probe.waitUntilHeld()
        let answer = try await client.request(7, "shutdown")
        #expect(answer["error"] == nil)
        await client.notify("exit")
        #expect(client.exits.value == [0])
        probe.release()
        await client.server.finishPushing()
        #expect(probe.asks < 3 + 10, "asked \(probe.asks) times; a whole check asks \(whole)")
    }

    /// A check a request still waits for is not stopped by `shutdown`: the pull request sent
    /// before it gets its full report (LSP 3.17: requests before `shutdown` are answered). A
    /// short document (100 sentences), so that the rest of its check fits in the server's
    /// grace for such requests (``LanguageServer/exitGrace``, 5 s) on a loaded machine.
    @Test func shutdownLetsARequestedCheckFinish() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        // The dictionaries are loaded first (a cold load alone can take longer than the grace).
        await client.open("file:///tmp/check-stop/warm.md", "Teh cat.\n")
        _ = try await client.diagnostics("file:///tmp/check-stop/warm.md", version: 1)
        let probe = Probe(holdAt: 1)
        await client.server.setCheckStopProbeForTesting { probe.ask() }
        await client.open(Self.uri, (0..<100).map { "Teh cat number \($0) sat on the mat." }.joined(separator: " ") + "\n")
        try await probe.waitUntilHeld()
        await client.sendRequest(5, "textDocument/diagnostic", .object(["textDocument": .object(["uri": .string(Self.uri)])]))
        await client.sendRequest(6, "shutdown")
        probe.release()
        let report = try await client.response(5)
        #expect((report["result"]?["items"]?.arrayValue ?? []).count >= 100, "\(String(describing: report["error"]))")
        _ = try await client.response(6)
    }
}
