import Testing
@testable import Proofreading

/// Everyday slips of session 55 (fixture `everyday-s55.txt`): forty sentences of common
/// confusions written before looking at the rules (35 were fixed already), the rules written for
/// the five missed (“There car broke down”, “, than cancelled”, “played good”, “Their coming
/// over”), and near misses of each that raise no grammar or confused-word finding.
struct EverydayS55Tests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("everyday-s55.txt", findings: Self.findings, minWrong: 38, minCorrect: 18)
    }
}
