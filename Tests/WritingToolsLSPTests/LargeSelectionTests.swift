import Foundation
import Testing
@testable import WritingToolsLSP
import WritingTools

/// Code actions over a large selection: the work per request is bounded and cancellable
/// (issue 35's break-it trial: a whole-document selection held the server ~15 s and a
/// `$/cancelRequest` did nothing).
@Suite("LSP: code actions over a large selection")
struct LargeSelectionTests {
    let uri = "file:///big.md"

    /// 2,000 paragraphs with 3 findings each: the answer holds at most
    /// ``LanguageServer/maximumQuickFixDiagnostics`` diagnostics' quick fixes; the proofread
    /// of the selection is not offered past ``SelectionTools/maximumSelectionUnits``.
    @Test func boundedWork() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let text = String(repeating: "Teh cat sat on teh mat. This is an test.\n\n", count: 2000)
        await client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        let r = try await client.request(2, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 0, 4000, 0), "context": .object(["diagnostics": []])]), timeout: 30)
        let actions = try #require(r["result"]?.arrayValue)
        let fixed = Set(actions.compactMap { $0["diagnostics"]?.arrayValue?.first.map { rangeTuple($0) } })
        #expect(fixed.count <= LanguageServer.maximumQuickFixDiagnostics, "\(fixed.count) diagnostics with quick fixes")
        #expect(!actions.contains { $0["title"]?.stringValue?.hasPrefix("Proofread selection") == true })
        // (The time is measured against the real binary in Tests/lsp-e2e/test_lsp_robustness.py:
        // this in-memory client decodes every pushed diagnostic again while it waits.)
        // A small selection is still proofread as a whole.
        let small = try await client.request(3, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 0, 4, 0), "context": .object(["diagnostics": []])]))
        #expect(small["result"]?.arrayValue?.contains { $0["title"]?.stringValue?.hasPrefix("Proofread selection") == true } == true, "\(small)")
    }

    /// A code action request cancelled while it runs is answered RequestCancelled (-32800)
    /// at once, and the server goes on answering.
    @Test func cancellable() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let text = String(repeating: "Teh cat sat on teh mat. This is an test.\n\n", count: 400)
        await client.open(uri, text)
        // The request waits for the document's check, then runs the selection's proofreading.
        await client.sendRequest(5, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 0, 800, 0), "context": .object(["diagnostics": []])]))
        await client.notify("$/cancelRequest", .object(["id": .int(5)]))
        let started = Date()
        let r = try await client.response(5, timeout: 30)
        #expect(r["error"]?["code"] == .int(-32800), "\(r)")
        #expect(Date().timeIntervalSince(started) < 5)
        let after = try await client.request(6, "shutdown", .null)
        #expect(after["error"] == nil)
    }

    /// A Writing Tool on a selection over ``LanguageServer/maximumToolSelectionUnits`` is
    /// refused at once with what to do (Concise on 1.3 MB ran for 16 minutes of a session-43
    /// trial, and a cancellation could not stop it); a selection under it runs.
    @Test func aToolOnAHugeSelectionIsRefused() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(10), "pushDiagnostics": .bool(false)]))
        let paragraph = "In order to decide, we need to actually look at the data.\n\n"
        let lines = 2 * (LanguageServer.maximumToolSelectionUnits / paragraph.utf16.count + 10)
        await client.open(uri, String(repeating: paragraph, count: lines / 2))
        let r = try await client.request(7, "workspace/executeCommand", .object([
            "command": "writing-tools.runTool",
            "arguments": .array([.object(["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(0, 0, lines, 0)])])]), timeout: 30)
        #expect(r["error"]?["code"] == .int(ErrorCode.requestFailed), "\(r)")
        #expect(r["error"]?["message"]?.stringValue?.contains("select a part") == true, "\(r)")
    }
}
