#!/usr/bin/env python3
"""Latency of `writing-tools lsp` on a 1 MB Markdown document.

Opens a ~1 MB Markdown document (the CLI test documents, with their injected mistakes, repeated),
then makes one-character edits (`textDocument/didChange`, incremental) at random places and
measures the time from sending each edit to receiving the `textDocument/publishDiagnostics` for
that version (its header arriving; the client's own JSON parsing of the whole list is reported
separately, as `with_client_parse`). Reports p50/p95/max, the first full check, the size of the diagnostics message,
and the server's resident memory (VmRSS, and the peak VmHWM) with the document open.

Usage: python3 Benchmarks/lsp_latency.py [--bin .build/release/writing-tools] [--edits 50]
       [--megabytes 1] [--debounce 0] [--json out.json] [--harper]
--harper also times Harper (harper-py = harper-core, in process, Markdown mode) linting the same
whole document once, and the one edited paragraph, since harper-ls re-lints whole documents.
The debounce is the server's pause before pushing diagnostics (150 ms by default in editors);
the benchmark sets it to 0 so that the figures are the server's own work.
"""
import argparse
import json
import pathlib
import random
import statistics
import sys
import time

from lsp_stdio import LSPProcess

ROOT = pathlib.Path(__file__).resolve().parents[1]


def make_document(megabytes: float) -> str:
    docs = sorted((ROOT / "Tests/WritingToolsCLITests/Fixtures/docs").glob("*.md"))
    parts = [d.read_text(encoding="utf-8") for d in docs]
    target = int(megabytes * 1024 * 1024)
    out, size, i = [], 0, 0
    while size < target:
        p = parts[i % len(parts)] + "\n"
        out.append(p)
        size += len(p.encode())
        i += 1
    return "".join(out)


Server = LSPProcess


def utf16_position(text: str, offset_chars: int):
    before = text[:offset_chars]
    line = before.count("\n")
    col_text = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(col_text.encode("utf-16-le")) // 2}


def time_harper(text: str) -> dict:
    """Harper's whole-document lint time on `text`, and on one paragraph (harper-py, warm Linter)."""
    from harper import Dialect, Linter  # harper-py (PyPI), installed by ../shared/tools/peers/setup.sh
    linter = Linter(Dialect.AMERICAN)
    paragraph = "Four score and seven years ago our fathers brought forth on this continent, a new nation."
    times = []
    for _ in range(5):
        t = time.perf_counter()
        linter.organized_lints(paragraph, language="markdown")
        times.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    lints = linter.organized_lints(text, language="markdown")
    whole = time.perf_counter() - t
    return {"harper_whole_document_s": round(whole, 2),
            "harper_lints": sum(len(v) for v in lints.values()),
            "harper_one_paragraph_ms": round(statistics.median(times), 2)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(ROOT / ".build/release/writing-tools"))
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--megabytes", type=float, default=1.0)
    ap.add_argument("--debounce", type=int, default=0)
    ap.add_argument("--json")
    ap.add_argument("--harper", action="store_true")
    args = ap.parse_args()

    text = make_document(args.megabytes)
    uri = "file:///tmp/lsp-bench.md"
    server = Server([args.bin, "lsp", "--stdio"])
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "capabilities": {},
                            "initializationOptions": {"debounceMilliseconds": args.debounce}}})
    server.wait(lambda m: m.get("id") == 1)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    rss_idle, _ = server.memory_kb()

    def published(version):
        return lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("version") == version

    t0 = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    t1, size, m, _ = server.wait(published(1))
    first_check = t1 - t0
    diagnostics = len(m["params"]["diagnostics"])
    rss_open, _ = server.memory_kb()

    rng = random.Random(5)
    latencies, parsed_latencies, sizes = [], [], []
    for i in range(args.edits):
        version = i + 2
        # Type a letter inside a word at a random place (not inside a line break).
        while True:
            k = rng.randrange(len(text))
            if text[k].isalpha():
                break
        pos = utf16_position(text, k)
        text = text[:k] + "x" + text[k:]
        start = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": pos, "end": pos}, "text": "x"}]}})
        t, size, m, parsed = server.wait(published(version))
        latencies.append((t - start) * 1000)
        parsed_latencies.append((parsed - start) * 1000)
        sizes.append(size)
    rss_after, hwm = server.memory_kb()
    server.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
    server.wait(lambda m: m.get("id") == 99)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    code = server.proc.wait(30)

    lat = sorted(latencies)
    plat = sorted(parsed_latencies)
    result = {
        "document_bytes": len(text.encode()), "document_lines": text.count("\n") + 1,
        "diagnostics": diagnostics, "publish_message_bytes": statistics.median(sizes),
        "first_check_s": round(first_check, 3), "edits": len(lat), "debounce_ms": args.debounce,
        "p50_ms": round(statistics.median(lat), 1), "p95_ms": round(lat[int(0.95 * (len(lat) - 1))], 1),
        "max_ms": round(lat[-1], 1),
        "with_client_parse_p50_ms": round(statistics.median(plat), 1),
        "with_client_parse_p95_ms": round(plat[int(0.95 * (len(plat) - 1))], 1),
        "rss_idle_mb": round(rss_idle / 1024), "rss_open_mb": round(rss_open / 1024),
        "rss_after_edits_mb": round(rss_after / 1024), "peak_rss_mb": round(hwm / 1024), "exit_code": code,
    }
    if args.harper:
        result.update(time_harper(text))
    for k, v in result.items():
        print(f"{k:24} {v}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
