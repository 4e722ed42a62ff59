import Foundation
import Synchronization
import WritingTools

/// `proofread --batch`: JSON Lines in, one JSON line out per input line, in input order.
///
/// Input is read as it arrives; the complete lines at hand are checked on all cores and
/// answered before more input is awaited, so a client may also send one line and wait.
struct BatchMode {
    var io: CommandIO
    var answerer: BatchAnswerer

    init(io: CommandIO, checker: WritingToolsChecker, disabledRules: Set<String>, userWords: [String], defaultLanguage: String) {
        self.io = io
        self.answerer = BatchAnswerer(checker: checker, disabledRules: disabledRules, userWords: userWords, defaultLanguage: defaultLanguage)
    }

    func run() throws -> ExitCode {
        var pending: [UInt8] = []
        var lineNumber = 0
        while let chunk = io.readStandardInputChunk() {
            let searchFrom = pending.count
            pending.append(contentsOf: chunk)
            // Complete lines only; the rest waits for more input.
            let lines: [Data] = pending.withUnsafeBufferPointer { b in
                var lines: [Data] = []
                var start = 0
                // `pending` held no newline before this chunk: the scan resumes where it ended.
                var i = searchFrom
                while i < b.count {
                    if b[i] == 10 {
                        lines.append(Data(UnsafeBufferPointer(rebasing: b[start..<i])))
                        start = i + 1
                    }
                    i += 1
                }
                return lines
            }
            guard !lines.isEmpty else { continue }
            let consumed = lines.reduce(0) { $0 + $1.count + 1 }
            pending.removeFirst(consumed)
            process(lines, firstLine: &lineNumber)
        }
        if !pending.isEmpty { process([Data(pending)], firstLine: &lineNumber) }
        return .success
    }

    private func process(_ lines: [Data], firstLine: inout Int) {
        let base = firstLine
        firstLine += lines.count
        let results = Mutex<[String?]>(Array(repeating: nil, count: lines.count))
        let workers = min(lines.count, Self.cores)
        let answerer = self.answerer
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var i = w
            while i < lines.count {
                let answer = answerer.answer(lines[i], lineNumber: base + i + 1)
                results.withLock { $0[i] = answer }
                i += workers
            }
        }
        let out = results.withLock { $0.compactMap { $0 }.joined() }
        io.writeOutput(out)
    }

    /// The cores to answer on, read once (`activeProcessorCount` reads cgroup files on Linux
    /// each time it is asked).
    private static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

/// Answers one batch line; shared by the worker threads.
struct BatchAnswerer: Sendable {
    var checker: WritingToolsChecker
    var disabledRules: Set<String>
    var userWords: [String]
    var defaultLanguage: String

    /// The answer line for one input line (nil for a blank line).
    func answer(_ line: Data, lineNumber: Int) -> String? {
        if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { return nil }
        func failure(_ id: BatchRecord.ID?, _ message: String) -> String { Self.errorLine(id: id, "line \(lineNumber): \(message)") }
        guard String(bytes: line, encoding: .utf8) != nil else { return failure(nil, "not valid UTF-8") }
        guard let record = try? Self.decoder.decode(BatchRecord.self, from: line) else { return failure(nil, "not a JSON object") }
        guard let id = record.id else { return failure(nil, "\"id\" must be a string or a number") }
        let text: String
        switch record.text {
        case let .value(t): text = t
        case .missing, .wrongType: return failure(id, "\"text\" must be a string")
        case .invalid: return failure(id, "\"text\" is not a valid JSON string (a raw control character or an unpaired surrogate escape)")
        }
        var language = defaultLanguage
        switch record.language {
        case let .value(l): if !l.isEmpty { language = l }
        case .missing: break
        case .wrongType, .invalid: return failure(id, "\"language\" must be a string such as \"en-US\"")
        }
        let markup: DocumentMarkup
        switch record.markup {
        case .missing, .value("plain"), .value("text"): markup = .plain
        case .value("markdown"), .value("md"): markup = .markdown
        case let .value(other): return failure(id, "\"markup\" must be \"plain\" or \"markdown\", not \"\(other)\"")
        case .wrongType, .invalid: return failure(id, "\"markup\" must be \"plain\" or \"markdown\"")
        }
        do {
            let report = try checker.check(ProofreadingRequest(text: text, markup: markup, language: language,
                                                               disabledRules: disabledRules, userWords: userWords))
            var out = JSONLineWriter()
            out.raw("{\"id\":")
            out.raw(id.json)
            out.raw(",\"matches\":[")
            for (n, s) in report.suggestions.enumerated() {
                if n > 0 { out.raw(",") }
                // Keys in sorted order, as JSONSerialization's `.sortedKeys` writes them.
                out.raw("{\"category\":")
                out.string(s.category.id)
                out.raw(",\"length\":")
                out.raw(String(s.range.length))
                out.raw(",\"message\":")
                out.string(s.message)
                out.raw(",\"offset\":")
                out.raw(String(s.range.location))
                out.raw(",\"replacements\":[")
                for (k, r) in s.replacements.enumerated() {
                    if k > 0 { out.raw(",") }
                    out.string(r)
                }
                out.raw("],\"rule\":")
                out.string(s.ruleID)
                out.raw("}")
            }
            out.raw("]}\n")
            return out.text
        } catch {
            return failure(id, "\(error)")
        }
    }

    /// Reads the records (swift-foundation's decoder: several times faster than
    /// `JSONSerialization` on long texts).
    private static let decoder = JSONDecoder()

    /// `{"error":…,"id":…,"matches":[]}` (keys sorted, as in the answers).
    private static func errorLine(id: BatchRecord.ID?, _ message: String) -> String {
        var out = JSONLineWriter()
        out.raw("{\"error\":")
        out.string(message)
        out.raw(",\"id\":")
        out.raw(id?.json ?? "null")
        out.raw(",\"matches\":[]}\n")
        return out.text
    }
}

/// Writes one JSON line into a byte buffer: the batch answers, which are flat and regular
/// enough that a writer of our own is several times faster than `JSONSerialization`.
struct JSONLineWriter {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(256) }

    /// The line written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `json`, which must already be JSON text.
    mutating func raw(_ json: String) { bytes.append(contentsOf: json.utf8) }

    /// Appends `string` as a JSON string (RFC 8259 §7): quotation mark, reverse solidus and
    /// control characters escaped, everything else written as UTF-8.
    mutating func string(_ string: String) {
        bytes.append(0x22)
        for b in string.utf8 {
            switch b {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
            case 0x0D: bytes.append(0x5C); bytes.append(0x72)
            case 0x09: bytes.append(0x5C); bytes.append(0x74)
            case 0x08: bytes.append(0x5C); bytes.append(0x62)
            case 0x0C: bytes.append(0x5C); bytes.append(0x66)
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: bytes.append(b)
            }
        }
        bytes.append(0x22)
    }
}

/// One batch record. Every field's problem is reported on its own (a missing or wrong-typed
/// `id`, `text`, `language` or `markup`); only a line that is not a JSON object fails as a whole.
struct BatchRecord: Decodable {
    /// A record's `id`: a string or a number, echoed in the answer with its digits intact
    /// (integers beyond 64 bits and decimals too).
    enum ID: Sendable {
        case string(String)
        case integer(Int)
        case unsigned(UInt64)
        case decimal(Decimal)

        /// The id as JSON.
        var json: String {
            switch self {
            case let .string(s):
                var w = JSONLineWriter()
                w.string(s)
                return w.text
            case let .integer(i): return String(i)
            case let .unsigned(u): return String(u)
            case let .decimal(d): return "\(d)"
            }
        }
    }

    /// What a field held.
    enum Field<Value> {
        /// Not in the record (or `null`).
        case missing
        /// A value of the right type.
        case value(Value)
        /// A value of another JSON type.
        case wrongType
        /// A string JSON allows in syntax but not as text (a raw control character, an unpaired
        /// surrogate escape).
        case invalid
    }

    /// The id, or nil when it is missing or neither a string nor a number.
    var id: ID?
    var text: Field<String> = .missing
    var language: Field<String> = .missing
    var markup: Field<String> = .missing

    private enum Key: String, CodingKey { case id, text, language, markup }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let s = try? c.decode(String.self, forKey: .id) { id = .string(s) }
        else if let i = try? c.decode(Int.self, forKey: .id) { id = .integer(i) }
        else if let u = try? c.decode(UInt64.self, forKey: .id) { id = .unsigned(u) }
        else if let d = try? c.decode(Decimal.self, forKey: .id) { id = .decimal(d) }
        text = Self.string(c, .text)
        language = Self.string(c, .language)
        markup = Self.string(c, .markup)
    }

    private static func string(_ c: KeyedDecodingContainer<Key>, _ key: Key) -> Field<String> {
        guard c.contains(key), (try? c.decodeNil(forKey: key)) != true else { return .missing }
        if let s = try? c.decode(String.self, forKey: key) { return .value(s) }
        if (try? c.decode(Double.self, forKey: key)) != nil || (try? c.decode(Bool.self, forKey: key)) != nil
            || (try? c.decode([String: Int].self, forKey: key)) != nil || (try? c.nestedUnkeyedContainer(forKey: key)) != nil
            || (try? c.nestedContainer(keyedBy: Key.self, forKey: key)) != nil {
            return .wrongType
        }
        return .invalid
    }
}
