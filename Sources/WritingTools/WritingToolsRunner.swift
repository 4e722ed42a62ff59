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
    public var edits: [ProofreadingSuggestion]
    /// What the engine said about the run (repairs made to a model's answer, parts where the
    /// model's answer was not used), in order.
    public var notices: [String]

    /// Creates a run outcome.
    public init(text: String, result: ToolResult?, edits: [ProofreadingSuggestion], notices: [String] = []) {
        self.text = text
        self.result = result
        self.edits = edits
        self.notices = notices
    }
}

/// Runs one Writing Tool over a text to the end, accepting its result, without a host or a run
/// loop: the entry point for command-line tools, servers and batch jobs (docs/ARCHITECTURE.md, “How text flows”).
///
/// It drives the same ``WritingToolsSession`` a ``WritingToolsCoordinator`` drives, so the
/// session's guarantees hold: protected text (code, links, HTML… and `ignoredRanges`) is never
/// changed, a result that would change it is rejected with an error, and nothing is applied
/// when the tool fails. The synchronous ``run(_:text:range:markup:resultOptions:language:ignoredRanges:length:)``
/// uses the offline ``BuiltInToolEngine``; the `async` form runs any ``ToolEngine`` (a language
/// model: ``LanguageModelToolEngine``) and hands the model's text to a live preview as it streams.
public struct WritingToolsRunner: Sendable {
    private let offline: BuiltInToolEngine

    /// Creates a runner; the synchronous ``run(_:text:range:markup:resultOptions:language:ignoredRanges:length:)``
    /// uses `engine`.
    public init(engine: BuiltInToolEngine = BuiltInToolEngine()) {
        self.offline = engine
    }

    /// Runs `tool` over `range` of `text` (the whole text by default) with the offline engine.
    ///
    /// - Parameters:
    ///   - resultOptions: what the caller accepts (Apple's semantics; `[.plainText]` gives plain
    ///     text: lists as "- " lines, tables as aligned columns or a list).
    ///   - ignoredRanges: UTF-16 ranges of `text` that must not change.
    ///   - length: how long a Summary or Key Points result is (short, medium, long: the web
    ///     Summarizer's `length`); nil: the engine's configured default.
    /// - Throws: ``WritingToolsSessionError`` when the tool fails (for example an instruction
    ///   the offline engine does not know: ``WritingToolsSessionError/engineFailed(_:)`` with a
    ///   message saying a language model is needed) or its result would change protected text.
    public func run(_ tool: WritingTool, text: String, range: NSRange? = nil, markup: DocumentMarkup = .plain,
                    resultOptions: WritingToolsResultOptions = [.plainText], language: String = "en-US",
                    ignoredRanges: [NSRange] = [], length: SummaryLength? = nil) throws -> WritingToolsRun {
        var drive = Drive(tool: tool, text: text, range: range, markup: markup, resultOptions: resultOptions,
                          language: language, ignoredRanges: ignoredRanges, length: length)
        var request = try drive.advance(drive.session.handle(.start))
        while let r = request {
            let actions: [WritingToolsSession.Action]
            do {
                let events = try offline.events(for: r)
                // Notices are the user's (Concise: why nothing was shortened), not the session's.
                for case let .notice(n) in events { drive.notices.append(n) }
                actions = drive.engineFinished(events.filter { if case .notice = $0 { return false }; return true })
            } catch {
                actions = drive.session.handle(.engineFailed("\(error)"))
            }
            request = try drive.advance(actions)
        }
        return drive.outcome()
    }

    /// Runs `tool` over `range` of `text` on `engine` (for example a ``LanguageModelToolEngine``).
    ///
    /// - Parameters:
    ///   - length: how long a Summary or Key Points result is (the model is told in its prompt);
    ///     nil: medium.
    ///   - preview: called with each piece of text the model produces, as it arrives and before
    ///     the output contract has checked it (for a live display; never applied).
    ///   - notice: called with each notice of the engine (repairs, rejected parts).
    ///   - checked: called with each piece of new text that passed the output contract, as it
    ///     does (a rewrite's chunks, placeholders restored), for hosts that stream the result; the
    ///     run can still fail on a later piece.
    /// - Throws: ``WritingToolsSessionError``: ``WritingToolsSessionError/engineFailed(_:)``
    ///   with the engine's message when the model fails or its result is rejected (the text is
    ///   then unchanged), ``WritingToolsSessionError/protectedTextChanged(_:)`` when a result
    ///   would change protected text. Cancelling the task cancels the model request.
    public func run(_ tool: WritingTool, text: String, range: NSRange? = nil, markup: DocumentMarkup = .plain,
                    resultOptions: WritingToolsResultOptions = [.plainText], language: String = "en-US",
                    ignoredRanges: [NSRange] = [], length: SummaryLength? = nil, engine: any ToolEngine,
                    preview: @escaping @Sendable (String) -> Void = { _ in },
                    notice: @escaping @Sendable (String) -> Void = { _ in },
                    checked: @escaping @Sendable (String) -> Void = { _ in }) async throws -> WritingToolsRun {
        var drive = Drive(tool: tool, text: text, range: range, markup: markup, resultOptions: resultOptions,
                          language: language, ignoredRanges: ignoredRanges, length: length)
        var request = try drive.advance(drive.session.handle(.start))
        while let r = request {
            var events: [ToolEvent] = []
            let actions: [WritingToolsSession.Action]
            do {
                for try await event in engine.run(r) {
                    switch event {
                    case let .preview(t): preview(t)
                    case let .notice(n):
                        notice(n)
                        drive.notices.append(n)
                    case let .rewrittenText(t):
                        checked(t)
                        events.append(event)
                    default: events.append(event)
                    }
                }
                if Task.isCancelled { throw CancellationError() }
                actions = drive.engineFinished(events)
            } catch is CancellationError {
                throw WritingToolsSessionError.engineFailed("cancelled")
            } catch {
                actions = drive.session.handle(.engineFailed("\(error)"))
            }
            request = try drive.advance(actions)
        }
        return drive.outcome()
    }
}

/// The session and the text it edits, advanced action by action (one implementation for the
/// synchronous and the asynchronous runner).
private struct Drive {
    var session: WritingToolsSession
    var units: [UInt16]
    var edits: [ProofreadingSuggestion] = []
    var notices: [String] = []
    private var finished = false
    private var steps = 0
    /// Actions that came after the last engine request, carried out before the engine's answer.
    private var leftover: [WritingToolsSession.Action] = []

    init(tool: WritingTool, text: String, range: NSRange?, markup: DocumentMarkup, resultOptions: WritingToolsResultOptions,
         language: String, ignoredRanges: [NSRange], length: SummaryLength?) {
        session = WritingToolsSession(.init(tool: tool, text: text, range: range, hostProtectedRanges: ignoredRanges,
                                            markup: markup.kind, behavior: .complete,
                                            resultOptions: resultOptions.normalized(), isEditable: true, language: language,
                                            length: length))
        units = Array(text.utf16)
    }

    mutating func engineFinished(_ events: [ToolEvent]) -> [WritingToolsSession.Action] {
        for case let .suggestions(s) in events { edits += s }
        return session.handle(.engineFinished(events))
    }

    /// Carries out `actions` and what follows from them; returns the next engine request to
    /// run, or nil when the session has ended.
    /// - Throws: the session's failure.
    mutating func advance(_ actions: [WritingToolsSession.Action]) throws -> ToolRequest? {
        var pending = leftover + actions
        leftover = []
        while true {
            while !pending.isEmpty {
                steps += 1
                if steps > 10_000_000 { throw WritingToolsSessionError.invalidState("the session did not end") }
                let action = pending.removeFirst()
                switch action {
                case let .runEngine(request):
                    leftover = pending
                    return request
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
            }
            if finished { return nil }
            // A panel result (summary, list…) is returned, not inserted over the text; inline
            // results are accepted.
            pending += session.handle(.finish(accepting: session.result == nil))
            if pending.isEmpty { return nil }
        }
    }

    func outcome() -> WritingToolsRun {
        WritingToolsRun(text: String(decoding: units, as: UTF16.self), result: session.result,
                        edits: edits + session.rewriteEdits, notices: notices)
    }
}
