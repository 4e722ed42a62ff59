import Foundation
import Testing
import WritingTools
import WritingToolsEngine

/// `ProofreadingReview`: the session-driven review behind `proofread --interactive`.
@Suite("ProofreadingReview: review, undo by replay, finish")
struct ProofreadingReviewTests {
    static let text = "Teh cat sat on teh mat.\nThis is an test of the the review.\n> A quote with teh typo.\n"

    func makeReview() throws -> ProofreadingReview {
        let report = try WritingToolsChecker().check(ProofreadingRequest(text: Self.text, markup: .markdown))
        return try ProofreadingReview(report: report, markup: .markdown)
    }

    @Test func everyCorrectionIsAppliedAndQuotationsAreLeftOut() throws {
        let r = try makeReview()
        #expect(r.count == 4)
        #expect(r.leftOut == 1) // "teh" inside the block quotation: protected
        #expect(r.text == "The cat sat on the mat.\nThis is a test of the review.\n> A quote with teh typo.\n")
    }

    @Test func undoReturnsToTheStateBeforeTheLastDecision() throws {
        var r = try makeReview()
        try r.accept(0)
        let before = (r.text, (0..<r.count).map { r.suggestion($0).state })
        try r.reject(1)
        #expect(r.text.hasPrefix("The cat sat on teh mat."))
        let step = try r.undo()
        #expect(step?.ids == [1] && step?.decision == .rejected)
        #expect(r.text == before.0)
        #expect((0..<r.count).map { r.suggestion($0).state } == before.1)
        #expect(r.isUndecided(1) && !r.isUndecided(0))
        #expect(r.nextUndecided(after: 0) == 1)
        #expect(try r.acceptAll() == 3)
        _ = try r.undo()
        #expect(r.nextUndecided(after: 3) == 1)
    }

    @Test func hostEditsMoveSuggestionsDropTouchedOnesAndStartANewUndoBase() throws {
        var r = try makeReview()
        // "The cat sat on the mat.\nThis is a test of the review.\n…": type "Yes. " at the start.
        try r.reject(1)
        try r.hostEdited(range: NSRange(location: 0, length: 0), text: "Yes. ")
        #expect(r.text.hasPrefix("Yes. The cat sat on teh mat."))
        #expect(r.suggestion(0).range.location == 5 && r.suggestion(0).state != .invalid)
        // A decision before the edit stays; one after it can be undone and reverted.
        #expect(try r.undo() == nil)
        #expect(throws: WritingToolsSessionError.self) { try r.revert(1) }
        try r.accept(2)
        try r.revert(2)
        #expect(r.isUndecided(2))
        // Typing inside a correction drops it; the host's text stays there.
        let at = r.suggestion(0).range
        try r.hostEdited(range: NSRange(location: at.location + 1, length: 0), text: "x")
        #expect(r.suggestion(0).state == .invalid)
        #expect(r.text.hasPrefix("Yes. Txhe cat"))
        // Ending without keeping restores every correction still applied, host text kept.
        let final = try r.finish(keepingAccepted: false)
        #expect(final.hasPrefix("Yes. Txhe cat sat on teh mat.\nThis is an test of the the review."), "\(final)")
        #expect(throws: WritingToolsSessionError.self) { var q = try makeReview(); try q.hostEdited(range: NSRange(location: 999, length: 1), text: "") }
    }

    @Test func finishingKeepsOnlyTheAcceptedOrRestoresTheOriginal() throws {
        var keep = try makeReview()
        try keep.accept(2)
        #expect(try keep.finish(keepingAccepted: true) == "Teh cat sat on teh mat.\nThis is a test of the the review.\n> A quote with teh typo.\n")
        var revert = try makeReview()
        try revert.acceptAll()
        #expect(try revert.finish(keepingAccepted: false) == Self.text)
        var rejectAll = try makeReview()
        for id in 0..<rejectAll.count { try rejectAll.reject(id) }
        #expect(rejectAll.text == Self.text)
    }
}

/// Reviewing with the panel's arrow: after a decision, "next" moves on.
@Suite("Session: next after accept or reject")
struct SessionNextAfterDecisionTests {
    @Test func nextGoesOnFromTheSuggestionJustDecided() {
        let text = "teh a teh b teh c"
        var s = WritingToolsSession(.init(tool: .proofread, text: text))
        func drive(_ actions: [WritingToolsSession.Action]) {
            var pending = actions
            while !pending.isEmpty {
                switch pending.removeFirst() {
                case .runEngine:
                    let found = [0, 6, 12].map {
                        ProofreadingSuggestion(range: NSRange(location: $0, length: 3), replacements: ["the"], ruleID: "SPELLING",
                                         category: .typos, message: "typo", provenance: .spelling)
                    }
                    pending += s.handle(.engineFinished([.suggestions(found)]))
                case let .replace(_, t, _, _): pending += s.handle(.hostReplaced(t))
                default: break
                }
            }
        }
        drive(s.handle(.start))
        drive(s.handle(.next))
        #expect(s.reviewedSuggestion == 0)
        drive(s.handle(.accept(0)))
        drive(s.handle(.next))
        #expect(s.reviewedSuggestion == 1)
        drive(s.handle(.reject(1)))
        drive(s.handle(.next))
        #expect(s.reviewedSuggestion == 2)
        drive(s.handle(.next)) // wraps around to the accepted one; the rejected one is skipped
        #expect(s.reviewedSuggestion == 0)
        #expect(s.text == "the a teh b the c")
    }
}
