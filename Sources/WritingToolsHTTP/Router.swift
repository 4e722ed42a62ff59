import Foundation
import WritingTools

/// Every endpoint of `writing-tools serve` behind one entry: LanguageTool's `/v2`, the Writing
/// Tools under `/api/`, `/openapi.json`, `/metrics`; the API key (when one is set), and CORS for
/// the origins the user named (preflight answered).
struct Router: Sendable {
    let languageTool: LanguageToolAPI
    let tools: WritingToolsAPI
    /// Origins allowed to call from a browser (`https://example.org`); `*` allows any.
    var allowedOrigins: Set<String> = []
    /// The key `/api/` and `/metrics` need (LanguageTool's `/v2` checks it itself); nil: none.
    var apiKey: String?
    /// Requests per client address and period (`--request-limit`): `/v2` and `/api/` requests
    /// over it are 429, the health check never; nil: no limit.
    var requestLimiter: RequestLimiter?

    /// Every route: method and path template (`{tool}`, `{id}`, `{n}`, `{action}` are
    /// placeholders). `/openapi.json` documents exactly these (a test keeps them equal).
    static let routes: [(method: String, path: String)] = [
        ("GET", "/api/tools"),
        ("POST", "/api/proofread"), ("POST", "/api/rewrite"), ("POST", "/api/summarize"),
        ("POST", "/api/tools/{tool}"),
        ("POST", "/api/sessions"), ("GET", "/api/sessions/{id}"), ("DELETE", "/api/sessions/{id}"),
        ("POST", "/api/sessions/{id}/suggestions/{n}/{action}"),
        ("POST", "/api/sessions/{id}/{action}"),
        ("GET", "/openapi.json"), ("GET", "/metrics"),
        ("GET", "/v2/check"), ("POST", "/v2/check"), ("GET", "/v2/languages"), ("GET", "/v2/info"),
        ("GET", "/v2/healthcheck"), ("GET", "/v2/maxtextlength"), ("GET", "/v2/configinfo"),
        ("GET", "/v2/words"), ("POST", "/v2/words/add"), ("POST", "/v2/words/delete"),
    ]

    /// The answer to `request`.
    func handle(_ request: HTTPRequest, server: HTTPServer?) -> HTTPResponse {
        // A NUL (`%00`) in the path: no route has one, and cutting the path there would answer
        // for another path than the one asked for (session 52's break-it trial).
        if request.path.contains("\u{0}") {
            let message = "The request's path has a NUL character (%00) at character \(request.path.prefix { $0 != "\u{0}" }.count); no path here has one"
            let api = request.path.hasPrefix("/api/") || request.path.hasPrefix("/api\u{0}")
            return api ? .apiError(APIError.bad(message)) : .error(400, message)
        }
        let origin = request.header("origin")
        let allowed = origin.map { allowedOrigins.contains("*") || allowedOrigins.contains($0) } ?? false
        var response: HTTPResponse
        if request.method.uppercased() == "OPTIONS" {
            response = preflight(request, origin: origin, allowed: allowed)
        } else if let limited = limit(request) {
            response = limited
        } else {
            response = route(request, server: server)
        }
        if allowed, let origin {
            let cors = [("Access-Control-Allow-Origin", allowedOrigins.contains("*") ? "*" : origin), ("Vary", "Origin")]
            // A pooled or deferred answer gets the headers when it is made.
            response = response.mapped { $0.headers += cors }
        }
        return response
    }

    private func preflight(_ request: HTTPRequest, origin: String?, allowed: Bool) -> HTTPResponse {
        guard origin != nil else {
            return HTTPResponse(status: 204, contentType: "text/plain; charset=utf-8", body: [], headers: [("Allow", "GET, POST, DELETE, OPTIONS")])
        }
        guard allowed else {
            // No CORS header: the browser refuses the call.
            return .error(403, "Origin '\(origin!)' is not allowed; start the server with --allow-origin \(origin!)")
        }
        return HTTPResponse(status: 204, contentType: "text/plain; charset=utf-8", body: [], headers: [
            ("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS"),
            ("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, X-Request-ID"),
            ("Access-Control-Max-Age", "600"),
        ])
    }

    private func route(_ request: HTTPRequest, server: HTTPServer?) -> HTTPResponse {
        // The browser library and its pages (WebAssets.swift): `/`, `/writing-tools.js`, …
        if let asset = WebAssets.shared.response(for: request) { return asset }
        let path = request.path
        if path == "/v2" || path.hasPrefix("/v2/") || path == "/" || path.isEmpty {
            return languageTool.handle(request, server: server)
        }
        if path == "/openapi.json" {
            return request.method.uppercased() == "GET" ? .json(OpenAPI.document) : .error(405, "/openapi.json takes GET requests")
        }
        if path == "/metrics" || path.hasPrefix("/api/") || path == "/api" {
            if let denied = authorize(request) { return denied }
            if path == "/metrics" {
                guard request.method.uppercased() == "GET" else { return .error(405, "/metrics takes GET requests") }
                let text = (server?.metrics ?? ServerMetrics()).render(openConnections: server?.openConnections ?? 0,
                                                                       inFlight: server?.requestsInFlight ?? 0,
                                                                       maxConnections: server?.settings.maxConnections ?? 0)
                    + languageTool.cache.metricsText() + (server?.checks.metricsText() ?? "")
                return HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: Array(text.utf8))
            }
            // A full check queue refuses the tool runs (they go to the check threads), not a
            // session's state or its deletion.
            if let server, server.isRefusingConnections || (server.checks.isFull && request.method.uppercased() == "POST") {
                return .apiError(APIError(status: 503, code: "overloaded", message: "Server overloaded, please try again later"))
            }
            // The Writing Tools check and rewrite (the built-in engine's work is blocking): on
            // the server's check threads; a model's run continues from there as a task.
            guard server != nil, request.method.uppercased() == "POST" else { return tools.handle(request) }
            return .onPool(language: nil) { [tools, weak server] in
                let answer = tools.handle(request)
                // A run stopped because its client left (``WritingToolsAPI/clientLeft``).
                if answer.status == 499, HTTPServer.clientLeftTest?() == true { server?.checks.countAbandoned() }
                return answer
            }
        }
        return .error(404, "Not found: '\(path)'; this server answers LanguageTool's API under /v2/ and the Writing Tools under /api/ (see /openapi.json)")
    }

    /// 429 when the client went over ``requestLimiter``'s limit, as LanguageTool answers it
    /// (`Error: …` on `/v2`, a JSON error on `/api/`), with `Retry-After`; nil to go on. The
    /// health check (a balancer's probe), `/metrics` and the web pages are not counted.
    private func limit(_ request: HTTPRequest) -> HTTPResponse? {
        guard let requestLimiter else { return nil }
        let path = request.path
        let api = path == "/api" || path.hasPrefix("/api/")
        guard api || path.hasPrefix("/v2/") || path == "/v2", path != "/v2/healthcheck" else { return nil }
        guard let wait = requestLimiter.admit(request.remoteAddress, now: RequestLimiter.now()) else { return nil }
        let seconds = max(1, Int(wait.rounded(.up)))
        let message = "Too many requests from \(request.remoteAddress): at most \(requestLimiter.limit) in \(Self.seconds(requestLimiter.period)) s; try again in \(seconds) s"
        var response = api ? .apiError(APIError(status: 429, code: "rate_limited", message: message)) : HTTPResponse.error(429, message)
        response.headers.append(("Retry-After", String(seconds)))
        return response
    }

    private static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }

    /// 401 without a key, 403 with a wrong one (`Authorization: Bearer KEY` or `?apiKey=KEY`).
    private func authorize(_ request: HTTPRequest) -> HTTPResponse? {
        guard let apiKey else { return nil }
        var given: String?
        if let auth = request.header("authorization"), auth.lowercased().hasPrefix("bearer ") {
            given = String(auth.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        } else {
            for pair in request.query.split(separator: "&") where pair.hasPrefix("apiKey=") {
                given = String(pair.dropFirst(7)).removingPercentEncoding
            }
        }
        guard let given, !given.isEmpty else {
            return .apiError(APIError(status: 401, code: "missing_api_key", message: "Missing API key: send 'Authorization: Bearer <key>' (or ?apiKey=<key>)"))
        }
        guard LanguageToolAPI.constantTimeEqual(given, apiKey) else {
            return .apiError(APIError(status: 403, code: "wrong_api_key", message: "Access denied: wrong API key"))
        }
        return nil
    }
}
