/// A slow reference reading of JSON values, written from RFC 8259 and ECMA-262's `JSON.parse`
/// here, independent of the project's readers: what the fuzz targets check
/// `JSONStrings.resolvingDuplicateKeys` and the front ends' handling of repeated keys against.
public enum JSONReference {
    /// A JSON value as written: strings as UTF-16 code units (a lone surrogate escape kept as
    /// its unit), numbers and literals as their text, object members in order, repeats kept.
    public indirect enum Value: Equatable, Sendable {
        /// A string's UTF-16 code units.
        case string([UInt16])
        /// A number, as written.
        case number(String)
        /// `true`, `false` or `null`.
        case literal(String)
        /// An array's items.
        case array([Value])
        /// An object's members, in order, a repeated key as often as it is written.
        case object([Member])
    }

    /// One member of an object.
    public struct Member: Equatable, Sendable {
        /// The key's UTF-16 code units.
        public var key: [UInt16]
        /// The value.
        public var value: Value

        /// Creates a member.
        public init(key: [UInt16], value: Value) { self.key = key; self.value = value }
    }

    /// The value of `bytes`, a leading byte-order mark skipped, when the rest is a strictly
    /// valid JSON text (``JSONValidator/kind(of:)``: valid UTF-8, nesting under 512); else nil.
    public static func parse<C: Collection>(_ bytes: C) -> Value? where C.Element == UInt8 {
        var b = Array(bytes)
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { b.removeFirst(3) }
        guard JSONValidator.kind(of: b) != nil else { return nil }
        var p = Parser(b: b)
        p.space()
        return p.value()
    }

    /// `units` with every surrogate that is not half of a pair made U+FFFD: how the front ends
    /// read a lone surrogate escape, and so how they compare keys.
    public static func replacingLoneSurrogates(_ units: [UInt16]) -> [UInt16] {
        var out: [UInt16] = []
        var k = 0
        while k < units.count {
            if UTF16.isLeadSurrogate(units[k]), k + 1 < units.count, UTF16.isTrailSurrogate(units[k + 1]) {
                out += units[k...(k + 1)]
                k += 2
                continue
            }
            out.append(UTF16.isLeadSurrogate(units[k]) || UTF16.isTrailSurrogate(units[k]) ? 0xFFFD : units[k])
            k += 1
        }
        return out
    }

    /// True when `units` holds a surrogate that is not half of a pair.
    public static func hasLoneSurrogate(_ units: [UInt16]) -> Bool { replacingLoneSurrogates(units) != units }

    /// True when some object in `v` has a key twice (keys compared after lone surrogates are
    /// made U+FFFD).
    public static func hasRepeatedKey(_ v: Value) -> Bool {
        switch v {
        case .string, .number, .literal: return false
        case let .array(items): return items.contains(where: hasRepeatedKey)
        case let .object(members):
            var seen = Set<[UInt16]>()
            for m in members where !seen.insert(replacingLoneSurrogates(m.key)).inserted { return true }
            return members.contains { hasRepeatedKey($0.value) }
        }
    }

    /// True when some string of `v`, key or value, holds a lone surrogate.
    public static func hasLoneSurrogate(_ v: Value) -> Bool {
        switch v {
        case let .string(u): return hasLoneSurrogate(u)
        case .number, .literal: return false
        case let .array(items): return items.contains(where: hasLoneSurrogate)
        case let .object(members): return members.contains { hasLoneSurrogate($0.key) || hasLoneSurrogate($0.value) }
        }
    }

    /// `v` with every object's repeated keys resolved as `JSON.parse` resolves them
    /// (ECMA-262 §25.5.1: a later member replaces an earlier one's value, keeping its place).
    public static func resolved(_ v: Value) -> Value {
        switch v {
        case .string, .number, .literal: return v
        case let .array(items): return .array(items.map(resolved))
        case let .object(members):
            var out: [Member] = []
            var place: [[UInt16]: Int] = [:]
            for m in members {
                let key = replacingLoneSurrogates(m.key)
                if let k = place[key] { out[k].value = m.value } else { place[key] = out.count; out.append(m) }
            }
            return .object(out.map { Member(key: $0.key, value: resolved($0.value)) })
        }
    }

    /// The value of `key` in object `v` (the last, if it repeats); nil if `v` is no object or
    /// has no such key.
    public static func member(_ key: String, of v: Value) -> Value? {
        guard case let .object(members) = v else { return nil }
        let k = Array(key.utf16)
        return members.last { replacingLoneSurrogates($0.key) == k }?.value
    }

    /// `v` as JSON text: strings escaped only where they must be (quote, backslash, control
    /// characters, lone surrogates as `\uXXXX`), numbers and literals as written.
    public static func text(_ v: Value) -> [UInt8] {
        var out: [UInt8] = []
        write(v, to: &out)
        return out
    }

    private static func write(_ v: Value, to out: inout [UInt8]) {
        switch v {
        case let .string(u): writeString(u, to: &out)
        case let .number(s), let .literal(s): out += Array(s.utf8)
        case let .array(items):
            out.append(0x5B)
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(0x2C) }
                write(item, to: &out)
            }
            out.append(0x5D)
        case let .object(members):
            out.append(0x7B)
            for (n, m) in members.enumerated() {
                if n > 0 { out.append(0x2C) }
                writeString(m.key, to: &out)
                out.append(0x3A)
                write(m.value, to: &out)
            }
            out.append(0x7D)
        }
    }

    private static func writeString(_ units: [UInt16], to out: inout [UInt8]) {
        func escape(_ u: UInt16) { out += Array("\\u\(String(u, radix: 16).leftPadded(4))".utf8) }
        out.append(0x22)
        var k = 0
        while k < units.count {
            let u = units[k]
            if UTF16.isLeadSurrogate(u), k + 1 < units.count, UTF16.isTrailSurrogate(units[k + 1]) {
                out += Array(String(decoding: units[k...(k + 1)], as: UTF16.self).utf8)
                k += 2
                continue
            }
            if UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) || u < 0x20 { escape(u) }
            else if u == 0x22 || u == 0x5C { out += [0x5C, UInt8(u)] }
            else { out += Array(String(decoding: [u], as: UTF16.self).utf8) }
            k += 1
        }
        out.append(0x22)
    }

    /// Reads a text ``JSONValidator`` found valid.
    private struct Parser {
        let b: [UInt8]
        var i = 0

        mutating func space() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        }

        mutating func value() -> Value {
            switch b[i] {
            case 0x7B:
                i += 1; space()
                var members: [Member] = []
                if b[i] == 0x7D { i += 1; return .object([]) }
                while true {
                    space()
                    let key = string()
                    space(); i += 1; space() // :
                    members.append(Member(key: key, value: value()))
                    space()
                    if b[i] == 0x2C { i += 1; continue }
                    i += 1 // }
                    return .object(members)
                }
            case 0x5B:
                i += 1; space()
                var items: [Value] = []
                if b[i] == 0x5D { i += 1; return .array([]) }
                while true {
                    space()
                    items.append(value())
                    space()
                    if b[i] == 0x2C { i += 1; continue }
                    i += 1 // ]
                    return .array(items)
                }
            case 0x22: return .string(string())
            case 0x74, 0x66, 0x6E:
                let n = b[i] == 0x66 ? 5 : 4
                defer { i += n }
                return .literal(String(decoding: b[i..<(i + n)], as: UTF8.self))
            default:
                let start = i
                while i < b.count, b[i] == 0x2D || b[i] == 0x2B || b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 || (b[i] >= 0x30 && b[i] <= 0x39) { i += 1 }
                return .number(String(decoding: b[start..<i], as: UTF8.self))
            }
        }

        /// The string at `i` (valid), as UTF-16 units.
        mutating func string() -> [UInt16] {
            i += 1
            var units: [UInt16] = []
            var run: [UInt8] = []
            func flush() { units += Array(String(decoding: run, as: UTF8.self).utf16); run = [] }
            let simple: [UInt8: UInt16] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9]
            while b[i] != 0x22 {
                if b[i] != 0x5C { run.append(b[i]); i += 1; continue }
                flush()
                if let v = simple[b[i + 1]] { units.append(v); i += 2; continue }
                units.append(UInt16(String(decoding: b[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16)!)
                i += 6
            }
            flush()
            i += 1
            return units
        }
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
