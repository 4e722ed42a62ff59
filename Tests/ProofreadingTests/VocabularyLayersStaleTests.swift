import Foundation
import Testing
@testable import Proofreading

/// A long-lived host (the language server) whose vocabulary cache is out of date (apt installed
/// packages since it was built) checks with the older cache at once and rebuilds the current one
/// in the background (``HunspellSpeller/vocabularyLayers(servingStale:)``).
struct VocabularyLayersStaleTests {
    @Test func servesTheOlderCacheWhileRebuilding() async throws {
        let speller = try #require(RuleTestSupport.speller)
        let fm = FileManager.default
        let defaultDir = try #require(SpellingSuggester.defaultCacheDirectory)
        _ = speller.vocabularyLayers  // the current cache, built or loaded
        // (The current file by its name: the folder may hold older ones too, built before the
        // sources or their reading changed.)
        let current = VocabularyLayers.cacheURL(dictionaryCode: "en_US", directory: defaultDir,
                                                sources: .standard(dictionaryCode: "en_US")).lastPathComponent
        try #require(fm.fileExists(atPath: defaultDir.appendingPathComponent(current).path))
        // A cache folder holding only an older file (its name no longer matches the sources).
        let dir = fm.temporaryDirectory.appendingPathComponent("wt-stale-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: dir) }
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let old = "vocabulary-en_US-0.idx"
        try fm.copyItem(at: defaultDir.appendingPathComponent(current), to: dir.appendingPathComponent(old))
        let stale = try #require(VocabularyLayers.stale(dictionaryCode: "en_US", cacheDirectory: dir))
        #expect(stale.count == speller.vocabularyLayers.count)

        // Served at once: the older layers answer; the current file appears when the rebuild ends.
        let host = try HunspellSpeller(language: "en-US", cacheDirectory: dir)
        let served = host.vocabularyLayers(servingStale: true)
        #expect(served.isCommand("tar"))
        var rebuilt = false
        for _ in 0..<600 where !rebuilt {
            try await Task.sleep(for: .milliseconds(500))
            let names = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
            // (The folder gets other caches too: the accepted words' set.)
            rebuilt = names.contains { $0.hasPrefix("vocabulary-") && $0.hasSuffix(".idx") && $0 != old } && !names.contains(old)
        }
        #expect(rebuilt, "the current layers were not stored")
        // Then the older one is no longer served: the current file is there.
        #expect(VocabularyLayers.stale(dictionaryCode: "en_US", cacheDirectory: dir) == nil)
        #expect(host.vocabularyLayers(servingStale: true).isCommand("tar"))
    }

    /// A cache folder without an older file has nothing stale to serve, so the layers are built
    /// at once. (`HunspellSpeller.servesStaleVocabularyWhileRebuilding` is process-wide, and the
    /// language server's tests turn it on in the same test process: it is not asserted here.)
    @Test func noOlderCacheNothingStale() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("wt-nostale-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: dir) }
        #expect(VocabularyLayers.stale(dictionaryCode: "en_US", cacheDirectory: dir) == nil)
    }
}
