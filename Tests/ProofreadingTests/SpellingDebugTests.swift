import Foundation
import Testing
@testable import Proofreading

/// Opt-in: prints the scored suggestions for `WT_DEBUG_WORDS` (comma-separated), for tuning.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WT_DEBUG_WORDS"] != nil))
struct SpellingDebugTests {
    @Test func dump() throws {
        let env = ProcessInfo.processInfo.environment
        let speller = try HunspellSpeller(language: env["WT_LANG"] ?? "en-US")
        for w in (env["WT_DEBUG_WORDS"] ?? "").split(separator: ",") {
            let s = speller.suggester.scoredSuggestions(for: String(w), limit: 5)
            print("\(w): " + s.map { "\($0.text)=\($0.score)\($0.isProperNoun ? "P" : "")" }.joined(separator: " "))
        }
    }
}
