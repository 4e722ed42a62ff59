import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 54: classes of false alarms and `--fix` damage of an eighth held-out set,
/// never worked on before its run (`Benchmarks/tech-docs.py --set heldout-s54`): C declarations
/// printed in plain-text manuals, configuration keys, initialisms typed in lowercase in technical
/// documents, and the guesses `--fix` must not apply (a dropped negating prefix, a part of a
/// dotted name).
struct TechDocsS54Tests {
    /// The names C declarations declare (`int fd;`, `char *addr;`, `*templ`, `/* buf */`) and
    /// configuration keys (`ttable.0.8 1`, `ttable {`, `cchannels {`) are code; the slips in the
    /// prose beside them (“writen”, “recieve”) are still flagged.
    @Test func cDeclarationsAndConfigurationKeys() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s54-c-declarations-config.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["writen", "recieve"])
    }

    /// The shapes, one by one: a declarator needs its `*` glued or a type word before it, and a
    /// `;`, `,`, `)`, `[` or `=` after it; a word in prose before a comma is none.
    @Test func cDeclaratorShapes() {
        func check(_ s: String, _ word: String) -> Bool {
            let tokens = TokenList(Tokenizer.tokenize(s))
            guard let k = tokens.indices.first(where: { tokens[$0].text == word }) else { return false }
            return SpellingRule.isCDeclarator(tokens, k)
        }
        #expect(check("    int          fd;", "fd"))
        #expect(check("    char     *peeraddr;", "peeraddr"))
        #expect(check("      char *,               /* buf */", "buf"))
        #expect(check("    int *num)", "num"))
        #expect(!check("We use the recieve path, then exit.", "recieve"))
        #expect(!check("The value is 2 * recieve; no more.", "recieve"))
    }

    /// In a technical document (a manual page) an initialism typed in lowercase is no slip
    /// (`gui`, `efi`, `uid`, `shm`, `jmp`, `msg`, `txt`); a slip of one of the commonest words
    /// (“whn”, “Teh”) still is, and so is a word of two letters (`fd`, `hw`, `th`: too few to tell). In prose without code the same words stay flagged.
    @Test func lowercaseInitialismsInTechnicalDocuments() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s54-initialisms.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["fd", "hw", "Teh", "whn", "th"])
        let (prose, inProse) = try TechDocsFalseAlarmTests.matches("s54-initialisms-prose.txt")
        #expect(TechDocsFalseAlarmTests.flagged(inProse, in: prose) == ["gui", "efi", "whn"])
    }

    /// The guard against slips of the commonest words: a vowel left out or two letters swapped.
    @Test func initialismsAreNoSlipsOfCommonWords() {
        #expect(LowercaseInitialisms.isSlipOfFrequentWord(Array("whn".utf8)))
        #expect(LowercaseInitialisms.isSlipOfFrequentWord(Array("nto".utf8)))
        #expect(LowercaseInitialisms.isSlipOfFrequentWord(Array("th".utf8)))
        #expect(!LowercaseInitialisms.isSlipOfFrequentWord(Array("efi".utf8)))
        #expect(!LowercaseInitialisms.isSlipOfFrequentWord(Array("shm".utf8)))
        #expect(LowercaseInitialisms.isSlipOfFrequentWord(Array("hw".utf8)))
    }

    /// A guess that drops a negating prefix turns the meaning round (`unitialized` →
    /// “initialized”); a guess that keeps it is a slip's correction (“untill” → “until”).
    @Test func negatingPrefixes() {
        #expect(SpellingRule.dropsNegatingPrefix("unitialized", "initialized"))
        #expect(SpellingRule.dropsNegatingPrefix("nonblocing", "blocking"))
        #expect(!SpellingRule.dropsNegatingPrefix("untill", "until"))
        #expect(!SpellingRule.dropsNegatingPrefix("dissapear", "disappear"))
        #expect(!SpellingRule.dropsNegatingPrefix("unkown", "unknown"))
    }

    /// A part of a dotted name (`ttable.0.8`, `slave.pcm`) and a key with its indices.
    @Test func dottedNames() {
        func tokens(_ s: String) -> TokenList { TokenList(Tokenizer.tokenize(s)) }
        let a = tokens("\tttable.0.8 1")
        let k = a.indices.first { a[$0].text == "ttable" }!
        #expect(SpellingRule.isDottedNumberKey(a, k))
        #expect(SpellingRule.isInDottedName(a, k))
        let b = tokens("It was teh end. Then more.")
        let t = b.indices.first { b[$0].text == "teh" }!
        #expect(!SpellingRule.isInDottedName(b, t))
        #expect(!SpellingRule.isDottedNumberKey(b, t))
    }
}

/// Technical compounds written solid, in a technical document and in prose.
struct TechDocsS54CompoundTests {
    /// In a manual page a term glued to a word (`dlltool`, `giftool`) or two words of the trade
    /// run together (`getversion`, `keyinfo`, `mainloop`, `valuemask`) is a name; a word one
    /// slip from a single word (“randomess”, “occured”) is still a slip. In prose without code
    /// the same compounds stay flagged.
    @Test func technicalCompoundsInTechnicalDocuments() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s54-compounds.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["randomess", "occured"])
        let prose = "We read the keyinfo and the tennisplayer lost."
        let inProse = RuleTestSupport.matches(RuleRegistry.all, in: prose)
        #expect(TechDocsFalseAlarmTests.flagged(inProse, in: prose) == ["keyinfo", "tennisplayer"])
    }
}
