import Foundation
import Synchronization
import WritingTools

/// One checked paragraph: its findings relative to its own start, as suggestions (UTF-16,
/// relative to the paragraph) and as diagnostics (lines relative to the paragraph's first line;
/// a paragraph starts at character 0 of a line, so characters need no shift).
struct CheckedParagraph: Sendable {
    var span: Paragraphs.Span
    var suggestions: [ProofreadingSuggestion]
    var diagnostics: [EncodedDiagnostic]
}

/// The edits since the last check, as one window: text before `oldStart` is unchanged, text
/// from `oldEnd` (old coordinates) on is unchanged and moved by `delta` UTF-16 units.
struct DirtyWindow: Sendable, Equatable {
    var oldStart: Int
    var oldEnd: Int
    var delta: Int

    /// Adds an edit that replaced `a..<b` (current coordinates) by `length` units.
    static func adding(_ w: DirtyWindow?, a: Int, b: Int, length: Int) -> DirtyWindow {
        guard let w else { return DirtyWindow(oldStart: a, oldEnd: b, delta: length - (b - a)) }
        return DirtyWindow(oldStart: min(w.oldStart, a), oldEnd: max(w.oldEnd, b - w.delta), delta: w.delta + length - (b - a))
    }
}

/// An open document, kept as UTF-16 code units.
struct OpenDocument: Sendable {
    var uri: DocumentURI
    var languageId: String
    var version: Int
    var units: [UInt16]
    /// Line start offsets of `units`, computed when first needed after a change.
    var lineStartsCache: [Int]?
    /// The paragraphs of the last check, in order; nil before the first check.
    var paragraphs: [CheckedParagraph]?
    /// The version `paragraphs` belong to.
    var checkedVersion: Int?
    /// Edits since the last check (nil: none, or everything must be re-checked when `paragraphs` is nil).
    var dirty: DirtyWindow?
    /// Rules ignored in this document ("Ignore ‹rule› in this file").
    var ignoredRules: Set<String> = []
    /// Which opening of the URI this is (a check of a closed and reopened document is dropped).
    var openCount = 0
    /// How many paragraphs the last check ran the checker on (the others were reused).
    var lastCheckedParagraphs = 0
    /// A check of a snapshot of this document is running: edits since the snapshot are
    /// collected in `editsSinceSnapshot`, so that its result becomes the new baseline.
    var snapshotActive = false
    /// Edits since the running check's snapshot.
    var editsSinceSnapshot: DirtyWindow?
    /// The whole text was replaced since the running check's snapshot (its result is useless).
    var snapshotInvalid = false

    init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri; self.languageId = languageId; self.version = version
        self.units = Array(text.utf16)
    }

    var text: String { String(decoding: units, as: UTF16.self) }

    /// Whether this is a Git commit message (language `git-commit`): its comment lines and what
    /// follows its scissors line are no part of the message (``GitCommitMessage``).
    var isGitCommit: Bool {
        languageId == "git-commit" || languageId == "gitcommit"
            || (languageId.isEmpty && uri.hasSuffix("/COMMIT_EDITMSG"))
    }

    var isCurrent: Bool { paragraphs != nil && checkedVersion == version && dirty == nil }

    mutating func lineStarts() -> [Int] {
        if let l = lineStartsCache { return l }
        let l = Paragraphs.lineStarts(units)
        lineStartsCache = l
        return l
    }

    /// The UTF-16 offset of an LSP position, clamped as LSP 3.17 asks (see
    /// ``OffsetConverter/utf16Offset(from:encoding:)``, which converts inside the line).
    mutating func offset(of p: Position, encoding: PositionEncoding) -> Int {
        let starts = lineStarts()
        if p.line < 0 { return 0 }
        guard p.line < starts.count else { return units.count }
        let start = starts[p.line]
        var end = p.line + 1 < starts.count ? starts[p.line + 1] : units.count
        while end > start && (units[end - 1] == 10 || units[end - 1] == 13) { end -= 1 }
        let line = String(decoding: units[start..<end], as: UTF16.self)
        return start + OffsetConverter(line).utf16Offset(from: LinePosition(line: 0, character: p.character), encoding: encoding)
    }

    /// Applies one `didChange` content change; positions past a line's end or the document's
    /// are clamped (LSP 3.17 §"Position"). A range whose end comes before its start is no
    /// change an editor makes: nothing is applied and the reason is returned (the server's copy
    /// would no longer be the editor's: ``LanguageServer`` drops the document).
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) -> String? {
        if let range = change.range, (range.end.line, range.end.character) < (range.start.line, range.start.character) {
            return "a change's range ends (line \(range.end.line), character \(range.end.character)) before it starts "
                + "(line \(range.start.line), character \(range.start.character))"
        }
        defer { lineStartsCache = nil }
        guard let range = change.range else {
            units = Array(change.text.utf16)
            paragraphs = nil
            dirty = nil
            snapshotInvalid = snapshotActive
            return nil
        }
        let a = offset(of: range.start, encoding: encoding)
        let b = max(a, offset(of: range.end, encoding: encoding))
        let new = Array(change.text.utf16)
        units.replaceSubrange(a..<b, with: new)
        if paragraphs != nil { dirty = DirtyWindow.adding(dirty, a: a, b: b, length: new.count) }
        if snapshotActive { editsSinceSnapshot = DirtyWindow.adding(editsSinceSnapshot, a: a, b: b, length: new.count) }
        return nil
    }

    /// Every suggestion with absolute UTF-16 ranges (from the last check).
    var suggestions: [ProofreadingSuggestion] {
        (paragraphs ?? []).flatMap { p in
            p.suggestions.map { s in var s = s; s.range.location += p.span.location; return s }
        }
    }

    /// Every diagnostic with absolute lines, without ignored rules.
    var diagnostics: [Diagnostic] {
        var out: [Diagnostic] = []
        for p in paragraphs ?? [] {
            for e in p.diagnostics where !ignoredRules.contains(e.diagnostic.code ?? "") {
                var d = e.diagnostic
                d.range.start.line += p.span.line
                d.range.end.line += p.span.line
                out.append(d)
            }
        }
        return out
    }

    /// The JSON array of ``diagnostics`` (`[{…},…]`), written without `JSONEncoder`.
    var diagnosticsJSON: [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for p in paragraphs ?? [] {
            for e in p.diagnostics where ignoredRules.isEmpty || !ignoredRules.contains(e.diagnostic.code ?? "") {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                e.append(to: &out, lineShift: p.span.line)
            }
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}

/// What a check needs, copied from the server so that it runs off the actor.
struct CheckInput: Sendable {
    var units: [UInt16]
    var markup: DocumentMarkup
    var isGitCommit: Bool
    var language: String
    var disabledRules: Set<String>
    var words: [String]
    /// The user's and workspace's rule files, if any.
    var rules: UserRules?
    var encoding: PositionEncoding
    var configuration: ServerConfiguration
    /// The previous check's paragraphs (nil: check everything) and the edits since.
    var previous: [CheckedParagraph]?
    var dirty: DirtyWindow?
    /// Asked between paragraphs and inside a long one (``ProofreadingRequest/shouldStop``): true
    /// stops the check, which then throws `CancellationError`. Nil: it runs to its end.
    var shouldStop: (@Sendable () -> Bool)?
}

/// What a check found.
struct CheckOutput: Sendable {
    var paragraphs: [CheckedParagraph]
    var checkedParagraphs: Int
}

/// Who still wants a document's running check (``LanguageServer`` runs one per document and
/// lets every request and push for that document wait for it): its stop test. A check is
/// stopped when its document is closed, dropped or opened again, and, once the client is
/// leaving (`shutdown`, `exit`), as soon as nothing waits for it: a huge document's first check
/// no longer runs for minutes for nobody (issue 35).
final class CheckDemand: Sendable {
    private struct State {
        var stopped = false
        var waiters: Set<Int> = []
        var nextWaiter = 0
        var stopsWhenUnwatched: Bool
    }
    private let state: Mutex<State>

    /// A demand that stops when unwatched from the start when `stopsWhenUnwatched` (a check
    /// begun while the client is leaving).
    init(stopsWhenUnwatched: Bool = false) {
        state = Mutex(State(stopsWhenUnwatched: stopsWhenUnwatched))
    }

    /// True once the check should stop (for good).
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Stops the check.
    func stop() { state.withLock { $0.stopped = true } }

    /// Registers a waiter; pass the number returned to ``leave(_:)``.
    func join() -> Int {
        state.withLock { s in
            s.nextWaiter += 1
            s.waiters.insert(s.nextWaiter)
            return s.nextWaiter
        }
    }

    /// A waiter no longer waits (it got its answer or was cancelled); leaving twice is harmless.
    func leave(_ waiter: Int) {
        state.withLock { s in
            s.waiters.remove(waiter)
            if s.stopsWhenUnwatched && s.waiters.isEmpty { s.stopped = true }
        }
    }

    /// From now on the check stops as soon as nothing waits for it (at once if nothing does).
    func stopWhenUnwatched() {
        state.withLock { s in
            s.stopsWhenUnwatched = true
            if s.waiters.isEmpty { s.stopped = true }
        }
    }
}

enum DocumentChecking {
    /// Checks the paragraphs of `input.units` that the edits touched, reusing the others
    /// (moved by the edits' length); cancellable between paragraphs.
    /// - Throws: `CancellationError`, ``WritingToolsError``.
    @concurrent
    static func check(_ input: CheckInput, checker: WritingToolsChecker) async throws -> CheckOutput {
        let units = input.units
        // Previous paragraphs by their location in the previous text.
        var previousByLocation: [Int: CheckedParagraph] = [:]
        if let previous = input.previous {
            previousByLocation.reserveCapacity(previous.count)
            for p in previous { previousByLocation[p.span.location] = p }
        }
        let w = input.dirty
        var out: [CheckedParagraph?] = []
        var toCheck: [(index: Int, span: Paragraphs.Span)] = []
        // A Git commit message ends at its scissors line: what follows (the diff) is no paragraph.
        var checkedUnits = units
        if input.isGitCommit, let cut = GitCommitMessage.cutOffset(inUTF16: units[...]) { checkedUnits = Array(units[..<cut]) }
        for span in Paragraphs.spans(checkedUnits, markdown: input.markup == .markdown) {
            // Where this paragraph was before the edits, if it lies outside the edited window.
            var oldLocation: Int?
            if input.previous != nil {
                if let w {
                    if span.end <= w.oldStart { oldLocation = span.location }
                    else if span.location >= w.oldEnd + w.delta { oldLocation = span.location - w.delta }
                } else {
                    oldLocation = span.location
                }
            }
            if let o = oldLocation, var hit = previousByLocation[o], hit.span.length == span.length {
                hit.span = span
                out.append(hit)
            } else {
                toCheck.append((out.count, span))
                out.append(nil)
            }
        }
        // Serial on purpose: spreading a large first check over the cores measured no faster
        // (the engine's per-call work dominates), and edits touch one or two paragraphs.
        for item in toCheck { out[item.index] = try checkParagraph(item.span, units, input, checker) }
        return CheckOutput(paragraphs: out.compactMap { $0 }, checkedParagraphs: toCheck.count)
    }

    /// Checks one paragraph; throws `CancellationError` when the task is cancelled or the
    /// input's stop test says to stop (before the paragraph, or part-way through a long one).
    private static func checkParagraph(_ span: Paragraphs.Span, _ units: [UInt16], _ input: CheckInput,
                                       _ checker: WritingToolsChecker) throws -> CheckedParagraph {
        try Task.checkCancellation()
        if let stop = input.shouldStop, stop() { throw CancellationError() }
        let slice = units[span.location..<span.end]
        let text = String(decoding: slice, as: UTF16.self)
        let ignored = input.isGitCommit ? GitCommitMessage.ignoredRanges(inUTF16: slice) : []
        var request = ProofreadingRequest(text: text, markup: input.markup, language: input.language,
                                          disabledRules: input.disabledRules, userWords: input.words, ignoredRanges: ignored,
                                          userRules: input.rules)
        request.shouldStop = input.shouldStop
        request.level = input.configuration.level
        let suggestions = try checkNow(request, checker).suggestions
        let conv = OffsetConverter(text)
        let diagnostics = suggestions.map { EncodedDiagnostic(diagnostic($0, conv: conv, encoding: input.encoding, configuration: input.configuration)) }
        return CheckedParagraph(span: span, suggestions: suggestions, diagnostics: diagnostics)
    }

    /// The synchronous check (this thread is already off the actor).
    private static func checkNow(_ request: ProofreadingRequest, _ checker: WritingToolsChecker) throws -> ProofreadingReport {
        try checker.check(request)
    }

    /// The LSP range of a UTF-16 range of the text `conv` was built for.
    static func lspRange(_ r: NSRange, _ conv: OffsetConverter, _ encoding: PositionEncoding) -> Range {
        Range(start: Position(conv.position(fromUTF16: r.location, encoding: encoding)),
              end: Position(conv.position(fromUTF16: r.location + r.length, encoding: encoding)))
    }

    /// The diagnostic of a suggestion, positioned in the text `conv` was built for.
    static func diagnostic(_ s: ProofreadingSuggestion, conv: OffsetConverter, encoding: PositionEncoding,
                           configuration: ServerConfiguration) -> Diagnostic {
        Diagnostic(range: lspRange(s.range, conv, encoding), severity: configuration.severity(forCategory: s.category.rawValue),
                   code: s.ruleID, source: "writing-tools", message: s.message,
                   data: .object(["category": .string(s.category.rawValue),
                                  "replacements": .array(s.replacements.prefix(5).map { .string($0) })]))
    }
}
