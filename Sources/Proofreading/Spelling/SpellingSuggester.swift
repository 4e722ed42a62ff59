import Foundation
import Synchronization

/// Fast, deterministic spelling suggestions for one Hunspell dictionary.
///
/// Candidates come from a ``SpellingIndex`` over the dictionary's words (Debian's SCOWL lists
/// with their size levels as frequency tiers, `wamerican` or `wbritish`, and the `.dic` stems):
/// words within a weighted edit distance (cheap transpositions, vowel-for-vowel, keyboard
/// neighbours, doubled letters, apostrophes), words that sound the same (a Metaphone-like key),
/// the `.aff` file's `REP` patterns (`ph` ↔ `f`…) and two-word splits (`alot` → `a lot`). They are
/// ranked by distance, frequency and sound, checked with Hunspell, and given the misspelling's
/// case. Hunspell's own suggester is used only when all that finds nothing.
///
/// The index is built on the first request (or loaded from ``cacheDirectory``); answers are
/// cached per word. Safe to call from any thread.
public final class SpellingSuggester: Sendable {
    /// `~/.cache/writing-tools` (or `$XDG_CACHE_HOME/writing-tools`): where built indexes are
    /// kept between runs.
    public static var defaultCacheDirectory: URL? {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("writing-tools")
        }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/writing-tools")
    }

    /// Folder of the index cache; nil when the index is built in memory every time.
    public let cacheDirectory: URL?
    private let handle: HunspellHandle
    private let dictionaryCode: String
    private let sources: WordListSources
    private let replacements: [ReplacementPattern]
    private let index = Mutex<SpellingIndex?>(nil)
    private let answers = Mutex(AnswerCache(capacity: 20_000))
    /// Answers worked out so far (cache misses): tests count them to see that a text's words
    /// are not asked about again and again.
    let answersComputed = Atomic<Int>(0)

    /// Empties the answer cache and bounds it at `capacity` (tests: a small cache shows what a
    /// text with more distinct typos than the real capacity does).
    func resetAnswerCache(capacity: Int) {
        answers.withLock { $0 = AnswerCache(capacity: capacity) }
    }
    /// Longest word (UTF-16 units) for which Hunspell's own suggester is asked.
    static let maxFallbackLength = 20
    /// Whether Hunspell's own suggester is asked when the index finds nothing. Off by default:
    /// measured on the dev data it changed no top-1 or top-5 result of the spelling task, its
    /// answers for such words are mostly far-fetched (`Londinium` → `Condominium`), and it
    /// doubled the checker's time on the examples task (36 ms a word).
    public let hunspellFallback: Bool

    init(handle: HunspellHandle, dictionaryCode: String, affixPath: String, sources: WordListSources, cacheDirectory: URL?,
         hunspellFallback: Bool = false) {
        self.hunspellFallback = hunspellFallback
        self.handle = handle
        self.dictionaryCode = dictionaryCode
        self.sources = sources
        self.cacheDirectory = cacheDirectory
        self.replacements = ReplacementPattern.read(affixPath: affixPath)
        self.affixPath = affixPath
    }

    private let affixPath: String

    /// Words never suggested (``SuggestionBlocklist``): the dictionary's `NOSUGGEST` entries and
    /// the slurs it leaves unmarked, read on first use.
    private var blocked: Set<String> {
        blockedWords.withLock { slot in
            if let known = slot { return known }
            let dic = String(affixPath.dropLast(4)) + ".dic"
            let words = SuggestionBlocklist.marked(affixPath: affixPath, dictionaryPath: dic).union(SuggestionBlocklist.unmarked)
            slot = words
            return words
        }
    }
    private let blockedWords = Mutex<Set<String>?>(nil)

    /// Builds or loads the index now rather than on the first suggestion (for servers that
    /// want the first answer fast). Returns the number of indexed words.
    @discardableResult
    public func prepare() -> Int { loadedIndex().count }

    /// A suggestion with its cost: the weighted edit distance from the misspelling plus the
    /// word's rarity, in tenths of an edit (an ordinary one-letter typo of a common word costs
    /// about 10). Hunspell's own suggestions, used when the index finds nothing and
    /// ``hunspellFallback`` is on, cost ``ScoredSuggestion/fallbackScore``.
    public struct ScoredSuggestion: Sendable, Hashable {
        /// The correction, in the misspelling's case.
        public var text: String
        /// Lower is better.
        public var score: Int
        /// True when the dictionary writes the word with a capital (a name: `America`).
        public var isProperNoun: Bool = false
        /// The score of Hunspell's own suggestions.
        public static let fallbackScore = 1_000
    }

    /// Words longer than this, in UTF-8 bytes, get no suggestions (Hunspell's own limit on a
    /// word is 100 bytes; the longest English dictionary words have about 30 letters).
    public static let maxWordLength = 64

    /// Corrections for the misspelled `word`, best first, at most `limit`.
    public func suggestions(for word: String, limit: Int) -> [String] {
        scoredSuggestions(for: word, limit: limit).map(\.text)
    }

    /// Corrections for the misspelled `word` with their scores, best first, at most `limit`.
    public func scoredSuggestions(for word: String, limit: Int) -> [ScoredSuggestion] {
        // Candidate generation grows with the square of the length: a word longer than any
        // dictionary word (a run of letters pasted in, a hash) gets no guesses.
        guard limit > 0, !word.isEmpty, word.utf8.count <= Self.maxWordLength else { return [] }
        let cacheKey = "\(limit)\u{0}\(word)"
        if let hit = answers.withLock({ $0.value(for: cacheKey) }) { return hit }
        answersComputed.add(1, ordering: .relaxed)
        var result = rankedSuggestions(for: word, limit: limit + 2)
        if hunspellFallback && result.isEmpty && word.utf16.count <= Self.maxFallbackLength {
            // The index knows nothing close: ask Hunspell (slow: about 36 ms a word; cached).
            result = handle.suggest(word, limit: limit).map { ScoredSuggestion(text: $0, score: ScoredSuggestion.fallbackScore) }
        }
        // Never a slur or an obscenity as a “correction”.
        let blocked = self.blocked
        result.removeAll { SuggestionBlocklist.contains($0.text, in: blocked) }
        if result.count > limit { result.removeLast(result.count - limit) }
        answers.withLock { $0.insert(result, for: cacheKey) }
        return result
    }

    // MARK: Index

    /// The index, built or loaded if needed (for tests and measurements).
    var indexForTesting: SpellingIndex? { loadedIndex() }

    /// Loads the index, or builds and caches it, unless that is done: for a thread that prepares
    /// it before the first suggestion is asked for (``HunspellSpeller/vocabularyLayers``).
    func prepareIndex() { _ = loadedIndex() }

    private func loadedIndex() -> SpellingIndex {
        index.withLock { slot in
            if let built = slot { return built }
            let built = makeIndex()
            slot = built
            return built
        }
    }

    private func makeIndex() -> SpellingIndex {
        var url: URL?
        if let dir = cacheDirectory {
            url = SpellingIndexCache.fileURL(directory: dir, dictionaryCode: dictionaryCode, fingerprint: sources.fingerprint())
            if let u = url, let loaded = SpellingIndexCache.load(u) { return loaded }
        }
        let words = sources.readWords()
        let handle = self.handle
        let built = SpellingIndex.build(words: words) { handle.spell($0) }
        if let u = url { SpellingIndexCache.store(built, at: u) }
        return built
    }

    // MARK: Ranking

    /// How a misspelling is written, to give suggestions the same case.
    enum CasePattern {
        case lower, capitalized, upper, mixed

        init(_ word: String) {
            var upper = 0, lower = 0
            var firstUpper = false
            for (i, c) in word.enumerated() where c.isLetter {
                if c.isUppercase {
                    upper += 1
                    if i == 0 { firstUpper = true }
                } else if c.isLowercase {
                    lower += 1
                }
            }
            if upper == 0 { self = .lower } else if lower == 0 && upper >= 2 { self = .upper } else if firstUpper && upper == 1 {
                self = .capitalized
            } else if lower == 0 { self = .capitalized } else { self = .mixed }
        }

        func apply(_ word: String) -> String {
            switch self {
            case .lower, .mixed: return word
            case .upper: return word.uppercased()
            case .capitalized:
                guard let f = word.first else { return word }
                return String(f).uppercased() + word.dropFirst()
            }
        }
    }

    /// Largest weighted distance searched for a misspelling of `length` letters.
    static func maxCost(length: Int) -> Int32 {
        switch length {
        case ...2: return 10
        case 3: return 14
        case 4...5: return 20
        default: return 24
        }
    }

    /// True when `left` + `right` (the scalar keys of a two-word split, ``SpellingIndex/key(_:)``)
    /// is a word with a suffix rather than two words: `right` is a suffix that happens to be a
    /// word (``DialectVariants/suffixLike``: `nullable` is no “null able”) or a two-letter word
    /// that is no function word (`cent re`), `left` a prefix before a word of four letters or more
    /// (`re licensing`), or the doubled last consonant of `left` with -ed, -ing or -er
    /// (`cancelled` is no “cancel led”).
    static func isDerivationSplit(left: [UInt32], right: [UInt32]) -> Bool {
        var text = ""
        for v in right { guard let s = Unicode.Scalar(v) else { return false }; text.unicodeScalars.append(s) }
        if DialectVariants.suffixLike.contains(text) { return true }
        // A two-letter right part that is no function word (`cent re` for British `centre`).
        if right.count == 2, !Self.twoLetterWords.contains(text) { return true }
        // A prefix before a word of four letters or more: one word the dictionary lacks
        // (`relicensing`, `upvoted`, `autolink`), not two (`re licensing`, `up voted`).
        if right.count >= 4 {
            var prefix = ""
            for v in left { guard let s = Unicode.Scalar(v) else { return false }; prefix.unicodeScalars.append(s) }
            if Self.prefixes.contains(prefix) { return true }
        }
        guard let last = left.last, right.first == last, !"aeiou".unicodeScalars.contains(where: { $0.value == last }) else { return false }
        return String(text.dropFirst()).isAny(of: "ed", "ing", "er")
    }

    /// Two-letter words a run-together pair may end with (`upto` → `up to`, `alot` is `a lot`).
    static let twoLetterWords: Set<String> = ["to", "of", "in", "on", "at", "up", "it", "is", "be", "me", "we", "he", "so", "no",
                                              "do", "go", "an", "as", "by", "or", "if", "my", "us", "am", "ok"]
    /// Prefixes written closed with a word (`re`, `sub`, `up`…), never split off as a word of their own.
    static let prefixes: Set<String> = ["re", "sub", "auto", "up", "un", "pre", "co", "de", "non", "multi", "semi", "anti", "inter",
                                        "mis", "dis", "super", "hyper", "micro", "macro", "cross", "post", "mid", "down"]

    /// Extra cost (tenths of an edit) of splitting a misspelling into two words that are not
    /// both in the commonest tier.
    static let uncommonSplitCost: Int32 = 4

    /// Cost (tenths of an edit) of a word's rarity, from its SCOWL tier.
    @inline(__always)
    static func rarityCost(_ tier: UInt8) -> Int32 {
        switch tier {
        case ...10: return 0
        case ...20: return 2
        case ...35: return 4
        case ...40: return 6
        case ...50: return 8
        case ...55: return 9
        case ...60: return 10
        default: return 13
        }
    }

    private struct Candidate {
        var text: String
        var score: Int32
        var isProperNoun = false
        /// Two words (`collect on`; set just before sorting).
        var isMultiword = false
        /// Whether the last letter is the query's (set just before sorting).
        var keepsEnding = false
    }

    func rankedSuggestions(for word: String, limit: Int) -> [ScoredSuggestion] {
        let index = loadedIndex()
        let curly = word.contains("\u{2019}")
        let pattern = CasePattern(word)
        let query = SpellingIndex.key(word)
        guard !query.isEmpty else { return [] }
        // A misspelled possessive: correct the stem, keep the ending (`Amercia's` → `America's`).
        if SpellingIndex.isPossessive(query) && query.count >= 4 {
            let ending = String(word.suffix(2))
            let stem = String(word.dropLast(2))
            let stemIsWord = handle.spell(stem)
            var out: [ScoredSuggestion] = []
            let stems = stemIsWord ? [] : rankedSuggestions(for: stem, limit: limit)
            for s in stems where !s.text.contains(" ") {
                let text = s.text + ending
                if handle.spell(text.replacingOccurrences(of: "\u{2019}", with: "'")) {
                    out.append(ScoredSuggestion(text: text, score: s.score, isProperNoun: s.isProperNoun))
                }
            }
            if !out.isEmpty || !stemIsWord { return out }
        }
        let queryPhonetic = PhoneticKey.key(word)

        // Best edit cost per entry.
        var costs: [Int32: Int32] = [:]
        func note(_ entry: Int, _ cost: Int32) {
            let e = Int32(entry)
            if let old = costs[e], old <= cost { return }
            costs[e] = cost
        }
        let bound = Self.maxCost(length: query.count)
        var scorer = DistanceScorer(query)
        for node in index.deleteNeighbours(query) {
            let n = Int(node)
            let depth = Int(index.nodeDepth[n])
            guard abs(depth - query.count) <= 3 else { continue }
            let first = Int(index.nodeWordStart[n])
            let d = index.withEntryKey(first) { scorer.distance(toKey: $0, bound: bound) }
            guard d <= bound else { continue }
            for e in first..<(first + Int(index.nodeWordCount[n])) { note(e, d) }
        }
        // Same sound, further in letters.
        let samePhonetic = index.entries(forPhoneticKey: queryPhonetic)
        for e in samePhonetic where costs[e] == nil {
            let d = index.withEntryKey(Int(e)) { scorer.distance(toKey: $0, bound: 40) }
            if d <= 40 { note(Int(e), d) }
        }
        // A possessive without its apostrophe (`todays` → `today's`).
        if query.count >= 3 && query.last == 0x73 && !query.contains(0x27) {
            let possessive = Array(query.dropLast()) + [0x27, 0x73]
            for e in index.entries(forKey: possessive) { note(e, EditCosts.apostrophe) }
        }
        // The dictionary's REP patterns, applied once.
        var multiword: [Candidate] = []
        for rep in replacements {
            for variant in rep.apply(to: query) {
                if let space = variant.firstIndex(of: 0x20) {
                    let left = Array(variant[..<space]), right = Array(variant[(space + 1)...])
                    if let l = bestEntry(index, left), let r = bestEntry(index, right) {
                        multiword.append(Candidate(text: index.word(l) + " " + index.word(r),
                                                   score: 8 + Self.rarityCost(index.entryTier[l]) + Self.rarityCost(index.entryTier[r])))
                    }
                } else {
                    for e in index.entries(forKey: variant) { note(e, 6) }
                }
            }
        }
        // Two words run together.
        if query.count >= 4 {
            for i in 1..<query.count {
                let left = Array(query[..<i]), right = Array(query[i...])
                if left.count == 1 && left != [0x61] && left != [0x69] { continue }
                if right.count == 1 { continue }
                guard let l = bestEntry(index, left), let r = bestEntry(index, right),
                      index.entryTier[l] <= 35, index.entryTier[r] <= 35 else { continue }
                // A derivation is no two words: a suffix that is also a word (`null able`,
                // `state less`), or an ending after a doubled consonant (`cancel led`, `commit ted`).
                if Self.isDerivationSplit(left: left, right: right) { continue }
                // A split into words that are not both among the commonest costs more: run-together
                // pairs are mostly such words (`aboutit`, `tothe`, `upto`), and a rarer pair is more
                // often a misspelling of one word (`collecton` → `collection`, not `collect on`).
                let common = index.entryTier[l] <= 10 && index.entryTier[r] <= 10
                multiword.append(Candidate(text: index.word(l) + " " + index.word(r),
                                           score: (left.count == 1 ? 14 : 10) + (common ? 0 : Self.uncommonSplitCost)
                                               + Self.rarityCost(index.entryTier[l]) + Self.rarityCost(index.entryTier[r])))
            }
        }

        var candidates: [Candidate] = multiword
        candidates.reserveCapacity(costs.count + multiword.count)
        let firstLetter = query[0]
        let typedApostrophe = query.contains(0x27)
        // An entry sounds like the query only if the index files it under the query's phonetic
        // key (all entries but possessives, whose keys are left out of that table; and every
        // entry when the query has no key): the key is computed for those alone, not for each
        // of the hundreds of candidates.
        let soundsAlike = Set(samePhonetic)
        for (e, cost) in costs {
            let entry = Int(e)
            let text = index.word(entry)
            var score = cost + Self.rarityCost(index.entryTier[entry])
            if queryPhonetic.isEmpty || soundsAlike.contains(e) || text.hasSuffix("'s") || text.hasSuffix("'S") || text.hasSuffix("\u{2019}s") {
                if PhoneticKey.key(text) == queryPhonetic { score -= 3 }
            }
            // A possessive is seldom meant when no apostrophe was typed (`tomatos`).
            if !typedApostrophe && text.hasSuffix("'s") && query.last == 0x73 { score += 4 }
            // The entry's first letter, by its byte when it is ASCII (its key is that byte made
            // small), else through its scalar's key.
            let start = Int(index.entryOffset[entry])
            let lead: UInt8? = start < Int(index.entryOffset[entry + 1]) ? index.entryBytes[start] : nil
            if let lead, lead < 0x80 {
                let key = UInt32(lead >= 0x41 && lead <= 0x5A ? lead + 32 : lead)
                if EditCosts.baseLetter(key) != EditCosts.baseLetter(firstLetter) { score += 3 }
                candidates.append(Candidate(text: text, score: score, isProperNoun: lead >= 0x41 && lead <= 0x5A))
                continue
            }
            if let f = text.unicodeScalars.first, EditCosts.baseLetter(SpellingIndex.key(String(f))[0]) != EditCosts.baseLetter(firstLetter) {
                score += 3
            }
            candidates.append(Candidate(text: text, score: score, isProperNoun: text.first?.isUppercase ?? false))
        }
        // Between equal scores, one word goes before two (`collecton` → `collection`, not
        // `collect on`), then a word that ends as the misspelling does: a word's last letters, its
        // inflection (`probles` → `problems`, not `problem`), are seldom mistyped.
        // The ending is compared once per candidate, not in every comparison of the sort.
        let lastLetter = query.last ?? 0
        for k in candidates.indices {
            candidates[k].isMultiword = candidates[k].text.utf8.contains(0x20)
            guard let last = candidates[k].text.unicodeScalars.last else { continue }
            let v = last.value
            candidates[k].keepsEnding = v < 0x80 ? (v >= 0x41 && v <= 0x5A ? v + 32 : v) == lastLetter
                : SpellingIndex.key(String(last)) == [lastLetter]
        }
        candidates.sort {
            if $0.score != $1.score { return $0.score < $1.score }
            if $0.isMultiword != $1.isMultiword { return $1.isMultiword }
            if $0.keepsEnding != $1.keepsEnding { return $0.keepsEnding }
            return $0.text < $1.text
        }

        var out: [ScoredSuggestion] = []
        var seen = Set<String>()
        for c in candidates {
            var text = pattern.apply(c.text)
            if curly { text = text.replacingOccurrences(of: "'", with: "\u{2019}") }
            guard text != word, seen.insert(text.lowercased()).inserted else { continue }
            let parts = text.split(separator: " ").map(String.init)
            guard handle.spellAll(parts).allSatisfy({ $0 }) else { continue }
            out.append(ScoredSuggestion(text: text, score: Int(c.score), isProperNoun: c.isProperNoun))
            if out.count >= limit { break }
        }
        return out
    }

    /// The frequency tier of `word` in the word lists the index was built from (its SCOWL size:
    /// 10 the commonest, 95 the rarest; the smallest of its spellings), or nil when the lists
    /// lack it.
    func tier(of word: String) -> UInt8? {
        let index = loadedIndex()
        return bestEntry(index, SpellingIndex.key(word)).map { index.entryTier[$0] }
    }

    /// The most common entry with exactly `key`, if any.
    private func bestEntry(_ index: SpellingIndex, _ key: [UInt32]) -> Int? {
        let r = index.entries(forKey: key)
        return r.min { index.entryTier[$0] < index.entryTier[$1] }
    }
}

/// A `REP` line of a Hunspell `.aff` file: a common misspelling pattern and its correction
/// (`REP f ph`), `^`/`$` anchoring it to the word's start or end, `_` standing for a space.
struct ReplacementPattern: Sendable {
    var from: [UInt32]
    var to: [UInt32]
    var atStart: Bool
    var atEnd: Bool

    /// The patterns of the `.aff` file at `affixPath` (none when it cannot be read).
    static func read(affixPath: String) -> [ReplacementPattern] {
        guard let text = (try? String(contentsOfFile: affixPath, encoding: .utf8))
                ?? (try? String(contentsOfFile: affixPath, encoding: .isoLatin1)) else { return [] }
        var out: [ReplacementPattern] = []
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("REP ") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 3 else { continue }
            var from = String(f[1]), to = String(f[2])
            var atStart = false, atEnd = false
            if from.hasPrefix("^") { atStart = true; from.removeFirst() }
            if from.hasSuffix("$") { atEnd = true; from.removeLast() }
            to = to.replacingOccurrences(of: "_", with: " ")
            guard !from.isEmpty else { continue }
            out.append(ReplacementPattern(from: SpellingIndex.key(from), to: SpellingIndex.key(to), atStart: atStart, atEnd: atEnd))
        }
        return out
    }

    /// `key` with the pattern applied at each place it matches, one place at a time.
    func apply(to key: [UInt32]) -> [[UInt32]] {
        guard key.count >= from.count else { return [] }
        var out: [[UInt32]] = []
        for start in 0...(key.count - from.count) {
            if atStart && start != 0 { break }
            if atEnd && start + from.count != key.count { continue }
            guard key[start..<(start + from.count)].elementsEqual(from) else { continue }
            out.append(Array(key[..<start]) + to + Array(key[(start + from.count)...]))
        }
        return out
    }
}

/// The suggester's answers by word, bounded: two generations of at most `capacity / 2` each.
/// When the current one is full it becomes the previous one (the older is dropped), and an
/// answer found in the previous one moves back to the current. Words in use stay cached however
/// many others pass; a cache emptied at once when full made every word of a text with more
/// distinct typos than its capacity miss.
struct AnswerCache {
    private var current: [String: [SpellingSuggester.ScoredSuggestion]] = [:]
    private var previous: [String: [SpellingSuggester.ScoredSuggestion]] = [:]
    private let half: Int

    /// A cache of at most `capacity` answers.
    init(capacity: Int) { half = max(1, capacity / 2) }

    /// The answer for `key`, if cached (moved to the current generation).
    mutating func value(for key: String) -> [SpellingSuggester.ScoredSuggestion]? {
        if let v = current[key] { return v }
        guard let v = previous.removeValue(forKey: key) else { return nil }
        insert(v, for: key)
        return v
    }

    /// Caches `value` for `key`.
    mutating func insert(_ value: [SpellingSuggester.ScoredSuggestion], for key: String) {
        if current.count >= half {
            previous = current
            current = [:]
            current.reserveCapacity(half)
        }
        current[key] = value
    }

    /// How many answers are cached.
    var count: Int { current.count + previous.count }
}
