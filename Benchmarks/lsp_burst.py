#!/usr/bin/env python3
"""The language server's first pull after a burst of edits, against a fresh open's full check.

Drives the real `writing-tools lsp` over stdio (two servers, one after the other, in one run):

1. **burst**: open a large Markdown document (`didOpen`), send at once a burst of N small
   `didChange` edits (incremental: one letter typed inside a word, on lines spread over the whole
   document, so the burst lands while the first full check is running), then pull
   `textDocument/diagnostic` and time the answer (from sending the pull). A request the server
   does not know, sent just before the pull, is answered once every edit is applied:
   `edits_applied_s` says when (from the `didOpen`).
2. **fresh**: a new server opens the text as it is after the burst and pulls at once: the time
   of a full check of the same text.

Reports both times and their ratio (burst / fresh), the server's processor time for each (from
the `didOpen` to the answer: less moved by other load on the machine than the wall clock), and
whether the two diagnostic lists are identical (the burst's answer must be what a fresh open of the same text gives). The document
is the CLI test documents (`Tests/WritingToolsCLITests/Fixtures/docs/*.md`, with their injected
mistakes) repeated to the size asked. The server's settings are its defaults (push diagnostics
on, 150 ms debounce), as an editor would have them.

Usage: python3 Benchmarks/lsp_burst.py [--bin .build/debug/writing-tools] [--kilobytes 300]
       [--edits 1500] [--seed 1] [--repeat 1] [--json out.json]
With --repeat N, N pairs are run one after the other and the medians reported. A first server
checks the document's first 20 KB before them, so that the caches built on first use and kept
on disk (keyed on the executable) are there for both.
Exit status 0 when the diagnostics are identical, 1 when they differ, 2 on a timeout.
"""
import argparse
import json
import statistics
import pathlib
import random
import sys
import time

from lsp_stdio import LSPProcess

ROOT = pathlib.Path(__file__).resolve().parents[1]
URI = "file:///tmp/writing-tools-burst/document.md"


def make_document(kilobytes: float) -> str:
    docs = sorted((ROOT / "Tests/WritingToolsCLITests/Fixtures/docs").glob("*.md"))
    parts = [d.read_text(encoding="utf-8") for d in docs]
    target = int(kilobytes * 1024)
    out, size, i = [], 0, 0
    while size < target:
        p = parts[i % len(parts)] + "\n"
        out.append(p)
        size += len(p.encode())
        i += 1
    return "".join(out)


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def make_edits(text: str, count: int, seed: int):
    """`count` one-letter insertions inside words of non-blank lines spread over the document, as
    LSP changes, and the text after them (computed here, independently of the server)."""
    rng = random.Random(seed)
    lines = text.split("\n")
    candidates = [i for i, l in enumerate(lines) if any(c.isalpha() for c in l)]
    changes = []
    for _ in range(count):
        n = rng.choice(candidates)
        line = lines[n]
        letters = [k for k in range(1, len(line)) if line[k - 1].isalpha() and line[k].isalpha()]
        k = rng.choice(letters) if letters else 0
        letter = rng.choice("aeiourst")
        character = utf16_len(line[:k])
        changes.append({"range": {"start": {"line": n, "character": character}, "end": {"line": n, "character": character}},
                        "text": letter})
        lines[n] = line[:k] + letter + line[k:]
    return changes, "\n".join(lines)


class Server(LSPProcess):
    def __init__(self, binary: str):
        super().__init__([binary, "lsp"])

    def start(self):
        self.request(0, "initialize", {"processId": None, "rootUri": None,
                                       "capabilities": {"textDocument": {"diagnostic": {}}}})
        self.answer(0, 300)
        self.notify("initialized", {})

    def stop(self):
        try:
            self.request(99, "shutdown", None)
            self.answer(99, 60)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def pull(server: Server, id: int, timeout: float):
    sent = time.perf_counter()
    server.request(id, "textDocument/diagnostic", {"textDocument": {"uri": URI}})
    arrived, m = server.answer(id, timeout)
    if m is None:
        return None, None
    return arrived - sent, m["result"]["items"]


def one_run(args, text, changes, final_text) -> dict:
    burst = Server(args.bin)
    burst.start()
    cpu0 = burst.cpu_seconds()
    opened = time.perf_counter()
    burst.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "markdown", "version": 1, "text": text}})
    for v, change in enumerate(changes, start=2):
        burst.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": v}, "contentChanges": [change]})
    burst_sent = time.perf_counter() - opened
    # Sent with the pull: a request the server answers as soon as it has read (and applied)
    # every edit before it, a method it does not have (-32601).
    burst.request(2, "writingTools/noSuchMethod", {})
    burst_pull, burst_items = pull(burst, 1, args.timeout)
    burst_cpu = burst.cpu_seconds() - cpu0
    burst_total = time.perf_counter() - opened
    applied_at, _ = burst.answer(2, 5)
    edits_applied = None if applied_at is None else applied_at - opened
    burst.stop()

    fresh = Server(args.bin)
    fresh.start()
    cpu0 = fresh.cpu_seconds()
    fresh.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "markdown", "version": 1, "text": final_text}})
    fresh_pull, fresh_items = pull(fresh, 1, args.timeout)
    fresh_cpu = fresh.cpu_seconds() - cpu0
    fresh.stop()

    def r(x):
        return None if x is None else round(x, 3)
    return {
        "burst_sent_s": r(burst_sent),
        "edits_applied_s": r(edits_applied),
        "burst_pull_s": r(burst_pull),
        "burst_open_to_answer_s": r(burst_total),
        "fresh_full_check_s": r(fresh_pull),
        "ratio": None if not (burst_pull and fresh_pull) else round(burst_pull / fresh_pull, 3),
        "burst_cpu_s": r(burst_cpu),
        "fresh_cpu_s": r(fresh_cpu),
        "cpu_ratio": None if not fresh_cpu else round(burst_cpu / fresh_cpu, 3),
        "burst_diagnostics": None if burst_items is None else len(burst_items),
        "fresh_diagnostics": None if fresh_items is None else len(fresh_items),
        "identical": burst_items is not None and burst_items == fresh_items,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=str(ROOT / ".build/debug/writing-tools"))
    ap.add_argument("--kilobytes", type=float, default=300)
    ap.add_argument("--edits", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="pairs of runs (burst, fresh); medians reported")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--json")
    args = ap.parse_args()

    text = make_document(args.kilobytes)
    changes, final_text = make_edits(text, args.edits, args.seed)
    # The caches built on first use and kept on disk, keyed on the executable (the accepted
    # words of each dictionary, …), are built here, not by whichever server runs first.
    warm = Server(args.bin)
    warm.start()
    warm.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "markdown", "version": 1, "text": final_text[:20000]}})
    pull(warm, 1, args.timeout)
    warm.stop()
    runs = []
    for n in range(args.repeat):
        run = one_run(args, text, changes, final_text)
        runs.append(run)
        if args.repeat > 1:
            print(f"run {n + 1}: " + ", ".join(f"{k} {v}" for k, v in run.items() if k != "burst_sent_s"), flush=True)

    def median(key):
        values = [r[key] for r in runs if r[key] is not None]
        return round(statistics.median(values), 3) if values else None
    result = {
        "document_bytes": len(text.encode()),
        "document_lines": text.count("\n") + 1,
        "edits": args.edits,
        "seed": args.seed,
        "runs": len(runs),
        **{k: median(k) for k in runs[0] if k not in ("identical", "burst_diagnostics", "fresh_diagnostics")},
        "burst_diagnostics": runs[-1]["burst_diagnostics"],
        "fresh_diagnostics": runs[-1]["fresh_diagnostics"],
        "identical": all(r["identical"] for r in runs),
    }
    for k, v in result.items():
        print(f"{k:24} {v}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"median": result, "runs": runs}, indent=1) + "\n")
    if any(r["burst_diagnostics"] is None or r["fresh_diagnostics"] is None for r in runs):
        return 2
    return 0 if result["identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
