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
        guard let object = try? JSONSerialization.jsonObject(with: line), let record = object as? [String: Any] else {
            return Self.errorLine(id: NSNull(), "line \(lineNumber): not a JSON object")
        }
        let id: Any = record["id"] ?? NSNull()
        guard id is String || id is NSNumber else { return Self.errorLine(id: NSNull(), "line \(lineNumber): \"id\" must be a string or a number") }
        guard let text = record["text"] as? String else { return Self.errorLine(id: id, "line \(lineNumber): \"text\" must be a string") }
        let language = (record["language"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? defaultLanguage
        let markup: DocumentMarkup
        switch record["markup"] as? String ?? "plain" {
        case "plain", "text": markup = .plain
        case "markdown", "md": markup = .markdown
        case let other: return Self.errorLine(id: id, "line \(lineNumber): \"markup\" must be \"plain\" or \"markdown\", not \"\(other)\"")
        }
        do {
            let report = try checker.check(ProofreadingRequest(text: text, markup: markup, language: language,
                                                               disabledRules: disabledRules, userWords: userWords))
            var out = JSONLineWriter()
            out.raw("{\"id\":")
            out.value(id)
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
            return Self.errorLine(id: id, "\(error)")
        }
    }

    private static func errorLine(id: Any, _ message: String) -> String {
        line(["id": id, "error": message, "matches": [Any]()])
    }

    private static func line(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{\"id\":null,\"error\":\"could not encode the answer\",\"matches\":[]}\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
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

    /// Appends `value` (a string or a number, a record's `id`) as JSON.
    mutating func value(_ value: Any) {
        if let string = value as? String { self.string(string); return }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
            bytes.append(contentsOf: data)
        } else {
            raw("null")
        }
    }

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
