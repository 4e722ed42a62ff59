import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Runs every registered rule on its own examples, through the real tokenizer, sentence
/// splitter, proofreader and Hunspell dictionary: rules added later are covered automatically.
struct RuleExamplesTests {
    @Test func dictionaryIsInstalled() {
        #expect(RuleTestSupport.speller != nil, "hunspell-en-us must be installed for the rule tests")
    }

    @Test(arguments: RuleRegistry.all.map(\.id))
    func examples(ruleID: String) throws {
        let rule = try #require(RuleRegistry.rule(id: ruleID))
        let examples = rule.examples
        #expect(examples.incorrect.count >= 2, "\(ruleID): at least two incorrect examples")
        #expect(examples.correct.count >= 2, "\(ruleID): at least two correct examples")
        #expect(!rule.summary.isEmpty)
        for (text, corrected) in examples.incorrect {
            let found = RuleTestSupport.matches([rule], in: text)
            guard let first = found.first else {
                Issue.record("\(ruleID) does not flag: \(text)")
                continue
            }
            #expect(found.allSatisfy { $0.ruleID == ruleID && $0.category == rule.category && !$0.message.isEmpty })
            guard let replacement = first.replacements.first else {
                Issue.record("\(ruleID) offers no replacement for: \(text)")
                continue
            }
            #expect(RuleTestSupport.applying(replacement, at: first.range, to: text) == corrected, "\(ruleID): \(text)")
        }
        for text in examples.correct {
            let found = RuleTestSupport.matches([rule], in: text)
            #expect(found.isEmpty, "\(ruleID) flags a correct sentence: \(text) → \(found.map { (text as NSString).substring(with: $0.range) })")
        }
    }

    @Test func idsAreUniqueAndUpperSnakeCase() {
        let ids = RuleRegistry.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate rule IDs")
        for id in ids {
            #expect(id.range(of: #"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$"#, options: .regularExpression) != nil, "\(id) is not UPPER_SNAKE_CASE")
        }
    }

    @Test func spellingRunsLast() {
        #expect(RuleRegistry.all.last?.id == "SPELLING")
        #expect(RuleRegistry.grammarRules.count >= 30)
    }
}
