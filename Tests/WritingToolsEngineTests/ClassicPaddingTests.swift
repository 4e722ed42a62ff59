import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, point 2 of session 51: classic padding from the plain-language guides (the
/// Federal Plain Language Guidelines and the Plain English Campaign's A to Z), not only the
/// trial's examples: each phrase is said plainly, a sentence's capital moves to the word
/// that now starts it, and a cut opener takes the comma of the aside after it. Letters and a
/// memo written for this suite: `padding/tenancy-notice.txt`, `padding/committee-memo.txt`.
@Suite("Classic padding")
struct ClassicPaddingTests {
    @Test func aTenancyNotice() throws {
        let new = try rewritten(try Fixture.text("padding/tenancy-notice.txt"), .concise).text
        for expected in ["If the outstanding rent is not received before the end of the month, the tenancy will be reviewed.",
                         "Now the balance stands at 1,240 euros, and no payment has yet been recorded.",
                         "A payment plan is available.", "The plan must be agreed before the next billing date",
                         "contact the office about this matter now.", "Because the building is being repainted, the office is closed for two weeks in May.",
                         "please telephone us weekly"] {
            #expect(new.contains(expected), "\(expected)\n\(new)")
        }
        #expect(new.hasPrefix("Dear Ms. Okonkwo,") && new.contains("Yours sincerely,"), "\(new)")
    }

    @Test func aCommitteeMemo() throws {
        let text = try Fixture.text("padding/committee-memo.txt")
        for tool in [WritingTool.concise, .rewrite] {
            let new = try rewritten(text, tool).text
            for expected in ["Because the water supply was cut off, several plots were not watered.", "the committee can install a second tank.",
                             "About the shed,", "The quote applies to the roof only.", "About the fence, we have not yet received a quote.",
                             "We are aware that some members pay monthly.", "The treasurer will review the accounts during the summer."] {
                #expect(new.contains(expected), "\(tool): \(expected)\n\(new)")
            }
        }
    }

    /// The trial's formal letter: the padding it kept ("at the present point in time", "as yet",
    /// "Please be advised that", "we hereby wish to inform you that", "in respect of") goes.
    @Test func theTrialsFormalLetter() throws {
        let new = try rewritten(try Fixture.text("trial50/email-formal.txt"), .concise).text
        for expected in ["cannot be processed now, because", "have not yet been received", "\n\nIf the documentation is not received before",
                         "About your correspondence of the 3rd instant, it has been determined", "clarification about the above."] {
            #expect(new.contains(expected), "\(expected)\n\(new)")
        }
    }

    @Test(arguments: [
        ("As yet, nobody has replied.", "As yet, nobody has replied."),
        ("It is always cold at this time of year.", "It is always cold at this time of year."),
        ("You can make a payment of 20 euros.", "You can make a payment of 20 euros."),
        ("It is absolutely not true.", "It is absolutely not true."),
        ("It is not totally clear.", "It is not totally clear."),
        ("It was the month of the big storm.", "It was the month of the big storm."),
    ])
    func paddingThatIsNotPadding(_ text: String, _ expected: String) throws {
        #expect(try rewritten(text, .concise).text == expected)
    }

    /// Every entry names its source family in the list's documentation and is a Concise one.
    @Test func thePlainLanguageListIsConcises() {
        #expect(RewritePhrasebook.plainLanguage.count >= 40)
        #expect(RewritePhrasebook.plainLanguage.allSatisfy { $0.style == .concise })
        #expect(RewritePhrasebook.phrases(for: .concise).contains { $0.id == "CONCISE_AS_YET" })
    }
}
