import Foundation
import Testing
@testable import WritingToolsLSP

@Suite("Server: lifecycle (LSP 3.17 initialize / shutdown / exit)")
struct LifecycleTests {
    /// `finishPushing()` returns once the debounced diagnostics are sent (Fuzz/fuzz-lsp waits
    /// with it, so that one input's server never runs into the next input's time).
    @Test func finishPushingWaitsForDebouncedDiagnostics() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(300)]))
        await client.open("file:///a.md", "Teh cat sat.")
        await client.server.finishPushing()
        let pushed = client.sink.messages.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
        #expect(pushed.count == 1)
        #expect(pushed.first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == false)
    }

    @Test func requestsBeforeInitializeAreRefused() async throws {
        let client = TestClient()
        let r = try await client.request(1, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///a.md"])]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.serverNotInitialized)
        // Notifications before initialize are dropped, not answered.
        await client.open("file:///a.md", "Teh cat.")
        let before = client.count
        _ = try await client.initialize()
        try await Task.sleep(for: .milliseconds(100))
        #expect(client.sink.messages.dropFirst(before).allSatisfy { $0["method"]?.stringValue != "textDocument/publishDiagnostics" })
    }

    @Test func initializeResultAdvertisesCapabilities() async throws {
        let client = TestClient()
        let r = try await client.initialize()
        let caps = try #require(r["result"]?["capabilities"])
        #expect(caps["positionEncoding"] == "utf-16")
        #expect(caps["textDocumentSync"]?["change"] == .int(TextDocumentSyncKind.incremental))
        #expect(caps["textDocumentSync"]?["openClose"] == .bool(true))
        #expect(caps["diagnosticProvider"]?["interFileDependencies"] == .bool(false))
        #expect(caps["codeActionProvider"]?["codeActionKinds"] == .array(["quickfix", "refactor.rewrite"]))
        #expect(r["result"]?["serverInfo"]?["name"] == "writing-tools")
        let again = try await client.request(1, "initialize", .object(["capabilities": .object([:])]))
        #expect(again["error"]?["code"]?.intValue == ErrorCode.invalidRequest)
    }

    @Test func unknownRequestsAndNotifications() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let r = try await client.request(2, "textDocument/hover")
        #expect(r["error"]?["code"]?.intValue == ErrorCode.methodNotFound)
        let before = client.count
        await client.notify("$/setTrace", .object(["value": "off"]))
        await client.notify("custom/whatever")
        let r2 = try await client.request(3, "shutdown")
        #expect(r2["result"] == .null)
        #expect(client.sink.messages.dropFirst(before).count == 1)
    }

    @Test func shutdownThenExitEndsWithZero() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        _ = try await client.request(1, "shutdown")
        let r = try await client.request(2, "textDocument/hover")
        #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidRequest)
        await client.notify("exit")
        #expect(client.exits.value == [0])
    }

    /// A client that sends a request, `shutdown` and `exit` without waiting (one write) gets
    /// every answer, in order, before the server ends (a trial's code action went unanswered:
    /// `shutdown` cancelled it and `exit` ended the process before its answer was written).
    @Test func requestsBeforeShutdownAreAnsweredBeforeExit() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open("file:///a.md", "Teh cat.")
        // This tests the order of the answers, not the deadline: the checker is loaded first
        // (undelayed) and the grace is long, since under the full test run's load (and CI's) the
        // request took longer than the 5 s grace and was answered RequestCancelled.
        let warm = try await client.request(4, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///a.md"])]))
        #expect(warm["result"]?["items"]?.arrayValue?.count == 1)
        await client.server.setExitGraceForTesting(.seconds(120))
        // The three messages in one write, as such a client sends them, and a delay long enough
        // that `exit` always finds the request still running: sent one write each, CI runs 40
        // and 42 (this test at 275 s under the suite's load) saw the 3 s delay pass between two
        // writes, so `exit` found nothing left to answer and ended at once.
        await client.server.setRequestDelayForTesting(.seconds(10))
        let diagnostic = JSONValue.object(["jsonrpc": "2.0", "id": .int(5), "method": "textDocument/diagnostic",
                                           "params": .object(["textDocument": .object(["uri": "file:///a.md"])])])
        let shutdown = JSONValue.object(["jsonrpc": "2.0", "id": .int(6), "method": "shutdown"])
        let exit = JSONValue.object(["jsonrpc": "2.0", "method": "exit"])
        await client.sendRaw([diagnostic, shutdown, exit].map { TestClient.frame(TestClient.json($0)) }.reduce(Data(), +))
        #expect(client.exits.value.isEmpty)
        let r = try await client.response(5)
        #expect(r["result"]?["items"]?.arrayValue?.count == 1, "\(r)")
        let s = try await client.response(6)
        #expect(s["result"] == .null)
        await client.server.finishAnswering()
        #expect(client.exits.value == [0])
        let ids = client.sink.messages.compactMap { $0["id"]?.intValue }
        #expect(ids.firstIndex(of: 5)! < ids.firstIndex(of: 6)!)
    }

    /// A request that does not end (a model that hangs) holds `shutdown` back no longer than
    /// the server's grace: then it is cancelled, answered `RequestCancelled`, and `shutdown` is
    /// answered after it.
    @Test func shutdownWaitsForARequestNoLongerThanTheGrace() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open("file:///a.md", "Teh cat.")
        await client.server.setRequestDelayForTesting(.seconds(600))
        await client.sendRequest(5, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///a.md"])]))
        await client.sendRequest(6, "shutdown")
        let s = try await client.response(6, timeout: 30)
        #expect(s["result"] == .null)
        let r = try await client.response(5, timeout: 1)
        #expect(r["error"]?["code"]?.intValue == ErrorCode.requestCancelled)
        let ids = client.sink.messages.compactMap { $0["id"]?.intValue }
        #expect(ids.firstIndex(of: 5)! < ids.firstIndex(of: 6)!)
        await client.notify("exit")
        await client.server.finishAnswering()
        #expect(client.exits.value == [0])
    }

    /// A notification sent as a request is answered with what is wrong (“method not found”
    /// puzzled a new user's hand-written client).
    @Test func aNotificationSentAsARequestIsSaidToBeOne() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let r = try await client.request(4, "textDocument/didOpen", .object(["textDocument": .object([
            "uri": "file:///a.md", "languageId": "markdown", "version": .int(1), "text": "Teh cat."])]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidRequest)
        #expect(r["error"]?["message"]?.stringValue?.contains("is a notification: send it without an \"id\"") == true)
    }

    /// The stdio transport watches the raw input for `exit` (and a `shutdown` before it) apart
    /// from the server, so that the process ends by the deadline even when no thread is free
    /// to handle the message: split across reads, after a large message it skips unread, once.
    @Test func theTransportSeesExitAndShutdownInTheRawInput() {
        var watch = LifecycleWatch()
        let big = TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                                            "params": .object(["text": .string(String(repeating: "x", count: 10_000))])])))
        let shutdown = TestClient.frame(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#)
        let exit = TestClient.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let seen = [watch.feed(big), watch.feed(shutdown + exit.prefix(10)), watch.feed(exit.dropFirst(10)), watch.feed(exit)]
        #expect(seen == [false, false, true, false])
        #expect(watch.sawShutdown)
        var noShutdown = LifecycleWatch()
        let seen2 = [noShutdown.feed(TestClient.frame(#"{"jsonrpc":"2.0","id":1,"method":"exit"}"#)), noShutdown.feed(exit)]
        #expect(seen2 == [false, true])
        #expect(!noShutdown.sawShutdown)
    }

    @Test func exitWithoutShutdownEndsWithOne() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.notify("exit")
        await client.notify("exit")
        #expect(client.exits.value == [1])
    }

    @Test func cancelRequestAnswersRequestCancelled() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open("file:///a.md", "Teh cat.")
        await client.server.setRequestDelayForTesting(.seconds(5))
        await client.sendRequest(7, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///a.md"])]))
        await client.notify("$/cancelRequest", .object(["id": .int(7)]))
        let r = try await client.response(7)
        #expect(r["error"]?["code"]?.intValue == ErrorCode.requestCancelled)
        // Cancelling something already answered or unknown is harmless.
        await client.notify("$/cancelRequest", .object(["id": .int(7)]))
        await client.notify("$/cancelRequest", .object(["id": "nope"]))
        await client.server.setRequestDelayForTesting(nil)
        let r2 = try await client.request(8, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///a.md"])]))
        #expect(r2["result"]?["items"]?.arrayValue?.count == 1)
    }

    /// The shutdown deadline's gate (``AnswerGate``): a request still running when the deadline
    /// passes is answered `RequestCancelled` before `shutdown`, its work's later answer is dropped
    /// (a request is answered once), and a request answered in time passes through untouched.
    @Test func theDeadlineAnswersRunningRequestsBeforeShutdownAndOnce() {
        let gate = AnswerGate()
        let sink = RawSink()
        // Before shutdown nothing is watched: answers pass through.
        gate.answer(.number(1)) { sink.send(Data("answer 1".utf8)) }
        gate.watch([.number(5), .number(7)])
        gate.answer(.number(7)) { sink.send(Data("answer 7".utf8)) }
        gate.close([(.number(5), Data("cancelled 5".utf8)), (.number(7), Data("cancelled 7".utf8))],
                   then: Data("shutdown".utf8), to: sink)
        gate.answer(.number(5)) { sink.send(Data("late answer 5".utf8)) }
        #expect(sink.texts == ["answer 1", "answer 7", "cancelled 5", "shutdown"])
    }
}
