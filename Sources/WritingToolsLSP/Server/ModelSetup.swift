import Foundation
import WritingTools

// The engine the Writing Tools run on: the built-in one or the configured language model, from
// the shared provider (``ModelEngineProvider``, which the HTTP server uses too).
extension LanguageServer {
    /// The engine for `tool`: the configured language model (settings from the `model`
    /// setting, the environment and the configuration file, read at each run), or the built-in
    /// engine. The server keeps one model open at a time (``models``).
    func engine(for tool: WritingTool) async throws -> any ToolEngine {
        let settings: ModelSettings
        do {
            settings = try ModelEngineProvider.settings(tool: tool.commandName, flags: configuration.model, environment: options.environment)
        } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
        // A model no provider goes with is an error, as on the command line (`help models`).
        if let message = settings.modelWithoutProvider { throw ResponseError(code: ErrorCode.requestFailed, message: message) }
        if settings.provider == .builtin { return toolEngine }
        do {
            return try await models.engine(for: settings)
        } catch {
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(error)")
        }
    }
}
