import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Key Points of meeting notes and recap e-mails keep their outcomes (issue 34, a new user's
/// trial: the key points of a recap e-mail opened with "Here is a quick summary of what we
/// decided." and dropped "we'll have to drop the video campaign" and "Sara and me will update
/// the timeline tomorrow"): every decision ("We decided to …", "Agreed: …", "Decision: …", "it
/// was agreed that …", "we will …") and every action item with its owner ("Priya will update the
/// roadmap by Friday.", "Maria to book the venue…", "@kim: fix…") is a point; a sentence that
/// announces them and says none is not. Fixtures `meeting-outcomes/`: four notes written for
/// this test (a recap e-mail, plain minutes with labels, Markdown standup notes, narrative
/// retrospective minutes) and the trial's own e-mail.
@Suite("Key Points of meeting notes: decisions and action items")
struct MeetingOutcomesTests {
    private func keyPoints(_ name: String, markup: MarkupKind = .plain) throws -> String {
        let text = try Fixture.text("meeting-outcomes/" + name)
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .keyPoints, text: text, markup: markup, resultOptions: [.plainText, .list])) {
            return r.text
        }
        Issue.record("no key points for \(name)")
        return ""
    }

    @Test(arguments: [
        ("recap-email.txt", ["We decided to build the scheduled export first", "Priya will update the roadmap by Friday.",
                             "Tom and I will call the two pilot customers tomorrow"]),
        ("minutes-plain.txt", ["keep version 1 of the API for one more release", "the office closes from 24 December",
                               "Maria to book the venue", "Sam will fix the two failing build jobs"]),
        ("standup-notes.md", ["We agreed to freeze features for the 3.2 release on Thursday.", "fix the flaky login test by Wednesday",
                              "Dev will ask the design team for the settings mock-ups."]),
        ("retro-minutes.txt", ["every migration gets a written test plan", "decided against a second release candidate",
                               "shorten the daily meeting", "Jonas to write the migration checklist", "Elena will take ownership"]),
        ("trial-recap.txt", ["we'll have to drop the video campaign", "Sara and I will update the timeline tomorrow.",
                             "Marketing will prepare"]),
    ])
    func everyDecisionAndActionItemIsAPoint(name: String, outcomes: [String]) throws {
        let out = try keyPoints(name, markup: name.hasSuffix(".md") ? .markdown : .plain)
        for o in outcomes { #expect(out.contains(o), "\(name): “\(o)” is a key point:\n\(out)") }
        // A sentence that announces the outcomes says none.
        #expect(!out.contains("recap of what we agreed") && !out.contains("summary of what we decided"), "\(name):\n\(out)")
        // No label or attendee line is a point.
        #expect(!out.contains("Attendees:") && !out.contains("Present:"), "\(name):\n\(out)")
    }

    /// The cues are read as a decision or an action only with what was decided or who acts:
    /// "what we decided", "we have to make a decision" and "It will rain tomorrow." are none.
    @Test func cuesNeedWhatWasDecidedAndWhoActs() {
        for s in ["We decided to move the beta to June.", "Agreed: keep the old API.", "Decision: the office closes on Friday.",
                  "It was agreed that every migration gets a test plan.", "We'll have to drop the video campaign.",
                  "The group decided against a second release candidate."] {
            #expect(DocumentDigest.statesDecision(s), "\(s)")
        }
        for s in ["Here is a quick summary of what we decided.", "We have to make a decision soon.", "We will see.",
                  "The decision was hard."] {
            #expect(!DocumentDigest.statesDecision(s), "\(s)")
        }
        for s in ["Priya will update the roadmap by Friday.", "Sara and I will update the timeline tomorrow.", "Maria to book the venue.",
                  "Action: send the invoices.", "@kim: fix the flaky test", "The design team will send the mock-ups."] {
            #expect(DocumentDigest.isActionItem(s), "\(s)")
        }
        for s in ["It will rain tomorrow.", "This will break the build.", "They will never agree.", "The launch is moved to 14 May."] {
            #expect(!DocumentDigest.isActionItem(s), "\(s)")
        }
    }
}
