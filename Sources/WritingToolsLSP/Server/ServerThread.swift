import Foundation

/// One thread of its own that runs a language server's actors (``LanguageServer``, its
/// ``LanguageServerConnection``) and the light tasks around them (the reading loop, request
/// timeouts), first in, first out: their serial executor, and a task executor for the
/// nonisolated parts of those tasks.
///
/// Swift's shared cooperative pool has, on Linux, one thread per processor for each task
/// priority: other work of the process that holds those threads (a test run's suites, a host
/// that embeds the server, synchronous work of our own) kept the server from reading a message
/// or answering `shutdown` until it let go. The thread ends after ``stop()`` (its server is gone)
/// once its queue is empty.
final class ServerThread: SerialExecutor, TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs`, `head` and `stopping` are guarded by `lock`; the rest is immutable.
    private let lock = NSCondition()
    private var jobs: [UnownedJob?] = []
    private var head = 0
    private var stopping = false
    /// The thread's name.
    let name: String

    /// Starts the thread, named `name`, with a stack of `stackSize` bytes (a request's
    /// synchronous parts may recurse on a long text).
    init(name: String, stackSize: Int = 8 << 20) {
        self.name = name
        // The thread keeps the executor until ``stop()`` and its queue is empty.
        let thread = Thread { [self] in self.work() }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
    }

    /// Queues `job` for the thread (for Swift's global executor once stopped: a job is never
    /// dropped).
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        let queued = lock.withLock { () -> Bool in
            guard !stopping else { return false }
            jobs.append(unowned)
            lock.signal()
            return true
        }
        if !queued { globalConcurrentExecutor.enqueue(unowned) }
    }

    /// This executor as an actor's executor.
    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread end once the jobs queued so far have run (the server is gone).
    func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }

    private func work() {
        while true {
            lock.lock()
            while head == jobs.count && !stopping { lock.wait() }
            guard head < jobs.count else {
                lock.unlock()
                return
            }
            let job = jobs[head]!
            jobs[head] = nil
            head += 1
            if head > 256 && head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            lock.unlock()
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}
