import Foundation
import Synchronization

// The incremental document checker: a document kept as UTF-16 code units, split into
// paragraphs that are checked (and cached) one by one, so that after an edit only the
// paragraphs it touched are checked again. Any host that keeps documents open (the language
// server, an HTTP session, an editor plug-in) can use it; the host adds what its wire format
// needs to each paragraph as an ``CheckedParagraph/annotation`` (the language server: its
// diagnostics, positioned once per paragraph).

/// A paragraph of a document: its UTF-16 range and the zero-based line it starts on (at
/// character 0 of that line).
public struct ParagraphSpan: Equatable, Hashable, Sendable {
    /// Its first UTF-16 offset in the document.
    public var location: Int
    /// Its length in UTF-16 units, without the trailing line break.
    public var length: Int
    /// The zero-based line it starts on.
    public var line: Int
    /// The offset just past its last unit.
    public var end: Int { location + length }
    /// Its range.
    public var range: NSRange { NSRange(location: location, length: length) }

    /// Creates a span.
    public init(location: Int, length: Int, line: Int) {
        self.location = location; self.length = length; self.line = line
    }
}

/// Splits a document into the paragraphs the incremental checker checks (and caches) one by one.
///
/// A paragraph ends at a blank line, except inside a fenced code block (```` ``` ```` or `~~~`),
/// a `$$` math block or front matter (Markdown), and except when the next line is indented (a
/// list item's continuation or indented code stays with what precedes it). Ranges are UTF-16,
/// without the trailing line break.
public enum DocumentParagraphs {
    /// The paragraph ranges of `units` (the text's UTF-16 code units).
    public static func split(_ units: [UInt16], markdown: Bool) -> [NSRange] { spans(units, markdown: markdown).map(\.range) }

    /// The paragraphs of `units` (the text's UTF-16 code units), in order.
    ///
    /// - Parameter indentedContinues: whether a line indented after a blank line belongs to the
    ///   paragraph before it, as in Markdown (a list item's second paragraph) and in
    ///   reStructuredText (a literal block after `::`, a directive's body). Markdown's by default.
    public static func spans(_ units: [UInt16], markdown: Bool, indentedContinues: Bool? = nil) -> [ParagraphSpan] {
        let indentedContinues = indentedContinues ?? markdown
        var result: [ParagraphSpan] = []
        var lineStart = 0
        var paraStart: Int? = nil
        var paraLine = 0
        var paraEnd = 0
        var fence: (char: UInt16, count: Int)? = nil
        var inMath = false
        var inFrontMatter = false
        var lineIndex = 0
        let n = units.count
        let nl: UInt16 = 10, cr: UInt16 = 13, space: UInt16 = 32, tab: UInt16 = 9
        var pendingBlank = false
        while lineStart <= n {
            var lineEnd = lineStart
            while lineEnd < n && units[lineEnd] != nl && units[lineEnd] != cr { lineEnd += 1 }
            var next = lineEnd
            if next < n { next += (units[next] == cr && next + 1 < n && units[next + 1] == nl) ? 2 : 1 } else { next = n + 1 }
            // Classify the line.
            var i = lineStart
            while i < lineEnd && (units[i] == space || units[i] == tab) { i += 1 }
            let indent = i - lineStart
            let blank = i == lineEnd
            var inBlock = fence != nil || inMath || inFrontMatter
            if markdown {
                if lineIndex == 0 && lineEnd - lineStart == 3 && units[lineStart..<lineEnd].allSatisfy({ $0 == 45 }) {
                    inFrontMatter = true; inBlock = true
                } else if inFrontMatter {
                    let t = units[lineStart..<lineEnd]
                    if t.count == 3 && (t.allSatisfy({ $0 == 45 }) || t.allSatisfy({ $0 == 46 })) { inFrontMatter = false }
                } else if indent < 4 && !blank {
                    let c = units[i]
                    if c == 96 || c == 126 { // ` or ~
                        var k = i
                        while k < lineEnd && units[k] == c { k += 1 }
                        let count = k - i
                        if count >= 3 {
                            if let f = fence {
                                if f.char == c && count >= f.count && units[k..<lineEnd].allSatisfy({ $0 == space || $0 == tab }) { fence = nil }
                            } else {
                                fence = (c, count); inBlock = true
                            }
                        }
                    } else if c == 36 && i + 1 < lineEnd && units[i + 1] == 36 && fence == nil { // $$
                        let rest = units[(i + 2)..<lineEnd]
                        if rest.contains(where: { $0 == 36 }) == false || inMath { inMath.toggle(); inBlock = true }
                    }
                }
            }
            if blank && !inBlock {
                pendingBlank = true
            } else {
                if pendingBlank, let s = paraStart, !(indent >= 1 && !blank && indentedContinues) {
                    result.append(ParagraphSpan(location: s, length: paraEnd - s, line: paraLine))
                    paraStart = nil
                }
                pendingBlank = false
                if paraStart == nil { paraStart = lineStart; paraLine = lineIndex }
                paraEnd = lineEnd
            }
            lineIndex += 1
            lineStart = next
        }
        if let s = paraStart { result.append(ParagraphSpan(location: s, length: paraEnd - s, line: paraLine)) }
        return result
    }

    /// UTF-16 offsets where each line starts (lines end at LF, CR or CRLF, as in LSP 3.17).
    public static func lineStarts(_ units: [UInt16]) -> [Int] {
        var starts = [0]
        var i = 0
        let n = units.count
        while i < n {
            let u = units[i]
            if u == 10 { starts.append(i + 1) } else if u == 13 {
                if i + 1 < n && units[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }
}

/// The edits since the last check, as one window: text before `oldStart` is unchanged, text
/// from `oldEnd` (old coordinates) on is unchanged and moved by `delta` UTF-16 units.
public struct EditWindow: Sendable, Equatable {
    /// Where the first edited unit was (old and new coordinates agree before it).
    public var oldStart: Int
    /// Where the unchanged rest began in the old text.
    public var oldEnd: Int
    /// How far the unchanged rest moved (new length minus old length).
    public var delta: Int

    /// Creates a window.
    public init(oldStart: Int, oldEnd: Int, delta: Int) {
        self.oldStart = oldStart; self.oldEnd = oldEnd; self.delta = delta
    }

    /// `w` with one more edit, which replaced `a..<b` (current coordinates) by `length` units.
    public static func adding(_ w: EditWindow?, a: Int, b: Int, length: Int) -> EditWindow {
        guard let w else { return EditWindow(oldStart: a, oldEnd: b, delta: length - (b - a)) }
        return EditWindow(oldStart: min(w.oldStart, a), oldEnd: max(w.oldEnd, b - w.delta), delta: w.delta + length - (b - a))
    }
}

/// The edits made to a document since a check's snapshot was taken, as the check sees them
/// while it runs: the document records each edit (``IncrementalDocument/replace(_:_:with:)``)
/// and the check skips the paragraphs of its snapshot that an edit touched, since their findings
/// would be stale before they are adopted (``IncrementalCheck/run(_:checker:annotate:)``). The
/// edits are one window in the snapshot's coordinates, which only grows.
///
/// This is a hint for skipping work, never for reusing it: what a later check reuses is decided
/// by the document's own record of the edits (``IncrementalDocument/edits``).
public final class SnapshotEdits: Sendable {
    private struct State {
        var window: EditWindow?
        var everything = false
    }
    private let state = Mutex(State())

    /// No edits yet.
    public init() {}

    /// Records that `a..<b` (current coordinates) was replaced by `length` units.
    public func record(_ a: Int, _ b: Int, length: Int) {
        state.withLock { $0.window = EditWindow.adding($0.window, a: a, b: b, length: length) }
    }

    /// Records that nothing of the snapshot's text is of use any more (it was replaced as a
    /// whole, or the results are discarded).
    public func recordEverything() { state.withLock { $0.everything = true } }

    /// True when an edit since the snapshot touched `span` (a paragraph of the snapshot),
    /// including an edit just before its first unit or just after its last one.
    public func touches(_ span: ParagraphSpan) -> Bool {
        state.withLock { s in
            if s.everything { return true }
            guard let w = s.window else { return false }
            return span.end >= w.oldStart && span.location <= w.oldEnd
        }
    }
}

/// One checked paragraph: its findings relative to its own start (UTF-16), and what the host
/// made of them (``annotation``: a language server's diagnostics, lines relative to the
/// paragraph's first line).
public struct CheckedParagraph<Annotation: Sendable>: Sendable {
    /// Where the paragraph is in the checked document.
    public var span: ParagraphSpan
    /// Its findings, with ranges relative to `span.location`.
    public var suggestions: [ProofreadingSuggestion]
    /// The host's form of the findings, made once when the paragraph was checked.
    public var annotation: Annotation

    /// Creates a checked paragraph.
    public init(span: ParagraphSpan, suggestions: [ProofreadingSuggestion], annotation: Annotation) {
        self.span = span; self.suggestions = suggestions; self.annotation = annotation
    }

    /// The findings with ranges in the document (moved by `span.location`).
    public var documentSuggestions: [ProofreadingSuggestion] {
        suggestions.map { s in var s = s; s.range.location += span.location; return s }
    }
}

/// How each paragraph is checked: a request whose `text` is replaced by the paragraph's (its
/// markup, language, rules, words, level and stop test are used as they are), and whether the
/// document is a Git commit message (its comment lines are left alone and it ends at its
/// scissors line, ``GitCommitMessage``).
public struct IncrementalCheckOptions: Sendable {
    /// The request each paragraph is checked with (its `text` and `ignoredRanges` are set per
    /// paragraph).
    public var request: ProofreadingRequest
    /// True for a Git commit message.
    public var isGitCommit: Bool

    /// Creates options.
    public init(request: ProofreadingRequest, isGitCommit: Bool = false) {
        self.request = request; self.isGitCommit = isGitCommit
    }
}

/// What a check found: the paragraphs checked or reused, and how many of them were checked (the
/// others came from the cache); paragraphs edited while the check ran were skipped
/// (``skippedParagraphCount``) and are left out.
public struct IncrementalCheckResult<Annotation: Sendable>: Sendable {
    /// The document's paragraphs that were checked or reused, in order.
    public var paragraphs: [CheckedParagraph<Annotation>]
    /// How many paragraphs the checker ran on.
    public var checkedParagraphCount: Int
    /// How many paragraphs of the snapshot were left out because the document was edited there
    /// while the check ran (a later check checks them).
    public var skippedParagraphCount = 0

    /// True when every paragraph of the snapshot is in ``paragraphs``.
    public var isComplete: Bool { skippedParagraphCount == 0 }
}

/// A snapshot of an ``IncrementalDocument`` to check, off whatever actor holds the document
/// (``IncrementalDocument/beginCheck()``); its result goes back with
/// ``IncrementalDocument/endCheck(_:)``.
public struct IncrementalCheck<Annotation: Sendable>: Sendable {
    /// The text to check, as UTF-16 code units.
    public let units: [UInt16]
    /// The previous check's paragraphs (nil: check everything).
    public let previous: [CheckedParagraph<Annotation>]?
    /// The edits since the previous check (nil: none).
    public let edits: EditWindow?
    /// The edits the document records while this check runs (nil: none are watched).
    public let editsSinceSnapshot: SnapshotEdits?

    /// Creates a snapshot (``IncrementalDocument/beginCheck()`` makes one from a document).
    public init(units: [UInt16], previous: [CheckedParagraph<Annotation>]?, edits: EditWindow?,
                editsSinceSnapshot: SnapshotEdits? = nil) {
        self.units = units; self.previous = previous; self.edits = edits; self.editsSinceSnapshot = editsSinceSnapshot
    }

    /// Checks the paragraphs the edits touched and reuses the others, moved by the edits'
    /// length; `annotate` makes the host's form of a checked paragraph's findings (given the
    /// paragraph's text). Stops between paragraphs, and inside a long one, when the task is
    /// cancelled or the request's stop test says so.
    ///
    /// A paragraph the document was edited in since the snapshot (``editsSinceSnapshot``) is
    /// skipped, before it is checked or part-way through (its findings would be stale): it is
    /// left out of the result, and the next check, which sees those edits, checks it. So a
    /// burst of edits while a large document's first check runs costs no second check of the
    /// paragraphs it touched, and the first check's work on the others is kept.
    /// - Throws: `CancellationError`, ``WritingToolsError``.
    @concurrent
    public func run(_ options: IncrementalCheckOptions, checker: WritingToolsChecker,
                    annotate: @escaping @Sendable (_ suggestions: [ProofreadingSuggestion], _ paragraphText: String) -> Annotation)
        async throws -> IncrementalCheckResult<Annotation> {
        try runNow(options, checker: checker, annotate: annotate)
    }

    /// ``run(_:checker:annotate:)`` on the calling thread.
    public func runNow(_ options: IncrementalCheckOptions, checker: WritingToolsChecker,
                       annotate: (_ suggestions: [ProofreadingSuggestion], _ paragraphText: String) -> Annotation)
        throws -> IncrementalCheckResult<Annotation> {
        // Previous paragraphs by their location in the previous text.
        var previousByLocation: [Int: CheckedParagraph<Annotation>] = [:]
        if let previous {
            previousByLocation.reserveCapacity(previous.count)
            for p in previous { previousByLocation[p.span.location] = p }
        }
        let w = edits
        var out: [CheckedParagraph<Annotation>?] = []
        var toCheck: [(index: Int, span: ParagraphSpan)] = []
        // A Git commit message ends at its scissors line: what follows (the diff) is no paragraph.
        var checkedUnits = units
        if options.isGitCommit, let cut = GitCommitMessage.cutOffset(inUTF16: units[...]) { checkedUnits = Array(units[..<cut]) }
        for span in DocumentParagraphs.spans(checkedUnits, markdown: options.request.markup == .markdown,
                                             indentedContinues: options.request.markup == .markdown || options.request.markup == .restructuredText) {
            // Where this paragraph was before the edits, if it lies outside the edited window.
            var oldLocation: Int?
            if previous != nil {
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
        var skipped = 0
        for item in toCheck {
            if let checked = try checkParagraph(item.span, options, checker, annotate) { out[item.index] = checked } else { skipped += 1 }
        }
        return IncrementalCheckResult(paragraphs: out.compactMap { $0 }, checkedParagraphCount: toCheck.count - skipped,
                                      skippedParagraphCount: skipped)
    }

    /// Checks one paragraph, or returns nil when the document was edited there since the
    /// snapshot (before the paragraph, or part-way through a long one); throws
    /// `CancellationError` when the task is cancelled or the request's stop test says to stop.
    private func checkParagraph(_ span: ParagraphSpan, _ options: IncrementalCheckOptions, _ checker: WritingToolsChecker,
                                _ annotate: (_ suggestions: [ProofreadingSuggestion], _ paragraphText: String) -> Annotation)
        throws -> CheckedParagraph<Annotation>? {
        try Task.checkCancellation()
        let stop = options.request.shouldStop
        if let stop, stop() { throw CancellationError() }
        if let edits = editsSinceSnapshot, edits.touches(span) { return nil }
        let slice = units[span.location..<span.end]
        var request = options.request
        request.text = String(decoding: slice, as: UTF16.self)
        request.ignoredRanges = options.isGitCommit ? GitCommitMessage.ignoredRanges(inUTF16: slice) : []
        if let edits = editsSinceSnapshot {
            request.shouldStop = { (stop?() ?? false) || edits.touches(span) }
        }
        let suggestions: [ProofreadingSuggestion]
        do {
            suggestions = try checker.check(request).suggestions
        } catch is CancellationError {
            // Stopped part-way: by the request's own stop test or the task (passed on), or by an
            // edit of this paragraph (skipped).
            try Task.checkCancellation()
            if let stop, stop() { throw CancellationError() }
            guard let edits = editsSinceSnapshot, edits.touches(span) else { throw CancellationError() }
            return nil
        }
        return CheckedParagraph(span: span, suggestions: suggestions, annotation: annotate(suggestions, request.text))
    }
}

/// A document a host keeps open and checks as it changes: only the paragraphs an edit touched
/// are checked again; the others keep their findings, moved with the text.
///
/// A check runs on a snapshot (``beginCheck()``), off whatever holds the document, while edits
/// go on: edits made during the check are collected, so that its result becomes the baseline
/// and those edits are checked next (``endCheck(_:)``); the check skips the paragraphs they
/// touched (``SnapshotEdits``). A check of a text replaced as a whole, or begun before
/// ``discardResults()``, is dropped.
public struct IncrementalDocument<Annotation: Sendable>: Sendable {
    /// The text, as UTF-16 code units.
    public private(set) var units: [UInt16]
    /// The paragraphs of the last check adopted, in order; nil before the first check, after
    /// the text was replaced as a whole and after ``discardResults()``. Paragraphs that check
    /// skipped (edited while it ran) are missing; ``edits`` covers them.
    public private(set) var paragraphs: [CheckedParagraph<Annotation>]?
    /// Edits since the last check (nil: none, or nothing to reuse when `paragraphs` is nil).
    public private(set) var edits: EditWindow?
    /// How many paragraphs the last adopted check ran the checker on (the others were reused).
    public private(set) var lastCheckedParagraphCount = 0
    /// A check of a snapshot is running.
    private var checkRunning = false
    /// Edits since the running check's snapshot.
    private var editsSinceSnapshot: EditWindow?
    /// The same edits as the running check sees them (it skips the paragraphs they touched).
    private var runningCheckEdits: SnapshotEdits?
    /// The running check's result is of no use (the text was replaced as a whole, or the
    /// results were discarded, since its snapshot).
    private var snapshotInvalid = false

    /// A document with `text`, not checked yet.
    public init(text: String) { units = Array(text.utf16) }

    /// The text.
    public var text: String { String(decoding: units, as: UTF16.self) }

    /// True when the last adopted check covers the text as it is (no edits since).
    public var isChecked: Bool { paragraphs != nil && edits == nil }

    /// Replaces the UTF-16 range `a..<b` by `text` (the range is clamped to the text; `b`
    /// before `a` is taken as `a..<a`).
    public mutating func replace(_ a: Int, _ b: Int, with text: String) {
        let a = max(0, min(a, units.count))
        let b = max(a, min(b, units.count))
        let new = Array(text.utf16)
        units.replaceSubrange(a..<b, with: new)
        if paragraphs != nil { edits = EditWindow.adding(edits, a: a, b: b, length: new.count) }
        if checkRunning {
            editsSinceSnapshot = EditWindow.adding(editsSinceSnapshot, a: a, b: b, length: new.count)
            runningCheckEdits?.record(a, b, length: new.count)
        }
    }

    /// Replaces the whole text: nothing of the last check is reused.
    public mutating func replaceAll(with text: String) {
        units = Array(text.utf16)
        discardResults()
    }

    /// Forgets every paragraph's findings (the settings they were found with changed): the
    /// next check checks everything, and a check running now is dropped when it ends.
    public mutating func discardResults() {
        paragraphs = nil
        edits = nil
        snapshotInvalid = checkRunning
        // The running check's result will be dropped: it skips what is left.
        if checkRunning { runningCheckEdits?.recordEverything() }
    }

    /// A snapshot of the text, the last check's paragraphs and the edits since, to check with
    /// ``IncrementalCheck/run(_:checker:annotate:)``; from now on edits are also collected for
    /// ``endCheck(_:)``. One check at a time: a second snapshot replaces the first.
    public mutating func beginCheck() -> IncrementalCheck<Annotation> {
        checkRunning = true
        editsSinceSnapshot = nil
        snapshotInvalid = false
        // A check begun before this one no longer records edits (its result will not be adopted).
        runningCheckEdits?.recordEverything()
        let watched = SnapshotEdits()
        runningCheckEdits = watched
        return IncrementalCheck(units: units, previous: paragraphs, edits: edits, editsSinceSnapshot: watched)
    }

    /// Ends the running check: its `result` (nil when it failed or stopped) becomes the
    /// baseline unless the text was replaced as a whole or the results discarded since its
    /// snapshot, and the edits made since the snapshot are what the next check looks at.
    /// Returns true when the result was adopted.
    @discardableResult
    public mutating func endCheck(_ result: IncrementalCheckResult<Annotation>?) -> Bool {
        defer {
            checkRunning = false
            editsSinceSnapshot = nil
            runningCheckEdits = nil
            snapshotInvalid = false
        }
        guard checkRunning, let result, !snapshotInvalid else { return false }
        paragraphs = result.paragraphs
        // Skipped paragraphs lie in the edits since the snapshot; should a check skip any
        // without them (its edits recorded by a copy of this document), an empty window keeps
        // the document unchecked, and the next check checks what is missing.
        edits = editsSinceSnapshot ?? (result.isComplete ? nil : EditWindow(oldStart: 0, oldEnd: 0, delta: 0))
        lastCheckedParagraphCount = result.checkedParagraphCount
        return true
    }

    /// Every finding of the last adopted check, with ranges in the document (none for the
    /// paragraphs it skipped).
    public var suggestions: [ProofreadingSuggestion] { (paragraphs ?? []).flatMap(\.documentSuggestions) }
}
