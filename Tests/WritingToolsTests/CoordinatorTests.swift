import Foundation
import Testing
@testable import WritingTools
import WritingToolsEngine

@Suite("Conformance: WritingToolsCoordinator and its Delegate (§1.6–§1.8, §1.10)", .serialized)
@MainActor
struct CoordinatorConformanceTests {
    @Test func rewriteDelegateSequenceFollowsApplesArticle() async throws {
        let host = RecordingHost("Hello there.")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.rewriting(["Hi there, friend."], chunkSize: 9))
        try await c.startWritingTools(.rewrite, scope: .fullDocument)
        #expect(host.storage == "Hi there, friend.")
        #expect(host.transcript == [
            "contexts(fullDocument)",
            "willChangeTo(.interactiveResting)", "willChangeTo(.interactiveStreaming)",
            "prepare(.anticipate)", "finish(.anticipate)",
            "prepare(.remove)", "finish(.remove)",
            "prepare(.insert)", "replace([0,12) → \"Hi there,\", .interactive)", "finish(.insert)",
            "prepare(.insert)", "replace([9,9) → \" friend.\", .interactive)", "finish(.insert)",
            "willChangeTo(.interactiveResting)", "select([0,17))",
        ])
        #expect(host.replaceHadParameters.allSatisfy { $0 })
        #expect(c.state == .interactiveResting)
        try await c.finishWritingTools(accepting: true)
        #expect(c.state == .inactive)
        #expect(host.storage == "Hi there, friend.")
    }

    @Test func everyCompletionIsAwaitedExactlyOnceEvenWhenAsynchronous() async throws {
        let host = RecordingHost("teh cat")
        host.asynchronous = true
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        try await c.finishWritingTools(accepting: false)
        #expect(host.calls == host.completions)
        #expect(host.maxOutstanding == 1) // one delegate call at a time
        #expect(host.storage == "teh cat")
    }

    @Test func aSecondCompletionCallIsCaught() async throws {
        final class Twice: WritingToolsCoordinator.Delegate {
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, requestsContextsFor scope: WritingToolsCoordinator.ContextScope,
                                         completion: @escaping @MainActor @Sendable ([WritingToolsCoordinator.Context]) -> Void) {
                let ctx = WritingToolsCoordinator.Context(attributedString: AttributedString("x"), range: NSRange(location: 0, length: 1))
                completion([ctx])
                completion([ctx])
            }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, replace range: NSRange, in context: WritingToolsCoordinator.Context, proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason, animationParameters: WritingToolsCoordinator.AnimationParameters?, completion: @escaping @MainActor @Sendable (AttributedString?) -> Void) { completion(proposedText) }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, select ranges: [NSRange], in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) { completion() }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange, in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) { completion() }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange, in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) { completion() }
        }
        let seen = DuplicateLog()
        let saved = WritingToolsCoordinator.duplicateCompletionHandler
        WritingToolsCoordinator.duplicateCompletionHandler = { seen.add($0) }
        defer { WritingToolsCoordinator.duplicateCompletionHandler = saved }
        let d = Twice()
        let c = WritingToolsCoordinator(delegate: d, engine: ScriptedEngine { _ in [.suggestions([])] })
        try await c.startWritingTools(.proofread)
        #expect(seen.names == ["requestsContextsFor"])
    }

    @Test func hostModifiedTextIsFollowedAndNilRefuses() async throws {
        let host = RecordingHost("teh cat and teh dog")
        host.onReplace = { r, t in r.location == 0 ? "THE" : nil }
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        #expect(host.storage == "THE cat and teh dog")
        #expect(c.session?.suggestions.map(\.state) == [.pending, .invalid])
        #expect(c.session?.suggestions[0].replacement == "THE")
    }

    @Test func exclusionAttributeIsNeverModified() async throws {
        let host = RecordingHost("teh code teh")
        host.exclusion = [NSRange(location: 0, length: 3)]
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        await #expect(throws: WritingToolsSessionError.self) { try await c.startWritingTools(.proofread) }
        #expect(host.storage == "teh code teh")
        #expect(c.state == .inactive)
    }

    @Test func updateRangeIsCumulativeThroughTheCoordinator() async throws {
        let host = RecordingHost("teh cat, teh dog")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        host.type(NSRange(location: 4, length: 0), "big ", coordinator: c)
        host.type(NSRange(location: 4, length: 4), "", coordinator: c)
        host.type(NSRange(location: 0, length: 0), "Oh, ", coordinator: c)
        #expect(c.session?.text == host.storage)
        try await c.rejectSuggestion(1)
        #expect(host.storage == "Oh, the cat, teh dog")
    }

    @Test func contextResolvedRangeIsSetBeforeChanges() async throws {
        let host = RecordingHost("one teh two")
        host.contextRange = NSRange(location: 4, length: 3)
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread, scope: .userSelection)
        #expect(c.currentContext?.resolvedRange == NSRange(location: 4, length: 3))
    }

    @Test func suggestionsOutsideTheContextRangeAreIgnored() async throws {
        let host = RecordingHost("teh one teh")
        host.contextRange = NSRange(location: 8, length: 3)
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        #expect(host.storage == "teh one the")
    }

    @Test func stopWritingToolsDoesNotUndo() async throws {
        let host = RecordingHost("teh cat")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        c.stopWritingTools()
        try await c.finishWritingTools(accepting: false) // after stop: no session left to revert
        #expect(host.storage == "the cat")
        #expect(c.state == .inactive)
        #expect(host.onlyAppleTransitions)
    }

    @Test func stopWhileStreamingCancelsTheEngineAndEndsTheAnimation() async throws {
        let host = RecordingHost("Some text.")
        let slow = SlowEngine()
        let c = WritingToolsCoordinator(delegate: host, engine: slow)
        let run = Task { @MainActor in try? await c.startWritingTools(.rewrite) }
        while !host.states.contains(.interactiveStreaming) { await Task.yield() }
        c.stopWritingTools()
        await run.value
        try await c.finishWritingTools(accepting: false) // waits for the stop to reach the host
        #expect(host.storage == "Some text.")
        #expect(host.states == [.inactive, .interactiveResting, .interactiveStreaming, .interactiveResting, .inactive])
        #expect(host.transcript.contains("finish(.anticipate)"))
        #expect(host.calls == host.completions)
    }

    @Test func startingWhileASessionRunsIsRefused() async throws {
        let host = RecordingHost("teh cat")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        await #expect(throws: WritingToolsSessionError.self) { try await c.startWritingTools(.proofread) }
    }

    @Test func behaviorNoneIsRespected() async throws {
        let host = RecordingHost("teh")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        c.preferredBehavior = .none
        await #expect(throws: WritingToolsSessionError.disabled) { try await c.startWritingTools(.proofread) }
        #expect(host.calls == 0) // WebKit #30310: .none means nothing at all
    }

    @Test func defaultEngineProofreadsOffline() async throws {
        let host = RecordingHost("Teh cat sat.")
        let c = WritingToolsCoordinator(delegate: host)
        try await c.startWritingTools(.proofread)
        #expect(host.storage == "The cat sat.")
        try await c.finishWritingTools(accepting: false)
        #expect(host.storage == "Teh cat sat.")
    }

    @Test func defaultEngineRewritesOfflineWithTheEditStack() async throws {
        let original = "We met in order to plan the launch."
        let host = RecordingHost(original)
        let c = WritingToolsCoordinator(delegate: host)
        try await c.startWritingTools(.concise)
        #expect(host.storage == "We met to plan the launch.")
        #expect(c.state == .interactiveResting)
        let why = try #require(c.session?.rewriteEdits.first)
        #expect((original as NSString).substring(with: why.range) == "in order to")
        #expect(!why.message.isEmpty)
        try await c.showOriginal()
        #expect(host.storage == original)
        try await c.showRewritten()
        #expect(host.storage == "We met to plan the launch.")
        try await c.finishWritingTools(accepting: false)
        #expect(host.storage == original)
        #expect(host.onlyAppleTransitions)
    }

    @Test func defaultEngineKeepsMarkdownCodeInARewrite() async throws {
        let original = "Run `make test` in order to check the build."
        let host = RecordingHost(original)
        let c = WritingToolsCoordinator(delegate: host)
        c.documentMarkup = .markdown
        try await c.startWritingTools(.concise)
        #expect(host.storage == "Run `make test` to check the build.")
        #expect(host.transcript.filter { $0.hasPrefix("replace") }.allSatisfy { !$0.contains("`") })
    }

    @Test func defaultEngineLeavesBlockQuotesAlone() async throws {
        let original = "> Teh quote stays.\n\nTeh text changes."
        let host = RecordingHost(original)
        let c = WritingToolsCoordinator(delegate: host)
        c.documentMarkup = .markdown
        try await c.startWritingTools(.proofread)
        #expect(host.storage == "> Teh quote stays.\n\nThe text changes.")
    }

    @Test func defaultEngineSummaryIsAPanelResult() async throws {
        let original = "The launch moved to May. The team needs two more weeks for testing. Marketing agreed. The budget is unchanged."
        let host = RecordingHost(original)
        let c = WritingToolsCoordinator(delegate: host)
        try await c.startWritingTools(.summary)
        #expect(c.state == .noninteractive)
        #expect(host.storage == original)
        let summary = try #require(c.session?.result?.text)
        #expect(!summary.isEmpty)
        try await c.finishWritingTools(accepting: true)
        #expect(host.storage == summary)
        #expect(host.replaceReasons == [.noninteractive])
    }

    @Test func defaultEngineGivesAPlainTextHostNoTable() async throws {
        let original = "Paris: 2.1 million\nBerlin: 3.6 million\nMadrid: 3.3 million"
        let host = RecordingHost(original)
        let c = WritingToolsCoordinator(delegate: host)
        c.preferredResultOptions = [.plainText]
        try await c.startWritingTools(.table)
        #expect(host.storage == original)
        let r = try #require(c.session?.result)
        #expect(!WritingToolsSession.containsTable(r))
        #expect(r.text.contains("Berlin"))
    }

    @Test func delegateIsWeak() {
        var host: RecordingHost? = RecordingHost("x")
        let c = WritingToolsCoordinator(delegate: host)
        host = nil
        #expect(c.delegate == nil)
    }

    @Test func asyncDelegateConveniences() async throws {
        final class AsyncHost: WritingToolsCoordinator.AsyncDelegate {
            var text = "teh"
            var states: [WritingToolsCoordinator.State] = []
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, requestsContextsFor scope: WritingToolsCoordinator.ContextScope) async -> [WritingToolsCoordinator.Context] {
                [WritingToolsCoordinator.Context(attributedString: AttributedString(text), range: NSRange(location: 0, length: 3))]
            }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, replace range: NSRange, in context: WritingToolsCoordinator.Context, proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason, animationParameters: WritingToolsCoordinator.AnimationParameters?) async -> AttributedString? {
                text = try! text.applying([TextEdit(range: range, replacement: String(proposedText.characters))])
                return proposedText
            }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, select ranges: [NSRange], in context: WritingToolsCoordinator.Context) async {}
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, willChangeTo newState: WritingToolsCoordinator.State) async { states.append(newState) }
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange, in context: WritingToolsCoordinator.Context) async {}
            func writingToolsCoordinator(_ c: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation, for range: NSRange, in context: WritingToolsCoordinator.Context) async {}
        }
        let host = AsyncHost()
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine.replacing([("teh", "the")]))
        try await c.startWritingTools(.proofread)
        #expect(host.text == "the")
        try await c.finishWritingTools(accepting: true)
        #expect(host.states == [.interactiveResting, .interactiveStreaming, .interactiveResting, .inactive])
    }

    @Test func panelToolThenInlineToolFromNoninteractive() async throws {
        let host = RecordingHost("a b c")
        let c = WritingToolsCoordinator(delegate: host, engine: ScriptedEngine { req in
            req.tool == .summary ? [.result(ToolResult(kind: .summary, text: "abc"))] : [.rewrittenText("A B C")]
        })
        try await c.startWritingTools(.summary)
        #expect(c.state == .noninteractive)
        #expect(c.session?.result?.text == "abc")
        try await c.startWritingTools(.rewrite)
        #expect(host.storage == "A B C")
        #expect(host.onlyAppleTransitions)
    }
}

final class DuplicateLog: @unchecked Sendable {
    private let lock = NSLock()
    private var _names: [String] = []
    func add(_ n: String) { lock.lock(); _names.append(n); lock.unlock() }
    var names: [String] { lock.lock(); defer { lock.unlock() }; return _names }
}

@Suite("Conformance: TextView (§1.4, §1.5, §3)", .serialized)
@MainActor
struct TextViewConformanceTests {
    final class Recorder: TextViewDelegate {
        var log: [String] = []
        var ignored: (NSRange) -> [NSRange] = { _ in [] }
        var enclosing: [NSRange] = []
        func textViewWritingToolsWillBegin(_ textView: TextView) { log.append("willBegin active=\(textView.isWritingToolsActive)") }
        func textViewWritingToolsDidEnd(_ textView: TextView) { log.append("didEnd active=\(textView.isWritingToolsActive)") }
        func textView(_ textView: TextView, writingToolsIgnoredRangesInEnclosingRange enclosingRange: NSRange) -> [NSRange] {
            enclosing.append(enclosingRange)
            return ignored(enclosingRange)
        }
    }

    @Test func isWritingToolsActiveIsTrueAfterWillBeginUntilDidEndReturns() async throws {
        let v = TextView("teh cat", engine: ScriptedEngine.replacing([("teh", "the")]))
        let r = Recorder()
        v.delegate = r
        #expect(!v.isWritingToolsActive)
        try await v.coordinator.startWritingTools(.proofread)
        #expect(v.isWritingToolsActive)
        try await v.coordinator.finishWritingTools(accepting: true)
        #expect(!v.isWritingToolsActive)
        #expect(r.log == ["willBegin active=false", "didEnd active=true"])
    }

    @Test func ignoredRangesAreRelativeToTheEnclosingRange() async throws {
        // Second paragraph, enclosing range starts at 9: the delegate returns {0,3}, the first
        // "teh" of that paragraph, relative to it; the absolute reading would protect "teh" in
        // the first paragraph instead.
        let v = TextView("teh one\n\nteh two teh", engine: ScriptedEngine.replacing([("teh", "the")]))
        let r = Recorder()
        r.ignored = { _ in [NSRange(location: 0, length: 3)] }
        v.delegate = r
        v.selectedRange = NSRange(location: 9, length: 11)
        // The scripted engine proposes every "teh" of the context; one is protected, so the
        // whole result is refused; run a narrower check through the session's protected ranges.
        await #expect(throws: WritingToolsSessionError.self) { try await v.coordinator.startWritingTools(.proofread, scope: .userSelection) }
        #expect(r.enclosing == [NSRange(location: 9, length: 11)])
        #expect(v.coordinator.session?.protectedRanges.contains(NSRange(location: 0, length: 3)) == true)
        #expect(v.string == "teh one\n\nteh two teh")
    }

    @Test func ignoredRangesAreClampedToTheEnclosingRange() async throws {
        let v = TextView("abc teh", engine: ScriptedEngine.replacing([("teh", "the")]))
        let r = Recorder()
        r.ignored = { _ in [NSRange(location: 2, length: 100)] }
        v.delegate = r
        await #expect(throws: WritingToolsSessionError.self) { try await v.coordinator.startWritingTools(.proofread, scope: .fullDocument) }
        #expect(v.coordinator.session?.protectedRanges == [NSRange(location: 2, length: 5)])
    }

    @Test func programmaticEditsDuringASessionAreRefused() async throws {
        let v = TextView("teh cat", engine: ScriptedEngine.replacing([("teh", "the")]))
        try await v.coordinator.startWritingTools(.proofread)
        #expect(throws: WritingToolsSessionError.textViewBusy) { try v.replaceCharacters(in: NSRange(location: 0, length: 0), with: "x") }
        #expect(throws: WritingToolsSessionError.textViewBusy) { try v.setText(AttributedString("y")) }
        // Typing is allowed and reported: the suggestion it touches becomes invalid.
        try v.userReplaceCharacters(in: NSRange(location: 0, length: 1), with: "T")
        #expect(v.coordinator.session?.suggestions.first?.state == .invalid)
        try await v.coordinator.finishWritingTools(accepting: true)
        try v.replaceCharacters(in: NSRange(location: 0, length: 0), with: "A ")
        #expect(v.string == "A The cat")
    }

    @Test func oneUndoAfterAcceptingRestoresTheOriginal() async throws {
        let v = TextView("teh cat, teh dog", engine: ScriptedEngine.replacing([("teh", "the")]))
        try await v.coordinator.startWritingTools(.proofread)
        try await v.coordinator.rejectSuggestion(0)
        try await v.coordinator.finishWritingTools(accepting: true)
        #expect(v.string == "teh cat, the dog")
        #expect(v.undoManager.undoCount == 1)
        v.undoManager.undo()
        #expect(v.string == "teh cat, teh dog")
        v.undoManager.redo()
        #expect(v.string == "teh cat, the dog")
    }

    @Test func revertLeavesNothingToUndo() async throws {
        let v = TextView("teh cat", engine: ScriptedEngine.replacing([("teh", "the")]))
        try await v.coordinator.startWritingTools(.proofread)
        try await v.coordinator.finishWritingTools(accepting: false)
        #expect(v.string == "teh cat")
        #expect(!v.undoManager.canUndo)
    }

    @Test func writingToolsBehaviorIsNeverDefault() {
        let v = TextView("x")
        #expect(v.writingToolsBehavior == .complete)
        v.writingToolsBehavior = .default
        #expect(v.writingToolsBehavior != .default)
        v.writingToolsBehavior = .limited
        #expect(v.writingToolsBehavior == .limited)
        v.isEditable = false
        v.writingToolsBehavior = .complete
        #expect(v.writingToolsBehavior == .limited)
    }

    @Test func plainTextViewAcceptsPlainTextAndRichViewAcceptsTables() {
        let plain = TextView("x", allowsRichText: false)
        plain.allowedWritingToolsResultOptions = [.plainText]
        #expect(plain.coordinator.resultOptions == [.plainText])
        let rich = TextView("x")
        rich.allowedWritingToolsResultOptions = [.table]
        #expect(rich.coordinator.resultOptions.contains(.table))
    }

    @Test func plainTextViewRefusesTableAsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let v = TextView("x", allowsRichText: false)
                v.allowedWritingToolsResultOptions = [.table]
            }
        }
    }

    @Test func readOnlyViewGetsCopyOnly() async throws {
        let v = TextView("teh cat", engine: ScriptedEngine.replacing([("teh", "the")]))
        v.isEditable = false
        try await v.coordinator.startWritingTools(.proofread)
        #expect(v.coordinator.state == .noninteractive)
        #expect(v.coordinator.session?.proposedText == "the cat")
        try await v.coordinator.finishWritingTools(accepting: true)
        #expect(v.string == "teh cat")
    }

    @Test func selectionScopeReplacesOnlyInsideTheSelection() async throws {
        let v = TextView("teh a\nteh b teh", engine: ScriptedEngine.replacing([("teh", "the")]))
        v.selectedRange = NSRange(location: 12, length: 3)
        try await v.coordinator.startWritingTools(.proofread, scope: .userSelection)
        #expect(v.string == "teh a\nteh b the")
    }

    @Test func markdownCodeInATextViewIsProtected() async throws {
        let v = TextView("Run `teh` and teh.", engine: ScriptedEngine { req in
            // An engine that respects protection: only the prose "teh".
            [.suggestions([ProofreadingSuggestion(range: NSRange(location: 14, length: 3), replacements: ["the"], ruleID: "T", category: .style, message: "", provenance: .rules)])]
        })
        v.documentMarkup = .markdown
        try await v.coordinator.startWritingTools(.proofread)
        #expect(v.string == "Run `teh` and the.")
    }
}

/// An engine that waits until cancelled.
struct SlowEngine: ToolEngine {
    func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error> {
        AsyncThrowingStream { c in
            let t = Task {
                do {
                    try await Task.sleep(for: .seconds(30))
                    c.yield(.rewrittenText("late"))
                    c.finish()
                } catch { c.finish(throwing: error) }
            }
            c.onTermination = { _ in t.cancel() }
        }
    }
}
