import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The user and workspace dictionaries: plain word lists, one word a line (`#` starts a comment).
///
/// - User: `$XDG_CONFIG_HOME/writing-tools/dictionary.txt`, or `~/.config/writing-tools/dictionary.txt`.
/// - Workspace: `<root>/.writing-tools/dictionary.txt`.
///
/// Files are written under an advisory lock (`flock`), words appended to the file itself (see
/// ``Dictionaries/add(_:to:)``).
public struct Dictionaries: Sendable {
    /// The user dictionary's path; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    public var userPath: String?
    /// The workspace dictionary's path; nil without a workspace root.
    public var workspacePath: String?
    /// The workspace root directory; nil without one. The workspace dictionary is written only
    /// when it leads to a file inside it (``add(_:to:within:)``).
    public var workspaceRoot: String?

    /// Dictionaries for a process environment and an optional workspace root directory.
    public init(environment: [String: String], workspaceRoot: String?) {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty {
            userPath = (x as NSString).appendingPathComponent("writing-tools/dictionary.txt")
        } else if let h = environment["HOME"], !h.isEmpty {
            userPath = (h as NSString).appendingPathComponent(".config/writing-tools/dictionary.txt")
        }
        if let root = workspaceRoot { workspacePath = (root as NSString).appendingPathComponent(".writing-tools/dictionary.txt") }
        self.workspaceRoot = workspaceRoot
    }

    /// Adds `word` to the file at `path`, as ``add(_:to:)``, when the file `path` leads to
    /// (through any symbolic link, of the file or of a folder on the way) is inside `root`: a
    /// workspace's `.writing-tools/dictionary.txt` may come from anyone who can write to the
    /// repository, and a link in it to `~/.bashrc` must not make "add to dictionary" write there.
    /// - Throws: ``FileError`` saying where the link leads when it leaves `root`; what
    ///   ``add(_:to:)`` throws.
    public static func add(_ word: String, to path: String, within root: String?) throws {
        if let root { try checkInside(path, root: root) }
        try add(word, to: path)
    }

    /// Throws ``FileError`` unless `path`, its symbolic links followed, is inside `root` (also
    /// resolved). A path that does not exist yet is judged by its nearest existing folder.
    static func checkInside(_ path: String, root: String) throws {
        func resolved(_ p: String) -> String? {
            guard let r = realpath(p, nil) else { return nil }
            defer { free(r) }
            return String(cString: r)
        }
        guard let realRoot = resolved(root) else { throw FileError(path: path, reason: "the workspace folder \(PathText.shown(root)) cannot be read") }
        // The nearest part of the path that exists, resolved, and the rest appended.
        var existing = path
        var rest: [String] = []
        var st = stat()
        while lstat(existing, &st) != 0 {
            let parent = PathText.parent(of: existing)
            guard parent != existing, !parent.isEmpty else { break }
            rest.insert(PathText.lastComponent(of: existing), at: 0)
            existing = parent
        }
        guard let real = resolved(existing) else {
            // A dangling link (or a loop): where it leads cannot be known, so it is not followed.
            throw FileError(path: path, reason: "it is a symbolic link that leads nowhere readable; remove it or make it a file inside the workspace")
        }
        let target = rest.reduce(real) { PathText.join($0, $1) }
        let inside = target == realRoot || target.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
        guard inside else {
            throw FileError(path: path, reason: "it leads through a symbolic link to \(PathText.shown(target)), outside the workspace \(PathText.shown(realRoot)); a workspace dictionary is not written through a link that leaves the workspace")
        }
    }

    /// The words of one list file (empty when it does not exist).
    public static func read(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return words(inList: String(decoding: data, as: UTF8.self))
    }

    /// The words of a word list's text: one a line, `#` starting a comment anywhere on a line
    /// (`kubectl  # the CLI`), spaces around a word ignored, blank lines skipped. Every list the
    /// tools read (`--dictionary` files, the user's and the workspace's) is read by this.
    public static func words(inList text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let w = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            return w.isEmpty ? nil : w
        }
    }

    /// The longest word a list takes, in UTF-8 bytes: longer than any word the speller judges
    /// (64), short enough that a client cannot grow the file without bound a word at a time.
    public static let maxWordBytes = 256

    /// A word that a list can hold: one line, no `#` (which starts a comment), not blank, no
    /// control character (a TAB, a NUL, a line break: a list could not give it back as written),
    /// at most ``maxWordBytes``.
    public static func canHold(_ word: String) -> Bool {
        let w = word.trimmingCharacters(in: .whitespaces)
        return !w.isEmpty && w == word && w.utf8.count <= maxWordBytes && !w.contains("#") && !w.contains(where: \.isNewline)
            && !w.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Every word of both files.
    public func words() -> [String] {
        [userPath, workspacePath].compactMap { $0 }.flatMap(Self.read)
    }

    /// Adds `word` to the file at `path` (created with its folder when missing).
    ///
    /// Safe against other writers: the file is locked (`flock`, exclusive; every writing-tools
    /// process takes it) and read, then the word appended, under the lock, so that concurrent
    /// additions all land. The word is appended to the file itself, which keeps it what it is:
    /// a symbolic link stays a link (the file it points to gets the word), a file with other
    /// names (hard links) keeps them, mode, owner and extended attributes are kept.
    /// - Throws: ``InvalidWord`` for a word the list could not read back (see
    ///   ``canHold(_:)``); ``FileError`` when the file is read-only, is not a regular file, or
    ///   cannot be written (permission, a full disk), the file then as it was.
    public static func add(_ word: String, to path: String) throws {
        guard canHold(word) else { throw InvalidWord(word: word) }
        try withLockedList(path, creating: true) { fd, text in
            guard !words(inList: text).contains(word) else { return }
            // By bytes: a CRLF line end is one Character, which `hasSuffix("\n")` does not see.
            // A list written with CRLF line ends (an editor on Windows) gets one too.
            let lineEnd = text.utf8.contains(UInt8(ascii: "\r")) && text.contains("\r\n") ? "\r\n" : "\n"
            var addition = text.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? "" : lineEnd
            addition += word + lineEnd
            guard lseek(fd, 0, SEEK_END) >= 0, writeAll(Array(addition.utf8), to: fd), fsync(fd) == 0 else {
                let reason = String(cString: strerror(errno))
                // A partial line is taken back: the file is as it was.
                _ = ftruncate(fd, off_t(text.utf8.count))
                throw FileError(path: path, reason: reason)
            }
        }
    }

    /// Removes every line holding `word` (exactly, comments after it allowed) from the file at
    /// `path`; comments and other lines are kept as they are. Under the file's lock, as
    /// ``add(_:to:)``; the new text replaces the old atomically (a file written beside the one
    /// the path leads to, through any symbolic link, and renamed over it), or, for a file with
    /// other names (hard links), is written into it in place.
    /// - Returns: true when the word was there.
    /// - Throws: ``FileError`` (read-only, not a regular file, permission, full disk).
    @discardableResult
    public static func remove(_ word: String, from path: String) throws -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return false }
        return try withLockedList(path, creating: false) { fd, text in
            var removed = false
            var kept: [Substring] = []
            // Lines split at each LF byte: with CRLF line ends, "\r\n" is one Character and a
            // split by Character would make the whole file one line (and delete it all); the CR
            // stays at its line's end and comes back as it was.
            for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init) {
                let w = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                if w == word { removed = true } else { kept.append(line) }
            }
            guard removed else { return false }
            let bytes = Array(kept.joined(separator: "\n").utf8)
            var st = stat()
            guard fstat(fd, &st) == 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
            if st.st_nlink > 1 {
                guard pwriteAll(bytes, to: fd), ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 else {
                    throw FileError(path: path, reason: String(cString: strerror(errno)))
                }
                return true
            }
            guard let real = realpath(path, nil) else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
            let target = String(cString: real)
            free(real)
            let temp = PathText.join(PathText.parent(of: target), ".writing-tools-dictionary-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            let out = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard out >= 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
            _ = fchown(out, st.st_uid, st.st_gid)
            _ = fchmod(out, st.st_mode & 0o7777)
            let ok = writeAll(bytes, to: out) && fsync(out) == 0
            let reason = String(cString: strerror(errno))
            close(out)
            guard ok, rename(temp, target) == 0 else {
                unlink(temp)
                throw FileError(path: path, reason: ok ? String(cString: strerror(errno)) : reason)
            }
            return true
        }
    }

    /// Runs `body` with the list at `path` open for reading and writing, locked (`flock`,
    /// exclusive), and its text; the file is created (with its folder) when `creating`.
    private static func withLockedList<T>(_ path: String, creating: Bool, _ body: (Int32, String) throws -> T) throws -> T {
        if creating {
            do {
                try FileManager.default.createDirectory(atPath: PathText.parent(of: path), withIntermediateDirectories: true)
            } catch {
                throw FileError(path: path, reason: "its folder cannot be made (\(error.localizedDescription))")
            }
        }
        while true {
            // Follows a symbolic link (a dangling one gets its file), never replaces it.
            let fd = open(path, O_RDWR | O_CLOEXEC | (creating ? O_CREAT : 0), 0o644)
            guard fd >= 0 else {
                let reason = errno == EACCES || errno == EROFS ? "it is read-only" : String(cString: strerror(errno))
                throw FileError(path: path, reason: reason)
            }
            defer { close(fd) }
            var locked = stat(), named = stat()
            guard fstat(fd, &locked) == 0 else { throw FileError(path: path, reason: String(cString: strerror(errno))) }
            guard locked.st_mode & S_IFMT == S_IFREG else { throw FileError(path: path, reason: "it is not a regular file") }
            // Read-only for its owner: refused even to root, who could write it.
            guard locked.st_mode & 0o200 != 0 else { throw FileError(path: path, reason: "it is read-only") }
            var result: Int32
            repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
            guard result == 0 else { throw FileError(path: path, reason: "cannot lock it (\(String(cString: strerror(errno))))") }
            defer { _ = flock(fd, LOCK_UN) }
            // Another writer may have renamed a new file over the name while we waited: lock that one.
            guard stat(path, &named) == 0, named.st_ino == locked.st_ino, named.st_dev == locked.st_dev else { continue }
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var offset: off_t = 0
            while true {
                let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
                if n > 0 { data += buffer[0..<n]; offset += off_t(n); continue }
                if n == 0 { break }
                if errno == EINTR { continue }
                throw FileError(path: path, reason: String(cString: strerror(errno)))
            }
            return try body(fd, String(decoding: data, as: UTF8.self))
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }

    private static func pwriteAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(done))
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }

    /// A dictionary file that cannot be written, and why; the file is as it was.
    public struct FileError: Error, CustomStringConvertible {
        /// The dictionary's path.
        public let path: String
        /// Why it cannot be written (“it is read-only”, an `strerror` text).
        public let reason: String
        /// Says which file and why.
        public var description: String { "cannot write the dictionary \(PathText.shown(path)): \(reason); it was left as it was" }
    }

    /// A word a dictionary cannot hold (blank, several lines, spaces around it, or a `#`).
    public struct InvalidWord: Error, CustomStringConvertible {
        /// The word refused.
        public let word: String

        /// The refusal of `word`.
        public init(word: String) { self.word = word }
        /// Says why.
        public var description: String {
            word.utf8.count > Dictionaries.maxWordBytes
                ? "cannot add a word of \(word.utf8.count) bytes to a dictionary: a word there is at most \(Dictionaries.maxWordBytes) bytes"
                : "cannot add \(word.debugDescription) to a dictionary: a word there is one line without spaces around it, “#” (which starts a comment) or control characters (TAB, NUL)"
        }
    }
}
