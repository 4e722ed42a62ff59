import Foundation
import WritingToolsTestSupport
import WritingTools
import Testing
@testable import WritingToolsLSP

/// These two suites check whole documents many times; in a debug build on a 2-core machine they
/// take minutes and time out under load. They run when `WT_SLOW_TESTS=1` is set (use a release
/// build: `WT_SLOW_TESTS=1 swift test -c release --filter WritingToolsLSPTests`).
let slowTestsEnabled = ProcessInfo.processInfo.environment["WT_SLOW_TESTS"] == "1"

@Suite("Server: incremental re-checking matches a full check", .enabled(if: slowTestsEnabled, "set WT_SLOW_TESTS=1 (release build)"))
struct IncrementalPropertyTests {
    static let pieces = [
        "Teh cat sat.", "I has a apple.", "This is fine.", "😀 日本語 and recieve.", "\n", "\n\n", "```\nteh code\n\nmore\n```\n",
        "- item one\n\n    continued teh\n", "# Heading wiht typo\n", "a", " ", "\r\n", "Their going home.", "its a dog.",
    ]

    /// A random edit: replace a random range (possibly empty, possibly across paragraphs) by a piece.
    static func randomEdit(_ text: [UInt16], _ rng: inout SplitMix) -> (Int, Int, String) {
        var a = Int(rng.next() % UInt64(text.count + 1))
        var b = min(text.count, a + Int(rng.next() % 12))
        if rng.next() % 3 == 0 { b = a }
        // Keep surrogate pairs whole.
        if a > 0 && a < text.count && UTF16.isTrailSurrogate(text[a]) { a -= 1 }
        if b > 0 && b < text.count && UTF16.isTrailSurrogate(text[b]) { b += 1 }
        // LSP cannot address the middle of a CRLF pair: keep those whole too.
        if a > 0 && a < text.count && text[a - 1] == 13 && text[a] == 10 { a -= 1 }
        if b > 0 && b < text.count && text[b - 1] == 13 && text[b] == 10 { b += 1 }
        let piece = rng.next() % 4 == 0 ? "" : pieces[Int(rng.next() % UInt64(pieces.count))]
        return (a, max(a, b), piece)
    }

    @Test(arguments: Array(1...10))
    func randomEditsGiveTheSameDiagnosticsAsAFreshCheck(seed: Int) async throws {
        var rng = SplitMix(seed: UInt64(seed))
        let uri = "file:///p.md"
        let incremental = TestClient()
        _ = try await incremental.initialize(options: ["debounceMilliseconds": 0])
        var text = Array("Intro teh.\n\nSecond paragraph is fine.\n\n😀 Third has a apple.\n\n```\nteh\n```\n\nLast.".utf16)
        await incremental.open(uri, String(decoding: text, as: UTF16.self))
        var version = 1
        for round in 0..<12 {
            // One to three edits per round, then a pull (which checks what changed).
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let (a, b, piece) = Self.randomEdit(text, &rng)
                let conv = OffsetConverter(String(decoding: text, as: UTF16.self))
                let s = conv.position(fromUTF16: a), e = conv.position(fromUTF16: b)
                text.replaceSubrange(a..<b, with: Array(piece.utf16))
                version += 1
                await incremental.change(uri, version: version, [["range": range(s.line, s.character, e.line, e.character), "text": .string(piece)]])
            }
            #expect(await incremental.server.text(of: uri) == String(decoding: text, as: UTF16.self))
            let got = try await incremental.request(1000 + round, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
            let fresh = TestClient()
            _ = try await fresh.initialize(options: ["pushDiagnostics": false])
            await fresh.open(uri, String(decoding: text, as: UTF16.self))
            let want = try await fresh.request(1, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
            let g = got["result"]?["items"]?.arrayValue ?? [], w = want["result"]?["items"]?.arrayValue ?? []
            #expect(g.map(rangeTuple) == w.map(rangeTuple), "seed \(seed) round \(round): \(String(decoding: text, as: UTF16.self).debugDescription)")
            #expect(g.map { $0["code"] } == w.map { $0["code"] })
        }
    }
}

/// The shared seeded generator (WritingToolsTestSupport).
typealias SplitMix = SplitMix64

@Suite("Server: edits while a check runs", .enabled(if: slowTestsEnabled, "set WT_SLOW_TESTS=1 (release build)"))
struct EditsDuringCheckTests {
    @Test func typingDuringTheFirstCheckDoesNotRestartIt() async throws {
        let client = TestClient()
        _ = try await client.initialize(options: ["debounceMilliseconds": 0])
        let uri = "file:///big.md"
        let paragraph = "This paragraph has teh typo and a apple.\n\n"
        let text = String(repeating: paragraph, count: 400) + "Last."
        await client.open(uri, text)
        // Edits arrive while the first check runs; the result of that check is kept as the
        // baseline and only the edited paragraphs are checked again.
        for v in 2...6 {
            await client.change(uri, version: v, [["range": range(0, 0, 0, 0), "text": "x"]])
        }
        let d = try await client.diagnostics(uri, version: 6)
        #expect(d.count == 800)
        #expect(d.first.map(rangeTuple) == [0, 24, 0, 27])
        #expect(await client.server.lastCheckedParagraphCount(of: uri) <= 2)
    }
}
