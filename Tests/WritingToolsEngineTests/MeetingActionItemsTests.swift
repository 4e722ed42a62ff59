import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Issue 34, as session 50's README-only trial left it: the key points of meeting notes with
/// two decisions, a deferred one and five action items were seven, and two action items
/// ("Chiara: pause the reporting jobs…", "Aylin: get a cost estimate…") were left out, one as
/// a near-duplicate of the decision it carries out. At the default length every decision and
/// every action item (owner, verb, due) is a point now: the count grows with the outcomes, and
/// two outcomes are one point only when they say the same.
///
/// Notes written for this suite: `meeting-outcomes/library-board.md` (three decisions, six
/// action items under a heading), `meeting-outcomes/lab-sync.txt` (plain text, numbered topics,
/// "Agreed:" and "X to do Y" items); and the trial's notes, `trial50/meeting-notes.md`.
@Suite("Key points keep every action item")
struct MeetingActionItemsTests {
    static func keyPoints(_ file: String, length: SummaryLength? = nil) throws -> [String] {
        let text = try Fixture.text(file)
        var request = ToolRequest(tool: .keyPoints, text: text, markup: file.hasSuffix(".md") ? .markdown : .plain)
        request.length = length
        var out = ""
        for e in try BuiltInToolEngine().events(for: request) { if case let .result(r) = e { out += r.text } }
        return out.split(separator: "\n").map { String($0) }.filter { $0.hasPrefix("- ") }
    }

    static let cases: [(file: String, outcomes: [String])] = [
        ("trial50/meeting-notes.md", ["we migrate on Sunday 18 January", "the rotation is weekly", "no decision yet",
                                      "Ben: write the migration runbook", "Chiara: pause the reporting jobs for 18 January and tell the finance team",
                                      "Dmitri: publish the new on-call rotation", "Ben: ask the search team", "Aylin: get a cost estimate"]),
        ("meeting-outcomes/library-board.md", ["opens on Saturdays from 10:00 to 16:00", "book purchases are paused", "the corner moves in May",
                                               "Otto: recruit two Saturday volunteers", "Marisol: send the grant application", "Hana: order the door seals",
                                               "Joel: draw a plan", "Wen: announce the Saturday hours", "Marisol: tell the book suppliers"]),
        ("meeting-outcomes/lab-sync.txt", ["the spare unit stays in use", "bookings go through the online calendar", "Bruno to call the service company",
                                           "Emeka to check the alarm contact list", "Chen to set up the microscope calendar", "Dalia to email the group",
                                           "Ana to order a second temperature logger", "Bruno to write up the freezer incident"]),
    ]

    @Test(arguments: cases.indices)
    func everyOutcomeIsAPointAtTheDefaultLength(_ k: Int) throws {
        let (file, outcomes) = Self.cases[k]
        let points = try Self.keyPoints(file)
        for o in outcomes {
            #expect(points.filter { $0.contains(o) }.count == 1, "\(file): \(o)\n\(points.joined(separator: "\n"))")
        }
        // One point besides for what the notes are about, at most.
        #expect(points.count <= outcomes.count + 1, "\(file)\n\(points.joined(separator: "\n"))")
    }

    /// The lengths keep their order: short is three points, long holds every outcome too.
    @Test(arguments: cases.indices)
    func lengthsKeepTheirOrder(_ k: Int) throws {
        let (file, outcomes) = Self.cases[k]
        #expect(try Self.keyPoints(file, length: .short).count == 3)
        let long = try Self.keyPoints(file, length: .long)
        #expect(outcomes.allSatisfy { o in long.contains { $0.contains(o) } }, "\(file)\n\(long.joined(separator: "\n"))")
    }

    /// No attendee line, no heading as a point.
    @Test(arguments: cases.indices)
    func noLabelIsAPoint(_ k: Int) throws {
        for p in try Self.keyPoints(Self.cases[k].file) {
            #expect(!p.contains("Present:") && !p.contains("Attendees:") && !p.hasSuffix("Action items"), "\(p)")
        }
    }
}
