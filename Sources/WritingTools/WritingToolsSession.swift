import Foundation
import TextModel
import DocumentStructure
import WritingToolsEngine

/// Errors of a Writing Tools session.
public enum WritingToolsSessionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The result would have changed protected text (a `writingToolsExclusion` run, a host
    /// ignored range, or code, links… found by the document parser) at this UTF-16 range of the
    /// context; it was rejected and the host's text is as it was.
    case protectedTextChanged(NSRange)
    /// The engine failed; the message says why. The host's text is as it was before the run.
    case engineFailed(String)
    /// The action needs a session in another state (for example ``WritingToolsCoordinator/showOriginal()``
    /// outside a rewrite, or starting a tool while one runs).
    case invalidState(String)
    /// Writing Tools is off for this host (behaviour ``WritingToolsBehavior/none``).
    case disabled
    /// The host returned no context for the scope.
    case noContext
    /// The result kind is one the host's resolved result options exclude (a table for a host
    /// without `.table`).
    case unsupportedResult(String)
    /// A programmatic edit of a ``TextView`` while Writing Tools is active; report user edits
    /// through the coordinator instead, or wait for the session to end.
    case textViewBusy

    /// A message that says what happened and what the user's text is now.
    public var description: String {
        switch self {
        case let .protectedTextChanged(r):
            return "the result would change protected text at \(r.location)..<\(NSMaxRange(r)); it was rejected and the text is unchanged"
        case let .engineFailed(m): return "the tool failed: \(m)"
        case let .invalidState(m): return m
        case .disabled: return "Writing Tools is disabled for this view (behavior .none)"
        case .noContext: return "the host returned no context for the requested scope"
        case let .unsupportedResult(m): return m
        case .textViewBusy: return "Writing Tools is active on this text view; programmatic edits are refused until it ends"
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

/// One Writing Tools session as a value: events in, actions out (docs/ARCHITECTURE.md, “Modules”, WritingTools).
///
/// It holds the context text as the host has it, the protected ranges, the proofreading
/// suggestions or the rewrite edit stack, and the coordinator state; every method is
/// deterministic and needs no run loop, so it can be tested (and fuzzed) directly. The
/// ``WritingToolsCoordinator`` drives one: it performs each ``Action`` (calling the host
/// delegate or the engine) and feeds the outcome back as an ``Event``.
///
/// Replacements are handed out one at a time: an ``Action/replace(range:text:reason:animated:)``
/// is always the last action of a batch, and nothing more happens until the host's answer comes
/// back as ``Event/hostReplaced(_:)`` (the text it actually inserted, or nil if it refused). The
/// session then follows what the host did. Batches are applied back to front, so a host that
/// inserts something else never shifts a range still to come.
///
/// All ranges are UTF-16 code units of the context's text (docs/ARCHITECTURE.md, “Rules that hold everywhere”). The semantics follow
/// WebKit's `WritingToolsController` (reference §1.13) and Apple's state diagram (§1.10).
///
/// Files: this one is the session core (configuration, events, actions, the step queue, the
/// host's answers and edits); the proofreading review (suggestions, their ranges, stepping
/// through them) is in `WritingToolsSession+Proofreading.swift`, the composition edit stack
/// (versions, protected-span alignment, refinements) in `WritingToolsSession+Composition.swift`.
public struct WritingToolsSession: Sendable {
    /// The coordinator state (Apple's `WritingToolsCoordinator.State`).
    public typealias State = WritingToolsCoordinator.State

    /// What the session does.
    public enum Kind: Sendable, Hashable {
        /// Proofread: suggestions applied in place (complete) or listed (limited), reviewable.
        case proofreading
        /// Rewrite, Friendly, Professional, Concise, Describe-your-change: an edit stack.
        case composition
        /// Summary, Key Points, List, Table: a result to copy or insert.
        case result
    }

    /// Everything a session needs at the start.
    public struct Configuration: Sendable {
        /// The tool.
        public var tool: WritingTool
        /// The context's whole text.
        public var text: String
        /// The UTF-16 range of `text` to work on (clamped to the text).
        public var range: NSRange
        /// Host-declared protected ranges (exclusion runs, ignored ranges), UTF-16 of `text`.
        /// The session adds the document's own: code, links, HTML… (DocumentParser) and block
        /// quotations.
        public var hostProtectedRanges: [NSRange]
        /// How to read `text` (its code, links… are protected too).
        public var markup: MarkupKind
        /// The resolved behaviour (never `.default`; `.none` refuses to start).
        public var behavior: WritingToolsBehavior
        /// The resolved result options.
        public var resultOptions: WritingToolsResultOptions
        /// False for read-only hosts: results can be copied, never applied.
        public var isEditable: Bool
        /// BCP 47 language tag for the engine.
        public var language: String
        /// How long a Summary or Key Points result should be (the web Summarizer's `length`:
        /// short, medium, long); nil: the engine's default. Goes to the engine with every
        /// request (``ToolRequest/length``), so the built-in engine and a model alike honour it.
        public var length: SummaryLength?

        /// Creates a configuration; `range` defaults to the whole text.
        public init(tool: WritingTool, text: String, range: NSRange? = nil, hostProtectedRanges: [NSRange] = [],
                    markup: MarkupKind = .plain, behavior: WritingToolsBehavior = .complete,
                    resultOptions: WritingToolsResultOptions = [.plainText], isEditable: Bool = true, language: String = "en-US",
                    length: SummaryLength? = nil) {
            self.length = length
            self.tool = tool
            self.text = text
            self.range = range ?? NSRange(location: 0, length: text.utf16.count)
            self.hostProtectedRanges = hostProtectedRanges
            self.markup = markup
            self.behavior = behavior
            self.resultOptions = resultOptions
            self.isEditable = isEditable
            self.language = language
        }
    }

    /// What the session receives.
    public enum Event: Sendable {
        /// Start the tool (only valid once, first).
        case start
        /// The engine's whole output for the last ``Action/runEngine(_:)``.
        case engineFinished([ToolEvent])
        /// The engine failed or was cancelled.
        case engineFailed(String)
        /// The host's answer to the outstanding replacement: the text it inserted, or nil.
        case hostReplaced(String?)
        /// The host changed the context (Apple's `updateRange`): `range` in the text as the
        /// session last knew it (cumulative), replaced by `text`.
        case hostEdited(range: NSRange, text: String)
        /// Select and show the next reviewable suggestion: the one after the suggestion last shown
        /// (also when that one was accepted or rejected since), wrapping around.
        case next
        /// Select and show the previous reviewable suggestion.
        case previous
        /// Show a suggestion's details (it becomes `reviewing`).
        case showDetails(Int)
        /// Keep a suggestion.
        case accept(Int)
        /// Undo a suggestion: its original text comes back.
        case reject(Int)
        /// Show the original text of a rewrite.
        case showOriginal
        /// Show the rewritten text again.
        case showRewritten
        /// Rewrite again from the original ("Restart").
        case rewriteAgain
        /// Refine the current rewrite with an instruction (follow-up request).
        case refine(String)
        /// End, keeping the result (true) or restoring the original (false).
        case finish(accepting: Bool)
        /// Apple's `stopWritingTools()`: end now, without undoing applied changes.
        case stop
    }

    /// What the driver must do, in order.
    public enum Action: Sendable {
        /// Call `willChangeTo` with the new state, then record it.
        case changeState(State)
        /// Run the engine and answer with ``Event/engineFinished(_:)`` or ``Event/engineFailed(_:)``.
        case runEngine(ToolRequest)
        /// Ask the host to replace `range` with `text`; answer with ``Event/hostReplaced(_:)``.
        case replace(range: NSRange, text: String, reason: WritingToolsCoordinator.TextReplacementReason, animated: Bool)
        /// Ask the host to select these ranges.
        case select([NSRange])
        /// Start a text animation over `range`.
        case prepareAnimation(WritingToolsCoordinator.TextAnimation, NSRange)
        /// End a text animation over `range`.
        case finishAnimation(WritingToolsCoordinator.TextAnimation, NSRange)
        /// Show a suggestion's details.
        case showDetails(SuggestionDetails)
        /// Report an error to the caller (the session goes on or has ended, as the actions say).
        case fail(WritingToolsSessionError)
        /// The session ended; `accepted` says whether its result was kept.
        case ended(accepted: Bool)
    }

    // MARK: Public state

    /// The configuration the session started with.
    public let configuration: Configuration
    /// What kind of session this is.
    public let kind: Kind
    /// The current state.
    public internal(set) var state: State = .inactive
    /// The context text as the host has it now (built from ``utf16`` on each access: O(n)).
    public var text: String { String(decoding: units, as: UTF16.self) }
    /// The context text as the host has it now, as UTF-16 code units.
    public var utf16: [UInt16] { units }
    /// The original context text.
    public let originalText: String
    /// The range the session works on (UTF-16 offsets of the current text): the configuration's,
    /// widened to whole characters and, for a result (Summary, Key Points, List, Table), without
    /// the white space and line breaks at its ends (they stay in the text).
    public internal(set) var range: NSRange
    /// Every protected range (host-declared and found by the parser), in the current text.
    public internal(set) var protectedRanges: [NSRange]
    /// The protected ranges without block quotations, for tools whose result is separate
    /// (Summary, Key Points, List, Table): they change nothing, so a quotation may be listed or
    /// summarised (verbatim), and dropping it from the result would lose content.
    var resultProtectedRanges: [NSRange] = []
    /// The rewrite edit stack: `versions[0]` is the original text of ``range``, later entries
    /// the rewrites and refinements, as the host actually holds them.
    public internal(set) var versions: [String] = []
    /// Why the last rewrite differs from its input, when the engine says (the offline engine
    /// does; a model may not): each edit with its reason, UTF-16 ranges in the text the run was
    /// given (the context text with the original in ``range`` for a rewrite, with the last
    /// rewrite for a refinement).
    public internal(set) var rewriteEdits: [ProofreadingSuggestion] = []
    /// Which version is in the text (composition).
    public internal(set) var shownVersion: Int = 0
    /// The Summary / Key Points / List / Table result, once it arrived.
    public internal(set) var result: ToolResult?
    /// True once the session ended.
    public internal(set) var hasEnded = false
    /// The suggestion being reviewed.
    public internal(set) var reviewedSuggestion: Int?

    /// About how many bytes of memory the session's texts take: the current and original text,
    /// the rewrite versions, the result and the suggestions (UTF-16: two bytes a unit; Swift
    /// strings of ASCII take less). For a server's memory budget over all its sessions.
    public var approximateBytes: Int {
        var n = 2 * units.count + originalText.utf8.count + configuration.text.utf8.count
        for v in versions { n += v.utf8.count }
        if let result { n += result.text.utf8.count + 64 * result.blocks.count }
        for s in store { n += 96 + s.originalText.utf8.count + s.replacement.utf8.count + s.explanation.utf8.count }
        return n
    }

    /// The text the panel shows in the limited experience or for a read-only host: the context
    /// text with every non-rejected suggestion / the latest rewrite / the result applied.
    public var proposedText: String {
        switch kind {
        case .proofreading:
            let edits = suggestions.filter { !$0.isApplied && ($0.state == .pending || $0.state == .reviewing || $0.state == .accepted) }
                .map { TextEdit(range: $0.range, replacement: $0.replacement) }
            return (try? text.applying(edits)) ?? text
        case .composition:
            guard let last = versions.last, versions.count > 1 else { return text }
            return (try? text.applying([TextEdit(range: range, replacement: last)])) ?? text
        case .result:
            return result?.text ?? text
        }
    }

    // MARK: Private

    enum Purpose: Sendable {
        case applySuggestion(Int)
        case restoreSuggestion(Int)
        case composition
        case result
    }

    enum Target: Sendable {
        case suggestion(Int, toReplacement: Bool)
        case compositionChunk(String, first: Bool)
        case compositionGap(Int, String)
        case wholeRange(String)
    }

    enum Step: Sendable {
        case emit(Action)
        case edit(Target, WritingToolsCoordinator.TextReplacementReason, animated: Bool)
        case applyVersion(Int, chunks: [String]?, WritingToolsCoordinator.TextReplacementReason, animated: Bool)
        case recordVersion(Int)
        case selectRange
        case end(accepted: Bool)
        case runEngine(WritingTool, onRewrite: Bool)
    }

    /// The text, UTF-16.
    var units: [UInt16]
    /// Suggestions; `range.location` is stored minus ``shifts``' prefix sum at its index, so that
    /// shifting every suggestion after an edit is O(log k) (applying k suggestions is then
    /// O(k log k), not O(k²)).
    var store: [Suggestion] = []
    var shifts = Fenwick(count: 0)
    /// Steps to run, first in first out.
    var queue = StepQueue()

    struct StepQueue: Sendable {
        private var items: [Step] = []
        private var head = 0
        var isEmpty: Bool { head == items.count }
        mutating func append(_ s: Step) { items.append(s) }
        static func += (q: inout StepQueue, steps: [Step]) { q.items += steps }
        func contains(where p: (Step) -> Bool) -> Bool { items[head...].contains(where: p) }
        mutating func removeAll() { items = []; head = 0 }
        mutating func removeFirst() -> Step {
            let s = items[head]
            head += 1
            if head > 1024, head * 2 > items.count { items.removeFirst(head); head = 0 }
            return s
        }
        mutating func prepend(_ steps: [Step]) { items.insert(contentsOf: steps, at: head) }
    }
    var awaiting: (range: NSRange, text: String, purpose: Purpose)?
    /// The last suggestion shown: ``Event/next`` goes on from it after it was accepted or
    /// rejected (no longer ``reviewedSuggestion``), as the panel's arrow moves on.
    var reviewCursor: Int?
    var awaitingEngine = false

    var interactive: Bool { configuration.behavior == .complete && configuration.isEditable }

    /// Creates a session (state ``State/inactive``); send ``Event/start`` to run it.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        switch configuration.tool {
        case .proofread: kind = .proofreading
        case .rewrite, .friendly, .professional, .concise, .describeYourChange: kind = .composition
        case .summary, .keyPoints, .list, .table: kind = .result
        }
        let text = configuration.text
        let n = text.utf16.count
        // Clamp to the text and widen to whole scalars (a range that splits a surrogate pair
        // is a host bug; the session must still never split a character).
        let units = Array(text.utf16)
        var loc = min(max(0, configuration.range.location), n)
        var end = min(max(loc, loc + max(0, configuration.range.length)), n)
        if loc > 0, loc < n, UTF16.isTrailSurrogate(units[loc]) { loc -= 1 }
        if end > 0, end < n, UTF16.isTrailSurrogate(units[end]) { end += 1 }
        // A result works on what the range says, not on the white space around it:
        // a selection of whole paragraphs ends with their break ("…spring.\n\n"), which a result
        // replacing the range would drop ("…spring.Tail text stays.", break-it trial). The
        // session's range leaves it out; the break stays in the text.
        var trimmed = NSRange(location: loc, length: end - loc)
        if kind == .result {
            func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D }
            var l = loc, e = end
            while e > l, isSpace(units[e - 1]) { e -= 1 }
            while l < e, isSpace(units[l]) { l += 1 }
            if e > l { trimmed = NSRange(location: l, length: e - l) }
        }
        let len = end - loc
        self.units = units
        self.originalText = text
        self.range = NSRange(location: loc, length: len)
        let hostRanges = configuration.hostProtectedRanges.compactMap { r -> NSRange? in
            let l = min(max(0, r.location), n)
            return NSRange(location: l, length: min(max(0, r.length), n - l))
        }
        let doc = DocumentParser.parse(text, markup: configuration.markup, hostProtectedRanges: hostRanges)
        self.protectedRanges = Self.protectedRanges(of: doc, hostProtectedRanges: hostRanges)
        self.resultProtectedRanges = Self.merge(doc.protectedRanges.map(\.range) + hostRanges)
        // (Not into protected text: a commit message's diff ends with its line break, and a
        // range cut inside it would make the protected span straddle the range's end.)
        let cutHead = NSRange(location: loc, length: trimmed.location - loc)
        let cutTail = NSRange(location: NSMaxRange(trimmed), length: end - NSMaxRange(trimmed))
        if !(protectedRanges + resultProtectedRanges).contains(where: { p in
            [cutHead, cutTail].contains { $0.length > 0 && NSIntersectionRange(p, $0).length > 0 }
        }) {
            self.range = trimmed
        }
    }

    /// The ranges a session on `text` protects (UTF-16, sorted, merged): the document's
    /// protected spans (code, links, URLs…), the host's, and block quotations, someone else's
    /// words, as WebKit ignores `<blockquote>` (reference §1.5, §3 "Code blocks and quotes get
    /// rewritten"). For a front end that applies suggestions without a session (`proofread
    /// --fix`) and must leave the same text alone.
    public static func protectedRanges(of text: String, markup: MarkupKind, hostProtectedRanges: [NSRange] = []) -> [NSRange] {
        protectedRanges(of: DocumentParser.parse(text, markup: markup, hostProtectedRanges: hostProtectedRanges),
                        hostProtectedRanges: hostProtectedRanges)
    }

    static func protectedRanges(of doc: StructuredDocument, hostProtectedRanges: [NSRange]) -> [NSRange] {
        UnattendedFixRules.protectedRanges(of: doc, hostProtectedRanges: hostProtectedRanges)
    }

    /// True when Apple's state diagram (reference §1.10) has the transition `from` → `to`.
    public static func isAppleTransition(from: State, to: State) -> Bool {
        switch (from, to) {
        case (.inactive, .noninteractive), (.inactive, .interactiveResting),
             (.interactiveResting, .interactiveStreaming), (.interactiveStreaming, .interactiveResting),
             (.interactiveResting, .inactive), (.noninteractive, .inactive), (.noninteractive, .interactiveResting):
            return true
        default:
            return false
        }
    }

    /// True when replacing `edit` (UTF-16 of `text`) would change protected text: it overlaps a
    /// protected range, or inserts strictly inside one.
    public static func violates(_ edit: NSRange, protected: [NSRange]) -> NSRange? {
        protected.first { UnattendedFixRules.violates(edit, protected: [$0]) }
    }

    // MARK: Events

    /// Handles one event and returns what to do. Events that make no sense in the current state
    /// (a review action in a rewrite, anything after the end) return no action, or a
    /// ``Action/fail(_:)`` with ``WritingToolsSessionError/invalidState(_:)`` for user actions.
    public mutating func handle(_ event: Event) -> [Action] {
        if hasEnded {
            if case .hostEdited(let r, let t) = event { hostEdit(r, t) }
            return []
        }
        switch event {
        case .start:
            guard state == .inactive, queue.isEmpty, !awaitingEngine else { return [] }
            if configuration.behavior == .none {
                hasEnded = true
                return [.fail(.disabled), .ended(accepted: false)]
            }
            if interactive && kind != .result {
                queue += [.emit(.changeState(.interactiveResting)), .emit(.changeState(.interactiveStreaming)),
                          .emit(.prepareAnimation(.anticipate, range))]
            } else {
                queue.append(.emit(.changeState(.noninteractive)))
            }
            queue.append(.emit(.runEngine(request(tool: configuration.tool))))
            awaitingEngine = true
        case .engineFinished(let events):
            guard awaitingEngine else { return [] }
            awaitingEngine = false
            engineFinished(events)
        case .engineFailed(let message):
            guard awaitingEngine else { return [] }
            awaitingEngine = false
            if state == .interactiveStreaming || queue.contains(where: { if case .emit(.changeState(.interactiveStreaming)) = $0 { return true }; return false }) {
                queue.append(.emit(.finishAnimation(.anticipate, range)))
            }
            queue.append(.emit(.fail(.engineFailed(message))))
            if versions.isEmpty {
                endAfterFailure()
            } else if interactive {
                // A failed "rewrite again" or refinement: back to resting, the edit stack intact
                // and the rewrite under review shown again ("rewrite again" showed the original
                // for the new run; keeping that would make accepting give the original).
                if shownVersion != versions.count - 1 { queue.append(.applyVersion(versions.count - 1, chunks: nil, .interactive, animated: true)) }
                queue.append(.emit(.changeState(.interactiveResting)))
            }
        case .hostReplaced(let actual):
            guard let pending = awaiting else { return [] }
            awaiting = nil
            hostReplaced(pending, actual)
        case .hostEdited(let r, let t):
            hostEdit(r, t)
            return []
        case .next, .previous:
            guard kind == .proofreading, isSettled else { return [.fail(.invalidState("no suggestions to review now"))] }
            step(forward: { if case .next = event { return true }; return false }())
        case .showDetails(let id):
            guard kind == .proofreading, isSettled, store.indices.contains(id) else { return [.fail(.invalidState("no such suggestion"))] }
            review(id)
            let s = suggestion(id)
            queue.append(.emit(.showDetails(SuggestionDetails(id: id, originalText: s.originalText, replacement: s.replacement,
                                                             explanation: s.explanation, range: s.range))))
        case .accept(let id):
            guard kind == .proofreading, isSettled, store.indices.contains(id) else { return [.fail(.invalidState("no such suggestion"))] }
            if store[id].state == .pending || store[id].state == .reviewing {
                store[id].state = .accepted
                if reviewedSuggestion == id { reviewedSuggestion = nil }
            }
        case .reject(let id):
            guard kind == .proofreading, isSettled, store.indices.contains(id) else { return [.fail(.invalidState("no such suggestion"))] }
            let s = store[id]
            guard s.state != .rejected, s.state != .invalid else { return [] }
            if s.isApplied {
                queue.append(.edit(.suggestion(id, toReplacement: false), interactive ? .interactive : .noninteractive, animated: interactive))
            } else {
                store[id].state = .rejected
            }
            if reviewedSuggestion == id { reviewedSuggestion = nil }
        case .showOriginal, .showRewritten:
            guard kind == .composition, isSettled, state == .interactiveResting, versions.count > 1 else {
                return [.fail(.invalidState("show original / rewritten needs a rewrite shown inline"))]
            }
            let target: Int
            if case .showOriginal = event { target = 0 } else { target = versions.count - 1 }
            if target != shownVersion {
                queue += [.applyVersion(target, chunks: nil, .interactive, animated: true), .selectRange]
            }
        case .rewriteAgain, .refine:
            guard kind == .composition, isSettled, versions.count > 1, state == .interactiveResting || state == .noninteractive else {
                return [.fail(.invalidState("rewrite again / refine needs a finished rewrite"))]
            }
            var tool = configuration.tool
            var onRewrite = false
            if case .refine(let instruction) = event {
                tool = .describeYourChange(instruction: instruction)
                onRewrite = true
            }
            if interactive {
                // "Rewrite again" brings the original back first (WebKit's CompositionRestart),
                // so a new rewrite always replaces the original, never the last rewrite (#30119);
                // a refinement works on the last rewrite, shown first.
                let shown = onRewrite ? versions.count - 1 : 0
                if shownVersion != shown { queue.append(.applyVersion(shown, chunks: nil, .interactive, animated: true)) }
                queue += [.emit(.changeState(.interactiveStreaming)), .emit(.prepareAnimation(.anticipate, range))]
            }
            queue.append(.runEngine(tool, onRewrite: onRewrite))
            awaitingEngine = true
        case .finish(let accepting):
            guard isSettled else { return [.fail(.invalidState("the session is busy; wait for the result or stop it"))] }
            finish(accepting: accepting)
        case .stop:
            // Planned replacements and engine runs are dropped; applied changes stay.
            awaitingEngine = false
            queue.removeAll()
            var s = state
            if s == .interactiveStreaming {
                // The anticipation animation ends; the text under it is shown again.
                queue.append(.emit(.finishAnimation(.anticipate, range)))
                queue.append(.emit(.changeState(.interactiveResting)))
                s = .interactiveResting
            }
            if s != .inactive { queue.append(.emit(.changeState(.inactive))) }
            queue.append(.end(accepted: true))
        }
        return drain()
    }

    /// True when nothing is in flight (no engine run, no replacement outstanding or queued).
    public var isSettled: Bool { !awaitingEngine && awaiting == nil && queue.isEmpty }

    // MARK: Internals

    /// The engine's request for `tool`; a tool that makes a separate result (also
    /// Describe-your-change asking for one: “as a list”) sees block quotations as content, as
    /// Summary and List do, so that both give the same result.
    func request(tool: WritingTool) -> ToolRequest {
        ToolRequest(tool: tool, text: text, range: range, markup: configuration.markup,
                    protectedRanges: kind == .result || tool.makesSeparateResult ? resultProtectedRanges : protectedRanges,
                    resultOptions: configuration.resultOptions.toolResultOptions, language: configuration.language,
                    length: configuration.length)
    }

    /// True when a result carries a table: a table presentation intent, or a Markdown table's
    /// delimiter row (`|---|---|`). The engine shapes results by the options; this guards
    /// against one that does not (a table kind written as a list is fine).
    static func containsTable(_ r: ToolResult) -> Bool {
        let tableIntent = r.blocks.contains { b in
            b.intent.components.contains { if case .table = $0.kind { return true }; return false }
        }
        if tableIntent { return true }
        for line in r.text.lines(omittingEmpty: true) {
            let t = line.trimmingCharacters(in: .whitespaces)
            let cells = t.split(separator: "|", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            if t.contains("|"), cells.count >= 1, cells.allSatisfy({ c in
                let core = c.trimmingCharacters(in: CharacterSet(charactersIn: ":"))
                return core.count >= 3 && core.allSatisfy { $0 == "-" }
            }) { return true }
        }
        return false
    }

    static func merge(_ ranges: [NSRange]) -> [NSRange] {
        var out: [NSRange] = []
        for r in ranges.filter({ $0.length > 0 }).sorted(by: { $0.location < $1.location }) {
            if let last = out.last, r.location <= NSMaxRange(last) {
                out[out.count - 1].length = max(NSMaxRange(last), NSMaxRange(r)) - last.location
            } else {
                out.append(r)
            }
        }
        return out
    }

    func content(_ r: NSRange) -> String {
        guard r.location >= 0, r.length >= 0, NSMaxRange(r) <= units.count else { return "" }
        return String(decoding: units[r.location..<NSMaxRange(r)], as: UTF16.self)
    }

    /// True when `r` lies in the text and does not split a surrogate pair.
    func isValid(_ r: NSRange) -> Bool {
        func splits(_ o: Int) -> Bool { o > 0 && o < units.count && UTF16.isTrailSurrogate(units[o]) && UTF16.isLeadSurrogate(units[o - 1]) }
        return r.location >= 0 && r.length >= 0 && NSMaxRange(r) <= units.count && !splits(r.location) && !splits(NSMaxRange(r))
    }

    /// Replaces `r` of the text by `t` (UTF-16 units; `r` must be valid).
    mutating func replaceUnits(_ r: NSRange, _ t: String) {
        units.replaceSubrange(r.location..<NSMaxRange(r), with: Array(t.utf16))
    }

    mutating func endAfterFailure() {
        if state == .interactiveStreaming || queue.contains(where: { if case .emit(.changeState(.interactiveStreaming)) = $0 { return true }; return false }) {
            queue.append(.emit(.changeState(.interactiveResting)))
        }
        queue.append(.emit(.changeState(.inactive)))
        queue.append(.end(accepted: false))
    }

    mutating func engineFinished(_ events: [ToolEvent]) {
        let streaming = interactive
        switch kind {
        case .proofreading:
            proofreadingFinished(events, streaming: streaming)
        case .composition:
            compositionFinished(events, streaming: streaming)
        case .result:
            guard let r = events.compactMap({ if case .result(let r) = $0 { return r }; return nil }).last else {
                queue.append(.emit(.fail(.engineFailed("the engine returned no result"))))
                endAfterFailure()
                return
            }
            _ = acceptResult(r)
        }
    }

    /// Takes `r` as the session's result, shaped by the resolved result options; fails the
    /// session (and returns false) when it holds a table the host does not accept.
    mutating func acceptResult(_ r: ToolResult) -> Bool {
        let options = configuration.resultOptions.resolved()
        if !options.contains(.table) && Self.containsTable(r) {
            queue.append(.emit(.fail(.unsupportedResult("the host does not accept tables (.table is not in its result options)"))))
            endAfterFailure()
            return false
        }
        var shaped = Self.withLineBreaks(of: originalText, r)
        if !options.contains(.presentationIntent) { shaped.blocks = [] }
        result = shaped
        return true
    }

    /// `r` with its line breaks written as `source` writes most of its own
    /// (``LineBreakStyle/dominant(in:)``): a result of a CRLF document gets CRLF throughout, not
    /// LF lines around a code block it kept with CRLF (the break-it trial saw both in one `list`
    /// result). Block ranges (UTF-16) follow the text.
    static func withLineBreaks(of source: String, _ r: ToolResult) -> ToolResult {
        guard LineBreakStyle.dominant(in: source) == .crlf, r.text.utf16.contains(0x0A) else { return r }
        let length = r.text.utf16.count
        let (text, offset) = LineBreakStyle.writingCRLF(r.text)
        var shaped = r
        shaped.text = text
        shaped.blocks = r.blocks.map { block in
            let start = block.range.location, end = NSMaxRange(block.range)
            guard start >= 0, start <= end, end <= length else { return block }
            return (NSRange(location: offset(start), length: offset(end) - offset(start)), block.intent)
        }
        return shaped
    }

    mutating func finish(accepting: Bool) {
        let editable = configuration.isEditable
        switch kind {
        case .proofreading:
            planProofreadingFinish(accepting: accepting)
        case .composition:
            planCompositionFinish(accepting: accepting)
        case .result:
            if accepting && editable, let r = result {
                if let p = protectedRanges.first(where: { NSIntersectionRange($0, range).length > 0 }) {
                    queue.append(.emit(.fail(.protectedTextChanged(p))))
                } else {
                    queue.append(.edit(.wholeRange(r.text), .noninteractive, animated: false))
                }
            }
        }
        if state == .interactiveStreaming { queue.append(.emit(.changeState(.interactiveResting))) }
        queue.append(.emit(.changeState(.inactive)))
        queue.append(.end(accepted: accepting))
    }

    mutating func drain() -> [Action] {
        var out: [Action] = []
        while awaiting == nil, !queue.isEmpty {
            let step = queue.removeFirst()
            switch step {
            case .emit(let action):
                if case .changeState(let s) = action {
                    guard s != state else { continue }
                    precondition(Self.isAppleTransition(from: state, to: s), "Writing Tools: transition \(state) → \(s) is not one of Apple's")
                    state = s
                }
                out.append(action)
            case .edit(let target, let reason, let animated):
                guard let (r, t, purpose) = resolve(target) else { continue }
                if content(r) == t {
                    // Nothing to change: follow as if the host inserted it (no call).
                    hostReplaced((r, t, purpose), t)
                    continue
                }
                if let p = Self.violates(r, protected: protectedRanges) {
                    // Never reached for our own plans; a last line of defence.
                    out.append(.fail(.protectedTextChanged(p)))
                    continue
                }
                awaiting = (r, t, purpose)
                out.append(.replace(range: r, text: t, reason: reason, animated: animated))
            case .applyVersion(let index, let chunks, let reason, let animated):
                var steps: [Step] = []
                let target = versions[index]
                let hasProtected = protectedRanges.contains { NSIntersectionRange($0, range).length > 0 }
                if let chunks, !hasProtected, chunks.count > 1 {
                    for (i, c) in chunks.enumerated() where i == 0 || !c.isEmpty {
                        steps.append(.edit(.compositionChunk(c, first: i == 0), reason, animated: animated))
                    }
                } else if let pieces = gaps(target: target) {
                    for (i, piece) in pieces.enumerated().reversed() {
                        steps.append(.edit(.compositionGap(i, piece.1), reason, animated: animated))
                    }
                } else {
                    out.append(.fail(.protectedTextChanged(range)))
                    continue
                }
                steps.append(.recordVersion(index))
                queue.prepend(steps)
            case .recordVersion(let index):
                if index != 0 { versions[index] = content(range) }
                shownVersion = index
            case let .runEngine(tool, onRewrite):
                if onRewrite, shownVersion != versions.count - 1, let req = virtualRequest(tool: tool) {
                    out.append(.runEngine(req))
                } else {
                    out.append(.runEngine(request(tool: tool)))
                }
            case .selectRange:
                out.append(.select([range]))
            case .end(let accepted):
                if accepted {
                    for i in store.indices where store[i].state == .pending || store[i].state == .reviewing {
                        store[i].state = .accepted
                    }
                }
                hasEnded = true
                queue.removeAll()
                out.append(.ended(accepted: accepted))
            }
        }
        return out
    }

    func resolve(_ target: Target) -> (NSRange, String, Purpose)? {
        switch target {
        case let .suggestion(id, toReplacement):
            let s = store[id]
            guard s.state != .invalid, s.isApplied != toReplacement else { return nil }
            return (rangeOf(id), toReplacement ? s.replacement : s.originalText, toReplacement ? .applySuggestion(id) : .restoreSuggestion(id))
        case let .compositionChunk(t, first):
            return (first ? range : NSRange(location: NSMaxRange(range), length: 0), t, .composition)
        case let .compositionGap(i, t):
            let g = currentGaps()
            guard i < g.count else { return nil }
            return (g[i], t, .composition)
        case let .wholeRange(t):
            return (range, t, .result)
        }
    }

    mutating func hostReplaced(_ pending: (range: NSRange, text: String, purpose: Purpose), _ actual: String?) {
        guard let actual else {
            // The host refused: nothing changed.
            if case .applySuggestion(let id) = pending.purpose { store[id].state = .invalid }
            return
        }
        let r = pending.range
        guard isValid(r) else { return }
        let delta = actual.utf16.count - r.length
        replaceUnits(r, actual)
        let tracker = try? RangeTracker(edits: [TextEdit(range: r, replacement: actual)])
        if let tracker { protectedRanges = protectedRanges.map { tracker.map($0).range } }
        let placed = NSRange(location: r.location, length: actual.utf16.count)
        range.length += delta
        switch pending.purpose {
        case .applySuggestion(let id), .restoreSuggestion(let id):
            // Suggestions are disjoint and in document order: only those after this one move.
            setRange(id, placed)
            if id + 1 < store.count { shifts.add(id + 1, delta) }
            if case .applySuggestion = pending.purpose {
                store[id].replacement = actual
                store[id].isApplied = true
            } else {
                store[id].isApplied = false
                store[id].state = .rejected
            }
        case .composition, .result:
            break
        }
    }

    /// The host changed the text (cumulative, Apple's `updateRange`): rebase everything; a
    /// suggestion whose text changed (pending, accepted or rejected) becomes invalid; a user edit
    /// inside the rewritten range becomes part of the version shown and is carried into every
    /// other version (``carryHostEdit(_:_:)``). O(log k + suggestions touched), plus a word diff
    /// of each other version for an edit inside a rewrite's range.
    mutating func hostEdit(_ r: NSRange, _ t: String) {
        guard isValid(r), let tracker = try? RangeTracker(edits: [TextEdit(range: r, replacement: t)]) else { return }
        let delta = t.utf16.count - r.length
        // A rewrite's other versions (the original above all) take the host's edit in too, so
        // that show original, rewrite again and cancelling never drop what the user typed.
        if kind == .composition, versions.count > 1, tracker.map(range).wasTouched {
            carryHostEdit(r, t)
        }
        replaceUnits(r, t)
        protectedRanges = protectedRanges.map { tracker.map($0).range }
        // A replacement the host has not answered yet moves too (the host edited first).
        if let a = awaiting { awaiting = (tracker.map(a.range).range, a.text, a.purpose) }
        if !store.isEmpty {
            // First suggestion at or after the edit's end: it and all after it just shift.
            let e = NSMaxRange(r)
            var lo = 0, hi = store.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if rangeOf(mid).location >= e { hi = mid } else { lo = mid + 1 }
            }
            // Those just before it that reach past the edit's start overlap it.
            var i = lo - 1
            while i >= 0 {
                let cur = rangeOf(i)
                let m = tracker.map(cur)
                guard m.wasTouched else { break }
                setRange(i, m.range)
                // Rejected ones too: the host's text is there now, not their original text, so
                // there is nothing left to accept or reject (break-it trial, session 49).
                store[i].state = .invalid
                i -= 1
            }
            if lo < store.count { shifts.add(lo, delta) }
        }
        if let cur = reviewedSuggestion, store[cur].state == .invalid { reviewedSuggestion = nil }
        let m = tracker.map(range)
        range = m.range
        if m.wasTouched, kind == .composition, !versions.isEmpty {
            versions[shownVersion] = content(range)
        }
    }
}
