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
    /// How long to wait for the next request without sleeping after an answer, in
    /// microseconds (``CommandIO/spinWaitForStandardInput(microseconds:)``; 0: sleep at once).
    var spinMicroseconds: Int

    /// The default ``spinMicroseconds``: a client that sends its next request within a
    /// millisecond of reading an answer (a script, an evaluation harness, an editor sending
    /// changed paragraphs one by one) finds the process awake; one that waits longer costs the
    /// process at most a millisecond of processor time per answer.
    static let defaultSpinMicroseconds = 1000

    init(io: CommandIO, checker: WritingToolsChecker, disabledRules: Set<String>, level: ProofreadingLevel = .default, userWords: [String], defaultLanguage: String,
         detectsLanguage: Bool = false, defaultMarkup: DocumentMarkup = .plain, defaultIsGitCommit: Bool = false,
         spinMicroseconds: Int = BatchMode.defaultSpinMicroseconds, userRules: UserRules? = nil) {
        self.io = io
        self.spinMicroseconds = spinMicroseconds
        self.answerer = BatchAnswerer(checker: checker, disabledRules: disabledRules, level: level, userWords: userWords, defaultLanguage: defaultLanguage,
                                      detectsLanguage: detectsLanguage, defaultMarkup: defaultMarkup, defaultIsGitCommit: defaultIsGitCommit,
                                      userRules: userRules)
    }

    func run() throws -> ExitCode {
        var pending: [UInt8] = []
        var lineNumber = 0
        while true {
            io.spinWaitForStandardInput(microseconds: spinMicroseconds)
            guard let chunk = io.readStandardInputChunk() else { break }
            let searchFrom = pending.count
            pending.append(contentsOf: chunk)
            // Complete lines only; the rest waits for more input.
            let lines: [Data] = pending.withUnsafeBufferPointer { b in
                var lines: [Data] = []
                guard let base = b.baseAddress else { return lines }
                var start = 0
                // `pending` held no newline before this chunk: the scan resumes where it ended,
                // each newline found by `memchr` (many bytes at a time).
                var i = searchFrom
                while i < b.count, let found = memchr(base + i, 10, b.count - i) {
                    let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    lines.append(Data(UnsafeBufferPointer(rebasing: b[start..<newline])))
                    start = newline + 1
                    i = newline + 1
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

    private func process(_ input: [Data], firstLine: inout Int) {
        let base = firstLine
        firstLine += input.count
        // A byte-order mark at the start of a line is not part of it: before the first line (a
        // file saved by some editors), or before any (files joined with `cat a.jsonl b.jsonl`,
        // each with its own mark). JSON text never starts with one.
        let lines = input.map { $0.starts(with: [0xEF, 0xBB, 0xBF]) ? $0.dropFirst(3) : $0 }
        // One line (a client that sends a request and waits): answered on this thread.
        if lines.count == 1 {
            if let answer = answerer.answer(lines[0], lineNumber: base + 1) { io.writeOutput(answer) }
            return
        }
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
    /// `--level`: the level of every record.
    var level = ProofreadingLevel.default
    var userWords: [String]
    var defaultLanguage: String
    /// True when a record without `language` is read in the English its spellings show
    /// (``WritingToolsChecker/englishVariant(of:markup:ignoredRanges:)``), as a file is: no
    /// `--language` was given.
    var detectsLanguage = false
    /// The markup of a record without `markup` (`--markup`; plain unless given).
    var defaultMarkup: DocumentMarkup = .plain
    /// True when a record without `markup` is a Git commit message (`--markup git-commit`).
    var defaultIsGitCommit = false
    /// The user's and the working directory's workspace rule files, if any.
    var userRules: UserRules?

    /// The answer line for one input line (nil for a blank line).
    func answer(_ line: Data, lineNumber: Int) -> String? {
        // Over the bytes themselves (`Data`'s own iterator costs hundreds of instructions a line).
        if line.withUnsafeBytes({ $0.allSatisfy { $0 == 32 || $0 == 9 || $0 == 13 } }) { return nil }
        func failure(_ id: BatchRecord.ID?, _ message: String) -> String { Self.errorLine(id: id, "line \(lineNumber): \(message)") }
        if let bad = Self.firstInvalidByte(line) {
            // The id, when the rest of the line can be read (the bad bytes made U+FFFD), and
            // where the first bad byte is.
            let repaired = Data(String(decoding: line, as: UTF8.self).utf8)
            let id = BatchRecord.read(repaired)?.id
            return failure(id, "not valid UTF-8 (byte 0x\(String(format: "%02X", bad.byte)) at byte offset \(bad.offset))")
        }
        guard let record = BatchRecord.read(line) else { return failure(nil, "not a JSON object") }
        if let offset = record.malformedNumberOffset {
            return failure(record.id, "not valid JSON: a number at byte offset \(offset) that JSON does not allow (a leading zero, or no digits after '.', 'e' or '-')")
        }
        guard let id = record.id else { return failure(nil, "\"id\" must be a string or a number (or left out: answers come in the order of the records)") }
        let text: String
        switch record.text {
        case let .value(t): text = t
        case .missing, .wrongType: return failure(id, "\"text\" must be a string")
        case .invalid: return failure(id, "\"text\" is not a valid JSON string (a raw control character or an unpaired surrogate escape)")
        }
        var language = defaultLanguage
        var languageGiven = false
        switch record.language {
        case let .value(l): if !l.isEmpty { language = l; languageGiven = true }
        case .missing: break
        case .wrongType, .invalid: return failure(id, "\"language\" must be a string such as \"en-US\"")
        }
        let markup: DocumentMarkup
        var gitCommit = false
        switch record.markup {
        case .missing: markup = defaultMarkup; gitCommit = defaultIsGitCommit
        // A Git commit message: plain text whose comment lines and scissors tail are not checked.
        case .value("git-commit"), .value("gitcommit"): markup = .plain; gitCommit = true
        // The format names of `--markup` and the language server (``DocumentMarkup/formatNames``).
        case let .value(name) where DocumentMarkup.named(format: name) != nil: markup = DocumentMarkup.named(format: name) ?? .plain
        case let .value(other): return failure(id, "\"markup\" must be \"plain\", \"markdown\", \"rst\", \"asciidoc\", \"org\", \"latex\" or \"git-commit\", not \"\(other)\"")
        case .wrongType, .invalid: return failure(id, "\"markup\" must be \"plain\", \"markdown\", \"rst\", \"asciidoc\", \"org\", \"latex\" or \"git-commit\"")
        }
        // JSONDecoder leaves strings it is not asked for unchecked (another key, a repeated one):
        // a raw control character in any of them still makes the line no JSON (RFC 8259 §7).
        if let problem = record.stringProblem { return failure(id, "not valid JSON: \(problem)") }
        let ignored = gitCommit ? GitCommitMessage.ignoredRanges(in: text) : []
        if detectsLanguage, !languageGiven {
            language = WritingToolsChecker.englishVariant(of: text, markup: markup, ignoredRanges: ignored)
        }
        do {
            var request = ProofreadingRequest(text: text, markup: markup, language: language, disabledRules: disabledRules,
                                              userWords: userWords, ignoredRanges: ignored, userRules: userRules)
            request.level = level
            let report = try checker.check(request)
            // Room for the usual answer (a match takes about 170 bytes) without growing.
            var out = JSONLineWriter(capacity: 64 + 256 * report.suggestions.count)
            out.raw("{\"id\":")
            id.write(to: &out)
            out.raw(",\"matches\":[")
            for (n, s) in report.suggestions.enumerated() {
                if n > 0 { out.raw(",") }
                // Keys in sorted order, as JSONSerialization's `.sortedKeys` writes them.
                out.raw("{\"category\":")
                out.string(s.category.rawValue)
                out.raw(",\"length\":")
                out.integer(s.range.length)
                out.raw(",\"message\":")
                out.string(s.message)
                out.raw(",\"offset\":")
                out.integer(s.range.location)
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

    /// The first byte of `line` that does not start or continue a valid UTF-8 sequence, and its
    /// offset in the line; nil when the line is valid UTF-8 (checked eight ASCII bytes at a
    /// time: every line is checked before it is read).
    static func firstInvalidByte(_ line: Data) -> (byte: UInt8, offset: Int)? {
        line.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            return UTF8Scalars.firstInvalidOffset(b).map { (b[$0], $0) }
        }
    }

    /// `{"error":…,"id":…,"matches":[]}` (keys sorted, as in the answers).
    private static func errorLine(id: BatchRecord.ID?, _ message: String) -> String {
        var out = JSONLineWriter()
        out.raw("{\"error\":")
        out.string(message)
        out.raw(",\"id\":")
        if let id { id.write(to: &out) } else { out.raw("null") }
        out.raw(",\"matches\":[]}\n")
        return out.text
    }
}

/// One batch record. Every field's problem is reported on its own (a missing or wrong-typed
/// `id`, `text`, `language` or `markup`); only a line that is not a JSON object fails as a whole.
struct BatchRecord: Decodable {
    /// A record's `id`: a string or a number, echoed in the answer as it was written. A number
    /// is kept as its JSON text, never converted: JSON sets no limit on a number's size or
    /// precision (`1e400`, `12345678901234567890`, `1.50` come back as they are).
    enum ID: Sendable, Equatable {
        case string(String)
        /// A JSON number's text as it appeared in the input (RFC 8259 §6 syntax).
        case number(String)
        /// No id (the key left out, or `null`): answered with `"id":null`, in order, as every
        /// answer is. (Not named `none`, which reads as `Optional.none` where an `ID?` is expected.)
        case absent

        /// The id as JSON.
        var json: String {
            var w = JSONLineWriter(capacity: 32)
            write(to: &w)
            return w.text
        }

        /// Writes the id as JSON to `out` (straight into the answer, without a string of its own).
        func write(to out: inout JSONLineWriter) {
            switch self {
            case let .string(s): out.string(s)
            case let .number(text): out.verbatim(text)
            case .absent: out.raw("null")
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

    /// The id (``ID/absent`` when the record has none), or nil when it is neither a string nor a
    /// number.
    var id: ID?
    var text: Field<String> = .missing
    var language: Field<String> = .missing
    var markup: Field<String> = .missing
    /// A raw control character (below U+0020) or an invalid escape inside a string of the line,
    /// which makes it no JSON (RFC 8259 §7) though `JSONDecoder` reads around it
    /// (``JSONStrings/firstProblem(in:loneSurrogates:)``); set only by ``decoded(_:)`` (the
    /// plain reader refuses such a line).
    var stringProblem: JSONStrings.Problem?
    /// The byte offset of a number outside the line's strings that RFC 8259 §6 does not allow
    /// (a leading zero, `1.`, `1e`, `+1`, `-`), which `JSONDecoder` reads anyway; set only by
    /// ``decoded(_:)`` (the plain reader refuses such a line).
    var malformedNumberOffset: Int?

    private enum Key: String, CodingKey { case id, text, language, markup }

    /// Reads the swift-foundation decoder's records (several times faster than
    /// `JSONSerialization` on long texts).
    private static let decoder = JSONDecoder()

    /// The record of a line (valid UTF-8), or nil when the line is not a JSON object: by hand
    /// for a plain line (``init(plain:)``), else by ``decoded(_:)``.
    static func read(_ line: Data) -> BatchRecord? { BatchRecord(plain: line) ?? decoded(line) }

    /// The record of any JSON object line, read by `JSONDecoder`; a number `id` is taken from
    /// the line's text as written (the decoder would round it, or fail on one beyond `Double`,
    /// such as `1e400`). Nil when the line is not a JSON object.
    static func decoded(_ line: Data) -> BatchRecord? {
        // JSONDecoder takes a comma before `}` or `]` (`{"id":"a","text":"b",}`), which RFC 8259
        // does not: such a line is no JSON object (found by fuzz-batch).
        if line.withUnsafeBytes({ hasTrailingComma($0.bindMemory(to: UInt8.self)) }) { return nil }
        // A key given twice: the last value counts, as in every front end
        // (``JSONStrings/resolvingDuplicateKeys(_:)``; JSONDecoder alone would read the first).
        // Only a strictly valid line is resolved; any other is read as written, so it is refused
        // as it was, and a bad string's offset is in the line as written.
        let stringProblem = line.withUnsafeBytes { JSONStrings.firstProblem(in: $0.bindMemory(to: UInt8.self)) }
        let members = stringProblem == nil ? JSONStrings.resolvingDuplicateKeys(line) : line
        guard var record = try? decoder.decode(BatchRecord.self, from: members) else { return nil }
        // JSONDecoder also takes numbers RFC 8259 §6 does not (`06`, `1.`, `1e`) in values it is
        // not asked for (found by fuzz-batch: `{"il": 0617…, "text": …}` was answered).
        record.malformedNumberOffset = line.withUnsafeBytes { malformedNumberOffset($0.bindMemory(to: UInt8.self)) }
        if record.id == nil {
            record.id = members.withUnsafeBytes { raw in
                var reader = PlainObjectReader(bytes: raw.bindMemory(to: UInt8.self))
                return reader.numberID().map { .number($0) }
            }
        }
        record.stringProblem = stringProblem
        return record
    }

    /// The byte offset of the first number outside `bytes`'s strings (a JSON text) that is not
    /// RFC 8259 §6's `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, or nil.
    static func malformedNumberOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        var next = 0
        while let i = nextByteOutsideStrings(bytes, from: next) {
            let c = bytes[i]
            guard c == 0x2D || c == 0x2B || isDigit(c) else { next = i + 1; continue }
            // The run of bytes a number could hold, read against the grammar.
            let start = i
            var end = i
            while end < bytes.count, isDigit(bytes[end]) || bytes[end] == 0x2E || bytes[end] == 0x65 || bytes[end] == 0x45
                    || bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
            var k = start
            if bytes[k] == 0x2D { k += 1 }
            if k < end, bytes[k] == 0x30 {
                k += 1
            } else if k < end, isDigit(bytes[k]) {
                while k < end, isDigit(bytes[k]) { k += 1 }
            } else {
                return start
            }
            if k < end, bytes[k] == 0x2E {
                k += 1
                guard k < end, isDigit(bytes[k]) else { return start }
                while k < end, isDigit(bytes[k]) { k += 1 }
            }
            if k < end, bytes[k] == 0x65 || bytes[k] == 0x45 {
                k += 1
                if k < end, bytes[k] == 0x2B || bytes[k] == 0x2D { k += 1 }
                guard k < end, isDigit(bytes[k]) else { return start }
                while k < end, isDigit(bytes[k]) { k += 1 }
            }
            if k != end { return start }
            next = end
        }
        return nil
    }

    /// The index of the first byte at or after `start` that is outside `bytes`'s strings (a
    /// JSON text read from its beginning; `start` must be outside a string), skipping whole
    /// strings with their escapes; nil at the end.
    static func nextByteOutsideStrings(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            guard bytes[i] == 0x22 else { return i }
            i += 1
            while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 } // an escape: skip the escaped byte
            i += 1
        }
        return nil
    }

    /// True when `bytes` (a JSON text) has a comma followed, after white space, by `}` or `]`
    /// outside its strings.
    static func hasTrailingComma(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = 0
        while let i = nextByteOutsideStrings(bytes, from: next) {
            if bytes[i] == 0x2C {
                var j = i + 1
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                if j < bytes.count, bytes[j] == 0x7D || bytes[j] == 0x5D { return true }
            }
            next = i + 1
        }
        return false
    }

    /// Reads the record of a plain line: a JSON object (RFC 8259) whose keys have no escapes,
    /// whose `id`, `text`, `language` and `markup` appear once, and whose values are all
    /// strings, except an `id` that may be a number. That is what checker clients send, and reading it by hand costs a fraction of
    /// `JSONDecoder`'s fixed cost per line. Nil for any other line (another value
    /// type, a duplicate key, a string JSON allows in syntax but not as text, bad syntax): the
    /// decoder then reads it and tells what is wrong. `line` must be valid UTF-8.
    init?(plain line: Data) {
        var record: BatchRecord?
        line.withUnsafeBytes { raw in
            var reader = PlainObjectReader(bytes: raw.bindMemory(to: UInt8.self))
            record = reader.record()
        }
        guard let record else { return nil }
        self = record
    }

    /// A record from fields already read (``init(plain:)``).
    fileprivate init(id: ID?, text: Field<String>, language: Field<String>, markup: Field<String>) {
        self.id = id
        self.text = text
        self.language = language
        self.markup = markup
    }

    /// Reads a record's fields; a number `id` is left to ``decoded(_:)``, which has the line's text.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if !c.contains(.id) || (try? c.decodeNil(forKey: .id)) == true {
            id = .absent
        } else if let s = try? c.decode(String.self, forKey: .id) {
            id = .string(s)
        }
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

/// The reader behind ``BatchRecord/init(plain:)``: one pass over the line's bytes.
private struct PlainObjectReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func record() -> BatchRecord? {
        var id: BatchRecord.ID?
        var text: String?, language: String?, markup: String?
        var sawID = false
        skipSpace()
        guard take(0x7B) else { return nil } // {
        skipSpace()
        if !take(0x7D) {
            repeat {
                skipSpace()
                guard let key = plainKey() else { return nil }
                skipSpace()
                guard take(0x3A) else { return nil } // :
                skipSpace()
                switch key {
                case .id:
                    guard !sawID else { return nil }
                    sawID = true
                    if i < bytes.count, bytes[i] != 0x22 {
                        guard let n = number() else { return nil }
                        id = .number(n)
                    } else {
                        guard let value = string() else { return nil }
                        id = .string(value)
                    }
                case .text, .language, .markup, .other:
                    guard let value = string() else { return nil }
                    switch key {
                    case .text: guard text == nil else { return nil }; text = value
                    case .language: guard language == nil else { return nil }; language = value
                    case .markup: guard markup == nil else { return nil }; markup = value
                    default: break // another key (whose duplicates the decoder would not mind either)
                    }
                }
                skipSpace()
            } while take(0x2C) // ,
            guard take(0x7D) else { return nil } // }
        }
        skipSpace()
        guard i == bytes.count else { return nil }
        func field(_ v: String?) -> BatchRecord.Field<String> { v.map { .value($0) } ?? .missing }
        return BatchRecord(id: sawID ? id : .absent, text: field(text), language: field(language), markup: field(markup))
    }

    /// The keys a record's fields are read from.
    private enum Key { case id, text, language, markup, other }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    /// A key without escapes, known or not.
    private mutating func plainKey() -> Key? {
        guard take(0x22) else { return nil }
        let start = i
        while i < bytes.count, bytes[i] != 0x22 {
            guard bytes[i] != 0x5C, bytes[i] >= 0x20 else { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }
        defer { i += 1 }
        let key = UnsafeBufferPointer(rebasing: bytes[start..<i])
        func `is`(_ name: StaticString) -> Bool {
            let n = name.utf8Start
            for k in 0..<key.count where n[k] != key[k] { return false }
            return true
        }
        // The one known key of the key's length, if any.
        switch key.count {
        case 2: return `is`("id") ? .id : .other
        case 4: return `is`("text") ? .text : .other
        case 6: return `is`("markup") ? .markup : .other
        case 8: return `is`("language") ? .language : .other
        default: return .other
        }
    }

    /// The first top-level `id` member's value if it is a number, as written; nil when there
    /// is none or it is not a number. For a line `JSONDecoder` has read (a JSON object, keys
    /// possibly escaped or repeated: the first `id` is the one the decoder reads too).
    mutating func numberID() -> String? {
        skipSpace()
        guard take(0x7B) else { return nil } // {
        repeat {
            skipSpace()
            let keyStart = i
            var key = string()
            if key == nil {
                // A key the text cannot hold (an unpaired surrogate escape) is not "id".
                i = keyStart
                guard skipString() else { return nil }
                key = ""
            }
            skipSpace()
            guard take(0x3A) else { return nil } // :
            skipSpace()
            if key == "id" { return number() }
            guard skipValue() else { return nil }
            skipSpace()
        } while take(0x2C) // ,
        return nil
    }

    /// A JSON number's text, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, not followed by
    /// another character a number could continue with.
    private mutating func number() -> String? {
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - from
        }
        _ = take(0x2D) // -
        let integerStart = i
        let integerDigits = digits()
        guard integerDigits >= 1, integerDigits == 1 || bytes[integerStart] != 0x30 else { return nil }
        if take(0x2E) { guard digits() >= 1 else { return nil } } // .
        if take(0x65) || take(0x45) { // e E
            if !take(0x2B) { _ = take(0x2D) } // + -
            guard digits() >= 1 else { return nil }
        }
        if i < bytes.count, bytes[i] == 0x2E || bytes[i] == 0x65 || bytes[i] == 0x45 || bytes[i] == 0x2B || bytes[i] == 0x2D
            || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// Skips a string, escapes and all, without reading it.
    private mutating func skipString() -> Bool {
        guard take(0x22) else { return false }
        while i < bytes.count {
            switch bytes[i] {
            case 0x22: i += 1; return true
            case 0x5C: i += 2
            default: i += 1
            }
        }
        return false
    }

    /// Skips any JSON value of a line known to be JSON.
    private mutating func skipValue() -> Bool {
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case 0x22: return skipString()
        case 0x7B, 0x5B: // { [
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case 0x22: guard skipString() else { return false }; continue
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D: depth -= 1
                default: break
                }
                i += 1
                if depth == 0 { return true }
            }
            return false
        default: // a number, true, false, null
            while i < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            return true
        }
    }

    /// A string value with its escapes resolved (nil for a raw control character, an invalid
    /// escape or an unpaired surrogate escape, which the decoder reports): the shared
    /// ``JSONStrings/decode(_:at:loneSurrogates:)``.
    private mutating func string() -> String? {
        try? JSONStrings.decode(bytes, at: &i, loneSurrogates: .reject)
    }
}
