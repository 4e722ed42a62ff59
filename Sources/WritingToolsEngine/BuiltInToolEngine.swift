import Foundation
import TextModel
import DocumentStructure
import Proofreading

/// The built-in offline engine: every ``WritingTool`` with no language model, using classic,
/// deterministic algorithms (docs/ARCHITECTURE.md, “What it is”; issue 7).
///
/// - **Proofread**: ``BuiltInProofreadingEngine`` (Hunspell + rules) → ``ToolEvent/suggestions(_:)``.
/// - **Summary** and **Key Points**: extractive; sentences are ranked with LexRank
///   (Erkan and Radev, "LexRank: Graph-based Lexical Centrality as Salience in Text
///   Summarization", JAIR 2004) over a sparse similarity graph (linear time), with position and
///   length priors and MMR-style redundancy removal. Sentences are copied whole, so numbers,
///   names and quotations stay exact, from the text as the proofreader's unattended fixes leave
///   it (``proofreadForResult(_:)``: what `proofread --fix` applies, never in protected text). Summary: about a fifth of the prose (at most
///   ``Configuration/maxSummarySentences``; a few sentences for short texts), in document order.
///   Key Points: the top sentences as a list in document order, leading discourse markers
///   ("However,", "In addition,", "So") trimmed; in a summary only a connective whose preceding
///   sentence was left out ("Second, …") is dropped. A text of short lines (a card, a roster)
///   gets its lines as key points and its introduction or first line as summary, with a note.
///   Lines ending with ":" (introductions, "Priya wrote:") are never picked.
/// - **List**: splits prose at natural boundaries: enumerations ("First, … Second, … Finally,"),
///   a colon or "such as"/"including" followed by a comma series, semicolon series, else one
///   item per sentence. Item text is the source's, proofread as Summary's is.
/// - **Table**: builds a table only from structure that is there: an existing table,
///   "label: value" lines, repeated "name – role – detail" lines, or parallel sentences with
///   the same template ("Paris has a population of 2.1 million. Berlin has a population of 3.6
///   million."). Otherwise the result is empty with a ``ToolResult/note`` saying so. Cells hold
///   the proofread text, as Summary's sentences do.
/// - **Concise**, **Professional**, **Friendly**, **Rewrite**: rule-based phrase edits from
///   ``RewritePhrasebook`` (data, each entry with a reason and tested examples), emitted as
///   reviewable ``ToolEvent/rewriteEdits(_:)`` (ranges in the request text) followed by
///   ``ToolEvent/rewrittenText(_:)`` chunks whose concatenation is the new text of the request
///   range. Professional also runs Concise's fillers ("basically", "just wanted to"). Rewrite
///   keeps the tone and about the length and makes sentences clearer: the proofreader's first
///   replacements (except guesses: unknown capitalised words, which are most likely names, and
///   word splits; doubled words among them), wordy phrases said plainly ("in view of the fact
///   that" → "because"), empty openers and hedges dropped ("it should be noted that", "I think
///   that"), and a passive with a named agent said in the active voice (``ActiveVoice``); not
///   Concise's fillers, intensifiers and connectives ("very", "basically", "furthermore,"), nor
///   its cuts. An edit that could change meaning is never made: none drops a negation, and no
///   filler or hedge is dropped under one.
/// - **Describe your change**: ``OfflineInstruction`` maps a small set of instructions to the
///   tools above; anything else throws ``ToolError/unsupported(_:)``.
///
/// Results follow the request's ``ToolResultOptions``: Markdown when the host takes rich text or
/// presentation intents, or the text is Markdown and the options are not plain text alone;
/// plain text otherwise (link texts without their destinations, no emphasis or heading
/// markers, lists as "- " lines,
/// tables as aligned columns, or, without ``ToolResultOptions/table``, the rows as a list);
/// ``ToolResult/blocks`` is filled when ``ToolResultOptions/presentationIntent`` is set.
/// Protected text (code, links, host ranges) is never changed: rewrites only touch prose, and
/// summaries never split a code block. Every offset is in UTF-16 units of the request's text.
///
/// Errors: ``ToolError/invalidRequest(_:)`` for a range outside the text,
/// ``ToolError/unsupported(_:)`` for an instruction that needs a model, and
/// ``EngineError/languageUnavailable(language:reason:)`` when Proofread or Rewrite find no
/// dictionary for the language.
public struct BuiltInToolEngine: ToolEngine {
    /// Tuning of the offline tools.
    public struct Configuration: Sendable, Hashable {
        /// How long Summary and Key Points results are when the request does not say
        /// (``ToolRequest/length``; default ``SummaryLength/medium``).
        public var summaryLength: SummaryLength
        /// Share of the prose's words a summary may use at most, whatever its length (default
        /// 0.5).
        public var summaryRatio: Double
        /// Most sentences in a summary (default 25).
        public var maxSummarySentences: Int
        /// Most key points (default 30; ``SummaryLength`` sets how many are asked for).
        public var maxKeyPoints: Int
        /// When set, Summary is a headline: one sentence of about this many words (the web
        /// Summarizer's `headline`: 12, 17 or 22 words for short, medium and long).
        public var headlineWords: Int?
        /// Creates a configuration.
        public init(summaryLength: SummaryLength = .medium, summaryRatio: Double = 0.5, maxSummarySentences: Int = 25, maxKeyPoints: Int = 30,
                    headlineWords: Int? = nil) {
            self.summaryLength = summaryLength
            self.summaryRatio = summaryRatio
            self.maxSummarySentences = maxSummarySentences
            self.maxKeyPoints = maxKeyPoints
            self.headlineWords = headlineWords
        }
    }

    /// The tuning in use.
    public var configuration: Configuration

    /// Creates the engine.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Runs `request` on a background task; the stream ends after the tool's events, or with an
    /// error (see the type's documentation). A consumer that stops listening, or cancels its
    /// task, stops the computation at its next paragraph or segment (the stream then ends with
    /// `CancellationError`), as ``ToolRequest/shouldStop`` does.
    public func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error> {
        let engine = self
        return toolEventStream { emit in
            let events = try await request.stoppingWithTask { try engine.events(for: $0) }
            for event in events {
                if Task.isCancelled { break }
                emit(event)
            }
        }
    }

    /// The events of `request`, computed synchronously (what ``run(_:)`` streams).
    /// - Throws: ``ToolError`` or ``EngineError`` as described for the type; `CancellationError`
    ///   when the request's ``ToolRequest/shouldStop`` stopped the run (it is asked between
    ///   paragraphs and segments, and between the run's passes).
    public func events(for request: ToolRequest) throws -> [ToolEvent] {
        let n = request.text.utf16.count
        let r = request.range
        guard r.location >= 0, r.length >= 0, r.location <= n, r.length <= n - r.location else {
            throw ToolError.invalidRequest("range \(r.location)..<\(r.location + r.length) is outside the text (length \(n) UTF-16 units)")
        }
        for p in request.protectedRanges where p.location < 0 || p.length < 0 || p.location + p.length > n {
            throw ToolError.invalidRequest("protected range \(p.location)..<\(p.location + p.length) is outside the text (length \(n) UTF-16 units)")
        }
        try request.stopIfAsked()
        switch request.tool {
        case .proofread:
            return [.suggestions(try proofreadingSuggestions(request))]
        // A result shows the text as the proofreader's unattended fixes leave it.
        case .summary:
            return [.result(try summary(proofreadForResult(request)))]
        case .keyPoints:
            return [.result(try keyPoints(proofreadForResult(request)))]
        case .list:
            return [.result(try list(proofreadForResult(request)))]
        case .table:
            return [.result(try table(proofreadForResult(request)))]
        case .concise:
            return try rewrite(request, styles: [.concise], proofread: false, shorten: true)
        case .professional:
            return try rewrite(request, styles: [.professional], proofread: false)
        case .friendly:
            return try rewrite(request, styles: [.friendly], proofread: false)
        case .rewrite:
            return try rewrite(request, styles: [.concise], proofread: true, clarity: true)
        case let .describeYourChange(instruction):
            let interpretation = try OfflineInstruction.interpret(instruction)
            switch interpretation {
            case .tool(.proofread):
                // Describe-your-change replaces the text: "fix mistakes" gives the corrected text
                // (the confident fixes, as Rewrite applies them), not a list of suggestions.
                return try rewrite(request, styles: [], proofread: true)
            case let .tool(tool):
                // Rewrite gives text; List, Table, Summary and Key Points give a result to insert.
                var inner = request
                inner.tool = tool
                return try events(for: inner)
            case let .styles(styles, proofread):
                // "Make it shorter" shortens as Concise does, cuts included.
                return try rewrite(request, styles: styles, proofread: proofread, shorten: styles.contains(.concise))
            }
        }
    }

    // MARK: Proofread

    func proofreadingSuggestions(_ request: ToolRequest) throws -> [ProofreadingSuggestion] {
        let doc = DocumentParser.parse(request.text, markup: request.markup, hostProtectedRanges: request.protectedRanges)
        var checking = ProofreadingEngineRequest(document: doc, language: request.language, disabledRules: request.disabledRules,
                                                 userWords: request.userWords, userRules: request.userRules)
        checking.shouldStop = request.shouldStop
        checking.level = request.level
        checking.enabledRules = request.enabledRules
        let all = try BuiltInProofreadingEngine().proofread(checking)
        let s = request.range.location, e = s + request.range.length
        return all.filter { $0.range.location >= s && $0.range.location + $0.range.length <= e }
    }

    // MARK: Summary and Key Points

    /// A request, a proposal, a decision or a deadline: "could you", "could we meet…?", "are you
    /// free", "please", "let me know", "sign off", "decide", "deadline", "by Friday", "otherwise";
    /// texted ("can u send me the slides asap?") or stiff ("It is hereby requested that you
    /// kindly furnish…", "We would be grateful if you could arrange…").
    static let actionCue = #"\b(could you|can you|would you|(could|can|would) u|asap|would be grateful if|(is|are) (hereby )?requested|kindly|(it will be|it is|it would be) (necessary|essential) for (us|me|the undersigned) to (be (furnished|provided|supplied|sent) with|receive|have)|would it be possible|are you (free|available)|please|let me know|need you to|i'll need|sign off|approve|confirm|decide|decision|deadline|due (on|by)|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|the end of|eod|noon)|otherwise)\b|\b(could|can|shall|should) we [a-z]+\b[^.!?]*\?"#
    /// The greeting that opens a message ("Hi Sarah,", "Dear all,", "Good morning team,", "Dear
    /// Mr. Okafor,": a title's period is no sentence end).
    static let greeting = #"^(hi|hello|hey|dear|good (morning|afternoon|evening))\b(?:[^.!?]|\b(?:mr|mrs|ms|mx|dr|prof)\.){0,40}[,:!]?$"#
    /// The courtesies of a message: "Just wanted to follow up…", "Hope you are well", "Please do
    /// not hesitate to…", "Should you require any further clarification, …", "We thank you in
    /// advance…"; and the line that only announces what follows ("Here is where we landed.",
    /// "Here's a quick recap:", "Below are my notes.").
    static let phaticOpener = #"^(should you (require|need|have) any|(we|i) thank you|thank you in advance|(i )?just (wanted|a quick note|writing) to (quickly )?(follow up|check in|touch base|let you know|say)|just checking in|i hope (you|this)|hope (you|this|all)|(i )?hope (the|your) [^.!?]{0,40}\b(is|are) (treating you|going|working out)\b[^.!?]{0,20}[.!]?$|(i )?hope (the|your) [^.!?]{0,40}\b(went|was|were)\s+(really\s+|very\s+)?(well|ok|okay|fine|good|great|smoothly|fun|nice|relaxing)\b[^.!?]{0,60}[.!]?$|i wanted to (quickly )?(follow up|check in|touch base)|thanks|thank you|(please )?(do not|don't) hesitate|feel free to|(please )?let me know if you have any (questions?|concerns?|problems?|issues?)|(here is|here's|here are|below (is|are)) (where we (landed|are|stand|ended up)|what we (agreed|decided|discussed)|(a|an|the|my|our) (quick |short |brief )?(summary|recap|update|notes|overview|rundown)\b[^.!?]{0,30})[.:!]?$)"#

    /// The lines of a text made mostly of short lines (line-structured paragraphs or list
    /// items), lines that introduce them ("…:") left out; nil for prose.
    /// Each line is written as `style` asks: its Markdown source (links whole) or plain text.
    private func lineItems(_ a: TextAnalysis, _ idx: [Int], _ style: OutputStyle) -> [String]? {
        var lines: [String] = []
        var prose = 0
        for i in idx {
            let s = a.sentences[i]
            // A line that is a whole sentence (six words or more, ending in “.”, “!” or “?”) is
            // prose written one sentence a line, not a short line of a card or a roster.
            var isLine = a.unitLineStructured[s.unit]
                && !(s.wordCount >= 6 && s.plain.last.map { $0 == "." || $0 == "!" || $0 == "?" } == true)
            // A list item is a line unless it is a sentence (a bulleted document's prose).
            if case .listItem = a.units[s.unit].kind {
                isLine = !(s.wordCount >= 6 && s.plain.last.map { $0 == "." || $0 == "!" || $0 == "?" } == true)
            }
            if isLine { lines.append(style.markdown ? s.markdown : s.plain) } else { prose += 1 }
        }
        guard lines.count >= 2, prose * 3 < lines.count else { return nil }
        return lines
    }

    /// The shared start of Summary and Key Points: the analysis of the request's range, the
    /// output style its result options ask for, the document as the digest reads it, and the
    /// sentences a text of short lines is read by (``lineItems(_:_:_:)``).
    private func extractiveSetup(_ request: ToolRequest) throws -> (analysis: TextAnalysis, style: OutputStyle, digest: DocumentDigest, indices: [Int]) {
        let a = TextAnalysis(text: request.text, range: request.range, markup: request.markup, protectedRanges: request.protectedRanges)
        try request.stopIfAsked()
        let style = OutputStyle(options: request.resultOptions, markupIsMarkdown: request.markup == .markdown)
        let digest = DocumentDigest(analysis: a, style: style)
        try request.stopIfAsked()
        digest.debugDump()
        var idx: [Int] = []
        for (i, s) in a.sentences.enumerated() {
            switch a.units[s.unit].kind {
            case .heading, .code, .tableCell: continue
            default: idx.append(i)
            }
        }
        return (a, style, digest, idx)
    }

    /// The request's text read as a changelog of lists (``ChangelogDigest``), nil for any other
    /// text (LaTeX never is one).
    private func changelog(_ request: ToolRequest) -> ChangelogDigest? {
        guard request.markup != .latex, let text = request.text.substring(utf16Range: request.range) else { return nil }
        return ChangelogDigest(text)
    }

    func summary(_ request: ToolRequest) throws -> ToolResult {
        let (a, style, digest, idx) = try extractiveSetup(request)
        var out = ResultBuilder(style: style)
        // A changelog of lists: its releases, the latest and its most serious changes.
        if configuration.headlineWords == nil, let log = changelog(request) {
            for p in log.summary(length: request.length ?? configuration.summaryLength) { out.paragraph(p) }
            return out.result(.summary, note: "Read as a changelog: the latest release and its most serious changes.", keepingReferencesOf: a)
        }
        if digest.genre == .prose, digest.sectionCount == 1, let lines = lineItems(a, idx, style) {
            // Short lines (a card, a roster), not prose: no sentence stands for the others.
            // Its introduction ("Our team for the release:") says what the lines are, if there is one.
            let intro = a.sentences.first { $0.plain.hasSuffix(":") && !a.unitLineStructured[$0.unit] }
            if let intro {
                let text = style.markdown && intro.markdown.hasSuffix(":") ? intro.markdown : intro.plain
                out.paragraph(String(text.dropLast()) + " (\(lines.count) lines).")
            } else {
                out.paragraph(lines[0])
            }
            return out.result(.summary, note: "The text is made of short lines rather than sentences; "
                + (intro == nil ? "the summary is its first item." : "the summary is its introduction."), keepingReferencesOf: a)
        }
        guard !digest.candidates.isEmpty || digest.subject != nil || digest.manualName != nil else {
            return out.result(.summary, note: "There is no prose to summarise in the text.")
        }
        if let words = configuration.headlineWords {
            if let line = digest.headline(words: words) { out.paragraph(line) }
            return out.result(.summary, keepingReferencesOf: a)
        }
        let paragraphs = digest.summaryParagraphs(length: request.length ?? configuration.summaryLength, ratio: configuration.summaryRatio,
                                                  maxSentences: configuration.maxSummarySentences)
        for p in paragraphs { out.paragraph(p) }
        let note: String? = digest.candidates.count <= 2 ? "The text is already short; the summary is its main sentence." : nil
        return out.result(.summary, note: note, keepingReferencesOf: a)
    }

    func keyPoints(_ request: ToolRequest) throws -> ToolResult {
        let (a, style, digest, idx) = try extractiveSetup(request)
        var out = ResultBuilder(style: style)
        if let log = changelog(request) {
            out.list(log.keyPoints(maximum: configuration.maxKeyPoints))
            return out.result(.keyPoints, note: "Read as a changelog: a point per release, its most serious changes quoted.", keepingReferencesOf: a)
        }
        if digest.genre == .prose, digest.sectionCount == 1, let lines = lineItems(a, idx, style) {
            out.list(Array(lines.prefix(configuration.maxKeyPoints)))
            return out.result(.keyPoints, keepingReferencesOf: a)
        }
        guard !digest.candidates.isEmpty || digest.subject != nil || digest.manualName != nil else {
            return out.result(.keyPoints, note: "There is no prose to take key points from in the text.")
        }
        out.list(digest.keyPoints(length: request.length ?? configuration.summaryLength, maximum: configuration.maxKeyPoints))
        return out.result(.keyPoints, keepingReferencesOf: a)
    }
}
