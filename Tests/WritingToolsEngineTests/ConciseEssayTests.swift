import Foundation
import Testing
@testable import WritingToolsEngine

/// Concise shortens an essay of ordinary prose, not only proofreads it (session-42 trial):
/// wordy constructions, filler openers, hedges and intensifiers go, the meaning stays. Words
/// removed by the offline Concise on these essays, before this change: 12, 4 and 8.
@Suite struct ConciseEssayTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var gone: [String]
        var kept: [String]
        var minimumRemoved: Int
        var testDescription: String { fixture }
    }

    static let cases: [Case] = [
        .init(fixture: "concise/essay-remote-work.txt", gone: ["In order to", "It is important to note that", "Due to the fact that", "In my opinion,",
                                                               "have come to the conclusion"],
              kept: ["do not make a choice", "a whole day"], minimumRemoved: 16),
        .init(fixture: "concise/essay-sleep.txt", gone: ["It is a well-known fact that", "In actual fact,", "in order to"],
              kept: ["do not get enough sleep", "does not make up"], minimumRemoved: 12),
        .init(fixture: "concise/essay-tests-first.txt", gone: ["First of all,", "For the purpose of", "later on", "a number of"],
              kept: ["not a silver bullet"], minimumRemoved: 12),
    ]

    @Test("Concise shortens an essay and keeps its meaning", arguments: cases)
    func shortens(_ c: Case) throws {
        let text = try Fixture.text(c.fixture)
        let (new, edits) = try rewritten(text, .concise)
        let words = { (s: String) in s.split(whereSeparator: \.isWhitespace).count }
        #expect(words(text) - words(new) >= c.minimumRemoved, "\(words(text) - words(new)) words removed: \(edits.map(\.ruleID))")
        for g in c.gone { #expect(!new.contains(g), "\(g)") }
        for k in c.kept { #expect(new.contains(k), "\(k)") }
        // Paragraphs stay paragraphs.
        #expect(new.components(separatedBy: "\n\n").count == text.components(separatedBy: "\n\n").count)
    }
}
