import Foundation
import Testing
@testable import Proofreading

/// Grammar findings next to a misspelled word are dropped (a rule must not read a misspelling as
/// another word), except a rule that reads only what follows its span: “a”/“an” is chosen by the
/// next word, so a misspelling before it cannot have misled it (session 54's README-only trial:
/// “Their going to recieve an URL tomorow.” lost its “a URL” that “receive an URL” gets).
struct MisspellingNeighbourTests {
    func rules(_ text: String) -> [String] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).map(\.ruleID)
    }

    @Test func theArticleKeepsItsFindingAfterAMisspelling() throws {
        try #require(RuleTestSupport.speller != nil)
        #expect(rules("They will recieve an URL tomorrow.").contains("EN_A_VS_AN"))
        #expect(rules("They will receive an URL tomorrow.").contains("EN_A_VS_AN"))
        // The word after the article misspelled: the article is not judged on it.
        #expect(!rules("They sent us an recieved copy.").contains("EN_A_VS_AN"))
    }
}
