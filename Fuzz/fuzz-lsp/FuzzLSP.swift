import Foundation
import FuzzSupport
import WritingTools
import WritingToolsLSP

/// Fuzz target: the language server's transport and message handling on any bytes.
///
/// The first byte seeds how the rest is cut into reads. Invariants:
/// - ``MessageFramer`` finds the same messages (bodies, in order) whether the bytes come in one
///   read or cut anywhere; a framed body (``MessageFramer/frame(_:)``) comes back whole;
/// - a ``LanguageServer`` fed the bytes through ``LanguageServerConnection/receive(_:)``, read
///   by read, then told the input ended (``LanguageServer/finishAnswering()``) and left to push
///   its diagnostics (``LanguageServer/finishPushing()``), never traps,
///   and every message it sends (also a late one, such as debounced diagnostics) is framed with
///   its exact `Content-Length` and is one valid JSON object with `"jsonrpc": "2.0"`.
@main
enum FuzzLSP {
    static func main() {
        FuzzDriver.run(warmUp: { text in for language in WritingToolsChecker.installedLanguages { var request = ProofreadingRequest(text: text, language: language); request.level = .picky; _ = try? WritingToolsChecker().check(request) } }) { bytes in
            var input = FuzzInput(bytes)
            let seed = input.byte()
            let data = Data(input.restBytes())
            let reads = cut(data, seed: seed)
            checkFramer(data, reads)
            checkServer(reads)
        }
    }

    /// `data` cut into reads of lengths drawn from `seed` (a small generator, deterministic).
    static func cut(_ data: Data, seed: UInt8) -> [Data] {
        guard seed != 0 else { return [data] }
        var state = UInt32(seed) &* 2654435761
        var out: [Data] = []
        var i = data.startIndex
        while i < data.endIndex {
            state = state &* 1103515245 &+ 12345
            let n = 1 + Int((state >> 16) % (seed < 128 ? 7 : 97))
            let e = min(i + n, data.endIndex)
            out.append(Data(data[i..<e]))
            i = e
        }
        return out
    }

    static func messages(_ events: [FramerEvent]) -> [Data] {
        events.compactMap { if case let .message(m) = $0 { return m }; return nil }
    }

    static func checkFramer(_ data: Data, _ reads: [Data]) {
        var whole = MessageFramer(maximumMessageLength: 1 << 16)
        let once = messages(whole.feed(data))
        var pieces = MessageFramer(maximumMessageLength: 1 << 16)
        var cut: [Data] = []
        for r in reads { cut += messages(pieces.feed(r)) }
        FuzzCheck.require(once == cut, "the framer read \(once.count) message(s) in one read, \(cut.count) in \(reads.count) reads",
                          String(decoding: data, as: UTF8.self))
        var framer = MessageFramer(maximumMessageLength: 1 << 16)
        let body = data.prefix(1 << 16)
        let back = framer.feed(MessageFramer.frame(body))
        FuzzCheck.require(back == [.message(body)], "a framed body did not come back whole: \(back)", String(decoding: data, as: UTF8.self))
    }

    static func checkServer(_ reads: [Data]) {
        let sink = CheckingSink()
        let options = ServerOptions(environment: [:], maximumMessageLength: 1 << 20)
        let connection = LanguageServerConnection(sink: sink, options: options)
        let done = DispatchSemaphore(value: 0)
        Task {
            for r in reads { await connection.receive(r) }
            await connection.server.finishAnswering()
            await connection.server.finishPushing()
            done.signal()
        }
        done.wait()
    }
}

/// Checks each message the server sends as it is sent.
final class CheckingSink: MessageSink, @unchecked Sendable {
    func send(_ framedMessage: Data) {
        let separator = Data("\r\n\r\n".utf8)
        guard let sep = framedMessage.range(of: separator) else {
            FuzzCheck.fail("a message without a header", String(decoding: framedMessage, as: UTF8.self))
        }
        let header = String(decoding: framedMessage[..<sep.lowerBound], as: UTF8.self)
        let body = framedMessage[sep.upperBound...]
        FuzzCheck.require(header == "Content-Length: \(body.count)", "header \(header.debugDescription) for a body of \(body.count) bytes",
                          String(decoding: framedMessage, as: UTF8.self))
        FuzzCheck.require(JSONValidator.kind(of: body) == .object, "a message that is no JSON object",
                          String(decoding: body, as: UTF8.self))
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        FuzzCheck.require(object == nil || object?["jsonrpc"] as? String == "2.0", "a message without \"jsonrpc\": \"2.0\"",
                          String(decoding: body, as: UTF8.self))
    }
}
