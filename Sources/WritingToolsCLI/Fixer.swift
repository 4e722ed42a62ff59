import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `proofread --fix`: applies every first replacement that does not overlap an earlier one,
/// writes the file atomically (a temporary file in the same folder, then rename(2)), keeps a
/// backup `FILE.orig` unless told not to, and refuses to write when the file changed on disk
/// since it was read.
struct Fixer {
    var io: CommandIO
    var backup: Bool

    /// Applies the fixes and returns the findings left unfixed.
    func apply(_ report: ProofreadingReport, to input: InputText) throws -> [ProofreadingSuggestion] {
        var edits: [TextEdit] = []
        var remaining: [ProofreadingSuggestion] = []
        var end = -1
        for s in report.suggestions {
            guard let first = s.replacements.first, s.range.location >= end else {
                remaining.append(s)
                continue
            }
            edits.append(TextEdit(range: s.range, replacement: first))
            end = s.range.location + max(s.range.length, 1)
        }
        let fixed: String
        do { fixed = try report.text.applying(edits) } catch {
            throw CommandError.failure("\(input.displayName): could not apply the fixes (\(error)); nothing was written")
        }
        var bytes = Data()
        if input.hasByteOrderMark { bytes.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        bytes.append(contentsOf: fixed.utf8)
        guard let path = input.path else {
            io.writeOutput(String(decoding: bytes, as: UTF8.self))
            io.writeError("writing-tools: <stdin>: applied \(edits.count) fix\(edits.count == 1 ? "" : "es")\n")
            return remaining
        }
        if edits.isEmpty {
            io.writeError("writing-tools: \(path): nothing to fix\n")
            return remaining
        }
        // Refuse when someone else changed the file since we read it.
        guard let now = try? Data(contentsOf: URL(fileURLWithPath: path)), now == input.bytes else {
            throw CommandError.failure("\(path) changed since it was read; not writing it (run again to check the new text)")
        }
        let mode = Self.mode(of: path)
        if backup {
            try Self.writeAtomically(input.bytes, to: path + ".orig", mode: mode)
        }
        try Self.writeAtomically(bytes, to: path, mode: mode)
        io.writeError("writing-tools: \(path): applied \(edits.count) fix\(edits.count == 1 ? "" : "es")"
                      + (backup ? " (original kept in \(path).orig)" : "") + "\n")
        return remaining
    }

    private static func mode(of path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0o644
    }

    /// Writes `data` to a temporary file beside `path`, flushes it, and renames it over `path`.
    static func writeAtomically(_ data: Data, to path: String, mode: mode_t) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "." : dir) + "/.\(name).writing-tools-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw CommandError.failure("cannot write beside \(path): \(String(cString: strerror(errno)))") }
        var ok = true
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { ok = false; break }
            }
        }
        if fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw CommandError.failure("cannot write \(path): \(reason); the file was left as it was")
        }
    }
}
