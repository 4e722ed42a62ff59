import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

/// Writing a file in place without ever losing the user's text (`docs/ARCHITECTURE.md`, “Files”).
///
/// - The new text goes to a temporary file beside the file, with the file's mode, owner and
///   group, flushed, then renamed over it (and the directory flushed): a reader sees the old
///   text or the new, never a mix, whatever happens (a kill, a full disk).
/// - The original is kept in `FILE.orig` (`FILE.orig.1`, … when that exists; beside the real
///   file when FILE is a symbolic link) unless asked not to; a backup whose write then fails is
///   removed again, so it never outlives a file that was left as it was.
/// - The file is compared with the text that was read right before the rename, under an
///   advisory lock (`flock`) that every writing-tools process takes on it: an edit saved while
///   we ran, or another writing-tools run that wrote first, is never overwritten; the run
///   refuses instead, and says where its own result went when it has one worth keeping.
/// - A read-only file, a file that is not a regular file, and a file with several names (hard
///   links) are refused before any work: a hard-linked file can only be rewritten in place,
///   which an interruption would leave half-written, and a new file renamed over one name
///   would split it from the others.
enum FileReplacement {
    /// The file that writing `given` would rewrite (through a symbolic link, the file it points
    /// to), when it can be: before a review or a model run, so that no one decides on
    /// suggestions that cannot be written.
    /// - Throws: `CommandError` (failure) when it is not a regular file, is read-only, has
    ///   other names (hard links), or its folder takes no new file.
    @discardableResult
    static func checkWritable(_ given: String) throws -> String {
        // `/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/0` name the standard input, which a shell's
        // `< draft.txt` makes a link to that file: the user named a stream, never the file.
        if given.hasPrefix("/dev/") || given.hasPrefix("/proc/") {
            throw CommandError.failure("\(PathText.shown(given)) is a stream, not a file; not writing it (to fix a stream, read standard input: writing-tools proofread --fix - < FILE > FIXED)")
        }
        // Through a symbolic link, the file it points to is rewritten; the link stays a link.
        let isLink = FileSystem.linkStatus(given).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
        let path = isLink ? FileSystem.resolvingSymbolicLinks(given) : given
        guard let st = FileSystem.status(path) else { return path }
        // A pipe or a device (`/dev/stdin`, `<(command)`) cannot be rewritten in place.
        if st.st_mode & S_IFMT != S_IFREG {
            throw CommandError.failure("\(PathText.shown(given)) is not a regular file; not writing it (to fix a stream, read standard input: writing-tools proofread --fix - < FILE > FIXED)")
        }
        if st.st_mode & 0o200 == 0 || access(FileSystem.raw(path), W_OK) != 0 {
            throw CommandError.failure("\(PathText.shown(path)) is read-only; not writing it (make it writable first, e.g. chmod u+w '\(PathText.shown(path))')")
        }
        if st.st_nlink > 1 {
            throw CommandError.failure(Self.hardLinkRefusal(path, links: Int(st.st_nlink)))
        }
        // The new text is a new file beside the file, renamed over it (the backup too): a folder
        // that takes no new file (no write permission, a read-only mount, or no write bit at
        // all, which root, whom permissions do not stop, is held to as for the file) would
        // refuse the result only at the end, after the review was done.
        let folder = PathText.parent(of: path)
        if let dst = FileSystem.status(folder), dst.st_mode & 0o222 == 0 || access(FileSystem.raw(folder), W_OK | X_OK) != 0 {
            let name = PathText.shown(PathText.lastComponent(of: path))
            throw CommandError.failure("the folder \(PathText.shown(folder)) is read-only, and \(PathText.shown(path)) is rewritten by writing "
                                       + "a new file beside it (and its backup \(name).orig); not starting. Make the folder writable "
                                       + "(e.g. chmod u+w '\(PathText.shown(folder))'), or write the result elsewhere: "
                                       + "writing-tools proofread --fix - < '\(PathText.shown(path))' > fixed.txt")
        }
        return path
    }

    /// Why a file with `links` names is not rewritten, and what to do instead.
    static func hardLinkRefusal(_ path: String, links: Int) -> String {
        "\(PathText.shown(path)) has \(links) names (hard links); not writing it: it could only be rewritten in place, which an interruption "
            + "or a full disk would leave half-written, and a new file would split it from its other names. Write the result "
            + "to another file and copy it over yourself (e.g. writing-tools proofread --fix - < '\(PathText.shown(path))' > fixed.txt && cat fixed.txt > '\(PathText.shown(path))')"
    }

    /// What ``replace(_:with:backup:keepingResult:)`` did.
    struct Outcome {
        /// The backup's path (nil without backup).
        var backupPath: String?
        /// Things the user should know (an owner that could not be kept), one sentence each.
        var notes: [String] = []
    }

    /// How long a run waits for another writing-tools run to finish writing the same file.
    static let lockTimeout: TimeInterval = 10

    /// Replaces the file `input.path` by `bytes`, unless it changed since `input` was read.
    ///
    /// With `keepingResult`, a result that is not written, for whatever reason (the file changed,
    /// became read-only, the disk is full, the folder cannot be written), is written to
    /// `FILE.writing-tools-result` (`…-result.1`, …; in the temporary folder when the file's
    /// folder takes nothing) and the error says where: a review that took minutes is not lost
    /// with the refusal.
    /// - Throws: `CommandError` (failure) when the file is read-only, has other names, changed
    ///   since it was read, or cannot be written; the file is then as it was, and no backup of
    ///   this run is left behind.
    @discardableResult
    static func replace(_ input: InputText, with bytes: Data, backup: Bool, keepingResult: Bool = false) throws -> Outcome {
        guard let given = input.path else { return Outcome() }
        guard keepingResult else { return try replace(given, input: input, with: bytes, backup: backup) }
        do {
            return try replace(given, input: input, with: bytes, backup: backup)
        } catch let error as CommandError {
            let message = error.message
            let path = FileSystem.linkStatus(given).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
                ? FileSystem.resolvingSymbolicLinks(given) : given
            var st = stat()
            if let known = FileSystem.status(path) { st = known } else { st.st_mode = S_IFREG | 0o644; st.st_uid = geteuid(); st.st_gid = getegid() }
            if let kept = try? keepResult(bytes, beside: path, like: st) {
                let exists = FileSystem.linkStatus(path) != nil
                throw CommandError.failure(message + "; the result is in \(PathText.shown(kept))" + (exists ? ", and \(PathText.shown(path)) is as it was" : ""))
            }
            throw CommandError.failure(message + "; the result could not be kept either (no file could be written beside it or in the temporary folder)")
        }
    }

    private static func replace(_ given: String, input: InputText, with bytes: Data, backup: Bool) throws -> Outcome {
        let path = try checkWritable(given)
        let locked = try LockedFile(path: path, timeout: lockTimeout)
        defer { locked.release() }
        let st = locked.status
        if st.st_nlink > 1 { throw CommandError.failure(Self.hardLinkRefusal(path, links: Int(st.st_nlink))) }
        removeStaleTemporaries(of: path)
        func changed() throws -> Never {
            throw CommandError.failure("\(PathText.shown(path)) changed since it was read (saved by another program while writing-tools ran); not writing it")
        }
        guard try locked.contents() == input.bytes else { try changed() }
        var outcome = Outcome()
        if backup {
            outcome.backupPath = try writeBackup(input.bytes, of: path, like: st, notes: &outcome.notes)
        }
        do {
            let temp = try writeTemporary(bytes, beside: path, like: st, copyingAttributesOf: path, notes: &outcome.notes)
            // Compared again right before the rename: the window in which a program that does
            // not take the lock can still save is the rename itself.
            guard try locked.contents() == input.bytes else {
                unlink(FileSystem.raw(temp))
                try changed()
            }
            guard rename(FileSystem.raw(temp), FileSystem.raw(path)) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(FileSystem.raw(temp))
                throw CommandError.failure("cannot write \(PathText.shown(path)): \(reason); the file was left as it was")
            }
            syncDirectory(of: path)
        } catch {
            if let b = outcome.backupPath { unlink(FileSystem.raw(b)) }
            throw error
        }
        return outcome
    }

    // MARK: parts

    /// Writes the original to the first free `FILE.orig`, `FILE.orig.1`, … (claimed with
    /// `link`, which never replaces a file), with the file's mode and owner; returns its path.
    private static func writeBackup(_ data: Data, of path: String, like st: stat, notes: inout [String]) throws -> String {
        let temp = try writeTemporary(data, beside: path, like: st, copyingAttributesOf: path, notes: &notes)
        defer { unlink(FileSystem.raw(temp)) }
        var candidate = PathText.sibling(of: path, suffix: ".orig")
        var k = 1
        while link(FileSystem.raw(temp), FileSystem.raw(candidate)) != 0 {
            guard errno == EEXIST, k < 10_000 else {
                throw CommandError.failure("cannot write the backup \(PathText.shown(candidate)): \(String(cString: strerror(errno))); \(PathText.shown(path)) was left as it was")
            }
            candidate = PathText.sibling(of: path, suffix: ".orig.\(k)")
            k += 1
        }
        syncDirectory(of: path)
        return candidate
    }

    /// Writes a refused result to the first free `FILE.writing-tools-result`, … (or, when the
    /// file's folder takes no new file, the same name in the temporary folder); returns its path.
    static func keepResult(_ data: Data, beside path: String, like st: stat) throws -> String {
        do {
            return try keepResult(data, at: path, like: st)
        } catch {
            let tmp = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            var own = st
            own.st_uid = geteuid(); own.st_gid = getegid()
            return try keepResult(data, at: PathText.join(tmp, PathText.lastComponent(of: path)), like: own)
        }
    }

    private static func keepResult(_ data: Data, at path: String, like st: stat) throws -> String {
        var notes: [String] = []
        let temp = try writeTemporary(data, beside: path, like: st, copyingAttributesOf: nil, notes: &notes)
        defer { unlink(FileSystem.raw(temp)) }
        var candidate = PathText.sibling(of: path, suffix: ".writing-tools-result")
        var k = 1
        while link(FileSystem.raw(temp), FileSystem.raw(candidate)) != 0 {
            guard errno == EEXIST, k < 10_000 else { throw CommandError.failure("cannot write \(PathText.shown(candidate))") }
            candidate = PathText.sibling(of: path, suffix: ".writing-tools-result.\(k)")
            k += 1
        }
        return candidate
    }

    /// The folder of `path` and the prefix of this process's temporary files beside it:
    /// `.writing-tools-HASH-`, HASH 16 hex digits of the file's name (FNV-1a), so that the
    /// temporary name stays short whatever the file's (any name the file system allows, up
    /// to 255 bytes, can be written).
    static func temporaryPrefix(of path: String) -> (dir: String, name: String) {
        let name = PathText.lastComponent(of: path)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return (PathText.parent(of: path), ".writing-tools-" + String(repeating: "0", count: 16 - hex.count) + hex + "-")
    }

    /// Writes `data` to a new temporary file beside `path` (`.NAME.writing-tools-PID-RANDOM`)
    /// with the mode, owner and group of `st` (the mode set exactly, not through the umask),
    /// flushed to disk; returns its path. An owner or group that cannot be given (not root) is
    /// said in `notes`.
    /// - Throws: `CommandError` (failure) when it cannot be written (a full disk): nothing is
    ///   left behind.
    private static func writeTemporary(_ data: Data, beside path: String, like st: stat, copyingAttributesOf source: String?,
                                       notes: inout [String]) throws -> String {
        let (dir, prefix) = temporaryPrefix(of: path)
        let temp = PathText.join(dir, prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(FileSystem.raw(temp), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CommandError.failure("cannot write \(PathText.shown(path)): \(String(cString: strerror(errno))) (a temporary file in \(PathText.shown(dir)) is needed to write safely); the file was left as it was")
        }
        if let source { ExtendedAttributes.copy(from: source, to: fd, naming: path, notes: &notes) }
        var ok = writeAll(data, to: fd)
        var reason = ok ? "" : String(cString: strerror(errno))
        if ok, fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if ok {
            // Owner and group first: a change of owner clears the set-user-ID bits the mode may have.
            if st.st_uid != geteuid() || st.st_gid != getegid() {
                if fchown(fd, st.st_uid, st.st_gid) != 0 {
                    // Not root: keep the group at least, when we are in it.
                    _ = fchown(fd, uid_t.max, st.st_gid)
                    var now = stat()
                    if fstat(fd, &now) == 0, let note = ownershipNote(path, was: st, now: now), !notes.contains(note) {
                        // Once, though the backup and the result are both written so.
                        notes.append(note)
                    }
                }
            }
            _ = fchmod(fd, st.st_mode & 0o7777)
        }
        close(fd)
        guard ok else {
            unlink(FileSystem.raw(temp))
            throw CommandError.failure("cannot write \(PathText.shown(path)): \(reason); the file was left as it was")
        }
        return temp
    }

    /// What changed of `path`'s ownership when its new copy (`now`) could not take the owner and
    /// group of the original (`was`): the owner, the group or both, with their ids; nil when
    /// both were kept.
    static func ownershipNote(_ path: String, was: stat, now: stat) -> String? {
        let shown = PathText.shown(path)
        switch (was.st_uid != now.st_uid, was.st_gid != now.st_gid) {
        case (true, true):
            return "\(shown) now belongs to you and your group (gid \(now.st_gid)): its owner (uid \(was.st_uid)) and group (gid \(was.st_gid)) could not be kept without root"
        case (true, false):
            return "\(shown) now belongs to you: its owner (uid \(was.st_uid)) could not be kept without root (its group, gid \(was.st_gid), was kept)"
        case (false, true):
            return "\(shown) now has your group (gid \(now.st_gid)): its group (gid \(was.st_gid)) could not be kept, as you are not in it (its owner, uid \(was.st_uid), was kept)"
        case (false, false):
            return nil
        }
    }

    /// Removes temporary files beside `path` left by writing-tools runs that were killed
    /// (their process no longer exists).
    private static func removeStaleTemporaries(of path: String) {
        let (dir, prefix) = temporaryPrefix(of: path)
        guard let names = FileSystem.names(in: dir) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            // Backups and results named after the file start with the same prefix only when
            // the file's own name does; a temporary file is PID-RANDOM, digits and a dash.
            let parts = rest.split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(FileSystem.raw(PathText.join(dir, name))) }
        }
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

    /// Flushes the directory holding `path`, so that a rename survives a power cut.
    private static func syncDirectory(of path: String) {
        let fd = open(FileSystem.raw(PathText.parent(of: path)), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

/// A file opened and locked with an exclusive advisory lock (`flock`), the one its path names
/// now: writing-tools runs that write the same file take turns, and each compares the file with
/// what it read while it holds the lock.
struct LockedFile {
    /// The open descriptor.
    let fd: Int32
    /// The file's status when locked.
    let status: stat

    /// Opens and locks `path`, waiting up to `timeout` seconds for another holder.
    /// - Throws: `CommandError` (failure) when the file cannot be opened or stays locked.
    init(path: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fd = open(FileSystem.raw(path), O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                // (A file deleted or moved away meanwhile was not "left as it was": it is gone,
                // and nothing was written in its place. A break-it trial's message said twice
                // that a deleted file was as it was.)
                let gone = errno == ENOENT
                throw CommandError.failure("cannot read \(PathText.shown(path)): \(String(cString: strerror(errno)))"
                    + (gone ? " (it was deleted or moved away meanwhile); nothing was written in its place" : "; the file was left as it was"))
            }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // The name may have moved to a new file while we waited (the holder renamed its
                // result over it): lock the file the name has now.
                var locked = stat()
                if fstat(fd, &locked) == 0, let named = FileSystem.status(path), locked.st_ino == named.st_ino, locked.st_dev == named.st_dev {
                    self.fd = fd
                    self.status = locked
                    return
                }
                close(fd)
                continue
            }
            let busy = errno == EWOULDBLOCK || errno == EINTR
            close(fd)
            guard busy else { throw CommandError.failure("cannot lock \(PathText.shown(path)): \(String(cString: strerror(errno))); the file was left as it was") }
            guard Date() < deadline else {
                throw CommandError.failure("\(PathText.shown(path)) is being written by another program (it holds a lock on it); not writing it, the file was left as it was")
            }
            usleep(20_000)
        }
    }

    /// The file's bytes now, read from the start.
    func contents() throws -> Data {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n > 0 { out.append(contentsOf: buffer[0..<n]); offset += off_t(n); continue }
            if n == 0 { return out }
            if errno == EINTR { continue }
            throw CommandError.failure("cannot read the file again before writing it: \(String(cString: strerror(errno)))")
        }
    }

    /// Unlocks and closes the file.
    func release() {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
