import Synchronization

/// The answers of `/v2/check` already given, by everything that decides them (LanguageTool's
/// server keeps one too, its `cacheSize` setting): the text or annotated data as sent, the
/// language it was checked in and whether it was detected, the rules and categories switched off
/// or on, compact output, and the generation of the user dictionary (a word added or deleted,
/// or the file edited, makes every older answer unusable). Only complete answers are kept (not
/// one cut short by `--max-check-time`), and no error.
///
/// Bounded by entries and by bytes (the key's text and the answer's JSON counted): two
/// generations, the newer taking every insertion; when it holds half the bounds the older is
/// dropped and the newer becomes the older, and a hit in the older moves up. So the cache
/// never holds more than its bounds, and what is used stays (approximately least recently used).
final class CheckCache: Sendable {
    /// What decides a check's answer.
    struct Key: Hashable, Sendable {
        /// `text` (plain) or `data` (annotated JSON), exactly as the request sent it.
        var input: String
        var isData: Bool
        /// The language checked (after `auto` and `preferredVariants`), and whether it was detected.
        var language: String
        var detected: Bool
        /// Rule IDs and categories off, sorted; `enabledOnly`'s lists, sorted (nil: not given).
        var disabledRules: [String]
        /// `level` and the picky rules enabled by name.
        var level: String
        var enabledRules: [String]
        var disabledCategories: [String]
        var onlyRules: [String]?
        var onlyCategories: [String]?
        var compact: Bool
        /// ``UserDictionary/snapshot()``'s generation when the answer was made.
        var dictionaryGeneration: Int

        /// Bytes this key holds (its input, in UTF-8).
        var bytes: Int { input.utf8.count + language.utf8.count + 64 }
    }

    /// Most answers kept (0: the cache is off).
    let maxEntries: Int
    /// Most bytes kept (keys' text and answers).
    let maxBytes: Int

    private struct Generation {
        var answers: [Key: [UInt8]] = [:]
        var bytes = 0
    }
    private struct State {
        var newer = Generation()
        var older = Generation()
        var hits = 0
        var misses = 0
    }
    private let state = Mutex(State())

    /// A cache of at most `maxEntries` answers and `maxBytes` bytes.
    init(maxEntries: Int, maxBytes: Int = 32 << 20) {
        self.maxEntries = max(0, maxEntries)
        self.maxBytes = max(0, maxBytes)
    }

    /// True when answers are kept at all.
    var isEnabled: Bool { maxEntries > 0 && maxBytes > 0 }

    /// The answer given before for `key`, if it is still kept.
    func answer(for key: Key) -> [UInt8]? {
        guard isEnabled else { return nil }
        return state.withLock { s in
            if let hit = s.newer.answers[key] {
                s.hits += 1
                return hit
            }
            if let hit = s.older.answers.removeValue(forKey: key) {
                s.older.bytes -= key.bytes + hit.count
                s.hits += 1
                insert(key, hit, into: &s)
                return hit
            }
            s.misses += 1
            return nil
        }
    }

    /// Keeps `answer` for `key`; an answer bigger than a sixteenth of the byte bound is not kept.
    func store(_ answer: [UInt8], for key: Key) {
        guard isEnabled, key.bytes + answer.count <= maxBytes / 16 else { return }
        state.withLock { s in
            if s.newer.answers[key] != nil { return }
            insert(key, answer, into: &s)
        }
    }

    private func insert(_ key: Key, _ answer: [UInt8], into s: inout State) {
        let size = key.bytes + answer.count
        let half = maxEntries / 2
        if s.newer.answers.count + 1 > max(1, half) || s.newer.bytes + size > maxBytes / 2 {
            // A cache of one entry keeps no older generation.
            s.older = half == 0 ? Generation() : s.newer
            s.newer = Generation()
        }
        s.newer.answers[key] = answer
        s.newer.bytes += size
    }

    /// Answers kept now, their bytes, and the hits and misses so far.
    var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLock { s in (s.newer.answers.count + s.older.answers.count, s.newer.bytes + s.older.bytes, s.hits, s.misses) }
    }

    /// The cache's counters in Prometheus' text format (for `/metrics`).
    func metricsText() -> String {
        let s = statistics
        return """
            # HELP writing_tools_check_cache_hits_total /v2/check answers taken from the cache.
            # TYPE writing_tools_check_cache_hits_total counter
            writing_tools_check_cache_hits_total \(s.hits)
            # HELP writing_tools_check_cache_misses_total /v2/check requests the cache could not answer.
            # TYPE writing_tools_check_cache_misses_total counter
            writing_tools_check_cache_misses_total \(s.misses)
            # HELP writing_tools_check_cache_entries /v2/check answers kept now.
            # TYPE writing_tools_check_cache_entries gauge
            writing_tools_check_cache_entries \(s.entries)
            # HELP writing_tools_check_cache_bytes Bytes of the answers kept now and their texts.
            # TYPE writing_tools_check_cache_bytes gauge
            writing_tools_check_cache_bytes \(s.bytes)

            """
    }
}
