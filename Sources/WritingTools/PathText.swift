import Foundation

/// File paths as text, for the front ends: the parent folder and the last component of a path
/// without Foundation's path methods (`NSString.deletingLastPathComponent` traps on some
/// one-character names: issue 35, every command crashed on a file named `c`), names beside a
/// file that fit the file system's 255-byte limit, and a path as it may be shown in a message.
///
/// Paths are POSIX paths: components separated by `/`, counted in UTF-8 bytes.
public enum PathText {
    /// The longest file name (one component) Linux's file systems take, in bytes (`NAME_MAX`).
    public static let maximumNameBytes = 255

    /// The folder holding `path`, as `dirname(1)` gives it: `.` for a bare name (`c`), `/` for
    /// a name at the root; trailing slashes ignored (`a/b/` → `a`).
    public static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == 0x2F { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: 0x2F) else { return "." }
        var end = slash
        while end > 0, bytes[end - 1] == 0x2F { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }

    /// The last component of `path` (`a/b.txt` → `b.txt`, `a/b/` → `b`, `/` → `/`, `c` → `c`).
    public static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == 0x2F { bytes.removeLast() }
        if bytes == [0x2F] { return "/" }
        guard let slash = bytes.lastIndex(of: 0x2F) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `path` made absolute against the current directory (as it is when it starts with `/`).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path)
    }

    /// `folder/name` (`name` alone when `folder` is `.`; one slash between them).
    public static func join(_ folder: String, _ name: String) -> String {
        if folder == "." || folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path of a file beside `path` named after it: its name with `suffix` (`a.txt.orig`).
    /// When that name would pass ``maximumNameBytes``, the file's name is cut (at a character's
    /// boundary) and followed by `~` and 16 hexadecimal digits of its hash (FNV-1a), so that two
    /// long names still get different siblings.
    public static func sibling(of path: String, suffix: String) -> String {
        let name = lastComponent(of: path)
        let folder = parent(of: path)
        if name.utf8.count + suffix.utf8.count <= maximumNameBytes { return join(folder, name + suffix) }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        let tag = "~" + String(repeating: "0", count: 16 - hex.count) + hex
        let room = max(0, maximumNameBytes - suffix.utf8.count - tag.utf8.count)
        var cut = ""
        var used = 0
        for scalar in name.unicodeScalars {
            let n = String(scalar).utf8.count
            guard used + n <= room else { break }
            cut.unicodeScalars.append(scalar)
            used += n
        }
        return join(folder, cut + tag + suffix)
    }

    // MARK: names that are not UTF-8

    /// The private-use characters U+EF80–U+EFFF that stand for the bytes 0x80–0xFF of a name
    /// that is not UTF-8 (``decoding(_:)``).
    static let rawByteScalars: ClosedRange<UInt32> = 0xEF80...0xEFFF

    /// A file name or argument from the system (`argv`, `readdir`, `realpath`) as a `String`
    /// that gives its exact bytes back (``fileSystemRepresentation(_:)``): valid UTF-8 as it
    /// is, but each byte that starts no character here, and each byte of a character in
    /// U+EF80–U+EFFF (so that the mapping stays one-to-one), becomes the private-use character
    /// U+EF00 + byte (U+EF80–U+EFFF), MirOS's OPTU-8 mapping (Python's `surrogateescape`
    /// maps to lone surrogates, which a Swift string cannot hold). Linux names are bytes: a
    /// file named in Latin-1 (`caf\xe9.txt`) is opened, backed up and replaced under its own
    /// name, not a lossy U+FFFD copy that names no file.
    public static func decoding<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let valid = String(validating: bytes, as: UTF8.self),
           !valid.unicodeScalars.contains(where: { rawByteScalars.contains($0.value) }) { return valid }
        let b = Array(bytes)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let lead = b[i]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, i + length <= b.count, let one = String(validating: b[i..<(i + length)], as: UTF8.self),
               let scalar = one.unicodeScalars.first, !rawByteScalars.contains(scalar.value) {
                out.append(scalar)
                i += length
            } else {
                // A byte that starts no character here (or one of a U+EF80–U+EFFF character):
                // the character standing for it.
                out.append(Unicode.Scalar(0xEF00 + UInt32(lead))!)
                i += 1
            }
        }
        return String(out)
    }

    /// The bytes the system is given for `path` (NUL-terminated, for `open(2)`, `stat(2)`, …):
    /// its UTF-8, each U+EF80–U+EFFF written as the byte it stands for (``decoding(_:)``).
    public static func fileSystemRepresentation(_ path: String) -> [CChar] {
        var out: [CChar] = []
        out.reserveCapacity(path.utf8.count + 1)
        for scalar in path.unicodeScalars {
            if rawByteScalars.contains(scalar.value) {
                out.append(CChar(bitPattern: UInt8(scalar.value - 0xEF00)))
            } else {
                for b in String(scalar).utf8 { out.append(CChar(bitPattern: b)) }
            }
        }
        out.append(0)
        return out
    }

    /// `path` as it may be printed in a message: as it is when it has no control character
    /// (C0, DEL, C1) and no bidirectional control (U+202A–U+202E, U+2066–U+2069, U+200E,
    /// U+200F, U+061C), which would move the terminal's cursor, change its colours or reorder
    /// what it shows; else in the shell's ANSI-C quoting, `$'…'`, each such character escaped
    /// (`\n`, `\t`, `\e`, `\x01`, `\u202e`), as Bash and GNU `ls` show such names (the text
    /// can be pasted back into a shell); a byte of a name that is not UTF-8 (``decoding(_:)``)
    /// as `\xe9`.
    public static func shown(_ path: String) -> String {
        func needsEscape(_ s: Unicode.Scalar) -> Bool {
            switch s.value {
            case 0..<0x20, 0x7F, 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, rawByteScalars: return true
            default: return false
            }
        }
        guard path.unicodeScalars.contains(where: needsEscape) else { return path }
        var out = "$'"
        for s in path.unicodeScalars {
            switch s {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            default:
                if rawByteScalars.contains(s.value) {
                    // A byte of a name that is not UTF-8 (``decoding(_:)``), as Bash shows it.
                    out += "\\x" + String(s.value - 0xEF00, radix: 16)
                } else if needsEscape(s) {
                    let hex = String(s.value, radix: 16)
                    out += s.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" : "") + hex
                        : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "'"
    }
}
