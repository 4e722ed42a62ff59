import Foundation
import Testing
@testable import WritingToolsLSP

/// Requests the server sends to the client (`window/workDoneProgress/create`,
/// `workspace/applyEdit`) that the client never answers must not hold the server: a trial left
/// a confirm dialog open and the tool command, `shutdown` and `exit` all hung for good
/// (reliability repro `06`, `06b`).
@Suite("Server: requests to the client that are never answered")
struct ServerRequestTests {
    let uri = "file:///tmp/wt-server-request.md"
    let text = "In order to win, we basically need to decide due to the fact that it is late.\n"

    /// Initializes a client that supports progress and applyEdit, opens the document and runs
    /// Concise on its first line (request 2), answering nothing the server asks.
    func startConcise(_ client: TestClient) async throws {
        _ = try await client.request(0, "initialize", .object([
            "processId": .null, "initializationOptions": .object(["debounceMilliseconds": .int(10)]),
            "capabilities": .object(["workspace": .object(["applyEdit": .bool(true)]),
                                     "window": .object(["workDoneProgress": .bool(true)])])]))
        await client.notify("initialized")
        await client.open(uri, text)
        await client.sendRequest(2, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(0, 0, 1, 0)])])]))
    }

    /// The server's request with `method`, once sent.
    func serverRequest(_ client: TestClient, _ method: String, timeout: Double = TestClient.patience) async throws -> JSONValue {
        try await client.waitFor(timeout: timeout, method) { $0["method"]?.stringValue == method && $0["id"] != nil }
    }

    /// An unanswered `window/workDoneProgress/create` times out: the tool runs without progress
    /// reports and its edit is still sent.
    @Test func unansweredProgressCreateTimesOut() async throws {
        let client = TestClient()
        try await startConcise(client)
        let create = try await serverRequest(client, "window/workDoneProgress/create")
        let edit = try await serverRequest(client, "workspace/applyEdit")
        // The progress request was withdrawn, and no progress was reported on its token.
        #expect(client.sink.messages.contains { $0["method"] == "$/cancelRequest" && $0["params"]?["id"] == create["id"] })
        #expect(!client.sink.messages.contains { $0["method"] == "$/progress" })
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": edit["id"]!, "result": .object(["applied": .bool(true)])]))))
        let r = try await client.response(2)
        #expect(r["result"]?["applied"] == .bool(true), "\(r)")
    }

    /// `shutdown` while `workspace/applyEdit` waits for a client that will not answer: the edit
    /// request is withdrawn at once, the tool command answered “not applied”, `shutdown`
    /// answered, and `exit` ends the server with 0.
    @Test func shutdownWithdrawsAnUnansweredApplyEdit() async throws {
        let client = TestClient()
        try await startConcise(client)
        let create = try await serverRequest(client, "window/workDoneProgress/create")
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": create["id"]!, "result": .null]))))
        let edit = try await serverRequest(client, "workspace/applyEdit")
        let started = Date()
        let s = try await client.request(3, "shutdown", timeout: 30)
        #expect(s["result"] == .null)
        #expect(Date().timeIntervalSince(started) < 20, "shutdown waited for the client's answer (30 s)")
        let r = try await client.response(2, timeout: 1)
        #expect(r["result"]?["applied"] == .bool(false), "\(r)")
        #expect(r["result"]?["reason"]?.stringValue?.contains("did not answer") == true, "\(r)")
        #expect(client.sink.messages.contains { $0["method"] == "$/cancelRequest" && $0["params"]?["id"] == edit["id"] })
        await client.notify("exit")
        await client.server.finishAnswering()
        #expect(client.exits.value == [0])
        // A late answer to the withdrawn request is ignored.
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": edit["id"]!, "result": .object(["applied": .bool(true)])]))))
    }

    /// `exit` without `shutdown`, and the end of the input, end the server while an edit request
    /// is unanswered.
    @Test func exitAndEndOfInputEndTheServerWhileAnEditIsUnanswered() async throws {
        let client = TestClient()
        try await startConcise(client)
        let create = try await serverRequest(client, "window/workDoneProgress/create")
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": create["id"]!, "result": .null]))))
        _ = try await serverRequest(client, "workspace/applyEdit")
        await client.notify("exit")
        let started = Date()
        await client.server.finishAnswering()
        #expect(Date().timeIntervalSince(started) < 20)   // not the 30 s of the edit's timeout
        #expect(client.exits.value == [1])
        let r = try await client.response(2, timeout: 1)
        #expect(r["result"]?["applied"] == .bool(false), "\(r)")

        // The end of the input alone (no shutdown, no exit).
        let other = TestClient()
        try await startConcise(other)
        let create2 = try await serverRequest(other, "window/workDoneProgress/create")
        await other.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": create2["id"]!, "result": .null]))))
        _ = try await serverRequest(other, "workspace/applyEdit")
        let started2 = Date()
        await other.server.finishAnswering()
        #expect(Date().timeIntervalSince(started2) < 20)
        #expect(try await other.response(2, timeout: 1)["result"]?["applied"] == .bool(false))
    }

    /// JSON that is no JSON-RPC message is an “Invalid Request” (-32600), not a parse error,
    /// and a message with an ID but neither a method nor a result is answered (it got no answer).
    @Test func jsonThatIsNoMessageIsAnInvalidRequest() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        for body in ["[]", "42", "\"text\"", "{\"method\": 5, \"id\": 9}"] {
            let before = client.count
            await client.sendRaw(TestClient.frame(body))
            let m = try await client.waitFor(after: before, "answer to \(body)") { $0["error"] != nil }
            #expect(m["error"]?["code"]?.intValue == ErrorCode.invalidRequest, "\(body): \(m)")
        }
        let before = client.count
        await client.sendRaw(TestClient.frame("{\"jsonrpc\":\"2.0\",\"id\":1}"))
        let m = try await client.waitFor(after: before, "answer to an id alone") { $0["error"] != nil }
        #expect(m["error"]?["code"]?.intValue == ErrorCode.invalidRequest)
        #expect(m["id"] == .int(1))
        // Text that is not JSON is still a parse error.
        let before2 = client.count
        await client.sendRaw(TestClient.frame("{nope"))
        let p = try await client.waitFor(after: before2, "parse error") { $0["error"] != nil }
        #expect(p["error"]?["code"]?.intValue == ErrorCode.parseError)
        // The server still answers.
        #expect(try await client.request(5, "shutdown")["result"] == .null)
    }

    /// A raw control character or an invalid escape in a string the server does not read (an
    /// unknown key: JSONDecoder reads around it) makes the message no JSON: a parse error that
    /// names the byte, and the server goes on (the shared decoder, `JSONStrings`).
    @Test func badStringsAnywhereAreParseErrors() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        for (body, what) in [("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\",\"x\":\"a\u{01}b\"}", "U+0001"),
                             (#"{"jsonrpc":"2.0","id":8,"method":"shutdown","x":"a\=b"}"#, "invalid escape")] {
            let before = client.count
            await client.sendRaw(TestClient.frame(body))
            let m = try await client.waitFor(after: before, "answer to \(body)") { $0["error"] != nil }
            #expect(m["error"]?["code"]?.intValue == ErrorCode.parseError, "\(m)")
            #expect(m["error"]?["message"]?.stringValue?.contains(what) == true, "\(m)")
        }
        #expect(try await client.request(5, "shutdown")["result"] == .null)
    }
}

/// A change the server cannot apply as the editor did would leave every later range pointing
/// at other characters (reliability repro `14`).
@Suite("Server: the server's copy of a document stays the editor's")
struct DocumentSyncTests {
    let uri = "file:///tmp/wt-sync.txt"

    /// A lone surrogate (`"\ud800"`, valid JSON) is read as U+FFFD, one UTF-16 unit as well,
    /// so later positions stay right; a pair stays the character it encodes.
    @Test func aLoneSurrogateKeepsPositionsInStep() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Hello teh world\n", language: "plaintext")
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"\ud800 \ud83d\ude00 "}]}}"#))
        await client.change(uri, version: 3, [.object(["range": range(0, 5, 0, 11), "text": ""])])
        #expect(await client.server.text(of: uri) == "\u{FFFD} 😀 teh world\n")
        let d = try await client.diagnostics(uri, version: 3)
        #expect(d.map(rangeTuple) == [[0, 5, 0, 8]], "\(d)")
    }

    /// A key given twice in a message: the last value counts, at every depth (`params`,
    /// `textDocument`), keys compared with their escapes resolved, as in `--batch` and `/api/`
    /// (issue 35; JSONDecoder alone read the first). A message that is no valid JSON is still a
    /// parse error, repeated key or not.
    @Test func aRepeatedKeyTakesTheLastValue() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":"none","params":{"textDocument":{"uri":"\#(uri)","languageId":"plaintext","version":1,"text":"All fine.\n","te\u0078t":"Hello teh world\n"}}}"#))
        let d = try await client.diagnostics(uri, version: 1)
        #expect(await client.server.text(of: uri) == "Hello teh world\n")
        #expect(d.map(rangeTuple) == [[0, 6, 0, 9]], "\(d)")
        // The request's id too: the answer goes to the last one.
        var before = client.count
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","id":7,"method":"writing-tools/no-such-method","\u0069d":8}"#))
        let answer = try await client.waitFor(after: before, "the answer to id 8") { $0["error"] != nil && $0["id"] != nil }
        #expect(answer["id"]?.intValue == 8, "\(answer)")
        // Invalid JSON with a repeated key: a parse error, as before.
        before = client.count
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","id":9,"method":"x","method":"y":"z"}"#))
        let refused = try await client.waitFor(after: before, "a parse error") { $0["error"] != nil }
        #expect(refused["error"]?["code"]?.intValue == -32700, "\(refused)")
    }

    /// A change that cannot be read drops the document: its diagnostics are cleared and the
    /// user is told to reopen it, rather than checked out of step with the editor.
    @Test func anUnreadableChangeDropsTheDocument() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Hello teh world\n", language: "plaintext")
        _ = try await client.diagnostics(uri, version: 1)
        let before = client.count
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":"nope","text":5}]}}"#))
        let shown = try await client.waitFor(after: before, "showMessage") { $0["method"] == "window/showMessage" }
        #expect(shown["params"]?["message"]?.stringValue?.contains("reopen") == true)
        #expect(client.sink.messages.dropFirst(before).contains {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["diagnostics"]?.arrayValue?.isEmpty == true
        })
        #expect(await client.server.text(of: uri) == nil)
        // Opened again, it is checked again.
        await client.open(uri, "Hello teh world\n", language: "plaintext", version: 5)
        #expect(try await client.diagnostics(uri, version: 5).count == 1)
    }
}
