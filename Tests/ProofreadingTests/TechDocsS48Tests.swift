import Foundation
import Testing
@testable import Proofreading

/// Issue 31, session 48: the false-alarm classes of a new held-out set of technical documents
/// (`tech-docs.py --set heldout-s48`), each fixed as a class and tested on inputs written for
/// it (`Fixtures/tech-docs/s48-*`), with the slips beside them still flagged.
struct TechDocsS48Tests {
    /// A manual page's examples introduced by a colon (`frob axu`, `frob axo stat,euid`), an
    /// option with its metavariable on a line of its own (`-C cmdlist`) and `SEE ALSO`'s
    /// references are code; a slip in a description stays flagged.
    @Test func manualPageExamplesTagsAndReferences() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s48-man-examples.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        for code in ["axu", "axo", "euid", "ruid", "tpgid", "sess", "cmdlist", "grplist", "maddress"] {
            #expect(!words.contains(code), "\(code): \(words)")
        }
        #expect(words.contains("procces"), "\(words)")
    }

    /// A word alone on its line and the same word opening the next (`make` / `make check`) are
    /// lines of commands; a doubled word in a sentence stays one.
    @Test func commandLinesAreNoDoubledWord() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s48-make-lines.txt")
        let repeated = TechDocsFalseAlarmTests.flagged(found, in: text, rule: "REPEATED_WORD")
        #expect(repeated.count == 1, "\(repeated)")
        #expect(repeated.first?.hasPrefix("the") == true, "\(repeated)")
    }

    /// Names after a copyright notice's years and after “thanks to”, a word alone in curly or
    /// GNU quotes, and a capitalised word mid-sentence that reads only as two words run together
    /// (`Freshmeat`, `Sourcehut`) are names and code; a quoted slip and a capitalised slip
    /// (`Amercian`) stay flagged.
    @Test func creditsQuotesAndProductNames() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s48-credits-quotes.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        for name in ["Wendrikx", "Drahomir", "Kvalvoda", "Lindqvo", "dex", "libqwcrypt", "Xqw", "Xmv", "Freshmeat", "Sourcehut"] {
            #expect(!words.contains(name), "\(name): \(words)")
        }
        #expect(words.contains("recieve"), "\(words)")
        #expect(words.contains("Amercian"), "\(words)")
    }

    /// A paragraph opening in lowercase after a one-line example at the margin continues the
    /// sentence before it; a command's name that the dictionary does not know is no plural
    /// subject (“xargs reads”).
    @Test func continuationAfterAnExampleAndACommandSubject() throws {
        try #require(RuleTestSupport.speller != nil)
        let (_, found) = try TechDocsFalseAlarmTests.matches("s48-continuation.txt")
        #expect(!found.contains { $0.ruleID == "UPPERCASE_SENTENCE_START" }, "\(found.map(\.ruleID))")
        #expect(!found.contains { $0.ruleID == "EN_BARE_PLURAL_SUBJECT_VERB" }, "\(found.map(\.ruleID))")
        let dogs = RuleTestSupport.matches(RuleRegistry.all, in: "Dogs barks at night.", markup: .plain)
        #expect(dogs.contains { $0.ruleID == "EN_BARE_PLURAL_SUBJECT_VERB" })
    }

    /// A value list of plain text (`xfd - Use the module…`, `linux - Use…`, `auto - Pick…`,
    /// right-aligned on the dash) is layout: its names are code, its descriptions fragments; a
    /// dash inside a sentence makes no list, and a slip there stays flagged.
    @Test func valueListsAreLayout() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s48-value-list.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        #expect(words == ["sentense"], "\(words)")
        #expect(!found.contains { $0.ruleID == "UPPERCASE_SENTENCE_START" }, "\(found.map(\.ruleID))")
    }

    /// The parts of C identifiers between underscores, all lowercase or capitalised, each once
    /// per file; digits, capitals inside and parts under three letters are left out.
    @Test func headerIdentifierParts() {
        let source = "int png_read_scanline(png_structp p); /* the Colormap */\n#define X_COLORMAP 0x1fUL\nvoid getXY(int fd_ab, int a2b);\nstruct x_colormap_entry;\n"
        let parts = HeaderIdentifiers.parts(of: Data(source.utf8))
        for word in ["png", "read", "scanline", "colormap", "structp", "the", "define", "entry", "struct", "void", "int"] {
            #expect(parts.contains(word), "\(word): \(parts.sorted())")
        }
        for word in ["fd", "ab", "getxy", "x1ful", "ful", "a2b", "COLORMAP"] { #expect(!parts.contains(word), "\(word): \(parts.sorted())") }
    }

    /// The words of the installed C headers used in three files or more are terms (when this
    /// machine has the headers that use them); common slips are not, whatever the headers hold.
    @Test func headerWordsAreTerms() throws {
        try #require(RuleTestSupport.speller != nil)
        let counts = HeaderIdentifiers.partCounts()
        let terms = ["scanline", "colormap", "punycode", "netlink"].filter { (counts[$0] ?? 0) >= VocabularyLayers.Sources.minHeaderFiles }
        let text = "The " + terms.joined(separator: " and the ") + " code is old. I wrote frome and dependant upto here.\n"
        let found = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .plain)
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        for term in terms { #expect(!words.contains(term), "\(term): \(words)") }
        #expect(words.contains("frome"), "\(words)")
    }

    /// The filters of the header words: a common word with a letter added, changed (short
    /// words), or split after two letters is a slip, not a term.
    @Test func headerWordFilters() {
        let common: Set<String> = ["from", "noon", "up", "to", "in", "fact", "scan", "line"]
        let sources = VocabularyLayers.Sources.self
        #expect(sources.isInsertionOfCommon("frome", common: common))
        #expect(sources.isSubstitutionOfCommon("noop", common: common))
        #expect(sources.isShortSplit("upto", common: common))
        #expect(sources.isShortSplit("infact", common: common))
        #expect(!sources.isShortSplit("scanline", common: common))
        #expect(!sources.isInsertionOfCommon("scanline", common: common))
    }
}
