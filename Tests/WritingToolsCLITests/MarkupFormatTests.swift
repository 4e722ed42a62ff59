import Foundation
import Testing
import WritingTools
@testable import WritingToolsCLI

/// The command line reads the markups the language server reads: `--markup` takes the same
/// names (``DocumentMarkup/formatNames``), and Org, reStructuredText and AsciiDoc files (by
/// extension or by name) are plain text whose markup lines are not checked (a new user's
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
        for name in ["org", "rst", "asciidoc", "plaintext", "text"] {
            let s = run(["proofread", "--markup", name, "-"], stdin: Self.org)
            #expect(s.code == 1 && s.out.contains("“teh”") && !s.out.contains("“toc”"), "\(name): \(s.out) \(s.err)")
        }
        #expect(run(["proofread", "--markup", "md", "-"], stdin: "Use `teh` here.\n").code == 0)
        #expect(run(["proofread", "--markup", "tex", "-"], stdin: "\\textbf{Teh} cat.\n").out.contains("“Teh”"))
    }

    @Test func restructuredTextAndAsciiDocMarkupLinesAreLeftAlone() throws {
        let dir = try TempDir()
        let rst = try dir.file("guide.rst", ".. _pip-ux:\n\nUser experience\n===============\n\n.. note:: seealso toctree\n\nThe tool is fast.\n")
        #expect(run(["proofread", rst]).code == 0)
        let adoc = try dir.file("guide.adoc", "= Guide\n:toc: left\n:sectnums:\n\nThe tool is fast.\n")
        #expect(run(["proofread", adoc]).code == 0)
    }

    @Test func anUnknownMarkupIsRefusedNamingTheOthers() {
        let r = run(["proofread", "--markup", "docx", "-"], stdin: "Fine.\n")
        #expect(r.code == 2)
        #expect(r.err.contains("rst, asciidoc, org"), "\(r.err)")
        let batch = run(["proofread", "--batch"], stdin: "{\"id\":1,\"text\":\"#+OPTIONS: toc:nil\\n\\nTeh end.\",\"markup\":\"org\"}\n")
        #expect(batch.out.contains("\"offset\":20") && !batch.out.contains("\"offset\":11"), "\(batch.out)")
    }
}
