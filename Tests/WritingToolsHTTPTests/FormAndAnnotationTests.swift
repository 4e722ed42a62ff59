import Foundation
import Testing
import WritingToolsTestSupport
@testable import WritingToolsHTTP

@Suite("HTTP: form data and annotated text")
struct FormAndAnnotationTests {
    func pairs(_ s: String) throws -> [String] {
        try FormDecoding.urlEncoded(Array(s.utf8)).map { "\($0.0)=\($0.1)" }
    }

    @Test func urlEncodedFormsDecodePlusPercentAndUTF8() throws {
        #expect(try pairs("text=a+b%2Bc&language=en-US") == ["text=a b+c", "language=en-US"])
        #expect(try pairs("text=caf%C3%A9+%F0%9F%98%80") == ["text=café 😀"])
        #expect(try pairs("a&&b=&=c") == ["a=", "b=", "=c"])
        #expect(try pairs("") == [])
        // Raw UTF-8 (not escaped) is accepted as it is.
        #expect(try pairs("text=naïve") == ["text=naïve"])
    }

    @Test func brokenEscapesAndInvalidUTF8AreRefused() {
        #expect(throws: FormError.self) { try pairs("text=100%") }
        #expect(throws: FormError.self) { try pairs("text=%G1") }
        #expect(throws: FormError.invalidUTF8("text")) { try pairs("text=%C3%28") }
        #expect(throws: FormError.invalidUTF8("text")) { try FormDecoding.urlEncoded([0x74, 0x65, 0x78, 0x74, 0x3D, 0xFF]) }
        #expect(throws: FormError.invalidUTF8("text")) { try pairs("text=%ED%A0%80") }   // an encoded surrogate
    }

    @Test func queryAndBodyMergeWithTheBodyWinning() throws {
        let request = HTTPRequest(method: "POST", path: "/v2/check", query: "language=en-GB&c=1", headers: [],
                                  body: Array("language=en-US&text=Hi".utf8), remoteAddress: "")
        let p = try RequestParameters.of(request)
        #expect(p["language"] == "en-US")
        #expect(p["c"] == "1")
        #expect(p["text"] == "Hi")
    }

    @Test func multipartFormsAreRead() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nTwo\r\nlines\r\n--XyZ\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\nen-US\r\n--XyZ--\r\n"
        let request = HTTPRequest(method: "POST", path: "/v2/check", query: "",
                                  headers: [("content-type", "multipart/form-data; boundary=\"XyZ\"")],
                                  body: Array(body.utf8), remoteAddress: "")
        let p = try RequestParameters.of(request)
        #expect(p["text"] == "Two\r\nlines")
        #expect(p["language"] == "en-US")
        #expect(throws: FormError.self) {
            try FormDecoding.multipart(Array("--XyZ\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nno end".utf8), boundary: "XyZ")
        }
        #expect(FormDecoding.boundary("multipart/form-data") == nil)
    }

    @Test func annotationMarkupIsLeftOutAndInterpretAsStandsIn() throws {
        let data = #"{"annotation":[{"text":"A "},{"markup":"<b>"},{"text":"tset"},{"markup":"</b>"},{"markup":"<p>","interpretAs":"\n\n"},{"text":"Next "},{"markup":"$x$","interpretAs":"Dummy0"},{"text":"."}]}"#
        let a = try AnnotatedText(data: data)
        #expect(a.checkedText == "A tset\n\nNext Dummy0.")
        #expect(a.originalLength == "A <b>tset</b><p>Next $x$.".utf16.count)
        // "tset": checked 2..<6, client 5..<9 (after "<b>").
        #expect(a.originalRange(NSRange(location: 2, length: 4)) == NSRange(location: 5, length: 4))
        // "Next": after "</b><p>".
        #expect(a.originalRange(NSRange(location: 8, length: 4)) == NSRange(location: 16, length: 4))
        // The formula's stand-in is protected; the paragraph break's is text.
        #expect(a.ignoredRanges == [NSRange(location: 13, length: 6)])
        #expect(a.isInsideStandIn(NSRange(location: 6, length: 2)))
        #expect(!a.isInsideStandIn(NSRange(location: 5, length: 3)))
        // A span across markup covers it.
        #expect(a.originalRange(NSRange(location: 0, length: 6)) == NSRange(location: 0, length: 9))
    }

    /// The matches of `/v2/check` for annotated `data`, with the client's text (markup included).
    func check(_ items: [[String: String]]) throws -> (matches: [[String: Any]], original: String) {
        let api = LanguageToolAPI(dictionary: UserDictionary(environment: [:]))
        let data = String(decoding: try JSONSerialization.data(withJSONObject: ["annotation": items]), as: UTF8.self)
        let form = "data=\(data.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&language=en-US"
        let response = api.handle(HTTPRequest(method: "POST", path: "/v2/check", query: "", headers: [], body: Array(form.utf8), remoteAddress: ""), server: nil)
        #expect(response.status == 200)
        let body = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (try #require(body["matches"] as? [[String: Any]]), items.map { $0["text"] ?? $0["markup"]! }.joined())
    }

    /// The client's text with `match`'s first replacement applied, as a client applies it.
    func applyFirst(_ match: [String: Any], to original: String) throws -> String? {
        guard let first = (match["replacements"] as? [[String: Any]])?.first?["value"] as? String else { return nil }
        let offset = try #require(match["offset"] as? Int), length = try #require(match["length"] as? Int)
        var units = Array(original.utf16)
        units.replaceSubrange(offset..<(offset + length), with: Array(first.utf16))
        return String(decoding: units, as: UTF16.self)
    }

    /// Markup is protected text: `"Hello " <br/> " world"` is checked as "Hello  world", whose
    /// two spaces → one over both would delete the `<br/>` when applied. The fix offered deletes
    /// one space and keeps the markup.
    @Test func aFixNeverDeletesMarkup() throws {
        let (matches, original) = try check([["text": "Hello "], ["markup": "<br/>"], ["text": " world, and  more."]])
        let spaces = matches.filter { (($0["rule"] as? [String: Any])?["id"] as? String) == "CONSECUTIVE_SPACES" }
        #expect(spaces.count == 2, "\(matches)")
        let fixed = try spaces.compactMap { try applyFirst($0, to: original) }
        #expect(fixed.count == 2)
        for f in fixed { #expect(f.contains("<br/>"), "\(f)") }
        #expect(fixed.contains("Hello <br/>world, and  more.") || fixed.contains("Hello<br/> world, and  more."), "\(fixed)")
        // Away from markup, the match is LanguageTool's: both spaces, one space back.
        let plain = try #require(spaces.first { ($0["offset"] as? Int) == "Hello <br/> world, and".utf16.count })
        #expect(plain["length"] as? Int == 2)
        // The stand-in of a paragraph break is read as text but never replaced either.
        let (more, text) = try check([["text": "It ends here.  "], ["markup": "<p>", "interpretAs": "\n\n"], ["text": "  Next  one."]])
        for m in more {
            if let f = try applyFirst(m, to: text) { #expect(f.contains("<p>"), "\(m) gives \(f)") }
        }
    }

    /// `data` with a key given twice: the last value counts, in nested items too, as in
    /// LanguageTool (Jackson keeps the last) and every other front end here (issue 35).
    @Test func aRepeatedKeyInDataTakesTheLastValue() throws {
        #expect(try AnnotatedText(data: #"{"text":"first","te\u0078t":"last"}"#).checkedText == "last")
        let a = try AnnotatedText(data: #"{"annotation":[{"text":"A "},{"markup":"<b>","interpretAs":"x","interpretAs":"\n"},{"text":"one","text":"two"}]}"#)
        #expect(a.checkedText == "A \ntwo")
        // An invalid `data` stays invalid, repeated key or not.
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: #"{"text":"a","text":"b":"c"}"#) }
    }

    @Test func annotationErrorsAreLanguageToolsFour() {
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: "not json") }
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: #"{"text":"a","annotation":[]}"#) }
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: #"{"annotation":[{"text":"a","markup":"<b>"}]}"#) }
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: #"{"annotation":[{"text":"a","interpretAs":"b"}]}"#) }
        #expect(throws: AnnotatedText.Invalid.self) { try AnnotatedText(data: #"{"metaData":{}}"#) }
        #expect((try? AnnotatedText(data: #"{"text":"plain"}"#))?.checkedText == "plain")
    }
}

/// Random annotated texts: every finding's offsets, mapped back, point at the client's own text.
@Suite("HTTP: annotated text offsets, random documents")
struct AnnotationPropertyTests {
    @Test func misspellingsAreFoundWhereTheClientWroteThem() throws {
        let api = LanguageToolAPI(dictionary: UserDictionary(environment: [:]))
        var g = SplitMix64(seed: 42)
        var spellingFindings = 0
        let words = ["The", "cat", "sat", "on", "the", "mat", "speling", "and", "😀", "naïve", "recieve", "with", "care"]
        let markups: [(String, String?)] = [("<b>", nil), ("</b>", nil), ("<p>", "\n\n"), ("\\emph{", nil), ("}", nil),
                                             ("$x^2$", "Dummy0"), ("<br/>", " "), ("&nbsp;", " "), ("<br/>", nil), ("<p>", "\n")]
        for _ in 0..<60 {
            var items: [[String: String]] = []
            var original = ""
            for _ in 0..<Int.random(in: 3...14, using: &g) {
                if Bool.random(using: &g) {
                    let (m, i) = markups.randomElement(using: &g)!
                    var item = ["markup": m]
                    if let i { item["interpretAs"] = i }
                    items.append(item)
                    original += m
                } else {
                    let n = Int.random(in: 1...5, using: &g)
                    let t = (Bool.random(using: &g) ? " " : "") + (0..<n).map { _ in words.randomElement(using: &g)! }.joined(separator: " ") + (Bool.random(using: &g) ? ". " : " ")
                    items.append(["text": t])
                    original += t
                }
            }
            let data = String(decoding: try JSONSerialization.data(withJSONObject: ["annotation": items]), as: UTF8.self)
            let form = "data=\(data.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&language=en-US"
            let request = HTTPRequest(method: "POST", path: "/v2/check", query: "", headers: [], body: Array(form.utf8), remoteAddress: "")
            let response = api.handle(request, server: nil)
            #expect(response.status == 200)
            let body = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let units = Array(original.utf16)
            for m in try #require(body["matches"] as? [[String: Any]]) {
                let offset = try #require(m["offset"] as? Int), length = try #require(m["length"] as? Int)
                #expect(offset >= 0 && offset + length <= units.count, "\(m) in \(original)")
                // A fix never deletes or changes the client's markup (protected text).
                if let first = (m["replacements"] as? [[String: Any]])?.first?["value"] as? String {
                    var at = 0
                    for item in items {
                        let piece = (item["text"] ?? item["markup"] ?? "").utf16.count
                        if item["markup"] != nil && piece > 0 {
                            #expect(offset + length <= at || offset >= at + piece,
                                    "\(m) (→ \(first.debugDescription)) replaces \(item) of \(original.debugDescription)")
                        }
                        at += piece
                    }
                }
                guard ((m["rule"] as? [String: Any])?["id"] as? String) == "MORFOLOGIK_RULE_EN_US" else { continue }
                let found = String(decoding: units[offset..<(offset + length)], as: UTF16.self)
                spellingFindings += 1
                #expect(found == "speling" || found == "recieve", "\(found) at \(offset) in \(original)")
            }
        }
        #expect(spellingFindings > 30)
    }
}
