import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools

/// `workspace/executeCommand`'s arguments are decoded into typed structs: a missing, mistyped
/// or invalid argument is `InvalidParams` (-32602) whose message names the command and the
/// argument, and nothing is run.
@Suite("Server: typed command arguments")
struct CommandArgumentTests {
    let uri = "file:///tmp/wt-command-arguments.md"

    func execute(_ client: TestClient, _ id: Int, _ command: String, _ arguments: [JSONValue]?) async throws -> JSONValue {
        var params: [String: JSONValue] = ["command": .string(command)]
        if let arguments { params["arguments"] = .array(arguments) }
        return try await client.request(id, "workspace/executeCommand", .object(params))
    }

    @Test func badArgumentsAreInvalidParamsNamingTheArgument() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Their is a typo here.\n")
        _ = try await client.diagnostics(uri, version: 1)
        let run = WritingToolsCommands.runTool
        let whole = range(0, 0, 0, 21)
        let cases: [(String, [JSONValue]?, [String])] = [
            (run, nil, [run, "takes one argument", "\"uri\""]),
            (run, [.object(["tool": "concise", "range": whole])], [run, "missing \"uri\" in arguments[0]"]),
            (run, [.object(["uri": .string(uri), "tool": .int(5), "range": whole])], ["arguments[0].tool has the wrong type (expected a string)"]),
            (run, [.object(["uri": .string(uri), "tool": "shout", "range": whole])], ["unknown tool \"shout\"", "concise"]),
            (run, [.object(["uri": .string(uri), "tool": "concise"])], ["missing \"range\" in arguments[0]"]),
            (run, [.object(["uri": .string(uri), "tool": "concise", "range": .object(["start": .object(["line": 0])])])],
             ["missing \"character\" in arguments[0].range.start"]),
            (run, [.object(["uri": .string(uri), "tool": "concise", "range": whole, "version": "one"])],
             ["arguments[0].version has the wrong type (expected a number)"]),
            (WritingToolsCommands.ignoreRuleInFile, [.object(["uri": .string(uri)])], ["missing \"rule\" in arguments[0]"]),
            (WritingToolsCommands.ignoreRuleInFile, [.string("EN_A_VS_AN")], ["arguments[0]", "expected an object"]),
            (WritingToolsCommands.disableRule, [.object(["rule": .int(3)])], ["arguments[0].rule has the wrong type (expected a string)"]),
            (WritingToolsCommands.addToDictionary, [.object(["word": "  "])], ["\"word\" is empty"]),
            (WritingToolsCommands.addToDictionary, [.object([:])], ["missing \"word\" in arguments[0]"]),
        ]
        for (n, (command, arguments, says)) in cases.enumerated() {
            let r = try await execute(client, 10 + n, command, arguments)
            #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidParams, "\(command) \(String(describing: arguments)): \(r)")
            let message = r["error"]?["message"]?.stringValue ?? ""
            for part in says { #expect(message.contains(part), "\(message)") }
        }
        // Nothing was run or changed.
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
        #expect(await client.server.configuration.disabledRules.isEmpty)
    }

    /// The typed arguments read what the code actions send: an action's own command runs.
    @Test func theArgumentsCodeActionsSendAreRead() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "This is a apple.\n")
        let d = try await client.diagnostics(uri, version: 1)
        #expect(d.contains { $0["code"] == "EN_A_VS_AN" })
        let actions = try await client.request(2, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 8, 0, 15),
            "context": .object(["diagnostics": .array(d)])]))
        let ignore = try #require(actions["result"]?.arrayValue?.first { $0["command"]?["command"]?.stringValue == WritingToolsCommands.ignoreRuleInFile })
        let before = client.count
        let r = try await execute(client, 3, WritingToolsCommands.ignoreRuleInFile, ignore["command"]?["arguments"]?.arrayValue)
        #expect(r["result"] == .null, "\(r)")
        let after = try await client.diagnostics(uri, version: 1, after: before)
        #expect(!after.contains { $0["code"] == "EN_A_VS_AN" }, "\(after)")
    }
}
