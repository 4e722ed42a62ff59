import Foundation
import FuzzSupport
import TextModel

/// Fuzz target: the front ends' one JSON string decoder (`JSONStrings`), against a slow
/// reference written from RFC 8259 §7 here, and against Foundation's `JSONSerialization`.
///
/// The input (invalid UTF-8 repaired, as every front end checks UTF-8 first) is read three ways:
/// - at each of its first 16 quotes, `decode` with lone surrogates replaced gives the string the
///   reference gives (its UTF-16 units, each unpaired surrogate U+FFFD) and ends where it
///   ends, or fails exactly when the reference does, with a problem at a byte of the kind it
///   names; with lone surrogates rejected it gives the same string when there is none, else
///   a `loneSurrogate` problem;
/// - `normalized` over the whole input fails exactly when one of its strings (found quote to
///   quote, as the reference reads them) is no JSON string; otherwise it returns the input
///   itself when no string has a lone surrogate, and in every case text whose strings read as
///   the input's, with no unpaired surrogate escape left (a raw U+FEFF, which
///   `JSONSerialization` drops at the start of a run, is escaped: the first finding);
/// - the input as the inside of a string, `["…"]`: when the reference reads it as one string,
///   `JSONSerialization` reads the normalized text and gets the same string;
/// - repeated keys (issue 35): `normalized` leaves them as they are (the invariant above: the
///   text itself when no string has a lone surrogate or U+FEFF); `resolvingDuplicateKeys`, over
///   the input and over its normalized text, returns the text itself, byte for byte, when it is
///   no strictly valid JSON (``JSONValidator``, a leading byte-order mark allowed) or no object
///   repeats a key, and otherwise a strictly valid text with no key repeated whose value is the
///   input's as `JSON.parse` resolves it (``JSONReference/resolved(_:)``: a later member
///   replaces an earlier one's value in its place, keys compared with lone surrogates as
///   U+FFFD); `JSONSerialization` (which keeps the last) reads the same from both, for ASCII
///   texts without `\u` escapes.
@main
enum FuzzJSON {
    static func main() {
        FuzzDriver.run { raw in
            let bytes = Array(String(decoding: raw, as: UTF8.self).utf8)
            bytes.withUnsafeBufferPointer { check($0) }
            let wrapped = Array("[\"".utf8) + bytes + Array("\"]".utf8)
            wrapped.withUnsafeBufferPointer { checkAgainstFoundation($0) }
            checkRepeatedKeys(Data(bytes))
            if let normalized = try? JSONStrings.normalized(Data(bytes)) { checkRepeatedKeys(normalized) }
        }
    }

    /// The UTF-16 code units of the JSON string whose opening quote is at `start`, and the offset
    /// just past its closing quote; nil when there is none there or it is no JSON string.
    static func reference(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (units: [UInt16], end: Int)? {
        guard start < b.count, b[start] == 0x22 else { return nil }
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flush() { units += Array(String(decoding: raw, as: UTF8.self).utf16); raw = [] }
        let simple: [UInt8: UInt16] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9]
        let hex = Array("0123456789abcdefABCDEF".utf8)
        var i = start + 1
        while i < b.count {
            let c = b[i]
            if c == 0x22 { flush(); return (units, i + 1) }
            if c < 0x20 { return nil }
            if c != 0x5C { raw.append(c); i += 1; continue }
            flush()
            guard i + 1 < b.count else { return nil }
            if let v = simple[b[i + 1]] { units.append(v); i += 2; continue }
            guard b[i + 1] == 0x75, i + 6 <= b.count, (i + 2..<i + 6).allSatisfy({ hex.contains(b[$0]) }),
                  let v = UInt16(String(decoding: b[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16) else { return nil }
            units.append(v)
            i += 6
        }
        return nil
    }

    /// True when `units` has a surrogate that is not half of a pair.
    static func hasLoneSurrogate(_ units: [UInt16]) -> Bool {
        var k = 0
        while k < units.count {
            if UTF16.isLeadSurrogate(units[k]), k + 1 < units.count, UTF16.isTrailSurrogate(units[k + 1]) { k += 2; continue }
            if UTF16.isLeadSurrogate(units[k]) || UTF16.isTrailSurrogate(units[k]) { return true }
            k += 1
        }
        return false
    }

    /// The strings of `b` as the reference reads them (quote to quote), or nil when one is bad.
    static func referenceStrings(_ b: UnsafeBufferPointer<UInt8>) -> [[UInt16]]? {
        var out: [[UInt16]] = []
        var i = 0
        while i < b.count {
            guard b[i] == 0x22 else { i += 1; continue }
            guard let r = reference(b, from: i) else { return nil }
            out.append(r.units)
            i = r.end
        }
        return out
    }

    static func check(_ b: UnsafeBufferPointer<UInt8>) {
        let context = String(decoding: b, as: UTF8.self)
        // 1. decode at each of the first 16 quotes.
        var quotes = 0
        for start in b.indices where b[start] == 0x22 {
            quotes += 1
            if quotes > 16 { break }
            let expected = reference(b, from: start)
            var i = start
            do throws(JSONStrings.Problem) {
                let s = try JSONStrings.decode(b, at: &i, loneSurrogates: .replace)
                guard let expected else { FuzzCheck.fail("decode at \(start) read \(s.debugDescription); the reference refuses", context) }
                FuzzCheck.require(s == String(decoding: expected.units, as: UTF16.self) && i == expected.end,
                                  "decode at \(start): \(s.debugDescription) ending at \(i); expected \(String(decoding: expected.units, as: UTF16.self).debugDescription) ending at \(expected.end)", context)
            } catch {
                FuzzCheck.require(expected == nil, "decode at \(start) failed (\(error)); the reference reads it", context)
                FuzzCheck.require(error.offset >= start && error.offset < b.count, "problem offset \(error.offset) out of range", context)
                switch error.kind {
                case let .rawControlCharacter(c): FuzzCheck.require(b[error.offset] == c && c < 0x20, "no control character at \(error.offset)", context)
                case .invalidEscape: FuzzCheck.require(b[error.offset] == 0x5C, "no backslash at \(error.offset)", context)
                case .unterminated: FuzzCheck.require(error.offset == start, "unterminated at \(error.offset), not \(start)", context)
                case .loneSurrogate, .notAString: FuzzCheck.fail("\(error) under .replace", context)
                }
            }
            var j = start
            let strict = try? JSONStrings.decode(b, at: &j, loneSurrogates: .reject)
            if let expected, !hasLoneSurrogate(expected.units) {
                FuzzCheck.require(strict == String(decoding: expected.units, as: UTF16.self), "decode(.reject) differs at \(start)", context)
            } else {
                FuzzCheck.require(strict == nil, "decode(.reject) read a string with a lone surrogate, or a bad one, at \(start)", context)
            }
        }
        // 2. normalized over the whole input.
        let expectedStrings = referenceStrings(b)
        let data = Data(buffer: b)
        do throws(JSONStrings.Problem) {
            let out = try JSONStrings.normalized(data)
            guard let expectedStrings else { FuzzCheck.fail("normalized accepted a text with a bad string", context) }
            if !expectedStrings.contains(where: { hasLoneSurrogate($0) || $0.contains(0xFEFF) }) {
                FuzzCheck.require(out == data, "normalized changed a text without lone surrogates or U+FEFF", context)
            }
            let outStrings = Array(out).withUnsafeBufferPointer { referenceStrings($0) }
            guard let outStrings else { FuzzCheck.fail("normalized made a bad string", context) }
            FuzzCheck.require(outStrings.map { String(decoding: $0, as: UTF16.self) } == expectedStrings.map { String(decoding: $0, as: UTF16.self) },
                              "normalized strings read differently", context)
            FuzzCheck.require(!outStrings.contains(where: hasLoneSurrogate), "normalized left a lone surrogate", context)
            Array(out).withUnsafeBufferPointer { o in
                FuzzCheck.require(JSONStrings.firstProblem(in: o, loneSurrogates: .reject) == nil, "firstProblem(.reject) on normalized text", context)
            }
        } catch {
            FuzzCheck.require(expectedStrings == nil, "normalized refused (\(error)) a text whose strings are all JSON", context)
            FuzzCheck.require(JSONStrings.firstProblem(in: b) == error, "firstProblem differs from normalized's problem", context)
        }
    }

    /// `resolvingDuplicateKeys(data)` against the reference's reading of `data`.
    static func checkRepeatedKeys(_ data: Data) {
        let context = String(decoding: data, as: UTF8.self)
        let out = JSONStrings.resolvingDuplicateKeys(data)
        guard let value = JSONReference.parse(data) else {
            FuzzCheck.require(out == data, "resolvingDuplicateKeys changed a text that is no valid JSON: \(String(decoding: out, as: UTF8.self))", context)
            return
        }
        guard JSONReference.hasRepeatedKey(value) else {
            FuzzCheck.require(out == data, "resolvingDuplicateKeys changed a text without a repeated key: \(String(decoding: out, as: UTF8.self))", context)
            return
        }
        let written = String(decoding: out, as: UTF8.self)
        FuzzCheck.require(!out.starts(with: [0xEF, 0xBB, 0xBF]), "resolvingDuplicateKeys kept a byte-order mark: \(written)", context)
        guard let read = JSONReference.parse(out) else { FuzzCheck.fail("resolvingDuplicateKeys wrote no valid JSON: \(written)", context) }
        FuzzCheck.require(!JSONReference.hasRepeatedKey(read), "resolvingDuplicateKeys left a repeated key: \(written)", context)
        FuzzCheck.require(read == JSONReference.resolved(value), "resolvingDuplicateKeys wrote \(written); JSON.parse reads otherwise", context)
        // Foundation's JSONSerialization keeps the last value too (keys as Swift strings, which
        // merge canonically equivalent ones: compared on plain ASCII texts only).
        if data.allSatisfy({ $0 < 0x80 }), !context.contains("\\u"),
           let before = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            // Compared as Foundation writes them again, keys sorted.
            func canonical(_ v: Any) -> String? {
                (try? JSONSerialization.data(withJSONObject: v, options: [.fragmentsAllowed, .sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
            }
            let after = try? JSONSerialization.jsonObject(with: out, options: [.fragmentsAllowed])
            FuzzCheck.require(after.flatMap(canonical) == canonical(before),
                              "JSONSerialization reads \(String(describing: after.flatMap(canonical))) from \(written), \(String(describing: canonical(before))) from the input", context)
        }
    }

    /// `["…"]` with the input inside: Foundation reads the normalized text as the reference does.
    static func checkAgainstFoundation(_ b: UnsafeBufferPointer<UInt8>) {
        guard let expected = reference(b, from: 1), expected.end == b.count - 1 else { return }
        let context = String(decoding: b, as: UTF8.self)
        guard let out = try? JSONStrings.normalized(Data(buffer: b)) else { FuzzCheck.fail("normalized refused one valid string", context) }
        let read = (try? JSONSerialization.jsonObject(with: out)) as? [String]
        FuzzCheck.require(read == [String(decoding: expected.units, as: UTF16.self)],
                          "JSONSerialization read \(String(describing: read)) from the normalized text", context)
    }
}
