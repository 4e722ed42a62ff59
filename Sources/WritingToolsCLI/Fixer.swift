import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `proofread --fix`: applies the first replacement of every finding that is safe to apply
/// unattended (see ``isSafe(_:in:)``), re-checks and repeats (a run such as "the the the"
/// needs two passes, and a finding a few words after one fixed waits for the re-check; at most
/// six), then writes the file atomically (a temporary file in the same
/// folder, then rename(2)). It keeps the original as `FILE.orig` (or `FILE.orig.1`, `.2`, …:
/// an earlier backup is never overwritten) unless told not to, refuses to write a read-only file,
/// and refuses to write when the file changed on disk since it was read.
struct Fixer {
    var io: CommandIO
    var backup: Bool

    /// What a fix run produced.
    struct Outcome {
        /// The text written (or that would be written).
        var text: String
        /// The findings left in `text`, in its offsets.
        var remaining: ProofreadingReport
        /// Fixes applied over all passes.
        var applied: Int
    }

    /// True when `s`'s first replacement may be applied without a person looking: the engine
    /// says it is confident (every rule fix; a spelling guess one cheap slip from a known word,
    /// such as `recieve` or `Teh`), and a spelling guess keeps the word whole. Names and
    /// product names (`Kubernetes`, `npm`) and guesses that split a word (`autolink` →
    /// `auto link`) are reported, not changed.
    /// ``FixPolicy`` decides the rest: no preferences, no capital on a line's first word, no
    /// placeholder repeated in capitals, no mark standing alone.
    static func isSafe(_ s: ProofreadingSuggestion, in text: String) -> Bool {
        isSafe(s, units: Array(text.utf16))
    }

    /// ``isSafe(_:in:)`` with the text's UTF-16 units at hand (read once per pass), and the
    /// words of its protected text (``FixPolicy/codeWords(_:protected:)``).
    static func isSafe(_ s: ProofreadingSuggestion, units: [UInt16], codeWords: Set<String> = []) -> Bool {
        FixPolicy.isSafe(s, units: units, codeWords: codeWords)
    }

    /// The ranges of `text` that no fix may touch: what a Writing Tools session protects
    /// (code, links, URLs, the document's other protected spans, and block quotations: someone
    /// else's words), as `--interactive` reviews them. Their findings are reported, not fixed.
    static func protectedRanges(of text: String, markup: DocumentMarkup) -> [NSRange] {
        WritingToolsSession.protectedRanges(of: text, markup: markup == .markdown ? .markdown : .plain)
    }

    /// How many times the text is fixed and checked again, at most.
    static let passes = 6

    /// Fixes `report.text` in up to ``passes`` passes; `recheck` proofreads a new version. Findings
    /// in protected text (``protectedRanges(of:markup:)``) are left.
    static func fix(_ report: ProofreadingReport, markup: DocumentMarkup = .plain,
                    recheck: (String) throws -> ProofreadingReport) throws -> Outcome {
        var current = report
        var applied = 0
        for _ in 0..<passes {
            var edits: [TextEdit] = []
            var end = -1
            let protected = protectedRanges(of: current.text, markup: markup)
            let units = Array(current.text.utf16)
            // (The document's own code: code spans and blocks, options, a synopsis; not block
            // quotations or ranges a host asked to ignore, such as a commit message's comments.)
            let codeWords = FixPolicy.codeWords(units, protected: current.protectedRanges.filter { FixPolicy.codeReasons.contains($0.reason) }.map(\.range))
            for s in current.suggestions where s.range.location >= end && isSafe(s, units: units, codeWords: codeWords)
                && WritingToolsSession.violates(s.range, protected: protected) == nil {
                // A finding a few words after one fixed in this pass waits for the re-check: it
                // may exist only because of that error (``FixPolicy/dependsOnEarlierFix(previousEnd:start:ruleID:units:)``).
                if !edits.isEmpty, FixPolicy.dependsOnEarlierFix(previousEnd: end, start: s.range.location, ruleID: s.ruleID, units: units) {
                    continue
                }
                edits.append(TextEdit(range: s.range, replacement: s.replacements[0]))
                end = s.range.location + max(s.range.length, 1)
            }
            if edits.isEmpty { break }
            let next: String
            do { next = try current.text.applying(edits) } catch {
                throw CommandError.failure("could not apply the fixes (\(error)); nothing was written")
            }
            applied += edits.count
            current = try recheck(next)
        }
        return Outcome(text: current.text, remaining: current, applied: applied)
    }

    /// Applies the fixes to `input` and writes the result (standard input: to standard output).
    /// Returns the outcome; its remaining findings are in the written text's offsets.
    func apply(_ report: ProofreadingReport, to input: InputText, markup: DocumentMarkup,
               recheck: (String) throws -> ProofreadingReport) throws -> Outcome {
        let outcome = try Self.fix(report, markup: markup, recheck: recheck)
        var bytes = Data()
        if input.hasByteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        bytes.append(contentsOf: outcome.text.utf8)
        let n = outcome.applied
        guard let path = input.path else {
            io.writeOutput(String(decoding: bytes, as: UTF8.self))
            io.writeError(n == 0 ? "writing-tools: <stdin>: nothing to fix automatically\n" : "writing-tools: <stdin>: applied \(n) fix\(n == 1 ? "" : "es")\n")
            return outcome
        }
        if n == 0 {
            io.writeError("writing-tools: \(PathText.shown(path)): nothing to fix automatically\n")
            return outcome
        }
        let written = try FileReplacement.replace(input, with: bytes, backup: backup)
        io.writeError("writing-tools: \(PathText.shown(path)): applied \(n) fix\(n == 1 ? "" : "es")"
                      + (written.backupPath.map { " (original kept in \(PathText.shown($0)))" } ?? "") + "\n")
        for note in written.notes { io.writeError("writing-tools: \(note)\n") }
        return outcome
    }
}
