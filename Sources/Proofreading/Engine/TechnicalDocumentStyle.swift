import Foundation
import DocumentStructure

/// Style hints a technical document is better without: optional commas, hyphens in compound
/// modifiers, wordy phrases and pleonasms (the rules that declare
/// ``Rule/quietInTechnicalDocuments``) stay silent in a manual page and in a document with code
/// in it, unless the run asks for them (`--level picky`, or the rule named in
/// ``ProofreadingOptions/enabledRules``).
///
/// Measured on the held-out technical sets of issue 31 (`Benchmarks/tech-docs.py --set
/// heldout-s47`…`heldout-s50`): these rules raised 63 flags on documents nobody here wrote, every
/// one judged a preference and none an error (`Benchmarks/README-tech-docs.md`, session 50): on
/// well-edited reference text they are noise. Redundancies (“GUI interface”), closed compounds
/// (“web site”) and collocations stay: they have found real slips there.
enum TechnicalDocumentStyle {
    /// Reasons of protected ranges that are code (not URLs or e-mail addresses: a letter has those).
    static let codeReasons: Set<ProtectionReason> = [
        .fencedCode, .indentedCode, .inlineCode, .filePath, .commandLineOption, .codeIdentifier, .metavariable,
    ]

    /// True when `document` is technical: a manual page, or code in three places or more, at
    /// least one per 400 words (a word taken as six UTF-16 units of text).
    static func isTechnical(_ document: StructuredDocument) -> Bool {
        if document.isManualPage { return true }
        var code = 0
        for r in document.protectedRanges where codeReasons.contains(r.reason) { code += 1 }
        let words = document.text.utf16.count / 6
        return code >= 3 && code * 400 >= words
    }

    /// `matches` without the findings of the rules in `quiet` (the run's rules that are quiet
    /// in technical documents) when `document` is technical and `options` do not ask for them.
    static func quieting(_ matches: [ProofreadingSuggestion], document: StructuredDocument,
                         options: ProofreadingOptions, quiet: Set<String>) -> [ProofreadingSuggestion] {
        guard options.level != .picky, !quiet.isEmpty,
              matches.contains(where: { quiet.contains($0.ruleID) && !options.enabledRules.contains($0.ruleID) }),
              isTechnical(document) else { return matches }
        return matches.filter { !quiet.contains($0.ruleID) || options.enabledRules.contains($0.ruleID) }
    }

    /// `matches` without the spelling findings on words of `lengths` UTF-16 units that
    /// `accepted` takes, when `document` is technical (``isTechnical(_:)``); other findings, and
    /// every finding of a document that is not technical, stay. Shared by the technical
    /// documents' word classes (``LowercaseInitialisms``, ``TechnicalCompounds``).
    static func droppingSpelling(_ matches: [ProofreadingSuggestion], document: StructuredDocument, lengths: ClosedRange<Int>,
                                 accepted: (String) -> Bool) -> [ProofreadingSuggestion] {
        guard matches.contains(where: { $0.provenance == .spelling && lengths.contains($0.range.length) }),
              isTechnical(document) else { return matches }
        let u = Array(document.text.utf16)
        return matches.filter { m in
            guard m.provenance == .spelling, lengths.contains(m.range.length),
                  m.range.location >= 0, m.range.location + m.range.length <= u.count else { return true }
            return !accepted(String(decoding: u[m.range.location..<(m.range.location + m.range.length)], as: UTF16.self))
        }
    }
}
