import Foundation
import Testing
@testable import WritingToolsCLI

/// Every tool on a CRLF file gives what it gives on the same file with LF line endings, written
/// with CRLF (issue 35, break-it trial: lines were split with `split(separator: "\n")`, which
/// leaves a CRLF text whole since `"\r\n"` is one Character, and `table` found no rows).
@Suite("Command line: CRLF files")
struct LineEndingTests {
    static let text = """
        Meeting notes

        Name: Ada Lovelace
        Role: Engineer
        City: London

        Name: Alan Turing
        Role: Mathematician
        City: Manchester

        The team met on Monday to discuss teh launch. In order to ship, we decided to move the date to May, because the testing needs two more weeks. Marketing agreed to the new date and will update the website.

        First, open the lid. Second, pour the water. Finally, close it.

        """

    /// `s` with each LF written as CR LF.
    static func crlf(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: "\r\n") }

    /// The number of LFs in `s` with no CR before them.
    static func bareLineFeeds(_ s: String) -> Int {
        var n = 0
        var previous: UInt8 = 0
        for b in s.utf8 { if b == 10 && previous != 13 { n += 1 }; previous = b }
        return n
    }

    @Test("each tool: CRLF in, the LF result with CRLF out",
          arguments: ["rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table"])
    func tool(_ name: String) throws {
        let dir = try TempDir()
        let lf = run([name, try dir.file("lf.txt", Self.text)])
        let crlf = run([name, try dir.file("crlf.txt", Self.crlf(Self.text))])
        #expect(lf.code == 0 && crlf.code == 0, "\(name): \(lf.err) \(crlf.err)")
        #expect(!lf.out.isEmpty && lf.out.contains("\n"))
        #expect(Self.bareLineFeeds(crlf.out) == 0, "\(name): \(crlf.out.debugDescription)")
        #expect(crlf.out == Self.crlf(lf.out), "\(name): LF \(lf.out.debugDescription)\nCRLF \(crlf.out.debugDescription)")
    }

    @Test("table on a CRLF file finds the records' rows")
    func tableRows() throws {
        let dir = try TempDir()
        let r = run(["table", try dir.file("crlf.txt", Self.crlf(Self.text))])
        #expect(r.out.contains("Ada Lovelace") && r.out.contains("Alan Turing") && r.out.contains("| Manchester"), "\(r.out)")
    }

    @Test("proofread --fix and rewrite -i keep a CRLF file's line endings", arguments: ["proofread", "concise"])
    func inPlace(_ name: String) throws {
        let dir = try TempDir()
        let lf = try dir.file("lf.txt", Self.text)
        let crlf = try dir.file("crlf.txt", Self.crlf(Self.text))
        let flags = name == "proofread" ? ["--fix", "--no-backup"] : ["-i", "--no-backup"]
        let a = run([name] + flags + [lf]), b = run([name] + flags + [crlf])
        #expect(a.code == b.code, "\(a.err) \(b.err)")
        let newLF = try String(contentsOfFile: lf, encoding: .utf8), newCRLF = try String(contentsOfFile: crlf, encoding: .utf8)
        #expect(newLF != Self.text, "\(name) changed nothing")
        #expect(Self.bareLineFeeds(newCRLF) == 0, "\(newCRLF.debugDescription)")
        #expect(newCRLF == Self.crlf(newLF))
    }
}
