/// A strict RFC 8259 JSON validator over UTF-8 bytes, independent of the project's readers and
/// of Foundation's (which rejects valid JSON such as `1e400`): the reference the fuzz targets
/// check answers and readers against.
public enum JSONValidator {
    /// What a JSON text's top-level value is.
    public enum Kind: Equatable, Sendable { case object, array, string, number, literal }

    /// The kind of the one JSON value `bytes` holds (whitespace around it allowed), or nil when
    /// `bytes` is not exactly one JSON value in valid UTF-8. Nesting deeper than 512 is rejected.
    public static func kind<C: Collection>(of bytes: C) -> Kind? where C.Element == UInt8 {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var p = Parser(bytes: Array(bytes))
        p.skipSpace()
        guard let k = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == p.bytes.count ? k : nil
    }

    /// True when `text` is exactly one JSON value.
    public static func isValid(_ text: String) -> Bool { kind(of: Array(text.utf8)) != nil }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
        }

        mutating func literal(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard i + u.count <= bytes.count, Array(bytes[i..<(i + u.count)]) == u else { return false }
            i += u.count
            return true
        }

        mutating func value(depth: Int) -> Kind? {
            guard depth < 512, let c = peek else { return nil }
            switch c {
            case UInt8(ascii: "{"):
                i += 1; skipSpace()
                if peek == UInt8(ascii: "}") { i += 1; return .object }
                while true {
                    skipSpace()
                    guard peek == UInt8(ascii: "\""), string() else { return nil }
                    skipSpace()
                    guard peek == UInt8(ascii: ":") else { return nil }
                    i += 1; skipSpace()
                    guard value(depth: depth + 1) != nil else { return nil }
                    skipSpace()
                    if peek == UInt8(ascii: ",") { i += 1; continue }
                    if peek == UInt8(ascii: "}") { i += 1; return .object }
                    return nil
                }
            case UInt8(ascii: "["):
                i += 1; skipSpace()
                if peek == UInt8(ascii: "]") { i += 1; return .array }
                while true {
                    skipSpace()
                    guard value(depth: depth + 1) != nil else { return nil }
                    skipSpace()
                    if peek == UInt8(ascii: ",") { i += 1; continue }
                    if peek == UInt8(ascii: "]") { i += 1; return .array }
                    return nil
                }
            case UInt8(ascii: "\""): return string() ? .string : nil
            case UInt8(ascii: "t"): return literal("true") ? .literal : nil
            case UInt8(ascii: "f"): return literal("false") ? .literal : nil
            case UInt8(ascii: "n"): return literal("null") ? .literal : nil
            default: return number() ? .number : nil
            }
        }

        mutating func string() -> Bool {
            i += 1
            while let c = peek {
                i += 1
                if c == UInt8(ascii: "\"") { return true }
                if c < 0x20 { return false }
                if c == UInt8(ascii: "\\") {
                    guard let e = peek else { return false }
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    case UInt8(ascii: "u"):
                        for _ in 0..<4 {
                            guard let h = peek, isHex(h) else { return false }
                            i += 1
                        }
                    default: return false
                    }
                }
            }
            return false
        }

        func isHex(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
        }

        func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

        mutating func number() -> Bool {
            if peek == UInt8(ascii: "-") { i += 1 }
            guard isDigit(peek) else { return false }
            if peek == UInt8(ascii: "0") { i += 1 } else { while isDigit(peek) { i += 1 } }
            if peek == UInt8(ascii: ".") {
                i += 1
                guard isDigit(peek) else { return false }
                while isDigit(peek) { i += 1 }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                i += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
                guard isDigit(peek) else { return false }
                while isDigit(peek) { i += 1 }
            }
            return true
        }
    }
}
