import Foundation

/// An immutable set of words for the rules' lookups, several times faster than `Set<String>`
/// for the short strings rules ask about: FNV-1a over the UTF-8 bytes (no per-process seeded
/// SipHash), open addressing with linear probing, the full hash kept per slot so that strings
/// are compared only on a hash match.
///
/// Rules consult their word lists for almost every token (“is this a determiner?”), so this
/// lookup is the proofreader's innermost loop. Order of iteration is the order of first
/// insertion.
public struct WordSet: Sendable, ExpressibleByArrayLiteral, Sequence, CustomStringConvertible {
    /// The words, each once, in first-insertion order.
    private let words: [String]
    /// Per slot: index into ``words`` plus one (0 = empty).
    private let slots: [Int32]
    /// Per slot: the word's hash (valid where the slot is occupied).
    private let hashes: [UInt64]
    private let mask: Int

    /// The set of `words` (duplicates ignored).
    public init<S: Sequence>(_ words: S) where S.Element == String {
        var unique: [String] = []
        var seen = Set<String>()
        for w in words where seen.insert(w).inserted { unique.append(w) }
        var capacity = 8
        while capacity < unique.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var hashes = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (i, w) in unique.enumerated() {
            let h = Self.hash(w)
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Int32(i + 1)
            hashes[s] = h
        }
        self.words = unique
        self.slots = slots
        self.hashes = hashes
        self.mask = mask
    }

    /// The set of the listed words.
    public init(arrayLiteral elements: String...) { self.init(elements) }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    @inline(__always)
    static func hash(_ word: String) -> UInt64 {
        // Over the contiguous bytes (a small string's are copied to the stack once), not through
        // the view's iterator, which decodes a small string's bytes one call at a time.
        let fast = word.utf8.withContiguousStorageIfAvailable { b -> UInt64 in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for x in b { h = (h ^ UInt64(x)) &* 0x100_0000_01b3 }
            return h
        }
        if let fast { return fast }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in word.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// True when `word` is in the set (exact, case-sensitive comparison).
    @inline(__always)
    public func contains(_ word: String) -> Bool {
        let h = Self.hash(word)
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let k = slots[s]
            if k == 0 { return false }
            if hashes[s] == h && words[Int(k) - 1] == word { return true }
            s = (s + 1) & mask
        }
    }

    /// The number of words.
    public var count: Int { words.count }
    /// True when there are no words.
    public var isEmpty: Bool { words.isEmpty }
    /// The words in first-insertion order.
    public func makeIterator() -> IndexingIterator<[String]> { words.makeIterator() }
    /// This set with `other`'s words added.
    public func union<S: Sequence>(_ other: S) -> WordSet where S.Element == String { WordSet(words + Array(other)) }
    /// This set without `other`'s words.
    public func subtracting<S: Sequence>(_ other: S) -> WordSet where S.Element == String {
        let removed = Set(other)
        return WordSet(words.filter { !removed.contains($0) })
    }
    /// True when no word of `other` is in this set.
    public func isDisjoint<S: Sequence>(with other: S) -> Bool where S.Element == String { !other.contains { contains($0) } }
    /// The words as a standard set.
    public var set: Set<String> { Set(words) }

    /// `WordSet(N words)`: the size, not the words (lists run to hundreds).
    public var description: String { "WordSet(\(words.count) words)" }
}

/// An immutable map from words to values with ``WordSet``'s hashing (FNV-1a, open
/// addressing): for the tables consulted once per token or more (trigger index, word classes).
struct WordMap<Value: Sendable>: Sendable {
    private let keys: [String]
    private let values: [Value]
    private let slots: [Int32]
    private let hashes: [UInt64]
    private let mask: Int

    /// The map of `dictionary`'s entries.
    init(_ dictionary: [String: Value]) {
        var capacity = 8
        while capacity < dictionary.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var hashes = [UInt64](repeating: 0, count: capacity)
        var keys: [String] = []
        var values: [Value] = []
        keys.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        let mask = capacity - 1
        for (k, v) in dictionary {
            let h = WordSet.hash(k)
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            keys.append(k)
            values.append(v)
            slots[s] = Int32(keys.count)
            hashes[s] = h
        }
        self.keys = keys
        self.values = values
        self.slots = slots
        self.hashes = hashes
        self.mask = mask
    }

    /// The value for `key`, if any.
    @inline(__always)
    subscript(key: String) -> Value? {
        let h = WordSet.hash(key)
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let k = slots[s]
            if k == 0 { return nil }
            if hashes[s] == h && keys[Int(k) - 1] == key { return values[Int(k) - 1] }
            s = (s + 1) & mask
        }
    }

    /// True when there are no entries.
    var isEmpty: Bool { keys.isEmpty }
    /// The keys, in no particular order.
    var allKeys: [String] { keys }
}
