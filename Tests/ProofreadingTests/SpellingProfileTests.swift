import Foundation
import Testing
@testable import Proofreading

/// Opt-in timing of the suggester alone on the development misspellings (`WT_EVAL=2`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WT_EVAL"] == "2"))
struct SpellingProfileTests {
    @Test func profile() throws {
        let t0 = Date()
        let speller = try HunspellSpeller(language: "en-US")
        let s = speller.suggester
        let t1 = Date()
        s.prepare()
        let t2 = Date()
        print("hunspell load \(String(format: "%.1f", t1.timeIntervalSince(t0) * 1000)) ms, index \(String(format: "%.1f", t2.timeIntervalSince(t1) * 1000)) ms")
        let text = try String(contentsOfFile: "/work/shared/data/dev/spelling.jsonl", encoding: .utf8)
        let words: [String] = text.split(separator: "\n").compactMap {
            guard let o = try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] else { return nil }
            return (o["real_word"] as? Bool ?? true) ? nil : o["misspelling"] as? String
        }
        let start = Date()
        for w in words { _ = s.rankedSuggestions(for: w, limit: 5) }
        print("ranked: \(String(format: "%.1f", Date().timeIntervalSince(start) / Double(words.count) * 1e6)) µs/word")
    }
}
