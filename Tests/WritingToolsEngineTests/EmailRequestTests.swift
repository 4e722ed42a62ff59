import Foundation
import Testing
@testable import WritingToolsEngine

/// An e-mail's requests lead its summary and key points, whatever the register (session 45's
/// trial): a texted one (“can u send me the slides asap?”, `summaries/email-texting.txt`) and a
/// stiff one (“It is hereby requested that you kindly furnish the signed documents…”, “We would
/// be grateful if you could arrange for the payment…”, `summaries/email-formal-request.txt`),
/// while its courtesies (“Should you require any further clarification, please do not
/// hesitate…”, “We thank you in advance for your cooperation…”) are no content. Before, both
/// summaries left the requests out and the formal one kept both courtesies.
@Suite("E-mail requests in summaries")
struct EmailRequestTests {
    private func result(_ tool: WritingTool, _ name: String) throws -> String {
        let text = try Fixture.text("summaries/" + name)
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: .plain, resultOptions: [.plainText, .list])) {
            return r.text
        }
        Issue.record("no result for \(tool) of \(name)")
        return ""
    }

    @Test(arguments: [WritingTool.summary, .keyPoints])
    func texting(tool: WritingTool) throws {
        let out = try result(tool, "email-texting.txt")
        #expect(out.contains("can u send me the slides asap?"), "\(out)")
    }

    @Test(arguments: [WritingTool.summary, .keyPoints])
    func formal(tool: WritingTool) throws {
        let out = try result(tool, "email-formal-request.txt")
        #expect(out.contains("kindly furnish the signed documents"), "\(out)")
        #expect(out.contains("arrange for the payment"), "\(out)")
        #expect(!out.contains("do not hesitate") && !out.contains("We thank you in advance"), "\(out)")
    }

    /// Meeting notes titled with a date (“Weekly sync, 12 Nov.”, `summaries/weekly-sync.txt`):
    /// the title's period is the month's abbreviation, and the line is no point (it was the
    /// first key point in session 45's trial); the decision is one.
    @Test(arguments: [WritingTool.summary, .keyPoints])
    func datedTitleOfMeetingNotes(tool: WritingTool) throws {
        let out = try result(tool, "weekly-sync.txt")
        #expect(!out.contains("Weekly sync"), "\(out)")
        #expect(out.contains("We will shut down the old servers on 1 December."), "\(out)")
    }
}
