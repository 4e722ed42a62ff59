import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command reads its input and writes its output; the real process uses file
/// descriptors 0, 1 and 2, tests use memory.
public protocol CommandIO: AnyObject {
    /// Reads whatever standard input has available, blocking until some data or end of input;
    /// returns nil at end of input.
    func readStandardInputChunk() -> Data?
    /// Waits up to `microseconds` for standard input to have data (or reach its end) without
    /// giving up the processor, so that a client sending its next request right after reading
    /// an answer finds this process still running, instead of waking it from sleep. The caller
    /// then reads with ``readStandardInputChunk()``, which blocks as before when the wait ran
    /// out. The default returns at once.
    func spinWaitForStandardInput(microseconds: Int)
    /// Writes to standard output.
    func writeOutput(_ text: String)
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Why writing to standard output failed (a full disk, a closed descriptor), or nil when
    /// every write went through: the command then fails instead of claiming success with its
    /// output cut short. The default is nil.
    var outputFailure: String? { get }
    /// True when standard output is a terminal (colour is used only then).
    var outputIsTerminal: Bool { get }
    /// True when standard input is a terminal (a prompt says that input is awaited). The
    /// default is false.
    var inputIsTerminal: Bool { get }
    /// True when standard error is a terminal (a model's live preview is shown only then).
    var errorIsTerminal: Bool { get }
    /// The process environment (`NO_COLOR` turns colour off, as https://no-color.org asks).
    var environment: [String: String] { get }
    /// Runs `body` with standard input delivering single keypresses: a terminal is put in raw
    /// mode (no line editing, no echo; Ctrl-C arrives as a byte) and restored afterwards; other
    /// input is read as it is. The default runs `body` as it is.
    func withSingleKeyInput<T>(_ body: () throws -> T) rethrows -> T
}

extension CommandIO {
    public func spinWaitForStandardInput(microseconds: Int) {}

    public var outputFailure: String? { nil }

    public var inputIsTerminal: Bool { false }

    /// Runs `body` as it is (input without a terminal).
    public func withSingleKeyInput<T>(_ body: () throws -> T) rethrows -> T { try body() }

    /// Reads standard input to its end.
    func readAllStandardInput() -> Data {
        var data = Data()
        while let chunk = readStandardInputChunk() { data.append(chunk) }
        return data
    }
}

/// The terminal mode to restore from a signal handler (set only while in raw mode).
nonisolated(unsafe) private var savedTerminalMode = termios()

/// The process's own standard streams.
public final class ProcessIO: CommandIO {
    /// Creates the process IO.
    public init() {}

    public func readStandardInputChunk() -> Data? {
        // An uninitialised buffer on the stack: a request of a few hundred bytes should not pay
        // for clearing 64 KiB.
        withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { buffer in
            while true {
                let n = read(0, buffer.baseAddress, buffer.count)
                if n > 0 { return Data(bytes: buffer.baseAddress!, count: n) }
                if n == 0 { return nil }
                if errno == EINTR { continue }
                return nil
            }
        }
    }

    /// Polls file descriptor 0 (`poll` with no timeout) until it is readable or `microseconds`
    /// have passed on the monotonic clock, yielding the processor to any other runnable thread
    /// between polls (`sched_yield`): spin-then-block, as low-latency servers wait (Linux's
    /// `busy_poll`, Go's spinning scheduler threads). On a virtual machine, waking a sleeping
    /// process through a pipe costs tens of microseconds; spinning for a request that comes
    /// within the window avoids that, and leaves the caches warm.
    public func spinWaitForStandardInput(microseconds: Int) {
        guard microseconds > 0 else { return }
        var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let budget = microseconds * 1000
        while poll(&fd, 1, 0) == 0 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            if (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) >= budget { return }
            sched_yield()
        }
    }

    public func writeOutput(_ text: String) {
        // After a failed write, nothing more is written: the output is incomplete already.
        guard failure.withLock({ $0 }) == nil else { return }
        if let reason = Self.write(fd: 1, text) { failure.withLock { $0 = reason } }
    }
    public func writeError(_ text: String) { _ = Self.write(fd: 2, text) }

    /// The first failure to write standard output.
    private let failure = Mutex<String?>(nil)
    public var outputFailure: String? { failure.withLock { $0 } }

    /// Writes `text` to `fd`; returns why it could not, or nil.
    private static func write(fd: Int32, _ text: String) -> String? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { p in
                #if canImport(Glibc)
                Glibc.write(fd, p.baseAddress! + offset, p.count - offset)
                #elseif canImport(Musl)
                Musl.write(fd, p.baseAddress! + offset, p.count - offset)
                #else
                Darwin.write(fd, p.baseAddress! + offset, p.count - offset)
                #endif
            }
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            // The reader went away (EPIPE): end as a process killed by SIGPIPE would (status 141
            // in a shell), quietly, as `head` users expect; never claim success.
            if errno == EPIPE {
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
                exit(141)
            }
            return String(cString: strerror(errno))
        }
        return nil
    }

    public var outputIsTerminal: Bool { isatty(1) != 0 }
    public var inputIsTerminal: Bool { isatty(0) != 0 }
    public var errorIsTerminal: Bool { isatty(2) != 0 }

    /// Puts the terminal on standard input in raw mode (termios: no canonical line input, no
    /// echo, no signal keys, one byte at a time) for `body`, and restores it after, also when
    /// `body` throws, and when SIGTERM, SIGHUP, SIGINT or SIGQUIT ends the process meanwhile
    /// (the signal's default action then, without Swift's crash handler). Not a terminal:
    /// runs `body` as it is.
    public func withSingleKeyInput<T>(_ body: () throws -> T) rethrows -> T {
        var saved = termios()
        guard isatty(0) != 0, tcgetattr(0, &saved) == 0 else { return try body() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return try body() }
        savedTerminalMode = saved
        // Killed while in raw mode: put the terminal back first (tcsetattr is async-signal-safe).
        let restoreAndDie: @convention(c) (Int32) -> Void = { sig in
            var mode = savedTerminalMode
            _ = tcsetattr(0, TCSANOW, &mode)
            signal(sig, SIG_DFL)
            raise(sig)
        }
        // SIGINT and SIGQUIT too (`kill -INT`; the keys themselves are off in raw mode): the
        // default action ends the process, and SIGQUIT's crash report must not start on a raw
        // terminal.
        let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
        let previous = endingSignals.map { signal($0, restoreAndDie) }
        defer {
            _ = tcsetattr(0, TCSAFLUSH, &saved)
            for (sig, old) in zip(endingSignals, previous) { signal(sig, old) }
        }
        return try body()
    }
    public var environment: [String: String] { ProcessInfo.processInfo.environment }
}

/// In-memory streams for tests and embedding.
public final class MemoryIO: CommandIO {
    private var input: [Data]
    /// Everything written to standard output.
    public private(set) var output = ""
    /// Everything written to standard error.
    public private(set) var error = ""
    public var outputIsTerminal: Bool
    public var errorIsTerminal = false
    public var environment: [String: String]

    /// Creates streams whose standard input yields `input` in the given chunks.
    public init(input: [Data] = [], outputIsTerminal: Bool = false, environment: [String: String] = [:]) {
        self.input = input
        self.outputIsTerminal = outputIsTerminal
        self.environment = environment
    }

    /// Creates streams whose standard input is `text`.
    public convenience init(stdin text: String, outputIsTerminal: Bool = false) {
        self.init(input: [Data(text.utf8)], outputIsTerminal: outputIsTerminal)
    }

    public func readStandardInputChunk() -> Data? { input.isEmpty ? nil : input.removeFirst() }
    public func writeOutput(_ text: String) { output += text }
    public func writeError(_ text: String) { error += text }
}
