import Foundation
import Testing
@testable import Proofreading
#if canImport(Glibc)
import Glibc
#endif

/// The start-up cache of the dictionary's word classes (``WordClassesCache`` over ``CacheFile``):
/// what a process loads is what it would have built, and a damaged, stale or unwritable cache is
/// never used, only built again.
struct StartupCacheTests {
    /// The en-US dictionary's files.
    static func dictionary() throws -> (dic: String, aff: String) {
        let speller = try #require(RuleTestSupport.speller)
        return (speller.dictionaryPath, speller.affixPath)
    }

    /// A new empty folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// True when `a` and `b` hold the same tables and values (so every answer is the same).
    static func same(_ a: WordClasses, _ b: WordClasses) -> Bool {
        a.storedFlags.storedTable.parts == b.storedFlags.storedTable.parts
            && a.storedFlags.storedValues == b.storedFlags.storedValues
            && a.standaloneEntries.storedTable.parts == b.standaloneEntries.storedTable.parts
            && a.dictionaryPath == b.dictionaryPath
    }

    /// The cache files in `dir`.
    static func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix("wordclasses-") && !$0.hasSuffix(".verified") }
    }

    /// Built, stored, loaded back: the same tables, values and answers, word for word, as read
    /// from the dictionary; the second process-like load comes from the file.
    @Test func cachedClassesAreTheBuiltOnes() throws {
        let (dic, aff) = try Self.dictionary()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try #require(WordClasses.load(dictionaryPath: dic, affixPath: aff))
        let first = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir))
        #expect(Self.files(dir).count == 1)
        let key = WordClassesCache.key(dictionaryPath: dic, affixPath: aff)
        let url = WordClassesCache.fileURL(directory: dir, dictionaryPath: dic, key: key)
        let loaded = try #require(WordClassesCache.load(url, key: key, dictionaryPath: dic))
        #expect(Self.same(built, first) && Self.same(built, loaded))
        // The answers, through the lookups the rules make (words read back from the table).
        #expect(Array(loaded.standaloneEntries) == Array(built.standaloneEntries))
        #expect(Set(loaded.storedFlags.allKeys) == Set(built.storedFlags.allKeys))
        for word in ["dog", "dogs", "context", "restart", "tries", "watches", "biggest", "running", "used", "xqzt", "café", "naïves"] {
            #expect(loaded.entry(word) == built.entry(word), "\(word)")
            #expect(loaded.verbBase(ofThirdPerson: word) == built.verbBase(ofThirdPerson: word), "\(word)")
            #expect(loaded.singular(ofPlural: word) == built.singular(ofPlural: word), "\(word)")
            #expect(loaded.isSuperlative(word) == built.isSuperlative(word), "\(word)")
            #expect(loaded.standaloneEntries.contains(word) == built.standaloneEntries.contains(word), "\(word)")
        }
        #expect(loaded.verbBase(ofThirdPerson: "tries") == "try" && loaded.isNoun("dogs") && loaded.standaloneEntries.contains("the"))
    }

    /// A loaded table lies in the mapped file (read in place on a little-endian host: no copy of
    /// the tables at start), and keeps answering after the file's name is deleted or taken by a
    /// newer file, as another process's store does (``CacheFile/write(_:to:prefix:suffix:keep:)``
    /// renames a new file into place).
    @Test func loadedTablesAreReadInPlaceAndOutliveTheFileName() throws {
        let (dic, aff) = try Self.dictionary()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir))
        let key = WordClassesCache.key(dictionaryPath: dic, affixPath: aff)
        let url = WordClassesCache.fileURL(directory: dir, dictionaryPath: dic, key: key)
        let loaded = try #require(WordClassesCache.load(url, key: key, dictionaryPath: dic))
        let parts = loaded.storedFlags.storedTable.parts
        #expect(parts.bytes.isInPlace == (1.littleEndian == 1) && parts.slots.isInPlace == (1.littleEndian == 1))
        #expect(!built.storedFlags.storedTable.parts.bytes.isInPlace)
        #expect(WordClassesCache.store(built, at: url, key: key))
        try FileManager.default.removeItem(at: url)
        for word in ["dog", "dogs", "tries", "running", "café", "xqzt"] {
            #expect(loaded.entry(word) == built.entry(word), "\(word)")
        }
        #expect(Self.same(built, loaded))
    }

    /// A file damaged in its payload, cut short, or of the wrong magic is not loaded; the
    /// classes are built again (the same as read from the dictionary) and the file rewritten.
    @Test func damagedFileIsIgnoredAndRebuilt() throws {
        let (dic, aff) = try Self.dictionary()
        let built = try #require(WordClasses.load(dictionaryPath: dic, affixPath: aff))
        let key = WordClassesCache.key(dictionaryPath: dic, affixPath: aff)
        for damage in ["flip", "truncate", "magic", "empty"] {
            let dir = try Self.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            _ = WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir)
            let url = WordClassesCache.fileURL(directory: dir, dictionaryPath: dic, key: key)
            var bytes = try [UInt8](Data(contentsOf: url))
            switch damage {
            case "flip": bytes[bytes.count / 2] ^= 0x10
            case "truncate": bytes.removeLast(bytes.count / 3)
            case "magic": bytes[0] = 0x58
            default: bytes = []
            }
            try Data(bytes).write(to: url)
            #expect(WordClassesCache.load(url, key: key, dictionaryPath: dic) == nil, "\(damage)")
            let again = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir))
            #expect(Self.same(again, built), "\(damage)")
            let reloaded = try #require(WordClassesCache.load(url, key: key, dictionaryPath: dic), "\(damage): rewritten")
            #expect(Self.same(reloaded, built), "\(damage)")
        }
    }

    /// A file written for other sources or another build (another key) is not read even under
    /// the current file's name; a changed dictionary (another size or time) gives another key.
    @Test func staleKeyIsIgnored() throws {
        let (dic, aff) = try Self.dictionary()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try #require(WordClasses.load(dictionaryPath: dic, affixPath: aff))
        let key = WordClassesCache.key(dictionaryPath: dic, affixPath: aff)
        let url = WordClassesCache.fileURL(directory: dir, dictionaryPath: dic, key: key)
        #expect(WordClassesCache.store(built, at: url, key: key &+ 1))
        #expect(WordClassesCache.load(url, key: key, dictionaryPath: dic) == nil)
        let again = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir))
        #expect(Self.same(again, built))
        #expect(WordClassesCache.load(url, key: key, dictionaryPath: dic) != nil)
        // A copy of the dictionary with another modification time: another key.
        let copyDic = dir.appendingPathComponent("en_US.dic").path, copyAff = dir.appendingPathComponent("en_US.aff").path
        try FileManager.default.copyItem(atPath: dic, toPath: copyDic)
        try FileManager.default.copyItem(atPath: aff, toPath: copyAff)
        let before = WordClassesCache.key(dictionaryPath: copyDic, affixPath: copyAff)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: copyDic)
        #expect(WordClassesCache.key(dictionaryPath: copyDic, affixPath: copyAff) != before)
        #expect(before != key)
    }

    /// A cache folder that cannot be written (read-only; or under a file, which not even root
    /// can write): the classes are built in memory, the same, and nothing is stored.
    @Test func unwritableCacheFolderBuildsInMemory() throws {
        let (dic, aff) = try Self.dictionary()
        let built = try #require(WordClasses.load(dictionaryPath: dic, affixPath: aff))
        let dir = try Self.folder()
        defer {
            chmod(dir.path, 0o755)
            try? FileManager.default.removeItem(at: dir)
        }
        let readOnly = dir.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
        #expect(chmod(readOnly.path, 0o555) == 0)
        let a = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: readOnly))
        #expect(Self.same(a, built))
        // Root writes in a read-only folder; nobody writes under a regular file.
        if geteuid() != 0 { #expect(Self.files(readOnly).isEmpty) }
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let underFile = file.appendingPathComponent("cache")
        let b = try #require(WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: underFile))
        #expect(Self.same(b, built))
        #expect(!FileManager.default.fileExists(atPath: underFile.path))
    }

    /// Writers and readers at once (as processes starting together): a reader gets the whole
    /// classes or nothing, never a part, and the file left is sound.
    @Test func concurrentWritersAndReaders() async throws {
        let (dic, aff) = try Self.dictionary()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let built = try #require(WordClasses.load(dictionaryPath: dic, affixPath: aff))
        let key = WordClassesCache.key(dictionaryPath: dic, affixPath: aff)
        let url = WordClassesCache.fileURL(directory: dir, dictionaryPath: dic, key: key)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for k in 0..<6 {
                group.addTask {
                    if k % 2 == 0 { return WordClassesCache.store(built, at: url, key: key) }
                    var ok = true
                    for _ in 0..<4 {
                        if let seen = WordClassesCache.load(url, key: key, dictionaryPath: dic) { ok = ok && Self.same(seen, built) }
                    }
                    return ok
                }
            }
            var all: [Bool] = []
            for await o in group { all.append(o) }
            return all
        }
        #expect(outcomes.allSatisfy { $0 })
        let final = try #require(WordClassesCache.load(url, key: key, dictionaryPath: dic))
        #expect(Self.same(final, built))
        #expect(Self.files(dir) == [url.lastPathComponent])
    }

    /// Older files of the same dictionary beyond the most recent few are deleted when a new one
    /// is written (a debug and a release build may take turns: each keeps its own).
    @Test func olderFilesArePruned() throws {
        let (dic, aff) = try Self.dictionary()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 0..<5 {
            let old = dir.appendingPathComponent(WordClassesCache.prefix(dictionaryPath: dic) + "old\(k).idx")
            try Data("old".utf8).write(to: old)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000_000 + k))], ofItemAtPath: old.path)
        }
        _ = WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: dir)
        let left = Self.files(dir).sorted()
        #expect(left.count == 3)
        #expect(left.contains(WordClassesCache.prefix(dictionaryPath: dic) + "old4.idx") && left.contains(WordClassesCache.prefix(dictionaryPath: dic) + "old3.idx"))
    }
}
