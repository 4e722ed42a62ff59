import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools
import WritingToolsTestSupport

/// Where `writing-tools.runTool` puts a Summary or Key Points (docs/editors.md): after the
/// selection, as a paragraph of its own, never inside a paragraph or an e-mail's closing. A new
/// user's trial ran Summary on an e-mail selected from its start to the start of its last line
/// (Neovim's range up to `{line: last, character: 0}`): the summary landed between "Best," and
/// the name.
@Suite("Server: where a Summary is inserted")
struct SummaryPlacementTests {
    let uri = "file:///tmp/wt-summary-placement.txt"
    static let email = """
        Hi Priya,

        Thanks for sending the slides yesterday. I had a look at them on the train and I think the second half needs more work. The charts are hard to read because the colours are too similar, and the legend covers part of the data.

        Could you also check the numbers on slide 12? The growth rate looks higher than what finance reported last week. I don't want us to present figures that don't match their spreadsheet.

        I'm free on Thursday afternoon if you want to go through it together. Otherwise we can talk after the standup.

        Best,
        Tom

        """

    /// Runs Summary on `range`, applies the edit the server asks for, and returns the new text.
    func summarise(_ text: String, _ r: JSONValue) async throws -> String {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        let arg: [String: JSONValue] = ["uri": .string(uri), "tool": "summary", "version": .int(1), "range": r]
        let before = client.sink.messages.count
        await client.sendRequest(2, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([.object(arg)])]))
        let first = try await client.waitFor(after: before, "runTool") { $0["id"] == .int(2) || ($0["method"] == "workspace/applyEdit" && $0["id"] != nil) }
        let edits = first["params"]?["edit"]?["documentChanges"]?.arrayValue?.first?["edits"]?.arrayValue
            ?? first["params"]?["edit"]?["changes"]?[uri]?.arrayValue ?? []
        let edit = try #require(edits.first, "\(first)")
        await client.sendRaw(TestClient.frame(TestClient.json(.object(["jsonrpc": "2.0", "id": first["id"]!, "result": .object(["applied": .bool(true)])]))))
        _ = try await client.response(2)
        let at = rangeTuple(edit)
        #expect(at[0] == at[2] && at[1] == at[3], "an insertion: \(at)")
        var lines = text.components(separatedBy: "\n")
        let line = lines[at[0]]
        let u = Array(line.utf16)
        lines[at[0]] = String(decoding: u[..<at[1]], as: UTF16.self) + (edit["newText"]?.stringValue ?? "") + String(decoding: u[at[1]...], as: UTF16.self)
        return lines.joined(separator: "\n")
    }

    @Test func aSummaryOfAnEmailGoesBeforeItsClosing() async throws {
        let lines = Self.email.components(separatedBy: "\n")
        let tom = try #require(lines.firstIndex(of: "Tom"))
        // The trial's range (to the start of the name's line), the whole text, and the body
        // up to the middle of the sign-off.
        for r in [range(0, 0, tom, 0), range(0, 0, lines.count - 1, 0), range(2, 0, tom - 1, 3)] {
            let out = try await summarise(Self.email, r)
            #expect(out.hasSuffix("\n\nBest,\nTom\n"), "the closing stays whole, last: \(out)")
            let body = try #require(out.range(of: "after the standup.\n\n"))
            let summary = out[body.upperBound...].dropLast("\n\nBest,\nTom\n".count)
            #expect(!summary.isEmpty && !summary.contains("Best,") && !summary.hasPrefix("\n"), "its own paragraph before the closing: \(out)")
        }
    }

    @Test func aSelectionThatEndsInsideAParagraphGetsItsSummaryAfterIt() async throws {
        // The selection ends in the middle of the second paragraph's first sentence.
        let out = try await summarise(Self.email, range(2, 0, 4, 20))
        #expect(out.contains("don't match their spreadsheet.\n\n"), "\(out)")
        #expect(out.contains("Could you also check the numbers on slide 12? The growth rate"), "the paragraph is not split: \(out)")
        #expect(out.hasSuffix("Otherwise we can talk after the standup.\n\nBest,\nTom\n"), "\(out)")
    }
}
