import Testing
@testable import Proofreading

/// Learners' articles, noun number and prepositions written for session 56 before its rules
/// (fixtures `learner-s56-articles.txt`, `learner-s56-number.txt` and
/// `learner-s56-prepositions.txt`, rules `learner-s56-*.rules`): a bare singular count noun after
/// a modal and a verb inside a sentence, or with an adjective after “become” or “is not”; a
/// singular count noun after “all the” or “most of my” before a plural verb; “certain” before a
/// bare singular count noun; “influence to” for “influence on”, “wait” without “for”, “asked to
/// me”; “worth to visit” and “prevented us to go” (fixture `learner-s56-verbs.txt`). Each wrong sentence is fixed by the first finding; each near miss raises no grammar or
/// confused-word finding.
struct LearnerS56Tests {
    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [ProofreadingSuggestion] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func articlesAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s56-articles.txt", findings: Self.findings, minWrong: 10, minCorrect: 20)
    }

    @Test func nounNumberIsFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s56-number.txt", findings: Self.findings, minWrong: 10, minCorrect: 20)
    }

    @Test func prepositionsAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s56-prepositions.txt", findings: Self.findings, minWrong: 10, minCorrect: 20)
    }

    @Test func verbFormsAreFixedAndNearMissesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-s56-verbs.txt", findings: Self.findings, minWrong: 5, minCorrect: 10)
    }

    /// The -ing form comes from the lexicon's inflections, for any verb after “worth to” or
    /// “prevent … to”.
    @Test func ingFormByLemma() {
        let cases: [(text: String, rule: String, fix: String)] = [
            ("The trail is worth to hike.", "EN_WORTH_TO_VERB", "worth hiking"),
            ("The fog prevented the ships to leave.", "EN_PREVENT_TO_VERB", "from leaving"),
            ("Fees discourage students to apply.", "EN_PREVENT_TO_VERB", "from applying"),
        ]
        for (text, rule, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == rule }
            #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
        }
    }

    /// The count-noun rules read countability from the Link Grammar data, not a list: nouns no
    /// example names are flagged when countable only and left alone when they can be mass nouns.
    @Test func countNounsByTheLexiconNotAList() {
        let cases: [(text: String, rule: String, fix: String?)] = [
            ("Although we will build bridge, the river stays.", "EN_CLAUSE_MODAL_VERB_BARE_COUNT_NOUN", "a bridge"),
            ("Although we will need money, the plan stays.", "EN_CLAUSE_MODAL_VERB_BARE_COUNT_NOUN", nil),
            ("Most of my colleague were away.", "EN_PART_QUANTIFIER_SINGULAR_PLURAL_VERB", "colleagues"),
            ("Most of my luggage were lost.", "EN_PART_QUANTIFIER_SINGULAR_PLURAL_VERB", nil),
            ("We saw it in certain village yesterday.", "EN_CERTAIN_BARE_SINGULAR", "certain villages"),
            ("We felt certain relief afterwards.", "EN_CERTAIN_BARE_SINGULAR", nil),
            ("The river became huge obstacle for them.", "EN_BECOME_OR_NOT_ADJECTIVE_COUNT_NOUN", "a huge obstacle"),
            ("The letter became important evidence.", "EN_BECOME_OR_NOT_ADJECTIVE_COUNT_NOUN", nil),
        ]
        for (text, rule, fix) in cases {
            let found = Self.findings(text).filter { $0.ruleID == rule }
            if let fix {
                #expect(found.first?.replacements.first == fix, "\(text) → \(found.map(\.replacements))")
            } else {
                #expect(found.isEmpty, "\(text) → \(found.map(\.replacements))")
            }
        }
    }
}
