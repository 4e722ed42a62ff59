import Foundation
import TextModel
import DocumentStructure

extension BuiltInToolEngine {
    /// `request` with its text as the proofreader's unattended fixes leave it: Summary, Key
    /// Points, List and Table copy the document's sentences, and a summary should not repeat
    /// "It open you're mind" where Apple's would write clean prose.
    ///
    /// The fixes are exactly those `proofread --fix` applies (``UnattendedFixRules``: confident,
    /// no preference, no guess that splits a word, no capital for a line's first word or a
    /// command's name), found in the request's range only, and none touches protected text (code,
    /// links, URLs, the host's ranges) or a block quotation (someone else's words). The range and
    /// the host's protected ranges are moved to the fixed text; offsets in the result are the
    /// fixed text's, which is what results hold (no result refers back to the source).
    ///
    /// A language the proofreader has no dictionary for, or any failure, leaves the request as it
    /// was: a result is never refused for want of proofreading.
    func proofreadForResult(_ request: ToolRequest) -> ToolRequest {
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        let checking = ProofreadingEngineRequest(document: doc, language: request.language, disabledRules: request.disabledRules,
                                                 userWords: request.userWords, userRules: request.userRules)
        guard let findings = try? BuiltInProofreadingEngine().proofread(checking) else { return request }
        let units = Array(request.text.utf16)
        let protected = UnattendedFixRules.protectedRanges(of: doc, hostProtectedRanges: request.protectedRanges)
        let codeWords = UnattendedFixRules.codeWords(units, protected: doc.protectedRanges
            .filter { UnattendedFixRules.codeReasons.contains($0.reason.rawValue) }.map(\.range))
        let rs = request.range.location, re = NSMaxRange(request.range)
        var edits: [TextEdit] = []
        var end = -1
        for f in findings.sorted(by: { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }) {
            guard let first = f.replacements.first, f.range.location >= end, f.range.location >= rs, NSMaxRange(f.range) <= re,
                  UnattendedFixRules.isSafe(ruleID: f.ruleID, range: f.range, replacement: first, isSpelling: f.provenance == .spelling,
                                            isConfident: f.isConfident, units: units, codeWords: codeWords),
                  !UnattendedFixRules.violates(f.range, protected: protected) else { continue }
            edits.append(TextEdit(range: f.range, replacement: first))
            end = NSMaxRange(f.range) + (f.range.length == 0 ? 1 : 0)
        }
        guard !edits.isEmpty, let fixed = try? request.text.applying(edits), let tracker = try? RangeTracker(edits: edits) else {
            return request
        }
        var out = request
        out.text = fixed
        // Every edit is inside the range (an insertion at its start too): it grows by their sum.
        let delta = edits.reduce(0) { $0 + $1.replacement.utf16.count - $1.range.length }
        out.range = NSRange(location: rs, length: request.range.length + delta)
        out.protectedRanges = request.protectedRanges.map { tracker.map($0).range }
        return out
    }
}
