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
        /// True when the set holds every word the dictionary accepts on its own
        /// (``AffixExpansion``): a plain word missing from it is misspelt (see ``verdict(_:)``).
        let isExhaustive: Bool
        /// Words Hunspell accepts only in capitals (``AffixExpansion/Expansion/inCapitalsOnly``:
        /// `MCDONALD` for the entry `McDonald`, `PBXES` for `PBX` and its plural flag).
        let mixedCaseInCapitals: WordSet
        /// The affix file's `ICONV` pairs (`’` → `'` in English's): a word is converted before
        /// its verdict, as Hunspell converts it before its look-up (``converted(_:)``).
        let inputConversions: [AffixExpansion.InputConversion]

        init(words: WordSet, acceptsInitialCapitals: Bool, isExhaustive: Bool = false, mixedCaseInCapitals: WordSet = [],
             inputConversions: [AffixExpansion.InputConversion] = []) {
            self.words = words
            self.acceptsInitialCapitals = acceptsInitialCapitals
            self.isExhaustive = isExhaustive
            self.mixedCaseInCapitals = mixedCaseInCapitals
            self.inputConversions = inputConversions
            conversionPatterns = inputConversions.map { (Array($0.from.utf8), Array($0.to.utf8)) }.filter { !$0.0.isEmpty }
            var starts = [Bool](repeating: false, count: 256)
            for (from, _) in conversionPatterns { starts[Int(from[0])] = true }
            conversionStarts = starts
        }

        /// ``inputConversions`` as bytes, and which bytes begin a pattern (a word without one
        /// is not converted).
        private let conversionPatterns: [([UInt8], [UInt8])]
        private let conversionStarts: [Bool]

        /// `word` with ``inputConversions`` applied as Hunspell applies them (`RepList::conv`):
        /// at each position the longest pattern that starts there is replaced, and the scan goes
        /// on after it; `word` itself when no pattern occurs (the usual case: one pass over its
        /// bytes).
        func converted(_ word: String) -> String {
            guard !conversionPatterns.isEmpty, word.utf8.contains(where: { conversionStarts[Int($0)] }) else { return word }
            let bytes = Array(word.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                var best: (from: [UInt8], to: [UInt8])?
                for (from, to) in conversionPatterns where from.count > (best?.from.count ?? 0)
                    && i + from.count <= bytes.count && bytes[i..<(i + from.count)].elementsEqual(from) {
                    best = (from, to)
                }
                if let best {
                    out.append(contentsOf: best.to)
                    i += best.from.count
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

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

        /// Hunspell's verdict on `word` without Hunspell when the set can give it: true when
        /// accepted (as ``contains(_:)``), false when the set is exhaustive and `word` is a plain
        /// word it lacks, nil when Hunspell must be asked. `added` accepts the spellings of the
        /// words the process added to Hunspell (``spelledLikeAdded(_:in:)``).
        ///
        /// A plain word is letters that have a case, with apostrophes between them, at most 64
        /// bytes, and perhaps one period after it (Hunspell takes the word without it first:
        /// `Fortunato.`). Hunspell's case rules (hunspell(1), `get_captype`), for a dictionary
        /// without `KEEPCASE`: a word in lowercase (`paris`) or in mixed case (`iPhone`,
        /// `McDonald`) is accepted only as written; one with an initial capital alone (`Paris`)
        /// as written or in lowercase; one in capitals (`PARIS`; not with an apostrophe, which
        /// Hunspell treats apart) in any case the set has, or as a word accepted only in capitals
        /// (``mixedCaseInCapitals``). Anything else (digits, hyphens, `CIA'S`) goes to Hunspell.
        /// The word is first converted by the affix file's `ICONV` pairs (``converted(_:)``:
        /// `you’ve` is judged as `you've`), as Hunspell converts it.
        /// Checked against Hunspell itself word by word by AcceptedWordsTests.
        func verdict(_ word: String, also added: (String) -> Bool = { _ in false }) -> Bool? {
            let word = converted(word)
            if contains(word) || added(word) { return true }
            guard isExhaustive, acceptsInitialCapitals else { return nil }
            var base = Substring(word)
            if base.utf8.last == 46 { base = base.dropLast() }
            guard !base.isEmpty, base.utf8.count <= 64 else { return nil }
            var capitals = 0, letters = 0, apostrophes = 0, firstCapital = false
            var previousWasLetter = false
            for s in base.unicodeScalars {
                if s == "'" {
                    guard previousWasLetter else { return nil }
                    apostrophes += 1
                    previousWasLetter = false
                    continue
                }
                let p = s.properties
                if p.isUppercase { capitals += 1; if letters == 0 { firstCapital = true } } else if !p.isLowercase { return nil }
                letters += 1
                previousWasLetter = true
            }
            guard previousWasLetter else { return nil }
            let text = String(base)
            if words.contains(text) || added(text) { return true }
            if capitals == 0 { return false }
            if capitals == 1, firstCapital { return words.contains(text.lowercased()) }
            if capitals == letters {
                guard apostrophes == 0, letters >= 2 else { return nil }
                let small = text.lowercased()
                return words.contains(small) || words.contains(small.prefix(1).uppercased() + small.dropFirst())
                    || mixedCaseInCapitals.contains(text)
            }
            return false
        }
    }

    /// The spellings Hunspell accepts for a word added to it with `Hunspell_add` (no affixes):
    /// the word; in capitals; with an initial capital when it is all lowercase (hunspell(1)'s
    /// case rules). Each added word's spellings go into `set`.
    static func spelledLikeAdded(_ word: String, in set: inout Set<String>) {
        set.insert(word)
        set.insert(word.uppercased())
        if word == word.lowercased(), let first = word.first {
            set.insert(first.uppercased() + word.dropFirst())
        }
    }

    /// Bumped whenever the layout or the choice of words changes.
    static let formatVersion: UInt32 = 5
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
    /// every word of the lists and of the dictionary's ``AffixExpansion``, and stored there. Nil
    /// when there are no lists (another language).
    static func words(dictionaryCode: String, dictionaryPath: String, affixPath: String, directory: URL,
                      spellAll: ([String]) -> [Bool]) -> Words? {
        let lists = listFiles(dictionaryCode: dictionaryCode)
        guard !lists.isEmpty else { return nil }
        let key = key(dictionaryPath: dictionaryPath, affixPath: affixPath, lists: lists)
        let url = directory.appendingPathComponent(prefix(dictionaryPath: dictionaryPath) + String(key, radix: 16) + ".idx")
        if let cached = load(url, key: key) { return cached }
        let built = build(lists: lists, expansion: AffixExpansion.forms(affixPath: affixPath, dictionaryPath: dictionaryPath),
                          spellAll: spellAll)
        store(built, at: url, key: key, dictionaryPath: dictionaryPath)
        return built
    }

    /// The set for the dictionary at `dictionaryPath` when its cache file in `directory` is there
    /// and sound; nil otherwise (nothing is built: for a caller with a few words to ask, to
    /// whom Hunspell answers sooner than building the set would).
    static func cached(dictionaryCode: String, dictionaryPath: String, affixPath: String, directory: URL) -> Words? {
        let lists = listFiles(dictionaryCode: dictionaryCode)
        guard !lists.isEmpty else { return nil }
        let key = key(dictionaryPath: dictionaryPath, affixPath: affixPath, lists: lists)
        let url = directory.appendingPathComponent(prefix(dictionaryPath: dictionaryPath) + String(key, radix: 16) + ".idx")
        return load(url, key: key)
    }

    /// The words of `lists` (one word a line; duplicates and blank lines skipped) and of
    /// `expansion` (every word the dictionary accepts on its own, when its affix file allows
    /// knowing them: the set is then exhaustive) that `spellAll` accepts.
    static func build(lists: [String], expansion: AffixExpansion.Expansion? = nil, spellAll: ([String]) -> [Bool]) -> Words {
        var seen = Set<String>()
        var candidates: [String] = []
        for word in expansion?.words ?? [] where seen.insert(word).inserted { candidates.append(word) }
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
        // The forms Hunspell accepts in capitals alone (`MCDONALD`, `PBXES`), those it accepts.
        let inCapitals = Array(Set(expansion?.inCapitalsOnly ?? []))
        let mixed = zip(inCapitals, spellAll(inCapitals)).filter { $0.1 }.map { $0.0 }
        return Words(words: WordSet(uniqueWords: accepted, compact: true), acceptsInitialCapitals: folds, isExhaustive: expansion != nil,
                     mixedCaseInCapitals: WordSet(uniqueWords: mixed), inputConversions: expansion?.inputConversions ?? [])
    }

    /// The set stored at `url` under `key`, or nil (missing, another key, damaged).
    static func load(_ url: URL, key: UInt64) -> Words? {
        CacheFile.read(url, magic: magic, version: formatVersion, key: key) { reader -> Words? in
            guard let table = WordClassesCache.readTable(&reader), let flags: [UInt8] = reader.array(), flags.count == 2,
                  flags[0] <= 1, flags[1] <= 1, let mixed = WordClassesCache.readTable(&reader),
                  let conversionBytes: [UInt8] = reader.array(), let conversions = decodeConversions(conversionBytes)
            else { return nil }
            return Words(words: WordSet(table: table), acceptsInitialCapitals: flags[0] == 1, isExhaustive: flags[1] == 1,
                         mixedCaseInCapitals: WordSet(table: mixed), inputConversions: conversions)
        }
    }

    /// Writes `words` to `url` under `key` (atomically); false when it could not.
    @discardableResult
    static func store(_ words: Words, at url: URL, key: UInt64, dictionaryPath: String) -> Bool {
        var writer = CacheFile.Writer()
        WordClassesCache.write(words.words.storedTable.parts, to: &writer)
        writer.append([UInt8(words.acceptsInitialCapitals ? 1 : 0), UInt8(words.isExhaustive ? 1 : 0)])
        WordClassesCache.write(words.mixedCaseInCapitals.storedTable.parts, to: &writer)
        writer.append(encodeConversions(words.inputConversions))
        return CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url,
                               prefix: prefix(dictionaryPath: dictionaryPath), suffix: ".idx")
    }

    /// The `ICONV` pairs as stored: each `from` and `to` in UTF-8, each followed by a zero byte.
    static func encodeConversions(_ pairs: [AffixExpansion.InputConversion]) -> [UInt8] {
        pairs.flatMap { Array($0.from.utf8) + [0] + Array($0.to.utf8) + [0] }
    }

    /// The pairs of ``encodeConversions(_:)``'s bytes, or nil when they are not such bytes.
    static func decodeConversions(_ bytes: [UInt8]) -> [AffixExpansion.InputConversion]? {
        guard bytes.last.map({ $0 == 0 }) ?? true else { return nil }
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        guard parts.count % 2 == 0 else { return nil }
        var out: [AffixExpansion.InputConversion] = []
        var it = parts.makeIterator()
        while let from = it.next(), let to = it.next() {
            guard let f = String(validating: from, as: UTF8.self), let t = String(validating: to, as: UTF8.self), !f.isEmpty else { return nil }
            out.append(AffixExpansion.InputConversion(from: f, to: t))
        }
        return out
    }
}
