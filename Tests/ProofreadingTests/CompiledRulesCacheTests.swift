import Foundation
import Testing
import DocumentStructure
@testable import Proofreading
#if canImport(Glibc)
import Glibc
#endif

/// The compiled bundled rules stored in the cache folder (``CompiledRulesCache``): the rules a
/// process loads are the ones it would have compiled, and a damaged, stale or unwritable cache
/// is never used, only compiled and written again.
struct CompiledRulesCacheTests {
    /// The bundled rule files.
    static let files = BundledRules.data()

    /// The bundled rules compiled (no cache).
    static func compiled() throws -> [PatternRule] { try CompiledRulesCache.compile(files) }

    /// True when `a` and `b` are the same rules, field by field (their encodings are equal: every
    /// element, test, word list, template, example and option) and index the same anchors.
    static func same(_ a: [PatternRule], _ b: [PatternRule]) -> Bool {
        guard CompiledRulesCache.encode(a) == CompiledRulesCache.encode(b), a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.triggers == y.triggers, x.scanned == y.scanned, Set(x.byAnchor.allKeys) == Set(y.byAnchor.allKeys),
                  x.byAnchor.hotBit == y.byAnchor.hotBit, x.byAnchor.hotBit != 0,
                  x.byAnchor.allKeys.allSatisfy({ value(x.byAnchor, $0) == value(y.byAnchor, $0) }),
                  x.examples.correct == y.examples.correct, x.examples.incorrect.map(\.text) == y.examples.incorrect.map(\.text),
                  x.examples.incorrect.map(\.corrected) == y.examples.incorrect.map(\.corrected) else { return false }
        }
        return true
    }

    /// The value of `key` in `map`.
    static func value(_ map: WordMap<[Int]>, _ key: String) -> [Int]? {
        var key = key
        return key.withUTF8 { map.value(forBytes: $0) }
    }

    /// The cache files in `dir`.
    static func cacheFiles(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(CompiledRulesCache.prefix) && !$0.hasSuffix(".verified") }
    }

    /// Compiled, stored, loaded back: the same rules, and they find the same things: every
    /// rule's own examples pass, and a text with a finding of many rules gives the same matches.
    @Test func cachedRulesAreTheCompiledOnes() throws {
        let dir = try StartupCacheTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try Self.compiled()
        #expect(built.count > 50)
        let first = try CompiledRulesCache.rules(Self.files, cacheDirectory: dir)
        #expect(Self.cacheFiles(dir).count == 1)
        let key = CompiledRulesCache.key(Self.files)
        let loaded = try #require(CompiledRulesCache.load(CompiledRulesCache.fileURL(directory: dir, key: key), key: key))
        #expect(Self.same(built, first) && Self.same(built, loaded))
        // Regular expressions, compiled on first use, are the ones written.
        let speller = try #require(RuleTestSupport.speller)
        var failures: [String] = []
        for rule in loaded { failures += rule.exampleFailures(speller: speller) }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // Every rule's wrong examples, as one text, through a proofreader of each set of rules.
        let text = built.flatMap { $0.examples.incorrect.map(\.text) }.joined(separator: "\n\n")
        let document = DocumentParser.parse(text, markup: .plain)
        let a = Proofreader(speller: speller, rules: built).check(document)
        let b = Proofreader(speller: speller, rules: loaded).check(document)
        #expect(a.count > 100)
        #expect(a == b)
    }

    /// A file damaged in its payload, cut short, of the wrong magic or empty is not loaded; the
    /// rules are compiled again and the file rewritten.
    @Test func damagedFileIsIgnoredAndRebuilt() throws {
        let built = try Self.compiled()
        let key = CompiledRulesCache.key(Self.files)
        for damage in ["flip", "truncate", "magic", "empty"] {
            let dir = try StartupCacheTests.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            _ = try CompiledRulesCache.rules(Self.files, cacheDirectory: dir)
            let url = CompiledRulesCache.fileURL(directory: dir, key: key)
            var bytes = try [UInt8](Data(contentsOf: url))
            switch damage {
            case "flip": bytes[bytes.count / 2] ^= 0x10
            case "truncate": bytes.removeLast(bytes.count / 3)
            case "magic": bytes[0] = 0x58
            default: bytes = []
            }
            try Data(bytes).write(to: url)
            #expect(CompiledRulesCache.load(url, key: key) == nil, "\(damage)")
            let again = try CompiledRulesCache.rules(Self.files, cacheDirectory: dir)
            #expect(Self.same(again, built), "\(damage)")
            let reloaded = try #require(CompiledRulesCache.load(url, key: key), "\(damage): rewritten")
            #expect(Self.same(reloaded, built), "\(damage)")
        }
    }

    /// Contents that pass the header and checksum but are no well-formed rules (cut short, an
    /// index out of bounds, trailing bytes, an unknown tag) are not trusted: nil, no trap.
    @Test func malformedContentsWithARightChecksumAreRejected() throws {
        let built = try Self.compiled()
        let good = CompiledRulesCache.encode(built)
        #expect(CompiledRulesCache.decode(good) != nil)
        var cases: [(String, [UInt8])] = [("cut", Array(good.prefix(good.count / 2))), ("trailing", good + [0]), ("empty", [])]
        // One list of one word of 2^40 bytes.
        var huge = CompiledRulesCache.Encoder()
        huge.int(1)
        huge.int(1)
        huge.int(1 << 40)
        cases.append(("huge", huge.bytes + [0x61]))
        // Bytes flipped one at a time through the encoding: each decodes to nil or to rules,
        // never traps (an index, a count, a tag out of range is caught).
        var flips = 0
        for at in stride(from: 0, to: good.count, by: max(1, good.count / 400)) {
            var bad = good
            bad[at] ^= 0xA5
            if CompiledRulesCache.decode(bad) == nil { flips += 1 }
        }
        #expect(flips > 0)
        let dir = try StartupCacheTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = CompiledRulesCache.key(Self.files)
        let url = CompiledRulesCache.fileURL(directory: dir, key: key)
        for (name, bytes) in cases {
            #expect(CompiledRulesCache.decode(bytes) == nil, "\(name)")
            var writer = CacheFile.Writer()
            writer.append(bytes)
            try writer.file(magic: CompiledRulesCache.magic, version: CompiledRulesCache.formatVersion, key: key).write(to: url)
            #expect(CompiledRulesCache.load(url, key: key) == nil, "\(name)")
            #expect(Self.same(try CompiledRulesCache.rules(Self.files, cacheDirectory: dir), built), "\(name)")
            #expect(CompiledRulesCache.load(url, key: key) != nil, "\(name): rewritten")
        }
    }

    /// A rule's body is decoded when first asked for; one that does not decode (bytes that are
    /// no body, or a range past them) is the rule's compiled body, the same as the compiler's.
    @Test func bodyThatDoesNotDecodeIsCompiled() throws {
        let built = try Self.compiled()
        let rule = try #require(built.first { $0.patterns.count > 1 })
        let encoded = CompiledRulesCache.Encoded(bytes: [0x7F, 0x7F, 0x7F], lists: [], files: Self.files)
        for range in [0..<3, 1..<2] {
            let body = encoded.body(of: rule.id, at: range)
            #expect(body.patterns.count == rule.patterns.count)
            #expect(body.examples.correct == rule.examples.correct)
            #expect(body.byAnchor.allKeys.sorted() == rule.byAnchor.allKeys.sorted())
        }
        // Loaded rules decode their bodies lazily and still equal the compiled ones.
        let loaded = try #require(CompiledRulesCache.decode(CompiledRulesCache.encode(built), files: Self.files))
        #expect(Self.same(built, loaded))
    }

    /// A file written for other rule files or another build (another key) is not read even
    /// under the current file's name; an edited rule file gives another key.
    @Test func staleKeyIsIgnored() throws {
        let dir = try StartupCacheTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try Self.compiled()
        let key = CompiledRulesCache.key(Self.files)
        let url = CompiledRulesCache.fileURL(directory: dir, key: key)
        #expect(CompiledRulesCache.store(built, at: url, key: key &+ 1))
        #expect(CompiledRulesCache.load(url, key: key) == nil)
        #expect(Self.same(try CompiledRulesCache.rules(Self.files, cacheDirectory: dir), built))
        #expect(CompiledRulesCache.load(url, key: key) != nil)
        // One byte of one file changed (its length kept), a file renamed, a file left out.
        var edited = Self.files
        var bytes = [UInt8](edited[0].data)
        bytes[bytes.count - 2] ^= 0x01
        edited[0].data = Data(bytes)
        #expect(CompiledRulesCache.key(edited) != key)
        var renamed = Self.files
        renamed[0].name += "x"
        #expect(CompiledRulesCache.key(renamed) != key)
        #expect(CompiledRulesCache.key(Array(Self.files.dropLast())) != key)
    }

    /// A cache folder that cannot be written (under a regular file, which not even root can
    /// write): the rules are compiled in memory, the same, and nothing is stored.
    @Test func unwritableCacheFolderCompilesInMemory() throws {
        let built = try Self.compiled()
        let dir = try StartupCacheTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let underFile = file.appendingPathComponent("cache")
        #expect(Self.same(try CompiledRulesCache.rules(Self.files, cacheDirectory: underFile), built))
        #expect(!FileManager.default.fileExists(atPath: underFile.path))
    }

    /// Writers and readers at once (as processes starting together): a reader gets the whole
    /// rules or nothing, never a part, and the file left is sound; older files beyond the most
    /// recent three are pruned.
    @Test func concurrentWritersAndReadersAndPruning() async throws {
        let dir = try StartupCacheTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 0..<5 {
            let old = dir.appendingPathComponent(CompiledRulesCache.prefix + "old\(k)" + CompiledRulesCache.suffix)
            try Data("old".utf8).write(to: old)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + k))], ofItemAtPath: old.path)
        }
        let built = try Self.compiled()
        let expected = CompiledRulesCache.encode(built)
        let key = CompiledRulesCache.key(Self.files)
        let url = CompiledRulesCache.fileURL(directory: dir, key: key)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<6 {
                group.addTask {
                    if k % 2 == 0 { return CompiledRulesCache.store(built, at: url, key: key) }
                    var ok = true
                    for _ in 0..<4 {
                        if let seen = CompiledRulesCache.load(url, key: key) { ok = ok && CompiledRulesCache.encode(seen) == expected }
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await o in group { all.append(o) }
            return all
        }
        #expect(outcomes.allSatisfy { $0 })
        let final = try #require(CompiledRulesCache.load(url, key: key))
        #expect(Self.same(final, built))
        let left = Self.cacheFiles(dir)
        #expect(left.count == 3 && left.contains(url.lastPathComponent))
        #expect(left.contains(CompiledRulesCache.prefix + "old4" + CompiledRulesCache.suffix))
    }
}
