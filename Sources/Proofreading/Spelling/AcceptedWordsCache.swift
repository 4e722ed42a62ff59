import Foundation

/// The common words Hunspell accepts, found without loading Hunspell.
///
/// Loading a Hunspell dictionary costs about half of a short check's cold run (145 M of 309 M
/// instructions for one line, release build): the affix file and ~49,000 entries are parsed
/// before the first look-up. Most words of a text are dictionary entries of their own, which
/// ``WordClasses/standaloneEntries`` answers without Hunspell; but inflected forms (`is`,
/// `cats`, `running`) and possessives are Hunspell's affix rules at work, and one of them in a
/// text loaded the whole dictionary.
///
/// This set holds the words of SCOWL's lists up to size ``maxLevel`` (about 100,000 common
/// words with their inflections, possessives and contractions, the variety's own spellings)
/// **that the dictionary alone accepted** when the set was built (a handle of its own, without
/// the words a process adds): a word in it is one Hunspell accepts, so asking the set first
/// changes no verdict (added words only add to what Hunspell accepts). A word not in it still goes to Hunspell. Built once with Hunspell and stored in
/// the cache folder (``CacheFile``), keyed on the dictionary's `.dic` and `.aff`, the list
/// files and the executable.
enum AcceptedWordsCache {
    /// The set, and whether the dictionary accepted every word of it with its first letter
    /// capitalised too (Hunspell's rule for a lowercase entry without `KEEPCASE`: “Houses” at a
    /// sentence's start), checked word by word when the set was built.
    struct Words: Sendable {
        let words: WordSet
        let acceptsInitialCapitals: Bool

        /// True when the dictionary accepts `word`: it is in the set, or it is an ASCII word
        /// whose first letter alone is a capital and whose lowercase form is in the set (when
        /// ``acceptsInitialCapitals``). False means “ask Hunspell”, not “misspelt”.
        func contains(_ word: String) -> Bool {
            if words.contains(word) { return true }
            guard acceptsInitialCapitals else { return false }
            var bytes = Array(word.utf8)
            guard let first = bytes.first, first >= 65, first <= 90,
                  bytes.dropFirst().allSatisfy({ $0 < 0x80 && !($0 >= 65 && $0 <= 90) }) else { return false }
            bytes[0] = first + 32
            return words.contains(String(decoding: bytes, as: UTF8.self))
        }
    }


    /// Bumped whenever the layout or the choice of words changes.
    static let formatVersion: UInt32 = 2
    static let magic: StaticString = "WTACCW\0\0"
    /// Largest SCOWL size level read (50 is the size of `wamerican`, the words of everyday text).
    static let maxLevel = 50

    /// SCOWL's lists of `dictionaryCode`'s variety up to ``maxLevel`` (existing files only).
    static func listFiles(dictionaryCode: String) -> [String] {
        WordListSources.sources(dictionaryCode: dictionaryCode, hunspellDictionary: nil).files
            .filter { !$0.isHunspellDictionary && $0.path.hasPrefix(WordListSources.scowlDirectory + "/") && Int($0.tier) <= maxLevel }
            .map(\.path)
    }

    /// The cache key of the set of `dictionaryPath` + `affixPath` built from `lists`.
    static func key(dictionaryPath: String, affixPath: String, lists: [String]) -> UInt64 {
        var text = "\(formatVersion)\n\(CacheFile.executableIdentity)\n\(CacheFile.identity(of: dictionaryPath))\n"
            + "\(CacheFile.identity(of: affixPath))\n\(SmallStringKey.isAvailable)\n\(maxLevel)"
        for path in lists { text += "\n" + CacheFile.identity(of: path) }
        return CacheFile.hash(text)
    }

    /// The file name's prefix for the dictionary at `dictionaryPath` (`accepted-en_US-`).
    static func prefix(dictionaryPath: String) -> String {
        let name = URL(fileURLWithPath: dictionaryPath).deletingPathExtension().lastPathComponent
        return "accepted-\(name)-"
    }

    /// The set for the dictionary at `dictionaryPath`: from the cache file in `directory` when it
    /// is there and sound, else built by asking `spellAll` (the dictionary alone) about
    /// every word of the lists and stored there. Nil when there are no lists (another language).
    static func words(dictionaryCode: String, dictionaryPath: String, affixPath: String, directory: URL,
                      spellAll: ([String]) -> [Bool]) -> Words? {
        let lists = listFiles(dictionaryCode: dictionaryCode)
        guard !lists.isEmpty else { return nil }
        let key = key(dictionaryPath: dictionaryPath, affixPath: affixPath, lists: lists)
        let url = directory.appendingPathComponent(prefix(dictionaryPath: dictionaryPath) + String(key, radix: 16) + ".idx")
        if let cached = load(url, key: key) { return cached }
        let built = build(lists: lists, spellAll: spellAll)
        store(built, at: url, key: key, dictionaryPath: dictionaryPath)
        return built
    }

    /// The words of `lists` (one word a line; duplicates and blank lines skipped) that
    /// `spellAll` accepts.
    static func build(lists: [String], spellAll: ([String]) -> [Bool]) -> Words {
        var seen = Set<String>()
        var candidates: [String] = []
        for path in lists {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            // SCOWL's lists are ISO-8859-1 (`café`), the words of everyday text ASCII.
            let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
            for line in text.split(whereSeparator: \.isNewline) {
                let word = line.trimmingCharacters(in: .whitespaces)
                if !word.isEmpty, word.utf8.count <= SpellingSuggester.maxWordLength, seen.insert(word).inserted { candidates.append(word) }
            }
        }
        let verdicts = spellAll(candidates)
        var accepted: [String] = []
        accepted.reserveCapacity(candidates.count)
        for (word, ok) in zip(candidates, verdicts) where ok { accepted.append(word) }
        // The capitalised forms of the lowercase ASCII words (no capital anywhere: not `iPhone`),
        // asked too: the set answers for them only when the dictionary accepted every one.
        let capitalised = accepted.compactMap { word -> String? in
            var bytes = Array(word.utf8)
            guard let first = bytes.first, first >= 97, first <= 122, bytes.allSatisfy({ $0 < 0x80 && !($0 >= 65 && $0 <= 90) }) else { return nil }
            bytes[0] = first - 32
            return String(decoding: bytes, as: UTF8.self)
        }
        let folds = !capitalised.isEmpty && spellAll(capitalised).allSatisfy { $0 }
        return Words(words: WordSet(uniqueWords: accepted), acceptsInitialCapitals: folds)
    }

    /// The set stored at `url` under `key`, or nil (missing, another key, damaged).
    static func load(_ url: URL, key: UInt64) -> Words? {
        CacheFile.read(url, magic: magic, version: formatVersion, key: key) { reader -> Words? in
            guard let table = WordClassesCache.readTable(&reader), let folds: [UInt8] = reader.array(), folds.count == 1, folds[0] <= 1
            else { return nil }
            return Words(words: WordSet(table: table), acceptsInitialCapitals: folds[0] == 1)
        }
    }

    /// Writes `words` to `url` under `key` (atomically); false when it could not.
    @discardableResult
    static func store(_ words: Words, at url: URL, key: UInt64, dictionaryPath: String) -> Bool {
        var writer = CacheFile.Writer()
        WordClassesCache.write(words.words.storedTable.parts, to: &writer)
        writer.append([UInt8(words.acceptsInitialCapitals ? 1 : 0)])
        return CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url,
                               prefix: prefix(dictionaryPath: dictionaryPath), suffix: ".idx")
    }
}
