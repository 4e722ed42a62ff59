import Foundation
import LanguageModels
import WritingToolsEngine

/// The engines a host runs the Writing Tools on, from resolved model settings
/// (``ModelSettings/resolve(tool:flags:environment:file:filePath:)``): the built-in engine, or a
/// language model opened once per distinct setting and reused by every later run (a managed
/// llama-server starts once and loads its model once), even when several runs ask for it at
/// the same time. The language server and the HTTP server both get theirs here.
public actor ModelEngineProvider {
    private let environment: [String: String]
    private let keepsOnlyTheLatest: Bool
    /// The handle of each setting asked for, being opened or open.
    private var opening: [ModelSettings: Task<ModelHandle?, Error>] = [:]
    /// How many times a model was opened (not reused), for tests.
    public private(set) var openCount = 0

    /// A provider opening models with `environment` (API keys, `PATH` for llama-server).
    /// With `keepsOnlyTheLatest` (an editor's server: one model at a time), opening a model for
    /// other settings stops the servers of the models opened before; otherwise (an HTTP
    /// server whose tools may each have their own model) every model stays open until
    /// ``stopAll()``.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, keepsOnlyTheLatest: Bool = false) {
        self.environment = environment
        self.keepsOnlyTheLatest = keepsOnlyTheLatest
    }

    /// The settings for `tool` (a command name, nil for the default) from `flags`, the
    /// environment and the configuration file at its default place, read now (so that an edit
    /// of the file counts from the next run on).
    /// - Throws: the configuration file's error when it is invalid.
    public static func settings(tool: String?, flags: ModelFlags, environment: [String: String]) throws -> ModelSettings {
        let path = ModelConfigurationFile.defaultPath(environment: environment)
        let file = try ModelConfigurationFile.load(path: path)
        return ModelSettings.resolve(tool: tool, flags: flags, environment: environment, file: file, filePath: path)
    }

    /// The open model for `settings`, opened now if no earlier run opened it; nil for the
    /// built-in provider. A failed opening is tried again by the next call.
    /// - Throws: what ``ModelSettings/open(environment:)`` throws (a model without a provider,
    ///   a llama-server that does not start, …).
    public func handle(for settings: ModelSettings) async throws -> ModelHandle? {
        let task: Task<ModelHandle?, Error>
        if let t = opening[settings] {
            task = t
        } else {
            // An editor's server keeps one model: the servers of the others stop before this
            // one starts (two llama-servers could need more memory than there is).
            let others = keepsOnlyTheLatest ? Array(opening.values) : []
            if keepsOnlyTheLatest { opening = [:] }
            let environment = self.environment
            task = Task(executorPreference: PreferredExecutor.current) {
                for t in others { if let h = try? await t.value { await h.server?.shutDown() } }
                return try await settings.open(environment: environment)
            }
            opening[settings] = task
            openCount += 1
        }
        do { return try await task.value } catch {
            if opening[settings] == task { opening[settings] = nil }
            throw error
        }
    }

    /// The engine for `settings`: the built-in one for the built-in provider, else the model
    /// (``handle(for:)``) with the settings' prompts and sampling.
    /// - Throws: as ``handle(for:)``.
    public func engine(for settings: ModelSettings) async throws -> any ToolEngine {
        if let message = settings.modelWithoutProvider { throw LanguageModelError.configuration(message) }
        guard settings.provider != .builtin, let handle = try await handle(for: settings) else { return BuiltInToolEngine() }
        return LanguageModelToolEngine(model: handle.model, configuration: .init(settings: settings))
    }

    /// Stops the llama-servers this provider started and forgets every model.
    public func stopAll() async {
        let all = Array(opening.values)
        opening = [:]
        for t in all { if let h = try? await t.value { await h.server?.shutDown() } }
    }
}
