import Foundation
import Testing
@testable import WritingToolsCLI

/// `--help` says `proofread --fix` applies every rule's fix "but style hints": every finding the
/// report labels `style:` is left as written, at the default level and at the picky one. A
/// README-only trial (session 48) saw “can not” → “cannot”, labelled `style:`, applied by
/// `--fix`; the phrases with one standard form (`EN_NONSTANDARD_PHRASE`) are grammar now, and
/// still fixed, and “can not” is a picky hint (`EN_CAN_NOT`).
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

    /// “can not” is no error at the default level (LanguageTool's `CAN_NOT` is off by default,
    /// Harper allows it, and a new user saw the demo flag Lincoln's three): at the picky level it
    /// is a style hint, and `--fix` leaves it there too. A nonstandard phrase is still grammar.
    @Test func canNotIsAPickyHintAndANonstandardPhraseIsGrammar() {
        let text = "We can not go today.\n"
        #expect(run(["proofread", "-"], stdin: text).out.isEmpty)
        let picky = run(["proofread", "--level", "picky", "-"], stdin: text)
        #expect(picky.out.contains(": style: Usually written as one word: “cannot”. [EN_CAN_NOT]"), "\(picky.out)")
        #expect(run(["proofread", "--fix", "--level", "picky", "-"], stdin: text).out == text)
        let phrase = "There are a lots of cars.\n"
        #expect(run(["proofread", "-"], stdin: phrase).out.contains(": grammar: "), "EN_NONSTANDARD_PHRASE")
        #expect(run(["proofread", "--fix", "-"], stdin: phrase).out == "There are a lot of cars.\n")
    }
}
