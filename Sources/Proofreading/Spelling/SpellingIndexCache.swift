import Foundation

/// Stores a built ``SpellingIndex`` on disk and loads it back (a ``CacheFile``), keyed by a
/// fingerprint of its sources (paths, sizes and modification times of the word lists and the
/// dictionary): a changed or reinstalled list makes a new file. Files are written atomically (a
/// temporary file renamed into place), so concurrent processes never see half a file; any
/// failure to read or write just means the index is built in memory.
enum SpellingIndexCache {
    /// Bumped whenever the index's layout or build rules change.
    static let formatVersion: UInt32 = 6
    static let magic: StaticString = "WTSPIDX\0"

    /// The cache key of an index built from the sources of `fingerprint` (file names carry it).
    static func key(fingerprint: String) -> UInt64 {
        SpellingIndex.fnv1a(Array("\(formatVersion)\n\(fingerprint)".utf8))
    }

    /// The cache file for `fingerprint` in `directory`.
    static func fileURL(directory: URL, dictionaryCode: String, fingerprint: String) -> URL {
        directory.appendingPathComponent("spelling-\(dictionaryCode)-\(String(key(fingerprint: fingerprint), radix: 16)).idx")
    }

    /// The key in the name of a file made by ``fileURL(directory:dictionaryCode:fingerprint:)``.
    private static func key(of url: URL) -> UInt64? {
        let name = url.deletingPathExtension().lastPathComponent
        guard let dash = name.lastIndex(of: "-") else { return nil }
        return UInt64(name[name.index(after: dash)...], radix: 16)
    }

    /// The index stored at `url`, or nil when it is missing, damaged or of another format. Its
    /// tables are read in place from the mapped file (``CacheFile/Reader/flat(_:)``), after the
    /// file's checksum and a bounds check of every index it stores (once a file: see
    /// ``CacheFile/Reader/checksIndexes``).
    static func load(_ url: URL) -> SpellingIndex? {
        guard let key = key(of: url) else { return nil }
        return CacheFile.read(url, magic: magic, version: formatVersion, key: key) { reader -> SpellingIndex? in
            guard let maxKey: [Int64] = reader.array(), maxKey.count == 1, maxKey[0] >= 0,
                  let label: FlatArray<UInt32> = reader.flat(), let firstChild: FlatArray<Int32> = reader.flat(),
                  let childCount: FlatArray<Int32> = reader.flat(), let wordStart: FlatArray<Int32> = reader.flat(),
                  let wordCount: FlatArray<Int32> = reader.flat(), let offsets: FlatArray<Int32> = reader.flat(),
                  let bytes: FlatArray<UInt8> = reader.flat(), let tiers: FlatArray<UInt8> = reader.flat(),
                  let hashes: FlatArray<UInt64> = reader.flat(), let phoneticEntries: FlatArray<Int32> = reader.flat(),
                  let depth: FlatArray<UInt8> = reader.flat(), let deleteHash: FlatArray<UInt64> = reader.flat(),
                  let deleteStart: FlatArray<Int32> = reader.flat(), let deleteNode: FlatArray<Int32> = reader.flat()
            else { return nil }
            let nodes = label.count, entries = tiers.count
            guard nodes > 0, firstChild.count == nodes, childCount.count == nodes, wordStart.count == nodes,
                  wordCount.count == nodes, depth.count == nodes, offsets.count == entries + 1,
                  phoneticEntries.count == hashes.count, deleteStart.count == deleteHash.count + 1 else { return nil }
            // Consistency checks so a damaged file can never index out of bounds: on the load
            // that verifies the file's checksum; later loads of the same file, which its marker
            // vouches for, skip them (``CacheFile/Reader/checksIndexes``: they read every page
            // of the index's tens of megabytes, where the suggestions of a short text touch few).
            guard !reader.checksIndexes else {
                return checked(maxKey: maxKey, label: label, firstChild: firstChild, childCount: childCount,
                               wordStart: wordStart, wordCount: wordCount, offsets: offsets, bytes: bytes, tiers: tiers,
                               hashes: hashes, phoneticEntries: phoneticEntries, depth: depth, deleteHash: deleteHash,
                               deleteStart: deleteStart, deleteNode: deleteNode)
            }
            return SpellingIndex(nodeLabel: label, nodeFirstChild: firstChild, nodeChildCount: childCount,
                                 nodeWordStart: wordStart, nodeWordCount: wordCount, entryOffset: offsets,
                                 entryBytes: bytes, entryTier: tiers, phoneticHash: hashes,
                                 phoneticEntry: phoneticEntries, maxKeyLength: Int(maxKey[0]), nodeDepth: depth,
                                 deleteHash: deleteHash, deleteStart: deleteStart, deleteNode: deleteNode)
        }
    }

    /// The index of a file's arrays when every index they store is in bounds; nil otherwise.
    private static func checked(maxKey: [Int64], label: FlatArray<UInt32>, firstChild: FlatArray<Int32>, childCount: FlatArray<Int32>,
                                wordStart: FlatArray<Int32>, wordCount: FlatArray<Int32>, offsets: FlatArray<Int32>,
                                bytes: FlatArray<UInt8>, tiers: FlatArray<UInt8>, hashes: FlatArray<UInt64>,
                                phoneticEntries: FlatArray<Int32>, depth: FlatArray<UInt8>, deleteHash: FlatArray<UInt64>,
                                deleteStart: FlatArray<Int32>, deleteNode: FlatArray<Int32>) -> SpellingIndex? {
        let nodes = label.count, entries = tiers.count
        guard isConsistent(nodes: nodes, entries: entries, blob: bytes.count, firstChild: firstChild,
                           childCount: childCount, wordStart: wordStart, wordCount: wordCount,
                           offsets: offsets, phoneticEntries: phoneticEntries),
              deleteStart[0] == 0, Int(deleteStart[deleteHash.count]) == deleteNode.count else { return nil }
        let ordered = deleteStart.withUnsafeBufferPointer { b in
            var ok = true
            for i in 0..<deleteHash.count { ok = ok && b[i] <= b[i + 1] }
            return ok
        }
        guard ordered else { return nil }
        // Every posting a node: one unsigned comparison each, no early exit (the loop vectorises).
        let nodeLimit = UInt32(clamping: nodes)
        let inRange = deleteNode.withUnsafeBufferPointer { b in
            var bad: UInt32 = 0
            for n in b { bad |= UInt32(bitPattern: n) >= nodeLimit ? 1 : 0 }
            return bad == 0
        }
        guard inRange else { return nil }
        return SpellingIndex(nodeLabel: label, nodeFirstChild: firstChild, nodeChildCount: childCount,
                             nodeWordStart: wordStart, nodeWordCount: wordCount, entryOffset: offsets,
                             entryBytes: bytes, entryTier: tiers, phoneticHash: hashes,
                             phoneticEntry: phoneticEntries, maxKeyLength: Int(maxKey[0]), nodeDepth: depth,
                             deleteHash: deleteHash, deleteStart: deleteStart, deleteNode: deleteNode)
    }

    private static func isConsistent(nodes: Int, entries: Int, blob: Int, firstChild: FlatArray<Int32>, childCount: FlatArray<Int32>,
                                     wordStart: FlatArray<Int32>, wordCount: FlatArray<Int32>, offsets: FlatArray<Int32>,
                                     phoneticEntries: FlatArray<Int32>) -> Bool {
        guard offsets.first == 0, offsets.last.map({ Int($0) }) == blob else { return false }
        // Read through buffers (no bounds check per element), without early exits.
        var bad = false
        firstChild.withUnsafeBufferPointer { fc in
            childCount.withUnsafeBufferPointer { cc in
                wordStart.withUnsafeBufferPointer { ws in
                    wordCount.withUnsafeBufferPointer { wc in
                        for i in 0..<nodes {
                            let f = Int(fc[i]), c = Int(cc[i]), s = Int(ws[i]), n = Int(wc[i])
                            bad = bad || f < 0 || c < 0 || f + c > nodes || s < 0 || n < 0 || s + n > entries
                        }
                    }
                }
            }
        }
        let entryLimit = UInt32(clamping: entries)
        phoneticEntries.withUnsafeBufferPointer { b in
            for e in b { bad = bad || UInt32(bitPattern: e) >= entryLimit }
        }
        offsets.withUnsafeBufferPointer { b in
            for i in 0..<entries { bad = bad || b[i] > b[i + 1] }
        }
        return !bad
    }

    /// Writes `index` to `url` atomically (``CacheFile``), creating the folder, and deletes the
    /// older indexes of the same dictionary beside it but the newest one; false on failure.
    @discardableResult
    static func store(_ index: SpellingIndex, at url: URL) -> Bool {
        guard let key = key(of: url) else { return false }
        var writer = CacheFile.Writer()
        writer.append([Int64(index.maxKeyLength)])
        writer.append(index.nodeLabel.array)
        writer.append(index.nodeFirstChild.array)
        writer.append(index.nodeChildCount.array)
        writer.append(index.nodeWordStart.array)
        writer.append(index.nodeWordCount.array)
        writer.append(index.entryOffset.array)
        writer.append(index.entryBytes.array)
        writer.append(index.entryTier.array)
        writer.append(index.phoneticHash.array)
        writer.append(index.phoneticEntry.array)
        writer.append(index.nodeDepth.array)
        writer.append(index.deleteHash.array)
        writer.append(index.deleteStart.array)
        writer.append(index.deleteNode.array)
        let name = url.lastPathComponent
        let prefix = name.lastIndex(of: "-").map { String(name[...$0]) } ?? name
        return CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url,
                               prefix: prefix, suffix: ".idx", keep: 2)
    }
}
