import Foundation
import Testing
import WritingTools
@testable import WritingToolsHTTP
@_spi(Fuzzing) import WritingToolsHTTP

/// ``InProcessExchange``, the server's answer without a socket that Fuzz/fuzz-http drives, and
/// ``HTTPRequest/init(method:target:headers:body:remoteAddress:)``, which the server's worker
/// threads and it share.
@Suite("HTTP: in-process exchange (fuzz-http's entry)")
struct InProcessExchangeTests {
    static func home() throws -> String {
        let home = NSTemporaryDirectory() + "wt-http-exchange-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    @Test func aRequestFromTheWireIsSplitAndItsHeaderNamesLowerCased() {
        let r = HTTPRequest(method: "POST", target: "/v2/%63heck?language=en-US&text=a%20b", headers: [("Content-Type", "text/plain"), ("X-A", "1")],
                            body: [1, 2], remoteAddress: "::1")
        #expect(r.path == "/v2/check")
        #expect(r.query == "language=en-US&text=a%20b")
        #expect(r.header("content-type") == "text/plain")
        #expect(r.headers.map(\.name) == ["content-type", "x-a"])
        #expect(r.body == [1, 2])
        let bare = HTTPRequest(method: "GET", target: "/api/tools", headers: [], body: [], remoteAddress: "")
        #expect(bare.path == "/api/tools" && bare.query.isEmpty)
    }

    /// A NUL (`%00`) in the path does not end it: the answer is 400 saying so, as LanguageTool's
    /// plain-text error or the Writing Tools' JSON error, not the route of the path before it
    /// (session 52's break-it trial).
    @Test func aNULInThePathIsABadRequest() throws {
        #expect(HTTPRequest(method: "GET", target: "/v2/languages%00x?a=%00", headers: [], body: [], remoteAddress: "").path == "/v2/languages\u{0}x")
        #expect(HTTPRequest(method: "GET", target: "/v2/lang%75ages%00", headers: [], body: [], remoteAddress: "").path == "/v2/languages\u{0}")
        let server = InProcessExchange(home: try Self.home(), maxTextLength: 1000)
        #expect(server.answer(method: "GET", target: "/v2/languages", headers: [], body: []).status == 200)
        for target in ["/v2/languages%00", "/v2/languages%00/../check", "/%00"] {
            let answer = server.answer(method: "GET", target: target, headers: [], body: [])
            #expect(answer.status == 400, "\(target)")
            #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("Error: The request's path has a NUL character (%00)"), "\(target)")
        }
        let api = server.answer(method: "POST", target: "/api/proofread%00.json", headers: [], body: Array(#"{"text":"Teh."}"#.utf8))
        #expect(api.status == 400 && api.contentType == "application/json")
        let error = try #require((JSONSerialization.jsonObject(with: Data(api.body)) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "bad_request")
        #expect((error["message"] as? String)?.contains("NUL character (%00) at character 14") == true, "\(error)")
        // An escaped percent sign is no NUL.
        #expect(server.answer(method: "GET", target: "/v2/languages%2500", headers: [], body: []).status == 404)
    }

    @Test func answersAsTheServerDoes() throws {
        let server = InProcessExchange(home: try Self.home(), maxTextLength: 1000, apiKey: "k", allowedOrigins: ["https://ok.example"])
        let form = Array("language=en-US&text=This+is+a+example.".utf8)
        // No key: 401, LanguageTool's plain-text error.
        let denied = server.answer(method: "POST", target: "/v2/check", headers: [], body: form)
        #expect(denied.status == 401)
        #expect(String(decoding: denied.body, as: UTF8.self).hasPrefix("Error: "))
        // The key and an allowed origin: the check, with CORS.
        let checked = server.answer(method: "POST", target: "/v2/check",
                                    headers: [("Authorization", "Bearer k"), ("Origin", "https://ok.example")], body: form)
        #expect(checked.status == 200)
        #expect(checked.contentType == "application/json")
        #expect(checked.header("access-control-allow-origin") == "https://ok.example")
        let matches = try #require((JSONSerialization.jsonObject(with: Data(checked.body)) as? [String: Any])?["matches"] as? [[String: Any]])
        #expect(matches.contains { ($0["offset"] as? Int) == 8 && ($0["length"] as? Int) == 1 })
        // The Writing Tools: JSON in and out, errors as JSON.
        let fixed = server.answer(method: "POST", target: "/api/proofread?apiKey=k", headers: [],
                                  body: Array(#"{"text":"\uFEFFThis is a example."}"#.utf8))
        #expect(fixed.status == 200 && !fixed.wasDeferred && !fixed.wasStream)
        // A raw U+FEFF starting a string in the answer: read with the shared decoder first
        // (Foundation alone drops it; fuzz-http's first false alarm).
        let answer = try #require(try JSONSerialization.jsonObject(with: JSONStrings.normalized(Data(fixed.body))) as? [String: Any])
        #expect(answer["correctedInput"] as? String == "\u{FEFF}This is an example.")
        let bad = server.answer(method: "POST", target: "/api/proofread", headers: [("Authorization", "Bearer k")], body: Array("{".utf8))
        #expect(bad.status == 400 && bad.contentType == "application/json")
    }
}
