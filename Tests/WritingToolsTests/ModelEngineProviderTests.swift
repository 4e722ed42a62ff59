import Foundation
import Testing
import WritingTools

/// The one model set-up every front end uses (``ModelEngineProvider``): a model is opened once
/// per distinct setting and reused, also when runs ask for it at the same time; the built-in
/// provider opens nothing; a failed opening is tried again.
@Suite("Model engine provider")
struct ModelEngineProviderTests {
    /// Settings for an OpenAI-compatible model at a URL nobody listens on (opening one makes
    /// a client; nothing is sent until a tool runs).
    static func settings(model: String = "m", flags: ModelFlags? = nil) -> ModelSettings {
        ModelSettings.resolve(tool: nil, flags: flags ?? ModelFlags(provider: .openai, model: model, baseURL: "http://127.0.0.1:9/v1"),
                              environment: [:], file: nil, filePath: "/nonexistent/config.json")
    }

    @Test func aModelIsOpenedOncePerSettingAndReused() async throws {
        let provider = ModelEngineProvider(environment: [:])
        let a = Self.settings(model: "a")
        let first = try await provider.engine(for: a)
        #expect(first is LanguageModelToolEngine)
        _ = try await provider.engine(for: a)
        #expect(await provider.openCount == 1)
        // The handle too: still the one opening.
        #expect(try await provider.handle(for: a) != nil)
        #expect(await provider.openCount == 1)
        // Other settings: another model, and the first is still kept.
        _ = try await provider.engine(for: Self.settings(model: "b"))
        _ = try await provider.engine(for: a)
        #expect(await provider.openCount == 2)
        await provider.stopAll()
        _ = try await provider.engine(for: a)
        #expect(await provider.openCount == 3)
    }

    @Test func runsAskingAtOnceShareOneOpening() async throws {
        let provider = ModelEngineProvider(environment: [:])
        let s = Self.settings(model: "shared")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await provider.engine(for: s) } }
            try await group.waitForAll()
        }
        #expect(await provider.openCount == 1)
    }

    @Test func anEditorsProviderKeepsOnlyTheLatestModel() async throws {
        let provider = ModelEngineProvider(environment: [:], keepsOnlyTheLatest: true)
        let a = Self.settings(model: "a"), b = Self.settings(model: "b")
        _ = try await provider.engine(for: a)
        _ = try await provider.engine(for: a)
        #expect(await provider.openCount == 1)
        _ = try await provider.engine(for: b)
        // `a` was let go (its server, if it had one, stopped) when `b` opened: opened again.
        _ = try await provider.engine(for: a)
        #expect(await provider.openCount == 3)
    }

    @Test func theBuiltInProviderOpensNothingAndAFailedOpeningIsTriedAgain() async throws {
        let provider = ModelEngineProvider(environment: [:])
        let builtin = Self.settings(flags: ModelFlags(provider: .builtin))
        #expect(try await provider.engine(for: builtin) is BuiltInToolEngine)
        #expect(try await provider.handle(for: builtin) == nil)
        // Ollama without a model name cannot open: the error is the configuration's, and the
        // next run tries again rather than getting the old failure.
        let broken = Self.settings(flags: ModelFlags(provider: .ollama, baseURL: "http://127.0.0.1:9"))
        for _ in 0..<2 {
            await #expect(throws: LanguageModelError.self) { _ = try await provider.engine(for: broken) }
        }
        let opened = await provider.openCount
        #expect(opened == 3)
        // A model named without a provider is an error, as on the command line.
        let noProvider = Self.settings(flags: ModelFlags(model: "some-model"))
        if noProvider.modelWithoutProvider != nil {
            await #expect(throws: LanguageModelError.self) { _ = try await provider.engine(for: noProvider) }
        }
    }

    @Test func settingsAreReadFromTheConfigurationFileEachTime() throws {
        let home = NSTemporaryDirectory() + "wt-provider-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config/writing-tools", withIntermediateDirectories: true)
        let file = home + "/.config/writing-tools/config.json"
        let environment = ["HOME": home]
        #expect(try ModelEngineProvider.settings(tool: "concise", flags: ModelFlags(), environment: environment).provider == .builtin)
        try Data(#"{"provider": "openai", "model": "from-file", "baseURL": "http://127.0.0.1:9/v1"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let s = try ModelEngineProvider.settings(tool: "concise", flags: ModelFlags(), environment: environment)
        #expect(s.provider == .openai && s.model == "from-file")
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: (any Error).self) { _ = try ModelEngineProvider.settings(tool: nil, flags: ModelFlags(), environment: environment) }
    }
}
