import Foundation
import WritingToolsTestSupport
import Testing
import WritingTools
import CustomEditorKit

/// Examples/CustomEditor runs end to end: the same script `swift run custom-editor-example`
/// prints, checked for the facts its README shows.
@Suite("Example: a piece-table editor adopting WritingToolsCoordinator.Delegate")
@MainActor
struct CustomEditorExampleTests {
    @Test func theScriptedSessionsProduceTheDocumentedTranscript() async throws {
        let o = try await CustomEditorDemo.run()
        let t = o.transcript
        // Every delegate call completed exactly once.
        #expect(o.calls == o.completions)
        #expect(o.calls == t.filter { !$0.hasPrefix("▶") && !$0.hasPrefix("  ") }.count)
        // Proofreading: contexts first, Apple's state sequence, every correction applied back to front.
        #expect(t[1] == "requestsContextsFor(.fullDocument) → context = storage [0,239), range [0,239)")
        #expect(Array(t[2...4]) == ["willChangeTo(.interactiveResting)", "willChangeTo(.interactiveStreaming)", "prepareFor(.anticipate, [0,239))"])
        #expect(t.contains("replace([96,98) \"an\" → \"a\", .interactive, animated) → inserted as proposed"))
        #expect(t.contains("replace([44,47) \"Teh\" → \"The\", .interactive, animated) → inserted as proposed"))
        #expect(t.firstIndex(of: "replace([96,98) \"an\" → \"a\", .interactive, animated) → inserted as proposed")!
                < t.firstIndex(of: "replace([44,47) \"Teh\" → \"The\", .interactive, animated) → inserted as proposed")!)
        // The user's typing moved the suggestions by six; rejecting restores exactly the original.
        #expect(t.contains("select([50,53)) → \"The\""))
        #expect(t.contains("select([102,103)) → \"a\""))
        #expect(t.contains("replace([102,103) \"a\" → \"an\", .interactive, animated) → inserted as proposed"))
        #expect(o.suggestions.map(\.state) == [.accepted, .rejected])
        #expect(o.afterProofreading == "Note: " + CustomEditorDemo.document.replacingOccurrences(of: "Teh", with: "The"))
        // The rewrite: a context around the selection, streamed in, toggled, accepted.
        #expect(t.contains("requestsContextsFor(.userSelection) → context = storage [135,245), range [0,110)"))
        #expect(o.versions.count == 2)
        #expect(o.versions[0] == "We would like to basically ask you to kindly take a look at the attached document in order to make a decision.")
        #expect(o.final.hasSuffix("\n" + o.versions[1]))
        #expect(o.final.hasPrefix(o.afterProofreading.components(separatedBy: "\n")[0] + "\n"))
        #expect(t.last == "willChangeTo(.inactive)")
    }

    @Test func thePieceTableMatchesAPlainStringUnderRandomEdits() {
        for seed in 0..<200 {
            var rng = SeededRNG(seed: UInt64(seed))
            var table = PieceTable("héllo wörld 👋 piece table")
            var model = Array("héllo wörld 👋 piece table".utf16)
            for _ in 0..<30 {
                let loc = Int.random(in: 0...model.count, using: &rng)
                let len = Int.random(in: 0...(model.count - loc), using: &rng)
                let text = ["", "x", "ab", "ünï", "\n"].randomElement(using: &rng)!
                table.replace(NSRange(location: loc, length: len), with: text)
                model.replaceSubrange(loc..<(loc + len), with: Array(text.utf16))
                #expect(table.units(in: NSRange(location: 0, length: table.length)) == model)
            }
        }
    }
}

/// The shared seeded generator (WritingToolsTestSupport).
private typealias SeededRNG = SplitMix64
