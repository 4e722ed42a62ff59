import Foundation
import Testing
import WritingTools
@testable import WritingToolsHTTP

/// `/openapi.json` stays true: it documents exactly the routes the router answers, and each
/// documented example request gets a documented status and a body with the schema's required
/// fields (the built-in engine, in process).
@Suite("HTTP: OpenAPI document")
struct OpenAPITests {
    let doc: [String: Any]
    let router: Router

    init() throws {
        doc = try #require(JSONSerialization.jsonObject(with: Data(OpenAPI.document)) as? [String: Any])
        router = try WritingToolsAPITests.makeRouter()
    }

    var paths: [String: [String: Any]] { doc["paths"] as? [String: [String: Any]] ?? [:] }
    var schemas: [String: [String: Any]] { ((doc["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]]) ?? [:] }

    @Test func documentsExactlyTheRoutes() throws {
        #expect(doc["openapi"] as? String == "3.1.0")
        var documented = Set<String>()
        for (path, ops) in paths {
            for method in ops.keys { documented.insert(method.uppercased() + " " + path) }
        }
        let routed = Set(Router.routes.map { $0.method + " " + $0.path })
        #expect(documented == routed, "only documented: \(documented.subtracting(routed)); only routed: \(routed.subtracting(documented))")
        // Every $ref resolves.
        let text = String(decoding: OpenAPI.document, as: UTF8.self)
        let refs = text.matches(of: /"#\/components\/schemas\/([A-Za-z]+)"/).map { String($0.1) }
        #expect(!refs.isEmpty)
        for r in refs { #expect(schemas[r] != nil, "\(r)") }
        // The served document is this one.
        let served = router.handle(HTTPRequest(method: "GET", path: "/openapi.json", query: "", headers: [], body: [], remoteAddress: ""), server: nil)
        #expect(served.status == 200 && served.contentType == "application/json" && served.body == OpenAPI.document)
    }

    func call(_ method: String, _ path: String, _ body: Any?) -> HTTPResponse {
        let bytes = body.map { (try? JSONSerialization.data(withJSONObject: $0)).map(Array.init) ?? [] } ?? []
        return router.handle(HTTPRequest(method: method, path: path, query: "", headers: [], body: bytes, remoteAddress: ""), server: nil)
    }

    /// The required fields of a schema that are missing from `value` (one `$ref` level deep,
    /// items of arrays included).
    func missing(_ value: Any, schema: [String: Any], at where_: String) -> [String] {
        var schema = schema
        if let ref = schema["$ref"] as? String, let s = schemas[String(ref.split(separator: "/").last!)] { schema = s }
        var out: [String] = []
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { out.append("\(where_).\(key)") }
            for (key, sub) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                if let v = object[key], !(v is NSNull) { out += missing(v, schema: sub, at: "\(where_).\(key)") }
            }
        } else if let list = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (i, v) in list.enumerated() { out += missing(v, schema: items, at: "\(where_)[\(i)]") }
        }
        return out
    }

    @Test func everyExampleIsAnsweredAsDocumented() throws {
        // A session to address: {id}.
        let created = call("POST", "/api/sessions", ["tool": "concise", "text": WritingToolsAPITests.wordy])
        let id = try #require((JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["id"] as? String)
        var checked = 0
        for (template, ops) in paths.sorted(by: { $0.key < $1.key }) where template.hasPrefix("/api/") || template == "/metrics" {
            for (method, raw) in ops {
                let op = try #require(raw as? [String: Any])
                var path = template.replacingOccurrences(of: "{id}", with: id)
                for p in op["parameters"] as? [[String: Any]] ?? [] where p["in"] as? String == "path" {
                    if let example = p["example"] { path = path.replacingOccurrences(of: "{\(p["name"] as! String)}", with: "\(example)") }
                }
                #expect(!path.contains("{"), "\(template) has an example for every path parameter")
                let body = ((op["requestBody"] as? [String: Any])?["content"] as? [String: Any])
                    .flatMap { ($0["application/json"] as? [String: Any])?["example"] }
                if method == "delete" { continue }
                let r = call(method.uppercased(), path, body)
                let responses = try #require(op["responses"] as? [String: Any])
                #expect(responses["\(r.status)"] != nil, "\(method) \(path) answered \(r.status), not documented: \(String(decoding: r.body, as: UTF8.self))")
                let documented = ((responses["\(r.status)"] as? [String: Any])?["content"] as? [String: Any])
                if let schema = (documented?["application/json"] as? [String: Any])?["schema"] as? [String: Any], r.contentType == "application/json" {
                    let value = try JSONSerialization.jsonObject(with: Data(r.body))
                    #expect(missing(value, schema: schema, at: "").isEmpty, "\(method) \(path): missing \(missing(value, schema: schema, at: ""))")
                } else {
                    #expect(documented?[r.contentType.components(separatedBy: ";")[0]] != nil, "\(method) \(path): \(r.contentType) not documented")
                }
                checked += 1
            }
        }
        #expect(checked >= 10)
        // DELETE last (it ends the session the others used).
        #expect(call("DELETE", "/api/sessions/\(id)", nil).status == 204)
    }
}
