import Foundation
import Testing
import WritingTools

/// ``WritingToolsServiceSession``: the self-hosted session services drive, with the built-in
/// engine run by the test as a service would run it.
@Suite("WritingToolsServiceSession")
struct ServiceSessionTests {
    /// Runs the session's engine requests on the built-in engine until it rests.
    func drive(_ s: inout WritingToolsServiceSession, _ first: ToolRequest?) throws {
        var next = first
        while let r = next {
            let events: [ToolEvent]
            do { events = try BuiltInToolEngine().events(for: r) } catch {
                next = try s.engineFailed("\(error)")
                continue
            }
            next = try s.engineFinished(events)
        }
    }

    @Test func proofreadingRejectAndRevertAreExact() throws {
        let text = "Teh cat sat on a apple. 😀 Its a good day."
        var s = WritingToolsServiceSession(tool: .proofread, text: text)
        try drive(&s, try s.start())
        #expect(s.kind == .proofreading)
        let all = s.text
        #expect(s.suggestions.count >= 3 && all.contains("The cat") && all.contains("an apple"))
        try s.reject(0)
        #expect(s.text.hasPrefix("Teh cat"))
        try s.accept(1)
        try s.revert(0)
        #expect(s.text == all)
        #expect(s.suggestions[1].state == .accepted)
        for k in s.suggestions.indices { try s.reject(k) }
        #expect(s.text == text)
        #expect(try s.finish(accepting: false) == text)
        #expect(throws: WritingToolsSessionError.self) { try s.accept(0) }
    }

    @Test func aRewritesEditsAreReviewableAndItsVersionsKept() throws {
        let text = "In order to make a decision, we need to actually look at the data first."
        var s = WritingToolsServiceSession(tool: .concise, text: text)
        try drive(&s, try s.start())
        #expect(s.kind == .composition && s.versions.count == 2)
        let rewritten = s.text
        #expect(rewritten == s.versions[1] && rewritten != text)
        #expect(!s.suggestions.isEmpty)
        for k in s.suggestions.indices { try s.reject(k) }
        #expect(s.text == text)
        for k in s.suggestions.indices { try s.revert(k) }
        #expect(s.text == rewritten)
        try s.showOriginal()
        #expect(s.text == text && s.suggestions.isEmpty)
        try s.showRewritten()
        #expect(s.text == rewritten)
        try drive(&s, try s.refine("make it more formal"))
        #expect(s.versions.count == 3)
        #expect(throws: WritingToolsSessionError.self) { try drive(&s, try s.refine("translate it into French")) }
        #expect(s.versions.count == 3, "a failed refinement keeps the edit stack")
        let shown = s.text
        #expect(try s.finish(accepting: true) == shown)
    }

    @Test func protectedRangesAndResults() throws {
        let text = "In order to make a decision, we need to actually look at the data first."
        var s = WritingToolsServiceSession(tool: .concise, text: text, protectedRanges: [NSRange(location: 0, length: 8)])
        try drive(&s, try s.start())
        #expect(s.text.hasPrefix("In order"))
        let notes = "The committee met on Monday. It approved the budget. It postponed the vote until spring."
        var r = WritingToolsServiceSession(tool: .list, text: notes)
        try drive(&r, try r.start())
        let result = try #require(r.result)
        #expect(r.text == notes)
        #expect(try r.finish(accepting: true) == result.text)
    }
}
