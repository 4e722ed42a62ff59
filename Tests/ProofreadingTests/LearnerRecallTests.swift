import Testing
@testable import Proofreading

/// Errors learners make that JFLEG's references correct and our rules missed (session 48, issue
/// 30), each family on sentences written for its rule, with correct sentences near them that
/// must stay silent. The rules decide by part of speech: no word of the fixtures is listed in them.
struct LearnerRecallTests {
    /// One family: its fixture (`wrong … => fixed` and `- right …` lines), the least numbers of
    /// wrong and right sentences it must hold, and, for a picky family, its rules and level (the
    /// other picky rules' findings, such as “But” opening a sentence, are left out).
    struct Family: Sendable, CustomTestStringConvertible {
        let fixture: String
        let minWrong: Int
        let minCorrect: Int
        var level = ProofreadingLevel.default
        var rules: Set<String>? = nil
        var testDescription: String { fixture }
    }

    static let families: [Family] = [
        // “When I was young I lived in Rome”, “In a market economy the price must”: a comma after
        // an opening clause or a long opening phrase, where the main clause's subject and verb begin.
        Family(fixture: "fronted-clause-comma.txt", minWrong: 12, minCorrect: 17, level: .picky, rules: ["EN_COMMA_AFTER_OPENING_CLAUSE"]),
        // “I agree the statement”, “died because the cold”: a preposition left out after a verb or
        // “because” before a noun phrase with no verb.
        Family(fixture: "learner-prepositions.txt", minWrong: 8, minCorrect: 12),
        // “these letter in a box”, “in those country”: a singular count noun after “these”/“those”.
        Family(fixture: "learner-demonstrative-plural.txt", minWrong: 8, minCorrect: 12),
    ]

    /// Every wrong sentence is fixed by its first finding; every right one draws no finding but
    /// the speller's (punctuation included), at the family's level and at the default one.
    @Test(arguments: families)
    func family(_ family: Family) throws {
        let (wrong, correct) = try RuleTestSupport.sentenceFixture(family.fixture)
        #expect(wrong.count >= family.minWrong)
        #expect(correct.count >= family.minCorrect)
        let findings = { (text: String) in
            RuleTestSupport.matches(RuleRegistry.all, in: text, level: family.level)
                .filter { finding in finding.ruleID != "SPELLING" && (family.rules?.contains(finding.ruleID) ?? true) }
        }
        for text in correct {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID != "SPELLING" }
            #expect(found.isEmpty, "\(family.fixture) (default level): \(text) → \(found.map(\.ruleID))")
        }
        for (text, fixed) in wrong {
            guard let first = findings(text).first, let replacement = first.replacements.first else {
                Issue.record("\(family.fixture): no finding in “\(text)”")
                continue
            }
            #expect(RuleTestSupport.applying(replacement, at: first.range, to: text) == fixed, "\(first.ruleID): \(text)")
        }
        for text in correct {
            let found = findings(text)
            #expect(found.isEmpty, "\(family.fixture): \(text) → \(found.map(\.ruleID))")
        }
    }
}
