import Foundation
import Synchronization

/// Work over a document's segments (or anything else independent, in order) on every core:
/// the one place that splits the work, so that the parser's detectors and the proofreader's
/// passes share it.
public enum SegmentChunks {
    /// The cores available, read once (`activeProcessorCount` reads cgroup files on Linux each
    /// time it is asked).
    public static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// True when ``map(_:_:)`` splits `count` items into chunks on several cores; false when
    /// it runs its body once, on the calling thread.
    public static func splits(_ count: Int) -> Bool { count >= 64 && cores > 1 }

    /// `body` applied to consecutive chunks of `items`, the results in chunk order. With 64
    /// items or more and more than one core, the chunks run on every core, eight chunks a core
    /// or more so that cores finishing early take more work; otherwise `body` runs once, on the
    /// calling thread, over all of `items`. Inlinable, so that callers in other modules get it
    /// specialised to their types (unspecialised, the one-chunk case of a short document spent
    /// more on looking up generic metadata than on the slice it makes).
    @inlinable
    public static func map<Item: Sendable, Result: Sendable>(_ items: [Item],
                                                             _ body: @Sendable (ArraySlice<Item>) -> Result) -> [Result] {
        guard splits(items.count) else { return [body(items[...])] }
        let chunk = max(8, items.count / (cores * 8))
        let chunks = (items.count + chunk - 1) / chunk
        let results = Mutex<[Result?]>(Array(repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let part = body(items[(c * chunk)..<min(items.count, (c + 1) * chunk)])
            results.withLock { $0[c] = part }
        }
        return results.withLock { $0.map { $0! } }
    }
}
