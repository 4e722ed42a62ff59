import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 55: the `--fix` damage of a ninth held-out set, never worked on before its
/// run (`Benchmarks/tech-docs.py --set heldout-s55`), by class: a short term's guess the document
/// never uses (`ucred` → “cured”, `creds` → “creeds”), a name's number repeated through the
/// document (“Requests has”, “Requests relaxes”), a relative clause after a plural phrase, and a
/// noun before an adjective after “a lot of”.
struct TechDocsS55Tests {
    /// The confident findings of `found` on `word` in `text`.
    static func confident(_ found: [ProofreadingSuggestion], _ word: String, in text: String) -> [Bool] {
        found.filter { (text as NSString).substring(with: $0.range) == word }.map(\.isConfident)
    }

    /// In a technical document a short lowercase word's guess is applied only when the document
    /// writes the guess or it is one of the commonest words: `creds`, `ucred` are reported
    /// unconfident; `betwen` (the document writes “between”) and `teh` stay confident.
    @Test func shortGuessesNeedTheDocumentsEvidence() throws {
        try #require(RuleTestSupport.speller != nil)
        let (terms, inTerms) = try TechDocsFalseAlarmTests.matches("s55-short-terms.md")
        #expect(TechDocsFalseAlarmTests.flagged(inTerms, in: terms) == ["creds", "creds", "ucred"])
        #expect(inTerms.filter { $0.ruleID == "SPELLING" }.allSatisfy { !$0.isConfident })
        let (slips, inSlips) = try TechDocsFalseAlarmTests.matches("s55-short-slips.md")
        #expect(Self.confident(inSlips, "betwen", in: slips) == [true])
        #expect(Self.confident(inSlips, "teh", in: slips) == [true])
        // In prose without code the guess is applied as before.
        let prose = "We thank the security team for the creds they sent."
        let found = RuleTestSupport.matches(RuleRegistry.all, in: prose)
        #expect(Self.confident(found, "creds", in: prose) == [true])
    }

    /// The words of a text for the evidence: letters with inner apostrophes, lowercased.
    @Test func wordsOfTheDocument() {
        #expect(TechnicalFixEvidence.wordsOf("Share `between` it's, Between-them.") == ["share", "between", "it's", "them"])
    }

    /// A subject's number flagged three times or more in one document is its usage (a name:
    /// “Requests has”): one hint, never applied; once or twice, each finding stands.
    @Test func repeatedUsageIsReportedOnce() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s55-requests-name.md")
        let keyed = Set(RuleRegistry.all.filter { $0.repeatedUsage != nil }.map(\.id))
        #expect(keyed == ["EN_BARE_PLURAL_SUBJECT", "EN_BARE_PLURAL_SUBJECT_VERB", "EN_MASS_NOUN_PLURAL"], "the rules declare it")
        let agreement = found.filter { keyed.contains($0.ruleID) }
        #expect(agreement.count == 1)
        #expect(agreement.allSatisfy { !$0.isConfident })
        #expect(!found.contains { (text as NSString).substring(with: $0.range) == "relaxes" })
        let once = "Dogs barks at night. Farmers grows wheat."
        let single = RuleTestSupport.matches(RuleRegistry.all, in: once).filter { $0.ruleID == "EN_BARE_PLURAL_SUBJECT_VERB" }
        #expect(single.count == 2)
        #expect(single.allSatisfy { $0.isConfident })
    }

    /// The key of a grouped finding: the subject before a verb, or the flagged word.
    @Test func repeatedUsageKeys() {
        let text = "Requests  has it. Add magics."
        let u = Array(text.utf16)
        let verb = ProofreadingSuggestion(range: NSRange(location: 10, length: 3), replacements: ["have"], ruleID: "EN_BARE_PLURAL_SUBJECT",
                                          category: .grammar, message: "")
        let noun = ProofreadingSuggestion(range: NSRange(location: 22, length: 6), replacements: ["magic"], ruleID: "EN_MASS_NOUN_PLURAL",
                                          category: .grammar, message: "")
        #expect(RepeatedUsage.key(of: verb, before: true, units: u) == "requests")
        #expect(RepeatedUsage.key(of: noun, before: false, units: u) == "magics")
    }
}
