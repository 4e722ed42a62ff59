import Foundation
import Testing
@testable import LanguageModels

@Suite("Server-sent events and NDJSON lines")
struct StreamParserTests {
    @Test("events split anywhere, even inside a UTF-8 character, parse the same")
    func splitAnywhere() throws {
        let stream = Array("data: {\"a\":\"é🙂\"}\n\n: comment\ndata: line one\ndata: line two\n\nevent: done\ndata: [DONE]\n\n".utf8)
        var whole = ServerSentEventParser()
        let expected = try whole.feed(stream) + whole.finish()
        #expect(expected == [ServerSentEvent(event: "message", data: "{\"a\":\"é🙂\"}"),
                             ServerSentEvent(event: "message", data: "line one\nline two"),
                             ServerSentEvent(event: "done", data: "[DONE]")])
        for cut in 1..<stream.count {
            var p = ServerSentEventParser()
            let got = try p.feed(stream[..<cut]) + p.feed(stream[cut...]) + p.finish()
            #expect(got == expected, "split at byte \(cut)")
        }
    }

    @Test("CRLF and CR line ends, a BOM, no space after the colon, a last event without its blank line")
    func lineEnds() throws {
        var p = ServerSentEventParser()
        let events = try p.feed(Array("\u{FEFF}data:a\r\n\r\ndata: b\r\rdata: c".utf8)) + p.finish()
        #expect(events.map(\.data) == ["a", "b", "c"])
    }

    @Test("a line that is not UTF-8 is a malformed stream")
    func invalidUTF8() {
        var p = ServerSentEventParser()
        #expect(throws: LanguageModelError.self) { _ = try p.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0x0A]) }
    }

    @Test("NDJSON lines split across chunks")
    func ndjsonLines() throws {
        var s = LineSplitter()
        var lines = try s.feed(Array("{\"a\":1}\n{\"b\"".utf8))
        lines += try s.feed(Array(":2}\n{\"c\":3}".utf8))
        if let last = try s.finish() { lines.append(last) }
        #expect(lines == ["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"])
    }
}
