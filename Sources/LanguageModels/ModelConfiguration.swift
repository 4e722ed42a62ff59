import Foundation

/// Which kind of model runs the Writing Tools.
public enum ModelProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// No model: the built-in offline engine.
    case builtin
    /// Any OpenAI-compatible chat completions endpoint (``OpenAICompatibleModel``).
    case openai
    /// Ollama's native API (``OllamaModel``).
    case ollama
    /// A `llama-server` we start for a local GGUF file (``LlamaServer``).
    case llamaServer = "llama-server"
}

/// The configuration file, `~/.config/writing-tools/config.json` (`$XDG_CONFIG_HOME` is
/// honoured; `$WRITING_TOOLS_CONFIG` names another file). Every key is optional:
///
/// ```json
/// {
///   "provider": "openai",
///   "model": "gemma-3-4b-it",
///   "baseURL": "http://127.0.0.1:8080/v1",
///   "apiKeyEnv": "OPENAI_API_KEY",
///   "temperature": 0.2,
///   "timeouts": { "connect": 10, "firstToken": 60, "total": 300 },
///   "llamaServer": { "binary": "/usr/local/bin/llama-server", "contextSize": 4096, "arguments": ["--threads", "2"] },
///   "tools": { "summary": { "provider": "ollama", "model": "llama3.2" } }
/// }
/// ```
/// `tools` keys are command names (`proofread`, `rewrite`, `friendly`, `professional`,
/// `concise`, `summary`, `key-points`, `list`, `table`, `describe`); an entry overrides the
/// top-level settings for that tool.
public struct ModelConfigurationFile: Sendable, Hashable, Codable {
    /// Settings of `llamaServer`.
    public struct LlamaServerSettings: Sendable, Hashable, Codable {
        /// The binary.
        public var binary: String?
        /// Context size in tokens.
        public var contextSize: Int?
        /// Further arguments.
        public var arguments: [String]?
    }
    /// Timeouts in seconds.
    public struct Timeouts: Sendable, Hashable, Codable {
        public var connect: Double?
        public var firstToken: Double?
        public var total: Double?
    }
    /// One tool's overrides.
    public struct ToolOverride: Sendable, Hashable, Codable {
        public var provider: ModelProvider?
        public var model: String?
        public var baseURL: String?
        public var apiKeyEnv: String?
        public var temperature: Double?
    }
    public var provider: ModelProvider?
    public var model: String?
    public var baseURL: String?
    public var apiKeyEnv: String?
    public var temperature: Double?
    public var timeouts: Timeouts?
    public var llamaServer: LlamaServerSettings?
    public var tools: [String: ToolOverride]?

    /// An empty configuration.
    public init() {}

    /// The default path: `$WRITING_TOOLS_CONFIG`, else `$XDG_CONFIG_HOME/writing-tools/config.json`,
    /// else `~/.config/writing-tools/config.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let p = environment["WRITING_TOOLS_CONFIG"], !p.isEmpty { return p }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (home + "/.config")
        return base + "/writing-tools/config.json"
    }

    static let topKeys: Set<String> = ["provider", "model", "baseURL", "apiKeyEnv", "temperature", "timeouts", "llamaServer", "tools"]
    static let toolKeys: Set<String> = ["provider", "model", "baseURL", "apiKeyEnv", "temperature"]
    /// The command names a `tools` entry may use.
    public static let toolNames: Set<String> = ["proofread", "rewrite", "friendly", "professional", "concise", "summary",
                                                "key-points", "list", "table", "describe"]

    private static func check(_ object: [String: Any], known: Set<String>, at prefix: String, path: String) throws {
        for key in object.keys.sorted() where !known.contains(key) {
            let close = known.first { $0.lowercased() == key.lowercased() }
            throw LanguageModelError.configuration("\(path): unknown key '\(prefix)\(key)'" + (close.map { " (did you mean '\(prefix)\($0)'?)" } ?? "")
                + "; keys here: \(known.sorted().joined(separator: ", "))")
        }
        if let p = object["provider"] {
            guard let v = p as? String, ModelProvider(rawValue: v) != nil else {
                throw LanguageModelError.configuration("\(path): '\(prefix)provider' is \(p), not one of \(ModelProvider.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
    }

    /// The longest timeout a configuration may give, in seconds (one day): a longer wait is a
    /// mistake, and a far larger number cannot be turned into a `Duration` at all.
    public static let maximumTimeout: Double = 86_400
    /// The largest `llamaServer.contextSize`, in tokens (2^20).
    public static let maximumContextSize = 1 << 20

    /// Checks the range of every number the file gives: timeouts positive, finite and at most
    /// ``maximumTimeout`` seconds; `llamaServer.contextSize` a whole number from 1 to
    /// ``maximumContextSize``; temperatures from 0 to 2. The message names the key.
    private static func checkNumbers(_ top: [String: Any], path: String) throws {
        func number(_ value: Any?, _ key: String) -> Double? {
            guard let value, !(value is NSNull) else { return nil }
            // JSONSerialization reads true/false as NSNumber too; a Bool is the decoder's
            // "wrong type", reported there.
            guard let n = value as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
            return n.doubleValue
        }
        if let t = top["timeouts"] as? [String: Any] {
            for key in ["connect", "firstToken", "total"] {
                guard let v = number(t[key], key) else { continue }
                guard v.isFinite, v > 0, v <= maximumTimeout else {
                    throw LanguageModelError.configuration("\(path): 'timeouts.\(key)' is \(formatted(v)) seconds; a timeout must be more than 0 and at most \(Int(maximumTimeout)) seconds (one day)")
                }
            }
        }
        if let l = top["llamaServer"] as? [String: Any], let v = number(l["contextSize"], "contextSize") {
            guard v.isFinite, v >= 1, v <= Double(maximumContextSize), v.rounded() == v else {
                throw LanguageModelError.configuration("\(path): 'llamaServer.contextSize' is \(formatted(v)); it must be a whole number of tokens from 1 to \(maximumContextSize)")
            }
        }
        var temperatures: [(String, Any?)] = [("temperature", top["temperature"])]
        for (name, entry) in (top["tools"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            temperatures.append(("tools.\(name).temperature", (entry as? [String: Any])?["temperature"]))
        }
        for (key, value) in temperatures {
            guard let v = number(value, key) else { continue }
            guard v.isFinite, v >= 0, v <= 2 else {
                throw LanguageModelError.configuration("\(path): '\(key)' is \(formatted(v)); a temperature must be from 0 to 2")
            }
        }
    }

    private static func formatted(_ v: Double) -> String {
        v.isFinite && v.rounded() == v && abs(v) < 1e18 ? String(Int64(v)) : "\(v)"
    }

    /// Reads a configuration file; nil when there is none at `path`.
    /// - Throws: ``LanguageModelError/configuration(_:)`` when the file exists but is not valid
    ///   (the message names the file and the key), including a number out of its range (see
    ///   ``maximumTimeout``, ``maximumContextSize``).
    public static func load(path: String) throws -> ModelConfigurationFile? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LanguageModelError.configuration("cannot read the configuration file \(path)")
        }
        // Misspelled keys and values are reported, not ignored (a "baseUrl" would otherwise fall
        // back to the default address and fail far from the cause).
        if let object = try? JSONSerialization.jsonObject(with: data) {
            guard let top = object as? [String: Any] else {
                throw LanguageModelError.configuration("\(path): the configuration must be a JSON object ({\"provider\": …})")
            }
            try check(top, known: topKeys, at: "", path: path)
            if let tools = top["tools"] as? [String: Any] {
                for (name, entry) in tools {
                    guard toolNames.contains(name) else {
                        throw LanguageModelError.configuration("\(path): tools.\(name) is not a tool (tools: \(toolNames.sorted().joined(separator: ", ")))")
                    }
                    if let e = entry as? [String: Any] { try check(e, known: toolKeys, at: "tools.\(name).", path: path) }
                }
            }
            if let l = top["llamaServer"] as? [String: Any] { try check(l, known: ["binary", "contextSize", "arguments"], at: "llamaServer.", path: path) }
            if let t = top["timeouts"] as? [String: Any] { try check(t, known: ["connect", "firstToken", "total"], at: "timeouts.", path: path) }
            try checkNumbers(top, path: path)
        }
        do {
            return try JSONDecoder().decode(ModelConfigurationFile.self, from: data)
        } catch let DecodingError.dataCorrupted(c) {
            throw LanguageModelError.configuration("\(path) is not valid JSON (\(c.underlyingError.map { "\($0)" } ?? c.debugDescription))")
        } catch let DecodingError.typeMismatch(_, c), let DecodingError.valueNotFound(_, c) {
            let key = c.codingPath.map(\.stringValue).joined(separator: ".")
            throw LanguageModelError.configuration("\(path): '\(key)' has the wrong type (\(c.debugDescription))")
        } catch {
            throw LanguageModelError.configuration("\(path): \(error)")
        }
    }
}

/// Settings given on the command line (each nil when not given).
public struct ModelFlags: Sendable, Hashable {
    public var provider: ModelProvider?
    public var model: String?
    public var baseURL: String?
    /// Creates flags.
    public init(provider: ModelProvider? = nil, model: String? = nil, baseURL: String? = nil) {
        self.provider = provider
        self.model = model
        self.baseURL = baseURL
    }
}

/// The model settings for one tool, resolved from flags, environment and the configuration
/// file, with where each came from.
///
/// Precedence, highest first: command-line flags (`--provider`, `--model`, `--base-url`);
/// environment (`WRITING_TOOLS_PROVIDER`, `WRITING_TOOLS_MODEL`, `WRITING_TOOLS_BASE_URL`,
/// `WRITING_TOOLS_API_KEY_ENV`); the configuration file's `tools.<tool>` entry; its top level;
/// defaults (provider `builtin`; base URL `http://127.0.0.1:8080/v1` for `openai`,
/// `http://127.0.0.1:11434` for `ollama`; model `local` for `openai`).
/// A flag or variable for the provider resets the other settings' lower sources only when they
/// belong to another provider: `--provider ollama` does not inherit the file's OpenAI base URL.
/// When no source names a provider, a model ending in `.gguf` implies `llama-server` and a base
/// URL implies `openai`, from whichever source they come (`sources["provider"]` says so).
public struct ModelSettings: Sendable, Hashable {
    /// The provider.
    public var provider: ModelProvider
    /// The model name (for `llama-server`: the GGUF path).
    public var model: String?
    /// The base URL (`openai`, `ollama`).
    public var baseURL: String?
    /// The environment variable that holds the API key (never the key itself).
    public var apiKeyEnv: String?
    /// Sampling temperature.
    public var temperature: Double
    /// Timeouts.
    public var timeouts: ModelTimeouts
    /// The `llama-server` binary, if configured.
    public var llamaServerBinary: String?
    /// Context size for `llama-server`.
    public var contextSize: Int
    /// Further `llama-server` arguments.
    public var llamaServerArguments: [String]
    /// Where each setting came from (`provider` → `--provider`, `model` → `config.json tools.summary`).
    public var sources: [String: String]

    /// Resolves the settings for `tool` (a command name; nil for none in particular).
    public static func resolve(tool: String?, flags: ModelFlags, environment: [String: String],
                               file: ModelConfigurationFile?, filePath: String = "config.json") -> ModelSettings {
        var sources: [String: String] = [:]
        let override = tool.flatMap { file?.tools?[$0] }
        let overrideName = "\(filePath) tools.\(tool ?? "")"
        func pick<T>(_ key: String, _ candidates: [(T?, String)]) -> T? {
            for (v, src) in candidates { if let v { sources[key] = src; return v } }
            return nil
        }
        let envProvider = environment["WRITING_TOOLS_PROVIDER"].flatMap { ModelProvider(rawValue: $0) }
        var provider = pick("provider", [(flags.provider, "--provider"), (envProvider, "WRITING_TOOLS_PROVIDER"),
                                         (override?.provider, overrideName), (file?.provider, filePath)]) ?? .builtin
        if sources["provider"] == nil {
            // No provider named anywhere: a GGUF model means a managed llama-server, a base URL an
            // OpenAI-compatible endpoint, wherever they were given.
            let anyModel = flags.model ?? nonEmpty(environment["WRITING_TOOLS_MODEL"]) ?? override?.model ?? file?.model
            let anyURL = flags.baseURL ?? nonEmpty(environment["WRITING_TOOLS_BASE_URL"]) ?? override?.baseURL ?? file?.baseURL
            if let m = anyModel, m.lowercased().hasSuffix(".gguf") {
                provider = .llamaServer
                sources["provider"] = "the model, a .gguf file"
            } else if anyURL != nil {
                provider = .openai
                sources["provider"] = "the base URL"
            } else {
                sources["provider"] = "default"
            }
        }
        // Lower sources describe another provider when they name a different one.
        let fileMatches = (file?.provider ?? provider) == provider
        let overrideMatches = (override?.provider ?? (fileMatches ? provider : nil)) == provider
        let model = pick("model", [(flags.model, "--model"), (nonEmpty(environment["WRITING_TOOLS_MODEL"]), "WRITING_TOOLS_MODEL"),
                                   (overrideMatches ? override?.model : nil, overrideName), (fileMatches ? file?.model : nil, filePath)])
        var baseURL = pick("baseURL", [(flags.baseURL, "--base-url"), (nonEmpty(environment["WRITING_TOOLS_BASE_URL"]), "WRITING_TOOLS_BASE_URL"),
                                       (overrideMatches ? override?.baseURL : nil, overrideName), (fileMatches ? file?.baseURL : nil, filePath)])
        if baseURL == nil {
            switch provider {
            case .openai: baseURL = "http://127.0.0.1:8080/v1"; sources["baseURL"] = "default"
            case .ollama: baseURL = "http://127.0.0.1:11434"; sources["baseURL"] = "default"
            default: break
            }
        }
        let apiKeyEnv = pick("apiKeyEnv", [(nonEmpty(environment["WRITING_TOOLS_API_KEY_ENV"]), "WRITING_TOOLS_API_KEY_ENV"),
                                           (overrideMatches ? override?.apiKeyEnv : nil, overrideName), (fileMatches ? file?.apiKeyEnv : nil, filePath)])
        let temperature = pick("temperature", [(override?.temperature, overrideName), (file?.temperature, filePath)]) ?? 0.2
        let d = ModelTimeouts()
        let timeouts = ModelTimeouts(connect: file?.timeouts?.connect ?? d.connect, firstToken: file?.timeouts?.firstToken ?? d.firstToken,
                                     total: file?.timeouts?.total ?? d.total)
        return ModelSettings(provider: provider, model: model ?? (provider == .openai ? "local" : nil), baseURL: baseURL,
                             apiKeyEnv: apiKeyEnv, temperature: temperature, timeouts: timeouts,
                             llamaServerBinary: file?.llamaServer?.binary, contextSize: file?.llamaServer?.contextSize ?? 4096,
                             llamaServerArguments: file?.llamaServer?.arguments ?? [], sources: sources)
    }

    private static func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }

    /// The error message when a model is named (by a flag, `WRITING_TOOLS_MODEL` or the
    /// configuration file) but no source names a provider and none is implied, so the built-in
    /// engine would run and silently ignore it; nil otherwise (a provider named `builtin`
    /// anywhere is a choice, not a mistake).
    public var modelWithoutProvider: String? {
        guard provider == .builtin, sources["provider"] == "default", let model, let source = sources["model"] else { return nil }
        return "\(source) names the model '\(model)' but no provider: set one (--provider, WRITING_TOOLS_PROVIDER or \"provider\" in the configuration file: openai, ollama) or a base URL; a .gguf file runs a local llama-server"
    }

    /// Opens the model these settings describe; for `llama-server`, starts the server (which
    /// lives as long as the returned ``ModelHandle``). Nil for `builtin`.
    /// - Throws: ``LanguageModelError/configuration(_:)`` for a missing model, a model without a
    ///   provider (``modelWithoutProvider``), a bad URL, or a
    ///   GGUF model together with a base URL from a flag or the environment (a managed server
    ///   would ignore the URL), and what ``LlamaServer/start(_:)`` throws.
    public func open(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> ModelHandle? {
        switch provider {
        case .builtin:
            if let message = modelWithoutProvider { throw LanguageModelError.configuration(message) }
            return nil
        case .openai:
            let url = try Self.url(baseURL, flag: "--base-url")
            var key: String?
            if let name = apiKeyEnv {
                guard let v = environment[name], !v.isEmpty else {
                    throw LanguageModelError.configuration("the API key variable \(name) (named by \(sources["apiKeyEnv"] ?? "the configuration")) is not set in the environment")
                }
                key = v
            }
            return ModelHandle(model: OpenAICompatibleModel(baseURL: url, model: model ?? "local", apiKey: key, timeouts: timeouts), server: nil)
        case .ollama:
            let url = try Self.url(baseURL, flag: "--base-url")
            guard let model, !model.isEmpty else {
                throw LanguageModelError.configuration("the ollama provider needs a model name: pass --model (for example --model llama3.2) or set \"model\" in \(ModelConfigurationFile.defaultPath())")
            }
            return ModelHandle(model: OllamaModel(baseURL: url, model: model, timeouts: timeouts), server: nil)
        case .llamaServer:
            guard let model, !model.isEmpty else {
                throw LanguageModelError.configuration("the llama-server provider needs a GGUF model file: pass --model /path/to/model.gguf")
            }
            // A URL given on the command line or in the environment names a running server, which
            // a managed llama-server would silently ignore.
            if let source = sources["baseURL"], source == "--base-url" || source == "WRITING_TOOLS_BASE_URL" {
                throw LanguageModelError.configuration("\(source) names a running server, but the model '\(model)' is a GGUF file, which starts a llama-server of our own (\(sources["provider"] ?? "provider")): give one of them, or --provider openai to use the server at the URL")
            }
            let server = try await LlamaServer.start(.init(modelPath: model, binaryPath: llamaServerBinary, contextSize: contextSize,
                                                           extraArguments: llamaServerArguments))
            return ModelHandle(model: server.model(timeouts: timeouts), server: server)
        }
    }

    private static func url(_ s: String?, flag: String) throws -> URL {
        guard let s, let u = URL(string: s), let scheme = u.scheme, scheme == "http" || scheme == "https", u.host != nil else {
            throw LanguageModelError.configuration("'\(s ?? "")' is not an http(s) URL (\(flag) takes one like http://127.0.0.1:8080/v1)")
        }
        return u
    }
}

/// An open model, and the server behind it when we manage one (kept alive as long as this is).
public struct ModelHandle: Sendable {
    /// The model.
    public let model: any LanguageModel
    /// The managed server, if any.
    public let server: LlamaServer?

    /// Creates a handle.
    public init(model: any LanguageModel, server: LlamaServer?) {
        self.model = model
        self.server = server
    }
}
