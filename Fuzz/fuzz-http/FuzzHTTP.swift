import Foundation
@_spi(Fuzzing) import WritingToolsHTTP
import FuzzSupport
import WritingTools
import TextModel

/// Fuzz target: `writing-tools serve`'s parsing of requests, in process (``InProcessExchange``:
/// the server's router as its worker threads call it; libmicrohttpd's wire layer is not ours and
/// not driven): query strings, URL-encoded and multipart form bodies of `/v2/check`, the JSON
/// bodies of the Writing Tools endpoints and sessions, `Authorization` and `Origin`.
///
/// Input: byte 0 picks the scenario, byte 1 the flags (server with an API key; `Authorization`
/// with it; an `Origin`, allowed or not; `Accept: text/event-stream`; a tool or method), byte 2
/// the length of a first field (query, boundary, target or session actions), the rest the body.
///
/// Invariants: nothing traps; no answer is 5xx (or deferred, or a live stream: there is no
/// model); every error is a 4xx with a message (JSON `{"error":{"code","message"}}` under `/api/`,
/// `Error: …` text under `/v2/`); every JSON answer is valid JSON (strict RFC 8259); with an
/// API key set, a request that carries the key nowhere gets no 2xx from `/v2/check` or `/api/`;
/// CORS headers exactly when an allowed origin asked; `/v2/check`'s matches and sentence
/// ranges lie inside the client's text (markup included) and its `context` inside its text;
/// Writing Tools corrections lie inside the input, in order, say the input's text at their range,
/// and applied to the input give the answer's text; protected ranges come back unchanged;
/// a session created is found, then gone after `DELETE`.
@main
enum FuzzHTTP {
    static let key = "fuzzkey"
    static let allowedOrigin = "https://ok.example"
    static let maxText = 600
    static let home: String = {
        let h = NSTemporaryDirectory() + "fuzz-http-\(getpid())"
        try? FileManager.default.createDirectory(atPath: h, withIntermediateDirectories: true)
        return h
    }()
    static let open = InProcessExchange(home: home, maxTextLength: maxText, allowedOrigins: [allowedOrigin])
    static let locked = InProcessExchange(home: home, maxTextLength: maxText, apiKey: key, allowedOrigins: [allowedOrigin])
    static let tools = ["proofread", "rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table", "describe", "nope"]

    static func main() {
        FuzzDriver.run(warmUp: { text in for language in WritingToolsChecker.installedLanguages { var request = ProofreadingRequest(text: text, language: language); request.level = .picky; _ = try? WritingToolsChecker().check(request) } }) { bytes in
            var input = FuzzInput(bytes)
            let scenario = input.byte()
            let flags = input.byte()
            let fieldLength = Int(input.byte())
            var field: [UInt8] = []
            for _ in 0..<fieldLength where !input.isEmpty { field.append(input.byte()) }
            let body = input.restBytes()
            run(scenario: scenario, flags: flags, field: field, body: body)
        }
    }

    /// Bytes a request line or header value can carry (libmicrohttpd cuts at these).
    static func wire(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.filter { $0 > 0x20 && $0 != 0x7F }, as: UTF8.self)
    }

    static func run(scenario: UInt8, flags: UInt8, field: [UInt8], body: [UInt8]) {
        let server = flags & 1 == 1 ? locked : open
        var headers: [(name: String, value: String)] = []
        if flags & 2 != 0 { headers.append(("Authorization", "Bearer " + key)) }
        if flags & 4 != 0 { headers.append(("Origin", flags & 8 != 0 ? allowedOrigin : "https://evil.example")) }
        if flags & 16 != 0 { headers.append(("Accept", "text/event-stream")) }
        let pick = Int(flags >> 5)
        var method = "POST"
        var target: String
        var payload = body
        switch scenario % 9 {
        case 0:
            target = "/v2/check" + (field.isEmpty ? "" : "?" + wire(field))
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        case 1:
            target = "/v2/check"
            headers.append(("Content-Type", "multipart/form-data; boundary=" + wire(field)))
        case 2:
            method = "GET"
            target = "/v2/check?" + wire(field + body)
            payload = []
        case 3: target = "/api/proofread"
        case 4: target = "/api/tools/" + tools[(pick + (field.count & 1) * 8) % tools.count]
        case 5: target = "/api/rewrite"
        case 6: target = "/api/summarize"
        case 7:
            session(server, flags: flags, headers: headers, actions: field, body: body)
            return
        default:
            method = ["GET", "POST", "DELETE", "OPTIONS", "PUT", "HEAD", "PATCH", "post"][pick]
            target = wire(field)
            if target.isEmpty { target = "/" }
            switch field.count % 4 {
            case 0: headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            case 1: headers.append(("Content-Type", "multipart/form-data; boundary=b"))
            case 2: headers.append(("Content-Type", "application/json"))
            default: break
            }
        }
        let answer = server.answer(method: method, target: target, headers: headers, body: payload)
        let context = "\(method) \(target) \(headers) body: \(String(decoding: payload, as: UTF8.self))"
        checkCommon(answer, server: server === locked, method: method, target: target, headers: headers, body: payload, context: context)
        guard (200..<300).contains(answer.status), answer.contentType == "application/json" else { return }
        let path = (target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target).removingPercentEncoding ?? target
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.reversed().drop { $0 == "/" }.reversed()) : path
        switch trimmed {
        case "/v2/check":
            checkMatches(answer, method: method, target: target, headers: headers, body: payload, context: context)
        case "/api/proofread", "/api/rewrite", "/api/summarize":
            checkTool(answer, body: payload, corrections: trimmed == "/api/proofread" ? "corrections" : "edits",
                      appliedText: trimmed == "/api/proofread" ? "correctedInput" : nil, context: context)
        default:
            if trimmed.hasPrefix("/api/tools/") {
                checkTool(answer, body: payload, corrections: "edits", appliedText: "text", context: context)
            }
        }
    }

    // MARK: Every answer

    static func checkCommon(_ a: InProcessExchange.Answer, server hasKey: Bool, method: String, target: String,
                            headers: [(name: String, value: String)], body: [UInt8], context: String) {
        FuzzCheck.require(!a.wasStream && !a.wasDeferred, "a live stream or deferred answer with no model configured", context)
        FuzzCheck.require([200, 201, 204, 304].contains(a.status) || (400..<500).contains(a.status),
                          "status \(a.status): \(String(decoding: a.body, as: UTF8.self))", context)
        let text = String(decoding: a.body, as: UTF8.self)
        if a.status >= 400 {
            if a.contentType == "application/json" {
                let o = object(a.body)
                let e = o?["error"] as? [String: Any]
                FuzzCheck.require(JSONValidator.kind(of: a.body) == .object && !((e?["code"] as? String) ?? "").isEmpty
                                    && !((e?["message"] as? String) ?? "").isEmpty,
                                  "a \(a.status) JSON error without error.code and error.message: \(text)", context)
            } else {
                FuzzCheck.require(a.contentType.hasPrefix("text/plain") && text.hasPrefix("Error: ") && text.count > 8,
                                  "a \(a.status) error that is not 'Error: <message>' text (\(a.contentType)): \(text)", context)
            }
        } else if a.contentType == "application/json" && !a.body.isEmpty {
            FuzzCheck.require(JSONValidator.kind(of: a.body) != nil, "a \(a.status) answer that is no JSON: \(text)", context)
        }
        // The API key: a request that carries it nowhere gets nothing but errors (a preflight
        // and the health check aside).
        let rawPath = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        var path = rawPath.removingPercentEncoding ?? rawPath
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let guarded = path == "/metrics" || path == "/api" || path.hasPrefix("/api/") || (path.hasPrefix("/v2/") && path != "/v2/healthcheck")
        let everything = target + headers.map { $0.name + ":" + $0.value }.joined() + String(decoding: body, as: UTF8.self)
        if hasKey && guarded && method.uppercased() != "OPTIONS" && !everything.contains(key) {
            FuzzCheck.require(a.status >= 400, "a request without the API key was answered \(a.status): \(text)", context)
        }
        // CORS: exactly for the allowed origin.
        let origin = headers.first { $0.name == "Origin" }?.value
        let cors = a.header("Access-Control-Allow-Origin")
        FuzzCheck.require((cors != nil) == (origin == allowedOrigin), "Access-Control-Allow-Origin \(cors ?? "absent") for origin \(origin ?? "none")", context)
        if method.uppercased() == "OPTIONS" && origin != nil && origin != allowedOrigin {
            FuzzCheck.require(a.status == 403, "a preflight from a refused origin answered \(a.status)", context)
        }
    }

    // MARK: /v2/check

    /// The UTF-16 length of the client's text in a check's parameters (query, then a URL-encoded
    /// body over it, LanguageTool's order), when they can be read here: `text`, or `data`'s text
    /// and markup; nil when unknown (a multipart body).
    static func clientLength(method: String, target: String, headers: [(name: String, value: String)], body: [UInt8]) -> Int? {
        let type = headers.first { $0.name == "Content-Type" }?.value ?? ""
        if !body.isEmpty && type.hasPrefix("multipart/") { return nil }
        let query = target.split(separator: "?", maxSplits: 1).dropFirst().first.map { Array($0.utf8) } ?? []
        guard var values = referenceForm(query) else { return nil }
        if !body.isEmpty {
            guard let b = referenceForm(body) else { return nil }
            for (k, v) in b { values[k] = v }
        }
        if let text = values["text"] { return text.utf16.count }
        guard let data = values["data"], let json = try? JSONStrings.normalized(Data(data.utf8)),
              let o = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        if let t = o["text"] as? String { return t.utf16.count }
        guard let items = o["annotation"] as? [[String: Any]] else { return nil }
        return items.reduce(0) { $0 + ((($1["text"] ?? $1["markup"]) as? String)?.utf16.count ?? 0) }
    }

    /// A slow reference reader of URL-encoded form data (first value of a repeated name wins);
    /// nil for a bad `%` or bytes that are no UTF-8.
    static func referenceForm(_ bytes: [UInt8]) -> [String: String]? {
        var out: [String: String] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(parts[0]) else { return nil }
            let value = parts.count > 1 ? percentDecoded(parts[1]) : ""
            guard let value else { return nil }
            if out[name] == nil { out[name] = value }
        }
        return out
    }

    static func percentDecoded(_ s: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == UInt8(ascii: "+") { bytes.append(32); i += 1; continue }
            if s[i] == UInt8(ascii: "%") {
                guard i + 2 < s.endIndex, let h = hex(s[i + 1]), let l = hex(s[i + 2]) else { return nil }
                let v = h << 4 | l
                bytes.append(v)
                i += 3
                continue
            }
            bytes.append(s[i])
            i += 1
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func checkMatches(_ a: InProcessExchange.Answer, method: String, target: String,
                             headers: [(name: String, value: String)], body: [UInt8], context: String) {
        guard let o = object(a.body) else {
            FuzzCheck.fail("a check answer that is no JSON object", context)
        }
        // Any decoded text is at most one UTF-16 unit a byte of what was sent.
        let limit = clientLength(method: method, target: target, headers: headers, body: body)
            ?? (target.utf8.count + body.count)
        let matches = o["matches"] as? [[String: Any]] ?? []
        for m in matches {
            let offset = (m["offset"] as? NSNumber)?.intValue ?? -1, length = (m["length"] as? NSNumber)?.intValue ?? -1
            FuzzCheck.require(offset >= 0 && length >= 0 && offset + length <= limit,
                              "a match at \(offset)+\(length) outside the client's text (\(limit) UTF-16 units)", context)
            if let c = m["context"] as? [String: Any], let t = c["text"] as? String {
                let co = (c["offset"] as? NSNumber)?.intValue ?? -1, cl = (c["length"] as? NSNumber)?.intValue ?? -1
                FuzzCheck.require(co >= 0 && cl >= 0 && co + cl <= t.utf16.count,
                                  "a match context \(co)+\(cl) outside its text (\(t.utf16.count))", context)
            }
        }
        for r in o["sentenceRanges"] as? [[NSNumber]] ?? [] {
            FuzzCheck.require(r.count == 2 && r[0].intValue >= 0 && r[0].intValue <= r[1].intValue && r[1].intValue <= limit,
                              "a sentence range \(r) outside the client's text (\(limit))", context)
        }
    }

    // MARK: Writing Tools

    /// A JSON object (a request's, as the server reads it; an answer's) read by the shared string
    /// decoder, then Foundation (which alone drops a raw U+FEFF that starts a string).
    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        guard let data = try? JSONStrings.normalized(Data(bytes)) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The JSON object of the `result` event of a Server-Sent Events body (its `data:` lines
    /// joined), nil when there is none.
    static func resultEvent(_ bytes: [UInt8]) -> [String: Any]? {
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        for block in text.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.contains(where: { $0 == "event: result" }) else { continue }
            let data = lines.filter { $0.hasPrefix("data:") }.map { $0.dropFirst(5).drop(while: { $0 == " " }) }.joined(separator: "\n")
            return object(Array(data.utf8))
        }
        return nil
    }

    static func checkTool(_ a: InProcessExchange.Answer, body: [UInt8], corrections key: String, appliedText: String?, context: String) {
        guard let o = object(a.body) else {
            FuzzCheck.fail("a tool answer that is no JSON object", context)
        }
        guard let request = object(body), let text = request["text"] as? String else {
            FuzzCheck.fail("a 2xx answer to a body without a text", context)
        }
        let units = Array(text.utf16)
        var applied = units
        var end = 0
        var edits: [(Int, Int, [UInt16])] = []
        for c in o[key] as? [[String: Any]] ?? [] {
            let s = (c["startIndex"] as? NSNumber)?.intValue ?? -1, e = (c["endIndex"] as? NSNumber)?.intValue ?? -1
            FuzzCheck.require(s >= end && s <= e && e <= units.count,
                              "a correction \(s)..<\(e) out of order or outside the text (\(units.count) UTF-16 units)", context)
            if let original = c["original"] as? String {
                FuzzCheck.require(Array(original.utf16) == Array(units[s..<e]),
                                  "a correction's original \(original.debugDescription) is not the text at \(s)..<\(e)", context)
            }
            edits.append((s, e, Array(((c["correction"] as? String) ?? "").utf16)))
            end = e
        }
        for (s, e, r) in edits.reversed() { applied.replaceSubrange(s..<e, with: r) }
        if let field = appliedText, let result = o[field] as? String {
            FuzzCheck.require(Array(result.utf16) == applied, "the corrections applied to the input are not '\(field)': \(result.debugDescription)", context)
        }
        // Protected ranges the client gave come back unchanged, in order.
        if let result = (o["text"] ?? o["correctedInput"]) as? String, request["range"] == nil || request["range"] is NSNull,
           let list = request["protectedRanges"] as? [[String: Any]] {
            var ranges: [NSRange] = []
            for r in list {
                guard let s = (r["start"] as? NSNumber)?.intValue, let e = (r["end"] as? NSNumber)?.intValue, s >= 0, s <= e, e <= units.count else { return }
                ranges.append(NSRange(location: s, length: e - s))
            }
            ranges.sort { $0.location < $1.location }
            var merged: [NSRange] = []
            for r in ranges {
                if let last = merged.last, r.location <= NSMaxRange(last) {
                    merged[merged.count - 1] = NSRange(location: last.location, length: max(NSMaxRange(last), NSMaxRange(r)) - last.location)
                } else { merged.append(r) }
            }
            if let missing = FuzzCheck.firstMissing(merged, of: units, in: Array(result.utf16)) {
                FuzzCheck.fail("protected range \(missing) did not come back unchanged: \(result.debugDescription)", context)
            }
        }
    }

    // MARK: Sessions

    /// `POST /api/sessions` with `body`; when made, actions picked by `actions` bytes, then
    /// `DELETE`, then `GET` (404).
    static func session(_ server: InProcessExchange, flags: UInt8, headers: [(name: String, value: String)], actions: [UInt8], body: [UInt8]) {
        let hasKey = server === locked
        func call(_ method: String, _ target: String, _ payload: [UInt8]) -> InProcessExchange.Answer {
            let a = server.answer(method: method, target: target, headers: headers, body: payload)
            checkCommon(a, server: hasKey, method: method, target: target, headers: headers, body: payload,
                        context: "\(method) \(target) \(headers) body: \(String(decoding: payload, as: UTF8.self)); session \(String(decoding: body, as: UTF8.self))")
            return a
        }
        let made = call("POST", "/api/sessions", body)
        guard made.status == 201 || made.status == 200 else { return }
        // A streamed creation (`Accept: text/event-stream`) carries the session in its `result`
        // event (docs/http-api.md), a plain one as the body.
        let session = made.contentType.hasPrefix("text/event-stream") ? resultEvent(made.body) : object(made.body)
        guard let o = session, let id = o["id"] as? String, !id.isEmpty else {
            FuzzCheck.fail("a session made without an id: \(String(decoding: made.body, as: UTF8.self))", String(decoding: body, as: UTF8.self))
        }
        let paths = ["suggestions/0/accept", "suggestions/0/reject", "suggestions/1/revert", "suggestions/x/accept", "accept-all",
                     "show-original", "show-rewritten", "rewrite-again", "finish", "nothing"]
        for b in actions.prefix(8) {
            let a = call(b & 0x80 != 0 ? "GET" : "POST", "/api/sessions/\(id)" + (b & 0x80 != 0 ? "" : "/" + paths[Int(b & 0x7F) % paths.count]),
                         b & 0x40 != 0 ? Array("{\"accept\":false}".utf8) : [])
            if a.status < 300 && a.contentType == "application/json" {
                FuzzCheck.require(JSONValidator.kind(of: a.body) == .object, "a session answer that is no JSON object", String(decoding: a.body, as: UTF8.self))
            }
        }
        let gone = call("DELETE", "/api/sessions/\(id)", [])
        FuzzCheck.require(gone.status == 204 || gone.status == 200, "DELETE of session \(id) answered \(gone.status)", String(decoding: gone.body, as: UTF8.self))
        let after = call("GET", "/api/sessions/\(id)", [])
        FuzzCheck.require(after.status == 404, "a deleted session answered \(after.status)", String(decoding: after.body, as: UTF8.self))
    }
}
