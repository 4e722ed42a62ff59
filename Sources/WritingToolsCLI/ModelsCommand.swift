import Foundation
import WritingTools

/// `writing-tools models check [--tool NAME] [--provider …] [--model …] [--base-url …]`: shows
/// the model configuration that applies, where each setting comes from, and whether the model
/// answers; when it does not, says what to fix. Exit 0 when the model answers (or none is
/// configured), 3 when it does not.
struct ModelsCommand {
    var io: CommandIO
    var models = ModelOptions()
    var tool: String?
    var help = false

    init(arguments: [String], io: CommandIO) throws {
        self.io = io
        guard let sub = arguments.first else {
            throw CommandError.usage("'models' needs a subcommand: writing-tools models check")
        }
        if sub == "-h" || sub == "--help" { help = true; return }
        guard sub == "check" else { throw CommandError.usage("unknown subcommand 'models \(sub)'; the subcommand is 'check'") }
        var scanner = OptionScanner(Array(arguments.dropFirst()))
        while let item = try scanner.next() {
            let n: String
            switch item {
            case let .operand(arg):
                throw CommandError.usage("'models check' takes no file (got '\(arg)')")
            case let .option(o): n = o
            }
            switch n {
            case "-h", "--help": help = true
            case "--tool":
                let t = try scanner.value(for: n)
                guard ModelConfigurationFile.toolNames.contains(t) else {
                    throw CommandError.usage("--tool takes a tool's command name (\(ModelConfigurationFile.toolNames.sorted().joined(separator: ", "))), not '\(t)'")
                }
                tool = t
            default:
                guard try models.parse(n, value: { try scanner.value(for: n) }) else {
                    throw CommandError.usage("unknown option '\(n)' for 'models check'")
                }
            }
        }
    }

    func run() throws -> ExitCode {
        if help {
            io.writeOutput(HelpText.models + "\n")
            return .success
        }
        let env = io.environment
        let path = ModelConfigurationFile.defaultPath(environment: env)
        let settings = try models.settings(tool: tool, environment: env)
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists, let named = env["WRITING_TOOLS_CONFIG"], !named.isEmpty {
            io.writeError("writing-tools: WRITING_TOOLS_CONFIG names \(named), which does not exist\n")
            return .failure
        }
        func source(_ key: String) -> String { settings.sources[key].map { " (from \($0))" } ?? "" }
        var lines = ["configuration file: \(path)\(exists ? "" : " (none)")",
                     "provider: \(settings.provider.rawValue)\(source("provider"))"]
        if settings.provider == .builtin {
            lines.append("no language model is configured: every tool runs on the built-in offline engine")
            lines.append("to use one: --provider openai --base-url http://127.0.0.1:8080/v1 (llama-server, vLLM, LM Studio, hosted APIs),")
            lines.append("  --provider ollama --model llama3.2, or --provider llama-server --model /path/to/model.gguf;")
            lines.append("  or set \"provider\" (and \"model\", \"baseURL\") in \(path)")
            io.writeOutput(lines.joined(separator: "\n") + "\n")
            return .success
        }
        lines.append("model: \(settings.model ?? "(none)")\(source("model"))")
        if let u = settings.baseURL { lines.append("base URL: \(u)\(source("baseURL"))") }
        if let k = settings.apiKeyEnv {
            lines.append("API key: from $\(k)\(source("apiKeyEnv")), \(env[k]?.isEmpty == false ? "set" : "NOT SET")")
        } else if settings.provider == .openai {
            lines.append("API key: none (set \"apiKeyEnv\" in the configuration file to name the variable that holds one)")
        }
        if settings.provider == .llamaServer {
            let binary = (try? LlamaServer.findBinary(configured: settings.llamaServerBinary)) ?? "not found (run scripts/setup-llama.sh, or put llama-server on PATH)"
            lines.append("llama-server: \(binary), context \(settings.contextSize) tokens"
                         + (settings.llamaServerArguments.isEmpty ? "" : ", arguments \(settings.llamaServerArguments.joined(separator: " "))"))
        }
        lines.append(String(format: "timeouts: connect %.0f s, first token %.0f s, total %.0f s",
                            settings.timeouts.connect, settings.timeouts.firstToken, settings.timeouts.total))
        io.writeOutput(lines.joined(separator: "\n") + "\n")
        io.writeOutput("asking the model for a one-word answer…\n")
        let started = Date()
        do {
            let answer = try blocking {
                guard let handle = try await settings.open(environment: env) else { return "" }
                defer { handle.server?.stop() }
                return try await handle.model.complete(GenerationRequest(messages: [
                    ChatMessage(role: .system, content: "Reply with the single word OK."),
                    ChatMessage(role: .user, content: "Are you there?"),
                ], maxTokens: 8, temperature: 0))
            }
            let shown = answer.trimmingCharacters(in: .whitespacesAndNewlines).prefix(60)
            io.writeOutput(String(format: "ok: the model answered in %.2f s", Date().timeIntervalSince(started))
                           + (shown.isEmpty ? " (an empty answer)" : ": \"\(shown)\"") + "\n")
            return .success
        } catch LanguageModelError.truncated {
            io.writeOutput(String(format: "ok: the model answered in %.2f s (its answer ran past the 8-token limit of the check)", Date().timeIntervalSince(started)) + "\n")
            return .success
        } catch {
            // This is the check itself: its errors do not send the reader back to it.
            let reason = (error as? LanguageModelError)?.message(suggestingCheck: false) ?? "\(error)"
            io.writeError("writing-tools: models check: the model did not answer: \(reason)\n")
            return .failure
        }
    }
}
