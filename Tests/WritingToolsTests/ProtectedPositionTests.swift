import Foundation
import Testing
@testable import WritingTools
import WritingToolsEngine

/// Protected ranges are kept by position, not by string: each comes back byte-identical, in
/// order, exactly once (issue 35, break-it trial: a rewrite that deleted one of two protected
/// "very"s was accepted because a third, unprotected "very" was found in its place).
@Suite("Session: protected ranges kept by position")
@MainActor
struct ProtectedPositionTests {
    static let text = "It is very good, very nice, very."

    /// Runs Concise with `rewrite` as the engine's answer over `text`, the first two "very"s
    /// protected by the host; the host's text afterwards, and whether the run was refused.
    func run(_ rewrite: String, text: String = ProtectedPositionTests.text) async throws -> (storage: String, refused: Bool) {
        let host = RecordingHost(text)
        host.exclusion = [NSRange(location: 6, length: 4), NSRange(location: 17, length: 4)]
        host.guarded = host.exclusion
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.rewriting([rewrite]))
        var refused = false
        do {
            try await c.startWritingTools(.concise)
            try await c.finishWritingTools(accepting: true)
        } catch let e as WritingToolsSessionError {
            guard case .protectedTextChanged = e else { throw e }
            refused = true
        }
        #expect(host.guardViolations.isEmpty, "\(host.guardViolations)")
        return (host.storage, refused)
    }

    @Test("deleting the second protected \"very\" is refused though a third one is there")
    func deletingOneOfTwoIdenticalSpans() async throws {
        let r = try await run("It is very good, nice, very.")
        #expect(r.refused && r.storage == Self.text, "\(r)")
    }

    @Test("deleting a protected \"very\" where no other is left is refused")
    func deletingWithoutAnotherCopy() async throws {
        let r = try await run("It is very good and nice.", text: "It is very good and very nice.")
        #expect(r.refused && r.storage == "It is very good and very nice.", "\(r)")
    }

    @Test("deleting the unprotected \"very\" is a rewrite like any other")
    func deletingTheUnprotectedOne() async throws {
        let r = try await run("It is very good, very nice.")
        #expect(!r.refused && r.storage == "It is very good, very nice.", "\(r)")
    }

    @Test("deleting one of two equal words, the second protected, deletes the first: the diff's other reading")
    func deletingTheTwinOfAProtectedWord() async throws {
        let text = "It is very very nice."
        let host = RecordingHost(text)
        host.exclusion = [NSRange(location: 11, length: 4)]
        host.guarded = host.exclusion
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.rewriting(["It is very nice."]))
        try await c.startWritingTools(.concise)
        try await c.finishWritingTools(accepting: true)
        #expect(host.guardViolations.isEmpty, "\(host.guardViolations)")
        #expect(host.storage == "It is very nice.")
    }

    @Test("Concise on a fuzzing find: an intensifier before its twin that starts a protected path is cut, the path kept")
    func conciseBeforeAProtectedTwin() throws {
        // fuzz-tools, CI of 60f3a55: "https:very very//github.com/…" in Markdown; the second
        // "very" starts a protected file path and Concise cuts the first.
        let text = "It is very very//github.com/denoland/deno ok.\n"
        let run = try WritingToolsRunner().run(.concise, text: text, markup: .markdown, resultOptions: [.plainText])
        #expect(run.text == "It is very//github.com/denoland/deno ok.\n")
    }

    @Test("a proofreading edit that deletes one of two identical protected spans is refused")
    func proofreadingDeletesOne() async throws {
        let host = RecordingHost(Self.text)
        host.exclusion = [NSRange(location: 6, length: 4), NSRange(location: 17, length: 4)]
        let engine = ScriptedEngine { _ in
            [.suggestions([ProofreadingSuggestion(range: NSRange(location: 17, length: 5), replacements: [""], ruleID: "R",
                                            category: .style, message: "m", provenance: .rules)])]
        }
        let c = WritingToolsCoordinator(delegate: host, engine: engine)
        await #expect(throws: WritingToolsSessionError.self) { try await c.startWritingTools(.proofread) }
        #expect(host.storage == Self.text)
    }
}
