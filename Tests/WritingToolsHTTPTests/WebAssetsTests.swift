import Foundation
import Testing
import WritingTools
@testable import WritingToolsHTTP

/// The browser library and its pages as `writing-tools serve` hands them out (in process; the
/// browser itself is Tests/browser-e2e's).
@Suite("HTTP: web pages and the browser library")
struct WebAssetsTests {
    func get(_ path: String, method: String = "GET", query: String = "", headers: [(String, String)] = [], router: Router? = nil) throws -> HTTPResponse {
        let r = HTTPRequest(method: method, path: path, query: query, headers: headers, body: [], remoteAddress: "127.0.0.1")
        return try (router ?? WritingToolsAPITests.makeRouter()).handle(r, server: nil)
    }

    @Test func servesThePagesAndTheLibraryFromTheBundle() throws {
        let assets = WebAssets.shared.files
        for path in ["/", "/index.html", "/embed.html", "/writing-tools.js", "/writing-tools-client.js", "/writing-tools.css", "/playground.js", "/embed.js"] {
            #expect(assets[path] != nil, "\(path) is not in the bundle")
        }
        let page = try get("/")
        #expect(page.status == 200 && page.contentType == "text/html; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).contains("<textarea id=\"doc\""))
        #expect(page.headers.contains { $0.name == "Content-Security-Policy" && $0.value.contains("default-src 'self'") })
        let js = try get("/writing-tools.js")
        #expect(js.status == 200 && js.contentType == "text/javascript; charset=utf-8")
        #expect(String(decoding: js.body, as: UTF8.self).contains("export class WritingTools"))
    }

    @Test func revalidatesWithTheETagAndAnswersHead() throws {
        let first = try get("/writing-tools.css")
        let etag = try #require(first.headers.first { $0.name == "ETag" }?.value)
        #expect(first.headers.contains { $0.name == "Cache-Control" && $0.value == "no-cache" })
        let again = try get("/writing-tools.css", headers: [("if-none-match", etag)])
        #expect(again.status == 304 && again.body.isEmpty)
        let head = try get("/writing-tools.css", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(try get("/writing-tools.css", headers: [("if-none-match", "\"other\"")]).status == 200)
    }

    @Test func leavesEveryOtherRequestToTheAPIs() throws {
        // LanguageTool clients that probe "/" with parameters or POST get LanguageTool's answer.
        #expect(try get("/", query: "language=en-US").status == 400)
        #expect(try get("/", method: "POST").status == 400)
        #expect(try get("/v2/healthcheck").status == 200)
        #expect(try get("/api/tools").contentType == "application/json")
        // Only the files read at start are served: no path reaches the file system.
        #expect(try get("/../Package.swift").status == 404)
        #expect(try get("/Web/index.html").status == 404)
        #expect(WebAssets.contentType(of: ".hidden.js") == nil && WebAssets.contentType(of: "notes.txt") == nil)
    }

    @Test func readsAnotherDirectoryForDevelopment() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wt-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("<p>dev</p>".utf8).write(to: dir.appendingPathComponent("index.html"))
        try Data("secret".utf8).write(to: dir.appendingPathComponent("key.txt"))
        let assets = WebAssets(environment: ["WRITING_TOOLS_WEB_ROOT": dir.path])
        #expect(assets.files["/"]?.body == Array("<p>dev</p>".utf8))
        #expect(assets.files["/key.txt"] == nil)
    }
}
