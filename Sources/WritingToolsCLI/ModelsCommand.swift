import Foundation
import WritingTools

/// `writing-tools models check [--tool NAME] [--provider …] [--model …] [--base-url …]`: shows
/// the model configuration that applies, where each setting comes from, and whether the model
/// answers its probe sensibly (``ModelProbe``); when it does not, says what is wrong and what to
/// fix. Exit 0 when the model answers sensibly (or none is configured), 3 when it does not.
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
                    ChatMessage(role: .system, content: ModelProbe.instruction),
                    ChatMessage(role: .user, content: ModelProbe.question),
                ], maxTokens: ModelProbe.maxTokens, temperature: 0))
            }
            let seconds = Date().timeIntervalSince(started)
            let shown = ModelProbe.shown(answer)
            if let problem = ModelProbe.problem(with: answer) {
                io.writeError(String(format: "writing-tools: models check: the model answered in %.2f s", seconds)
                              + (shown.isEmpty ? "" : ": \"\(shown)\"") + ", which is no sensible answer: \(problem)\n")
                return .failure
            }
            io.writeOutput(String(format: "ok: the model answered in %.2f s: \"\(shown)\"", seconds) + "\n")
            return .success
        } catch LanguageModelError.truncated {
            // The answer is not handed over when cut: it cannot be judged.
            io.writeOutput(String(format: "the model answered in %.2f s, but its answer ran past the check's %d-token limit, so whether it makes sense was not checked", Date().timeIntervalSince(started), ModelProbe.maxTokens)
                           + " (a single word was asked for; a model that reasons before it answers spends its tokens there)\n")
            return .success
        } catch {
            // This is the check itself: its errors do not send the reader back to it.
            let reason = (error as? LanguageModelError)?.message(suggestingCheck: false) ?? "\(error)"
            io.writeError("writing-tools: models check: the model did not answer: \(reason)\n")
            return .failure
        }
    }
}

/// The probe `models check` sends (a system instruction to reply with the single word OK, and a
/// question) and how its answer is judged: a sensible completion has the word OK (or "okay")
/// among its first words, in plain text; anything else is named for what it is, since each
/// points at a different fault (an empty answer, the question repeated, text that is no
/// reply, control characters).
enum ModelProbe {
    /// The system message.
    static let instruction = "Reply with the single word OK."
    /// The user message.
    static let question = "Are you there?"
    /// The answer's budget.
    static let maxTokens = 8

    /// The answer as shown: trimmed, control characters written as `\u{…}`, at most 60
    /// characters.
    static func shown(_ answer: String) -> String {
        var out = ""
        for scalar in answer.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.prefix(60) {
            if scalar.properties.generalCategory == .control { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// What is wrong with `answer` as a reply to the probe, or nil when it is a sensible one.
    static func problem(with answer: String) -> String? {
        var text = answer
        // A reasoning model's thoughts before its answer are not its answer.
        if let end = text.range(of: "</think>") { text = String(text[end.upperBound...]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            return "it is empty (a model that reasons before it answers may have spent the check's \(maxTokens) tokens there; "
                + "otherwise the server may not apply the model's chat template)"
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !"\n\t\r".unicodeScalars.contains($0) })
            || text.contains("\u{FFFD}") {
            return "it has control characters or undecodable bytes, which no reply to a question has (a wrong model file, or a server that "
                + "does not decode the model's tokens)"
        }
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter })
        if words.prefix(4).contains(where: { $0 == "ok" || $0 == "okay" }) { return nil }
        let asked = question.lowercased().split(whereSeparator: { !$0.isLetter })
        if words.starts(with: asked) {
            return "it repeats the question: the endpoint continues text instead of answering (a base model rather than an instruction-tuned one, "
                + "or a completion endpoint in place of the chat one: --base-url should end in /v1)"
        }
        return "it is not the single word OK asked for: the model does not follow instructions well enough for the tools, whose output "
            + "is checked and refused when it strays (choose an instruction-tuned model)"
    }
}
