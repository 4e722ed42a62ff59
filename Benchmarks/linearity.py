#!/usr/bin/env python3
"""Linearity of the proofreader in the size of its input (reliability issue item 8).

Feeds 1x, 10x and 100x inputs for three cases and prints the time of each and the ratio of
consecutive times (about 10 when the work grows linearly, about 100 when it grows with the
square):

  typos      one paragraph of many distinct misspellings (words of /usr/share/dict/words with two
             letters swapped, no sentence end: the paragraph is cut into sentences of 1,000
             tokens), `writing-tools proofread FILE`
  lines      "teh cat" on every line (one finding per line), `writing-tools proofread FILE`
  word       one word of random lowercase letters (a DNA sequence, a minified token): 600,
             6,000 and 60,000 letters; the peak memory of the process is printed too (it grew with
             the square of the length, 1.8 GB at 60,000, until December 2026)
  nested     one line of N opening curly quotation marks, "Teh", N closing ones: `writing-tools
             summary FILE` (a break-it trial, session 52: 2,000 took 2.4 s, 16,000 took 102 s, the
             digest's sentence-end test stepping back over the marks by grapheme)
  lsp        one line of "teh cat sat on the mat, " repeated (one finding every 24 bytes), opened
             in `writing-tools lsp` over stdio: the time from didOpen to the first
             textDocument/publishDiagnostics (the server's debounce, 0 ms here, included)

Each run is a fresh process (cold: nothing in memory; the speller's index cache in
~/.cache/writing-tools is warm after the first run of the machine, and the first run below is
a warm-up that is not reported). Inputs are generated, deterministic (seed 3), and written to a
temporary directory.

Usage (from the repository root, after `swift build -c release`):
  python3 Benchmarks/linearity.py [--bin .build/release/writing-tools] [--cases typos,lines,lsp,word,nested]
                                  [--scales 1,10,100] [--timeout 900]
"""
import argparse
import json
import os
import random
import re
import resource
import select
import subprocess
import sys
import tempfile
import time

BASES = {"typos": 220, "lines": 1_000, "lsp": 8_700, "word": 600, "nested": 1_600}  # typos, lines, repetitions of the LSP phrase


def typos_text(n):
    rng = random.Random(3)
    words = [w.strip() for w in open("/usr/share/dict/words", encoding="utf-8", errors="replace")]
    words = [w for w in words if w.isalpha() and w.islower() and len(w) > 5]
    out = []
    for _ in range(n):
        w = rng.choice(words)
        i = rng.randrange(len(w) - 1)
        out.append(w[:i] + w[i + 1] + w[i] + w[i + 2:])
    return " ".join(out) + "\n"


def lines_text(n):
    return "teh cat\n" * n


def word_text(n):
    rng = random.Random(3)
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n)) + "\n"


def nested_text(n):
    return "\u201c" * n + "Teh" + "\u201d" * n + "\n"


def lsp_text(n):
    return "teh cat sat on the mat, " * n + "\n"


PEAK = {}  # path → peak resident memory of its last CLI run, in kB


def run_cli(binary, path, timeout, command="proofread"):
    start = time.monotonic()
    p = subprocess.Popen([binary, command, path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        raise
    elapsed = time.monotonic() - start
    # wait4 on the finished child is gone (communicate reaped it); its rusage is the children's.
    PEAK[path] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # The count, on standard error: "213 findings." (or "1 finding.", "No findings.").
    m = re.search(rb"(\d+) findings?\.", err)
    return elapsed, int(m.group(1)) if m else 0


class LSP:
    """Just enough of a client: Content-Length framing, requests, notifications, a bounded read."""

    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp", "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = bytearray()
        self.next_id = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, deadline):
        """The next message, or None at the deadline or end of output. The buffer is a bytearray
        consumed from the front: a 20 MB message arriving in 64 KB pieces must not be copied
        once per piece (that made this client, not the server, quadratic)."""
        need = None  # (header end, body length) of the message being read
        while True:
            if need is None:
                i = self.buf.find(b"\r\n\r\n")
                if i >= 0:
                    n = None
                    for line in bytes(self.buf[:i]).decode("latin1").split("\r\n"):
                        if line.lower().startswith("content-length:"):
                            n = int(line.split(":", 1)[1])
                    need = (i + 4, n)
            if need is not None and len(self.buf) >= need[0] + need[1]:
                start, n = need
                body = bytes(self.buf[start:start + n])
                del self.buf[:start + n]
                return json.loads(body)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 1 << 22)
            if not chunk:
                return None
            self.buf += chunk

    def answer_server_requests(self, m):
        if "id" in m and "method" in m:
            self.send({"jsonrpc": "2.0", "id": m["id"], "result": None})

    def close(self):
        try:
            i = self.request("shutdown", None)
            deadline = time.monotonic() + 30
            while (m := self.read(deadline)) is not None and m.get("id") != i:
                self.answer_server_requests(m)
            self.notify("exit", None)
            self.p.stdin.close()
            self.p.wait(30)
        except Exception:
            self.p.kill()
            self.p.wait()


def run_lsp(binary, path, timeout):
    text = open(path, encoding="utf-8").read()
    c = LSP(binary)
    deadline = time.monotonic() + timeout
    i = c.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                                 "initializationOptions": {"debounceMilliseconds": 0}})
    while (m := c.read(deadline)) is not None and m.get("id") != i:
        c.answer_server_requests(m)
    c.notify("initialized", {})
    uri = "file://" + path
    start = time.monotonic()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": text}})
    findings = None
    while (m := c.read(deadline)) is not None:
        c.answer_server_requests(m)
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri and m["params"]["diagnostics"]:
            findings = len(m["params"]["diagnostics"])
            break
    elapsed = time.monotonic() - start
    c.close()
    if findings is None:
        raise TimeoutError(f"no diagnostics within {timeout} s")
    return elapsed, findings


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=".build/release/writing-tools")
    ap.add_argument("--cases", default="typos,lines,lsp")
    ap.add_argument("--scales", default="1,10,100")
    ap.add_argument("--timeout", type=float, default=900)
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    scales = [int(s) for s in args.scales.split(",")]
    work = tempfile.mkdtemp(prefix="wt-linearity-")
    makers = {"typos": typos_text, "lines": lines_text, "lsp": lsp_text, "word": word_text, "nested": nested_text}
    # Warm-up: loads the speller's index into the page cache.
    warm = os.path.join(work, "warm.txt")
    open(warm, "w").write("A warm-up with teh usual typo.\n")
    run_cli(binary, warm, args.timeout)
    print(f"{'case':<6} {'scale':>5} {'input':>12} {'findings':>9} {'seconds':>9} {'ratio':>7}")
    for case in args.cases.split(","):
        previous = None
        for s in scales:
            n = BASES[case] * s
            path = os.path.join(work, f"{case}-{s}.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(makers[case](n))
            size = os.path.getsize(path)
            runner = run_lsp if case == "lsp" else (lambda b, p, t: run_cli(b, p, t, "summary")) if case == "nested" else run_cli
            try:
                elapsed, findings = runner(binary, path, args.timeout)
            except (subprocess.TimeoutExpired, TimeoutError):
                print(f"{case:<6} {s:>4}x {size:>10} B {'-':>9} {'>' + str(int(args.timeout)):>9} {'-':>7}")
                break
            ratio = f"{elapsed / previous:.1f}" if previous else "-"
            peak = f"  peak RSS of all runs so far {PEAK[path] // 1024} MB" if case == "word" else ""
            print(f"{case:<6} {s:>4}x {size:>10} B {findings:>9} {elapsed:>9.2f} {ratio:>7}{peak}", flush=True)
            previous = elapsed
    return 0


if __name__ == "__main__":
    sys.exit(main())
