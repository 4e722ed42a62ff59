import Foundation
import WritingTools

// The engine the Writing Tools run on: the built-in one or the configured language model.
extension LanguageServer {
    /// The engine for `tool`: the configured language model, or the built-in engine.
    func engine(for tool: WritingTool) async throws -> any ToolEngine {
        let path = ModelConfigurationFile.defaultPath(environment: options.environment)
        let file: ModelConfigurationFile?
        do { file = try ModelConfigurationFile.load(path: path) } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
        let settings = ModelSettings.resolve(tool: tool.commandName, flags: configuration.model, environment: options.environment,
                                             file: file, filePath: path)
        // A model no provider goes with is an error, as on the command line (`help models`).
        if let message = settings.modelWithoutProvider { throw ResponseError(code: ErrorCode.requestFailed, message: message) }
        if settings.provider == .builtin { return toolEngine }
        if let cached = modelHandle, cached.settings == settings {
            return LanguageModelToolEngine(model: cached.handle.model, configuration: .init(settings: settings))
        }
        modelHandle?.handle.server?.stop()
        modelHandle = nil
        do {
            guard let handle = try await settings.open(environment: options.environment) else { return toolEngine }
            modelHandle = (settings, handle)
            return LanguageModelToolEngine(model: handle.model, configuration: .init(settings: settings))
        } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
    }
}
