import Foundation
import Synchronization

/// The bundled rule files compiled once and stored in the cache folder (``CacheFile``), so that
/// a process does not parse and compile them at start (s41: 242 M instructions, about 55 ms, for
/// a one-line check): loading is one read, a checksum and the rules rebuilt from a compact
/// binary form (no parsing, no pattern syntax, no regular expression compiled until first used).
///
/// Keyed on the rule files' names and bytes (an FNV-1a hash over them, so an edited file is a
/// new key whatever its modification time), the running executable's identity
/// (``CacheFile/executableIdentity``: a new build, with perhaps another compiler or word lists
/// such as `@determiners`, makes a new file) and a format version. File:
/// `rules-KEY.bin`; the three most recent are kept. A file that is missing, of another key,
/// damaged, truncated or whose contents do not decode into well-formed rules (every index in
/// bounds, every tag and category known) is ignored: the rules are compiled and the file
/// written again. An unwritable folder means the rules are compiled in memory.
///
/// Payload: one byte array (the encoding below), little-endian LEB128 integers:
/// the word lists (`[[String]]`, shared by literal and lemma tests), then the rules. Each rule
/// is its head (ID, category, summary, options and trigger words: what the rule plan needs)
/// and its body (examples, patterns, templates) as a run of bytes of its own, decoded when a
/// sentence first wakes the rule (``PatternRuleBody``): a short text decodes the few rules it
/// wakes, not all of them. A body that does not decode (contents that passed the checksum but
/// are malformed) is replaced by the rule's compiled body: the findings never depend on it.
enum CompiledRulesCache {
    /// Bumped whenever the encoding or what the compiler builds changes (a new build makes new
    /// files anyway: the key holds the executable's identity).
    static let formatVersion: UInt32 = 5606
    static let magic: StaticString = "WTRULES\0"
    static let prefix = "rules-"
    static let suffix = ".bin"

    /// The cache key of rule files `files` (name and bytes of each).
    static func key(_ files: [(name: String, data: Data)]) -> UInt64 {
        var h = CacheFile.hash("\(formatVersion)\n\(CacheFile.executableIdentity)\n\(files.count)")
        for (name, data) in files {
            for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            h = (h ^ UInt64(data.count)) &* 0x100_0000_01b3
            data.withUnsafeBytes { raw in
                for b in raw { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            }
        }
        return h
    }

    /// The cache file for `key` in `directory`.
    static func fileURL(directory: URL, key: UInt64) -> URL {
        directory.appendingPathComponent(prefix + String(key, radix: 16) + suffix)
    }

    /// The rules of bundled rule files `files`: from the cache file in `cacheDirectory` when it
    /// is there and sound, else compiled (``BundledRules/compile(_:)``) and stored there (no
    /// cache with `cacheDirectory` nil).
    /// - Throws: ``RuleFileError`` from the compiler.
    static func rules(_ files: [(name: String, data: Data)], cacheDirectory: URL?) throws -> [PatternRule] {
        guard let dir = cacheDirectory else { return try compile(files) }
        let key = key(files)
        let url = fileURL(directory: dir, key: key)
        if let cached = load(url, key: key, files: files) { return cached }
        let built = try compile(files)
        store(built, at: url, key: key)
        return built
    }

    /// `files` compiled.
    static func compile(_ files: [(name: String, data: Data)]) throws -> [PatternRule] {
        try BundledRules.compile(files.map { file in
            guard let text = String(data: file.data, encoding: .utf8) else {
                throw RuleFileError(file: file.name, line: 0, column: 0, message: "not UTF-8")
            }
            return (file.name, text)
        })
    }

    /// The rules stored at `url` under `key`, or nil (missing, another key, damaged).
    /// `files`: the rule files they were compiled from, compiled again for a rule whose body
    /// does not decode (``BundledRules/data()`` when nil).
    static func load(_ url: URL, key: UInt64, files: [(name: String, data: Data)]? = nil) -> [PatternRule]? {
        CacheFile.read(url, magic: magic, version: formatVersion, key: key) { reader -> [PatternRule]? in
            guard let bytes: [UInt8] = reader.array() else { return nil }
            return decode(bytes, files: files)
        }
    }

    /// Writes `rules` to `url` under `key` (atomically); false when it could not.
    @discardableResult
    static func store(_ rules: [PatternRule], at url: URL, key: UInt64) -> Bool {
        var writer = CacheFile.Writer()
        writer.append(encode(rules))
        return CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url, prefix: prefix, suffix: suffix)
    }

    // MARK: Encoding

    /// `rules` as bytes (see the type's description).
    static func encode(_ rules: [PatternRule]) -> [UInt8] {
        var e = Encoder()
        var body = Encoder()
        body.int(rules.count)
        for rule in rules { body.rule(rule, lists: &e.lists) }
        e.int(e.lists.order.count)
        for words in e.lists.order {
            e.int(words.count)
            for w in words { e.string(w) }
        }
        return e.bytes + body.bytes
    }

    /// Word lists numbered by first use.
    struct ListTable {
        var order: [[String]] = []
        var index: [[String]: Int] = [:]
        mutating func number(_ words: [String]) -> Int {
            if let k = index[words] { return k }
            index[words] = order.count
            order.append(words)
            return order.count - 1
        }
    }

    struct Encoder {
        var bytes: [UInt8] = []
        var lists = ListTable()

        mutating func uint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { bytes.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            bytes.append(UInt8(v))
        }
        /// Zigzag, so that -1 is one byte.
        mutating func int(_ v: Int) { uint(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }
        mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
        mutating func string(_ s: String) {
            int(s.utf8.count)
            bytes.append(contentsOf: s.utf8)
        }
        mutating func optionalString(_ s: String?) {
            bool(s != nil)
            if let s { string(s) }
        }

        mutating func rule(_ r: PatternRule, lists: inout ListTable) {
            string(r.id)
            string(r.category.rawValue)
            string(r.summary)
            string(r.file)
            int(r.line)
            bool(r.isConfident)
            bool(r.exactCase)
            bool(r.level == .picky)
            bool(r.usesTags)
            bool(r.quietInTechnicalDocuments)
            int(Int(r.repeatedUsage?.rawValue ?? 0))
            bool(r.triggers != nil)
            if let triggers = r.triggers {
                int(triggers.count)
                for t in triggers.sorted() { string(t) }
            }
            // The body, as bytes of their own behind their length (skipped until the rule wakes).
            var body = Encoder()
            body.body(r, lists: &lists)
            int(body.bytes.count)
            bytes += body.bytes
        }

        mutating func body(_ r: PatternRule, lists: inout ListTable) {
            int(r.exampleLines.count)
            for (text, corrected, line) in r.exampleLines {
                string(text)
                optionalString(corrected)
                int(line)
            }
            // Every pattern of a rule has the rule's checks (``RuleFileCompiler``): stored once.
            checks(r.patterns.first?.checks ?? TokenPattern.Checks(), lists: &lists)
            int(r.patterns.count)
            for p in r.patterns { pattern(p, lists: &lists) }
            template(r.message)
            int(r.fixes.count)
            for f in r.fixes { template(f) }
        }

        mutating func checks(_ c: TokenPattern.Checks, lists: inout ListTable) {
            bool(c.skipCapitalized)
            bool(c.unquoted)
            bool(c.isAntipattern)
            int(c.unless.count)
            for u in c.unless {
                pattern(u, lists: &lists)
                checks(u.checks, lists: &lists)
            }
        }

        mutating func pattern(_ p: TokenPattern, lists: inout ListTable) {
            int(p.elements.count)
            for el in p.elements { element(el, lists: &lists) }
            int(p.anchor)
            int(p.markFirst)
            int(p.markLast)
            bool(p.startsSentence)
            bool(p.endsSentence)
            int(p.fixes.count)
            for f in p.fixes { template(f) }
            bool(p.message != nil)
            if let m = p.message { template(m) }
            int(p.line)
        }

        mutating func element(_ el: PatternElement, lists: inout ListTable) {
            int(el.tests.count)
            for t in el.tests { test(t, lists: &lists) }
            switch el.letterCase {
            case .any: int(0)
            case .lower: int(1)
            case .capitalized: int(2)
            case .upper: int(3)
            case let .exact(texts):
                int(4)
                int(texts.count)
                for t in texts { string(t) }
            }
            bool(el.negated)
            int(el.min)
            int(el.max)
            bool(el.lazy)
            bool(el.attached)
            int(el.group)
            int(el.edge.rawValue)
        }

        mutating func test(_ t: PatternElement.Test, lists: inout ListTable) {
            switch t {
            case let .literal(words, punctuation):
                int(0)
                int(lists.number(words.words))
                int(punctuation.count)
                for p in punctuation { uint(UInt64(p)) }
            case .anyWord: int(1)
            case .anyToken: int(2)
            case let .regex(re, caseSensitive):
                int(3)
                string(re.pattern)
                uint(UInt64(re.options.rawValue))
                bool(caseSensitive)
            case let .tag(set):
                int(4)
                uint(set.rawValue)
            case let .can(set):
                int(5)
                uint(set.rawValue)
            case let .lemma(words):
                int(6)
                int(lists.number(Array(words)))
            case let .not(inner):
                int(7)
                test(inner, lists: &lists)
            case let .countability(mass):
                int(8)
                bool(mass)
            }
        }

        mutating func template(_ parts: [TemplatePart]) {
            int(parts.count)
            for part in parts {
                switch part {
                case let .text(t):
                    int(0)
                    string(t)
                case let .tokens(group, transform, inflection):
                    int(1)
                    int(group)
                    optionalString(transform)
                    int(inflection.map { Int($0.rawValue) } ?? -1)
                case .fix:
                    int(2)
                }
            }
        }
    }

    // MARK: Decoding

    /// The rules encoded in `bytes`, or nil when their word lists and heads do not decode into
    /// well-formed rules; each body is decoded when first asked for (``Encoded``). `files`: the
    /// rule files, compiled again for a body that does not decode (``BundledRules/data()`` when nil).
    static func decode(_ bytes: [UInt8], files: [(name: String, data: Data)]? = nil) -> [PatternRule]? {
        bytes.withUnsafeBytes { raw -> [PatternRule]? in
            var d = Decoder(bytes: raw)
            do {
                let listCount = try d.count()
                d.lists.reserveCapacity(listCount)
                for _ in 0..<listCount {
                    let n = try d.count()
                    var words: [String] = []
                    words.reserveCapacity(n)
                    for _ in 0..<n { words.append(try d.string()) }
                    d.lists.append(words)
                }
                let encoded = Encoded(bytes: bytes, lists: d.lists, files: files)
                let n = try d.count()
                var rules: [PatternRule] = []
                rules.reserveCapacity(n)
                for _ in 0..<n { rules.append(try d.rule(encoded)) }
                guard d.offset == raw.count else { return nil }
                return rules
            } catch {
                return nil
            }
        }
    }

    /// The encoded rules that bodies are decoded from (``PatternRuleBody``): the bytes, the
    /// word lists, and each list's literal words and lemma set, made on first use and shared
    /// by every body that reads the list.
    final class Encoded: Sendable {
        let bytes: [UInt8]
        let lists: [[String]]
        let files: [(name: String, data: Data)]?
        private struct Shared {
            var literals: [LiteralWords?]
            var lemmas: [WordSet?]
            /// The rule files compiled, when a body did not decode.
            var compiled: [String: PatternRuleBody.Contents]?
        }
        private let shared: Mutex<Shared>

        init(bytes: [UInt8], lists: [[String]], files: [(name: String, data: Data)]?) {
            self.bytes = bytes
            self.lists = lists
            self.files = files
            shared = Mutex(Shared(literals: Array(repeating: nil, count: lists.count), lemmas: Array(repeating: nil, count: lists.count)))
        }

        /// The body of rule `id` encoded at `range`: decoded, or, when it does not decode or is
        /// not all of `range`, the rule's body compiled from the rule files.
        func body(of id: String, at range: Range<Int>) -> PatternRuleBody.Contents {
            shared.withLock { shared in
                let decoded = bytes.withUnsafeBytes { raw -> PatternRuleBody.Contents? in
                    var d = Decoder(bytes: UnsafeRawBufferPointer(rebasing: raw[..<range.upperBound]))
                    d.offset = range.lowerBound
                    d.lists = lists
                    swap(&d.literals, &shared.literals)
                    swap(&d.lemmas, &shared.lemmas)
                    defer {
                        swap(&d.literals, &shared.literals)
                        swap(&d.lemmas, &shared.lemmas)
                    }
                    guard let body = try? d.body(), d.offset == range.upperBound else { return nil }
                    return body
                }
                if let decoded { return decoded }
                if shared.compiled == nil {
                    let rules: [PatternRule]
                    do { rules = try CompiledRulesCache.compile(files ?? BundledRules.data()) } catch { BundledRules.unusable("\(error)") }
                    shared.compiled = Dictionary(rules.map { ($0.id, $0.body.value) }, uniquingKeysWith: { a, _ in a })
                }
                guard let compiled = shared.compiled?[id] else { BundledRules.unusable("no rule \(id) in the rule files") }
                return compiled
            }
        }
    }

    /// Malformed contents.
    struct Malformed: Error {}

    struct Decoder {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        var lists: [[String]] = []
        /// Each list's literal words and lemma set, made on first use and shared.
        var literals: [LiteralWords?] = []
        var lemmas: [WordSet?] = []

        mutating func uint() throws -> UInt64 {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count, shift < 64 else { throw Malformed() }
                let b = bytes[offset]
                offset += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
        }
        mutating func int() throws -> Int {
            let u = try uint()
            return Int(Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1))))
        }
        /// A count or index: not negative, and no more than the bytes left could hold.
        mutating func count() throws -> Int {
            let n = try int()
            guard n >= 0, n <= bytes.count else { throw Malformed() }
            return n
        }
        mutating func bool() throws -> Bool {
            guard offset < bytes.count, bytes[offset] <= 1 else { throw Malformed() }
            offset += 1
            return bytes[offset - 1] == 1
        }
        mutating func string() throws -> String {
            let n = try count()
            guard n <= bytes.count - offset else { throw Malformed() }
            let s = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]), as: UTF8.self)
            offset += n
            return s
        }
        mutating func optionalString() throws -> String? {
            try bool() ? try string() : nil
        }
        mutating func list() throws -> Int {
            let k = try count()
            guard k < lists.count else { throw Malformed() }
            return k
        }

        /// A rule's head, its body to be decoded from `encoded` when first asked for.
        mutating func rule(_ encoded: Encoded) throws -> PatternRule {
            let id = try string()
            guard let category = RuleCategory(rawValue: try string()) else { throw Malformed() }
            let summary = try string()
            let file = try string()
            let line = try int()
            let isConfident = try bool(), exactCase = try bool(), isPicky = try bool(), usesTags = try bool(), quiet = try bool()
            let usage = try int()
            guard usage == 0 || RepeatedUsageKey(rawValue: UInt8(clamping: usage)) != nil else { throw Malformed() }
            var triggers: Set<String>?
            if try bool() {
                let n = try count()
                var words = Set<String>(minimumCapacity: n)
                for _ in 0..<n { words.insert(try string()) }
                triggers = words
            }
            let length = try count()
            guard length <= bytes.count - offset else { throw Malformed() }
            let range = offset..<(offset + length)
            offset += length
            return PatternRule(id: id, category: category, summary: summary, triggers: triggers, file: file, line: line,
                               body: PatternRuleBody(making: { encoded.body(of: id, at: range) }), isConfident: isConfident,
                               exactCase: exactCase, level: isPicky ? .picky : .default, usesTags: usesTags, quietInTechnicalDocuments: quiet,
                               repeatedUsage: RepeatedUsageKey(rawValue: UInt8(clamping: usage)))
        }

        /// A rule's body (``Encoder/body(_:lists:)``).
        mutating func body() throws -> PatternRuleBody.Contents {
            var exampleLines: [(text: String, corrected: String?, line: Int)] = []
            let exampleCount = try count()
            exampleLines.reserveCapacity(exampleCount)
            for _ in 0..<exampleCount { exampleLines.append((try string(), try optionalString(), try int())) }
            let checks = try self.checks()
            let patternCount = try count()
            guard patternCount > 0 else { throw Malformed() }
            var patterns: [TokenPattern] = []
            patterns.reserveCapacity(patternCount)
            for _ in 0..<patternCount {
                var p = try pattern()
                p.checks = checks
                patterns.append(p)
            }
            let message = try template()
            let fixCount = try count()
            var fixes: [[TemplatePart]] = []
            for _ in 0..<fixCount { fixes.append(try template()) }
            // As the compiler made them: `wrong` lines with a correction, then `right` lines.
            let examples = RuleExamples(incorrect: exampleLines.compactMap { e in e.corrected.flatMap { $0.isEmpty ? nil : (e.text, $0) } },
                                        correct: exampleLines.compactMap { $0.corrected == nil ? $0.text : nil })
            let (byAnchor, scanned, _) = RuleFileCompiler.anchorIndex(patterns, bundled: true)
            return PatternRuleBody.Contents(examples: examples, exampleLines: exampleLines, patterns: patterns, byAnchor: byAnchor,
                                            scanned: scanned, message: message, fixes: fixes)
        }

        mutating func checks() throws -> TokenPattern.Checks {
            var c = TokenPattern.Checks()
            c.skipCapitalized = try bool()
            c.unquoted = try bool()
            c.isAntipattern = try bool()
            let n = try count()
            for _ in 0..<n {
                var u = try pattern()
                u.checks = try checks()
                c.unless.append(u)
            }
            return c
        }

        mutating func pattern() throws -> TokenPattern {
            let n = try count()
            guard n > 0 else { throw Malformed() }
            var elements: [PatternElement] = []
            elements.reserveCapacity(n)
            for _ in 0..<n { elements.append(try element()) }
            let anchor = try int(), markFirst = try int(), markLast = try int()
            guard (0..<n).contains(anchor), (0..<n).contains(markFirst), (markFirst..<n).contains(markLast) else { throw Malformed() }
            let startsSentence = try bool(), endsSentence = try bool()
            let fixCount = try count()
            var fixes: [[TemplatePart]] = []
            for _ in 0..<fixCount { fixes.append(try template()) }
            let message = try bool() ? try template() : nil
            let line = try int()
            return TokenPattern(elements: elements, anchor: anchor, markFirst: markFirst, markLast: markLast, startsSentence: startsSentence,
                                endsSentence: endsSentence, fixes: fixes, message: message, line: line)
        }

        mutating func element() throws -> PatternElement {
            let n = try count()
            var tests: [PatternElement.Test] = []
            tests.reserveCapacity(n)
            for _ in 0..<n { tests.append(try test()) }
            var el = PatternElement(tests: tests)
            switch try int() {
            case 0: el.letterCase = .any
            case 1: el.letterCase = .lower
            case 2: el.letterCase = .capitalized
            case 3: el.letterCase = .upper
            case 4:
                let k = try count()
                var texts: [String] = []
                for _ in 0..<k { texts.append(try string()) }
                el.letterCase = .exact(texts)
            default: throw Malformed()
            }
            el.negated = try bool()
            el.min = try int()
            el.max = try int()
            guard el.min >= 0, el.max >= el.min else { throw Malformed() }
            el.lazy = try bool()
            el.attached = try bool()
            el.group = try int()
            guard let edge = PatternElement.SentenceEdge(rawValue: try int()) else { throw Malformed() }
            el.edge = edge
            return el
        }

        mutating func test() throws -> PatternElement.Test {
            switch try int() {
            case 0:
                let k = try list()
                let words: LiteralWords
                if let made = literals[k] { words = made } else {
                    words = LiteralWords(uniqueWords: lists[k])
                    literals[k] = words
                }
                let n = try count()
                var punctuation: [UInt32] = []
                for _ in 0..<n {
                    let p = try uint()
                    guard p <= UInt64(UInt32.max) else { throw Malformed() }
                    punctuation.append(UInt32(p))
                }
                return .literal(words: words, punctuation: punctuation)
            case 1: return .anyWord
            case 2: return .anyToken
            case 3:
                let pattern = try string()
                let options = try uint()
                guard options <= UInt64(UInt.max) else { throw Malformed() }
                return .regex(CompiledRegex(pattern: pattern, options: NSRegularExpression.Options(rawValue: UInt(options))), caseSensitive: try bool())
            case 4: return .tag(PennTagSet(rawValue: try uint()))
            case 5: return .can(PennTagSet(rawValue: try uint()))
            case 6:
                let k = try list()
                if let made = lemmas[k] { return .lemma(made) }
                let set = WordSet(uniqueWords: lists[k])
                lemmas[k] = set
                return .lemma(set)
            case 7: return .not(try test())
            case 8: return .countability(mass: try bool())
            default: throw Malformed()
            }
        }

        mutating func template() throws -> [TemplatePart] {
            let n = try count()
            var parts: [TemplatePart] = []
            parts.reserveCapacity(n)
            for _ in 0..<n {
                switch try int() {
                case 0: parts.append(.text(try string()))
                case 1:
                    let group = try int()
                    let transform = try optionalString()
                    let raw = try int()
                    guard group >= 0, raw >= -1, raw <= Int(UInt8.max) else { throw Malformed() }
                    let inflection: PennTag?
                    if raw < 0 { inflection = nil } else {
                        guard let tag = PennTag(rawValue: UInt8(raw)) else { throw Malformed() }
                        inflection = tag
                    }
                    parts.append(.tokens(group: group, transform: transform, inflection: inflection))
                case 2: parts.append(.fix)
                default: throw Malformed()
                }
            }
            return parts
        }
    }
}
