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

/// A request ID (JSON-RPC 2.0 §4: a number or a string; LSP 3.17 §"Request Message":
/// `integer | string`). A client's number that is no integer Swift holds (`1.5`, `1e30`,
/// `12345678901234567890`) is kept as written and echoed exactly, as JSON-RPC 2.0 §5 asks
/// (“the same value as the id member in the Request Object”), rather than refused.
public enum RequestID: Codable, Hashable, Sendable, CustomStringConvertible {
    /// A numeric ID.
    case number(Int)
    /// A string ID.
    case string(String)
    /// Any other JSON number, as its text in the request (RFC 8259 §6 syntax).
    case numberText(String)

    /// Decodes a number or a string (a number that is no `Int` as ``numberText(_:)`` of its
    /// shortest form; the server reads the exact text from the message instead).
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int.self) { self = .number(i) }
        else if let d = try? c.decode(Double.self) { self = .numberText("\(d)") }
        else { self = .string(try c.decode(String.self)) }
    }

    /// Encodes the number or string (``numberText(_:)`` as a placeholder string that the
    /// server's writer replaces by the number's text: no `Encoder` writes a number verbatim).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case let .number(i): try c.encode(i)
        case let .string(s): try c.encode(s)
        case .numberText: try c.encode(Self.placeholder)
        }
    }

    /// The string that stands for a ``numberText(_:)`` ID in encoded JSON (unforgeable: made
    /// once per process at random).
    static let placeholder = "writing-tools-id-" + UUID().uuidString

    /// The ID as written in JSON (`7`, `1.5` or `"abc"`).
    public var description: String {
        switch self {
        case let .number(i): return String(i)
        case let .string(s): return "\"\(s)\""
        case let .numberText(t): return t
        }
    }

    /// The text of the top-level `id` member of a JSON-RPC message when it is a number, as
    /// written (`1e30`, not `1e+30`); nil when there is none or it is no number. `body` must
    /// be JSON (it was decoded); keys with escapes are skipped, not read as `id`.
    public static func numberText(in body: Data) -> String? {
        let b = [UInt8](body)
        var i = 0
        func space() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        func skipString() {
            i += 1
            while i < b.count, b[i] != 0x22 { i += b[i] == 0x5C ? 2 : 1 }
            i += 1
        }
        func skipValue() {
            guard i < b.count else { return }
            if b[i] == 0x22 { skipString(); return }
            if b[i] == 0x7B || b[i] == 0x5B {
                var depth = 0
                while i < b.count {
                    switch b[i] {
                    case 0x22: skipString(); continue
                    case 0x7B, 0x5B: depth += 1
                    case 0x7D, 0x5D: depth -= 1
                    default: break
                    }
                    i += 1
                    if depth == 0 { return }
                }
                return
            }
            while i < b.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
        }
        space()
        guard i < b.count, b[i] == 0x7B else { return nil }
        i += 1
        while i < b.count {
            space()
            guard i < b.count, b[i] == 0x22 else { return nil }
            let keyStart = i + 1
            skipString()
            let isID = i - keyStart == 3 && b[keyStart] == 0x69 && b[keyStart + 1] == 0x64
            space()
            guard i < b.count, b[i] == 0x3A else { return nil }
            i += 1
            space()
            if isID {
                let start = i
                while i < b.count, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2D || b[i] == 0x2B || b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 { i += 1 }
                guard i > start, b[start] == 0x2D || (b[start] >= 0x30 && b[start] <= 0x39) else { return nil }
                return String(decoding: b[start..<i], as: UTF8.self)
            }
            skipValue()
            space()
            guard i < b.count, b[i] == 0x2C else { return nil }
            i += 1
        }
        return nil
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
