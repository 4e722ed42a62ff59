import Foundation
import Testing
@testable import DocumentStructure
@testable import Proofreading

/// Issue 31, session 47: a technical document's own typography and code in plain text, each on an
/// input written for the test (`Fixtures/tech-docs/s47-*`, the `--fix` cases in the CLI tests'
/// `Fixtures/fix-damage/s47-*`), with the slip of the same kind beside it that stays found:
/// colons spaced throughout a document, brackets spaced around escape sequences, two tokens
/// that share their edge letters, Markdown code fences in a plain-text file, and an option's
/// description that starts with an imperative after its metavariable.
struct WritersTypographyTests {
    /// The text rule `rule` flags in `text` (plain text).
    static func flagged(_ text: String, rule: String) -> [String] {
        RuleTestSupport.matches(RuleRegistry.all, in: text).filter { $0.ruleID == rule }.map { (text as NSString).substring(with: $0.range) }
    }

    /// A document that spaces its colons throughout (“in this order :”, “0x1 : SEALED :”) writes
    /// them so on purpose; one spaced colon where the others are glued is still a slip.
    @Test func colonsSpacedThroughoutAreTheDocumentsTypography() throws {
        try #require(RuleTestSupport.speller != nil)
        let (text, found) = try TechDocsFalseAlarmTests.matches("s47-spaced-colons.txt")
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "SPACE_BEFORE_PUNCTUATION").isEmpty)
        #expect(TechDocsFalseAlarmTests.flagged(found, in: text, rule: "SPACE_INSIDE_BRACKETS").isEmpty)
        #expect(SpaceBeforePunctuationRule.spacesItsColons([text]))
        let glued = "Note: the server answers at once. Hint: use the flag. We tested it : it works.\n"
        #expect(!SpaceBeforePunctuationRule.spacesItsColons([glued]))
        #expect(Self.flagged(glued, rule: "SPACE_BEFORE_PUNCTUATION") == [" :"])
        #expect(!SpaceBeforePunctuationRule.spacesItsColons(["Two : one : that is all."]))
    }

    /// Brackets spaced around escape sequences (“( \x7F \x45 )”) are spaced on purpose on both
    /// sides; a word's bracket spaced on one side is still flagged.
    @Test func escapeSequencesInSpacedBrackets() throws {
        try #require(RuleTestSupport.speller != nil)
        #expect(Self.flagged("The file starts with the magic bytes ( \\x7F \\x45 \\x4C \\x46 ), checked first.\n", rule: "SPACE_INSIDE_BRACKETS").isEmpty)
        #expect(Self.flagged("Each record ends with a line feed (\\x0A ) here.\n", rule: "SPACE_INSIDE_BRACKETS").isEmpty)
        #expect(Self.flagged("The tool (written in Swift ) is fast.\n", rule: "SPACE_INSIDE_BRACKETS") == [" )"])
        #expect(Self.flagged("The tool ( written in Swift) is fast.\n", rule: "SPACE_INSIDE_BRACKETS") == ["( "])
    }

    /// Two tokens that end and start with the same letters (`…:ffff ffff:…`, `src/lib lib/src`)
    /// are no word written twice; a doubled word between spaces still is.
    @Test func repeatedEdgesOfLongerTokens() throws {
        try #require(RuleTestSupport.speller != nil)
        #expect(Self.flagged("It sends \"PROXY TCP6 fe80:0:0:1:ffff ffff:0:0:2 443 8443\" first.\n", rule: "REPEATED_WORD").isEmpty)
        #expect(Self.flagged("Copy src/lib lib/src there, then key=value value=key.\n", rule: "REPEATED_WORD").isEmpty)
        #expect(Self.flagged("Copy the the files to lib/src there.\n", rule: "REPEATED_WORD") == ["the the"])
        #expect(Self.flagged("It writes the file to to the disk.\n", rule: "REPEATED_WORD") == ["to to"])
    }

    /// A plain-text file written in Markdown (a package's PKG-INFO or METADATA) fences its
    /// commands with backticks or tildes: code, not prose; the prose around it is checked, and
    /// a fence never closed takes nothing.
    @Test func markdownFencesInPlainText() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "Run the tests:\n\n```shell\ncd widgetproj\npip install nox\nnox\n```\n\nThe suite needs a termnal that is wide.\n"
        #expect(Self.flagged(text, rule: "REPEATED_WORD").isEmpty)
        #expect(Self.flagged(text, rule: "SPELLING") == ["termnal"])
        let tildes = "Build it:\n\n~~~~\nmake widgetproj\n~~~~\n"
        #expect(Self.flagged(tildes, rule: "SPELLING").isEmpty)
        // Headings underlined with tildes (valgrind's README_MISSING_SYSCALL_OR_IOCTL) open no fence.
        let underlined = "What do wrappers do?\n~~~~~~~~~~~~~~~~~~~~\nThe kernel answers the reqest.\n\nHow are they written?\n~~~~~~~~~~~~~~~~~~~~~\nBy hand.\n"
        #expect(Self.flagged(underlined, rule: "SPELLING") == ["reqest"])
        let open = "Build it with ```make widgetproj and see.\n"
        #expect(PlainTextCode.ranges([UInt16](utf16Of: open)).isEmpty)
        #expect(PlainTextCode.fenceOpening("```shell")?.count == 3)
        #expect(PlainTextCode.fenceOpening("``not a fence``") == nil)
        #expect(PlainTextCode.fenceOpening("```a`b") == nil)
    }

    /// An option's description starting with an imperative after its metavariable (`-t, --title
    /// name` / “Define the heading…”) is no bare noun subject with its verb; a lowercase verb
    /// after a bare noun still is (“Technology make our life easy”).
    @Test func optionDescriptionsAfterTheirMetavariable() throws {
        try #require(RuleTestSupport.speller != nil)
        let text = "Options:\n  -t, --title name\n         Define the heading printed above the table.\n"
        #expect(Self.flagged(text, rule: "EN_BARE_NOUN_SUBJECT_AGREEMENT").isEmpty)
        #expect(Self.flagged("Technology make our life easy.\n", rule: "EN_BARE_NOUN_SUBJECT_AGREEMENT") == ["make"])
    }
}
