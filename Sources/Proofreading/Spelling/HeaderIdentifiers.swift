import Foundation

/// The words C programmers name things with, read from the C headers installed on the machine
/// (`/usr/include`): the parts of identifiers between underscores (`png_read_scanline` →
/// `scanline`, `XkbColormap`'s kin `x_colormap` → `colormap`, `idn2_punycode_decode` →
/// `punycode`, `gnutls_ciphersuite_get` → `ciphersuite`), each with the number of header files
/// that use it. A word of technical writing that several libraries' authors chose for their
/// interfaces (``VocabularyLayers``'s technical layer takes those used in three files or more)
/// is a term of the domain, not a slip: a misspelling recurs in one library's headers, seldom
/// in three.
///
/// Only the headers at the top of the folder and one folder down (`png.h`, `X11/Xlib.h`,
/// `linux/netlink.h`, `gnutls/gnutls.h`), of 512 KB at most: the C interfaces of the installed
/// libraries (about 1,900 files and 24 MB on a developer's Debian), not the deep trees of C++ and
/// JavaScript toolchains (`c++/12/bits/…`, `node/v8-…`), which are read in seconds more and add
/// little English.
enum HeaderIdentifiers {
    /// The folder of the installed C headers.
    static let folder = "/usr/include"
    /// Largest header file read, in bytes.
    static let maxFileSize = 512 * 1024

    /// The header files read under `folder`: `*.h` at its top and one folder down, sorted.
    static func files(under folder: String) -> [String] {
        let fm = FileManager.default
        var out: [String] = []
        for name in ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                for inner in ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted() where inner.hasSuffix(".h") {
                    out.append(path + "/" + inner)
                }
            } else if name.hasSuffix(".h") {
                out.append(path)
            }
        }
        return out
    }

    /// For every identifier part (three letters or more, all lowercase or a capital and
    /// lowercase: `scanline`, `Colormap` as `colormap`) of the headers under `folder`, the
    /// number of files that use it.
    static func partCounts(under folder: String = folder) -> [String: Int] {
        var counts: [String: Int] = [:]
        let fm = FileManager.default
        for path in files(under: folder) {
            let size = ((try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
            guard size > 0, size <= maxFileSize,
                  let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { continue }
            for part in parts(of: data) { counts[part, default: 0] += 1 }
        }
        return counts
    }

    /// The identifier parts of one file's bytes (``partCounts(under:)``), each once.
    static func parts(of data: Data) -> Set<String> {
        var seen = Set<String>()
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let n = raw.count
            func isLetter(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) }
            func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
            var i = 0
            while i < n {
                let c = raw[i]
                guard isLetter(c) || c == 95 else { i += 1; continue }
                // An identifier from `i` (a letter or an underscore first; a digit before it
                // makes it part of a number: `0x1fUL`).
                if i > 0, isDigit(raw[i - 1]) || isLetter(raw[i - 1]) { i += 1; continue }
                var e = i
                while e < n, isLetter(raw[e]) || isDigit(raw[e]) || raw[e] == 95 { e += 1 }
                // Its parts between underscores.
                var s = i
                while s < e {
                    var t = s
                    while t < e, raw[t] != 95 { t += 1 }
                    if t - s >= 3, t - s <= 30, let word = Self.word(raw, s, t) { seen.insert(word) }
                    s = t + 1
                }
                i = e
            }
        }
        return seen
    }

    /// The part `raw[s..<t]` in lowercase when it is all lowercase letters or a capital and
    /// lowercase letters; nil otherwise (`FOO`, `x86`, `getXY`).
    private static func word(_ raw: UnsafeRawBufferPointer, _ s: Int, _ t: Int) -> String? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(t - s)
        for k in s..<t {
            let c = raw[k]
            if c >= 97 && c <= 122 { bytes.append(c) } else if k == s, c >= 65 && c <= 90 { bytes.append(c + 32) } else { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
