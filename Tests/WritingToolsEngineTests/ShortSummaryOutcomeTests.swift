import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// What a short summary of a message or of meeting notes must say (session 49's README-only
/// trial, whose tester wrote down beforehand what each summary had to contain): a favour asked
/// of the reader (`summaries/email-favour-cats.txt`: the short summary was a promise of a gift
/// and "let me know by Wednesday"; `email-favour-plants.txt`, written for this test), the
/// requirement of a stiff letter (`email-formal-charges.txt`: no length named the revised
/// schedule of charges it asks for), and the decisions of meeting notes
/// (`meeting-platform-weekly.md`: the short summary was two action items and a request whose
/// outcome it left out; `meeting-design-review.md`, written for this test). A pleasantry ("Hope
/// the new flat is treating you well!") is no point, and "No decision; to be revisited…" takes
/// its heading as its subject.
@Suite("Short summaries say what a message asks and what a meeting decided")
struct ShortSummaryOutcomeTests {
    private func result(_ tool: WritingTool, _ name: String, length: SummaryLength = .short) throws -> String {
        let text = try Fixture.text("summaries/" + name)
        let markup: MarkupKind = name.hasSuffix(".md") ? .markdown : .plain
        var request = ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText, .list])
        request.length = length
        for case let .result(r) in try BuiltInToolEngine().events(for: request) {
            return r.text
        }
        Issue.record("no result for \(tool) of \(name)")
        return ""
    }

    @Test(arguments: [
        ("email-favour-cats.txt", "Any chance you could pop by once a day and put food out"),
        ("email-favour-plants.txt", "Would you be able to come round every other day and water them?"),
        ("email-formal-charges.txt", "it will be necessary for the undersigned to be furnished with a revised schedule of charges"),
    ])
    func theFavourOrRequirementLeadsAShortSummary(name: String, request: String) throws {
        let out = try result(.summary, name)
        #expect(out.contains(request), "\(name):\n\(out)")
        #expect(!out.contains("Hope the"), "\(name):\n\(out)")
    }

    @Test(arguments: ["email-favour-cats.txt", "email-favour-plants.txt"])
    func aPleasantryIsNoKeyPoint(name: String) throws {
        let out = try result(.keyPoints, name, length: .medium)
        #expect(!out.contains("Hope the"), "\(name):\n\(out)")
    }

    @Test(arguments: [
        ("meeting-platform-weekly.md", "production upgrade goes ahead on Tuesday 9 December",
         "Budget for the load-testing cluster: no decision; to be revisited"),
        ("meeting-design-review.md", "ship the three-step flow in the December release",
         "Dark mode: no decision; to be revisited"),
    ])
    func meetingSummariesLeadWithDecisions(name: String, decision: String, deferral: String) throws {
        let short = try result(.summary, name)
        #expect(short.contains(decision), "\(name):\n\(short)")
        // A deferral never stands without its subject, at any length.
        for length in [SummaryLength.short, .medium, .long] {
            let out = try result(.summary, name, length: length)
            #expect(!out.contains("No decision;"), "\(name) \(length):\n\(out)")
        }
        let points = try result(.keyPoints, name, length: .medium)
        #expect(points.contains(deferral), "\(name):\n\(points)")
    }
}
