import Foundation
import Testing
import WritingToolsTestSupport
@testable import WritingToolsCLI

/// The command line with a language model (a scripted server standing in for it).
@Suite("CLI with a language model", .serialized)
struct ModelCommandTests {
    static let text = "I recieve the letter on Monday. Run `make test` before you commit.\n"
    /// ``text`` with the proofreader's confident fix, which a tone rewrite makes when the model
    /// leaves it out (issue 34).
    static let fixed = text.replacingOccurrences(of: "recieve", with: "receive")

    /// Runs the command line on a thread of its own, as a process's main thread would: the
    /// command waits for its model requests, which must not hold one of the few threads of the
    /// cooperative pool that the other tests share.
    func run(_ args: [String], stdin: String = "", env: [String: String] = [:]) async -> (code: Int32, out: String, err: String) {
        await withCheckedContinuation { (c: CheckedContinuation<(code: Int32, out: String, err: String), Never>) in
            let thread = Thread {
                let io = MemoryIO(stdin: stdin)
                // No configuration file of the machine's leaks in.
                io.environment = ["XDG_CONFIG_HOME": "/nonexistent"].merging(env) { $1 }
                let code = WritingToolsCommand.run(args, io: io)
                c.resume(returning: (code, io.output, io.error))
            }
            thread.start()
        }
    }

    @Test("--diff shows a unified diff of the model's rewrite")
    func diff() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let file = try dir.file("note.md", Self.text)
        let r = await run(["professional", file, "--diff", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:on Monday=>on Tuesday"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("-I recieve the letter on Monday. Run `make test` before you commit."))
        #expect(r.out.contains("+I receive the letter on Tuesday. Run `make test` before you commit."))
        #expect(r.out.hasPrefix("--- \(file)\n+++ \(file) (professional)\n"))
    }

    @Test("--in-place writes atomically and keeps the original; a rejected result writes nothing")
    func inPlace() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let file = try dir.file("note.md", Self.text)
        var r = await run(["friendly", file, "-i", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:Monday=>Friday"])
        #expect(r.code == 0, "\(r.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.fixed.replacingOccurrences(of: "Monday", with: "Friday"))
        #expect(try String(contentsOfFile: file + ".orig", encoding: .utf8) == Self.text)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        r = await run(["friendly", file, "-i", "--base-url", server.openAIBaseURL.absoluteString, "--model", "drop-placeholder"])
        #expect(r.code == 3)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("rejected") && r.err.contains("protected text"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: file + ".orig.1"))
    }

    @Test("--provider ollama speaks Ollama's own API")
    func ollama() async throws {
        let server = try FakeModelServer()
        let r = await run(["friendly", "-", "--provider", "ollama", "--base-url", server.root.absoluteString, "--model", "replace:Monday=>Friday"], stdin: Self.text)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == Self.fixed.replacingOccurrences(of: "Monday", with: "Friday"))
        #expect(try server.lastRequest()["path"] as? String == "/api/chat")
    }

    @Test("a rejected result: standard output stays empty, exit 3, the reason on standard error")
    func rejected() async throws {
        let server = try FakeModelServer()
        let r = await run(["rewrite", "-", "--base-url", server.openAIBaseURL.absoluteString, "--model", "refuse"], stdin: Self.text)
        #expect(r.code == 3)
        #expect(r.out.isEmpty)
        #expect(r.err.contains("the model refused"))
        #expect(r.err.contains("the text is unchanged"))
    }

    @Test("--format json streams events: previews, a notice, then the text")
    func json() async throws {
        let server = try FakeModelServer()
        let r = await run(["concise", "-", "--format", "json", "--base-url", server.openAIBaseURL.absoluteString, "--model", "preamble"], stdin: Self.text)
        #expect(r.code == 0, "\(r.err)")
        let events = r.out.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.filter { $0["type"] as? String == "preview" }.count > 3)
        #expect(events.contains { $0["type"] as? String == "notice" && ($0["message"] as? String ?? "").contains("removed a preamble") })
        let last = try #require(events.last)
        #expect(last["type"] as? String == "text")
        #expect(last["text"] as? String == Self.fixed)
        #expect(events.contains { $0["type"] as? String == "notice" && ($0["message"] as? String ?? "").contains("made 1 proofreading fix the model left out") })
        // A model's changes are listed word by word.
        let edited = await run(["concise", "-", "--format", "json", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:Monday=>Friday"], stdin: Self.text)
        let final = try #require(edited.out.split(separator: "\n").last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let edits = try #require(final["edits"] as? [[String: Any]])
        #expect(edits.count == 2 && edits[1]["original"] as? String == "Monday" && edits[1]["replacement"] as? String == "Friday")
        #expect(edits.first?["original"] as? String == "recieve" && edits.first?["replacement"] as? String == "receive")
    }

    @Test("--stream writes each checked part of the new text, placeholders restored; without a model it is a usage error")
    func stream() async throws {
        let server = try FakeModelServer()
        let r = await run(["friendly", "-", "--stream", "--markup", "markdown", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:Monday=>Friday"], stdin: Self.text)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == Self.fixed.replacingOccurrences(of: "Monday", with: "Friday"))
        let bad = await run(["friendly", "-", "--stream", "--markup", "markdown", "--base-url", server.openAIBaseURL.absoluteString, "--model", "drop-placeholder"], stdin: Self.text)
        #expect(bad.code == 3 && bad.out.isEmpty)
        let none = await run(["friendly", "-", "--stream"], stdin: Self.text)
        #expect(none.code == 2 && none.err.contains("no model is configured"))
    }

    @Test("proofread with a model: its suggestions, with provenance, and --fix applies them")
    func proofread() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let file = try dir.file("note.md", Self.text)
        let args = ["--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:recieve=>receive;Monday=>Tuesday"]
        var r = await run(["proofread", file, "--format", "json"] + args)
        #expect(r.code == 1)
        #expect(r.out.contains("\"provenance\":\"model\"") || r.out.contains("\"provenance\" : \"model\""), "\(r.out)")
        #expect(r.out.contains("LANGUAGE_MODEL"))
        r = await run(["proofread", file, "--fix"] + args)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "I receive the letter on Tuesday. Run `make test` before you commit.\n", "\(r.err)")
    }

    @Test("a model without a provider is an error from the environment and the file too, as from --model (exit 2)")
    func modelWithoutProvider() async throws {
        let dir = try TempDir()
        var r = await run(["concise", "-"], stdin: Self.text, env: ["WRITING_TOOLS_MODEL": "foo"])
        #expect(r.code == 2 && r.err.contains("WRITING_TOOLS_MODEL names the model 'foo' but no provider"), "\(r.err)")
        #expect(r.out.isEmpty)
        let config = try dir.file("config.json", #"{"model": "foo"}"#)
        r = await run(["concise", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 2 && r.err.contains("names the model 'foo' but no provider"), "\(r.err)")
        r = await run(["concise", "-", "--model", "foo"], stdin: Self.text)
        #expect(r.code == 2)
        // Naming the built-in engine is a choice, not a mistake.
        r = await run(["concise", "-", "--provider", "builtin"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 0, "\(r.err)")
    }

    @Test("a timeout or context size out of range in the file is a configuration error naming the key, never a crash")
    func numbersOutOfRange() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let config = try dir.file("t.json", #"{"timeouts":{"total":1e17}}"#)
        var r = await run(["concise", "-", "--base-url", server.openAIBaseURL.absoluteString], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("'timeouts.total'"), "\(r.err)")
        try Data(#"{"timeouts":{"total":-5}}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["concise", "-", "--base-url", server.openAIBaseURL.absoluteString], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("'timeouts.total' is -5 seconds"), "\(r.err)")
        try Data(#"{"llamaServer":{"contextSize":1e30}}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["concise", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("'llamaServer.contextSize'") && !r.err.contains("not valid JSON"), "\(r.err)")
        // The largest timeout allowed runs.
        try Data(#"{"timeouts":{"connect":86400,"firstToken":86400,"total":86400}}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["concise", "-", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:Monday=>Friday"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 0 && r.out.contains("Friday"), "\(r.err)")
    }

    @Test("the configuration file chooses the model; flags win over it")
    func configurationFile() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let config = try dir.file("config.json", #"{"provider": "openai", "baseURL": "\#(server.openAIBaseURL.absoluteString)", "model": "replace:Monday=>Sunday", "tools": {"concise": {"model": "replace:Monday=>Saturday"}}}"#)
        var r = await run(["friendly", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.out.contains("on Sunday"), "\(r.err)")
        r = await run(["concise", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.out.contains("on Saturday"), "\(r.err)")
        r = await run(["concise", "-", "--provider", "builtin"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.out.contains("on Monday"))
        // Misspelled keys and values are named, not ignored.
        try Data(#"{"provider": "openai", "baseUrl": "http://127.0.0.1:9/v1"}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["friendly", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("unknown key 'baseUrl' (did you mean 'baseURL'?)"), "\(r.err)")
        try Data(#"{"provider": "olama"}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["friendly", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("'provider' is olama, not one of"), "\(r.err)")
        // A model file in the configuration implies a managed llama-server, as --model does.
        try Data(#"{"model": "/nonexistent/m.gguf"}"#.utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["models", "check"], env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.out.contains("provider: llama-server (from the model, a .gguf file)"), "\(r.out)")
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: config))
        r = await run(["friendly", "-"], stdin: Self.text, env: ["WRITING_TOOLS_CONFIG": config])
        #expect(r.code == 3 && r.err.contains("not valid JSON"))
    }

    /// A model server that is down leaves proofread's rule findings: reported, with a warning
    /// naming what failed, and the exit code of findings (1), not of a failure (3).
    @Test("proofread with a model server that is down reports the rules' findings")
    func proofreadWithDeadModelServer() async throws {
        let dead = FakeModelServer.deadURL().appendingPathComponent("v1").absoluteString
        let r = await run(["proofread", "--base-url", dead, "-"], stdin: "It is a apple.\n")
        #expect(r.code == 1, "\(r.err)")
        #expect(r.out.contains("EN_A_VS_AN"), "\(r.out)")
        #expect(r.err.contains("the model could not be used") && r.err.contains("cannot reach"), "\(r.err)")
    }

    @Test("--length reaches the model: its prompt asks for that length, with a token budget to match")
    func lengthReachesTheModel() async throws {
        let server = try FakeModelServer()
        let text = "The committee met on Monday. It approved the budget for next year. It postponed the vote on the new building until spring. Members asked for more detail on costs. The next meeting is in March.\n"
        var budgets: [String: Int] = [:]
        for (tool, scenario, length, phrase) in [("summary", "prose", "short", "one or two sentences"), ("summary", "prose", "long", "a few paragraphs"),
                                                 ("summary", "prose", nil, "in a short paragraph"), ("key-points", "list", "short", "three most important points")] {
            let r = await run([tool, "-", "--base-url", server.openAIBaseURL.absoluteString, "--model", scenario] + (length.map { ["--length", $0] } ?? []), stdin: text)
            #expect(r.code == 0, "\(tool) \(length ?? "-"): \(r.err)")
            let body = try #require(try server.lastRequest()["body"] as? [String: Any])
            let messages = try #require(body["messages"] as? [[String: Any]])
            let system = (messages.first?["content"] as? String) ?? ""
            #expect(system.contains(phrase), "\(tool) \(length ?? "-"): \(system)")
            if tool == "summary" { budgets[length ?? "medium"] = body["max_tokens"] as? Int }
        }
        #expect(budgets["short"]! < budgets["medium"]! && budgets["medium"]! < budgets["long"]!, "\(budgets)")
    }

    /// `models check` judges the answer to its probe ("Reply with the single word OK.") and
    /// names what is wrong with one that is no sensible reply; it said "ok" to any answer
    /// (session 52's break-it trial).
    @Test("models check: an answer that is no sensible reply to the probe is named for what it is")
    func modelsCheckJudgesTheAnswer() async throws {
        let server = try FakeModelServer()
        let url = server.openAIBaseURL.absoluteString
        for (scenario, expected) in [("echo", "it repeats the question"), ("upper", "it repeats the question"),
                                     ("empty", "it is empty"), ("nul", "it has control characters"),
                                     ("answer", "it is not the single word OK"), ("refuse", "it is not the single word OK")] {
            let r = await run(["models", "check", "--base-url", url, "--model", scenario])
            #expect(r.code == 3, "\(scenario): \(r.out)")
            #expect(!r.out.contains("ok:"), "\(scenario): \(r.out)")
            #expect(r.err.contains("which is no sensible answer: \(expected)"), "\(scenario): \(r.err)")
        }
        // A NUL is shown escaped, not written to the terminal.
        let r = await run(["models", "check", "--base-url", url, "--model", "nul"])
        #expect(r.err.contains(#"there?\u{0}""#), "\(r.err)")
        // Sensible replies: the word OK among the first words, whatever the case and the
        // punctuation, after a reasoning model's thoughts.
        for answer in ["OK", "ok.", "Okay!", "OK, I am here.", "<think>They want OK.</think>\nOK"] {
            #expect(ModelProbe.problem(with: answer) == nil, "\(answer)")
        }
        #expect(ModelProbe.problem(with: "<think>I should say OK") != nil)
        #expect(ModelProbe.problem(with: "Books are made of paper.") != nil)
    }

    @Test("models check: answers, fails with what to fix, or says no model is configured")
    func modelsCheck() async throws {
        let server = try FakeModelServer()
        var r = await run(["models", "check", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:Are you there?=>OK."])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("provider: openai") && r.out.contains("ok: the model answered") && r.out.contains(#""OK.""#), "\(r.out)")
        r = await run(["models", "check", "--base-url", FakeModelServer.deadURL().appendingPathComponent("v1").absoluteString])
        #expect(r.code == 3)
        #expect(r.err.contains("cannot reach") && r.err.contains("--base-url"))
        // The check's own failure does not tell the reader to run the check.
        #expect(!r.err.contains("run 'writing-tools models check'"))
        r = await run(["models", "check"])
        #expect(r.code == 0 && r.out.contains("no language model is configured"))
        r = await run(["models", "check", "--provider", "ollama"])
        #expect(r.code == 3 && r.err.contains("--model"))
        r = await run(["models", "check", "--provider", "gpt"])
        #expect(r.code == 2)
        r = await run(["models", "check", "--tool", "bogus"])
        #expect(r.code == 2)
        r = await run(["friendly", "-", "--model", "llama3.2"], stdin: Self.text)
        #expect(r.code == 2 && r.err.contains("needs a provider"))
        r = await run(["friendly", "-"], stdin: Self.text, env: ["WRITING_TOOLS_PROVIDER": "bogus"])
        #expect(r.code == 2)
        r = await run(["models", "check"], env: ["WRITING_TOOLS_CONFIG": "/nonexistent/named.json"])
        #expect(r.code == 3 && r.err.contains("does not exist"))
    }

    @Test("describe: with no model, says what to configure; with one, any instruction")
    func describe() async throws {
        let server = try FakeModelServer()
        var r = await run(["describe", "make it rhyme", "-"], stdin: Self.text)
        #expect(r.code == 3 && r.err.contains("language model"))
        r = await run(["describe", "make it rhyme", "-", "--base-url", server.openAIBaseURL.absoluteString, "--model", "replace:commit=>submit"], stdin: Self.text)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == Self.text.replacingOccurrences(of: "commit", with: "submit"))
    }
}

extension ModelCommandTests {
    @Test("--interactive reviews a model's rewrite word by word; protected text stays")
    func interactiveModelRewrite() async throws {
        let server = try FakeModelServer()
        let dir = try TempDir()
        let file = try dir.file("note.md", Self.text)
        // Three changes (the spelling fix the model left out, and the model's two): accept the
        // first two, reject the third.
        let r = await run(["friendly", file, "--interactive", "--no-color", "--base-url", server.openAIBaseURL.absoluteString,
                           "--model", "replace:on Monday=>on Tuesday;before you commit=>before committing"], stdin: "a a r q")
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("Edit 2 of 3") && r.out.contains("LANGUAGE_MODEL"), "\(r.out)")
        #expect(r.out.contains("Changed by the language model."))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.fixed.replacingOccurrences(of: "on Monday", with: "on Tuesday"))
    }
}
