import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 52: the manual pages' vocabulary layer on any machine. The layer is read from
/// the manual pages a machine has; a machine without them (a slim image) simply lacks it, and
/// these tests show both on pages of their own (`Fixtures/manual-pages`), whatever is installed.
struct TechDocsS52Tests {
    /// The fixture pages: `spoolfrag` is on three of them (one gzip-compressed, the roff escapes
    /// around it stripped), `zyxtrel` on two.
    static func fixturePages() throws -> String {
        try RuleTestSupport.fixture("manual-pages/man1").path
    }

    /// A word no word list holds that three pages use is a word of the domain; a word two pages
    /// use is not; the counts see through gzip and roff's font escapes.
    @Test func manualWordsOfPagesOfTheirOwn() throws {
        let folder = try Self.fixturePages()
        let counts = try #require(VocabularyLayers.Sources.manualPageWordCounts(folders: [folder]))
        #expect(counts["spoolfrag"] == 3)
        #expect(counts["zyxtrel"] == nil)  // two pages: below the pipeline's floor of three
        let layers = VocabularyLayers.Sources(wordLists: [], commandFolders: [], manFolders: [], pythonFolders: [], manualTextFolders: [folder]).read()
        #expect(layers["spoolfrag"]?.contains(.manualWord) == true)
        #expect(layers["zyxtrel"] == nil)
    }

    /// Without manual pages (no folder, an empty one, or one that does not exist) the layer is
    /// absent: no word gets ``VocabularyLayers/Layer/manualWord`` or `manualMention`, and nothing
    /// fails.
    @Test func noManualPagesNoLayer() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("wt-no-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(VocabularyLayers.Sources.manualPageWordCounts(folders: [empty.path])?.isEmpty == true)
        #expect(VocabularyLayers.Sources.manualPageWordCounts(folders: [empty.path + "/missing"])?.isEmpty == true)
        // Both complete: no tool failed, so layers built from them may be stored.
        #expect(VocabularyLayers.Sources(wordLists: [], commandFolders: [], manFolders: [], pythonFolders: [], manualTextFolders: [empty.path]).readReporting().complete)
        for folders in [[], [empty.path]] {
            let layers = VocabularyLayers.Sources(wordLists: [], commandFolders: [], manFolders: [], pythonFolders: [], manualTextFolders: folders).read()
            #expect(!layers.values.contains { !$0.isDisjoint(with: [.manualWord, .manualMention]) })
        }
    }

    /// `WRITING_TOOLS_MANUAL_WORDS=0` leaves the manual pages' text out of the standard sources
    /// (a vocabulary table of its own: another cache name); unset, the sources are the machine's.
    @Test func theSwitchLeavesTheLayerOut() {
        let off = VocabularyLayers.Sources.standard(dictionaryCode: "en_US", environment: ["WRITING_TOOLS_MANUAL_WORDS": "0"])
        let on = VocabularyLayers.Sources.standard(dictionaryCode: "en_US", environment: [:])
        #expect(off.manualTextFolders.isEmpty)
        #expect(off.manFolders == on.manFolders)
        if !on.manualTextFolders.isEmpty {
            let dir = URL(fileURLWithPath: "/tmp")
            #expect(VocabularyLayers.cacheURL(dictionaryCode: "en_US", directory: dir, sources: off)
                    != VocabularyLayers.cacheURL(dictionaryCode: "en_US", directory: dir, sources: on))
        }
    }

    /// The areas a change-log entry opens with (`* zos:`, `* aix, ibmi:`, `unix,win:`), the
    /// handle in brackets it closes with (`(twosee)`) and placeholders in braces (`{buf}`, `{changedtick}`, Neovim's API reference) are names; a
    /// slip in the entry's text is still flagged.
    @Test func changeLogAreasCreditsAndBracePlaceholders() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s52-areas-placeholders.txt")
        // (“eg:” after a sentence on its line is no area: the abbreviation is still flagged.)
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["recieved", "eg"])
        let u = Array("see {buf} and {lastline} + 1, not {{ x }}, {a b} or x{y}".utf16)
        let spans = ProseDetectors.bracePlaceholders(u, taken: [Bool](repeating: false, count: u.count))
        #expect(spans.map { String(decoding: u[$0.range.location..<($0.range.location + $0.range.length)], as: UTF16.self) } == ["{buf}", "{lastline}"])
    }

    /// A known word run together with a short part of code (`closefd`, `smartos`) and a short
    /// word on a line that names a variable (`iif $int_ifs`) are terms: still flagged, their
    /// guesses never applied unattended; a plain slip beside them still is.
    @Test func identifiersRunTogetherAreNotFixedUnattended() throws {
        try #require(RuleTestSupport.speller != nil)
        for (text, word) in [("* test: use closefd in runner-unix.c (Guilherme)\n", "closefd"),
                             ("* doc: remove smartos from supported platforms (Ben)\n", "smartos"),
                             ("   filter input iif $int_ifs accept\n", "iif")] {
            let found = RuleTestSupport.matches(RuleRegistry.all, in: text, markup: .plain)
                .filter { $0.ruleID == "SPELLING" && (text as NSString).substring(with: $0.range) == word }
            #expect(found.count <= 1, "\(word)")
            #expect(found.allSatisfy { !$0.isConfident }, "\(word): \(found.map(\.replacements))")
        }
        let slip = RuleTestSupport.matches(RuleRegistry.all, in: "We recieve the files later.\n", markup: .plain)
        #expect(slip.contains { $0.ruleID == "SPELLING" && $0.isConfident })
    }
}
