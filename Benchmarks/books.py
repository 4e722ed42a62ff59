#!/usr/bin/env python3
"""Proofreading throughput on whole books and per-paragraph latency, writing-tools side by side
with Harper in one run (issue 6). Both checkers speak the batch protocol (one JSON line in, one
out) and stay running; each measurement is a round trip through the pipe, so it includes JSON
encoding and the pipe on both sides.

  python3 Benchmarks/books.py --bin .build/release/writing-tools [--book PATH …] [--repeat 3]

For each book (default: ../shared/data/dev/books/*.md): the whole book as one record, best of
--repeat, in characters per second; then every paragraph (blank-line separated) as its own record,
sent one at a time, --rounds times over (each round the whole book in order, as a client would
send it); a paragraph's latency is the median of its rounds, so that a burst of load from
elsewhere on a shared machine in one round is not counted as that paragraph's cost; the
percentiles are over paragraphs. The first round alone is reported too (`first_round_p95_ms`,
the single-pass figure of earlier runs). Then the median round trip of a three-character record
("tiny"), the fixed cost of one request. A `cat` row gives the floor of the pipe and this harness
(it echoes each record, which has no findings). Harper runs via ../shared/tools/peers/harper_checker.py
(install it with `bash ../shared/tools/peers/setup.sh`) with --markup markdown.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Checker:
    def __init__(self, name, cmd):
        self.name = name
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, encoding="utf-8", bufsize=1)
        self.n = 0
        t = time.perf_counter()
        self.ask("Warm up.")
        self.startup = time.perf_counter() - t

    def ask(self, text):
        self.n += 1
        line = json.dumps({"id": str(self.n), "text": text, "language": "en-US", "markup": "markdown"}, ensure_ascii=False)
        t = time.perf_counter()
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        elapsed = time.perf_counter() - t
        reply = json.loads(answer)
        assert reply["id"] == str(self.n), reply
        return elapsed, len(reply.get("matches", []))

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def percentile(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "writing-tools"))
    ap.add_argument("--book", action="append")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=5, help="rounds of per-paragraph requests (a paragraph's latency: its median)")
    ap.add_argument("--no-harper", action="store_true")
    ap.add_argument("--spin-wait", type=int, help="pass --spin-wait MICROSECONDS to writing-tools (its default: 1000)")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    books = args.book or sorted(b for b in glob.glob(os.path.join(ROOT, "..", "shared", "data", "dev", "books", "*.md"))
                                if os.path.basename(b).lower() != "readme.md")
    wt = [args.bin, "proofread", "--batch"] + ([] if args.spin_wait is None else ["--spin-wait", str(args.spin_wait)])
    checkers = [("writing-tools", wt), ("cat", ["cat"])]
    if not args.no_harper:
        checkers.append(("harper", [sys.executable, os.path.join(ROOT, "..", "shared", "tools", "peers", "harper_checker.py"),
                                    "--markup", "markdown"]))
    started = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
    print(f"date {started}  load average {os.getloadavg()[0]:.2f}")
    # When and how the figures were taken, beside them.
    results = {"_run": {"date": started, "load_average": round(os.getloadavg()[0], 2), "repeat": args.repeat, "rounds": args.rounds,
                        "bin": args.bin, "spin_wait": args.spin_wait}}
    for book in books:
        text = open(book, encoding="utf-8").read()
        paragraphs = [p for p in text.split("\n\n") if p.strip()]
        print(f"\n{os.path.basename(book)}: {len(text):,} characters, {len(paragraphs):,} paragraphs")
        print(f"{'checker':14} {'start-up s':>10} {'whole book s':>12} {'kchar/s':>9} {'findings':>8} "
              f"{'para p50 ms':>11} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'tiny ms':>8} {'1st-round p95':>13}")
        for name, cmd in checkers:
            c = Checker(name, cmd)
            best, found = min(c.ask(text) for _ in range(args.repeat))
            rounds = [[c.ask(p)[0] * 1000 for p in paragraphs] for _ in range(max(1, args.rounds))]
            lat = [statistics.median(r[k] for r in rounds) for k in range(len(paragraphs))]
            tiny = statistics.median(c.ask("Hi.")[0] * 1000 for _ in range(300))
            c.close()
            row = {"startup_s": c.startup, "whole_s": best, "kchar_per_s": len(text) / best / 1000, "findings": found,
                   "p50_ms": statistics.median(lat), "p95_ms": percentile(lat, 95), "p99_ms": percentile(lat, 99), "max_ms": max(lat),
                   "tiny_ms": tiny, "rounds": max(1, args.rounds), "first_round_p95_ms": percentile(rounds[0], 95)}
            results.setdefault(os.path.basename(book), {})[name] = row
            print(f"{name:14} {row['startup_s']:10.2f} {row['whole_s']:12.3f} {row['kchar_per_s']:9.1f} {found:8d} "
                  f"{row['p50_ms']:11.3f} {row['p95_ms']:8.3f} {row['p99_ms']:8.3f} {row['max_ms']:8.3f} {tiny:8.3f} {row['first_round_p95_ms']:13.3f}")
        r = results[os.path.basename(book)]
        if "harper" in r:
            print(f"throughput ratio writing-tools / harper: {r['writing-tools']['kchar_per_s'] / r['harper']['kchar_per_s']:.1f}x; "
                  f"per-paragraph p95 ratio: {r['harper']['p95_ms'] / r['writing-tools']['p95_ms']:.1f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
