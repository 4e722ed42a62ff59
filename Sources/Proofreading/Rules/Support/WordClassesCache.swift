import Foundation

/// ``WordClasses`` stored in the cache folder (``CacheFile``), so that a process does not parse
/// the Hunspell dictionary's 49,000 entries and build two hash tables at start: loading is a copy
/// of the stored tables (a few megabytes) and a checksum over them.
///
/// Keyed on the `.dic` and `.aff` files' identities (path, size, modification time) and the
/// executable's (``CacheFile/executableIdentity``). Payload: the flag map's table
/// (``WordTable/Parts``, five arrays), its values (`UInt64` flag bits, one per word), the
/// standalone entries' table (seven arrays).
enum WordClassesCache {
    /// Bumped whenever the layout or what ``WordClasses/load(dictionaryPath:affixPath:)`` builds
    /// changes (a new build makes new files anyway: the key holds the executable's identity).
    static let formatVersion: UInt32 = 2
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

    /// Appends the arrays of a word table (also for ``AcceptedWordsCache`` and
    /// ``NounCountability``'s cache): bytes, starts, slots, hashes, then the small-string slots
    /// as three `UInt64` words each (the key's two, the index).
    static func write(_ p: WordTable.Parts, to writer: inout CacheFile.Writer) {
        writer.append(p.bytes.array)
        writer.append(p.starts.array)
        writer.append(p.slots.array)
        writer.append(p.hashes.array)
        var words: [UInt64] = []
        words.reserveCapacity(3 * p.smallSlots.count)
        for slot in p.smallSlots {
            words.append(slot.key.lo)
            words.append(slot.key.hi)
            words.append(UInt64(UInt32(bitPattern: slot.index)))
        }
        writer.append(words)
    }

    /// Reads a word table written by ``write(_:to:)``, in place when the reader is over a mapped
    /// file (``CacheFile/Reader/flat(_:)``); nil when the payload is damaged.
    static func readTable(_ reader: inout CacheFile.Reader) -> WordTable? {
        guard let bytes: FlatArray<UInt8> = reader.flat(), let starts: FlatArray<Int32> = reader.flat(),
              let slots: FlatArray<Int32> = reader.flat(), let hashes: FlatArray<UInt64> = reader.flat(),
              let small = reader.records(WordTable.SmallSlot.self, wordsPerRecord: 3, inPlace: WordTable.smallSlotsReadInPlace,
                                         make: { w in WordTable.SmallSlot(key: SmallStringKey(lo: w[0], hi: w[1]), index: Int32(truncatingIfNeeded: w[2])) })
        else { return nil }
        return WordTable(parts: WordTable.Parts(bytes: bytes, starts: starts, slots: slots, hashes: hashes, smallSlots: small))
    }
}
