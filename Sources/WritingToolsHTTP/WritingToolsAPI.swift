import Foundation
import Synchronization
import WritingTools

/// An error of the Writing Tools API: its HTTP status, a stable code, and a message that says
/// what to change. Sent as `{"error":{"code":…,"message":…}}`.
struct APIError: Error, Equatable {
    var status: Int
    var code: String
    var message: String

    static func bad(_ message: String) -> APIError { APIError(status: 400, code: "bad_request", message: message) }
}

extension HTTPResponse {
    /// A JSON value (`[String: Any]`, arrays, strings, numbers, Bool, NSNull), keys sorted.
    static func jsonValue(_ value: Any, status: Int = 200) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return .json(Array(data), status: status)
    }

    /// An API error as JSON (any other error becomes one through ``WritingToolsAPI/apiError(_:model:)``).
    static func apiError(_ error: Error) -> HTTPResponse {
        let e = WritingToolsAPI.apiError(error)
        return jsonValue(["error": ["code": e.code, "message": e.message]], status: e.status)
    }
}

/// JSON bytes of a value, keys sorted.
func jsonBytes(_ value: Any) -> [UInt8] {
    Array((try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8))
}

/// Which engine runs a tool.
enum EngineChoice: String, Sendable {
    /// The configured language model if the server has one, else the built-in engine.
    case auto
    /// The built-in offline engine.
    case builtin
    /// The configured language model (400 when none is configured).
    case model
}

/// What a tool request asks for, validated (the body of `/api/tools/{tool}`, `/api/proofread`,
/// `/api/rewrite`, `/api/summarize` and `POST /api/sessions`).
struct ToolInput: Sendable {
    var tool: WritingTool
    var text: String
    var range: NSRange?
    var protectedRanges: [NSRange]
    var markup: DocumentMarkup
    var language: String
    var resultOptions: WritingToolsResultOptions
    var engine: EngineChoice
    /// The built-in engine's caps (the Summarizer's sentence and point counts).
    var builtin = BuiltInToolEngine.Configuration()
    /// How long a Summary or Key Points result is (`"length"`: short, medium, long), for the
    /// built-in engine and a model alike; nil: medium.
    var length: SummaryLength?
    /// Chrome's Summarizer/Rewriter field names in the answer (`/api/summarize`, `/api/rewrite`).
    var stream = false
}

/// The Writing Tools over HTTP: one-shot tools shaped like the web's built-in AI APIs
/// (Proofreader, Rewriter, Summarizer), every tool of ours, streaming (Server-Sent Events) and
/// reviewable sessions. JSON in and out; every offset is a UTF-16 code unit index (a JavaScript
/// string index), zero-based, end-exclusive. See docs/http-api.md and `/openapi.json`.
final class WritingToolsAPI: Sendable {
    /// Longest text in UTF-16 units (413 above it).
    let maxTextLength: Int
    /// The user dictionary (words Proofread accepts).
    let dictionary: UserDictionary
    /// The configured language model, if any.
    let models: ModelEngines
    /// Sessions held in this process.
    let sessions: SessionStore
    private let metrics: ServerMetrics?
    /// Called on the run's thread before each run of the built-in engine, with the request's
    /// text: for tests that hold a run (fault injection, as ``LanguageToolAPI/beforeCheck``);
    /// nil in the server.
    let beforeBuiltinRun: (@Sendable (String) -> Void)?

    init(maxTextLength: Int, dictionary: UserDictionary, models: ModelEngines, sessions: SessionStore = SessionStore(), metrics: ServerMetrics?,
         beforeBuiltinRun: (@Sendable (String) -> Void)? = nil) {
        self.beforeBuiltinRun = beforeBuiltinRun
        self.maxTextLength = maxTextLength
        self.dictionary = dictionary
        self.models = models
        self.sessions = sessions
        self.metrics = metrics
        sessions.metrics = metrics
    }

    /// Tool names on the wire (`/api/tools/{tool}`, `tool` of a session).
    static let toolNames = ["proofread", "rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table", "describe"]

    // MARK: Routing

    /// The answer to a request under `/api/`.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        var path = request.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let method = request.method.uppercased()
        let parts = path.split(separator: "/").map(String.init)
        func only(_ m: String, _ body: () -> HTTPResponse) -> HTTPResponse {
            guard method == m else {
                return HTTPResponse(status: 405, contentType: "application/json",
                                    body: jsonBytes(["error": ["code": "method_not_allowed", "message": "\(path) takes \(m) requests, not \(method)"]]),
                                    headers: [("Allow", m)])
            }
            return body()
        }
        switch parts.count {
        case 2 where parts[1] == "tools":
            return only("GET") { .jsonValue(toolsJSON()) }
        case 2 where ["proofread", "rewrite", "summarize"].contains(parts[1]):
            return only("POST") { webAPI(parts[1], request) }
        case 3 where parts[1] == "tools":
            return only("POST") { tool(parts[2], request) }
        case 2 where parts[1] == "sessions":
            return only("POST") { createSession(request) }
        case 3 where parts[1] == "sessions":
            if method == "DELETE" { return deleteSession(parts[2]) }
            return only("GET") { sessionState(parts[2]) }
        case 4 where parts[1] == "sessions":
            return only("POST") { sessionAction(parts[2], parts[3], request) }
        case 6 where parts[1] == "sessions" && parts[3] == "suggestions":
            return only("POST") { suggestionAction(parts[2], parts[4], parts[5]) }
        default:
            return .apiError(APIError(status: 404, code: "not_found", message: "No such endpoint: \(method) \(path) (see /openapi.json)"))
        }
    }

    /// `GET /api/tools`: the tools, the engines, the limits.
    func toolsJSON() -> [String: Any] {
        [
            "tools": Self.toolNames,
            "engines": models.isConfigured ? ["builtin", "model"] : ["builtin"],
            "defaultEngine": models.isConfigured ? "model" : "builtin",
            "model": models.describe ?? NSNull(),
            "maxTextLength": maxTextLength,
            "offsets": "utf-16",
        ]
    }

    // MARK: Parsing

    /// The JSON object of a request body (any `Content-Type`: `text/plain` lets browsers skip the
    /// CORS preflight).
    static func object(_ request: HTTPRequest) throws(APIError) -> [String: Any] {
        if request.body.isEmpty { return [:] }
        // Strings checked by the front ends' one decoder (`JSONSerialization` refuses
        // `"\ud800"`, which is JSON). A lone surrogate escape is an error here, as in a batch
        // record: these endpoints return the text (a session's `finalText`, a rewrite around
        // protected ranges), which must come back as sent, and no Swift string holds one.
        let body: Data
        let lone = Data(request.body).withUnsafeBytes { raw in
            JSONStrings.firstProblem(in: raw.bindMemory(to: UInt8.self), loneSurrogates: .reject)
        }
        if let lone, lone.kind == .loneSurrogate {
            throw .bad("The body holds \(lone): text with one could not be returned unchanged; send whole surrogate pairs (\\ud83d\\ude00) or the character itself")
        }
        do { body = try JSONStrings.normalized(Data(request.body)) } catch {
            throw .bad("The body is not valid JSON: \(error)")
        }
        guard let value = try? JSONSerialization.jsonObject(with: body), let object = value as? [String: Any] else {
            throw .bad("The body must be a JSON object in UTF-8, e.g. {\"text\":\"…\"}")
        }
        return object
    }

    private static func string(_ o: [String: Any], _ key: String) throws(APIError) -> String? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let s = v as? String else { throw .bad("'\(key)' must be a string") }
        return s
    }

    /// The longest `instruction` (Describe your change, a session's refine), in UTF-16 units:
    /// a request, not a text. A trial's 1 MB instruction took 38 s of a check thread and came
    /// back whole in the error message.
    static let maxInstructionLength = 2_000

    /// The request's `instruction`, at most ``maxInstructionLength`` UTF-16 units (else 400).
    private static func instruction(_ o: [String: Any]) throws(APIError) -> String? {
        guard let i = try string(o, "instruction") else { return nil }
        let n = i.utf16.count
        guard n <= maxInstructionLength else {
            throw .bad("'instruction' is \(n) UTF-16 code units long; at most \(maxInstructionLength) are accepted (say what to change; the text goes in 'text')")
        }
        return i
    }

    private static func bool(_ o: [String: Any], _ key: String) throws(APIError) -> Bool? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let b = v as? Bool else { throw .bad("'\(key)' must be true or false") }
        return b
    }

    /// A JSON number that is a whole number an offset can be (`1.5` and `1e300` are not).
    static func offset(_ v: Any?) -> Int? {
        guard let n = v as? NSNumber else { return nil }
        let d = n.doubleValue
        guard d.isFinite, d == d.rounded(), abs(d) < 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    /// `{"start":S,"end":E}` (UTF-16 of `text`, whole numbers, not inside a surrogate pair).
    private static func range(_ v: Any, _ key: String, in text: OffsetConverter) throws(APIError) -> NSRange {
        let length = text.utf16Length
        guard let o = v as? [String: Any], let s = offset(o["start"]), let e = offset(o["end"]) else {
            throw .bad("'\(key)' must be {\"start\":S,\"end\":E}, whole numbers of UTF-16 code units")
        }
        guard s >= 0, s <= e, e <= length else {
            throw .bad("'\(key)' \(s)..<\(e) is not inside the text (\(length) UTF-16 code units)")
        }
        for k in [s, e] where !text.isValidUTF16Boundary(k) {
            throw .bad("'\(key)' \(s)..<\(e) splits a character at \(k) (the two UTF-16 code units of one character, such as an emoji)")
        }
        return NSRange(location: s, length: e - s)
    }

    /// The common fields of a tool request.
    func input(_ o: [String: Any], tool: WritingTool) throws(APIError) -> ToolInput {
        guard let text = try Self.string(o, "text") else { throw .bad("Missing 'text' (a string)") }
        let n = text.utf16.count
        if n > maxTextLength {
            throw APIError(status: 413, code: "text_too_long", message: "Your text exceeds the limit of \(maxTextLength) characters (it's \(n) UTF-16 code units)")
        }
        var range: NSRange?
        let offsets = OffsetConverter(text)
        if let r = o["range"], !(r is NSNull) { range = try Self.range(r, "range", in: offsets) }
        var protected: [NSRange] = []
        if let list = o["protectedRanges"], !(list is NSNull) {
            guard let items = list as? [Any] else { throw .bad("'protectedRanges' must be a list of {\"start\":S,\"end\":E}") }
            for item in items { protected.append(try Self.range(item, "protectedRanges", in: offsets)) }
        }
        // Without "markup" (or with "auto"), the text's content decides, as the command line
        // decides for standard input (``DocumentMarkup/sniffed(from:)``: a fence, an ATX
        // heading, inline code, a link or a table's delimiter row make it Markdown). A README-only
        // trial's Markdown notes sent without it gave key points that began with "## ".
        let markupName = try Self.string(o, "markup") ?? "auto"
        let markup: DocumentMarkup
        if markupName == "auto" {
            markup = DocumentMarkup.sniffed(from: text)
        } else if let named = DocumentMarkup(rawValue: markupName) ?? (markupName == "rst" ? .restructuredText : nil) {
            markup = named
        } else {
            throw .bad("'markup' must be auto, plain, markdown, latex or rst, not '\(markupName)'")
        }
        let expected = try Self.stringList(o, "expectedInputLanguages")
        let asked = try Self.string(o, "language") ?? expected.first ?? "en-US"
        // One check for every front end: a tag of an installed language, never a path.
        guard let language = WritingToolsChecker.installedLanguage(for: asked) else {
            throw .bad(WritingToolsChecker.unknownLanguageMessage(asked) + " (see /v2/languages)")
        }
        var options: WritingToolsResultOptions = []
        if let list = o["resultOptions"], !(list is NSNull) {
            guard let names = list as? [String] else { throw .bad("'resultOptions' must be a list of plainText, richText, list, table, presentationIntent") }
            for name in names {
                switch name {
                case "plainText": options.insert(.plainText)
                case "richText": options.insert(.richText)
                case "list": options.insert(.list)
                case "table": options.insert(.table)
                case "presentationIntent": options.insert(.presentationIntent)
                default: throw .bad("Unknown result option '\(name)': use plainText, richText, list, table, presentationIntent")
                }
            }
        }
        // What the caller accepts decides what a result may be (Apple's allowed result
        // options): a caller that lists its options without tables gets no table (422
        // unsupported_result); one that lists none accepts what the tool it asked for makes.
        let callerChose = !options.isEmpty
        if options.isEmpty {
            // Plain text by default; Markdown input gets Markdown results (lists and tables).
            options = markup == .markdown ? [.plainText, .richText, .list, .table] : [.plainText]
        }
        if !callerChose && tool.asksForTable { options.formUnion([.richText, .table]) }
        if tool == .list || tool == .keyPoints { options.formUnion([.richText, .list]) }
        let engineName = try Self.string(o, "engine") ?? "auto"
        guard let engine = EngineChoice(rawValue: engineName) else { throw .bad("'engine' must be auto, builtin or model, not '\(engineName)'") }
        if engine == .model && !models.isConfigured {
            throw APIError(status: 400, code: "no_model", message: "No language model is configured: start 'writing-tools serve' with --provider and --model (or a configuration file), or use engine builtin")
        }
        return ToolInput(tool: tool, text: text, range: range, protectedRanges: protected, markup: markup, language: language,
                         resultOptions: options, engine: engine, stream: try Self.bool(o, "stream") ?? false)
    }

    private static func stringList(_ o: [String: Any], _ key: String) throws(APIError) -> [String] {
        guard let v = o[key], !(v is NSNull) else { return [] }
        guard let list = v as? [String] else { throw .bad("'\(key)' must be a list of strings") }
        return list
    }

    /// The `"length"` of a Summary or Key Points request (`short`, `medium`, `long`: the web
    /// Summarizer's values; absent or null: nil, the default, medium).
    /// - Throws: 400 for another value, or a length given to another tool.
    static func summaryLength(_ o: [String: Any], tool: WritingTool) throws(APIError) -> SummaryLength? {
        guard let name = try string(o, "length") else { return nil }
        guard let length = SummaryLength(rawValue: name) else { throw .bad("'length' must be short, medium or long, not '\(name)'") }
        guard tool == .summary || tool == .keyPoints else { throw .bad("'length' is for summary and key-points, not \(tool.commandName)") }
        return length
    }

    /// A tool by its wire name; `describe` needs an instruction.
    static func tool(named name: String, instruction: String?) throws(APIError) -> WritingTool {
        switch name {
        case "proofread": return .proofread
        case "rewrite": return .rewrite
        case "friendly": return .friendly
        case "professional": return .professional
        case "concise": return .concise
        case "summary": return .summary
        case "key-points": return .keyPoints
        case "list": return .list
        case "table": return .table
        case "describe":
            guard let i = instruction?.trimmingCharacters(in: .whitespacesAndNewlines), !i.isEmpty else {
                throw .bad("The describe tool needs an 'instruction' (e.g. \"make it shorter\")")
            }
            return .describeYourChange(instruction: i)
        default:
            throw APIError(status: 404, code: "unknown_tool", message: "Unknown tool '\(name)'; the tools are \(toolNames.joined(separator: ", "))")
        }
    }

    /// Streaming asked for: `"stream": true`, `?stream=true`, or `Accept: text/event-stream`.
    static func wantsStream(_ request: HTTPRequest, _ input: ToolInput) -> Bool {
        wantsStream(request, asked: input.stream)
    }

    /// Streaming asked for: `asked` (the body's `"stream": true`), `?stream=true`, or
    /// `Accept: text/event-stream`.
    static func wantsStream(_ request: HTTPRequest, asked: Bool) -> Bool {
        asked || request.query.split(separator: "&").contains { $0 == "stream=true" || $0 == "stream=1" }
            || (request.header("accept")?.contains("text/event-stream") ?? false)
    }

    // MARK: One-shot tools

    /// `POST /api/tools/{tool}`.
    func tool(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        do {
            let o = try Self.object(request)
            let tool = try Self.tool(named: name, instruction: try Self.instruction(o))
            var input = try self.input(o, tool: tool)
            input.length = try Self.summaryLength(o, tool: tool)
            return run(input, stream: Self.wantsStream(request, input)) { outcome in outcome.json }
        } catch {
            return .apiError(error)
        }
    }

    /// `POST /api/proofread`, `/api/rewrite`, `/api/summarize`: the web's Proofreader, Rewriter
    /// and Summarizer (WICG writing-assistance APIs), their options and answer fields.
    func webAPI(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        do {
            let o = try Self.object(request)
            switch name {
            case "proofread":
                let input = try self.input(o, tool: .proofread)
                return run(input, stream: false) { outcome in
                    ["correctedInput": outcome.text, "corrections": outcome.corrections.map { c in
                        ["startIndex": c.start, "endIndex": c.end, "correction": c.correction, "types": c.types,
                         "explanation": c.explanation, "ruleId": c.ruleID]
                    }, "engine": outcome.engine, "notices": outcome.notices]
                }
            case "rewrite":
                let tone = try Self.string(o, "tone") ?? "as-is"
                let length = try Self.string(o, "length") ?? "as-is"
                let format = try Self.string(o, "format") ?? "as-is"
                guard ["as-is", "more-formal", "more-casual"].contains(tone) else { throw APIError.bad("'tone' must be as-is, more-formal or more-casual") }
                guard ["as-is", "shorter", "longer"].contains(length) else { throw APIError.bad("'length' must be as-is, shorter or longer") }
                guard ["as-is", "plain-text", "markdown"].contains(format) else { throw APIError.bad("'format' must be as-is, plain-text or markdown") }
                var asks: [String] = []
                if tone == "more-formal" { asks.append("more formal") }
                if tone == "more-casual" { asks.append("more casual") }
                if length == "shorter" { asks.append("shorter") }
                if length == "longer" { asks.append("longer") }
                let tool: WritingTool
                if asks.count > 1 || length == "longer" {
                    tool = .describeYourChange(instruction: "Make it " + asks.joined(separator: " and "))
                } else if tone == "more-formal" { tool = .professional }
                else if tone == "more-casual" { tool = .friendly }
                else if length == "shorter" { tool = .concise }
                else { tool = .rewrite }
                var input = try self.input(o, tool: tool)
                if format == "markdown" { input.markup = .markdown; input.resultOptions = [.plainText, .richText, .list, .table] }
                if format == "plain-text" { input.resultOptions = [.plainText] }
                return run(input, stream: Self.wantsStream(request, input)) { outcome in
                    ["output": outcome.output, "tool": outcome.tool, "edits": outcome.editsJSON, "engine": outcome.engine, "notices": outcome.notices]
                }
            default:
                let type = try Self.string(o, "type") ?? "key-points"
                let length = try Self.string(o, "length") ?? "short"
                let format = try Self.string(o, "format") ?? "markdown"
                guard ["tldr", "key-points", "teaser", "headline"].contains(type) else { throw APIError.bad("'type' must be tldr, key-points, teaser or headline") }
                guard ["short", "medium", "long"].contains(length) else { throw APIError.bad("'length' must be short, medium or long") }
                guard ["plain-text", "markdown"].contains(format) else { throw APIError.bad("'format' must be plain-text or markdown") }
                let size = ["short": 0, "medium": 1, "long": 2][length]!
                var input: ToolInput
                switch type {
                case "key-points":
                    input = try self.input(o, tool: .keyPoints)
                    input.builtin.maxKeyPoints = [3, 5, 7][size]
                    input.length = SummaryLength(rawValue: length)
                case "tldr":
                    input = try self.input(o, tool: .summary)
                    input.builtin.maxSummarySentences = [1, 3, 5][size]
                    input.length = SummaryLength(rawValue: length)
                case "teaser":
                    // The built-in engine's teaser: its summary's 1, 3 or 5 sentences, as a tldr
                    // (the Summarizer's sizes). A model is asked for its summary at that length:
                    // a result, which may leave code and links out. (It was asked to write a
                    // teaser as Describe-your-change, an edit of the text, which must give back
                    // every protected span: a model's teaser of a text with code was refused.)
                    input = try self.input(o, tool: .summary)
                    input.builtin.maxSummarySentences = [1, 3, 5][size]
                    input.length = SummaryLength(rawValue: length)
                default:
                    // headline: one sentence of about 12, 17 or 22 words (the Summarizer's
                    // sizes); a trial's headline was the medium summary, two paragraphs. A
                    // model is asked for its short summary, a result, as for a teaser.
                    let words = [12, 17, 22][size]
                    input = try self.input(o, tool: .summary)
                    input.builtin.maxSummarySentences = 1
                    input.builtin.headlineWords = words
                    input.length = .short
                }
                input.resultOptions = format == "markdown" ? [.plainText, .richText, .list] : [.plainText]
                return run(input, stream: Self.wantsStream(request, input)) { outcome in
                    ["output": outcome.output, "tool": outcome.tool, "type": type, "note": outcome.note ?? NSNull(), "engine": outcome.engine,
                     "notices": outcome.notices]
                }
            }
        } catch {
            return .apiError(error)
        }
    }

    /// Runs a one-shot tool: the built-in engine on the worker thread, a model without holding
    /// one (deferred, or streamed as Server-Sent Events).
    private func run(_ input: ToolInput, stream: Bool, answer: @escaping @Sendable (ToolOutcome) -> [String: Any]) -> HTTPResponse {
        let engine = resolveEngine(input)
        if stream {
            return streamed(input, engine: engine, answer: answer)
        }
        switch engine {
        case .builtin:
            do {
                let outcome = try runBuiltin(input)
                return .jsonValue(answer(outcome))
            } catch {
                return .apiError(error)
            }
        case .model:
            return .deferred { [self] in
                do {
                    let outcome = try await runModel(input, onEvent: { _ in })
                    return .jsonValue(answer(outcome))
                } catch {
                    return .apiError(Self.apiError(error))
                }
            }
        }
    }

    enum ResolvedEngine { case builtin, model }

    private func resolveEngine(_ input: ToolInput) -> ResolvedEngine {
        switch input.engine {
        case .builtin: return .builtin
        case .model: return .model
        case .auto: return models.isConfigured ? .model : .builtin
        }
    }

    /// A new service session for `input`.
    func serviceSession(_ input: ToolInput) -> WritingToolsServiceSession {
        WritingToolsServiceSession(tool: input.tool, text: input.text, range: input.range, protectedRanges: input.protectedRanges,
                                   markup: input.markup, resultOptions: input.resultOptions, language: input.language,
                                   length: input.length)
    }

    /// The request as the engine gets it (the user dictionary's words for Proofread), stopped
    /// at its next paragraph when the client closes its connection (on a check thread:
    /// ``HTTPServer/clientLeftTest``, as a `/v2/check` stops).
    private func prepared(_ r: ToolRequest) -> ToolRequest {
        var r = r
        if r.tool == .proofread { r.userWords = dictionary.words() }
        r.shouldStop = HTTPServer.clientLeftTest
        return r
    }

    /// The answer to a run stopped because its client left (nobody reads it; `/metrics` counts
    /// it as abandoned).
    static let clientLeft = APIError(status: 499, code: "cancelled", message: "The client closed the connection; the run was stopped")

    /// Drives `session` from `first` with the built-in engine until it rests.
    func driveBuiltin(_ session: inout WritingToolsServiceSession, _ first: ToolRequest?, configuration: BuiltInToolEngine.Configuration) throws(APIError) {
        let engine = BuiltInToolEngine(configuration: configuration)
        var next = first
        while let r = next {
            do {
                beforeBuiltinRun?(r.text)
                let events = try engine.events(for: prepared(r))
                next = try session.engineFinished(events)
            } catch is CancellationError {
                // The client left while the tool ran: the session gets its engine's failure (it
                // is as before the run), the run's answer is for nobody.
                _ = try? session.engineFailed("cancelled")
                throw Self.clientLeft
            } catch let e as WritingToolsSessionError {
                throw Self.apiError(e, model: false)
            } catch {
                do { next = try session.engineFailed(Self.engineMessage(error)) } catch { throw Self.apiError(error, model: false) }
            }
        }
    }

    /// Drives `session` from `first` on the configured model until it rests; `onEvent` sees
    /// each engine event as it arrives.
    func driveModel(_ session: inout WritingToolsServiceSession, _ first: ToolRequest?,
                    onEvent: @escaping @Sendable (ToolEvent) -> Void) async throws(APIError) {
        var next = first
        while let r = next {
            let events: [ToolEvent]
            do {
                events = try await models.run(prepared(r), onEvent: onEvent)
            } catch is CancellationError {
                // The session takes the run's end in (a session's rewrite under review is shown
                // again), so it is usable when it is checked back in: a client that left during
                // "rewrite again" left it busy for good (break-it trial, session 49).
                _ = try? session.engineFailed("cancelled: the client went away")
                throw APIError(status: 499, code: "cancelled", message: "The client went away; the model request was cancelled")
            } catch let e as ModelQueueFull {
                _ = try? session.engineFailed(e.description)
                throw Self.apiError(e, model: true)
            } catch {
                do { next = try session.engineFailed(Self.engineMessage(error)) } catch { throw Self.apiError(error, model: true) }
                continue
            }
            do { next = try session.engineFinished(events) } catch { throw Self.apiError(error, model: true) }
        }
    }

    func runBuiltin(_ input: ToolInput) throws(APIError) -> ToolOutcome {
        var session = serviceSession(input)
        let first: ToolRequest?
        do { first = try session.start() } catch { throw Self.apiError(error, model: false) }
        try driveBuiltin(&session, first, configuration: input.builtin)
        return ToolOutcome(session, input: input, engine: "builtin")
    }

    func runModel(_ input: ToolInput, onEvent: @escaping @Sendable (ToolEvent) -> Void) async throws(APIError) -> ToolOutcome {
        var session = serviceSession(input)
        let first: ToolRequest?
        do { first = try session.start() } catch { throw Self.apiError(error, model: true) }
        try await driveModel(&session, first, onEvent: onEvent)
        return ToolOutcome(session, input: input, engine: "model")
    }

    /// The engine's message without the session's prefix.
    static func engineMessage(_ error: Error) -> String {
        if let e = error as? ToolError { return e.description }
        if let e = error as? LanguageModelError { return "\(e)" }
        return "\(error)"
    }

    /// An API error for what a run threw.
    static func apiError(_ error: Error, model: Bool = false) -> APIError {
        if let e = error as? APIError { return e }
        if let e = error as? WritingToolsSessionError {
            switch e {
            case let .engineFailed(m):
                if m == "cancelled" { return APIError(status: 499, code: "cancelled", message: "The request was cancelled") }
                return model ? APIError(status: 502, code: "model_failed", message: m)
                             : APIError(status: 422, code: "tool_failed", message: m)
            case .protectedTextChanged:
                return APIError(status: 422, code: "protected_text", message: e.description)
            case let .unsupportedResult(m):
                return APIError(status: 422, code: "unsupported_result", message: m)
            case let .invalidState(m):
                return APIError(status: 409, code: "invalid_state", message: m)
            default:
                return APIError(status: 422, code: "tool_failed", message: e.description)
            }
        }
        if let e = error as? ModelQueueFull { return APIError(status: 503, code: "model_busy", message: e.description) }
        return APIError(status: model ? 502 : 500, code: model ? "model_failed" : "internal", message: "\(error)")
    }

    // MARK: Streaming

    /// Server-Sent Events: `start`, then `chunk` (`{"text":…}`: a piece of the new text that has
    /// passed the output contract), `notice`, and `result` (the same JSON as without streaming)
    /// or `error` (`{"error":{code,message}}`). The model request is cancelled when the client
    /// goes away.
    private func streamed(_ input: ToolInput, engine: ResolvedEngine, answer: @escaping @Sendable (ToolOutcome) -> [String: Any]) -> HTTPResponse {
        let headers = [("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no")]
        let startEvent = serverSentEvent("start", jsonBytes(["tool": input.tool.commandName, "engine": engine == .model ? "model" : "builtin"]))
        if engine == .builtin {
            // The built-in engine answers at once: the whole stream in one body.
            var body = startEvent
            do {
                let outcome = try runBuiltin(input)
                for c in outcome.chunks { body += serverSentEvent("chunk", jsonBytes(["text": c])) }
                for n in outcome.notices { body += serverSentEvent("notice", jsonBytes(["message": n])) }
                body += serverSentEvent("result", jsonBytes(answer(outcome)))
            } catch {
                let e = Self.apiError(error)
                body += serverSentEvent("error", jsonBytes(["error": ["code": e.code, "message": e.message]]))
            }
            return HTTPResponse(status: 200, contentType: "text/event-stream", body: body, headers: headers)
        }
        let stream = HTTPStream()
        stream.write(startEvent)
        // On the server's threads for deferred work (``HTTPServer/deferredWork``), as every
        // model run: this runs in pooled work, which sets the preference.
        let task = Task(executorPreference: PreferredExecutor.current) { [self] in
            do {
                let outcome = try await runModel(input) { event in
                    switch event {
                    case let .rewrittenText(t): stream.write(serverSentEvent("chunk", jsonBytes(["text": t])))
                    case let .notice(n): stream.write(serverSentEvent("notice", jsonBytes(["message": n])))
                    default: break
                    }
                }
                stream.write(serverSentEvent("result", jsonBytes(answer(outcome))))
            } catch {
                let e = Self.apiError(error, model: true)
                stream.write(serverSentEvent("error", jsonBytes(["error": ["code": e.code, "message": e.message]])))
            }
            stream.finish()
        }
        return Self.eventStreamResponse(stream, running: task, headers: headers)
    }

    /// The response of a Server-Sent Events `stream` that `task` writes: a comment line every
    /// 2 s while the model is silent, so a client that went away is noticed (the library sees no
    /// disconnect while the connection waits for data); closing the stream cancels `task` (and
    /// with it the model request) and the heartbeat.
    static func eventStreamResponse(_ stream: HTTPStream, running task: Task<Void, Never>, headers: [(String, String)]) -> HTTPResponse {
        let heartbeat = Task(executorPreference: PreferredExecutor.current) {
            while !Task.isCancelled && !stream.isClosed {
                try? await Task.sleep(for: .seconds(2))
                stream.write(": keep-alive\n\n")
            }
        }
        stream.onClose {
            task.cancel()
            heartbeat.cancel()
        }
        return HTTPResponse(status: 200, contentType: "text/event-stream", body: [], headers: headers, stream: stream)
    }

    // MARK: Sessions

    /// `POST /api/sessions`: `{"tool":…, "text":…, …}` → 201 and the session.
    func createSession(_ request: HTTPRequest) -> HTTPResponse {
        let input: ToolInput
        do {
            let o = try Self.object(request)
            guard let name = try Self.string(o, "tool") else { throw APIError.bad("Missing 'tool': one of \(Self.toolNames.joined(separator: ", "))") }
            let tool = try Self.tool(named: name, instruction: try Self.instruction(o))
            var i = try self.input(o, tool: tool)
            i.length = try Self.summaryLength(o, tool: tool)
            input = i
        } catch {
            return .apiError(error)
        }
        let engine = resolveEngine(input)
        var session = serviceSession(input)
        let first: ToolRequest?
        do { first = try session.start() } catch { return .apiError(Self.apiError(error)) }
        if Self.wantsStream(request, input) {
            let started = session
            return sessionStream(tool: input.tool.commandName, engine: engine, builtin: { [self] () throws(APIError) -> WritingToolsServiceSession in
                var s = started
                try driveBuiltin(&s, first, configuration: input.builtin)
                return s
            }, model: { [self] onEvent throws(APIError) -> WritingToolsServiceSession in
                var s = started
                try await driveModel(&s, first, onEvent: onEvent)
                return s
            }, finish: { [self] s throws(APIError) -> [String: Any] in
                switch sessions.add(SessionEntry(session: s, engine: engine, builtin: input.builtin)) {
                case let .success(id): return Self.sessionJSON(id, s, engine: engine)
                case let .failure(e): throw e
                }
            })
        }
        switch engine {
        case .builtin:
            do { try driveBuiltin(&session, first, configuration: input.builtin) } catch { return .apiError(error) }
            return store(session, input: input, engine: engine)
        case .model:
            let started = session
            return .deferred { [self] in
                var s = started
                do { try await driveModel(&s, first, onEvent: { _ in }) } catch { return .apiError(error) }
                return store(s, input: input, engine: engine)
            }
        }
    }

    private func store(_ session: WritingToolsServiceSession, input: ToolInput, engine: ResolvedEngine) -> HTTPResponse {
        switch sessions.add(SessionEntry(session: session, engine: engine, builtin: input.builtin)) {
        case let .success(id): return .jsonValue(Self.sessionJSON(id, session, engine: engine), status: 201)
        case let .failure(e): return .apiError(e)
        }
    }

    func sessionState(_ id: String) -> HTTPResponse {
        switch sessions.peek(id) {
        case let .success(entry): return .jsonValue(Self.sessionJSON(id, entry.session, engine: entry.engine))
        case let .failure(e): return .apiError(e)
        }
    }

    func deleteSession(_ id: String) -> HTTPResponse {
        switch sessions.remove(id) {
        case .success: return HTTPResponse(status: 204, contentType: "application/json", body: [])
        case let .failure(e): return .apiError(e)
        }
    }

    /// The body of `POST /api/sessions/{id}/edit`: `{"start":S,"end":E,"text":T}`, UTF-16 of the
    /// session's text as it stands (bounds checked against it by the caller).
    static func hostEdit(_ o: [String: Any]) throws(APIError) -> (range: NSRange, text: String) {
        guard let s = offset(o["start"]), let e = offset(o["end"]), s >= 0, s <= e else {
            throw .bad("An edit is {\"start\":S,\"end\":E,\"text\":\"…\"}: the UTF-16 range of the session's text the host replaced, and what it put there")
        }
        guard let t = try string(o, "text") else { throw .bad("An edit needs 'text' (\"\" for a deletion)") }
        return (NSRange(location: s, length: e - s), t)
    }

    /// A session run answered as Server-Sent Events (`"stream": true` on `POST /api/sessions`,
    /// `…/rewrite-again`, `…/refine`): `start`, `chunk` (each piece of the new text once it passed
    /// the output contract), `notice`, then `result` with the session's JSON, or `error`.
    /// `builtin` or `model` runs the engine to rest; `finish` stores the session and gives its JSON.
    private func sessionStream(tool: String, engine: ResolvedEngine,
                               builtin: @escaping @Sendable () throws(APIError) -> WritingToolsServiceSession,
                               model: @escaping @Sendable (@escaping @Sendable (ToolEvent) -> Void) async throws(APIError) -> WritingToolsServiceSession,
                               finish: @escaping @Sendable (WritingToolsServiceSession) throws(APIError) -> [String: Any]) -> HTTPResponse {
        let headers = [("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no")]
        let startEvent = serverSentEvent("start", jsonBytes(["tool": tool, "engine": engine == .model ? "model" : "builtin"]))
        func errorEvent(_ error: Error) -> [UInt8] {
            let e = Self.apiError(error, model: engine == .model)
            return serverSentEvent("error", jsonBytes(["error": ["code": e.code, "message": e.message]]))
        }
        if engine == .builtin {
            var body = startEvent
            do {
                let s = try builtin()
                // The built-in engine answers at once: the new version whole, as one chunk.
                if s.kind == .composition, s.versions.count > 1, let last = s.versions.last {
                    body += serverSentEvent("chunk", jsonBytes(["text": last]))
                }
                for n in s.notices { body += serverSentEvent("notice", jsonBytes(["message": n])) }
                body += serverSentEvent("result", jsonBytes(try finish(s)))
            } catch {
                body += errorEvent(error)
            }
            return HTTPResponse(status: 200, contentType: "text/event-stream", body: body, headers: headers)
        }
        let stream = HTTPStream()
        stream.write(startEvent)
        let task = Task(executorPreference: PreferredExecutor.current) {
            do {
                let s = try await model { event in
                    switch event {
                    case let .rewrittenText(t): stream.write(serverSentEvent("chunk", jsonBytes(["text": t])))
                    case let .notice(n): stream.write(serverSentEvent("notice", jsonBytes(["message": n])))
                    default: break
                    }
                }
                stream.write(serverSentEvent("result", jsonBytes(try finish(s))))
            } catch {
                stream.write(errorEvent(error))
            }
            stream.finish()
        }
        return Self.eventStreamResponse(stream, running: task, headers: headers)
    }

    /// `POST /api/sessions/{id}/suggestions/{n}/accept|reject|revert`.
    func suggestionAction(_ id: String, _ n: String, _ action: String) -> HTTPResponse {
        guard let k = Int(n) else { return .apiError(APIError.bad("The suggestion id must be a number, not '\(n)'")) }
        guard ["accept", "reject", "revert"].contains(action) else {
            return .apiError(APIError(status: 404, code: "not_found", message: "Unknown suggestion action '\(action)': use accept, reject or revert"))
        }
        return sessions.update(id) { entry throws(APIError) in
            do {
                switch action {
                case "accept": try entry.session.accept(k)
                case "reject": try entry.session.reject(k)
                default: try entry.session.revert(k)
                }
            } catch { throw Self.apiError(error) }
        }.map { id, entry in Self.sessionJSON(id, entry.session, engine: entry.engine) }.response
    }

    /// `POST /api/sessions/{id}/{action}`: accept-all, show-original, show-rewritten,
    /// rewrite-again, refine (`{"instruction":…}`), finish (`{"accept":true|false}`).
    func sessionAction(_ id: String, _ action: String, _ request: HTTPRequest) -> HTTPResponse {
        let o: [String: Any]
        do { o = try Self.object(request) } catch { return .apiError(error) }
        switch action {
        case "accept-all", "show-original", "show-rewritten", "finish", "undo", "edit":
            let accept: Bool
            var edit: (range: NSRange, text: String)?
            do {
                accept = try Self.bool(o, "accept") ?? true
                if action == "edit" { edit = try Self.hostEdit(o) }
            } catch { return .apiError(error) }
            return sessions.update(id) { entry throws(APIError) in
                do {
                    switch action {
                    case "accept-all": try entry.session.acceptAll()
                    case "show-original": try entry.session.showOriginal()
                    case "show-rewritten": try entry.session.showRewritten()
                    case "undo":
                        guard try entry.session.undo() != nil else { throw APIError(status: 409, code: "invalid_state", message: "No decision to undo") }
                    case "edit":
                        let n = entry.session.text.utf16.count
                        guard let e = edit, NSMaxRange(e.range) <= n else {
                            throw APIError.bad("The edit \(edit?.range.location ?? 0)..<\(NSMaxRange(edit?.range ?? NSRange())) is not inside the session's text (\(n) UTF-16 code units)")
                        }
                        // Inside a surrogate pair (an emoji): 400, as every range a request gives.
                        _ = try Self.range(["start": e.range.location, "end": NSMaxRange(e.range)], "edit", in: OffsetConverter(entry.session.text))
                        try entry.session.hostEdited(range: e.range, text: e.text)
                    default: try entry.session.finish(accepting: accept)
                    }
                } catch { throw Self.apiError(error) }
            }.map { id, entry in Self.sessionJSON(id, entry.session, engine: entry.engine) }.response
        case "rewrite-again", "refine":
            let instruction: String?
            do { instruction = try Self.instruction(o) } catch { return .apiError(error) }
            if action == "refine" && (instruction?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true) {
                return .apiError(APIError.bad("refine needs an 'instruction' (e.g. \"make it shorter\")"))
            }
            // The engine runs with the session checked out (another action meanwhile: 409).
            let checkedOut: SessionEntry
            switch sessions.checkOut(id) {
            case let .success(e): checkedOut = e
            case let .failure(e): return .apiError(e)
            }
            var entry = checkedOut
            let first: ToolRequest?
            do {
                first = action == "refine" ? try entry.session.refine(instruction!) : try entry.session.rewriteAgain()
            } catch {
                sessions.checkIn(id, checkedOut)
                return .apiError(Self.apiError(error))
            }
            if Self.wantsStream(request, asked: (try? Self.bool(o, "stream")) == true) {
                let prepared = entry
                // The session stays checked out until the stream's last event (another action meanwhile: 409).
                return sessionStream(tool: prepared.session.configuration.tool.commandName, engine: prepared.engine, builtin: { [self] () throws(APIError) -> WritingToolsServiceSession in
                    var s = prepared.session
                    do { try driveBuiltin(&s, first, configuration: prepared.builtin) } catch {
                        sessions.checkIn(id, SessionEntry(session: s, engine: prepared.engine, builtin: prepared.builtin))
                        throw Self.apiError(error)
                    }
                    return s
                }, model: { [self] onEvent throws(APIError) -> WritingToolsServiceSession in
                    var s = prepared.session
                    do { try await driveModel(&s, first, onEvent: onEvent) } catch {
                        sessions.checkIn(id, SessionEntry(session: s, engine: prepared.engine, builtin: prepared.builtin))
                        throw Self.apiError(error)
                    }
                    return s
                }, finish: { [self] s throws(APIError) -> [String: Any] in
                    if let refusal = sessions.checkIn(id, SessionEntry(session: s, engine: prepared.engine, builtin: prepared.builtin), before: checkedOut) {
                        throw refusal
                    }
                    return Self.sessionJSON(id, s, engine: prepared.engine)
                })
            }
            if entry.engine == .builtin {
                var failure: APIError?
                do { try driveBuiltin(&entry.session, first, configuration: entry.builtin) } catch { failure = Self.apiError(error) }
                if let refusal = sessions.checkIn(id, entry, before: failure == nil ? checkedOut : nil) { return .apiError(refusal) }
                if let failure { return .apiError(failure) }
                return .jsonValue(Self.sessionJSON(id, entry.session, engine: entry.engine))
            }
            let prepared = entry
            return .deferred { [self] in
                var e = prepared
                var failure: APIError?
                do { try await driveModel(&e.session, first, onEvent: { _ in }) } catch { failure = Self.apiError(error) }
                if let refusal = sessions.checkIn(id, e, before: failure == nil ? checkedOut : nil) { return .apiError(refusal) }
                if let failure { return .apiError(failure) }
                return .jsonValue(Self.sessionJSON(id, e.session, engine: e.engine))
            }
        default:
            return .apiError(APIError(status: 404, code: "not_found",
                                      message: "Unknown session action '\(action)': use accept-all, undo, edit, show-original, show-rewritten, rewrite-again, refine or finish"))
        }
    }

    /// The session as JSON (see docs/http-api.md, `Session`).
    static func sessionJSON(_ id: String, _ s: WritingToolsServiceSession, engine: ResolvedEngine) -> [String: Any] {
        let kind: String
        switch s.kind {
        case .proofreading: kind = "proofreading"
        case .composition: kind = "composition"
        case .result: kind = "result"
        }
        var original = [Int: (Int, Int)]()
        var originalText = s.originalText
        if s.kind == .proofreading || (s.kind == .composition && !s.suggestions.isEmpty) {
            // The text before the session's own changes, with the host's edits (`/edit`) in it,
            // as Apple's context after `updateRange`: what `finish` with accept:false returns.
            // Every suggestion's original range points into it (a rejected one's too: the
            // break-it trial found a rewrite's rejected edit pointing at its current place).
            let base = ToolOutcome.editedBase(s)
            originalText = base.text
            original = base.ranges
        } else {
            if s.kind == .composition, let first = s.versions.first, s.versions.count > 1,
               let edited = try? s.session.text.applying([TextEdit(range: s.session.range, replacement: first)]) {
                // The rewrite's original with the host's edits: what cancelling gives.
                originalText = edited
            }
            for c in ToolOutcome.corrections(s) { original[c.id] = (c.start, c.end) }
        }
        let suggestions: [[String: Any]] = s.suggestions.map { g in
            let state: String
            switch g.state {
            case .pending, .reviewing: state = "pending"
            case .accepted: state = "accepted"
            case .rejected: state = "rejected"
            case .invalid: state = "invalid"
            }
            let o = original[g.id] ?? (g.range.location, NSMaxRange(g.range))
            return ["id": g.id, "startIndex": g.range.location, "endIndex": NSMaxRange(g.range), "original": g.originalText,
                    "replacement": g.replacement, "explanation": g.explanation, "ruleId": g.ruleID, "types": ToolOutcome.types(g.ruleID),
                    "state": state, "applied": g.isApplied, "originalStartIndex": o.0, "originalEndIndex": o.1]
        }
        var shown: Any = NSNull()
        if s.kind == .composition && s.versions.count > 1 { shown = s.shownVersion == 0 ? "original" : "rewritten" }
        return [
            "id": id, "tool": s.configuration.tool.commandName, "kind": kind, "engine": engine == .model ? "model" : "builtin",
            "ended": s.hasEnded, "text": s.text, "originalText": originalText,
            "range": ["start": s.session.range.location, "end": NSMaxRange(s.session.range)],
            "shown": shown, "versions": s.versions, "suggestions": suggestions,
            "result": s.result.map(ToolOutcome.resultJSON) ?? NSNull(), "notices": s.notices,
            "finalText": s.hasEnded ? s.text : NSNull(), "canUndo": s.canUndo,
        ]
    }
}

/// What a one-shot run gives, in every shape the endpoints answer with.
struct ToolOutcome: Sendable {
    struct Correction: Sendable {
        var id: Int
        /// UTF-16 range in the input text.
        var start: Int
        var end: Int
        var original: String
        var correction: String
        var types: [String]
        var explanation: String
        var ruleID: String
    }
    var tool: String
    var engine: String
    /// The whole text after the tool (unchanged for result tools).
    var text: String
    /// The new text of the range (rewrites, corrections) or the result's text (summary, list…).
    var output: String
    var changed: Bool
    var result: ToolResult?
    var corrections: [Correction]
    var notices: [String]
    /// The new text of the range in the pieces the engine produced (for a stream).
    var chunks: [String]

    init(_ s: WritingToolsServiceSession, input: ToolInput, engine: String) {
        tool = input.tool.commandName
        self.engine = engine
        text = s.text
        result = s.result
        corrections = Self.corrections(s)
        notices = s.notices
        changed = s.text != input.text
        if let r = s.result {
            output = r.text
        } else {
            // The range's new text: the text minus what lies before and after the range.
            // The text outside the range is the same in the session's text and in ``text``.
            let units = Array(s.text.utf16)
            let before = s.session.range.location
            let after = s.session.utf16.count - NSMaxRange(s.session.range)
            output = units.count >= before + after ? String(decoding: units[before..<(units.count - after)], as: UTF16.self) : s.text
        }
        chunks = output.isEmpty ? [] : [output]
    }

    var note: String? { result?.note }

    /// The answer of `/api/tools/{tool}`.
    var json: [String: Any] {
        ["tool": tool, "engine": engine, "text": text, "output": output, "changed": changed,
         "result": result.map(Self.resultJSON) ?? NSNull(), "edits": editsJSON, "notices": notices]
    }

    var editsJSON: [[String: Any]] {
        corrections.map { c in
            ["id": c.id, "startIndex": c.start, "endIndex": c.end, "original": c.original, "correction": c.correction,
             "types": c.types, "explanation": c.explanation, "ruleId": c.ruleID]
        }
    }

    static func resultJSON(_ r: ToolResult) -> [String: Any] {
        ["kind": r.kind.rawValue, "text": r.text, "note": r.note ?? NSNull()]
    }

    /// A proofreading session's text with its own applied corrections taken back and the
    /// host's edits kept (a suggestion the host's edit touched, `invalid`, holds what the host
    /// left); `ranges` maps each suggestion id to its UTF-16 range in that text.
    static func editedBase(_ s: WritingToolsServiceSession) -> (text: String, ranges: [Int: (Int, Int)]) {
        let units = Array(s.text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var ranges: [Int: (Int, Int)] = [:]
        var cursor = 0
        for g in s.suggestions.sorted(by: { $0.range.location < $1.range.location }) {
            let lo = min(max(g.range.location, cursor), units.count), hi = min(max(NSMaxRange(g.range), lo), units.count)
            out += units[cursor..<lo]
            let start = out.count
            if g.isApplied && g.state != .invalid { out += g.originalText.utf16 } else { out += units[lo..<hi] }
            ranges[g.id] = (start, out.count)
            cursor = hi
        }
        out += units[cursor...]
        return (String(decoding: out, as: UTF16.self), ranges)
    }

    /// The applied, non-rejected suggestions or edits of `s`, their ranges in the text the
    /// review started from (the input), document order.
    static func corrections(_ s: WritingToolsServiceSession) -> [Correction] {
        var out: [Correction] = []
        var delta = 0
        for g in s.suggestions {
            let originalLength = g.originalText.utf16.count
            let start = g.range.location - delta
            if g.isApplied {
                delta += g.replacement.utf16.count - originalLength
                out.append(Correction(id: g.id, start: start, end: start + originalLength, original: g.originalText, correction: g.replacement,
                                      types: types(g.ruleID), explanation: g.explanation, ruleID: g.ruleID))
            }
            // A rejected one is listed in the session's suggestions only, not as a correction.
        }
        return out
    }

    private static let categories: [String: String] = Dictionary(WritingToolsChecker.rules.map { ($0.id, $0.categoryID) }, uniquingKeysWith: { a, _ in a })

    /// Chrome's correction types (`spelling`, `punctuation`, `capitalization`, `grammar`) for a
    /// rule, plus ours: `style` (style and wording rules), `rewrite` (an edit of a rewrite).
    static func types(_ ruleID: String) -> [String] {
        if ruleID == "SPELLING" || ruleID.hasPrefix("MORFOLOGIK") { return ["spelling"] }
        if ruleID == "REWRITE" { return ["rewrite"] }
        guard let category = categories[ruleID] else {
            // Not a proofreading rule: a rewrite's own edit (CONCISE_IN_ORDER_TO, …).
            return ["style"]
        }
        switch category {
        case "TYPOS": return ["spelling"]
        case "PUNCTUATION", "TYPOGRAPHY": return ["punctuation"]
        case "CASING": return ["capitalization"]
        case "STYLE", "REDUNDANCY", "SEMANTICS", "PLAIN_ENGLISH", "WORDINESS": return ["style"]
        default: return ["grammar"]
        }
    }
}

extension Result where Success == (String, SessionEntry), Failure == APIError {
    func map(_ body: (String, SessionEntry) -> [String: Any]) -> Result<[String: Any], APIError> {
        switch self {
        case let .success((id, e)): return .success(body(id, e))
        case let .failure(e): return .failure(e)
        }
    }
}

extension Result where Success == [String: Any], Failure == APIError {
    var response: HTTPResponse {
        switch self {
        case let .success(v): return .jsonValue(v)
        case let .failure(e): return .apiError(e)
        }
    }
}

/// One session held by the server.
struct SessionEntry: Sendable {
    var session: WritingToolsServiceSession
    var engine: WritingToolsAPI.ResolvedEngine
    var builtin: BuiltInToolEngine.Configuration
}

extension WritingToolsAPI.ResolvedEngine: Sendable {}

/// The sessions of one process, by random id: at most ``capacity``, holding at most
/// ``byteBudget`` bytes of text together (``WritingToolsServiceSession/approximateBytes``; a
/// session that would go over it is refused with 503 `sessions_memory_full` after the idle
/// ones are dropped, one larger than the whole budget with 413 `session_too_large`), each dropped after
/// ``idleSeconds`` without use (checked on every access, not only when a session is made; a
/// session running a tool does not expire meanwhile). A session being run by an engine is
/// checked out: every other action on it, reading its state and deleting it included, gets 409
/// `session_busy` meanwhile, and the run's end writes it back only into its own slot.
final class SessionStore: @unchecked Sendable {
    private struct Slot {
        var entry: SessionEntry?
        var lastUsed: Date
        /// The entry's ``WritingToolsServiceSession/approximateBytes`` (kept while checked out).
        var bytes: Int
    }
    private struct Table {
        var slots: [String: Slot] = [:]
        /// When idle sessions were last dropped.
        var purged = Date.distantPast
    }
    private let table = Mutex(Table())
    let capacity: Int
    let idleSeconds: Double
    /// The most bytes all sessions may hold together.
    let byteBudget: Int
    var metrics: ServerMetrics?

    /// Prefix of every id (`NAME-`), so that a load balancer can route a session's requests to
    /// the instance that holds it (`serve --instance NAME`); "" for none.
    let prefix: String

    /// The default ``byteBudget``: 512 MiB (`serve --session-memory`).
    static let defaultByteBudget = 512 << 20

    init(capacity: Int = 1000, idleSeconds: Double = 3600, byteBudget: Int = SessionStore.defaultByteBudget, instance: String? = nil) {
        self.capacity = capacity
        self.idleSeconds = idleSeconds
        self.byteBudget = byteBudget
        prefix = instance.map { $0 + "-" } ?? ""
    }

    static func notFound(_ id: String) -> APIError {
        APIError(status: 404, code: "no_session", message: "No session '\(id)' (it ended, expired after an hour unused, or lives on another server instance)")
    }

    static func busy(_ id: String) -> APIError {
        APIError(status: 409, code: "session_busy", message: "Session '\(id)' is running a tool; wait for that request's answer")
    }

    /// Runs `body` on the slots under the lock, idle sessions dropped first (at most every
    /// 1/10 of the idle time, and at least once a second: a look-up stays O(1) in between);
    /// the session count published when it changed.
    private func withSlots<R>(purgingNow: Bool = false, _ body: (inout [String: Slot], Date) -> R) -> R {
        let now = Date()
        let (result, count, changed) = table.withLock { t -> (R, Int, Bool) in
            let before = t.slots.count
            if purgingNow || now.timeIntervalSince(t.purged) >= min(1, idleSeconds / 10) {
                t.slots = t.slots.filter { $0.value.entry == nil || now.timeIntervalSince($0.value.lastUsed) < idleSeconds }
                t.purged = now
            }
            let r = body(&t.slots, now)
            return (r, t.slots.count, t.slots.count != before)
        }
        if changed { metrics?.sessions.store(count, ordering: .relaxed) }
        return result
    }

    func add(_ entry: SessionEntry) -> Result<String, APIError> {
        let id = prefix + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let bytes = entry.session.approximateBytes
        if bytes > byteBudget {
            return .failure(APIError(status: 413, code: "session_too_large",
                                     message: "The session would hold about \(Self.mebibytes(bytes)) of text, more than the server's budget for all sessions (\(Self.mebibytes(byteBudget)), serve --session-memory)"))
        }
        // Idle sessions are dropped first (now, not only once a second) when the new one would not fit.
        let fits = withSlots { t, _ in t.values.reduce(0) { $0 + $1.bytes } + bytes <= byteBudget }
        return withSlots(purgingNow: !fits) { t, now in
            guard t.count < capacity else {
                return .failure(APIError(status: 503, code: "too_many_sessions", message: "The server holds \(capacity) sessions; finish or delete some, or try later"))
            }
            let held = t.values.reduce(0) { $0 + $1.bytes }
            guard held + bytes <= byteBudget else {
                return .failure(APIError(status: 503, code: "sessions_memory_full",
                                         message: "The server's sessions hold \(Self.mebibytes(held)) of its \(Self.mebibytes(byteBudget)) budget (serve --session-memory) and this one needs \(Self.mebibytes(bytes)); finish or delete some, or try later"))
            }
            t[id] = Slot(entry: entry, lastUsed: now, bytes: bytes)
            return .success(id)
        }
    }

    /// `bytes` in MiB for a message ("1.5 MiB").
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }

    /// The bytes all sessions hold now.
    var bytes: Int { withSlots { t, _ in t.values.reduce(0) { $0 + $1.bytes } } }

    var count: Int { withSlots { t, _ in t.count } }

    /// The session, its use noted; 404 when there is none, 409 while it runs a tool.
    func peek(_ id: String) -> Result<SessionEntry, APIError> {
        withSlots { t, now in
            guard var slot = t[id] else { return .failure(Self.notFound(id)) }
            guard let entry = slot.entry else { return .failure(Self.busy(id)) }
            slot.lastUsed = now
            t[id] = slot
            return .success(entry)
        }
    }

    /// Forgets the session: `.success` when it was there, 404 when not, 409 while it runs a
    /// tool (the run would otherwise write it back when it ends).
    func remove(_ id: String) -> Result<Void, APIError> {
        withSlots { t, _ in
            guard let slot = t[id] else { return .failure(Self.notFound(id)) }
            guard slot.entry != nil else { return .failure(Self.busy(id)) }
            t.removeValue(forKey: id)
            return .success(())
        }
    }

    /// The refusal of session `id` grown to `bytes` (a host's edit, a rewrite's new version),
    /// nil when the sessions still fit in the budget: 413 `session_too_large` when it alone is
    /// over it, else 503 `sessions_memory_full`. Only growth is refused; idle sessions are
    /// dropped first. Called under the lock.
    private func growthRefusal(_ t: inout [String: Slot], id: String, bytes: Int, now: Date) -> APIError? {
        guard bytes > (t[id]?.bytes ?? 0) else { return nil }
        if bytes > byteBudget {
            return APIError(status: 413, code: "session_too_large",
                            message: "The session would hold about \(Self.mebibytes(bytes)) of text, more than the server's budget for all sessions (\(Self.mebibytes(byteBudget)), serve --session-memory); it is as it was before this request")
        }
        func others() -> Int { t.reduce(0) { $0 + ($1.key == id ? 0 : $1.value.bytes) } }
        if others() + bytes > byteBudget {
            t = t.filter { $0.key == id || $0.value.entry == nil || now.timeIntervalSince($0.value.lastUsed) < idleSeconds }
        }
        let held = others()
        guard held + bytes > byteBudget else { return nil }
        return APIError(status: 503, code: "sessions_memory_full",
                        message: "The server's other sessions hold \(Self.mebibytes(held)) of its \(Self.mebibytes(byteBudget)) budget (serve --session-memory) and this one would grow to \(Self.mebibytes(bytes)); it is as it was before this request: finish or delete some, or try later")
    }

    /// Applies `body` to the session under the lock; a change that would take the sessions over
    /// the memory budget is refused and the session left as it was.
    func update(_ id: String, _ body: (inout SessionEntry) throws(APIError) -> Void) -> Result<(String, SessionEntry), APIError> {
        withSlots { t, now in
            guard var slot = t[id] else { return .failure(Self.notFound(id)) }
            guard var entry = slot.entry else { return .failure(Self.busy(id)) }
            do { try body(&entry) } catch { return .failure(WritingToolsAPI.apiError(error)) }
            let bytes = entry.session.approximateBytes
            if let refusal = growthRefusal(&t, id: id, bytes: bytes, now: now) { return .failure(refusal) }
            slot.entry = entry
            slot.lastUsed = now
            slot.bytes = bytes
            t[id] = slot
            return .success((id, entry))
        }
    }

    func checkOut(_ id: String) -> Result<SessionEntry, APIError> {
        withSlots { t, now in
            guard var slot = t[id] else { return .failure(Self.notFound(id)) }
            guard let entry = slot.entry else { return .failure(Self.busy(id)) }
            slot.entry = nil
            slot.lastUsed = now
            t[id] = slot
            return .success(entry)
        }
    }

    /// Writes a checked-out session back when its run ends: only into its own slot, still
    /// checked out (never a new slot: the table's limit holds). With `before` (the session as
    /// it was checked out), a result that would take the sessions over the memory budget (a
    /// refinement's new version of a large text) is refused: `before` goes back instead, and
    /// the refusal is returned.
    @discardableResult
    func checkIn(_ id: String, _ entry: SessionEntry, before: SessionEntry? = nil) -> APIError? {
        withSlots { t, now in
            guard let slot = t[id], slot.entry == nil else { return nil }
            let bytes = entry.session.approximateBytes
            if let before, let refusal = growthRefusal(&t, id: id, bytes: bytes, now: now) {
                t[id] = Slot(entry: before, lastUsed: now, bytes: before.session.approximateBytes)
                return refusal
            }
            t[id] = Slot(entry: entry, lastUsed: now, bytes: bytes)
            return nil
        }
    }
}
