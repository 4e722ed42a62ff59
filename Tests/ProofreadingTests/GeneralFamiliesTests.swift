import Testing
@testable import Proofreading

/// Grammar families that general rules catch for any word of the right class (session 43, issue
/// 30): each on sentences written for it, wrong ones fixed by the first finding and correct ones
/// near them (technical prose among them) left alone. The rules decide by part of speech, lemma
/// and countability: no noun or verb of the fixtures is listed in a rule.
struct GeneralFamiliesTests {
    /// One family: its fixture (`wrong … => fixed` and `- right …` lines) and the least numbers
    /// of wrong and right sentences it must hold.
    struct Family: Sendable, CustomTestStringConvertible {
        let fixture: String
        let minWrong: Int
        let minCorrect: Int
        var testDescription: String { fixture }
    }

    static let families: [Family] = [
        // “should reads”, “will sees”, “can takes”: a third-person form after a modal, irregular verbs too.
        Family(fixture: "modal-third-person.txt", minWrong: 9, minCorrect: 10),
        // “a lot of scientist”, “lots of bird”, “a number of user”: a singular count noun after a phrase of quantity.
        Family(fixture: "quantity-phrase-plural.txt", minWrong: 10, minCorrect: 15),
        // “looking for new job”, “got into good university”: an adjective and a count noun with no article after a preposition.
        Family(fixture: "preposition-bare-count-noun.txt", minWrong: 10, minCorrect: 15),
        // “She does not have job”, “You should buy new car”: a count noun with no article after a modal and a verb.
        Family(fixture: "modal-verb-bare-count-noun.txt", minWrong: 10, minCorrect: 15),
        // “a this dog”, “the these bugs”, “the both options”: two determiners in a row.
        Family(fixture: "double-determiner.txt", minWrong: 10, minCorrect: 15),
        // “You can drive can't you?”: a negative question tag without its comma.
        Family(fixture: "question-tag-comma.txt", minWrong: 10, minCorrect: 15),
        // “I want to walked to the station”: a past after “to” and a verb of will or attempt, before a preposition.
        Family(fixture: "agent-infinitive-past.txt", minWrong: 10, minCorrect: 15),
        // “more colder today”: a double comparative before a noun that is an adverb of time or place.
        Family(fixture: "double-comparative-adverb.txt", minWrong: 10, minCorrect: 15),
        // “Him is my friend”, “Us students need time”: an object pronoun as the subject.
        Family(fixture: "object-pronoun-subject.txt", minWrong: 10, minCorrect: 15),
        // “many student's failed”, “three book's”: an apostrophe in a counted plural.
        Family(fixture: "counted-apostrophe-plural.txt", minWrong: 10, minCorrect: 15),
    ]

    /// Every wrong sentence of the family is fixed by its first finding, every right one draws no
    /// grammar or confused-word finding (``RuleTestSupport/expectFixture(_:findings:minWrong:minCorrect:sourceLocation:)``).
    @Test(arguments: families)
    func family(_ family: Family) throws {
        let (wrong, correct) = try RuleTestSupport.sentenceFixture(family.fixture)
        #expect(wrong.allSatisfy { !EverydayConfusionTests.findings($0.0).isEmpty }, "\(family.fixture): a wrong sentence with no finding")
        try RuleTestSupport.expectFixture(family.fixture, findings: EverydayConfusionTests.findings,
                                          minWrong: family.minWrong, minCorrect: family.minCorrect)
        #expect(correct.count >= family.minCorrect)
    }
}
