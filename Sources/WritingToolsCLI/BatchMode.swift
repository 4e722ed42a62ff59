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
        var pending = Data()
        var lineNumber = 0
        while let chunk = io.readStandardInputChunk() {
            pending.append(chunk)
            guard let lastNewline = pending.lastIndex(of: 10) else { continue }
            let complete = pending[pending.startIndex...lastNewline]
            pending = Data(pending[(lastNewline + 1)...])
            let lines = complete.split(separator: 10, omittingEmptySubsequences: false).dropLast()
            process(Array(lines), firstLine: &lineNumber)
        }
        if !pending.isEmpty { process([pending[...]], firstLine: &lineNumber) }
        return .success
    }

    private func process(_ lines: [Data.SubSequence], firstLine: inout Int) {
        let base = firstLine
        firstLine += lines.count
        let results = Mutex<[String?]>(Array(repeating: nil, count: lines.count))
        let workers = min(lines.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        let answerer = self.answerer
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var i = w
            while i < lines.count {
                let answer = answerer.answer(Data(lines[i]), lineNumber: base + i + 1)
                results.withLock { $0[i] = answer }
                i += workers
            }
        }
        let out = results.withLock { $0.compactMap { $0 }.joined() }
        io.writeOutput(out)
    }
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
            var out = "{\"id\":"
            Self.appendJSON(id, to: &out)
            out += ",\"matches\":["
            for (n, s) in report.suggestions.enumerated() {
                if n > 0 { out += "," }
                // Keys in sorted order, as JSONSerialization's `.sortedKeys` writes them.
                out += "{\"category\":"
                Self.appendJSON(string: s.category.id, to: &out)
                out += ",\"length\":\(s.range.length),\"message\":"
                Self.appendJSON(string: s.message, to: &out)
                out += ",\"offset\":\(s.range.location),\"replacements\":["
                for (k, r) in s.replacements.enumerated() {
                    if k > 0 { out += "," }
                    Self.appendJSON(string: r, to: &out)
                }
                out += "],\"rule\":"
                Self.appendJSON(string: s.ruleID, to: &out)
                out += "}"
            }
            out += "]}\n"
            return out
        } catch {
            return Self.errorLine(id: id, "\(error)")
        }
    }

    /// Appends `value` (a string or a number, the record's `id`) as JSON.
    private static func appendJSON(_ value: Any, to out: inout String) {
        if let string = value as? String { appendJSON(string: string, to: &out); return }
        if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) {
            out += String(decoding: data, as: UTF8.self)
        } else {
            out += "null"
        }
    }

    /// Appends `string` as a JSON string (RFC 8259 §7): quotation mark, reverse solidus and
    /// control characters escaped, everything else written as UTF-8.
    static func appendJSON(string: String, to out: inout String) {
        out += "\""
        var plainStart = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            let escape: String?
            switch c {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                out.unicodeScalars.append(contentsOf: scalars[plainStart..<i])
                out += escape
                plainStart = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        out.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        out += "\""
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
