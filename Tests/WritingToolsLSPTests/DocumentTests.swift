import Foundation
import Testing
import WritingTools
@testable import WritingToolsLSP

@Suite("Server: positions, text sync and diagnostics")
struct DocumentTests {
    let uri = "file:///doc.md"

    @Test func utf16PositionsAfterEmojiAndCJK() async throws {
        let client = TestClient()
        let r = try await client.initialize()
        #expect(r["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        await client.open(uri, "# Title\n\n😀 日本語 and teh cat.\n")
        let d = try await client.diagnostics(uri, version: 1)
        let spelling = try #require(d.first { $0["code"] == "SPELLING" })
        // "😀 日本語 and " is 2 + 1 + 3 + 1 + 3 + 1 = 11 UTF-16 units.
        #expect(rangeTuple(spelling) == [2, 11, 2, 14])
        #expect(spelling["source"] == "writing-tools")
        #expect(spelling["severity"] == .int(DiagnosticSeverity.warning.rawValue))
        #expect(spelling["message"]?.stringValue?.isEmpty == false)
    }

    /// A possible name (category NAMES) is a hint, a typo a warning; a name can be raised.
    @Test func possibleNamesAreHints() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "I met Siobhan and teh others.\n")
        let d = try await client.diagnostics(uri, version: 1)
        #expect(d.map { $0["severity"] } == [.int(DiagnosticSeverity.hint.rawValue), .int(DiagnosticSeverity.warning.rawValue)])
        let raised = TestClient()
        _ = try await raised.initialize(options: .object(["severity": .object(["NAMES": "warning"])]))
        await raised.open(uri, "I met Siobhan.\n")
        #expect(try await raised.diagnostics(uri, version: 1).map { $0["severity"] } == [.int(DiagnosticSeverity.warning.rawValue)])
    }

    @Test func utf8WhenTheClientOffersItFirst() async throws {
        let client = TestClient()
        let r = try await client.initialize(encodings: ["utf-8", "utf-16"])
        #expect(r["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        await client.open(uri, "😀 日本語 and teh cat.")
        let d = try await client.diagnostics(uri, version: 1)
        let spelling = try #require(d.first { $0["code"] == "SPELLING" })
        // 4 + 1 + 9 + 1 + 3 + 1 = 19 bytes.
        #expect(rangeTuple(spelling) == [0, 19, 0, 22])
        // Edits are read in UTF-8 too: replace "teh" (bytes 19..<22) by "the".
        await client.change(uri, version: 2, [.object(["range": range(0, 19, 0, 22), "text": "the"])])
        #expect(await client.server.text(of: uri) == "😀 日本語 and the cat.")
        #expect(try await client.diagnostics(uri, version: 2).isEmpty)
    }

    @Test func utf16WhenPreferred() async throws {
        let client = TestClient()
        let r = try await client.initialize(encodings: ["utf-16", "utf-8"])
        #expect(r["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
    }

    @Test func invalidPositionsAreClamped() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "One line.\nTwo 😀.")
        // Character past the line end → line end; a position inside the emoji → its start.
        await client.change(uri, version: 2, [.object(["range": range(0, 500, 0, 500), "text": "!"])])
        #expect(await client.server.text(of: uri) == "One line.!\nTwo 😀.")
        await client.change(uri, version: 3, [.object(["range": range(1, 5, 1, 6), "text": "X"])])
        #expect(await client.server.text(of: uri) == "One line.!\nTwo X.")
        // Line past the end → end of text; negative → start.
        await client.change(uri, version: 4, [.object(["range": range(99, 0, 99, 3), "text": " End"])])
        await client.change(uri, version: 5, [.object(["range": range(-3, -1, -3, -1), "text": ">"])])
        #expect(await client.server.text(of: uri) == ">One line.!\nTwo X. End")
    }

    /// A change whose range ends before it starts is no edit an editor makes (LSP 3.17: a
    /// range is its start, then its end): guessing its bounds would leave the server's copy
    /// unlike the editor's (issue 35's break-it trial: it was applied swapped, silently), so
    /// the document is dropped, its diagnostics cleared and the user told to reopen it, as for
    /// any change that cannot be applied.
    @Test func aReversedRangeDropsTheDocument() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "One line.\nTwo lines.")
        let before = client.count
        await client.change(uri, version: 2, [.object(["range": range(0, 4, 0, 1), "text": "ne"])])
        #expect(await client.server.text(of: uri) == nil)
        let shown = try await client.waitFor(after: before, "window/showMessage") { $0["method"] == "window/showMessage" }
        #expect(shown["params"]?["message"]?.stringValue?.contains("ends (line 0, character 1) before it starts") == true, "\(shown)")
    }

    /// A change whose version does not increase is applied, as sourcekit-lsp does, and said in
    /// the log (LSP 3.17 §"didChange": the client's versions increase).
    @Test func aLowerVersionIsAppliedAndLogged() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "One line.", version: 5)
        let before = client.count
        await client.change(uri, version: 3, [.object(["range": range(0, 0, 0, 3), "text": "Single"])])
        #expect(await client.server.text(of: uri) == "Single line.")
        let logged = try await client.waitFor(after: before, "window/logMessage") {
            $0["method"] == "window/logMessage" && $0["params"]?["message"]?.stringValue?.contains("versions must increase") == true
        }
        #expect(logged["params"]?["message"]?.stringValue?.contains("version 3 after 5") == true, "\(logged)")
    }

    @Test func incrementalAndFullChanges() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "First paragraph is fine.\n\nSecond has teh typo.\n\nThird is fine.\n")
        var d = try await client.diagnostics(uri, version: 1)
        #expect(d.map(rangeTuple) == [[2, 11, 2, 14]])
        #expect(await client.server.lastCheckedParagraphCount(of: uri) == 3)
        // Two changes in one notification, applied in order; only the edited paragraph is re-checked.
        await client.change(uri, version: 2, [
            .object(["range": range(2, 11, 2, 14), "text": "the"]),
            .object(["range": range(4, 0, 4, 5), "text": "Thrid"]),
        ])
        d = try await client.diagnostics(uri, version: 2)
        #expect(d.map(rangeTuple) == [[4, 0, 4, 5]])
        #expect(await client.server.lastCheckedParagraphCount(of: uri) == 2)
        // An edit that shifts later paragraphs: their cached findings move with them.
        let before = client.count
        await client.change(uri, version: 3, [.object(["range": range(0, 0, 0, 0), "text": "New line.\n\n"])])
        d = try await client.diagnostics(uri, version: 3, after: before)
        #expect(d.map(rangeTuple) == [[6, 0, 6, 5]])
        #expect(await client.server.lastCheckedParagraphCount(of: uri) == 1)
        // A full-text change.
        await client.change(uri, version: 4, [.object(["text": "A apple."])])
        d = try await client.diagnostics(uri, version: 4)
        #expect(d.map { $0["code"] } == ["EN_A_VS_AN"])
    }

    @Test func debounceCoalescesFastEdits() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": .int(300)]))
        await client.open(uri, "Teh")
        _ = try await client.diagnostics(uri, version: 1)
        for v in 2...6 { await client.change(uri, version: v, [.object(["range": range(0, 3, 0, 3), "text": "x"])]) }
        _ = try await client.diagnostics(uri, version: 6)
        let published = client.sink.messages.filter { $0["method"] == "textDocument/publishDiagnostics" }.compactMap { $0["params"]?["version"]?.intValue }
        #expect(published == [1, 6])
    }

    @Test func codeBlocksAreNotSplitAtBlankLines() {
        let text = "Intro.\n\n```\ncode\n\nteh\n```\n\n- item\n\n    more\n\nEnd."
        let ranges = DocumentParagraphs.split(Array(text.utf16), markdown: true)
        let parts = ranges.map { String(decoding: Array(text.utf16)[$0.location..<($0.location + $0.length)], as: UTF16.self) }
        #expect(parts == ["Intro.", "```\ncode\n\nteh\n```", "- item\n\n    more", "End."])
        #expect(DocumentParagraphs.split(Array("a\r\n\r\nb".utf16), markdown: false).count == 2)
        #expect(DocumentParagraphs.split([], markdown: true).isEmpty)
    }

    @Test func markdownCodeIsNotChecked() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Text.\n\n```\nteh\n\nteh\n```\n\nCall `teh()` now.")
        #expect(try await client.diagnostics(uri, version: 1).isEmpty)
    }

    @Test func pullDiagnostics() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["pushDiagnostics": false]))
        await client.open(uri, "Teh cat.", language: "plaintext")
        let r = try await client.request(3, "textDocument/diagnostic", .object(["textDocument": .object(["uri": .string(uri)])]))
        #expect(r["result"]?["kind"] == "full")
        #expect(r["result"]?["resultId"] == "1")
        #expect(r["result"]?["items"]?.arrayValue?.map(rangeTuple) == [[0, 0, 0, 3]])
        #expect(!client.sink.messages.contains { $0["method"] == "textDocument/publishDiagnostics" })
        let missing = try await client.request(4, "textDocument/diagnostic", .object(["textDocument": .object(["uri": "file:///nope"])]))
        #expect(missing["error"]?["code"]?.intValue == ErrorCode.invalidParams)
    }

    @Test func languagesAndSeverities() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": 0, "languages": ["latex"],
                                                          "severity": .object(["TYPOS": "error", "grammar": 4])]))
        await client.open("file:///a.py", "# Teh", language: "python")
        await client.open("file:///a.tex", "Teh cat ate a apple.", language: "latex")
        let d = try await client.diagnostics("file:///a.tex", version: 1)
        #expect(d.map { $0["severity"] } == [.int(1), .int(4)])
        await client.open("file:///COMMIT_EDITMSG", "Fix teh bug\n# Please enter teh commit message\n", language: "git-commit")
        let g = try await client.diagnostics("file:///COMMIT_EDITMSG", version: 1)
        #expect(g.map(rangeTuple) == [[0, 4, 0, 7]])
        #expect(!client.sink.messages.contains { $0["params"]?["uri"] == "file:///a.py" })
        // Configuration changes re-check open documents.
        let before = client.count
        await client.notify("workspace/didChangeConfiguration", .object(["settings": .object(["writing-tools": .object(["disabledRules": ["SPELLING"]])])]))
        let d2 = try await client.diagnostics("file:///a.tex", version: 1, after: before)
        #expect(d2.map { $0["code"] } == ["EN_A_VS_AN"])
    }

    /// A reStructuredText document (languageId `restructuredtext`) is read by the reST reader:
    /// the slip in its prose is reported, none in its title's underline, role, literal or directive.
    @Test func restructuredTextIsReadAsReST() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["debounceMilliseconds": 0]))
        let text = "Guide\n=====\n\nCall :func:`teh.recieve` or ``teh``, then teh rest.\n\n.. code-block:: python\n\n   teh = 1\n"
        await client.open("file:///a.rst", text, language: "restructuredtext")
        let d = try await client.diagnostics("file:///a.rst", version: 1)
        #expect(d.map(rangeTuple) == [[3, 42, 3, 45]])
    }

    @Test func closeClearsDiagnostics() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "Teh.")
        _ = try await client.diagnostics(uri, version: 1)
        await client.notify("textDocument/didClose", .object(["textDocument": .object(["uri": .string(uri)])]))
        let m = try await client.waitFor("cleared") { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["diagnostics"] == .array([]) }
        #expect(m["params"]?["uri"]?.stringValue == uri)
        #expect(await client.server.text(of: uri) == nil)
    }
}
