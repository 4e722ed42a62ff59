@testable import DocumentStructure
import Foundation
import Testing

/// Plain paragraphs skip cmark-gfm (``PlainParagraphs``): the document built directly must be
/// the one cmark-gfm's events build, field for field.
@Suite struct PlainParagraphsTests {
    /// Plain text the fast path must take: line endings, trailing blanks, tabs, non-ASCII,
    /// characters that split cmark's text nodes (`!`, `:`, `w`) and lines starting with digits.
    static let plain: [String] = [
        "Hello world.",
        "Hello world.\n",
        "Two lines\nof one paragraph.",
        "Trailing spaces  \nmake a hard break; one \nis dropped.   ",
        "Windows\r\nline ends\r\n\r\nand a second paragraph.\r\n",
        "Old Mac\rline ends\r\rtoo.",
        "\n\n  \nLeading blank lines.\n\n\n\nAnd trailing ones.\n \n\t\n",
        "A\ttab inside; “curly quotes”, it’s — an em dash… and é, ß, 中文, 😀 emoji.",
        "Wow! What: was that? 1999 was a year. 3 ways, 2nd place, 10:30 am, 50% off (maybe).",
        "Paragraph one\nwith two lines.\n\nParagraph two.\n\nParagraph three\nhas\nfour\nlines.",
        "Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do:\nonce or twice she had peeped into the book her sister was reading, but it had no pictures or\nconversations in it, “and what is the use of a book,” thought Alice “without pictures or\nconversations?”",
        "Version 2.0.1 is in src/main.swift; see example.com or e.g. this $5 thing.",
        "Equals = inside, a plus + inside, a hash # inside, a quote > inside.",
        "# Heading", "## CHAPTER I: Down the Rabbit-Hole", "Para\n## Heading\nmore text\non two lines.",
        "###### Six  \n\ntext", "#   Spaces\tand a tab  ", "# Alice’s Adventures 😀\r\n\r\nText.\r\n# Next\n",
        "# One\n## Two\n### Three",
    ]

    /// Text the fast path must leave to cmark-gfm.
    static let notPlain: [String] = [
        "", "   ", "\n\n", "\u{FEFF}BOM first.", "####### Seven", "#nospace", "# Closing #", "#", "# ", "#\tTab", "# a # b",
        "Text\n#", "> quote", "- item", "+ item", "1. item", "12) item",
        "Title\n=====", "Title\n-----", "    indented code", "\tindented", "Some *emphasis*.", "snake_case",
        "`code`", "a [link](x)", "<b>html</b>", "AT&amp;T", "~~strike~~", "a | b", "me@example.com",
        "see https://example.com", "www.example.com", "back\\slash", "NUL\u{0}byte", "form\u{0C}feed",
        "Line one\n---", "Para\n\n```\ncode\n```",
    ]

    static func expectSame(_ text: String, _ host: [ProtectedRange] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = MarkdownParser.parse(text, hostProtected: host)
        let full = MarkdownParser.parse(text, hostProtected: host, plainParagraphs: false)
        #expect(fast.text == full.text, sourceLocation: sourceLocation)
        #expect(fast.blocks == full.blocks, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast.protectedRanges == full.protectedRanges, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast.proseSegments == full.proseSegments, "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(fast.codeVocabulary == full.codeVocabulary, sourceLocation: sourceLocation)
    }

    @Test func plainTextTakesTheFastPathAndBuildsTheSameDocument() {
        for text in Self.plain {
            #expect(PlainParagraphs.build(text) != nil, "\(text.debugDescription) should be plain")
            Self.expectSame(text)
            // With a host-protected range too.
            let n = text.utf16.count
            if n > 4 { Self.expectSame(text, [ProtectedRange(range: NSRange(location: 1, length: 3), reason: .hostDeclared)]) }
        }
    }

    /// Plain text with the prose detectors' characters (`$`, `/`, `--`, `mailto:`, a `.` before
    /// a letter or digit, camel case, digits), across line breaks of every kind and trailing blanks.
    static let detectorTriggers: [String] = [
        "Costs $5 and\n$10 today.", "and/or, input/output\r\nsrc/main.swift is a path.", "Run it with --verbose or -v.\nor --help",
        "Write mailto:someone please.\nMAILTO:X", "See README.md and v2.3.1.\nEnd.Next line", "camelCaseWord and\nHTTPServer, McDonald",
        "Dot at the end.\nAnother line.  \r\nAnd 3.14 too.", "mail\nto: not a scheme; mailt\no:", "a -\nb -\r\nc - not options",
        "www\n. and ww\nw.", "x.\ny", "Numbers 1999 and 2000.",
    ]

    /// The detectors' needs the scan finds in a paragraph are the ones ``ProseDetectors/needs(_:)``
    /// finds in its segment's text; with them, the document is still cmark-gfm's.
    @Test func scanFindsTheDetectorsNeeds() {
        for text in Self.plain + Self.detectorTriggers {
            guard let plain = PlainParagraphs.build(text) else {
                Issue.record("\(text.debugDescription) should be plain")
                continue
            }
            #expect(plain.needs.count == plain.segments.count)
            for (segment, needs) in zip(plain.segments, plain.needs) {
                var prose = segment.text
                let own = prose.withUTF8 { ProseDetectors.needs($0) }
                #expect(needs == own, "\(text.debugDescription): \(segment.text.debugDescription)")
            }
            Self.expectSame(text)
        }
    }

    @Test func markupIsLeftToCmark() {
        for text in Self.notPlain {
            #expect(PlainParagraphs.build(text) == nil, "\(text.debugDescription) is not plain")
            Self.expectSame(text)
        }
    }

    /// Every paragraph and every line of the test documents (dev documents and fixtures, real
    /// Markdown): the same document whichever way it is parsed, and most paragraphs plain.
    @Test func realParagraphsBuildTheSameDocument() throws {
        var texts: [String] = []
        for name in Support.fixtureNames { texts.append(try Support.load(name)) }
        let docs = Support.packageRoot.appendingPathComponent("Tests/WritingToolsCLITests/Fixtures/docs")
        for file in try FileManager.default.contentsOfDirectory(atPath: docs.path) where file.hasSuffix(".md") {
            texts.append(String(decoding: try Data(contentsOf: docs.appendingPathComponent(file)), as: UTF8.self))
        }
        var pieces: [String] = []
        for t in texts {
            pieces.append(t)
            pieces += t.components(separatedBy: "\n\n")
            pieces += t.components(separatedBy: "\n")
        }
        var plainCount = 0
        for p in pieces {
            if let plain = PlainParagraphs.build(p) {
                plainCount += 1
                for (segment, needs) in zip(plain.segments, plain.needs) {
                    var prose = segment.text
                    #expect(needs == prose.withUTF8 { ProseDetectors.needs($0) }, "\(segment.text.debugDescription)")
                }
            }
            Self.expectSame(p)
        }
        #expect(plainCount > pieces.count / 4, "\(plainCount) of \(pieces.count) plain")
    }
}
