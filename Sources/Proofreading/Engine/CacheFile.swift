import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Binary cache files for what a process would otherwise work out at start from data files (the
/// dictionary's word classes: ``WordClassesCache``), in the cache folder
/// (``SpellingSuggester/defaultCacheDirectory``).
///
/// A file is keyed on the identity of its sources (path, size and modification time of each)
/// and of the running executable (its size and modification time: a new build makes new files,
/// whatever changed in the code that builds them), besides a format version. The key is in the
/// file's name and in its header, with the payload's length and checksum. The header is checked
/// on every load; the checksum over the whole payload once for each file: a load that finds it
/// right leaves a marker beside the file (``verifiedMarker(for:)``) naming the file's identity
/// (inode, size, modification time), and later loads of the same file trust it, as the keys
/// trust the identity of the sources. A file is marked only when it is older than the
/// timestamps' granularity allows telling apart (``settledAge``: a change made in the same tick
/// as the write would keep the identity), and a file changed since (another size, time or inode)
/// is checked again. Checking every load read every page of 100 MB of caches on each cold run
/// (about a tenth of a short document's check). A file that is missing, of another key, damaged
/// or truncated is ignored and built again. Files are
/// written to a temporary file in the same folder and renamed into place (`Data.write` with
/// `.atomic`), so that a concurrent process reads either a whole old file or a whole new one;
/// when the folder cannot be written the data is simply built in memory.
///
/// Layout (little-endian): 8 magic bytes, `UInt32` format version, `UInt32` 0, `UInt64` key,
/// `UInt64` payload length in bytes, `UInt64` checksum of the payload (``checksum(_:)``); then the
/// payload: arrays, each a `UInt64` element count and its elements, padded with zeros to a
/// multiple of 8 bytes.
enum CacheFile {
    /// The header's size in bytes.
    static let headerSize = 40

    /// `size|mtime` of the file at `path` (nanoseconds), or `missing` when it cannot be read:
    /// one `stat` call.
    static func identity(of path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(path)|missing" }
        #if canImport(Darwin)
        let ns = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #else
        let ns = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #endif
        return "\(path)|\(st.st_size)|\(ns)|\(st.st_ino)"
    }

    /// The running executable's identity (``identity(of:)`` of `/proc/self/exe`, else of
    /// `Bundle.main.executablePath`): part of every key, so that a file written by another build
    /// is never read.
    static let executableIdentity: String = {
        var st = stat()
        if stat("/proc/self/exe", &st) == 0 {
            return identity(of: "/proc/self/exe")
        }
        return identity(of: Bundle.main.executablePath ?? CommandLine.arguments.first ?? "")
    }()

    /// FNV-1a, 64 bits, over the UTF-8 bytes of `text` (keys and file names).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// The checksum of a payload whose length is a multiple of 8: FNV-1a's step over 64-bit
    /// words in four interleaved lanes (word `i` into lane `i % 4`; four independent chains keep
    /// the multiplier busy, about a word a cycle), the lanes folded together at the end.
    static func checksum(_ payload: UnsafeRawBufferPointer) -> UInt64 {
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x100_0000_01b3
        var a = basis, b = basis ^ 1, c = basis ^ 2, d = basis ^ 3
        let words = payload.count / 8
        @inline(__always) func word(_ i: Int) -> UInt64 {
            UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
        }
        var i = 0
        while i + 4 <= words {
            a = (a ^ word(i)) &* prime; a ^= a >> 32
            b = (b ^ word(i + 1)) &* prime; b ^= b >> 32
            c = (c ^ word(i + 2)) &* prime; c ^= c >> 32
            d = (d ^ word(i + 3)) &* prime; d ^= d >> 32
            i += 4
        }
        while i < words {
            a = (a ^ word(i)) &* prime; a ^= a >> 32
            i += 1
        }
        var h = basis
        for lane in [a, b, c, d, UInt64(words)] { h = (h ^ lane) &* prime; h ^= h >> 32 }
        return h
    }

    /// Builds a payload.
    struct Writer {
        private(set) var payload: [UInt8] = []

        /// Appends `values` as an array (count, elements, padding).
        mutating func append<T: FixedWidthInteger>(_ values: [T]) {
            withUnsafeBytes(of: UInt64(values.count).littleEndian) { payload.append(contentsOf: $0) }
            if 1.littleEndian == 1 {
                values.withUnsafeBytes { payload.append(contentsOf: $0) }
            } else {
                for v in values { withUnsafeBytes(of: v.littleEndian) { payload.append(contentsOf: $0) } }
            }
            while payload.count % 8 != 0 { payload.append(0) }
        }

        /// The whole file: header and payload.
        func file(magic: StaticString, version: UInt32, key: UInt64) -> Data {
            var data = Data(capacity: CacheFile.headerSize + payload.count)
            magic.withUTF8Buffer { data.append(contentsOf: $0) }
            precondition(data.count == 8, "CacheFile: the magic is 8 bytes")
            for word in [UInt64(version.littleEndian), key.littleEndian, UInt64(payload.count).littleEndian] {
                withUnsafeBytes(of: word) { data.append(contentsOf: $0) }
            }
            let sum = payload.withUnsafeBytes { CacheFile.checksum($0) }
            withUnsafeBytes(of: sum.littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: payload)
            return data
        }
    }

    /// Reads the arrays of a payload in the order they were written; every read checks its
    /// bounds (nil past the end).
    struct Reader {
        let payload: UnsafeRawBufferPointer
        var offset = 0
        /// The mapped file the payload lies in: arrays read with ``flat(_:)`` point into it and
        /// keep it mapped. Nil for a payload in other memory (every array is copied).
        var file: MappedFile? = nil
        /// True when no marker vouches for the file (``read(_:magic:version:key:_:)``): its
        /// checksum was verified by this load, and a reader that checks the indexes it stores
        /// must check them all. False when a marker says this file, unchanged since, passed those
        /// checks in an earlier load: such a reader may skip them (they read every page of the
        /// file, where a look-up reads a few).
        var checksIndexes = true

        /// True when every byte has been read.
        var atEnd: Bool { offset == payload.count }

        /// The next array, copied out of the file.
        mutating func array<T: FixedWidthInteger>(_: T.Type = T.self) -> [T]? {
            let size = MemoryLayout<T>.size
            guard let (from, n) = span(elementSize: size) else { return nil }
            let out = [T](unsafeUninitializedCapacity: n) { dst, initialized in
                UnsafeMutableRawBufferPointer(dst).copyMemory(from: UnsafeRawBufferPointer(rebasing: payload[from..<(from + n * size)]))
                initialized = n
            }
            return 1.littleEndian == 1 ? out : out.map { T(littleEndian: $0) }
        }

        /// The next array, read in place from the mapped file (only the pages a lookup touches
        /// are ever read), or copied when there is no mapped file or the host is big-endian.
        mutating func flat<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type = T.self) -> FlatArray<T>? {
            guard let file, 1.littleEndian == 1 else { return array(T.self).map { FlatArray($0) } }
            guard let (start, n) = span(elementSize: MemoryLayout<T>.stride) else { return nil }
            let base = payload.baseAddress!.advanced(by: start)
            guard Int(bitPattern: base) % MemoryLayout<T>.alignment == 0 else { return nil }
            return FlatArray(owner: file, base: base.assumingMemoryBound(to: T.self), count: n)
        }

        /// The next array of `UInt64` words read as records of `T`, `wordsPerRecord` words each,
        /// in place like ``flat(_:)`` when `inPlace` (the caller has checked that `T`'s layout
        /// is those words, as a little-endian host lays them out); otherwise `make` builds each
        /// record from its words.
        mutating func records<T: BitwiseCopyable>(_: T.Type, wordsPerRecord: Int, inPlace: Bool,
                                                  make: (UnsafeBufferPointer<UInt64>) -> T) -> FlatArray<T>? {
            if let file, inPlace, 1.littleEndian == 1, MemoryLayout<T>.stride == 8 * wordsPerRecord {
                guard let (start, n) = span(elementSize: 8), n % wordsPerRecord == 0 else { return nil }
                let base = payload.baseAddress!.advanced(by: start)
                guard Int(bitPattern: base) % MemoryLayout<T>.alignment == 0 else { return nil }
                return FlatArray(owner: file, base: base.assumingMemoryBound(to: T.self), count: n / wordsPerRecord)
            }
            guard let words: [UInt64] = array(), words.count % wordsPerRecord == 0 else { return nil }
            return words.withUnsafeBufferPointer { w in
                FlatArray((0..<(w.count / wordsPerRecord)).map { make(UnsafeBufferPointer(rebasing: w[($0 * wordsPerRecord)..<(($0 + 1) * wordsPerRecord)])) })
            }
        }

        /// Steps over the next array of `elementSize`-byte elements: its first element's offset
        /// in the payload and its count, or nil past the end.
        private mutating func span(elementSize size: Int) -> (Int, Int)? {
            guard offset + 8 <= payload.count else { return nil }
            let count = UInt64(littleEndian: payload.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            guard count <= UInt64(payload.count - offset - 8) / UInt64(size) else { return nil }
            let n = Int(count)
            let from = offset + 8
            offset = from + n * size
            offset += (8 - offset % 8) % 8
            guard offset <= payload.count else { return nil }
            return (from, n)
        }
    }

    /// `body` over the payload of the file at `url` when its header has `magic`, `version` and
    /// `key` and the payload's length and checksum are right; nil otherwise (missing, another
    /// key, damaged: the caller builds the data again). The file is mapped (``MappedFile``):
    /// arrays `body` reads with ``Reader/flat(_:)`` stay in it.
    static func read<R>(_ url: URL, magic: StaticString, version: UInt32, key: UInt64,
                        _ body: (inout Reader) -> R?) -> R? {
        guard let file = MappedFile(path: url.path), file.count >= headerSize else { return nil }
        let raw = file.bytes
        func word(_ at: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        let magicOK = magic.withUTF8Buffer { m in m.count == 8 && (0..<8).allSatisfy { raw[$0] == m[$0] } }
        guard magicOK, word(8) == UInt64(version), word(16) == key, word(24) == UInt64(raw.count - headerSize),
              raw.count % 8 == 0 else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
        let sum = word(32)
        let identity = settledIdentity(of: url.path)
        let marker = verifiedMarker(for: url)
        let vouched = identity.map { isMarked(marker, identity: $0, checksum: sum) } ?? false
        if !vouched {
            guard checksum(payload) == sum else { return nil }
        }
        var reader = Reader(payload: payload, file: file)
        reader.checksIndexes = !vouched
        guard let value = body(&reader), reader.atEnd else { return nil }
        // Marked only once `body` has read it whole, with its checks: the marker vouches for
        // both the checksum and the indexes (``Reader/checksIndexes``).
        if !vouched, let identity { mark(marker, identity: identity, checksum: sum) }
        return value
    }

    /// How old a file must be, in seconds, before a verified checksum is remembered for it: file
    /// times advance in ticks of the kernel's coarse clock (milliseconds), so a change within the
    /// tick of the write could keep the identity; a file this old was not written in the tick it
    /// is read in.
    static let settledAge: Int64 = 2

    /// The marker that remembers a verified checksum of the file at `url`: its name with
    /// `.verified` after it, holding ``identity(of:)`` and the checksum.
    static func verifiedMarker(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".verified")
    }

    /// ``identity(of:)`` of the regular file at `path` when its modification time is at least
    /// ``settledAge`` in the past; nil otherwise (or when it cannot be read).
    static func settledIdentity(of path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let seconds = Int64(st.st_mtimespec.tv_sec)
        #else
        let seconds = Int64(st.st_mtim.tv_sec)
        #endif
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard Int64(now.tv_sec) - seconds >= settledAge else { return nil }
        return identity(of: path)
    }

    /// True when `marker` says the file of `identity` was verified with `checksum`.
    static func isMarked(_ marker: URL, identity: String, checksum: UInt64) -> Bool {
        guard let data = FileManager.default.contents(atPath: marker.path) else { return false }
        return data == markerContents(identity: identity, checksum: checksum)
    }

    /// Writes `marker` (atomically; nothing when the folder cannot be written).
    static func mark(_ marker: URL, identity: String, checksum: UInt64) {
        try? markerContents(identity: identity, checksum: checksum).write(to: marker, options: .atomic)
    }

    private static func markerContents(identity: String, checksum: UInt64) -> Data {
        // “indexes”: written after the reader's index checks too (``Reader/checksIndexes``); a
        // marker of an older build, which vouched for the checksum alone, does not match.
        Data("\(identity)\n\(String(checksum, radix: 16))\nindexes\n".utf8)
    }

    /// Writes `data` to `url` atomically (creating the folder), then deletes the older files
    /// named `prefix…suffix` beside it but the `keep` most recent (other builds' files: a debug
    /// and a release build may take turns). False when it could not be written (a read-only
    /// folder: the caller goes on with what it built).
    @discardableResult
    static func write(_ data: Data, to url: URL, prefix: String, suffix: String, keep: Int = 3) -> Bool {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            return false
        }
        let dir = url.deletingLastPathComponent()
        guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return true }
        let others = names.filter { $0 != url.lastPathComponent && $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.map { name -> (String, Date) in
            let date = (try? fm.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.modificationDate] as? Date) ?? .distantPast
            return (name, date)
        }.sorted { $0.1 > $1.1 }
        for (name, _) in others.dropFirst(max(0, keep - 1)) {
            try? fm.removeItem(at: dir.appendingPathComponent(name))
            try? fm.removeItem(at: verifiedMarker(for: dir.appendingPathComponent(name)))
        }
        // Markers whose file is gone (deleted by hand, or by an older build's clean-up).
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix + ".verified")
            && !fm.fileExists(atPath: dir.appendingPathComponent(String(name.dropLast(".verified".count))).path) {
            try? fm.removeItem(at: dir.appendingPathComponent(name))
        }
        return true
    }
}
