import Foundation
import Testing
@testable import WritingToolsEngine

/// The Table tool reads records of fields (deb822 / RFC 822: a Debian copyright file's stanzas):
/// a row per record of the most common first field, continuation lines joined, the other
/// paragraphs named in the note. Before, only the first run of one-line stanzas became rows
/// (two of six in zstd's copyright file).
@Suite struct RecordTableTests {
    static let copyright = """
    Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
    Upstream-Name: Example
    Files-Excluded: build/VS2008
                    .travis.yml

    Files: *
    Copyright: Ann Author
    \t   Bob Builder
    \t   Example Corp. and affiliates
    License: BSD-3-clause or GPL-2
    Comment: Starting from 1.3 the patent claim is removed
     see: https://example.org/pull/801

    Files: wrapper/gz*.c
    Copyright: (C) 2004, 2005 Mark Adler
    License: zlib

    License: zlib
     This software is provided 'as-is', without any express or implied
     warranty.
     .
     Permission is granted to anyone to use this software.

    Files: debian/*
    Copyright:
     2015-2016 Kevin Murray <kevin@example.org>
     2022 Peter Pentchev <roam@example.org>
    License: Expat
    """

    func table(_ text: String, options: ToolResultOptions = [.plainText, .richText, .table]) throws -> (text: String, note: String?) {
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .table, text: text, resultOptions: options)) { return (r.text, r.note) }
        Issue.record("no result")
        return ("", nil)
    }

    @Test func everyFilesStanzaIsARow() throws {
        let (text, note) = try table(Self.copyright)
        let lines = text.split(separator: "\n").map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        try #require(lines.count == 5, "\(text)")
        #expect(lines.first == ["Files", "Copyright", "License", "Comment"])
        #expect(lines.dropFirst(2).map(\.[0]) == ["*", "wrapper/gz*.c", "debian/*"])
        #expect(lines[2][1] == "Ann Author; Bob Builder; Example Corp. and affiliates")
        #expect(lines[2][3] == "Starting from 1.3 the patent claim is removed see: https://example.org/pull/801")
        #expect(lines[4][1] == "2015-2016 Kevin Murray <kevin@example.org>; 2022 Peter Pentchev <roam@example.org>")
        #expect(lines[3][3] == "")
        #expect(note?.contains("2 other paragraphs") == true, "\(note ?? "")")
    }

    @Test func plainTextGetsAListWithoutEmptyFields() throws {
        let (text, _) = try table(Self.copyright, options: [.plainText])
        #expect(text.contains("- debian/* — Copyright: 2015-2016 Kevin Murray <kevin@example.org>; 2022 Peter Pentchev <roam@example.org>; License: Expat"), "\(text)")
        #expect(!text.contains("Comment:\n") && !text.hasSuffix("Comment:"))
    }

    /// Three sentences about capitals that are not parallel where the words are gave
    /// "| Paris is | France and has about 2.1 |" with exit 0 (README-only trial): a cell with a
    /// verb of its own means no table.
    @Test func sentencesThatAreNotParallelMakeNoTable() throws {
        let (text, note) = try table("Paris is the capital of France and has about 2.1 million inhabitants. Berlin, the capital of Germany, has about 3.7 million. Madrid is the capital of Spain with roughly 3.3 million people.")
        #expect(text.isEmpty, "\(text)")
        #expect(note?.hasPrefix("No table structure found") == true)
    }

    @Test func proseWithALabelledParagraphIsNoRecordFile() {
        #expect(TableDetector.fromRecords("Note: the build is slow.\n\nWe run it at night, when nobody waits.\n\nNote: it is fine.") == nil)
        // A single record is no table of records.
        #expect(TableDetector.fromRecords("From: Ann\nTo: Bob\nSubject: Hello") == nil)
    }
}
