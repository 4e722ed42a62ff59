import Foundation

/// One message of a chat conversation, as OpenAI's chat completions API and Ollama's `/api/chat`
/// take them (`{"role": "system", "content": "…"}`).
public struct ChatMessage: Sendable, Hashable, Codable {
    /// Who speaks.
    public enum Role: String, Sendable, Hashable, Codable {
        /// Instructions to the model.
        case system
        /// The person (for us: the text to transform, fenced, with the task).
        case user
        /// The model (few-shot examples).
        case assistant
    }
    /// Who speaks.
    public var role: Role
    /// What is said.
    public var content: String

    /// Creates a message.
    public init(role: Role, content: String) {
        self.role = role
        self.content = content
    }
}

/// What to generate: a conversation and sampling settings.
public struct GenerationRequest: Sendable, Hashable {
    /// The conversation, system message first.
    public var messages: [ChatMessage]
    /// Most tokens to generate (`max_tokens` / Ollama's `num_predict`); nil leaves it to the server.
    public var maxTokens: Int?
    /// Sampling temperature (0 = greedy). Writing tools use a low one: they edit, not invent.
    public var temperature: Double
    /// Strings that end generation when produced.
    public var stop: [String]

    /// Creates a request.
    public init(messages: [ChatMessage], maxTokens: Int? = nil, temperature: Double = 0.2, stop: [String] = []) {
        self.messages = messages
        self.maxTokens = maxTokens
        self.temperature = temperature
        self.stop = stop
    }
}

/// Caps on the size of one answer, derived from the request (a server that ignores
/// `max_tokens` or streams without end is cut off once over; the answer is dropped with
/// ``LanguageModelError/answerTooLarge(limit:what:)``).
///
/// - Text: `maxTokens` × ``bytesPerToken`` UTF-8 bytes, at most ``maxTextBytes`` (the latter
///   alone when the request sets no `maxTokens`).
/// - Stream: what the answer travels in (SSE or NDJSON events, JSON escapes): ``wireBytesPerToken``
///   per requested token plus ``wireSlack``, at most ``maxWireBytes``; this also bounds a single
///   line that never ends.
public enum AnswerLimits {
    /// Text bytes allowed per requested token: English averages about 4, and no tokenizer's
    /// longest token (runs of spaces, long words, multi-byte scripts) comes near 32.
    public static let bytesPerToken = 32
    /// Text cap whatever the request says: 4 MiB.
    public static let maxTextBytes = 4 << 20
    /// Stream bytes allowed per requested token: an event per token is 150 to 600 bytes on the
    /// servers we know (llama-server, Ollama, OpenAI), 2 KiB leaves a wide margin.
    public static let wireBytesPerToken = 2048
    /// Stream bytes allowed besides (the last event's statistics, keep-alive comments).
    public static let wireSlack = 256 << 10
    /// Stream cap whatever the request says: 64 MiB.
    public static let maxWireBytes = 64 << 20

    /// The text cap for `request`, in UTF-8 bytes.
    public static func textBytes(for request: GenerationRequest) -> Int {
        guard let m = request.maxTokens, m > 0, m < maxTextBytes / bytesPerToken else { return maxTextBytes }
        return m * bytesPerToken
    }

    /// The stream cap for `request`, in bytes.
    public static func wireBytes(for request: GenerationRequest) -> Int {
        guard let m = request.maxTokens, m > 0, m < maxWireBytes / wireBytesPerToken else { return maxWireBytes }
        return min(maxWireBytes, m * wireBytesPerToken + wireSlack)
    }
}

/// Counts an answer's text against ``AnswerLimits`` as it streams in; `wireLimit` goes to the
/// HTTP exchange, which counts the body where it arrives.
struct AnswerBudget {
    let textLimit: Int
    let wireLimit: Int
    private(set) var textBytes = 0

    init(_ request: GenerationRequest) {
        textLimit = AnswerLimits.textBytes(for: request)
        wireLimit = AnswerLimits.wireBytes(for: request)
    }

    /// `text` is about to be yielded.
    /// - Throws: ``LanguageModelError/answerTooLarge(limit:what:)`` once over.
    mutating func yielding(_ text: String) throws {
        textBytes += text.utf8.count
        if textBytes > textLimit { throw LanguageModelError.answerTooLarge(limit: textLimit, what: "text") }
    }
}

/// Timeouts of one generation, in seconds (docs/ARCHITECTURE.md, “Modules”, LanguageModels).
public struct ModelTimeouts: Sendable, Hashable, Codable {
    /// From starting the request until the connection is open and the request sent (or, for a
    /// request without a body, until the response headers arrive). The wait for the headers
    /// after the request went out is the first token's: a server may send them with its first
    /// token, after loading a model. Default 10 s.
    public var connect: Double
    /// From sending the request until the first token of text arrives. Default 60 s (a local
    /// model loads its weights on the first request).
    public var firstToken: Double
    /// The whole generation, retries included. Default 300 s.
    public var total: Double

    /// Creates timeouts.
    public init(connect: Double = 10, firstToken: Double = 60, total: Double = 300) {
        self.connect = connect
        self.firstToken = firstToken
        self.total = total
    }
}

/// Retries of a request the server turned away for now: HTTP 429 (too many requests) and 503
/// (unavailable, e.g. a model still loading) only, before any text arrived; never other errors.
public struct RetryPolicy: Sendable, Hashable, Codable {
    /// Most attempts in all (1 = no retry). Default 4.
    public var maxAttempts: Int
    /// First wait in seconds, doubled each retry (0.5, 1, 2…), unless the server sends
    /// `Retry-After` (seconds), which wins up to ``maxDelay``. Default 0.5.
    public var initialDelay: Double
    /// Longest wait in seconds. Default 8.
    public var maxDelay: Double

    /// Creates a policy.
    public init(maxAttempts: Int = 4, initialDelay: Double = 0.5, maxDelay: Double = 8) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// The wait before attempt `attempt` (2, 3, …), honouring a server's `Retry-After`.
    public func delay(beforeAttempt attempt: Int, retryAfter: Double?) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, maxDelay) }
        return min(initialDelay * pow(2, Double(max(0, attempt - 2))), maxDelay)
    }
}

/// A language model that generates text as a stream (docs/ARCHITECTURE.md, “Modules”, LanguageModels).
///
/// ``generate(_:)`` returns the text in pieces as the model produces them (each element is new
/// text to append, never a repetition); the stream ends when the model is done or throws a
/// ``LanguageModelError``. Cancelling the consuming task, or dropping the stream, cancels the
/// request on the wire.
public protocol LanguageModel: Sendable {
    /// What to call the model in messages ("openai http://127.0.0.1:8080/v1, model gemma").
    var displayName: String { get }
    /// Generates a reply to `request`, streamed.
    func generate(_ request: GenerationRequest) -> AsyncThrowingStream<String, Error>
}

extension LanguageModel {
    /// The whole reply to `request`, awaited.
    /// - Throws: ``LanguageModelError``; ``LanguageModelError/cancelled`` when the calling task
    ///   is cancelled (a cancelled stream just ends, so a partial reply is never returned).
    public func complete(_ request: GenerationRequest) async throws -> String {
        var out = ""
        for try await piece in generate(request) { out += piece }
        if Task.isCancelled { throw LanguageModelError.cancelled }
        return out
    }
}

/// The stream a ``LanguageModel`` returns: `produce` runs on a task of its own (on the run's
/// ``PreferredExecutor``, when its host set one) and yields text to the continuation; the
/// stream finishes when it returns, throws what it throws (a ``LanguageModelError``;
/// ``LanguageModelError/cancelled`` once the task is cancelled), and cancels the task when the
/// consumer stops listening. One implementation for every provider.
func generationStream(_ produce: @escaping @Sendable (AsyncThrowingStream<String, Error>.Continuation) async throws -> Void)
    -> AsyncThrowingStream<String, Error> {
    AsyncThrowingStream { continuation in
        let task = Task(executorPreference: PreferredExecutor.current) {
            do {
                try await produce(continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: Task.isCancelled ? LanguageModelError.cancelled : error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}
