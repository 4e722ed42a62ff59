import Foundation
import TextModel
import DocumentStructure
import WritingToolsEngine

/// A Writing Tools session that is its own host, for services (an HTTP server, a browser
/// bridge): it holds the text, inserts exactly what the session proposes, and hands each engine
/// run to the caller, so the caller decides where and how the engine runs (on a thread, in a
/// task, streamed to a client).
///
/// It gives every tool the coordinator's review semantics (``WritingToolsCoordinator``, complete
/// behaviour):
/// - **Proofread**: every correction applied at once, each accepted, rejected (its original
///   text back) or reverted (the decision taken back) through a ``ProofreadingReview``.
/// - **Rewrite, Friendly, Professional, Concise, Describe**: a ``WritingToolsSession`` keeps the
///   edit stack (show original / rewritten, rewrite again, refine with an instruction), and the
///   shown rewrite's word-level edits against the original are reviewable one by one like
///   proofreading's: ``edits`` (a ``ProofreadingReview`` whose report is the word diff).
/// - **Summary, Key Points, List, Table**: the ``result``, inserted over the range when the
///   session finishes accepting.
///
/// Protected text (the caller's `hostProtectedRanges`, and the document's code, links… and block
/// quotations) never changes: the session verifies every result before applying it.
///
/// Driving it: ``start()`` returns the first ``ToolRequest``; run it on an engine and pass the
/// events to ``engineFinished(_:)`` (or the error to ``engineFailed(_:)``), which returns the
/// next request or nil when the session rests. All ranges are UTF-16 code units.
public struct WritingToolsServiceSession: Sendable {
    /// The configuration the session started with.
    public let configuration: WritingToolsSession.Configuration
    /// The composition or result session (for Proofread, the session that planned the engine
    /// run; the review then holds the suggestions).
    public private(set) var session: WritingToolsSession
    /// Proofread: the corrections under review. A rewrite: the shown rewrite's edits under
    /// review (nil while the original is shown, or when the rewrite's edits cannot be reviewed
    /// one by one: then the whole rewrite is one step). Nil for result tools.
    public private(set) var review: ProofreadingReview?
    /// The errors of the last step (an engine failure, a result that would change protected
    /// text), in order; empty when it went well.
    public private(set) var failures: [WritingToolsSessionError] = []
    /// What the engine said about its runs (repairs, parts where the model's answer was not
    /// used), in order.
    public private(set) var notices: [String] = []
    /// True once the session ended (``finish(accepting:)``).
    public private(set) var hasEnded = false
    /// The text after ``finish(accepting:)``.
    public private(set) var finalText: String?
    /// Actions still to carry out after the last engine request.
    private var leftover: [WritingToolsSession.Action] = []
    /// True while an engine request is out.
    public private(set) var isAwaitingEngine = false

    /// Creates a session (nothing runs yet: call ``start()``). The behaviour is made
    /// ``WritingToolsBehavior/complete`` and the host editable.
    /// About how many bytes of memory the session takes (``WritingToolsSession/approximateBytes``,
    /// with the review's session and the final text): what a server counts against its budget.
    public var approximateBytes: Int {
        session.approximateBytes + (review?.session.approximateBytes ?? 0) + (finalText?.utf8.count ?? 0)
    }

    public init(_ configuration: WritingToolsSession.Configuration) {
        var c = configuration
        c.behavior = .complete
        c.isEditable = true
        c.resultOptions = c.resultOptions.resolved()
        self.configuration = c
        self.session = WritingToolsSession(c)
    }

    /// Creates a session of `tool` on `text` (its UTF-16 `range`, the whole text by default),
    /// with the caller's protected ranges (UTF-16, never changed), read as `markup`; `length`
    /// for Summary and Key Points (nil: the engine's default).
    public init(tool: WritingTool, text: String, range: NSRange? = nil, protectedRanges: [NSRange] = [],
                markup: DocumentMarkup = .plain, resultOptions: WritingToolsResultOptions = [.plainText], language: String = "en-US",
                length: SummaryLength? = nil) {
        self.init(WritingToolsSession.Configuration(tool: tool, text: text, range: range, hostProtectedRanges: protectedRanges,
                                                    markup: markup.kind, resultOptions: resultOptions, language: language, length: length))
    }

    /// The tool's kind.
    public var kind: WritingToolsSession.Kind { session.kind }

    /// The text as it stands: with the corrections or the rewrite's edits that are not
    /// rejected; the original while a rewrite's original is shown; after ``finish(accepting:)``,
    /// the final text.
    public var text: String {
        if let finalText { return finalText }
        if let review { return review.text }
        return session.text
    }

    /// The text the session started on.
    public var originalText: String { configuration.text }

    /// The Summary / Key Points / List / Table result, once it arrived (or a Describe
    /// instruction that asked for one).
    public var result: ToolResult? { session.result }

    /// A rewrite's versions of the range: `[0]` the original, then each rewrite or refinement.
    public var versions: [String] { session.versions }

    /// Which of ``versions`` is shown.
    public var shownVersion: Int { session.shownVersion }

    /// Starts the tool; returns the engine request to run.
    /// - Throws: ``WritingToolsSessionError`` when the session cannot start.
    public mutating func start() throws -> ToolRequest? {
        try step(session.handle(.start))
    }

    /// The engine's whole output for the last request; returns the next request, or nil when
    /// the session rests.
    /// - Throws: ``WritingToolsSessionError`` when the result is refused (protected text, a table
    ///   for a host without tables); for a first run the session has then ended with the text
    ///   unchanged, for "rewrite again" or a refinement the earlier rewrite stays.
    public mutating func engineFinished(_ events: [ToolEvent]) throws -> ToolRequest? {
        guard isAwaitingEngine else { throw WritingToolsSessionError.invalidState("no engine run is outstanding") }
        isAwaitingEngine = false
        for case let .notice(n) in events { notices.append(n) }
        if kind == .proofreading {
            var found: [ProofreadingSuggestion] = []
            for case let .suggestions(s) in events { found += s }
            try startProofreadingReview(found)
            _ = session.handle(.stop)
            return nil
        }
        return try step(session.handle(.engineFinished(events)))
    }

    /// The engine failed (`message` says why); returns the next request (none) after the
    /// session has taken the failure in.
    /// - Throws: ``WritingToolsSessionError/engineFailed(_:)``.
    public mutating func engineFailed(_ message: String) throws -> ToolRequest? {
        guard isAwaitingEngine else { throw WritingToolsSessionError.invalidState("no engine run is outstanding") }
        isAwaitingEngine = false
        return try step(session.handle(.engineFailed(message)))
    }

    // MARK: Review

    /// The suggestions (Proofread) or the rewrite's edits under review, ids from 0 in document
    /// order, ranges in ``text``.
    public var suggestions: [WritingToolsSession.Suggestion] { review?.session.suggestions ?? [] }

    /// Keeps suggestion or edit `id`.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` when there is no such suggestion.
    public mutating func accept(_ id: Int) throws {
        try withReview(id) { try $0.accept(id) }
    }

    /// Undoes suggestion or edit `id`: its original text comes back.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` when there is no such suggestion.
    public mutating func reject(_ id: Int) throws {
        try withReview(id) { try $0.reject(id) }
    }

    /// Takes back the decisions about suggestion or edit `id`: it is undecided again, its
    /// correction applied (the review replays the other decisions from the start, so the
    /// result is exactly the text those decisions alone give).
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` when there is no such suggestion.
    public mutating func revert(_ id: Int) throws {
        try withReview(id) { try $0.revert(id) }
    }

    /// Takes back the last decision (an accept, a reject, or an accept-all); returns the ids it
    /// decided, or nil when there is none to take back (none yet, or none since the host's last
    /// edit).
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` when there is nothing to review.
    @discardableResult
    public mutating func undo() throws -> [Int]? {
        guard var r = review, !hasEnded else { throw WritingToolsSessionError.invalidState("nothing to review now") }
        let step = try r.undo()
        review = r
        return step?.ids
    }

    /// True when ``undo()`` has a decision to take back.
    public var canUndo: Bool { !hasEnded && !(review?.history.isEmpty ?? true) }

    /// The host replaced UTF-16 `range` of ``text`` with `replacement` (a user typing while the
    /// session is open; Apple's `updateRange`). Suggestions and edits after it move; those it
    /// touches become `invalid` (rejected ones too), holding what the host left. Every version of a
    /// rewrite takes the edit in (the original above all): show original,
    /// rewrite again, refine and cancelling keep it, and the range moves with edits around it.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` for a range outside ``text`` or
    ///   one that splits a character (a bound between the two UTF-16 units of an emoji), an
    ///   ended session, or one whose engine is still running.
    public mutating func hostEdited(range: NSRange, text replacement: String) throws {
        guard !hasEnded else { throw WritingToolsSessionError.invalidState("the session has ended") }
        guard !isAwaitingEngine else { throw WritingToolsSessionError.invalidState("the engine is still running") }
        let units = text.utf16
        for k in [range.location, NSMaxRange(range)] where k > 0 && k < units.count {
            let i = units.index(units.startIndex, offsetBy: k)
            if UTF16.isTrailSurrogate(units[i]) && UTF16.isLeadSurrogate(units[units.index(before: i)]) {
                throw WritingToolsSessionError.invalidState("the edit \(range.location)..<\(NSMaxRange(range)) splits a character at \(k) (the two UTF-16 code units of one character, such as an emoji)")
            }
        }
        if var r = review {
            // A rewrite's session takes the edit too, in the same text (the review's decisions
            // first), so that its range moves and its original keeps what the host typed.
            let synced = kind == .composition && syncDecisions()
            try r.hostEdited(range: range, text: replacement)
            review = r
            if synced { _ = session.handle(.hostEdited(range: range, text: replacement)) }
            return
        }
        guard kind != .proofreading else { throw WritingToolsSessionError.invalidState("nothing to review now") }
        let n = session.utf16.count
        guard range.location >= 0, range.length >= 0, NSMaxRange(range) <= n else {
            throw WritingToolsSessionError.invalidState("the edit \(range.location)..<\(NSMaxRange(range)) is outside the text (\(n) UTF-16 units)")
        }
        _ = session.handle(.hostEdited(range: range, text: replacement))
    }

    /// Keeps every undecided suggestion or edit; returns how many.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` when there is nothing to review.
    @discardableResult
    public mutating func acceptAll() throws -> Int {
        guard var r = review, !hasEnded else { throw WritingToolsSessionError.invalidState("nothing to review now") }
        let n = try r.acceptAll()
        review = r
        return n
    }

    private mutating func withReview(_ id: Int, _ body: (inout ProofreadingReview) throws -> Void) throws {
        guard var r = review, !hasEnded else { throw WritingToolsSessionError.invalidState("nothing to review now") }
        guard id >= 0, id < r.count else { throw WritingToolsSessionError.invalidState("no suggestion \(id)") }
        try body(&r)
        review = r
    }

    // MARK: Composition

    /// Shows the original text of a rewrite (its edits are then not under review).
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` outside a finished rewrite.
    public mutating func showOriginal() throws {
        // A proofreading session's suggestions are reviewed one by one; its original comes back
        // by rejecting them (reject-all, or finish without accepting), never by dropping them.
        guard session.kind == .composition else {
            throw WritingToolsSessionError.invalidState("show-original is for a rewrite; this session's suggestions are reviewed one by one")
        }
        try syncReviewedRewrite()
        _ = try step(session.handle(.showOriginal))
        review = nil
    }

    /// Shows the rewritten text again, its edits under review afresh.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` outside a finished rewrite.
    public mutating func showRewritten() throws {
        guard session.kind == .composition else {
            throw WritingToolsSessionError.invalidState("show-rewritten is for a rewrite; this session's suggestions are reviewed one by one")
        }
        _ = try step(session.handle(.showRewritten))
        startRewriteReview()
    }

    /// Rewrites again from the original; returns the engine request.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` outside a finished rewrite.
    public mutating func rewriteAgain() throws -> ToolRequest? {
        try requireRewriteUnderReview("rewrite-again")
        try syncReviewedRewrite()
        return try step(session.handle(.rewriteAgain))
    }

    /// Refines the shown rewrite (with the edits rejected so far left out) by `instruction`;
    /// returns the engine request.
    /// - Throws: ``WritingToolsSessionError/invalidState(_:)`` outside a finished rewrite.
    public mutating func refine(_ instruction: String) throws -> ToolRequest? {
        try requireRewriteUnderReview("refine")
        try syncReviewedRewrite()
        return try step(session.handle(.refine(instruction)))
    }

    /// Throws ``WritingToolsSessionError/invalidState(_:)`` for `action` (rewrite again,
    /// refine) on an ended session or a proofreading one, which have no rewrite to redo (both
    /// answered as if done, changing nothing: a session-43 trial).
    private func requireRewriteUnderReview(_ action: String) throws {
        if finalText != nil { throw WritingToolsSessionError.invalidState("the session has ended: nothing to \(action)") }
        if kind == .proofreading {
            throw WritingToolsSessionError.invalidState("\(action) is for a rewrite's session, not a proofreading one")
        }
    }

    /// Ends the session and returns the final text: accepting, the text as it stands (a
    /// result tool's result inserted over the range); otherwise the original, byte for byte, with the host's edits.
    /// - Throws: ``WritingToolsSessionError`` (a result over protected text is not inserted).
    @discardableResult
    public mutating func finish(accepting: Bool) throws -> String {
        if let finalText { return finalText }
        let final: String
        switch kind {
        case .proofreading:
            if var r = review {
                // Undecided corrections are kept when accepting (they are applied).
                if accepting { try r.acceptAll() }
                final = try r.finish(keepingAccepted: accepting)
                // The decisions stay readable after the end.
                review = r
                finalText = final
                hasEnded = true
                return final
            } else {
                final = configuration.text
            }
        case .composition:
            try syncReviewedRewrite()
            _ = try step(session.handle(.finish(accepting: accepting)))
            final = session.text
        case .result:
            _ = try step(session.handle(.finish(accepting: accepting)))
            final = session.text
        }
        review = nil
        hasEnded = true
        finalText = final
        return final
    }

    // MARK: Internals

    /// Proofread: the engine's suggestions under review, all applied.
    private mutating func startProofreadingReview(_ found: [ProofreadingSuggestion]) throws {
        let protected = session.protectedRanges
        let suggestions = found.filter { s in
            !s.replacements.isEmpty && s.range.location >= session.range.location
                && NSMaxRange(s.range) <= NSMaxRange(session.range)
                && WritingToolsSession.violates(s.range, protected: protected) == nil
        }
        let report = ProofreadingReport(text: configuration.text, suggestions: suggestions, protectedRanges: [])
        review = try ProofreadingReview(report: report, markup: configuration.markup.documentMarkup, language: configuration.language)
    }

    /// A rewrite shown: its word edits against the original, each reviewable, all applied. When
    /// the edits do not give the rewrite exactly (they would touch protected text), there is no
    /// per-edit review: the rewrite is one step (``review`` nil).
    private mutating func startRewriteReview() {
        review = nil
        guard kind == .composition, session.versions.count > 1, session.shownVersion == session.versions.count - 1,
              session.result == nil else { return }
        let range = session.range
        let original = session.versions[0]
        let shown = session.text
        guard let base = try? shown.applying([TextEdit(range: range, replacement: original)]) else { return }
        let reasons = session.rewriteEdits
        // The engine's own edits when together they make the rewrite exactly: each phrase is
        // one edit, as the command line reviews it ("inform you that" → "let you know that"; a
        // word diff made it "inform" → "let" and " know", and accepting one gave "let you that").
        let own = reasons.filter { !$0.replacements.isEmpty && $0.range.location >= range.location && NSMaxRange($0.range) <= NSMaxRange(range) }
            .sorted { $0.range.location < $1.range.location }
        if !own.isEmpty,
           let applied = try? original.applying(own.map { TextEdit(range: NSRange(location: $0.range.location - range.location, length: $0.range.length),
                                                                   replacement: $0.replacements[0]) }),
           applied == session.versions[session.shownVersion] {
            let suggestions = own.map { e -> ProofreadingSuggestion in
                var one = e
                one.replacements = [e.replacements[0]]
                return one
            }
            let report = ProofreadingReport(text: base, suggestions: suggestions, protectedRanges: [])
            if let r = try? ProofreadingReview(report: report, markup: configuration.markup.documentMarkup, language: configuration.language),
               r.leftOut == 0, r.text == shown {
                review = r
                return
            }
        }
        let edits = WordDiff.edits(from: original, to: session.versions[session.shownVersion])
        let suggestions = edits.map { e -> ProofreadingSuggestion in
            let r = NSRange(location: e.range.location + range.location, length: e.range.length)
            // The engine's reason when it gave one for this span (the offline engine does).
            let reason = reasons.first { NSIntersectionRange($0.range, r).length > 0 || $0.range == r }
            return ProofreadingSuggestion(range: r, replacements: [e.replacement], ruleID: reason?.ruleID ?? "REWRITE",
                                          category: reason?.category ?? .style,
                                          message: reason?.message ?? "Rewritten by \(configuration.tool.commandName)",
                                          provenance: reason?.provenance ?? .rules)
        }
        let report = ProofreadingReport(text: base, suggestions: suggestions, protectedRanges: [])
        guard let r = try? ProofreadingReview(report: report, markup: configuration.markup.documentMarkup, language: configuration.language),
              r.leftOut == 0, r.text == shown else { return }
        review = r
    }

    /// Before the edit stack moves on: the shown rewrite takes in the review's decisions (its
    /// rejected edits), and the review ends.
    private mutating func syncReviewedRewrite() throws {
        guard kind == .composition, review != nil, !hasEnded else { return }
        _ = syncDecisions()
        review = nil
    }

    /// The shown rewrite takes in the review's decisions (the edits rejected so far), as a
    /// revision of the shown version, not as a host edit: the original stays the original
    /// (``WritingToolsSession/reviseShownVersion(_:)``, gap by gap, so protected spans never
    /// move; the break-it trial saw a cancel refused as `protected_text` after two rejections
    /// sent as one host edit around inline code). The review stays. Returns true when the
    /// session's text is then the review's.
    private mutating func syncDecisions() -> Bool {
        guard kind == .composition, let r = review, !hasEnded else { return false }
        let now = Array(session.text.utf16), wanted = Array(r.text.utf16)
        if now == wanted { return true }
        // The two differ only inside the session's range (the host's edits went to both).
        let range = session.range
        let tail = now.count - NSMaxRange(range)
        guard range.location >= 0, tail >= 0, wanted.count - tail >= range.location,
              now[..<range.location] == wanted[..<range.location],
              now[NSMaxRange(range)...] == wanted[(wanted.count - tail)...] else { return false }
        let content = String(decoding: wanted[range.location..<(wanted.count - tail)], as: UTF16.self)
        var pending = session.reviseShownVersion(content)
        while !pending.isEmpty {
            let action = pending.removeFirst()
            if case let .replace(_, text, _, _) = action { pending += session.handle(.hostReplaced(text)) }
        }
        return session.text.utf16.elementsEqual(wanted)
    }

    /// Carries out `actions` as a host that inserts exactly what is proposed, up to the next
    /// engine request (returned); collects failures and throws the first.
    private mutating func step(_ actions: [WritingToolsSession.Action]) throws -> ToolRequest? {
        failures = []
        var pending = leftover + actions
        leftover = []
        var request: ToolRequest?
        while !pending.isEmpty {
            let action = pending.removeFirst()
            switch action {
            case let .runEngine(r):
                request = r
                isAwaitingEngine = true
                leftover = pending
                pending = []
            case let .replace(_, text, _, _):
                pending += session.handle(.hostReplaced(text))
            case let .fail(e):
                failures.append(e)
            default:
                break
            }
        }
        // After a failed "rewrite again" the last rewrite is shown again: under review again.
        if request == nil && kind == .composition && !session.hasEnded && (failures.isEmpty || review == nil) { startRewriteReview() }
        if let first = failures.first { throw first }
        return request
    }
}

extension MarkupKind {
    /// The ``DocumentMarkup`` of this kind.
    var documentMarkup: DocumentMarkup {
        switch self {
        case .markdown: return .markdown
        case .latex: return .latex
        case .restructuredText: return .restructuredText
        default: return .plain
        }
    }
}
