import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools

/// The Writing Tools on a selection read the document as its diagnostics do: a LaTeX command's
/// argument or a reStructuredText directive stays protected in "Proofread selection" and in
/// `writing-tools.runTool` (before session 55 both read every document but Markdown as plain
/// text, and fixed `\cite{recieve}` into `\cite{receive}`).
@Suite("Server: selection tools read the document's markup")
struct SelectionMarkupTests {
    func proofreadSelection(_ client: TestClient, _ uri: String, lines: Int) async throws -> JSONValue? {
        let r = try await client.request(2, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 0, lines, 0),
            "context": .object(["diagnostics": [], "only": ["refactor.rewrite"]])]))
        return r["result"]?.arrayValue?.first { $0["title"]?.stringValue?.hasPrefix("Proofread selection") == true }
    }

    @Test func proofreadSelectionLeavesLaTeXCommandsAlone() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": 0, "languages": ["latex"]]))
        let uri = "file:///tmp/wt-selection.tex"
        await client.open(uri, "Teh cat sat. \\cite{recieve} and \\usepackage{recieve}\n", language: "latex")
        let d = try await client.diagnostics(uri, version: 1)
        #expect(d.map(rangeTuple) == [[0, 0, 0, 3]], "\(d)")
        let action = try #require(try await proofreadSelection(client, uri, lines: 1))
        #expect(action["title"] == "Proofread selection (1 fix)")
        #expect(action["edit"]?["changes"]?[uri]?.arrayValue?.map(rangeTuple) == [[0, 0, 0, 3]])
    }

    @Test func proofreadSelectionLeavesReSTDirectivesAlone() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": 0]))
        let uri = "file:///tmp/wt-selection.rst"
        await client.open(uri, "Teh cat sat.\n\n.. image:: recieve.png\n   :alt: Teh\n", language: "restructuredtext")
        #expect(try await client.diagnostics(uri, version: 1).map(rangeTuple) == [[0, 0, 0, 3]])
        let action = try #require(try await proofreadSelection(client, uri, lines: 4))
        #expect(action["title"] == "Proofread selection (1 fix)")
        #expect(action["edit"]?["changes"]?[uri]?.arrayValue?.map(rangeTuple) == [[0, 0, 0, 3]])
    }

    /// A rewrite of a LaTeX paragraph (the built-in engine's Professional: “gonna” → “going
    /// to”) keeps the commands' arguments byte for byte (read as plain text, `\cite{gonna}`
    /// became `\cite{going to}`).
    @Test func runToolKeepsLaTeXCommands() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": 0]))
        let uri = "file:///tmp/wt-runtool.tex"
        let text = "The results are gonna be great, see \\cite{gonna} and \\ref{gonna}.\n"
        await client.open(uri, text, language: "latex")
        _ = try await client.diagnostics(uri, version: 1)
        let before = client.sink.messages.count
        await client.sendRequest(3, "workspace/executeCommand", .object(["command": .string(WritingToolsCommands.runTool), "arguments": .array([.object([
            "uri": .string(uri), "tool": "professional", "version": .int(1), "range": range(0, 0, 1, 0)])])]))
        let first = try await client.waitFor(after: before, "runTool") { $0["id"] == .int(3) || ($0["method"] == "workspace/applyEdit" && $0["id"] != nil) }
        let edits = first["params"]?["edit"]?["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue
            ?? first["params"]?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        let newText = edits.compactMap { $0["newText"]?.stringValue }.joined()
        #expect(!edits.isEmpty, "\(first)")
        #expect(newText.contains("\\cite{gonna}") && newText.contains("\\ref{gonna}"), "\(newText)")
        #expect(newText.contains("going to be great"), "\(newText)")
        if first["id"] == nil || first["method"] != nil, let id = first["id"] {
            await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": id, "result": .object(["applied": .bool(true)])]))))
            _ = try await client.response(3)
        }
    }
}
