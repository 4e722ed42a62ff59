import Foundation
@testable import WritingToolsLSP

/// Collects what the server writes.
final class CollectingSink: MessageSink, @unchecked Sendable {
    private let lock = NSLock()
    private var framer = MessageFramer()
    private var received: [JSONValue] = []

    func send(_ framedMessage: Data) {
        lock.lock(); defer { lock.unlock() }
        for event in framer.feed(framedMessage) {
            if case let .message(body) = event, let v = try? JSONDecoder().decode(JSONValue.self, from: body) { received.append(v) }
        }
    }

    var messages: [JSONValue] { lock.lock(); defer { lock.unlock() }; return received }
}

final class ExitRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [Int32] = []
    func record(_ c: Int32) { lock.lock(); codes.append(c); lock.unlock() }
    var value: [Int32] { lock.lock(); defer { lock.unlock() }; return codes }
}

struct Timeout: Error, CustomStringConvertible {
    var description: String
}

/// An in-memory LSP client.
final class TestClient: Sendable {
    let sink = CollectingSink()
    let exits = ExitRecorder()
    let connection: LanguageServerConnection
    var server: LanguageServer { connection.server }

    init(environment: [String: String] = ["HOME": "/nonexistent-home"], maximumMessageLength: Int = 64 << 20) {
        let exits = self.exits
        connection = LanguageServerConnection(sink: sink, options: ServerOptions(environment: environment, log: { _ in },
                                                                                   onExit: { exits.record($0) },
                                                                                   maximumMessageLength: maximumMessageLength,
                                                                                   // The tests answer at once; under a full run's load
                                                                                   // (CI) the 30 s passed before the answer was read.
                                                                                   applyEditTimeout: .seconds(TestClient.patience)))
    }

    static func frame(_ json: String) -> Data { MessageFramer.frame(Data(json.utf8)) }

    static func json(_ value: JSONValue) -> String { String(decoding: try! JSONEncoder().encode(value), as: UTF8.self) }

    func sendRaw(_ bytes: Data) async { await connection.receive(bytes) }

    func notify(_ method: String, _ params: JSONValue = .object([:])) async {
        await sendRaw(Self.frame(Self.json(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))))
    }

    func sendRequest(_ id: Int, _ method: String, _ params: JSONValue = .object([:])) async {
        await sendRaw(Self.frame(Self.json(.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]))))
    }

    /// Sends a request and waits for its response.
    func request(_ id: Int, _ method: String, _ params: JSONValue = .object([:]), timeout: Double = TestClient.patience) async throws -> JSONValue {
        await sendRequest(id, method, params)
        return try await response(id, timeout: timeout)
    }

    func response(_ id: Int, timeout: Double = TestClient.patience) async throws -> JSONValue {
        try await waitFor(timeout: timeout, "response \(id)") { $0["id"] == .int(id) && $0["method"] == nil }
    }

    /// How long a test waits, by default, for a message it expects: long, because a wait ends as
    /// soon as the message arrives, and a new user's run of the whole suite on a machine at load
    /// 23 saw the first diagnostics of 23 tests take over 60 s (every suite runs at once, and
    /// the first check of the process loads the dictionaries and vocabulary for all of them).
    static let patience: Double = 300

    /// Waits for the first message (from index `after`) matching `predicate`.
    func waitFor(after: Int = 0, timeout: Double = TestClient.patience, _ what: String, _ predicate: (JSONValue) -> Bool) async throws -> JSONValue {
        // Wall-clock deadline, generous: with every suite running at once on two cores, tests
        // that block the cooperative pool (a CLI test waiting for its process) can starve this
        // task and the server's for tens of seconds; the last look after the deadline catches a
        // message that arrived while this task was starved.
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let m = sink.messages.dropFirst(after).first(where: predicate) { return m }
            try await Task.sleep(for: .milliseconds(5))
        }
        if let m = sink.messages.dropFirst(after).first(where: predicate) { return m }
        throw Timeout(description: "timed out waiting for \(what); got \(sink.messages)")
    }

    /// Waits for diagnostics of `uri` at `version`, published after message index `after`.
    func diagnostics(_ uri: String, version: Int, after: Int = 0) async throws -> [JSONValue] {
        let m = try await waitFor(after: after, "diagnostics for \(uri) v\(version)") {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
                && $0["params"]?["version"]?.intValue == version
        }
        return m["params"]?["diagnostics"]?.arrayValue ?? []
    }

    func initialize(encodings: [String]? = nil, options: JSONValue = .object(["debounceMilliseconds": .int(10)]),
                    rootUri: String? = nil, applyEdit: Bool = true, workspaceEdit: JSONValue? = nil) async throws -> JSONValue {
        var workspace: [String: JSONValue] = ["applyEdit": .bool(applyEdit)]
        if let workspaceEdit { workspace["workspaceEdit"] = workspaceEdit }
        var caps: [String: JSONValue] = ["workspace": .object(workspace)]
        if let encodings { caps["general"] = .object(["positionEncodings": .array(encodings.map { .string($0) })]) }
        var params: [String: JSONValue] = ["processId": .null, "capabilities": .object(caps), "initializationOptions": options]
        if let rootUri { params["rootUri"] = .string(rootUri) }
        let r = try await request(0, "initialize", .object(params))
        await notify("initialized")
        return r
    }

    func open(_ uri: String, _ text: String, language: String = "markdown", version: Int = 1) async {
        await notify("textDocument/didOpen", .object(["textDocument": .object([
            "uri": .string(uri), "languageId": .string(language), "version": .int(version), "text": .string(text)])]))
    }

    func change(_ uri: String, version: Int, _ changes: [JSONValue]) async {
        await notify("textDocument/didChange", .object([
            "textDocument": .object(["uri": .string(uri), "version": .int(version)]), "contentChanges": .array(changes)]))
    }

    var count: Int { sink.messages.count }
}

func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> JSONValue {
    .object(["start": .object(["line": .int(l1), "character": .int(c1)]), "end": .object(["line": .int(l2), "character": .int(c2)])])
}

func rangeTuple(_ d: JSONValue) -> [Int] {
    let r = d["range"]
    return [r?["start"]?["line"], r?["start"]?["character"], r?["end"]?["line"], r?["end"]?["character"]].map { $0?.intValue ?? -1 }
}
