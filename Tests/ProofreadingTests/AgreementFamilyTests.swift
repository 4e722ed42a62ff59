import Foundation
import Testing
@testable import Proofreading

/// The agreement and article families of `Resources/rules/agreement.rules` and the learner and
/// context rules for issue 30's misses, on sentences written for them (fixture
/// `agreement-families.txt`): wrong ones fixed by the first finding, correct ones left alone.
/// The nouns and verbs are ones no rule lists: the rules decide by part of speech and lemma.
struct AgreementFamilyTests {
    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("agreement-families.txt", findings: EverydayConfusionTests.findings, minWrong: 90, minCorrect: 150)
    }

    /// The Swift rule these patterns replace is gone from the registry, and the pattern rules
    /// that took its place are there.
    @Test func patternRulesReplaceTheSwiftRule() {
        let ids = Set(RuleRegistry.all.map(\.id))
        #expect(!ids.contains("EN_NOUN_SUBJECT_AGREEMENT"))
        for id in ["EN_PLURAL_SUBJECT_SINGULAR_VERB", "EN_PLURAL_SUBJECT_VBZ_NOUN", "EN_PLURAL_SUBJECT_COMMA_PHRASE",
                   "EN_COORDINATED_SUBJECT_AGREEMENT", "EN_OF_QUANTIFIER_AGREEMENT", "EN_BARE_PLURAL_SUBJECT",
                   "EN_SINGULAR_SUBJECT_PLURAL_VERB"] {
            #expect(ids.contains(id), "\(id)")
        }
    }
}
