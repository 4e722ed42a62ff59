import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import LanguageModels

/// The one job queue behind our threads (``OwnThreadsQueue``) and the executor built on it
/// (``OwnThreadsExecutor``): order, parallelism, an actor on a one-thread instance, and
/// what stop does to the jobs queued before it and after it.
@Suite("Own threads: one job queue, serial and task executors")
struct OwnThreadsTests {
    /// What the jobs saw, in order.
    final class Log<T: Sendable>: @unchecked Sendable {
        // @unchecked: `items` is guarded by `lock`.
        private let lock = NSCondition()
        private var items: [T] = []
        func add(_ item: T) { lock.withLock { items.append(item); lock.broadcast() } }
        var all: [T] { lock.withLock { items } }

        /// Waits until `count` items are in (20 s at most): true when they are.
        func wait(for count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            return lock.withLock {
                while items.count < count && lock.wait(until: deadline) {}
                return items.count >= count
            }
        }
    }

    /// The thread this runs on, as a number. (Not its name: Foundation on Linux does not apply
    /// a name set before `start()` to the thread, and `Thread.name` reads the thread's own.)
    /// A synchronous function, so that async code may ask.
    static func thread() -> UInt { UInt(pthread_self()) }

    /// One thread: the jobs run in the order they were queued, all on one thread (not the
    /// test's).
    @Test func oneThreadRunsJobsFirstInFirstOut() {
        let log = Log<(Int, UInt)>()
        let queue = OwnThreadsQueue<Int>(threads: 1)
        for k in 0..<600 { queue.enqueue(k) }  // before the start: they wait for it
        queue.start(name: { "wtq-serial-\($0)" }) { log.add(($0, Self.thread())) }
        for k in 600..<1200 { queue.enqueue(k) }
        #expect(log.wait(for: 1200))
        #expect(log.all.map(\.0) == Array(0..<1200))
        let threads = Set(log.all.map(\.1))
        #expect(threads.count == 1 && !threads.contains(Self.thread()))
        queue.stop()
    }

    /// Several threads run jobs side by side: three jobs that each wait for the other two to
    /// start all finish, each on a thread of its own.
    @Test func threadsRunJobsSideBySide() {
        let started = Atomic<Int>(0)
        let threads = Log<UInt>()
        let queue = OwnThreadsQueue<Int>(threads: 3)
        queue.start(name: { "wtq-pool-\($0)" }) { _ in
            started.add(1, ordering: .relaxed)
            let deadline = Date().addingTimeInterval(20)
            while started.load(ordering: .relaxed) < 3 && Date() < deadline { usleep(1_000) }
            threads.add(Self.thread())
        }
        for k in 0..<3 { queue.enqueue(k) }
        #expect(threads.wait(for: 3))
        let startedCount = started.load(ordering: .relaxed)
        #expect(startedCount == 3)
        #expect(Set(threads.all).count == 3)
        queue.stop()
    }

    /// Stop: the jobs queued before it still run, in order; a job queued after it is refused
    /// (false) and never run.
    @Test func stopRunsWhatWasQueuedAndRefusesTheRest() {
        let gate = Atomic<Bool>(false)
        let log = Log<Int>()
        let queue = OwnThreadsQueue<Int>(threads: 1)
        queue.start(name: { _ in "wtq-stop" }) { k in
            if k == 0 { while !gate.load(ordering: .relaxed) { usleep(1_000) } }
            log.add(k)
        }
        for k in 0..<50 { #expect(queue.enqueue(k)) }
        queue.stop()
        #expect(!queue.enqueue(99))
        gate.store(true, ordering: .relaxed)
        #expect(log.wait(for: 50))
        usleep(50_000)
        #expect(log.all == Array(0..<50))
    }

    /// An actor on a one-thread executor runs there, one job at a time: 400 calls from tasks
    /// on the shared pool never overlap and all run on one thread, the executor's (a task
    /// preferring the executor runs there too).
    @Test func anActorRunsOnAOneThreadExecutor() async {
        let executor = OwnThreadsExecutor(serialThreadNamed: "wtq-actor")
        #expect(executor.isSerial && executor.threads == 1)
        let counter = Counter(executor)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<400 { group.addTask { await counter.increment() } }
        }
        let (count, overlaps, threads) = await counter.state
        #expect(count == 400 && overlaps == 0)
        let own = await Task(executorPreference: executor) { OwnThreadsTests.thread() }.value
        #expect(threads == [own], "\(threads) \(own)")
        executor.stop()
    }

    /// Tasks that prefer a two-thread executor run on its two threads: while two of them hold
    /// both, a third does not start, and once they let go it runs on one of those two. After
    /// stop a task that prefers it still runs (on Swift's global executor): no job is dropped.
    @Test func tasksPreferringTheExecutorRunOnItsThreadsAndNoneIsDroppedAfterStop() async {
        let executor = OwnThreadsExecutor(threads: 2, name: "wtq-work")
        #expect(!executor.isSerial && executor.threads == 2)
        let flags = Flags()
        let holders = (0..<2).map { _ in
            Task(executorPreference: executor) { [flags] () -> UInt in
                flags.holding.add(1, ordering: .relaxed)
                while !flags.released.load(ordering: .relaxed) { usleep(1_000) }  // holds the thread
                return OwnThreadsTests.thread()
            }
        }
        #expect(await Self.waitUntil { flags.holding.load(ordering: .relaxed) == 2 })
        let third = Task(executorPreference: executor) { [flags] () -> UInt in
            flags.thirdStarted.store(true, ordering: .relaxed)
            return OwnThreadsTests.thread()
        }
        try? await Task.sleep(for: .milliseconds(300))
        let ranEarly = flags.thirdStarted.load(ordering: .relaxed)
        #expect(!ranEarly, "a third task ran while both threads were held")
        flags.released.store(true, ordering: .relaxed)
        var held: Set<UInt> = []
        for holder in holders { held.insert(await holder.value) }
        #expect(held.count == 2)
        #expect(held.contains(await third.value))
        executor.stop()
        let after = await Task(executorPreference: executor) { 41 + 1 }.value
        #expect(after == 42)
    }

    /// Shared state of the tasks of the executor test.
    final class Flags: Sendable {
        let holding = Atomic<Int>(0)
        let released = Atomic<Bool>(false)
        let thirdStarted = Atomic<Bool>(false)
    }

    /// Waits, sleeping, until `condition` holds (20 s at most): true when it did.
    static func waitUntil(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Counts calls and whether two ever ran at once, with the threads they ran on.
    actor Counter {
        let executor: OwnThreadsExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        private var count = 0
        private var inside = false
        private var overlaps = 0
        private var threads: Set<UInt> = []
        init(_ executor: OwnThreadsExecutor) { self.executor = executor }

        func increment() {
            if inside { overlaps += 1 }
            inside = true
            threads.insert(OwnThreadsTests.thread())
            count += 1
            usleep(50)
            inside = false
        }

        var state: (Int, Int, Set<UInt>) { (count, overlaps, threads) }
    }
}
