#!/usr/bin/env python3
"""Issue 34 (session 52): a rewrite re-checks only the paragraphs its edits touch. Two builds of
writing-tools, run alternately on the same long documents so that the machine's load falls on
both alike, for each tool: the time of each and whether their outputs are the same byte for byte.

- cold: a new `writing-tools TOOL FILE` process per run (loading the dictionary and the rules
  included; each binary's cache, XDG_CACHE_HOME=DIR/cache, built by a first run beforehand):
  wall time and the process's processor time (user + system).
- warm: one `writing-tools serve` per build, a warm-up request first (the same tool on the same
  document), then the timed `POST /api/tools/TOOL` requests: wall time of the round trip and the
  server's processor time for it (/proc/PID/stat).

Medians of N runs. Prints a Markdown table; with --out DIR, each build's outputs too.

  python3 Benchmarks/recheck_window.py OLD_BINARY NEW_BINARY [--n 3] [--tools concise,professional]
      [--out DIR] FILE...
"""
import argparse, json, os, resource, socket, statistics, subprocess, sys, time, urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("old"); ap.add_argument("new"); ap.add_argument("files", nargs="+")
ap.add_argument("--n", type=int, default=3)
ap.add_argument("--tools", default="concise,professional")
ap.add_argument("--out")
args = ap.parse_args()
tick = os.sysconf("SC_CLK_TCK")


def env(binary):
    return dict(os.environ, XDG_CACHE_HOME=os.path.join(os.path.dirname(os.path.abspath(binary)), "cache"))


def cold(binary, tool, path):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run([binary, tool, path], capture_output=True, env=env(binary))
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), p.stdout


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port


def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / tick


class Server:
    def __init__(self, binary):
        self.port = free_port()
        self.p = subprocess.Popen([binary, "serve", "--port", str(self.port)], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, env=env(binary))
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/v2/healthcheck", timeout=5).read(); return
            except Exception:
                time.sleep(0.5)
        raise SystemExit(f"{binary} serve did not start")

    def run(self, tool, text, markup):
        body = json.dumps({"text": text, "markup": markup}).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}/api/tools/{tool}", data=body,
                                     headers={"Content-Type": "application/json"})
        c0 = cpu(self.p.pid); t0 = time.perf_counter()
        answer = json.loads(urllib.request.urlopen(req, timeout=900).read())
        return time.perf_counter() - t0, cpu(self.p.pid) - c0, answer["text"].encode()

    def stop(self):
        self.p.terminate(); self.p.wait()


tools = args.tools.split(",")
binaries = {"old": args.old, "new": args.new}
rows = []
# Caches built and verified (a first run of each binary).
for b in binaries.values():
    subprocess.run([b, "proofread", args.files[0]], capture_output=True, env=env(b))
results = {}
for path in args.files:
    for tool in tools:
        for _ in range(args.n):
            for label, b in binaries.items():
                results.setdefault(("cold", path, tool, label), []).append(cold(b, tool, path))
servers = {label: Server(b) for label, b in binaries.items()}
try:
    for path in args.files:
        text = open(path, encoding="utf-8").read()
        markup = "markdown" if path.endswith(".md") else "plain"
        for tool in tools:
            for s in servers.values(): s.run(tool, text, markup)
            for _ in range(args.n):
                for label, s in servers.items():
                    results.setdefault(("warm", path, tool, label), []).append(s.run(tool, text, markup))
finally:
    for s in servers.values(): s.stop()

print(f"| document | words | tool | mode | old wall | new wall | old cpu | new cpu | cpu old/new | same output |")
print("|---|---:|---|---|---:|---:|---:|---:|---:|---|")
for mode in ("cold", "warm"):
    for path in args.files:
        words = len(open(path, encoding="utf-8").read().split())
        for tool in tools:
            o, n = results[(mode, path, tool, "old")], results[(mode, path, tool, "new")]
            same = all(x[2] == o[0][2] for x in o + n)
            mo = [statistics.median(x[k] for x in o) for k in (0, 1)]
            mn = [statistics.median(x[k] for x in n) for k in (0, 1)]
            print(f"| {os.path.basename(path)} | {words:,} | {tool} | {mode} | {mo[0]:.2f} s | {mn[0]:.2f} s | {mo[1]:.2f} s | "
                  f"{mn[1]:.2f} s | {mo[1] / mn[1]:.2f} | {'yes' if same else 'NO'} |")
            if args.out:
                os.makedirs(args.out, exist_ok=True)
                for label, r in (("old", o), ("new", n)):
                    with open(os.path.join(args.out, f"{os.path.basename(path)}.{tool}.{mode}.{label}"), "wb") as f:
                        f.write(r[0][2])
print(f"\nn = {args.n} runs each, medians; load average {os.getloadavg()[0]:.1f} at the end")
