import Foundation
import Testing
@testable import WritingToolsEngine

/// Summary and Key Points never pick licence, copyright or warranty text, nor an editor's mode
/// line (issue 34, users' report: wget's README summarised as its GPL notice, opening with
/// "-*- text -*- GNU Wget ========"). A document that is a licence is still summarised.
@Suite struct BoilerplateTests {
    func result(_ tool: WritingTool, _ text: String) throws -> String {
        let request = ToolRequest(tool: tool, text: text, resultOptions: [.plainText])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r.text }
        return ""
    }

    /// Words of the notices in the fixtures, none of which may appear in a result.
    static let noticeWords = ["-*-", "vim:", "Local Variables", "fill-column", "WARRANTY", "warranty", "free software",
                              "General Public License", "COPYING", "Copyright", "Permission is", "permission notice",
                              "All rights reserved", "Corresponding Source", "covered work", "========"]

    @Test(arguments: [WritingTool.summary, .keyPoints],
          ["boilerplate/wget-README.txt", "boilerplate/wget-NEWS.txt", "boilerplate/vim-license-readme.md", "boilerplate/mode-line-notes.txt",
           // A table of contents that lists “License” is no licence's title (a README-only
           // trial's nss-mdns README was summarised as its LGPL notice).
           "boilerplate/toc-license-readme.md"])
    func noticesAreNeverPicked(_ tool: WritingTool, _ fixture: String) throws {
        let text = try result(tool, try Fixture.text(fixture))
        #expect(text.split(separator: " ").count >= 10, "\(text)")
        for w in Self.noticeWords { #expect(!text.contains(w), "\(w) in \(text)") }
    }

    @Test func theReadmeSaysWhatWgetIs() throws {
        let summary = try result(.summary, try Fixture.text("boilerplate/wget-README.txt"))
        #expect(summary.hasPrefix("GNU Wget is a free utility for non-interactive download of files from the Web."), "\(summary)")
    }

    @Test func outlineMarkersAreLeftOut() throws {
        let points = try result(.keyPoints, try Fixture.text("boilerplate/wget-NEWS.txt"))
        #expect(!points.contains("** "), "\(points)")
    }

    /// A release's heading of the NEWS outline is no point ("* Noteworthy changes in release
    /// 1.21.2 (2021-09-07)" was one on the first 60 lines of wget's NEWS).
    @Test func releaseHeadingsAreNoPoints() throws {
        let head = try Fixture.text("boilerplate/wget-NEWS.txt").split(separator: "\n", omittingEmptySubsequences: false).prefix(60).joined(separator: "\n")
        let points = try result(.keyPoints, head)
        #expect(!points.contains("Noteworthy changes"), "\(points)")
        #expect(points.contains("Fix a double free in FTP when using an absolute path"), "\(points)")
    }

    @Test(arguments: [
        ("This program is free software; you can redistribute it and/or modify it.", true),
        ("You should have received a copy of the GNU General Public License along with this program.", true),
        ("See the file COPYING for copying conditions.", true),
        ("Copyright (C) 1995-2022 Free Software Foundation, Inc.", true),
        ("There is NO WARRANTY, to the extent permitted by law.", true),
        ("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND.", true),
        ("If you modify this program, or any covered work, the Free Software Foundation grants you additional permission.", true),
        // One vocabulary is a fact about the project, not its notice.
        ("tinyq is licensed under the MIT licence.", false),
        ("The licence server hands out seats to each team.", false),
        ("Wget can retrieve a hierarchy of directories and files.", false),
    ])
    func sentences(_ sentence: String, _ isBoilerplate: Bool) {
        #expect(Boilerplate.isBoilerplate(sentence) == isBoilerplate)
    }

    @Test func modeLinesAreRemoved() {
        #expect(Boilerplate.removingModeLines("-*- text -*- The backup runs nightly.") == "The backup runs nightly.")
        #expect(Boilerplate.removingModeLines("vim: set ft=markdown tw=80:") == "")
        #expect(Boilerplate.removingModeLines("The vim editor is set to tw=80 here.") == "The vim editor is set to tw=80 here.")
    }

    /// A licence is summarised as any text: its own wording is its content.
    @Test func aLicenceIsStillSummarised() throws {
        let licence = """
        Permission is hereby granted, free of charge, to any person obtaining a copy of this software and \
        associated documentation files, to deal in the Software without restriction.

        The above copyright notice and this permission notice shall be included in all copies or \
        substantial portions of the Software.

        THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED. IN NO EVENT \
        SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY.
        """
        #expect(try result(.summary, licence).contains("Permission is hereby granted"))
    }
}
