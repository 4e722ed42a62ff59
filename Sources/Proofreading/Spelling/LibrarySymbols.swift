import Foundation

/// The function names a shared library exports, read from its ELF dynamic symbol table: the C
/// library's (`fsync`, `statx`, `syslog`, `strftime`, `getpwuid`, `ulimit`) are words of
/// systems writing that every Linux machine has, whether or not its manual pages of sections
/// 2 and 3 are installed (``VocabularyLayers``'s technical layer).
enum LibrarySymbols {
    /// The C library of this machine: the first `libc.so.6` in the usual library folders and
    /// their multiarch subfolders (`/lib/x86_64-linux-gnu`), symbolic links resolved; nil when
    /// there is none (musl, macOS).
    static func cLibrary() -> String? {
        let fm = FileManager.default
        for base in ["/usr/lib", "/lib", "/usr/lib64", "/lib64"] {
            var folders = [base]
            for sub in ((try? fm.contentsOfDirectory(atPath: base)) ?? []).sorted() where sub.hasSuffix("-linux-gnu") {
                folders.append(base + "/" + sub)
            }
            for folder in folders where fm.fileExists(atPath: folder + "/libc.so.6") {
                return URL(fileURLWithPath: folder + "/libc.so.6").resolvingSymlinksInPath().path
            }
        }
        return nil
    }

    /// The math library beside the C library (`libm.so.6` in its folder, symbolic links
    /// resolved): `fabs`, `llround`, `sincos`, `feraiseexcept`, which release notes and manual
    /// pages name as they name the C library's functions; nil when there is none. Measured: none
    /// of its 332 lowercase names is among the dev spelling set's misspellings.
    static func mathLibrary() -> String? {
        guard let libc = cLibrary() else { return nil }
        let path = URL(fileURLWithPath: libc).deletingLastPathComponent().appendingPathComponent("libm.so.6").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The names of the functions (`STT_FUNC`, and `STT_GNU_IFUNC`: `sincos`, `strlen`, chosen
    /// by the processor at load time) the 64-bit little-endian ELF file at `path`
    /// defines and exports (global or weak binding, a section index other than undefined), as
    /// written (versions such as `@@GLIBC_2.2.5` are not part of the names in `.dynstr`); empty
    /// for another format or a file that cannot be read. Layout: the System V ABI's ELF-64
    /// object file format (section headers of 64 bytes, symbols of 24).
    static func functionNames(inLibraryAt path: String) -> [String] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return [] }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [String] in
            let n = raw.count
            func u16(_ o: Int) -> Int { o + 2 <= n ? Int(raw.loadUnaligned(fromByteOffset: o, as: UInt16.self).littleEndian) : 0 }
            func u32(_ o: Int) -> Int { o + 4 <= n ? Int(raw.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian) : 0 }
            func u64(_ o: Int) -> Int { o + 8 <= n ? Int(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: o, as: UInt64.self).littleEndian) : 0 }
            // `\x7fELF`, 64-bit class, little-endian data.
            guard n >= 64, raw[0] == 0x7F, raw[1] == 0x45, raw[2] == 0x4C, raw[3] == 0x46, raw[4] == 2, raw[5] == 1 else { return [] }
            let shoff = u64(0x28), shentsize = u16(0x3A), shnum = u16(0x3C)
            guard shoff > 0, shentsize >= 64, shoff + shnum * shentsize <= n else { return [] }
            var out: [String] = []
            for k in 0..<shnum {
                let sh = shoff + k * shentsize
                guard u32(sh + 4) == 11 else { continue } // SHT_DYNSYM
                let symOffset = u64(sh + 24), symSize = u64(sh + 32), link = u32(sh + 40), entsize = max(u64(sh + 56), 24)
                guard link < shnum, symOffset >= 0, symOffset + symSize <= n else { continue }
                let strSection = shoff + link * shentsize
                let strOffset = u64(strSection + 24), strSize = u64(strSection + 32)
                guard strOffset >= 0, strOffset + strSize <= n else { continue }
                var s = symOffset
                while s + 24 <= symOffset + symSize {
                    let info = Int(raw[s + 4]), shndx = u16(s + 6), name = u32(s)
                    let type = info & 0xF, binding = info >> 4
                    if type == 2 || type == 10, binding == 1 || binding == 2, shndx != 0, name > 0, name < strSize {
                        var e = strOffset + name
                        while e < strOffset + strSize, raw[e] != 0 { e += 1 }
                        out.append(String(decoding: UnsafeRawBufferPointer(rebasing: raw[(strOffset + name)..<e]), as: UTF8.self))
                    }
                    s += entsize
                }
            }
            return out
        }
    }
}
