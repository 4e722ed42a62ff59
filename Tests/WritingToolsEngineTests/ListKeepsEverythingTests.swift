import Foundation
import Testing
import DocumentStructure
@testable import WritingToolsEngine

/// List never loses content (issue 34, a README-only trial): commands and URLs indented under a
/// sentence ending in a colon ("Run this command, as yourself:" and then nothing), a list of
/// option names, a NEWS file's entries whose first line starts with "diff --" (the parser keeps
/// such a line whole as code, so no sentence held it). Every content line of the input is in
/// the list, code and URLs verbatim; a line it cannot place is named in the note. Fixtures
/// `keeps-everything/`: the trial's inputs and our own.
@Suite("List keeps every line")
struct ListKeepsEverythingTests {
    private func list(_ name: String, markup: MarkupKind) throws -> (text: String, note: String?, source: String) {
        let source = try Fixture.text("keeps-everything/" + name)
        let request = ToolRequest(tool: .list, text: source, markup: markup)
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return (r.text, r.note, source) }
        Issue.record("no result")
        return ("", nil, source)
    }

    /// The words of `s` of two characters or more, lower case.
    private func words(_ s: String) -> [String] {
        s.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).filter { $0.count >= 2 }.map(String.init)
    }

    @Test(arguments: [("openssh-README.Debian.txt", MarkupKind.plain), ("diffutils-NEWS.txt", .plain), ("own-setup-notes.txt", .plain),
                      ("mandb-README-head.md", .markdown), ("meeting-notes.md", .markdown), ("own-plans.md", .markdown)])
    func everyContentLineIsInTheList(name: String, markup: MarkupKind) throws {
        let (text, note, source) = try list(name, markup: markup)
        #expect(note == nil, "\(name): \(note ?? "")")
        let kept = Set(words(text))
        for line in source.split(whereSeparator: \.isNewline) {
            let w = words(String(line))
            let missing = w.filter { !kept.contains($0) }
            #expect(missing.count * 2 < max(1, w.count), "\(name): lost “\(line)” (\(missing))")
        }
    }

    /// Commands and addresses come back as they were written, each line whole and indented as
    /// in the text, where the text had them.
    @Test func commandsAndURLsStayVerbatimInTheirPlace() throws {
        let (text, _, _) = try list("own-setup-notes.txt", markup: .plain)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for code in ["useradd --system --create-home backup", "chmod 700 /home/backup", "systemctl list-timers backup.timer",
                     "CompressLevel", "LegacyMode", "https://example.org/backup/issues/42", "https://example.org/backup/issues/57"] {
            #expect(lines.contains("  " + code), "\(code) not a line of:\n\(text)")
        }
        // In reading order: the commands right after the sentence that introduces them.
        let intro = try #require(text.range(of: "Run these commands as root:"))
        let command = try #require(text.range(of: "useradd --system"))
        let next = try #require(text.range(of: "To check that the timer is active"))
        #expect(intro.upperBound < command.lowerBound && command.upperBound < next.lowerBound, "\(text)")
    }

    /// A sentence whose first line the parser keeps whole as code is an item, whole: the line
    /// joins the words after it.
    @Test func aSentenceOpeningWithACommandIsAnItem() throws {
        let (text, _, _) = try list("own-setup-notes.txt", markup: .plain)
        #expect(text.contains("- rsync --delete no longer follows symbolic links outside the source tree unless --copy-unsafe-links is given."), "\(text)")
        #expect(text.contains("- grep --count now prints a total for every file it reads."), "\(text)")
        let (news, _, _) = try list("diffutils-NEWS.txt", markup: .plain)
        #expect(news.contains("- diff --color now produces output compatible with less -R."), "\(news)")
        #expect(news.contains("- diff --strip-trailing-cr with a single CR byte in one input file would provoke an uninitialized memory read, e.g.,"), "\(news)")
        #expect(news.contains("- diff --color no longer colorizes when TERM=dumb"), "\(news)")
        #expect(news.contains("the ---presume-output-tty (ostensibly test-only) option would cause diff --color to read an uninitialized variable"), "\(news)")
    }

    /// The trial's openssh notes: the command under "Run this command, as yourself:", the
    /// systemctl commands, the deprecated options and every bug URL.
    @Test func theTrialsOpensshNotesKeepTheirCommandsAndURLs() throws {
        let (text, _, _) = try list("openssh-README.Debian.txt", markup: .plain)
        for code in ["chmod g-w ~/", "systemctl disable --now ssh.service", "systemctl enable ssh.socket", "KeyRegenerationInterval",
                     "ServerKeyBits", "https://bugs.debian.org/298138", "https://bugs.launchpad.net/1822370", "IPQoS af21 cs1",
                     "cat >/etc/systemd/system/ssh.socket.d/listen.conf <<EOF"] {
            #expect(text.split(separator: "\n").contains { $0.first == " " && $0.trimmingCharacters(in: .whitespaces) == code }, "\(code)")
        }
    }

    /// A paragraph of a Markdown item after the list nested in it is an item after that list
    /// (the safety net found GTK's README losing "And anything else you think is relevant."), and a
    /// reference definition the result uses is no line left out.
    @Test func anItemsParagraphAfterItsNestedListIsKept() throws {
        let text = "# Bugs\n\nPlease include:\n\n* Your system. For instance:\n\n   - The operating system\n   - The C library\n\n  And anything else that matters.\n\n* How to reproduce it, with [a test][0].\n\n[0]: https://example.org/tests\n"
        var out: ToolResult?
        for case let .result(r) in try BuiltInToolEngine().events(for: ToolRequest(tool: .list, text: text, markup: .markdown, resultOptions: [.richText, .list])) { out = r }
        let r = try #require(out)
        // A plain result leaves the URL out by design: no line is named as lost.
        for case let .result(p) in try BuiltInToolEngine().events(for: ToolRequest(tool: .list, text: text, markup: .markdown)) {
            #expect(p.note == nil && p.text.contains("- And anything else that matters."), "\(p.text) \(p.note ?? "")")
        }
        #expect(r.text.contains("  - The C library\n  - And anything else that matters.\n- How to reproduce it"), "\(r.text)")
        #expect(r.text.hasSuffix("[0]: https://example.org/tests"), "\(r.text)")
        #expect(r.note == nil, "\(r.note ?? "")")
    }

    /// The safety net: a line the list does not hold is named in the note, never dropped in
    /// silence.
    @Test func aLineLeftOutIsNamed() throws {
        let source = "Intro line of prose here.\n\nSecond paragraph about apples.\n"
        let a = TextAnalysis(text: source, range: NSRange(location: 0, length: (source as NSString).length), markup: .plain, protectedRanges: [])
        #expect(BuiltInToolEngine.leftOutLines(a, result: "- Intro line of prose here.").map { $0 } == ["Second paragraph about apples."])
        #expect(BuiltInToolEngine.leftOutLines(a, result: "- Intro line of prose here.\n- Second paragraph about apples.").isEmpty)
    }
}

/// Table comes from real tabular structure and keeps all of it, or refuses (issue 34, a
/// README-only trial: copyright lines made "| ) 1990 | 1991 John W. Eaton |", tmux's "CHANGES
/// FROM 3.2a TO 3.3" changelog "| 3.3 | 3.3a |" with every change lost, and meeting notes'
/// decisions and actions of section 1 only, paired across rows).
@Suite("Table from real structure")
struct TableFromRealStructureTests {
    private func table(_ text: String, markup: MarkupKind) throws -> ToolResult {
        let request = ToolRequest(tool: .table, text: text, markup: markup, resultOptions: [.plainText, .richText, .table])
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { return r }
        Issue.record("no result")
        return ToolResult(kind: .table, text: "")
    }

    @Test(arguments: ["own-copyright-lines.txt", "mandb-README-head.md"])
    func copyrightLinesAreNoTable(name: String) throws {
        let r = try table(try Fixture.text("keeps-everything/" + name), markup: name.hasSuffix(".md") ? .markdown : .plain)
        #expect(r.text.isEmpty, "\(r.text)")
        #expect(r.note?.hasPrefix("No table structure found") == true, "\(r.note ?? "")")
    }

    /// "CHANGES FROM 1.9 TO 2.0" heads version 2.0's changes: a row per version, every change in it.
    @Test(arguments: ["own-changes-from-to.txt", "tmux-short.txt"])
    func changesFromToHeadingsMakeAChangelog(name: String) throws {
        let source = try Fixture.text("keeps-everything/" + name)
        let r = try table(source, markup: .plain)
        let rows = r.text.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("| Version | Changes") == true, "\(r.text)")
        #expect(rows.count == 4, "\(r.text)")
        // Every change is in its version's row.
        for item in source.components(separatedBy: "\n\n").filter({ $0.hasPrefix("* ") }) {
            let words = item.dropFirst(2).split(whereSeparator: \.isWhitespace).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: "."))
            #expect(r.text.contains(words), "\(words)")
        }
        if name == "own-changes-from-to.txt" {
            #expect(rows[2].hasPrefix("| 2.0b ") && rows[3].hasPrefix("| 2.0 "), "\(r.text)")
        }
    }

    /// Decisions and actions of every section, one row each under its section: no value paired
    /// with another's.
    @Test(arguments: [("own-standup.md", 5), ("meeting-notes.md", 6)])
    func labelLinesOfEverySectionAreRows(name: String, rows: Int) throws {
        let source = try Fixture.text("keeps-everything/" + name)
        let r = try table(source, markup: .markdown)
        let lines = r.text.split(separator: "\n").map(String.init)
        #expect(lines.count == rows + 2, "\(r.text)")
        #expect(lines.first?.hasPrefix("| Section") == true, "\(r.text)")
        if name == "own-standup.md" {
            #expect(r.text.contains("| Billing ") && r.text.contains("move the invoice run to the first Monday"), "\(r.text)")
            #expect(lines.contains { $0.contains("| Search") && $0.contains("| Action") && $0.contains("Lena watches the error rate") }, "\(r.text)")
        } else {
            #expect(r.text.contains("raise the threshold to 90%") && r.text.contains("Ana writes up a proposal"), "\(r.text)")
        }
        #expect(r.note?.contains("not in it") == true, "\(r.note ?? "")")
    }

    /// Labels that recur unevenly are a row each; fields that repeat as records are records.
    @Test func recordsOnlyWhenTheFieldsRepeat() throws {
        let uneven = try #require(TableDetector.fromLines(["Decision: ship on Thursday", "Action: Omar writes the note", "Action: Lena watches"]))
        #expect(uneven.header == ["Field", "Value"] && uneven.rows.count == 3)
        let records = try #require(TableDetector.fromLines(["Name: Ann", "Role: Developer", "Name: Bob", "Role: Tester"]))
        #expect(records.header == ["Name", "Role"] && records.rows == [["Ann", "Developer"], ["Bob", "Tester"]])
    }
}

/// A plain-text list item's marker is no part of its sentence in a Markdown result either
/// (issue 34: `/api/summarize` with key points and no `markup` gave "- - **Decision:** …").
@Suite("Plain items in Markdown results")
struct PlainItemsInMarkdownResultsTests {
    @Test(arguments: [WritingTool.keyPoints, .summary])
    func aPlainItemsMarkerIsNotRepeated(tool: WritingTool) throws {
        let text = try Fixture.text("keeps-everything/meeting-notes.md")
        let request = ToolRequest(tool: tool, text: text, markup: .plain, resultOptions: [.plainText, .richText, .list])
        var out = ""
        for case let .result(r) in try BuiltInToolEngine().events(for: request) { out = r.text }
        #expect(!out.isEmpty)
        #expect(!out.contains("- - ") && !out.contains(". - "), "\(out)")
        if tool == .keyPoints { #expect(out.contains("- **Decision:**"), "\(out)") }
    }
}
