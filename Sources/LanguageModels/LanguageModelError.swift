import Foundation

/// What can go wrong talking to a model; every case says what to do about it
/// (docs/ARCHITECTURE.md, “Rules that hold everywhere”, "typed errors per module, with messages that tell a user what to do").
public enum LanguageModelError: Error, Equatable, CustomStringConvertible {
    /// Which timeout of ``ModelTimeouts`` expired.
    public enum TimeoutKind: String, Sendable, Hashable {
        case connect, firstToken = "first token", total
    }

    /// Nothing answers at the address (connection refused, unknown host, network down).
    case unreachable(url: String, reason: String)
    /// A timeout expired (seconds given).
    case timeout(TimeoutKind, seconds: Double, url: String)
    /// The server answered with an HTTP error; `body` is the start of its answer (at most
    /// 500 characters; it never contains our API key, which is only sent, never echoed).
    case httpStatus(Int, body: String, url: String)
    /// The answer is not the protocol it should be (bad SSE, bad NDJSON, JSON of the wrong shape).
    case malformedStream(String)
    /// The server reported an error in the middle of its answer (an `error` object in the stream).
    case streamError(String)
    /// The model stopped at its token limit (`finish_reason: "length"`, Ollama's
    /// `done_reason: "length"`): the answer is cut off and must not be used as a whole one.
    case truncated
    /// The answer grew past what the request allows (`limit` bytes: of text, or of the stream
    /// that carries it, per `what`); the transfer was stopped and the partial answer dropped.
    /// A server that ignores `max_tokens`, or streams without end, ends here instead of filling
    /// the memory (see ``AnswerLimits``).
    case answerTooLarge(limit: Int, what: String)
    /// The request was cancelled.
    case cancelled
    /// The configuration is wrong or incomplete (no model named, no binary found…); the message
    /// says what to set.
    case configuration(String)
    /// The managed `llama-server` failed to start or died; the message names its log file.
    case serverFailed(String)

    public var description: String { message(suggestingCheck: true) }

    /// The message; with `suggestingCheck`, an unreachable server's message also points to
    /// `writing-tools models check` (which passes false: it is that check).
    public func message(suggestingCheck: Bool) -> String {
        switch self {
        case let .unreachable(url, reason):
            return "cannot reach the model server at \(url) (\(reason)); is it running? Check --base-url"
                + (suggestingCheck ? ", or run 'writing-tools models check'" : "")
        case let .timeout(kind, seconds, url):
            let what: String
            switch kind {
            case .connect: what = "no response from \(url) within \(Self.format(seconds)) s"
            case .firstToken: what = "the model at \(url) produced no text within \(Self.format(seconds)) s"
            case .total: what = "the model at \(url) did not finish within \(Self.format(seconds)) s"
            }
            return what + " (timeouts are set in the configuration: timeouts.connect, timeouts.firstToken, timeouts.total)"
        case let .httpStatus(code, body, url):
            var hint = ""
            switch code {
            case 401, 403: hint = "; check the API key (the configuration's apiKeyEnv names the environment variable that holds it)"
            case 404: hint = "; check --base-url and --model (the server does not know this endpoint or model)"
            case 429: hint = "; the server is rate-limiting: try again later"
            case 503: hint = "; the server is busy or still loading the model: try again shortly"
            default: break
            }
            let b = body.trimmingCharacters(in: .whitespacesAndNewlines)
            return "the model server at \(url) answered HTTP \(code)" + (b.isEmpty ? "" : ": \(b)") + hint
        case let .malformedStream(m):
            return "the model server's answer is malformed: \(m)"
        case let .streamError(m):
            return "the model server reported an error: \(m)"
        case .truncated:
            return "the model's answer was cut off at its token limit (the text may be too long for the model's context; try a shorter selection or a larger context)"
        case let .answerTooLarge(limit, what):
            return "the model's answer passed \(limit) bytes of \(what), more than the request allows (the server may ignore max_tokens); it was stopped and not used"
        case .cancelled:
            return "cancelled"
        case let .configuration(m):
            return m
        case let .serverFailed(m):
            return m
        }
    }

    private static func format(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(format: "%.1f", s)
    }
}
