import Foundation
import Synchronization
import TextModel
import DocumentStructure
import WritingToolsEngine

/// Connects a custom text engine to Writing Tools (Apple: `UIWritingToolsCoordinator` /
/// `NSWritingToolsCoordinator`, reference §1.6–§1.10).
///
/// Create one during your view's initialisation with ``init(delegate:)`` and answer its
/// ``Delegate`` calls: hand over contexts, apply replacements, select ranges, and run the text
/// animations. Report your own edits inside a context with
/// ``updateRange(_:with:reason:forContextWithIdentifier:)``.
///
/// Differences from Apple, and why:
/// - Linux has no system panel, so the coordinator offers what the panel does as API:
///   ``startWritingTools(_:scope:)``, the review actions (``showNextSuggestion()``,
///   ``showPreviousSuggestion()``, ``showDetails(forSuggestion:)``, ``acceptSuggestion(_:)``,
///   ``rejectSuggestion(_:)``), the rewrite actions (``showOriginal()``, ``showRewritten()``,
///   ``rewriteAgain()``, ``refine(_:)``) and ``finishWritingTools(accepting:)``.
/// - The tools run on a ``ToolEngine`` you choose (``engine``); the default,
///   `BuiltInToolEngine`, runs every tool offline (Proofread with the rule engine and
///   Hunspell; rule-based Rewrite, Friendly, Professional, Concise; extractive Summary and Key
///   Points; List; Table; a few Describe-your-change instructions).
/// - Geometry requests (bounding paths, underline paths, previews, decoration containers,
///   `requestsRangeInContextWithIdentifierForPoint`) are left out: there is no window system to
///   draw in. Hosts draw underlines from ``session``'s suggestion ranges.
/// - Texts are `AttributedString`, ranges `NSRange` in UTF-16 code units (docs/ARCHITECTURE.md, “Rules that hold everywhere”).
/// - One context per session: the first context the host returns is used (Apple: one context
///   per text storage; macOS 15.2 also supported only the first).
@MainActor
public final class WritingToolsCoordinator {
    // MARK: Nested types

    /// The coordinator's state (Apple: `WritingToolsCoordinator.State`, reference §1.8, §1.10).
    public enum State: Int, Sendable, Hashable, CaseIterable {
        /// No session.
        case inactive = 0
        /// A panel session: the text does not change until the user accepts.
        case noninteractive = 1
        /// An inline session, waiting for the user (review, toggle, accept, revert).
        case interactiveResting = 2
        /// An inline session, waiting for the engine's result.
        case interactiveStreaming = 3
    }

    /// Which text the host should hand over (Apple: `ContextScope`, reference §1.8).
    public enum ContextScope: Int, Sendable, Hashable, CaseIterable {
        /// The selection plus the surrounding paragraphs; `Context.range` is the selection.
        case userSelection = 0
        /// All the text of the storage.
        case fullDocument = 1
        /// The visible text plus some around it.
        case visibleArea = 2
    }

    /// Why a replacement is made (Apple: `TextReplacementReason`).
    public enum TextReplacementReason: Int, Sendable, Hashable, CaseIterable {
        /// Part of an inline, animated session; `animationParameters` is non-nil.
        case interactive = 0
        /// Applied at once without animation (limited experience, accepted panel results).
        case noninteractive = 1
    }

    /// Why the host changed text during a session (Apple: `TextUpdateReason`).
    public enum TextUpdateReason: Int, Sendable, Hashable, CaseIterable {
        /// The user typed.
        case typing = 0
        /// The host's undo or redo.
        case undoRedo = 1
    }

    /// A text animation (Apple: `TextAnimation`, AppKit's values).
    public enum TextAnimation: Int, Sendable, Hashable, CaseIterable {
        /// Waiting for the engine: hide (or shimmer) the text being evaluated.
        case anticipate = 0
        /// Text is being removed.
        case remove = 1
        /// Text is being inserted.
        case insert = 2
        /// Waiting while not actively evaluated (AppKit: draw at 50% grey).
        case anticipateInactive = 8
        /// Text after the insertion point moves to make room.
        case translate = 9
    }

    /// Timing of an interactive replacement (Apple: `AnimationParameters`; no public init).
    /// Set the handlers to run companion animations; the coordinator calls `progressHandler`
    /// with 0 and 1 and `completionHandler` once, after the host's completion.
    @MainActor
    public final class AnimationParameters {
        /// Seconds the animation lasts.
        public let duration: Double
        /// Seconds before it starts.
        public let delay: Double
        /// Called with the progress, 0.0 … 1.0.
        public var progressHandler: ((Float) -> Void)?
        /// Called once at the end.
        public var completionHandler: (() -> Void)?

        init(duration: Double, delay: Double) {
            self.duration = duration
            self.delay = delay
        }
    }

    /// The text a host hands over (Apple: `WritingToolsCoordinator.Context`, reference §1.8).
    ///
    /// `range` is the portion to evaluate, relative to `attributedString` (never a storage
    /// offset). Runs with ``WritingToolsExclusionAttribute`` are never modified.
    public final class Context: Sendable, Identifiable {
        /// A copy of the host's text.
        public let attributedString: AttributedString
        /// UTF-16 range of `attributedString` to evaluate.
        public let range: NSRange
        /// Unique per context.
        public let identifier: UUID
        private let resolved = Mutex(NSRange(location: NSNotFound, length: 0))

        /// The portion of `attributedString` Writing Tools might modify: `{NSNotFound, 0}` until
        /// a session sets it, before it changes any text. Give the session exclusive access to it.
        public var resolvedRange: NSRange { resolved.withLock { $0 } }

        /// Identifiable conformance: ``identifier``.
        public var id: UUID { identifier }

        /// Creates a context (the string is copied, as Apple's initialiser does).
        public init(attributedString: AttributedString, range: NSRange) {
            self.attributedString = attributedString
            self.range = range
            self.identifier = UUID()
        }

        func setResolvedRange(_ r: NSRange) { resolved.withLock { $0 = r } }
    }

    /// The host's side (Apple: `WritingToolsCoordinator.Delegate`, reference §1.7).
    ///
    /// Every method takes a completion handler that must be called exactly once, on the main
    /// actor; the session waits for it before going on. A second call is a programmer error:
    /// debug builds stop with a precondition failure, release builds ignore it. All ranges are
    /// UTF-16, relative to `context.attributedString`: add the context's offset in your storage.
    /// Prefer ``AsyncDelegate`` to implement `async` methods instead.
    ///
    /// Geometry methods (paths, previews, containers) are left out: no window system.
    @MainActor
    public protocol Delegate: AnyObject {
        /// Return the contexts for `scope` (one per text storage). Called at the start of every
        /// session.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     requestsContextsFor scope: ContextScope,
                                     completion: @escaping @MainActor @Sendable ([Context]) -> Void)
        /// Replace `range` of `context` with `replacementText` in your storage; complete with
        /// the text you actually inserted (possibly modified: the session follows it, also for
        /// `.noninteractive`, unlike iOS 18.2) or nil to refuse (nothing changed). The proposed
        /// text carries no attributes: keep your styling at the range (Apple, since iOS 18.5,
        /// reuses the context's attributes for plain-text results). Protected text never
        /// reaches this call.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     replace range: NSRange, in context: Context,
                                     proposedText replacementText: AttributedString,
                                     reason: TextReplacementReason, animationParameters: AnimationParameters?,
                                     completion: @escaping @MainActor @Sendable (AttributedString?) -> Void)
        /// Select `ranges` (use the first if you support one selection).
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     select ranges: [NSRange], in context: Context,
                                     completion: @escaping @MainActor @Sendable () -> Void)
        /// The state is about to change (optional in Apple's API; the default completes at once).
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     willChangeTo newState: State,
                                     completion: @escaping @MainActor @Sendable () -> Void)
        /// Get ready for an animation over `range` (interactive: hide the text).
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     prepareFor textAnimation: TextAnimation, for range: NSRange, in context: Context,
                                     completion: @escaping @MainActor @Sendable () -> Void)
        /// The animation over `range` ended: show the text again and clean up.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     finish textAnimation: TextAnimation, for range: NSRange, in context: Context,
                                     completion: @escaping @MainActor @Sendable () -> Void)
    }

    /// The ``Delegate`` with `async` methods (Apple's Swift overlay imports these forms).
    /// Conform to this and implement the `async` methods; the completion-handler methods are
    /// provided and call each completion exactly once.
    @MainActor
    public protocol AsyncDelegate: Delegate {
        /// See ``Delegate/writingToolsCoordinator(_:requestsContextsFor:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     requestsContextsFor scope: ContextScope) async -> [Context]
        /// See ``Delegate/writingToolsCoordinator(_:replace:in:proposedText:reason:animationParameters:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     replace range: NSRange, in context: Context,
                                     proposedText replacementText: AttributedString,
                                     reason: TextReplacementReason, animationParameters: AnimationParameters?) async -> AttributedString?
        /// See ``Delegate/writingToolsCoordinator(_:select:in:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     select ranges: [NSRange], in context: Context) async
        /// See ``Delegate/writingToolsCoordinator(_:willChangeTo:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, willChangeTo newState: State) async
        /// See ``Delegate/writingToolsCoordinator(_:prepareFor:for:in:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     prepareFor textAnimation: TextAnimation, for range: NSRange, in context: Context) async
        /// See ``Delegate/writingToolsCoordinator(_:finish:for:in:completion:)``.
        func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                     finish textAnimation: TextAnimation, for range: NSRange, in context: Context) async
    }

    // MARK: Properties

    /// The host (weak; set only at initialisation, as Apple's).
    public internal(set) weak var delegate: (any Delegate)?
    /// The engine that runs the tools.
    public var engine: any ToolEngine
    /// The behaviour the host asks for (default ``WritingToolsBehavior/default``).
    public var preferredBehavior: WritingToolsBehavior = .default
    /// The resolved behaviour: never `.default` (see ``WritingToolsBehavior/resolved(isEditable:)``).
    public var behavior: WritingToolsBehavior { preferredBehavior.resolved(isEditable: isEditable) }
    /// The result options the host asks for (default `[]`, system-defined).
    public var preferredResultOptions: WritingToolsResultOptions = .default
    /// The resolved result options (``WritingToolsResultOptions/resolved()``).
    public var resultOptions: WritingToolsResultOptions { preferredResultOptions.resolved() }
    /// Whether contexts include list-marker text (Apple OS 26). Informational for the engine;
    /// default true (UIKit's behaviour).
    public var includesTextListMarkers: Bool = true
    /// False for read-only hosts (Apple: `UITextInput.isEditable`): results can be copied only.
    public var isEditable: Bool = true
    /// How the host's text is written; its code, links… are protected (default plain text).
    public var documentMarkup: DocumentMarkup = .plain
    /// BCP 47 language tag for the engine.
    public var language: String = "en-US"
    /// The current state.
    public private(set) var state: State = .inactive
    /// The current (or last) session, for review UIs: suggestions, versions, result.
    public private(set) var session: WritingToolsSession?
    /// The context of the current (or last) session.
    public private(set) var currentContext: Context?

    /// True when Writing Tools can run. Always true here: the built-in engine needs no device
    /// capability (Apple: false without Apple Intelligence).
    public static var isWritingToolsAvailable: Bool { true }

    /// Called for a completion handler called twice. Debug default: a precondition failure.
    /// Tests replace it to observe misuse.
    nonisolated(unsafe) static var duplicateCompletionHandler: @Sendable (String) -> Void = { name in
        assertionFailure("Writing Tools: the completion handler of \(name) was called more than once")
    }

    private var queueTail: Task<Void, Never>?
    private var engineTask: Task<[ToolEvent], Error>?

    // MARK: Initialisers

    /// Creates a coordinator for `delegate` with the built-in offline engine, `BuiltInToolEngine`
    /// (Apple: `init(delegate:)`).
    public convenience init(delegate: (any Delegate)?) {
        self.init(delegate: delegate, engine: BuiltInToolEngine())
    }

    /// Creates a coordinator for `delegate` running tools on `engine`.
    public init(delegate: (any Delegate)?, engine: any ToolEngine) {
        self.delegate = delegate
        self.engine = engine
    }

    // MARK: Panel actions

    /// Starts `tool` on the text of `scope` (what the system panel does when the user picks a
    /// tool). Returns when the result is in (inline: applied and resting; panel: ready to
    /// accept), or when the session ended.
    /// - Throws: ``WritingToolsSessionError``: `.disabled` for behaviour `.none`, `.noContext`,
    ///   `.invalidState` while another session runs, `.protectedTextChanged` (the result was
    ///   rejected; the text is as it was), `.engineFailed`, `.unsupportedResult`.
    public func startWritingTools(_ tool: WritingTool, scope: ContextScope = .userSelection) async throws {
        try await serialized {
            if let s = self.session, !s.hasEnded {
                guard s.state == .noninteractive, tool.isInline else {
                    throw WritingToolsSessionError.invalidState("a Writing Tools session is already running; finish or stop it first")
                }
                // Apple: from the panel the user may discard and pick an inline tool.
                self.session = nil
            }
            guard self.behavior != .none else { throw WritingToolsSessionError.disabled }
            let contexts = await self.call("requestsContextsFor") { (done: @escaping @MainActor @Sendable ([Context]) -> Void) in
                if let d = self.delegate { d.writingToolsCoordinator(self, requestsContextsFor: scope, completion: done) } else { done([]) }
            }
            guard let context = contexts.first else { throw WritingToolsSessionError.noContext }
            let text = context.attributedString.plainString
            let config = WritingToolsSession.Configuration(
                tool: tool, text: text, range: context.range,
                hostProtectedRanges: context.attributedString.writingToolsExclusionRanges,
                markup: self.documentMarkup.kind, behavior: self.behavior,
                resultOptions: self.resultOptions, isEditable: self.isEditable, language: self.language)
            var s = WritingToolsSession(config)
            context.setResolvedRange(s.range)
            self.currentContext = context
            let actions = s.handle(.start)
            self.session = s
            try await self.perform(actions)
        }
    }

    /// Selects the next suggestion to review (wraps around).
    public func showNextSuggestion() async throws { try await send(.next) }
    /// Selects the previous suggestion to review (wraps around).
    public func showPreviousSuggestion() async throws { try await send(.previous) }
    /// Shows a suggestion's details (it becomes `reviewing`) and returns them.
    public func showDetails(forSuggestion id: Int) async throws -> WritingToolsSession.SuggestionDetails? {
        try await send(.showDetails(id))
        return session.flatMap { s in s.suggestions.indices.contains(id) ? s.suggestions[id] : nil }.map {
            .init(id: $0.id, originalText: $0.originalText, replacement: $0.replacement, explanation: $0.explanation, range: $0.range)
        }
    }
    /// Keeps a suggestion.
    public func acceptSuggestion(_ id: Int) async throws { try await send(.accept(id)) }
    /// Undoes a suggestion: exactly its original text comes back (a `replace` call).
    public func rejectSuggestion(_ id: Int) async throws { try await send(.reject(id)) }
    /// Shows the original text of a rewrite in place.
    public func showOriginal() async throws { try await send(.showOriginal) }
    /// Shows the rewritten text again.
    public func showRewritten() async throws { try await send(.showRewritten) }
    /// Rewrites again from the original ("Rewrite again").
    public func rewriteAgain() async throws { try await send(.rewriteAgain) }
    /// Refines the current rewrite with an instruction (a follow-up "Describe your change").
    public func refine(_ instruction: String) async throws { try await send(.refine(instruction)) }
    /// Ends the session, keeping the result (`true`: a panel result is applied now with
    /// `.noninteractive` replacements) or restoring the original (`false`).
    public func finishWritingTools(accepting: Bool) async throws { try await send(.finish(accepting: accepting)) }

    /// Ends the session now, without undoing changes already applied (Apple: "does not undo any
    /// changes"); an engine run in flight is cancelled. The state changes reach the delegate
    /// asynchronously.
    public func stopWritingTools() {
        engineTask?.cancel()
        guard session != nil else { return }
        // The session ends now (later actions see it ended); the state changes reach the
        // delegate in order, after any delegate call in flight.
        let actions = handle(.stop)
        _ = enqueue { try await self.perform(actions) }
    }

    /// Reports a change the host made inside a context during a session (Apple: cumulative:
    /// the first call's `range` is in the original context text, each later one in the text as
    /// changed by the calls before). Suggestions and the rewrite range are rebased; a suggestion
    /// whose text changed becomes invalid. Unknown identifiers are ignored.
    public func updateRange(_ range: NSRange, with replacementText: AttributedString, reason: TextUpdateReason,
                            forContextWithIdentifier contextID: UUID) {
        guard currentContext?.identifier == contextID, session != nil else { return }
        _ = session?.handle(.hostEdited(range: range, text: replacementText.plainString))
        if let s = session { currentContext?.setResolvedRange(s.range) }
    }

    /// Reports that text before a context, or its layout, changed (Apple: refreshes the
    /// proofreading marks). Without geometry, nothing to recompute: offsets are relative to the
    /// context; accepted for API parity.
    public func updateForReflowedTextInContextWithIdentifier(_ contextID: UUID) {}

    // MARK: Driver

    private func send(_ event: WritingToolsSession.Event) async throws {
        try await serialized {
            guard self.session != nil else { throw WritingToolsSessionError.invalidState("no Writing Tools session") }
            try await self.perform(self.handle(event))
        }
    }

    /// Runs `op` after every operation queued before it (one at a time on the main actor).
    private func serialized(_ op: @escaping @MainActor () async throws -> Void) async throws {
        try await enqueue(op).value.get()
    }

    /// Queues `op` now (synchronously) behind every operation queued before it.
    private func enqueue(_ op: @escaping @MainActor () async throws -> Void) -> Task<Result<Void, Error>, Never> {
        let previous = queueTail
        let task = Task { @MainActor () -> Result<Void, Error> in
            await previous?.value
            do { try await op(); return .success(()) } catch { return .failure(error) }
        }
        queueTail = Task { @MainActor in _ = await task.value }
        return task
    }

    private func perform(_ initial: [WritingToolsSession.Action]) async throws {
        var pending = initial
        var firstError: WritingToolsSessionError?
        while !pending.isEmpty {
            let action = pending.removeFirst()
            guard let context = currentContext else { break }
            switch action {
            case .changeState(let newState):
                await call("willChangeTo") { (done: @escaping @MainActor @Sendable () -> Void) in
                    if let d = self.delegate { d.writingToolsCoordinator(self, willChangeTo: newState, completion: done) } else { done() }
                }
                state = newState
            case .runEngine(let request):
                let engine = self.engine
                let task = Task.detached { () -> [ToolEvent] in
                    var out: [ToolEvent] = []
                    for try await e in engine.run(request) {
                        try Task.checkCancellation()
                        out.append(e)
                    }
                    return out
                }
                engineTask = task
                let event: WritingToolsSession.Event
                do { event = .engineFinished(try await task.value) } catch {
                    event = .engineFailed(error is CancellationError ? "cancelled" : String(describing: error))
                }
                engineTask = nil
                pending += handle(event)
            case let .replace(range, text, reason, animated):
                let params = animated ? AnimationParameters(duration: 0, delay: 0) : nil
                if animated {
                    // Apple animates each chunk as remove + insert (reference §2).
                    if range.length > 0 {
                        await animation(prepare: true, .remove, range, context)
                        await animation(prepare: false, .remove, range, context)
                    }
                    await animation(prepare: true, .insert, range, context)
                }
                let actual = await call("replace") { (done: @escaping @MainActor @Sendable (AttributedString?) -> Void) in
                    if let d = self.delegate {
                        d.writingToolsCoordinator(self, replace: range, in: context, proposedText: AttributedString(text),
                                                  reason: reason, animationParameters: params, completion: done)
                    } else { done(nil) }
                }
                if let params {
                    params.progressHandler?(0)
                    params.progressHandler?(1)
                    params.completionHandler?()
                    let inserted = NSRange(location: range.location, length: (actual?.plainString ?? "").utf16.count)
                    await animation(prepare: false, .insert, actual == nil ? range : inserted, context)
                }
                pending += handle(.hostReplaced(actual?.plainString))
            case .select(let ranges):
                await call("select") { (done: @escaping @MainActor @Sendable () -> Void) in
                    if let d = self.delegate { d.writingToolsCoordinator(self, select: ranges, in: context, completion: done) } else { done() }
                }
            case let .prepareAnimation(a, r):
                await animation(prepare: true, a, r, context)
            case let .finishAnimation(a, r):
                await animation(prepare: false, a, r, context)
            case .showDetails:
                break
            case .fail(let e):
                if firstError == nil { firstError = e }
            case .ended:
                engineTask?.cancel()
            }
            if let s = session { context.setResolvedRange(s.range) }
        }
        if let firstError { throw firstError }
    }

    private func handle(_ event: WritingToolsSession.Event) -> [WritingToolsSession.Action] {
        // Mutated in place: a copy would duplicate the text and suggestions on every event.
        session?.handle(event) ?? []
    }

    private func animation(prepare: Bool, _ a: TextAnimation, _ r: NSRange, _ context: Context) async {
        await call(prepare ? "prepareFor" : "finish") { (done: @escaping @MainActor @Sendable () -> Void) in
            guard let d = self.delegate else { return done() }
            if prepare {
                d.writingToolsCoordinator(self, prepareFor: a, for: r, in: context, completion: done)
            } else {
                d.writingToolsCoordinator(self, finish: a, for: r, in: context, completion: done)
            }
        }
    }

    /// Calls a delegate method and waits for its completion, which must come exactly once.
    private func call<T: Sendable>(_ name: String, _ body: (@escaping @MainActor @Sendable (T) -> Void) -> Void) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let once = CompletionOnce(name)
            body { value in
                if once.fire() { continuation.resume(returning: value) }
            }
        }
    }

    private func call(_ name: String, _ body: (@escaping @MainActor @Sendable () -> Void) -> Void) async {
        let _: Bool = await call(name) { (done: @escaping @MainActor @Sendable (Bool) -> Void) in body { done(true) } }
    }
}

/// Guards one completion handler: the first call passes, later ones are reported.
@MainActor
final class CompletionOnce {
    private let name: String
    private var called = false
    init(_ name: String) { self.name = name }
    func fire() -> Bool {
        if called {
            WritingToolsCoordinator.duplicateCompletionHandler(name)
            return false
        }
        called = true
        return true
    }
}

extension WritingToolsCoordinator.Delegate {
    /// Default: completes at once (Apple: optional method).
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        willChangeTo newState: WritingToolsCoordinator.State,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        completion()
    }
}

extension WritingToolsCoordinator.AsyncDelegate {
    /// Calls the `async` form and completes with its answer.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        requestsContextsFor scope: WritingToolsCoordinator.ContextScope,
                                        completion: @escaping @MainActor @Sendable ([WritingToolsCoordinator.Context]) -> Void) {
        Task { @MainActor in completion(await self.writingToolsCoordinator(writingToolsCoordinator, requestsContextsFor: scope)) }
    }
    /// Calls the `async` form and completes with its answer.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator,
                                        replace range: NSRange, in context: WritingToolsCoordinator.Context,
                                        proposedText replacementText: AttributedString,
                                        reason: WritingToolsCoordinator.TextReplacementReason,
                                        animationParameters: WritingToolsCoordinator.AnimationParameters?,
                                        completion: @escaping @MainActor @Sendable (AttributedString?) -> Void) {
        Task { @MainActor in
            completion(await self.writingToolsCoordinator(writingToolsCoordinator, replace: range, in: context, proposedText: replacementText,
                                                          reason: reason, animationParameters: animationParameters))
        }
    }
    /// Calls the `async` form, then completes.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, select ranges: [NSRange],
                                        in context: WritingToolsCoordinator.Context, completion: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            await self.writingToolsCoordinator(writingToolsCoordinator, select: ranges, in: context)
            completion()
        }
    }
    /// Calls the `async` form, then completes.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, willChangeTo newState: WritingToolsCoordinator.State,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            await self.writingToolsCoordinator(writingToolsCoordinator, willChangeTo: newState)
            completion()
        }
    }
    /// Calls the `async` form, then completes.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
                                        for range: NSRange, in context: WritingToolsCoordinator.Context,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            await self.writingToolsCoordinator(writingToolsCoordinator, prepareFor: textAnimation, for: range, in: context)
            completion()
        }
    }
    /// Calls the `async` form, then completes.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
                                        for range: NSRange, in context: WritingToolsCoordinator.Context,
                                        completion: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            await self.writingToolsCoordinator(writingToolsCoordinator, finish: textAnimation, for: range, in: context)
            completion()
        }
    }
    /// Default: nothing to do.
    public func writingToolsCoordinator(_ writingToolsCoordinator: WritingToolsCoordinator, willChangeTo newState: WritingToolsCoordinator.State) async {}
}

extension WritingTool {
    /// True for the tools that work inline (Proofread and the rewrite family).
    var isInline: Bool {
        switch self {
        case .summary, .keyPoints, .list, .table: return false
        default: return true
        }
    }
}
