import Foundation
import Testing
import WritingToolsTestSupport
@testable import WritingToolsLSP
#if canImport(Glibc)
import Glibc
#endif

/// The language server answers while another part of its process holds every thread of Swift's
/// shared cooperative pool: its messages, checks and requests run on threads of its own
/// (``LanguageServer/messageThread``, ``LanguageServer/workThreads``). Among every test suite
/// at once on two cores, the language server's suites timed out waiting for diagnostics
/// whenever other suites held both of the pool's threads at a priority; a server embedded in
/// any busy process would hang the same way (the HTTP server's model runs did:
/// `ModelRunThreadsTests`).
@Suite("LSP: answers while every pool thread is held", .serialized)
struct PoolThreadsTests {
    /// The whole server (``StandardIOServer/run(environment:input:output:)``: the reading
    /// thread, the framing, the server, the writing sink) on two pipes, run on a thread of its
    /// own; the test talks to it from plain threads, never from the pool.
    final class PipeServer: @unchecked Sendable {
        // @unchecked: `messages`, `framer` and `exitCode` are guarded by `lock`; the descriptors
        // are immutable.
        private let lock = NSCondition()
        private var messages: [JSONValue] = []
        private var framer = MessageFramer()
        private var exitCode: Int32?
        private let toServer: Int32
        private let fromServer: Int32

        init(environment: [String: String]) {
            var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
            precondition(pipe(&input) == 0 && pipe(&output) == 0)
            toServer = input[1]
            fromServer = output[0]
            let (serverIn, serverOut) = (input[0], output[1])
            Thread.detachNewThread { [self] in
                let code = StandardIOServer.run(environment: environment, input: serverIn, output: serverOut)
                lock.withLock { exitCode = code; lock.broadcast() }
            }
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    lock.withLock {
                        for event in framer.feed(Data(buffer[0..<n])) {
                            if case let .message(body) = event, let v = try? JSONDecoder().decode(JSONValue.self, from: body) { messages.append(v) }
                        }
                        lock.broadcast()
                    }
                }
            }
        }

        /// Writes one framed message (blocking, on the caller's thread).
        func send(_ value: JSONValue) {
            let data = MessageFramer.frame(try! JSONEncoder().encode(value))
            data.withUnsafeBytes { p in
                var offset = 0
                while offset < p.count {
                    let n = write(toServer, p.baseAddress! + offset, p.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return }
                    offset += n
                }
            }
        }

        func request(_ id: Int, _ method: String, _ params: JSONValue = .object([:])) {
            send(.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]))
        }

        func notify(_ method: String, _ params: JSONValue = .object([:])) {
            send(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
        }

        /// The first message matching `predicate` within `seconds`, nil if none came.
        func waitFor(_ seconds: Double, _ predicate: (JSONValue) -> Bool) -> JSONValue? {
            let deadline = Date().addingTimeInterval(seconds)
            return lock.withLock {
                while true {
                    if let m = messages.first(where: predicate) { return m }
                    if !lock.wait(until: deadline) { return messages.first(where: predicate) }
                }
            }
        }

        func response(_ id: Int, within seconds: Double) -> JSONValue? {
            waitFor(seconds) { $0["id"] == .int(id) && $0["method"] == nil }
        }

        /// The server's exit code once `run` returned, nil if it did not within `seconds`.
        func exit(within seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            return lock.withLock {
                while exitCode == nil { if !lock.wait(until: deadline) { break } }
                return exitCode
            }
        }

        /// Closes our ends (the server's reading thread sees the end of its input).
        func close() {
            Glibc.close(toServer)
        }
    }

    static let uri = "file:///pool-threads.md"
    static let text = "In order to decide, we need to look at the data.\n\nPlease send teh report before Friday.\n"

    /// A whole session, each step given `seconds`: initialize, a didOpen's diagnostics, a code
    /// action for its finding, the Rewrite tool on the first paragraph through the language
    /// model at `model` (`writing-tools.runTool`: the model's answer, the server's
    /// `workspace/applyEdit`, the command's answer), shutdown, exit (the process's `run` returns
    /// 0). Returns what failed (empty when every step was answered in time) and the seconds each
    /// step took.
    static func session(_ server: PipeServer, model: URL, seconds: Double) -> (failures: [String], steps: [String]) {
        var failures: [String] = []
        var steps: [String] = []
        var clock = ContinuousClock.now
        func step(_ name: String) {
            let now = ContinuousClock.now
            let d = now - clock
            steps.append("\(name) \(String(format: "%.2f", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)) s")
            clock = now
        }
        defer { server.close() }
        server.request(1, "initialize", .object([
            "processId": .null, "capabilities": .object(["workspace": .object(["applyEdit": true])]),
            "initializationOptions": .object(["debounceMilliseconds": .int(10), "model": .object([
                "provider": "openai", "baseURL": .string(model.absoluteString), "model": "replace:In order to=>To"])])]))
        guard server.response(1, within: seconds)?["result"]?["capabilities"] != nil else {
            return (["initialize was not answered within \(seconds) s"], steps)
        }
        step("initialize")
        server.notify("initialized")
        server.notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text)])]))
        let published = server.waitFor(seconds) {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.intValue == 1
        }
        guard let diagnostic = published?["params"]?["diagnostics"]?.arrayValue?.first, let range = diagnostic["range"] else {
            return (failures + ["no diagnostics for the didOpen within \(seconds) s: \(String(describing: published))"], steps)
        }
        step("diagnostics")
        server.request(2, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .string(uri)]), "range": range,
            "context": .object(["diagnostics": .array([diagnostic])])]))
        let actions = server.response(2, within: seconds)?["result"]?.arrayValue ?? []
        if !actions.contains(where: { $0["title"]?.stringValue?.contains("the") == true }) {
            failures.append("no quick fix “the” within \(seconds) s: \(actions)")
        }
        step("codeAction")
        server.request(4, "workspace/executeCommand", .object(["command": "writing-tools.runTool", "arguments": .array([.object([
            "uri": .string(uri), "tool": "rewrite", "version": 1,
            "range": .object(["start": .object(["line": 0, "character": 0]), "end": .object(["line": 1, "character": 0])])])])]))
        let edit = server.waitFor(seconds) { $0["method"]?.stringValue == "workspace/applyEdit" && $0["id"] != nil }
        if let edit, let editID = edit["id"] {
            server.send(.object(["jsonrpc": "2.0", "id": editID, "result": .object(["applied": true])]))
            let edits = edit["params"]?["edit"]?["changes"]?[uri]?.arrayValue ?? []
            if !edits.contains(where: { $0["newText"]?.stringValue?.contains("To decide") == true }) {
                failures.append("the model's rewrite is not in the edit: \(edit)")
            }
            let answer = server.response(4, within: seconds)
            if answer?["result"]?["applied"] != true { failures.append("runTool answered \(String(describing: answer)) within \(seconds) s") }
        } else {
            failures.append("no workspace/applyEdit for the model's rewrite within \(seconds) s: \(String(describing: server.response(4, within: 0)))")
        }
        step("runTool (model)")
        server.request(3, "shutdown", .null)
        if server.response(3, within: seconds) == nil { failures.append("shutdown was not answered within \(seconds) s") }
        step("shutdown")
        server.notify("exit")
        let code = server.exit(within: seconds)
        if code != 0 { failures.append("after exit, run returned \(String(describing: code)) within \(seconds) s (0 expected)") }
        step("exit")
        return (failures, steps)
    }

    /// Every step of a session is answered within 60 s (alone each takes well under a second
    /// once the dictionaries are loaded; among every LSP suite at once under ThreadSanitizer a
    /// step with the pool free took 29 s, waiting for other tests' checks on the work threads)
    /// while the pool's threads are held at every priority. Before the server had threads of
    /// its own, `initialize` was never answered while they were held.
    /// A first session, the pool free, loads what checking needs, so that the held one
    /// measures waiting for threads, not loading.
    @Test func aSessionIsAnsweredWhileEveryPoolThreadIsHeld() async throws {
        let fake = try FakeModelServer()
        let model = fake.openAIBaseURL
        let environment = ["HOME": "/nonexistent-home"]
        let warm = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.session(PipeServer(environment: environment), model: model, seconds: 300)) }
        }
        try #require(warm.failures.isEmpty, "the pool free: \(warm.failures); \(warm.steps)")
        let ((failures, steps), held) = await PoolOccupation.whileHeld(limit: .seconds(400)) {
            Self.session(PipeServer(environment: environment), model: model, seconds: 60)
        }
        #expect(held > 0, "no pool thread was held: the test proves nothing")
        #expect(failures.isEmpty, "held \(held) pool threads: \(failures); steps: \(steps)")
        print("PoolThreadsTests: pool free: \(warm.steps); \(held) pool threads held: \(steps)")
    }
}
