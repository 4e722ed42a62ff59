import Foundation
import Testing
import WritingTools
@testable import WritingToolsCLI

/// The command line reads the markups the language server reads: `--markup` takes the same
/// names (``DocumentMarkup/formatNames``), Org and AsciiDoc files (by extension or by name) are
/// plain text whose markup lines are not checked, reStructuredText has its own reader (a new user's
/// trial: `--markup org` was refused and `#+OPTIONS: toc:nil num:nil` was flagged in an `.org`
/// README).
@Suite("Command line: the markups the language server reads")
struct MarkupFormatTests {
    static let org = """
    #+TITLE: Zutty - Zero-cost Unicode Teletype
    #+OPTIONS: author:nil timestamp:nil toc:nil num:nil val:nil html-style:nil H:3 ^:{}
    #+HTML_HEAD: <link rel="stylesheet" type="text/css" href="doc/org.css"/>

    Zutty is a terminal emulator for the X Window System. It has teh features you need.

    #+BEGIN_SRC sh
    ./waf configure --prefix=/usr && ./waf bld
    #+END_SRC

    """

    @Test func orgFilesHaveTheirMarkupLinesLeftAlone() throws {
        let dir = try TempDir()
        let file = try dir.file("README.org", Self.org)
        let r = run(["proofread", file])
        #expect(r.code == 1)
        // Only the slip in the prose: no “toc”, “num”, “css”, “waf” or “bld”.
        #expect(r.out.contains("“teh”"), "\(r.out)")
        for word in ["toc", "num", "css", "waf", "bld", "nil"] { #expect(!r.out.contains("“\(word)”"), "\(word): \(r.out)") }
        // The same from standard input with --markup org, and the same with the language
        // server's own IDs.
        // (Not `rst`: reStructuredText has its own reader now, and an Org file is no reST.)
        for name in ["org", "asciidoc", "plaintext", "text"] {
            let s = run(["proofread", "--markup", name, "-"], stdin: Self.org)
            #expect(s.code == 1 && s.out.contains("“teh”") && !s.out.contains("“toc”"), "\(name): \(s.out) \(s.err)")
        }
        #expect(run(["proofread", "--markup", "md", "-"], stdin: "Use `teh` here.\n").code == 0)
        #expect(run(["proofread", "--markup", "tex", "-"], stdin: "\\textbf{Teh} cat.\n").out.contains("“Teh”"))
    }

    @Test func restructuredTextAndAsciiDocMarkupLinesAreLeftAlone() throws {
        let dir = try TempDir()
        // (A note's text is prose to the reST reader, as to docutils: markup here is a directive's
        // name and options.)
        let rst = try dir.file("guide.rst", ".. _pip-ux:\n\nUser experience\n===============\n\n.. toctree::\n   :maxdepth: 2\n\n.. seealso::\n   :class: seealso\n\n   The tool is fast.\n")
        #expect(run(["proofread", rst]).code == 0)
        let adoc = try dir.file("guide.adoc", "= Guide\n:toc: left\n:sectnums:\n\nThe tool is fast.\n")
        #expect(run(["proofread", adoc]).code == 0)
    }

    /// reStructuredText by extension (`.rst`, `.rest`) or `--markup rst`/`restructuredtext`: the
    /// slip in the prose is found, none in roles, literals, directives, options or code.
    @Test func restructuredTextIsReadByItsOwnReader() throws {
        let text = """
        Teh Guide
        =========

        Call :func:`tehtool.recieve` or ``teh --fast``, see Recieve_ and |tehlogo|.

        .. code-block:: python

           tehtool.recieve()

        .. note::
           :class: tehclass

           Keep a backup.

        .. _Recieve: https://tehtool.example/recieve

        """
        let dir = try TempDir()
        for file in [try dir.file("guide.rst", text), try dir.file("guide.rest", text)] {
            let r = run(["proofread", "--format", "json", file])
            #expect(r.code == 1 && r.out.components(separatedBy: "\"rule\"").count == 2 && r.out.contains("\"offset\":0,"), "\(r.out)")
        }
        for name in ["rst", "restructuredtext", "rest"] {
            let s = run(["proofread", "--markup", name, "--format", "json", "-"], stdin: text)
            #expect(s.code == 1 && s.out.components(separatedBy: "\"rule\"").count == 2, "\(name): \(s.out) \(s.err)")
        }
    }

    @Test func anUnknownMarkupIsRefusedNamingTheOthers() {
        let r = run(["proofread", "--markup", "docx", "-"], stdin: "Fine.\n")
        #expect(r.code == 2)
        #expect(r.err.contains("rst, asciidoc, org"), "\(r.err)")
        let batch = run(["proofread", "--batch"], stdin: "{\"id\":1,\"text\":\"#+OPTIONS: toc:nil\\n\\nTeh end.\",\"markup\":\"org\"}\n")
        #expect(batch.out.contains("\"offset\":20") && !batch.out.contains("\"offset\":11"), "\(batch.out)")
    }
}
