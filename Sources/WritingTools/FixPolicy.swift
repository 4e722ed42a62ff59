import Foundation
import WritingToolsEngine

/// What may be changed without a person looking (`proofread --fix`, the language server's
/// "Proofread selection", every host that applies suggestions unattended), beyond the engine's own
/// confidence (``ProofreadingSuggestion/isConfident``): only what is certain in context. When in
/// doubt a finding is reported and the text left alone.
///
/// - **Preferences are not corrections.** A closed compound found by form (“file name” →
///   “filename”: both are standard), a hyphen in a compound modifier, the comma rules, two
///   spaces (a plain-text convention after a period and in layouts), a mark's spacing when the
///   mark stands alone between spaces (`print ? instead`: the character is being talked about).
/// - **A line's first word is not a sentence start to capitalise.** In a man page, a `--help`
///   text, a list or a commit message a line starts with a command or a value (`tar`, `grep`,
///   `nil`); a capital is applied only to a word after a sentence's end on the same line (`end.
///   the` → `end. The`), where the mark follows a word (not `print ? instead`).
/// - **A word repeated in capitals** (`ARCHIVE ARCHIVE` in a synopsis) is a placeholder used
///   twice, not a slip.
public enum FixPolicy {
    /// Rules whose findings are preferences or conventions, never applied unattended (nor by a
    /// rewrite's proofreading pass: ``UnattendedFixRules/preferenceRules``).
    public static var preferenceRules: Set<String> { UnattendedFixRules.preferenceRules }

    /// True when the first replacement of `s` may be applied to the text whose UTF-16 units are
    /// `u` (the suggestion's range is in them).
    ///
    /// `codeWords` are the words written in the document's protected text (code, commands, a
    /// synopsis: ``codeWords(_:protected:)``): a word written so in code is a name there, and is
    /// not capitalised at a sentence's start (`tar`, `grep`).
    public static func allows(_ s: ProofreadingSuggestion, units u: [UInt16], codeWords: Set<String> = []) -> Bool {
        guard let first = s.replacements.first else { return false }
        return allows(ruleID: s.ruleID, range: s.range, replacement: first, isSpelling: s.provenance == .spelling, units: u, codeWords: codeWords)
    }

    /// True when `replacement` may replace `range` (UTF-16 units of `u`) unattended: the same
    /// policy as ``allows(_:units:codeWords:)``, for a suggestion of rule `ruleID` (`isSpelling`:
    /// a spelling guess) in any form a host holds it (``UnattendedFixRules/allows(ruleID:range:replacement:isSpelling:units:codeWords:)``,
    /// which the built-in engine's results use too).
    public static func allows(ruleID: String, range: NSRange, replacement first: String, isSpelling: Bool, units u: [UInt16],
                              codeWords: Set<String> = []) -> Bool {
        UnattendedFixRules.allows(ruleID: ruleID, range: range, replacement: first, isSpelling: isSpelling, units: u, codeWords: codeWords)
    }

    /// True when `s` may be applied without a person looking, all told: the engine is confident
    /// (``ProofreadingSuggestion/isConfident``), this policy allows its first replacement, and a
    /// spelling guess keeps the word whole (`autolink` → `auto link` is a guess). What `proofread
    /// --fix` and the language server's "Proofread selection" apply
    /// (``UnattendedFixRules/isSafe(ruleID:range:replacement:isSpelling:isConfident:units:codeWords:)``).
    public static func isSafe(_ s: ProofreadingSuggestion, units u: [UInt16], codeWords: Set<String> = []) -> Bool {
        guard let first = s.replacements.first else { return false }
        return UnattendedFixRules.isSafe(ruleID: s.ruleID, range: s.range, replacement: first, isSpelling: s.provenance == .spelling,
                                         isConfident: s.isConfident, units: u, codeWords: codeWords)
    }

    /// True when a fix starting at `start` must wait for a re-check because a fix applied before
    /// it in the same pass ends at `previousEnd`, a few words before it in the same sentence
    /// (``UnattendedFixRules/dependsOnEarlierFix(previousEnd:start:ruleID:units:)``).
    public static func dependsOnEarlierFix(previousEnd: Int, start: Int, ruleID: String = "", units u: [UInt16]) -> Bool {
        UnattendedFixRules.dependsOnEarlierFix(previousEnd: previousEnd, start: start, ruleID: ruleID, units: u)
    }

    /// The reasons (``ProtectedTextRange/reason``) of protected text that is the document's code.
    public static var codeReasons: Set<String> { UnattendedFixRules.codeReasons }

    /// The words (runs of ASCII letters, as written) inside the `protected` ranges of `u`.
    public static func codeWords(_ u: [UInt16], protected: [NSRange]) -> Set<String> {
        UnattendedFixRules.codeWords(u, protected: protected)
    }

    /// True when unit `i` follows a sentence's end on the same line
    /// (``UnattendedFixRules/isAfterSentenceEndOnSameLine(_:_:)``).
    public static func isAfterSentenceEndOnSameLine(_ u: [UInt16], _ i: Int) -> Bool {
        UnattendedFixRules.isAfterSentenceEndOnSameLine(u, i)
    }

    /// True when `u[start..<end]` holds a punctuation mark standing alone
    /// (``UnattendedFixRules/isLoneMark(_:_:_:)``).
    public static func isLoneMark(_ u: [UInt16], _ start: Int, _ end: Int) -> Bool {
        UnattendedFixRules.isLoneMark(u, start, end)
    }
}
