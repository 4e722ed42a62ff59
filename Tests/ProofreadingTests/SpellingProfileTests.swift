import Foundation
import Testing
@testable import Proofreading

@Suite(.enabled(if: ProcessInfo.processInfo.environment["WT_EVAL"] == "2"))
struct SpellingProfileTests {
    @Test func profile() throws {
        let speller = try HunspellSpeller(language: "en-US")
        let s = speller.suggester
        s.prepare()
        let text = try String(contentsOfFile: "/work/shared/data/dev/spelling.jsonl", encoding: .utf8)
        let words: [String] = text.split(separator: "\n").compactMap {
            let o = try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            return (o["real_word"] as! Bool) ? nil : (o["misspelling"] as! String)
        }
        let index = try #require(s.indexForTesting)
        for cost in [Int32(14), 20, 24] {
            var found = 0
            let t0 = Date()
            for w in words {
                index.search(SpellingIndex.key(w), maxCost: cost) { r, _ in found += r.count }
            }
            let dt = Date().timeIntervalSince(t0)
            print("search maxCost \(cost): \(String(format: "%.1f", dt / Double(words.count) * 1e6)) µs/word, \(found / words.count) found/word")
        }
        let t0 = Date()
        for w in words { _ = s.rankedSuggestions(for: w, limit: 5) }
        print("ranked: \(String(format: "%.1f", Date().timeIntervalSince(t0) / Double(words.count) * 1e6)) µs/word")
    }
}
