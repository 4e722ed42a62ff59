import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model behind an OpenAI-compatible chat completions endpoint: llama.cpp's `llama-server`,
/// vLLM, LM Studio, Ollama's `/v1`, hosted APIs (OpenAI API reference, "Create chat
/// completion", `POST {baseURL}/chat/completions`).
///
/// Streaming reads the `text/event-stream` answer (`data: {"choices":[{"delta":{"content":…}}]}`
/// … `data: [DONE]`) and yields each delta as it arrives; without streaming the whole
/// `choices[0].message.content` is yielded once. A stream must end with `[DONE]` or a
/// `finish_reason`; one cut short throws ``LanguageModelError/malformedStream(_:)``, and
/// `finish_reason: "length"` throws ``LanguageModelError/truncated`` (a partial answer is never
/// passed off as a whole one). The API key goes in the `Authorization: Bearer`
/// header and nowhere else: not in ``displayName``, errors or logs.
public struct OpenAICompatibleModel: LanguageModel {
    /// The API's base URL, including its version path (`http://127.0.0.1:8080/v1`,
    /// `https://api.openai.com/v1`); `chat/completions` is appended.
    public var baseURL: URL
    /// The model name the server knows (llama-server accepts any).
    public var model: String
    /// The API key, if the server needs one.
    public var apiKey: String?
    /// Whether to stream (SSE). Default true.
    public var stream: Bool
    /// Timeouts.
    public var timeouts: ModelTimeouts
    /// Retries on 429 and 503.
    public var retry: RetryPolicy

    /// Creates a client.
    public init(baseURL: URL, model: String, apiKey: String? = nil, stream: Bool = true,
                timeouts: ModelTimeouts = ModelTimeouts(), retry: RetryPolicy = RetryPolicy()) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.stream = stream
        self.timeouts = timeouts
        self.retry = retry
    }

    public var displayName: String { "openai-compatible endpoint \(HTTPExchange.redacted(baseURL)), model \(model)" }

    /// The endpoint the requests go to.
    public var endpoint: URL { baseURL.appendingPathComponent("chat/completions") }

    /// The JSON body for `request`.
    func body(for request: GenerationRequest) throws -> Data {
        var obj: [String: Any] = [
            "model": model,
            "messages": request.messages.map { ["role": $0.role.rawValue, "content": $0.content] },
            "stream": stream,
            "temperature": request.temperature,
        ]
        if let m = request.maxTokens { obj["max_tokens"] = m }
        if !request.stop.isEmpty { obj["stop"] = request.stop }
        return try JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])
    }

    public func generate(_ request: GenerationRequest) -> AsyncThrowingStream<String, Error> {
        let model = self
        return generationStream { continuation in
            let body = try model.body(for: request)
            var headers: [String: String] = ["Accept": model.stream ? "text/event-stream" : "application/json"]
            if let key = model.apiKey, !key.isEmpty { headers["Authorization"] = "Bearer \(key)" }
            var budget = AnswerBudget(request)
            let wireLimit = budget.wireLimit
            if model.stream {
                var parser = ServerSentEventParser()
                var done = false
                try await streamJSON(url: model.endpoint, body: body, headers: headers, timeouts: model.timeouts, retry: model.retry,
                                 maxBodyBytes: wireLimit) { chunk, exchange in
                    for event in try parser.feed(chunk) where !done {
                        done = try Self.handle(event, exchange: exchange, budget: &budget, continuation: continuation)
                    }
                }
                if !done {
                    for event in try parser.finish() where !done {
                        done = try Self.handle(event, exchange: nil, budget: &budget, continuation: continuation)
                    }
                }
                guard done else {
                    throw LanguageModelError.malformedStream("the stream from \(HTTPExchange.redacted(model.endpoint)) ended before the model finished (no [DONE] and no finish_reason)")
                }
            } else {
                var all = Data()
                try await streamJSON(url: model.endpoint, body: body, headers: headers, timeouts: model.timeouts, retry: model.retry,
                                 maxBodyBytes: wireLimit) { chunk, exchange in
                    all.append(chunk)
                    exchange.markFirstToken()
                }
                let content = try Self.messageContent(all)
                try budget.yielding(content)
                continuation.yield(content)
            }
        }
    }

    /// Handles one SSE event; returns true when it ends the answer.
    private static func handle(_ event: ServerSentEvent, exchange: HTTPExchange?, budget: inout AnswerBudget,
                               continuation: AsyncThrowingStream<String, Error>.Continuation) throws -> Bool {
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data == "[DONE]" { return true }
        guard let json = data.data(using: .utf8),
              let obj = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            throw LanguageModelError.malformedStream("an event is not JSON: \(data.prefix(120))")
        }
        if let e = obj["error"] {
            let m = (e as? [String: Any])?["message"] as? String ?? (e as? String) ?? "\(e)"
            throw LanguageModelError.streamError(m)
        }
        guard let choices = obj["choices"] as? [[String: Any]] else {
            throw LanguageModelError.malformedStream("an event has no \"choices\": \(data.prefix(120))")
        }
        var finished = false
        for choice in choices.prefix(1) {
            let delta = choice["delta"] as? [String: Any]
            if let text = delta?["content"] as? String ?? choice["text"] as? String, !text.isEmpty {
                exchange?.markFirstToken()
                try budget.yielding(text)
                continuation.yield(text)
            }
            if let reason = choice["finish_reason"] as? String, !reason.isEmpty {
                if reason == "length" { throw LanguageModelError.truncated }
                finished = true
            }
        }
        return finished
    }

    /// `choices[0].message.content` of a non-streamed answer.
    static func messageContent(_ data: Data) throws -> String {
        guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw LanguageModelError.malformedStream("the answer is not JSON: \(String(decoding: data.prefix(120), as: UTF8.self))")
        }
        if let e = obj["error"] {
            throw LanguageModelError.streamError((e as? [String: Any])?["message"] as? String ?? "\(e)")
        }
        guard let choices = obj["choices"] as? [[String: Any]], let first = choices.first,
              let message = first["message"] as? [String: Any], let content = message["content"] as? String else {
            throw LanguageModelError.malformedStream("the answer has no choices[0].message.content")
        }
        if first["finish_reason"] as? String == "length" { throw LanguageModelError.truncated }
        return content
    }
}
