import Foundation
import Testing
import TextModel
import WritingToolsTestSupport

/// The one JSON string decoder of the front ends (batch records, language server messages,
/// HTTP bodies): RFC 8259 §7 strings, lone surrogates as each front end asks.
@Suite("JSONStrings: one decoder for every front end's JSON strings")
struct JSONStringsTests {
    /// Decodes the string at the start of `json`; the index past it, or the problem.
    private func decode(_ json: String, _ lone: JSONStrings.LoneSurrogates = .replace) -> Result<(String, Int), JSONStrings.Problem> {
        Array(json.utf8).withUnsafeBufferPointer { b in
            var i = 0
            do throws(JSONStrings.Problem) { let s = try JSONStrings.decode(b, at: &i, loneSurrogates: lone); return .success((s, i)) } catch { return .failure(error) }
        }
    }

    private func value(_ json: String, _ lone: JSONStrings.LoneSurrogates = .replace) -> String? {
        if case let .success((s, _)) = decode(json, lone) { return s }
        return nil
    }

    private func problem(_ json: String, _ lone: JSONStrings.LoneSurrogates = .replace) -> JSONStrings.Problem? {
        if case let .failure(p) = decode(json, lone) { return p }
        return nil
    }

    @Test func plainStringsAndEveryEscape() {
        #expect(value(#""""#) == "")
        #expect(value(#""plain text, quite long enough for words""#) == "plain text, quite long enough for words")
        #expect(value(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti")
        #expect(value(#""\u00e9\u00C9 \u2014 \ud83d\ude00 \u0000""#) == "éÉ — 😀 \u{0}")
        #expect(value("\"é 😀 raw UTF-8\"") == "é 😀 raw UTF-8")
        // The index ends just past the closing quote, whatever follows.
        if case let .success((s, end)) = decode(#""ab\ncd", "next""#) {
            #expect(s == "ab\ncd" && end == 8)
        } else {
            Issue.record("no value")
        }
    }

    /// A lone surrogate is U+FFFD (one UTF-16 unit, as the language server needs) or a problem,
    /// as the caller asks; a high surrogate followed by another escape keeps that escape.
    @Test func loneSurrogates() {
        #expect(value(#""a\ud800b""#) == "a\u{FFFD}b")
        #expect(value(#""\udc00""#) == "\u{FFFD}")
        #expect(value(#""\ud800\u0041""#) == "\u{FFFD}A")
        #expect(value(#""\ud800\ud800\udc00""#) == "\u{FFFD}\u{10000}")
        #expect(value(#""\udbff\udfff""#) == "\u{10FFFF}")
        #expect(problem(#""a\ud83d""#, .reject) == JSONStrings.Problem(.loneSurrogate, at: 2))
        #expect(problem(#""\ude00x""#, .reject) == JSONStrings.Problem(.loneSurrogate, at: 1))
        #expect(value(#""\ud83d\ude00""#, .reject) == "😀")
    }

    @Test func invalidEscapesRawControlsAndUnendedStringsAreProblems() {
        #expect(problem(#""ab\=c""#) == JSONStrings.Problem(.invalidEscape, at: 3))
        #expect(problem(#""\u12""#) == JSONStrings.Problem(.invalidEscape, at: 1))
        #expect(problem(#""\u12g4""#) == JSONStrings.Problem(.invalidEscape, at: 1))
        #expect(problem(#""\U0041""#) == JSONStrings.Problem(.invalidEscape, at: 1))
        #expect(problem("\"a\\") == JSONStrings.Problem(.invalidEscape, at: 2))
        #expect(problem("\"a\tb\"") == JSONStrings.Problem(.rawControlCharacter(9), at: 2))
        #expect(problem("\"a\\nb\u{01}\"") == JSONStrings.Problem(.rawControlCharacter(1), at: 5))
        #expect(problem(#""abc"#) == JSONStrings.Problem(.unterminated, at: 0))
        #expect(problem(#""abc\n"#) == JSONStrings.Problem(.unterminated, at: 0))
        #expect(problem(#"abc"#) == JSONStrings.Problem(.notAString, at: 0))
        #expect(JSONStrings.Problem(.rawControlCharacter(1), at: 31).description
                == "a raw control character (U+0001) inside a string at byte offset 31; write it as an escape such as \\n or \\u0001")
    }

    /// Every string of a text is checked, read or not; lone surrogates become `\uFFFD` and the
    /// text is returned unchanged (the same storage) when there is nothing to replace.
    @Test func normalizedChecksEveryStringAndReplacesLoneSurrogates() throws {
        let lone = Data(#"["\\ud800", "\ud800", "\uDBFF\uDFFF", "\udc00x", {"k\ud800": 1}]"#.utf8)
        #expect(try JSONStrings.normalized(lone)
                == Data(#"["\\ud800", "\uFFFD", "\uDBFF\uDFFF", "\uFFFDx", {"k\uFFFD": 1}]"#.utf8))
        let clean = Data(#"{"a": "b\n\"c\"", "n": [1, 2.5, true, null]}"#.utf8)
        #expect(try JSONStrings.normalized(clean) == clean)
        #expect(throws: JSONStrings.Problem(.rawControlCharacter(0), at: 16)) { try JSONStrings.normalized(Data("{\"a\":1,\"other\":\"\u{0}\"}".utf8)) }
        #expect(throws: JSONStrings.Problem(.invalidEscape, at: 7)) { try JSONStrings.normalized(Data(#"{"a":"x\=y"}"#.utf8)) }
        #expect(throws: JSONStrings.Problem(.unterminated, at: 5)) { try JSONStrings.normalized(Data(#"{"a":"xy}"#.utf8)) }
        // A slice of a larger buffer: offsets count from the slice's start.
        let big = Data(#"xx["\ud800"]"#.utf8)
        #expect(try JSONStrings.normalized(big[2...]) == Data(#"["\uFFFD"]"#.utf8))
        Array(#"{"a":"\ud800","b":"ok"}"#.utf8).withUnsafeBufferPointer { b in
            #expect(JSONStrings.firstProblem(in: b) == nil)
            #expect(JSONStrings.firstProblem(in: b, loneSurrogates: .reject) == JSONStrings.Problem(.loneSurrogate, at: 6))
        }
    }

    /// A key given twice in an object: the last value counts, in the place of the first (as
    /// `JSON.parse` reads it), at every depth, keys compared with their escapes resolved. Only a
    /// strictly valid text is resolved, from its parsed value; every other text comes back as it
    /// is, byte for byte (session 53's rewrite of the text made an invalid line valid).
    @Test func duplicateKeysTakeTheLastValue() throws {
        func resolved(_ json: String) -> String { String(decoding: JSONStrings.resolvingDuplicateKeys(Data(json.utf8)), as: UTF8.self) }
        #expect(resolved(#"{"a":1,"b":2,"a":3}"#) == #"{"a":3,"b":2}"#)
        #expect(resolved(#" { "a" : 1 , "a" : [ true , null ] } "#) == #"{"a":[true,null]}"#)
        // Escapes resolved: "te\u0078t" is "text"; the key is written as it first came.
        #expect(resolved(#"{"text":"first","id":1,"te\u0078t":"last"}"#) == #"{"text":"last","id":1}"#)
        #expect(resolved(#"{"\u0069d":"x","id":"y"}"#) == #"{"\u0069d":"y"}"#)
        // Nested objects on their own; the same key in another object is no duplicate.
        #expect(resolved(#"{"o":{"id":1,"id":2},"p":[{"id":3},{"id":4,"id":5}],"id":6}"#) == #"{"o":{"id":2},"p":[{"id":3},{"id":5}],"id":6}"#)
        // A duplicate inside a value that is replaced goes with it; the kept value is resolved.
        #expect(resolved(#"{"a":{"b":1,"b":2},"a":{"c":1,"c":2}}"#) == #"{"a":{"c":2}}"#)
        // Strings, numbers and literals as written; strings that look like structure are text.
        #expect(resolved(#"{"t":"a\",\"t\":{","n":-0.5e+10,"t":"\ud800 \u00e9","n":1e400}"#) == #"{"t":"\ud800 \u00e9","n":1e400}"#)
        // Keys differing only in canonical equivalence are two keys (JSON compares characters).
        #expect(resolved("{\"\u{E9}\":1,\"e\u{301}\":2,\"\u{E9}\":3}") == "{\"\u{E9}\":3,\"e\u{301}\":2}")
        // A leading byte-order mark is allowed and not written again.
        #expect(resolved("\u{FEFF}{\"a\":1,\"a\":2}") == #"{"a":2}"#)
        // Unchanged, byte for byte: no key repeated, or no strictly valid JSON.
        for same in [#" {"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]} "#, #"[1, 2, 2]"#, #""a""#,
                     #"{"id": "x", "text": "I": "bom", "text": "byte order mark"}"#, // CI run 38's fuzz-batch find
                     #"{"a":1,"a":2,}"#, #"{"a":1,"a":2"#, #"{"a":1,"a":2}}"#, #"{"a":01,"a":2}"#, #"{"a":1.,"a":2}"#,
                     #"{"a":tru,"a":2}"#, #"{"a":"\x","a":2}"#, "{\"a\":\"\u{1}\",\"a\":2}", #"{"a":1,"a":2} x"#,
                     #"{'a':1,'a':2}"#, #"{a:1,a:2}"#, #"{"a":1 "a":2}"#, #"{"a"::1,"a":2}"#, #"{"a":1,,"a":2}"#, ""] {
            #expect(resolved(same) == same, "\(same)")
        }
        // A value inside `maximumDepth` arrays and objects is left to the parser (which refuses
        // it); one level less is read.
        let deep = String(repeating: "[", count: JSONStrings.maximumDepth - 1) + #"{"a":1,"a":2}"# + String(repeating: "]", count: JSONStrings.maximumDepth - 1)
        #expect(resolved(deep) == deep)
        let limit = String(repeating: "[", count: JSONStrings.maximumDepth - 2) + #"{"a":1,"a":2}"# + String(repeating: "]", count: JSONStrings.maximumDepth - 2)
        #expect(resolved(limit) == String(repeating: "[", count: JSONStrings.maximumDepth - 2) + #"{"a":2}"# + String(repeating: "]", count: JSONStrings.maximumDepth - 2))
        // Far deeper than the limit: no recursion, no crash.
        let abyss = String(repeating: "[", count: 200_000) + #"{"a":1,"a":2}"#
        #expect(resolved(abyss) == abyss)
        // Foundation reads the resolved text as JSONSerialization reads the original (which
        // keeps the last), and JSONDecoder (which alone keeps the first) now reads the last too.
        let line = #"{"id":"a","text":"first","meta":{"k":[1,{"x":1,"x":2}],"k":{"y":true}},"te\u0078t":"last \ud800"}"#
        let normalized = try JSONStrings.normalized(Data(line.utf8))
        let out = JSONStrings.resolvingDuplicateKeys(normalized)
        func canonical(_ json: Data) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: json), options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try canonical(out) == canonical(normalized))
        #expect(try canonical(out) == #"{"id":"a","meta":{"k":{"y":true}},"text":"last \#u{FFFD}"}"#)
        struct Record: Decodable { var text: String }
        #expect(try JSONDecoder().decode(Record.self, from: out).text == "last \u{FFFD}")
        #expect(try JSONDecoder().decode(Record.self, from: normalized).text == "first")
    }

    /// `JSONSerialization` on Linux drops a raw U+FEFF that starts a string or follows an escape
    /// (fuzz-json's first finding, `["\u{FEFF}"]` read as `[""]`): `normalized` writes each one
    /// inside a string as `\uFEFF`, which Foundation keeps, so no offset after it shifts.
    @Test func rawZeroWidthNoBreakSpacesSurviveFoundation() throws {
        let bom = "\u{FEFF}"
        for text in [bom, bom + "Teh", "a\\n" + bom + "b", "x\\u0041" + bom, bom + bom + "é"] {
            let json = Data(("[\"" + text + "\"]").utf8)
            let normalized = try JSONStrings.normalized(json)
            let read = try #require(try JSONSerialization.jsonObject(with: normalized) as? [String])
            let expected = text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\u0041", with: "A")
            #expect(read.first.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars), "\(text.debugDescription)")
        }
        // Outside strings (a byte-order mark before the text) it is left to the parser.
        let leading = Data((bom + #"["a"]"#).utf8)
        #expect(try JSONStrings.normalized(leading) == leading)
        #expect(try JSONStrings.normalized(Data(("{\"k\":\"" + bom + "\"}").utf8)) == Data(#"{"k":"\uFEFF"}"#.utf8))
    }

    /// Against Foundation's `JSONSerialization` on random strings of quotes, backslashes,
    /// escapes, control characters and UTF-8 (no surrogate escapes, where Foundation differs
    /// by refusing valid JSON): the same text when Foundation reads one, a problem when it
    /// refuses.
    @Test func agreesWithFoundationOnRandomStrings() throws {
        var rng = SplitMix64(seed: 35)
        let pieces = ["a", "é", "😀", " ", "\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u00e9", "\\u20AC", "\\ud83d\\ude00",
                      "\\", "\\x", "\\u12", "\u{01}", "\t", "\"", "\\u004", "\u{7F}", "abcdefghij"]
        var agreed = 0
        for _ in 0..<3000 {
            var inner = ""
            for _ in 0..<rng.int(12) { inner += pieces[rng.int(pieces.count)] }
            let json = "[\"" + inner + "\"]"
            let foundation = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String]
            let ours: String? = Array(json.utf8).withUnsafeBufferPointer { b in
                var i = 1
                guard let s = try? JSONStrings.decode(b, at: &i, loneSurrogates: .reject) else { return nil }
                // The whole text must be the one string too, as Foundation reads it.
                return i == b.count - 1 ? s : nil
            }
            #expect(ours == foundation?.first, "\(json.debugDescription)")
            if ours != nil { agreed += 1 }
        }
        #expect(agreed > 300)
    }
}
