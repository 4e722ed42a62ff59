// Streaming overhead: from a chunk written to the socket by the model server to its text
// reaching the Writing Tools session's live preview (issue 4). The server
// (stream_server.py) stamps each SSE delta with CLOCK_MONOTONIC; the preview callback of
// WritingToolsRunner, fed by LanguageModelToolEngine over OpenAICompatibleModel, reads the
// clock again. Prints the median, p95 and max in ms as JSON. Usage: streaming-benchmark PORT
import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

func monotonicNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

final class Samples: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Double] = []
    private var partial = ""
    func add(_ piece: String) {
        let now = monotonicNanoseconds()
        lock.lock(); defer { lock.unlock() }
        partial += piece
        while let space = partial.firstIndex(of: " ") {
            if let sent = Int64(partial[..<space]) { values.append(Double(now - sent) / 1e6) }
            partial = String(partial[partial.index(after: space)...])
        }
    }
    var sorted: [Double] { lock.lock(); defer { lock.unlock() }; return values.sorted() }
}

guard CommandLine.arguments.count > 1, let port = Int(CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: streaming-benchmark PORT\n".utf8))
    exit(2)
}
let samples = Samples()
let model = OpenAICompatibleModel(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, model: "bench")
let engine = LanguageModelToolEngine(model: model)
let done = DispatchSemaphore(value: 0)
Task.detached {
    // The answer is timestamps, which the output contract rejects: only the stream is measured.
    _ = try? await WritingToolsRunner().run(.friendly, text: "A sentence to rewrite in a friendlier tone, for the benchmark.",
                                            engine: engine, preview: { samples.add($0) })
    done.signal()
}
done.wait()
let v = samples.sorted
guard !v.isEmpty else { print("{\"error\": \"no samples\"}"); exit(1) }
print(String(format: "{\"n\": %d, \"median_ms\": %.3f, \"p95_ms\": %.3f, \"max_ms\": %.3f}", v.count, v[v.count / 2], v[Int(Double(v.count) * 0.95)], v[v.count - 1]))
