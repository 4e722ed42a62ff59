#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An immutable array of plain values (integers, or structs of them), either in memory or read in
/// place from a memory-mapped cache file (``CacheFile``). The start-up caches hold tens of
/// megabytes of tables (word classes, accepted words, the suggestion index); read in place, a
/// process touches only the pages it looks at instead of copying every table into new memory
/// before its first lookup.
///
/// Subscripts check bounds, as `Array`'s do; ``withUnsafeBufferPointer(_:)`` reads without checks
/// in hot loops. The memory lives as long as any copy of the array (or of a slice of it).
struct FlatArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    // @unchecked: the memory is never written after the array is made, and its owner (a heap
    // block or a read-only mapping) lives as long as the array.
    private let owner: AnyObject?
    private let base: UnsafePointer<Element>?
    /// The number of elements.
    let count: Int

    /// The empty array.
    init() {
        owner = nil
        base = nil
        count = 0
    }

    /// A copy of `array` in memory.
    init(_ array: [Element]) {
        if array.isEmpty {
            self.init()
        } else {
            let block = HeapBlock<Element>(array)
            self.init(owner: block, base: UnsafePointer(block.pointer), count: array.count)
        }
    }

    /// The `count` elements at `base`, kept alive by `owner` (a mapped file).
    init(owner: AnyObject, base: UnsafePointer<Element>, count: Int) {
        self.owner = owner
        self.base = count > 0 ? base : nil
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "FlatArray: index out of range")
        return withExtendedLifetime(owner) { base.unsafelyUnwrapped[i] }
    }

    /// `body` over the elements, without bounds checks on each read.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// True when the elements lie in a mapped file (read in place), not in memory of their own.
    var isInPlace: Bool { owner is MappedFile }

    /// The elements as an `Array` (a copy).
    var array: [Element] { withUnsafeBufferPointer { Array($0) } }
}

extension FlatArray: Equatable where Element: Equatable {
    static func == (a: FlatArray, b: FlatArray) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.elementsEqual(y) } }
    }
}

extension FlatArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) { self.init(elements) }
}

/// A heap block that holds a ``FlatArray``'s elements made in memory.
private final class HeapBlock<Element: BitwiseCopyable> {
    let pointer: UnsafeMutablePointer<Element>
    let count: Int

    init(_ array: [Element]) {
        count = array.count
        pointer = .allocate(capacity: count)
        array.withUnsafeBufferPointer { src in pointer.initialize(from: src.baseAddress!, count: count) }
    }

    deinit { pointer.deallocate() }
}

/// A whole file mapped read-only into memory (`mmap`, private), unmapped when the last
/// ``FlatArray`` read from it goes. The cache files are written to a temporary file and renamed
/// into place, never changed where they lie, so a mapped file keeps its contents while a
/// process reads it (a newer file replaces the name, not the mapped data).
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and lives until deinit.
    /// The first byte (page-aligned).
    let base: UnsafeRawPointer
    /// The file's size in bytes.
    let count: Int

    /// The file at `path`, or nil when it cannot be opened or mapped, or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0 else { return nil }
        let size = Int(st.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(p)
        count = size
    }

    /// The bytes, valid while this object lives.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }
}
