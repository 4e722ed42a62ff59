import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

/// File-system calls on paths as the command line holds them: a name that is not UTF-8 keeps
/// its bytes (``PathText/decoding(_:)``, given to the system by
/// ``PathText/fileSystemRepresentation(_:)``), where Foundation's `FileManager` and `URL` would
/// write U+FFFD for them and name no file. Every call on a user's path in this module goes
/// through here or through `PathText.fileSystemRepresentation`.
enum FileSystem {
    /// The NUL-terminated bytes of `path` for a system call.
    static func raw(_ path: String) -> [CChar] { PathText.fileSystemRepresentation(path) }

    /// `stat(2)` of `path` (following symbolic links); nil with `errno` set when it fails.
    static func status(_ path: String) -> stat? {
        var st = stat()
        return stat(raw(path), &st) == 0 ? st : nil
    }

    /// `lstat(2)` of `path` (the link itself); nil with `errno` set when it fails.
    static func linkStatus(_ path: String) -> stat? {
        var st = stat()
        return lstat(raw(path), &st) == 0 ? st : nil
    }

    /// True when `path` names something (following symbolic links).
    static func exists(_ path: String) -> Bool { status(path) != nil }

    /// What the symbolic link `path` points to; nil when it is not a link.
    static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink(raw(path), $0, b.count - 1) }
        }
        return n < 0 ? nil : PathText.decoding(buffer[0..<n])
    }

    /// `path` with every symbolic link resolved (`realpath(3)`: absolute), or `path` itself
    /// when it cannot be (a dangling link).
    static func resolvingSymbolicLinks(_ path: String) -> String {
        guard let resolved = realpath(raw(path), nil) else { return path }
        defer { free(resolved) }
        return PathText.decoding(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                     count: strlen(resolved)))
    }

    /// The names in the folder `folder` (without `.` and `..`); nil when it cannot be read.
    static func names(in folder: String) -> [String]? {
        guard let dir = opendir(raw(folder)) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                PathText.decoding(bytes.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// An open descriptor of `path` for reading (`O_CLOEXEC`); nil with `errno` set.
    static func openForReading(_ path: String) -> Int32? {
        let fd = open(raw(path), O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    }
}
