import Foundation
import Testing
@testable import Proofreading

/// The agreement and article families of `Resources/rules/agreement.rules` and the learner and
/// context rules for issue 30's misses, on sentences written for them (fixture
/// `agreement-families.txt`): wrong ones fixed by the first finding, correct ones left alone.
/// The nouns and verbs are ones no rule lists: the rules decide by part of speech and lemma.
struct AgreementFamilyTests {
    /// The fixture's lines: `(wrong, right)` pairs and correct sentences.
    static func fixture() throws -> (wrong: [(String, String)], correct: [String]) {
        let text = try String(contentsOf: RuleTestSupport.fixture("agreement-families.txt"), encoding: .utf8)
        var wrong: [(String, String)] = [], correct: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("- ") { correct.append(String(line.dropFirst(2))); continue }
            let parts = line.components(separatedBy: " => ")
            if parts.count == 2 { wrong.append((parts[0], parts[1])) }
        }
        return (wrong, correct)
    }

    @Test func wrongSentencesAreFixed() throws {
        let (wrong, _) = try Self.fixture()
        #expect(wrong.count >= 90)
        for (text, fixed) in wrong {
            guard let first = EverydayConfusionTests.findings(text).first, let replacement = first.replacements.first else {
                Issue.record("not found: \(text)")
                continue
            }
            #expect(RuleTestSupport.applying(replacement, at: first.range, to: text) == fixed, "\(first.ruleID): \(text)")
        }
    }

    @Test func correctSentencesRaiseNothing() throws {
        let (_, correct) = try Self.fixture()
        #expect(correct.count >= 150)
        for text in correct {
            let found = EverydayConfusionTests.findings(text).filter { $0.category == .grammar || $0.category == .confusedWords }
            #expect(found.isEmpty, "\(text) → \(found.map { "\($0.ruleID) \((text as NSString).substring(with: $0.range))" })")
        }
    }

    /// The Swift rule these patterns replace is gone from the registry, and the pattern rules
    /// that took its place are there.
    @Test func patternRulesReplaceTheSwiftRule() {
        let ids = Set(RuleRegistry.all.map(\.id))
        #expect(!ids.contains("EN_NOUN_SUBJECT_AGREEMENT"))
        for id in ["EN_PLURAL_SUBJECT_SINGULAR_VERB", "EN_PLURAL_SUBJECT_VBZ_NOUN", "EN_PLURAL_SUBJECT_COMMA_PHRASE",
                   "EN_COORDINATED_SUBJECT_AGREEMENT", "EN_OF_QUANTIFIER_AGREEMENT", "EN_BARE_PLURAL_SUBJECT",
                   "EN_SINGULAR_SUBJECT_PLURAL_VERB"] {
            #expect(ids.contains(id), "\(id)")
        }
    }
}
