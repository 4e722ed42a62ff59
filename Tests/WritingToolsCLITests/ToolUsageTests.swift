import Foundation
import Testing
@testable import WritingToolsCLI

/// What a new user's trial of the tools found: plain results, a help page per tool, and usage
/// errors that say what is missing.
@Suite("Command line: results, help pages and usage of the tools")
struct ToolUsageTests {
    static let notes = "# Notes\n\nWe use [GitHub](https://github.com) for **all** code. The team meets on *Monday*.\n\n- [ ] Write the report\n"

    /// `--result plain` on Markdown with front matter and a code block: no metadata block and
    /// no fence lines (they stayed: a new user's trial); the code itself stays.
    @Test func resultPlainHasNoFrontMatterOrFences() throws {
        let dir = try TempDir()
        let p = try dir.file("d.md", "---\ntitle: Build\n---\n\n# Build\n\nRun the build first. Then test it.\n\n```sh\nmake install\n```\n")
        let r = run(["list", "--result", "plain", p])
        #expect(r.code == 0)
        #expect(r.out == "Build\n\n- Run the build first.\n- Then test it.\n\nmake install\n", "\(r.out)")
        #expect(run(["list", p]).out.hasPrefix("---\ntitle: Build\n---\n"))
    }

    @Test func resultPlainIsPlainText() throws {
        let dir = try TempDir()
        let p = try dir.file("notes.md", Self.notes)
        let r = run(["list", "--result", "plain", p])
        #expect(r.code == 0)
        // The paragraph's sentences, then the text's own (task) list, apart as in the text.
        #expect(r.out == "Notes\n\n- We use GitHub for all code.\n- The team meets on Monday.\n\n- [ ] Write the report\n")
        let md = run(["list", p])
        #expect(md.out.contains("# Notes") && md.out.contains("[GitHub](https://github.com)") && md.out.contains("**all**"))
    }
}

extension ToolUsageTests {
    static let toolNames = ["rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table", "describe"]

    @Test func everyToolHasAHelpPageOfItsOwn() {
        var pages: Set<String> = []
        for name in Self.toolNames {
            let page = run(["help", name])
            #expect(page.code == 0)
            #expect(page.out.hasPrefix("USAGE: writing-tools \(name) "), "\(name): \(page.out.prefix(80))")
            // The shared options section is on every page.
            #expect(page.out.contains("OPTIONS:") && page.out.contains("--result markdown|plain") && page.out.contains("--markup"))
            #expect(run([name, "--help"]).out == page.out)
            pages.insert(page.out)
        }
        #expect(pages.count == Self.toolNames.count)
        #expect(run(["help", "list"]).out.contains("[x]"))
        #expect(run(["help", "table"]).out.contains("Label: value"))
        #expect(run(["help", "summary"]).out.contains("LexRank"))
    }
}

extension ToolUsageTests {
    @Test func describeWithoutAnInstructionIsAUsageError() throws {
        let dir = try TempDir()
        let empty = try dir.file("empty.txt", "")
        let notes = try dir.file("notes.txt", "In order to ship, we need to make a decision.\n")
        for args in [["describe", empty], ["describe", notes], ["describe", notes, "make it shorter"], ["describe"],
                     ["describe", "--explain", notes], ["describe", "  ", notes], ["describe", "-"], ["describe", "-", notes]] {
            let r = run(args, stdin: "Hello there.\n")
            #expect(r.code == 2, "\(args): \(r.err)")
            #expect(r.err.contains("the instruction is missing"), "\(args): \(r.err)")
            #expect(r.err.contains("writing-tools describe \"INSTRUCTION\" FILE"), "\(args): \(r.err)")
            #expect(r.out.isEmpty)
        }
        // An instruction that is also a file's name, with standard input given as `-`.
        let shorter = try dir.file("shorter", "")
        let named = run(["describe", shorter, "-"], stdin: "In order to ship, we need to make a decision.\n")
        #expect(named.code != 2 && !named.err.contains("the instruction is missing"), "\(named.err)")
        #expect(run(["describe", shorter], stdin: "In order to ship, we need to make a decision.\n").err.contains("is a file: the instruction goes before it"))
        // With an instruction, a file or standard input.
        #expect(run(["describe", "make it shorter", notes]).out == "To ship, we need to decide.\n")
        #expect(run(["describe", "make it shorter"], stdin: "In order to ship, we need to make a decision.\n").code == 0)
        #expect(run(["describe", "make it shorter", "-"], stdin: "In order to ship, we need to make a decision.\n").code == 0)
    }
}

extension ToolUsageTests {
    /// `--language ""` is a usage error for every command that takes `--language`, as it is for
    /// `proofread`, not a silent American default.
    @Test func anEmptyLanguageIsAUsageError() {
        for args in [["proofread", "--language", "", "-"], ["rewrite", "--language", "", "-"], ["summary", "-l", " ", "-"],
                     ["describe", "make it shorter", "--language=", "-"]] {
            let r = run(args, stdin: "In order to ship, we need to make a decision.\n")
            #expect(r.code == 2, "\(args): \(r.err)")
            #expect(r.err.contains("--language needs a tag such as en-US"), "\(args): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }
}

extension ToolUsageTests {
    /// The pages of the tools that make a separate result list no option they refuse (--diff,
    /// --in-place, --no-backup, --explain: a new user's trial), and --explain is refused there
    /// as --diff is.
    @Test func resultToolPagesListOnlyTheirOptions() {
        for name in ["summary", "key-points", "list", "table"] {
            let page = run(["help", name]).out
            for option in ["--diff ", "--in-place", "--no-backup", "--explain"] {
                #expect(!page.contains("\n  \(option)"), "\(name) lists \(option)")
            }
            let r = run([name, "--explain", "-"], stdin: "One thing. Another thing.\n")
            #expect(r.code == 2 && r.err.contains("--explain is for tools that rewrite the text"), "\(name): \(r.err)")
        }
        for name in ["rewrite", "concise", "describe"] {
            let page = run(["help", name]).out
            #expect(page.contains("\n  --diff ") && page.contains("\n  --in-place") && page.contains("\n  --explain"), "\(name)")
        }
    }
}

extension ToolUsageTests {
    /// With --format json, a file that cannot be read is an error event on standard output, as
    /// a model's failure is (it was only said on standard error: a new user's trial), and empty
    /// input is a text event.
    @Test func jsonFormatReportsUnreadableAndEmptyInputAsEvents() throws {
        let r = run(["concise", "--format", "json", "/nonexistent/notes.md"])
        #expect(r.code == 3)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(event["type"] as? String == "error")
        #expect((event["message"] as? String)?.contains("/nonexistent/notes.md") == true)
        let empty = run(["concise", "--format", "json", "-"], stdin: "")
        #expect(empty.code == 0)
        let text = try #require(try JSONSerialization.jsonObject(with: Data(empty.out.utf8)) as? [String: Any])
        #expect(text["type"] as? String == "text" && text["changed"] as? Bool == false)
    }
}

extension ToolUsageTests {
    /// Prose written one sentence a line is summarised as prose, not as “short lines rather
    /// than sentences” (a new user's trial); a card of short lines still is.
    @Test func sentencesOnLinesOfTheirOwnAreProse() {
        let prose = run(["summary", "-"], stdin: "We went home early because of the rain.\nThe children played board games all afternoon.\nIn the evening we cooked a large dinner together.\n")
        #expect(prose.code == 0)
        #expect(!prose.err.contains("short lines"), "\(prose.err)")
        let card = run(["summary", "-"], stdin: "Our team for the release:\nAda – lead\nGrace – tests\nLin – docs\n")
        #expect(card.err.contains("short lines"), "\(card.err)")
    }
}
