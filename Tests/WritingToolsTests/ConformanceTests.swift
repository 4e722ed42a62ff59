import Foundation
import Testing
@testable import WritingTools
import WritingToolsEngine

// One test per documented semantic of the Writing Tools API (reference/apple-writing-tools-api.md
// §1–§3, issue 3). Each name says the rule; the comment says where it is written down.

@Suite("Conformance: types and raw values (§1.1, §1.2, §1.8)")
struct TypeConformanceTests {
    @Test func behaviorRawValuesAreApples() {
        #expect(WritingToolsBehavior.none.rawValue == -1)
        #expect(WritingToolsBehavior.default.rawValue == 0)
        #expect(WritingToolsBehavior.complete.rawValue == 1)
        #expect(WritingToolsBehavior.limited.rawValue == 2)
    }

    @Test func resolvedBehaviorIsNeverDefault() {
        for b in WritingToolsBehavior.allCases {
            for editable in [true, false] { #expect(b.resolved(isEditable: editable) != .default) }
        }
        #expect(WritingToolsBehavior.default.resolved() == .complete)
        #expect(WritingToolsBehavior.default.resolved(isEditable: false) == .limited)
        #expect(WritingToolsBehavior.none.resolved() == .none)
    }

    @MainActor @Test func coordinatorBehaviorIsResolvedPreferredIsRequested() {
        let c = WritingToolsCoordinator(delegate: nil)
        #expect(c.preferredBehavior == .default)
        #expect(c.behavior == .complete)
        c.preferredBehavior = .limited
        #expect(c.behavior == .limited)
        c.isEditable = false
        c.preferredBehavior = .complete
        #expect(c.behavior == .limited)
    }

    @Test func resultOptionBitsAreApples() {
        #expect(WritingToolsResultOptions.plainText.rawValue == 1)
        #expect(WritingToolsResultOptions.richText.rawValue == 2)
        #expect(WritingToolsResultOptions.list.rawValue == 4)
        #expect(WritingToolsResultOptions.table.rawValue == 8)
        #expect(WritingToolsResultOptions.presentationIntent.rawValue == 16)
        #expect(WritingToolsResultOptions.default.isEmpty)
    }

    @Test func listAndTableImplyRichText() {
        #expect(WritingToolsResultOptions.list.normalized().contains(.richText))
        #expect(WritingToolsResultOptions.table.normalized().contains(.richText))
        #expect(!WritingToolsResultOptions.list.normalized().contains(.table))
    }

    @Test func presentationIntentImpliesRichTextListAndTable() {
        let n = WritingToolsResultOptions.presentationIntent.normalized()
        #expect(n.isSuperset(of: [.richText, .list, .table, .plainText]))
        #expect(n.normalized() == n)
    }

    @Test func resultOptionsMapToTheEngineBitForBit() {
        #expect(WritingToolsResultOptions([.plainText]).toolResultOptions == [.plainText])
        #expect(WritingToolsResultOptions([.table]).toolResultOptions == [.plainText, .richText, .table])
        #expect(WritingToolsResultOptions.default.toolResultOptions == [.plainText, .richText, .list, .table])
    }

    @Test func nestedEnumRawValuesAreApples() {
        typealias C = WritingToolsCoordinator
        #expect(C.State.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(C.ContextScope.userSelection.rawValue == 0 && C.ContextScope.fullDocument.rawValue == 1 && C.ContextScope.visibleArea.rawValue == 2)
        #expect(C.TextReplacementReason.interactive.rawValue == 0 && C.TextReplacementReason.noninteractive.rawValue == 1)
        #expect(C.TextUpdateReason.typing.rawValue == 0 && C.TextUpdateReason.undoRedo.rawValue == 1)
        #expect(C.TextAnimation.anticipate.rawValue == 0 && C.TextAnimation.remove.rawValue == 1 && C.TextAnimation.insert.rawValue == 2)
        #expect(C.TextAnimation.anticipateInactive.rawValue == 8 && C.TextAnimation.translate.rawValue == 9)
    }

    @Test func contextResolvedRangeStartsAtNSNotFound() {
        let c = WritingToolsCoordinator.Context(attributedString: AttributedString("abc"), range: NSRange(location: 0, length: 3))
        #expect(c.resolvedRange.location == NSNotFound)
        #expect(c.resolvedRange.length == 0)
    }

    @Test func onlyApplesSevenTransitionsAreAllowed() {
        let all = WritingToolsCoordinator.State.allCases
        var allowed: [(Int, Int)] = []
        for a in all { for b in all where WritingToolsSession.isAppleTransition(from: a, to: b) { allowed.append((a.rawValue, b.rawValue)) } }
        #expect(allowed.map { "\($0.0)>\($0.1)" }.sorted() == ["0>1", "0>2", "1>0", "1>2", "2>0", "2>3", "3>2"])
    }

    @Test func exclusionAttributeRangesAreUTF16() {
        var a = AttributedString("👩‍👩‍👧 keep `x` here")
        let r = a.range(of: "`x`")!
        a[r].writingToolsExclusion = true
        #expect(a.writingToolsExclusionRanges == [NSRange(location: 14, length: 3)])
    }

    @MainActor @Test func writingToolsIsAvailable() {
        #expect(WritingToolsCoordinator.isWritingToolsAvailable)
    }
}

@Suite("Conformance: proofreading review (§1.10, §1.13)")
struct ProofreadingConformanceTests {
    let text = "Teh cat sat on teh mat."
    func engine(_ req: ToolRequest) -> [ToolEvent] {
        var out: [ProofreadingSuggestion] = []
        for (loc, w) in [(0, "The"), (15, "the")] {
            out.append(ProofreadingSuggestion(range: NSRange(location: loc, length: 3), replacements: [w], ruleID: "SPELLING",
                                        category: .typos, message: "spelling", provenance: .spelling))
        }
        return [.suggestions(out)]
    }

    func start(_ config: WritingToolsSession.Configuration) -> (WritingToolsSession, MachineHost) {
        var s = WritingToolsSession(config)
        var h = MachineHost(text: config.text, engine: engine)
        h.run(&s, .start)
        return (s, h)
    }

    @Test func completeModeAppliesEverySuggestionAtOnce() {
        let (s, h) = start(.init(tool: .proofread, text: text))
        #expect(h.text == "The cat sat on the mat.")
        #expect(s.suggestions.map(\.state) == [.pending, .pending])
        #expect(s.suggestions.allSatisfy { $0.isApplied })
        #expect(h.states == [.inactive, .interactiveResting, .interactiveStreaming, .interactiveResting])
        #expect(h.replaces.allSatisfy { $0.2 == .interactive })
    }

    @Test func eachSuggestionKeepsOriginalReplacementExplanationAndRange() {
        let (s, _) = start(.init(tool: .proofread, text: text))
        let first = s.suggestions[0]
        #expect(first.originalText == "Teh" && first.replacement == "The" && first.explanation == "spelling")
        #expect(first.range == NSRange(location: 0, length: 3))
    }

    @Test func rejectRestoresExactlyItsOriginal() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        h.run(&s, .reject(1))
        #expect(h.text == "The cat sat on teh mat.")
        #expect(s.suggestions[1].state == .rejected)
        #expect(s.suggestions[0].state == .pending)
    }

    @Test func finishingWithoutAcceptingRestoresTheWholeOriginal() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        h.run(&s, .accept(0))
        h.run(&s, .finish(accepting: false))
        #expect(h.text == text)
        #expect(h.states.last == .inactive)
    }

    @Test func finishingAcceptingKeepsEverythingAndMarksAccepted() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        h.run(&s, .finish(accepting: true))
        #expect(h.text == "The cat sat on the mat.")
        #expect(s.suggestions.allSatisfy { $0.state == .accepted })
    }

    @Test func nextAndPreviousStepThroughSuggestionsAndSelectThem() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        var selected: [NSRange] = []
        for e in [WritingToolsSession.Event.next, .next, .next, .previous] {
            for case .select(let r) in s.handle(e) { selected += r }
        }
        _ = h
        #expect(selected.map(\.location) == [0, 15, 0, 15])
        #expect(s.suggestions[1].state == .reviewing)
        #expect(s.suggestions[0].state == .pending)
    }

    @Test func showDetailsGivesExplanationAndMarksReviewing() {
        var (s, _) = start(.init(tool: .proofread, text: text))
        let actions = s.handle(.showDetails(0))
        guard case .showDetails(let d)? = actions.first else { Issue.record("no details"); return }
        #expect(d.explanation == "spelling" && d.originalText == "Teh" && d.replacement == "The")
        #expect(s.suggestions[0].state == .reviewing)
    }

    @Test func hostModifiedReplacementIsFollowed() {
        var s = WritingToolsSession(.init(tool: .proofread, text: text))
        var h = MachineHost(text: text, engine: engine)
        h.onReplace = { _, t in t == "the" ? "THE" : t }
        h.run(&s, .start)
        #expect(h.text == "The cat sat on THE mat.")
        #expect(s.suggestions[1].replacement == "THE")
        h.run(&s, .finish(accepting: false))
        #expect(h.text == text)
    }

    @Test func hostRefusalLeavesTextAndInvalidatesTheSuggestion() {
        var s = WritingToolsSession(.init(tool: .proofread, text: text))
        var h = MachineHost(text: text, engine: engine)
        h.onReplace = { _, t in t == "the" ? nil : t }
        h.run(&s, .start)
        #expect(h.text == "The cat sat on teh mat.")
        #expect(s.suggestions[1].state == .invalid)
    }

    @Test func hostEditInsideASuggestionMakesItInvalid() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        _ = s.handle(.hostEdited(range: NSRange(location: 16, length: 1), text: "x"))
        h.text = try! h.text.applying([TextEdit(range: NSRange(location: 16, length: 1), replacement: "x")])
        #expect(s.suggestions[1].state == .invalid)
        h.run(&s, .finish(accepting: false))
        #expect(h.text == "Teh cat sat on txe mat.")
    }

    @Test func hostEditBeforeASuggestionRebasesIt() {
        var (s, _) = start(.init(tool: .proofread, text: text))
        _ = s.handle(.hostEdited(range: NSRange(location: 4, length: 0), text: "big "))
        #expect(s.suggestions[1].range == NSRange(location: 19, length: 3))
        #expect(s.suggestions[1].state == .pending)
    }

    @Test func updateRangeIsCumulative() {
        var (s, _) = start(.init(tool: .proofread, text: text))
        // Second report is relative to the text after the first.
        _ = s.handle(.hostEdited(range: NSRange(location: 4, length: 0), text: "big "))
        _ = s.handle(.hostEdited(range: NSRange(location: 4, length: 4), text: ""))
        #expect(s.text == "The cat sat on the mat.")
        #expect(s.suggestions[1].range == NSRange(location: 15, length: 3))
    }

    @Test func rejectingEverySuggestionGivesBackTheOriginal() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        for i in s.suggestions.indices { h.run(&s, .reject(i)) }
        #expect(h.text == text)
    }

    @Test func suggestionTouchingProtectedTextRejectsTheResult() {
        let t = "Run `teh` now, teh."
        var s = WritingToolsSession(.init(tool: .proofread, text: t, markup: .markdown))
        var h = MachineHost(text: t, engine: { _ in suggestions([("teh", "the")], in: t) })
        h.run(&s, .start)
        #expect(h.text == t)
        #expect(h.errors.contains { if case .protectedTextChanged = $0 { return true }; return false })
        #expect(h.states.last == .inactive)
    }

    @Test func hostIgnoredRangesAreProtected() {
        let t = "teh and teh"
        var s = WritingToolsSession(.init(tool: .proofread, text: t, hostProtectedRanges: [NSRange(location: 0, length: 3)]))
        var h = MachineHost(text: t, engine: { _ in [.suggestions([ProofreadingSuggestion(range: NSRange(location: 0, length: 3), replacements: ["the"], ruleID: "T", category: .style, message: "", provenance: .rules)])] })
        h.run(&s, .start)
        #expect(h.text == t)
        #expect(!h.errors.isEmpty)
    }

    // §3 "Stale accept after mid-session undo": once the user changed a suggestion's text,
    // accepting or rejecting it does nothing to the user's text.
    @Test func noStaleAcceptOrRejectAfterAUserEdit() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        _ = s.handle(.hostEdited(range: NSRange(location: 15, length: 3), text: "a"))
        h.text = "The cat sat on a mat."
        h.run(&s, .accept(1))
        h.run(&s, .reject(1))
        #expect(s.suggestions[1].state == .invalid)
        #expect(h.text == "The cat sat on a mat.")
        #expect(s.state == .interactiveResting) // §3 (18.2): typing while resting does not quit
    }

    // §3 (iOS 18.2 known issue): returning modified text for .noninteractive raised; we follow it.
    @Test func modifiedTextIsFollowedForNoninteractiveToo() {
        var s = WritingToolsSession(.init(tool: .proofread, text: text, behavior: .limited))
        var h = MachineHost(text: text, engine: engine)
        h.onReplace = { _, t in t.uppercased() }
        h.run(&s, .start)
        h.run(&s, .finish(accepting: true))
        #expect(h.text == "THE cat sat on THE mat.")
        #expect(s.suggestions.map(\.replacement) == ["THE", "THE"])
    }

    @Test func blockQuotesAreProtected() {
        let t = "> teh quote\n\nteh text"
        var s = WritingToolsSession(.init(tool: .proofread, text: t, markup: .markdown))
        #expect(s.protectedRanges.contains { $0.location == 0 && $0.length >= 11 })
        var h = MachineHost(text: t, engine: { _ in suggestions([("teh", "the")], in: t) })
        h.run(&s, .start)
        #expect(h.text == t) // the scripted engine touched the quote: the whole result is refused
    }

    @Test func limitedBehaviorChangesNothingUntilAcceptedThenNoninteractive() {
        var (s, h) = start(.init(tool: .proofread, text: text, behavior: .limited))
        #expect(h.text == text)
        #expect(s.state == .noninteractive)
        #expect(s.proposedText == "The cat sat on the mat.")
        h.run(&s, .reject(0))
        h.run(&s, .finish(accepting: true))
        #expect(h.text == "Teh cat sat on the mat.")
        #expect(h.replaces.allSatisfy { $0.2 == .noninteractive })
        #expect(h.states == [.inactive, .noninteractive, .inactive])
    }

    @Test func readOnlyHostGetsCopyOnly() {
        var (s, h) = start(.init(tool: .proofread, text: text, isEditable: false))
        #expect(s.proposedText == "The cat sat on the mat.")
        h.run(&s, .finish(accepting: true))
        #expect(h.replaces.isEmpty)
        #expect(h.text == text)
    }

    @Test func behaviorNoneRefusesToStart() {
        var s = WritingToolsSession(.init(tool: .proofread, text: text, behavior: .none))
        var h = MachineHost(text: text, engine: engine)
        h.run(&s, .start)
        #expect(h.errors == [.disabled])
        #expect(h.states == [.inactive])
    }

    @Test func stopEndsWithoutUndoingAppliedChanges() {
        var (s, h) = start(.init(tool: .proofread, text: text))
        h.run(&s, .stop)
        #expect(h.text == "The cat sat on the mat.")
        #expect(h.states.last == .inactive)
        #expect(s.hasEnded)
    }

    @Test func utf16RangesAroundEmoji() {
        let t = "👩‍👩‍👧 teh 🇫🇷 teh"
        var s = WritingToolsSession(.init(tool: .proofread, text: t))
        var h = MachineHost(text: t, engine: { req in
            let ns = req.text as NSString
            var out: [ProofreadingSuggestion] = []
            var from = 0
            while case let r = ns.range(of: "teh", range: NSRange(location: from, length: ns.length - from)), r.location != NSNotFound {
                out.append(ProofreadingSuggestion(range: r, replacements: ["the"], ruleID: "T", category: .style, message: "", provenance: .rules))
                from = NSMaxRange(r)
            }
            return [.suggestions(out)]
        })
        h.run(&s, .start)
        #expect(h.text == "👩‍👩‍👧 the 🇫🇷 the")
        h.run(&s, .finish(accepting: false))
        #expect(h.text == t)
    }
}

@Suite("Conformance: rewrites and the edit stack (§1.10, §1.13, WebKit #30119, #32784, #32640)")
struct CompositionConformanceTests {
    let text = "Hello there. This is a draft."

    func start(_ versions: [String], config: WritingToolsSession.Configuration? = nil) -> (WritingToolsSession, MachineHost) {
        let counter = Counter()
        var s = WritingToolsSession(config ?? .init(tool: .rewrite, text: text))
        var h = MachineHost(text: s.text, engine: { _ in
            let v = versions[min(counter.next() - 1, versions.count - 1)]
            return [.rewrittenText(String(v.prefix(5))), .rewrittenText(String(v.dropFirst(5)))]
        })
        h.run(&s, .start)
        return (s, h)
    }

    @Test func rewriteStreamsRestingStreamingResting() {
        let (s, h) = start(["Hi. This is the draft."])
        #expect(h.text == "Hi. This is the draft.")
        #expect(h.states == [.inactive, .interactiveResting, .interactiveStreaming, .interactiveResting])
        #expect(s.versions == [text, "Hi. This is the draft."])
        #expect(h.replaces.count == 2) // one replace per chunk
        #expect(h.replaces.allSatisfy { $0.2 == .interactive })
    }

    @Test func showOriginalAndShowRewrittenNeverDuplicate() {
        var (s, h) = start(["Hi. This is the draft."])
        for _ in 0..<3 {
            h.run(&s, .showOriginal)
            #expect(h.text == text)
            h.run(&s, .showRewritten)
            #expect(h.text == "Hi. This is the draft.")
        }
    }

    @Test func rewriteAgainReplacesTheOriginalNotTheLastRewrite() {
        var (s, h) = start(["Hi. This is the draft.", "Greetings. A draft."])
        h.run(&s, .rewriteAgain)
        #expect(h.text == "Greetings. A draft.")
        h.run(&s, .showOriginal)
        #expect(h.text == text)
        h.run(&s, .showRewritten)
        #expect(h.text == "Greetings. A draft.")
    }

    @Test func refineWorksOnTheRewrite() {
        var (s, h) = start(["Hi. This is the draft.", "Hi! The draft."])
        h.run(&s, .refine("shorter"))
        #expect(h.text == "Hi! The draft.")
        h.run(&s, .finish(accepting: false))
        #expect(h.text == text)
    }

    @Test func revertAfterAnySequenceRestoresTheOriginal() {
        var (s, h) = start(["A.", "B.", "C."])
        for e in [WritingToolsSession.Event.rewriteAgain, .showOriginal, .refine("x"), .showOriginal, .showRewritten, .rewriteAgain] {
            h.run(&s, e)
        }
        h.run(&s, .finish(accepting: false))
        #expect(h.text == text)
    }

    @Test func rewriteKeepsProtectedCodeByteIdentical() {
        let t = "Call `run()` now please."
        var (s, h) = start(["Now call `run()`, thanks."], config: .init(tool: .rewrite, text: t, markup: .markdown))
        #expect(h.text == "Now call `run()`, thanks.")
        #expect(h.replaces.allSatisfy { !$0.1.contains("`run()`") }) // code never passes through replace
        h.run(&s, .finish(accepting: false))
        #expect(h.text == t)
    }

    @Test func rewriteThatChangesProtectedCodeIsRejected() {
        let t = "Call `run()` now please."
        let (s, h) = start(["Call `walk()` now."], config: .init(tool: .rewrite, text: t, markup: .markdown))
        #expect(h.text == t)
        #expect(h.replaces.isEmpty)
        #expect(h.errors.contains { if case .protectedTextChanged = $0 { return true }; return false })
        #expect(s.hasEnded)
    }

    @Test func limitedRewriteAppliesOnlyOnAcceptNoninteractively() {
        var (s, h) = start(["Hi."], config: .init(tool: .rewrite, text: text, behavior: .limited))
        #expect(h.text == text)
        #expect(s.proposedText == "Hi.")
        h.run(&s, .finish(accepting: true))
        #expect(h.text == "Hi.")
        #expect(h.replaces.allSatisfy { $0.2 == .noninteractive })
    }

    @Test func userEditInsideTheRewriteIsKept() {
        var (s, h) = start(["Hi there."])
        _ = s.handle(.hostEdited(range: NSRange(location: 0, length: 2), text: "Hey"))
        h.text = "Hey there."
        h.run(&s, .showOriginal)
        h.run(&s, .showRewritten)
        #expect(h.text == "Hey there.")
    }

    @Test func failedRefineKeepsTheSessionAndItsEditStack() {
        var (s, h) = start(["Hi there."])
        var pending = s.handle(.refine("shorter"))
        #expect(pending.contains { if case .runEngine = $0 { return true }; return false })
        pending = s.handle(.engineFailed("offline"))
        #expect(s.state == .interactiveResting && !s.hasEnded)
        #expect(s.versions == [text, "Hi there."])
        h.run(&s, .showOriginal)
        #expect(h.text == text)
    }

    @Test func engineFailureLeavesTheTextAsItWas() {
        var s = WritingToolsSession(.init(tool: .rewrite, text: text))
        var pending = s.handle(.start)
        #expect(pending.contains { if case .runEngine = $0 { return true }; return false })
        pending = s.handle(.engineFailed("offline"))
        #expect(pending.contains { if case .fail(.engineFailed) = $0 { return true }; return false })
        #expect(s.text == text && s.hasEnded && s.state == .inactive)
    }
}

@Suite("Conformance: panel results (Summary, Key Points, List, Table)")
struct ResultConformanceTests {
    @Test func resultToolsArePanelOnlyNoninteractive() {
        let t = "One. Two. Three."
        var s = WritingToolsSession(.init(tool: .summary, text: t))
        var h = MachineHost(text: t, engine: { _ in [.result(ToolResult(kind: .summary, text: "Numbers."))] })
        h.run(&s, .start)
        #expect(s.state == .noninteractive)
        #expect(h.text == t)
        h.run(&s, .finish(accepting: true))
        #expect(h.text == "Numbers.")
        #expect(h.replaces.map(\.2) == [.noninteractive])
    }

    /// A result of a CRLF document has CRLF line breaks throughout (the break-it trial saw LF
    /// list lines around a code block kept with CRLF), and its blocks' ranges follow.
    @Test func aResultTakesTheDocumentsLineBreaks() {
        let t = "# Notes\r\n\r\nFirst we build. Then we test.\r\n"
        let text = "- We build.\n- We test.\n\n```\r\ncode\r\n```"
        let second = (text as NSString).range(of: "- We test.")
        let r = ToolResult(kind: .list, text: text, blocks: [(second, PresentationIntent(.paragraph, identity: 1))])
        let shaped = WritingToolsSession.withLineBreaks(of: t, r)
        #expect(shaped.text == "- We build.\r\n- We test.\r\n\r\n```\r\ncode\r\n```")
        #expect((shaped.text as NSString).substring(with: shaped.blocks[0].range) == "- We test.")
        // An LF document's result is left as it is.
        #expect(WritingToolsSession.withLineBreaks(of: "a\nb\n", r).text == text)
        var s = WritingToolsSession(.init(tool: .list, text: t))
        var h = MachineHost(text: t, engine: { _ in [.result(r)] })
        h.run(&s, .start)
        h.run(&s, .finish(accepting: true))
        #expect(!h.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(h.text.debugDescription)")
    }

    @Test func hostWithoutTableNeverReceivesATable() {
        let t = "a b"
        var s = WritingToolsSession(.init(tool: .table, text: t, resultOptions: [.plainText, .list]))
        var h = MachineHost(text: t, engine: { _ in [.result(ToolResult(kind: .table, text: "| a | b |\n|---|---|\n| 1 | 2 |"))] })
        h.run(&s, .start)
        #expect(s.result == nil)
        #expect(h.errors.contains { if case .unsupportedResult = $0 { return true }; return false })
    }

    @Test func aTableKindShapedAsAListIsAccepted() {
        let t = "a b"
        var s = WritingToolsSession(.init(tool: .table, text: t, resultOptions: [.plainText]))
        var h = MachineHost(text: t, engine: { _ in [.result(ToolResult(kind: .table, text: "- a: 1\n- b: 2"))] })
        h.run(&s, .start)
        #expect(s.result?.text == "- a: 1\n- b: 2")
        #expect(h.errors.isEmpty)
    }

    @Test func plainTextHostGetsNoPresentationIntentBlocks() {
        let t = "a b"
        var s = WritingToolsSession(.init(tool: .list, text: t, resultOptions: [.plainText]))
        var h = MachineHost(text: t, engine: { _ in [.result(ToolResult(kind: .list, text: "- a\n- b", blocks: [(NSRange(location: 0, length: 3), PresentationIntent(.paragraph, identity: 1))]))] })
        h.run(&s, .start)
        #expect(s.result?.blocks.isEmpty == true)
    }

    @Test func insertingAResultOverProtectedTextIsRefused() {
        let t = "Use `x` here."
        var s = WritingToolsSession(.init(tool: .summary, text: t, markup: .markdown))
        var h = MachineHost(text: t, engine: { _ in [.result(ToolResult(kind: .summary, text: "Short."))] })
        h.run(&s, .start)
        h.run(&s, .finish(accepting: true))
        #expect(h.text == t)
        #expect(!h.errors.isEmpty)
    }
}

@Suite("Scale: many suggestions in a large text")
struct ScaleTests {
    /// 3,000 suggestions in a 200 KB text: applied, every other one rejected, user edits in
    /// between, then reverted: the original comes back (ranges shift in O(log k) per edit).
    @Test func thousandsOfSuggestionsApplyRejectAndRevert() {
        let para = "Teh quick brown fox jumps over the lazy dog and runs far away, 👍 again. "
        var text = ""
        while text.utf16.count < 200_000 { text += para }
        var s = WritingToolsSession(.init(tool: .proofread, text: text))
        var h = MachineHost(text: text, engine: { req in
            let ns = req.text as NSString
            var out: [ProofreadingSuggestion] = []
            var from = 0
            while out.count < 3_000, case let r = ns.range(of: "Teh", range: NSRange(location: from, length: ns.length - from)), r.location != NSNotFound {
                out.append(ProofreadingSuggestion(range: r, replacements: ["The"], ruleID: "T", category: .style, message: "", provenance: .rules))
                from = NSMaxRange(r)
            }
            return [.suggestions(out)]
        })
        h.run(&s, .start)
        #expect(s.suggestionCount == 2_740)
        let k = s.suggestionCount
        #expect(h.text == text.replacingOccurrences(of: "Teh", with: "The"))
        for id in stride(from: 0, to: k, by: 2) { h.run(&s, .reject(id)) }
        #expect(s.suggestion(2).range == NSRange(location: 2 * para.utf16.count, length: 3))
        #expect(s.suggestion(2).originalText == "Teh")
        h.run(&s, .finish(accepting: false))
        #expect(h.text == text)
    }
}
