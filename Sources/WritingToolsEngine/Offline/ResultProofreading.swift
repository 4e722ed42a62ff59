import Foundation
import TextModel
import DocumentStructure
import Proofreading

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
    /// - Throws: `CancellationError` when the request's ``ToolRequest/shouldStop`` stopped it.
    func proofreadForResult(_ request: ToolRequest) throws -> ToolRequest {
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        try request.stopIfAsked()
        var checking = ProofreadingEngineRequest(document: doc, language: request.language, disabledRules: request.disabledRules,
                                                 userWords: request.userWords, userRules: request.userRules)
        checking.shouldStop = request.shouldStop
        let findings: [ProofreadingSuggestion]
        do { findings = try BuiltInProofreadingEngine().proofread(checking) } catch is CancellationError { throw CancellationError() } catch { return request }
        let units = Array(request.text.utf16)
        let protected = UnattendedFixRules.protectedRanges(of: doc, hostProtectedRanges: request.protectedRanges)
        let codeWords = UnattendedFixRules.codeWords(units, protected: doc.protectedRanges
            .filter { UnattendedFixRules.codeReasons.contains($0.reason.rawValue) }.map(\.range))
        // Quoted words are someone else's, or a literal (“'teh cat' × 100,000 lines” in a commit
        // message is test input): a result quotes them as written.
        let quoted = PhraseRewriter.quotations(in: units) + Self.singleQuotations(in: units)
        let rs = request.range.location, re = NSMaxRange(request.range)
        var edits: [TextEdit] = []
        var end = -1
        for f in findings.sorted(by: { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }) {
            guard let first = f.replacements.first, f.range.location >= end, f.range.location >= rs, NSMaxRange(f.range) <= re,
                  UnattendedFixRules.isSafe(ruleID: f.ruleID, range: f.range, replacement: first, isSpelling: f.provenance == .spelling,
                                            isConfident: f.isConfident, units: units, codeWords: codeWords)
                    || Self.capitalisesADayOrMonth(f, units: units, codeWords: codeWords),
                  !UnattendedFixRules.violates(f.range, protected: protected),
                  !quoted.contains(where: { NSIntersectionRange($0, f.range).length > 0 }) else { continue }
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

    /// True when `f` gives a day's or a month's name its capital ("on monday" → "on Monday"),
    /// which a result applies wherever the name stands: `--fix` leaves a change of case alone
    /// at a line's start or in a name, where a command or a value may stand, but a result is
    /// prose to read, and a casual e-mail's "push it to tuesday afternoon?" reads as a slip
    /// there. Not a word the document writes as code, and only a change of case.
    static func capitalisesADayOrMonth(_ f: ProofreadingSuggestion, units: [UInt16], codeWords: Set<String>) -> Bool {
        guard f.ruleID == "EN_DAY_MONTH_CAPITALIZATION", f.isConfident, let first = f.replacements.first,
              NSMaxRange(f.range) <= units.count else { return false }
        let original = String(decoding: units[f.range.location..<NSMaxRange(f.range)], as: UTF16.self)
        return original != first && original.lowercased() == first.lowercased() && !codeWords.contains(original)
    }

    /// Spans in single quotes ('…' or ‘…’, UTF-16 of `u`, marks included) on one line: a quote
    /// that opens after a space, a line's start or a bracket and closes before a space or a
    /// mark, so that an apostrophe (“don't”, “the users' files”) opens none.
    static func singleQuotations(in u: [UInt16]) -> [NSRange] {
        func isLetter(_ c: UInt16) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xC0 && c != 0x2019 && c != 0x2018 }
        var out: [NSRange] = []
        var open: Int?
        for (k, c) in u.enumerated() {
            if c == 10 { open = nil; continue }
            guard c == 0x27 || c == 0x2018 || c == 0x2019 else { continue }
            let before = k > 0 ? u[k - 1] : 32
            let after = k + 1 < u.count ? u[k + 1] : 32
            if let a = open, !isLetter(after), isLetter(before) || before == 46 || (before >= 48 && before <= 57) {
                out.append(NSRange(location: a, length: k + 1 - a))
                open = nil
            } else if open == nil, !isLetter(before), before != 0x27, isLetter(after) || (after >= 48 && after <= 57), c != 0x2019 {
                open = k
            }
        }
        return out
    }
}
