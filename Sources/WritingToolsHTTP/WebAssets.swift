import Foundation

/// The browser side of `writing-tools serve`: the Writing Tools library for web pages
/// (`/writing-tools.js`, `/writing-tools-client.js`, `/writing-tools.css`), the playground at `/`
/// and the embedding example at `/embed.html`.
///
/// The files are this module's resource directory `Web/`, read once when the server starts (a
/// request never reaches the file system: only the names found then are served). Setting
/// `WRITING_TOOLS_WEB_ROOT` to a directory serves that directory's files instead (development:
/// edit, restart the server, reload the page; no rebuild).
struct WebAssets: Sendable {
    /// One file as served.
    struct Asset: Sendable {
        /// `Content-Type` sent with it.
        var contentType: String
        /// The bytes.
        var body: [UInt8]
        /// A strong validator (`"<size>-<FNV-1a 64 of the bytes>"`), for `If-None-Match`.
        var etag: String
    }

    /// URL path (`/writing-tools.js`) → file. `/` is `index.html`.
    let files: [String: Asset]

    /// The assets of this process: the resource bundle's, or `WRITING_TOOLS_WEB_ROOT`'s.
    static let shared = WebAssets(environment: ProcessInfo.processInfo.environment)

    /// Reads the web directory named by `environment["WRITING_TOOLS_WEB_ROOT"]`, else the
    /// module's resource directory; no files (every request falls through) when neither exists.
    init(environment: [String: String]) {
        if let root = environment["WRITING_TOOLS_WEB_ROOT"], !root.isEmpty {
            files = Self.read(URL(fileURLWithPath: root))
        } else if let url = Bundle.module.url(forResource: "Web", withExtension: nil) {
            files = Self.read(url)
        } else {
            files = [:]
        }
    }

    /// The files of `directory` (see ``read(_:)``).
    init(directory: URL) {
        files = Self.read(directory)
    }

    /// Every `.html`, `.js`, `.css`, `.svg`, `.png`, `.json` and `.md` file directly in
    /// `directory` (not below it), by URL path; `/` is `index.html`.
    static func read(_ directory: URL) -> [String: Asset] {
        var table: [String: Asset] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            guard let type = contentType(of: name),
                  let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { continue }
            let bytes = Array(data)
            table["/" + name] = Asset(contentType: type, body: bytes, etag: etag(bytes))
        }
        if let index = table["/index.html"] { table["/"] = index }
        return table
    }

    /// The type of a file name by its extension; nil for files not served.
    static func contentType(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), !name.hasPrefix(".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "html": return "text/html; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "json": return "application/json"
        case "md": return "text/markdown; charset=utf-8"
        default: return nil
        }
    }

    /// `"<size>-<FNV-1a 64, hex>"`.
    static func etag(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return "\"\(bytes.count)-\(String(h, radix: 16))\""
    }

    /// The answer for a `GET` or `HEAD` of a known file: 200 with the file (the body left out
    /// for `HEAD`), or 304 when `If-None-Match` names its ETag. Nil for any other request, which
    /// the API routes then answer.
    func response(for request: HTTPRequest) -> HTTPResponse? {
        let method = request.method.uppercased()
        guard method == "GET" || method == "HEAD", let asset = files[request.path] else { return nil }
        // "/" without a query only: LanguageTool clients probe "/?…" and expect LanguageTool's answer.
        if request.path == "/" && !request.query.isEmpty { return nil }
        var headers: [(name: String, value: String)] = [
            ("ETag", asset.etag),
            // Revalidated on every load (a server upgrade changes the library at once), 304 when unchanged.
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        if asset.contentType.hasPrefix("text/html") {
            // The pages load only this server's scripts and talk only to it.
            headers.append(("Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'"))
            headers.append(("Referrer-Policy", "no-referrer"))
        }
        if let given = request.header("if-none-match"), given.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == asset.etag }) {
            return HTTPResponse(status: 304, contentType: asset.contentType, body: [], headers: headers)
        }
        return HTTPResponse(status: 200, contentType: asset.contentType, body: method == "HEAD" ? [] : asset.body, headers: headers)
    }
}
