import Foundation

/// ``WordClasses`` stored in the cache folder (``CacheFile``), so that a process does not parse
/// the Hunspell dictionary's 49,000 entries and build two hash tables at start: loading is a copy
/// of the stored tables (a few megabytes) and a checksum over them.
///
/// Keyed on the `.dic` and `.aff` files' identities (path, size, modification time) and the
/// executable's (``CacheFile/executableIdentity``). Payload: the flag map's table
/// (``WordTable/Parts``, seven arrays), its values (`UInt64` flag bits, one per word), the
/// standalone entries' table (seven arrays).
enum WordClassesCache {
    /// Bumped whenever the layout or what ``WordClasses/load(dictionaryPath:affixPath:)`` builds
    /// changes (a new build makes new files anyway: the key holds the executable's identity).
    static let formatVersion: UInt32 = 1
    static let magic: StaticString = "WTWCLS\0\0"

    /// The cache key of the classes of `dictionaryPath` and `affixPath`.
    static func key(dictionaryPath: String, affixPath: String) -> UInt64 {
        CacheFile.hash("\(formatVersion)\n\(CacheFile.executableIdentity)\n\(CacheFile.identity(of: dictionaryPath))\n"
                       + "\(CacheFile.identity(of: affixPath))\n\(SmallStringKey.isAvailable)")
    }

    /// The file name's prefix for the dictionary at `dictionaryPath` (`wordclasses-en_US-`).
    static func prefix(dictionaryPath: String) -> String {
        let name = URL(fileURLWithPath: dictionaryPath).deletingPathExtension().lastPathComponent
        return "wordclasses-\(name)-"
    }

    /// The cache file for `key` in `directory`.
    static func fileURL(directory: URL, dictionaryPath: String, key: UInt64) -> URL {
        directory.appendingPathComponent(prefix(dictionaryPath: dictionaryPath) + String(key, radix: 16) + ".idx")
    }

    /// The word classes of `dictionaryPath`: from the cache file in `cacheDirectory` when it is
    /// there and sound, else read from the dictionary (``WordClasses/load(dictionaryPath:affixPath:)``)
    /// and stored there (no cache with `cacheDirectory` nil). Nil when the affix file does not use
    /// the SCOWL flags.
    static func classes(dictionaryPath: String, affixPath: String, cacheDirectory: URL?) -> WordClasses? {
        guard let dir = cacheDirectory else { return WordClasses.load(dictionaryPath: dictionaryPath, affixPath: affixPath) }
        let key = key(dictionaryPath: dictionaryPath, affixPath: affixPath)
        let url = fileURL(directory: dir, dictionaryPath: dictionaryPath, key: key)
        if let cached = load(url, key: key, dictionaryPath: dictionaryPath) { return cached }
        guard let built = WordClasses.load(dictionaryPath: dictionaryPath, affixPath: affixPath) else { return nil }
        store(built, at: url, key: key)
        return built
    }

    /// The classes stored at `url` under `key`, or nil (missing, another key, damaged).
    static func load(_ url: URL, key: UInt64, dictionaryPath: String) -> WordClasses? {
        CacheFile.read(url, magic: magic, version: formatVersion, key: key) { reader -> WordClasses? in
            guard let flagTable = readTable(&reader), let bits: [UInt64] = reader.array(), bits.count == flagTable.count,
                  let standalone = readTable(&reader) else { return nil }
            let values = bits.map { WordClasses.FlagSet(bits: $0) }
            return WordClasses(flags: WordMap(table: flagTable, values: values), dictionaryPath: dictionaryPath,
                               standaloneEntries: WordSet(table: standalone))
        }
    }

    /// Writes `classes` to `url` under `key` (atomically); false when it could not.
    @discardableResult
    static func store(_ classes: WordClasses, at url: URL, key: UInt64) -> Bool {
        var writer = CacheFile.Writer()
        write(classes.storedFlags.storedTable.parts, to: &writer)
        writer.append(classes.storedFlags.storedValues.map(\.bits))
        write(classes.standaloneEntries.storedTable.parts, to: &writer)
        return CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url,
                               prefix: prefix(dictionaryPath: classes.dictionaryPath), suffix: ".idx")
    }

    /// Appends the seven arrays of a word table (also for ``NounCountability``'s cache).
    static func write(_ p: WordTable.Parts, to writer: inout CacheFile.Writer) {
        writer.append(p.bytes)
        writer.append(p.starts)
        writer.append(p.slots)
        writer.append(p.hashes)
        writer.append(p.smallLo)
        writer.append(p.smallHi)
        writer.append(p.smallIndex)
    }

    /// Reads a word table written by ``write(_:to:)``; nil when the payload is damaged.
    static func readTable(_ reader: inout CacheFile.Reader) -> WordTable? {
        guard let bytes: [UInt8] = reader.array(), let starts: [Int32] = reader.array(), let slots: [Int32] = reader.array(),
              let hashes: [UInt64] = reader.array(), let lo: [UInt64] = reader.array(), let hi: [UInt64] = reader.array(),
              let index: [Int32] = reader.array() else { return nil }
        return WordTable(parts: WordTable.Parts(bytes: bytes, starts: starts, slots: slots, hashes: hashes, smallLo: lo, smallHi: hi, smallIndex: index))
    }
}
