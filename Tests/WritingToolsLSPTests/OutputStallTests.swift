import Foundation
import Testing
@testable import WritingToolsLSP
#if canImport(Glibc)
import Glibc
#endif

/// The server's output to a client that stops reading but keeps its side open (issue 35): a
/// write that makes no progress for the stall timeout gives up and says so, instead of
/// blocking forever; a slow reader that keeps reading is never given up on. (The whole
/// process against a real client that stops reading: Tests/lsp-e2e/test_lsp_robustness.py.)
@Suite("Transport: a stalled output is given up on")
struct OutputStallTests {
    /// A pipe; closes both ends when the test ends.
    final class Pipe: @unchecked Sendable {
        let read: Int32, write: Int32
        init() throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
            read = fds[0]; write = fds[1]
        }
        deinit { close(read); close(write) }
    }

    /// A value shared with another thread, behind a lock.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<R>(_ body: (inout Value) -> R) -> R { lock.lock(); defer { lock.unlock() }; return body(&value) }
    }

    @Test func aWriteNobodyReadsGivesUpAfterTheStallTimeout() throws {
        let pipe = try Pipe()
        let stalls = Locked<[Double]>([])
        let sink = FileDescriptorSink(fd: pipe.write, stallTimeout: 0.5) { waited in stalls.withLock { $0.append(waited) } }
        let started = Date()
        sink.send(Data(repeating: 0x61, count: 1 << 20))  // far more than a pipe holds
        let took = Date().timeIntervalSince(started)
        #expect(took >= 0.5 && took < 10, "\(took) s")
        #expect(sink.hasGivenUp)
        #expect(stalls.withLock { $0.count } == 1)
        #expect(stalls.withLock { $0.first ?? 0 } >= 0.5)
        // Every later message is dropped at once, and the stall is reported only once.
        let again = Date()
        sink.send(Data(repeating: 0x62, count: 1 << 16))
        #expect(Date().timeIntervalSince(again) < 0.5)
        #expect(stalls.withLock { $0.count } == 1)
    }

    @Test func aSlowReaderThatKeepsReadingGetsEverything() throws {
        let pipe = try Pipe()
        let stalls = Locked<Int>(0)
        let sink = FileDescriptorSink(fd: pipe.write, stallTimeout: 3) { _ in stalls.withLock { $0 += 1 } }
        let message = Data((0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let received = Locked<Data>(Data())
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while received.withLock({ $0.count }) < message.count {
                usleep(20_000)  // 16 KB every 20 ms: slower than the writer, never stalled for 3 s
                let n = buffer.withUnsafeMutableBytes { Glibc.read(pipe.read, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                received.withLock { $0.append(contentsOf: buffer[0..<n]) }
            }
        }
        reader.start()
        sink.send(message)
        let deadline = Date().addingTimeInterval(30)
        while received.withLock({ $0.count }) < message.count, Date() < deadline { usleep(10_000) }
        #expect(received.withLock { $0 } == message)
        #expect(stalls.withLock { $0 } == 0)
        #expect(!sink.hasGivenUp)
    }
}
