import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The confused-word and agreement families on everyday sentences written for them (fixture
/// `everyday-confusions.txt`): wrong ones fixed by the first finding, correct ones left alone.
/// The rules decide by part of speech, so these sentences use words no rule lists.
struct EverydayConfusionTests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("everyday-confusions.txt", findings: Self.findings, minWrong: 80, minCorrect: 100)
    }

    /// A grammar rule does not read a misspelled word as another word: it stays silent next to
    /// it (“Lets reciev the box”), while a rule that knows the unknown word itself (“alot”) and
    /// the spelling finding stay.
    @Test func noGrammarFindingNextToAMisspelling() {
        let stacked = RuleTestSupport.matches(RuleRegistry.all, in: "Lets reciev the box.")
        #expect(stacked.map(\.ruleID) == ["SPELLING"])
        // Issue 30's own case: “I beleive she would fit” became “and me believe” under `--fix`
        // (a rule read “beleive” as another word); now the spelling finding stands alone, and
        // its first suggestion is the fix.
        let issue = RuleTestSupport.matches(RuleRegistry.all, in: "I beleive she would fit.")
        #expect(issue.map(\.ruleID) == ["SPELLING"])
        #expect(issue.first?.replacements.first == "believe")
        let known = RuleTestSupport.matches(RuleRegistry.all, in: "I ate alot of cake.")
        #expect(known.map(\.ruleID) == ["EN_NONSTANDARD_WORD"])
        let apart = RuleTestSupport.matches(RuleRegistry.all, in: "Lets schedule the call, the reciept is here.")
        #expect(apart.map(\.ruleID).sorted() == ["EN_LETS_LET_S", "SPELLING"])
    }
}
