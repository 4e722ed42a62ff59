import Foundation

/// The strings of JSON text (RFC 8259 §7), read from its UTF-8 bytes: the one string decoder
/// of the front ends (`proofread --batch`'s record reader, the language server's messages, the
/// HTTP server's request bodies; they see it through `WritingTools`, which re-exports this
/// module).
///
/// Foundation's parsers do not fit alone: `JSONDecoder` and `JSONSerialization` refuse a lone
/// surrogate escape (`"\ud800"`, valid JSON syntax that no Swift `String` can hold), and
/// `JSONDecoder` leaves strings it is not asked for unchecked (a raw control character, `\=`).
/// The front ends therefore pass their JSON through ``normalized(_:)`` (or read strings with
/// ``decode(_:at:loneSurrogates:)``) before or instead of Foundation, and then through
/// ``resolvingDuplicateKeys(_:)``, so that a key given twice means its last value everywhere.
/// `Benchmarks/JSONStrings` measures this decoder against Foundation's.
public enum JSONStrings {
    /// What becomes of an escaped UTF-16 surrogate that is not half of a high–low pair.
    public enum LoneSurrogates: Sendable {
        /// It is read as U+FFFD REPLACEMENT CHARACTER, one UTF-16 code unit as well, so a client
        /// counting positions in UTF-16 stays in step with the text read.
        case replace
        /// It is a ``Problem`` (``Problem/Kind/loneSurrogate``).
        case reject
    }

    /// Why a string of JSON text is not one, and where.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The kinds of problem.
        public enum Kind: Equatable, Sendable {
            /// A byte below 0x20 inside a string (RFC 8259 §7: it must be escaped); its value.
            case rawControlCharacter(UInt8)
            /// A backslash that starts no JSON escape (`\=`, `\u12`, or one at the end).
            case invalidEscape
            /// `\uD800`–`\uDFFF` that is not half of a pair (only with ``LoneSurrogates/reject``).
            case loneSurrogate
            /// The text ends inside the string.
            case unterminated
            /// ``decode(_:at:loneSurrogates:)`` was not pointed at a `"`.
            case notAString
        }
        /// The kind of problem.
        public var kind: Kind
        /// The byte offset, in the bytes given, of the control character, of the backslash that
        /// starts the bad escape, or of the string's opening quote (unterminated, not a string).
        public var offset: Int

        /// Creates a problem.
        public init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

        /// One sentence saying what is wrong and where.
        public var description: String {
            switch kind {
            case let .rawControlCharacter(b):
                return "a raw control character (U+\(String(format: "%04X", Int(b)))) inside a string at byte offset \(offset); write it as an escape such as \\n or \\u0001"
            case .invalidEscape:
                return "an invalid escape inside a string at byte offset \(offset); a backslash starts \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hex digits"
            case .loneSurrogate:
                return "an unpaired surrogate escape inside a string at byte offset \(offset)"
            case .unterminated:
                return "a string that starts at byte offset \(offset) and never ends"
            case .notAString:
                return "no string at byte offset \(offset)"
            }
        }
    }

    // MARK: one string

    /// The string whose opening quote is `bytes[index]`, escapes resolved; `index` is moved
    /// past its closing quote (on a problem, it is left somewhere inside the string).
    ///
    /// A string without escapes is taken as it is; one with escapes (a paragraph's `\n`, a
    /// client's `\u2014`) is written straight into the new string's storage, each run between
    /// escapes copied whole. Resolved text is never longer than its JSON form (U+FFFD's three
    /// bytes stand for a six-byte escape), so the bytes left bound its size. Invalid UTF-8 in
    /// `bytes` is repaired as `String(decoding:as:)` repairs it (callers check UTF-8 first).
    /// - Throws: ``Problem`` for a raw control character, an invalid escape, a lone surrogate
    ///   under ``LoneSurrogates/reject``, the end of the bytes, or no `"` at `index`.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int,
                              loneSurrogates: LoneSurrogates = .replace) throws(Problem) -> String {
        let open = index
        guard index < bytes.count, bytes[index] == 0x22 else { throw Problem(.notAString, at: index) }
        var i = index + 1
        let start = i
        i = nextSpecialByte(bytes, from: i)
        guard i < bytes.count else { throw Problem(.unterminated, at: open) }
        if bytes[i] == 0x22 {
            index = i + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        }
        if bytes[i] < 0x20 { throw Problem(.rawControlCharacter(bytes[i]), at: i) }
        var problem: Problem?
        let value = String(unsafeUninitializedCapacity: bytes.count - start) { out in
            var o = i - start
            _ = out.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
            // `bytes[i]` is a backslash here, each time round.
            while true {
                let backslash = i
                guard i + 1 < bytes.count else { problem = Problem(.invalidEscape, at: backslash); return 0 }
                let e = bytes[i + 1]
                i += 2
                switch e {
                case 0x22, 0x5C, 0x2F: out[o] = e; o += 1
                case 0x62: out[o] = 0x08; o += 1
                case 0x66: out[o] = 0x0C; o += 1
                case 0x6E: out[o] = 0x0A; o += 1
                case 0x72: out[o] = 0x0D; o += 1
                case 0x74: out[o] = 0x09; o += 1
                case 0x75:
                    guard var scalar = hex4(bytes, at: i) else { problem = Problem(.invalidEscape, at: backslash); return 0 }
                    i += 4
                    if scalar >= 0xD800, scalar <= 0xDFFF {
                        if scalar <= 0xDBFF, let low = unicodeEscape(bytes, at: i), low >= 0xDC00, low <= 0xDFFF {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        } else if loneSurrogates == .replace {
                            scalar = 0xFFFD
                        } else {
                            problem = Problem(.loneSurrogate, at: backslash)
                            return 0
                        }
                    }
                    o += writeUTF8(scalar, to: out, at: o)
                default: problem = Problem(.invalidEscape, at: backslash); return 0
                }
                let runStart = i
                i = nextSpecialByte(bytes, from: i)
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<i])
                _ = UnsafeMutableBufferPointer(rebasing: out[o..<(o + run.count)]).initialize(fromContentsOf: run)
                o += run.count
                guard i < bytes.count else { problem = Problem(.unterminated, at: open); return 0 }
                if bytes[i] < 0x20 { problem = Problem(.rawControlCharacter(bytes[i]), at: i); return 0 }
                if bytes[i] == 0x22 { return o }
            }
        }
        if let problem { throw problem }
        index = i + 1
        return value
    }

    // MARK: every string of a text

    /// The first problem in any string of the JSON text `bytes` (a key or a value, read or not),
    /// or nil. Strings are found by their quotes; the text's structure is left to the parser
    /// that reads it (a quote outside a string always opens one in JSON).
    public static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, loneSurrogates: LoneSurrogates = .replace) -> Problem? {
        var ignored: [Int] = []
        return scan(bytes, loneSurrogates: loneSurrogates, collecting: &ignored)
    }

    /// `json` with every string checked, every lone surrogate escape replaced by `\uFFFD` (as
    /// wide in UTF-16), and every raw U+FEFF inside a string written `\uFEFF`; `json` itself
    /// when there is nothing to replace (the common case: one pass, eight bytes at a time inside
    /// strings). Foundation's parsers then read what is valid JSON, as it is written:
    /// `JSONSerialization` on Linux drops a raw U+FEFF that starts a string or follows an escape
    /// (it decodes each run between escapes as if it were a file with a byte-order mark), which
    /// would shift every offset after it; escaped, the character is kept. A key given twice is
    /// left as it is (``resolvingDuplicateKeys(_:)`` resolves it, in a text found valid).
    /// - Throws: ``Problem`` for the first raw control character, invalid escape or
    ///   unterminated string.
    public static func normalized(_ json: Data) throws(Problem) -> Data {
        var lone: [Int] = []
        var marks: [Int] = []
        let problem: Problem? = json.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            if let p = scan(b, loneSurrogates: .replace, collecting: &lone) { return p }
            // Raw U+FEFF (EF BB BF) inside strings: looked for only in a text that has one.
            if let base = b.baseAddress, b.count >= 3, memchr(base, 0xEF, b.count) != nil {
                marks = byteOrderMarksInStrings(b)
            }
            return nil
        }
        if let problem { throw problem }
        guard !lone.isEmpty || !marks.isEmpty else { return json }
        // Both lists are in order; merged, each replacement is (offset, bytes replaced).
        var edits = lone.map { ($0, 6) } + marks.map { ($0, 3) }
        edits.sort { $0.0 < $1.0 }
        var out = Data(capacity: json.count + 3 * marks.count)
        var copied = json.startIndex
        for (at, length) in edits {
            let k = json.startIndex + at
            out.append(json[copied..<k])
            out.append(contentsOf: Array((length == 6 ? #"\uFFFD"# : #"\uFEFF"#).utf8))
            copied = k + length
        }
        out.append(json[copied...])
        return out
    }

    /// The offsets of the raw U+FEFF characters (EF BB BF) inside the strings of `b`, a text
    /// whose strings ``scan(_:loneSurrogates:collecting:)`` has found valid.
    private static func byteOrderMarksInStrings(_ b: UnsafeBufferPointer<UInt8>) -> [Int] {
        var marks: [Int] = []
        var inString = false, i = 0
        while i < b.count {
            let c = b[i]
            if inString {
                if c == 0x5C { i += 2; continue }
                if c == 0x22 { inString = false } else if c == 0xEF, i + 2 < b.count, b[i + 1] == 0xBB, b[i + 2] == 0xBF {
                    marks.append(i)
                    i += 3
                    continue
                }
            } else if c == 0x22 {
                inString = true
            }
            i += 1
        }
        return marks
    }

    /// Checks every string of `b`; with `.replace`, the offsets of lone surrogate escapes go
    /// to `lone`, in order.
    private static func scan(_ b: UnsafeBufferPointer<UInt8>, loneSurrogates: LoneSurrogates, collecting lone: inout [Int]) -> Problem? {
        var i = 0
        while i < b.count {
            // Outside strings: to the next quote.
            guard b[i] == 0x22 else { i += 1; continue }
            let open = i
            i += 1
            while true {
                i = nextSpecialByte(b, from: i)
                guard i < b.count else { return Problem(.unterminated, at: open) }
                let c = b[i]
                if c == 0x22 { i += 1; break }
                if c < 0x20 { return Problem(.rawControlCharacter(c), at: i) }
                // A backslash.
                guard i + 1 < b.count else { return Problem(.invalidEscape, at: i) }
                switch b[i + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
                case 0x75:
                    guard let unit = hex4(b, at: i + 2) else { return Problem(.invalidEscape, at: i) }
                    if unit >= 0xD800, unit <= 0xDBFF, let low = unicodeEscape(b, at: i + 6), low >= 0xDC00, low <= 0xDFFF {
                        i += 12
                    } else if unit >= 0xD800, unit <= 0xDFFF {
                        if loneSurrogates == .reject { return Problem(.loneSurrogate, at: i) }
                        lone.append(i)
                        i += 6
                    } else {
                        i += 6
                    }
                default: return Problem(.invalidEscape, at: i)
                }
            }
        }
        return nil
    }

    // MARK: pieces

    /// The offset of the first byte at or after `i` that is `"`, `\` or below 0x20 (or
    /// `b.count`): eight bytes at a time, the first such byte of a word found from its
    /// ``specialBytes(_:)`` mask; the last few bytes one by one.
    @inline(__always)
    static func nextSpecialByte(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= b.count {
                // Read little-endian: the lowest flagged byte is the first in the text.
                let mask = specialBytes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                if mask != 0 { return i + mask.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < b.count, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20 { i += 1 }
        return i
    }

    /// The bytes of `w` that are `"` (0x22), `\` (0x5C) or below 0x20, each flagged by its high
    /// bit: the classic has-zero-byte test (`(x - 0x01…) & ~x & 0x80…`) on `w` XOR each byte to
    /// find, and on the bytes less 0x20. A borrow can flag a byte above a flagged one too, never
    /// one below, so the lowest flag is exact (the only one used). Bytes from 0x80 up are never
    /// flagged, so UTF-8 text passes.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
        // A byte below 0x20 (with its high bit clear): subtracting 0x20 from it borrows.
        let control = (w &- ones &* 0x20) & ~w & highs
        return zeros(quote) | zeros(backslash) | control
    }

    /// The value of the four hexadecimal digits at `b[k...]`, or nil.
    @inline(__always)
    static func hex4(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32? {
        guard k >= 0, k + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for j in k..<(k + 4) {
            let c = b[j]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The code unit of a `\uXXXX` escape at `b[k...]`, if one starts there.
    @inline(__always)
    static func unicodeEscape(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32? {
        guard k + 6 <= b.count, b[k] == 0x5C, b[k + 1] == 0x75 else { return nil }
        return hex4(b, at: k + 2)
    }

    /// Writes scalar value `v` (not a surrogate, at most U+10FFFF) as UTF-8 at `out[o...]`;
    /// returns the number of bytes written (1 to 4).
    @inline(__always)
    static func writeUTF8(_ v: UInt32, to out: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        switch v {
        case 0..<0x80:
            out[o] = UInt8(v)
            return 1
        case 0x80..<0x800:
            out[o] = UInt8(0xC0 | (v >> 6)); out[o + 1] = UInt8(0x80 | (v & 0x3F))
            return 2
        case 0x800..<0x10000:
            out[o] = UInt8(0xE0 | (v >> 12)); out[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[o + 2] = UInt8(0x80 | (v & 0x3F))
            return 3
        default:
            out[o] = UInt8(0xF0 | (v >> 18)); out[o + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
            out[o + 2] = UInt8(0x80 | ((v >> 6) & 0x3F)); out[o + 3] = UInt8(0x80 | (v & 0x3F))
            return 4
        }
    }
}
