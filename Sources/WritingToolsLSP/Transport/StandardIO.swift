import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes framed messages to a file descriptor (standard output), one whole message at a time.
///
/// A client that stops reading fills the pipe, and a blocking write would hold the server (and
/// every message after it: `shutdown`, `exit`) for as long as it does. So each write waits for
/// room with `poll` and writes what fits. The output waiting is bounded by the pipe's own
/// buffer and the one message being written (every other sender waits for it); the sink gives
/// up, dropping this and every later message, when
/// - the client has closed its side (``inputEnded()``) and a write has waited
///   ``abandonAfterInputEnded`` seconds more, so that the server reaches `exit` and the process
///   ends within the grace period (it took 8 s); or
/// - the input is still open but not one byte could be written for `stallTimeout` seconds: the
///   client is alive but no longer reads (hung, or stopped by a debugger). Then `onStall` is
///   called once, with the seconds waited; the stdio server logs it and exits (status 1)
///   rather than block forever.
public final class FileDescriptorSink: MessageSink, @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private let state = NSLock()
    private var inputHasEnded = false
    private var abandoned = false
    private let stallTimeout: Double?
    private let onStall: @Sendable (Double) -> Void
    /// Seconds a write may wait for the reader after the input ended.
    public static let abandonAfterInputEnded: Double = 1
    /// Seconds a write may make no progress at all while the input is open before the client
    /// counts as gone (``StandardIOServer`` default; `WRITING_TOOLS_LSP_WRITE_TIMEOUT` sets it).
    public static let defaultStallTimeout: Double = 60

    /// Creates a sink writing to `fd` (1 for standard output). With a `stallTimeout` (seconds),
    /// a write that makes no progress for that long abandons the output and calls `onStall`
    /// once; without one, a write waits for the reader as long as the input is open.
    public init(fd: Int32, stallTimeout: Double? = nil, onStall: @escaping @Sendable (Double) -> Void = { _ in }) {
        self.fd = fd
        self.stallTimeout = stallTimeout
        self.onStall = onStall
    }

    /// True once the sink has given up on the reader (every later message is dropped).
    public var hasGivenUp: Bool { shouldGiveUp.abandoned }

    /// Says that the client closed its side (end of standard input).
    public func inputEnded() {
        state.lock(); inputHasEnded = true; state.unlock()
    }

    private var shouldGiveUp: (ended: Bool, abandoned: Bool) {
        state.lock(); defer { state.unlock() }
        return (inputHasEnded, abandoned)
    }

    private func abandon() { state.lock(); abandoned = true; state.unlock() }

    /// Writes the message; stops quietly when the reader went away (or stopped reading after
    /// the input ended).
    public func send(_ framedMessage: Data) {
        lock.lock()
        defer { lock.unlock() }
        if shouldGiveUp.abandoned { return }
        framedMessage.withUnsafeBytes { (p: UnsafeRawBufferPointer) in
            guard let base = p.baseAddress else { return }
            var offset = 0
            var waitedSinceEnd = 0.0
            // When the last byte was written (or the write began): a stall is measured on the
            // clock, not in poll rounds, which a loaded machine stretches.
            var lastProgress = DispatchTime.now().uptimeNanoseconds
            while offset < p.count {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&pfd, 1, 100)
                if ready == 0 || (ready < 0 && errno == EINTR) {
                    if shouldGiveUp.ended {
                        waitedSinceEnd += 0.1
                        if waitedSinceEnd >= Self.abandonAfterInputEnded { abandon(); return }
                    }
                    if let stallTimeout {
                        let waited = Double(DispatchTime.now().uptimeNanoseconds - lastProgress) / 1e9
                        if waited >= stallTimeout {
                            abandon()
                            onStall(waited)
                            return
                        }
                    }
                    continue
                }
                if ready < 0 || pfd.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && pfd.revents & Int16(POLLOUT) == 0 { return }
                // Room for at least one page: at most that much, so that the write never blocks.
                let chunk = min(p.count - offset, 4096)
                #if canImport(Glibc)
                let n = Glibc.write(fd, base + offset, chunk)
                #elseif canImport(Musl)
                let n = Musl.write(fd, base + offset, chunk)
                #else
                let n = Darwin.write(fd, base + offset, chunk)
                #endif
                if n > 0 { offset += n; lastProgress = DispatchTime.now().uptimeNanoseconds; continue }
                if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
        }
    }
}

/// Runs the language server on the process's standard input and output (LSP 3.17 §"Base
/// Protocol" over stdio). Logs go to standard error only; standard output carries nothing but
/// protocol messages.
public enum StandardIOServer {
    /// Serves until the client sends `exit` or closes standard input, and returns the exit code:
    /// 0 after `shutdown` then `exit`, 1 when `exit` came without `shutdown`, the input ended
    /// without `exit`, or the client stopped reading our output for
    /// `WRITING_TOOLS_LSP_WRITE_TIMEOUT` seconds (default ``FileDescriptorSink/defaultStallTimeout``)
    /// while keeping its side open. Either way, requests received before are answered first: given up to
    /// ``LanguageServer/exitGrace`` (5 s), then cancelled (answered with `RequestCancelled`).
    ///
    /// `input` and `output` are the file descriptors read and written (standard input and
    /// output by default; a test passes pipes to run the whole server in its own process).
    /// Blocks the calling thread until the server ends.
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment,
                           input: Int32 = 0, output: Int32 = 1) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let exitCode = ExitBox()
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let options = ServerOptions(environment: environment, log: log, onExit: { code in
            exitCode.set(code)
            done.signal()
        })
        // A client that keeps its side open but stops reading: after the stall timeout without
        // one byte written, log and exit rather than block forever (issue 35).
        let stallTimeout = environment["WRITING_TOOLS_LSP_WRITE_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            ?? FileDescriptorSink.defaultStallTimeout
        let sink = FileDescriptorSink(fd: output, stallTimeout: stallTimeout) { waited in
            log("writing-tools lsp: the client has read none of our output for \(Int(waited.rounded())) s (WRITING_TOOLS_LSP_WRITE_TIMEOUT=\(stallTimeout)); exiting")
            exitCode.set(1)
            done.signal()
        }
        let connection = LanguageServerConnection(sink: sink, options: options)
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        // On the server's own thread, not the shared pool (``LanguageServer/messageThread``).
        Task(executorPreference: connection.server.messageThread, priority: LanguageServer.messagePriority) {
            await connection.serve(stream)
            // The client closed its side: what it asked before is still answered.
            await connection.server.finishAnswering()
            exitCode.set(1)
            done.signal()
        }
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var lifecycle = LifecycleWatch()
            while true {
                let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if n > 0 {
                    let chunk = Data(buffer[0..<n])
                    // `exit` ends the process by the deadline even when no thread is free to
                    // handle it (long synchronous work on every one): the server's own deadline
                    // starts only once the message is handled.
                    if lifecycle.feed(chunk) {
                        let code: Int32 = lifecycle.sawShutdown ? 0 : 1
                        LanguageServer.atDeadline(LanguageServer.exitGrace) {
                            exitCode.set(code)
                            done.signal()
                        }
                    }
                    continuation.yield(chunk)
                    continue
                }
                if n < 0 && errno == EINTR { continue }
                break
            }
            continuation.finish()
            sink.inputEnded()
            // The client is gone: whatever is still running (an answer that never finishes, an
            // actor busy with a large document, output the client no longer reads), the process
            // ends within the grace period (issue 35: it took 8 s), on a thread of its own (a
            // timer on a dispatch queue waits for a free thread like any task).
            LanguageServer.atDeadline(LanguageServer.exitGrace) {
                exitCode.set(1)
                done.signal()
            }
        }
        reader.start()
        done.wait()
        return exitCode.value ?? 1
    }
}

/// Watches the raw input for `shutdown` and `exit` (small messages; larger ones are skipped
/// unread), apart from the server, which may be slow to handle them.
struct LifecycleWatch {
    private var framer = MessageFramer(maximumMessageLength: 4096)
    /// True once a `shutdown` request went by.
    private(set) var sawShutdown = false
    private var sawExit = false

    /// Reads `bytes`; true when they complete the first `exit` notification.
    mutating func feed(_ bytes: Data) -> Bool {
        var exitNow = false
        for event in framer.feed(bytes) {
            guard case let .message(body) = event,
                  let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let method = object["method"] as? String else { continue }
            if method == "shutdown" && object["id"] != nil { sawShutdown = true }
            if method == "exit" && object["id"] == nil && !sawExit {
                sawExit = true
                exitNow = true
            }
        }
        return exitNow
    }
}

/// The first exit code set wins.
private final class ExitBox: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32?
    func set(_ c: Int32) { lock.lock(); if code == nil { code = c }; lock.unlock() }
    var value: Int32? { lock.lock(); defer { lock.unlock() }; return code }
}
