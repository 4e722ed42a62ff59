import Foundation
import TextModel
import DocumentStructure
import WritingToolsEngine

/// The outcome of running one Writing Tool on a text with ``WritingToolsRunner``.
public struct WritingToolsRun: Sendable {
    /// The text after the tool's result was accepted: rewritten for Rewrite, Friendly,
    /// Professional, Concise and Describe-your-change; corrected for Proofread; unchanged for
    /// Summary, Key Points, List and Table (their output is ``result``, for the caller to copy
    /// or insert).
    public var text: String
    /// The result to copy or insert (Summary, Key Points, List, Table), if any.
    public var result: ToolResult?
    /// The edits made, with reasons (offline rewrites, proofreading); UTF-16 ranges in the
    /// ORIGINAL text.
    public var edits: [EngineSuggestion]

    /// Creates a run outcome.
    public init(text: String, result: ToolResult?, edits: [EngineSuggestion]) {
        self.text = text
        self.result = result
        self.edits = edits
    }
}

/// Runs one Writing Tool over a text to the end, accepting its result, without a host or a run
/// loop: the entry point for command-line tools, servers and batch jobs (DESIGN.md §3).
///
/// It drives the same ``WritingToolsSession`` a ``WritingToolsCoordinator`` drives, so the
/// session's guarantees hold: protected text (code, links, HTML… and `ignoredRanges`) is never
/// changed, a result that would change it is rejected with an error, and nothing is applied
/// when the tool fails. The engine is the offline ``BuiltInToolEngine``.
public struct WritingToolsRunner: Sendable {
    private let engine: BuiltInToolEngine

    /// Creates a runner with the offline engine.
    public init(engine: BuiltInToolEngine = BuiltInToolEngine()) {
        self.engine = engine
    }

    /// Runs `tool` over `range` of `text` (the whole text by default).
    ///
    /// - Parameters:
    ///   - resultOptions: what the caller accepts (Apple's semantics; `[.plainText]` gives plain
    ///     text: lists as "- " lines, tables as aligned columns or a list).
    ///   - ignoredRanges: UTF-16 ranges of `text` that must not change.
    /// - Throws: ``WritingToolsSessionError`` when the tool fails (for example an instruction
    ///   the offline engine does not know: ``WritingToolsSessionError/engineFailed(_:)`` with a
    ///   message saying a language model is needed) or its result would change protected text.
    public func run(_ tool: WritingTool, text: String, range: NSRange? = nil, markup: DocumentMarkup = .plain,
                    resultOptions: WritingToolsResultOptions = [.plainText], language: String = "en-US",
                    ignoredRanges: [NSRange] = []) throws -> WritingToolsRun {
        var session = WritingToolsSession(.init(tool: tool, text: text, range: range, hostProtectedRanges: ignoredRanges,
                                                markup: markup.kind, behavior: .complete,
                                                resultOptions: resultOptions.normalized(), isEditable: true, language: language))
        var units = Array(text.utf16)
        var pending = session.handle(.start)
        var edits: [EngineSuggestion] = []
        var finished = false
        var steps = 0
        while !pending.isEmpty {
            steps += 1
            if steps > 10_000_000 { throw WritingToolsSessionError.invalidState("the session did not end") }
            let action = pending.removeFirst()
            switch action {
            case let .runEngine(request):
                do {
                    let events = try engine.events(for: request)
                    for case let .suggestions(s) in events { edits += s }
                    pending += session.handle(.engineFinished(events))
                } catch {
                    pending += session.handle(.engineFailed("\(error)"))
                }
            case let .replace(r, newText, _, _):
                guard r.location >= 0, r.location + r.length <= units.count else {
                    pending += session.handle(.hostReplaced(nil))
                    continue
                }
                units.replaceSubrange(r.location..<(r.location + r.length), with: Array(newText.utf16))
                pending += session.handle(.hostReplaced(newText))
            case let .fail(error):
                throw error
            case .ended:
                finished = true
            default:
                break
            }
            if pending.isEmpty && !finished {
                // A panel result (summary, list…) is returned, not inserted over the text;
                // inline results are accepted.
                pending += session.handle(.finish(accepting: session.result == nil))
                if pending.isEmpty { break }
            }
        }
        edits += session.rewriteEdits
        return WritingToolsRun(text: String(decoding: units, as: UTF16.self), result: session.result, edits: edits)
    }
}
