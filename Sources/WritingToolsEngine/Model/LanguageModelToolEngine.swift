import Foundation
import TextModel
import DocumentStructure
import LanguageModels

/// Runs the Writing Tools on a language model (docs/ARCHITECTURE.md, “Modules”, WritingToolsEngine; issue 4).
///
/// For every tool: the document is parsed and its protected spans (code, links, HTML, paths,
/// quotations, the host's ranges) become placeholders (``ProtectedSpanMask``); the text is cut at
/// paragraph boundaries into chunks of at most ``Configuration/chunkCharacters`` (a paragraph
/// longer than that is one chunk); each chunk is sent with the tool's prompt
/// (``PromptLibrary``), streamed back as ``ToolEvent/preview(_:)`` events, checked by the
/// ``OutputContract`` (repairs are announced as ``ToolEvent/notice(_:)``), and its placeholders
/// restored. Chunks that are only protected text and whitespace are never sent.
///
/// - Rewrite, Friendly, Professional, Concise, Describe-your-change: one
///   ``ToolEvent/rewrittenText(_:)`` per chunk, in order; their concatenation is the new text of
///   the range, with the original's whitespace between and around the chunks. A chunk whose
///   answer is rejected ends the run with ``ToolError/resultRejected(_:)``: nothing is applied.
/// - Summary, Key Points, List, Table: one ``ToolEvent/result(_:)`` shaped by the request's
///   result options like the offline engine's. A text longer than one chunk is summarised chunk
///   by chunk and the partial results summarised again (Summary, Key Points), or its parts'
///   items and rows are joined (List, Table).
/// - Proofread (hybrid; peers.md §13.1): the rule engine's suggestions, plus the model's
///   corrected text diffed into per-edit suggestions (``SuggestionProvenance/languageModel``,
///   rule ID `LANGUAGE_MODEL`). Model edits are dropped when they touch protected text, span a
///   line break, or make the rules find more problems where they apply; where a model edit and a
///   rule match overlap, the rule's suggestion stays (with the model's choice moved first when
///   it is one of the rule's replacements). A chunk whose answer is rejected keeps the rules'
///   suggestions only, with a notice.
///
/// Errors: ``ToolError/invalidRequest(_:)`` (a range outside the text),
/// ``ToolError/modelFailed(_:)`` (the model is unreachable, slow, or its stream broken: the
/// message says what to check), ``ToolError/resultRejected(_:)``, and what the rule engine
/// throws for Proofread. Cancelling the consumer cancels the model request.
public struct LanguageModelToolEngine: ToolEngine {
    /// Tuning.
    public struct Configuration: Sendable, Hashable {
        /// Most characters of text per model request (default 4,000, about 1,000 tokens: room for
        /// the prompt and the answer in a 4,096-token context).
        public var chunkCharacters: Int
        /// Sampling temperature (default 0.2).
        public var temperature: Double
        /// Whether Proofread also runs the rule engine (default true).
        public var hybridProofreading: Bool

        /// Creates a configuration.
        public init(chunkCharacters: Int = 4000, temperature: Double = 0.2, hybridProofreading: Bool = true) {
            self.chunkCharacters = max(200, chunkCharacters)
            self.temperature = temperature
            self.hybridProofreading = hybridProofreading
        }

        /// The configuration `settings` call for: their temperature, and for a llama-server we
        /// start, chunks that leave room in its context (`contextSize` tokens) for the prompt
        /// (~700 tokens) and an answer as long as the text, at about 3 characters a token; 4,000
        /// characters for other providers, whose context we do not know.
        public init(settings: ModelSettings) {
            let chunk = settings.provider == .llamaServer ? max(400, (settings.contextSize - 700) * 3 / 2) : 4000
            self.init(chunkCharacters: chunk, temperature: settings.temperature)
        }
    }

    /// The model.
    public let model: any LanguageModel
    /// The tuning.
    public var configuration: Configuration
    let offline = BuiltInToolEngine()

    /// Creates an engine on `model`.
    public init(model: any LanguageModel, configuration: Configuration = Configuration()) {
        self.model = model
        self.configuration = configuration
    }

    public func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error> {
        let engine = self
        return toolEventStream(mapError: Self.toolError) { emit in try await engine.execute(request, emit: emit) }
    }

    static func toolError(_ error: Error) -> Error {
        switch error {
        case LanguageModelError.truncated: return ToolError.resultRejected("\(LanguageModelError.truncated)")
        case let LanguageModelError.answerTooLarge(limit, what):
            return ToolError.resultRejected("\(LanguageModelError.answerTooLarge(limit: limit, what: what))")
        case let e as LanguageModelError: return ToolError.modelFailed("\(e)")
        case let v as OutputContract.Violation: return ToolError.resultRejected("\(v)")
        case is CancellationError: return ToolError.modelFailed("cancelled")
        default: return error
        }
    }

    // MARK: Preparation

    /// One piece of the masked text sent to the model: `core` (paragraphs), with the whitespace
    /// before it (first chunk only) and after it (up to the next chunk) kept aside.
    struct Chunk: Sendable {
        var lead: String
        var core: String
        var trail: String
        /// UTF-16 offset of `core` in the masked text.
        var offset: Int
        /// True when `core` has words outside placeholders.
        var hasProse: Bool
    }

    struct Prepared: Sendable {
        var range: NSRange
        var mask: ProtectedSpanMask
        var chunks: [Chunk]
        var markdown: Bool
    }

    func prepare(_ request: ToolRequest) throws -> Prepared {
        let n = request.text.utf16.count
        let r = request.range
        guard r.location >= 0, r.length >= 0, NSMaxRange(r) <= n else {
            throw ToolError.invalidRequest("range \(r.location)..<\(r.location + r.length) is outside the text (length \(n) UTF-16 units)")
        }
        for p in request.protectedRanges where p.location < 0 || p.length < 0 || NSMaxRange(p) > n {
            throw ToolError.invalidRequest("protected range \(p.location)..<\(NSMaxRange(p)) is outside the text (length \(n) UTF-16 units)")
        }
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        let quotes = doc.blocks.filter { b in
            b.intent.components.contains { if case .blockQuote = $0.kind { return true }; return false }
        }.map(\.range)
        var relative: [NSRange] = []
        for p in doc.protectedRanges.map(\.range) + request.protectedRanges + quotes {
            let i = NSIntersectionRange(p, r)
            if i.length > 0 { relative.append(NSRange(location: i.location - r.location, length: i.length)) }
        }
        let sub = request.text.substring(utf16Range: r) ?? ""
        let mask = ProtectedSpanMask(text: sub, protectedRanges: relative)
        return Prepared(range: r, mask: mask, chunks: Self.chunks(of: mask, budget: configuration.chunkCharacters),
                        markdown: request.markup == .markdown)
    }

    /// Cuts the masked text into chunks of whole paragraphs (runs of non-blank lines).
    static func chunks(of mask: ProtectedSpanMask, budget: Int) -> [Chunk] {
        let units = Array(mask.masked.utf16)
        // Paragraph ranges.
        var paragraphs: [NSRange] = []
        var i = 0
        var lineStart = 0
        var paraStart: Int?
        var paraEnd = 0
        func isBlank(_ a: Int, _ b: Int) -> Bool { units[a..<b].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        while i <= units.count {
            if i == units.count || units[i] == 0x0A {
                if isBlank(lineStart, i) {
                    if let s = paraStart { paragraphs.append(NSRange(location: s, length: paraEnd - s)); paraStart = nil }
                } else {
                    if paraStart == nil {
                        var s = lineStart
                        while s < i, units[s] == 0x20 || units[s] == 0x09 { s += 1 }
                        paraStart = s
                    }
                    var e = i
                    while e > lineStart, units[e - 1] == 0x20 || units[e - 1] == 0x09 || units[e - 1] == 0x0D { e -= 1 }
                    paraEnd = e
                }
                lineStart = i + 1
            }
            i += 1
        }
        if let s = paraStart { paragraphs.append(NSRange(location: s, length: paraEnd - s)) }
        guard !paragraphs.isEmpty else {
            return [Chunk(lead: mask.masked, core: "", trail: "", offset: units.count, hasProse: false)]
        }
        // Groups within the budget.
        var groups: [(Int, Int)] = []
        var gs = paragraphs[0].location, ge = NSMaxRange(paragraphs[0])
        for p in paragraphs.dropFirst() {
            if NSMaxRange(p) - gs > budget {
                groups.append((gs, ge))
                gs = p.location
            }
            ge = NSMaxRange(p)
        }
        groups.append((gs, ge))
        func text(_ a: Int, _ b: Int) -> String { String(decoding: units[a..<b], as: UTF16.self) }
        var out: [Chunk] = []
        for (k, g) in groups.enumerated() {
            let next = k + 1 < groups.count ? groups[k + 1].0 : units.count
            let core = text(g.0, g.1)
            let prose = OutputContract.stripTokens(core, mask).contains { $0.isLetter }
            out.append(Chunk(lead: k == 0 ? text(0, g.0) : "", core: core, trail: text(g.1, next), offset: g.0, hasProse: prose))
        }
        return out
    }

    // MARK: Running

    /// The violation's message with each placeholder followed by the text it stands for
    /// ("placeholder [[KEEP_1]] (`make install`)"), so that the user sees what was at stake.
    static func naming(_ v: OutputContract.Violation, _ mask: ProtectedSpanMask) -> String {
        var message = "\(v)"
        for (token, original) in mask.spans where message.contains(token) {
            let shown = original.count > 60 ? String(original.prefix(57)) + "…" : original
            message = message.replacingOccurrences(of: token, with: "\(token) (\(shown.replacingOccurrences(of: "\n", with: " ")))")
        }
        return message
    }

    func execute(_ request: ToolRequest, emit: @escaping @Sendable (ToolEvent) -> Void) async throws {
        let prepared = try prepare(request)
        switch request.tool {
        case .proofread:
            try await proofread(request, prepared, emit: emit)
        case .rewrite, .friendly, .professional, .concise, .describeYourChange:
            try await rewrite(request, prepared, emit: emit)
        case .summary, .keyPoints, .list, .table:
            try await result(request, prepared, emit: emit)
        }
    }

    /// Sends `text` (masked) to the model for `tool` and returns the checked answer.
    func ask(_ tool: WritingTool, _ text: String, mask: ProtectedSpanMask, request: ToolRequest, markdown: Bool,
             emit: @escaping @Sendable (ToolEvent) -> Void) async throws -> OutputContract.Outcome {
        let messages = PromptLibrary.messages(for: tool, text: text, language: request.language,
                                              usesPlaceholders: !mask.tokens(in: text).isEmpty, markdown: markdown,
                                              length: request.length)
        let budget: Int
        switch (tool, request.length ?? .medium) {
        case (.summary, .short), (.keyPoints, .short): budget = text.utf16.count / 16 + 192
        case (.summary, .long), (.keyPoints, .long): budget = text.utf16.count / 4 + 640
        case (.summary, _), (.keyPoints, _): budget = text.utf16.count / 8 + 384
        default: budget = text.utf16.count / 2 + 256
        }
        var answer = ""
        let generation = GenerationRequest(messages: messages, maxTokens: budget, temperature: configuration.temperature,
                                           stop: PromptLibrary.stopSequences)
        // The clients cap the answer (``AnswerLimits``); this holds for any other model too.
        // Leaving the loop drops the stream, which cancels the request.
        let limit = AnswerLimits.textBytes(for: generation)
        var bytes = 0
        for try await piece in model.generate(generation) {
            bytes += piece.utf8.count
            if bytes > limit { throw LanguageModelError.answerTooLarge(limit: limit, what: "text") }
            answer += piece
            emit(.preview(piece))
        }
        if Task.isCancelled { throw LanguageModelError.cancelled }
        let outcome = OutputContract.check(answer, tool: tool, input: text, mask: mask, language: request.language)
        if case let .accepted(_, repairs) = outcome, !repairs.isEmpty {
            emit(.notice("the model's answer was repaired: " + repairs.map(\.rawValue).joined(separator: ", ")))
        }
        return outcome
    }

    func rewrite(_ request: ToolRequest, _ p: Prepared, emit: @escaping @Sendable (ToolEvent) -> Void) async throws {
        for (k, chunk) in p.chunks.enumerated() {
            guard chunk.hasProse else {
                emit(.rewrittenText(p.mask.unmask(chunk.lead + chunk.core + chunk.trail)))
                continue
            }
            switch try await ask(request.tool, chunk.core, mask: p.mask, request: request, markdown: p.markdown, emit: emit) {
            case let .accepted(text, _):
                emit(.rewrittenText(p.mask.unmask(chunk.lead) + sound(text, chunk, p, request, emit: emit) + p.mask.unmask(chunk.trail)))
            case let .rejected(v):
                let why = Self.naming(v, p.mask)
                throw ToolError.resultRejected(p.chunks.count > 1 ? "part \(k + 1) of \(p.chunks.count): \(why)" : why)
            }
        }
    }

    /// The model's rewrite of `chunk` (`text`, placeholders in it), restored and made no worse
    /// (issue 34): its changes after which the proofreader finds a mistake the text did not have
    /// are taken back, and for a tone or length tool (not Describe-your-change, which may
    /// translate) the proofreader's confident fixes it missed are made, each said in a notice.
    /// A language the proofreader does not check leaves the answer as it is.
    func sound(_ text: String, _ chunk: Chunk, _ p: Prepared, _ request: ToolRequest, emit: @escaping @Sendable (ToolEvent) -> Void) -> String {
        let answer = p.mask.unmask(text)
        if case .describeYourChange = request.tool { return answer }
        let (original, protected) = p.mask.unmaskWithRanges(chunk.core)
        guard let checked = try? offline.soundRewrite(original: original, rewritten: answer, markup: request.markup,
                                                      protectedRanges: protected, language: request.language, applyFixes: true)
        else { return answer }
        if checked.reverted > 0 {
            emit(.notice("kept the original words in \(checked.reverted) place\(checked.reverted == 1 ? "" : "s") where the model's change made a mistake the proofreader finds"))
        }
        if checked.fixed > 0 {
            emit(.notice("made \(checked.fixed) proofreading fix\(checked.fixed == 1 ? "" : "es") the model left out"))
        }
        return checked.text
    }

    func result(_ request: ToolRequest, _ p: Prepared, emit: @escaping @Sendable (ToolEvent) -> Void) async throws {
        let style = OutputStyle(options: request.resultOptions, markupIsMarkdown: request.markup == .markdown)
        var out = ResultBuilder(style: style)
        let kind: ToolResult.Kind
        switch request.tool {
        case .summary: kind = .summary
        case .keyPoints: kind = .keyPoints
        case .list: kind = .list
        default: kind = .table
        }
        let prose = p.chunks.filter(\.hasProse)
        guard !prose.isEmpty else {
            emit(.result(out.result(kind, note: "There is no prose in the text.")))
            return
        }
        func askChecked(_ text: String) async throws -> String {
            switch try await ask(request.tool, text, mask: p.mask, request: request, markdown: true, emit: emit) {
            case let .accepted(t, _): return t
            case let .rejected(v): throw ToolError.resultRejected(Self.naming(v, p.mask))
            }
        }
        var answers: [String] = []
        for c in prose { answers.append(try await askChecked(c.core)) }
        if answers.count > 1, request.tool == .summary || request.tool == .keyPoints {
            // Reduce: the partial results, summarised again.
            answers = [try await askChecked(answers.joined(separator: "\n\n"))]
        }
        var note: String?
        switch request.tool {
        case .summary:
            for a in answers {
                for para in a.components(separatedBy: "\n\n") {
                    let t = para.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !t.isEmpty { out.paragraph(p.mask.unmask(t)) }
                }
            }
        case .keyPoints, .list:
            var items: [String] = []
            var ordered = true
            for a in answers {
                for line in a.lines(omittingEmpty: true) {
                    let l = line.trimmingCharacters(in: .whitespaces)
                    guard let m = l.range(of: #"^([-*+•]|\d+[.)])\s+"#, options: .regularExpression) else { continue }
                    if !l[m].first!.isNumber { ordered = false }
                    items.append(p.mask.unmask(String(l[m.upperBound...])))
                }
            }
            out.list(items, ordered: ordered && request.tool == .list)
        default:
            var header: [String] = []
            var rows: [[String]] = []
            for a in answers {
                guard let t = MarkdownTableShape(a) else { continue }
                if header.isEmpty { header = t.header.map(p.mask.unmask) }
                rows += t.rows.map { $0.map(p.mask.unmask) }
            }
            note = out.tableOrList(header: header, rows: rows)
        }
        emit(.result(out.result(kind, note: note)))
    }
}
