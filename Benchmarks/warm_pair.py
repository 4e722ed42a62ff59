#!/usr/bin/env python3
"""Warm throughput on an unseen book of two builds of writing-tools, run alternately (old, new)
N times each so that the machine's load falls on both alike: a fresh batch process per run
reads the dev book (the warm-up record), then the unseen book, which is timed: wall time of the
round trip and the process's processor time for it (user + system from /proc/PID/stat).
Medians; each binary's folder gets its own cache (XDG_CACHE_HOME=DIR/cache), built by a first
run beforehand.

  python3 Benchmarks/warm_pair.py OLD_BINARY NEW_BINARY N BOOK...
"""
import sys, json, subprocess, time, os, statistics
old, new, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
books = sys.argv[4:]
warm = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'data', 'dev', 'books', 'alice-in-wonderland.md')).read()
tick = os.sysconf('SC_CLK_TCK')
def cpu(pid):
    f = open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()
    return (int(f[11]) + int(f[12])) / tick
def run(binary, text):
    d = os.path.dirname(binary)
    env = dict(os.environ, XDG_CACHE_HOME=d + '/cache')
    p = subprocess.Popen([binary, 'proofread', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, bufsize=1)
    def ask(i, t):
        p.stdin.write(json.dumps({"id": str(i), "text": t, "language": "en-US", "markup": "markdown"}) + "\n"); p.stdin.flush()
        return json.loads(p.stdout.readline())
    ask(0, "Warm up."); ask(1, warm)
    c0 = cpu(p.pid); t0 = time.perf_counter()
    r = ask(2, text)
    el = time.perf_counter() - t0; c1 = cpu(p.pid)
    p.stdin.close(); p.wait()
    return el, c1 - c0, len(r.get('matches', []))
for b in books:
    text = open(b).read()
    res = {old: [], new: []}
    for _ in range(n):
        for x in (old, new): res[x].append(run(x, text))
    def med(x, k): return statistics.median(r[k] for r in res[x])
    print(f"{os.path.basename(b)}: wall old {med(old,0)*1000:.1f} new {med(new,0)*1000:.1f} ms ({med(old,0)/med(new,0):.2f}x); cpu old {med(old,1)*1000:.0f} new {med(new,1)*1000:.0f} ms; found {res[old][0][2]} {res[new][0][2]}; load {os.getloadavg()[0]:.1f}")
