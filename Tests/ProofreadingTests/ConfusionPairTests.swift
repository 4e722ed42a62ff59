import Foundation
import Testing
@testable import Proofreading

/// EN_CONFUSION_PAIR (``ConfusionPairRule``): sound-alike words of another part of speech,
/// decided by the tagger's model from a data file of pairs.
struct ConfusionPairTests {
    /// The rule's findings on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches([ConfusionPairRule()], in: text)
    }

    /// Sentences written for the rule (fixture `confusion-pairs.txt`): wrong ones fixed, correct
    /// ones (technical prose among them) left alone.
    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("confusion-pairs.txt", findings: Self.findings, minWrong: 3, minCorrect: 30)
    }

    /// A pair line names the written word first: only it is checked, for the intended one;
    /// comments and lines that are no pair are skipped.
    @Test func pairLinesAreOneWay() {
        let pairs = ConfusionPairRule.parse("# comment\nform from   # a slip\nKnot not\nthree words here\n\n")
        #expect(pairs == ["form": ["from"], "knot": ["not"]])
        let rule = ConfusionPairRule(pairsText: "form from")
        #expect(rule.triggers == ["form"])
    }

    /// The bundled pair file loads, and a pair whose words take the same tags never fires.
    @Test func bundledPairsLoad() {
        #expect(ConfusionPairRule.bundledPairs["form"] == ["from"])
        #expect(ConfusionPairRule.bundledPairs["from"] == nil)
        let samePart = RuleTestSupport.matches([ConfusionPairRule(pairsText: "peace piece")], in: "Give me a peace of cake.")
        #expect(samePart.isEmpty)
    }
}
