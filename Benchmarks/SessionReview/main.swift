// Benchmarks/SessionReview: applying and reviewing k proofreading suggestions in a 1 MB document
// through a WritingToolsSession (the state machine the coordinator drives), for k = 1,250,
// 2,500, 5,000 and 10,000. A host holding the text as a UTF-16 array answers every replacement.
//
// Phases, timed separately (best of 5 runs, thread CPU time):
//   start   the session is created (the document parsed for protected ranges) and started;
//   apply   the engine's k suggestions arrive and every correction is applied (k replacements);
//   review  for each suggestion: next (select it), then accept (even ids) or reject (odd ids:
//           the original comes back, one more replacement);
//   finish  the session ends keeping the result.
// "apply+review" is the cost the claim is about (linear in k: ×2.0 when k doubles); "start" is
// per document (O(n): parsing the 1 MB for protected ranges), the same for every k.
// The final text is checked against the expected one (accepted corrections in, rejected out).
//
// Run: swift run -c release session-benchmark   (see Benchmarks/README-session.md)
import Foundation
import WritingTools
import WritingToolsEngine

/// Three kinds of mistake: same length, longer, shorter replacement.
let mistakes: [(wrong: String, right: String)] = [("teh", "the"), ("alot", "a lot"), ("the the", "the")]
let filler = Array("The quick brown fox jumps over the lazy dog while the careful writer reviews each line. ".utf16)

struct Document {
    var units: [UInt16]
    var suggestions: [ProofreadingSuggestion]
    var expected: [UInt16]
}

/// A document of `size` UTF-16 units (ASCII: bytes too) with `k` mistakes spread evenly.
func makeDocument(size: Int, mistakes k: Int) -> Document {
    var units: [UInt16] = []
    units.reserveCapacity(size + 64)
    var expected: [UInt16] = []
    expected.reserveCapacity(size + 64)
    var suggestions: [ProofreadingSuggestion] = []
    suggestions.reserveCapacity(k)
    let gap = size / k - 8
    var f = 0
    func fill(_ n: Int) {
        for _ in 0..<n {
            units.append(filler[f])
            expected.append(filler[f])
            f = (f + 1) % filler.count
        }
    }
    for i in 0..<k {
        fill(gap)
        units.append(32)
        expected.append(32)
        let m = mistakes[i % mistakes.count]
        let range = NSRange(location: units.count, length: m.wrong.utf16.count)
        units += m.wrong.utf16
        expected += (i % 2 == 0 ? m.right : m.wrong).utf16 // even ids are accepted, odd rejected
        units.append(32)
        expected.append(32)
        suggestions.append(ProofreadingSuggestion(range: range, replacements: [m.right], ruleID: "BENCH", category: .typos, message: "“\(m.wrong)” → “\(m.right)”",
                                            provenance: .rules))
    }
    fill(max(0, size - units.count))
    return Document(units: units, suggestions: suggestions, expected: expected)
}

/// The host: carries out the session's actions on its own copy of the text.
struct Host {
    /// False (HOST=none): the host answers without storing the text, to see the session's own share.
    let keepsText = ProcessInfo.processInfo.environment["HOST"] != "none"
    var units: [UInt16]
    var replacements = 0
    let engineOutput: [ToolEvent]

    mutating func drive(_ session: inout WritingToolsSession, _ actions: [WritingToolsSession.Action]) {
        var pending = actions
        var i = 0
        while i < pending.count {
            let action = pending[i]
            i += 1
            switch action {
            case .runEngine:
                pending += session.handle(.engineFinished(engineOutput))
            case let .replace(r, text, _, _):
                if keepsText { units.replaceSubrange(r.location..<NSMaxRange(r), with: text.utf16) }
                replacements += 1
                pending += session.handle(.hostReplaced(text))
            case let .fail(e):
                fatalError("session failed: \(e)")
            default:
                break
            }
        }
    }
}

/// CPU time of this thread, in seconds: the machine is shared, and CPU time does not count the
/// time other processes hold the cores (wall time does; it is printed too).
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
func wallNow() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

struct Timing { var start = 0.0, apply = 0.0, review = 0.0, finish = 0.0; var total: Double { start + apply + review + finish } }

func run(_ doc: Document) -> (Timing, Int) {
    var t = Timing()
    let k = doc.suggestions.count
    var host = Host(units: doc.units, engineOutput: [.suggestions(doc.suggestions)])
    let text = String(decoding: doc.units, as: UTF16.self)
    var t0 = now()
    var session = WritingToolsSession(.init(tool: .proofread, text: text))
    let startActions = session.handle(.start)
    t.start = now() - t0
    t0 = now()
    host.drive(&session, startActions) // the engine's answer: every correction applied
    t.apply = now() - t0
    precondition(session.suggestionCount == k && session.state == .interactiveResting, "not every suggestion was applied")
    t0 = now()
    for id in 0..<k {
        host.drive(&session, session.handle(.next))
        precondition(session.reviewedSuggestion == id, "next selected \(String(describing: session.reviewedSuggestion)), not \(id)")
        host.drive(&session, session.handle(id % 2 == 0 ? .accept(id) : .reject(id)))
    }
    t.review = now() - t0
    t0 = now()
    host.drive(&session, session.handle(.finish(accepting: true)))
    t.finish = now() - t0
    precondition(session.hasEnded && (!host.keepsText || host.units == doc.expected) && session.utf16 == doc.expected, "wrong final text")
    return (t, host.replacements)
}

// SIZE (UTF-16 units, default 1 MiB), COUNTS (comma-separated), REPEATS change the runs;
// HOST=none: a host that answers without keeping the text (the session's share alone).
let environment = ProcessInfo.processInfo.environment
let size = Int(environment["SIZE"] ?? "") ?? 1 << 20
let counts = environment["COUNTS"]?.split(separator: ",").compactMap { Int($0) } ?? [1_250, 2_500, 5_000, 10_000]
let repeats = Int(environment["REPEATS"] ?? "") ?? 5
print("Document: \(size) UTF-16 units (ASCII, so \(size) bytes); best of \(repeats) runs; thread CPU time in ms (wall: best wall-clock total)")
print("k".padding(toLength: 8, withPad: " ", startingAt: 0)
      + "  start   apply  review  finish   total  apply+review  µs/sugg.  ×previous  replacements     wall")
var previous: Double?
for k in counts {
    let doc = makeDocument(size: size, mistakes: k)
    var runs: [Timing] = []
    var walls: [Double] = []
    var replacements = 0
    for _ in 0..<repeats {
        let w = wallNow()
        let (t, n) = run(doc)
        walls.append(wallNow() - w)
        runs.append(t)
        replacements = n
    }
    // The best run: the cost without interference from other processes.
    func best(_ f: (Timing) -> Double) -> Double { runs.map(f).min()! }
    let total = best(\.total)
    let work = best { $0.apply + $0.review }
    func ms(_ x: Double) -> String { String(format: "%7.1f", x * 1000) }
    let ratio = previous.map { String(format: "%9.2f", work / $0) } ?? "        -"
    print(String(k).padding(toLength: 8, withPad: " ", startingAt: 0)
          + ms(best(\.start)) + " " + ms(best(\.apply)) + " " + ms(best(\.review)) + " " + ms(best(\.finish)) + " " + ms(total)
          + "       " + ms(work) + String(format: "  %8.1f", work * 1e6 / Double(k)) + "  " + ratio + String(format: "  %12d", replacements) + ms(walls.min()!))
    previous = work
}
