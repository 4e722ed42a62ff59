import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools

/// Edits carry the document's version when the client takes `documentChanges`
/// (`workspace.workspaceEdit.documentChanges`), so that a client refuses an edit made for a
/// text that changed since (issue 35, break-it trial: `workspace/applyEdit` and quick fixes were
/// sent in the unversioned `changes` form unless the client also had change annotations).
@Suite("Server: versioned edits")
struct VersionedEditTests {
    let uri = "file:///versioned.md"
    static let text = "In order to build it, run the tests before you commit.\n\nI has a apple.\n"

    /// Runs Concise on the first line and returns the server's `workspace/applyEdit` request.
    func runConcise(_ client: TestClient, version: Int) async throws -> JSONValue {
        let before = client.sink.messages.count
        await client.sendRequest(5, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "concise", "version": .int(version), "range": range(0, 0, 0, 54)])])]))
        let apply = try await client.waitFor(after: before, "applyEdit") { $0["method"] == "workspace/applyEdit" && $0["id"] != nil }
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": apply["id"]!, "result": .object(["applied": .bool(true)])]))))
        let answer = try await client.response(5)
        #expect(answer["result"]?["applied"] == .bool(true), "\(answer)")
        return apply
    }

    func quickFix(_ client: TestClient) async throws -> JSONValue {
        let resp = try await client.request(6, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(2, 7, 2, 7), "context": .object(["diagnostics": []])]))
        return try #require(resp["result"]?.arrayValue?.first { $0["kind"] == "quickfix" })
    }

    @Test("documentChanges without change annotations: versioned, not annotated")
    func documentChangesOnly() async throws {
        let client = TestClient()
        _ = try await client.initialize(workspaceEdit: .object(["documentChanges": .bool(true)]))
        await client.open(uri, Self.text, version: 7)
        _ = try await client.diagnostics(uri, version: 7)
        let apply = try await runConcise(client, version: 7)
        let edit = try #require(apply["params"]?["edit"])
        #expect(edit["changes"] == nil && edit["changeAnnotations"] == nil, "\(edit)")
        let doc = try #require(edit["documentChanges"]?.arrayValue?.first)
        #expect(doc["textDocument"]?["uri"] == .string(uri) && doc["textDocument"]?["version"] == .int(7), "\(doc)")
        #expect(doc["edits"]?.arrayValue?.first?["annotationId"] == nil)
        #expect(doc["edits"]?.arrayValue?.first?["newText"]?.stringValue?.hasPrefix("To build it") == true, "\(doc)")
        // Quick fixes too.
        let fix = try await quickFix(client)
        let fixDoc = try #require(fix["edit"]?["documentChanges"]?.arrayValue?.first, "\(fix)")
        #expect(fixDoc["textDocument"]?["version"] == .int(7) && fix["edit"]?["changes"] == nil)
    }

    @Test("documentChanges and change annotations: versioned and annotated")
    func documentChangesAndAnnotations() async throws {
        let client = TestClient()
        _ = try await client.initialize(workspaceEdit: .object(["documentChanges": .bool(true), "changeAnnotationSupport": .object([:])]))
        await client.open(uri, Self.text, version: 3)
        _ = try await client.diagnostics(uri, version: 3)
        let edit = try #require(try await runConcise(client, version: 3)["params"]?["edit"])
        let doc = try #require(edit["documentChanges"]?.arrayValue?.first)
        #expect(doc["textDocument"]?["version"] == .int(3))
        #expect(doc["edits"]?.arrayValue?.first?["annotationId"] == "writing-tools")
        #expect(edit["changeAnnotations"]?["writing-tools"]?["needsConfirmation"] == .bool(true))
    }

    @Test("a client without documentChanges gets the changes form")
    func changesForm() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, Self.text, version: 2)
        _ = try await client.diagnostics(uri, version: 2)
        let edit = try #require(try await runConcise(client, version: 2)["params"]?["edit"])
        #expect(edit["documentChanges"] == nil && edit["changes"]?[uri]?.arrayValue?.count == 1, "\(edit)")
        #expect(try await quickFix(client)["edit"]?["changes"]?[uri] != nil)
    }
}
