import Foundation

/// Word classes read from the Hunspell dictionary's affix flags, for rules that need to know
/// whether a word is a noun or a verb form.
///
/// The en-US dictionary (SCOWL) marks nouns with the possessive flag `M` (`desk/SM`), verbs
/// with `D` (-ed) and `G` (-ing), plurals and third persons with `S`, adverbs in -ly with `Y`
/// and comparatives with `R`/`T`. The flags are only a signal: `file/CAKGDS` is a noun without
/// `M`, `car/SMDRZG` is a noun with verb flags. Rules use them to stay precise, not to decide
/// alone.
final class WordClasses: Sendable {
    /// Flags of each dictionary entry (lowercased; the union when a word has several entries).
    /// The affix flags of one dictionary entry: one bit per ASCII letter flag (`A`–`Z`,
    /// `a`–`z`), so that loading the 49k-entry dictionary stays cheap.
    struct FlagSet: Sendable, Equatable {
        var bits: UInt64 = 0
        @inline(__always)
        private static func bit(_ c: Unicode.Scalar) -> UInt64 {
            let a = c.value
            if a >= 65 && a <= 90 { return 1 << UInt64(a - 65) }
            if a >= 97 && a <= 122 { return 1 << UInt64(a - 97 + 26) }
            return 0
        }
        mutating func insert(byte a: UInt8) {
            if a >= 65 && a <= 90 { bits |= 1 << UInt64(a - 65) } else if a >= 97 && a <= 122 { bits |= 1 << UInt64(a - 97 + 26) }
        }
        /// True when the entry carries flag `c` (an ASCII letter).
        @inline(__always)
        func contains(_ c: Unicode.Scalar) -> Bool { bits & Self.bit(c) != 0 }
        /// True when the entry carries none of the flags in `cs` (ASCII letters).
        func isDisjoint(with cs: StaticString) -> Bool {
            cs.withUTF8Buffer { b in b.allSatisfy { !contains(Unicode.Scalar($0)) } }
        }
    }

    private let flags: WordMap<FlagSet>

    /// ``prefixes`` and ``prefixInitials``, held by the instance so that every lookup does not
    /// pay for the lazy initialisation check of a `static let`.
    private let prefixList = WordClasses.prefixes
    private let prefixInitialBits = WordClasses.prefixInitials

    /// The dictionary file the classes were read from.
    let dictionaryPath: String

    /// The dictionary's entries without capitals that Hunspell accepts as they are: all but
    /// those flagged `ONLYINCOMPOUND`, `NEEDAFFIX` or `FORBIDDENWORD` in the affix file (en-US:
    /// the ordinal stems `1th/tc`). A lowercase word found here is correct without asking
    /// Hunspell (``SpellingRule`` turns most words away with it: a lookup without a lock).
    let standaloneEntries: WordSet

    /// The entries' flags (for ``WordClassesCache``).
    var storedFlags: WordMap<FlagSet> { flags }

    init(flags: WordMap<FlagSet>, dictionaryPath: String, standaloneEntries: WordSet) {
        self.flags = flags
        self.dictionaryPath = dictionaryPath
        self.standaloneEntries = standaloneEntries
    }

    /// ``standaloneEntries`` when the classes were read from `speller`'s own dictionary (not
    /// the en-US one lent to another English dictionary); nil otherwise.
    func standaloneEntries(of speller: any Speller) -> WordSet? {
        guard let hunspell = speller as? HunspellSpeller, hunspell.dictionaryPath == dictionaryPath else { return nil }
        return standaloneEntries
    }

    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var byPath: [String: WordClasses?] = [:]
    }
    private static let cache = Cache()

    /// The word classes of `speller`'s dictionary, loaded once per dictionary file; nil when
    /// the speller is not a Hunspell speller. An English dictionary whose affix file does not use
    /// the SCOWL flags (Debian's en-GB one has flags of its own) gets the classes of the en-US
    /// dictionary: the morphology of the words both dialects share is the same, and without it
    /// every rule that needs a word's class would stay silent in British English.
    static func of(_ speller: any Speller) -> WordClasses? {
        guard let hunspell = speller as? HunspellSpeller else { return nil }
        let path = hunspell.dictionaryPath
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let known = cache.byPath[path] { return known }
        let cacheDirectory = SpellingSuggester.defaultCacheDirectory
        var loaded = WordClassesCache.classes(dictionaryPath: path, affixPath: hunspell.affixPath, cacheDirectory: cacheDirectory)
        if loaded == nil, hunspell.language.lowercased().hasASCIIPrefix("en") {
            for dir in HunspellSpeller.searchPaths {
                let dic = "\(dir)/en_US.dic", aff = "\(dir)/en_US.aff"
                guard dic != path, FileManager.default.fileExists(atPath: dic) else { continue }
                if let known = cache.byPath[dic] { loaded = known } else {
                    loaded = WordClassesCache.classes(dictionaryPath: dic, affixPath: aff, cacheDirectory: cacheDirectory)
                    cache.byPath[dic] = loaded
                }
                break
            }
        }
        cache.byPath[path] = loaded
        return loaded
    }

    /// True when the affix file's text `aff` uses the SCOWL flags (`M` is the possessive suffix).
    static func hasSCOWLFlags(_ aff: String) -> Bool { aff.contains("SFX M   0     's") }

    /// Reads `dictionaryPath` when `affixPath` defines `M` as the possessive suffix (see
    /// ``WordClassesCache`` for the cached form a process loads).
    static func load(dictionaryPath: String, affixPath: String) -> WordClasses? {
        guard let aff = try? String(contentsOfFile: affixPath, encoding: .utf8), hasSCOWLFlags(aff) else { return nil }
        // Flags that keep an entry from standing alone, as one-letter flags (other flag
        // formats: no entry is taken as standing alone).
        var restricting = FlagSet()
        // KEEPCASE entries keep their case: with one, a capitalised form is not taken as known
        // from its entry (``SpellingRule/isStandaloneEntry(_:_:_:)``); none are standalone then.
        var restrictionsReadable = !aff.contains("\nFLAG ") && !aff.contains("\nKEEPCASE ")
        for line in aff.split(whereSeparator: \.isNewline) {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count >= 2, ["ONLYINCOMPOUND", "NEEDAFFIX", "PSEUDOROOT", "FORBIDDENWORD"].contains(String(f[0])) else { continue }
            let flag = f[1].utf8
            if flag.count == 1, let c = flag.first, (c >= 65 && c <= 90) || (c >= 97 && c <= 122) { restricting.insert(byte: c) } else { restrictionsReadable = false }
        }
        // One hash look-up per entry (a process pays for this at start): each distinct word's
        // position in `words`, its flags there, and whether it is in `standalone` yet.
        var position: [String: Int] = [:]
        position.reserveCapacity(60_000)
        var words: [String] = []
        var flags: [FlagSet] = []
        var isStandalone: [Bool] = []
        words.reserveCapacity(60_000)
        flags.reserveCapacity(60_000)
        isStandalone.reserveCapacity(60_000)
        var standalone: [String] = []
        // Capitalised entries (`Book/MR`, a name) count only for words without a lowercase
        // entry, so that a name's flags do not change the class of a common word.
        var capitalised: [String: FlagSet] = [:]
        var capitalisedOrder: [String] = []
        let read = DictionaryEntries.forEach(dictionaryPath: dictionaryPath) { wordBytes, flagBytes in
            var f = FlagSet()
            for byte in flagBytes { f.insert(byte: byte) }
            let word = String(decoding: wordBytes, as: UTF8.self)
            var asciiUpper = false, nonASCII = false
            for b in wordBytes {
                if b >= 65 && b <= 90 { asciiUpper = true } else if b >= 0x80 { nonASCII = true }
            }
            if !asciiUpper {
                let p: Int
                if let known = position[word] {
                    p = known
                    flags[p].bits |= f.bits
                } else {
                    p = words.count
                    position[word] = p
                    words.append(word)
                    flags.append(f)
                    isStandalone.append(false)
                }
                // (An ASCII word without capitals is its own lowercase form.)
                if restrictionsReadable, !isStandalone[p], f.bits & restricting.bits == 0, !nonASCII || word == word.lowercased() {
                    isStandalone[p] = true
                    standalone.append(word)
                }
            } else {
                let lower = word.lowercased()
                if let known = capitalised[lower] {
                    capitalised[lower] = FlagSet(bits: known.bits | f.bits)
                } else {
                    capitalised[lower] = f
                    capitalisedOrder.append(lower)
                }
            }
        }
        guard read else { return nil }
        for word in capitalisedOrder where position[word] == nil {
            words.append(word)
            flags.append(capitalised[word]!)
        }
        return WordClasses(flags: WordMap(uniqueKeys: words, values: flags), dictionaryPath: dictionaryPath,
                           standaloneEntries: WordSet(uniqueWords: standalone))
    }

    /// Prefixes of the en-US affix file and their flags (`context` is `con` + `text/F`).
    private static let prefixes: [(StaticString, Unicode.Scalar)] = [("re", "A"), ("in", "I"), ("un", "U"), ("de", "C"), ("dis", "E"), ("con", "F"), ("pro", "K")]
    /// Bit `c - 0x60` set for the first letter `c` of each of ``prefixes`` (lowercase ASCII).
    private static let prefixInitials: UInt32 = prefixes.reduce(0) { $0 | 1 << UInt32($1.0.utf8Start[0] - 0x60) }

    /// The flags of `word` (lowercased): its own entry's, or those of the entry it is built from
    /// with a prefix (`context` ← `text`); nil when the dictionary has neither.
    func entry(_ word: String) -> FlagSet? {
        if let fast = Self.withASCII(word, { entry(ascii: $0) }) { return fast }
        if let f = flags[word] { return f }
        for (prefix, flag) in Self.prefixes where word.hasPrefix(prefix.description) && word.count > prefix.utf8CodeUnitCount + 2 {
            if let f = flags[String(word.dropFirst(prefix.utf8CodeUnitCount))], f.contains(flag) { return f }
        }
        return nil
    }

    /// ``entry(_:)`` of an ASCII word given by its bytes (no `String` made): the same answer,
    /// since for ASCII text characters are bytes.
    private func entry(ascii b: UnsafeBufferPointer<UInt8>) -> FlagSet? {
        if let f = flags.value(forBytes: b) { return f }
        let n = b.count
        guard n > 4, b[0] >= 0x60, b[0] < 0x80, prefixInitialBits & (1 << UInt32(b[0] - 0x60)) != 0 else { return nil }
        for (prefix, flag) in prefixList where n > prefix.utf8CodeUnitCount + 2 && Self.hasPrefix(b, prefix) {
            if let f = flags.value(forBytes: UnsafeBufferPointer(rebasing: b[prefix.utf8CodeUnitCount...])), f.contains(flag) { return f }
        }
        return nil
    }

    /// True when `b` starts with `prefix`'s bytes.
    @inline(__always)
    private static func hasPrefix(_ b: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { p in
            guard b.count >= p.count else { return false }
            for k in 0..<p.count where b[k] != p[k] { return false }
            return true
        }
    }

    /// True when `b` is `word`'s bytes.
    @inline(__always)
    private static func equals(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        b.count == word.utf8CodeUnitCount && hasPrefix(b, word)
    }

    /// True when `b` ends with `suffix`'s bytes.
    @inline(__always)
    private static func hasSuffix(_ b: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        suffix.withUTF8Buffer { p in
            guard b.count >= p.count else { return false }
            let o = b.count - p.count
            for k in 0..<p.count where b[o + k] != p[k] { return false }
            return true
        }
    }

    /// `body` over `word`'s UTF-8 bytes when they are all ASCII; nil otherwise (the caller then
    /// takes its `String` path, which handles any text).
    @inline(__always)
    private static func withASCII<R>(_ word: String, _ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R?? {
        let answer: R?? = word.utf8.withContiguousStorageIfAvailable { b -> R?? in
            for x in b where x >= 0x80 { return .none }
            return .some(body(b))
        } ?? .none
        return answer
    }

    /// `body` over a copy of `b` less its last `drop` bytes plus `append`'s bytes (on the stack).
    @inline(__always)
    private static func withVariant<R>(_ b: UnsafeBufferPointer<UInt8>, dropping drop: Int, appending append: UInt8? = nil,
                                       _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let keep = b.count - drop
        guard let append else { return body(UnsafeBufferPointer(rebasing: b[0..<keep])) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keep + 1) { buffer in
            for k in 0..<keep { buffer[k] = b[k] }
            buffer[keep] = append
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// True when `word` (lowercased) is an entry marked as a noun (`M`).
    func isSingularNoun(_ word: String) -> Bool { entry(word)?.contains("M") == true }

    /// ``singular(ofPlural:)`` of an ASCII word by its bytes: how many bytes to drop, and
    /// whether a `y` then ends the singular (`cities` → `city`).
    private func singularStem(ascii b: UnsafeBufferPointer<UInt8>) -> (drop: Int, y: Bool)? {
        let n = b.count
        guard n > 3, b[n - 1] == 0x73, b[n - 2] != 0x73 else { return nil }
        // The candidates in the order of the `String` path: less `s`, less `es`, `ies` → `y`.
        func isPluralNoun(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let f = entry(ascii: c) else { return false }
            return f.contains("S") && f.contains("M")
        }
        if Self.withVariant(b, dropping: 1, isPluralNoun) { return (1, false) }
        if b[n - 2] == 0x65 {
            if Self.withVariant(b, dropping: 2, isPluralNoun) { return (2, false) }
            if b[n - 3] == 0x69, Self.withVariant(b, dropping: 3, appending: 0x79, isPluralNoun) { return (3, true) }
        }
        return nil
    }

    /// True when `a` followed by `b` is a word of the dictionary or the plural of a noun entry
    /// (``entry(_:)`` or ``singular(ofPlural:)`` of `a + b`); for ASCII words without making
    /// the joined string.
    func isEntryOrPlural(joining a: String, _ b: String) -> Bool {
        let fast = Self.withASCII(a) { x in
            Self.withASCII(b) { y -> Bool? in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: x.count + y.count) { buffer in
                    for k in 0..<x.count { buffer[k] = x[k] }
                    for k in 0..<y.count { buffer[x.count + k] = y[k] }
                    let joined = UnsafeBufferPointer(buffer)
                    return entry(ascii: joined) != nil || singularStem(ascii: joined) != nil
                }
            } ?? nil
        }
        if let fast, let answer = fast { return answer }
        let joined = a + b
        return entry(joined) != nil || singular(ofPlural: joined) != nil
    }

    /// The singular of `word` (lowercased) when it is the plural of a noun entry
    /// (`logs` → `log`, `boxes` → `box`, `cities` → `city`).
    func singular(ofPlural word: String) -> String? {
        if let fast = Self.withASCII(word, { b -> String? in
            guard let stem = singularStem(ascii: b) else { return nil }
            let base = String(decoding: b[0..<(b.count - stem.drop)], as: UTF8.self)
            return stem.y ? base + "y" : base
        }) { return fast }
        guard word.hasASCIISuffix("s"), !word.hasASCIISuffix("ss"), word.count > 3 else { return nil }
        var candidates = [String(word.dropLast())]
        if word.hasASCIISuffix("es") { candidates.append(String(word.dropLast(2))) }
        if word.hasASCIISuffix("ies") { candidates.append(String(word.dropLast(3)) + "y") }
        return candidates.first { c in
            guard let f = entry(c) else { return false }
            return f.contains("S") && f.contains("M")
        }
    }

    /// True when `word` is a noun entry or the plural of one.
    func isNoun(_ word: String) -> Bool { isSingularNoun(word) || singular(ofPlural: word) != nil }

    /// True when `word` (lowercased) is the superlative of an adjective: its base takes `-est`
    /// (`T`: `greatest` ← `great`, `largest` ← `large`, `happiest` ← `happy`), or it is an entry
    /// of its own built on a doubled consonant (`biggest` ← `big`, `hottest` ← `hot`).
    func isSuperlative(_ word: String) -> Bool {
        guard word.hasASCIISuffix("est"), word.utf8.count > 4 else { return false }
        // An entry of its own that takes adjective or verb endings is a word in its own right
        // (`honest/EYT`, `earnest/SMYP`, `modest/Y`, `forest/AECGDS`), whatever its stem's flags.
        if let own = flags[word], !own.isDisjoint(with: "TYERPDG") { return false }
        let stem = String(word.dropLast(3))
        if entry(stem)?.contains("T") == true || entry(stem + "e")?.contains("T") == true { return true }
        if stem.hasASCIISuffix("i"), entry(String(stem.dropLast()) + "y")?.contains("T") == true { return true }
        let letters = Array(stem.utf8)
        if letters.count >= 3, letters[letters.count - 1] == letters[letters.count - 2], flags[word] != nil {
            return entry(String(stem.dropLast())) != nil
        }
        return false
    }

    /// True when the entry of `word` reads as an adjective: it takes `-est` (`T`), or `-er` or
    /// `-ly` (`R`, `Y`) without being a verb (`D`, `G`): `light`, `late`, not `name` (namely,
    /// namer, named).
    func isAdjectiveLike(_ word: String) -> Bool {
        guard let f = entry(word) else { return false }
        if f.contains("T") { return true }
        return (f.contains("R") || f.contains("Y")) && !f.contains("D") && !f.contains("G")
    }

    /// True when `word` is a noun only: a noun entry (or its plural) whose base has no verb
    /// flags (`D`, `G`) and no adjective or adverb flags (`R`, `T`, `Y`, `P`).
    func isPureNoun(_ word: String) -> Bool {
        let base = isSingularNoun(word) ? word : singular(ofPlural: word)
        guard let base, let f = entry(base) else { return false }
        return f.isDisjoint(with: "DGRTYP")
    }

    /// True when `word` ends in -ing and comes from a verb entry with the `G` flag
    /// (`maddening` ← `madden`, `making` ← `make`, `running` ← `run`).
    func isPresentParticiple(_ word: String) -> Bool {
        guard word.hasASCIISuffix("ing"), word.count > 5 else { return false }
        let stem = String(word.dropLast(3))
        var candidates = [stem, stem + "e"]
        if let last = stem.last, stem.dropLast().last == last { candidates.append(String(stem.dropLast())) }
        return candidates.contains { entry($0)?.contains("G") == true }
    }

    /// The verb an -ing form comes from (`making` → `make`, `running` → `run`, `going` → `go`,
    /// `doing` → `do`): a dictionary entry with the `G` flag; nil for other words (`thing`,
    /// `bring`, `morning`) and for `being`.
    func verbBase(ofPresentParticiple word: String) -> String? {
        if word == "going" { return "go" }
        if word == "doing" { return "do" }
        guard word.hasASCIISuffix("ing"), word.count > 5 else { return nil }
        let stem = String(word.dropLast(3))
        var candidates: [String] = []
        // “running” → “run” before “runn”; “making” → “make”; “seeing” → “see”.
        if let last = stem.last, stem.dropLast().last == last, !"lse".contains(last) { candidates.append(String(stem.dropLast())) }
        candidates.append(stem)
        candidates.append(stem + "e")
        if stem.hasASCIISuffix("y") { candidates.append(String(stem.dropLast()) + "ie") }
        // An irregular verb whose -ing form is an entry of its own (`running`, `taking`).
        return candidates.first { entry($0)?.contains("G") == true }
            ?? (entry(word) != nil ? candidates.first { Lexicon.irregularBases.contains($0) } : nil)
    }

    /// True when `word` ends in -ed and comes from a verb entry with the `D` flag
    /// (`used` ← `use`, `stopped` ← `stop`, `copied` ← `copy`).
    func isPastParticiple(_ word: String) -> Bool {
        guard word.hasASCIISuffix("ed"), word.count > 4 else { return false }
        let stem = String(word.dropLast(2))
        var candidates = [stem, String(word.dropLast())]
        if let last = stem.last, stem.dropLast().last == last { candidates.append(String(stem.dropLast())) }
        if stem.hasASCIISuffix("i") { candidates.append(String(stem.dropLast()) + "y") }
        return candidates.contains { entry($0)?.contains("D") == true }
    }
}

extension WordClasses {
    /// Third-person forms whose base is irregular.
    static let irregularThirdPerson: [String: String] = ["has": "have", "does": "do", "goes": "go", "is": "be"]

    /// The base form of a verb's third person singular (`barks` → `bark`, `watches` → `watch`,
    /// `tries` → `try`, `has` → `have`): the base must be a dictionary entry with the plural /
    /// third-person flag `S` and a verb flag (`D` or `G`).
    func verbBase(ofThirdPerson word: String) -> String? { verbBase(ofThirdPerson: word, includingDoubled: true) }

    /// ``verbBase(ofThirdPerson:)``; with `includingDoubled` false, only entries with verb flags
    /// of their own count (not `swim/MS` by its `swimming`: a rule asking whether a plural noun
    /// such as “dogs” might be a verb wants the noun reading first).
    func verbBase(ofThirdPerson word: String, includingDoubled doubled: Bool) -> String? {
        if let fast = Self.withASCII(word, { b -> String? in
            let n = b.count
            // `is`, `has`, `does`, `goes` (``irregularThirdPerson``).
            if n <= 4, n >= 2 {
                if Self.equals(b, "is") { return "be" }
                if Self.equals(b, "has") { return "have" }
                if Self.equals(b, "does") { return "do" }
                if Self.equals(b, "goes") { return "go" }
            }
            guard n > 3, b[n - 1] == 0x73, b[n - 2] != 0x73, b[n - 2] != 0x75, b[n - 2] != 0x69 else { return nil }
            // The candidates in the order of the `String` path below.
            func isVerb(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
                guard let f = entry(ascii: c), f.contains("S") && (f.contains("D") || f.contains("G") || doubled && hasDoubledInflection(c)) else { return false }
                // “-es” only after a sibilant or “o”.
                if c.count == n - 2 { let l = c[c.count - 1]; return l == 0x73 || l == 0x78 || l == 0x7A || l == 0x68 || l == 0x6F }
                return true
            }
            // `-ies` after a consonant stands for `y` (`tries` ← `try`), whatever comes before it.
            func isVerbInY(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
                guard let f = entry(ascii: c) else { return false }
                return f.contains("S") && (f.contains("D") || f.contains("G"))
            }
            if b[n - 2] == 0x65 {
                if b[n - 3] == 0x69, Self.withVariant(b, dropping: 3, appending: 0x79, isVerbInY) {
                    return String(decoding: b[0..<(n - 3)], as: UTF8.self) + "y"
                }
                if Self.withVariant(b, dropping: 2, isVerb) { return String(decoding: b[0..<(n - 2)], as: UTF8.self) }
                // “-sses”, “-shes”, “-ches”, “-xes”, “-zzes” add “-es” to a sibilant: the stem is the
                // base whenever it is an entry, with verb flags or not (en_US has `pass/M` and
                // `passe/…V`: “passes” is no form of “passe”).
                if n >= 5, Self.withVariant(b, dropping: 2, { c in
                    let m = c.count, l = c[m - 1], k = c[m - 2]
                    let sibilant = l == 0x78 || (l == 0x73 && k == 0x73) || (l == 0x68 && (k == 0x73 || k == 0x63)) || (l == 0x7A && k == 0x7A)
                    return sibilant && entry(ascii: c) != nil
                }) { return String(decoding: b[0..<(n - 2)], as: UTF8.self) }
            }
            if Self.withVariant(b, dropping: 1, isVerb) { return String(decoding: b[0..<(n - 1)], as: UTF8.self) }
            return nil
        }) { return fast }
        if let irregular = Self.irregularThirdPerson[word] { return irregular }
        guard word.hasASCIISuffix("s"), !word.hasASCIISuffix("ss"), !word.hasASCIISuffix("us"), !word.hasASCIISuffix("is"), word.count > 3 else { return nil }
        var candidates: [String] = []
        if word.hasASCIISuffix("ies") { candidates.append(String(word.dropLast(3)) + "y") }
        if word.hasASCIISuffix("es") { candidates.append(String(word.dropLast(2))) }
        candidates.append(String(word.dropLast()))
        return candidates.enumerated().first { k, c in
            guard let f = flags(of: c) else { return false }
            guard f.contains("S") && (f.contains("D") || f.contains("G") || doubled && Self.withASCII(c, { hasDoubledInflection($0) }) == true) else { return false }
            // `-ies` for `y` (`tries`); “-es” only after a sibilant or “o” (`watches`, `goes`), “-s” otherwise.
            if k == 0, word.hasASCIISuffix("ies") { return true }
            if c.count == word.count - 2 { return (c.last.map(String.init) ?? "").isAny(of: "s", "x", "z", "h", "o") }
            return true
        }?.element
    }

    /// True when the ASCII word `c` ends in a vowel and a consonant and the dictionary lists its
    /// inflections with the consonant doubled (`swimming`, `dropped`): en_US gives such verbs
    /// (`swim/MS`, `drop/MS`, `stop/US`) no `D` or `G` of their own, their `-ing` and `-ed`
    /// forms being entries apart.
    func hasDoubledInflection(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = c.count
        guard n >= 2, n <= 12 else { return false }
        func isVowel(_ u: UInt8) -> Bool { u == 0x61 || u == 0x65 || u == 0x69 || u == 0x6F || u == 0x75 }
        let last = c[n - 1]
        guard last >= 0x61, last <= 0x7A, !isVowel(last), last != 0x77, last != 0x78, last != 0x79, isVowel(c[n - 2]) else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + 4) { buffer in
            for k in 0..<n { buffer[k] = c[k] }
            buffer[n] = last
            buffer[n + 1] = 0x69; buffer[n + 2] = 0x6E; buffer[n + 3] = 0x67  // "ing"
            if entry(ascii: UnsafeBufferPointer(rebasing: buffer[0..<(n + 4)])) != nil { return true }
            buffer[n + 1] = 0x65; buffer[n + 2] = 0x64  // "ed"
            return entry(ascii: UnsafeBufferPointer(rebasing: buffer[0..<(n + 3)])) != nil
        }
    }

    /// The flags of `word`'s own entry (no prefix derivation).
    func flags(of word: String) -> FlagSet? { entry(word) }

    /// True when `word` is a verb's base form in the dictionary: an entry with `D` or `G`, or a
    /// prefixed word whose base has them with the prefix's flag (`restart` from `start/ASMDG`).
    func isVerbBase(_ word: String) -> Bool {
        guard let f = entry(word) else { return false }
        if f.contains("D") || f.contains("G") { return true }
        // A prefixed verb the dictionary also lists on its own for another suffix only
        // (`restart/B`, while `start/ASMDG` makes “restart” with its `A`): the base's verb flags.
        for (prefix, flag) in Self.prefixes where word.hasPrefix(prefix.description) && word.utf8.count > prefix.utf8CodeUnitCount + 2 {
            if let base = flags[String(word.dropFirst(prefix.utf8CodeUnitCount))], base.contains(flag), base.contains("D") || base.contains("G") {
                return true
            }
        }
        return false
    }
}
