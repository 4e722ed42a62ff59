import Foundation

/// A task executor with threads of its own: tasks that prefer it (`Task(executorPreference:)`,
/// ``PreferredExecutor/current``) run their nonisolated code, their child tasks and the default
/// actors they call on these threads, never on Swift's shared cooperative pool.
///
/// On Linux that pool has, for each task priority, one thread per processor (two on a two-core
/// machine): a process whose other work of the same priority holds those threads (synchronous
/// checks, a test run's suites) starved a server's language-model run, whose every step (a
/// chunk of the answer, a timeout's clock) needs a thread: CI runs 27 and 28 waited two
/// minutes for a model session that alone takes seconds.
/// A host that must answer whatever else the process does (`writing-tools serve`) runs its
/// model work here.
///
/// Jobs run first in, first out. After ``stop()`` the threads end once the queue is empty, and
/// jobs enqueued later run on Swift's global executor (a task is never dropped).
public final class OwnThreadsExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: `queue`, `head` and `stopping` are guarded by `lock`; the rest is immutable.
    private let lock = NSCondition()
    private var queue: [UnownedJob?] = []
    private var head = 0
    private var stopping = false
    /// The number of threads.
    public let threads: Int

    /// Starts `threads` threads (at least 1) named `name-0`, `name-1`, …, each with a stack of
    /// `stackSize` bytes (the rule engine's recursion on a long text needs more than the
    /// default).
    public init(threads: Int, name: String, stackSize: Int = 8 << 20) {
        self.threads = max(1, threads)
        for k in 0..<self.threads {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(k)"
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// Queues `job` for the next free thread (on Swift's global executor once stopped).
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let queued = lock.withLock { () -> Bool in
            guard !stopping else { return false }
            queue.append(unowned)
            lock.signal()
            return true
        }
        if !queued { globalConcurrentExecutor.enqueue(unowned) }
    }

    /// Lets the threads end once the jobs queued so far have run; later jobs run on Swift's
    /// global executor.
    public func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }

    private func work() {
        while true {
            lock.lock()
            while head == queue.count && !stopping { lock.wait() }
            guard head < queue.count else {
                lock.unlock()
                return
            }
            let job = queue[head]!
            queue[head] = nil
            head += 1
            if head > 256 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            lock.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The executor that the unstructured tasks of a language-model run prefer (the stream of a
/// model's answer, its timeout clock, a tool engine's run, opening a model): nil (Swift's
/// shared pool) unless a host sets one for the run with `PreferredExecutor.$current.withValue`.
///
/// A task's executor preference passes to its child tasks but not to the unstructured tasks it
/// creates (`Task {}`), which a stream's producer needs; this task-local value passes to those,
/// and each of them is created with `Task(executorPreference: PreferredExecutor.current)`.
public enum PreferredExecutor {
    /// The preferred executor of the current run, nil for none.
    @TaskLocal public static var current: (any TaskExecutor)?
}

/// Runs a blocking call (a child process's wait, a file lock, a server's stop) on a thread of its
/// own and awaits it, so that it holds no thread that tasks need: neither one of Swift's shared
/// cooperative pool (two a priority on two cores) nor one of a host's ``OwnThreadsExecutor``.
public enum OwnThread {
    /// `body` on a new thread named `name`; its result or error is this call's.
    public static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = name
            thread.start()
        }
    }

    /// `body` on a new thread named `name`.
    public static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.name = name
            thread.start()
        }
    }
}
