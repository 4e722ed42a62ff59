import Foundation
import Testing
import DocumentStructure
@testable import Proofreading

/// Issue 31, session 49: the false-alarm and `--fix` classes of a third held-out set of technical
/// documents (`tech-docs.py --set heldout-s49`) and of a new user's trial, each fixed as a class
/// and tested on inputs written for it (`Fixtures/tech-docs/s49-*`; `--fix` cases in the CLI's
/// `Fixtures/fix-damage/s49-*`), with the slips beside them still flagged.
struct TechDocsS49Tests {
    /// Names formed the way Unix names things: libraries (`lib` and a name), file systems (a
    /// word and `fs`), control tools (`ctl`), daemons (a technical name and `d`) and the plurals
    /// of the technical vocabulary (`chroots`); slips of “library” and “libertarianism” stay.
    @Test func unixNameFormations() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-unix-names.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        #expect(words == ["libary", "libitarianisn"], "\(words)")
    }

    /// A comma list of four single words or more, three of them unknown, is a list of values
    /// (mount options); a list of fruit with one slip in it keeps the slip flagged.
    @Test func listsOfNamesAreValues() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-name-lists.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["banannas"])
    }

    /// A changelog's lowercase form of its own camelCase identifier (`frobread` after
    /// `frobRead`), list items after a bullet in lowercase, a make or shell variable
    /// (`$(bindir)`, `${prefix}`) and an option list's columns are no findings; a slip and a
    /// lowercase sentence start in prose are.
    @Test func changelogCodeAndLayout() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-changelog-code.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["sentense"])
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "UPPERCASE_SENTENCE_START") == ["the"])
        #expect(!found.contains { $0.ruleID == "CONSECUTIVE_SPACES" })
        #expect(Proofreader.foldedCamelCaseWords(DocumentParser.parse("fixed frobWrite/frobRead, not x_fooBar, Word or fBar", markup: .plain).proseSegments)
                == ["frobwrite", "frobread"])
    }

    /// A document written in the other dialect (“behaviour”, “optimiser”, “minimise”,
    /// “optimisation”, “optimised” under en-US) gets one hint naming it, at its first word, and
    /// no change: `--fix` had made “optimiser” “optimizer” (its -iser ending is a dialect's).
    /// One British word in an American document is still a hint of its own.
    @Test func aDocumentInTheOtherDialectGetsOneHint() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-british-manual.txt")
        let spelling = found.filter { $0.ruleID == "SPELLING" }
        #expect(spelling.count == 1, "\(TechDocsFalseAlarmTests.flagged(found, in: text))")
        #expect(spelling.first.map { (text as NSString).substring(with: $0.range) } == "behaviour")
        #expect(spelling.first?.message.contains("British spelling throughout") == true, "\(spelling.map(\.message))")
        #expect(!found.contains { $0.isConfident && $0.ruleID == "SPELLING" })
        let one = RuleTestSupport.matches(RuleRegistry.all, in: "The optimiser reorders the tests before the run.")
        #expect(one.contains { $0.ruleID == "SPELLING" && $0.message.contains("British spelling") && !$0.isConfident }, "\(one.map(\.message))")
    }

    /// The name a greeting addresses and a name before a verb that credits it are names; a
    /// swapped “Jhon” stays a slip, greeted or not.
    @Test func greetedAndCreditedNames() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-greetings-credits.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["Jhon", "Jhon"])
    }

    /// A short lowercase word written twice in a document (a changelog's “lto”) or standing
    /// beside code and technical names is reported, never changed unattended; “teh” once in
    /// prose is still a confident fix.
    @Test func shortTermsAreNotFixedUnattended() throws {
        try #require(RuleTestSupport.speller != nil)
        let changelog = "  * Build with lto on amd64.\n  * Disable lto on armel, where the linker fails.\n"
        let twice = RuleTestSupport.matches(RuleRegistry.all, in: changelog)
        let lto = twice.filter { $0.ruleID == "SPELLING" && (changelog as NSString).substring(with: $0.range) == "lto" }
        #expect(lto.count == 2 && lto.allSatisfy { !$0.isConfident }, "\(lto.map(\.isConfident))")
        let beside = RuleTestSupport.matches(RuleRegistry.all, in: "Build the release with -O2 and pgo lto flags.")
        #expect(!beside.contains { $0.ruleID == "SPELLING" && $0.isConfident })
        let teh = RuleTestSupport.matches(RuleRegistry.all, in: "I saw teh cat in the garden.")
        #expect(teh.contains { $0.ruleID == "SPELLING" && $0.isConfident && $0.replacements.first == "the" })
    }

    /// A prose line ending in a command's name and a command line opening with it is no doubled
    /// word; “this” at a line's end and the start of the next, before a file name, still is.
    @Test func commandLineAfterProseIsNoDoubledWord() throws {
        try #require(RuleTestSupport.speller != nil)
        let git = RuleTestSupport.matches(RuleRegistry.all, in: "* Either by using git\n  git clone https://example.org/frob/frob.git\n\n* Or by downloading a release.\n")
        #expect(!git.contains { $0.ruleID == "REPEATED_WORD" })
        let this = RuleTestSupport.matches(RuleRegistry.all, in: "It is intended that this\nthis format replace the old .lzma format in time.\n")
        #expect(this.contains { $0.ruleID == "REPEATED_WORD" })
    }

    /// The commands of a family the machine has (`apt-…`, `dpkg-…`), a C type's name after
    /// `struct`, `enum` or `union`, and a term's plural and its halves split at a line's end (one
    /// term, flagged once) are no slips; “membrs” after “union” (a near miss), a slip after a
    /// common word's hyphen (“make-belive”: `make-` is no family) stay flagged.
    @Test func commandFamiliesTypeNamesAndTermForms() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s49-families-types.txt")
        let words = TechDocsFalseAlarmTests.flagged(found, in: text)
        // (“quuxfile”, once flagged once for its three forms, is since session 54 a technical
        // compound of two terms of the machine, `quux` and `file` (``TechnicalCompounds``), and
        // is no longer flagged at all; none of its forms is flagged on its own either.)
        #expect(words == ["membrs", "belive"], "\(words)")
    }

    /// The name formations alone (``VocabularyLayers/isTechnicalFormation(_:isTechnical:isKnown:)``):
    /// a daemon's stem must be a technical name that is no dictionary word, a file system's a
    /// word or a name.
    @Test func technicalFormations() {
        let known: Set<String> = ["root", "shift", "machine", "roots", "crow"]
        let technical: Set<String> = ["udev", "ssh", "tmp"]
        func formed(_ w: String) -> Bool {
            VocabularyLayers.isTechnicalFormation(w, isTechnical: { technical.contains($0) }, isKnown: { known.contains($0) })
        }
        for w in ["rootfs", "shiftfs", "tmpfs", "machinectl", "udevd", "sshd"] { #expect(formed(w), "\(w)") }
        for w in ["frobfs", "crowd", "sshe", "rootd", "xyzctl"] { #expect(!formed(w), "\(w)") }
    }
}
