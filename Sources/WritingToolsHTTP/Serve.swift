import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

/// `writing-tools serve`: LanguageTool's HTTP API on the built-in checker, until SIGTERM or
/// SIGINT. The one entry point of this module for the command line.
public enum HTTPServe {
    /// Runs the server with `serve`'s arguments (after `serve`) and returns the exit code: 0
    /// after a graceful stop, 2 for a usage error, 3 when the server cannot start. Errors and the
    /// access log (one JSON object a line) go to standard error.
    ///
    /// Options: `--host H` (numeric address, default 127.0.0.1), `--port P` (default 8081,
    /// LanguageTool's), `--public` (bind every address; needs `--api-key-file`),
    /// `--api-key-file F`, `--threads N`, `--max-text-length N` (UTF-16 units),
    /// `--max-connections N`, `--read-timeout S`, `--quiet` (no access log), `--allow-origin O`
    /// (repeatable; CORS for that browser origin, `*` for any), `--provider P`, `--model M`,
    /// `--base-url U` (the language model of the Writing Tools endpoints, as for the tool
    /// commands; default: the configuration file's, else the built-in engine),
    /// `--instance NAME` (session ids start with `NAME-`, for routing behind a balancer),
    /// `--max-check-time MS` (a `/v2/check` past it answers what it found with
    /// `warnings.incompleteResults` when the client allows it, else 500),
    /// `--max-model-calls N` (model runs at once, default 2), `--model-queue N` (model runs
    /// waiting, default 16; more get 503), `--check-cache N` (`/v2/check` answers kept for
    /// repeated checks, default 4,096, at most 32 MiB; 0 turns the cache off),
    /// `--check-threads N` (threads that run checks, apart from the `--threads` that read
    /// requests and write answers; default the number of cores, at least 2), `--check-queue N`
    /// (checks that may wait for one of them, default 256; more get 503 and `/v2/healthcheck`
    /// says 503 meanwhile), `--session-memory MB` (the most text all `/api/sessions` hold
    /// together, default 512 MiB; a session that would go over it gets 503),
    /// `--request-limit N` and `--request-limit-period S` (at most N `/v2` and `/api/` requests
    /// from one client address in S seconds, default 60; more get 429, as LanguageTool's
    /// `requestLimit`; off by default).
    public static func run(arguments: [String], environment: [String: String], version: String) -> Int32 {
        func usage(_ message: String) -> Int32 {
            writeError("writing-tools: \(message)\nRun 'writing-tools help serve' for usage.\n")
            return 2
        }
        var settings = HTTPServerSettings()
        var host: String?
        var isPublic = false
        var keyFile: String?
        var quiet = false
        var maxText = 100_000
        var origins: Set<String> = []
        var modelFlags = ModelFlags()
        var maxModelCalls = 2
        var maxCheckMillis: Int?
        var instance: String?
        var modelQueue = 16
        var checkCache = 4096
        var sessionMemory = SessionStore.defaultByteBudget
        var requestLimit = 0
        var requestLimitPeriod = 60
        var i = 0
        func value(_ name: String) -> String? {
            guard i + 1 < arguments.count else { return nil }
            i += 1
            return arguments[i]
        }
        func number(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            guard let v = value(name), let n = Int(v), range.contains(n) else {
                throw ServeUsage(message: "\(name) takes a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return n
        }
        do {
            while i < arguments.count {
                let a = arguments[i]
                switch a {
                case "--host":
                    guard let h = value(a) else { return usage("--host takes an address (127.0.0.1, ::1, 0.0.0.0)") }
                    host = h == "localhost" ? "127.0.0.1" : h
                case "--port": settings.port = UInt16(try number(a, 0...65535))
                case "--public": isPublic = true
                case "--api-key-file":
                    guard let f = value(a) else { return usage("--api-key-file takes a file name") }
                    keyFile = f
                case "--threads": settings.threads = try number(a, 1...256)
                case "--max-text-length": maxText = try number(a, 1...100_000_000)
                case "--max-connections": settings.maxConnections = try number(a, 1...100_000)
                case "--read-timeout": settings.readTimeout = try number(a, 1...3600)
                case "--quiet": quiet = true
                case "--allow-origin":
                    guard let o = value(a), o == "*" || o.hasPrefix("http://") || o.hasPrefix("https://") else {
                        return usage("--allow-origin takes an origin such as https://example.org (or *)")
                    }
                    origins.insert(o.hasSuffix("/") ? String(o.dropLast()) : o)
                case "--provider":
                    guard let v = value(a), let p = ModelProvider(rawValue: v == "openai-compatible" ? "openai" : v) else {
                        return usage("--provider takes builtin, openai, ollama or llama-server")
                    }
                    modelFlags.provider = p
                case "--model":
                    guard let v = value(a) else { return usage("--model takes a model name or a .gguf file") }
                    modelFlags.model = v
                case "--base-url":
                    guard let v = value(a), let u = URL(string: v), u.scheme == "http" || u.scheme == "https" else {
                        return usage("--base-url takes an http(s) URL such as http://127.0.0.1:8080/v1")
                    }
                    modelFlags.baseURL = v
                case "--instance":
                    guard let v = value(a), !v.isEmpty, v.count <= 32, v.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                        return usage("--instance takes a short name of letters and digits (wt1)")
                    }
                    instance = v
                case "--max-check-time": maxCheckMillis = try number(a, 1...3_600_000)
                case "--max-model-calls": maxModelCalls = try number(a, 1...64)
                case "--model-queue": modelQueue = try number(a, 0...10_000)
                case "--check-cache": checkCache = try number(a, 0...1_000_000)
                case "--session-memory": sessionMemory = try number(a, 1...1_048_576) << 20
                case "--check-threads": settings.checkThreads = try number(a, 1...256)
                case "--check-queue": settings.checkQueue = try number(a, 1...100_000)
                case "--request-limit": requestLimit = try number(a, 0...10_000_000)
                case "--request-limit-period": requestLimitPeriod = try number(a, 1...86_400)
                default: return usage("unknown option '\(a)' for 'serve'")
                }
                i += 1
            }
        } catch let e as ServeUsage {
            return usage(e.message)
        } catch {
            return usage("\(error)")
        }
        settings.host = host ?? (isPublic ? "0.0.0.0" : "127.0.0.1")
        let loopback = settings.host.hasPrefix("127.") || settings.host == "::1"
        if !loopback && !isPublic {
            return usage("listening on \(settings.host) lets other machines in: add --public (with --api-key-file)")
        }
        var apiKey: String?
        if let keyFile {
            guard let data = FileManager.default.contents(atPath: keyFile) else {
                return usage("cannot read the API key file '\(keyFile)'")
            }
            let key = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty, !key.contains(where: \.isWhitespace) else {
                return usage("the API key file '\(keyFile)' must hold one key (no spaces)")
            }
            apiKey = key
        }
        if isPublic && apiKey == nil { return usage("--public needs --api-key-file: a server open to other machines takes requests with a key only") }
        // The body may carry the text percent-encoded (three bytes a UTF-8 byte) and markup.
        settings.maxBodyBytes = max(1 << 20, min(Int(Int32.max), maxText * 12))

        var api = LanguageToolAPI(dictionary: UserDictionary(environment: environment))
        api.maxTextLength = maxText
        api.maxCheckMillis = maxCheckMillis
        api.cache = CheckCache(maxEntries: checkCache)
        api.apiKey = apiKey
        api.softwareVersion = version
        if api.installed.isEmpty {
            writeError("writing-tools: no Hunspell dictionary is installed; install one (Debian: apt-get install hunspell-en-us)\n")
            return 3
        }
        // Dictionaries loaded now, and (release builds) the spelling suggester's index built by a
        // first check with typos, so that the first request is as fast as the others (about
        // 0.1 s a language in a release build; a debug build takes many seconds of CPU for the
        // index, which its tests pay only when they meet a typo).
        for tag in api.installed {
            try? WritingToolsChecker().prepare(language: tag)
            #if !DEBUG
            _ = try? WritingToolsChecker().check(ProofreadingRequest(text: "Teh sentense is a example.", language: tag))
            #endif
        }

        // SIGTERM and SIGINT are taken by sigwait below, never delivered to a thread: blocked
        // before the worker threads start (they inherit the mask).
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let logger: HTTPServer.Logger? = quiet ? nil : { @Sendable line in writeError(line + "\n") }
        let metrics = ServerMetrics()
        let models: ModelEngines
        do {
            models = try ModelEngines(flags: modelFlags, environment: environment, maxConcurrent: maxModelCalls, maxWaiting: modelQueue, metrics: metrics)
        } catch {
            writeError("writing-tools: \(error)\n")
            return 3
        }
        // A model no provider goes with (--model, WRITING_TOOLS_MODEL or the file): an error,
        // as on the command line, not the built-in engine without a word (`help models`).
        if let message = models.settings(tool: nil).modelWithoutProvider {
            writeError("writing-tools: \(message)\n")
            return 2
        }
        let tools = WritingToolsAPI(maxTextLength: maxText, dictionary: api.dictionary, models: models,
                                    sessions: SessionStore(byteBudget: sessionMemory, instance: instance), metrics: metrics)
        var configured = Router(languageTool: api, tools: tools, allowedOrigins: origins, apiKey: apiKey)
        if requestLimit > 0 { configured.requestLimiter = RequestLimiter(limit: requestLimit, period: Double(requestLimitPeriod)) }
        let router = configured
        let handler: HTTPServer.Handler = { request, server in router.handle(request, server: server) }
        let server = HTTPServer(settings: settings, logger: logger, metrics: metrics, handler: handler)
        #if !DEBUG
        // Every language's first check ran above: their checks go straight to the check threads.
        for tag in api.installed { server.checks.markReady(tag) }
        #endif
        do { try server.start() } catch {
            writeError("writing-tools: cannot serve on \(settings.host) port \(settings.port): \(error)\n")
            return 3
        }
        let shown = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        writeError("writing-tools: LanguageTool API on http://\(shown):\(server.port)/v2, Writing Tools on /api/ (engine \(models.describe ?? "builtin")) (\(settings.threads) threads, \(settings.checkThreads) check threads, languages \(api.installed.joined(separator: ", "))\(apiKey == nil ? "" : ", API key required")\(origins.isEmpty ? "" : ", CORS for " + origins.sorted().joined(separator: " "))); SIGTERM or Ctrl-C stops\n")
        var received: Int32 = 0
        sigwait(&signals, &received)
        writeError("writing-tools: stopping (\(received == SIGTERM ? "SIGTERM" : "SIGINT")): finishing \(server.requestsInFlight) request(s) in flight\n")
        let left = server.stop()
        if left > 0 { writeError("writing-tools: \(left) request(s) did not finish within \(settings.shutdownGrace) s\n") }
        let stopped = DispatchSemaphore(value: 0)
        Task.detached {
            await models.stopAll()
            stopped.signal()
        }
        _ = stopped.wait(timeout: .now() + 10)
        writeError("writing-tools: stopped\n")
        return 0
    }

    private struct ServeUsage: Error { var message: String }

    /// Writes `s` to standard error in one `write` (lines from several threads never interleave).
    static func writeError(_ s: String) {
        var s = s
        s.withUTF8 { b in
            var off = 0
            while off < b.count {
                let n = write(2, b.baseAddress! + off, b.count - off)
                if n <= 0 { break }
                off += n
            }
        }
    }
}
