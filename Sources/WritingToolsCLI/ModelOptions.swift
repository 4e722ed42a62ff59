import Foundation
import Synchronization
import WritingTools

/// `--provider`, `--model`, `--base-url`: which language model runs a tool, shared by the tool
/// commands, `proofread` and `models check` (precedence: ``ModelSettings``).
struct ModelOptions {
    var flags = ModelFlags()

    /// Takes `name` if it is a model option; `value` reads its value.
    mutating func parse(_ name: String, value: () throws -> String) throws -> Bool {
        switch name {
        case "--provider":
            let v = try value()
            guard let p = ModelProvider(rawValue: v == "openai-compatible" ? "openai" : v) else {
                throw CommandError.usage("--provider takes builtin, openai, ollama or llama-server, not '\(v)'")
            }
            flags.provider = p
        case "--model": flags.model = try value()
        case "--base-url":
            let v = try value()
            guard let u = URL(string: v), let scheme = u.scheme, scheme == "http" || scheme == "https", u.host != nil else {
                throw CommandError.usage("--base-url takes an http(s) URL such as http://127.0.0.1:8080/v1, not '\(v)'")
            }
            flags.baseURL = v
        default: return false
        }
        return true
    }

    /// The settings for `tool` (a command name), from the flags, the environment and the
    /// configuration file.
    /// - Throws: ``CommandError`` (failure) when the configuration file is invalid.
    func settings(tool: String?, environment: [String: String]) throws -> ModelSettings {
        let path = ModelConfigurationFile.defaultPath(environment: environment)
        let file: ModelConfigurationFile?
        do { file = try ModelConfigurationFile.load(path: path) } catch { throw CommandError.failure("\(error)") }
        if let v = environment["WRITING_TOOLS_PROVIDER"], !v.isEmpty, ModelProvider(rawValue: v) == nil {
            throw CommandError.usage("WRITING_TOOLS_PROVIDER is '\(v)', not one of \(ModelProvider.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let settings = ModelSettings.resolve(tool: tool, flags: flags, environment: environment, file: file, filePath: path)
        if settings.provider == .builtin, flags.model != nil || flags.baseURL != nil {
            throw CommandError.usage("--model \(flags.model ?? "") needs a provider: add --provider openai or ollama (or --base-url URL); a .gguf file runs a local llama-server")
        }
        // The same for a model from the environment or the file (`help models`): a model no
        // provider goes with would otherwise be dropped for the built-in engine without a word.
        if let message = settings.modelWithoutProvider {
            throw CommandError.usage(message)
        }
        return settings
    }
}

/// Runs async work from the synchronous command line and waits for it.
func blocking<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
    let box = Mutex<Result<T, Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let r: Result<T, Error>
        do { r = .success(try await operation()) } catch { r = .failure(error) }
        box.withLock { $0 = r }
        done.signal()
    }
    done.wait()
    return try box.withLock { $0! }.get()
}

/// A command's IO handed to a background task (writes from one task at a time while the main
/// thread waits in ``blocking(_:)``).
final class SendableIO: @unchecked Sendable {
    let io: CommandIO
    init(_ io: CommandIO) { self.io = io }
}
