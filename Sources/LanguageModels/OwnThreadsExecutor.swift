import Foundation

/// Threads of their own that run the jobs of one first-in-first-out queue: the one job queue
/// behind every thread of ours that takes work (``OwnThreadsExecutor``: a language server's
/// thread and work threads, an HTTP server's deferred work; `writing-tools serve`'s check
/// threads, whose jobs are closures).
///
/// - **Threads**: ``threads`` of them (at least 1), started by ``start(name:stackSize:run:)``,
///   each named `name(k)` for k = 0, 1, … with a stack of `stackSize` bytes and Foundation's
///   default quality of service. Each takes the oldest job, runs it with `run` outside the
///   queue's lock, and takes the next; an idle thread waits on the queue's condition.
/// - **Order**: jobs start in the order they were enqueued. With one thread, each ends before
///   the next starts (a serial queue); with more, jobs run side by side and may end in any order.
/// - **Shutdown**: after ``stop()``, ``enqueue(_:)`` takes no job (it returns false: the caller
///   decides what becomes of it); the jobs queued before still run, and each thread ends once
///   the queue is empty. The threads hold the queue and `run` (with what it captures) until
///   they end, so an owner that `run` captures lives until it stops its queue and the queue has
///   drained; a queue never stopped keeps its threads for the life of the process.
public final class OwnThreadsQueue<Job: Sendable>: @unchecked Sendable {
    // @unchecked: `jobs`, `head`, `stopping` and `started` are guarded by `lock`; `threads` is
    // immutable.
    private let lock = NSCondition()
    private var jobs: [Job?] = []
    /// The index of the oldest job in `jobs` (the slots before it are nil, dropped in bulk).
    private var head = 0
    private var stopping = false
    private var started = false
    /// The number of threads.
    public let threads: Int

    /// A queue for `threads` threads (at least 1), none started yet: call
    /// ``start(name:stackSize:run:)`` once (jobs enqueued before wait for it). Two steps, so
    /// that an owner's `run` can capture the owner that holds the queue.
    public init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// Starts the threads, named `name(0)`, `name(1)`, …, each with a stack of `stackSize`
    /// bytes (the rule engine's recursion on a long text needs more than the default), which
    /// run each job with `run`. Call it once.
    public func start(name: (Int) -> String, stackSize: Int = 8 << 20, run: @escaping @Sendable (Job) -> Void) {
        lock.withLock {
            precondition(!started, "OwnThreadsQueue.start called twice")
            started = true
        }
        for k in 0..<threads {
            OwnThread.start(name(k), stackSize: stackSize) { [self] in
                while let job = next() { run(job) }
            }
        }
    }

    /// Queues `job` for the next free thread; false (and nothing queued) once ``stop()`` was
    /// called.
    @discardableResult
    public func enqueue(_ job: Job) -> Bool {
        lock.withLock {
            guard !stopping else { return false }
            jobs.append(job)
            lock.signal()
            return true
        }
    }

    /// Takes no more jobs; the threads end once the jobs queued so far have run.
    public func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }

    /// The oldest job, waiting for one; nil once stopped with nothing left (the thread ends).
    private func next() -> Job? {
        lock.lock()
        defer { lock.unlock() }
        while head == jobs.count && !stopping { lock.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        jobs[head] = nil
        head += 1
        // Amortised O(1): the run slots are dropped once they are most of the array.
        if head > 256 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}

/// An executor with threads of its own (an ``OwnThreadsQueue`` of Swift's jobs): tasks that
/// prefer it (`Task(executorPreference:)`, ``PreferredExecutor/current``) run their
/// nonisolated code, their child tasks and the default actors they call on these threads, and
/// an actor whose `unownedExecutor` is a one-thread instance's runs on that thread: never on
/// Swift's shared cooperative pool.
///
/// On Linux that pool has, for each task priority, one thread per processor (two on a two-core
/// machine): a process whose other work of the same priority holds those threads (synchronous
/// checks, a test run's suites) starved a server's language-model run, whose every step (a
/// chunk of the answer, a timeout's clock) needs a thread: CI runs 27 and 28 waited two
/// minutes for a model session that alone takes seconds; a language server did not read
/// `initialize` for 20 s (`PoolThreadsTests`). A host that must answer whatever else the
/// process does (`writing-tools serve`, `writing-tools lsp`) runs its work here.
///
/// - **Threads**: ``init(threads:name:stackSize:)`` starts `threads` threads named `name-0`,
///   `name-1`, …; ``init(serialThreadNamed:stackSize:)`` one thread named `name` (a language
///   server's own thread). Stacks of 8 MiB by default, Foundation's default quality of service.
/// - **Order**: jobs start first in, first out (``OwnThreadsQueue``). A one-thread instance
///   runs one job at a time, in that order: that is what `SerialExecutor` requires of an
///   actor's executor (mutual exclusion; the order among an actor's jobs is Swift's to choose
///   when it enqueues them), and it runs each job as isolated to itself, so the runtime knows
///   the actor is on its executor. Only a one-thread instance may be an actor's executor
///   (``asUnownedSerialExecutor()`` stops the process otherwise: two threads would run an
///   actor's jobs at once). `TaskExecutor` requires nothing of order: any instance is one.
/// - **Shutdown**: after ``stop()`` the threads end once the queue is empty, and jobs enqueued
///   later run on Swift's global concurrent executor: a job is never dropped (a task left
///   unrun would never resume, and whatever awaits it would hang). Stop it when its owner is
///   gone: the threads hold the executor until then.
public final class OwnThreadsExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    // @unchecked: the queue is thread-safe; the rest is immutable.
    private let queue: OwnThreadsQueue<UnownedJob>
    /// The number of threads.
    public var threads: Int { queue.threads }
    /// True for a one-thread instance: it runs one job at a time and may be an actor's executor.
    public var isSerial: Bool { queue.threads == 1 }

    /// Starts `threads` threads (at least 1) named `name-0`, `name-1`, …, each with a stack of
    /// `stackSize` bytes (the rule engine's recursion on a long text needs more than the
    /// default).
    public convenience init(threads: Int, name: String, stackSize: Int = 8 << 20) {
        self.init(threads: threads, stackSize: stackSize) { "\(name)-\($0)" }
    }

    /// Starts one thread named `name`, with a stack of `stackSize` bytes (a request's
    /// synchronous parts may recurse on a long text): a serial executor for actors, and a task
    /// executor for the nonisolated parts of their tasks.
    public convenience init(serialThreadNamed name: String, stackSize: Int = 8 << 20) {
        self.init(threads: 1, stackSize: stackSize) { _ in name }
    }

    private init(threads: Int, stackSize: Int, name: (Int) -> String) {
        queue = OwnThreadsQueue(threads: threads)
        let serial = queue.threads == 1
        queue.start(name: name, stackSize: stackSize) { [self] job in
            if serial {
                job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            } else {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }

    /// Queues `job` for the next free thread (on Swift's global concurrent executor once
    /// stopped).
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        if !queue.enqueue(unowned) { globalConcurrentExecutor.enqueue(unowned) }
    }

    /// This executor as an actor's executor; only a one-thread instance may be one.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        precondition(isSerial, "an OwnThreadsExecutor of \(threads) threads cannot be an actor's executor")
        return UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the threads end once the jobs queued so far have run; later jobs run on Swift's
    /// global concurrent executor.
    public func stop() {
        queue.stop()
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
            start(name) { continuation.resume(with: Result { try body() }) }
        }
    }

    /// `body` on a new thread named `name`.
    public static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            start(name) { continuation.resume(returning: body()) }
        }
    }

    /// Starts `body` on a new thread named `name`, with a stack of `stackSize` bytes (nil:
    /// Foundation's default), and returns at once.
    public static func start(_ name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        if let stackSize { thread.stackSize = stackSize }
        thread.start()
    }
}
