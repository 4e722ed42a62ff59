import Foundation
import WritingTools

// `writing-tools.runTool`: a Writing Tool on a selection, run through a Writing Tools session
// and applied with `workspace/applyEdit`.
extension LanguageServer {
    /// The longest selection a Writing Tool runs on, in UTF-16 units (the HTTP server's
    /// default text limit): Concise on a 1.3 MB selection held two threads for 16 minutes of a
    /// session-43 trial. A run now stops at its next paragraph when cancelled; the limit still
    /// keeps one run to minutes at most in a debug build.
    static let maximumToolSelectionUnits = 100_000

    /// Code action titles and the tools they run.
    static let selectionTools: [(String, String)] = [
        ("Writing Tools: Rewrite", "rewrite"), ("Writing Tools: Friendly", "friendly"), ("Writing Tools: Professional", "professional"),
        ("Writing Tools: Concise", "concise"), ("Writing Tools: Summary", "summary"), ("Writing Tools: Key Points", "key-points"),
        ("Writing Tools: List", "list"), ("Writing Tools: Table", "table"),
    ]

    /// The tools `writing-tools.runTool` runs, by the name its `"tool"` argument gives.
    static let toolsByName: [String: WritingTool] = [
        "rewrite": .rewrite, "friendly": .friendly, "professional": .professional, "concise": .concise,
        "summary": .summary, "key-points": .keyPoints, "list": .list, "table": .table, "proofread": .proofread,
    ]

    /// `r` as the JSON of a command argument.
    static func json(_ r: Range) -> JSONValue {
        .object(["start": .object(["line": .int(r.start.line), "character": .int(r.start.character)]),
                 "end": .object(["line": .int(r.end.line), "character": .int(r.end.character)])])
    }

    /// `writing-tools.runTool`: runs the tool on the range through a Writing Tools session
    /// (``WritingToolsRunner``: protected text never changes), shows `$/progress` while it runs,
    /// and applies the result with `workspace/applyEdit`, annotated "needs confirmation" when the
    /// client supports change annotations. Rewrites, List and Table replace the range; Summary
    /// and Key Points are inserted after it as a paragraph of their own (``ResultPlacement``:
    /// after the paragraph the range ends in, before an e-mail's closing); their optional `"length"` argument (`short`,
    /// `medium`, `long`: the web Summarizer's, as `writing-tools summary --length`) says how long,
    /// for the built-in engine and a model alike. Returns `{"applied": Bool}`.
    func runTool(_ arguments: RunToolArguments) async throws -> JSONValue {
        let uri = arguments.uri, name = arguments.name, tool = arguments.tool, length = arguments.length
        guard clientSupportsApplyEdit else {
            throw ResponseError(code: ErrorCode.requestFailed,
                                message: "the Writing Tools apply their result with workspace/applyEdit, which this client does not support (capabilities.workspace.applyEdit)")
        }
        guard var doc = documents[uri] else { throw ResponseError(code: ErrorCode.invalidParams, message: "document is not open: \(uri)") }
        if let v = arguments.version, v != doc.version {
            throw ResponseError(code: ErrorCode.contentModified, message: "the document changed since the action was offered; run it again")
        }
        var a = doc.offset(of: arguments.range.start, encoding: positionEncoding)
        var b = doc.offset(of: arguments.range.end, encoding: positionEncoding)
        if b < a { swap(&a, &b) }
        guard b - a <= Self.maximumToolSelectionUnits else {
            throw ResponseError(code: ErrorCode.requestFailed,
                                message: "the selection is \(b - a) UTF-16 code units long; the Writing Tools take at most \(Self.maximumToolSelectionUnits) (about 50 pages) at once: select a part")
        }
        let version = doc.version
        let text = doc.text
        // The document's own markup (Markdown, LaTeX, reStructuredText, plain), so what the
        // diagnostics protect (commands, directives, code) is protected from a rewrite too.
        let documentMarkup = markup(doc) ?? .plain
        let markdown = documentMarkup == .markdown
        let title = "Writing Tools: \(Self.selectionTools.first { $0.1 == name }?.0.dropFirst("Writing Tools: ".count) ?? Substring(name))"
        let token = "writing-tools-\(nextOutgoingID)"
        var progress = false
        if clientSupportsWorkDoneProgress {
            let answer = await request("window/workDoneProgress/create", WorkDoneProgressCreateParams(token: token),
                                       timeout: Self.progressCreateTimeout)
            progress = answer != nil && answer?.error == nil
        }
        if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "begin", title: title, message: "running", cancellable: false))) }
        let run: WritingToolsRun
        do {
            let engine = try await engine(for: tool)
            run = try await WritingToolsRunner().run(tool, text: text, range: NSRange(location: a, length: b - a),
                                                     markup: documentMarkup,
                                                     resultOptions: markdown ? [.plainText, .richText, .list, .table] : [.plainText],
                                                     language: configuration.language,
                                                     ignoredRanges: doc.isGitCommit ? GitCommitMessage.ignoredRanges(in: text) : [],
                                                     length: length, engine: engine)
        } catch {
            if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "end", message: "failed"))) }
            if let e = error as? ResponseError { throw e }
            // Cancelled by the client (`$/cancelRequest`): RequestCancelled (-32800), whatever the
            // engine reported (a model request cut short, a session ended).
            if Task.isCancelled { throw CancellationError() }
            var message = "\(error)"
            if let e = error as? WritingToolsSessionError, case let .engineFailed(m) = e { message = m }
            throw ResponseError(code: ErrorCode.requestFailed, message: "\(title): \(message)")
        }
        if progress { notify("$/progress", WorkDoneProgressParams(token: token, value: .init(kind: "end", message: "done"))) }
        guard documents[uri]?.version == version else {
            throw ResponseError(code: ErrorCode.contentModified, message: "the document changed while \(title) ran; nothing was applied")
        }
        // The new text of the range, or the result to put in or after it.
        let oldUnits = doc.units
        var replaced = NSRange(location: a, length: b - a)
        let newText: String
        if let result = run.result {
            // No result (“no table structure found”, no prose to summarise): nothing is put in,
            // and the selection stays as it is.
            if result.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return .object(["applied": .bool(false), "reason": .string("\(title): \(result.note ?? "no result for this selection")")])
            }
            // The document's own line break, as the result already has it (WritingToolsSession).
            let nl = LineBreakStyle.dominant(in: text).text
            switch tool {
            case .summary, .keyPoints:
                // After the selection, a paragraph of its own: never inside a paragraph or an
                // e-mail's closing (docs/editors.md, ``ResultPlacement``).
                let place = ResultPlacement.insertion(of: result.text, in: text, after: NSRange(location: a, length: b - a), lineBreak: nl)
                replaced = NSRange(location: place.location, length: 0)
                newText = place.text
            default:
                let trailingNewline = b > a && oldUnits[b - 1] == 0x0A
                newText = result.text + (trailingNewline && result.text.last?.isLineBreak != true ? nl : "")
            }
        } else {
            let newUnits = Array(run.text.utf16)
            let delta = newUnits.count - oldUnits.count
            newText = String(decoding: newUnits[a..<(b + delta)], as: UTF16.self)
        }
        if run.result == nil && newText == String(decoding: oldUnits[a..<b], as: UTF16.self) {
            return .object(["applied": .bool(false), "reason": .string("\(title) made no change")])
        }
        let range = DocumentChecking.lspRange(replaced, OffsetConverter(text), positionEncoding)
        let notices = run.notices.joined(separator: "; ")
        let edit = workspaceEdit(uri, version: version, [TextEdit(range: range, newText: newText)],
                                 annotation: ChangeAnnotation(label: title, needsConfirmation: true, description: notices.isEmpty ? nil : notices))
        guard let answer = await request("workspace/applyEdit", ApplyWorkspaceEditParams(label: title, edit: edit),
                                         timeout: options.applyEditTimeout) else {
            return .object(["applied": .bool(false),
                            "reason": .string("\(title): the editor did not answer workspace/applyEdit in time; the request was withdrawn")])
        }
        let applied = answer.result?["applied"]?.boolValue ?? false
        return .object(["applied": .bool(applied)])
    }
}
