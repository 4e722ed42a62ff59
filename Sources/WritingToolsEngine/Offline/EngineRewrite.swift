import Foundation
import TextModel
import DocumentStructure
import Proofreading

extension BuiltInToolEngine {
    /// Category of a phrase edit, LanguageTool's IDs and names.
    static func category(_ kind: RewritePhrase.Kind) -> (id: String, name: String) {
        switch kind {
        case .wordy: return ("PLAIN_ENGLISH", "Plain English")
        case .informal, .contraction, .softer: return ("STYLE", "Style")
        case .filler, .hedge: return ("STYLE", "Style")
        case .punctuation: return ("PUNCTUATION", "Punctuation")
        }
    }

    /// The phrase entries a set of styles runs: each style's own, and for Professional also
    /// Concise's fillers ("basically", "just wanted to"), which read as informal.
    static func phrases(for styles: Set<RewriteStyle>) -> [RewritePhrase] {
        RewritePhrasebook.all.filter { styles.contains($0.style) || (styles.contains(.professional) && $0.style == .concise && $0.kind == .filler) }
    }

    /// The rule-based rewrite of the request range: reviewable edits, then the new text.
    func rewrite(_ request: ToolRequest, styles: Set<RewriteStyle>, proofread: Bool) throws -> [ToolEvent] {
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        let rs = request.range.location, re = rs + request.range.length
        var edits: [EngineSuggestion] = []
        if proofread {
            let all = try BuiltInProofreadingEngine().proofread(ProofreadingEngineRequest(document: doc, language: request.language))
            var lastEnd = -1
            for s in all where !s.replacements.isEmpty && s.range.location >= rs && s.range.location + s.range.length <= re {
                guard s.range.location >= lastEnd else { continue }
                // Only what `proofread --fix` would apply: a guess (a foreign word, a name, a word
                // far from any known one) is a suggestion for a person, never an automatic rewrite.
                guard s.isConfident else { continue }
                // (An unknown capitalised word is confident only when its guess is one of the
                // commonest words, `Teh` → `The`; a name, `NAMES`, never is.)
                // Splitting a word ("dotfiles" → "dot files") is a guess, not a fix.
                if s.ruleID == "SPELLING", s.replacements[0].utf8.contains(0x20) || s.replacements[0].utf8.contains(0x2D) { continue }
                var e = s
                e.replacements = [s.replacements[0]]
                edits.append(e)
                lastEnd = s.range.location + s.range.length
            }
        }
        let rewriter = PhraseRewriter(Self.phrases(for: styles))
        var phraseEdits: [EngineSuggestion] = []
        for seg in doc.proseSegments {
            let b = seg.blockRange
            guard b.location < re, b.location + b.length > rs || (b.length == 0 && b.location >= rs) else { continue }
            for (r, replacement, phrase) in rewriter.edits(in: seg.text) {
                // Not across markup the segment leaves out (“revert **back**”): the edit would
                // delete it.
                guard let d = seg.documentRange(for: r), d.location >= rs, d.location + d.length <= re,
                      !doc.intersectsProtected(d), !seg.omitsDocumentText(in: r) else { continue }
                let cat = Self.category(phrase.kind)
                phraseEdits.append(EngineSuggestion(range: d, replacements: [replacement], ruleID: phrase.id, categoryID: cat.id,
                                                    categoryName: cat.name, message: phrase.reason, provenance: .rules))
            }
        }
        // Redundancies (“past history”) come from the proofreader's rule, one list for both: a
        // hint when proofreading, an edit of the Concise rewrite.
        if styles.contains(.concise), let speller = try? BuiltInProofreadingEngine.speller(for: request.language) {
            for m in Proofreader(speller: speller, rules: [RedundantPhraseRule()]).check(doc)
            where m.range.location >= rs && m.range.location + m.range.length <= re && !m.replacements.isEmpty {
                phraseEdits.append(EngineSuggestion(range: m.range, replacements: [m.replacements[0]], ruleID: m.ruleID,
                                                    categoryID: m.category.rawValue, categoryName: m.category.displayName,
                                                    message: m.message, provenance: .rules))
            }
            phraseEdits.sort { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
        }
        // Merge: proofreading fixes win over phrase edits they overlap.
        var merged: [EngineSuggestion] = []
        var i = 0, j = 0
        func overlaps(_ a: NSRange, _ b: NSRange) -> Bool {
            a.location < b.location + b.length && b.location < a.location + a.length || (a.location == b.location && (a.length == 0 || b.length == 0))
        }
        while i < edits.count || j < phraseEdits.count {
            if j >= phraseEdits.count || (i < edits.count && edits[i].range.location <= phraseEdits[j].range.location) {
                if let last = merged.last, overlaps(last.range, edits[i].range) {
                    if last.provenance != .rules || edits[i].ruleID == last.ruleID { i += 1; continue }
                    merged.removeLast()
                }
                merged.append(edits[i]); i += 1
            } else {
                if let last = merged.last, overlaps(last.range, phraseEdits[j].range) { j += 1; continue }
                if i < edits.count, overlaps(edits[i].range, phraseEdits[j].range) { j += 1; continue }
                merged.append(phraseEdits[j]); j += 1
            }
        }
        // Apply to the range's text.
        let units = Array(request.text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(request.range.length)
        var cursor = rs
        var accepted: [EngineSuggestion] = []
        for e in merged.sorted(by: { $0.range.location < $1.range.location }) where e.range.location >= cursor {
            out.append(contentsOf: units[cursor..<e.range.location])
            out.append(contentsOf: e.replacements[0].utf16)
            cursor = e.range.location + e.range.length
            accepted.append(e)
        }
        out.append(contentsOf: units[cursor..<re])
        let newText = String(decoding: out, as: UTF16.self)
        var events: [ToolEvent] = [.rewriteEdits(accepted)]
        // Stream the new text a paragraph at a time.
        var chunk = ""
        var pendingBreak = false
        for ch in newText {
            if pendingBreak, ch != "\n", ch != "\r\n", ch != "\r" {
                events.append(.rewrittenText(chunk)); chunk = ""; pendingBreak = false
            }
            chunk.append(ch)
            if ch == "\n" || ch == "\r\n", chunk.hasSuffix("\n\n") || chunk.hasSuffix("\r\n\r\n") { pendingBreak = true }
        }
        if !chunk.isEmpty || events.count == 1 { events.append(.rewrittenText(chunk)) }
        return events
    }
}
