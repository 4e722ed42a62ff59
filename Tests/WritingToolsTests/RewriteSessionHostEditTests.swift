import Foundation
import Testing
import WritingTools

/// A rewrite's session (Rewrite, Friendly, Professional, Concise, Describe) never loses the
/// host's edits, and its review and cancel stay exact: the break-it trial of session 49 (items
/// 1, 4, 5, 8; its scripts 04, 06, 08, 12 against `serve`; item 6, a rejected edit's original
/// range, was in the HTTP answer: WritingToolsAPITests).
@Suite("Rewrite sessions keep the host's edits")
struct RewriteSessionHostEditTests {
    /// Runs the session's engine requests on the built-in engine until it rests
    /// (``ServiceSessionTests/drive(_:_:)``).
    func drive(_ s: inout WritingToolsServiceSession, _ first: ToolRequest?) throws {
        try ServiceSessionTests().drive(&s, first)
    }

    static let text = "In order to make a decision, we need to actually look at the data. Its done."

    /// `text` with `inserted` put at UTF-16 offset `at`.
    func inserting(_ inserted: String, at: Int, in text: String) -> String {
        let u = Array(text.utf16)
        return String(decoding: u[..<at] + Array(inserted.utf16) + u[at...], as: UTF16.self)
    }

    /// Trial item 1 (script 06): typing during the review, then cancelling, gives the original
    /// with the typing, for every rewrite tool, as a proofreading session does.
    @Test(arguments: [WritingTool.concise, .rewrite, .friendly, .professional, .describeYourChange(instruction: "make it shorter"), .proofread])
    func cancellingKeepsWhatTheHostTyped(tool: WritingTool) throws {
        var s = WritingToolsServiceSession(tool: tool, text: Self.text)
        try drive(&s, try s.start())
        // After the first sentence of the text under review (shared text: the same place in the original).
        let shown = s.text as NSString
        let mid = shown.range(of: ". ").location + 1
        try s.hostEdited(range: NSRange(location: mid, length: 0), text: " USER TYPED THIS.")
        #expect(s.text.contains("USER TYPED THIS."))
        let final = try s.finish(accepting: false)
        let expected = inserting(" USER TYPED THIS.", at: (Self.text as NSString).range(of: ". ").location + 1, in: Self.text)
        #expect(final == expected, "\(tool.commandName): \(final)")
    }

    /// Trial item 1: show original, rewrite again and accepting afterwards keep the typing too,
    /// also typed inside a word the rewrite changed.
    @Test func showOriginalAndRewriteAgainKeepTheTyping() throws {
        var s = WritingToolsServiceSession(tool: .concise, text: Self.text)
        try drive(&s, try s.start())
        try #require(s.text != Self.text)
        // Inside the rewrite's first word (changed by it) and before "data" (shared).
        try s.hostEdited(range: NSRange(location: 1, length: 0), text: "USER")
        let data = (s.text as NSString).range(of: "data").location
        try s.hostEdited(range: NSRange(location: data, length: 0), text: "KEPT ")
        try s.showOriginal()
        #expect(s.text.contains("USER") && s.text.contains("KEPT data"), "\(s.text)")
        #expect(s.text.hasSuffix("look at the KEPT data. Its done."), "\(s.text)")
        try s.showRewritten()
        #expect(s.text.contains("USER") && s.text.contains("KEPT data"), "\(s.text)")
        try drive(&s, try s.rewriteAgain())
        let final = try s.finish(accepting: true)
        #expect(final.contains("USER") && final.contains("KEPT data"), "\(final)")
    }

    /// Trial item 1 with a range: edits before and after it move it, and cancelling gives the
    /// whole text with them (it gave the range's original alone: "Teh second.").
    @Test(arguments: [WritingTool.concise, .friendly, .proofread])
    func aRangeMovesWithTheHostsEditsAndCancelKeepsThem(tool: WritingTool) throws {
        let text = "Teh first. In order to decide, we need to actually look. Teh third."
        let ns = text as NSString
        let start = ns.range(of: "In order").location, end = ns.range(of: " Teh third").location
        var s = WritingToolsServiceSession(tool: tool, text: text, range: NSRange(location: start, length: end - start))
        try drive(&s, try s.start())
        try s.hostEdited(range: NSRange(location: 0, length: 0), text: "NEW ")
        try s.hostEdited(range: NSRange(location: s.text.utf16.count, length: 0), text: " END")
        if tool != .proofread {
            #expect(s.session.range.location == start + 4, "the range moves with an edit before it")
            #expect(NSMaxRange(s.session.range) == s.text.utf16.count - " Teh third. END".utf16.count)
        }
        let final = try s.finish(accepting: false)
        #expect(final == "NEW " + text + " END", "\(tool.commandName): \(final)")
    }

    /// Trial item 5 (script 12): rejecting two edits on both sides of inline code, then
    /// cancelling, gives the original; it answered `protected_text` (the two rejections were one
    /// host edit over the code, which grew the code's protected range).
    @Test func cancellingAfterRejectionsAroundCodeIsNeverRefused() throws {
        let text = "There are many users who prefer dark mode. `code` I like it. Teh cat sat on a apple. "
        var s = WritingToolsServiceSession(tool: .concise, text: text, markup: .markdown)
        try drive(&s, try s.start())
        let ids = s.suggestions.map(\.id)
        try #require(ids.count >= 2, "\(s.suggestions.map(\.originalText))")
        try s.reject(ids[0])
        try s.reject(ids[ids.count - 1])
        #expect(s.text.contains("`code`"))
        #expect(try s.finish(accepting: false) == text)
        // The same rejections, then a refinement: show original and cancel still give the original.
        var t = WritingToolsServiceSession(tool: .concise, text: text, markup: .markdown)
        try drive(&t, try t.start())
        try t.reject(ids[0])
        try t.reject(ids[ids.count - 1])
        try drive(&t, try t.refine("make it shorter"))
        try t.showOriginal()
        #expect(t.text == text)
        #expect(try t.finish(accepting: false) == text)
    }

    /// Trial item 4: a model failure (or a cancelled run) during "rewrite again" leaves the
    /// rewrite under review as it was: accepting gives it (it gave the original).
    @Test func aFailedRewriteAgainKeepsTheRewriteUnderReview() throws {
        var s = WritingToolsServiceSession(tool: .concise, text: Self.text)
        try drive(&s, try s.start())
        let rewritten = s.text
        let edits = s.suggestions.count
        try #require(rewritten != Self.text && edits > 0)
        _ = try #require(try s.rewriteAgain())
        #expect(throws: WritingToolsSessionError.self) { _ = try s.engineFailed("cancelled: the client went away") }
        #expect(!s.isAwaitingEngine)
        #expect(s.text == rewritten)
        #expect(s.suggestions.count == edits, "the rewrite's edits are under review again")
        #expect(s.shownVersion == s.versions.count - 1)
        // Usable: another run, then accepting.
        try drive(&s, try s.rewriteAgain())
        #expect(try s.finish(accepting: true) == s.text)
        #expect(s.text != Self.text)
    }

    /// Trial item 8 (script 04): a host edit over a rejected proofreading suggestion makes it
    /// invalid, as over a pending or accepted one; accepting it is then refused.
    @Test func aHostEditOverARejectedSuggestionMakesItInvalid() throws {
        let text = "I will recieve the parcel tomorrow."
        var s = WritingToolsServiceSession(tool: .proofread, text: text)
        try drive(&s, try s.start())
        let id = try #require(s.suggestions.first { $0.originalText == "recieve" }?.id)
        try s.reject(id)
        let r = s.suggestions[id].range
        #expect((s.text as NSString).substring(with: r) == "recieve")
        try s.hostEdited(range: NSRange(location: r.location + 3, length: 2), text: "IE")
        #expect(s.suggestions[id].state == .invalid)
        #expect(throws: WritingToolsSessionError.self) { try s.accept(id) }
        #expect(try s.finish(accepting: false) == "I will recIEve the parcel tomorrow.")
    }
}
