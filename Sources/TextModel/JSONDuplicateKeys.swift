import Foundation

// A key given twice in one JSON object. RFC 8259 §4 says names "SHOULD be unique" and lets a
// reader reject such an object or take one of its values. Foundation's two parsers disagree:
// `JSONDecoder` keeps the first, `JSONSerialization` the last (at every depth, keys compared
// with their escapes resolved), so `proofread --batch` and the language server (JSONDecoder)
// read the first `text` and `/api/` (JSONSerialization) the last. Every front end now reads the
// last: what ECMAScript's `JSON.parse` (ECMA-262 §25.5.1), Python's `json`, Go's
// `encoding/json` and Jackson's default `ObjectMapper` (LanguageTool's server reads its `data`
// parameter with it) do, so a client built on any of them gets what it would get elsewhere.
//
// Only a strictly valid text is resolved, from its parsed value, never by editing its bytes:
// session 53's first attempt dropped earlier members from the text as it found them and so
// turned an invalid line (`{"id": "x", "text": "I": "bom", "text": "…"}`) into a valid one.

extension JSONStrings {
    /// The nesting ``resolvingDuplicateKeys(_:)`` reads: a text with a value inside this many
    /// arrays and objects is left to its parser (Foundation's refuse it too).
    public static let maximumDepth = 512

    /// `json` with every object's repeated keys resolved as `JSON.parse` resolves them: the
    /// member keeps the place of the key's first occurrence and the value of its last, in
    /// nested objects too. Keys are the same when they read as the same characters (escapes
    /// resolved, `"te\u0078t"` is `"text"`; a lone surrogate read as U+FFFD, as
    /// ``normalized(_:)`` reads it; compared scalar by scalar, not by canonical equivalence).
    ///
    /// `json` itself, byte for byte, unless it is exactly one strictly valid JSON text (RFC
    /// 8259: value grammar, strings, numbers and literals; white space around; a byte-order
    /// mark before it allowed; no value inside ``maximumDepth`` arrays and objects) with a key repeated in one of
    /// its objects: an invalid text is passed on unchanged for its parser to refuse. A text that
    /// is resolved is written anew from its parsed value, without white space or byte-order
    /// mark, every string, number and literal as it was written. The bytes must be valid UTF-8
    /// (the front ends check it first). One pass when no key repeats, strings skipped eight
    /// bytes at a time.
    public static func resolvingDuplicateKeys(_ json: Data) -> Data {
        let resolved: Data? = json.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            var reader = StrictReader(b)
            guard reader.validate() == StrictReader.StrictReading.duplicateKeys else { return nil }
            var builder = StrictReader(b)
            guard let root = builder.build() else { return nil }
            var out = Data(capacity: b.count)
            root.write(from: b, to: &out)
            return out
        }
        return resolved ?? json
    }
}

/// A key as a set member: its UTF-8 bytes, compared byte for byte (Swift's `String` equality
/// would merge canonically equivalent keys, which JSON keeps apart).
private struct ByteKey: Hashable {
    let text: String
    static func == (a: ByteKey, b: ByteKey) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }
    func hash(into hasher: inout Hasher) {
        var t = text
        t.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A parsed value of a text with repeated keys: scalars and keys as ranges of its bytes.
private indirect enum JSONNode {
    case raw(Range<Int>)
    case array([JSONNode])
    case object([(key: Range<Int>, value: JSONNode)])

    /// Writes the value, without white space, scalars and keys as `b` has them.
    func write(from b: UnsafeBufferPointer<UInt8>, to out: inout Data) {
        switch self {
        case let .raw(r): out.append(UnsafeBufferPointer(rebasing: b[r]))
        case let .array(items):
            out.append(0x5B)
            for (n, item) in items.enumerated() {
                if n > 0 { out.append(0x2C) }
                item.write(from: b, to: &out)
            }
            out.append(0x5D)
        case let .object(members):
            out.append(0x7B)
            for (n, member) in members.enumerated() {
                if n > 0 { out.append(0x2C) }
                out.append(UnsafeBufferPointer(rebasing: b[member.key]))
                out.append(0x3A)
                member.value.write(from: b, to: &out)
            }
            out.append(0x7D)
        }
    }
}

/// The strict RFC 8259 reader behind ``JSONStrings/resolvingDuplicateKeys(_:)``: iterative (a
/// stack of open containers, no recursion however deep the input), over UTF-8 bytes.
private struct StrictReader {
    /// How a text reads: not strictly valid, valid with every key once in its object, or valid
    /// with a key repeated.
    enum StrictReading: Equatable { case invalid, unique, duplicateKeys }

    let b: UnsafeBufferPointer<UInt8>
    var i = 0

    init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    /// What comes next in the grammar.
    private enum Step { case value, key, afterValue }

    /// An open container while validating: an array, or an object and its keys so far.
    private struct Open {
        var isObject: Bool
        var keys: Set<ByteKey> = []
    }

    /// Reads the whole text: `.invalid`, or whether some object repeats a key.
    mutating func validate() -> StrictReading {
        skipByteOrderMark()
        skipSpace()
        var stack: [Open] = []
        var repeated = false
        var step = Step.value
        while true {
            switch step {
            case .value:
                guard i < b.count, stack.count < JSONStrings.maximumDepth else { return .invalid }
                switch b[i] {
                case 0x7B: // {
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == 0x7D { i += 1; step = .afterValue } else { stack.append(Open(isObject: true)); step = .key }
                case 0x5B: // [
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == 0x5D { i += 1; step = .afterValue } else { stack.append(Open(isObject: false)) }
                default:
                    guard scalar() else { return .invalid }
                    step = .afterValue
                }
            case .key:
                guard let key = key() else { return .invalid }
                if !stack[stack.count - 1].keys.insert(key).inserted { repeated = true }
                guard colon() else { return .invalid }
                step = .value
            case .afterValue:
                skipSpace()
                guard let top = stack.last else { return i == b.count ? (repeated ? .duplicateKeys : .unique) : .invalid }
                guard i < b.count else { return .invalid }
                if b[i] == 0x2C { // ,
                    i += 1
                    skipSpace()
                    step = top.isObject ? .key : .value
                } else if b[i] == (top.isObject ? 0x7D : 0x5D) { // } or ]
                    i += 1
                    stack.removeLast()
                } else {
                    return .invalid
                }
            }
        }
    }

    /// An open container while building: its items, or its members and where each key is.
    private struct Building {
        var isObject: Bool
        var items: [JSONNode] = []
        var members: [(key: Range<Int>, value: JSONNode)] = []
        var index: [ByteKey: Int] = [:]
        /// The member whose value comes next.
        var pending = 0
    }

    /// Parses a text ``validate()`` found valid into its value, the last value of each key in
    /// the place of its first.
    mutating func build() -> JSONNode? {
        skipByteOrderMark()
        skipSpace()
        var stack: [Building] = []
        var step = Step.value
        var done: JSONNode?
        while true {
            switch step {
            case .value:
                guard i < b.count, stack.count < JSONStrings.maximumDepth else { return nil }
                switch b[i] {
                case 0x7B:
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == 0x7D { i += 1; done = .object([]); step = .afterValue } else { stack.append(Building(isObject: true)); step = .key }
                case 0x5B:
                    i += 1
                    skipSpace()
                    if i < b.count, b[i] == 0x5D { i += 1; done = .array([]); step = .afterValue } else { stack.append(Building(isObject: false)) }
                default:
                    let start = i
                    guard scalar() else { return nil }
                    done = .raw(start..<i)
                    step = .afterValue
                }
            case .key:
                let start = i
                guard let key = key() else { return nil }
                let top = stack.count - 1
                if let earlier = stack[top].index[key] {
                    stack[top].pending = earlier
                } else {
                    stack[top].index[key] = stack[top].members.count
                    stack[top].pending = stack[top].members.count
                    stack[top].members.append((start..<i, .raw(start..<start)))
                }
                guard colon() else { return nil }
                step = .value
            case .afterValue:
                // `done` is the value just read: it goes into the open container, if any.
                guard let value = done else { return nil }
                done = nil
                let top = stack.count - 1
                guard top >= 0 else { return value }
                if stack[top].isObject { stack[top].members[stack[top].pending].value = value } else { stack[top].items.append(value) }
                skipSpace()
                guard i < b.count else { return nil }
                if b[i] == 0x2C {
                    i += 1
                    skipSpace()
                    step = stack[top].isObject ? .key : .value
                } else if b[i] == (stack[top].isObject ? 0x7D : 0x5D) {
                    i += 1
                    let closed = stack.removeLast()
                    done = closed.isObject ? .object(closed.members) : .array(closed.items)
                } else {
                    return nil
                }
            }
        }
    }

    // MARK: pieces

    private mutating func skipByteOrderMark() {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
    }

    private mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// A key at `i` (a string), read as the text holds it; `i` moves past its closing quote.
    private mutating func key() -> ByteKey? {
        guard i < b.count, b[i] == 0x22 else { return nil }
        let start = i
        let next = JSONStrings.nextSpecialByte(b, from: i + 1)
        if next < b.count, b[next] == 0x22 {
            i = next + 1
            return ByteKey(text: String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<next]), as: UTF8.self))
        }
        guard let text = try? JSONStrings.decode(b, at: &i, loneSurrogates: .replace) else { return nil }
        return ByteKey(text: text)
    }

    /// A `:`, with the space before and after it.
    private mutating func colon() -> Bool {
        skipSpace()
        guard i < b.count, b[i] == 0x3A else { return false }
        i += 1
        skipSpace()
        return true
    }

    /// A string, number or literal at `i`; `i` moves past it.
    private mutating func scalar() -> Bool {
        switch b[i] {
        case 0x22: return string()
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        let w = word.utf8Start
        for k in 0..<n where b[i + k] != w[k] { return false }
        i += n
        return true
    }

    /// A JSON string (RFC 8259 §7; a lone surrogate escape is valid syntax).
    private mutating func string() -> Bool {
        i += 1
        while true {
            i = JSONStrings.nextSpecialByte(b, from: i)
            guard i < b.count else { return false }
            let c = b[i]
            if c == 0x22 { i += 1; return true }
            if c < 0x20 { return false }
            guard i + 1 < b.count else { return false }
            switch b[i + 1] {
            case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: i += 2
            case 0x75:
                guard JSONStrings.hex4(b, at: i + 2) != nil else { return false }
                i += 6
            default: return false
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` (RFC 8259 §6).
    private mutating func number() -> Bool {
        func isDigit(_ k: Int) -> Bool { k < b.count && b[k] >= 0x30 && b[k] <= 0x39 }
        if i < b.count, b[i] == 0x2D { i += 1 }
        guard isDigit(i) else { return false }
        if b[i] == 0x30 { i += 1 } else { while isDigit(i) { i += 1 } }
        if i < b.count, b[i] == 0x2E {
            i += 1
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return true
    }
}
