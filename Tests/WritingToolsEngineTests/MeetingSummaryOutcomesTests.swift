import Foundation
import Testing
@testable import WritingToolsEngine

/// Meeting notes' summaries at every length lead with their outcomes (issue 34, README-only
/// trial of session 52: the medium and long summaries of a platform sync took "Omar said the
/// migration is basically ready" over the decision to migrate on Saturday 14 December, and the
/// logging section's context over Priya's action; key points missed "everyone agreed, Omar owns
/// it"). Fixture: the trial's own notes, written by the trial's user.
@Suite("Meeting notes: summaries lead with outcomes at every length")
struct MeetingSummaryOutcomesTests {
    @Test("every summary length has the migration's date and the on-call decision; medium and long the logging outcome")
    func summariesLeadWithOutcomes() throws {
        let notes = try Fixture.text("trial52/platform-sync-notes.md")
        for length in SummaryLength.allCases {
            let s = try resultText(.summary, notes, markup: .markdown, length: length)
            #expect(s.contains("we agreed to go ahead with the migration on Saturday 14 December"), "\(length): \(s)")
            #expect(s.contains("we move to a fixed weekly rotation"), "\(length): \(s)")
            // The logging section's outcome: an action or the decision (medium), both (long).
            let priya = s.contains("Priya will turn off debug logging in payments today"), omar = s.contains("everyone agreed, Omar owns it")
            if length == .medium { #expect(priya || omar, "\(s)") }
            if length == .long { #expect(priya && omar, "\(s)") }
        }
    }

    @Test("key points keep a decision said as \"everyone agreed\", not one said as \"agreed with\"")
    func everyoneAgreed() throws {
        let notes = try Fixture.text("trial52/platform-sync-notes.md")
        #expect(try resultText(.keyPoints, notes, markup: .markdown).contains("everyone agreed, Omar owns it"))
        #expect(DocumentDigest.statesDecision("Omar suggested moving cold logs to object storage; everyone agreed."))
        #expect(DocumentDigest.statesDecision("The team agreed, so the release moves to May."))
        #expect(!DocumentDigest.statesDecision("Everyone agreed with Sam that the build is slow."))
        #expect(!DocumentDigest.statesDecision("We all agreed to disagree about tabs."))
    }
}
