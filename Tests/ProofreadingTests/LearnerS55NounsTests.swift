import Testing
@testable import Proofreading

/// Learner slips of noun number, agreement and verb form written for session 55 before its rules
/// (fixture `learner-s55-nouns.txt`: wrong sentences, each fixed by the first finding, and
/// correct near misses that raise no grammar or confused-word finding). The rules of
/// `learner-s55-nouns.rules` decide by part of speech and lemma: a plural noun after “and one”
/// that closes a list of counted things, “for to” before a verb, the present after a past time
/// opening the sentence, and a verb's base form after a singular noun subject before a pronoun.
struct LearnerS55NounsTests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s55-nouns.txt", findings: Self.findings, minWrong: 18, minCorrect: 25)
    }

    /// The past-time rule inflects whatever verb it meets by its lemma, not a list: verbs no
    /// example of the rule holds take their past form, and a verb whose past is its base
    /// (“put”, “cut”) is left alone.
    @Test func pastTimeInflectsAnyVerbByLemma() {
        let cases: [(text: String, fix: String?)] = [
            ("Yesterday I forget my umbrella at work.", "forgot"),
            ("Three days ago we choose a new name.", "chose"),
            ("Last month they build a new bridge.", "built"),
            ("Yesterday I cut my finger.", nil),
            ("Yesterday we have a meeting.", nil),
        ]
        for (text, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == "EN_PAST_TIME_PRESENT_VERB" }
            if let fix {
                #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
            } else {
                #expect(found.isEmpty, "\(text) → \(found.map(\.replacements))")
            }
        }
    }
}
