import Foundation
import Synchronization
import TextModel
import DocumentStructure
import Proofreading
import LanguageModels

/// The kinds of result a host accepts, as the engine sees them (the `WritingTools` module maps
/// Apple's `WritingToolsResultOptions` onto these). Same raw values as Apple's
/// `UIWritingToolsResultOptions`.
public struct ToolResultOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    /// Creates options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Plain text only.
    public static let plainText = ToolResultOptions(rawValue: 1 << 0)
    /// Rich text (for us: Markdown emphasis, links).
    public static let richText = ToolResultOptions(rawValue: 1 << 1)
    /// Lists.
    public static let list = ToolResultOptions(rawValue: 1 << 2)
    /// Tables.
    public static let table = ToolResultOptions(rawValue: 1 << 3)
    /// Presentation intents (structure carried as ``PresentationIntent`` runs).
    public static let presentationIntent = ToolResultOptions(rawValue: 1 << 4)
}

/// One run of one tool over part of a text.
public struct ToolRequest: Sendable {
    /// The tool.
    public var tool: WritingTool
    /// The whole context text the host handed over.
    public var text: String
    /// The UTF-16 range of `text` to work on (the selection, or the whole text).
    public var range: NSRange
    /// How to read `text`.
    public var markup: MarkupKind
    /// UTF-16 ranges of `text` that must come back byte-identical (host-declared ignored
    /// ranges and exclusion runs; the document's own code, links… are added by the engine).
    public var protectedRanges: [NSRange]
    /// What the host accepts.
    public var resultOptions: ToolResultOptions
    /// BCP 47 language tag (`en-US`).
    public var language: String
    /// Proofreading rule IDs not to run (Proofread, and the fixes of Rewrite).
    public var disabledRules: Set<String>
    /// How thorough Proofread is (``ProofreadingEngineRequest/level``); the fixes of Rewrite
    /// always use the default level's rules.
    public var level: ProofreadingLevel = .default
    /// Picky rules Proofread runs at the default level too (``ProofreadingEngineRequest/enabledRules``).
    public var enabledRules: Set<String> = []
    /// Words to accept besides the dictionary (Proofread, and the fixes of Rewrite).
    public var userWords: [String]
    /// Rules from rule files to run besides the built-in ones (Proofread).
    public var userRules: UserRuleSet?
    /// How long a Summary or Key Points result should be (the web Summarizer's `length`); nil:
    /// the engine's default (``BuiltInToolEngine/Configuration/summaryLength``, medium). A
    /// language model is told in its prompt (``PromptLibrary/entry(for:length:)``). Other tools
    /// ignore it.
    public var length: SummaryLength?
    /// Asked as the run goes, between paragraphs and segments (from several threads): true
    /// stops it, and the run throws `CancellationError` instead of giving part of a result.
    /// Once true it must stay true (an HTTP client that closed its connection). The same test
    /// as ``ProofreadingEngineRequest/shouldStop``, which every proofreading pass of the run is
    /// given. Nil, the default: the run goes to its end, unless its task is cancelled
    /// (``BuiltInToolEngine/run(_:)`` stops then too).
    public var shouldStop: (@Sendable () -> Bool)?
    /// A rewrite checks its edits again over the whole text, not only the paragraphs they touch
    /// (``BuiltInToolEngine/keepingGrammar(_:request:findings:)``): for tests that compare the two.
    var rechecksWholeText = false

    /// Creates a request; `range` defaults to the whole text.
    public init(tool: WritingTool, text: String, range: NSRange? = nil, markup: MarkupKind = .plain,
                protectedRanges: [NSRange] = [], resultOptions: ToolResultOptions = [.plainText], language: String = "en-US",
                disabledRules: Set<String> = [], userWords: [String] = [], userRules: UserRuleSet? = nil, length: SummaryLength? = nil) {
        self.length = length
        self.userRules = userRules
        self.disabledRules = disabledRules
        self.userWords = userWords
        self.tool = tool
        self.text = text
        self.range = range ?? NSRange(location: 0, length: text.utf16.count)
        self.markup = markup
        self.protectedRanges = protectedRanges
        self.resultOptions = resultOptions
        self.language = language
    }
}

/// A result the host copies or inserts (Summary, Key Points, List, Table), shaped by the
/// resolved result options.
public struct ToolResult: Sendable, Hashable {
    /// What the result is.
    public enum Kind: String, Sendable, Hashable {
        case summary, keyPoints, list, table, text
    }
    /// The kind of result.
    public var kind: Kind
    /// The result as the host should insert it: plain text for plain-text hosts (a list as
    /// lines starting with "- ", a table as aligned columns), Markdown otherwise.
    public var text: String
    /// Block structure of `text`, one entry per block with its UTF-16 range in `text`, for
    /// hosts that accept presentation intents; empty otherwise.
    public var blocks: [(range: NSRange, intent: PresentationIntent)]
    /// A note for the user (what the tool could not do, e.g. "no table structure found").
    public var note: String?

    /// Creates a result.
    public init(kind: Kind, text: String, blocks: [(range: NSRange, intent: PresentationIntent)] = [], note: String? = nil) {
        self.kind = kind
        self.text = text
        self.blocks = blocks
        self.note = note
    }

    public static func == (a: ToolResult, b: ToolResult) -> Bool {
        a.kind == b.kind && a.text == b.text && a.note == b.note && a.blocks.count == b.blocks.count
            && zip(a.blocks, b.blocks).allSatisfy { $0.range == $1.range && $0.intent == $1.intent }
    }

    public func hash(into h: inout Hasher) {
        h.combine(kind)
        h.combine(text)
        h.combine(note)
    }
}

/// What a tool run produces, in order (docs/ARCHITECTURE.md, “Modules”, WritingToolsEngine).
public enum ToolEvent: Sendable {
    /// Proofreading suggestions (ranges in the request's `text`), possibly in several batches.
    case suggestions([ProofreadingSuggestion])
    /// The next chunk of the rewritten text of the request's `range` (Rewrite, Friendly,
    /// Professional, Concise, Describe-your-change). Chunks concatenated give the whole new
    /// text of the range.
    case rewrittenText(String)
    /// Why the rewrite differs from the original: reviewable edits with reasons, ranges in the
    /// request's `text` (offline rewrites report them; a model may not).
    case rewriteEdits([ProofreadingSuggestion])
    /// A result to copy or insert (Summary, Key Points, List, Table).
    case result(ToolResult)
    /// Text as a language model produces it, before the ``OutputContract`` has checked it: for
    /// a live preview only, never to apply (the checked text follows as
    /// ``rewrittenText(_:)``, ``suggestions(_:)`` or ``result(_:)``).
    case preview(String)
    /// Something the user should know about the run: a repair made to the model's answer
    /// ("removed a preamble"), or a part where the answer was rejected and the rules alone
    /// were used.
    case notice(String)
}

/// Errors of a tool run.
public enum ToolError: Error, Equatable, CustomStringConvertible {
    /// The engine cannot do this (for example a free instruction with no model); the message
    /// says what would.
    case unsupported(String)
    /// The result would change protected text; nothing was applied.
    case protectedTextChanged(NSRange)
    /// The request is malformed (a range outside the text).
    case invalidRequest(String)
    /// The language model could not be used (unreachable, timed out, HTTP error…); the
    /// message says what to check. Nothing was applied.
    case modelFailed(String)
    /// The model's answer broke the ``OutputContract`` and could not be repaired; the message
    /// says why. Nothing was applied: the text is as it was.
    case resultRejected(String)

    public var description: String {
        switch self {
        case let .unsupported(m): return m
        case let .protectedTextChanged(r): return "the result would change protected text at \(r.location)..<\(r.location + r.length); it was rejected"
        case let .invalidRequest(m): return m
        case let .modelFailed(m): return m
        case let .resultRejected(m): return "the model's result was rejected: \(m); the text is unchanged"
        }
    }
}

/// An engine that runs Writing Tools: the built-in offline engine, or a language model.
/// Engines are `Sendable`; a run is a stream that ends with the tool's last event or an error,
/// and stops early when the consumer cancels.
public protocol ToolEngine: Sendable {
    /// Runs `request`.
    func run(_ request: ToolRequest) -> AsyncThrowingStream<ToolEvent, Error>
}

/// The stream a ``ToolEngine`` returns: `produce` runs on a task of its own (on the run's
/// `PreferredExecutor`, when its host set one) and passes events to `emit`; the stream finishes when `produce` returns, finishes with `mapError` of what it
/// throws, and cancels the task when the consumer stops listening. One implementation for
/// every engine.
func toolEventStream(mapError: @escaping @Sendable (Error) -> Error = { $0 },
                     _ produce: @escaping @Sendable (_ emit: @escaping @Sendable (ToolEvent) -> Void) async throws -> Void)
    -> AsyncThrowingStream<ToolEvent, Error> {
    AsyncThrowingStream { continuation in
        let task = Task(executorPreference: PreferredExecutor.current) {
            do {
                try await produce { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: mapError(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

extension ToolRequest {
    /// Throws `CancellationError` when ``shouldStop`` says to stop: asked by the engines
    /// between the parts of a run.
    func stopIfAsked() throws {
        if let shouldStop, shouldStop() { throw CancellationError() }
    }

    /// Runs `body` (synchronous work: the built-in engine's) with this request, its
    /// ``shouldStop`` also true once the current task is cancelled, so that cancelling the task
    /// (an LSP `$/cancelRequest`, a consumer that stops listening) stops the work at its next
    /// paragraph or segment, on whichever thread that runs.
    func stoppingWithTask<T>(_ body: (ToolRequest) throws -> T) async throws -> T {
        let cancelled = CancelledFlag()
        var inner = self
        let outer = shouldStop
        inner.shouldStop = { cancelled.isSet || outer?() == true }
        return try await withTaskCancellationHandler { try body(inner) } onCancel: { cancelled.set() }
    }
}

/// A flag set once, from any thread: a task's cancellation as synchronous work can ask it.
final class CancelledFlag: Sendable {
    private let value = Atomic<Bool>(false)
    /// Sets the flag (for good).
    func set() { value.store(true, ordering: .relaxed) }
    /// True once ``set()`` was called.
    var isSet: Bool { value.load(ordering: .relaxed) }
}
