import Foundation
import Testing
import DocumentStructure
import TextModel
import Proofreading
@testable import WritingToolsEngine

@Suite("Built-in tool engine")
struct EngineTests {
    func result(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain, options: ToolResultOptions = [.plainText, .list, .table]) throws -> ToolResult {
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: options))
        for e in events { if case let .result(r) = e { return r } }
        Issue.record("no result")
        return ToolResult(kind: .text, text: "")
    }

    // MARK: Summary and key points

    @Test func summaryKeepsSentencesVerbatimAndInOrder() throws {
        let text = try Fixture.text("gettysburg.txt")
        let r = try result(.summary, text)
        #expect(r.kind == .summary)
        #expect(r.text.hasPrefix("Four score and seven years ago"))
        // Sentences of every paragraph of the summary (a paragraph per topic), in order.
        let sentences = r.text.components(separatedBy: "\n\n").flatMap { $0.components(separatedBy: ". ") }
            .map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        var cursor = text.startIndex
        for s in sentences {
            let found = try #require(text.range(of: s, range: cursor..<text.endIndex), "not verbatim or out of order: \(s)")
            cursor = found.upperBound
        }
        // A medium summary of a 264-word speech: 6 √264 ≈ 97 words, a few sentences.
        #expect(r.text.count <= text.count * 2 / 5)
        #expect(sentences.count <= 5)
    }

    @Test func summaryNeverSplitsCodeBlocks() throws {
        let text = try Fixture.text("readme.md")
        let r = try result(.summary, text, markup: .markdown, options: [.richText])
        #expect(!r.text.contains("```"))
        #expect(!r.text.contains("apt install"))
        // Inline code is kept with its backticks.
        #expect(r.text.contains("`"))
    }

    @Test func keyPointsTrimDiscourseMarkers() throws {
        let text = "Solar power is cheap now. However, storage remains expensive for most homes. In addition, the grid needs upgrades in many regions. So, planners must think about storage first."
        let r = try result(.keyPoints, text)
        #expect(r.kind == .keyPoints)
        for line in r.text.split(separator: "\n") {
            #expect(line.hasPrefix("- "))
            for m in ["However", "In addition", "So,"] { #expect(!line.dropFirst(2).hasPrefix(m), "\(line)") }
        }
        #expect(r.text.contains("- Storage remains expensive for most homes."))
    }

    /// A title-like line without a stop is a sentence of its own in a summary, not glued to the
    /// next one (“… in the python3-dev package For every Python version …”, a new user's trial).
    @Test func aLineWithoutAStopDoesNotRunIntoTheNextSentence() throws {
        let text = """
            The HTML version of this policy can be found in the policy-doc package



            Contents

            For every version provided, the main package shall provide a complete distribution for deployment of scripts and applications. \
            Modules are searched in the directories listed in the path variable and in the site directory. \
            A program that names the interpreter may require its own private modules, which live in a directory of their own. \
            Packages must not ship byte-compiled files; they are made when the package is installed.
            """
        let engine = BuiltInToolEngine(configuration: .init(summaryLength: .long))
        var summary = ""
        for case let .result(r) in try engine.events(for: ToolRequest(tool: .summary, text: text, markup: .plain, resultOptions: [.plainText])) { summary = r.text }
        #expect(!summary.isEmpty)
        #expect(!summary.contains("package For"), "\(summary)")
        // The line ends its sentence: with a stop, or as a paragraph of its own.
        if summary.contains("policy-doc package") {
            #expect(summary.contains("policy-doc package.") || summary.contains("policy-doc package\n\n"), "\(summary)")
        }
    }

    @Test func discourseMarkerTrimming() {
        #expect(OfflineLexicon.trimDiscourseMarker("However, the plan works well.") == "The plan works well.")
        #expect(OfflineLexicon.trimDiscourseMarker("So we shipped it on Monday.") == "We shipped it on Monday.")
        #expect(OfflineLexicon.trimDiscourseMarker("Sometimes it rains.") == "Sometimes it rains.")
        // A bare marker that opens a phrase of its own stays (a key point read “Far, the only valid input…”).
        #expect(OfflineLexicon.trimDiscourseMarker("So far, the only valid input known is a crafted file.") == "So far, the only valid input known is a crafted file.")
        #expect(OfflineLexicon.trimDiscourseMarker("So that it works, we pin the version.") == "So that it works, we pin the version.")
        #expect(OfflineLexicon.trimDiscourseMarker("But for the rain, we would have finished.") == "But for the rain, we would have finished.")
        #expect(OfflineLexicon.trimDiscourseMarker("However much we try, it fails.") == "However much we try, it fails.")
        #expect(OfflineLexicon.trimDiscourseMarker("But iPhone users were happy.") == "iPhone users were happy.")
    }

    @Test func summaryOfNothingSaysSo() throws {
        let r = try result(.summary, "```\ncode only\n```\n", markup: .markdown)
        #expect(r.text.isEmpty)
        #expect(r.note != nil)
    }

    // MARK: List

    @Test func listFromEnumerationAndColonSeries() throws {
        let r = try result(.list, try Fixture.text("recipe.txt"))
        #expect(r.text.contains("You will need:\n\n- flour\n- water\n- salt\n- yeast"))
        // Steps are numbered, in plain text too (as `help list` says).
        #expect(r.text.contains("1. Mix the flour and salt in a large bowl."))
        #expect(r.text.contains("5. Bake it at 220 °C for thirty minutes."))
    }

    @Test func listFromSemicolonSeries() throws {
        let r = try result(.list, "The kit has three parts: a tent with poles; a stove and fuel; two sleeping bags.")
        #expect(r.text == "The kit has three parts:\n\n- a tent with poles\n- a stove and fuel\n- two sleeping bags")
    }

    @Test func listFromIncludingSeries() throws {
        let r = try result(.list, "The app supports many formats, including PDF, EPUB and plain text. It syncs across devices.")
        #expect(r.text == "The app supports many formats, including:\n\n- PDF\n- EPUB\n- plain text\n\nIt syncs across devices.")
        // Clauses separated by commas are not a list.
        let g = try result(.list, "Now we are engaged in a great civil war, testing whether that nation, or any nation so conceived, can long endure.")
        #expect(g.text == "- Now we are engaged in a great civil war, testing whether that nation, or any nation so conceived, can long endure.")
    }

    @Test func markdownListUsesNumbersForSteps() throws {
        let r = try result(.list, "First, open the lid. Then, pour the water. Finally, close it.", options: [.richText])
        #expect(r.text == "1. Open the lid.\n2. Pour the water.\n3. Close it.")
    }

    /// Steps that start at “Then” number the sentence before them too, and a first step after a
    /// colon is a step (a new user's trial: “Clean up the old files.” was left out of the list).
    @Test func theStepBeforeThenIsStepOne() throws {
        let r = try result(.list, "Clean up the old files. Then, run the tests. Finally, push the branch.", options: [.richText])
        #expect(r.text == "1. Clean up the old files.\n2. Run the tests.\n3. Push the branch.")
        let c = try result(.list, "To release: First, tag it. Then, push the tag. Finally, announce it.", options: [.richText])
        #expect(c.text == "To release:\n\n1. Tag it.\n2. Push the tag.\n3. Announce it.")
    }

    // MARK: Table

    @Test func noTableStructureGivesANoteAndNoTable() throws {
        let r = try result(.table, try Fixture.text("no-structure.txt"))
        #expect(r.kind == .table)
        #expect(r.text.isEmpty)
        #expect(r.note?.contains("No table structure found") == true)
    }

    @Test func parallelSentencesMakeATable() throws {
        let r = try result(.table, try Fixture.text("cities.txt"), options: [.richText, .table])
        let lines = r.text.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines[0].contains("Population (million)") && lines[0].contains("Area (square kilometres)"))
        #expect(lines[5].contains("Rome") && lines[5].contains("1,285"))
    }

    @Test func parallelSentencesNameTheirColumns() throws {
        let people = try result(.table, "Alice is a designer based in Lisbon. Bob is a developer based in Oslo. Carol is a manager based in Rome.")
        #expect(people.text.hasPrefix("Item   Detail     Based in\n"))
        #expect(people.text.contains("Carol  manager    Rome"))
        let cars = try result(.table, "The Model S costs $80,000 and has a range of 600 km. The Model 3 costs $40,000 and has a range of 500 km. The Model Y costs $45,000 and has a range of 530 km.")
        #expect(cars.text.hasPrefix("Model  Costs    Range (km)\n"))
        #expect(cars.text.contains("3      $40,000  500"))
    }

    @Test func repeatedSentencesWithOneVaryingWordAreNoTable() throws {
        let r = try result(.table, "It does not keep the country free. It does not settle the West. It does not educate.")
        #expect(r.text.isEmpty && r.note != nil)
        let walk = try result(.table, "We went to the park. We went to the shop. Then we went home.")
        #expect(walk.text.isEmpty && walk.note != nil)
    }

    @Test func labelValueRecordsMakeColumns() throws {
        let text = "Name: Ada\nRole: Engineer\nName: Grace\nRole: Admiral"
        let r = try result(.table, text, options: [.plainText, .table])
        #expect(r.text == "Name   Role\n-----  --------\nAda    Engineer\nGrace  Admiral")
    }

    @Test func labelValueParagraphsMakeATable() throws {
        let r = try result(.table, "Name: Ada\n\nRole: Engineer\n\nName: Grace\n\nRole: Admiral\n", options: [.plainText, .table])
        #expect(r.text == "Name   Role\n-----  --------\nAda    Engineer\nGrace  Admiral")
    }

    @Test func withoutTableOptionRowsBecomeAList() throws {
        let r = try result(.table, try Fixture.text("roster.txt"), options: [.plainText])
        #expect(r.text.hasPrefix("- Alice Moreau — Detail 1: Tech lead; Detail 2: Lyon"))
        #expect(r.note != nil)
    }

    @Test func existingMarkdownTableIsKept() throws {
        let r = try result(.table, "| a | b |\n|---|---|\n| 1 | 2 |\n", markup: .markdown, options: [.richText, .table])
        #expect(r.text == "| a   | b   |\n| --- | --- |\n| 1   | 2   |")
    }

    /// A new user's `list` of a README lost its front matter and the code cells of a table
    /// (cells with no prose): both are kept, verbatim.
    @Test func listKeepsFrontMatterAndCodeCells() throws {
        let text = "---\ntitle: Setup\n---\n\nRun the installer first. Then restart.\n\n| Option | Default | Description |\n|---|---|---|\n"
            + "| `timeout` | 30s | How long to wait |\n| `retries` | 3 | Attempts, `a\\|b` escaped \\| here |\n"
        let r = try result(.list, text, markup: .markdown, options: [.richText, .list])
        #expect(r.text.hasPrefix("---\ntitle: Setup\n---\n\n- Run the installer first."), "\(r.text)")
        #expect(r.text.contains("- `timeout` – 30s – How long to wait"), "\(r.text)")
        #expect(r.text.contains("- `retries` – 3 – Attempts, `a\\|b` escaped \\| here"), "\(r.text)")
    }

    // MARK: Presentation intents

    @Test func presentationIntentBlocksCoverTheText() throws {
        let r = try result(.list, try Fixture.text("recipe.txt"), options: [.presentationIntent, .list])
        #expect(!r.blocks.isEmpty)
        let n = r.text.utf16.count
        for b in r.blocks { #expect(b.range.location >= 0 && b.range.location + b.range.length <= n) }
        let kinds = r.blocks.compactMap(\.intent.kind)
        #expect(kinds.contains(.orderedList) && kinds.contains(.unorderedList) && kinds.contains(.paragraph))
        // Each list item's paragraph is its text without the marker.
        for b in r.blocks where b.intent.components.count == 3 {
            let s = try #require(r.text.substring(utf16Range: b.range))
            #expect(!s.hasPrefix("- ") && !s.hasPrefix("1. "))
        }
        let table = try result(.table, try Fixture.text("roster.txt"), options: [.presentationIntent, .table])
        #expect(table.text.hasPrefix("| Item"))
        let cells = table.blocks.filter { if case .tableCell = $0.intent.kind { return true } else { return false } }
        #expect(cells.count == 15)
        #expect(table.text.substring(utf16Range: cells[3].range) == "Alice Moreau")
        // Plain hosts get no blocks.
        #expect(try result(.list, "One. Two.", options: [.plainText]).blocks.isEmpty)
    }

    // MARK: Rewrites and protected text

    /// A wordy phrase wrapped over two lines (as in Markdown and commit messages) is one
    /// phrase: “due to the fact⏎that” was “because⏎that”, and “in order⏎to” was left alone.
    @Test func concisePhrasesSpanAWrappedLine() throws {
        func concise(_ text: String) throws -> String {
            var out = ""
            for e in try BuiltInToolEngine().events(for: ToolRequest(tool: .concise, text: text)) {
                if case let .rewrittenText(t) = e { out += t }
            }
            return out
        }
        // (The line break stays: after a one-word replacement, in the space that follows it.)
        #expect(try concise("We stay home due to the fact\nthat it rains.\n") == "We stay home because\nit rains.\n")
        #expect(try concise("We stay home due to the\r\nfact that it rains.\r\n") == "We stay home because\r\nit rains.\r\n")
        #expect(try concise("We need it in order\nto win.\n") == "We need it to\nwin.\n")
        // Not across a blank line: two paragraphs.
        #expect(try concise("In order\n\nto win.\n") == "In order\n\nto win.\n")
        // A removed filler hands its capital on only if it had one: a lowercase start, as in a
        // table cell or a list item written so, stays lowercase (“| Very |” was made of
        // “| really very |”: a new user's trial).
        #expect(try concise("Really it works well.\n") == "It works well.\n")
        #expect(try concise("really it works well.\n") == "it works well.\n")
    }

    @Test func rewriteEventsConcatenateToTheNewText() throws {
        let text = try Fixture.text("email-thread.txt")
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: .concise, text: text))
        var chunks: [String] = []
        var edits: [ProofreadingSuggestion] = []
        for e in events {
            if case let .rewrittenText(t) = e { chunks.append(t) }
            if case let .rewriteEdits(es) = e { edits += es }
        }
        #expect(chunks.count > 1)
        let applied = try text.applying(edits.map { TextEdit(range: $0.range, replacement: $0.replacements[0]) })
        #expect(chunks.joined() == applied)
        #expect(edits.allSatisfy { !$0.message.isEmpty })
    }

    /// Rewrite applies what `proofread --fix` applies: a capitalised slip of a common word
    /// (`Teh`), not a name's guess (`Siobhan` → `Siouan`).
    @Test func rewriteFixesTehButNotNames() throws {
        let text = "Teh weather is nice. I met Siobhan today."
        var new = ""
        for e in try BuiltInToolEngine().events(for: ToolRequest(tool: .rewrite, text: text)) { if case let .rewrittenText(t) = e { new += t } }
        #expect(new == "The weather is nice. I met Siobhan today.")
    }

    /// Plain text's own bullets and numbers are not carried into the tools' items (“- - Priya”,
    /// “1.” as an item of its own).
    @Test func plainTextListMarkersAreNotDoubled() throws {
        let text = "Notes\n\n- Priya: the flow is confusing.\n- Jonas: ship it by Friday.\n\nActions:\n1. Jonas - profile the query.\n2. Priya - write the notes.\n"
        for tool in [WritingTool.keyPoints, .list] {
            let new = try result(tool, text).text
            #expect(!new.contains("- -") && !new.contains("- 1.") && !new.contains("- 2."), "\(tool): \(new)")
            // List keeps the text's own numbered list numbered; Key Points makes points of it.
            let jonas = tool == .list ? "\n1. Jonas - profile the query.\n2. Priya - write the notes." : "- Jonas - profile the query."
            #expect(new.contains("- Priya: the flow is confusing.") && new.contains(jonas), "\(tool): \(new)")
        }
        // "Notes", a title line of plain text, is no item.
        #expect(try result(.list, text).text.hasPrefix("Notes\n\n- Priya: the flow is confusing.\n"))
    }

    @Test func rewriteOfASelectionOnlyTouchesTheSelection() throws {
        let text = "In order to win, train. In order to rest, sleep."
        let range = NSRange(location: 24, length: text.utf16.count - 24)
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: .concise, text: text, range: range))
        var new = ""
        for e in events { if case let .rewrittenText(t) = e { new += t } }
        #expect(new == "To rest, sleep.")
    }

    @Test(arguments: [WritingTool.concise, .professional, .friendly, .rewrite, .describeYourChange(instruction: "shorter and more formal")])
    func protectedTextIsByteIdentical(_ tool: WritingTool) throws {
        var text = try Fixture.text("readme.md")
        text += "\nIn order to ship, we basically do not use `in order to` or [very](https://very.example/in-order-to) links. Hey guys!! :)\n"
        let host = (text as NSString).range(of: "we basically do not")
        let doc = DocumentParser.parse(text, markup: .markdown, hostProtectedRanges: [host])
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: .markdown, protectedRanges: [host]))
        var edits: [ProofreadingSuggestion] = []
        var new = ""
        for e in events {
            if case let .rewriteEdits(es) = e { edits += es }
            if case let .rewrittenText(t) = e { new += t }
        }
        #expect(!edits.isEmpty)
        for e in edits { #expect(!doc.intersectsProtected(e.range), "\(e.ruleID) touches protected text") }
        // Every protected span appears, in order, in the new text.
        var cursor = new.startIndex
        for p in doc.protectedRanges {
            let s = try #require(text.substring(utf16Range: p.range))
            let found = try #require(new.range(of: s, range: cursor..<new.endIndex), "lost \(p)")
            cursor = found.upperBound
        }
        #expect(new.contains("we basically do not"))
        #expect(new.contains("`in order to`"))
    }

    // MARK: Proofread

    @Test func proofreadEmitsSuggestions() throws {
        let text = "This is an test of the the engine."
        let events = try BuiltInToolEngine().events(for: ToolRequest(tool: .proofread, text: text))
        guard case let .suggestions(s)? = events.first else { Issue.record("no suggestions"); return }
        #expect(s.contains { text.substring(utf16Range: $0.range) == "an" })
    }

    // MARK: Errors and streaming

    @Test func rangeOutsideTheTextIsInvalid() {
        #expect(throws: ToolError.self) {
            try BuiltInToolEngine().events(for: ToolRequest(tool: .summary, text: "abc", range: NSRange(location: 2, length: 5)))
        }
    }

    @Test func runStreamsTheEvents() async throws {
        var kinds: [String] = []
        for try await e in BuiltInToolEngine().run(ToolRequest(tool: .friendly, text: "We are glad. It is done.")) {
            switch e {
            case .rewriteEdits: kinds.append("edits")
            case .rewrittenText: kinds.append("text")
            default: kinds.append("other")
            }
        }
        #expect(kinds == ["edits", "text"])
        await #expect(throws: ToolError.self) {
            for try await _ in BuiltInToolEngine().run(ToolRequest(tool: .describeYourChange(instruction: "translate to French"), text: "Hi.")) {}
        }
    }
}
