import Foundation

// Duplicate keys in a JSON object: RFC 8259 §4 says names "SHOULD be unique" and leaves a
// parser free to reject an object with duplicates or to take the last one. Foundation's two
// parsers disagree (`JSONDecoder` keeps the first, `JSONSerialization` the last), so the front
// ends answered the same line differently (`proofread --batch` took the first `text`, `/api/`
// the last). Every front end now reads JSON through ``JSONStrings/normalized(_:)``, which keeps
// the last: what ECMAScript's `JSON.parse` (ECMA-262 §25.5.1), Python's `json`, Go's
// `encoding/json` and Jackson (LanguageTool's own server) do, so LanguageTool's clients and
// JSON-RPC clients, which build their requests with those, get what they would get elsewhere.

extension JSONStrings {
    /// `json` with every member of an object whose key comes again later in the same object
    /// left out, so that any parser reads the last value of each key (keys compared after their
    /// escapes are resolved: `"\u0069d"` is `"id"`); `json` itself when no object has a key
    /// twice (one pass, strings skipped eight bytes at a time). The text's strings must be valid
    /// (``firstProblem(in:loneSurrogates:)`` nil); its structure is left to the parser that
    /// reads it (bad structure is passed on as it is).
    public static func keepingLastOfDuplicateKeys(_ json: Data) -> Data {
        let removed: [Range<Int>] = json.withUnsafeBytes { raw in earlierDuplicateMembers(raw.bindMemory(to: UInt8.self)) }
        guard !removed.isEmpty else { return json }
        var out = Data(capacity: json.count)
        var copied = 0
        for r in removed.sorted(by: { $0.lowerBound < $1.lowerBound }) where r.lowerBound >= copied {
            // (A range inside one already left out, a duplicate nested in a removed member, is skipped.)
            out.append(json[(json.startIndex + copied)..<(json.startIndex + r.lowerBound)])
            copied = r.upperBound
        }
        out.append(json[(json.startIndex + copied)...])
        return out
    }

    /// The byte ranges of the members to leave out: each member (from its key to the comma
    /// after its value, inclusive) whose key the same object has again later.
    private static func earlierDuplicateMembers(_ b: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        /// An open object: its members so far (where each starts, and where the comma after it
        /// ends once seen), the index of each key's latest member, and whether a key is next.
        struct Object {
            var starts: [Int] = []
            var commaEnds: [Int?] = []
            var latest: [String: Int] = [:]
            var expectingKey = true
        }
        var stack: [Object?] = [] // nil: an array
        var removed: [Range<Int>] = []
        var i = 0
        while i < b.count {
            switch b[i] {
            case 0x22: // "
                let open = i
                var escaped = false
                i += 1
                while true {
                    i = nextSpecialByte(b, from: i)
                    guard i < b.count else { return removed }
                    if b[i] == 0x22 { i += 1; break }
                    if b[i] == 0x5C { escaped = true; i += 2 } else { i += 1 }
                }
                let top = stack.count - 1
                guard top >= 0, stack[top]?.expectingKey == true else { continue }
                let key: String
                if escaped {
                    var k = open
                    guard let decoded = try? decode(b, at: &k) else { return removed }
                    key = decoded
                } else {
                    key = String(decoding: UnsafeBufferPointer(rebasing: b[(open + 1)..<(i - 1)]), as: UTF8.self)
                }
                // Mutated in place: a copy of the object would copy its members for every key.
                if let earlier = stack[top]!.latest[key], let end = stack[top]!.commaEnds[earlier] {
                    removed.append(stack[top]!.starts[earlier]..<end)
                }
                stack[top]!.latest[key] = stack[top]!.starts.count
                stack[top]!.starts.append(open)
                stack[top]!.commaEnds.append(nil)
                stack[top]!.expectingKey = false
                continue
            case 0x7B: stack.append(Object()) // {
            case 0x5B: stack.append(nil) // [
            case 0x7D, 0x5D: if !stack.isEmpty { stack.removeLast() } // } ]
            case 0x2C: // ,
                let top = stack.count - 1
                if top >= 0, stack[top] != nil {
                    if let last = stack[top]!.commaEnds.indices.last { stack[top]!.commaEnds[last] = i + 1 }
                    stack[top]!.expectingKey = true
                }
            default: break
            }
            i += 1
        }
        return removed
    }
}
