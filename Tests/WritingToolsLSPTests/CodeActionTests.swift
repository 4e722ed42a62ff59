import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WritingToolsLSP
import WritingTools

@Suite("Server: code actions and dictionaries")
struct CodeActionTests {
    let uri = "file:///doc.md"

    func actions(_ client: TestClient, id: Int, _ r: JSONValue, only: [String]? = nil) async throws -> [JSONValue] {
        var context: [String: JSONValue] = ["diagnostics": []]
        if let only { context["only"] = .array(only.map { .string($0) }) }
        let resp = try await client.request(id, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": r, "context": .object(context)]))
        return try #require(resp["result"]?.arrayValue)
    }

    /// "Proofread selection" applies what `proofread --fix` would, no more: a new user's
    /// selection turned “Priya” into “Prays” while the command line left the name alone.
    @Test func proofreadSelectionLeavesNamesAlone() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let text = "Please loop in Priya before teh review.\n"
        await client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        let list = try await actions(client, id: 2, range(0, 0, 0, 39))
        let proofread = try #require(list.first { $0["kind"] == "refactor.rewrite" })
        #expect(proofread["title"] == "Proofread selection (1 fix)")
        let edits = try #require(proofread["edit"]?["changes"]?[uri]?.arrayValue)
        #expect(edits.map { $0["newText"] } == ["the"])
    }

    @Test func proofreadSelection() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let text = "Fine start.\n\n😀 This is a word. I has a apple. Teh end.\n"
        await client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        // Select "I has a apple." (UTF-16 columns 19..<33 of line 2): two fixes, "Teh" outside stays.
        let list = try await actions(client, id: 2, range(2, 19, 2, 33))
        let proofread = try #require(list.first { $0["kind"] == "refactor.rewrite" })
        #expect(proofread["title"] == "Proofread selection (2 fixes)")
        let edits = try #require(proofread["edit"]?["changes"]?[uri]?.arrayValue)
        #expect(edits.map(rangeTuple) == [[2, 21, 2, 24], [2, 25, 2, 26]])
        #expect(edits.map { $0["newText"] } == ["have", "an"])
        // Kinds asked for: quick fixes only, or refactorings only.
        #expect(try await actions(client, id: 3, range(2, 19, 2, 33), only: ["quickfix"]).allSatisfy { $0["kind"] == "quickfix" })
        let refactor = try await actions(client, id: 4, range(2, 19, 2, 33), only: ["refactor"])
        #expect(refactor.allSatisfy { $0["kind"] == "refactor.rewrite" })
        // Proofread first (an edit), then the other Writing Tools (commands run when chosen).
        #expect(refactor.map { $0["title"]?.stringValue ?? "" } == ["Proofread selection (2 fixes)", "Writing Tools: Rewrite",
            "Writing Tools: Friendly", "Writing Tools: Professional", "Writing Tools: Concise", "Writing Tools: Summary",
            "Writing Tools: Key Points", "Writing Tools: List", "Writing Tools: Table"])
        #expect(refactor.dropFirst().allSatisfy { $0["command"]?["command"] == "writing-tools.runTool" })
        // A cursor (empty selection) offers no Proofread action.
        #expect(try await actions(client, id: 5, range(2, 22, 2, 22)).allSatisfy { $0["kind"] == "quickfix" })
    }

    /// The diagnostic's quick fixes come first, its best replacement marked `isPreferred`, and
    /// the Writing Tools on the selection after them (a new user's trial in Neovim 0.7 saw
    /// “Replace with ‘Monday’” ninth, after eight “Writing Tools: …” actions).
    @Test func quickFixesComeBeforeTheWritingTools() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "The office will be closed on monday because of the holiday.\n")
        _ = try await client.diagnostics(uri, version: 1)
        // The range of the diagnostic on “monday”, as an editor sends it for the fixes under it.
        let list = try await actions(client, id: 2, range(0, 29, 0, 35))
        #expect(list.first?["title"] == "Replace with ‘Monday’", "\(list.map { $0["title"] ?? .null })")
        #expect(list.first?["kind"] == "quickfix")
        #expect(list.first?["isPreferred"] == .bool(true))
        #expect(list.filter { $0["isPreferred"] == .bool(true) }.count == 1)
        let kinds = list.map { $0["kind"]?.stringValue ?? "" }
        let firstTool = try #require(kinds.firstIndex(of: "refactor.rewrite"))
        #expect(kinds[..<firstTool].allSatisfy { $0 == "quickfix" } && kinds[firstTool...].allSatisfy { $0 == "refactor.rewrite" }, "\(kinds)")
        #expect(list.contains { $0["title"] == "Writing Tools: Rewrite" })
    }

    /// The Writing Tools other than Proofread put their result in with `workspace/applyEdit`:
    /// a client without it is offered none of them, and a direct `runTool` is refused, instead
    /// of a request it never answers (which held `shutdown` back: a new user's trial).
    @Test func writingToolsNeedApplyEdit() async throws {
        let client = TestClient()
        _ = try await client.initialize(applyEdit: false)
        await client.open(uri, "In order to win, we really try very hard.\n")
        _ = try await client.diagnostics(uri, version: 1)
        let refactor = try await actions(client, id: 2, range(0, 0, 0, 41), only: ["refactor"])
        #expect(!refactor.contains { $0["command"]?["command"] == "writing-tools.runTool" })
        let r = try await client.request(3, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(0, 0, 0, 41)])])]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.requestFailed)
        #expect(r["error"]?["message"]?.stringValue?.contains("workspace/applyEdit") == true)
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
    }

    /// A negative position (`line: -1`) is no position (LSP's are unsigned): `runTool` answers
    /// InvalidParams saying which number is wrong, and nothing is run or applied (it was read as
    /// the document's start: a break-it trial). Text sync still clamps (DocumentTests).
    @Test func negativePositionsAreInvalidParams() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "In order to win, we really try very hard.\n")
        _ = try await client.diagnostics(uri, version: 1)
        let r = try await client.request(2, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(-1, 0, 0, 41)])])]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidParams, "\(r)")
        #expect(r["error"]?["message"]?.stringValue?.contains("range.start.line is -1") == true, "\(r)")
        let c = try await client.request(3, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "concise", "version": .int(1), "range": range(0, 0, 0, -5)])])]))
        #expect(c["error"]?["message"]?.stringValue?.contains("range.end.character is -5") == true, "\(c)")
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
    }

    /// A tool with no result for the selection (Table on prose with no structure) changes
    /// nothing: it replaced the selection with an empty line (a new user's trial).
    @Test func aToolWithoutAResultChangesNothing() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let text = "In order to win, we really try.\n\n> In order to quote, really.\n\nSee `in order to` code.\n"
        await client.open(uri, text)
        _ = try await client.diagnostics(uri, version: 1)
        let r = try await client.request(2, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([
            .object(["uri": .string(uri), "tool": "table", "version": .int(1), "range": range(0, 0, 5, 0)])])]))
        #expect(r["result"]?["applied"] == .bool(false), "\(r)")
        #expect(r["result"]?["reason"]?.stringValue?.contains("Table") == true, "\(r)")
        #expect(!client.sink.messages.contains { $0["method"] == "workspace/applyEdit" })
    }

    @Test func quickFixesPreferredFirst() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "😀 This is a word. I has a apple.")
        _ = try await client.diagnostics(uri, version: 1)
        // Cursor just after "a" of "a apple" (UTF-16 column 26).
        let list = try await actions(client, id: 2, range(0, 26, 0, 26))
        let fix = try #require(list.first)
        #expect(fix["title"] == "Replace with ‘an’")
        #expect(fix["kind"] == "quickfix")
        #expect(fix["isPreferred"] == true)
        #expect(fix["diagnostics"]?.arrayValue?.first?["code"] == "EN_A_VS_AN")
        let edit = try #require(fix["edit"]?["changes"]?[uri]?.arrayValue?.first)
        #expect(rangeTuple(edit) == [0, 25, 0, 26])
        #expect(edit["newText"] == "an")
        #expect(list.contains { $0["title"] == "Ignore EN_A_VS_AN in this file" })
        #expect(list.contains { $0["title"] == "Disable EN_A_VS_AN" })
        // Only actions at the range: a selection over the whole line finds both findings.
        let all = try await actions(client, id: 3, range(0, 0, 0, 99))
        #expect(Set(all.compactMap { $0["diagnostics"]?.arrayValue?.first?["code"]?.stringValue }) == ["EN_A_VS_AN", "EN_AGREEMENT_HAVE_DO"])
        #expect(all.filter { $0["isPreferred"] == true }.count == 2)
        #expect(try await actions(client, id: 4, range(5, 0, 5, 0)).isEmpty)
    }

    @Test func ignoreInFileAndDisable() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        await client.open(uri, "A apple and teh pear.")
        await client.open("file:///other.md", "A apple.")
        _ = try await client.diagnostics(uri, version: 1)
        _ = try await client.diagnostics("file:///other.md", version: 1)
        var before = client.count
        let ignore = try await client.request(5, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.ignoreRuleInFile), "arguments": [.object(["uri": .string(uri), "rule": "EN_A_VS_AN"])]]))
        #expect(ignore["result"] == .null)
        let d = try await client.diagnostics(uri, version: 1, after: before)
        #expect(d.map { $0["code"] } == ["SPELLING"])
        before = client.count
        _ = try await client.request(6, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.disableRule), "arguments": [.object(["rule": "EN_A_VS_AN"])]]))
        #expect(try await client.diagnostics("file:///other.md", version: 1, after: before).isEmpty)
        let bad = try await client.request(7, "workspace/executeCommand", .object(["command": "nope"]))
        #expect(bad["error"]?["code"]?.intValue == ErrorCode.invalidParams)
    }

    @Test func disablingAnUnknownRuleIsAnError() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let r = try await client.request(2, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.disableRule), "arguments": [.object(["rule": "NO_SUCH_RULE"])]]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidParams)
        let message = try #require(r["error"]?["message"]?.stringValue)
        #expect(message.contains("'NO_SUCH_RULE'") && message.contains("writing-tools rules"))
        #expect(await client.server.configuration.disabledRules.isEmpty)
        // A known ID in any case is accepted, as on the command line.
        let ok = try await client.request(3, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.disableRule), "arguments": [.object(["rule": "en_a_vs_an"])]]))
        #expect(ok["result"] == .null)
        #expect(await client.server.configuration.disabledRules == ["EN_A_VS_AN"])
    }

    @Test func badSeveritiesAndRuleIDsInSettingsAreLogged() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: .object(["severity": .object(["TYPOS": "bogus"])]))
        let m = try await client.waitFor("initialization warning") { $0["method"] == "window/logMessage" && $0["params"]?["type"] == .int(2) }
        let text = try #require(m["params"]?["message"]?.stringValue)
        #expect(text.contains("severity") && text.contains("\"bogus\"") && text.contains("\"TYPOS\""), "\(text)")
        let before = client.count
        await client.notify("workspace/didChangeConfiguration", .object(["settings": .object(["writing-tools": .object([
            "severity": .object(["style": 9]), "disabledRules": ["SPELLING", "NOPE"]])])]))
        let a = try await client.waitFor(after: before, "severity warning") { $0["method"] == "window/logMessage" && $0["params"]?["message"]?.stringValue?.contains("\"style\"") == true }
        #expect(a["params"]?["type"] == .int(2))
        #expect(a["params"]?["message"]?.stringValue?.contains("9") == true)
        let b = try await client.waitFor(after: before, "rule warning") { $0["method"] == "window/logMessage" && $0["params"]?["message"]?.stringValue?.contains("'NOPE'") == true }
        #expect(b["params"]?["message"]?.stringValue?.contains("writing-tools rules") == true)
    }

    /// Issue 35: settings of the wrong type and a language no dictionary serves (or a path)
    /// are logged, not silently dropped; the language stays what it was.
    @Test func wrongTypesAndUnknownLanguagesInSettingsAreLogged() async throws {
        var c = ServerConfiguration()
        let problems = c.apply(["disabledRules": "SPELLING", "language": 5, "pushDiagnostics": "yes", "debounceMilliseconds": "fast"])
        #expect(problems.contains { $0.hasPrefix("disabledRules: \"SPELLING\" is not a list") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("language: 5 is not a language tag") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("pushDiagnostics:") } && problems.contains { $0.hasPrefix("debounceMilliseconds:") })
        #expect(c.language == "en-US" && c.disabledRules.isEmpty)
        let path = c.apply(["language": "../../../../tmp/x/evil"])
        #expect(path.count == 1 && path[0].contains("not a language code known") && path[0].contains("kept en-US"), "\(path)")
        #expect(c.language == "en-US")
        #expect(c.apply(["language": "en_gb"]).isEmpty)
        #expect(c.language == "en-GB")
        // Through the server: a window/logMessage warning.
        let client = TestClient()
        _ = try await client.initialize(options: .object(["disabledRules": "SPELLING"]))
        let m = try await client.waitFor("initialization warning") { $0["method"] == "window/logMessage" && $0["params"]?["type"] == .int(2) }
        #expect(m["params"]?["message"]?.stringValue?.contains("disabledRules") == true)
    }

    @Test func addToUserAndWorkspaceDictionaries() async throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("wt-lsp-\(UUID().uuidString)")
        let config = tmp.appendingPathComponent("config").path
        let root = tmp.appendingPathComponent("ws").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let client = TestClient(environment: ["HOME": tmp.appendingPathComponent("home").path, "XDG_CONFIG_HOME": config])
        _ = try await client.initialize(rootUri: URL(fileURLWithPath: root).absoluteString)
        await client.open(uri, "Zorblax met Quuxify today.")
        let d = try await client.diagnostics(uri, version: 1)
        #expect(d.count == 2)
        let list = try await actions(client, id: 2, range(0, 2, 0, 2))
        let add = try #require(list.first { $0["title"] == "Add ‘Zorblax’ to dictionary" })
        let addWS = try #require(list.first { $0["title"] == "Add ‘Zorblax’ to workspace dictionary" })
        #expect(addWS["command"]?["arguments"]?.arrayValue?.first?["scope"] == "workspace")
        var before = client.count
        let cmd = try #require(add["command"])
        _ = try await client.request(3, "workspace/executeCommand", .object(["command": cmd["command"]!, "arguments": cmd["arguments"]!]))
        #expect(try await client.diagnostics(uri, version: 1, after: before).count == 1)
        #expect(try String(contentsOfFile: config + "/writing-tools/dictionary.txt", encoding: .utf8) == "Zorblax\n")
        before = client.count
        _ = try await client.request(4, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": "Quuxify", "scope": "workspace"])]]))
        #expect(try await client.diagnostics(uri, version: 1, after: before).isEmpty)
        #expect(try String(contentsOfFile: root + "/.writing-tools/dictionary.txt", encoding: .utf8) == "Quuxify\n")
        // A new server reads both lists.
        let second = TestClient(environment: ["XDG_CONFIG_HOME": config])
        _ = try await second.initialize(rootUri: URL(fileURLWithPath: root).absoluteString)
        await second.open(uri, "Zorblax met Quuxify today.")
        #expect(try await second.diagnostics(uri, version: 1).isEmpty)
    }

    /// Issue 35, break-it trial: a workspace's `.writing-tools/dictionary.txt` that is a
    /// symbolic link out of the workspace (a cloned repository's) is not written through: the
    /// command fails with a message saying where the link leads, the file outside is unchanged.
    /// A link inside the workspace is followed.
    @Test func workspaceDictionaryLinkLeavingTheWorkspaceIsNotWrittenThrough() async throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("wt-lsp-link-\(UUID().uuidString)")
        let root = tmp.appendingPathComponent("ws").path
        let outside = tmp.appendingPathComponent("outside.txt").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/.writing-tools", withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: tmp) }
        try "export PATH=/usr/bin\n".write(toFile: outside, atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/.writing-tools/dictionary.txt", withDestinationPath: outside)
        let client = TestClient(environment: ["XDG_CONFIG_HOME": tmp.appendingPathComponent("config").path])
        _ = try await client.initialize(rootUri: URL(fileURLWithPath: root).absoluteString)
        let r = try await client.request(2, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": "Quuxify", "scope": "workspace"])]]))
        let message = r["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains("outside the workspace") && message.contains("outside.txt"), "\(r)")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "export PATH=/usr/bin\n")
        // A dangling link out of the workspace is not followed either (it would create the file).
        try fm.removeItem(atPath: root + "/.writing-tools/dictionary.txt")
        try fm.createSymbolicLink(atPath: root + "/.writing-tools/dictionary.txt", withDestinationPath: tmp.appendingPathComponent("new.txt").path)
        let dangling = try await client.request(3, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": "Quuxify", "scope": "workspace"])]]))
        #expect(dangling["error"] != nil && !fm.fileExists(atPath: tmp.appendingPathComponent("new.txt").path), "\(dangling)")
        // The folder itself a link out of the workspace.
        try fm.removeItem(atPath: root + "/.writing-tools")
        try fm.createDirectory(atPath: tmp.appendingPathComponent("elsewhere").path, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/.writing-tools", withDestinationPath: tmp.appendingPathComponent("elsewhere").path)
        let folder = try await client.request(4, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": "Quuxify", "scope": "workspace"])]]))
        #expect(folder["error"]?["message"]?.stringValue?.contains("outside the workspace") == true, "\(folder)")
        #expect(!fm.fileExists(atPath: tmp.appendingPathComponent("elsewhere/dictionary.txt").path))
        // A link that stays inside the workspace is followed.
        try fm.removeItem(atPath: root + "/.writing-tools")
        try fm.createDirectory(atPath: root + "/.writing-tools", withIntermediateDirectories: true)
        try "".write(toFile: root + "/words.txt", atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: root + "/.writing-tools/dictionary.txt", withDestinationPath: root + "/words.txt")
        let inside = try await client.request(5, "workspace/executeCommand", .object([
            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": "Quuxify", "scope": "workspace"])]]))
        #expect(inside["error"] == nil, "\(inside)")
        #expect(try String(contentsOfFile: root + "/words.txt", encoding: .utf8) == "Quuxify\n")
    }

    /// Every list is read alike: `#` starts a comment anywhere on a line, as in `--dictionary`
    /// files; a word the list could not read back is refused, not written.
    @Test func wordListsReadCommentsAnywhereAndRefuseWhatTheyCannotHold() throws {
        #expect(Dictionaries.words(inList: "kubectl  # the CLI\n# a comment\n\n  Zorblax \r\nfoo#bar\n") == ["kubectl", "Zorblax", "foo"])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-dict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("dictionary.txt").path
        try Dictionaries.add("Zorblax", to: path)
        #expect(throws: Dictionaries.InvalidWord.self) { try Dictionaries.add("#hash", to: path) }
        #expect(throws: Dictionaries.InvalidWord.self) { try Dictionaries.add("two\nlines", to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Zorblax\n")
        try "kubectl # the CLI\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Dictionaries.read(path) == ["kubectl"])
    }

    /// A list written with CRLF line ends (an editor on Windows): removing a word removes its
    /// line only, comments and the other words stay with their CRLF; adding keeps CRLF. (A
    /// split by Character saw the whole file as one line: `remove` emptied it. Break-it trial,
    /// session 41.)
    @Test func crlfListsKeepTheirOtherLines() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-dict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("dictionary.txt").path
        try "kubectl\r\n# team names\r\nalice\r\nbob\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Dictionaries.remove("kubectl", from: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# team names\r\nalice\r\nbob\r\n")
        #expect(try Dictionaries.remove("bob", from: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# team names\r\nalice\r\n")
        try Dictionaries.add("gamma", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# team names\r\nalice\r\ngamma\r\n")
        #expect(Dictionaries.read(path) == ["alice", "gamma"])
        #expect(try !Dictionaries.remove("delta", from: path))
    }

    /// Concurrent additions all land (each reads and appends under the file's `flock`):
    /// 8 threads × 25 words, and two servers adding at once.
    @Test func concurrentAdditionsAreAllKept() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-dict-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("dictionary.txt").path
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for k in 0..<25 { try? Dictionaries.add("word\(t)x\(k)", to: path) }
        }
        let words = Dictionaries.read(path)
        #expect(words.count == 200 && Set(words).count == 200, "\(words.count)")
        // Through the servers' executeCommand, two at a time.
        let config = dir.appendingPathComponent("config").path
        let a = TestClient(environment: ["XDG_CONFIG_HOME": config]), b = TestClient(environment: ["XDG_CONFIG_HOME": config])
        _ = try await a.initialize()
        _ = try await b.initialize()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for k in 0..<10 {
                for (client, name) in [(a, "a"), (b, "b")] {
                    group.addTask {
                        let r = try await client.request(10 + k, "workspace/executeCommand", .object([
                            "command": .string(WritingToolsCommands.addToDictionary), "arguments": [.object(["word": .string("\(name)Word\(k)")])]]))
                        #expect(r["error"] == nil, "\(r)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(Set(Dictionaries.read(config + "/writing-tools/dictionary.txt")).count == 20)
    }

    /// A symbolic link to the dictionary stays a link (the file it points to gets the word); a
    /// hard-linked dictionary keeps its other names; a read-only one is refused clearly and left
    /// as it was; words with TAB, NUL or a line break and unknown scopes are refused.
    @Test func linkedReadOnlyAndInvalidInput() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-dict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("shared-words.txt").path
        try "Alpha\n".write(toFile: real, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("dictionary.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "shared-words.txt")
        try Dictionaries.add("Beta", to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "shared-words.txt")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "Alpha\nBeta\n")
        #expect(try Dictionaries.remove("Alpha", from: link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "shared-words.txt")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "Beta\n")
        // A hard link: both names see the word.
        let other = dir.appendingPathComponent("other-name.txt").path
        #expect(Glibc.link(real, other) == 0)
        try Dictionaries.add("Gamma", to: other)
        #expect(try Dictionaries.remove("Beta", from: other))
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "Gamma\n")
        // Read-only: refused, even to root, with the reason.
        #expect(chmod(real, 0o444) == 0)
        #expect { try Dictionaries.add("Delta", to: link) } throws: { e in "\(e)".contains("read-only") }
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "Gamma\n")
        #expect(chmod(real, 0o644) == 0)
        for bad in ["tab\there", "nul\u{0}x", "line\nbreak", "cr\rx", "sep\u{2028}x", String(repeating: "w", count: 257)] {
            #expect(!Dictionaries.canHold(bad), "\(bad.debugDescription)")
            #expect(throws: Dictionaries.InvalidWord.self) { try Dictionaries.add(bad, to: real) }
        }
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "Gamma\n")
        // Through the server: invalid words and unknown scopes are invalid params (-32602).
        let client = TestClient(environment: ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path])
        _ = try await client.initialize()
        let requests: [(JSONValue, String)] = [
            (.object(["word": "tab\tword"]), "control characters"),
            (.object(["word": "nul\u{0}"]), "control characters"),
            (.object(["word": "two\nlines"]), "control characters"),
            (.object(["word": "Fine", "scope": "global"]), "unknown dictionary scope"),
            (.object(["word": "Fine", "scope": .int(3)]), "unknown dictionary scope"),
        ]
        for (n, (argument, says)) in requests.enumerated() {
            let r = try await client.request(20 + n, "workspace/executeCommand", .object([
                "command": .string(WritingToolsCommands.addToDictionary), "arguments": .array([argument])]))
            #expect(r["error"]?["code"] == .int(-32602), "\(r)")
            #expect(r["error"]?["message"]?.stringValue?.contains(says) == true, "\(r)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("config/writing-tools/dictionary.txt").path))
    }

    @Test func homeFallbackForTheUserDictionary() {
        let d = Dictionaries(environment: ["HOME": "/h"], workspaceRoot: nil)
        #expect(d.userPath == "/h/.config/writing-tools/dictionary.txt")
        #expect(d.workspacePath == nil)
        #expect(Dictionaries(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"], workspaceRoot: "/w").userPath == "/x/writing-tools/dictionary.txt")
    }

    @Test func configurationParsing() {
        var c = ServerConfiguration()
        let problems = c.apply(["writing-tools": ["language": "en-GB", "dictionary": ["Foo"], "severity": ["style": "information", "TYPOS": "bogus"],
                                                  "languages": ["rst": "markdown"], "debounceMilliseconds": 50]])
        // A severity that is none is left out and reported, naming the key and the value.
        #expect(problems == [#"severity: "bogus" for "TYPOS" is not error, warning, information or hint; ignored"#])
        #expect(c.language == "en-GB")
        #expect(c.words == ["Foo"])
        #expect(c.severity(forCategory: "STYLE") == .information)
        #expect(c.severity(forCategory: "TYPOS") == .warning)
        #expect(c.severity(forCategory: "CASING") == .information)
        #expect(c.severity(forCategory: "REDUNDANCY") == .hint)
        #expect(c.markup(forLanguageID: "rst") == .markdown)
        #expect(c.markup(forLanguageID: "python") == nil)
        c.apply(["languages": ["typst": "latex"]])
        #expect(c.markup(forLanguageID: "typst") == .latex)
        #expect(c.debounceMilliseconds == 50)
        c.apply(nil)
        c.apply("nonsense")
        #expect(c.language == "en-GB")
    }

    /// Every languageId editors give prose is checked (Neovim's `.txt` is `text`, e-mail
    /// `mail`: neither was), and an empty or unknown ID is read by the file's extension, for
    /// text formats only.
    @Test func languageIDsOfProseAreChecked() {
        let c = ServerConfiguration()
        let expected: [(String, String, DocumentMarkup?)] = [
            ("markdown", "file:///a.md", .markdown), ("mdx", "file:///a.mdx", .markdown),
            ("plaintext", "file:///a", .plain), ("text", "file:///a.txt", .plain), ("mail", "file:///tmp/mutt-x", .plain),
            ("gitcommit", "file:///r/.git/COMMIT_EDITMSG", .plain), ("git-commit", "file:///x", .plain),
            ("rst", "file:///a.rst", .restructuredText), ("restructuredtext", "file:///a.rst", .restructuredText), ("asciidoc", "file:///a.adoc", .plain),
            ("org", "file:///a.org", .plain), ("tex", "file:///a.tex", .latex), ("latex", "file:///a.tex", .latex),
            ("plaintex", "file:///a.tex", .latex),
            ("", "file:///notes/todo.txt", .plain), ("", "file:///notes/paper.tex", .latex), ("", "file:///x/README.md", .markdown),
            ("", "file:///x/README", .plain), ("unknown-id", "file:///x/a.rst", .restructuredText),
            ("", "file:///x/main.swift", nil), ("python", "file:///x/a.py", nil), ("", "untitled:Untitled-1", nil),
        ]
        for (id, uri, markup) in expected {
            #expect(c.markup(forLanguageID: id, uri: uri) == markup, "\(id) \(uri)")
        }
    }
}
