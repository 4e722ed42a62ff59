import Foundation

/// A request's parameters: the query string and the body merged into one map, as LanguageTool's
/// server reads them (`ServerTools.getRequestQuery` plus the form body); a body value wins over a
/// query value of the same name, and the first value of a name repeated within one part wins.
struct RequestParameters: Sendable, Equatable {
    private(set) var values: [String: String] = [:]

    init(_ values: [String: String] = [:]) { self.values = values }

    /// The value of `name`, nil when absent.
    subscript(_ name: String) -> String? { values[name] }

    /// The comma-separated list in `name` (LanguageTool's list parameters), blanks dropped.
    func list(_ name: String) -> [String] {
        guard let v = values[name] else { return [] }
        return v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// True when `name` is `true` or `yes` (any case), as LanguageTool reads its flags.
    func flag(_ name: String) -> Bool {
        guard let v = values[name]?.lowercased() else { return false }
        return v == "true" || v == "yes"
    }

    /// Adds pairs, keeping the first of repeated names unless `override` (body over query).
    mutating func merge(_ pairs: [(String, String)], override: Bool) {
        var seen = Set<String>()
        for (k, v) in pairs where seen.insert(k).inserted {
            if override || values[k] == nil { values[k] = v }
        }
    }

    /// The parameters of `request`: its query string, then its body read as multipart form data
    /// when it says so (`multipart/form-data; boundary=…`), else as URL-encoded form data whatever
    /// its `Content-Type` (as LanguageTool does).
    /// - Throws: ``FormError``.
    static func of(_ request: HTTPRequest) throws -> RequestParameters {
        var p = RequestParameters()
        p.merge(try FormDecoding.urlEncoded(Array(request.query.utf8)), override: true)
        if !request.body.isEmpty {
            let type = request.header("content-type") ?? ""
            if type.lowercased().hasPrefix("multipart/form-data") {
                guard let boundary = FormDecoding.boundary(type) else { throw FormError.malformed("multipart/form-data without a boundary") }
                p.merge(try FormDecoding.multipart(request.body, boundary: boundary), override: true)
            } else {
                p.merge(try FormDecoding.urlEncoded(request.body), override: true)
            }
        }
        return p
    }
}

/// Why a form could not be read (answered 400).
enum FormError: Error, Equatable, CustomStringConvertible {
    /// A value or name that is not UTF-8 once decoded: the parameter's name (or "a parameter name").
    case invalidUTF8(String)
    /// Anything else: what is wrong.
    case malformed(String)

    var description: String {
        switch self {
        case let .invalidUTF8(name): return "The value of '\(name)' is not valid UTF-8 after URL decoding"
        case let .malformed(what): return "Malformed form data: \(what)"
        }
    }
}

/// `application/x-www-form-urlencoded` (WHATWG URL §5.1) and `multipart/form-data` (RFC 7578).
enum FormDecoding {
    /// The name–value pairs of URL-encoded form data: `&`-separated, `+` a space, `%XX` a byte,
    /// the bytes UTF-8. A pair without `=` has the empty value.
    /// - Throws: ``FormError/malformed(_:)`` for a `%` not followed by two hex digits (Java's
    ///   `URLDecoder`, LanguageTool's, refuses them too); ``FormError/invalidUTF8(_:)``.
    static func urlEncoded(_ bytes: [UInt8]) throws -> [(String, String)] {
        var out: [(String, String)] = []
        var start = 0
        let n = bytes.count
        while start <= n {
            var end = start
            while end < n && bytes[end] != 0x26 { end += 1 }   // '&'
            if end > start {
                var eq = start
                while eq < end && bytes[eq] != 0x3D { eq += 1 }   // '='
                let name = try decode(bytes[start..<eq], what: nil)
                let value = eq < end ? try decode(bytes[(eq + 1)..<end], what: name) : ""
                out.append((name, value))
            }
            start = end + 1
        }
        return out
    }

    /// One percent-decoded component as UTF-8 text.
    private static func decode(_ part: ArraySlice<UInt8>, what name: String?) throws -> String {
        // Most components need no decoding.
        if !part.contains(where: { $0 == 0x25 || $0 == 0x2B }) {
            guard let s = String(validating: part, as: UTF8.self) else { throw FormError.invalidUTF8(name ?? "a parameter name") }
            return s
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.count)
        var i = part.startIndex
        while i < part.endIndex {
            let b = part[i]
            if b == 0x2B {
                bytes.append(0x20)
                i += 1
            } else if b == 0x25 {
                guard let h = hex(part[safe: i + 1]), let l = hex(part[safe: i + 2]) else {
                    throw FormError.malformed("'%' must be followed by two hexadecimal digits" + (name.map { " (in '\($0)')" } ?? ""))
                }
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(b)
                i += 1
            }
        }
        guard let s = String(validating: bytes, as: UTF8.self) else { throw FormError.invalidUTF8(name ?? "a parameter name") }
        return s
    }

    private static func hex(_ b: UInt8?) -> UInt8? {
        guard let b else { return nil }
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }

    /// The `boundary` parameter of a `multipart/form-data` content type (quotes removed).
    static func boundary(_ contentType: String) -> String? {
        for part in contentType.split(separator: ";").dropFirst() {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var v = kv[1].trimmingCharacters(in: .whitespaces)
            if v.hasPrefix("\""), v.hasSuffix("\""), v.count >= 2 { v = String(v.dropFirst().dropLast()) }
            return v.isEmpty || v.utf8.count > 70 ? nil : v
        }
        return nil
    }

    /// The fields of a `multipart/form-data` body: each part's `name` (from its
    /// `Content-Disposition`) and its content as UTF-8 text (an uploaded file's too).
    /// - Throws: ``FormError/malformed(_:)`` when the delimiters or part headers are broken;
    ///   ``FormError/invalidUTF8(_:)``.
    static func multipart(_ body: [UInt8], boundary: String) throws -> [(String, String)] {
        let delimiter = Array(("--" + boundary).utf8)
        let crlf: [UInt8] = [13, 10]
        guard var at = find(delimiter, in: body, from: 0) else { throw FormError.malformed("no multipart boundary in the body") }
        var out: [(String, String)] = []
        while true {
            at += delimiter.count
            // "--" after a delimiter ends the body.
            if at + 1 < body.count, body[at] == 0x2D, body[at + 1] == 0x2D { return out }
            // Transport padding, then CRLF.
            while at < body.count, body[at] == 0x20 || body[at] == 0x09 { at += 1 }
            guard at + 1 < body.count, body[at] == 13, body[at + 1] == 10 else { throw FormError.malformed("a multipart boundary is not followed by a line break") }
            at += 2
            guard let headerEnd = find(crlf + crlf, in: body, from: at) else { throw FormError.malformed("a multipart part has no end to its headers") }
            let headers = String(decoding: body[at..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = find(crlf + delimiter, in: body, from: contentStart) else { throw FormError.malformed("a multipart part has no closing boundary") }
            guard let name = fieldName(headers) else { throw FormError.malformed("a multipart part has no Content-Disposition name") }
            guard let value = String(validating: body[contentStart..<next], as: UTF8.self) else { throw FormError.invalidUTF8(name) }
            out.append((name, value))
            at = next + 2
        }
    }

    /// The `name` of a part's `Content-Disposition: form-data; name="…"` header.
    private static func fieldName(_ headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            // Not `filename="…"`: the match must start a parameter.
            var search = line[...]
            while let m = search.range(of: "name=\"") {
                let before = line[..<m.lowerBound].last
                if before == ";" || before == " " || before == "\t" {
                    let rest = line[m.upperBound...]
                    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
                }
                search = line[m.upperBound...]
            }
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let first = needle[0]
        var i = from
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var k = 1
                while k < needle.count && haystack[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}

extension ArraySlice {
    /// The element at `i`, nil outside the slice.
    subscript(safe i: Index) -> Element? { i >= startIndex && i < endIndex ? self[i] : nil }
}
