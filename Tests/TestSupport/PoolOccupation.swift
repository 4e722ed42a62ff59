import Foundation
import Synchronization

/// Occupies every thread of Swift's cooperative pool until ``release()`` (or a time limit), as
/// tests doing synchronous work at once do: each occupier sleeps on a pool thread, yielding
/// none. On Linux the pool has one thread per processor for each priority (a job waits only for
/// work of its own priority), so the pool is held at each of the four. Shared by the HTTP
/// server's and the language server's starvation tests (`ModelRunThreadsTests`,
/// `PoolThreadsTests`).
public final class PoolOccupation: Sendable {
    private let released = Atomic<Bool>(false)
    private let running = Atomic<Int>(0)
    /// Pool threads held now.
    public var held: Int { running.load(ordering: .acquiring) }

    /// The priorities held.
    public static let priorities: [TaskPriority] = [.high, .medium, .low, .background]

    /// Starts, at each priority, twice as many occupiers as there are processors (the extra
    /// ones wait their turn and end at once when released); each ends by itself after `limit`.
    public init(limit: Duration = .seconds(40)) {
        let end = ContinuousClock.now + limit
        for priority in Self.priorities {
            for _ in 0..<(2 * ProcessInfo.processInfo.activeProcessorCount) {
                Task.detached(priority: priority) { [self] in
                    running.add(1, ordering: .releasing)
                    while !released.load(ordering: .acquiring) && ContinuousClock.now < end { usleep(2_000) }
                    running.subtract(1, ordering: .releasing)
                }
            }
        }
    }

    /// Lets the occupiers end.
    public func release() { released.store(true, ordering: .releasing) }

    /// Waits on the calling thread (not a pool thread) until the occupiers hold the pool's
    /// threads: as many as there are processors at each priority, or no more arrive for half
    /// a second.
    public func waitUntilHeld() {
        let want = ProcessInfo.processInfo.activeProcessorCount * Self.priorities.count
        var last = -1
        var steady = ContinuousClock.now
        while held < want {
            if held != last { last = held; steady = .now }
            if held > 0 && ContinuousClock.now - steady > .milliseconds(500) { return }
            if ContinuousClock.now - steady > .seconds(10) { return }
            usleep(5_000)
        }
    }

    /// `call` on a thread of its own while every pool thread is held (at most `limit`); the
    /// pool is released once it returns. The caller waits without holding a pool thread, and
    /// its own continuation runs after the release. Returns the answer and the number of pool
    /// threads held when `call` began.
    public static func whileHeld<T: Sendable>(limit: Duration = .seconds(40), _ call: @escaping @Sendable () -> T) async -> (answer: T, held: Int) {
        let occupation = PoolOccupation(limit: limit)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                occupation.waitUntilHeld()
                let held = occupation.held
                let answer = call()
                occupation.release()
                continuation.resume(returning: (answer, held))
            }
        }
    }
}
