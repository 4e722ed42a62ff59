import Foundation
import Testing
@testable import Proofreading
#if canImport(Glibc)
import Glibc
#endif

/// ``CacheFile``'s checksum is verified once for each file: a load of a settled file (older
/// than ``CacheFile/settledAge``) that finds the payload right leaves a marker naming the file's
/// identity, later loads of that file trust it, and any change of identity (size, time, inode)
/// has the payload checked again.
struct CacheFileVerificationTests {
    static let magic: StaticString = "WTTEST\0\0"

    /// A cache file of 3 arrays of 10,000 words in a fresh folder, its modification time set
    /// `age` seconds back.
    static func file(age: Int) throws -> (dir: URL, url: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cache-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var writer = CacheFile.Writer()
        for k in 0..<3 { writer.append((0..<10_000).map { UInt64($0 &* 2_654_435_761 &+ k) }) }
        let url = dir.appendingPathComponent("test-1.idx")
        #expect(CacheFile.write(writer.file(magic: magic, version: 1, key: 7), to: url, prefix: "test-", suffix: ".idx"))
        try setTime(of: url, secondsAgo: age)
        return (dir, url)
    }

    /// Sets the modification time of `url` to `secondsAgo` seconds before now.
    static func setTime(of url: URL, secondsAgo: Int) throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var times = [timespec(tv_sec: now.tv_sec - secondsAgo, tv_nsec: 0), timespec(tv_sec: now.tv_sec - secondsAgo, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    /// The sum of the three arrays, or nil when the file is not loaded.
    static func load(_ url: URL) -> UInt64? {
        CacheFile.read(url, magic: magic, version: 1, key: 7) { reader -> UInt64? in
            var total: UInt64 = 0
            for _ in 0..<3 {
                guard let a: [UInt64] = reader.array() else { return nil }
                total = a.reduce(total, &+)
            }
            return total
        }
    }

    /// Flips one byte in the middle of the payload in place (same inode and size), then puts the
    /// modification time back to `secondsAgo`: only the content differs from what was marked.
    static func flipInPlace(_ url: URL, secondsAgo: Int) throws {
        let handle = try FileHandle(forUpdating: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        var byte = try #require(try handle.read(upToCount: 1))
        byte[0] ^= 0x10
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: byte)
        try handle.close()
        try setTime(of: url, secondsAgo: secondsAgo)
    }

    @Test func aSettledFileIsVerifiedOnceThenTrustedUntilItChanges() throws {
        let (dir, url) = try Self.file(age: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = CacheFile.verifiedMarker(for: url)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        let sum = try #require(Self.load(url))
        #expect(FileManager.default.fileExists(atPath: marker.path), "the first load marks the verified file")
        // A change that keeps the identity is trusted: the marker, not the payload, is read.
        try Self.flipInPlace(url, secondsAgo: 60)
        #expect(Self.load(url) != nil)
        #expect(Self.load(url) != sum, "the flipped word is read as it is")
        // Another modification time: checked again, and the damage found.
        try Self.setTime(of: url, secondsAgo: 30)
        #expect(Self.load(url) == nil)
    }

    /// A file written in the last ``CacheFile/settledAge`` seconds is checked on every load and
    /// never marked: a change in the same clock tick as the write would keep its identity.
    @Test func aFreshFileIsCheckedEveryTime() throws {
        let (dir, url) = try Self.file(age: 0)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Self.load(url) != nil)
        #expect(!FileManager.default.fileExists(atPath: CacheFile.verifiedMarker(for: url).path))
        try Self.flipInPlace(url, secondsAgo: 0)
        #expect(Self.load(url) == nil)
    }

    /// A marker for another file (a file rewritten under the same name: another inode) does not
    /// vouch for the new one.
    @Test func aRewrittenFileIsCheckedAgain() throws {
        let (dir, url) = try Self.file(age: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Self.load(url) != nil)
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[bytes.count / 2] ^= 0x10
        try Data(bytes).write(to: url, options: .atomic)
        try Self.setTime(of: url, secondsAgo: 60)
        #expect(Self.load(url) == nil)
    }

    /// The reader is told whether a marker vouches for the file (``CacheFile/Reader/checksIndexes``):
    /// the load that verifies the checksum checks indexes, the loads the marker then vouches
    /// for do not; a file changed since is checked again.
    @Test func indexesAreCheckedOnTheLoadThatVerifies() throws {
        let (dir, url) = try Self.file(age: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        func checks() -> Bool? {
            CacheFile.read(url, magic: Self.magic, version: 1, key: 7) { reader -> Bool? in
                for _ in 0..<3 { guard let _: [UInt64] = reader.array() else { return nil } }
                return reader.checksIndexes
            }
        }
        #expect(checks() == true)
        #expect(checks() == false)
        #expect(checks() == false)
        try Self.setTime(of: url, secondsAgo: 30)
        #expect(checks() == true, "another identity: checked again")
        #expect(checks() == false)
    }

    /// A load whose reader rejects the file (an index out of bounds, a short read) leaves no
    /// marker: the next load checks the file again, checksum and indexes.
    @Test func aRejectedFileIsNotMarked() throws {
        let (dir, url) = try Self.file(age: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        let marker = CacheFile.verifiedMarker(for: url)
        let rejected: Bool? = CacheFile.read(url, magic: Self.magic, version: 1, key: 7) { _ -> Bool? in nil }
        #expect(rejected == nil)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        // Read but not to its end: rejected too, and not marked.
        let partial: Bool? = CacheFile.read(url, magic: Self.magic, version: 1, key: 7) { reader -> Bool? in
            let _: [UInt64]? = reader.array()
            return true
        }
        #expect(partial == nil)
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        #expect(Self.load(url) != nil)
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }

    /// Pruning a cache file removes its marker, and markers whose file is gone.
    @Test func markersGoWithTheirFiles() throws {
        let (dir, url) = try Self.file(age: 60)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Self.load(url) != nil)
        let orphan = dir.appendingPathComponent("test-0.idx.verified")
        try Data("x".utf8).write(to: orphan)
        var writer = CacheFile.Writer()
        writer.append([UInt64(1)])
        #expect(CacheFile.write(writer.file(magic: Self.magic, version: 1, key: 8), to: dir.appendingPathComponent("test-2.idx"),
                                prefix: "test-", suffix: ".idx", keep: 1))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["test-2.idx"])
    }
}
