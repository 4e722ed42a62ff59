import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// Markdown in the results of List, Key Points and Summary: links come back whole (never their
/// text without their URL, never cut at the `]`), task-list checkboxes are kept, and a host that
/// accepts plain text only gets plain text.
@Suite("Markdown in results")
struct MarkdownResultTests {
    func result(_ tool: WritingTool, _ text: String, markup: MarkupKind = .markdown,
                options: ToolResultOptions = [.plainText, .richText, .list, .table]) throws -> String {
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: options))
        for e in events { if case let .result(r) = e { return r.text } }
        Issue.record("no result")
        return ""
    }

    /// Every link of `source` that `output` shows the text of is in `output` whole.
    func expectLinksWhole(_ output: String, from source: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let links = [
            ("[the lease](https://ex.com/lease)", "the lease"),
            ("[the **invoice**](https://ex.com/invoice \"Invoice\")", "the **invoice**"),
            ("[Book the room](https://ex.com/room)", "Book the room"),
            ("[the notes][notes]", "the notes"),
        ]
        for (link, text) in links where source.contains(link) && output.contains(text) {
            #expect(output.contains(link), "\(link) not whole in:\n\(output)", sourceLocation: sourceLocation)
        }
    }

    @Test func listKeepsALinkAtTheEndOfAnItemWhole() throws {
        let text = "- Call Bob about [the lease](https://ex.com/lease)\n- Email Ann\n"
        let out = try result(.list, text)
        #expect(out == "- Call Bob about [the lease](https://ex.com/lease)\n- Email Ann")
    }

    /// A block quote's sentence over two lines is one item without the second line's marker
    /// (it was “- quoted line one > quoted line two”), its emphasis whole.
    @Test func listJoinsTheLinesOfAQuotedSentence() throws {
        let text = "Plan:\n\n> quoted line **one**\n> quoted line two\n\nThen we go home and sleep. After that we eat.\n"
        let out = try result(.list, text)
        #expect(out.contains("- quoted line **one** quoted line two\n"), "\(out)")
        #expect(out.contains("- Then we go home and sleep.\n- After that we eat."), "\(out)")
        let crlf = try result(.list, text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.contains("- quoted line **one** quoted line two"), "\(crlf)")
        let plain = try result(.list, text, options: [.plainText])
        #expect(plain.contains("quoted line one quoted line two") && !plain.contains(">"), "\(plain)")
    }

    /// Summary and Key Points take a quoted sentence over several lines as List does: one line,
    /// without the later lines' “> ” (the summary was “runs\n> over…”, a paragraph and a quote;
    /// a key point “runs > over…”), with LF and CRLF line breaks alike.
    @Test func summaryAndKeyPointsJoinTheLinesOfAQuotedSentence() throws {
        let text = "> The first quoted sentence runs\n> over two lines of the file.\n\nThe second paragraph says something else about the weather.\n"
        for source in [text, text.replacingOccurrences(of: "\n", with: "\r\n")] {
            let summary = try result(.summary, source)
            #expect(summary.hasPrefix("The first quoted sentence runs over two lines of the file."), "\(summary)")
            #expect(!summary.contains(">") && !summary.contains("\r"), "\(summary)")
            let points = try result(.keyPoints, source)
            #expect(points.contains("- The first quoted sentence runs over two lines of the file."), "\(points)")
            #expect(!points.contains(">") && !points.contains("\r"), "\(points)")
            let plain = try result(.keyPoints, source, options: [.plainText])
            #expect(plain.contains("The first quoted sentence runs over two lines of the file.") && !plain.contains(">"), "\(plain)")
        }
    }

    @Test func listKeepsLinksWholeAndTaskCheckboxes() throws {
        let text = try Fixture.text("tasks-with-links.md")
        let out = try result(.list, text)
        #expect(out.contains("- [ ] Call Bob about [the lease](https://ex.com/lease)\n"))
        #expect(out.contains("- [x] Send [the **invoice**](https://ex.com/invoice \"Invoice\") to Ann\n"))
        #expect(out.contains("- [ ] [Book the room](https://ex.com/room) for Friday\n"))
        #expect(out.contains("- Read [the notes][notes]\n"))
        // The reference link keeps its definition, so its URL.
        #expect(out.hasSuffix("\n\n[notes]: https://ex.com/notes"))
        #expect(out.contains("- Email Ann"))
        expectLinksWhole(out, from: text)
    }

    @Test func plainTextTaskItemsKeepTheirCheckboxesOnce() throws {
        let out = try result(.list, "- [ ] Write the report\n- [x] Send the invoice\n", markup: .plain, options: [.plainText])
        #expect(out == "- [ ] Write the report\n- [x] Send the invoice")
    }

    @Test func keyPointsAndSummaryOfAListKeepItsLinks() throws {
        let text = try Fixture.text("tasks-with-links.md")
        let points = try result(.keyPoints, text)
        #expect(points.contains("[the lease](https://ex.com/lease)"))
        expectLinksWhole(points, from: text)
        let summary = try result(.summary, text)
        expectLinksWhole(summary, from: text)
        #expect(summary.contains("https://ex.com/"))
    }

    @Test func sentencesStartingOrEndingOnALinkKeepIt() throws {
        let text = "[The lease](https://ex.com/lease) is due on Friday. Ask Bob about [the deposit](https://ex.com/deposit)\n"
        let out = try result(.list, text)
        #expect(out.contains("[The lease](https://ex.com/lease) is due"))
        #expect(out.contains("[the deposit](https://ex.com/deposit)"))
    }
}

/// A host that accepts plain text only gets plain text, from Markdown too.
@Suite("Plain-text results from Markdown")
struct PlainResultTests {
    static let notes = "# Notes\n\nWe use [GitHub](https://github.com) for **all** code. The team meets on *Monday*.\n\n## Tasks\n\n- [ ] Write the **report** about [the lease](https://ex.com/lease)\n- [x] Send the invoice\n"

    func result(_ tool: WritingTool, options: ToolResultOptions) throws -> String {
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: Self.notes, markup: .markdown, resultOptions: options))
        for e in events { if case let .result(r) = e { return r.text } }
        Issue.record("no result")
        return ""
    }

    @Test(arguments: [WritingTool.list, .summary, .keyPoints])
    func plainTextOnlyHasNoMarkdown(_ tool: WritingTool) throws {
        let out = try result(tool, options: [.plainText])
        #expect(!out.isEmpty)
        for marker in ["#", "**", "*Monday*", "](", "[GitHub]", "[the lease"] {
            #expect(!out.contains(marker), "\(marker) in:\n\(out)")
        }
        #expect(out.contains("We use GitHub for all code."))
    }

    @Test func listInPlainTextHasBareHeadings() throws {
        let out = try result(.list, options: [.plainText])
        #expect(out.hasPrefix("Notes\n\n- We use GitHub for all code.\n- The team meets on Monday.\n\nTasks\n\n- [ ] Write the report about the lease\n- [x] Send the invoice"))
    }

    @Test func richOptionsStillGiveMarkdown() throws {
        let out = try result(.list, options: [.plainText, .richText, .list, .table])
        #expect(out.contains("# Notes") && out.contains("[GitHub](https://github.com)") && out.contains("**all**"))
    }
}
