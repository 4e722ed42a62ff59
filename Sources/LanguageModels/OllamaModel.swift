import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model served by Ollama's native API (Ollama API docs, "Generate a chat completion",
/// `POST {baseURL}/api/chat`), read as its NDJSON stream: one JSON object per line,
/// `{"message":{"content":…},"done":false}` … `{"done":true}`. A stream without its `done`
/// line throws ``LanguageModelError/malformedStream(_:)``; `{"error":…}` throws
/// ``LanguageModelError/streamError(_:)``.
public struct OllamaModel: LanguageModel {
    /// Ollama's address (`http://127.0.0.1:11434`).
    public var baseURL: URL
    /// The model (`llama3.2`, `gemma3:1b`).
    public var model: String
    /// How long Ollama keeps the model loaded after the request (`keep_alive`, e.g. "5m"); nil
    /// leaves Ollama's default.
    public var keepAlive: String?
    /// Timeouts.
    public var timeouts: ModelTimeouts
    /// Retries on 429 and 503.
    public var retry: RetryPolicy

    /// Creates a client.
    public init(baseURL: URL = URL(string: "http://127.0.0.1:11434")!, model: String, keepAlive: String? = nil,
                timeouts: ModelTimeouts = ModelTimeouts(), retry: RetryPolicy = RetryPolicy()) {
        self.baseURL = baseURL
        self.model = model
        self.keepAlive = keepAlive
        self.timeouts = timeouts
        self.retry = retry
    }

    public var displayName: String { "ollama \(HTTPExchange.redacted(baseURL)), model \(model)" }

    /// The endpoint the requests go to.
    public var endpoint: URL { baseURL.appendingPathComponent("api/chat") }

    func body(for request: GenerationRequest) throws -> Data {
        var options: [String: Any] = ["temperature": request.temperature]
        if let m = request.maxTokens { options["num_predict"] = m }
        if !request.stop.isEmpty { options["stop"] = request.stop }
        var obj: [String: Any] = [
            "model": model,
            "messages": request.messages.map { ["role": $0.role.rawValue, "content": $0.content] },
            "stream": true,
            "options": options,
        ]
        if let k = keepAlive { obj["keep_alive"] = k }
        return try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<String, Error> {
        let model = self
        return generationStream { continuation in
            let body = try model.body(for: request)
            var lines = LineSplitter()
            var done = false
            var budget = AnswerBudget(request)
            let wireLimit = budget.wireLimit
            try await streamJSON(url: model.endpoint, body: body, headers: ["Accept": "application/x-ndjson"],
                                 timeouts: model.timeouts, retry: model.retry,
                                 maxBodyBytes: wireLimit) { chunk, exchange in
                for line in try lines.feed(chunk) where !done {
                    done = try Self.handle(line, exchange: exchange, budget: &budget, continuation: continuation)
                }
            }
            if !done, let last = try lines.finish() {
                done = try Self.handle(last, exchange: nil, budget: &budget, continuation: continuation)
            }
            guard done else {
                throw LanguageModelError.malformedStream("the stream from \(HTTPExchange.redacted(model.endpoint)) ended before the model finished (no \"done\": true)")
            }
        }
    }

    private static func handle(_ line: String, exchange: HTTPExchange?, budget: inout AnswerBudget,
                               continuation: AsyncThrowingStream<String, Error>.Continuation) throws -> Bool {
        let t = line.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return false }
        guard let obj = (try? JSONSerialization.jsonObject(with: Data(t.utf8))) as? [String: Any] else {
            throw LanguageModelError.malformedStream("a line is not JSON: \(t.prefix(120))")
        }
        if let e = obj["error"] { throw LanguageModelError.streamError((e as? String) ?? "\(e)") }
        if let message = obj["message"] as? [String: Any], let text = message["content"] as? String, !text.isEmpty {
            exchange?.markFirstToken()
            try budget.yielding(text)
            continuation.yield(text)
        }
        let done = (obj["done"] as? Bool) == true
        if done, obj["done_reason"] as? String == "length" { throw LanguageModelError.truncated }
        return done
    }
}
