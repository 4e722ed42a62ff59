import Testing
@testable import Proofreading

/// Everyday confusions of a new user's e-mails, written for session 53 before its rules
/// (fixture `everyday-s53.txt`: 125 wrong sentences, each fixed by the first finding, and 129
/// correct near misses that raise no grammar or confused-word finding). The rules that reach
/// them decide by the slot a word stands in (an article after “their”, a place particle before
/// “hear”, a noun phrase after “too”), not by the fixture's nouns and verbs.
struct EverydayS53Tests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("everyday-s53.txt", findings: Self.findings, minWrong: 125, minCorrect: 129)
    }

    /// The session's rules on the slots they read: each fires where the slot shows the error and
    /// stays silent on the same word in a slot where it is right.
    @Test func slotsDecide() {
        let cases: [(text: String, rule: String?)] = [
            ("Was their an answer from the bank?", "EN_THEIR_THERE_ARTICLE"),
            ("Was their answer from the bank?", nil),
            ("We drove too the station.", "EN_TOO_TO_NOUN_PHRASE"),
            ("We drove too fast.", nil),
            ("The bolt worked lose again.", "EN_LOSE_LOOSE_ADJECTIVE"),
            ("The team worked to lose weight.", nil),
            ("Pass the salt to she, please.", "EN_PREPOSITION_SUBJECT_PRONOUN"),
            ("Pass the salt, she said.", nil),
        ]
        for (text, rule) in cases {
            let ids = Self.findings(text).map(\.ruleID)
            if let rule {
                #expect(ids.contains(rule), "\(text) → \(ids)")
            } else {
                #expect(ids.isEmpty, "\(text) → \(ids)")
            }
        }
    }
}
