import Foundation
import WritingTools

/// Writing Tools on a selection, through the public tool API (``ToolEngine``, ``ToolRequest``):
/// for now Proofread, whose fixes come back as one `WorkspaceEdit` (LSP 3.17 §"CodeAction").
enum SelectionTools {
    /// The longest selection (UTF-16 units) that the server offers to proofread as one code
    /// action: about 10 pages, a second or two of work.
    static let maximumSelectionUnits = 20_000

    /// Runs Proofread on `selection` (UTF-16, absolute) of a document and returns the edits of
    /// the first replacement of each suggestion inside the selection that may be applied
    /// unattended (``FixPolicy``, as `proofread --fix`), in LSP ranges.
    ///
    /// The engine sees the whole paragraphs around the selection (for sentence context) and
    /// works on the selection only; suggestions of `excludedRules` and spelling suggestions for
    /// `acceptedWords` are dropped (the tool API takes no word list). The text is read as the
    /// document's `markup` (what its diagnostics protect stays protected). In a Git commit message
    /// (`gitCommit`), comment lines and what follows the scissors line are protected.
    static func proofread(units: [UInt16], paragraphs: [ParagraphSpan], selection: NSRange, markup: DocumentMarkup, gitCommit: Bool = false,
                          language: String, excludedRules: Set<String>, acceptedWords: Set<String>,
                          encoding: PositionEncoding, engine: any ToolEngine) async throws -> [TextEdit] {
        let end = selection.location + selection.length
        let touched = paragraphs.filter { $0.location < end && $0.end > selection.location }
        guard let first = touched.first, let last = touched.last else { return [] }
        let start = first.location
        let text = String(decoding: units[start..<last.end], as: UTF16.self)
        let lo = max(selection.location, start) - start
        let hi = min(end, last.end) - start
        guard hi > lo else { return [] }
        let request = ToolRequest(tool: .proofread, text: text, range: NSRange(location: lo, length: hi - lo),
                                  markup: markup.kind,
                                  protectedRanges: gitCommit ? GitCommitMessage.ignoredRanges(inUTF16: units[start..<last.end]) : [],
                                  language: language)
        var suggestions: [ProofreadingSuggestion] = []
        for try await event in engine.run(request) {
            if case let .suggestions(s) = event { suggestions += s }
        }
        try Task.checkCancellation()
        let textUnits = Array(text.utf16)
        let conv = OffsetConverter(text)
        var edits: [TextEdit] = []
        var lastEnd = -1
        for s in suggestions.sorted(by: { $0.range.location < $1.range.location }) {
            guard let replacement = s.replacements.first, !excludedRules.contains(s.ruleID),
                  s.range.location >= lo, s.range.location + s.range.length <= hi, s.range.location >= lastEnd else { continue }
            // What `proofread --fix` would apply, and no more: no guess for a name (“Priya” →
            // “Prays”), no preference, no capital for a command's name (``FixPolicy``).
            // (Nor a guess that splits a word: “dotfiles” → “dot files”.)
            guard FixPolicy.isSafe(s, units: textUnits) else { continue }
            // A finding a few words after one fixed here may exist only because of that error
            // (“its quite” → “it's quiet”): it is left for the next check.
            if !edits.isEmpty, FixPolicy.dependsOnEarlierFix(previousEnd: lastEnd, start: s.range.location, ruleID: s.ruleID, units: textUnits) { continue }
            if s.ruleID == "SPELLING" {
                let word = String(decoding: textUnits[s.range.location..<(s.range.location + s.range.length)], as: UTF16.self)
                if acceptedWords.contains(word) { continue }
            }
            var r = DocumentChecking.lspRange(s.range, conv, encoding)
            r.start.line += first.line
            r.end.line += first.line
            edits.append(TextEdit(range: r, newText: replacement))
            lastEnd = s.range.location + s.range.length
        }
        return edits
    }
}
