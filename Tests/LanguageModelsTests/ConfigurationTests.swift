import Foundation
import Testing
@testable import LanguageModels

@Suite("Model configuration: precedence, file, errors")
struct ConfigurationTests {
    private func file(_ json: String) throws -> ModelConfigurationFile {
        try JSONDecoder().decode(ModelConfigurationFile.self, from: Data(json.utf8))
    }

    @Test("nothing configured: the built-in engine")
    func defaults() {
        let s = ModelSettings.resolve(tool: nil, flags: ModelFlags(), environment: [:], file: nil)
        #expect(s.provider == .builtin)
        #expect(s.sources["provider"] == "default")
    }

    @Test("flags beat the environment, which beats the file's tool entry, which beats its top level")
    func precedence() throws {
        let f = try file(#"{"provider":"openai","model":"file-model","baseURL":"http://10.0.0.1:8080/v1","tools":{"summary":{"model":"summary-model"}}}"#)
        var s = ModelSettings.resolve(tool: "summary", flags: ModelFlags(), environment: [:], file: f, filePath: "cfg")
        #expect(s.provider == .openai && s.model == "summary-model" && s.baseURL == "http://10.0.0.1:8080/v1")
        #expect(s.sources["model"] == "cfg tools.summary")
        s = ModelSettings.resolve(tool: "rewrite", flags: ModelFlags(), environment: [:], file: f, filePath: "cfg")
        #expect(s.model == "file-model" && s.sources["model"] == "cfg")
        s = ModelSettings.resolve(tool: "summary", flags: ModelFlags(), environment: ["WRITING_TOOLS_MODEL": "env-model"], file: f)
        #expect(s.model == "env-model" && s.sources["model"] == "WRITING_TOOLS_MODEL")
        s = ModelSettings.resolve(tool: "summary", flags: ModelFlags(model: "flag-model"), environment: ["WRITING_TOOLS_MODEL": "env-model"], file: f)
        #expect(s.model == "flag-model" && s.sources["model"] == "--model")
    }

    @Test("choosing another provider does not inherit the file's settings for the first")
    func otherProvider() throws {
        let f = try file(#"{"provider":"openai","model":"gpt","baseURL":"http://10.0.0.1:8080/v1","apiKeyEnv":"OPENAI_API_KEY"}"#)
        let s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .ollama, model: "llama3.2"), environment: [:], file: f)
        #expect(s.provider == .ollama && s.baseURL == "http://127.0.0.1:11434" && s.apiKeyEnv == nil)
    }

    @Test("a per-tool provider override")
    func toolProvider() throws {
        let f = try file(#"{"provider":"openai","tools":{"summary":{"provider":"ollama","model":"llama3.2"}}}"#)
        let s = ModelSettings.resolve(tool: "summary", flags: ModelFlags(), environment: [:], file: f)
        #expect(s.provider == .ollama && s.model == "llama3.2" && s.baseURL == "http://127.0.0.1:11434")
    }

    @Test("a bad file names the file and the key; a missing file is no configuration")
    func badFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-config-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ModelConfigurationFile.load(path: dir.appendingPathComponent("none.json").path) == nil)
        let bad = dir.appendingPathComponent("bad.json")
        try Data("{ \"provider\": ".utf8).write(to: bad)
        #expect { _ = try ModelConfigurationFile.load(path: bad.path) } throws: { e in
            "\(e)".contains("bad.json") && "\(e)".contains("not valid JSON")
        }
        try Data(#"{"timeouts": {"total": "long"}}"#.utf8).write(to: bad)
        #expect { _ = try ModelConfigurationFile.load(path: bad.path) } throws: { e in "\(e)".contains("timeouts.total") }
        try Data(#"{"provider": "gpt-5"}"#.utf8).write(to: bad)
        #expect(throws: LanguageModelError.self) { _ = try ModelConfigurationFile.load(path: bad.path) }
    }

    @Test("opening: missing model names, bad URLs and unset key variables say what to set")
    func openErrors() async throws {
        func message(_ s: ModelSettings, env: [String: String] = [:]) async -> String {
            do { _ = try await s.open(environment: env); return "" } catch { return "\(error)" }
        }
        var s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .ollama), environment: [:], file: nil)
        #expect(await message(s).contains("--model"))
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .llamaServer), environment: [:], file: nil)
        #expect(await message(s).contains("GGUF"))
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .llamaServer, model: "/nonexistent/model.gguf"), environment: [:], file: nil)
        #expect(await message(s).contains("does not exist"))
        // A GGUF file starts our own server: a URL beside it on the command line is a contradiction.
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(model: "/tmp/m.gguf", baseURL: "http://127.0.0.1:9/v1"), environment: [:], file: nil)
        #expect(await message(s).contains("--base-url names a running server"))
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(model: "/tmp/m.gguf"), environment: ["WRITING_TOOLS_BASE_URL": "http://127.0.0.1:9/v1"], file: nil)
        #expect(await message(s).contains("WRITING_TOOLS_BASE_URL"))
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .openai, baseURL: "localhost:8080"), environment: [:], file: nil)
        #expect(await message(s).contains("not an http(s) URL"))
        s = ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .openai), environment: ["WRITING_TOOLS_API_KEY_ENV": "MY_KEY"], file: nil)
        #expect(await message(s).contains("MY_KEY"))
        #expect(await message(s, env: ["MY_KEY": "k"]) == "")
    }

    @Test("numbers out of range are configuration errors naming the key (issue 35: a timeout of 1e17 trapped)")
    func numbersOutOfRange() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-config-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.json")
        func message(_ json: String) throws -> String {
            try Data(json.utf8).write(to: path)
            do { _ = try ModelConfigurationFile.load(path: path.path); return "" } catch { return "\(error)" }
        }
        #expect(try message(#"{"timeouts":{"total":1e17}}"#).contains("'timeouts.total' is 100000000000000000 seconds"))
        #expect(try message(#"{"timeouts":{"connect":-5}}"#).contains("'timeouts.connect' is -5 seconds"))
        #expect(try message(#"{"timeouts":{"firstToken":0}}"#).contains("'timeouts.firstToken'"))
        #expect(try message(#"{"timeouts":{"total":86401}}"#).contains("at most 86400"))
        let context = try message(#"{"llamaServer":{"contextSize":1e30}}"#)
        #expect(context.contains("'llamaServer.contextSize'") && !context.contains("not valid JSON"), "\(context)")
        #expect(try message(#"{"llamaServer":{"contextSize":0}}"#).contains("'llamaServer.contextSize'"))
        #expect(try message(#"{"tools":{"summary":{"temperature":7}}}"#).contains("'tools.summary.temperature'"))
        // In range, and a boolean where a number belongs is the decoder's wrong type.
        #expect(try message(#"{"timeouts":{"connect":1,"firstToken":0.5,"total":86400},"llamaServer":{"contextSize":8192},"temperature":0}"#) == "")
        #expect(try message(#"{"timeouts":{"total":true}}"#).contains("wrong type"))
    }

    @Test("a duration built from any number of seconds never traps")
    func clampedDurations() {
        #expect(Duration.clampedSeconds(1e17) == .seconds(Duration.maximumSeconds))
        #expect(Duration.clampedSeconds(.infinity) == .seconds(Duration.maximumSeconds))
        #expect(Duration.clampedSeconds(-5) == .zero)
        #expect(Duration.clampedSeconds(.nan) == .zero)
        #expect(Duration.clampedSeconds(2.5) == .milliseconds(2500))
        #expect(Duration.clampedSeconds(2.5).seconds == 2.5)
    }

    @Test("a model without a provider, from the environment or the file, is an error when opened (help models)")
    func modelWithoutProvider() async throws {
        let env = ModelSettings.resolve(tool: "concise", flags: ModelFlags(), environment: ["WRITING_TOOLS_MODEL": "foo"], file: nil)
        #expect(env.modelWithoutProvider?.contains("WRITING_TOOLS_MODEL names the model 'foo' but no provider") == true)
        await #expect(throws: LanguageModelError.self) { _ = try await env.open(environment: [:]) }
        var f = try file(#"{"model":"foo"}"#)
        #expect(ModelSettings.resolve(tool: nil, flags: ModelFlags(), environment: [:], file: f, filePath: "c.json").modelWithoutProvider?.contains("c.json names the model 'foo'") == true)
        // A provider named anywhere (builtin included) or implied by a base URL is no mistake.
        #expect(ModelSettings.resolve(tool: nil, flags: ModelFlags(provider: .builtin), environment: [:], file: f).modelWithoutProvider == nil)
        f = try file(#"{"model":"foo","baseURL":"http://127.0.0.1:9/v1"}"#)
        #expect(ModelSettings.resolve(tool: nil, flags: ModelFlags(), environment: [:], file: f).modelWithoutProvider == nil)
        #expect(ModelSettings.resolve(tool: nil, flags: ModelFlags(), environment: [:], file: nil).modelWithoutProvider == nil)
    }

    @Test("retry delays double, honour Retry-After, and are capped")
    func retryDelays() {
        let r = RetryPolicy(maxAttempts: 5, initialDelay: 0.5, maxDelay: 4)
        #expect([2, 3, 4, 5].map { r.delay(beforeAttempt: $0, retryAfter: nil) } == [0.5, 1, 2, 4])
        #expect(r.delay(beforeAttempt: 2, retryAfter: 3) == 3)
        #expect(r.delay(beforeAttempt: 2, retryAfter: 60) == 4)
    }

    @Test("a free port, and a clear error when no llama-server binary exists")
    func llamaServerHelpers() throws {
        #expect(try LlamaServer.freePort() > 0)
        #expect { _ = try LlamaServer.findBinary(configured: "/nonexistent/llama-server") } throws: { e in "\(e)".contains("/nonexistent/llama-server") }
    }
}
