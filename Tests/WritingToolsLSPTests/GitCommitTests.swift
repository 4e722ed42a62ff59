import Foundation
import Testing
@testable import WritingToolsLSP

@Suite("Server: Git commit messages")
struct GitCommitTests {
    let uri = "file:///repo/.git/COMMIT_EDITMSG"
    /// What `git commit --verbose` opens: the message, comment lines, the scissors line and the diff.
    static let verbose = """
    Fix teh bug

    # Please enter the commit message for your changes. Lines starting
    # with '#' will be ignored, and an empty message aborts the commit.
    #\tmodified:   Sources/teh.swift
    # ------------------------ >8 ------------------------
    # Do not modify or remove the line above.
    diff --git a/Sources/teh.swift b/Sources/teh.swift
    -let recieve = 1
    +let receive = 1

     // teh comment

    """

    @Test func commentLinesAndEverythingAfterTheScissorsLineAreNotChecked() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, Self.verbose, language: "git-commit")
        let d = try await client.diagnostics(uri, version: 1)
        #expect(d.map(rangeTuple) == [[0, 4, 0, 7]])
        // Removing the scissors line makes the diff part of the message; putting it back ends it again.
        var before = client.count
        await client.change(uri, version: 2, [.object(["range": range(5, 0, 6, 0), "text": ""])])
        let all = try await client.diagnostics(uri, version: 2, after: before)
        #expect(all.count > 1)
        before = client.count
        await client.change(uri, version: 3, [.object(["range": range(5, 0, 5, 0), "text": "# ------------------------ >8 ------------------------\n"])])
        #expect(try await client.diagnostics(uri, version: 3, after: before).map(rangeTuple) == [[0, 4, 0, 7]])
        // In a plain-text document the same text is all checked.
        await client.open("file:///notes.txt", Self.verbose, language: "plaintext")
        #expect(try await client.diagnostics("file:///notes.txt", version: 1).count > 1)
    }

    @Test func proofreadSelectionLeavesCommentsAndTheDiffAlone() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Fix teh bug\n# Please enter teh message\n", language: "git-commit")
        _ = try await client.diagnostics(uri, version: 1)
        let r = try await client.request(2, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range(0, 0, 2, 0),
            "context": .object(["diagnostics": [], "only": ["refactor.rewrite"]])]))
        let proofread = try #require(r["result"]?.arrayValue?.first { $0["title"]?.stringValue?.hasPrefix("Proofread selection") == true })
        #expect(proofread["title"] == "Proofread selection (1 fix)")
        #expect(proofread["edit"]?["changes"]?[uri]?.arrayValue?.map(rangeTuple) == [[0, 4, 0, 7]])
    }
}
