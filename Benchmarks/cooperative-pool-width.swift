// How wide Swift's cooperative pool is on Linux, per task priority (issue 35, Benchmarks/README-http.md):
// 16 tasks sleep on the user-initiated threads (as many hold them as there are processors), then a
// .medium and a .utility task are started: they run at once, so each priority has threads of its own
// and a task waits only for tasks of its own priority.
//   swiftc -O Benchmarks/cooperative-pool-width.swift -o /tmp/pool-width && /tmp/pool-width
//   LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 /tmp/pool-width
import Foundation
import Synchronization
let running = Atomic<Int>(0)
let stop = Atomic<Bool>(false)
for _ in 0..<16 {
  Task.detached(priority: .userInitiated) { running.add(1, ordering: .relaxed); while !stop.load(ordering: .relaxed) { usleep(1000) } }
}
sleep(2)
print("blocking userInitiated jobs running: \(running.load(ordering: .relaxed))")
let t0 = Date()
let ran = Atomic<Bool>(false)
Task.detached(priority: .medium) { ran.store(true, ordering: .relaxed); print("medium ran after \(Date().timeIntervalSince(t0))") }
Task.detached(priority: .utility) { print("utility ran after \(Date().timeIntervalSince(t0))") }
sleep(3)
print("after 3 s medium ran: \(ran.load(ordering: .relaxed))")
stop.store(true, ordering: .relaxed)
sleep(1)
