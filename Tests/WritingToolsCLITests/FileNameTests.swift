import Foundation
import Testing
import WritingTools
@testable import WritingToolsCLI

/// Standard input from chunks, with `whenDone` run when the last one has been read: a test's
/// way to change the world while a review waits for its last key.
final class HookedIO: CommandIO {
    private var input: [Data]
    private var whenDone: (() -> Void)?
    private(set) var output = ""
    private(set) var error = ""
    var outputIsTerminal: Bool { false }
    var errorIsTerminal: Bool { false }
    var environment: [String: String] { [:] }

    init(input: [String], whenDone: @escaping () -> Void) {
        self.input = input.map { Data($0.utf8) }
        self.whenDone = whenDone
    }

    func readStandardInputChunk() -> Data? {
        if input.count == 1 { whenDone?(); whenDone = nil }
        return input.isEmpty ? nil : input.removeFirst()
    }
    func writeOutput(_ text: String) { output += text }
    func writeError(_ text: String) { error += text }
}

@Suite("Command line: file names, attributes, and results never lost")
struct FileNameTests {
    /// A name of 250 bytes (the file system takes 255) is written: the temporary file's name is
    /// a hash, not the name again (`.NAME.writing-tools-PID-RANDOM` was 280 bytes and refused);
    /// the backup's name is cut to fit, with a hash, and said.
    @Test func longFileNamesAreWritten() throws {
        let dir = try TempDir()
        let name = String(repeating: "n", count: 246) + ".txt"
        #expect(name.utf8.count == 250)
        let file = try dir.file(name, "Teh cat.\n")
        let r = run(["proofread", "--fix", file])
        #expect(r.code == 0, "\(r.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "The cat.\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names.count == 2, "\(names)")
        let backup = try #require(names.first { $0 != name })
        #expect(backup.hasSuffix(".orig") && backup.utf8.count <= 255 && backup.hasPrefix(String(repeating: "n", count: 200)), "\(backup)")
        #expect(r.err.contains(backup), "\(r.err)")
        #expect(try String(contentsOfFile: dir.path + "/" + backup, encoding: .utf8) == "Teh cat.\n")
        // A second run: a second backup, also cut to fit.
        _ = try dir.file(name, "Teh dog.\n")
        #expect(run(["proofread", "--fix", file]).code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == 3)
    }

    /// The temporary name is short whatever the file's, and the stale-file sweep finds it.
    @Test func temporaryNamesAreShort() throws {
        let long = "/x/" + String(repeating: "é", count: 127)
        let (folder, prefix) = FileReplacement.temporaryPrefix(of: long)
        #expect(folder == "/x")
        #expect(prefix.hasPrefix(".writing-tools-") && prefix.utf8.count == 32, "\(prefix)")
        #expect(FileReplacement.temporaryPrefix(of: "c").dir == ".")
    }

    /// Extended attributes (`user.*`) survive a rewrite, on the file and on its backup.
    @Test func extendedAttributesAreKept() throws {
        let dir = try TempDir()
        let file = try dir.file("tagged.txt", "Teh cat.\n")
        try #require(ExtendedAttributes.set("user.origin", Array("https://example.org/a".utf8), on: file),
                     "this file system keeps no user.* attributes: \(String(cString: strerror(errno)))")
        #expect(ExtendedAttributes.set("user.empty", [], on: file))
        let r = run(["proofread", "--fix", file])
        #expect(r.code == 0, "\(r.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "The cat.\n")
        for path in [file, file + ".orig"] {
            let attributes = ExtendedAttributes.all(of: path)
            #expect(attributes.first { $0.name == "user.origin" }?.value == Array("https://example.org/a".utf8), "\(path): \(attributes)")
            #expect(attributes.contains { $0.name == "user.empty" && $0.value.isEmpty }, "\(path): \(attributes)")
        }
    }

    /// Control characters and bidirectional controls in a file name are escaped in messages
    /// (`$'…'`, as Bash shows them), never sent to the terminal raw.
    @Test func controlCharactersInNamesAreEscaped() throws {
        #expect(PathText.shown("plain name.txt") == "plain name.txt")
        #expect(PathText.shown("a\u{1B}[31mred\nb.txt") == "$'a\\e[31mred\\nb.txt'")
        #expect(PathText.shown("it's\u{7}\u{202E}txt.exe") == "$'it\\'s\\x07\\u202etxt.exe'")
        let dir = try TempDir()
        let name = "evil\u{1B}]0;title\u{07}\u{1B}[2J.txt"
        let file = try dir.file(name, "Teh cat.\n")
        chmod(file, 0o444)
        let r = run(["proofread", "--fix", file])
        #expect(r.code == 3)
        #expect(!r.err.contains("\u{1B}") && !r.err.contains("\u{07}"), "\(r.err.debugDescription)")
        #expect(r.err.contains("evil\\e]0;title\\x07\\e[2J.txt"), "\(r.err)")
        let report = run(["proofread", file])
        #expect(!report.out.contains("\u{1B}") && !report.err.contains("\u{1B}"), "\(report.out.debugDescription)")
    }

    /// When the final write of a review fails, for any reason (here the file became read-only
    /// while the last key was awaited), the reviewed text is kept in FILE.writing-tools-result
    /// and the message says so; the file is as it was.
    @Test func aReviewWhoseWriteFailsKeepsItsResult() throws {
        let dir = try TempDir()
        let text = "Teh cat sat on teh mat.\n"
        let file = try dir.file("review.txt", text)
        let io = HookedIO(input: ["a a ", "q"]) { chmod(file, 0o444) }
        let code = WritingToolsCommand.run(["proofread", "--interactive", "--no-color", file], io: io)
        #expect(code == 3, "\(io.output)\(io.error)")
        #expect(io.error.contains("is read-only") && io.error.contains("the result is in \(file).writing-tools-result"), "\(io.error)")
        #expect(try String(contentsOfFile: file + ".writing-tools-result", encoding: .utf8) == "The cat sat on the mat.\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(!FileManager.default.fileExists(atPath: file + ".orig"))
    }

    /// A file deleted while its review was going on: the reviewed text is kept beside where it
    /// was, and the message says it was deleted or moved and that nothing was written in its
    /// place, never that it "is as it was" (break-it trial, session 52).
    @Test func aReviewWhoseFileWasDeletedSaysSo() throws {
        let dir = try TempDir()
        let file = try dir.file("gone.txt", "Teh cat sat on teh mat.\n")
        let io = HookedIO(input: ["a a ", "q"]) { unlink(file) }
        let code = WritingToolsCommand.run(["proofread", "--interactive", "--no-color", file], io: io)
        #expect(code == 3, "\(io.output)\(io.error)")
        #expect(io.error.contains("deleted or moved away") && io.error.contains("nothing was written in its place")
                && io.error.contains("the result is in \(file).writing-tools-result"), "\(io.error)")
        #expect(!io.error.contains("as it was"), "\(io.error)")
        #expect(try String(contentsOfFile: file + ".writing-tools-result", encoding: .utf8) == "The cat sat on the mat.\n")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// A file in a folder that takes no new file is refused before the review starts, saying
    /// why, not after every suggestion was decided (the result was then only kept in
    /// FILE.writing-tools-result: a break-it trial). Root, whom permissions do not stop, is
    /// held to the folder's write bits as to the file's.
    @Test func aReadOnlyFolderIsRefusedBeforeTheReview() throws {
        let dir = try TempDir()
        let text = "Teh cat sat on teh mat.\n"
        let file = try dir.file("review.txt", text)
        chmod(dir.path, 0o555)
        defer { chmod(dir.path, 0o755) }
        let io = HookedIO(input: ["a a ", "q"]) {}
        let code = WritingToolsCommand.run(["proofread", "--interactive", "--no-color", file], io: io)
        #expect(code == 3, "\(io.output)\(io.error)")
        #expect(io.error.contains("the folder \(dir.path) is read-only") && io.error.contains("not starting"), "\(io.error)")
        #expect(!io.output.contains("to review"), "\(io.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["review.txt"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        // --fix and a tool in place are refused the same way, before any work.
        let fix = run(["proofread", "--fix", file])
        #expect(fix.code == 3 && fix.err.contains("is read-only"), "\(fix.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["review.txt"])
    }

    /// A name that is not UTF-8 (Latin-1 `café.txt`, a lone 0xFF) keeps its bytes: read,
    /// fixed, backed up and its refused result kept under its own name, shown as Bash shows it
    /// (`$'caf\xe9.txt'`); it was decoded with U+FFFD and named no file (a break-it trial).
    @Test func namesThatAreNotUTF8KeepTheirBytes() throws {
        let dir = try TempDir()
        let raw: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" \u{EF80}".utf8) + [0xFF] + Array(".txt".utf8)
        let path = PathText.decoding(Array(dir.path.utf8) + [0x2F] + raw)
        #expect(PathText.fileSystemRepresentation(path).dropLast().map { UInt8(bitPattern: $0) } == Array(dir.path.utf8) + [0x2F] + raw)
        #expect(PathText.decoding(Array("plain é.txt".utf8)) == "plain é.txt")
        let fd = open(PathText.fileSystemRepresentation(path), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        _ = "Teh cat.\n".withCString { write(fd, $0, 9) }
        close(fd)
        let report = run(["proofread", path])
        #expect(report.code == 1 && report.out.contains("SPELLING"), "\(report.err)")
        #expect(report.out.contains("caf\\xe9 \\xee\\xbe\\x80\\xff.txt'"), "\(report.out)")
        let fix = run(["proofread", "--fix", path])
        #expect(fix.code == 0, "\(fix.err)")
        func bytes(_ p: String) -> [UInt8]? {
            guard let fd = FileSystem.openForReading(p) else { return nil }
            defer { close(fd) }
            return Array(FileHandle(fileDescriptor: fd).readDataToEndOfFile())
        }
        #expect(bytes(path) == Array("The cat.\n".utf8))
        #expect(bytes(path + ".orig") == Array("Teh cat.\n".utf8))
        let names = try #require(FileSystem.names(in: dir.path)).sorted()
        #expect(names == [PathText.decoding(raw), PathText.decoding(raw + Array(".orig".utf8))].sorted(), "\(names)")
        // A review whose write is refused keeps its result beside it, under the same bytes.
        let io = HookedIO(input: ["a ", "q"]) { chmod(PathText.fileSystemRepresentation(path), 0o444) }
        let fd2 = open(PathText.fileSystemRepresentation(path), O_WRONLY | O_TRUNC)
        _ = "Teh dog.\n".withCString { write(fd2, $0, 9) }
        close(fd2)
        #expect(WritingToolsCommand.run(["proofread", "--interactive", "--no-color", path], io: io) == 3, "\(io.error)")
        #expect(bytes(path + ".writing-tools-result") == Array("The dog.\n".utf8), "\(io.error)")
    }

    /// No source uses Foundation's string path methods, which trapped on a one-character name
    /// (`NSString.deletingLastPathComponent`, issue 35): paths go through ``PathText``.
    @Test func noSourceUsesNSStringPathMethods() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources").path
        let files = try #require(FileManager.default.enumerator(atPath: sources)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var offenders: [String] = []
        for file in files where file != "WritingTools/PathText.swift" {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for needle in ["as NSString).deletingLastPathComponent", "as NSString).lastPathComponent", "NSString(string:",
                           "fileURLWithPath: path).deletingLastPathComponent()"] where text.contains(needle) {
                offenders.append("\(file): \(needle)")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
        // One-character names work end to end (the working directory is shared by the tests:
        // the name is given with its folder).
        let dir = try TempDir()
        let file = try dir.file("c", "Teh cat.\n")
        #expect(run(["proofread", "--fix", file]).code == 0)
        #expect(run(["concise", "--in-place", file]).code == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "The cat.\n")
    }

    /// One table of file names for the markup (the CLI's inference and the language server's
    /// fallback read the same one).
    @Test func markupByFileName() {
        #expect(DocumentMarkup.named(byPath: "/a/b.MD") == .markdown)
        #expect(DocumentMarkup.named(byPath: "notes.ltx") == .latex)
        #expect(DocumentMarkup.named(byPath: "x/y/README") == .plain)
        #expect(DocumentMarkup.named(byPath: "docs/index.rst") == .restructuredText)
        #expect(DocumentMarkup.named(byPath: "NOTES.REST") == .restructuredText)
        #expect(DocumentMarkup.named(format: "restructuredtext") == .restructuredText && DocumentMarkup.named(format: "rst") == .restructuredText)
        #expect(DocumentMarkup.named(byPath: "main.swift") == nil)
        #expect(DocumentMarkup.named(byPath: "c") == nil)
        #expect(DocumentMarkup.inferred(fromPath: "main.swift") == .plain)
        #expect(DocumentMarkup.inferred(fromPath: "paper.tex") == .latex)
        #expect(DocumentMarkup.inferred(fromPath: "trailing.") == .plain)
    }

    /// The path helper behind every front end (`NSString.deletingLastPathComponent` trapped on
    /// one-character names).
    @Test func pathHelper() {
        #expect(PathText.parent(of: "c") == ".")
        #expect(PathText.parent(of: "/c") == "/")
        #expect(PathText.parent(of: "a/b/") == "a")
        #expect(PathText.parent(of: "a//b") == "a")
        #expect(PathText.parent(of: "/") == "/")
        #expect(PathText.lastComponent(of: "a/b.txt") == "b.txt")
        #expect(PathText.lastComponent(of: "c") == "c")
        #expect(PathText.lastComponent(of: "a/b/") == "b")
        #expect(PathText.join(".", "x") == "x")
        #expect(PathText.join("/", "x") == "/x")
        #expect(PathText.sibling(of: "d/a.txt", suffix: ".orig") == "d/a.txt.orig")
        let long = PathText.sibling(of: "d/" + String(repeating: "é", count: 127), suffix: ".orig")
        #expect(PathText.lastComponent(of: long).utf8.count <= 255 && long.hasSuffix(".orig"), "\(long)")
        #expect(long != PathText.sibling(of: "d/" + String(repeating: "é", count: 126) + "e", suffix: ".orig"))
    }
}
