import Foundation
import Testing
@testable import WritingToolsCLI

/// `--help` says `proofread --fix` applies every rule's fix "but style hints": every finding the
/// report labels `style:` is left as written, at the default level and at the picky one. A
/// README-only trial (session 48) saw “can not” → “cannot”, labelled `style:`, applied by
/// `--fix`; the rule (`EN_NONSTANDARD_PHRASE`, an error with one standard form) is grammar now,
/// and still fixed.
@Suite("Command line: --fix leaves style hints")
struct FixStyleHintsTests {
    /// Sentences written for this test, each with a style finding: a wordy phrase, a British
    /// spelling in American English, and at the picky level a contraction, "in order to", "utilize",
    /// "a lot of", a sentence opening with "But", "very important".
    static let text = """
    We stopped due to the fact that it rained. The colour of the wall is nice.
    We don't ship in order to save money. We utilize a lot of servers. But it is very important.

    """

    /// The `(line, column)`s and texts of the report's `style:` findings.
    static func styleFindings(_ report: String) -> [String] {
        report.split(separator: "\n").filter { $0.contains(": style: ") }.map(String.init)
    }

    @Test(arguments: ["default", "picky"])
    func everyStyleFindingIsLeftAsWritten(level: String) {
        let args = ["--language", "en-US", "--level", level]
        let report = run(["proofread"] + args + ["-"], stdin: Self.text)
        let styles = Self.styleFindings(report.out)
        #expect(styles.count >= (level == "picky" ? 6 : 2), "\(report.out)")
        let fixed = run(["proofread", "--fix"] + args + ["-"], stdin: Self.text)
        #expect(fixed.out == Self.text, "--fix changed a style hint:\n\(fixed.out)")
        // What is left is reported, with its label.
        #expect(Self.styleFindings(fixed.err).count == styles.count, "\(fixed.err)")
    }

    @Test func aNonstandardPhraseIsGrammarAndFixed() {
        let report = run(["proofread", "-"], stdin: "We can not go today.\n")
        #expect(report.out.contains(": grammar: The standard form is “cannot”. [EN_NONSTANDARD_PHRASE]"), "\(report.out)")
        #expect(run(["proofread", "--fix", "-"], stdin: "We can not go today.\n").out == "We cannot go today.\n")
    }
}
