import Foundation
import TextModel

/// Whether a noun is countable (“an idea”, “two ideas”), a mass noun (“advice”, “water”), or
/// both (“a coffee”, “coffee”): what the rule files test with `noun=count` and `noun=mass`.
///
/// Read from the English dictionary of the Link Grammar parser (Carnegie Mellon University and
/// AbiWord, LGPL-2.1; Debian's `link-grammar-dictionaries-en`, read at run time, never copied),
/// which gives every noun the determiners it links to:
///
/// - the word lists `words/words.n.1-*` (singular count nouns), `words/words.n.t` (titles) and
///   `words/entities.prof*`, `entities.people*` are countable; `words/words.n.3-*` and
///   `words.n.3.y` are mass nouns, and so is every entry `word.n-u` (`u`: uncountable);
/// - the nouns defined in `4.0.dict` itself (the commonest: `idea.n`, `time.n`, `problem.n`)
///   are countable when their expression takes a singular determiner (`Ds`, `<Dsc>`,
///   `<common-noun>`, `<noun-main-s>`), and mass when it takes a mass determiner or none (`Dmu`,
///   `<noun-main-m>`, `<noun-main-u>`, `<mass-noun>`); `D*u` (“a” and “much” alike) is both.
///
/// A word in both classes is both (`work`, `paper`, `life`); a word in neither is unknown, and a
/// rule testing either class stays silent on it. WordNet, the tagger's other source, has no
/// countability; a noun's plural in the Hunspell dictionary does not tell it either (“waters”,
/// “times”, “works” are all there). Built once per machine and kept in the cache folder
/// (``CacheFile``): a process loads two word tables, it does not parse the dictionary.
public struct NounCountability: Sendable {
    /// Nouns that can be countable (take “a/an” in the singular).
    public let countable: WordSet
    /// Nouns that can be mass nouns (stand without a determiner in the singular).
    public let mass: WordSet

    /// The Debian folder of the English dictionary.
    static let debianFolder = "/usr/share/link-grammar/en"

    /// The classes from Debian's files, from the cache when built before; empty when
    /// `link-grammar-dictionaries-en` is not installed (every noun unknown).
    public static let shared: NounCountability = load(folder: debianFolder, cacheDirectory: SpellingSuggester.defaultCacheDirectory)

    /// True when `word` (lowercase, singular) can be a countable noun.
    public func isCountable(_ word: String) -> Bool { countable.contains(word) }
    /// True when `word` (lowercase, singular) can be a mass noun.
    public func isMass(_ word: String) -> Bool { mass.contains(word) }

    // MARK: - Reading the dictionary

    /// The classes read from the dictionary in `folder` (`4.0.dict` and `words/`); empty when it
    /// is missing.
    static func parse(folder: String) -> NounCountability {
        guard let dict = try? String(contentsOfFile: folder + "/4.0.dict", encoding: .utf8) else {
            return NounCountability(countable: [], mass: [])
        }
        var countable = Set<String>(), mass = Set<String>()
        // Comments run from `%` to the end of the line; a definition is `words: expression;`.
        var text = ""
        text.reserveCapacity(dict.utf8.count)
        for line in dict.lines() {
            if let p = line.firstIndex(of: "%") { text += line[..<p] } else { text += line }
            text += "\n"
        }
        for definition in text.split(separator: ";") {
            guard let colon = Self.definitionColon(definition) else { continue }
            let words = definition[..<colon].split(whereSeparator: \.isWhitespace)
            let expression = definition[definition.index(after: colon)...]
            let takesMass = Self.massMarks.contains { expression.contains($0) }
            let takesCount = Self.countMarks.contains { expression.contains($0) }
            for written in words {
                if written.hasPrefix("/en/words/") {
                    Self.readList(folder + "/" + written.dropFirst(4), countable: &countable, mass: &mass)
                    continue
                }
                guard let (word, suffix) = Self.split(written) else { continue }
                if suffix == "n-u" { mass.insert(word); continue }
                guard suffix == "n" || suffix == "s" else { continue }
                if takesMass { mass.insert(word) }
                if takesCount { countable.insert(word) }
            }
        }
        return NounCountability(countable: WordSet(countable.sorted()), mass: WordSet(mass.sorted()))
    }

    /// Parts of an expression that let a noun stand without a determiner or with a mass one
    /// (`D*u` links to “a” too: such a noun is both).
    static let massMarks = ["D*u", "Dmu", "<noun-to>", "<noun-main-m>", "<noun-main-u>", "<noun-main2-m>", "<mass-", "<noun-mass-count>", "<noun-and-u>"]
    /// Parts of an expression that give a noun a singular count determiner (`D*u` links to
    /// “a”, whose connector is `Ds**c`, as well as to “much”; so does `<noun-to>`, the macro of
    /// “opportunity”, “effort”, “ability”, which holds `D*u`).
    static let countMarks = ["D*u", "<noun-to>", "Ds-", "Ds*", "<Dsc>", "<Dsv>", "<common-noun>", "<common-const-noun>", "<common-vowel-noun>", "<noun-main-s>", "<noun-main2-s>"]

    /// The colon that ends a definition's words (followed by white space; `:` also occurs in
    /// words such as `:-)`).
    static func definitionColon(_ s: Substring) -> Substring.Index? {
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == ":" {
                let next = s.index(after: i)
                if next == s.endIndex || s[next].isWhitespace { return i }
            }
            i = s.index(after: i)
        }
        return nil
    }

    /// `idea.n` → (`idea`, `n`); nil for words without a subscript or with a capital (names).
    static func split(_ written: Substring) -> (String, String)? {
        guard let dot = written.lastIndex(of: "."), dot > written.startIndex, let first = written.first, first.isLowercase else { return nil }
        let word = written[..<dot]
        guard !word.contains("_"), !word.contains("[") else { return nil }
        return (String(word), String(written[written.index(after: dot)...]))
    }

    /// Reads the word list at `path` into the class its name gives.
    static func readList(_ path: String, countable: inout Set<String>, mass: inout Set<String>) {
        // The file's name, after the last “/” (not NSString's path methods: issue 35).
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let isMassList = name.hasPrefix("words.n.3")
        let isCountList = name.hasPrefix("words.n.1") || name == "words.n.t" || name.hasPrefix("entities.prof") || name.hasPrefix("entities.people")
        guard isMassList || isCountList, let list = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        for written in list.split(whereSeparator: \.isWhitespace) {
            guard let (word, suffix) = split(written) else { continue }
            if suffix == "n-u" || isMassList { mass.insert(word) } else if suffix == "n" || suffix == "s" || suffix == "t" { countable.insert(word) }
        }
    }

    // MARK: - The cache

    static let magic: StaticString = "WTCOUNT\0"
    /// Bumped whenever the layout or what ``parse(folder:)`` reads changes.
    static let formatVersion: UInt32 = 2

    /// The classes of the dictionary in `folder`, from `cacheDirectory` when stored there before
    /// (keyed on the files' identities and the executable's), else parsed and stored.
    static func load(folder: String, cacheDirectory: URL?) -> NounCountability {
        guard FileManager.default.fileExists(atPath: folder + "/4.0.dict") else { return NounCountability(countable: [], mass: []) }
        guard let dir = cacheDirectory else { return parse(folder: folder) }
        let key = CacheFile.hash("\(formatVersion)\n\(CacheFile.executableIdentity)\n\(CacheFile.identity(of: folder + "/4.0.dict"))\n"
                                 + "\(CacheFile.identity(of: folder + "/words"))\n\(SmallStringKey.isAvailable)")
        let url = dir.appendingPathComponent("countability-en-" + String(key, radix: 16) + ".idx")
        if let cached = CacheFile.read(url, magic: magic, version: formatVersion, key: key, { reader -> NounCountability? in
            guard let countable = WordClassesCache.readTable(&reader), let mass = WordClassesCache.readTable(&reader) else { return nil }
            return NounCountability(countable: WordSet(table: countable), mass: WordSet(table: mass))
        }) {
            return cached
        }
        let built = parse(folder: folder)
        var writer = CacheFile.Writer()
        WordClassesCache.write(built.countable.storedTable.parts, to: &writer)
        WordClassesCache.write(built.mass.storedTable.parts, to: &writer)
        CacheFile.write(writer.file(magic: magic, version: formatVersion, key: key), to: url, prefix: "countability-en-", suffix: ".idx")
        return built
    }
}
