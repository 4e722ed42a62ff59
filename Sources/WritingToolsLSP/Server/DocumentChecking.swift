import Foundation
import Synchronization
import WritingTools

/// A paragraph's findings as diagnostics (lines relative to the paragraph's first line; a
/// paragraph starts at character 0 of a line, so characters need no shift), in the order of
/// its suggestions: the language server's annotation of ``CheckedParagraph``.
typealias ParagraphDiagnostics = [EncodedDiagnostic]

/// An open document: the editor's URI, language and version around the incremental checker's
/// document (``IncrementalDocument``: the text as UTF-16 code units, its paragraphs' findings
/// and the edits since), with LSP positions.
struct OpenDocument: Sendable {
    var uri: DocumentURI
    var languageId: String
    var version: Int
    /// The text, its checked paragraphs and the edits since their check.
    var content: IncrementalDocument<ParagraphDiagnostics>
    /// Line start offsets of the text, computed when first needed after a change.
    var lineStartsCache: [Int]?
    /// The version the checked paragraphs belong to.
    var checkedVersion: Int?
    /// Rules ignored in this document ("Ignore ‹rule› in this file").
    var ignoredRules: Set<String> = []
    /// Which opening of the URI this is (a check of a closed and reopened document is dropped).
    var openCount = 0

    init(uri: DocumentURI, languageId: String, version: Int, text: String) {
        self.uri = uri; self.languageId = languageId; self.version = version
        self.content = IncrementalDocument(text: text)
    }

    /// The text as UTF-16 code units.
    var units: [UInt16] { content.units }
    var text: String { content.text }
    /// The paragraphs of the last check, in order; nil before the first check.
    var paragraphs: [CheckedParagraph<ParagraphDiagnostics>]? { content.paragraphs }

    /// Whether this is a Git commit message (language `git-commit`): its comment lines and what
    /// follows its scissors line are no part of the message (``GitCommitMessage``).
    var isGitCommit: Bool {
        languageId == "git-commit" || languageId == "gitcommit"
            || (languageId.isEmpty && uri.hasSuffix("/COMMIT_EDITMSG"))
    }

    var isCurrent: Bool { content.isChecked && checkedVersion == version }

    mutating func lineStarts() -> [Int] {
        if let l = lineStartsCache { return l }
        let l = DocumentParagraphs.lineStarts(units)
        lineStartsCache = l
        return l
    }

    /// The UTF-16 offset of an LSP position, clamped as LSP 3.17 asks (see
    /// ``OffsetConverter/utf16Offset(from:encoding:)``, which converts inside the line).
    mutating func offset(of p: Position, encoding: PositionEncoding) -> Int {
        let starts = lineStarts()
        let units = self.units
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
        guard let range = change.range else {
            content.replaceAll(with: change.text)
            lineStartsCache = nil
            return nil
        }
        let a = offset(of: range.start, encoding: encoding)
        let b = max(a, offset(of: range.end, encoding: encoding))
        // The line table is mended, not rebuilt: a burst of edits to a large document applied
        // each in time proportional to its lines, not to its text (issue 35).
        let starts = lineStarts()
        content.replace(a, b, with: change.text)
        lineStartsCache = Self.mendedLineStarts(starts, replacing: a..<b, insertedCount: change.text.utf16.count, in: content.units)
        return nil
    }

    /// The line starts of `units` (after `replaced`, old offsets, became `insertedCount` new
    /// units) from `old`, those of the text before: the starts before the edit are kept, those
    /// after it moved by the change in length, and those a line break of the edit (or one it
    /// joined or split, such as a CR and an LF) makes are found by reading the edited units; the
    /// same as ``DocumentParagraphs/lineStarts(_:)`` of `units`.
    static func mendedLineStarts(_ old: [Int], replacing replaced: Swift.Range<Int>, insertedCount: Int, in units: [UInt16]) -> [Int] {
        let a = replaced.lowerBound, n = insertedCount
        let delta = n - replaced.count
        var out: [Int] = [0]
        out.reserveCapacity(old.count + 4)
        // A start p depends on the units at p - 1 and p only: unchanged before the edit…
        var k = 1
        while k < old.count && old[k] < a { out.append(old[k]); k += 1 }
        // …read again where either is an edited unit…
        let count = units.count
        var p = max(a, 1)
        while p <= min(a + n, count) {
            let c = units[p - 1]
            if c == 10 || (c == 13 && !(p < count && units[p] == 10)) { out.append(p) }
            p += 1
        }
        // …and moved after it.
        while k < old.count && old[k] <= replaced.upperBound { k += 1 }
        while k < old.count { out.append(old[k] + delta); k += 1 }
        return out
    }

    /// Every suggestion with absolute UTF-16 ranges (from the last check).
    var suggestions: [ProofreadingSuggestion] { content.suggestions }

    /// Every diagnostic with absolute lines, without ignored rules.
    var diagnostics: [Diagnostic] {
        var out: [Diagnostic] = []
        for p in paragraphs ?? [] {
            for e in p.annotation where !ignoredRules.contains(e.diagnostic.code ?? "") {
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
            for e in p.annotation where ignoredRules.isEmpty || !ignoredRules.contains(e.diagnostic.code ?? "") {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                e.append(to: &out, lineShift: p.span.line)
            }
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
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

/// The LSP side of a document's check: the options of a check from the server's settings, and
/// findings as LSP ranges and diagnostics (the check itself is ``IncrementalCheck``'s).
enum DocumentChecking {
    /// Checks `snapshot` (the paragraphs its edits touched) off the actor; each checked
    /// paragraph's findings become diagnostics in `encoding` with `configuration`'s severities.
    /// - Throws: `CancellationError`, ``WritingToolsError``.
    @concurrent
    static func check(_ snapshot: IncrementalCheck<ParagraphDiagnostics>, _ options: IncrementalCheckOptions,
                      encoding: PositionEncoding, configuration: ServerConfiguration,
                      checker: WritingToolsChecker) async throws -> IncrementalCheckResult<ParagraphDiagnostics> {
        try snapshot.runNow(options, checker: checker) { suggestions, text in
            let conv = OffsetConverter(text)
            return suggestions.map { EncodedDiagnostic(diagnostic($0, conv: conv, encoding: encoding, configuration: configuration)) }
        }
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
