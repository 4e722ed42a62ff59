import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// List and Table on documents that already have structure (issue 34, a new user's trial:
/// underlined headings, the document's own lists and `|` tables came back as garbage). Fixtures
/// in `Fixtures/structured/`, from Debian's /usr/share/doc: zstd's TESTING.md (setext
/// headings, nested lists; also read as plain text), procps' bugs.md (a block quote of
/// commands), Node.js' strategic-initiatives.md (two tables with reference links), the end of
/// Git's README (a list of several-sentence items), base-passwd's README (plain text: an
/// underlined title, a `*` list of wrapped items, a `---+---` table); and README-plain.txt, a
/// plain-text README written for these tests (underlined titles, a `-` list, a `|` table,
/// reference definitions).
@Suite("List and Table keep the structure a document has")
struct StructuredDocumentTests {
    private func result(_ tool: WritingTool, _ name: String, options: ToolResultOptions? = nil) throws -> String {
        // (A name with a folder is under Fixtures/ itself: `summaries/…`.)
        let text = try Fixture.text(name.contains("/") ? name : "structured/" + name)
        let markup: MarkupKind = name.hasSuffix(".md") ? .markdown : .plain
        let opts = options ?? (markup == .markdown ? [.plainText, .richText, .list, .table] : [.plainText])
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: tool, text: text, markup: markup, resultOptions: opts)) {
            return r.text
        }
        Issue.record("no result for \(tool) of \(name)")
        return ""
    }

    /// The lines of `s`.
    private func lines(_ s: String) -> [String] { s.components(separatedBy: "\n") }

    @Test func plainTextTitlesUnderlinedAreHeadingsNotItems() throws {
        let r = try result(.list, "zstd-testing.txt")
        let ls = lines(r)
        // Before: "- Testing =======", "- Short Tests", "- -----------", "- Medium Tests ------------ Medium tests run…".
        #expect(!ls.contains { $0.contains("---") || $0.contains("===") })
        for title in ["Testing", "Short Tests", "Medium Tests", "Long Tests"] {
            #expect(ls.contains(title), "\(title) is a heading line")
            #expect(!ls.contains("- " + title))
        }
        #expect(r.contains("\n\nShort Tests\n\n- Short tests run on CircleCI for new commits on every branch and pull request.\n\nThey consist of the following tests:\n\n- Compilation on all supported targets"))
    }

    @Test func anExistingListStaysAListNestedAsItWas() throws {
        for name in ["zstd-testing.md", "zstd-testing.txt"] {
            let r = try result(.list, name)
            // Before: the nested items were flattened, one that is only code was dropped, and
            // the wrapped "as well as with\n  Msan" kept its line break and indentation.
            #expect(r.contains("""
                - The following tests run with UBsan and Asan on x86_64 and x86, as well as with Msan on x86_64
                  - `tests/playTests.sh --test-large-data`
                  - Fuzzer tests: `tests/fuzzer.c`, `tests/zstreamtest.c`, and `tests/decodecorpus.c`
                - `tests/zstreamtest.c` under Tsan (streaming mode, including multithreaded mode)
                """), "\(name):\n\(r)")
            #expect(r.contains("""
                - Entire test suite (including fuzzers and some other specialized tests) on:
                  - x86_64 and x86 with UBsan and Asan
                  - x86_64 with Msan
                  - ARM, AArch64, PowerPC, and PowerPC64
                - Streaming mode fuzzer with Tsan (for the `zstdmt` testing)
                """), "\(name)")
            // Every item of the source is there once.
            #expect(r.components(separatedBy: "Entire test suite and make install on macOS").count == 2)
        }
    }

    @Test func aHardWrappedSeriesAfterAColonIsOneSentence() throws {
        // "…split up into three sections:" / "short, medium, and long tests." was a paragraph
        // and an item "short, medium, and long tests."
        let r = try result(.list, "zstd-testing.md")
        #expect(r.hasPrefix("# Testing\n\nZstandard CI testing is split up into three sections:\n\n- short\n- medium\n- long tests\n\n## Short Tests"))
    }

    @Test func anItemOfSeveralSentencesIsNotSplit() throws {
        let plain = try result(.list, "base-passwd.txt")
        #expect(plain.hasPrefix("base-passwd for Debian\n\n- This package supplies"))
        #expect(plain.contains("""
            There are some exceptions to this:

            - root is never removed or changed. If it doesn't exist a root account will be added though.
            - the home directory for the ftp user is preserved, and it is neither added nor removed automatically since this can affect how FTP daemons handle anonymous access
            - the home directory for the www-data user is preserved
            - if a user or group exists but with an uid outside our reserved range we don't change it

            - The following uid/gid pairs
            """))
        let md = try result(.list, "git-readme-tail.md")
        #expect(md.contains("""
            - random three-letter combination that is pronounceable, and not actually used by any common UNIX command. The fact that it is a mispronunciation of "get" may or may not be relevant.
            - stupid. contemptible and despicable. simple. Take your pick from the dictionary of slang.
            - "global information tracker": you're in a good mood, and it actually works for you. Angels sing, and a light suddenly fills the room.
            """))
    }

    @Test func aPlainTextTableIsFoundAndKept() throws {
        // Before: "No table structure found", and List made "- | name | description" and
        // "- ------+-------------------+---------------" items.
        let table = try result(.table, "base-passwd.txt", options: [.plainText, .richText, .table])
        #expect(lines(table) == [
            "| uid   | name     | description   |",
            "| ----- | -------- | ------------- |",
            "| 63434 | netplan  | netplan       |",
            "| 64000 | ftn      | fidogate      |",
            "| 64001 | mysql    | mysql-server  |",
            "| 64005 | tac-plus | tac-plus user |",
            "| 64010 | alias    | qmail alias   |",
            "| 64011 | qmaild   | qmail daemon  |",
        ])
        let list = try result(.list, "base-passwd.txt")
        #expect(list.hasSuffix("Reserved uids:\n\nuid – name – description\n\n- 63434 – netplan – netplan\n- 64000 – ftn – fidogate\n- 64001 – mysql – mysql-server\n- 64005 – tac-plus – tac-plus user\n- 64010 – alias – qmail alias\n- 64011 – qmaild – qmail daemon"))
        #expect(!list.contains("---"))
    }

    @Test func aPlainReadmeKeepsItsTitlesItsListItsTableAndItsReferenceDefinitions() throws {
        let list = try result(.list, "README-plain.txt")
        #expect(list == """
            Frobnicator

            - Frobnicator turns log files into weekly reports.
            - It reads the files given on the command line, or standard input.

            Requirements

            - Python 3.9 or later
            - The `rich` package, for coloured output; without it the reports are plain text.
            - A writable cache directory

            Options

            option – default – meaning

            - --weeks – 1 – how many weeks to report
            - --cache – ~/.cache – where parsed logs are kept
            - --quiet – off – print nothing but errors

            - See the [manual][man] and the [changelog][news] for more.

            [man]: https://example.org/frobnicator/manual
            [news]: https://example.org/frobnicator/NEWS
            """)
        let markdown = try result(.list, "README-plain.txt", options: [.plainText, .richText, .list])
        #expect(markdown.hasPrefix("# Frobnicator\n\n"))
        #expect(markdown.contains("\n\n## Requirements\n\n- Python 3.9 or later\n"))
        let table = try result(.table, "README-plain.txt", options: [.plainText, .richText, .table])
        #expect(lines(table) == [
            "| option  | default  | meaning                    |",
            "| ------- | -------- | -------------------------- |",
            "| --weeks | 1        | how many weeks to report   |",
            "| --cache | ~/.cache | where parsed logs are kept |",
            "| --quiet | off      | print nothing but errors   |",
        ])
    }

    @Test func everyTableOfADocumentIsKeptUnderItsHeadingWithItsReferences() throws {
        let r = try result(.table, "node-initiatives.md")
        let ls = lines(r)
        // Before: the first table only.
        #expect(ls.first == "## Current initiatives")
        #expect(ls.contains("## Completed initiatives"))
        #expect(ls.filter { $0.hasPrefix("| Initiative") }.count == 2)
        #expect(ls.contains("| Core Promise APIs      | [Antoine du Hamel][aduh95]       | <https://github.com/nodejs/TSC/issues/1094>       |"))
        #expect(ls.contains { $0.hasPrefix("| Workers ") })
        #expect(r.hasSuffix("[legendecas]: https://github.com/legendecas\n[mhdawson]: https://github.com/mhdawson\n[targos]: https://github.com/targos"))
        // List: a row per item, the links with their definitions.
        let list = try result(.list, "node-initiatives.md")
        #expect(list.contains("\n- Core Promise APIs – [Antoine du Hamel][aduh95] – <https://github.com/nodejs/TSC/issues/1094>\n"))
        #expect(list.contains("\n[aduh95]: https://github.com/aduh95\n"))
    }

    @Test func aBlockQuoteOfCommandsStaysAsItIs() throws {
        let r = try result(.list, "procps-bugs.md")
        // Before: "- strace -o output-file ps --blah bzip2 output-file", two commands on one line.
        #expect(r.contains("strace and ltrace output are very helpful:\n\n> strace -o output-file ps --blah\n> bzip2 output-file\n\n- The output of `ps --info`"))
        #expect(r.hasPrefix("# BUG REPORTS\n\n- The following is information for reporting bugs.\n"))
        #expect(lines(r).filter { $0.hasPrefix("## ") } == ["## Where to send", "## What to send", "## Merge Requests", "## Patches",
                                                           "## Kernel-Dependent Patches", "## Code Structure"])
    }

    /// Plain meeting notes: numbered titles over their text are headings, not a list of one
    /// item each ("1." three times) with the title glued to the next sentence; an e-mail's
    /// signature after "-- " stays as it is.
    @Test func numberedTitlesAndASignatureOfPlainText() throws {
        let notes = try result(.list, "summaries/budget-meeting.txt")
        #expect(notes.contains("""

            1. Last year's budget

            - Spending was 4% under plan.
            - Most of the savings came from travel, which fell by a third.

            2. Next year's budget

            - Anna proposed a 10% increase for the design team.
            """), "\(notes)")
        #expect(notes.contains("\n\n3. Hiring\n\n- Dora will open two support positions in April.\n"))
        let mail = try result(.list, "summaries/finance-request-email.txt")
        #expect(mail.hasSuffix("\n\nThanks a lot,\nDaniel\n\n--\nDaniel Weber\nFinance Operations | Example GmbH\n+49 30 1234 5678"), "\(mail)")
        #expect(mail.hasPrefix("Hi Marta,\n\n- I hope you had a good weekend.\n"))
    }

    @Test func prosePlainTextWithoutStructureIsAnItemPerSentenceAsBefore() throws {
        let text = "The library reads the file once. It keeps the index in memory.\n\nIt writes nothing back."
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .list, text: text)) {
            #expect(r.text == "- The library reads the file once.\n- It keeps the index in memory.\n- It writes nothing back.")
        }
    }
}
