import Testing
@testable import Proofreading

/// Everyday slips written for session 54 before its rules (fixture `everyday-s54.txt`: wrong
/// sentences, each fixed by the first finding, and correct near misses that raise no grammar or
/// confused-word finding). The rules decide by the part of speech of the words around the slip:
/// a verb the lexicon knows before a particle (“workaround”), a comparative before “than” or the
/// clause's end (“Its bigger”), a mass noun's rare plural (“documentations”).
struct EverydayS54Tests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("everyday-s54.txt", findings: Self.findings, minWrong: 25, minCorrect: 30)
    }

    /// The compound rule reads any verb and particle the lexicon knows, not a list: words no
    /// example of the rule holds are split where the slot is a verb's.
    @Test func compoundNounAsVerbByLexicon() {
        let cases: [(text: String, fix: String?)] = [
            ("You can turnaround the car here.", "turn around"),
            ("He will handover the keys tomorrow.", "hand over"),
            ("They decided to walkthrough the plan.", "walk through"),
            ("The turnaround was quick.", nil),
            ("Welcome to the handover meeting.", nil),
        ]
        for (text, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == "EN_COMPOUND_NOUN_AS_VERB" }
            if let fix {
                #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
            } else {
                #expect(found.isEmpty, "\(text) → \(found.map(\.replacements))")
            }
        }
    }

    /// “dont” and “doesnt” without their apostrophe: the spelling finding offers first the form
    /// that agrees with the subject, a plural noun subject included (“The kids doesnt” → “don't”).
    @Test func apostropheLessDoAgreesWithItsSubject() {
        let cases: [(text: String, first: String)] = [
            ("The kids doesnt listen to me.", "don't"),
            ("My parents doesnt care.", "don't"),
            ("These new servers doesnt start.", "don't"),
            ("He dont know the answer.", "doesn't"),
            ("They doesnt know.", "don't"),
            ("The server doesnt start.", "doesn't"),
            ("The news doesnt matter.", "doesn't"),
        ]
        for (text, first) in cases {
            let spelling = RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID == "SPELLING" }
            #expect(spelling.first?.replacements.first == first, "\(text) → \(spelling.map(\.replacements))")
        }
    }
}
