import Foundation

/// Stores a built ``SpellingIndex`` on disk and loads it back, keyed by a fingerprint of its
/// sources (paths, sizes and modification times of the word lists and the dictionary): a
/// changed or reinstalled list makes a new file. Files are written atomically (a temporary file
/// renamed into place), so concurrent processes never see half a file; any failure to read or
/// write just means the index is built in memory.
enum SpellingIndexCache {
    /// Bumped whenever the index's layout or build rules change.
    static let formatVersion: UInt32 = 5
    private static let magic: [UInt8] = Array("WTSPIDX\0".utf8)

    /// The cache file for `fingerprint` in `directory`.
    static func fileURL(directory: URL, dictionaryCode: String, fingerprint: String) -> URL {
        let hash = SpellingIndex.fnv1a(Array("\(formatVersion)\n\(fingerprint)".utf8))
        let hex = String(hash, radix: 16)
        return directory.appendingPathComponent("spelling-\(dictionaryCode)-\(hex).idx")
    }

    /// The index stored at `url`, or nil when it is missing, damaged or of another format.
    static func load(_ url: URL) -> SpellingIndex? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        var reader = Reader(data: data)
        guard reader.bytes(magic.count) == magic, reader.scalar(UInt32.self) == formatVersion,
              let nodes = reader.scalar(Int64.self), let entries = reader.scalar(Int64.self),
              let blob = reader.scalar(Int64.self), let phonetic = reader.scalar(Int64.self),
              let maxKey = reader.scalar(Int64.self), let deletes = reader.scalar(Int64.self),
              let postings = reader.scalar(Int64.self),
              nodes > 0, entries >= 0, blob >= 0, phonetic >= 0, maxKey >= 0, deletes >= 0, postings >= 0,
              let label: [UInt32] = reader.array(Int(nodes)),
              let firstChild: [Int32] = reader.array(Int(nodes)),
              let childCount: [Int32] = reader.array(Int(nodes)),
              let wordStart: [Int32] = reader.array(Int(nodes)),
              let wordCount: [Int32] = reader.array(Int(nodes)),
              let offsets: [Int32] = reader.array(Int(entries) + 1),
              let bytes: [UInt8] = reader.array(Int(blob)),
              let tiers: [UInt8] = reader.array(Int(entries)),
              let hashes: [UInt64] = reader.array(Int(phonetic)),
              let phoneticEntries: [Int32] = reader.array(Int(phonetic)),
              let depth: [UInt8] = reader.array(Int(nodes)),
              let deleteHash: [UInt64] = reader.array(Int(deletes)),
              let deleteStart: [Int32] = reader.array(Int(deletes) + 1),
              let deleteNode: [Int32] = reader.array(Int(postings)),
              reader.atEnd
        else { return nil }
        // Cheap consistency checks so a damaged file can never index out of bounds.
        guard isConsistent(nodes: Int(nodes), entries: Int(entries), blob: Int(blob), firstChild: firstChild,
                           childCount: childCount, wordStart: wordStart, wordCount: wordCount,
                           offsets: offsets, phoneticEntries: phoneticEntries)
        else { return nil }
        guard deleteStart.first == 0, deleteStart.last.map({ Int($0) }) == Int(postings) else { return nil }
        let ordered = deleteStart.withUnsafeBufferPointer { b in
            var ok = true
            for i in 0..<Int(deletes) { ok = ok && b[i] <= b[i + 1] }
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
                             phoneticEntry: phoneticEntries, maxKeyLength: Int(maxKey), nodeDepth: depth,
                             deleteHash: deleteHash, deleteStart: deleteStart, deleteNode: deleteNode)
    }

    private static func isConsistent(nodes: Int, entries: Int, blob: Int, firstChild: [Int32], childCount: [Int32],
                                     wordStart: [Int32], wordCount: [Int32], offsets: [Int32],
                                     phoneticEntries: [Int32]) -> Bool {
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

    /// Writes `index` to `url` atomically, creating the folder; returns false on failure.
    @discardableResult
    static func store(_ index: SpellingIndex, at url: URL) -> Bool {
        var data = Data()
        data.append(contentsOf: magic)
        append(formatVersion, to: &data)
        for n in [index.nodeLabel.count, index.entryTier.count, index.entryBytes.count, index.phoneticHash.count,
                  index.maxKeyLength, index.deleteHash.count, index.deleteNode.count] {
            append(Int64(n), to: &data)
        }
        append(index.nodeLabel, to: &data)
        append(index.nodeFirstChild, to: &data)
        append(index.nodeChildCount, to: &data)
        append(index.nodeWordStart, to: &data)
        append(index.nodeWordCount, to: &data)
        append(index.entryOffset, to: &data)
        append(index.entryBytes, to: &data)
        append(index.entryTier, to: &data)
        append(index.phoneticHash, to: &data)
        append(index.phoneticEntry, to: &data)
        append(index.nodeDepth, to: &data)
        append(index.deleteHash, to: &data)
        append(index.deleteStart, to: &data)
        append(index.deleteNode, to: &data)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            removeStale(besides: url)
            return true
        } catch {
            return false
        }
    }

    /// Deletes older indexes of the same dictionary (other fingerprints or formats) next to `url`.
    private static func removeStale(besides url: URL) {
        let name = url.lastPathComponent
        guard let dash = name.lastIndex(of: "-") else { return }
        let prefix = String(name[...dash])
        let dir = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for other in names where other != name && other.hasPrefix(prefix) && other.hasSuffix(".idx") {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(other))
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func append<T: FixedWidthInteger>(_ values: [T], to data: inout Data) {
        if T.self == UInt8.self || 1.littleEndian == 1 {
            values.withUnsafeBytes { data.append(contentsOf: $0) }
        } else {
            for v in values { append(v, to: &data) }
        }
    }

    /// Reads little-endian integers and arrays of them from the front of `data`.
    private struct Reader {
        let data: Data
        var offset = 0

        var atEnd: Bool { offset == data.count }

        mutating func bytes(_ n: Int) -> [UInt8]? {
            let out: [UInt8]? = array(n)
            return out
        }

        mutating func scalar<T: FixedWidthInteger>(_: T.Type) -> T? {
            let out: [T]? = array(1)
            return out?.first
        }

        mutating func array<T: FixedWidthInteger>(_ n: Int) -> [T]? {
            let size = MemoryLayout<T>.size * n
            guard n >= 0, offset + size <= data.count else { return nil }
            // Copied straight into the new array's storage (no zero fill first: the index is
            // tens of megabytes, and a process that needs one suggestion loads all of it).
            let from = offset
            let out = [T](unsafeUninitializedCapacity: n) { dst, initialized in
                data.withUnsafeBytes { src in
                    UnsafeMutableRawBufferPointer(dst).copyMemory(from: UnsafeRawBufferPointer(rebasing: src[from..<(from + size)]))
                }
                initialized = n
            }
            offset += size
            if 1.littleEndian == 1 { return out }
            return out.map { T(littleEndian: $0) }
        }
    }
}
