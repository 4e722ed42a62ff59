import Foundation

/// Splits a byte stream into lines, incrementally: bytes arrive in chunks of any size (a line,
/// or a UTF-8 character, may be split between chunks); a line is decoded only once it is whole.
/// Line ends are LF, CRLF or CR (a CR at the end of a chunk waits for the next byte).
public struct LineSplitter: Sendable {
    private var buffer: [UInt8] = []
    private var pendingCR = false

    /// Creates an empty splitter.
    public init() {}

    /// Feeds `bytes`; returns the lines completed by them, without their line ends.
    /// - Throws: ``LanguageModelError/malformedStream(_:)`` when a line is not UTF-8.
    public mutating func feed<S: Sequence>(_ bytes: S) throws -> [String] where S.Element == UInt8 {
        var lines: [String] = []
        for b in bytes {
            if pendingCR {
                pendingCR = false
                if b == 0x0A { continue }
            }
            if b == 0x0A || b == 0x0D {
                lines.append(try decode())
                if b == 0x0D { pendingCR = true }
            } else {
                buffer.append(b)
            }
        }
        return lines
    }

    /// The last line if the stream ended without a line end (nil when there is none).
    /// - Throws: ``LanguageModelError/malformedStream(_:)`` when it is not UTF-8.
    public mutating func finish() throws -> String? {
        guard !buffer.isEmpty else { return nil }
        return try decode()
    }

    private mutating func decode() throws -> String {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let s = String(validating: buffer, as: UTF8.self) else {
            throw LanguageModelError.malformedStream("a line of the stream is not valid UTF-8")
        }
        return s
    }
}

/// One server-sent event (HTML Living Standard §9.2 "Server-sent events").
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field (`message` when absent).
    public var event: String
    /// The `data:` fields joined with line feeds.
    public var data: String
}

/// Parses `text/event-stream` incrementally (HTML Living Standard §9.2.6 "Interpreting an event
/// stream"): `data:` lines accumulate, a blank line dispatches, `:` lines are comments, a
/// leading BOM is skipped, a single space after the colon is dropped. `id:` and `retry:` are
/// accepted and ignored (we never reconnect a generation).
public struct ServerSentEventParser: Sendable {
    private var lines = LineSplitter()
    private var data: [String] = []
    private var event = ""
    private var sawFirstLine = false

    /// Creates a parser.
    public init() {}

    /// Feeds bytes; returns the events they complete.
    /// - Throws: ``LanguageModelError/malformedStream(_:)`` on invalid UTF-8.
    public mutating func feed<S: Sequence>(_ bytes: S) throws -> [ServerSentEvent] where S.Element == UInt8 {
        var out: [ServerSentEvent] = []
        for line in try lines.feed(bytes) { process(line, into: &out) }
        return out
    }

    /// Ends the stream: an event without its closing blank line is dispatched (servers that
    /// close right after the last `data:` line are common).
    /// - Throws: ``LanguageModelError/malformedStream(_:)`` on invalid UTF-8.
    public mutating func finish() throws -> [ServerSentEvent] {
        var out: [ServerSentEvent] = []
        if let last = try lines.finish() { process(last, into: &out) }
        process("", into: &out)
        return out
    }

    private mutating func process(_ raw: String, into out: inout [ServerSentEvent]) {
        var line = raw
        if !sawFirstLine {
            sawFirstLine = true
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
        }
        if line.isEmpty {
            if !data.isEmpty {
                out.append(ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n")))
            }
            data = []
            event = ""
            return
        }
        if line.hasPrefix(":") { return }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = ""
        }
        switch field {
        case "data": data.append(String(value))
        case "event": event = String(value)
        default: break
        }
    }
}
