import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Passages written in a dialect on purpose (``NonstandardPassages``): their word findings are
/// reported but not confident, so `--fix` leaves them; the same slips in standard prose stay
/// confident.
struct NonstandardPassagesTests {
    /// Each kind of form, and the look-alikes of standard prose that are none.
    @Test func formsByTheirShape() throws {
        let speller = try #require(RuleTestSupport.speller)
        /// The nonstandard forms the detector counts in `text`.
        func forms(_ text: String) -> Int { NonstandardPassages.count(in: text, speller: speller).forms }
        // Clipped -ing, an apostrophe inside an unknown lowercase word, the spoken forms.
        #expect(forms("He was goin' for nothin'.") == 2)
        #expect(forms("He got handy with his hick'ry and up'ards of it, and it warn't so.") == 3)
        #expect(forms("That ain't all; I told 'em so, out o' my house, an' I'm gonna go.") == 5)
        #expect(forms("Who lov'd thee best?") == 1)
        // Standard contractions and possessives, a misplaced apostrophe (a slip), a name, a
        // closing quote after a word, curly apostrophes treated alike.
        #expect(forms("It doesn't matter; there'd be the dogs' bowls and Tom's hat.") == 0)
        #expect(forms("He does'nt know O'Brien or D'Angelo. She said 'the cabin' twice.") == 0)
        #expect(forms("It ain\u{2019}t so, I\u{2019}m sure.") == 1)
    }

    /// Twain's narration (Huckleberry Finn, chapter 6, Project Gutenberg text): the agreement and
    /// verb-form findings there (“He catched”, “he had stole”) are reported, none confident.
    @Test func dialectNarrationIsNotCorrectedUnattended() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = try String(contentsOf: RuleTestSupport.fixture("dialect-huck-finn.txt"), encoding: .utf8)
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text)
        let words = found.filter { NonstandardPassages.isWordFinding($0, confident: RulePlan.registry.confidentInDialect) }
        #expect(!words.isEmpty)
        #expect(words.allSatisfy { !$0.isConfident }, "\(words.filter(\.isConfident).map { ($0.ruleID, (text as NSString).substring(with: $0.range)) })")
    }

    /// The same verb-form slips in standard prose, and a passage with a single “ain't”, keep
    /// their confident fixes; a dialect passage makes only its own block and its neighbours
    /// unconfident, not a standard chapter far from it.
    @Test func standardProseKeepsItsFixes() throws {
        try #require(RuleTestSupport.speller != nil)
        let plain = "He catched me a couple of times. He had a gun which he had stole, I think. That ain't all."
        let found = RuleTestSupport.matches(RuleRegistry.all, in: plain)
        let fixes = found.filter { $0.ruleID != "SPELLING" && NonstandardPassages.isWordFinding($0, confident: RulePlan.registry.confidentInDialect) }
        #expect(fixes.count >= 2)
        #expect(fixes.allSatisfy { $0.isConfident }, "\(fixes.map(\.ruleID))")
        // A long standard passage, then dialogue in dialect: only the dialogue is hedged.
        let standard = Array(repeating: "The committee met on Tuesday and approved the budget for the coming year without debate.", count: 50)
            .joined(separator: " ")
        let text = standard + " He catched the train.\n\n" + standard + "\n\n"
            + standard + "\n\n\"I ain't goin' nowhere, I tell 'em, an' I says it agin: nothin' doin'. He catched it.\"\n"
        let matches = RuleTestSupport.matches(RuleRegistry.all, in: text)
        let catched = matches.filter { (text as NSString).substring(with: $0.range).contains("catched") }
        #expect(catched.count == 2)
        #expect(catched.first?.isConfident == true)
        #expect(catched.last?.isConfident == false)
    }
}
