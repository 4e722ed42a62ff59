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

/// Timeouts of one generation, in seconds (DESIGN.md §2, LanguageModels).
public struct ModelTimeouts: Sendable, Hashable, Codable {
    /// From sending the request until the server's response headers arrive (the connection is
    /// up and the server accepted the request). Default 10 s.
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

/// A language model that generates text as a stream (DESIGN.md §2, LanguageModels).
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

/// The stream a ``LanguageModel`` returns: `produce` runs on a task of its own and yields text
/// to the continuation; the stream finishes when it returns, throws what it throws (a
/// ``LanguageModelError``; ``LanguageModelError/cancelled`` once the task is cancelled), and
/// cancels the task when the consumer stops listening. One implementation for every provider.
func generationStream(_ produce: @escaping @Sendable (AsyncThrowingStream<String, Error>.Continuation) async throws -> Void)
    -> AsyncThrowingStream<String, Error> {
    AsyncThrowingStream { continuation in
        let task = Task {
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
