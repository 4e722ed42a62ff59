import Foundation
import Synchronization
import CHunspell

/// Hunspell dictionary handles behind locks (a handle is not thread-safe).
///
/// Spelling checks run on every core at once (the batch mode checks lines in parallel), so one
/// locked handle would make the threads queue for it. The handle keeps a small pool instead:
/// a call takes the first free handle; when all are busy it waits for one, and only once the
/// threads have met at a busy pool ``growAfterWaits`` times does it load another handle, up to
/// the number of active processors. Loading costs about 50 ms of processor time and some
/// megabytes, a wait for a lookup microseconds: a short document, checked on two threads that
/// meet at the handle a few times, must not pay for a second dictionary (on a cold start that
/// was a third of the run). Words added with ``add(_:)`` go to every handle, present and future.
final class HunspellHandle: Sendable {
    private final class Slot: Sendable {
        let handle: Mutex<OpaquePointer>
        init(_ h: sending OpaquePointer) { handle = Mutex(h) }
        deinit { handle.withLock { Hunspell_destroy($0) } }
    }

    private struct Pool {
        var slots: [Slot]
        var addedWords: [String]
    }

    private let affixPath: String
    private let dictionaryPath: String
    private let pool: Mutex<Pool>
    private let maxSlots = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Times a call found every handle busy (and so waited) since the pool last grew.
    private let waits = Atomic<Int>(0)
    /// Waits at a busy pool after which another handle is loaded: a wait lasts one lookup (some
    /// microseconds), so a thousand of them cost about what loading a handle does.
    static let growAfterWaits = 1_000

    /// A pool for `affixPath` + `dictionaryPath`, or nil when either file cannot be read. The
    /// first handle is loaded when first needed (``load()``, or the first call that asks
    /// Hunspell): a check whose words are all settled without Hunspell (``WordClasses``'
    /// standalone entries) does not pay the 0.1 s of loading it.
    ///
    /// - Parameter acceptedWords: the dictionary's code (`en_US`) and the cache folder of its
    ///   ``AcceptedWordsCache`` set, which answers verdicts without a handle when it can
    ///   (``knownVerdict(_:)``); nil to ask Hunspell about every word.
    init?(affixPath: String, dictionaryPath: String, acceptedWords: (code: String, directory: URL)? = nil) {
        guard FileManager.default.isReadableFile(atPath: affixPath), FileManager.default.isReadableFile(atPath: dictionaryPath)
        else { return nil }
        self.affixPath = affixPath
        self.dictionaryPath = dictionaryPath
        acceptedSource = acceptedWords
        pool = Mutex(Pool(slots: [], addedWords: []))
    }

    /// Where ``acceptedWords()`` comes from.
    private let acceptedSource: (code: String, directory: URL)?
    /// ``acceptedWords()``: `.none` until first asked, then the set or `.some(nil)`.
    private let accepted = Mutex<AcceptedWordsCache.Words??>(nil)

    /// ``AcceptedWordsCache``'s set for this dictionary, loaded from the cache folder when first
    /// asked (built with a handle of its own when the cache has none); nil without a source or
    /// word lists.
    private func acceptedWords() -> AcceptedWordsCache.Words? {
        accepted.withLock { state -> AcceptedWordsCache.Words? in
            if let loaded = state { return loaded }
            guard let source = acceptedSource else { state = .some(nil); return nil }
            let words = AcceptedWordsCache.words(dictionaryCode: source.code, dictionaryPath: dictionaryPath, affixPath: affixPath,
                                                 directory: source.directory) { self.spellAllWithDictionaryOnly($0) }
            state = .some(words)
            return words
        }
    }

    /// Verdicts ``knownVerdictIfCached(_:)`` has left to Hunspell because the set was not cached
    /// (nil until it first looked for the cache file).
    private let uncachedVerdicts = Mutex<Int?>(nil)

    /// Verdicts ``knownVerdictIfCached(_:)`` leaves to Hunspell, the set missing from the cache,
    /// before it builds the set after all (a long-lived process, a long document): building
    /// costs seconds of processor time, as much as some hundred thousand Hunspell look-ups;
    /// loading Hunspell about 50 ms.
    static let buildAfterUncachedVerdicts = 2_000

    /// ``AcceptedWordsCache``'s set when it is loaded or its cache file is there; nil when it is
    /// not cached, until ``buildAfterUncachedVerdicts`` calls have found it so (then it is built
    /// as ``acceptedWords()`` builds it).
    private func acceptedWordsIfCached() -> AcceptedWordsCache.Words? {
        if let loaded = accepted.withLock({ $0 }) { return loaded }
        guard let source = acceptedSource else { return acceptedWords() }
        let build = uncachedVerdicts.withLock { count -> Bool in
            if let n = count {
                count = n + 1
                return n + 1 > Self.buildAfterUncachedVerdicts
            }
            return false
        }
        if build { return acceptedWords() }
        // (The cache file is looked for once: its key costs a `stat` of every list.)
        let looked = uncachedVerdicts.withLock { $0 != nil }
        if looked { return nil }
        let cached = AcceptedWordsCache.cached(dictionaryCode: source.code, dictionaryPath: dictionaryPath, affixPath: affixPath,
                                               directory: source.directory)
        if let cached {
            return accepted.withLock { state -> AcceptedWordsCache.Words? in
                if let loaded = state { return loaded }
                state = .some(cached)
                return cached
            }
        }
        uncachedVerdicts.withLock { $0 = $0 ?? 1 }
        return nil
    }

    /// ``knownVerdict(_:)`` for a caller with a few words to ask (the other English dialect's
    /// dictionary, asked about a word's variant): from the set when it is loaded or cached, else
    /// nil (Hunspell is asked) rather than building the set, which costs a first run seconds
    /// for one word (``acceptedWordsIfCached()``).
    func knownVerdictIfCached(_ word: String) -> Bool? {
        acceptedWordsIfCached()?.verdict(word, also: { self.isSpelledLikeAdded($0) })
    }

    /// True when the set is exhaustive (``AcceptedWordsCache/Words/isExhaustive``): every plain
    /// word's verdict is known without a handle.
    var judgesPlainWords: Bool { acceptedWords()?.isExhaustive == true }

    /// Hunspell's verdict on `word` when it is known without a handle: accepted by the
    /// dictionary when the set was built, added with ``add(_:)``, or a plain word missing from
    /// an exhaustive set (``AcceptedWordsCache/Words/verdict(_:also:)``); nil otherwise.
    func knownVerdict(_ word: String) -> Bool? {
        acceptedWords()?.verdict(word, also: { self.isSpelledLikeAdded($0) })
    }

    /// True once the first handle is loaded.
    var isLoaded: Bool { pool.withLock { !$0.slots.isEmpty } }

    /// Loads the first handle unless it is loaded (the words added so far added to it). A
    /// caller that arrives while another loads it waits for that load.
    func load() {
        _ = firstSlot()
    }

    /// The first handle, loaded under the pool's lock when there is none.
    private func firstSlot() -> Slot {
        pool.withLock { p -> Slot in
            if let s = p.slots.first { return s }
            // `Hunspell_create` allocates with `new`: it gives a handle for any readable files.
            guard let h = Hunspell_create(affixPath, dictionaryPath) else {
                preconditionFailure("Hunspell could not load \(dictionaryPath)")
            }
            for w in p.addedWords { _ = Hunspell_add(h, w) }
            let slot = Slot(h)
            p.slots.append(slot)
            return slot
        }
    }

    /// Runs `body` on a free handle (loading another when all are busy and the pool may grow).
    private func withHandle<R: Sendable>(_ body: (OpaquePointer) -> R) -> R {
        var slots = pool.withLock { $0.slots }
        if slots.isEmpty { slots = [firstSlot()] }
        for slot in slots {
            if let r = slot.handle.withLockIfAvailable({ h in body(h) }) { return r }
        }
        if slots.count < maxSlots, waits.add(1, ordering: .relaxed).newValue >= Self.growAfterWaits, let fresh = grow(seen: slots.count) {
            waits.store(0, ordering: .relaxed)
            return fresh.handle.withLock { h in body(h) }
        }
        // Every handle is busy and the pool is full: wait for one.
        let all = pool.withLock { $0.slots }
        return all[Int.random(in: 0..<all.count)].handle.withLock { h in body(h) }
    }

    /// Adds a handle when the pool still has `seen` slots and room for more.
    private func grow(seen: Int) -> Slot? {
        pool.withLock { p -> Slot? in
            guard p.slots.count == seen, p.slots.count < maxSlots,
                  let h = Hunspell_create(affixPath, dictionaryPath) else { return nil }
            for w in p.addedWords { _ = Hunspell_add(h, w) }
            let slot = Slot(h)
            p.slots.append(slot)
            return slot
        }
    }

    /// True when Hunspell accepts `word` (``knownVerdict(_:)`` when it knows, else a handle's).
    func spell(_ word: String) -> Bool {
        knownVerdict(word) ?? spellWithHunspell(word)
    }

    /// True when a handle of Hunspell's accepts `word` (loading the first one if none is).
    func spellWithHunspell(_ word: String) -> Bool {
        withHandle { h in Hunspell_spell(h, word) != 0 }
    }

    /// True for every word of `words` Hunspell accepts (``knownVerdict(_:)`` when it knows,
    /// else one handle for the rest).
    func spellAll(_ words: [String]) -> [Bool] {
        var out = words.map { knownVerdict($0) }
        let unknown = out.indices.filter { out[$0] == nil }
        if !unknown.isEmpty {
            withHandle { h in for i in unknown { out[i] = Hunspell_spell(h, words[i]) != 0 } }
        }
        return out.map { $0 ?? false }
    }

    /// The dictionary's own verdicts on `words`, from a handle of their own loaded for this call
    /// and freed after it: no word added with ``add(_:)`` counts (for ``AcceptedWordsCache``, which
    /// outlives the process and its added words).
    func spellAllWithDictionaryOnly(_ words: [String]) -> [Bool] {
        guard let h = Hunspell_create(affixPath, dictionaryPath) else { return words.map { _ in false } }
        defer { Hunspell_destroy(h) }
        return words.map { Hunspell_spell(h, $0) != 0 }
    }

    /// Hunspell's own suggestions, at most `limit` (slow: tens of milliseconds a word).
    func suggest(_ word: String, limit: Int) -> [String] {
        withHandle { h in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_suggest(h, &list, word)
            defer { Hunspell_free_list(h, &list, n) }
            var out: [String] = []
            for i in 0..<Int(n) {
                if out.count >= limit { break }
                if let p = list?[i] { out.append(String(cString: p)) }
            }
            return out
        }
    }

    /// The spellings Hunspell accepts for the words added with ``add(_:)``
    /// (``AcceptedWordsCache/spelledLikeAdded(_:in:)``): a verdict on them needs no handle.
    private let addedSpellings = Mutex(Set<String>())

    /// True when `word` is one of the spellings Hunspell accepts for a word added with ``add(_:)``.
    func isSpelledLikeAdded(_ word: String) -> Bool {
        addedSpellings.withLock { $0.contains(word) }
    }

    /// Adds a word to every handle for this process's lifetime.
    func add(_ word: String) {
        addedSpellings.withLock { AcceptedWordsCache.spelledLikeAdded(word, in: &$0) }
        pool.withLock { p in
            p.addedWords.append(word)
            for slot in p.slots { slot.handle.withLock { h in _ = Hunspell_add(h, word) } }
        }
    }
}
