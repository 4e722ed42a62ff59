import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// No rule offers, as its only fixes, the text it flags (“doesn't” → “doesn't”): such a finding
/// changes nothing and only costs the reader a look. Every rule runs over a corpus of sentences,
/// the examples of every rule (wrong, corrected and correct) and every sentence fixture, so the
/// next rule with this fault fails here. (The API drops such a finding too:
/// `ProofreadingReport`; this test keeps the rules themselves honest.)
struct NoOpFindingTests {
    /// Every sentence the corpus holds: the rules' examples, then the fixtures' lines.
    static func corpus() throws -> [String] {
        var sentences: [String] = []
        for rule in RuleRegistry.all {
            for (wrong, fixed) in rule.examples.incorrect { sentences += [wrong, fixed] }
            sentences += rule.examples.correct
        }
        let directory = try RuleTestSupport.fixture("")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        for name in names {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let plain = line.hasPrefix("- ") ? String(line.dropFirst(2)) : String(line)
                sentences += plain.components(separatedBy: " => ")
            }
        }
        return sentences.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    @Test func noRuleOffersTheFlaggedTextAsItsOnlyFix() throws {
        let sentences = try Self.corpus()
        #expect(sentences.count > 3_000)
        // Checked in documents of 200 paragraphs: one proofreader pass each.
        var noOps: [String] = []
        for start in stride(from: 0, to: sentences.count, by: 200) {
            let chunk = sentences[start..<min(start + 200, sentences.count)]
            let text = chunk.joined(separator: "\n\n")
            for m in RuleTestSupport.matches(RuleRegistry.all, in: text) where !m.replacements.isEmpty {
                let flagged = (text as NSString).substring(with: m.range)
                if m.replacements.allSatisfy({ $0 == flagged }) {
                    let line = (text as NSString).lineRange(for: m.range)
                    noOps.append("\(m.ruleID): “\(flagged)” in \((text as NSString).substring(with: line).trimmingCharacters(in: .newlines))")
                }
            }
        }
        #expect(noOps.isEmpty, "\(noOps.count) findings change nothing:\n\(noOps.prefix(20).joined(separator: "\n"))")
    }

    /// The trial's sentences: the rule that flagged them is quiet, and “don't” after a singular
    /// subject is still flagged.
    @Test func aSingularSubjectWithDoesntIsLeftAlone() throws {
        let (_, correct) = try RuleTestSupport.sentenceFixture("no-op-findings.txt")
        #expect(correct.count >= 10)
        for text in correct {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.category == .grammar }
            #expect(found.isEmpty, "\(text) → \(found.map(\.ruleID))")
        }
        let wrong = RuleTestSupport.matches(RuleRegistry.all, in: "The user don't know.")
        #expect(wrong.first?.replacements.first == "doesn't")
    }
}
