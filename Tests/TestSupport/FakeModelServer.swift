import Foundation
import LanguageModels
#if canImport(Glibc)
import Glibc
#endif

/// The scripted model server of `fake_model_server.py` (fault injection: refused connections,
/// HTTP errors, slow or cut streams, bad outputs), started on 127.0.0.1 for one test and
/// stopped when the value is released. The request's `model` names the scenario (see the
/// script's docstring).
public final class FakeModelServer: @unchecked Sendable {
    // @unchecked: immutable after init; the process is only stopped in deinit.
    /// `http://127.0.0.1:<port>`.
    public let root: URL
    /// The OpenAI-compatible base URL (`root` + `/v1`).
    public var openAIBaseURL: URL { root.appendingPathComponent("v1") }
    private let process: Process
    private let stdin: Pipe

    /// Starts the server.
    /// - Throws: when python3 is missing or the server does not report its port.
    public init() throws {
        guard let script = Bundle.module.path(forResource: "fake_model_server", ofType: "py") else {
            throw FakeServerError("fake_model_server.py is not in the test bundle")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", script]
        let out = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardInput = input
        p.standardError = FileHandle.nullDevice
        try p.run()
        var line = Data()
        let handle = out.fileHandleForReading
        while !line.contains(0x0A) {
            let d = handle.availableData
            if d.isEmpty { break }
            line.append(d)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            p.terminate()
            throw FakeServerError("the fake server did not start: \(text)")
        }
        self.root = URL(string: "http://127.0.0.1:\(port)")!
        self.process = p
        self.stdin = input
    }

    deinit {
        // Never waits on a run loop: deinit may run on a cooperative thread, and blocking those
        // starves the tests running beside it.
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        var tries = 0
        while process.isRunning && tries < 200 { usleep(5_000); tries += 1 }
    }

    /// The last request the server received: `path`, `headers`, `body`.
    public func lastRequest() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("last"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// What the last `huge` or `hugeline` answer did: `sent` (bytes of body written) and
    /// `finished` (true when the server wrote all of it: the client never hung up).
    public func floodStats() throws -> (sent: Int, finished: Bool) {
        let data = try Data(contentsOf: root.appendingPathComponent("stats"))
        let obj = (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        return ((obj["sent"] as? Int) ?? -1, (obj["finished"] as? Bool) ?? true)
    }

    /// A URL on 127.0.0.1 where nothing listens (a port that was free a moment ago).
    public static func deadURL() -> URL {
        URL(string: "http://127.0.0.1:\((try? LlamaServer.freePort()) ?? 9)")!
    }
}

/// A failure to run the fake server.
public struct FakeServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ d: String) { description = d }
}
