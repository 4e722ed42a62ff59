import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Issue 31, session 50: the false-alarm classes of a fourth held-out set of technical documents
/// (`tech-docs.py --set heldout-s50`, run once before any change), each fixed as a class and
/// tested on inputs written for it (`Fixtures/tech-docs/s50-*`; `--fix` cases in the CLI's
/// `Fixtures/fix-damage/s50-*`), with the slips beside them still flagged.
struct TechDocsS50Tests {
    /// Optional commas, compound-modifier hyphens, wordy phrases and pleonasms are quiet in a
    /// document with code, and speak in the same prose without code and at the picky level; a
    /// misspelling in the technical document is still flagged.
    @Test func styleHintsAreQuietInTechnicalDocuments() throws {
        try #require(RuleTestSupport.speller != nil)
        // The rules that declare themselves quiet there (``Rule/quietInTechnicalDocuments``).
        let quietRules = RulePlan.registry.quietInTechnicalDocuments
        #expect(quietRules == ["EN_INTRODUCTORY_COMMA", "EN_COMMA_COMPOUND_SENTENCE", "EN_COMMA_AFTER_OPENING_CLAUSE",
                               "EN_COMPOUND_MODIFIER_HYPHEN", "EN_WORDY_PHRASE", "EN_PLEONASM"])
        let (text, found) = try TechDocsFalseAlarmTests.matches("s50-style-technical.md")
        let quiet = found.filter { quietRules.contains($0.ruleID) }
        #expect(quiet.isEmpty, "\(quiet.map(\.ruleID))")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["recieve"])
        #expect(TechnicalDocumentStyle.isTechnical(DocumentParser.parse(text, markup: .markdown)))
        // The same sentences with no code: a letter, not a technical document.
        let prose = "In general we recommend the quiet mode, because it keeps the room calm. However the other mode needs a guide on a daily basis and it may possibly grow."
        let plain = RuleTestSupport.matches(RuleRegistry.all, in: prose)
        #expect(!TechnicalDocumentStyle.isTechnical(DocumentParser.parse(prose, markup: .plain)))
        #expect(plain.contains { quietRules.contains($0.ruleID) }, "\(plain.map(\.ruleID))")
        let picky = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .markdown, level: .picky)
        #expect(picky.contains { quietRules.contains($0.ruleID) }, "\(picky.map(\.ruleID))")
    }

    /// Justified lines and rows of a table laid out with spaces raise no spacing or repeated-word
    /// finding, and the halves of a word hyphenated at a line's end no misspelling; a doubled
    /// word and a slip in prose below them still do.
    @Test func justifiedLinesTablesAndLineEndHyphens() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s50-layout.txt")
        #expect(!found.contains { $0.ruleID == "CONSECUTIVE_SPACES" }, "\(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "CONSECUTIVE_SPACES"))")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["seperated"])
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "REPEATED_WORD") == ["The the"])
        #expect(RepeatedWordRule.isInColumnRow("   user@1000.service    loaded failed failed  User Manager", at: 33))
        #expect(!RepeatedWordRule.isInColumnRow("The build failed failed  twice.", at: 10))
        // One line of prose with two double spaces is no table: each is a slip.
        #expect(!RepeatedWordRule.isInTable("Hello  world, and  more.", at: 3))
        #expect(ConsecutiveSpacesRule.isJustifiedLine("If  this  flag is used, man will\nusers' pages.", at: 2))
        #expect(!ConsecutiveSpacesRule.isJustifiedLine("The build  finished.\nIt did.", at: 9))
    }

    /// The parts of hyphenated manual-page names (`deb-postinst`: `postinst`; `deb-conffiles`:
    /// `conffiles` and its singular) and verbs made from adjectives in `-al` (`canonicalize`,
    /// `canonicalization`) are words; a slip and a name written small beside them are not.
    @Test func manualPageNamePartsAndAdjectiveVerbs() throws {
        try #require(RuleTestSupport.speller != nil)
        try #require(FileManager.default.fileExists(atPath: "/usr/share/man/man5/deb-postinst.5.gz"))
        let (text, found) = try TechDocsFalseAlarmTests.matches("s50-vocabulary.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["packge", "linux"])
        let known: (String) -> Bool = { ["canonical", "normal"].contains($0) }
        #expect(VocabularyLayers.isAdjectiveVerbFormation("canonicalizing", isKnown: known))
        #expect(!VocabularyLayers.isAdjectiveVerbFormation("formallized", isKnown: known))
    }

    /// Tmux's CHANGES writes “colour” six times and “behaviour” once: a document in the other
    /// dialect, one hint for all of them.
    @Test func twoWordsOfTheOtherDialectUsedOftenAreOneHint() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "Add a colour option. The colour of the border. Set the colour. Default colour is red. Change behaviour of keys. A colour for the status line."
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID == "SPELLING" }
        #expect(found.count == 1, "\(found.map(\.message))")
    }
}
