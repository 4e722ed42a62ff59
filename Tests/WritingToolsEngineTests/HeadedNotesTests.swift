import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// List, Summary and Key Points of notes written by hand with titles over their paragraphs
/// (issue 34, a new user's trial): a plain-text title right over its text ("Decisions" /
/// "We ship the search filters…", "Done" / "Migrated the build machines…") and the first line
/// of the notes are headings of the List result, never an item of their own nor glued to the
/// sentence after them ("- Search page The new filters tested well…"); a metadata line keeps
/// its label ("**Present:** Lena, Omar", not "**Present:" and an item "** Lena"). A shell
/// session (`$ command`, `# command` at a root prompt, output) is no prose: List keeps it as it
/// is and Summary and Key Points never take a line of it. Fixtures `headed-notes/` (four notes:
/// meeting notes in plain text and Markdown, a weekly update, a release checklist) and
/// `transcripts/backup-session.txt`.
@Suite("Notes with headings, and shell sessions")
struct HeadedNotesTests {
    private func run(_ tool: WritingTool, _ name: String, markup: MarkupKind = .plain) throws -> String {
        let text = try Fixture.text(name)
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText, .list])) {
            return r.text
        }
        Issue.record("no result for \(tool) of \(name)")
        return ""
    }

    private func lines(_ s: String) -> [String] { s.split(separator: "\n").map(String.init) }

    /// Each title is a line of its own, not an item, and the items under it follow it.
    @Test(arguments: [
        ("headed-notes/design-review.txt", ["Design review, 9 December", "Search page", "Onboarding", "Decisions", "Action items"]),
        ("headed-notes/weekly-update.txt", ["Weekly update - platform team, week 49", "Done", "In progress", "Blocked", "Next week"]),
    ])
    func plainTitlesBecomeHeadings(name: String, titles: [String]) throws {
        let out = try run(.list, name)
        let ls = lines(out)
        for t in titles {
            #expect(ls.contains(t), "\(t) is a heading line: \(out)")
            #expect(!ls.contains("- " + t), "\(t) is no item: \(out)")
            #expect(!out.contains(t + " "), "\(t) is glued to the next sentence: \(out)")
        }
        // Every sentence of the notes is still there, as an item.
        #expect(ls.contains("- The new filters tested well with five customers.") || ls.contains("- Migrated the build machines to the new data centre."), "\(out)")
        // A heading's items come after it, before the next heading.
        if name.hasSuffix("design-review.txt") {
            let d = try #require(ls.firstIndex(of: "Decisions")), a = try #require(ls.firstIndex(of: "Action items"))
            let ship = try #require(ls.firstIndex(of: "- We ship the search filters in the January release."))
            #expect(d < ship && ship < a, "\(out)")
            #expect(ls.contains("Attendees: Maria, Jonas, Keiko, Sam"), "\(out)")
        }
    }

    /// Markdown notes: headings stay headings, and a label in bold keeps its marks.
    @Test func markdownNotesKeepTheirHeadingsAndLabels() throws {
        let out = try run(.list, "headed-notes/support-sync.md", markup: .markdown)
        #expect(!out.contains("- ** Lena") && !out.contains("**Present:\n"), "\(out)")
        #expect(out.contains("Present:"), "\(out)")
        #expect(out.contains("Decisions") && out.contains("- We add a comparison table of the plans to the help centre."), "\(out)")
        let checklist = try run(.list, "headed-notes/release-checklist.md", markup: .markdown)
        #expect(checklist.contains("Release day\n\n- Tag the release commit and push the tag."), "\(checklist)")
    }

    /// Summary of plain notes: no title glued to a sentence.
    @Test(arguments: [WritingTool.summary, .keyPoints])
    func summariesDoNotGlueTitlesToSentences(tool: WritingTool) throws {
        for name in ["headed-notes/design-review.txt", "headed-notes/weekly-update.txt"] {
            let out = try run(tool, name)
            for t in ["Search page The", "Onboarding Keiko", "Decisions We", "Done Migrated", "Blocked The", "Next week Turn", "In progress The"] {
                #expect(!out.contains(t), "\(name) \(tool): \(out)")
            }
        }
    }

    /// A shell session stays whole in List, its `#` prompts no headings, and never becomes an
    /// item; Summary and Key Points take prose only.
    @Test func aShellSessionIsNoProse() throws {
        let out = try run(.list, "transcripts/backup-session.txt")
        #expect(out.contains("$ sandbox --save backup.state\n# mkdir backup\n# cd backup"), "\(out)")
        #expect(!lines(out).contains { $0.hasPrefix("- $") || $0.hasPrefix("- #") || $0 == "- [...]" || $0 == "mkdir backup" }, "\(out)")
        for tool in [WritingTool.summary, .keyPoints] {
            for length in [SummaryLength.short, .medium, .long] {
                let text = try Fixture.text("transcripts/backup-session.txt")
                let engine = BuiltInToolEngine(configuration: .init(summaryLength: length))
                for case let .result(r) in try engine.events(for: ToolRequest(tool: tool, text: text, resultOptions: [.plainText, .list])) {
                    #expect(!r.text.contains("$ ") && !r.text.contains("# ") && !r.text.contains("rsync") && !r.text.contains("[...]"), "\(tool) \(length): \(r.text)")
                    #expect(!r.text.isEmpty)
                }
            }
        }
    }
}
