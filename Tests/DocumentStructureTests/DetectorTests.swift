import Foundation
import Testing
@testable import DocumentStructure

@Suite("Prose detectors: mentions, versions, code comments")
struct DetectorTests {
    func protected(_ text: String, _ reason: ProtectionReason, markup: MarkupKind = .markdown) -> [String] {
        let doc = DocumentParser.parse(text, markup: markup)
        return doc.protectedRanges.filter { $0.reason == reason }.map { Support.slice(text, $0.range) }
    }

    @Test func mentions() {
        #expect(protected("Thanks @ines.harrow and @org/team-a, cc @yuki.", .mention) == ["@ines.harrow", "@org/team-a", "@yuki"])
        // An e-mail address is not a mention.
        #expect(protected("Write to ask@example.org now.", .mention).isEmpty)
        #expect(protected("Thanks @mkoller.", .mention, markup: .plain) == ["@mkoller"])
    }

    @Test func versions() {
        #expect(protected("Ship v2.3.1-rc.2 and 1.4.0+build.7 today.", .versionNumber) == ["v2.3.1-rc.2", "1.4.0+build.7"])
        #expect(protected("Released in version 2.10.3.", .versionNumber) == ["2.10.3"])
        // Decimals and plain numbers are not versions.
        #expect(protected("Pi is 3.14 and 42 is the answer.", .versionNumber).isEmpty)
        #expect(protected("Use v2.1 or later.", .versionNumber) == ["v2.1"])
    }

    @Test func commentsInCodeDoNotJoinTheVocabulary() {
        let text = "```python\n# occured counts are totals\nrecieve_buffer = open_pipe()  // seperate\n/* wierd */ x = 1\n```\n"
        let doc = DocumentParser.parse(text, markup: .markdown)
        #expect(doc.codeVocabulary.contains("recieve_buffer"))
        #expect(doc.codeVocabulary.contains("open_pipe"))
        #expect(!doc.codeVocabulary.contains("occured"))
        #expect(!doc.codeVocabulary.contains("seperate"))
        #expect(!doc.codeVocabulary.contains("wierd"))
        // Inline code is all code.
        #expect(DocumentParser.parse("Call `nonblockingpipe` now.", markup: .markdown).codeVocabulary.contains("nonblockingpipe"))
    }
}
