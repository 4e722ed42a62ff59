import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes framed messages to a file descriptor (standard output), one whole message at a time.
public final class FileDescriptorSink: MessageSink, @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()

    /// Creates a sink writing to `fd` (1 for standard output).
    public init(fd: Int32) { self.fd = fd }

    /// Writes the message; stops quietly when the reader went away.
    public func send(_ framedMessage: Data) {
        lock.lock()
        defer { lock.unlock() }
        framedMessage.withUnsafeBytes { (p: UnsafeRawBufferPointer) in
            guard let base = p.baseAddress else { return }
            var offset = 0
            while offset < p.count {
                #if canImport(Glibc)
                let n = Glibc.write(fd, base + offset, p.count - offset)
                #elseif canImport(Musl)
                let n = Musl.write(fd, base + offset, p.count - offset)
                #else
                let n = Darwin.write(fd, base + offset, p.count - offset)
                #endif
                if n > 0 { offset += n; continue }
                if n < 0 && errno == EINTR { continue }
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
    /// 0 after `shutdown` then `exit`, 1 when `exit` came without `shutdown` or the input ended
    /// without `exit`. Either way, requests received before are answered first: given up to
    /// ``LanguageServer/exitGrace`` (5 s), then cancelled (answered with `RequestCancelled`).
    public static func run(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let exitCode = ExitBox()
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        let options = ServerOptions(environment: environment, log: log, onExit: { code in
            exitCode.set(code)
            done.signal()
        })
        let connection = LanguageServerConnection(sink: FileDescriptorSink(fd: 1), options: options)
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        Task {
            for await chunk in stream { await connection.receive(chunk) }
            // The client closed its side: what it asked before is still answered.
            await connection.server.finishAnswering()
            exitCode.set(1)
            done.signal()
        }
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if n > 0 { continuation.yield(Data(buffer[0..<n])); continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            continuation.finish()
            // The client is gone: whatever is still running, the process ends within the
            // grace period and a little more (a watchdog, should an answer never finish).
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(LanguageServer.exitGrace.components.seconds) + 3)) {
                exitCode.set(1)
                done.signal()
            }
        }
        reader.start()
        done.wait()
        return exitCode.value ?? 1
    }
}

/// The first exit code set wins.
private final class ExitBox: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32?
    func set(_ c: Int32) { lock.lock(); if code == nil { code = c }; lock.unlock() }
    var value: Int32? { lock.lock(); defer { lock.unlock() }; return code }
}
