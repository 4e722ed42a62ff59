import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing a file in place without ever losing the user's text (DESIGN.md §4): the new text
/// goes to a temporary file beside it, flushed, then renamed over it; the original is kept in
/// `FILE.orig` (`FILE.orig.1`, … when that exists; beside the real file when FILE is a
/// symbolic link) unless asked not to; a read-only file, or one
/// that changed since it was read, is refused. A file with several hard links is rewritten in
/// place (after its backup or a temporary copy is written), so that every name sees the new text.
enum FileReplacement {
    /// The file that writing `given` would rewrite (through a symbolic link, the file it points
    /// to), when it can be: before a review, so that no one decides on suggestions that cannot
    /// be written.
    /// - Throws: `CommandError` (failure) when it is not a regular file or is read-only.
    @discardableResult
    static func checkWritable(_ given: String) throws -> String {
        // Through a symbolic link, the file it points to is rewritten; the link stays a link.
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: given)) != nil
        let path = isLink ? URL(fileURLWithPath: given).resolvingSymlinksInPath().path : given
        var st = stat()
        // A pipe or a device (`/dev/stdin`, `<(command)`) cannot be rewritten in place.
        if stat(path, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw CommandError.failure("\(given) is not a regular file; not writing it (to fix a stream, read standard input: writing-tools proofread --fix - < FILE > FIXED)")
        }
        if stat(path, &st) == 0, st.st_mode & 0o200 == 0 {
            throw CommandError.failure("\(path) is read-only; not writing it (make it writable first, e.g. chmod u+w '\(path)')")
        }
        return path
    }

    /// Replaces the file `input.path` by `bytes`; returns the backup's path (nil without backup).
    /// - Throws: `CommandError` (failure) when the file is read-only, changed since it was read,
    ///   or cannot be written; the file is then as it was.
    static func replace(_ input: InputText, with bytes: Data, backup: Bool) throws -> String? {
        guard let given = input.path else { return nil }
        let path = try checkWritable(given)
        var st = stat()
        // Refuse when someone else changed the file since we read it.
        guard let now = try? Data(contentsOf: URL(fileURLWithPath: path)), now == input.bytes else {
            throw CommandError.failure("\(path) changed since it was read; not writing it (run again to check the new text)")
        }
        let mode = Self.mode(of: path)
        var backupPath: String?
        if backup {
            var candidate = path + ".orig"
            var k = 1
            while FileManager.default.fileExists(atPath: candidate) {
                candidate = path + ".orig.\(k)"
                k += 1
            }
            try Self.writeAtomically(input.bytes, to: candidate, mode: mode)
            backupPath = candidate
        }
        if stat(path, &st) == 0, st.st_nlink > 1 {
            // A file with other names (hard links): a new file renamed over this name would
            // leave the others with the old text. Its bytes are rewritten in place instead, as
            // editors do for such files (Vim's `backupcopy=auto`), once the original is safe in
            // the backup or, without one, in a copy beside it that is removed afterwards.
            let copy = try backupPath ?? Self.safetyCopy(input.bytes, of: path, mode: mode)
            do {
                try Self.writeInPlace(bytes, to: path)
            } catch let error as CommandError {
                throw CommandError.failure("\(error.message); the original text is in \(copy)")
            }
            if backupPath == nil { unlink(copy) }
            return backupPath
        }
        try Self.writeAtomically(bytes, to: path, mode: mode)
        return backupPath
    }

    /// The original text of a hard-linked `path`, written atomically beside it before the file
    /// is rewritten in place; returns the copy's path.
    private static func safetyCopy(_ data: Data, of path: String, mode: mode_t) throws -> String {
        let dir = (path as NSString).deletingLastPathComponent
        let copy = (dir.isEmpty ? "." : dir) + "/.\((path as NSString).lastPathComponent).writing-tools-original-\(getpid())"
        try writeAtomically(data, to: copy, mode: mode)
        return copy
    }

    /// Overwrites the bytes of the file at `path` (same inode, so every hard link sees them),
    /// truncates it to `data`'s length and flushes it.
    /// - Throws: `CommandError` (failure) when the file cannot be opened or written.
    static func writeInPlace(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw CommandError.failure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var ok = writeAll(data, to: fd)
        if ok, ftruncate(fd, off_t(data.count)) != 0 { ok = false }
        if ok, fsync(fd) != 0 { ok = false }
        guard ok else { throw CommandError.failure("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Writes all of `data` to `fd` from its current offset (0 for a file just opened),
    /// retrying after signals; false when a write fails (`errno` says why).
    private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }

    static func mode(of path: String) -> mode_t {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0o644
    }

    /// Writes `data` to a temporary file beside `path`, flushes it, and renames it over `path`.
    static func writeAtomically(_ data: Data, to path: String, mode: mode_t) throws {
        let dir = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "." : dir) + "/.\(name).writing-tools-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            throw CommandError.failure("cannot write \(path): \(String(cString: strerror(errno))) (a temporary file in \(dir.isEmpty ? "." : dir) is needed to write atomically); the file was left as it was")
        }
        var ok = writeAll(data, to: fd)
        if fsync(fd) != 0 { ok = false }
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw CommandError.failure("cannot write \(path): \(reason); the file was left as it was")
        }
    }
}
