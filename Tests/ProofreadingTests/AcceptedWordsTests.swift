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
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix("accepted-") }
    }

    /// A second speller on the same cache folder answers the common words of a short text, an
    /// inflected form, a possessive, a contraction and a capitalised sentence start among them,
    /// without loading Hunspell; a misspelling still goes to Hunspell and is still wrong.
    @Test func commonWordsAreAnsweredWithoutLoadingHunspell() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        #expect(first.isCorrect("is"))
        #expect(Self.files(dir).count == 1)
        let second = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        for word in ["is", "cats", "running", "Houses", "children's", "don't", "The", "was", "quickly", "She"] {
            #expect(second.isCorrect(word), "\(word)")
        }
        #expect(!second.isHunspellLoaded)
        #expect(!second.isCorrect("hosues"))
        #expect(second.isHunspellLoaded)
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
