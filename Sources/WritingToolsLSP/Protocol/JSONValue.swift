import Foundation

/// Any JSON value (LSP 3.17 §"Base Types": `LSPAny`), for fields whose shape the protocol leaves
/// open: `initializationOptions`, settings, command arguments, a diagnostic's `data`.
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int`.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case let .bool(b): try c.encode(b)
        case let .int(i): try c.encode(i)
        case let .double(d): try c.encode(d)
        case let .string(s): try c.encode(s)
        case let .array(a): try c.encode(a)
        case let .object(o): try c.encode(o)
        }
    }

    /// The member `key` of an object; nil for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    /// The integer, if this is one (a double with no fraction counts).
    public var intValue: Int? {
        switch self {
        case let .int(i): return i
        case let .double(d) where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }
    /// The number as a double, if this is one.
    public var doubleValue: Double? {
        switch self {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }
    /// The Boolean, if this is one.
    public var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a }; return nil }
    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? { if case let .object(o) = self { return o }; return nil }
}

/// A request ID (JSON-RPC 2.0 §4: a number or a string).
public enum RequestID: Codable, Hashable, Sendable, CustomStringConvertible {
    /// A numeric ID.
    case number(Int)
    /// A string ID.
    case string(String)

    /// Decodes a number or a string.
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int.self) { self = .number(i) } else { self = .string(try c.decode(String.self)) }
    }

    /// Encodes the number or string.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case let .number(i): try c.encode(i)
        case let .string(s): try c.encode(s)
        }
    }

    /// The ID as written in JSON (`7` or `"abc"`).
    public var description: String {
        switch self {
        case let .number(i): return String(i)
        case let .string(s): return "\"\(s)\""
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    /// A string literal is ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is ``int(_:)``.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A Boolean literal is ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal is ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is ``object(_:)`` (a later duplicate key wins).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, b in b }))
    }
    /// `nil` is ``null``.
    public init(nilLiteral: ()) { self = .null }
}

/// Lone UTF-16 surrogates in JSON text (`"\ud800"`: valid JSON syntax, but no Unicode scalar,
/// so no Swift `String` can hold it and the decoder refuses the whole message).
public enum LoneSurrogates {
    /// `json` with every `\uD800`–`\uDFFF` escape that is not half of a high–low pair replaced
    /// by `\uFFFD` (U+FFFD REPLACEMENT CHARACTER). Both are one UTF-16 code unit, so a client
    /// that counts positions in UTF-16 stays in step with the server's copy of its text (a
    /// dropped `didChange` left every later diagnostic pointing at the wrong characters).
    /// Returns `json` itself when it has none (the common case: one scan for `\u`).
    public static func replacing(in json: Data) -> Data {
        json.withUnsafeBytes { raw -> Data in
            let b = raw.bindMemory(to: UInt8.self)
            var out: [UInt8]?
            var copied = 0
            var i = 0
            /// The code unit of a `\uXXXX` escape at `k`, if there is one.
            func escape(at k: Int) -> UInt16? {
                guard k + 6 <= b.count, b[k] == UInt8(ascii: "\\"), b[k + 1] == UInt8(ascii: "u") else { return nil }
                var v: UInt16 = 0
                for j in (k + 2)..<(k + 6) {
                    let c = b[j]
                    let d: UInt8
                    switch c {
                    case 0x30...0x39: d = c - 0x30
                    case 0x41...0x46: d = c - 0x41 + 10
                    case 0x61...0x66: d = c - 0x61 + 10
                    default: return nil
                    }
                    v = v << 4 | UInt16(d)
                }
                return v
            }
            while i < b.count {
                guard b[i] == UInt8(ascii: "\\") else { i += 1; continue }
                guard let unit = escape(at: i) else { i += 2; continue }   // `\\`, `\"`, …: skip the pair
                if (0xD800...0xDBFF).contains(unit), let next = escape(at: i + 6), (0xDC00...0xDFFF).contains(next) {
                    i += 12
                    continue
                }
                if (0xD800...0xDFFF).contains(unit) {
                    if out == nil { out = []; out!.reserveCapacity(b.count) }
                    out!.append(contentsOf: b[copied..<i])
                    out!.append(contentsOf: Array("\\uFFFD".utf8))
                    copied = i + 6
                }
                i += 6
            }
            guard var result = out else { return json }
            result.append(contentsOf: b[copied..<b.count])
            return Data(result)
        }
    }
}
