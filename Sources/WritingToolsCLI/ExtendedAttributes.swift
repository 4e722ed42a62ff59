import Foundation
import WritingTools
#if canImport(Glibc)
import Glibc
#endif

/// A file's extended attributes (`user.*`, `security.*`, `trusted.*`, `system.*`: xattr(7)),
/// copied to the new file that replaces it, so that a rewrite keeps what other programs stored
/// on it (a download's origin, a tag, an ACL as `system.posix_acl_access`).
///
/// Swift's Glibc module has no `<sys/xattr.h>`: the calls (glibc 2.3+, `listxattr(2)`,
/// `getxattr(2)`, `setxattr(2)`) are looked up in the C library at run time.
enum ExtendedAttributes {
    private typealias ListFunction = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private struct Calls: @unchecked Sendable {
        let list: ListFunction
        let get: GetFunction
        let set: SetFunction
    }

    /// The C library's `listxattr`, `getxattr` and `fsetxattr`; nil where it has none.
    private static let calls: Calls? = {
        let handle = dlopen(nil, RTLD_NOW)
        guard let l = dlsym(handle, "listxattr"), let g = dlsym(handle, "getxattr"), let s = dlsym(handle, "fsetxattr") else { return nil }
        return Calls(list: unsafeBitCast(l, to: ListFunction.self), get: unsafeBitCast(g, to: GetFunction.self),
                     set: unsafeBitCast(s, to: SetFunction.self))
    }()

    /// The names and values of the extended attributes of the file `path` (following a symbolic
    /// link); empty when it has none or the file system keeps none.
    static func all(of path: String) -> [(name: String, value: [UInt8])] {
        guard let calls else { return [] }
        let path = FileSystem.raw(path)
        var size = calls.list(path, nil, 0)
        guard size > 0 else { return [] }
        var names = [CChar](repeating: 0, count: size)
        size = calls.list(path, &names, names.count)
        guard size > 0 else { return [] }
        var out: [(String, [UInt8])] = []
        for raw in names[0..<size].split(separator: 0) {
            let name = String(decoding: raw.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let length = calls.get(path, name, nil, 0)
            guard length >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: length)
            let read = value.withUnsafeMutableBytes { calls.get(path, name, $0.baseAddress, $0.count) }
            guard read >= 0 else { continue }
            out.append((name, Array(value[0..<read])))
        }
        return out
    }

    /// Copies the extended attributes of `source` onto the open file `fd`. One that cannot be
    /// set is said in `notes` (`naming` the file in the message) when it is the user's
    /// (`user.*`); the system's (`security.selinux`, given by the policy to a new file anyway)
    /// are copied where allowed and left otherwise.
    static func copy(from source: String, to fd: Int32, naming path: String, notes: inout [String]) {
        guard let calls else { return }
        var lost: [String] = []
        for (name, value) in all(of: source) {
            let ok = value.withUnsafeBytes { calls.set(fd, name, $0.baseAddress, $0.count, 0) } == 0
            if !ok, name.hasPrefix("user.") { lost.append(name) }
        }
        if !lost.isEmpty {
            notes.append("\(PathText.shown(path)) lost its extended attribute\(lost.count == 1 ? "" : "s") \(lost.joined(separator: ", ")): \(String(cString: strerror(errno)))")
        }
    }

    /// Sets the extended attribute `name` of `path` to `value` (tests, and files made by a
    /// front end); false when it cannot be set (`errno` says why).
    @discardableResult
    static func set(_ name: String, _ value: [UInt8], on path: String) -> Bool {
        guard calls != nil else { return false }
        let fd = open(FileSystem.raw(path), O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return value.withUnsafeBytes { calls!.set(fd, name, $0.baseAddress, $0.count, 0) } == 0
    }
}
