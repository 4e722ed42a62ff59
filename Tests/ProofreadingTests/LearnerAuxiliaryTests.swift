import Foundation
import Testing
@testable import Proofreading

/// Verb forms after “try” and after a perfect “have” in a question, agreement after “the number
/// of”, the noun after “there are some”, “spend time to do” and the -ing form after “about”,
/// “for”, “without” (`Resources/rules/learner-auxiliaries.rules`), on sentences written for
/// them (fixture `learner-auxiliaries-s53.txt`); and the mass nouns after “a lot of”, “lots of”,
/// “plenty of” that the quantity rule must not make plural under `--fix` (session 53: “a lot of
/// hassle” became “hassles”).
struct LearnerAuxiliaryTests {
    @Test func wrongSentencesAreFixedAndCorrectOnesRaiseNothing() throws {
        try RuleTestSupport.expectFixture("learner-auxiliaries-s53.txt", findings: EverydayConfusionTests.findings, minWrong: 23, minCorrect: 36)
    }

    /// A noun the data calls countable only but that English also uses as a mass noun is never
    /// a confident fix after “a lot of”, “lots of”, “plenty of”: one that is a verb too is a
    /// hint (`--fix` leaves it), one with an abstract noun's ending is not flagged.
    @Test func massUseAfterALotOfIsNoConfidentFix() {
        for text in ["We had a lot of hassle with the upgrade.", "There is a lot of churn in the team.",
                     "There is plenty of buzz about it.", "We need lots of bandwidth for video.",
                     "It takes a lot of strength.", "The job needs plenty of patience."] {
            let found = EverydayConfusionTests.findings(text).filter { $0.ruleID.hasPrefix("EN_QUANTITY_OF_SINGULAR") }
            #expect(found.allSatisfy { !$0.isConfident }, "\(text) → \(found.map(\.ruleID))")
        }
        for text in ["We need lots of bandwidth for video.", "It takes a lot of strength."] {
            #expect(EverydayConfusionTests.findings(text).filter { $0.category == .grammar }.isEmpty, "\(text)")
        }
        // A countable noun that is no verb is still a confident fix.
        let student = EverydayConfusionTests.findings("A lot of student failed the exam.").filter { $0.ruleID == "EN_QUANTITY_OF_SINGULAR" }
        #expect(student.count == 1 && student.allSatisfy(\.isConfident))
    }
}
