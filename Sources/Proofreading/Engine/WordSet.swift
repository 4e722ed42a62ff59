import Foundation

/// An immutable set of words for the rules' lookups, several times faster than `Set<String>`
/// for the short strings rules ask about (see ``WordTable``): most misses are turned away by
/// the word's length or first byte before any hashing; the rest cost an FNV-1a hash over the
/// UTF-8 bytes (no per-process seeded SipHash), a linear probe and, on a hash match, a
/// comparison of bytes.
///
/// Rules consult their word lists for almost every token (“is this a determiner?”), so this
/// lookup is the proofreader's innermost loop. Order of iteration is the order of first
/// insertion.
public struct WordSet: Sendable, ExpressibleByArrayLiteral, Sequence, CustomStringConvertible {
    /// The words, each once, in first-insertion order; nil for a set made from a stored table
    /// (``init(table:)``), whose words are read back from the table's bytes when asked for.
    private let storedWords: [String]?
    /// The words, each once, in first-insertion order.
    private var words: [String] { storedWords ?? table.allWords() }
    /// The words' bytes, hashes and slots.
    private let table: WordTable
    /// The set's bit in every token's ``Token/lexBits`` when it is one of the ``HotWords``
    /// lists (0 otherwise).
    let hotBit: UInt64

    /// The set of `words` (duplicates ignored).
    public init<S: Sequence>(_ words: S) where S.Element == String {
        var unique: [String] = []
        var seen = Set<String>()
        for w in words where seen.insert(w).inserted { unique.append(w) }
        self.init(words: unique, table: WordTable(unique), hotBit: 0)
    }

    /// The set of `words`, which are distinct (not checked: a caller that has made them
    /// distinct already saves the set this initialiser would build to drop repeats).
    ///
    /// - Parameter compact: without the small-string slots (24 bytes a word, twice over: see
    ///   ``WordTable``), for a large set looked up seldom, whose cache file is read whole when
    ///   its checksum is verified: about 40 bytes a word instead of 90.
    init(uniqueWords words: [String], compact: Bool = false) {
        self.init(words: words, table: WordTable(words, smallSlots: !compact), hotBit: 0)
    }

    private init(words: [String]?, table: WordTable, hotBit: UInt64) {
        self.storedWords = words
        self.table = table
        self.hotBit = hotBit
    }

    /// The set of the words of `table` (read back from a cache file: no `String` is made until
    /// the words are iterated).
    init(table: WordTable) {
        self.init(words: nil, table: table, hotBit: 0)
    }

    /// The table the set looks words up in (for cache files).
    var storedTable: WordTable { table }

    /// This set as a hot list of its own (see ``HotWords``): the same words and table, and the
    /// next free bit (none, and so read by lookup, once the tokenizer's table is built). Made
    /// once, in a `static let`, and declared by the rules that read it (``Rule/hotWordLists``).
    func hot() -> WordSet { WordSet(words: storedWords, table: table, hotBit: HotWords.bit(for: words)) }

    /// The set of the listed words.
    public init(arrayLiteral elements: String...) { self.init(elements) }

    /// FNV-1a, 64 bits, over UTF-8 bytes.
    @inline(__always)
    static func hash(bytes b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for x in b { h = (h ^ UInt64(x)) &* 0x100_0000_01b3 }
        return h
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    @inline(__always)
    static func hash(_ word: String) -> UInt64 {
        // Over the contiguous bytes (a small string's are copied to the stack once), not through
        // the view's iterator, which decodes a small string's bytes one call at a time.
        if let fast = word.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0) }) { return fast }
        return Array(word.utf8).withUnsafeBufferPointer { hash(bytes: $0) }
    }

    /// True when `word` is in the set (exact, case-sensitive comparison).
    @inline(__always)
    public func contains(_ word: String) -> Bool { table.index(of: word) != nil }

    /// `contains(tokens[k].lower)`: for a hot list (``HotWords``), a test of the token's bit
    /// (``Token/lexBits`` is of ``Token/norm``, the same as ``Token/lower`` unless the token
    /// has a `’`, which takes the lookup).
    @inline(__always)
    func containsLower(of tokens: TokenList, _ k: Int) -> Bool {
        if hotBit != 0, !tokens[k].traits.contains(.curlyApostrophe) { return tokens[k].lexBits & hotBit != 0 }
        return contains(tokens[k].lower)
    }

    /// `contains(tokens[k].norm)`: for a hot list (``HotWords``), a test of the token's bit.
    @inline(__always)
    func containsNorm(of tokens: TokenList, _ k: Int) -> Bool {
        if hotBit != 0 { return tokens[k].lexBits & hotBit != 0 }
        return contains(tokens.norm(k))
    }

    /// The number of words.
    public var count: Int { table.count }
    /// True when there are no words.
    public var isEmpty: Bool { table.count == 0 }
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
    public var description: String { "WordSet(\(count) words)" }
}

/// An immutable map from words to values with ``WordSet``'s hashing (FNV-1a, open
/// addressing): for the tables consulted once per token or more (trigger index, word classes).
struct WordMap<Value: Sendable>: Sendable {
    /// The keys, in the order of ``values``; nil for a map made from a stored table
    /// (``init(table:values:)``), whose keys are read back from the table when asked for.
    private let storedKeys: [String]?
    private let values: [Value]
    private let table: WordTable
    /// The bit of the map's keys in every token's ``Token/lexBits`` when they are one of the
    /// ``HotWords`` lists (0 otherwise).
    let hotBit: UInt64

    /// The value for `tokens[k].lower`, if any: a map whose keys are a hot list turns the
    /// tokens outside it away by their bit (see ``WordSet/containsLower(of:_:)``).
    @inline(__always)
    func value(forLowerOf tokens: TokenList, _ k: Int) -> Value? {
        if hotBit != 0, !tokens[k].traits.contains(.curlyApostrophe), tokens[k].lexBits & hotBit == 0 { return nil }
        return self[tokens[k].lower]
    }

    /// The value for `tokens[k].norm`, if any (see ``value(forLowerOf:_:)``).
    @inline(__always)
    func value(forNormOf tokens: TokenList, _ k: Int) -> Value? {
        if hotBit != 0, tokens[k].lexBits & hotBit == 0 { return nil }
        return self[tokens.norm(k)]
    }

    /// The map of `dictionary`'s entries.
    init(_ dictionary: [String: Value]) {
        self.hotBit = 0
        var keys: [String] = []
        var values: [Value] = []
        keys.reserveCapacity(dictionary.count)
        values.reserveCapacity(dictionary.count)
        for (k, v) in dictionary {
            keys.append(k)
            values.append(v)
        }
        self.storedKeys = keys
        self.values = values
        self.table = WordTable(keys)
    }

    /// The map of `keys[i]` to `values[i]`; the keys are distinct (not checked).
    init(uniqueKeys keys: [String], values: [Value]) {
        precondition(keys.count == values.count, "WordMap: as many keys as values")
        self.init(keys: keys, values: values, table: WordTable(keys), hotBit: 0)
    }

    /// The value for `key`, if any.
    @inline(__always)
    subscript(key: String) -> Value? {
        guard let i = table.index(of: key) else { return nil }
        return values[i]
    }

    /// The value for the key whose small-string form is `key` (see ``SmallStringKey``), if
    /// any: the tokenizer's lookup, with the key it made the token's string from.
    @inline(__always)
    func value(forSmallKey key: SmallStringKey) -> Value? {
        guard let i = table.index(ofSmallKey: key) else { return nil }
        return values[i]
    }

    /// The value for the key with UTF-8 bytes `bytes`, if any.
    @inline(__always)
    func value(forBytes bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let i = table.index(ofBytes: bytes) else { return nil }
        return values[i]
    }

    /// The map of `table`'s words to `values` (word `i` to `values[i]`; as many values as
    /// words): a map read back from a cache file, no `String` made until the keys are asked for.
    init(table: WordTable, values: [Value]) {
        precondition(table.count == values.count, "WordMap: as many values as words")
        self.init(keys: nil, values: values, table: table, hotBit: 0)
    }

    /// The table the map looks keys up in, and the values by word index (for cache files).
    var storedTable: WordTable { table }
    /// The values, value `i` that of the table's word `i`.
    var storedValues: [Value] { values }

    /// True when there are no entries.
    var isEmpty: Bool { values.isEmpty }
    /// The keys, in no particular order.
    var allKeys: [String] { storedKeys ?? table.allWords() }
    /// This map with its keys a hot list of its own (see ``HotWords`` and ``WordSet/hot()``).
    func hot() -> WordMap { WordMap(keys: storedKeys, values: values, table: table, hotBit: HotWords.bit(for: allKeys)) }
    /// This map with its keys the registered rules' trigger words' bit (``HotWords/triggerBit``):
    /// for the bundled rule files' anchor words, which are such trigger words.
    func withTriggerBit() -> WordMap { WordMap(keys: storedKeys, values: values, table: table, hotBit: HotWords.triggerBit) }
    private init(keys: [String]?, values: [Value], table: WordTable, hotBit: UInt64) {
        self.storedKeys = keys
        self.values = values
        self.table = table
        self.hotBit = hotBit
    }
}

/// The lookup structure of ``WordSet`` and ``WordMap``: the words' UTF-8 bytes end to end,
/// open addressing over FNV-1a hashes with the full hash kept per slot, and two cheap filters
/// that turn most misses away before hashing: the lengths and the first bytes the words have.
/// A hit compares bytes, not `String`s (no normalisation, no bridging calls).
struct WordTable: Sendable {
    /// Every word's bytes, end to end; word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: FlatArray<UInt8>
    private let starts: FlatArray<Int32>
    /// Per slot: word index plus one (0 = empty).
    private let slots: FlatArray<Int32>
    /// Per slot: the word's hash (valid where the slot is occupied).
    private let hashes: FlatArray<UInt64>
    private let mask: Int
    /// Bit `min(length, 63)` set for each word's length in bytes.
    private let lengths: UInt64
    /// Bit `b` set for each word's first byte `b` (256 bits).
    private let firsts: (UInt64, UInt64, UInt64, UInt64)
    /// The words of at most 15 UTF-8 bytes by their small-string representation (see
    /// ``SmallStringKey``): per slot the two words of bits and the word's index plus one.
    private let smallSlots: FlatArray<SmallSlot>
    private let smallMask: Int
    /// True when ``smallSlots`` holds the words (stored: `smallSlots.isEmpty` is a call to the
    /// array's count on every lookup).
    private let hasSmallSlots: Bool
    /// A slot of the small-string table: 24 bytes (the key's two words, the index, 4 bytes of
    /// padding), stored in cache files as three `UInt64` words (``WordClassesCache``).
    struct SmallSlot: Equatable, BitwiseCopyable { var key = SmallStringKey(lo: 0, hi: 0); var index: Int32 = 0 }

    /// True when ``SmallSlot``'s layout is its three stored words (key at 0, index in the low
    /// half of the third word, 24 bytes): then cache files' slots are read in place.
    static let smallSlotsReadInPlace: Bool = MemoryLayout<SmallSlot>.stride == 24
        && MemoryLayout<SmallSlot>.offset(of: \SmallSlot.key) == 0 && MemoryLayout<SmallSlot>.offset(of: \SmallSlot.index) == 16
        && MemoryLayout<SmallStringKey>.offset(of: \SmallStringKey.hi) == 8

    /// The table of `words` (distinct); with `smallSlots`, the small-string table too (when the
    /// library's small strings allow it).
    init(_ words: [String], smallSlots wantsSmallSlots: Bool = true) {
        var bytes: [UInt8] = []
        var starts: [Int32] = [0]
        var lengths: UInt64 = 0
        var firsts: [UInt64] = [0, 0, 0, 0]
        var capacity = 8
        while capacity < words.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var hashes = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (i, w) in words.enumerated() {
            let utf8 = Array(w.utf8)
            bytes.append(contentsOf: utf8)
            starts.append(Int32(bytes.count))
            lengths |= 1 << UInt64(min(utf8.count, 63))
            if let f = utf8.first { firsts[Int(f >> 6)] |= 1 << UInt64(f & 63) }
            let h = utf8.withUnsafeBufferPointer { WordSet.hash(bytes: $0) }
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 { s = (s + 1) & mask }
            slots[s] = Int32(i + 1)
            hashes[s] = h
        }
        self.bytes = FlatArray(bytes)
        self.starts = FlatArray(starts)
        self.slots = FlatArray(slots)
        self.hashes = FlatArray(hashes)
        self.mask = mask
        self.lengths = lengths
        self.firsts = (firsts[0], firsts[1], firsts[2], firsts[3])
        var small = [SmallSlot](repeating: SmallSlot(), count: SmallStringKey.isAvailable && wantsSmallSlots ? capacity : 1)
        var complete = SmallStringKey.isAvailable && wantsSmallSlots
        if complete {
            for (i, w) in words.enumerated() {
                // As it is, or made afresh from its bytes (the canonical form, small when it fits).
                guard let key = SmallStringKey(w) ?? (w.utf8.count <= 15 ? SmallStringKey(String(decoding: Array(w.utf8), as: UTF8.self)) : nil) else {
                    // A short word not in small form would be missed by small queries: no fast path.
                    if w.utf8.count <= 15 { complete = false }
                    continue
                }
                var s = key.slot & mask
                while small[s].index != 0 { s = (s + 1) & mask }
                small[s] = SmallSlot(key: key, index: Int32(i + 1))
            }
        }
        self.smallSlots = complete ? FlatArray(small) : FlatArray()
        self.hasSmallSlots = complete
        self.smallMask = mask
    }

    /// The number of words.
    var count: Int { starts.count - 1 }

    /// The words, in the order the table was made of them (decoded from its bytes).
    func allWords() -> [String] {
        bytes.withUnsafeBufferPointer { all in
            (0..<count).map { i in String(decoding: UnsafeBufferPointer(rebasing: all[Int(starts[i])..<Int(starts[i + 1])]), as: UTF8.self) }
        }
    }

    /// The arrays a table is made of, as a cache file stores them (``WordClassesCache``); the
    /// small-string slots are empty when the table has none.
    struct Parts: Equatable {
        var bytes: FlatArray<UInt8>
        var starts: FlatArray<Int32>
        var slots: FlatArray<Int32>
        var hashes: FlatArray<UInt64>
        var smallSlots: FlatArray<SmallSlot>
    }

    /// This table's arrays.
    var parts: Parts {
        Parts(bytes: bytes, starts: starts, slots: slots, hashes: hashes, smallSlots: hasSmallSlots ? smallSlots : FlatArray())
    }

    /// The table of stored `parts` (of a table made by this build: the small-string keys are
    /// this library's layout), or nil when they are not a table's: every index in bounds and
    /// every word's range in order is checked, so that no look-up can read out of bounds; the
    /// length and first-byte filters are worked out again from the words.
    init?(parts p: Parts) {
        let capacity = p.slots.count
        let n = p.starts.count - 1
        guard n >= 0, capacity >= 8, capacity & (capacity - 1) == 0, n <= capacity / 2, p.hashes.count == capacity,
              p.starts[0] == 0, Int(p.starts[n]) == p.bytes.count else { return nil }
        let small = !p.smallSlots.isEmpty
        if small {
            guard SmallStringKey.isAvailable, p.smallSlots.count == capacity else { return nil }
        }
        // Without early exits (the loops vectorise).
        var bad = false
        let limit = UInt32(n)
        p.slots.withUnsafeBufferPointer { b in for x in b { bad = bad || UInt32(bitPattern: x) > limit } }
        p.smallSlots.withUnsafeBufferPointer { b in for x in b { bad = bad || UInt32(bitPattern: x.index) > limit } }
        var lengths: UInt64 = 0
        var firsts: [UInt64] = [0, 0, 0, 0]
        p.starts.withUnsafeBufferPointer { st in
            p.bytes.withUnsafeBufferPointer { by in
                for i in 0..<n {
                    let a = Int(st[i]), e = Int(st[i + 1])
                    if a > e || e > by.count { bad = true; return }
                    lengths |= 1 << UInt64(min(e - a, 63))
                    if e > a { let f = by[a]; firsts[Int(f >> 6)] |= 1 << UInt64(f & 63) }
                }
            }
        }
        guard !bad else { return nil }
        self.bytes = p.bytes
        self.starts = p.starts
        self.slots = p.slots
        self.hashes = p.hashes
        self.mask = capacity - 1
        self.lengths = lengths
        self.firsts = (firsts[0], firsts[1], firsts[2], firsts[3])
        self.smallSlots = p.smallSlots
        self.hasSmallSlots = small
        self.smallMask = capacity - 1
    }

    /// The index of `word` among the words the table was made of, if it is one.
    @inline(__always)
    func index(of word: String) -> Int? {
        // A short word (almost every query) by the two words of its small-string form.
        // (Empty when the small form is not available.)
        if hasSmallSlots, let key = SmallStringKey(availableFormOf: word) { return smallIndex(key) }
        if let found = word.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// The index of the word whose small-string form is `key`, if it is one.
    @inline(__always)
    func index(ofSmallKey key: SmallStringKey) -> Int? {
        if hasSmallSlots { return smallIndex(key) }
        let word = unsafeBitCast((key.lo, key.hi), to: String.self)
        if let found = word.utf8.withContiguousStorageIfAvailable({ index(ofBytes: $0) }) { return found }
        return Array(word.utf8).withUnsafeBufferPointer { index(ofBytes: $0) }
    }

    /// The slot search of a small key.
    @inline(__always)
    private func smallIndex(_ key: SmallStringKey) -> Int? {
        // Read through the buffer: the array's subscript checks bounds and may call out.
        smallSlots.withUnsafeBufferPointer { slots -> Int? in
            var s = key.slot & smallMask
            while true {
                let slot = slots[s]
                if slot.index == 0 { return nil }
                if slot.key == key { return Int(slot.index) - 1 }
                s = (s + 1) & smallMask
            }
        }
    }

    /// The index of the word with UTF-8 bytes `b`, if any.
    func index(ofBytes b: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = b.count
        guard lengths & (1 << UInt64(min(n, 63))) != 0 else { return nil }
        if n > 0 {
            let f = b[0]
            let word: UInt64
            switch f >> 6 {
            case 0: word = firsts.0
            case 1: word = firsts.1
            case 2: word = firsts.2
            default: word = firsts.3
            }
            guard word & (1 << UInt64(f & 63)) != 0 else { return nil }
        }
        let h = WordSet.hash(bytes: b)
        var s = Int(truncatingIfNeeded: h) & mask
        // Through the buffers: every slot is below `mask + 1`, every stored index and word range
        // in bounds (made so, or checked when read from a cache file: ``init(parts:)``).
        return bytes.withUnsafeBufferPointer { all -> Int? in
            slots.withUnsafeBufferPointer { slots -> Int? in
                hashes.withUnsafeBufferPointer { hashes -> Int? in
                    starts.withUnsafeBufferPointer { starts -> Int? in
                        while true {
                            let k = Int(slots[s])
                            if k == 0 { return nil }
                            if hashes[s] == h {
                                let start = Int(starts[k - 1]), end = Int(starts[k])
                                if end - start == n, n == 0 || memcmp(all.baseAddress! + start, b.baseAddress!, n) == 0 { return k - 1 }
                            }
                            s = (s + 1) & mask
                        }
                    }
                }
            }
        }
    }
}

/// A `String` of at most 15 UTF-8 bytes as the two machine words of its small form, where the
/// standard library keeps such a string's bytes inline (zero-padded) with its length: two equal
/// small strings have equal words, so a table of words looks one up by two comparisons of
/// integers, without reading the string's bytes one call at a time. The standard library itself
/// compares strings' raw bits first for the same reason.
///
/// The small form's tag (the top bits of the second word, as the standard library's
/// `_StringObject` documents it: “immortal”, “small”, ASCII or not) is checked on strings made
/// at start-up; where the layout is not the expected one (another word size, another library),
/// ``isAvailable`` is false and every lookup takes the byte path.
struct SmallStringKey: Equatable {
    let lo: UInt64
    let hi: UInt64

    init(lo: UInt64, hi: UInt64) {
        self.lo = lo
        self.hi = hi
    }

    /// The key of `word` when it is held in small form; nil otherwise (a longer string, or a
    /// short one the library keeps on the heap), and always nil when ``isAvailable`` is false.
    init?(_ word: String) {
        guard Self.isAvailable else { return nil }
        self.init(availableFormOf: word)
    }

    /// ``init(_:)`` where ``isAvailable`` is known to be true (a table built with keys).
    @inline(__always)
    init?(availableFormOf word: String) {
        let bits = unsafeBitCast(word, to: (UInt64, UInt64).self)
        guard Self.isSmall(bits.1) else { return nil }
        lo = bits.0
        hi = bits.1
    }

    /// The tag of a small string: bit 63 (immortal) and bit 61 (small) set, bit 60 (foreign) clear.
    @inline(__always)
    private static func isSmall(_ hi: UInt64) -> Bool { (hi >> 60) & 0b1011 == 0b1010 }

    /// A slot number (mask it to the table's size).
    @inline(__always)
    var slot: Int {
        var h = (lo &* 0x9E37_79B9_7F4A_7C15) ^ (hi &* 0xC2B2_AE3D_27D4_EB4F)
        h ^= h >> 29
        return Int(truncatingIfNeeded: h)
    }

    /// The string of the valid UTF-8 bytes `b` in small form, made from its two words directly
    /// (the bytes little-endian, then the count and the tag in the top byte: `0xE0 | count` when
    /// every byte is ASCII, `0xA0 | count` otherwise), when there are at most 15 bytes; nil
    /// otherwise. Only where ``isAvailable`` is true (the caller checks, once for many strings).
    /// The value is bit for bit the one
    /// `String(decoding:as:)` makes, without its validation and copying: the tokenizer makes a
    /// string or two for every word.
    @inline(__always)
    static func string(utf8 b: UnsafeBufferPointer<UInt8>) -> String? {
        let n = b.count
        guard n <= 15 else { return nil }
        var lo: UInt64 = 0, hi: UInt64 = 0, high: UInt8 = 0
        for i in 0..<min(n, 8) {
            lo |= UInt64(b[i]) << UInt64(8 * i)
            high |= b[i]
        }
        if n > 8 {
            for i in 8..<n {
                hi |= UInt64(b[i]) << UInt64(8 * (i - 8))
                high |= b[i]
            }
        }
        hi |= UInt64((high < 0x80 ? 0xE0 : 0xA0) | n) << 56
        return unsafeBitCast((lo, hi), to: String.self)
    }

    /// True when `word` is held in small form (its bytes inline: no storage to retain or free),
    /// by its tag bits. Only where ``isAvailable`` is true (the caller checks).
    @inline(__always)
    static func holdsSmall(_ word: String) -> Bool {
        isSmall(unsafeBitCast(word, to: (UInt64, UInt64).self).1)
    }

    /// True when strings have the expected layout (and ``Token``'s strings sit where
    /// ``TokenStore`` writes them): 16 bytes; short ones small, equal ones made
    /// in different ways with equal words, different ones not; long ones not small; and
    /// ``string(utf8:)`` makes the same strings as the standard library.
    static let isAvailable: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        // The tokenizer writes a token's strings as words at these offsets.
        guard MemoryLayout<Token>.offset(of: \Token.text) == TokenStore.textOffset,
              MemoryLayout<Token>.offset(of: \Token.lower) == TokenStore.lowerOffset else { return false }
        func bits(_ s: String) -> (UInt64, UInt64) { unsafeBitCast(s, to: (UInt64, UInt64).self) }
        let literal = "the", made = String(decoding: [0x74, 0x68, 0x65], as: UTF8.self)
        let lowered = "THE".lowercased(), accented = "caf\u{E9}"
        let long = String(repeating: "x", count: 40)
        for s in [literal, made, lowered, accented, "a", "fifteen letters"] where !isSmall(bits(s).1) { return false }
        if isSmall(bits(long).1) { return false }
        guard bits(literal) == bits(made), bits(made) == bits(lowered), bits("tha") != bits(literal),
              bits(accented) == bits(String(decoding: Array(accented.utf8), as: UTF8.self)) else { return false }
        // Words of every small length, ASCII and not, made from their words as the library makes them.
        for s in ["", "a", "the", "eightchr", "ninechars", "fifteen letters", accented, "don\u{2019}t", "na\u{EF}ve", "\u{1F600}x"] {
            let utf8 = Array(s.utf8)
            var lo: UInt64 = 0, hi: UInt64 = 0, high: UInt8 = 0
            for (i, u) in utf8.enumerated() {
                if i < 8 { lo |= UInt64(u) << UInt64(8 * i) } else { hi |= UInt64(u) << UInt64(8 * (i - 8)) }
                high |= u
            }
            hi |= UInt64((high < 0x80 ? 0xE0 : 0xA0) | utf8.count) << 56
            let made = unsafeBitCast((lo, hi), to: String.self)
            guard bits(made) == bits(String(decoding: utf8, as: UTF8.self)), made == s, made.count == s.count else { return false }
        }
        for u in [UInt8(0x20), 0x2E, 0x41, 0x61, 0x7F] where bits(unsafeBitCast((UInt64(u), UInt64(0xE1) << 56), to: String.self)) != bits(String(UnicodeScalar(u))) {
            return false
        }
        return true
    }()
}
