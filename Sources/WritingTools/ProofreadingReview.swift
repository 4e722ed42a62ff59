import Foundation
import TextModel
import DocumentStructure
import WritingToolsEngine

/// Reviews a document's proofreading suggestions one at a time, without a host or a run loop:
/// the entry point for terminal and batch front ends (`writing-tools proofread --interactive`),
/// as ``WritingToolsRunner`` is for running a tool to the end.
///
/// It drives the ``WritingToolsSession`` a ``WritingToolsCoordinator`` drives, with the complete
/// (inline) behaviour: every correction of the ``ProofreadingReport`` is applied at once, each
/// tracked as a suggestion; rejecting one restores exactly its original text; ending without
/// keeping restores the whole original. The review is its own host: it inserts exactly the text
/// the session proposes, so ``text`` is the document as it stands.
///
/// ``undo()`` takes back the last decision (an accept, a reject, or an accept-all) by starting
/// the session again from the report and replaying the decisions before it: the session is
/// deterministic, so the result is the state before that decision, byte for byte. It costs one
/// replay (O(n + k log k) for k suggestions), fine for a person's pace.
public struct ProofreadingReview: Sendable {
    /// What the user decided about a suggestion.
    public enum Decision: Sendable, Hashable {
        /// Kept.
        case accepted
        /// Undone: the original text is back.
        case rejected
    }

    /// One user action: the suggestions it decided, and how.
    public struct Step: Sendable, Hashable {
        /// Suggestion ids, in the order decided.
        public var ids: [Int]
        /// The decision for all of them.
        public var decision: Decision
    }

    private let configuration: WritingToolsSession.Configuration
    private let engineEvents: [ToolEvent]
    /// The session being driven (its suggestions, states and text).
    public private(set) var session: WritingToolsSession
    /// The session as it stood right after the host's last edit (``hostEdited(range:text:)``),
    /// which ``undo()`` and ``revert(_:)`` replay from; nil before any: they replay from the report.
    private var base: WritingToolsSession?
    /// The decisions so far, oldest first (what ``undo()`` takes back, last first).
    public private(set) var history: [Step] = []
    /// How many of the report's suggestions are not reviewed: without a replacement,
    /// overlapping an earlier one, or inside text the session protects (block quotations).
    public private(set) var leftOut = 0

    /// Starts a review of `report` (a ``WritingToolsChecker`` result for `report.text`): every
    /// correction is applied.
    /// - Throws: ``WritingToolsSessionError`` if the session fails.
    public init(report: ProofreadingReport, markup: DocumentMarkup = .plain, language: String = "en-US") throws {
        try self.init(text: report.text, edits: report.suggestions, markup: markup, language: language, ignoredRanges: [])
    }

    /// Starts a review of a rewrite (Rewrite, Friendly, Professional, Concise,
    /// Describe-your-change), edit by edit: `run` is the ``WritingToolsRunner`` outcome for
    /// `original` (the whole text). Its edits (the offline engine's, each with its reason) are
    /// reviewed when together they make exactly `run.text`; otherwise (a model's rewrite, which
    /// has none) its changes word by word (``WordDiff``), each explained as made by the language
    /// model. Every edit is applied at once, as Proofread's corrections are, and each can be
    /// rejected; `ignoredRanges` (UTF-16 of `original`) are protected as in the run.
    /// - Throws: ``WritingToolsSessionError`` if the session fails.
    public init(rewriteOf original: String, run: WritingToolsRun, markup: DocumentMarkup = .plain, language: String = "en-US",
                ignoredRanges: [NSRange] = []) throws {
        try self.init(text: original, edits: Self.reviewableEdits(of: original, run: run), markup: markup, language: language,
                      ignoredRanges: ignoredRanges)
    }

    /// The edits that turn `original` into `run.text`: the run's own, when they do exactly
    /// that; otherwise its changes word by word, rule `LANGUAGE_MODEL`. UTF-16 of `original`.
    public static func reviewableEdits(of original: String, run: WritingToolsRun) -> [ProofreadingSuggestion] {
        let own = run.edits.filter { !$0.replacements.isEmpty }.sorted { $0.range.location < $1.range.location }
        if !own.isEmpty, let applied = try? original.applying(own.map { TextEdit(range: $0.range, replacement: $0.replacements[0]) }),
           applied == run.text {
            return own.map { e in
                var one = e
                one.replacements = [e.replacements[0]]
                return one
            }
        }
        return WordDiff.edits(from: original, to: run.text).map { e in
            ProofreadingSuggestion(range: e.range, replacements: [e.replacement], ruleID: "LANGUAGE_MODEL", category: .style, message: "Changed by the language model.", provenance: .languageModel)
        }
    }

    /// Starts a review of `edits` (UTF-16 ranges of `text`): every one is applied, each tracked
    /// as a suggestion; those without a replacement, overlapping an earlier one or inside
    /// protected text are left out (``leftOut``).
    private init(text: String, edits: [ProofreadingSuggestion], markup: DocumentMarkup, language: String, ignoredRanges: [NSRange]) throws {
        configuration = WritingToolsSession.Configuration(tool: .proofread, text: text, hostProtectedRanges: ignoredRanges,
                                                          markup: markup.kind, behavior: .complete, resultOptions: [.plainText],
                                                          isEditable: true, language: language)
        let probe = WritingToolsSession(configuration)
        var kept: [ProofreadingSuggestion] = []
        var end = -1
        for s in edits.sorted(by: { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }) {
            guard !s.replacements.isEmpty, s.range.location >= end,
                  WritingToolsSession.violates(s.range, protected: probe.protectedRanges) == nil else { continue }
            kept.append(s)
            end = NSMaxRange(s.range) + (s.range.length == 0 ? 1 : 0)
        }
        engineEvents = [.suggestions(kept)]
        session = probe
        try Self.start(&session, engineEvents)
        leftOut = edits.count - session.suggestionCount
    }

    /// The original text.
    public var originalText: String { session.originalText }
    /// The text as it stands (accepted and undecided corrections applied, rejected ones not).
    public var text: String { session.text }
    /// How many suggestions are under review.
    public var count: Int { session.suggestionCount }
    /// The suggestion with this id (ids run from 0 in document order), its range in ``text``.
    public func suggestion(_ id: Int) -> WritingToolsSession.Suggestion { session.suggestion(id) }
    /// True when the user has not decided about suggestion `id` yet.
    public func isUndecided(_ id: Int) -> Bool {
        let s = session.suggestion(id).state
        return s == .pending || s == .reviewing
    }
    /// How many suggestions have each decision.
    public var acceptedCount: Int { (0..<count).count { session.suggestion($0).state == .accepted } }
    /// See ``acceptedCount``.
    public var rejectedCount: Int { (0..<count).count { session.suggestion($0).state == .rejected } }

    /// The first undecided suggestion after `id` (from the start when nil), wrapping around; nil
    /// when every suggestion is decided.
    public func nextUndecided(after id: Int?) -> Int? {
        let k = count
        guard k > 0 else { return nil }
        let start = id.map { $0 + 1 } ?? 0
        for step in 0..<k {
            let i = (start + step) % k
            if isUndecided(i) { return i }
        }
        return nil
    }

    /// Shows suggestion `id` (it becomes `reviewing`) and returns its details.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` for an unknown id.
    @discardableResult
    public mutating func show(_ id: Int) throws -> WritingToolsSession.SuggestionDetails {
        for action in session.handle(.showDetails(id)) {
            if case .fail(let e) = action { throw e }
            if case .showDetails(let d) = action { return d }
        }
        let s = session.suggestion(id)
        return .init(id: id, originalText: s.originalText, replacement: s.replacement, explanation: s.explanation, range: s.range)
    }

    /// Keeps suggestion `id`.
    /// - Throws: ``WritingToolsSessionError``; ``WritingToolsSessionError/invalidState(_:)``
    ///   for an `invalid` suggestion (the host edited its text: there is nothing to decide).
    public mutating func accept(_ id: Int) throws {
        try refuseInvalid(id)
        try Self.decide(&session, [id], .accepted)
        history.append(Step(ids: [id], decision: .accepted))
    }

    /// Undoes suggestion `id`: its original text comes back.
    /// - Throws: ``WritingToolsSessionError``; ``WritingToolsSessionError/invalidState(_:)``
    ///   for an `invalid` suggestion (its text is the host's now: nothing comes back, and no
    ///   decision is recorded for ``undo()``).
    public mutating func reject(_ id: Int) throws {
        try refuseInvalid(id)
        try Self.decide(&session, [id], .rejected)
        history.append(Step(ids: [id], decision: .rejected))
    }

    private func refuseInvalid(_ id: Int) throws {
        if id >= 0, id < count, session.suggestion(id).state == .invalid {
            throw WritingToolsSessionError.invalidState("suggestion \(id) is invalid: the host edited its text, which stays as the host left it")
        }
    }

    /// Keeps every undecided suggestion but those in `except` (one step for ``undo()``); returns
    /// how many. A review that lets the user skip a suggestion passes the skipped ones: "accept
    /// the rest" keeps what is left to see, not what was put off to decide later.
    /// - Throws: ``WritingToolsSessionError``.
    @discardableResult
    public mutating func acceptAll(except: Set<Int> = []) throws -> Int {
        let ids = (0..<count).filter { isUndecided($0) && !except.contains($0) }
        guard !ids.isEmpty else { return 0 }
        try Self.decide(&session, ids, .accepted)
        history.append(Step(ids: ids, decision: .accepted))
        return ids.count
    }

    /// Takes back the last decision; returns it, or nil when there is none. The suggestions it
    /// decided are undecided again (a rejected correction is applied again).
    /// - Throws: ``WritingToolsSessionError`` if the replay fails (it does not for a report the
    ///   review started from).
    @discardableResult
    public mutating func undo() throws -> Step? {
        guard let last = history.popLast() else { return nil }
        var fresh = try replayBase()
        for step in history { try Self.decide(&fresh, step.ids, step.decision) }
        session = fresh
        return last
    }

    /// Takes back every decision about suggestion `id` (it is undecided again, its correction
    /// applied) and keeps the others: the decisions since the start (or since the host's last
    /// edit) are replayed without it, so the text is exactly what those decisions alone give.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` for an unknown id, or a suggestion
    ///   decided before the host's last edit (that decision is part of the text the host edited).
    public mutating func revert(_ id: Int) throws {
        guard id >= 0, id < count else { throw WritingToolsSessionError.invalidState("no suggestion \(id)") }
        let decided = history.contains { $0.ids.contains(id) }
        if !decided {
            if isUndecided(id) || session.suggestion(id).state == .invalid { return }
            throw WritingToolsSessionError.invalidState("suggestion \(id) was decided before the text was edited; that decision stays")
        }
        var fresh = try replayBase()
        var kept: [Step] = []
        for step in history {
            let ids = step.ids.filter { $0 != id }
            guard !ids.isEmpty else { continue }
            try Self.decide(&fresh, ids, step.decision)
            kept.append(Step(ids: ids, decision: step.decision))
        }
        session = fresh
        history = kept
    }

    /// The host (an editor, a user typing) replaced UTF-16 `range` of ``text`` with `text`
    /// (Apple's `updateRange`): suggestions after it move, those it touches become `invalid` and
    /// hold what the host left; the text outside the edit is untouched. Decisions made before
    /// it can no longer be undone one by one (``undo()`` and ``revert(_:)`` replay from here);
    /// ending without keeping still restores every applied correction's original.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` for a range outside ``text``.
    public mutating func hostEdited(range: NSRange, text replacement: String) throws {
        let n = session.utf16.count
        guard range.location >= 0, range.length >= 0, NSMaxRange(range) <= n else {
            throw WritingToolsSessionError.invalidState("the edit \(range.location)..<\(NSMaxRange(range)) is outside the text (\(n) UTF-16 units)")
        }
        _ = session.handle(.hostEdited(range: range, text: replacement))
        base = session
        history = []
    }

    /// A fresh session to replay decisions on: the one after the host's last edit, or the
    /// report's, started again.
    private func replayBase() throws -> WritingToolsSession {
        if let base { return base }
        var fresh = WritingToolsSession(configuration)
        try Self.start(&fresh, engineEvents)
        return fresh
    }

    /// Ends the review and returns the text: with `keepingAccepted`, the accepted corrections
    /// only (undecided ones are rejected first); otherwise the original, byte for byte.
    /// - Throws: ``WritingToolsSessionError``.
    public mutating func finish(keepingAccepted: Bool) throws -> String {
        if keepingAccepted {
            let undecided = (0..<count).filter(isUndecided)
            if !undecided.isEmpty { try Self.decide(&session, undecided, .rejected) }
        }
        try Self.run(&session, session.handle(.finish(accepting: keepingAccepted)))
        return session.text
    }

    // MARK: Driving the session

    private static func start(_ session: inout WritingToolsSession, _ events: [ToolEvent]) throws {
        try run(&session, session.handle(.start), engine: events)
    }

    private static func decide(_ session: inout WritingToolsSession, _ ids: [Int], _ decision: Decision) throws {
        // Back to front: a rejection changes the text after it only.
        for id in ids.sorted(by: >) {
            try run(&session, session.handle(decision == .accepted ? .accept(id) : .reject(id)))
        }
    }

    /// Carries out `actions` and what follows from them, as a host that inserts exactly what is
    /// proposed; answers an engine request with `engine`.
    private static func run(_ session: inout WritingToolsSession, _ actions: [WritingToolsSession.Action],
                            engine: [ToolEvent] = []) throws {
        var pending = actions[...]
        while let action = pending.popFirst() {
            var next: [WritingToolsSession.Action] = []
            switch action {
            case .runEngine:
                next = session.handle(.engineFinished(engine))
            case let .replace(_, text, _, _):
                next = session.handle(.hostReplaced(text))
            case let .fail(error):
                throw error
            default:
                break
            }
            if !next.isEmpty { pending = (Array(pending) + next)[...] }
        }
    }
}
