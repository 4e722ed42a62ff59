import Foundation
import TextModel
import Synchronization

/// Words the Hunspell dictionary lacks that English and software writing use, read from
/// well-kept sources on the machine, in two layers ``HunspellSpeller/isCorrect(_:)`` consults
/// after Hunspell says no:
///
/// - **Derived words** (``Layer/derived``): words of SCOWL up to size 80 (Debian's `scowl`
///   package, the size `wamerican-huge` ships) formed from a word Hunspell knows with a
///   derivational suffix (`reusability` ← `reusable`, `initializers` ← `initialize`,
///   `licensors` ← `license`, `cleanup`s are in the list itself). The list alone is not
///   accepted: measured on the dev spelling set, SCOWL 70 (`wamerican-large`) holds 14 of its
///   2,373 non-word misspellings, SCOWL 80 (`-huge`) 60 and SCOWL 95 (`-insane`) 189
///   (`accomodate`, `occurence`): each would bring detection under 99.5 %. Gated by the
///   morphology, SCOWL 80 accepts a handful, all real variants (see `Benchmarks/README-tech-docs.md`).
///   An agent noun in `-er` whose `-or` form is a word (`inventer`, `processer`) and an
///   `-eable` whose `-able` form is (`debateable`) are left out.
/// - **Technical names** (``Layer/technical``): Debian package names (`/var/lib/dpkg/status`
///   and, when apt's lists are there, `apt-cache pkgnames`), the commands in `/usr/bin`,
///   `/usr/sbin`, `/bin`, the man pages' names (`/usr/share/man/man*`, but for the C interfaces
///   of sections 2 and 3: `creat` is a learner's `create` as often) and the parts of their
///   hyphenated names (`deb-postinst`: `postinst`, `conffiles`) and the modules of the
///   Python standard library (`/usr/lib/python3.*`): `coreutils`, `zstd`, `sysconfig`; and the
///   functions the C library exports (``LibrarySymbols``: `fsync`, `statx`, `strftime`, whether
///   or not the manual pages of sections 2 and 3 are installed; not `creat`, a common word with
///   a letter left out); and the builtins, reserved words and option names of the installed
///   shells (``ShellWords``: `shopt`, `setopt`, `esac`, `pipefail`); and the names of the
///   shared libraries in the dynamic linker's folders (`libcrypto.so.3`, `libmount.so.1`:
///   `libcrypto`, `libmount`, `libgcrypt`, as release notes and manual pages name them); and the
///   words of the installed C headers' identifiers used in three header files or more
///   (``HeaderIdentifiers``: `scanline`, `colormap`, `punycode`, `netlink`, `ciphersuite`), but
///   for common slips (a letter added, left out, swapped, or changed in a short word; two words
///   one of which is of two letters: `upto`) and any word of SCOWL (another dialect's `licence`,
///   a name or an abbreviation in lowercase: `linux`, `pdf`); with the
///   plural of any technical name the dictionary lacks (`coredumps`, `libcrypts`); and, as parts of
///   installed packages' names (``Layer/packagePart``), the libraries those packages are named for
///   (`libcairo2`, `libfribidi0`, `zlib1g`: `cairo`, `fribidi`, `zlib`). Only names of lowercase
///   letters, three or more (commands and man pages of sections 1 and 8 from two: `df`, `wc`), and no package or module name that is two common
///   words run together (`alot`, `lightyears` are package names and common slips) unless a
///   package installed here is named so, whole or as a part of its hyphenated name (`readline`
///   of `readline-common`, `ncurses` of `ncurses-base`), and no name
///   that is a common word with two letters swapped (`tset`, a command, is `test` typed fast):
///   accepted as written or capitalised, and inflected as a verb when the dictionary has no
///   verb of it (`statted`, `grepped`: ``technicalVerbStem(of:isTechnical:isKnown:)``).
/// - **Package names** (``Layer/packageName``): the names apt knows that the technical layer
///   leaves out (`automake`, the parts of hyphenated names): not accepted, never changed
///   unattended.
///
/// A command layer (``Layer/command``) marks the installed commands' names, for the rules that
/// treat a command's name apart (a sentence may start with `tar` in lowercase).
///
/// A third flag, ``Layer/listed``, marks every word of SCOWL up to size 95: not accepted, but a
/// plausible word whose spelling guess ``SpellingRule`` does not apply unattended.
///
/// Built once from its sources and cached (``cacheDirectory``, keyed by the sources' sizes and
/// modification times, as ``SpellingIndexCache`` does); the cache file is memory-mapped and
/// searched in place (a hash table of entries), so loading adds nothing measurable to start-up.
final class VocabularyLayers: Sendable {
    /// Which layer a word belongs to (bit flags: a word may be in both).
    struct Layer: OptionSet, Sendable {
        let rawValue: UInt16
        /// A word of the large word list with a derivational suffix.
        static let derived = Layer(rawValue: 1)
        /// A package, command, man page or module name.
        static let technical = Layer(rawValue: 2)
        /// A word of SCOWL up to size 95 (`wamerican-insane`'s size), in lowercase: not accepted
        /// (the lists hold common misspellings: `accomodate`), but a plausible word, whose
        /// spelling guess is never applied unattended (`recurse`, `undefine`, `archiver`).
        static let listed = Layer(rawValue: 4)
        /// An installed command: an executable of ``Sources/commandFolders`` named by two
        /// lowercase ASCII letters or more (`tar`, `zip`, `df`), whatever else it is (`make`,
        /// `unzip` are words too). Read by ``UppercaseSentenceStartRule``: a sentence may start
        /// with a command's name, which keeps its case.
        static let command = Layer(rawValue: 8)
        /// A spelling variant of the checked dialect that SCOWL counts as almost equal to the
        /// main one (its `variant_1` lists up to size 70, Debian's `scowl`: `acknowledgement`,
        /// `ageing`, `cancelled` in American English, where Merriam-Webster gives both forms).
        /// Accepted. Not `variant_2` (“generally considered acceptable”): it holds 9 to 17 of
        /// the dev spelling set's misspellings (`miniscule`, `dependance`, `heros`); `variant_1`
        /// of any size holds none.
        static let variant = Layer(rawValue: 16)
        /// A proper name of SCOWL's lists of any size (`english-proper-names.95` and the
        /// dialect's: `Matteo`, `Giulia`, `Siobhan`, `Yann`), as written: a capital and lowercase
        /// letters. Not accepted (the largest sizes hold misspellings: `Teh` is a surname there),
        /// but evidence that a capitalised unknown word is a name, whose guess should not be a
        /// common word (``SpellingRule``: “Matteo” is not offered “Matter”).
        static let properName = Layer(rawValue: 32)
        /// A name of a package apt knows (`apt-cache pkgnames`, not installed) that the
        /// technical layer leaves out: two common words run together (`automake`, `alot`) or a
        /// part of a hyphenated name (`ncurses` of `ncurses-base`, `juce` of `juce-tools`). Not
        /// accepted (the dev spelling set's `alot`, `juce` and `cak` are among them), but a
        /// plausible word of the domain, whose guess is never applied unattended (`automake` is
        /// no slip of “automate”).
        static let packageName = Layer(rawValue: 64)
        /// A part of the hyphenated name of a package installed here (`ncurses` of
        /// `ncurses-base`, `readline` of `readline-common`): accepted, but for the lowercase
        /// form of a word the dictionary writes with capitals (`linux`, `api`: “Linux”, “API”),
        /// a casing slip.
        static let packagePart = Layer(rawValue: 128)
        /// A word of the installed manual pages' text (sections 1, 5, 7 and 8: commands, file
        /// formats, overviews) that enough pages use to be a word of the domain
        /// (``Sources/manualWordPages``): `relocations`, `nameserver`, `commandline`, `errno`,
        /// `netgroup`, `pathspec`, `testsuite`. Accepted. A common slip of a common word
        /// (`frome`, `dyas`), another dialect's spelling (`behaviour`) and a short word one letter
        /// from a common one (`suid`, `goog`) need more than any page count gives them, and are
        /// at most ``manualMention``.
        static let manualWord = Layer(rawValue: 256)
        /// A word three manual pages or more use that ``manualWord`` leaves out (`suid`, `kqueue`,
        /// `rpath`): not accepted, but a plausible word of the domain, whose spelling guess is
        /// never applied unattended (`suid` is no slip of “said”).
        static let manualMention = Layer(rawValue: 512)
        /// The lowercase form of an abbreviation SCOWL lists in capitals (its `abbreviations`
        /// lists of the dialect, any size: `GUI`, `EFI`, `JMP`, `UID`, `IAM`), two to five
        /// letters: an initialism, which technical writing often types in lowercase (“the efi
        /// partition”, “a jmp instruction”). Not accepted; read by ``LowercaseInitialisms``.
        static let initialism = Layer(rawValue: 1024)
    }

    /// The mapped table (see ``Table``), or nil when no source could be read.
    private let table: Table?

    /// Layers over `table` (``stale(dictionaryCode:cacheDirectory:)``).
    private init(table: Table) { self.table = table }

    /// The cache file of the layers built from `sources` for `dictionaryCode` in `directory`.
    static func cacheURL(dictionaryCode: String, directory: URL, sources: Sources) -> URL {
        let hash = SpellingIndex.fnv1a(Array("\(Table.formatVersion)\n\(sources.fingerprint())".utf8))
        return directory.appendingPathComponent("vocabulary-\(dictionaryCode)-\(String(hash, radix: 16)).idx")
    }

    /// The layers of an older cache file for `dictionaryCode` in `cacheDirectory`, built before
    /// its sources last changed (apt installed or removed packages), for a long-lived host to
    /// use while it builds the current ones (``HunspellSpeller/servesStaleVocabularyWhileRebuilding``);
    /// nil when the current file is there (loading it is quick), when there is no older one of
    /// this format, and for languages other than English.
    static func stale(dictionaryCode: String, cacheDirectory: URL?) -> VocabularyLayers? {
        guard dictionaryCode.hasPrefix("en"), let dir = cacheDirectory else { return nil }
        let fm = FileManager.default
        let current = cacheURL(dictionaryCode: dictionaryCode, directory: dir, sources: Sources.standard(dictionaryCode: dictionaryCode))
        if fm.fileExists(atPath: current.path) { return nil }
        let prefix = "vocabulary-\(dictionaryCode)-"
        for name in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasPrefix(prefix) && name.hasSuffix(".idx") {
            if let data = try? Data(contentsOf: dir.appendingPathComponent(name), options: .alwaysMapped), let t = Table(data: data) {
                return VocabularyLayers(table: t)
            }
        }
        return nil
    }

    /// The layers for `dictionaryCode` (`en_US`), loaded from the cache in `cacheDirectory` or
    /// built (and stored there). English only: other languages get empty layers. `willBuild` is
    /// called when they are not cached there and are about to be built (a first run).
    init(dictionaryCode: String, cacheDirectory: URL?, willBuild: (() -> Void)? = nil) {
        guard dictionaryCode.hasPrefix("en") else { table = nil; return }
        let sources = Sources.standard(dictionaryCode: dictionaryCode)
        var url: URL?
        if let dir = cacheDirectory {
            url = Self.cacheURL(dictionaryCode: dictionaryCode, directory: dir, sources: sources)
            if let u = url, let data = try? Data(contentsOf: u, options: .alwaysMapped), let t = Table(data: data) {
                table = t
                return
            }
            willBuild?()
        }
        let (words, complete) = sources.readReporting()
        let data = Table.build(words)
        table = Table(data: data)
        // (A tool that failed, `apt-cache` while apt rebuilds its cache or a process that could
        // not start under load, gave fewer words: used now, never stored as the sources' layers,
        // so the next run builds them again. Session 56: a vocabulary cache built under load
        // was 11.8 MB against 17.1 MB, and spelled ccache, Golang, kotlin wrong until removed.)
        if complete, let u = url { Self.store(data, at: u) }
    }

    /// Number of words in the layers.
    var count: Int { table?.count ?? 0 }

    /// True when `word` (as written or in lowercase) is a word of SCOWL up to size 95 or a
    /// technical name: a plausible word of the domain, whose guess is reported, not applied.
    func isPlausibleWord(_ word: String) -> Bool {
        guard let table, word.utf8.count <= 64 else { return false }
        let plausible: Layer = [.listed, .technical, .packageName, .packagePart, .manualWord, .manualMention]
        if !table.layers(of: word).isDisjoint(with: plausible) { return true }
        let lower = word.lowercased()
        return lower != word && !table.layers(of: lower).isDisjoint(with: plausible)
    }

    /// True when `word` (as written: lowercase ASCII letters, two or more) is an installed
    /// command's name (``Layer/command``).
    func isCommand(_ word: String) -> Bool {
        guard word.utf8.count >= 2, word.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        return layers(of: word).contains(.command)
    }

    /// The layers `word` is in, as written (no case folding; an empty set when none).
    func layers(of word: String) -> Layer {
        guard let table, !word.isEmpty, word.utf8.count <= 64 else { return [] }
        return table.layers(of: word)
    }

    /// True when `word` (as written, or with its first letter capitalised and the rest in
    /// lowercase) is a technical name, or a derived word whose stem `isKnown` accepts
    /// (``derivedStem(of:isKnown:)``).
    func accepts(_ word: String, isKnown: (String) -> Bool) -> Bool {
        guard let table, let first = word.unicodeScalars.first, word.utf8.count <= 64,
              word.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        var lower = word
        if first.properties.isUppercase {
            // `Coreutils` at a sentence's start; not `CoreUtils` or `COREUTILS`.
            guard word.unicodeScalars.dropFirst().allSatisfy({ !$0.properties.isUppercase }) else { return false }
            lower = word.lowercased()
        }
        let layers = table.layers(of: lower)
        if !layers.isDisjoint(with: [.technical, .variant, .manualWord]) { return true }
        if layers.contains(.packagePart), lower == word, !isKnown(word.prefix(1).uppercased() + word.dropFirst()), !isKnown(word.uppercased()) { return true }
        if layers.contains(.derived) { return Self.derivedStem(of: lower, isKnown: isKnown) != nil }
        // The plural of a technical name the dictionary does not know (`coredumps`, `libcrypts`,
        // `colormaps`): a noun of the domain with its `-s`. (A dictionary word's plural is the
        // dictionary's to judge: `sheeps` stays a slip though `sheep` may be a command's name.)
        if lower.utf8.count >= 5, lower.hasSuffix("s"), !lower.hasSuffix("ss") {
            let stem = String(lower.dropLast())
            if table.layers(of: stem).contains(.technical), !isKnown(stem) { return true }
            // (Nor of a word of ``TechnicalVocabulary``, which the dictionary holds without its
            // endings: fakechroot's “nested chroots”.)
            if TechnicalVocabulary.words.contains(stem), !stem.hasSuffix("s") { return true }
        }
        if Self.isAdjectiveVerbFormation(lower, isKnown: isKnown) { return true }
        let isTechnical: (String) -> Bool = { table.layers(of: $0).contains(.technical) || TechnicalVocabulary.words.contains($0) }
        if Self.isTechnicalFormation(lower, isTechnical: isTechnical, isKnown: isKnown) { return true }
        return Self.technicalVerbStem(of: lower, isTechnical: { table.layers(of: $0).contains(.technical) }, isKnown: isKnown) != nil
    }

    /// The endings of a verb made from an adjective in `-al` and of its noun (`canonicalize`,
    /// `canonicalizes`, `canonicalized`, `canonicalizing`, `canonicalization`), either dialect.
    static let alizeEndings = ["ize", "izes", "ized", "izing", "ization", "izations",
                               "ise", "ises", "ised", "ising", "isation", "isations"]

    /// True when `lower` is a verb made from a known adjective in `-al` of six letters or more,
    /// or its noun (`canonical` → `canonicalize`, `canonicalization`; ssh_config(5) writes five
    /// forms), and no slip of a known word. Measured: none of the dev spelling set's 2,379
    /// misspellings is so formed (`formallized`'s stem is no word).
    static func isAdjectiveVerbFormation(_ lower: String, isKnown: (String) -> Bool) -> Bool {
        guard lower.utf8.count >= 9, lower.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        for ending in alizeEndings where lower.hasSuffix(ending) {
            let stem = String(lower.dropLast(ending.utf8.count))
            guard stem.utf8.count >= 6, stem.hasSuffix("al"), isKnown(stem) else { continue }
            return !isOneSlipOfKnown(lower, isKnown: isKnown)
        }
        return false
    }

    /// True when `lower` is a name formed the way Unix names things: a file system (a word or a
    /// technical name and `fs`: `rootfs`, `shiftfs`, `tmpfs`), a control tool (and `ctl`:
    /// `machinectl`, `networkctl`) or a daemon (a technical name that is no dictionary word,
    /// ending in a consonant, and `d`: `udevd`, `sshd`, `crond`), but for a daemon's name one slip
    /// from a dictionary word. (Libraries, `libcrun`, are ``SpellingRule``'s: the suggester
    /// tells them from slips of “library”.)
    static func isTechnicalFormation(_ lower: String, isTechnical: (String) -> Bool, isKnown: (String) -> Bool) -> Bool {
        let n = lower.utf8.count
        guard n >= 4, n <= 30, lower.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return false }
        var formed = false
        if lower.hasSuffix("fs") || lower.hasSuffix("ctl") {
            // (Its stem a word or a name: `shiftfs` is no slip of “shifts”, though one letter
            // more.)
            let stem = String(lower.dropLast(lower.hasSuffix("fs") ? 2 : 3))
            return stem.utf8.count >= 3 && (isKnown(stem) || isTechnical(stem))
        }
        if lower.hasSuffix("d") {
            let stem = String(lower.dropLast())
            formed = stem.utf8.count >= 3 && !"aeiouy".contains(stem.last!) && isTechnical(stem)
                && (!isKnown(stem) || TechnicalVocabulary.words.contains(stem))
        }
        return formed && !isOneSlipOfKnown(lower, isKnown: isKnown)
    }

    /// True when a letter dropped, added, changed or two neighbours swapped in `lower` makes a
    /// word `isKnown` accepts (`libary` → `library`).
    static func isOneSlipOfKnown(_ lower: String, isKnown: (String) -> Bool) -> Bool {
        let chars = Array(lower)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for i in chars.indices {
            var w = chars
            w.remove(at: i)
            if isKnown(String(w)) { return true }
            if i + 1 < chars.count, chars[i] != chars[i + 1] {
                w = chars
                w.swapAt(i, i + 1)
                if isKnown(String(w)) { return true }
            }
            for c in letters where c != chars[i] {
                w = chars
                w[i] = c
                if isKnown(String(w)) { return true }
            }
        }
        for i in 0...chars.count {
            for c in letters {
                var w = chars
                w.insert(c, at: i)
                if isKnown(String(w)) { return true }
            }
        }
        return false
    }

    /// The technical name that `lower` inflects as a verb with `-ed` or `-ing`, its last
    /// consonant doubled or not (`statted`, `statting` ← `stat`; `grepped` ← `grep`; `fsynced`
    /// ← `fsync`), when `isTechnical` says the stem is a name and the dictionary (`isKnown`)
    /// knows no `-ing` form of it: it lists the name, if at all, as a noun (`stat/MRS`,
    /// `grep/S`). Nil for a verb the dictionary inflects itself, whose wrong forms are slips
    /// (`cutted`, `sleeped`, `splitted`: `cut`, `sleep`, `split` are commands too).
    static func technicalVerbStem(of lower: String, isTechnical: (String) -> Bool, isKnown: (String) -> Bool) -> String? {
        for suffix in ["ing", "ed"] where lower.hasSuffix(suffix) {
            let base = String(lower.dropLast(suffix.count))
            guard base.count >= 2, let last = base.last, !"aeiouy".contains(last) else { continue }
            // The stem, and the stem of a doubled consonant (`statt|ed` → `stat`).
            var stems = [base]
            if base.count >= 3, base.dropLast().last == last { stems.append(String(base.dropLast())) }
            // (Four letters or more: `dir|ed` is no verb of `dir`.)
            // (A noun of the dictionary too, its plural a word, as `stat/MRS`, `grep/S` are:
            // `comm|ing` is a slip of “coming”, not the command comm(1) made a verb; the
            // dictionary lists `comm` without a plural.)
            for stem in stems where stem.count >= 4 && isTechnical(stem) && isKnown(stem) && isKnown(stem + "s") {
                guard let end = stem.last else { continue }
                // The dictionary's own -ing form of the verb (`cutting` for `cutted`, `cuted`;
                // `sleeping` for `sleeped`), but for the -ing form of the stem and an “e”
                // (`stating` is `state`'s, not `stat`'s).
                if isKnown(stem + String(end) + "ing") || isKnown(stem + "ing") && !isKnown(stem + "e") { return nil }
                return stem
            }
        }
        return nil
    }

    /// Derivational suffixes, longest first, each with the ways its stem is written back
    /// (`$` stands for the word without the suffix): `reus|ability` → `reusable`,
    /// `initializ|ers` → `initialize`, `licens|ors` → `license`, `happi|ness` → `happy`.
    static let suffixes: [(suffix: String, stems: [String])] = [
        ("abilities", ["$able"]), ("ibilities", ["$ible"]), ("ability", ["$able"]), ("ibility", ["$ible"]),
        ("izations", ["$ize"]), ("isations", ["$ise"]), ("ization", ["$ize"]), ("isation", ["$ise"]),
        ("izers", ["$ize"]), ("isers", ["$ise"]), ("izer", ["$ize"]), ("iser", ["$ise"]),
        ("nesses", ["$", "$y"]), ("ness", ["$", "$y"]), ("lessly", ["$"]), ("less", ["$", "$y"]),
        ("ments", ["$"]), ("ment", ["$"]), ("ably", ["$able", "$ible"]),
        ("able", ["$", "$e", "$y"]), ("ible", ["$", "$e"]), ("fully", ["$", "$y"]), ("ful", ["$", "$y"]),
        ("ively", ["$ive", "$e"]), ("ive", ["$e", "$"]), ("ities", ["$", "$e"]), ("ity", ["$", "$e"]),
        ("isms", ["$", "$e"]), ("ism", ["$", "$e"]), ("ists", ["$", "$e", "$y"]), ("ist", ["$", "$e", "$y"]),
        ("ors", ["$", "$e"]), ("or", ["$", "$e"]), ("ers", ["$", "$e", "$-"]), ("er", ["$", "$e", "$-"]),
    ]

    /// The stem that makes `lower` a derived word (``suffixes``), when `isKnown` accepts it and
    /// the stem is four letters or more; nil otherwise, and for the forms English spells
    /// otherwise: an `-er` whose `-or` or `-ar` form is a word (`inventer`: `inventor`), an
    /// `-eable` whose `-able` form is (`debateable`).
    static func derivedStem(of lower: String, isKnown: (String) -> Bool) -> String? {
        for (suffix, stems) in suffixes where lower.hasSuffix(suffix) {
            let base = String(lower.dropLast(suffix.count))
            guard base.count >= 3 else { continue }
            if suffix == "er" || suffix == "ers" {
                let tail = suffix == "er" ? "" : "s"
                if isKnown(base + "or" + tail) || isKnown(base + "ar" + tail) { return nil }
            }
            if suffix == "able" || suffix == "ably", base.hasSuffix("e"), isKnown(String(base.dropLast()) + suffix) { return nil }
            for pattern in stems {
                var stem: String
                if pattern == "$-" {
                    // A doubled consonant before the suffix (`runn|er` → `run`).
                    guard let last = base.last, base.dropLast().last == last else { continue }
                    stem = String(base.dropLast())
                } else if pattern == "$y" {
                    // `happi|ness` → `happy`.
                    guard base.hasSuffix("i") else { continue }
                    stem = String(base.dropLast()) + "y"
                } else {
                    stem = pattern.replacingOccurrences(of: "$", with: base)
                }
                if stem.count >= 4, isKnown(stem) { return stem }
            }
        }
        return nil
    }

    /// Writes `data` to `url` atomically, creating the folder, and removes older files of the
    /// same dictionary; failures are ignored (the layers then come from memory next time too).
    private static func store(_ data: Data, at url: URL) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch { return }
        let name = url.lastPathComponent
        guard let dash = name.lastIndex(of: "-") else { return }
        let prefix = String(name[...dash])
        let dir = url.deletingLastPathComponent()
        for other in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        where other != name && other.hasPrefix(prefix) && other.hasSuffix(".idx") {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(other))
        }
    }

    // MARK: sources

    /// Where the layers' words come from.
    struct Sources: Sendable {
        /// SCOWL word lists (one word a line) of the derived layer.
        var wordLists: [String]
        /// SCOWL's lists of the dialect's almost-equal variants (``Layer/variant``).
        var variantLists: [String] = []
        /// SCOWL's proper-name lists of the dialect, every size (``Layer/properName``).
        var properNameLists: [String] = []
        /// SCOWL's abbreviation lists of the dialect, every size (``Layer/initialism``).
        var abbreviationLists: [String] = []
        /// `dpkg`'s status file (`Package:` lines).
        var dpkgStatus: String?
        /// apt's package lists folder, read through `apt-cache pkgnames` when it holds lists.
        var aptLists: String?
        /// Folders whose file names are command names (``Layer/command`` and, as names,
        /// ``Layer/technical``).
        var commandFolders: [String]
        /// Folders of man pages (`man1`…), whose file names are `NAME.SECTION[.gz]`.
        var manFolders: [String]
        /// Python standard library folders (`NAME.py` and package folders).
        var pythonFolders: [String]
        /// Shared libraries whose exported functions are names (the C library:
        /// ``LibrarySymbols``).
        var libraries: [String] = []
        /// Shells whose builtins, reserved words and option names are names (``ShellWords``:
        /// `shopt`, `setopt`, `pipefail`, `esac`).
        var shells: [ShellWords.Shell] = []
        /// Folders of shared libraries (the C library's folder and its kin), whose files
        /// `libNAME.so[.N…]` give the libraries' names (``libraryName(ofFile:)``).
        var libraryFolders: [String] = []
        /// Folders of C headers whose identifiers' parts, used in three files or more, are
        /// terms (``HeaderIdentifiers``: `scanline`, `colormap`, `punycode`, `netlink`).
        var headerFolders: [String] = []
        /// Folders of manual pages whose text gives words of the domain (``Layer/manualWord``,
        /// ``Layer/manualMention``): sections 1, 5, 7 and 8 (``manualWordPages``).
        var manualTextFolders: [String] = []

        /// Commands (and manual pages of sections 1 and 8) named `X-…` that make `X-` a command
        /// family whatever `X` is (``read()``).
        static let minFamily = 10

        /// Header files that must use an identifier part for it to be a term.
        static let minHeaderFiles = 3

        /// Manual pages that must use a word that is no word of SCOWL for it to be a word of the
        /// domain (``Layer/manualWord``), the same for a plausible word (``Layer/manualMention``).
        /// Measured on this machine's 20,000 pages of sections 1, 5, 7 and 8 with the guards of
        /// ``manualWords(counts:common:scowlAny:listed:)``: none of the dev spelling set's 2,350
        /// non-word misspellings is accepted at 3 (at 2: `feburary`, `seperated`).
        static let manualWordPages = 3
        /// Manual pages that must use a word SCOWL lists for this dialect (Hunspell lacks it:
        /// `relocations`, 19 pages) or a longer word a letter from a common one (`devel`)
        /// for it to be accepted; a word of five letters or fewer a letter from a common word
        /// (`uid`: `aid`) needs ``manualShortWordPages``.
        static let manualListedPages = 10
        /// Manual pages that must use a short word a letter from a common word (`uid`, 500
        /// pages) for it to be accepted (`goog`, 40 pages of URLs, is a slip of “good” in prose).
        static let manualShortWordPages = 100

        /// Largest SCOWL size read for the derived layer.
        static let maxDerivedLevel = 80
        /// Largest SCOWL size read for the listed layer (all of SCOWL).
        static let maxScowlLevel = 95
        /// Largest SCOWL size read for the variant layer.
        static let maxVariantLevel = 70

        /// The environment variable that, set to `0`, leaves the words of the manual pages'
        /// text out (``manualTextFolders`` empty: the vocabulary a machine without manual pages
        /// has; the table's cache name changes with it), to measure what that layer costs and
        /// gives (`Benchmarks/README-tech-docs.md`, session 52).
        static let manualWordsSwitch = "WRITING_TOOLS_MANUAL_WORDS"

        /// The sources on this machine for `dictionaryCode`; `environment` is read for
        /// ``manualWordsSwitch``.
        static func standard(dictionaryCode: String,
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> Sources {
            let fm = FileManager.default
            let region = dictionaryCode.split(separator: "_").dropFirst().first.map(String.init) ?? "US"
            let variety: [String], variants: String
            switch region {
            case "GB", "IE", "NZ", "ZA", "IN": variety = ["british", "british_z"]; variants = "british_variant_1"
            case "AU": variety = ["australian"]; variants = "australian_variant_1"
            case "CA": variety = ["canadian"]; variants = "canadian_variant_1"
            default: variety = ["american"]; variants = "variant_1"
            }
            var lists: [String] = [], variantLists: [String] = [], properNameLists: [String] = [], abbreviationLists: [String] = []
            let dir = WordListSources.scowlDirectory
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() {
                guard let dot = name.lastIndex(of: "."), let level = Int(name[name.index(after: dot)...]),
                      level <= maxScowlLevel else { continue }
                let stem = name[..<dot]
                guard let dash = stem.firstIndex(of: "-") else { continue }
                let prefix = String(stem[..<dash]), kind = String(stem[stem.index(after: dash)...])
                if kind == "words", prefix == variants, level <= maxVariantLevel { variantLists.append(dir + "/" + name) }
                if kind == "proper-names", prefix == "english" || variety.contains(prefix) { properNameLists.append(dir + "/" + name) }
                if kind == "abbreviations", prefix == "english" || variety.contains(prefix) { abbreviationLists.append(dir + "/" + name) }
                guard kind == "words", prefix == "english" || variety.contains(prefix) else { continue }
                lists.append(dir + "/" + name)
            }
            let man = "/usr/share/man"
            let manFolders = ((try? fm.contentsOfDirectory(atPath: man)) ?? []).sorted()
                .filter { $0.hasPrefix("man") }.map { man + "/" + $0 }
            var python: [String] = []
            for name in ((try? fm.contentsOfDirectory(atPath: "/usr/lib")) ?? []).sorted()
            where name.hasPrefix("python3.") && name.dropFirst(8).allSatisfy(\.isNumber) {
                python.append("/usr/lib/" + name)
            }
            let status = "/var/lib/dpkg/status"
            let apt = "/var/lib/apt/lists"
            return Sources(wordLists: lists, variantLists: variantLists, properNameLists: properNameLists,
                           abbreviationLists: abbreviationLists, dpkgStatus: fm.fileExists(atPath: status) ? status : nil,
                           aptLists: fm.isExecutableFile(atPath: "/usr/bin/apt-cache") && fm.fileExists(atPath: apt) ? apt : nil,
                           commandFolders: ["/usr/bin", "/usr/sbin", "/bin", "/usr/games", "/usr/local/bin"].filter { fm.fileExists(atPath: $0) },
                           manFolders: manFolders, pythonFolders: python, libraries: [LibrarySymbols.cLibrary(), LibrarySymbols.mathLibrary()].compactMap { $0 },
                           shells: ShellWords.installed(), libraryFolders: libraryFolders(),
                           headerFolders: fm.fileExists(atPath: HeaderIdentifiers.folder) ? [HeaderIdentifiers.folder] : [],
                           manualTextFolders: environment[manualWordsSwitch] == "0" ? []
                               : manFolders.filter { ["man1", "man5", "man7", "man8"].contains(URL(fileURLWithPath: $0).lastPathComponent) })
        }

        /// The folders the dynamic linker searches on this machine: the C library's (its
        /// multiarch folder, `/usr/lib/x86_64-linux-gnu`), the same under `/lib` and `/usr/lib`,
        /// and `/usr/lib`, `/usr/local/lib`; those that exist, each once.
        static func libraryFolders() -> [String] {
            let fm = FileManager.default
            var folders: [String] = []
            if let libc = LibrarySymbols.cLibrary() {
                let folder = URL(fileURLWithPath: libc).deletingLastPathComponent().path
                let arch = URL(fileURLWithPath: folder).lastPathComponent
                folders.append(folder)
                if arch.hasSuffix("-linux-gnu") { folders += ["/lib/" + arch, "/usr/lib/" + arch] }
            }
            folders += ["/usr/lib", "/usr/local/lib"]
            var seen = Set<String>()
            return folders.filter { fm.fileExists(atPath: $0) && seen.insert(URL(fileURLWithPath: $0).resolvingSymlinksInPath().path).inserted }
        }

        /// The library a shared library's file is (`libcrypto.so.3` → `libcrypto`,
        /// `libmount.so.1.1.0` → `libmount`, `libgcrypt.so.20` → `libgcrypt`), or nil for another
        /// file or a name that is not `lib` and two lowercase letters or more (`libxml2.so.2` and
        /// `libstdc++.so.6` are left out: prose spells no word so).
        static func libraryName(ofFile file: String) -> String? {
            guard file.hasPrefix("lib"), let so = file.range(of: ".so"), so.upperBound == file.endIndex || file[so.upperBound] == "." else { return nil }
            let name = file[..<so.lowerBound]
            guard isName(name.dropFirst(3), minimum: 2) else { return nil }
            return String(name)
        }

        /// A string that changes when a source changes: paths, sizes and modification times of
        /// the files and folders read (a folder's time changes when a file is added or removed).
        func fingerprint() -> String {
            var parts: [String] = []
            let paths = wordLists + variantLists + properNameLists + abbreviationLists + [dpkgStatus, aptLists].compactMap { $0 } + commandFolders + manFolders + pythonFolders + libraries + shells.map(\.path)
                + libraryFolders + headerFolders.map { "headers:" + $0 } + manualTextFolders.map { "manual-text:" + $0 }
            for p in paths {
                let attrs = try? FileManager.default.attributesOfItem(atPath: p)
                let size = (attrs?[.size] as? NSNumber)?.int64Value ?? -1
                let mtime = (attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
                parts.append("\(p)|\(size)|\(Int64(mtime * 1000))")
            }
            return parts.joined(separator: "\n")
        }

        /// True for a name the technical layer takes: `minimum` (three unless said) to 30
        /// lowercase ASCII letters.
        /// The library a package's name (or a part of a hyphenated one) is named for: `lib`, three
        /// lowercase letters or more and a version of digits with at most one letter after it
        /// (`libcairo2`, `libharfbuzz0b`, `libasan8` → `cairo`, `harfbuzz`, `asan`), or letters
        /// ending in `lib` and a version (`zlib1g` → `zlib`). Nil for any other name (`libc6`: one
        /// letter; `libxml2` → `xml`).
        static func libraryName(ofPackagePart part: Substring) -> String? {
            let b = Array(part.utf8)
            func isLower(_ c: UInt8) -> Bool { c >= 97 && c <= 122 }
            func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
            var end = b.count
            if end > 0, isLower(b[end - 1]), end > 1, isDigit(b[end - 2]) { end -= 1 }
            var digits = end
            while digits > 0, isDigit(b[digits - 1]) { digits -= 1 }
            guard digits < end, digits >= 4 else { return nil }
            let letters = b[..<digits]
            guard letters.allSatisfy(isLower) else { return nil }
            let word = String(decoding: letters, as: UTF8.self)
            if word.hasPrefix("lib") {
                let name = String(word.dropFirst(3))
                return isName(Substring(name)) ? name : nil
            }
            return word.hasSuffix("lib") && isName(Substring(word)) ? word : nil
        }

        static func isName(_ s: Substring, minimum: Int = 3) -> Bool {
            (minimum...30).contains(s.utf8.count) && s.utf8.allSatisfy { $0 >= 97 && $0 <= 122 }
        }

        /// Every word with its layers.
        func read() -> [String: Layer] { readReporting().words }

        /// Every word with its layers, and whether every tool that lists some (the manual pages'
        /// word counts, `apt-cache pkgnames`) ran to a successful end.
        func readReporting() -> (words: [String: Layer], complete: Bool) {
            var complete = true
            // The tools' outputs are worked out by processes of their own (the manual pages' word
            // counts, seconds of `gzip` and `awk`; apt's package names): started first, they run
            // on another core while the lists below are read, and are waited for where needed.
            let manualCounts = manualTextFolders.isEmpty ? nil
                : BackgroundValue { [folders = manualTextFolders] in Self.manualPageWordCounts(folders: folders) }
            let aptNames = aptLists == nil ? nil
                : BackgroundValue { Self.output(of: "/usr/bin/apt-cache", ["pkgnames"]) }
            var out: [String: Layer] = [:]
            // Listed: every lowercase word of the lists; derived: those of size 80 at most with a
            // derivational suffix (only those can pass the gate).
            var common = Set<String>()
            out.reserveCapacity(700_000)
            for path in wordLists {
                guard let text = try? String(contentsOfFile: path, encoding: .isoLatin1) else { continue }
                let level = Int(path.split(separator: ".").last ?? "") ?? 99
                for line in text.lines(omittingEmpty: true) {
                    let w = line.hasSuffix("\r") ? line.dropLast() : line
                    guard !w.isEmpty, w.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { continue }
                    let word = String(w)
                    if level <= 35 { common.insert(word) }
                    var layers: Layer = .listed
                    if level <= Self.maxDerivedLevel, VocabularyLayers.suffixes.contains(where: { w.hasSuffix($0.suffix) }) {
                        layers.insert(.derived)
                    }
                    out[word, default: []].formUnion(layers)
                }
            }
            // Variant: the dialect's almost-equal spellings.
            for path in variantLists {
                guard let text = try? String(contentsOfFile: path, encoding: .isoLatin1) else { continue }
                for line in text.lines(omittingEmpty: true) {
                    let w = line.hasSuffix("\r") ? line.dropLast() : line
                    guard !w.isEmpty, w.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { continue }
                    out[String(w), default: []].insert(.variant)
                }
            }
            // Proper names: a capital and lowercase ASCII letters, as written (`Matteo`).
            for path in properNameLists {
                guard let text = try? String(contentsOfFile: path, encoding: .isoLatin1) else { continue }
                for line in text.lines(omittingEmpty: true) {
                    let w = line.hasSuffix("\r") ? line.dropLast() : line
                    guard let first = w.utf8.first, first >= 65, first <= 90, w.utf8.count >= 2,
                          w.utf8.dropFirst().allSatisfy({ $0 >= 97 && $0 <= 122 }) else { continue }
                    out[String(w), default: []].insert(.properName)
                }
            }
            // Initialisms: the lowercase form of an abbreviation in capitals, two to five letters.
            for path in abbreviationLists {
                guard let text = try? String(contentsOfFile: path, encoding: .isoLatin1) else { continue }
                for line in text.lines(omittingEmpty: true) {
                    let w = line.hasSuffix("\r") ? line.dropLast() : line
                    guard (2...5).contains(w.utf8.count), w.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else { continue }
                    // Not a common word, nor one with two letters swapped (`NTO`, `LSAT`: “nto”,
                    // “lsat” are slips of “not”, “last”). (A letter left out of a common word is
                    // left to ``LowercaseInitialisms``, which asks the commonest words only: `DLL`
                    // is no slip of “doll”.)
                    let word = w.lowercased()
                    guard !common.contains(word), !Self.isSwapOfCommon(word, common: common) else { continue }
                    out[word, default: []].insert(.initialism)
                }
            }
            // The common words with a letter left out, for ``isDeletionOfCommon(_:deletions:)``.
            let commonDeletions = Self.deletions(of: common)
            // Technical: names of packages, commands, man pages, modules.
            var names = Set<String>()
            // The packages installed here, whatever their shape: a name a user has installed is
            // a name of their documents (`readline-common`, `ncurses-base`).
            var installed = Set<String>()
            if let dpkgStatus, let text = try? String(contentsOfFile: dpkgStatus, encoding: .utf8) {
                for line in text.lines(omittingEmpty: true) where line.hasPrefix("Package: ") {
                    installed.insert(String(line.dropFirst(9)))
                }
            }
            names.formUnion(installed)
            var available = Set<String>()
            if let aptNames {
                if let names = aptNames.value {
                    for line in names.lines(omittingEmpty: true) { available.insert(String(line)) }
                } else {
                    complete = false
                }
            }
            names.formUnion(available)
            let fm = FileManager.default
            var commands = Set<String>()
            for folder in commandFolders {
                for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] {
                    commands.insert(name)
                    // The command layer: executables only (not the man pages' names below).
                    if Self.isName(Substring(name), minimum: 2), fm.isExecutableFile(atPath: folder + "/" + name) {
                        out[name, default: []].insert(.command)
                    }
                }
            }
            var hyphenatedPages = Set<String>()
            for folder in manFolders {
                for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] {
                    // `ctime.3.gz`, `tar.1.gz`, `git-log.1.gz`: the part before the section.
                    guard let dot = name.firstIndex(of: ".") else { continue }
                    let page = String(name[..<dot])
                    // Commands (sections 1 and 8) are names at any length; file formats and the
                    // rest from three letters. Not the C and Perl interfaces (sections 2, 3): their
                    // names are slips as often as names (`creat` is `create` in learners' prose).
                    if folder.hasSuffix("man1") || folder.hasSuffix("man8") { commands.insert(page) }
                    else if !(folder.hasSuffix("man2") || folder.hasSuffix("man3")) { names.insert(page) }
                    if !(folder.hasSuffix("man2") || folder.hasSuffix("man3")), Self.isHyphenatedName(page) { hyphenatedPages.insert(page) }
                }
            }
            for folder in pythonFolders {
                for name in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] {
                    names.insert(name.hasSuffix(".py") ? String(name.dropLast(3)) : name)
                }
            }
            // Commands and man pages are names whatever they look like (`basename`, `readlink`;
            // of two letters too: `df`, `wc`); a package or module name that is two common words
            // run together is left out (`alot`, `lightyears`: slips more often than names).
            for name in commands where (Self.isName(Substring(name), minimum: 2) && !Self.isSwapOfCommon(name, common: common))
                || Self.isHyphenatedName(name) {
                out[name, default: []].insert(.technical)
            }
            for name in names where Self.isHyphenatedName(name) { out[name, default: []].insert(.technical) }
            // Command families (`apt-get`, `apt-cache`, `apt-mark` → `apt-`; `dpkg-`, `git-`,
            // `systemd-`, `xdg-`): the prefix with its hyphen, for the commands of the family this
            // machine lacks (`apt-ftparchive`, `dpkg-buildinfo`: ``SpellingRule``). Ten commands or
            // manual pages of sections 1 and 8, or three when the prefix is no common word (`make-`,
            // `install-`, `add-` are English first).
            var families: [String: Int] = [:]
            for name in commands where Self.isHyphenatedName(name) {
                if let first = name.split(separator: "-").first { families[String(first), default: 0] += 1 }
            }
            for (prefix, n) in families where prefix.utf8.count >= 2 && (n >= Self.minFamily || n >= 3 && !common.contains(prefix)) {
                out[prefix + "-", default: []].insert(.technical)
            }
            // The C library's functions (`fsync`, `statx`, `strftime`): names whatever they look
            // like (`getline`, `readlink` are two words run together), but for a common word
            // with a letter left out or two letters swapped (`creat` is `create` in learners'
            // prose, `umask`/`srand` a letter short of words).
            for path in libraries {
                for name in Set(LibrarySymbols.functionNames(inLibraryAt: path)) where Self.isName(Substring(name))
                    && !Self.isSwapOfCommon(name, common: common) && !Self.isDeletionOfCommon(name, deletions: commonDeletions) {
                    out[name, default: []].insert(.technical)
                }
            }
            // The shared libraries' names (`libcrypto`, `libmount`, `libblkid`): names, but for
            // a common word with a letter left out or two letters swapped (`libray` and `libary`,
            // slips of “library”, are no library's files anyway).
            for folder in libraryFolders {
                for file in (try? fm.contentsOfDirectory(atPath: folder)) ?? [] {
                    guard let name = Self.libraryName(ofFile: file), !Self.isSwapOfCommon(name, common: common),
                          !Self.isDeletionOfCommon(name, deletions: commonDeletions) else { continue }
                    out[name, default: []].insert(.technical)
                }
            }
            // The shells' builtins, reserved words and options (`shopt`, `ulimit`, `setopt`,
            // `esac`, `pipefail`, `nullglob`): names whatever they look like (`lastpipe`,
            // `histappend` are words run together, `pushd` and `eval` a letter from `pushed` and
            // two from `veal`). Measured: none of the 389 words of bash 5.2 and zsh 5.9 is among
            // the dev spelling set's 2,379 misspellings.
            for shell in shells {
                for name in ShellWords.words(of: shell) where Self.isName(Substring(name)) {
                    out[name, default: []].insert(.technical)
                }
            }
            for name in names where Self.isName(Substring(name)) && !Self.isSwapOfCommon(name, common: common) {
                // Two common words run together (`automake`, `readline`): a name when a package
                // installed here is named so, whole or as a part of its hyphenated name
                // (`readline-common`: the project's name before its role); otherwise, a name
                // apt knows is still a plausible word of the domain (``Layer/packageName``):
                // `alot`, `lightyears` are package names and common slips.
                out[name, default: []].insert(Self.isTwoWords(name, common: common) && !installed.contains(name) ? .packageName : .technical)
            }
            // The words of the C headers' identifiers (`scanline`, `colormap`, `punycode`,
            // `ciphersuite`, `netlink`, `datetime`), used in three header files or more: terms of
            // the domain, but for a common word (SCOWL 35) with a letter left out, added or
            // swapped (`frome`), a short word with a letter changed (`noop`, `buf`: their readings
            // as slips win), two words one of which is of two letters or less (`upto`), and any
            // word of SCOWL (below). Measured: none of the
            // dev spelling set's 2,373 non-word misspellings is among them (`dependant` and
            // `persistant` are, at two files).
            // (Only words that no SCOWL list of any size, kind or dialect holds: a listed word
            // Hunspell rejects is rejected for a reason, another dialect's spelling, `licence`,
            // `amongst`, or a name or an abbreviation in lowercase, `linux`, `pdf`.)
            var scowlAny = Set<String>()
            if !headerFolders.isEmpty || !hyphenatedPages.isEmpty || !manualTextFolders.isEmpty {
                let dir = WordListSources.scowlDirectory
                for name in (try? fm.contentsOfDirectory(atPath: dir)) ?? [] {
                    guard let text = try? String(contentsOfFile: dir + "/" + name, encoding: .isoLatin1) else { continue }
                    for line in text.lines(omittingEmpty: true) { scowlAny.insert(line.lowercased()) }
                }
            }
            for folder in headerFolders where !scowlAny.isEmpty {
                for (word, files) in HeaderIdentifiers.partCounts(under: folder) where files >= Self.minHeaderFiles {
                    guard !scowlAny.contains(word), !Self.isSwapOfCommon(word, common: common),
                          !Self.isDeletionOfCommon(word, deletions: commonDeletions), !Self.isInsertionOfCommon(word, common: common),
                          !Self.isShortSplit(word, common: common),
                          !(word.utf8.count <= 5 && Self.isSubstitutionOfCommon(word, common: common)) else { continue }
                    out[word, default: []].insert(.technical)
                }
            }
            // The parts of hyphenated manual pages' names (`deb-postinst`, `deb-conffiles`,
            // `systemd-nspawn`: `postinst`, `postrm`, `preinst`, `conffiles`, `nspawn`), but for
            // sections 2 and 3, with the singular of a plural part (`conffile`): the terms of
            // the thing the page documents. The same guards as the package parts' below, and
            // no word of SCOWL (read above when the machine has C headers).
            // Measured: none of the 781 parts of this machine's pages is among the dev
            // spelling set's 2,379 misspellings.
            for page in hyphenatedPages {
                for part in page.split(separator: "-") where Self.isName(part) {
                    let word = String(part)
                    // (Not a word SCOWL has in any case: `linux` of `x86_64-linux-gnu-…` is the
                    // name “Linux” written small, a finding.)
                    guard !common.contains(word), !scowlAny.contains(word), out[word]?.contains(.listed) != true,
                          !Self.isSwapOfCommon(word, common: common), !Self.isDeletionOfCommon(word, deletions: commonDeletions) else { continue }
                    out[word, default: []].insert(.technical)
                    if word.utf8.count >= 6, word.hasSuffix("s"), !word.hasSuffix("ss") {
                        let singular = String(word.dropLast())
                        if !common.contains(singular), out[singular] == nil { out[singular, default: []].insert(.technical) }
                    }
                }
            }
            // The words of the manual pages' text (``Layer/manualWord``, ``Layer/manualMention``).
            if let manualCounts, manualCounts.value == nil { complete = false }
            if let manualCounts, !scowlAny.isEmpty, let counts = manualCounts.value {
                let givenNames = Set(out.compactMap { $0.value.contains(.properName) ? $0.key.lowercased() : nil })
                for (word, layer) in Self.manualWords(counts: counts, common: common, commonDeletions: commonDeletions,
                                                      names: givenNames, scowlAny: scowlAny,
                                                      listed: { out[$0]?.contains(.listed) == true }) {
                    out[word, default: []].insert(layer)
                }
            }
            // The parts of hyphenated package names (`ncurses` of `ncurses-base`, `readline` of
            // `readline-common`, `cups` of `cups-filters`): names when the package is installed
            // (measured: none of the 446 parts of this machine's 874 packages is a misspelling of
            // the dev spelling set), plausible words when apt only knows it (of 22,915 parts,
            // `alot`, `cak` and `juce` are the dev set's misspellings).
            for (set, layer) in [(installed, Layer.packagePart), (available, Layer.packageName)] {
                for name in set where Self.isHyphenatedName(name) {
                    for part in name.split(separator: "-") where Self.isName(part) {
                        let word = String(part)
                        guard !common.contains(word), !Self.isSwapOfCommon(word, common: common),
                              !Self.isDeletionOfCommon(word, deletions: commonDeletions) else { continue }
                        out[word, default: []].insert(layer)
                    }
                }
            }
            // The names of the shared libraries installed here, as their packages name them with
            // a `lib` prefix and the library's version after (`libcairo2`, `libfribidi0`,
            // `libharfbuzz0b`, `libasan8`; `zlib1g`): `cairo`, `fribidi`, `harfbuzz`, `asan`,
            // `zlib`, as release notes write them (session 56's held-out set: Pango's and bzip2's).
            // The same guards as the parts above; a word the dictionary writes with capitals
            // (`cairo`: “Cairo”) stays a casing slip.
            for name in installed {
                for part in name.split(separator: "-") {
                    guard let word = Self.libraryName(ofPackagePart: part), !common.contains(word), !Self.isSwapOfCommon(word, common: common),
                          !Self.isDeletionOfCommon(word, deletions: commonDeletions) else { continue }
                    out[word, default: []].insert(.packagePart)
                }
            }
            return (out, complete)
        }

        /// The words of the manual pages' text and the layer each gets, from `counts` (pages using
        /// each word, ``manualPageWordCounts(folders:)``):
        ///
        /// - ``Layer/manualWord`` (accepted) at ``manualWordPages`` pages for a word no SCOWL list
        ///   holds (`nameserver`, `commandline`, `netgroup`, `pathspec`, `errno`), but for a
        ///   common word (SCOWL 35) with a letter left out or two letters swapped (`familes`,
        ///   `dyas`), with a letter added but for a plural's `s` (`frome`), two words one of two
        ///   letters (`upto`) and a short word with a letter changed (`goog`); at
        ///   ``manualListedPages`` for a word SCOWL lists for this dialect that Hunspell lacks
        ///   (`relocations`) or a longer word of those guards but for a letter left
        ///   out or swapped, and at ``manualShortWordPages`` for a short word a letter from a
        ///   common one (`uid`). A word SCOWL holds only in another dialect's or in its names'
        ///   and abbreviations' lists (`behaviour`, `solaris`, `javascript`) is never one, nor a
        ///   proper name of SCOWL (`names`, lowercase) or one a letter from one (`jhon`).
        /// - ``Layer/manualMention`` (plausible, never changed unattended) for any other word of
        ///   three pages or more that is no common word with a letter left out or two swapped
        ///   (`suid`, `kqueue`, `rpath`, `goog`).
        ///
        /// `commonDeletions` is ``deletions(of:)`` of `common` when the caller has it (built here
        /// otherwise).
        static func manualWords(counts: [String: Int], common: Set<String>, commonDeletions: Set<String>? = nil,
                                names: Set<String> = [], scowlAny: Set<String>,
                                listed: (String) -> Bool) -> [(String, Layer)] {
            var out: [(String, Layer)] = []
            let commonDeletions = commonDeletions ?? deletions(of: common)
            let nameDeletions = names.isEmpty ? [] : deletions(of: names)
            for (word, pages) in counts where pages >= manualWordPages && isName(Substring(word)) {
                let isListed = listed(word)
                guard isListed || !scowlAny.contains(word) else { continue }
                guard !isSwapOfCommon(word, common: common), !isDeletionOfCommon(word, deletions: commonDeletions) else { continue }
                // (Nor a proper name's slip in lowercase, which would pass capitalised: `jhon`,
                // seven pages of examples, is “Jhon” for “John”.)
                guard names.isEmpty || !names.contains(word) && !isSwapOfCommon(word, common: names) && !isDeletionOfCommon(word, deletions: nameDeletions)
                        && !isInsertionOfCommon(word, common: names) else { continue }
                let short = word.utf8.count <= 5
                let added = isInsertionOfCommon(word, common: common, pluralIsNoSlip: true)
                if short && (added || isSubstitutionOfCommon(word, common: common)) {
                    out.append((word, pages >= manualShortWordPages ? .manualWord : .manualMention))
                    continue
                }
                let strict = !isListed && !added && !isShortSplit(word, common: common)
                out.append((word, strict || pages >= manualListedPages ? .manualWord : .manualMention))
            }
            return out
        }

        /// How many manual pages under `folders` use each word (lowercase ASCII letters, three to
        /// 30, outside roff's escapes and request names), for the words of three pages or more:
        /// the pages are decompressed and counted by `gzip` and `awk` in one pipeline (about
        /// five seconds of processor time for 20,000 pages), run once when the table is built.
        /// Empty when the tools are missing.
        static func manualPageWordCounts(folders: [String]) -> [String: Int]? {
            // A page starts at its `.TH` (man) or `.Dt` (mdoc) request; escapes (`\fB`, `\(em`,
            // `\*(lq`, `\s-1`, `\-`) and a request's name (`.SH`, `.BR`) are no words.
            let script = #"""
            /^\.(TH|Dt) / { for (w in seen) df[w]++; delete seen }
            { line = tolower($0); gsub(/\\f(\[[^]]*\]|\(..|.)/, " ", line); gsub(/\\\(../, " ", line)
              gsub(/\\\*(\(..|.)/, " ", line); gsub(/\\s[-+]?[0-9]+/, " ", line); gsub(/\\./, " ", line); sub(/^\.[a-z]+/, " ", line)
              n = split(line, ws, /[^a-z]+/); for (i = 1; i <= n; i++) if (length(ws[i]) >= 3 && length(ws[i]) <= 30) seen[ws[i]] = 1 }
            END { for (w in seen) df[w]++; for (w in df) if (df[w] >= 3) print df[w], w }
            """#
            let pipeline = #"find "$@" -type f -print0 | xargs -0 gzip -dcf 2>/dev/null | awk "$WT_MANUAL_WORDS""#
            var counts: [String: Int] = [:]
            guard let text = output(of: "/bin/sh", ["-c", pipeline, "sh"] + folders,
                                    environment: ["WT_MANUAL_WORDS": script, "PATH": "/usr/bin:/bin", "LC_ALL": "C"]) else { return nil }
            for line in text.lines(omittingEmpty: true) {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let n = Int(parts[0]) else { continue }
                counts[String(parts[1])] = n
            }
            return counts
        }

        /// True for a hyphenated name of lowercase letters (`dpkg-buildpackage`, `git-log`): two
        /// parts or more, each a letter or more; looked up whole by ``SpellingRule``.
        static func isHyphenatedName(_ name: String) -> Bool {
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            return parts.count >= 2 && name.utf8.count <= 40 && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 97 && $0 <= 122 } }
        }

        /// True when `name` is a common word with two neighbouring letters swapped (`tset`, a
        /// command, is `test` typed fast): the commonest slip, so the name is left out.
        static func isSwapOfCommon(_ name: String, common: Set<String>) -> Bool {
            var chars = Array(name)
            for i in 0..<max(0, chars.count - 1) where chars[i] != chars[i + 1] {
                chars.swapAt(i, i + 1)
                if common.contains(String(chars)) { return true }
                chars.swapAt(i, i + 1)
            }
            return false
        }

        /// True when `name` is a common word with one letter left out (`creat`, `environ`).
        /// (Builds ``deletions(of:)`` of `common` for this one question: a caller asking about
        /// many names builds it once and asks ``isDeletionOfCommon(_:deletions:)``.)
        static func isDeletionOfCommon(_ name: String, common: Set<String>) -> Bool {
            isDeletionOfCommon(name, deletions: deletions(of: common))
        }

        /// True when `name` is in `deletions`, ``deletions(of:)`` of the common words: a common
        /// word with one letter left out. One look-up: the scan it replaces made 26 strings for
        /// each place in `name` and looked each up (17 % of a first run's processor time, debug).
        static func isDeletionOfCommon(_ name: String, deletions: Set<String>) -> Bool {
            deletions.contains(name)
        }

        /// Every word of `words` with one of its letters `a`–`z` left out (`create` → `reate`,
        /// `ceate`, …, `creat`): a name is a word of `words` with a letter left out exactly when
        /// it is in this set (a letter put back into it at some place makes the word).
        static func deletions(of words: Set<String>) -> Set<String> {
            var out = Set<String>()
            out.reserveCapacity(words.count * 8)
            for word in words {
                let chars = Array(word)
                for i in chars.indices where chars[i].isASCII && chars[i].isLowercase {
                    var shorter = chars
                    shorter.remove(at: i)
                    out.insert(String(shorter))
                }
            }
            return out
        }

        /// True when `name` is a common word with one letter added (`frome`, `whith`); with
        /// `pluralIsNoSlip`, not for a common word's plural in `-s` (`relocations`).
        static func isInsertionOfCommon(_ name: String, common: Set<String>, pluralIsNoSlip: Bool = false) -> Bool {
            let chars = Array(name)
            for i in chars.indices {
                if pluralIsNoSlip, i == chars.count - 1, chars[i] == "s" { continue }
                var word = chars
                word.remove(at: i)
                if common.contains(String(word)) { return true }
            }
            return false
        }

        /// True when `name` is a common word with one letter changed (`noop`: `noon`).
        static func isSubstitutionOfCommon(_ name: String, common: Set<String>) -> Bool {
            let chars = Array(name)
            for i in chars.indices {
                for c in "abcdefghijklmnopqrstuvwxyz" where c != chars[i] {
                    var word = chars
                    word[i] = c
                    if common.contains(String(word)) { return true }
                }
            }
            return false
        }

        /// True when `name` is two common words run together one of which has two letters or
        /// fewer (`upto`, `infact`, `alot`, `noone`).
        static func isShortSplit(_ name: String, common: Set<String>) -> Bool {
            let chars = Array(name)
            for cut in 1..<max(1, chars.count) {
                let a = String(chars[..<cut]), b = String(chars[cut...])
                guard a.count <= 2 || b.count <= 2 else { continue }
                if (common.contains(a) || a == "a") && common.contains(b) { return true }
            }
            return false
        }

        /// True when `name` is two common words run together (`alot`, `lightyears`, `infact`),
        /// each of two letters or more but for “a”: a slip more often than a name.
        static func isTwoWords(_ name: String, common: Set<String>) -> Bool {
            let chars = Array(name)
            for cut in 1..<chars.count {
                let a = String(chars[..<cut]), b = String(chars[cut...])
                guard a.count >= 2 || a == "a", b.count >= 2 else { continue }
                if common.contains(a) && common.contains(b) { return true }
            }
            return false
        }

        /// Standard output of `tool` run with `arguments`; nil when it cannot run or ends with a
        /// failure (its output may then be cut short) twice, a second apart.
        private static func output(of tool: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
            if let out = outputOfOneRun(of: tool, arguments, environment: environment) { return out }
            Thread.sleep(forTimeInterval: 1)
            return outputOfOneRun(of: tool, arguments, environment: environment)
        }

        private static func outputOfOneRun(of tool: String, _ arguments: [String], environment: [String: String]?) -> String? {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = arguments
            if let environment { p.environment = environment }
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            do { try p.run() } catch { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationReason == .exit, p.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }

    // MARK: the table

    /// The words in one block of bytes, searched in place: a header, an open-addressing table of
    /// entry numbers by FNV-1a hash, each entry's start in the text, the layers of each entry (two bytes) and
    /// the words' bytes. All integers little-endian.
    struct Table: Sendable {
        /// Bumped whenever the layout or the way the words are chosen changes.
        static let formatVersion: UInt32 = 17
        static let magic: [UInt8] = Array("WTVOCAB\0".utf8)
        private let data: Data
        /// Entries, slots of the hash table, and byte offsets of each part.
        let count: Int
        private let slots: Int
        private let slotsAt: Int, offsetsAt: Int, layersAt: Int, bytesAt: Int

        /// The table in `data`, or nil when it is not one (or is damaged).
        init?(data: Data) {
            let header = Self.magic.count + 4 + 8 + 8
            guard data.count >= header, Array(data.prefix(Self.magic.count)) == Self.magic else { return nil }
            func int(at o: Int, _ size: Int) -> Int {
                var v: UInt64 = 0
                for k in 0..<size { v |= UInt64(data[data.startIndex + o + k]) << (8 * UInt64(k)) }
                return Int(truncatingIfNeeded: v)
            }
            guard int(at: Self.magic.count, 4) == Int(Self.formatVersion) else { return nil }
            let count = int(at: Self.magic.count + 4, 8), slots = int(at: Self.magic.count + 12, 8)
            guard count >= 0, slots > count, slots & (slots - 1) == 0 else { return nil }
            self.data = data
            self.count = count
            self.slots = slots
            slotsAt = header
            offsetsAt = slotsAt + 4 * slots
            layersAt = offsetsAt + 4 * (count + 1)
            bytesAt = layersAt + 2 * count
            guard bytesAt <= data.count, int(at: offsetsAt + 4 * count, 4) == data.count - bytesAt else { return nil }
        }

        /// The layers of `word` (exact bytes).
        func layers(of word: String) -> Layer {
            var w = word
            return w.withUTF8 { key in
                data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Layer in
                    func u32(_ o: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt32.self))) }
                    let mask = slots - 1
                    var s = Int(truncatingIfNeeded: WordSet.hash(bytes: key)) & mask
                    let blob = raw.count - bytesAt
                    while true {
                        let e = u32(slotsAt + 4 * s)
                        if e == 0 { return [] }
                        let i = e - 1
                        guard i < count else { return [] }
                        let a = u32(offsetsAt + 4 * i), b = u32(offsetsAt + 4 * (i + 1))
                        guard a <= b, b <= blob else { return [] }
                        if b - a == key.count, memcmp(raw.baseAddress! + bytesAt + a, key.baseAddress!, key.count) == 0 {
                            return Layer(rawValue: UInt16(raw[layersAt + 2 * i]) | UInt16(raw[layersAt + 2 * i + 1]) << 8)
                        }
                        s = (s + 1) & mask
                    }
                }
            }
        }

        /// The bytes of a table of `words`.
        static func build(_ words: [String: Layer]) -> Data {
            let entries = words.keys.sorted()
            var slots = 16
            while slots < entries.count * 2 { slots *= 2 }
            var table = [UInt32](repeating: 0, count: slots)
            var offsets: [UInt32] = [0]
            var bytes: [UInt8] = []
            var layers: [UInt8] = []  // two bytes an entry, little-endian
            for (i, w) in entries.enumerated() {
                let b = Array(w.utf8)
                var s = Int(truncatingIfNeeded: b.withUnsafeBufferPointer { WordSet.hash(bytes: $0) }) & (slots - 1)
                while table[s] != 0 { s = (s + 1) & (slots - 1) }
                table[s] = UInt32(i + 1)
                bytes += b
                offsets.append(UInt32(bytes.count))
                let v = words[w]!.rawValue
                layers.append(UInt8(truncatingIfNeeded: v))
                layers.append(UInt8(truncatingIfNeeded: v >> 8))
            }
            var data = Data(magic)
            func append<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
            append(formatVersion)
            append(Int64(entries.count))
            append(Int64(slots))
            for v in table { append(v) }
            for v in offsets { append(v) }
            data.append(contentsOf: layers)
            data.append(contentsOf: bytes)
            return data
        }
    }
}

/// A value worked out on a thread of its own from the moment it is made; ``value`` waits for it.
/// (For the vocabulary layers' tools, run while the word lists are read.)
final class BackgroundValue<T: Sendable>: @unchecked Sendable {
    // `result` is guarded by `condition`.
    private let condition = NSCondition()
    private var result: T?

    /// Starts `work` on a new thread.
    init(_ work: @escaping @Sendable () -> T) {
        Thread.detachNewThread { [self] in
            let r = work()
            condition.lock()
            result = r
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The value, once `work` has returned.
    var value: T {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
