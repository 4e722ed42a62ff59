import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// ``WordClasses``' answers from the real en-US dictionary, on the byte paths that ASCII words
/// take and the `String` paths of other words, and the cached plans of disabled rules.
struct WordClassesTests {
    @Test func pluralsThirdPersonsAndPrefixes() throws {
        let speller = try #require(RuleTestSupport.speller)
        let classes = try #require(WordClasses.of(speller))
        #expect(classes.singular(ofPlural: "logs") == "log")
        #expect(classes.singular(ofPlural: "boxes") == "box")
        #expect(classes.singular(ofPlural: "cities") == "city")
        #expect(classes.singular(ofPlural: "glass") == nil && classes.singular(ofPlural: "bus") == nil)
        // Not ASCII: the `String` path (Debian's en-US dictionary has ASCII entries only).
        #expect(classes.singular(ofPlural: "cafés") == nil && classes.verbBase(ofThirdPerson: "naïves") == nil)
        #expect(classes.verbBase(ofThirdPerson: "barks") == "bark")
        #expect(classes.verbBase(ofThirdPerson: "watches") == "watch")
        #expect(classes.verbBase(ofThirdPerson: "tries") == "try" && classes.verbBase(ofThirdPerson: "carries") == "carry")
        #expect(classes.verbBase(ofThirdPerson: "flies") == "fly" && classes.verbBase(ofThirdPerson: "worries") == "worry")
        #expect(classes.verbBase(ofThirdPerson: "has") == "have" && classes.verbBase(ofThirdPerson: "is") == "be")
        #expect(classes.verbBase(ofThirdPerson: "goes") == "go" && classes.verbBase(ofThirdPerson: "does") == "do")
        #expect(classes.verbBase(ofThirdPerson: "status") == nil && classes.verbBase(ofThirdPerson: "this") == nil)
        // A prefix and the flag that allows it: `context` ← `con` + `text`; `retext` is no word.
        #expect(classes.entry("dog") != nil && classes.entry("xqzt") == nil)
        #expect(classes.isSingularNoun("dog") && classes.isNoun("dogs") && !classes.isNoun("quickly"))
        // Two words joined: a dictionary word or the plural of one, without making the string.
        #expect(classes.isEntryOrPlural(joining: "key", "note"))
        #expect(classes.isEntryOrPlural(joining: "air", "ports"))
        #expect(!classes.isEntryOrPlural(joining: "the", "end"))
        #expect(classes.isEntryOrPlural(joining: "caf", "é") == (classes.entry("café") != nil))
    }

    @Test func disabledRulesAreLeftOutEveryTime() throws {
        let speller = try #require(RuleTestSupport.speller)
        let document = DocumentParser.parse("This is teh end. The dogs barks loudly.", markup: .plain)
        let all = Proofreader(speller: speller).check(document)
        #expect(all.contains { $0.ruleID == "SPELLING" } && all.contains { $0.ruleID == "EN_NOUN_SUBJECT_AGREEMENT" })
        let options = ProofreadingOptions(disabledRules: ["SPELLING"])
        // The second run takes the plan cached by the first.
        for _ in 0..<2 {
            let some = Proofreader(speller: speller).check(document, options: options)
            #expect(!some.contains { $0.ruleID == "SPELLING" })
            #expect(some == all.filter { $0.ruleID != "SPELLING" })
        }
        let none = Proofreader(speller: speller).check(document, options: ProofreadingOptions(disabledRules: Set(all.map(\.ruleID))))
        #expect(none.isEmpty)
    }
}
