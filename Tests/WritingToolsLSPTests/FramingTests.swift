import Foundation
import Testing
@testable import WritingToolsLSP

@Suite("Transport: Content-Length framing")
struct FramingTests {
    let a = #"{"jsonrpc":"2.0","method":"a"}"#
    let b = #"{"jsonrpc":"2.0","method":"b"}"#

    func bodies(_ events: [FramerEvent]) -> [String] {
        events.compactMap { if case let .message(d) = $0 { return String(decoding: d, as: UTF8.self) }; return nil }
    }

    @Test func splitByteByByte() {
        var f = MessageFramer()
        var events: [FramerEvent] = []
        for byte in TestClient.frame(a) { events += f.feed(Data([byte])) }
        #expect(bodies(events) == [a])
    }

    @Test func joinedMessagesAndExtraHeaders() {
        var f = MessageFramer()
        var data = Data("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: \(a.utf8.count)\r\n\r\n\(a)".utf8)
        data += TestClient.frame(b)
        #expect(bodies(f.feed(data)) == [a, b])
    }

    @Test func multiByteBodyLengthIsInBytes() {
        let c = #"{"jsonrpc":"2.0","method":"😀 日本"}"#
        var f = MessageFramer()
        #expect(bodies(f.feed(TestClient.frame(c) + TestClient.frame(a))) == [c, a])
    }

    /// Found by Fuzz/fuzz-lsp: letters before a header, longer than the framer looks ahead (64
    /// bytes), were cut where a read ended and the rest glued to `Content-Length` as a header
    /// name, so the message was lost when the bytes came in small reads, read when they came in one.
    @Test func lettersBeforeAHeaderAreSkippedWhateverTheReads() {
        let garbage = Data(String(repeating: "a", count: 100).utf8)
        for size in [1, 5, 7, 64, 1000] {
            var f = MessageFramer()
            var events: [FramerEvent] = []
            let bytes = garbage + TestClient.frame(a)
            var i = 0
            while i < bytes.count {
                events += f.feed(bytes[i..<min(i + size, bytes.count)])
                i += size
            }
            #expect(bodies(events) == [a], "reads of \(size) bytes")
        }
    }

    @Test func garbageBeforeAHeaderIsSkipped() {
        var f = MessageFramer()
        let events = f.feed(Data("}}garbage\n".utf8) + TestClient.frame(a))
        #expect(bodies(events) == [a])
        #expect(events.contains { if case .skippedGarbage = $0 { return true }; return false })
    }

    @Test func headerWithoutLengthIsReported() {
        var f = MessageFramer()
        let events = f.feed(Data("Content-Type: x\r\n\r\n".utf8) + TestClient.frame(a))
        #expect(events.first.map { if case .invalidHeader = $0 { return true }; return false } == true)
        #expect(bodies(events) == [a])
    }

    @Test func tooLargeMessageIsSkippedAsItArrives() {
        var f = MessageFramer(maximumMessageLength: 100)
        let big = "{\"x\":\"" + String(repeating: "y", count: 500) + "\"}"
        let framed = TestClient.frame(big)
        var events = f.feed(framed.prefix(200))
        #expect(events == [.tooLarge(length: big.utf8.count, limit: 100)])
        events = f.feed(framed.dropFirst(200) + TestClient.frame(a))
        #expect(bodies(events) == [a])
    }

    @Test func tooLongContentLengthIsResynchronised() {
        var f = MessageFramer()
        var data = Data("Content-Length: \(a.utf8.count + 20)\r\n\r\n\(a)".utf8)
        data += TestClient.frame(b) + TestClient.frame(a)
        f.append(data)
        guard case let .message(first)? = f.nextEvent() else { Issue.record("no message"); return }
        #expect(String(decoding: first, as: UTF8.self).hasPrefix(a))
        f.resynchronize(after: first)
        #expect(bodies(f.feed(Data())) == [b, a])
    }
}

@Suite("Server: malformed input never ends the server")
struct MalformedInputTests {
    @Test func invalidJSONGetsParseErrorWithNullID() async throws {
        let client = TestClient()
        await client.sendRaw(TestClient.frame("{not json"))
        let m = try await client.waitFor("parse error") { $0["error"]?["code"]?.intValue == ErrorCode.parseError }
        #expect(m["id"] == .null)
        _ = try await client.initialize()
    }

    /// `{}` and other JSON with neither a method nor an ID is an invalid request (JSON-RPC 2.0
    /// §5), answered with a null ID; it was ignored without a word (a new user's trial).
    @Test func jsonWithoutMethodOrIDIsAnInvalidRequest() async throws {
        let client = TestClient()
        await client.sendRaw(TestClient.frame("{}"))
        let m = try await client.waitFor("invalid request") { $0["error"]?["code"]?.intValue == ErrorCode.invalidRequest }
        #expect(m["id"] == .null)
        #expect(m["error"]?["message"]?.stringValue?.contains("method") == true)
        _ = try await client.initialize()
    }

    /// Header lines ended by a bare LF (as some clients write them) are read: the message and
    /// the next one are both answered (the LF-only header swallowed the next message).
    @Test func lfOnlyHeadersAreRead() async throws {
        var framer = MessageFramer()
        let a = #"{"a":1}"#, b = #"{"b":2}"#, c = #"{"c":3}"#
        let stream = "Content-Length: \(a.utf8.count)\n\n\(a)Content-Length: \(b.utf8.count)\r\nContent-Type: x\n\r\n\(b)"
            + "Content-Length: \(c.utf8.count)\r\n\r\n\(c)"
        var events: [FramerEvent] = []
        for byte in Data(stream.utf8) { events += framer.feed(Data([byte])) }
        #expect(events == [.message(Data(a.utf8)), .message(Data(b.utf8)), .message(Data(c.utf8))], "\(events)")
        var whole = MessageFramer()
        #expect(whole.feed(Data(stream.utf8)) == events)
        let client = TestClient()
        let req = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        await client.sendRaw(Data("Content-Length: \(req.utf8.count)\n\n\(req)".utf8) + TestClient.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#))
        #expect(try await client.response(1)["result"]?["capabilities"] != nil)
        #expect(try await client.response(2)["error"] == nil)
    }

    /// A number ID that is no integer (`1.5`, `1e30`, beyond 64 bits) is answered with the ID
    /// exactly as written (JSON-RPC 2.0 §5), not refused.
    @Test func nonIntegerNumberIDsAreEchoedExactly() async throws {
        let sink = RawSink()
        let connection = LanguageServerConnection(sink: sink, options: ServerOptions(environment: [:], log: { _ in }, onExit: { _ in }))
        for raw in ["1.5", "1e30", "12345678901234567890", "-2.50E-3"] {
            await connection.receive(TestClient.frame(#"{"jsonrpc":"2.0","id":"# + raw + #","method":"initialize","params":{"capabilities":{}}}"#))
        }
        try await Task.sleep(for: .milliseconds(200))
        let texts = sink.texts
        for raw in ["1.5", "1e30", "12345678901234567890", "-2.50E-3"] {
            #expect(texts.contains { $0.contains("\"id\":\(raw),") || $0.contains("\"id\":\(raw)}") }, "\(raw): \(texts)")
        }
        #expect(!texts.contains { $0.contains(RequestID.placeholder) })
        #expect(RequestID.numberText(in: Data(#"{"method":"x","params":{"id":7},"id" : 1e30}"#.utf8)) == "1e30")
        #expect(RequestID.numberText(in: Data(#"{"i\u0064":"s","id":"str"}"#.utf8)) == nil)
    }

    @Test func wrongContentLengthsRecover() async throws {
        let client = TestClient()
        let req = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        // Too short: the body is cut, the rest is garbage before the next header.
        await client.sendRaw(Data("Content-Length: 10\r\n\r\n\(req)".utf8))
        // Too long: swallows the start of the next message, which is then read again.
        let req2 = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
        await client.sendRaw(Data("Content-Length: \(req.utf8.count + 30)\r\n\r\n\(req)".utf8) + TestClient.frame(req2))
        await client.sendRaw(TestClient.frame(req2.replacingOccurrences(of: "\"id\":2", with: "\"id\":3")))
        _ = try await client.waitFor("parse errors") { $0["error"]?["code"]?.intValue == ErrorCode.parseError }
        let r3 = try await client.response(3)
        #expect(r3["error"]?["code"]?.intValue == ErrorCode.serverNotInitialized || r3["result"] == .null)
        let r2 = try await client.response(2)
        #expect(r2["error"]?["code"]?.intValue == ErrorCode.serverNotInitialized)
    }

    @Test func hugeMessageIsRefusedClearly() async throws {
        let client = TestClient(maximumMessageLength: 1000)
        let big = #"{"jsonrpc":"2.0","id":9,"method":"x","params":""# + String(repeating: "z", count: 5000) + #""}"#
        await client.sendRaw(TestClient.frame(big))
        let m = try await client.waitFor("too large") { $0["error"]?["code"]?.intValue == ErrorCode.invalidRequest }
        #expect(m["error"]?["message"]?.stringValue?.contains("exceeds the limit of 1000 bytes") == true)
        _ = try await client.initialize()
    }

    @Test func badParamsAndBadIDs() async throws {
        let client = TestClient()
        _ = try await client.initialize()
        let r = try await client.request(5, "textDocument/codeAction", .object(["textDocument": .int(3)]))
        #expect(r["error"]?["code"]?.intValue == ErrorCode.invalidParams)
        // Said as a person reads it, not as Swift's DecodingError (a new user's trial).
        let missing = try await client.request(7, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": "file:///a.md"]), "context": .object(["diagnostics": .array([])])]))
        #expect(missing["error"]?["message"] == "invalid params: missing \"range\" in params", "\(missing)")
        let wrong = try await client.request(8, "textDocument/codeAction", .object([
            "textDocument": .object(["uri": .int(5)]), "range": range(0, 0, 0, 1), "context": .object(["diagnostics": .array([])])]))
        #expect(wrong["error"]?["message"] == "invalid params: params.textDocument.uri has the wrong type (expected a string)", "\(wrong)")
        await client.sendRaw(TestClient.frame(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#))
        _ = try await client.waitFor("invalid id") { $0["error"]?["code"]?.intValue == ErrorCode.invalidRequest }
        await client.notify("textDocument/didOpen", .object(["nonsense": .bool(true)]))
        let r2 = try await client.request(6, "shutdown")
        #expect(r2["result"] == .null)
    }
}

/// Keeps the framed messages as text (the IDs exactly as written).
final class RawSink: MessageSink, @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    func send(_ framedMessage: Data) { lock.lock(); all.append(String(decoding: framedMessage, as: UTF8.self)); lock.unlock() }
    var texts: [String] { lock.lock(); defer { lock.unlock() }; return all }
}
