import Foundation

/// An immutable index over a dictionary's words for fast spelling suggestions: a trie of the
/// lowercased words (exact lookups), a symmetric-delete table (SymSpell: every word within two
/// edits of a misspelling shares a delete-string with it, so candidates are found with a few
/// dozen lookups instead of a walk over the dictionary), and a table of phonetic keys
/// (``PhoneticKey``) for misspellings too far from the word in letters but close in sound.
/// Candidates are then scored with the weighted Damerau–Levenshtein distance of ``EditCosts``.
///
/// Built once from word lists (a few hundred milliseconds), then stored in a cache file whose
/// tables are read in place (``FlatArray``; see ``SpellingIndexCache``).
final class SpellingIndex: Sendable {
    // Trie nodes, breadth-first: the children of a node are contiguous and sorted by label.
    let nodeLabel: FlatArray<UInt32>
    let nodeFirstChild: FlatArray<Int32>
    let nodeChildCount: FlatArray<Int32>
    /// First entry whose key ends at the node, and how many (entries are sorted by key).
    let nodeWordStart: FlatArray<Int32>
    let nodeWordCount: FlatArray<Int32>
    /// Entries: the words as written (UTF-8, `entryOffset[i]..<entryOffset[i+1]` of
    /// `entryBytes`), sorted by lowercased key then spelling, with their frequency tier.
    let entryOffset: FlatArray<Int32>
    let entryBytes: FlatArray<UInt8>
    let entryTier: FlatArray<UInt8>
    /// Phonetic table: FNV-1a hash of an entry's phonetic key, sorted, and the entry.
    let phoneticHash: FlatArray<UInt64>
    let phoneticEntry: FlatArray<Int32>
    /// Length of the longest key, in Unicode scalars.
    let maxKeyLength: Int
    /// Key length of each node (its depth; 255 for deeper ones).
    let nodeDepth: FlatArray<UInt8>
    /// Symmetric-delete table: sorted FNV-1a hashes of every string made by deleting up to
    /// ``maxDeletes`` characters from the first ``deletePrefix`` characters of a key; the nodes
    /// whose keys give hash `i` are `deleteNode[deleteStart[i]..<deleteStart[i+1]]`.
    let deleteHash: FlatArray<UInt64>
    let deleteStart: FlatArray<Int32>
    let deleteNode: FlatArray<Int32>

    /// Characters of a key that the delete table looks at (SymSpell's prefix length).
    static let deletePrefix = 7
    /// Deletions indexed per key (so misspellings up to two edits away are found).
    static let maxDeletes = 2

    /// Number of words.
    var count: Int { entryTier.count }
    /// Number of trie nodes.
    var nodeCount: Int { nodeLabel.count }

    init(nodeLabel: FlatArray<UInt32>, nodeFirstChild: FlatArray<Int32>, nodeChildCount: FlatArray<Int32>,
         nodeWordStart: FlatArray<Int32>, nodeWordCount: FlatArray<Int32>, entryOffset: FlatArray<Int32>,
         entryBytes: FlatArray<UInt8>, entryTier: FlatArray<UInt8>, phoneticHash: FlatArray<UInt64>,
         phoneticEntry: FlatArray<Int32>, maxKeyLength: Int, nodeDepth: FlatArray<UInt8>,
         deleteHash: FlatArray<UInt64>, deleteStart: FlatArray<Int32>, deleteNode: FlatArray<Int32>) {
        self.nodeLabel = nodeLabel
        self.nodeFirstChild = nodeFirstChild
        self.nodeChildCount = nodeChildCount
        self.nodeWordStart = nodeWordStart
        self.nodeWordCount = nodeWordCount
        self.entryOffset = entryOffset
        self.entryBytes = entryBytes
        self.entryTier = entryTier
        self.phoneticHash = phoneticHash
        self.phoneticEntry = phoneticEntry
        self.maxKeyLength = maxKeyLength
        self.nodeDepth = nodeDepth
        self.deleteHash = deleteHash
        self.deleteStart = deleteStart
        self.deleteNode = deleteNode
    }

    // MARK: Building

    /// The lookup key of a word: its lowercased Unicode scalars, curly apostrophes made straight.
    static func key(_ word: some StringProtocol) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(word.utf8.count)
        for s in word.unicodeScalars {
            let v = s.value
            if v >= 0x41 && v <= 0x5A { out.append(v + 32) } else if v < 128 { out.append(v) } else if v == 0x2019 {
                out.append(0x27)
            } else {
                for l in s.properties.lowercaseMapping.unicodeScalars { out.append(l.value) }
            }
        }
        return out
    }

    /// Builds the index of `words` (word → tier), keeping only words `accept` approves.
    static func build(words: [String: UInt8], accept: (String) -> Bool) -> SpellingIndex {
        var entries: [(key: [UInt32], word: String, tier: UInt8)] = []
        entries.reserveCapacity(words.count)
        for (word, tier) in words {
            // Plain words only: letters, marks, apostrophes and inner hyphens.
            guard word.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "'" || $0 == "-" }),
                  word.unicodeScalars.first?.properties.isAlphabetic == true || word.hasPrefix("'"),
                  word.unicodeScalars.count <= 40, accept(word)
            else { continue }
            entries.append((key(word), word, tier))
        }
        entries.sort { a, b in
            if a.key != b.key { return a.key.lexicographicallyPrecedes(b.key) }
            return a.word < b.word
        }
        var entryOffset: [Int32] = [0]
        var entryBytes: [UInt8] = []
        var entryTier: [UInt8] = []
        entryOffset.reserveCapacity(entries.count + 1)
        entryTier.reserveCapacity(entries.count)
        var maxKeyLength = 0
        var phonetic: [(UInt64, Int32)] = []
        phonetic.reserveCapacity(entries.count)
        for (i, e) in entries.enumerated() {
            entryBytes.append(contentsOf: e.word.utf8)
            entryOffset.append(Int32(entryBytes.count))
            entryTier.append(e.tier)
            maxKeyLength = max(maxKeyLength, e.key.count)
            let p = isPossessive(e.key) ? [] : PhoneticKey.key(e.word)
            if !p.isEmpty { phonetic.append((fnv1a(p), Int32(i))) }
        }
        phonetic.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }

        // Breadth-first trie over the sorted keys: a node is a range of entries sharing a prefix.
        var label: [UInt32] = [0], firstChild: [Int32] = [0], childCount: [Int32] = [0]
        var wordStart: [Int32] = [0], wordCount: [Int32] = [0]
        var ranges: [(lo: Int, hi: Int, depth: Int)] = [(0, entries.count, 0)]
        var postings: [(UInt64, Int32)] = []
        postings.reserveCapacity(entries.count * 24)
        var q = 0
        while q < ranges.count {
            let (lo, hi, depth) = ranges[q]
            var i = lo
            while i < hi && entries[i].key.count == depth { i += 1 }
            wordStart[q] = Int32(lo)
            wordCount[q] = Int32(i - lo)
            // Possessives (`today's`) are left out of the delete table: the suggester derives
            // them from their stems, which keeps the table a third smaller.
            if i > lo && !isPossessive(entries[lo].key) {
                for h in deleteHashes(entries[lo].key) { postings.append((h, Int32(q))) }
            }
            firstChild[q] = Int32(ranges.count)
            var children: Int32 = 0
            while i < hi {
                let c = entries[i].key[depth]
                var j = i + 1
                while j < hi && entries[j].key[depth] == c { j += 1 }
                ranges.append((i, j, depth + 1))
                label.append(c)
                firstChild.append(0); childCount.append(0); wordStart.append(0); wordCount.append(0)
                children += 1
                i = j
            }
            childCount[q] = children
            q += 1
        }
        let nodeDepth = ranges.map { UInt8(min($0.depth, 255)) }
        postings.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var deleteHash: [UInt64] = [], deleteStart: [Int32] = [], deleteNode: [Int32] = []
        deleteNode.reserveCapacity(postings.count)
        for (h, node) in postings {
            if deleteHash.last != h {
                deleteHash.append(h)
                deleteStart.append(Int32(deleteNode.count))
            }
            deleteNode.append(node)
        }
        deleteStart.append(Int32(deleteNode.count))
        return SpellingIndex(nodeLabel: FlatArray(label), nodeFirstChild: FlatArray(firstChild), nodeChildCount: FlatArray(childCount),
                             nodeWordStart: FlatArray(wordStart), nodeWordCount: FlatArray(wordCount), entryOffset: FlatArray(entryOffset),
                             entryBytes: FlatArray(entryBytes), entryTier: FlatArray(entryTier), phoneticHash: FlatArray(phonetic.map(\.0)),
                             phoneticEntry: FlatArray(phonetic.map(\.1)), maxKeyLength: maxKeyLength, nodeDepth: FlatArray(nodeDepth),
                             deleteHash: FlatArray(deleteHash), deleteStart: FlatArray(deleteStart), deleteNode: FlatArray(deleteNode))
    }

    /// Hashes of the strings made by deleting up to ``maxDeletes`` characters from the first
    /// ``deletePrefix`` characters of `key` (the key's prefix itself included), without repeats.
    static func deleteHashes(_ key: [UInt32]) -> [UInt64] {
        let p = Array(key.prefix(deletePrefix))
        let n = p.count
        var out: [UInt64] = []
        out.reserveCapacity(1 + n + n * (n - 1) / 2)
        func hash(skipping a: Int, _ b: Int) -> UInt64 {
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for i in 0..<n where i != a && i != b {
                var v = p[i]
                // Four bytes a scalar, little end first.
                for _ in 0..<4 {
                    h ^= UInt64(v & 0xFF)
                    h = h &* 0x0000_0100_0000_01B3
                    v >>= 8
                }
            }
            return h
        }
        out.append(hash(skipping: -1, -1))
        for a in 0..<n {
            out.append(hash(skipping: a, -1))
            if maxDeletes >= 2 {
                for b in (a + 1)..<max(a + 1, n) { out.append(hash(skipping: a, b)) }
            }
        }
        out.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(out.count)
        for h in out where unique.last != h { unique.append(h) }
        return unique
    }

    /// Trie nodes (each the end of one key) whose key shares a delete-string with `query`:
    /// every key within two edits of it in its first ``deletePrefix`` characters, and some more.
    func deleteNeighbours(_ query: [UInt32]) -> [Int32] {
        var nodes: [Int32] = []
        for h in Self.deleteHashes(query) {
            var lo = 0, hi = deleteHash.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if deleteHash[mid] < h { lo = mid + 1 } else { hi = mid }
            }
            guard lo < deleteHash.count, deleteHash[lo] == h else { continue }
            nodes.append(contentsOf: deleteNode[Int(deleteStart[lo])..<Int(deleteStart[lo + 1])])
        }
        nodes.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(nodes.count)
        for n in nodes where unique.last != n { unique.append(n) }
        return unique
    }

    /// True for a key ending in `'s` with at least one letter before.
    static func isPossessive(_ key: [UInt32]) -> Bool {
        key.count >= 3 && key[key.count - 1] == 0x73 && key[key.count - 2] == 0x27
    }

    /// 64-bit FNV-1a (stable across runs, unlike `Hasher`).
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    // MARK: Lookup

    /// The word of entry `i`, as written in the word list.
    func word(_ i: Int) -> String {
        let a = Int(entryOffset[i]), b = Int(entryOffset[i + 1])
        return entryBytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[a..<b]), as: UTF8.self) }
    }

    /// `body` over the lookup key of entry `i` (``entryKey(_:)``), made on the stack for an
    /// ASCII entry (its bytes with capitals made small) instead of in a new array.
    func withEntryKey<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        let a = Int(entryOffset[i]), b = Int(entryOffset[i + 1])
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: b - a) { buffer in
            for k in a..<b {
                let c = entryBytes[k]
                if c >= 0x80 { return entryKey(i).withUnsafeBufferPointer(body) }
                buffer[k - a] = UInt32(c >= 0x41 && c <= 0x5A ? c + 32 : c)
            }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The lookup key of entry `i` (see ``key(_:)``).
    func entryKey(_ i: Int) -> [UInt32] {
        let a = Int(entryOffset[i]), b = Int(entryOffset[i + 1])
        var out: [UInt32] = []
        out.reserveCapacity(b - a)
        for k in a..<b {
            let c = entryBytes[k]
            if c >= 0x80 { return Self.key(word(i)) }
            out.append(UInt32(c >= 0x41 && c <= 0x5A ? c + 32 : c))
        }
        return out
    }

    /// Entries whose key is exactly `key`.
    func entries(forKey key: [UInt32]) -> Range<Int> {
        var node = 0
        for c in key {
            let first = Int(nodeFirstChild[node]), n = Int(nodeChildCount[node])
            var lo = first, hi = first + n
            while lo < hi {
                let mid = (lo + hi) / 2
                if nodeLabel[mid] < c { lo = mid + 1 } else { hi = mid }
            }
            guard lo < first + n, nodeLabel[lo] == c else { return 0..<0 }
            node = lo
        }
        let s = Int(nodeWordStart[node])
        return s..<(s + Int(nodeWordCount[node]))
    }

    /// Entries whose phonetic key is `key`.
    func entries(forPhoneticKey key: [UInt8]) -> Slice<FlatArray<Int32>> {
        guard !key.isEmpty else { return phoneticEntry[0..<0] }
        let h = Self.fnv1a(key)
        var lo = 0, hi = phoneticHash.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if phoneticHash[mid] < h { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < phoneticHash.count && phoneticHash[end] == h { end += 1 }
        return phoneticEntry[lo..<end]
    }

    /// The weighted distance between `typed` and `intended` (both lowercased keys), or a value
    /// above `bound` as soon as it is sure to exceed it.
    static func distance(_ typed: [UInt32], _ intended: [UInt32], bound: Int32 = .max) -> Int32 {
        var scorer = DistanceScorer(typed)
        return scorer.distance(to: intended, bound: bound)
    }
}

/// Weighted Damerau–Levenshtein distances (optimal string alignment, ``EditCosts``) from one
/// misspelling to many words, reusing its buffers.
struct DistanceScorer {
    let typed: [UInt32]
    /// Deletion cost of each typed character, given the one before it.
    private let deletions: [Int32]
    private var rows: [Int32] = []

    init(_ typed: [UInt32]) {
        self.typed = typed
        var del: [Int32] = []
        del.reserveCapacity(typed.count)
        for j in typed.indices { del.append(EditCosts.deletion(typed[j], after: j >= 1 ? typed[j - 1] : 0)) }
        deletions = del
    }

    /// The distance to `intended`, or a value above `bound` as soon as it is sure to exceed it.
    mutating func distance(to intended: [UInt32], bound: Int32 = .max) -> Int32 {
        intended.withUnsafeBufferPointer { distance(toKey: $0, bound: bound) }
    }

    /// ``distance(to:bound:)`` of a key given by its buffer (``SpellingIndex/withEntryKey(_:_:)``).
    mutating func distance(toKey w: UnsafeBufferPointer<UInt32>, bound: Int32 = .max) -> Int32 {
        let m = typed.count, n = w.count
        let width = m + 1
        let needed = (n + 1) * width
        if rows.count < needed { rows = [Int32](repeating: 0, count: needed) }
        return typed.withUnsafeBufferPointer { q in
                deletions.withUnsafeBufferPointer { del in
                    EditCosts.asciiTable.withUnsafeBufferPointer { table in
                        rows.withUnsafeMutableBufferPointer { d in
                            d[0] = 0
                            var j = 1
                            while j <= m { d[j] = d[j - 1] + del[j - 1]; j += 1 }
                            var i = 1
                            while i <= n {
                                let c = w[i - 1]
                                let pc: UInt32 = i >= 2 ? w[i - 2] : 0
                                var ins = EditCosts.insertion(c, after: pc)
                                // The `e` of a plural in -es (`tomatos` → `tomatoes`).
                                if c == 0x65 && i == n - 1 && w[n - 1] == 0x73 && i >= 2 { ins = min(ins, EditCosts.pluralE) }
                                let row = i * width, prev = row - width
                                d[row] = d[prev] + ins
                                var best = d[row]
                                j = 1
                                while j <= m {
                                    let qc = q[j - 1]
                                    var v = d[prev + j] + ins
                                    let dl = d[row + j - 1] + del[j - 1]
                                    if dl < v { v = dl }
                                    let sc = qc < 128 && c < 128 ? table[Int(qc) &* 128 &+ Int(c)] : EditCosts.substitution(qc, c)
                                    let sb = d[prev + j - 1] + sc
                                    if sb < v { v = sb }
                                    if i >= 2 && j >= 2 && qc == pc && q[j - 2] == c && qc != c {
                                        let t = d[prev - width + j - 2] + EditCosts.transposition
                                        if t < v { v = t }
                                    }
                                    d[row + j] = v
                                    if v < best { best = v }
                                    j += 1
                                }
                                if best > bound { return best }
                                i += 1
                            }
                            return d[n * width + m]
                        }
                    }
                }
            }
    }
}
