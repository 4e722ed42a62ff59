import Foundation

/// What the framer found in the byte stream.
public enum FramerEvent: Equatable, Sendable {
    /// A complete message body (the JSON, not yet parsed).
    case message(Data)
    /// A header block without a usable `Content-Length`; the block was skipped.
    case invalidHeader(String)
    /// A message longer than the limit; its `length` bytes are skipped as they arrive.
    case tooLarge(length: Int, limit: Int)
    /// Bytes that were not a header were skipped to find the next `Content-Length`.
    case skippedGarbage(byteCount: Int)
}

/// Splits a byte stream into JSON-RPC messages framed as LSP 3.17 §"Base Protocol" says:
/// `Content-Length: N\r\n` (other headers allowed, e.g. `Content-Type`), an empty line, then N
/// bytes of UTF-8 JSON. Header lines ended by a bare `\n` are read too (as vscode-jsonrpc,
/// pygls and others do). Feed it whatever the stream delivers (split or joined messages); it never
/// traps on bad input.
///
/// Recovery: bytes before a header are skipped up to the next `Content-Length:`; a header
/// without a valid length is skipped; a message over ``maximumMessageLength`` is reported and its
/// bytes discarded. A wrong `Content-Length` gives a body that is not JSON: the server answers
/// `ParseError` and calls ``resynchronize(after:)`` with that body so that a following message
/// swallowed into it is read again.
public struct MessageFramer: Sendable {
    /// The largest accepted body, in bytes (64 MiB by default).
    public var maximumMessageLength: Int
    /// Header bytes accepted before giving up on a header block (8 KiB).
    public var maximumHeaderLength = 8192
    private var buffer = Data()
    private var discarding = 0
    /// True after garbage was dropped without finding a header: the next header is found by its
    /// `Content-Length:` key, wherever it is.
    private var seekingKey = false

    /// Creates a framer.
    public init(maximumMessageLength: Int = 64 << 20) { self.maximumMessageLength = maximumMessageLength }

    private static let lengthKey = Data("content-length:".utf8)

    /// Appends `bytes` and returns the events now complete, in order.
    public mutating func feed(_ bytes: Data) -> [FramerEvent] {
        append(bytes)
        var events: [FramerEvent] = []
        while let event = nextEvent() { events.append(event) }
        return events
    }

    /// Appends `bytes` without reading them; ``nextEvent()`` reads.
    public mutating func append(_ bytes: Data) {
        if discarding > 0 {
            let n = min(discarding, bytes.count)
            discarding -= n
            buffer.append(bytes.dropFirst(n))
        } else {
            buffer.append(bytes)
        }
    }

    /// The next complete event, or nil until more bytes arrive.
    public mutating func nextEvent() -> FramerEvent? {
        discarding == 0 ? next() : nil
    }

    /// Puts back the part of a rejected body that starts at a `Content-Length:` header, so that
    /// the message a too-long `Content-Length` swallowed is read again by ``nextEvent()``. Call
    /// it before reading further events.
    public mutating func resynchronize(after body: Data) {
        guard let r = Self.findHeader(in: body, from: body.startIndex) else { return }
        buffer = Data(body[r...]) + buffer
    }

    /// Index of the next `Content-Length:` (case-insensitive) in `data`.
    private static func findHeader(in data: Data, from start: Data.Index) -> Data.Index? {
        var i = start
        let end = data.endIndex
        while i < end {
            guard let r = data[i...].firstIndex(where: { $0 == UInt8(ascii: "C") || $0 == UInt8(ascii: "c") }) else { return nil }
            if r + lengthKey.count <= end, data[r..<(r + lengthKey.count)].map({ $0 | 0x20 }).elementsEqual(lengthKey.map { $0 | 0x20 }) {
                return r
            }
            i = r + 1
        }
        return nil
    }

    private mutating func next() -> FramerEvent? {
        guard !buffer.isEmpty else { return nil }
        // Resynchronise: a header block starts with a header name; anything else is garbage.
        // After garbage, only `Content-Length:` starts the next header: the garbage dropped so far
        // depends on where the reads fell, so what follows it must not be judged by its start
        // (letters glued to the header, "aaaa…Content-Length: 2", would read as a header name).
        var start = buffer.startIndex
        if seekingKey || !Self.looksLikeHeaderStart(buffer) {
            if let h = Self.findHeader(in: buffer, from: start) {
                seekingKey = false
                let skipped = h - start
                if skipped > 0 {
                    buffer = Data(buffer[h...])
                    return .skippedGarbage(byteCount: skipped)
                }
                start = buffer.startIndex
            } else {
                seekingKey = true
                // Keep what may be the start of a "Content-Length:" cut by the read; drop the rest.
                // Only a real start of the key is kept: fourteen bytes of any garbage kept here made
                // the header that followed unreadable ("aaaa…Content-Length: 2" is no header), so a
                // message after garbage was lost or read depending on where the reads fell.
                let keep = Self.partialKeySuffix(buffer)
                let skipped = buffer.count - keep
                guard skipped > 0 else { return nil }
                buffer = Data(buffer.suffix(keep))
                return .skippedGarbage(byteCount: skipped)
            }
        }
        guard let sep = Self.headerEnd(in: buffer, from: start) else {
            if buffer.count > maximumHeaderLength {
                let n = buffer.count
                buffer = Data()
                return .invalidHeader("header block longer than \(maximumHeaderLength) bytes; \(n) bytes skipped")
            }
            return nil
        }
        let headerText = String(decoding: buffer[start..<sep.lowerBound], as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        var length: Int?
        for line in headerText.split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let bodyStart = sep.upperBound
        guard let length, length >= 0 else {
            buffer = Data(buffer[bodyStart...])
            return .invalidHeader("no valid Content-Length in header \(headerText.debugDescription)")
        }
        if length > maximumMessageLength {
            let available = buffer.endIndex - bodyStart
            if available >= length {
                buffer = Data(buffer[(bodyStart + length)...])
            } else {
                discarding = length - available
                buffer = Data()
            }
            return .tooLarge(length: length, limit: maximumMessageLength)
        }
        guard buffer.endIndex - bodyStart >= length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer = Data(buffer[(bodyStart + length)...])
        return .message(body)
    }

    /// The empty line that ends a header block starting at `start`: `\r\n\r\n` as LSP 3.17
    /// says, or with bare line feeds (`\n\n`, `\r\n\n`, `\n\r\n`), which some clients send
    /// and many servers accept (a bare-LF header swallowed the next message when only CRLF was
    /// looked for); nil until one has arrived. The range covers the last header line's end and
    /// the empty line.
    private static func headerEnd(in data: Data, from start: Data.Index) -> Swift.Range<Data.Index>? {
        var k = start
        let end = data.endIndex
        while k < end {
            guard let lf = data[k...].firstIndex(of: 0x0A) else { return nil }
            let next = lf + 1
            if next < end, data[next] == 0x0A { return (lf > start && data[lf - 1] == 0x0D ? lf - 1 : lf)..<(next + 1) }
            if next + 1 < end, data[next] == 0x0D, data[next + 1] == 0x0A { return (lf > start && data[lf - 1] == 0x0D ? lf - 1 : lf)..<(next + 2) }
            if next >= end || (next + 1 >= end && data[next] == 0x0D) { return nil }
            k = next
        }
        return nil
    }

    /// The length of the longest end of `data` that is a proper start of `Content-Length:`
    /// (case-insensitive), 0 when none is.
    private static func partialKeySuffix(_ data: Data) -> Int {
        var k = min(data.count, lengthKey.count - 1)
        while k > 0 {
            if data.suffix(k).map({ $0 | 0x20 }).elementsEqual(lengthKey.prefix(k).map { $0 | 0x20 }) { return k }
            k -= 1
        }
        return 0
    }

    private static func looksLikeHeaderStart(_ data: Data) -> Bool {
        // A header line is `Name: value`; accept any token characters up to a colon.
        for b in data.prefix(64) {
            if b == UInt8(ascii: ":") { return true }
            let isToken = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-")
            if !isToken { return false }
        }
        return data.count < 64
    }

    /// Frames one message body for sending: `Content-Length: N\r\n\r\n` then the body.
    public static func frame(_ body: Data) -> Data {
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }
}
