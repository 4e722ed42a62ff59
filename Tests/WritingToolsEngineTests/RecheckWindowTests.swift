import Foundation
import Testing
import DocumentStructure
import Proofreading
@testable import WritingToolsEngine

/// Issue 34, session 52: a rewrite re-checks only the paragraphs its edits touch
/// (``ProofreadingEngineRequest/checkedRanges``, ``BuiltInToolEngine/keepingGrammar``), not
/// the whole text up to four times, and gives the same text as the whole check did.
@Suite("A rewrite re-checks the paragraphs it touched")
struct RecheckWindowTests {
    /// Findings of `text` (plain), over `ranges` when given.
    func findings(_ text: String, ranges: [NSRange]? = nil) throws -> [ProofreadingSuggestion] {
        var request = ProofreadingEngineRequest(document: DocumentParser.parse(text, markup: .plain))
        request.checkedRanges = ranges
        return try BuiltInProofreadingEngine().proofread(request)
    }

    @Test("checkedRanges checks the paragraphs a range overlaps or touches, each whole")
    func rangesSelectWholeParagraphs() throws {
        let text = "Teh first paragraph has a slip.\n\nThe second has one too: we recieved it.\n\nThe third says it agian."
        let ns = text as NSString
        let all = try findings(text)
        let words = all.map { ns.substring(with: $0.range) }
        #expect(words.contains("Teh") && words.contains("recieved") && words.contains("agian"), "\(words)")
        // A range inside the second paragraph ("second"): its finding, whole, and no other.
        let second = ns.range(of: "second")
        let inside = try findings(text, ranges: [second])
        #expect(inside.map { ns.substring(with: $0.range) } == ["recieved"])
        #expect(inside.map(\.range) == all.filter { $0.range.location > second.location && $0.range.location < ns.range(of: "The third").location }.map(\.range))
        // An insertion at the end of the first paragraph touches it (and only it).
        let end = ns.range(of: "slip.").location + 5
        #expect(try findings(text, ranges: [NSRange(location: end, length: 0)]).map { ns.substring(with: $0.range) } == ["Teh"])
        // Two ranges; overlapping ranges count once; none: nothing checked.
        let two = try findings(text, ranges: [ns.range(of: "third"), ns.range(of: "first"), ns.range(of: "first par")])
        #expect(two.map { ns.substring(with: $0.range) } == ["Teh", "agian"])
        #expect(try findings(text, ranges: []).isEmpty)
    }

    /// The edits of a rewrite and its text, re-checked over the touched paragraphs or the whole text.
    func run(_ text: String, _ tool: WritingTool, markup: MarkupKind, whole: Bool) throws -> (String, [ProofreadingSuggestion]) {
        var request = ToolRequest(tool: tool, text: text, markup: markup)
        request.rechecksWholeText = whole
        var out = ""
        var edits: [ProofreadingSuggestion] = []
        for e in try BuiltInToolEngine().events(for: request) {
            if case let .rewrittenText(t) = e { out += t }
            if case let .rewriteEdits(es) = e { edits += es }
        }
        return (out, edits)
    }

    /// The same text and the same edits, byte for byte, on texts with edits in some paragraphs
    /// (a term used in several, flagged once per document: its later uses are compared with
    /// their like), in most (the whole text is checked then), and in a long reference page.
    @Test(arguments: ["recheck/terms-across-paragraphs.md", "long-paragraphs/fix-reference.md", "padding/committee-memo.txt",
                      "spoken/release-chat.txt", "readme.md"])
    func sameResultAsTheWholeCheck(_ name: String) throws {
        let text = try Fixture.text(name)
        let markup: MarkupKind = name.hasSuffix(".md") ? .markdown : .plain
        for tool in [WritingTool.concise, .professional, .rewrite] {
            let windowed = try run(text, tool, markup: markup, whole: false)
            let whole = try run(text, tool, markup: markup, whole: true)
            #expect(windowed.0 == whole.0, "\(tool) on \(name)")
            #expect(windowed.1.map(\.range) == whole.1.map(\.range) && windowed.1.map(\.replacements) == whole.1.map(\.replacements), "\(tool) on \(name)")
        }
    }

    /// The fixture written for it makes edits: the comparison above is not of two empty rewrites.
    @Test func theTermsFixtureIsRewritten() throws {
        let text = try Fixture.text("recheck/terms-across-paragraphs.md")
        let (out, edits) = try run(text, .concise, markup: .markdown, whole: false)
        #expect(edits.count >= 5, "\(edits.map(\.ruleID))")
        #expect(out.contains("now") && !out.contains("at this point in time"))
        #expect(out.contains("frobnitz daemon") && out.contains("Nothing in this paragraph needs"))
    }
}
