import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 51: the false-alarm classes of a fifth held-out set of technical documents
/// (`tech-docs.py --set heldout-s51`, run once before any change), each fixed as a class and
/// tested on inputs written for it (`Fixtures/tech-docs/s51-*`; `--fix` cases in the CLI's
/// `Fixtures/fix-damage/s51-*`), with the slips beside them still flagged.
struct TechDocsS51Tests {
    /// True when the manual pages the vocabulary fixture's words come from are installed (the
    /// C library's `manpages`, with `ld.so(8)`, beside those of the packages CI installs).
    static let manualPagesInstalled = FileManager.default.fileExists(atPath: "/usr/share/man/man8/ld.so.8.gz")

    /// Words the installed manual pages use on many pages (`relocations`, `nameserver`,
    /// `commandline`, `errno`, `netgroup`, `pathspec`, `testsuite`) and the math library's
    /// functions (`fabs`, `llround`, `sincos`) are words of the domain; a slip beside them is
    /// still flagged.
    ///
    /// The words come from this machine's pages (the C library's `manpages` among them, which
    /// `scripts/install-deps.sh` installs and which it refuses to go without, so CI always runs
    /// this); a machine without manual pages has no such layer (`TechDocsS52Tests` shows that,
    /// and the layer on pages of its own), and there this test is reported as skipped.
    @Test(.enabled(if: TechDocsS51Tests.manualPagesInstalled, "the installed manual pages' words: this machine has no /usr/share/man/man8/ld.so.8.gz (package manpages)"))
    func wordsOfTheManualPages() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s51-vocabulary.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["recieve"])
    }

    /// The layer each word of the manual pages gets by its page count: a word no word list
    /// holds is accepted from three pages, a listed word or a near miss of a common word from
    /// ten, a short word a letter from a common one from a hundred; common slips of common words
    /// and another dialect's spelling never.
    @Test func manualWordsNeedTheirPageCounts() {
        let common: Set<String> = ["from", "days", "families", "good", "aid", "relocation", "said"]
        let scowlAny: Set<String> = ["relocations", "behaviour", "from", "days", "families", "good", "aid", "relocation", "said", "suid"]
        let listed: (String) -> Bool = { ["relocations", "suid"].contains($0) }
        let counts = ["nameserver": 3, "commandline": 24, "relocations": 19, "behaviour": 271, "frome": 12, "dyas": 9,
                      "familes": 9, "goog": 40, "uid": 503, "suid": 31, "kqueue": 3, "pathspec": 2]
        let layers = Dictionary(uniqueKeysWithValues: VocabularyLayers.Sources.manualWords(counts: counts, common: common, scowlAny: scowlAny, listed: listed))
        #expect(layers["nameserver"] == .manualWord)
        #expect(layers["commandline"] == .manualWord)
        #expect(layers["relocations"] == .manualWord)
        #expect(layers["uid"] == .manualWord)
        #expect(layers["kqueue"] == .manualWord)
        #expect(layers["goog"] == .manualMention)
        #expect(layers["suid"] == .manualMention)
        #expect(layers["behaviour"] == nil)
        #expect(layers["frome"] == .manualMention)
        #expect(layers["dyas"] == nil)
        #expect(layers["familes"] == nil)
        #expect(layers["pathspec"] == nil)
    }

    /// The parts of a `snake_case` identifier, a function called with empty brackets, the
    /// items of a one-word-a-line list with code among them and the terms of a `- term ::
    /// definition` list are the document's code: no misspelling; a slip in the prose below is one.
    @Test func codeShapesOfTheDocument() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s51-code-shapes.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["documentaion"])
        let vocabulary = DocumentAssembly.withCodeShapes(["gpg_error_from_syserror"], text: "Use xfree() here.\n - alpha\n - beta\n - gamma\n")
        #expect(vocabulary.isSuperset(of: ["gpg", "error", "from", "syserror", "xfree"]))
        // A list of plain words, none of them code, adds nothing.
        #expect(!vocabulary.contains("alpha"))
    }

    /// A release note's credit headings (“* Martin Kletzander”, “- Inigo Martinez:”) are names;
    /// a swapped name in prose and a slip stay flagged.
    @Test func creditHeadingsOfReleaseNotes() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s51-credits.md")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["Smiht", "recieved"])
    }
}
