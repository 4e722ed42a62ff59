import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// `<!-- writing-tools-disable … -->` comments switch rules off where they say.
struct SuppressionCommentsTests {
    static let rules: [any Rule] = [ArticleAnRule(), RepeatedWordRule()]

    func ruleIDs(_ text: String, markup: MarkupKind = .markdown) -> [String] {
        RuleTestSupport.matches(Self.rules, in: text, markup: markup).map(\.ruleID)
    }

    @Test func withoutCommentsBothRulesFlag() {
        #expect(ruleIDs("It is a apple.\n\nIt is the the end.\n") == ["EN_A_VS_AN", "REPEATED_WORD"])
    }

    @Test func disableAndEnableOneRule() {
        let text = """
        <!-- writing-tools-disable EN_A_VS_AN -->

        It is a apple and the the end.

        <!-- writing-tools-enable EN_A_VS_AN -->

        It is a orange.
        """
        #expect(ruleIDs(text) == ["REPEATED_WORD", "EN_A_VS_AN"])
    }

    @Test func ruleIDsInAnyCase() {
        let text = "<!-- writing-tools-disable en_a_vs_an -->\n\nIt is a apple and the the end.\n"
        #expect(ruleIDs(text) == ["REPEATED_WORD"])
    }

    /// The comment's keywords are read in any case, as its rule IDs are.
    @Test func keywordsInAnyCase() {
        #expect(ruleIDs("<!-- WRITING-TOOLS-DISABLE-NEXT-LINE -->\nIt is a apple.\n\nIt is the the end.\n") == ["REPEATED_WORD"])
        #expect(ruleIDs("<!-- Writing-Tools-Disable EN_A_VS_AN -->\n\nIt is a apple and the the end.\n") == ["REPEATED_WORD"])
        #expect(ruleIDs("<!-- writing-tools-disable -->\n\nIt is a apple.\n\n<!-- WRITING-TOOLS-ENABLE -->\n\nIt is the the end.\n") == ["REPEATED_WORD"])
        #expect(SuppressionComments.unknownRuleIDs(in: "<!-- WRITING-TOOLS-DISABLE SPELLNG -->", known: ["SPELLING"]) == ["SPELLNG"])
    }

    @Test func disableWithoutIDsSwitchesEveryRuleOffToTheEnd() {
        let text = "It is a apple.\n\n<!-- writing-tools-disable -->\n\nIt is a orange and the the end.\n"
        #expect(ruleIDs(text) == ["EN_A_VS_AN"])
    }

    @Test func enableWithIDsAfterDisablingEveryRule() {
        let text = """
        <!-- writing-tools-disable -->

        It is a apple and the the end.

        <!-- writing-tools-enable repeated_word -->

        It is a orange and the the end.

        <!-- writing-tools-disable REPEATED_WORD -->

        It is a pear and the the end.

        <!-- writing-tools-enable -->

        It is a egg and the the end.
        """
        // After the enable with an ID, that rule alone is back; a disable of it switches it off
        // again, and an enable without IDs turns every rule back on.
        #expect(ruleIDs(text) == ["REPEATED_WORD", "EN_A_VS_AN", "REPEATED_WORD"])
        // Enabling the other rule too ends the disable of all rules.
        let both = "<!-- writing-tools-disable -->\n\nIt is a apple.\n\n<!-- writing-tools-enable EN_A_VS_AN -->\n\n"
            + "It is a orange and the the end.\n\n<!-- writing-tools-enable REPEATED_WORD -->\n\nThe the end.\n"
        #expect(ruleIDs(both) == ["EN_A_VS_AN", "REPEATED_WORD"])
    }

    @Test func severalIDsAndPartialEnable() {
        let text = """
        <!-- writing-tools-disable EN_A_VS_AN, REPEATED_WORD -->

        It is a apple and the the end.

        <!-- writing-tools-enable REPEATED_WORD -->

        It is a orange and the the end.
        """
        #expect(ruleIDs(text) == ["REPEATED_WORD"])
    }

    @Test func disableNextLine() {
        let text = "<!-- writing-tools-disable-next-line EN_A_VS_AN -->\nIt is a apple.\nIt is a orange.\n"
        let matches = RuleTestSupport.matches(Self.rules, in: text, markup: .markdown)
        #expect(matches.map(\.ruleID) == ["EN_A_VS_AN"])
        #expect((text as NSString).substring(with: matches[0].range) == "a")
        #expect(matches[0].range.location > (text as NSString).range(of: "orange").location - 3)
    }

    @Test func commentInsideCodeDoesNotCount() {
        let text = "```\n<!-- writing-tools-disable -->\n```\n\nIt is a apple.\n"
        #expect(ruleIDs(text) == ["EN_A_VS_AN"])
    }

    @Test func plainTextCommentsCountAndAreNotFlagged() {
        let text = "<!-- writing-tools-disable EN_A_VS_AN -->\nIt is a apple.\n"
        let all = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .plain)
        #expect(all.isEmpty, "\(all.map(\.ruleID))")
    }
}

/// A finding whose span crosses Markdown syntax that the prose leaves out (a link's `[`, the
/// `**` of bold text) is reported without a replacement: applying one would delete the markup.
@Suite struct MarkupSpanningFindingTests {
    @Test func repeatedWordAcrossLinkOrBoldHasNoReplacement() throws {
        let text = "Read the [the manual](https://example.com) first.\n\nUse the **the** tool.\n\nUse the the tool.\n"
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .markdown).filter { $0.ruleID == "REPEATED_WORD" }
        #expect(found.count == 3)
        #expect(found.filter(\.replacements.isEmpty).count == 2, "\(found)")
        // The plain repetition keeps its fix.
        #expect(found.last?.replacements.first == "the")
    }
}
