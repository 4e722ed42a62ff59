import Testing
@testable import Proofreading

/// Learners' articles and word choice written for session 55 before its rules (fixture
/// `learner-s55-articles.txt`, rules `learner-s55-articles.rules`): a noun that names the one
/// thing of its kind without “the”, “learn” for “teach” before the person taught, a singular count
/// noun after “there is” and after “such” and an adjective without “a/an”. Each wrong sentence is
/// fixed by the first finding; each near miss raises no grammar or confused-word finding.
struct LearnerS55ArticlesTests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s55-articles.txt", findings: Self.findings, minWrong: 20, minCorrect: 30)
    }

    /// The count-noun rules read countability from the Link Grammar data, not a list: nouns no
    /// example names are flagged when countable only and left alone when they can be mass nouns.
    @Test func countNounsByTheLexiconNotAList() {
        let cases: [(text: String, fix: String?)] = [
            ("There was earthquake in the north.", "an earthquake"),
            ("There is pharmacy near the station.", "a pharmacy"),
            ("He is such generous neighbour.", "a generous neighbour"),
            ("There is water in the basement.", nil),
            ("There was music in the air.", nil),
            ("It was such bad weather.", nil),
        ]
        for (text, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == "EN_THERE_BE_BARE_COUNT_NOUN" || $0.ruleID == "EN_SUCH_ADJECTIVE_COUNT_NOUN" }
            if let fix {
                #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
            } else {
                #expect(found.isEmpty, "\(text) → \(found.map(\.replacements))")
            }
        }
    }

    /// “learn” in every form becomes “teach” in the same form.
    @Test func learnBecomesTeachInTheSameForm() {
        let cases: [(text: String, fix: String)] = [
            ("Please learn me some French.", "teach"),
            ("She learns us chess.", "teaches"),
            ("He learnt me everything.", "taught"),
            ("They are learning us to cook.", "teaching"),
        ]
        for (text, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == "EN_LEARN_TEACH" }
            #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
        }
    }
}
