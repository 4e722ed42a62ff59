import Foundation
import Synchronization
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
            let found = RuleTestSupport.matches([rule], in: text, level: rule.level)
            guard let first = found.first else {
                Issue.record("\(ruleID) does not flag: \(text)")
                continue
            }
            // The rule's category, but for a real-word slip that is a grammar error (“I am agree”).
            #expect(found.allSatisfy { $0.ruleID == ruleID && !$0.message.isEmpty
                    && ($0.category == rule.category || ruleID == "EN_REAL_WORD_SLIP" && $0.category == .grammar) })
            guard let replacement = first.replacements.first else {
                Issue.record("\(ruleID) offers no replacement for: \(text)")
                continue
            }
            #expect(RuleTestSupport.applying(replacement, at: first.range, to: text) == corrected, "\(ruleID): \(text)")
        }
        for text in examples.correct {
            let found = RuleTestSupport.matches([rule], in: text, level: rule.level)
            #expect(found.isEmpty, "\(ruleID) flags a correct sentence: \(text) → \(found.map { (text as NSString).substring(with: $0.range) })")
        }
    }

    /// Rules that need a word's class (noun, verb form) work in British English too: Debian's
    /// en-GB dictionary has affix flags of its own, and the classes come from en-US's. Every
    /// grammar rule flags its incorrect examples under en-GB as under en-US (the spelling rules
    /// are the dictionary's own business).
    @Test func grammarRulesFlagTheirExamplesInBritishEnglish() throws {
        let speller = try #require(RuleTestSupport.britishSpeller)
        for rule in RuleRegistry.grammarRules {
            for (text, _) in rule.examples.incorrect {
                var options = ProofreadingOptions()
                options.level = rule.level
                let found = Proofreader(speller: speller, rules: [rule]).check(DocumentParser.parse(text, markup: .plain), options: options)
                #expect(!found.isEmpty, "\(rule.id) does not flag under en-GB: \(text)")
            }
        }
    }

    /// Replacements follow the text's apostrophes: curly in text that writes them curly,
    /// straight otherwise.
    @Test func replacementsFollowTheTextsApostrophes() {
        let curly = RuleTestSupport.matches(RuleRegistry.all, in: "Your welcome, and you\u{2019}re right.")
        #expect(curly.first?.replacements.first == "You\u{2019}re")
        let straight = RuleTestSupport.matches(RuleRegistry.all, in: "Your welcome, and you're right.")
        #expect(straight.first?.replacements.first == "You're")
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

    /// A rule that declares triggers promises that each of its matches starts from one: every
    /// incorrect example must contain one (in ``Token/norm`` form), and triggers are lowercase.
    @Test(arguments: RuleRegistry.all.filter { $0.triggers != nil }.map(\.id))
    func triggersCoverEveryIncorrectExample(ruleID: String) throws {
        let rule = try #require(RuleRegistry.rule(id: ruleID))
        let triggers = try #require(rule.triggers)
        #expect(!triggers.isEmpty)
        for word in triggers { #expect(word == word.lowercased() && !word.contains("\u{2019}"), "\(ruleID): trigger \(word)") }
        for (text, _) in rule.examples.incorrect {
            let words = Tokenizer.tokenize(text).filter { $0.kind == .word }.map(\.norm)
            #expect(words.contains(where: triggers.contains), "\(ruleID): no trigger in “\(text)”")
        }
    }

    /// A rule with triggers runs only on the sentences that contain one (curly apostrophes and
    /// capitals included); a rule without runs on every sentence.
    @Test func rulesRunOnlyOnSentencesWithTheirTriggers() throws {
        let speller = try #require(RuleTestSupport.speller)
        let seen = Mutex<[String]>([])
        struct Recorder: Rule {
            let id: String
            let triggers: Set<String>?
            let seen: @Sendable (String) -> Void
            var category: RuleCategory { .grammar }
            var summary: String { "records the sentences it is run on" }
            var examples: RuleExamples { RuleExamples(incorrect: [], correct: []) }
            func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] {
                let text = (context.segmentText as NSString).substring(with: sentence.range).trimmingCharacters(in: .whitespaces)
                seen("\(id): \(text)")
                return []
            }
        }
        let record: @Sendable (String) -> Void = { line in seen.withLock { $0.append(line) } }
        let rules: [any Rule] = [Recorder(id: "ZEBRA", triggers: ["zebra", "it's"], seen: record),
                                 Recorder(id: "ANY", triggers: nil, seen: record)]
        _ = Proofreader(speller: speller, rules: rules)
            .check(DocumentParser.parse("A Zebra ran. Nothing here. It’s late.", markup: .plain))
        #expect(seen.withLock { $0 } == ["ZEBRA: A Zebra ran.", "ANY: A Zebra ran.", "ANY: Nothing here.",
                                        "ZEBRA: It’s late.", "ANY: It’s late."])
    }

    /// A rule with feature triggers promises that each of its matches needs one: every
    /// incorrect example has one of the features.
    @Test(arguments: RuleRegistry.all.filter { $0.featureTriggers != nil }.map(\.id))
    func featureTriggersCoverEveryIncorrectExample(ruleID: String) throws {
        let rule = try #require(RuleRegistry.rule(id: ruleID))
        let features = try #require(rule.featureTriggers)
        #expect(!features.isEmpty)
        for (text, _) in rule.examples.incorrect {
            let found = SentenceFeatures(of: TokenList(Tokenizer.tokenize(text)))
            #expect(!found.isDisjoint(with: features), "\(ruleID): no feature \(features) in “\(text)”")
        }
    }

    /// A rule with feature triggers finds the same with them as without (run on every
    /// sentence), on every rule's examples and on sentences full of punctuation and spacing.
    @Test(arguments: RuleRegistry.all.filter { $0.featureTriggers != nil }.map(\.id))
    func featureTriggersChangeNoFinding(ruleID: String) throws {
        struct Ungated: Rule {
            let rule: any Rule
            var id: String { rule.id }
            var category: RuleCategory { rule.category }
            var summary: String { rule.summary }
            var examples: RuleExamples { rule.examples }
            var level: ProofreadingLevel { rule.level }
            func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] { rule.check(sentence, context: context) }
        }
        let rule = try #require(RuleRegistry.rule(id: ruleID))
        let fixture = try String(contentsOf: RuleTestSupport.fixture("PunctuationSentences.txt"), encoding: .utf8)
        var texts = fixture.split(separator: "\n").map(String.init) + [fixture]
        for other in RuleRegistry.all { texts += other.examples.incorrect.map(\.0) + other.examples.correct }
        var flagged = 0
        for text in texts {
            let gated = RuleTestSupport.matches([rule], in: text, level: rule.level)
            #expect(gated == RuleTestSupport.matches([Ungated(rule: rule)], in: text, level: rule.level), "\(ruleID): “\(text)”")
            flagged += gated.count
        }
        #expect(flagged > 0, "\(ruleID) flags nothing in the texts")
    }

    /// The trigger index gives the same rules whether it keeps them as bits (up to 128 rules)
    /// or as lists (more).
    @Test func triggerIndexAgreesBeyondOneHundredAndTwentyEightRules() {
        struct Stub: Rule {
            let id: String
            let triggers: Set<String>?
            var category: RuleCategory { .grammar }
            var summary: String { "stub" }
            var examples: RuleExamples { RuleExamples(incorrect: [], correct: []) }
            func check(_ sentence: Sentence, context: RuleContext) -> [ProofreadingSuggestion] { [] }
        }
        func rules(_ n: Int) -> [any Rule] {
            (0..<n).map { i in Stub(id: "R\(i)", triggers: i % 3 == 0 ? nil : [i % 3 == 1 ? "alpha" : "beta", "w\(i)"]) }
        }
        let sentence = SentenceSplitter.split(Tokenizer.tokenize("Alpha and w5 and W200."))[0]
        for n in [10, 128, 130, 200] {
            let active = RulePlan(rules(n)).active(in: sentence)
            let expected = (0..<n).filter { $0 % 3 == 0 || $0 % 3 == 1 || $0 == 5 || $0 == 200 }
            #expect(active == expected, "\(n) rules")
        }
    }
}
