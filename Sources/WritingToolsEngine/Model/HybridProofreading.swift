import Foundation
import TextModel
import DocumentStructure
import Proofreading
import LanguageModels

/// Hybrid proofreading: rules and a language model in one suggestion stream, each suggestion
/// with its provenance (peers.md §13.1). See ``LanguageModelToolEngine`` for the policy.
extension LanguageModelToolEngine {
    /// The rule ID of suggestions that come from the model.
    public static let modelRuleID = "LANGUAGE_MODEL"

    func proofread(_ request: ToolRequest, _ p: Prepared, emit: @escaping @Sendable (ToolEvent) -> Void) async throws {
        let rules = configuration.hybridProofreading ? try offline.proofreadingSuggestions(request) : []
        var modelEdits: [TextEdit] = []
        chunks: for (k, chunk) in p.chunks.enumerated() where chunk.hasProse {
            let outcome: OutputContract.Outcome
            do {
                outcome = try await ask(.proofread, chunk.core, mask: p.mask, request: request, markdown: p.markdown, emit: emit)
            } catch LanguageModelError.truncated {
                outcome = .rejected(.wrongShape("the answer was cut off at the model's token limit"))
            } catch let LanguageModelError.answerTooLarge(limit, what) {
                outcome = .rejected(.wrongShape("\(LanguageModelError.answerTooLarge(limit: limit, what: what))"))
            } catch let error as LanguageModelError where configuration.hybridProofreading && Self.leavesRulesStanding(error) {
                // The server is down, slow or broken: the rules' findings are as good as without
                // a model, so they are reported, with a notice, rather than lost with the run.
                // No other part is sent: each would wait for the same failure. The edits of the
                // parts already answered stay.
                let rest = k > 0 ? " for part \(k + 1) of \(p.chunks.count) on" : ""
                emit(.notice("the model could not be used\(rest) (\(error.message(suggestingCheck: true))); the rules' suggestions stand"))
                break chunks
            }
            switch outcome {
            case let .rejected(v):
                emit(.notice("the model's corrections\(p.chunks.count > 1 ? " for part \(k + 1) of \(p.chunks.count)" : "") were not used (\(v)); the rules' suggestions stand"))
            case let .accepted(corrected, _):
                for e in WordDiff.edits(from: chunk.core, to: corrected) {
                    if let mapped = Self.sourceEdit(e, chunkOffset: chunk.offset, mask: p.mask, base: p.range.location) {
                        modelEdits.append(mapped)
                    }
                }
            }
        }
        let kept = try filterNewRuleErrors(modelEdits, request: request, rulesBefore: rules)
        emit(.suggestions(merge(rules: rules, model: kept, text: request.text, language: request.language)))
    }

    /// True for a model failure after which hybrid proofreading reports the rules' suggestions
    /// alone: the server unreachable, too slow, answering with an HTTP error or a broken stream,
    /// or a managed server that died. Not for cancellation (the caller gave up) or a wrong
    /// configuration (the user must fix it; ``LanguageModelError/configuration(_:)``).
    static func leavesRulesStanding(_ error: LanguageModelError) -> Bool {
        switch error {
        case .unreachable, .timeout, .httpStatus, .malformedStream, .streamError, .serverFailed: return true
        case .truncated, .answerTooLarge, .cancelled, .configuration: return false
        }
    }

    /// A model edit in the chunk's coordinates, in the request text's; nil when it touches a
    /// placeholder (protected text) or a line break.
    static func sourceEdit(_ e: TextEdit, chunkOffset: Int, mask: ProtectedSpanMask, base: Int) -> TextEdit? {
        let start = e.range.location + chunkOffset
        let end = NSMaxRange(e.range) + chunkOffset
        var delta = 0
        for (m, s) in mask.map {
            let ms = m.location, me = NSMaxRange(m)
            if e.range.length > 0 ? (start < me && end > ms) : (start > ms && start < me) { return nil }
            if me <= start { delta += s.length - m.length }
        }
        if e.replacement.contains(mask.prefix) { return nil }
        if e.replacement.contains(where: \.isNewline) { return nil }
        let old = mask.masked.substring(utf16Range: NSRange(location: start, length: end - start)) ?? ""
        if old.contains(where: \.isNewline) { return nil }
        return TextEdit(range: NSRange(location: base + start + delta, length: end - start), replacement: e.replacement)
    }

    /// Drops the model edits after which the rules find more problems around the edit than before.
    func filterNewRuleErrors(_ edits: [TextEdit], request: ToolRequest, rulesBefore: [ProofreadingSuggestion]) throws -> [TextEdit] {
        guard !edits.isEmpty, configuration.hybridProofreading else { return edits }
        let sorted = edits.sorted { $0.range.location < $1.range.location }
        guard let corrected = try? request.text.applying(sorted) else { return [] }
        var after = request
        after.text = corrected
        after.range = NSRange(location: 0, length: corrected.utf16.count)
        after.protectedRanges = []
        let rulesAfter = try offline.proofreadingSuggestions(after)
        func overlaps(_ a: NSRange, _ s: Int, _ e: Int) -> Bool {
            a.length == 0 ? (a.location >= s && a.location <= e) : (a.location < max(e, s + 1) && NSMaxRange(a) > s)
        }
        var kept: [TextEdit] = []
        var shift = 0
        for e in sorted {
            let newStart = e.range.location + shift
            let newEnd = newStart + e.replacement.utf16.count
            let before = rulesBefore.filter { overlaps($0.range, e.range.location, NSMaxRange(e.range)) }.count
            let now = rulesAfter.filter { overlaps($0.range, newStart, newEnd) }.count
            if now <= before { kept.append(e) }
            shift += e.replacement.utf16.count - e.range.length
        }
        return kept
    }

    /// Rules first; a model edit that overlaps a rule match is dropped, its replacement moved
    /// first in the rule's list when the rule offers it.
    func merge(rules: [ProofreadingSuggestion], model: [TextEdit], text: String, language: String) -> [ProofreadingSuggestion] {
        var out = rules
        let speller = try? BuiltInProofreadingEngine.speller(for: language)
        for e in model {
            if let i = out.firstIndex(where: { r in
                r.provenance != .languageModel && (NSIntersectionRange(r.range, e.range).length > 0 || r.range == e.range
                    || (e.range.length == 0 && e.range.location > r.range.location && e.range.location < NSMaxRange(r.range)))
            }) {
                if out[i].range == e.range, let j = out[i].replacements.firstIndex(of: e.replacement), j > 0 {
                    out[i].replacements.remove(at: j)
                    out[i].replacements.insert(e.replacement, at: 0)
                }
                continue
            }
            let old = text.substring(utf16Range: e.range) ?? ""
            let category = Self.category(old: old, new: e.replacement, speller: speller)
            let shown = old.isEmpty ? "insert “\(e.replacement)”" : (e.replacement.isEmpty ? "delete “\(old)”" : "“\(old)” → “\(e.replacement)”")
            out.append(ProofreadingSuggestion(range: e.range, replacements: [e.replacement], ruleID: Self.modelRuleID,
                                        category: category,
                                        message: "The language model suggests: \(shown).", provenance: .languageModel, isConfident: true))
        }
        return out.sorted { ($0.range.location, $0.range.length) < ($1.range.location, $1.range.length) }
    }

    /// LanguageTool's category for a model edit: casing, punctuation, a typo (the old word is not
    /// in the dictionary), or grammar.
    static func category(old: String, new: String, speller: (any Speller)?) -> RuleCategory {
        if old.lowercased() == new.lowercased() { return .casing }
        let letters: (String) -> String = { String($0.filter { $0.isLetter || $0.isNumber }) }
        if letters(old) == letters(new) { return .punctuation }
        let words = old.split(whereSeparator: { !$0.isLetter && $0 != "'" })
        if words.count == 1, let speller, !speller.isCorrect(String(words[0])) { return .typos }
        return .grammar
    }
}
