import Foundation
import WritingTools

/// `writing-tools serve`'s answer to one request, computed in process without a socket: the
/// same ``Router`` (LanguageTool's `/v2`, the Writing Tools under `/api/`, the API key, CORS)
/// that the server's worker threads call, from a request as libmicrohttpd hands it over (method,
/// raw request target, header fields, body). The built-in engine only (no language model).
///
/// For the `fuzz-http` fuzz target (Fuzz/fuzz-http), which drives our request parsing (query
/// strings, URL-encoded and multipart form bodies, JSON bodies, `Authorization`, `Origin`)
/// with any bytes; not an API for front ends (`writing-tools serve` is that).
@_spi(Fuzzing)
public final class InProcessExchange: Sendable {
    /// One answer: what the server would send.
    public struct Answer: Sendable {
        /// HTTP status code.
        public var status: Int
        /// `Content-Type`, exactly as sent.
        public var contentType: String
        /// Further header fields (names as sent, e.g. `Access-Control-Allow-Origin`).
        public var headers: [(name: String, value: String)]
        /// The body (empty for a live stream).
        public var body: [UInt8]
        /// True when the answer was deferred work (a language model's run), awaited here.
        public var wasDeferred: Bool
        /// True when the answer was a live stream (a language model's Server-Sent Events; the
        /// built-in engine sends its events in one body), which this entry does not read.
        public var wasStream: Bool

        /// The first header field named `name` (compared case-insensitively).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private let router: Router

    /// A server as `writing-tools serve` builds it, with the built-in engine.
    /// - Parameters:
    ///   - home: the folder that stands for `HOME` (the user dictionary of `/v2/words` lives under it).
    ///   - maxTextLength: `--max-text-length` (UTF-16 units).
    ///   - apiKey: `--api-key-file`'s key; nil: none needed.
    ///   - allowedOrigins: `--allow-origin` values (`*` for any).
    public init(home: String, maxTextLength: Int = 100_000, apiKey: String? = nil, allowedOrigins: Set<String> = []) {
        let dictionary = UserDictionary(environment: ["HOME": home])
        var api = LanguageToolAPI(dictionary: dictionary)
        api.maxTextLength = maxTextLength
        api.apiKey = apiKey
        let tools = WritingToolsAPI(maxTextLength: maxTextLength, dictionary: dictionary, models: .none(), metrics: nil)
        router = Router(languageTool: api, tools: tools, allowedOrigins: allowedOrigins, apiKey: apiKey)
    }

    /// The answer to one request.
    /// - Parameters:
    ///   - method: the request line's method (`GET`, `POST`, …).
    ///   - target: the request line's target, raw (`/v2/check?language=en-US`).
    ///   - headers: header fields (any case; lower-cased as the server does).
    ///   - body: the body's bytes.
    public func answer(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) -> Answer {
        let request = HTTPRequest(method: method, target: target, headers: headers, body: body, remoteAddress: "127.0.0.1")
        var response = router.handle(request, server: nil).runningPooledWork()
        var deferred = false
        if let work = response.later {
            deferred = true
            let done = DispatchSemaphore(value: 0)
            let box = ResultBox()
            Task.detached {
                box.set(await work())
                done.signal()
            }
            done.wait()
            response = box.get()
        }
        return Answer(status: response.status, contentType: response.contentType, headers: response.headers, body: response.body,
                      wasDeferred: deferred, wasStream: response.stream != nil)
    }
}

/// A value handed from a task to a waiting thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: HTTPResponse?
    func set(_ v: HTTPResponse) { lock.withLock { value = v } }
    func get() -> HTTPResponse { lock.withLock { value! } }
}
