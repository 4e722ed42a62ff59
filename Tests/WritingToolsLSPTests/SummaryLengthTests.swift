import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools
import WritingToolsTestSupport

/// `writing-tools.runTool`'s `"length"` argument (short, medium, long: the web Summarizer's,
/// as `writing-tools summary --length`): it sizes the built-in engine's Summary and Key Points,
/// and reaches a model's prompt.
@Suite("Server: the length of Summary and Key Points")
struct SummaryLengthTests {
    let uri = "file:///tmp/wt-summary-length.md"
    static let text = """
        # Release notes

        The new release makes the importer three times faster on large archives. It reads each file once and keeps the index in memory, so a second pass is never needed. Memory use stays below two hundred megabytes even for archives of a million entries.

        The command line gains a dry-run option that prints what would change without writing anything. Scripts can read its output as JSON. A new quiet flag prints nothing but errors, which suits cron jobs.

        Two long-standing bugs are fixed. Paths with spaces no longer break the watcher, and the cache is cleared when the configuration changes. Symbolic links inside an archive are now followed only when the user allows it.

        Support for the old configuration format ends with this release. A converter is included, and the documentation explains every step of the migration. Teams that cannot migrate yet should stay on the previous version, which receives security fixes until June.

        Windows builds are now signed, and the installer asks for administrator rights only when it writes outside the user's folder. The macOS package is notarised. Linux users can install from the new Debian repository.

        The test suite runs twice as fast after the fixtures were rewritten. Every pull request is now checked on three operating systems. Coverage reports are published with each nightly build.

        The next release will focus on the plugin interface. Contributors are invited to comment on the draft before the end of the month. A video call for plugin authors takes place on the first Tuesday of every month.

        """

    /// Runs `tool` on the whole document with `arguments` added, answers the server's
    /// `workspace/applyEdit`, and returns the command's answer and the inserted text.
    func run(_ client: TestClient, id: Int, tool: String, _ extra: [String: JSONValue]) async throws -> (answer: JSONValue, inserted: String?) {
        // (`extra` may narrow the range.)
        var arg: [String: JSONValue] = ["uri": .string(uri), "tool": .string(tool), "version": .int(1), "range": range(0, 0, 22, 0)]
        arg.merge(extra) { $1 }
        let before = client.sink.messages.count
        await client.sendRequest(id, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([.object(arg)])]))
        // Either the answer (an error) or the server's applyEdit comes first.
        let first = try await client.waitFor(after: before, "runTool \(id)") { $0["id"] == .int(id) || ($0["method"] == "workspace/applyEdit" && $0["id"] != nil) }
        if first["id"] == .int(id) { return (first, nil) }
        let edits = first["params"]?["edit"]?["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue
            ?? first["params"]?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": first["id"]!, "result": .object(["applied": .bool(true)])]))))
        let answer = try await client.response(id)
        return (answer, edits.first?["newText"]?.stringValue)
    }

    private func words(_ s: String?) -> Int { (s ?? "").split(whereSeparator: \.isWhitespace).count }

    @Test func theBuiltInEngineSizesSummaryAndKeyPointsByLength() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, Self.text)
        _ = try await client.diagnostics(uri, version: 1)
        let short = try await run(client, id: 2, tool: "summary", ["length": "short"])
        let medium = try await run(client, id: 3, tool: "summary", [:])
        let long = try await run(client, id: 4, tool: "summary", ["length": "long"])
        #expect(short.answer["result"]?["applied"] == .bool(true), "\(short.answer)")
        #expect(words(short.inserted) > 0 && words(short.inserted) < words(medium.inserted), "\(short.inserted ?? "") / \(medium.inserted ?? "")")
        #expect(words(medium.inserted) < words(long.inserted), "\(medium.inserted ?? "") / \(long.inserted ?? "")")
        let points = try await run(client, id: 5, tool: "key-points", ["length": "short"])
        #expect((points.inserted ?? "").split(separator: "\n").filter { $0.hasPrefix("- ") }.count == 3, "\(points.inserted ?? "")")
    }

    /// In a CRLF document, the inserted Key Points and the line breaks around them are CRLF
    /// (the break-it trial saw LF lines put into a CRLF document).
    @Test func keyPointsInACRLFDocumentUseItsLineBreaks() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, Self.text.replacingOccurrences(of: "\n", with: "\r\n"))
        _ = try await client.diagnostics(uri, version: 1)
        let points = try await run(client, id: 2, tool: "key-points", ["length": "short"])
        let inserted = try #require(points.inserted)
        #expect(inserted.contains("\r\n- "), "\(inserted.debugDescription)")
        #expect(!inserted.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(inserted.debugDescription)")
    }

    @Test func aBadLengthOrALengthForAnotherToolIsAnError() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, Self.text)
        _ = try await client.diagnostics(uri, version: 1)
        let bad = try await run(client, id: 2, tool: "summary", ["length": "tiny"])
        #expect(bad.answer["error"]?["code"]?.intValue == ErrorCode.invalidParams, "\(bad.answer)")
        #expect(bad.answer["error"]?["message"]?.stringValue?.contains("short, medium or long") == true)
        let other = try await run(client, id: 3, tool: "concise", ["length": "short"])
        #expect(other.answer["error"]?["code"]?.intValue == ErrorCode.invalidParams, "\(other.answer)")
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
    }

    /// Issue 35: a model named without a provider is an error, as on the command line, not the
    /// built-in engine without a word.
    @Test func aModelWithoutAProviderIsAnError() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["model": .object(["model": "foo"])]))
        await client.open(uri, Self.text)
        _ = try await client.diagnostics(uri, version: 1)
        let r = try await run(client, id: 2, tool: "summary", [:])
        #expect(r.answer["error"]?["message"]?.stringValue?.contains("names the model 'foo' but no provider") == true, "\(r.answer)")
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
    }

    @Test func aModelIsAskedForTheLength() async throws {
        let server = try FakeModelServer()
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(10), "model": .object([
            "provider": "openai", "baseURL": .string(server.openAIBaseURL.absoluteString), "model": "prose"])]))
        await client.open(uri, Self.text)
        _ = try await client.diagnostics(uri, version: 1)
        for (id, length, phrase) in [(2, "short", "one or two sentences"), (3, "long", "a few paragraphs")] {
            // The first paragraph (short enough for the scripted model's answer, the paragraph
            // itself, to pass the output contract).
            let r = try await run(client, id: id, tool: "summary", ["length": .string(length), "range": range(2, 0, 3, 0)])
            #expect(r.answer["error"] == nil, "\(r.answer)")
            let body = try #require(try server.lastRequest()["body"] as? [String: Any])
            let messages = try #require(body["messages"] as? [[String: Any]])
            let system = messages.first?["content"] as? String ?? ""
            #expect(system.contains(phrase), "\(length): \(system)")
        }
    }

    /// A tool run on a model, cancelled by the client (`$/cancelRequest`), is answered
    /// RequestCancelled (-32800), not RequestFailed (-32803) (the break-it trial).
    @Test func aCancelledModelRunIsRequestCancelled() async throws {
        let server = try FakeModelServer()
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(10), "model": .object([
            "provider": "openai", "baseURL": .string(server.openAIBaseURL.absoluteString), "model": "slow-first:20"])]))
        await client.open(uri, Self.text)
        _ = try await client.diagnostics(uri, version: 1)
        let arg: [String: JSONValue] = ["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(2, 0, 3, 0)]
        await client.sendRequest(7, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([.object(arg)])]))
        try await Task.sleep(for: .milliseconds(500))
        await client.notify("$/cancelRequest", .object(["id": .int(7)]))
        let r = try await client.response(7, timeout: 30)
        #expect(r["error"]?["code"] == .int(ErrorCode.requestCancelled), "\(r)")
    }
}
