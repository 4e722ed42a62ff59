import Foundation
import Testing
@testable import WritingToolsCLI
import WritingTools

/// Without `--language`, a text written with British spellings is read as British English, by
/// `proofread` and by the rewriting tools alike (a README-only trial's British letter was flagged
/// word by word and half Americanised by `rewrite`); `--language` still decides.
@Suite("Command line: the English of a text told by its spellings")
struct DialectTests {
    static var letter: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/british-letter.txt")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    @Test func britishLetterIsCheckedAsBritish() throws {
        let letter = try Self.letter
        let auto = run(["proofread", "--format", "json", "-"], stdin: letter)
        #expect(auto.code == 0, "\(auto.out)")
        #expect(auto.out.contains(#""code":"en-GB""#))
        #expect(auto.err.contains("checked as British English"))
        let american = run(["proofread", "--language", "en-US", "-"], stdin: letter)
        #expect(american.code == 1)
        #expect(american.out.contains("is the British spelling"))
        #expect(!american.err.contains("checked as British English"))
    }

    @Test func rewriteKeepsABritishLettersSpelling() throws {
        let letter = try Self.letter
        let r = run(["rewrite", "-"], stdin: letter)
        #expect(r.code == 0)
        for word in ["neighbourhood", "centre", "organised", "programme", "analysed", "colour-coded", "catalogue", "recognised", "favours", "travelled", "theatre"] {
            #expect(r.out.contains(word), "\(word) was changed")
        }
        #expect(r.err.contains("read as British English"))
    }

    @Test func americanTextAndAFewBritishWordsStayAmerican() {
        #expect(WritingToolsChecker.englishVariant(of: "The color of the center is gray. We organized a program.", markup: .plain) == "en-US")
        // In a text of some length two British spellings are not enough evidence: they may be
        // slips or quotations.
        let long = String(repeating: "The report describes the build server, the test matrix and the release steps in some detail. ", count: 20)
        let mixed = long + "The colour of the centre was fine, and the rest of the text is American."
        #expect(WritingToolsChecker.englishVariant(of: mixed, markup: .plain) == "en-US")
        let r = run(["proofread", "-"], stdin: mixed + "\n")
        #expect(r.out.contains("is the British spelling"))
        // CSS in code is no American spelling: the prose decides.
        let markdown = "The colour of the neighbourhood centre was analysed.\n\n```css\np { color: gray; }\n```\n"
        #expect(WritingToolsChecker.englishVariant(of: markdown, markup: .markdown) == "en-GB")
    }

    /// A short text (a note, a message: fewer than ``DialectDetection/shortText`` words of four
    /// letters or more) with a British spelling and no American one is British: its one
    /// “colour” is all the evidence there is, and no finding is lost (session 46's decision; a
    /// new user's British note was flagged for its one “colour”).
    @Test func aShortTextWithOneBritishSpellingIsBritish() {
        #expect(WritingToolsChecker.englishVariant(of: "The colour of the centre was fine.", markup: .plain) == "en-GB")
        #expect(WritingToolsChecker.englishVariant(of: "The colour is nice, the color is not.", markup: .plain) == "en-US")
        let r = run(["proofread", "-"], stdin: "The colour is nice.\n")
        #expect(!r.out.contains("is the British spelling"), "\(r.out)")
    }
}
