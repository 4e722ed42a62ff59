// Where a paragraph's proofreading time goes, in process (no pipe, no JSON): each paragraph of
// a book (blank-line separated) parsed as Markdown and proofread on its own, phase by phase,
// best of --repeat rounds per paragraph (each round goes through the book in order). Complements Benchmarks/books.py, which measures the
// round trip through `proofread --batch` side by side with Harper.
//
//   swift run -c release paragraph-phases [BOOK.md] [--repeat N] [--per-rule] [--only RULE_ID] [--whole] [--slowest N] [--focus N] [--evict MB] [--min-chars N] [--median] [--yield N] [--rule-files N] [--rules-load]
//
// --median reports each paragraph's median round instead of its best (as books.py does).
// --yield N makes, between paragraphs, the N polls of standard input and `sched_yield` calls that
// `proofread --batch` makes while it waits for a request (kernel entries between checks).
// --min-chars N keeps the paragraphs of N UTF-16 units or more (the long ones that make the
// 95th percentile).
// --evict MB writes over a buffer of MB mebibytes between paragraphs, so that each starts with
// cold caches, as after a process sleeps between requests on a busy machine (32 evicts this
// VM's 2 MiB L2 and 32 MiB L3).
// --focus N checks only paragraph N (as --slowest numbers them) --repeat times, after the
// warm-up on the whole book.
// --slowest N lists the N slowest paragraphs, with their cost per character and findings.
// --only checks with that one rule (to profile it). --whole times the whole book as one
// document instead (parse and check, best of --repeat).
// --rule-files N compiles the bundled rule files (Resources/rules) N times and reports the
// first (cold: the process's first regular expressions and word tables) and the best of the rest.
// --rules-load times what a process pays at start for the bundled rules: the first use of
// BundledRules.all, which reads the compiled rules from the cache folder when a file for this
// build and these rule files is there (compiles and writes it when not: run it twice).
// --per-rule adds each rule's own cost: all paragraphs checked with that rule alone, less the
// cost with no rule at all (tokenizing, splitting sentences), most costly first.
import Foundation
import DocumentStructure
import Proofreading
import WritingToolsEngine

@inline(never) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

let args = CommandLine.arguments.dropFirst()
var repeatCount = 5
var bookPath = "../shared/data/dev/books/alice-in-wonderland.md"
var perRule = false
var only: String?
var whole = false
var slowest = 0
var evictBytes = 0
var minChars = 0
var focus: Int?
var median = false
var yields = 0
var ruleFileRounds = 0
if args.contains("--rules-load") {
    let t0 = now()
    let count = BundledRules.all.count
    print(String(format: "bundled rules at start (BundledRules.all, from the cache when present): %d rules in %.2f ms", count,
                 Double(now() - t0) / 1e6))
    exit(0)
}
var it = args.makeIterator()
while let a = it.next() {
    if a == "--rule-files", let n = it.next().flatMap({ Int($0) }) { ruleFileRounds = n } else if a == "--repeat", let n = it.next().flatMap({ Int($0) }) { repeatCount = n } else if a == "--median" { median = true } else if a == "--yield", let n = it.next().flatMap({ Int($0) }) { yields = n } else if a == "--per-rule" { perRule = true } else if a == "--only" { only = it.next() } else if a == "--whole" { whole = true } else if a == "--min-chars", let n = it.next().flatMap({ Int($0) }) { minChars = n } else if a == "--evict", let n = it.next().flatMap({ Int($0) }) { evictBytes = n << 20 } else if a == "--focus", let n = it.next().flatMap({ Int($0) }) { focus = n } else if a == "--slowest", let n = it.next().flatMap({ Int($0) }) { slowest = n } else { bookPath = a }
}
if ruleFileRounds > 0 {
    let files = BundledRules.texts()
    var times: [Double] = []
    var count = 0
    for _ in 0..<ruleFileRounds {
        let t0 = now()
        count = try BundledRules.compile(files).count
        times.append(Double(now() - t0) / 1e6)
    }
    let lines = files.reduce(0) { $0 + $1.text.split(separator: "\n").count }
    print(String(format: "rule files: %d files, %d lines, %d rules; compile cold %.2f ms, warm best %.2f ms (%d rounds)",
                 files.count, lines, count, times[0], times.dropFirst().min() ?? times[0], ruleFileRounds))
    exit(0)
}
guard let book = try? String(contentsOfFile: bookPath, encoding: .utf8) else {
    FileHandle.standardError.write("paragraph-phases: cannot read \(bookPath)\n".data(using: .utf8)!)
    exit(1)
}
let paragraphs = book.components(separatedBy: "\n\n").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && $0.utf16.count >= minChars }
let speller = try BuiltInProofreadingEngine.speller(for: "en-US")
let proofreader = Proofreader(speller: speller, rules: only.map { id in RuleRegistry.all.filter { $0.id == id } })
_ = proofreader.check(DocumentParser.parse(book, markup: .markdown))  // warm up

if whole {
    // The whole book as one document: parse and check apart, best of --repeat (wall time; the
    // check runs on every core).
    var parse = Double.infinity, check = Double.infinity
    for _ in 0..<repeatCount {
        let t0 = now()
        let doc = measuredParse(book)
        let t1 = now()
        withExtendedLifetime(proofreader.check(doc)) {}
        let t2 = now()
        parse = min(parse, Double(t1 - t0) / 1e6)
        check = min(check, Double(t2 - t1) / 1e6)
    }
    print(String(format: "whole book %@: parse %.2f ms, check %.2f ms, best of %d", bookPath as NSString, parse, check, repeatCount))
    exit(0)
}

/// One paragraph's check: a function of its own, so that a profiler can count it alone
/// (`valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredCheck*'`; run
/// under `taskset -c 0` with `SWIFT_DETERMINISTIC_HASHING=1` for the same count every time).
@inline(never) func measuredCheck(_ doc: StructuredDocument) -> [ProofreadingSuggestion] { proofreader.check(doc) }
/// One paragraph's parse, likewise (`--toggle-collect='*measuredParse*'`).
@inline(never) func measuredParse(_ text: String) -> StructuredDocument {
    let document = DocumentParser.parse(text, markup: .markdown)
    parsed += 1  // (not a tail call, which a profiler would not see as this function)
    return document
}
nonisolated(unsafe) var parsed = 0

if let focus, paragraphs.indices.contains(focus) {
    // One paragraph (index as --slowest lists it), checked --repeat times after the warm-up:
    // to profile a slow paragraph in the state the whole book leaves behind.
    let doc = DocumentParser.parse(paragraphs[focus], markup: .markdown)
    var best = Double.infinity
    for _ in 0..<repeatCount {
        let t0 = now()
        withExtendedLifetime(measuredCheck(doc)) {}
        best = min(best, Double(now() - t0) / 1000)
    }
    print(String(format: "paragraph %d (%d chars): check %.1f µs, best of %d", focus, paragraphs[focus].utf16.count, best, repeatCount))
    exit(0)
}

struct Row { var index = 0; var chars: Int; var parse: Double; var check: Double; var total: Double }
var rows: [Row] = paragraphs.enumerated().map { Row(index: $0.offset, chars: $0.element.utf16.count, parse: .infinity, check: .infinity, total: .infinity) }
var evictBuffer = [UInt8](repeating: 0, count: evictBytes)
// Each round goes through the book in order, as a client sending paragraphs one at a time
// would; with --evict, a buffer that size is written between paragraphs, as a neighbour
// would, so that the caches start cold.
var samples = [[Row]](repeating: [], count: paragraphs.count)
for _ in 0..<repeatCount {
for (index, p) in paragraphs.enumerated() {
    var best = rows[index]
    // --yield N: what `proofread --batch` does while it waits for the next request (a poll of
    // standard input and a `sched_yield`, N times): kernel entries between paragraphs.
    for _ in 0..<yields {
        var fd = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, 0)
        sched_yield()
    }
    if evictBytes > 0 {
        evictBuffer.withUnsafeMutableBufferPointer { b in
            var k = 0
            while k < b.count { b[k] &+= 1; k += 64 }
        }
    }
    do {
        let t0 = now()
        let doc = measuredParse(p)
        let t1 = now()
        let matches = measuredCheck(doc)
        let t2 = now()
        withExtendedLifetime(matches) {}
        samples[index].append(Row(index: index, chars: best.chars, parse: Double(t1 - t0) / 1000, check: Double(t2 - t1) / 1000, total: Double(t2 - t0) / 1000))
        if Double(t2 - t0) / 1000 < best.total {  // (µs, as stored)
            best.parse = Double(t1 - t0) / 1000
            best.check = Double(t2 - t1) / 1000
            best.total = Double(t2 - t0) / 1000
        }
    }
    rows[index] = best
}
}
// --median: each paragraph's median round instead of its best, as books.py reports round trips.
if median { rows = samples.map { $0.sorted { $0.total < $1.total }[$0.count / 2] } }
let byTotal = rows.sorted { $0.total < $1.total }
func pct(_ q: Double) -> Row { byTotal[min(byTotal.count - 1, Int((q * Double(byTotal.count - 1)).rounded()))] }
print("\(paragraphs.count) paragraphs of \(bookPath), \(median ? "median" : "best") of \(repeatCount) each, µs")
print("percentile  chars   parse   check   total")
for (name, q) in [("p50", 0.5), ("p95", 0.95), ("p99", 0.99)] {
    let r = pct(q)
    print(String(format: "%-10@ %6d %7.1f %7.1f %7.1f", name as NSString, r.chars, r.parse, r.check, r.total))
}
let sum = rows.reduce((0.0, 0.0, 0)) { ($0.0 + $1.parse, $0.1 + $1.check, $0.2 + $1.chars) }
print(String(format: "all: parse %.1f ms, check %.1f ms, %.0f kchar/s", sum.0 / 1000, sum.1 / 1000, Double(sum.2) / ((sum.0 + sum.1) / 1e6) / 1000))
if slowest > 0 {
    // The slowest paragraphs, with their cost per character and their start.
    print("\nslowest \(slowest): paragraph, chars, parse µs, check µs, ns per char, findings, start")
    for r in byTotal.suffix(slowest).reversed() {
        let start = paragraphs[r.index].prefix(50).replacingOccurrences(of: "\n", with: " ")
        let findings = proofreader.check(DocumentParser.parse(paragraphs[r.index], markup: .markdown)).count
        print(String(format: "%4d %5d %7.1f %7.1f %6.0f %3d  %@", r.index, r.chars, r.parse, r.check, r.total * 1000 / Double(r.chars), findings, start as NSString))
    }
}

if perRule {
    let documents = paragraphs.map { DocumentParser.parse($0, markup: .markdown) }
    /// Microseconds to check every paragraph with `rules`, best of --repeat.
    func cost(_ rules: [any Rule]) -> Double {
        let p = Proofreader(speller: speller, rules: rules)
        var best = Double.infinity
        for _ in 0..<repeatCount {
            let t0 = now()
            for d in documents { withExtendedLifetime(p.check(d)) {} }
            best = min(best, Double(now() - t0) / 1000)
        }
        return best
    }
    let floor = cost([])
    let all = cost(RuleRegistry.all)
    print(String(format: "\nper rule, all %d paragraphs, µs: no rules %.0f, every rule %.0f", paragraphs.count, floor, all))
    var costs: [(String, Double)] = []
    for rule in RuleRegistry.all { costs.append((rule.id, cost([rule]) - floor)) }
    for (id, c) in costs.sorted(by: { $0.1 > $1.1 }) { print(String(format: "%-36@ %8.0f", id as NSString, c)) }
    print(String(format: "sum of the rules' own costs %.0f", costs.reduce(0) { $0 + $1.1 }))
}
