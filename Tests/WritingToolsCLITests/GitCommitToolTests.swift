import Foundation
import Testing
import WritingTools
@testable import WritingToolsCLI

/// The rewriting tools on Git commit messages: git's `#` comment lines and everything from the
/// scissors line on (the diff of `git commit --verbose`) are no part of the message and come
/// back byte-identical, with `--markup git-commit`, by file name (`COMMIT_EDITMSG`) and on
/// standard input with git's own comments.
@Suite("Command line: Writing Tools on Git commit messages")
struct GitCommitToolTests {
    static func message() throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/git/COMMIT_EDITMSG", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The message's comment lines and the part from the scissors line on.
    static func notes(_ text: String) -> [Substring] {
        let cut = text.range(of: "# ------------------------ >8")!.lowerBound
        return text[..<cut].split(separator: "\n").filter { $0.hasPrefix("#") } + [text[cut...]]
    }

    @Test(arguments: ["rewrite", "friendly", "professional", "concise"])
    func rewritingToolsLeaveCommentsAndTheDiffAlone(_ tool: String) throws {
        let text = try Self.message()
        let dir = try TempDir()
        let gitDir = dir.path + "/.git"
        try FileManager.default.createDirectory(atPath: gitDir, withIntermediateDirectories: true)
        let path = gitDir + "/COMMIT_EDITMSG"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let other = try dir.file("message.txt", text)
        for r in [run([tool, path]), run([tool, "--markup", "git-commit", other]), run([tool, "-"], stdin: text),
                  run([tool, "--markup", "git-commit", "-"], stdin: text)] {
            #expect(r.code == 0, "\(r.err)")
            #expect(r.out != text, "the message itself was not rewritten")
            for note in Self.notes(text) { #expect(r.out.contains(note), "changed: \(note)") }
            #expect(Self.notes(r.out) == Self.notes(text))
        }
        // In place too.
        let inPlace = run([tool, "--in-place", "--no-backup", path])
        #expect(inPlace.code == 0, "\(inPlace.err)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written != text)
        #expect(Self.notes(written) == Self.notes(text))
    }

    @Test func rewriteStillFixesTheMessage() throws {
        let r = run(["rewrite", "--markup", "git-commit", "-"], stdin: try Self.message())
        #expect(r.out.hasPrefix("Fix the receive loop\n\nWe receive the data"))
        #expect(r.out.contains("\n-\tteh := recieve()\n"))
    }

    @Test func resultToolsReadTheMessageOnly() throws {
        let r = run(["list", "--markup", "git-commit", "-"], stdin: try Self.message())
        #expect(r.code == 0)
        // The message's sentences, proofread as `proofread --fix` would (results are); the diff's
        // `teh := recieve()` is not read at all.
        #expect(r.out == "- Fix the receive loop\n- We receive the data basically in a loop and it is very very slow.\n")
    }

    /// Describe-your-change that asks for a result (“as a list”, “summarize it”) reads the
    /// message alone too; one that asks for a rewrite keeps the comments and the diff.
    @Test func describeReadsTheMessageOnlyWhenItMakesAResult() throws {
        let text = try Self.message()
        let list = run(["describe", "as a list", "--markup", "git-commit", "-"], stdin: text)
        #expect(list.code == 0, "\(list.err)")
        #expect(list.out == run(["list", "--markup", "git-commit", "-"], stdin: text).out)
        let summary = run(["describe", "summarize it", "--markup", "git-commit", "-"], stdin: text)
        #expect(summary.code == 0, "\(summary.err)")
        #expect(!summary.out.isEmpty)
        #expect(!summary.out.contains("#") && !summary.out.contains("diff --git") && !summary.out.contains("Everything below"), "\(summary.out)")
        let shorter = run(["describe", "make it shorter", "--markup", "git-commit", "-"], stdin: text)
        #expect(shorter.code == 0, "\(shorter.err)")
        #expect(Self.notes(shorter.out) == Self.notes(text))
    }

    /// A Conventional Commits prefix is not proofread, but it is part of the message: a result
    /// tool keeps it, and a rewrite leaves it as it is.
    @Test func conventionalCommitsPrefixStaysInTheMessage() {
        #expect(GitCommitMessage.message(in: "feat(parser): add teh option\n# a note\n") == "feat(parser): add teh option\n")
        let r = run(["list", "--markup", "git-commit", "-"], stdin: "feat(parser): add the option\n\nIt reads the flag and it writes the file.\n# a note\n")
        #expect(r.code == 0)
        #expect(r.out.contains("feat(parser): add the option"), "\(r.out)")
        let w = run(["rewrite", "--markup", "git-commit", "-"], stdin: "perf(ci): make teh build faster\n")
        #expect(w.out.hasPrefix("perf(ci): make the build faster"), "\(w.out)")
    }

    @Test func markupGitCommitIsAcceptedAndOthersAreNot() {
        #expect(run(["concise", "--markup", "git-commit", "-"], stdin: "Hello.\n").code == 0)
        // (rst, asciidoc and org are markups of their own now: MarkupFormatTests.)
        #expect(run(["concise", "--markup", "rst", "-"], stdin: "Hello.\n").code == 0)
        let bad = run(["concise", "--markup", "docx", "-"], stdin: "Hello.\n")
        #expect(bad.code == 2 && bad.err.contains("git-commit"))
    }
}
