import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// ``WordClasses``' answers from the real en-US dictionary, on the byte paths that ASCII words
/// take and the `String` paths of other words, and the cached plans of disabled rules.
struct WordClassesTests {
    /// Every dictionary entry the spelling rule accepts without asking Hunspell is one Hunspell
    /// accepts; the en-US ordinal stems (`1th`, ONLYINCOMPOUND) are left out; another
    /// dictionary's speller gets no entries from the en-US classes.
    @Test func standaloneEntriesAreWordsHunspellAccepts() throws {
        let speller = try #require(RuleTestSupport.speller)
        let classes = try #require(WordClasses.of(speller))
        let entries = try #require(classes.standaloneEntries(of: speller))
        #expect(entries.count > 40_000)
        var checked = 0
        for (n, word) in entries.enumerated() where n % 7 == 0 {
            #expect(speller.isCorrect(word), "\(word)")
            // Capitalised, as at the start of a sentence.
            let capitalised = word.prefix(1).uppercased() + word.dropFirst()
            #expect(speller.isCorrect(capitalised), "\(capitalised)")
            checked += 1
        }
        #expect(checked > 5_000)
        #expect(!entries.contains("1th") && !entries.contains("3th"))
        #expect(entries.contains("the") && entries.contains("colour") == speller.isCorrect("colour"))
        if let british = try? HunspellSpeller(language: "en-GB"), british.dictionaryPath != speller.dictionaryPath,
           let lent = WordClasses.of(british), lent.dictionaryPath != british.dictionaryPath {
            #expect(lent.standaloneEntries(of: british) == nil)
        }
    }

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
        #expect(all.contains { $0.ruleID == "SPELLING" } && all.contains { $0.ruleID == "EN_NOUN_SUBJECT_VERB_FORM" || $0.ruleID == "EN_PLURAL_SUBJECT_VBZ_NOUN" })
        let options = ProofreadingOptions(disabledRules: ["SPELLING"])
        // The second run takes the plan cached by the first.
        for _ in 0..<2 {
            let some = Proofreader(speller: speller).check(document, options: options)
            #expect(!some.contains { $0.ruleID == "SPELLING" })
            #expect(some == all.filter { $0.ruleID != "SPELLING" })
        }
        // (EN_NOUN_SUBJECT_VERB_FORM and EN_PLURAL_SUBJECT_VBZ_NOUN both find “barks”: one
        // finding per span, the first rule's.)
        let none = Proofreader(speller: speller).check(document, options: ProofreadingOptions(disabledRules: Set(all.map(\.ruleID) + ["EN_NOUN_SUBJECT_VERB_FORM", "EN_PLURAL_SUBJECT_VBZ_NOUN"])))
        #expect(none.isEmpty)
    }
}
