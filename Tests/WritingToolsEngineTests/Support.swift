import Foundation
import Testing
import DocumentStructure
import Proofreading
@testable import WritingToolsEngine

/// Fixture access and helpers shared by the engine tests.
enum Fixture {
    /// The text of `Fixtures/<name>`.
    static func text(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The source directory of the fixtures (for rewriting goldens with WT_UPDATE_GOLDENS=1).
    static var sourceDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }
}

/// The text of `tool`'s result on `text` (Summary, Key Points, List, Table…), every result
/// option allowed; "" when the engine gives no result.
func resultText(_ tool: WritingTool, _ text: String, markup: MarkupKind = .plain, length: SummaryLength? = nil) throws -> String {
    var request = ToolRequest(tool: tool, text: text, markup: markup, resultOptions: [.plainText, .richText, .list, .table])
    request.length = length
    var out = ""
    for e in try BuiltInToolEngine().events(for: request) {
        if case let .result(r) = e { out += r.text }
    }
    return out
}

/// Runs the engine synchronously and renders its events as text for goldens.
func render(_ request: ToolRequest, engine: BuiltInToolEngine = BuiltInToolEngine()) throws -> String {
    var out = ""
    var rewritten = ""
    var sawRewrite = false
    for e in try engine.events(for: request) {
        switch e {
        case let .result(r):
            out += r.text
            if let n = r.note { out += (r.text.isEmpty ? "" : "\n") + "NOTE: " + n }
        case let .rewriteEdits(edits):
            for s in edits {
                let before = request.text.substring(utf16Range: s.range) ?? "?"
                out += "EDIT \(before.debugDescription) → \(s.replacements[0].debugDescription) [\(s.ruleID)] \(s.message)\n"
            }
        case let .rewrittenText(t):
            sawRewrite = true
            rewritten += t
        case let .suggestions(ss):
            for s in ss {
                let before = request.text.substring(utf16Range: s.range) ?? "?"
                out += "SUGGESTION \(before.debugDescription) → \((s.replacements.first ?? "").debugDescription) [\(s.ruleID)]\n"
            }
        case .preview, .notice:
            break
        }
    }
    if sawRewrite { out += "--- rewritten text\n" + rewritten }
    return out
}

/// Applies one style's rewrite to `text` and returns the new text.
func rewritten(_ text: String, _ tool: WritingTool, markup: MarkupKind = .plain, protected: [NSRange] = []) throws -> (text: String, edits: [ProofreadingSuggestion]) {
    var new = ""
    var edits: [ProofreadingSuggestion] = []
    for e in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, protectedRanges: protected)) {
        if case let .rewrittenText(t) = e { new += t }
        if case let .rewriteEdits(es) = e { edits += es }
    }
    return (new, edits)
}
