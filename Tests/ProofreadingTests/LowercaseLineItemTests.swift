import Foundation
import Testing
@testable import Proofreading

/// A list written one item a line, each in lowercase, with no bullets (a GNU-style NEWS file's
/// “Bug fixes:” entries): the list's style, not sentences missing their capitals. A README-only
/// trial (session 50) saw twelve such flags on bc's NEWS. Prose keeps its flags: a lowercase
/// sentence after one that starts with a capital, on the same line or the next.
struct LowercaseLineItemTests {
    @Test func lowercaseItemsOneALineAreAList() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s50-lowercase-line-items.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "UPPERCASE_SENTENCE_START") == ["it", "they"])
    }
}
