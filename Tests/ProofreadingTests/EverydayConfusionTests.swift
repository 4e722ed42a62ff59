import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// The confused-word and agreement families on everyday sentences written for them (fixture
/// `everyday-confusions.txt`): wrong ones fixed by the first finding, correct ones left alone.
/// The rules decide by part of speech, so these sentences use words no rule lists.
struct EverydayConfusionTests {
    /// The fixture's lines: `(wrong, right)` pairs and correct sentences.
    static func fixture() throws -> (wrong: [(String, String)], correct: [String]) {
        let text = try String(contentsOf: RuleTestSupport.fixture("everyday-confusions.txt"), encoding: .utf8)
        var wrong: [(String, String)] = [], correct: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("- ") { correct.append(String(line.dropFirst(2))); continue }
            let parts = line.components(separatedBy: " => ")
            if parts.count == 2 { wrong.append((parts[0], parts[1])) }
        }
        return (wrong, correct)
    }

    /// Findings of every rule but spelling on `text`.
    static func findings(_ text: String) -> [Match] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
    }

    @Test func wrongSentencesAreFixed() throws {
        let (wrong, _) = try Self.fixture()
        #expect(wrong.count >= 80)
        for (text, fixed) in wrong {
            guard let first = Self.findings(text).first, let replacement = first.replacements.first else {
                Issue.record("not found: \(text)")
                continue
            }
            #expect(RuleTestSupport.applying(replacement, at: first.range, to: text) == fixed, "\(first.ruleID): \(text)")
        }
    }

    @Test func correctSentencesRaiseNothing() throws {
        let (_, correct) = try Self.fixture()
        #expect(correct.count >= 100)
        for text in correct {
            let found = Self.findings(text).filter { $0.category == .grammar || $0.category == .confusedWords }
            #expect(found.isEmpty, "\(text) → \(found.map { "\($0.ruleID) \((text as NSString).substring(with: $0.range))" })")
        }
    }

    /// A grammar rule does not read a misspelled word as another word: it stays silent next to
    /// it (“Lets reciev the box”), while a rule that knows the unknown word itself (“alot”) and
    /// the spelling finding stay.
    @Test func noGrammarFindingNextToAMisspelling() {
        let stacked = RuleTestSupport.matches(RuleRegistry.all, in: "Lets reciev the box.")
        #expect(stacked.map(\.ruleID) == ["SPELLING"])
        let known = RuleTestSupport.matches(RuleRegistry.all, in: "I ate alot of cake.")
        #expect(known.map(\.ruleID) == ["EN_NONSTANDARD_WORD"])
        let apart = RuleTestSupport.matches(RuleRegistry.all, in: "Lets schedule the call, the reciept is here.")
        #expect(apart.map(\.ruleID).sorted() == ["EN_LETS_LET_S", "SPELLING"])
    }
}
