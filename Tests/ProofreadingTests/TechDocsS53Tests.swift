import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 53: classes of false alarms of a seventh held-out set, never worked on before
/// its run (`Benchmarks/tech-docs.py --set heldout-s53`): a GNU info manual's navigation lines, a
/// release note's credits in square brackets, titles in quotes in another language and compounds
/// written solid.
struct TechDocsS53Tests {
    /// An info manual read as text: the node header (`Prev:`, `Up:` and the nodes' names) and
    /// the `produced by makeinfo` preamble are layout; names credited in square brackets at an
    /// entry's end are names (across a line break too); a quoted title with a function word of
    /// another language (“aux”, “à”, `l'orange`) is no English; two words written solid that the
    /// machine's word lists attest (`checkpointing`, `grayscale`) are a term. A slip in the prose beside each
    /// (“writen”, “recieve”, “teh” in an English title, “backrounds”, one slip from a word) is
    /// still flagged.
    @Test func infoLinesBracketCreditsAndTitlesInAnotherLanguage() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s53-info-credits-titles.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text) == ["writen", "recieve", "teh", "backrounds"])
    }

    /// The layout: the header and the preamble's two lines are left out, nothing else.
    @Test func infoNodeLinesAreSkipped() {
        let text = "This is a.info, produced by makeinfo version 6.8 from\na.texi.\n\nFile: a.info,  Node: Top,  Next: Intro,  Up: (dir)\n\nSome prose here.\n"
        let u = Array(text.utf16)
        let analysis = PlainLayout.analyze(u)
        let skipped = (analysis?.skipped.values.map { String(decoding: u[$0.location..<($0.location + $0.length)], as: UTF16.self) } ?? []).sorted()
        #expect(skipped == ["File: a.info,  Node: Top,  Next: Intro,  Up: (dir)", "This is a.info, produced by makeinfo version 6.8 from", "a.texi."])
    }

    /// A quotation is a title in another language only with one of its function words, on one
    /// line, two to six words long.
    @Test func otherLanguageQuotations() {
        func check(_ s: String, word: String) -> Bool {
            let tokens = TokenList(Tokenizer.tokenize(s))
            guard let k = tokens.indices.first(where: { tokens[$0].text == word }) else { return false }
            return SpellingRule.isInOtherLanguageQuotation(tokens, k)
        }
        #expect(check("The \"boudin aux pommes\" release.", word: "boudin"))
        #expect(check("The “canard à l'orange” release.", word: "canard"))
        #expect(!check("The \"fast and teh best\" release.", word: "teh"))
        #expect(!check("The boudin aux pommes release.", word: "boudin"))
    }
}
