import Foundation
import Testing
import DocumentStructure
import Proofreading
@testable import WritingToolsEngine

/// The tools on a reStructuredText document (`Fixtures/guide.rst`): every protected range comes
/// back byte-identical from the rewrites, and the results (Summary, Key Points, List, Table)
/// show no reST markup and leave the code's typos (`recieve`, `teh` in literals, roles, code
/// blocks, targets) as written.
@Suite("reStructuredText through the tools")
struct ReStructuredTextToolTests {
    static func document() throws -> (text: String, doc: StructuredDocument) {
        let text = try Fixture.text("guide.rst")
        return (text, DocumentParser.parse(text, markup: .restructuredText))
    }

    @Test(arguments: [WritingTool.rewrite, .concise, .professional, .friendly, .describeYourChange(instruction: "shorter and more formal")])
    func rewritesKeepProtectedTextByteIdentical(_ tool: WritingTool) throws {
        let (text, doc) = try Self.document()
        let (new, edits) = try rewritten(text, tool, markup: .restructuredText)
        #expect(!edits.isEmpty, "\(tool)")
        for e in edits { #expect(!doc.intersectsProtected(e.range), "\(tool): \(e.ruleID) touches protected text") }
        // Every protected span appears, in order, in the new text.
        var cursor = new.startIndex
        for p in doc.protectedRanges {
            let s = try #require(text.substring(utf16Range: p.range))
            let found = try #require(new.range(of: s, range: cursor..<new.endIndex), "\(tool) lost \(p): \(s)")
            cursor = found.upperBound
        }
        // The markup left out of the prose stays too: every line that is only markup is kept.
        for line in ["==========", "-----", ".. code-block:: python", ":param paths:", ".. [1]", "+========+", ".. _Recieve: https://tehtool.example/recieve"] {
            #expect(new.contains(line), "\(tool) lost \(line)")
        }
        #expect(new.contains("``pip install tehtool``") && new.contains(":func:`tehtool.recieve`") && new.contains("|donate|"), "\(tool): \(new)")
    }

    @Test(arguments: [WritingTool.summary, .keyPoints, .list, .table])
    func resultsShowNoMarkup(_ tool: WritingTool) throws {
        let (text, doc) = try Self.document()
        // As the front ends ask for a document that is not Markdown: plain text (and a table for Table).
        var request = ToolRequest(tool: tool, text: text, markup: .restructuredText, resultOptions: tool == .table ? [.plainText, .table] : [.plainText])
        request.length = nil
        var out = ""
        for e in try BuiltInToolEngine().events(for: request) { if case let .result(r) = e { out += r.text } }
        #expect(!out.isEmpty, "\(tool)")
        // Summary and Key Points show no markup at all; List keeps the document's markup blocks
        // (code, directives, targets) whole, as it keeps Markdown's, but its items are prose.
        let prose = tool == .summary || tool == .keyPoints ? out : out.split(separator: "\n").filter { $0.hasPrefix("- ") }.joined(separator: "\n")
        for markup in ["``", ":func:", "|donate|", "`_", ".. ", "::", "=====", ":param", "[1]_", "Recieve_"] {
            #expect(!prose.contains(markup), "\(tool): \(markup) in \(out)")
        }
        // Code is shown as written: the typos inside it are not “fixed”.
        if out.contains("pip install") { #expect(out.contains("pip install tehtool"), "\(tool): \(out)") }
        if out.contains("tehtool.rec") { #expect(out.contains("tehtool.recieve"), "\(tool): \(out)") }
        // Every protected span the result shows, it shows whole.
        for p in doc.protectedRanges where p.reason == .inlineCode {
            let s = try #require(text.substring(utf16Range: p.range))
            if let first = s.split(separator: " ").first, out.contains(first + " ") || out.contains(first + ".") {
                #expect(out.contains(s), "\(tool): \(s) cut in \(out)")
            }
        }
    }
}
