import Foundation
import Testing
import WritingToolsTestSupport
@testable import WritingTools
import WritingToolsEngine

/// Edits whose range starts or ends inside a Character (a combining mark, an emoji ZWJ
/// sequence, a flag, a CR LF pair) are widened to whole Characters where the session applies
/// them: the host is only ever asked to replace whole Characters, and the text comes out as
/// the edit meant (issue 35, break-it trial).
@Suite("Session: edits widened to whole Characters")
@MainActor
struct GraphemeRangeTests {
    static let pieces = ["e\u{301}", "a", " ", "👩‍💻", "🇫🇷", "🇩🇪", "n\u{303}\u{323}", "👍🏽", "\r\n", "x", "ß", "😀"]
    static let replacements = ["", "x", "\u{301}", "👍", "é"]

    /// True when `offset` (UTF-16) is a Character boundary of `text`.
    static func isBoundary(_ offset: Int, _ text: String) -> Bool {
        text.widenedToCharacters(NSRange(location: offset, length: 0)).location == offset
    }

    @Test("a suggestion starting at a combining mark replaces the whole Character")
    func combiningMark() async throws {
        let text = "cafe\u{301} time"
        let host = RecordingHost(text)
        var ranges: [NSRange] = []
        host.onReplace = { r, t in ranges.append(r); return t }
        let engine = ScriptedEngine { _ in
            [.suggestions([ProofreadingSuggestion(range: NSRange(location: 4, length: 1), replacements: [""], ruleID: "R",
                                            category: .typos, message: "m", provenance: .rules)])]
        }
        let c = WritingToolsCoordinator(delegate: host, engine: engine)
        try await c.startWritingTools(.proofread)
        try await c.finishWritingTools(accepting: true)
        #expect(host.storage == "cafe time")
        #expect(ranges.first == NSRange(location: 3, length: 2))
    }

    @Test("property: random edits inside Characters of random texts", arguments: 0..<8)
    func randomEdits(_ seed: Int) async throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        for _ in 0..<25 {
            let chars = (0..<(3 + rng.int(14))).map { _ in Self.pieces[rng.int(Self.pieces.count)] }
            let text = chars.joined()
            // Offsets of each piece; pieces are whole Characters of the text (none joins the next).
            var starts: [Int] = []
            var o = 0
            for p in chars { starts.append(o); o += p.utf16.count }
            // Edits inside every other piece at most, so widened ranges never meet.
            var edits: [ProofreadingSuggestion] = []
            var k = 0
            while k < chars.count {
                if rng.chance(0.6) {
                    let n = chars[k].utf16.count
                    let a = rng.int(n + 1), b = a + rng.int(n - a + 1)
                    edits.append(ProofreadingSuggestion(range: NSRange(location: starts[k] + a, length: b - a),
                                                  replacements: [Self.replacements[rng.int(Self.replacements.count)]],
                                                  ruleID: "R", category: .typos, message: "m", provenance: .rules))
                }
                k += 2
            }
            // What the edits mean, applied as given (those that split a surrogate pair are dropped).
            let units = Array(text.utf16)
            func splitsPair(_ i: Int) -> Bool { i > 0 && i < units.count && UTF16.isTrailSurrogate(units[i]) }
            let kept = edits.filter { !splitsPair($0.range.location) && !splitsPair(NSMaxRange($0.range))
                && String(decoding: units[$0.range.location..<NSMaxRange($0.range)], as: UTF16.self) != $0.replacements[0] }
            let expected = try text.applying(kept.map { TextEdit(range: $0.range, replacement: $0.replacements[0]) })

            let host = RecordingHost(text)
            var misaligned: [String] = []
            host.onReplace = { r, t in
                if !Self.isBoundary(r.location, host.storage) || !Self.isBoundary(NSMaxRange(r), host.storage) {
                    misaligned.append("\(r) in \(host.storage.debugDescription)")
                }
                return t
            }
            let found = edits
            let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine { _ in [.suggestions(found)] })
            try await c.startWritingTools(.proofread)
            try await c.finishWritingTools(accepting: true)
            #expect(misaligned.isEmpty, "\(text.debugDescription): \(misaligned)")
            #expect(host.storage == expected, "\(text.debugDescription) with \(kept.map { ($0.range, $0.replacements[0]) })")
        }
    }
}
