import Foundation
import Synchronization
import WritingTools

/// The server's own threads for blocking work (`/v2/check`, the Writing Tools with the built-in
/// engine), so that libmicrohttpd's threads only read requests and write answers: a slow check
/// sets its connection aside (``HTTPServer``: `MHD_suspend_connection`) and holds a thread of
/// this pool, never one of the library's, so the other connections of that library thread
/// (`/v2/healthcheck`, `/v2/languages`, cached and short checks) are answered meanwhile.
///
/// - **Checks** run on ``threads`` threads (an `OwnThreadsQueue`), first in first out, once their
///   language is ready.
/// - **A language's first check** (no check in it has finished yet in this process: its
///   dictionary, or a debug build's spelling-suggestion index, is loaded by that check, which can
///   take seconds) runs on a thread of its own, started for it; the language's further work
///   waits until it is done (``markReady(_:)``), then joins the check queue in order. So a slow
///   load holds one thread of its own, not a check thread, and never delays other languages.
///
/// The queue is bounded: at most ``maxWaiting`` jobs wait (both lanes together, not counting
/// those running); past that ``submit(language:_:)`` refuses, the request gets 503 and
/// `/v2/healthcheck` says 503 while the queue is full (``isFull``), as LanguageTool's server
/// does (`maxWorkQueueSize`).
final class CheckPool: @unchecked Sendable {
    /// Threads of the check lane.
    let threads: Int
    /// Jobs that may wait (both lanes); more are refused.
    let maxWaiting: Int

    /// A job: a check, or a built-in tool's run.
    typealias Job = @Sendable () -> Void
    /// The check lane: ``threads`` threads named `check-0`, `check-1`, … and their queue.
    private let checkQueue: OwnThreadsQueue<Job>
    private let lock = NSLock()
    // Guarded by `lock`.
    /// Work waiting for its language's first check, by language.
    private var waitingForLoad: [String: [Job]] = [:]
    private var ready = Set<String>()
    private var stopping = false
    /// Waiting jobs, readable without the lock (``isFull``, `/metrics`).
    private let waitingCount = Atomic<Int>(0)
    private let runningCount = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)
    private let abandonedCount = Atomic<Int>(0)

    /// Starts `threads` check threads (at least 1).
    /// - Parameters:
    ///   - threads: threads of the check lane.
    ///   - maxWaiting: jobs that may wait for a thread (0: every job is refused).
    init(threads: Int, maxWaiting: Int) {
        checkQueue = OwnThreadsQueue(threads: threads)
        self.threads = checkQueue.threads
        self.maxWaiting = max(0, maxWaiting)
        checkQueue.start(name: { "check-\($0)" }) { [self] job in
            waitingCount.subtract(1, ordering: .relaxed)
            runningCount.add(1, ordering: .relaxed)
            job()
            runningCount.subtract(1, ordering: .relaxed)
        }
    }

    /// Jobs waiting for a thread now (both lanes).
    var waiting: Int { waitingCount.load(ordering: .relaxed) }

    /// Jobs running now.
    var active: Int { runningCount.load(ordering: .relaxed) }

    /// True when a further job would be refused.
    var isFull: Bool { waiting >= maxWaiting }

    /// Whether `language` has had a check finish (its work goes to the check lane).
    func isReady(_ language: String) -> Bool { lock.withLock { ready.contains(language) } }

    /// Sends `language`'s work to the check threads from now on (called when its first check
    /// ends, and by a host that loaded the language already, as `serve` does at start-up in a
    /// release build).
    func markReady(_ language: String) {
        lock.withLock {
            ready.insert(language)
            // Work that waited for the load joins the check queue (order kept); once the pool
            // is stopping it is dropped (its request was answered 503 by the server's stop).
            for job in waitingForLoad.removeValue(forKey: language) ?? [] where !checkQueue.enqueue(job) {
                waitingCount.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Queues `job`; false (and nothing queued) when ``maxWaiting`` jobs wait already or the
    /// pool is stopping. `language` (nil: no dictionary needed) picks the lane.
    func submit(language: String?, _ job: @escaping Job) -> Bool {
        lock.withLock {
            guard !stopping, waitingCount.load(ordering: .relaxed) < maxWaiting else {
                refusedCount.add(1, ordering: .relaxed)
                return false
            }
            if let language, !ready.contains(language) {
                if waitingForLoad[language] == nil {
                    // The language's first check: a thread of its own.
                    waitingForLoad[language] = []
                    runningCount.add(1, ordering: .relaxed)
                    OwnThread.start("check-first-\(language)", stackSize: 8 << 20) { [self] in
                        job()
                        runningCount.subtract(1, ordering: .relaxed)
                        markReady(language)
                    }
                    return true
                }
                waitingCount.add(1, ordering: .relaxed)
                waitingForLoad[language]!.append(job)
            } else {
                // Counted before a check thread can take it (and count it out).
                waitingCount.add(1, ordering: .relaxed)
                let queued = checkQueue.enqueue(job)
                assert(queued, "the check queue stops only under the pool's lock, with `stopping`")
            }
            return true
        }
    }

    /// Counts a check refused because the queue was full (``submit(language:_:)`` counts its own).
    func countRefusal() { refusedCount.add(1, ordering: .relaxed) }

    /// Counts a check dropped because its client went away while it waited or ran.
    func countAbandoned() { abandonedCount.add(1, ordering: .relaxed) }

    /// Checks dropped because their client went away while they waited or ran.
    var abandoned: Int { abandonedCount.load(ordering: .relaxed) }

    /// Lets the threads end once the check queue is empty (jobs already in it still run; work
    /// still waiting for its language's first check then is dropped).
    func stop() {
        lock.withLock {
            stopping = true
            checkQueue.stop()
        }
    }

    /// The pool's gauges in Prometheus' text format (`/metrics`).
    func metricsText() -> String {
        func gauge(_ name: String, _ help: String, _ value: Int, type: String = "gauge") -> String {
            "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        return gauge("writing_tools_checks_waiting", "Checks waiting for a check thread (the check queue's depth).", waiting)
            + gauge("writing_tools_checks_running", "Checks running on the check threads.", active)
            + gauge("writing_tools_check_queue_limit", "Checks that may wait; more get 503.", maxWaiting)
            + gauge("writing_tools_checks_refused_total", "Checks refused with 503 because the queue was full.", refusedCount.load(ordering: .relaxed), type: "counter")
            + gauge("writing_tools_checks_abandoned_total", "Checks dropped, unrun or stopped, because their client closed the connection while they waited or ran.", abandoned, type: "counter")
    }
}
