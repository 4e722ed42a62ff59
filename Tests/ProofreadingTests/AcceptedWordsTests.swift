import Foundation
import Testing
@testable import Proofreading

/// ``AcceptedWordsCache``: the common words the dictionary accepts, answered without loading
/// Hunspell, and never a word Hunspell would reject.
struct AcceptedWordsTests {
    /// A new empty folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-accepted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The cache files of the set in `dir`.
    static func files(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix("accepted-") && !$0.hasSuffix(".verified") }
    }

    /// A second speller on the same cache folder answers the common words of a short text, an
    /// inflected form, a possessive, a contraction and a capitalised sentence start among them,
    /// without loading Hunspell; a plain misspelling is wrong without Hunspell too (the set is
    /// exhaustive), a word with a digit goes to Hunspell.
    @Test func commonWordsAreAnsweredWithoutLoadingHunspell() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        #expect(first.isCorrect("is"))
        #expect(Self.files(dir).count == 1)
        let second = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        for word in ["is", "cats", "running", "Houses", "children's", "don't", "The", "was", "quickly", "She",
                     "don\u{2019}t", "You\u{2019}ve", "children\u{2019}s"] {
            #expect(second.isCorrect(word), "\(word)")
        }
        #expect(!second.isHunspellLoaded)
        // A plain misspelling is missing from the exhaustive set: wrong without Hunspell too.
        #expect(!second.isCorrect("hosues"))
        #expect(!second.isCorrect("Hosues."))
        #expect(!second.isCorrect("hosue\u{2019}s"))
        #expect(!second.isHunspellLoaded)
        // A word with a digit is Hunspell's to judge.
        #expect(!second.isCorrect("hosues2"))
        #expect(second.isHunspellLoaded)
    }

    /// The verdicts the exhaustive set gives without Hunspell are Hunspell's own, word for word,
    /// on every word of SCOWL's lists of the variety up to size 95 (about 300,000 words the
    /// affix expansion never saw, most of them rarer than the dictionary's) in the case they are
    /// listed in, in lowercase, with an initial capital, in capitals and in mixed case, with a
    /// period after some, and on misspellings made from them (a letter dropped, changed,
    /// doubled or two swapped); accented words among them.
    @Test(arguments: ["en_US", "en_GB"])
    func verdictsWithoutHunspellAreHunspells(_ code: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let speller = try HunspellSpeller(language: code, cacheDirectory: nil)
        let handle = try #require(HunspellHandle(affixPath: speller.affixPath, dictionaryPath: speller.dictionaryPath))
        let set = try #require(AcceptedWordsCache.words(dictionaryCode: code, dictionaryPath: speller.dictionaryPath,
                                                        affixPath: speller.affixPath, directory: dir) { handle.spellAllWithDictionaryOnly($0) })
        #expect(set.isExhaustive, "English's affix files are within what AffixExpansion models")
        let variety = code == "en_GB" ? ["british", "british_z", "english"] : ["american", "english"]
        let names = try FileManager.default.contentsOfDirectory(atPath: WordListSources.scowlDirectory).filter { name in
            variety.contains(where: { name.hasPrefix($0 + "-") }) && !name.contains("abbreviations")
        }
        #expect(names.count >= 10)
        var probes = Set<String>()
        var n = 0
        for name in names.sorted() {
            guard let data = FileManager.default.contents(atPath: WordListSources.scowlDirectory + "/" + name) else { continue }
            let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
            for line in text.split(whereSeparator: \.isNewline) {
                let w = String(line)
                n += 1
                probes.insert(w)
                if n % 3 == 0 { probes.insert(w.lowercased()) }
                if n % 3 == 1, let f = w.first { probes.insert(f.uppercased() + w.dropFirst().lowercased()) }
                if n % 3 == 2 { probes.insert(w.uppercased()) }
                if n % 7 == 0 { probes.insert(w + ".") }
                // The typographic apostrophe, which the affix file's ICONV turns into `'`.
                if w.contains("'") {
                    let curly = w.replacingOccurrences(of: "'", with: "\u{2019}")
                    probes.insert(curly)
                    if n % 2 == 0 { probes.insert(curly.uppercased()) }
                    if n % 3 == 0 { probes.insert(curly.prefix(1).uppercased() + curly.dropFirst()) }
                }
                if n % 13 == 0, w.count > 3 { probes.insert(String(w.prefix(2)) + "\u{2019}" + w.dropFirst(2)) }
                // Mixed case: a capital inside (`mcDonald`, `IPhone`), a capital moved.
                if n % 11 == 0, w.count > 2 {
                    var c = Array(w.lowercased())
                    c[n % 2 == 0 ? 1 : 2] = Character(c[n % 2 == 0 ? 1 : 2].uppercased())
                    if n % 4 == 0 { c[0] = Character(c[0].uppercased()) }
                    probes.insert(String(c))
                }
                if n % 5 == 0, w.count > 3 {
                    var c = Array(w)
                    let i = n % c.count
                    switch n % 4 {
                    case 0: c.remove(at: i)
                    case 1: c[i] = "e"
                    case 2: c.insert(c[i], at: i)
                    default: c.swapAt(i, (i + 1) % c.count)
                    }
                    probes.insert(String(c))
                }
            }
        }
        let words = Array(probes)
        let truth = handle.spellAllWithDictionaryOnly(words)
        var answered = 0, rejected = 0
        var disagreements: [String] = []
        for (word, hunspell) in zip(words, truth) {
            guard let ours = set.verdict(word) else { continue }
            answered += 1
            if !ours { rejected += 1 }
            if ours != hunspell { disagreements.append("\(word): ours \(ours), Hunspell \(hunspell)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(answered): \(disagreements.sorted().prefix(30))")
        #expect(answered > words.count * 9 / 10, "\(answered) of \(words.count) answered without Hunspell")
        #expect(rejected > 50_000, "\(rejected) rejected without Hunspell")
    }

    /// A word added to the speller (a user's dictionary, the technical vocabulary) is accepted
    /// in the spellings Hunspell accepts for it, without Hunspell; its other spellings are not.
    @Test func addedWordsAreAcceptedWithoutHunspell() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let speller = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        speller.add("qwzxlower")
        speller.add("QwzxCamel")
        #expect(speller.isCorrect("qwzxlower") && speller.isCorrect("Qwzxlower") && speller.isCorrect("QWZXLOWER"))
        #expect(speller.isCorrect("QwzxCamel") && speller.isCorrect("QWZXCAMEL"))
        #expect(!speller.isCorrect("qwzxcamel") && !speller.isCorrect("Qwzxcamel") && !speller.isCorrect("qwzxlowers"))
        #expect(!speller.isHunspellLoaded)
        // Hunspell agrees.
        let handle = try #require(HunspellHandle(affixPath: speller.affixPath, dictionaryPath: speller.dictionaryPath))
        handle.add("qwzxlower")
        handle.add("QwzxCamel")
        #expect(handle.spellAll(["qwzxlower", "Qwzxlower", "QWZXLOWER", "QwzxCamel", "QWZXCAMEL", "qwzxcamel", "Qwzxcamel", "qwzxlowers"])
                == [true, true, true, true, true, false, false, false])
    }

    /// Every word of the set, and its capitalised form when the set says the dictionary accepts
    /// those, is accepted by Hunspell on its own (a speller without a cache folder asks
    /// Hunspell every time): the set can change no verdict.
    @Test func everyWordOfTheSetIsOneHunspellAccepts() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let speller = try HunspellSpeller(language: "en-US", cacheDirectory: nil)
        let handle = try #require(HunspellHandle(affixPath: speller.affixPath, dictionaryPath: speller.dictionaryPath))
        let set = try #require(AcceptedWordsCache.words(dictionaryCode: "en_US", dictionaryPath: speller.dictionaryPath,
                                                        affixPath: speller.affixPath, directory: dir) { handle.spellAllWithDictionaryOnly($0) })
        let words = Array(set.words)
        #expect(words.count > 50_000, "SCOWL's lists up to size 50 hold about 100,000 words")
        let rejected = words.filter { !speller.isCorrect($0) }
        #expect(rejected.isEmpty, "\(rejected.prefix(10))")
        if set.acceptsInitialCapitals {
            let capitalised = words.compactMap { w -> String? in
                guard let f = w.first, f.isLowercase, w.allSatisfy({ $0.isASCII && !$0.isUppercase }) else { return nil }
                return f.uppercased() + w.dropFirst()
            }
            #expect(capitalised.allSatisfy { speller.isCorrect($0) })
            }
        #expect(set.acceptsInitialCapitals && set.contains("Houses") && set.contains("Running"))
        // Not in the set: misspellings, and case forms the rule does not vouch for.
        for word in ["hosues", "teh", "rUnning", "RUNNING", "Éclair"] { #expect(!set.contains(word), "\(word)") }
    }

    /// The set is built from the dictionary alone: a word added to the speller is not asked of
    /// the handle that builds it (it must not outlive the process in the cache).
    @Test func theSetIsBuiltWithoutAddedWords() throws {
        let speller = try HunspellSpeller(language: "en-US", cacheDirectory: nil)
        speller.add("qwzxaddedword")
        #expect(speller.isCorrect("qwzxaddedword"))
        let handle = try #require(HunspellHandle(affixPath: speller.affixPath, dictionaryPath: speller.dictionaryPath))
        handle.add("qwzxaddedword")
        #expect(handle.spellAllWithDictionaryOnly(["qwzxaddedword", "houses"]) == [false, true])
    }

    /// A damaged or truncated file, or one under another key, is not read; the set is built
    /// again with the same words and the file rewritten.
    @Test func damagedFileIsIgnoredAndRebuilt() throws {
        let speller = try HunspellSpeller(language: "en-US", cacheDirectory: nil)
        let lists = AcceptedWordsCache.listFiles(dictionaryCode: "en_US")
        let key = AcceptedWordsCache.key(dictionaryPath: speller.dictionaryPath, affixPath: speller.affixPath, lists: lists)
        var reference: [String]?
        for damage in ["flip", "truncate", "empty", "key"] {
            let dir = try Self.folder()
            defer { try? FileManager.default.removeItem(at: dir) }
            var builds = 0
            let ask: ([String]) -> [Bool] = { words in builds += 1; return words.map { speller.isCorrect($0) } }
            let built = try #require(AcceptedWordsCache.words(dictionaryCode: "en_US", dictionaryPath: speller.dictionaryPath,
                                                              affixPath: speller.affixPath, directory: dir, spellAll: ask))
            if reference == nil { reference = Array(built.words).sorted() }
            let name = try #require(Self.files(dir).first)
            let url = dir.appendingPathComponent(name)
            #expect(AcceptedWordsCache.load(url, key: key) != nil)
            var bytes = try [UInt8](Data(contentsOf: url))
            switch damage {
            case "flip": bytes[bytes.count / 2] ^= 0x10
            case "truncate": bytes.removeLast(bytes.count / 3)
            case "empty": bytes = []
            default: break
            }
            try Data(bytes).write(to: url)
            let probeKey = damage == "key" ? key &+ 1 : key
            #expect(AcceptedWordsCache.load(url, key: probeKey) == nil, "\(damage)")
            if damage == "key" { continue }
            builds = 0
            let again = try #require(AcceptedWordsCache.words(dictionaryCode: "en_US", dictionaryPath: speller.dictionaryPath,
                                                              affixPath: speller.affixPath, directory: dir, spellAll: ask))
            #expect(builds > 0, "\(damage): built again")
            #expect(Array(again.words).sorted() == reference, "\(damage)")
            #expect(AcceptedWordsCache.load(url, key: key) != nil, "\(damage): rewritten")
        }
    }
}
