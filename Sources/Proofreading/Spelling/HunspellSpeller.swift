import Foundation
import Synchronization

/// Errors of the spelling dictionaries.
public enum SpellingError: Error, Equatable, CustomStringConvertible {
    /// No Hunspell dictionary for the language was found in the searched folders.
    case dictionaryNotFound(language: String, searched: [String])
    /// A dictionary exists but Hunspell could not load it.
    case dictionaryUnreadable(path: String)

    /// A message that says what to install or fix.
    public var description: String {
        switch self {
        case let .dictionaryNotFound(language, searched):
            let hint = Self.debianPackage(for: language).map { "Debian: apt-get install \($0)" }
                ?? "Debian: apt-cache search hunspell lists the dictionaries"
            return "no Hunspell dictionary for \(language) in \(searched.joined(separator: ", ")); install one (\(hint)) or choose another language"
        case let .dictionaryUnreadable(path):
            return "Hunspell could not read the dictionary \(path)"
        }
    }
}

extension SpellingError {
    /// Debian's package with the Hunspell dictionary for a language tag (`en-US` →
    /// `hunspell-en-us`, `fr` → `hunspell-fr`, `de` → `hunspell-de-de`), or nil when not known.
    /// Names follow Debian 12 (bookworm).
    public static func debianPackage(for language: String) -> String? {
        let parts = language.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let lang = parts.first, !lang.isEmpty, lang.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let region = parts.count > 1 ? parts[1] : nil
        // One package for every region of the language.
        let whole: [String: String] = ["fr": "hunspell-fr", "es": "hunspell-es", "it": "hunspell-it", "nl": "hunspell-nl",
                                       "ru": "hunspell-ru", "pl": "hunspell-pl", "sv": "hunspell-sv", "da": "hunspell-da",
                                       "cs": "hunspell-cs", "hu": "hunspell-hu", "uk": "hunspell-uk", "ro": "hunspell-ro",
                                       "el": "hunspell-el", "tr": "hunspell-tr", "ca": "hunspell-ca", "sk": "hunspell-sk",
                                       "sl": "hunspell-sl", "hr": "hunspell-hr", "lt": "hunspell-lt", "lv": "hunspell-lv",
                                       "no": "hunspell-no", "nb": "hunspell-no", "nn": "hunspell-no", "bg": "hunspell-bg",
                                       "he": "hunspell-he", "ar": "hunspell-ar", "eu": "hunspell-eu", "gl": "hunspell-gl"]
        if let p = whole[lang] { return p }
        switch (lang, region) {
        case ("en", nil): return "hunspell-en-us"
        case ("en", let r?) where ["us", "gb", "au", "ca", "za", "in", "nz"].contains(r): return "hunspell-en-\(r)"
        case ("de", nil), ("de", "de"): return "hunspell-de-de"
        case ("de", let r?) where ["at", "ch"].contains(r): return "hunspell-de-\(r)"
        case ("pt", nil), ("pt", "pt"): return "hunspell-pt-pt"
        case ("pt", "br"): return "hunspell-pt-br"
        default: return nil
        }
    }
}

/// A ``Speller`` backed by a Hunspell dictionary (`.aff` + `.dic`).
///
/// Hunspell decides which words are correct. Suggestions come from a ``SpellingSuggester``: a
/// fast index over the dictionary's words and Debian's word lists (SCOWL, `wamerican` /
/// `wbritish`), built on the first request or loaded from a cache, ranked by a weighted edit
/// distance, sound and word frequency (Hunspell's own suggester, 36 ms a word, is not used:
/// see ``SpellingSuggester/hunspellFallback``). Every call is thread-safe (Hunspell handles
/// are pooled behind locks; verdicts are memoised).
public final class HunspellSpeller: Speller, Sendable {
    /// Folders searched for dictionaries, in order (`$DICPATH` entries first).
    public static var searchPaths: [String] {
        let env = ProcessInfo.processInfo.environment["DICPATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        return env + ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts", "/usr/local/share/hunspell"]
    }

    /// BCP 47 tag of the loaded dictionary (`en-US`).
    public let language: String
    /// Path of the `.dic` file.
    public let dictionaryPath: String
    /// Path of the `.aff` file.
    public let affixPath: String
    private let handle: HunspellHandle
    /// The suggestion engine (lazy: nothing is built until the first suggestion).
    public let suggester: SpellingSuggester
    /// What ``SpellingRule`` said of the unknown words it met, remembered for this dictionary.
    let spellingVerdicts = SpellingRule.SpellingVerdicts()
    /// Where ``vocabularyLayers`` is cached (the suggestion index's folder).
    private let layersCacheDirectory: URL?
    /// The ``VocabularyLayers``, loaded on first use.
    private let layers = Mutex<VocabularyLayers?>(nil)

    /// Spellers made by ``shared(language:)``, by dictionary code (`en_US`), or the error that
    /// loading that dictionary gave.
    private static let sharedSpellers = Mutex<[String: Result<HunspellSpeller, any Error>]>([:])

    /// The speller of `language` with the default cache folder, loaded once per process and
    /// dictionary: every caller that asks for the same dictionary (`en-US`, `en_us`, `en`) gets
    /// the same object, so a process pays once for loading it (about 0.1 s of Hunspell's).
    /// - Throws: what ``init(language:cacheDirectory:)`` throws, every time it is asked again.
    public static func shared(language: String) throws -> HunspellSpeller {
        let code = dictionaryCode(for: language)
        if let known = sharedSpellers.withLock({ $0[code] }) { return try known.get() }
        let loaded = Result<HunspellSpeller, any Error> { try HunspellSpeller(language: language) }
        return try sharedSpellers.withLock { table in
            if let existing = table[code] { return existing }
            table[code] = loaded
            return loaded
        }.get()
    }

    /// Loads the dictionary for `language` (`en-US`, `en_GB`, case-insensitive) from
    /// ``searchPaths``.
    /// - Parameter cacheDirectory: where the suggestion index is cached (see
    ///   ``SpellingSuggester/defaultCacheDirectory``); nil to build it in memory every time.
    /// - Throws: ``SpellingError/dictionaryNotFound(language:searched:)`` when none is installed,
    ///   or when `language` is not shaped like a language code (never opened as a path).
    public convenience init(language: String, cacheDirectory: URL? = SpellingSuggester.defaultCacheDirectory) throws {
        let code = Self.dictionaryCode(for: language)
        // A language code names a file in the search folders and never a path: no `/`, no
        // `..`, letters, digits, `-` and `_` only (a client's `../../tmp/x` must not open a
        // file, or a FIFO, elsewhere).
        guard !code.isEmpty, code.utf8.count <= 35,
              code.unicodeScalars.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-" }) else {
            throw SpellingError.dictionaryNotFound(language: language, searched: Self.searchPaths)
        }
        for dir in Self.searchPaths {
            let dic = "\(dir)/\(code).dic", aff = "\(dir)/\(code).aff"
            if FileManager.default.fileExists(atPath: dic), FileManager.default.fileExists(atPath: aff) {
                try self.init(affixPath: aff, dictionaryPath: dic, language: language, cacheDirectory: cacheDirectory)
                return
            }
        }
        throw SpellingError.dictionaryNotFound(language: language, searched: Self.searchPaths)
    }

    /// Loads a dictionary from explicit paths.
    /// - Parameter cacheDirectory: where the suggestion index is cached; nil for none.
    /// - Throws: ``SpellingError/dictionaryUnreadable(path:)``.
    public convenience init(affixPath: String, dictionaryPath: String, language: String,
                            cacheDirectory: URL? = SpellingSuggester.defaultCacheDirectory) throws {
        try self.init(affixPath: affixPath, dictionaryPath: dictionaryPath, language: language,
                      cacheDirectory: cacheDirectory, wordLists: nil)
    }

    /// Loads a dictionary from explicit paths, with the suggestion index built from `wordLists`
    /// (the language's Debian lists when nil).
    init(affixPath: String, dictionaryPath: String, language: String, cacheDirectory: URL?,
         wordLists: WordListSources?, hunspellFallback: Bool = false) throws {
        guard let h = HunspellHandle(affixPath: affixPath, dictionaryPath: dictionaryPath,
                                     acceptedWords: cacheDirectory.map { (Self.dictionaryCode(for: language), $0) }) else {
            throw SpellingError.dictionaryUnreadable(path: dictionaryPath)
        }
        handle = h
        self.language = Self.bcp47(for: language)
        self.dictionaryPath = dictionaryPath
        self.affixPath = affixPath
        let code = Self.dictionaryCode(for: language)
        layersCacheDirectory = cacheDirectory
        suggester = SpellingSuggester(handle: h, dictionaryCode: code, affixPath: affixPath,
                                      sources: wordLists ?? WordListSources.sources(dictionaryCode: code, hunspellDictionary: dictionaryPath),
                                      cacheDirectory: cacheDirectory, hunspellFallback: hunspellFallback)
        // Words of software writing the English dictionaries lack (``TechnicalVocabulary``):
        // added to the dictionary itself, so that every rule asking the speller agrees.
        if self.language.lowercased().hasPrefix("en") {
            for word in TechnicalVocabulary.words where !TechnicalVocabulary.openCompounds.contains(word) { h.add(word) }
            for word in TechnicalVocabulary.informal { h.add(word) }
            for word in DialectVariants.sharedSpellings { h.add(word) }
        }
    }

    /// Words the dictionary lacks that English and software writing use (``VocabularyLayers``:
    /// derived words of SCOWL 80, package, command, man page and module names), loaded from
    /// their memory-mapped cache (built on first use) the first time an unknown word is met.
    var vocabularyLayers: VocabularyLayers {
        vocabularyLayers(servingStale: Self.servesStaleVocabularyWhileRebuilding)
    }

    /// ``vocabularyLayers``; with `servingStale`, when their sources changed since the cache was
    /// built (apt installed packages), the older cache's layers at once, while the current ones
    /// are built on a thread of their own and take their place when done
    /// (``VocabularyLayers/stale(dictionaryCode:cacheDirectory:)``).
    func vocabularyLayers(servingStale: Bool) -> VocabularyLayers {
        return layers.withLock { slot in
            if let known = slot { return known }
            // (Asked for every word the dictionary lacks: the code is worked out once, here.)
            let code = Self.dictionaryCode(for: language)
            let directory = layersCacheDirectory
            if servingStale, let stale = VocabularyLayers.stale(dictionaryCode: code, cacheDirectory: directory) {
                slot = stale
                Thread.detachNewThread { [self] in
                    let fresh = VocabularyLayers(dictionaryCode: code, cacheDirectory: directory)
                    self.layers.withLock { $0 = fresh }
                }
                return stale
            }
            // A first run: the word that wants the layers is unknown to the dictionary, so its
            // suggestions (the suggestion index, as costly to build) are likely wanted next. The
            // index is built meanwhile on a thread of its own, on another core; asked for, it is
            // waited for (the index is built once, under its lock).
            let suggester = self.suggester
            let built = VocabularyLayers(dictionaryCode: code, cacheDirectory: directory,
                                         willBuild: { Thread.detachNewThread { suggester.prepareIndex() } })
            slot = built
            return built
        }
    }

    /// Whether a speller whose ``vocabularyLayers`` are out of date (their sources changed since
    /// they were cached) serves the older cache while it rebuilds them in the background, rather
    /// than making the first check wait for the build (a second or more). For long-lived hosts
    /// (the language server sets it); off by default, since a one-shot command would exit before
    /// the rebuild ends and never store the current layers.
    public static var servesStaleVocabularyWhileRebuilding: Bool {
        get { staleVocabulary.withLock { $0 } }
        set { staleVocabulary.withLock { $0 = newValue } }
    }
    private static let staleVocabulary = Mutex(false)

    /// True when ``vocabularyLayers`` accepts `word`, a derived word's stem checked by Hunspell:
    /// consulted by ``SpellingRule`` for words Hunspell does not know (not by ``isCorrect(_:)``,
    /// which the other rules ask about joining and splitting words).
    func isInVocabularyLayers(_ word: String) -> Bool {
        if TechnicalVocabulary.openCompounds.contains(word)
            || word.first?.isUppercase == true && TechnicalVocabulary.openCompounds.contains(word.lowercased()) { return true }
        return vocabularyLayers.accepts(word) { isCorrect($0) }
    }

    /// True when `word` is a plausible word of the domain though the dictionary lacks it (a
    /// word of SCOWL's largest lists, a package, command or man page name:
    /// ``VocabularyLayers/isPlausibleWord(_:)``): its spelling guess is not applied unattended.
    func isPlausibleWord(_ word: String) -> Bool {
        vocabularyLayers.isPlausibleWord(word)
    }

    /// `en-US` → `en_US`.
    static func dictionaryCode(for language: String) -> String {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        guard parts.count >= 2 else { return language.lowercased() == "en" ? "en_US" : language }
        return parts[0].lowercased() + "_" + parts[1].uppercased()
    }

    /// `en_us` → `en-US`.
    static func bcp47(for language: String) -> String { dictionaryCode(for: language).replacingOccurrences(of: "_", with: "-") }

    /// Hunspell's verdict on one word, remembered: rules ask about the same words again and
    /// again, and a Hunspell lookup (case variants, affixes, compounds) costs far more than a
    /// hash lookup. The memo is split into shards by hash so that threads rarely wait for each
    /// other, and each shard forgets everything when it reaches 64k words (bounded memory).
    public func isCorrect(_ word: String) -> Bool {
        isCorrect(word, buildingCaches: true)
    }

    /// ``isCorrect(_:)``; without `buildingCaches`, the set of accepted words is read when it is
    /// cached but not built for this word (``HunspellHandle/knownVerdictIfCached(_:)``): for the
    /// other English dialect's dictionary, asked about a few words a document (a variant
    /// spelling), whose set would cost a first run seconds. The verdict is the same either way.
    func isCorrect(_ word: String, buildingCaches: Bool) -> Bool {
        // One FNV-1a hash picks the shard and the slot (a `Dictionary` would hash again, with
        // SipHash, which costs more than the rest of the lookup).
        let hash = WordSet.hash(word)
        let shard = verdicts[Int(truncatingIfNeeded: hash >> 59) & (verdicts.count - 1)]
        if let known = shard.memo.withLock({ $0.verdict(for: word, hash: hash) }) { return known }
        // A word Hunspell accepted when the set was built, or a plain word missing from an
        // exhaustive set (``HunspellHandle/knownVerdict(_:)``): no need to load Hunspell.
        if let known = buildingCaches ? handle.knownVerdict(word) : handle.knownVerdictIfCached(word) { return known }
        let verdict = handle.spellWithHunspell(word)
        // A word longer than any the suggester takes is not remembered: the memo is bounded by
        // its count of words, not their bytes.
        if word.utf8.count <= SpellingSuggester.maxWordLength {
            shard.memo.withLock { $0.remember(word, hash: hash, verdict: verdict) }
        }
        return verdict
    }

    /// One shard of the verdict memo.
    private final class VerdictShard: Sendable {
        let memo = Mutex(VerdictMemo())
    }

    /// Words and Hunspell's verdicts on them: open addressing over FNV-1a hashes (see
    /// ``WordSet``), growing to 65,536 words and then starting afresh (bounded memory). A slot
    /// holds the hash, the word and the verdict together, so that a look-up reads one cache line
    /// (where separate arrays of slots, hashes, words and verdicts cost up to four cache misses:
    /// the spelling rule asks about every word of every paragraph).
    struct VerdictMemo {
        /// One slot: `state` 0 when empty, else 1 + the verdict.
        private struct Slot {
            var hash: UInt64 = 0
            var word: String = ""
            var state: UInt8 = 0
        }
        private var slots = [Slot](repeating: Slot(), count: 1024)
        private var count = 0

        /// The verdict remembered for `word` (whose ``WordSet/hash(_:)`` is `hash`), if any.
        func verdict(for word: String, hash: UInt64) -> Bool? {
            slots.withUnsafeBufferPointer { slots -> Bool? in
                let mask = slots.count - 1
                var s = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let state = slots[s].state
                    if state == 0 { return nil }
                    if slots[s].hash == hash && slots[s].word == word { return state == 2 }
                    s = (s + 1) & mask
                }
            }
        }

        /// Remembers `verdict` for `word` (not remembered yet).
        mutating func remember(_ word: String, hash: UInt64, verdict: Bool) {
            // (Another thread may have asked Hunspell about the same word meanwhile.)
            guard self.verdict(for: word, hash: hash) == nil else { return }
            if count >= 65_536 { self = VerdictMemo() }
            if (count + 1) * 2 > slots.count { grow() }
            place(Slot(hash: hash, word: word, state: verdict ? 2 : 1))
            count += 1
        }

        private mutating func place(_ slot: Slot) {
            let mask = slots.count - 1
            var s = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[s].state != 0 { s = (s + 1) & mask }
            slots[s] = slot
        }

        private mutating func grow() {
            let old = slots
            slots = [Slot](repeating: Slot(), count: old.count * 2)
            for slot in old where slot.state != 0 { place(slot) }
        }
    }

    private let verdicts: [VerdictShard] = (0..<16).map { _ in VerdictShard() }

    /// Corrections for a misspelled `word`, best first, at most `limit`, in the word's case
    /// (`Teh` → `The`, `TEH` → `THE`), each accepted by Hunspell. Fast (tens of microseconds) and
    /// deterministic; see ``SpellingSuggester``.
    public func suggestions(for word: String, limit: Int) -> [String] {
        suggester.suggestions(for: word, limit: limit)
    }

    /// Hunspell's own suggestions (slow: tens of milliseconds a word).
    public func hunspellSuggestions(for word: String, limit: Int) -> [String] {
        handle.suggest(word, limit: limit)
    }

    /// True once Hunspell's dictionary is loaded: on the first word that needs Hunspell's
    /// verdict, or by ``beginLoadingHunspell()`` (loading costs about 140 M instructions; a
    /// check whose words are all plain ones never pays it: ``judgesPlainWordsWithoutHunspell``).
    public var isHunspellLoaded: Bool { handle.isLoaded }

    /// True when every plain word (letters that have a case, with apostrophes between them:
    /// ``AcceptedWordsCache/Words/verdict(_:also:)``) is judged without Hunspell's dictionary:
    /// the dictionary's affix file lets every word it accepts be known in advance
    /// (``AffixExpansion``; English's do), so a text of such words never loads it.
    public var judgesPlainWordsWithoutHunspell: Bool { handle.judgesPlainWords }

    /// Loads Hunspell's dictionary now unless it is loaded (a host that wants its first check
    /// not to wait for it).
    public func loadHunspell() { handle.load() }

    /// Starts loading Hunspell's dictionary on a thread of its own, for a caller that expects
    /// to need it soon and has another core to spare; the first question for it waits for that
    /// load rather than starting another.
    public func beginLoadingHunspell() {
        let handle = self.handle
        Thread.detachNewThread { handle.load() }
    }

    /// Adds a word to the loaded dictionary for this process's lifetime.
    public func add(_ word: String) {
        handle.add(word)
        for shard in verdicts { shard.memo.withLock { $0 = VerdictMemo() } }
        DialectVariants.forgetAnswers()
        spellingVerdicts.forget()
    }
}
