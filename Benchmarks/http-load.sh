#!/usr/bin/env bash
# Load benchmark of `writing-tools serve` (not a test): REQUESTS (10,000) POST /v2/check requests,
# one book paragraph each (Alice in Wonderland, ../shared/data/dev/books: 788 paragraphs, so each
# recurs about 13 times), from CONNECTIONS (200) concurrent keep-alive connections with Debian's
# wrk (2 threads, Benchmarks/http-load.lua). Reports errors, latency percentiles, throughput and
# the server's resident memory (before, after, peak). The server is the release build, --quiet,
# started fresh per run with an empty HOME (no user dictionary) and the user's cache (the spelling
# suggester's index, built once and kept in ~/.cache/writing-tools); the first pass over the
# paragraphs is cold: dictionaries are loaded at start-up, spelling suggestions are computed on
# first sight of a word.
#
#   bash Benchmarks/http-load.sh                 # saturating: each connection sends as soon as answered
#   PACE_MS=190 bash Benchmarks/http-load.sh     # offered load: each connection waits 190 ms between requests (~1,000/s)
#   PACE_MS=190 PHASE=0 bash Benchmarks/http-load.sh   # the same, all connections' first requests at once
#
# Environment: REQUESTS, CONNECTIONS, THREADS (server workers, default 2), PACE_MS, PHASE (random or 0),
# CHECK_CACHE (the server's --check-cache, default its own), BOOK, PORT, BIN (a built binary: no build),
# ACCESS_LOG=1 (the server logs each request; its own time per /v2/check, from reading the request
# line to the end of the answer, is then reported beside wrk's, which adds the wait to be read).
set -euo pipefail
cd "$(dirname "$0")/.."
REQUESTS=${REQUESTS:-10000}
CONNECTIONS=${CONNECTIONS:-200}
THREADS=${THREADS:-2}
PACE_MS=${PACE_MS:-0}
PORT=${PORT:-18181}
BOOK=${BOOK:-../shared/data/dev/books/alice-in-wonderland.md}
command -v wrk >/dev/null || { echo "http-load: wrk is missing (apt-get install wrk)" >&2; exit 1; }
if [ -z "${BIN:-}" ]; then
  swift build -c release --product writing-tools >&2
  BIN=.build/release/writing-tools
fi
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
# One URL-encoded form body a line: text=<paragraph>&language=en-US.
python3 - "$BOOK" > "$work/bodies.txt" <<'PY'
import sys, urllib.parse
paras = [p.strip() for p in open(sys.argv[1], encoding="utf-8").read().split("\n\n")]
paras = [p for p in paras if len(p) >= 40]
for p in paras:
    print(urllib.parse.urlencode({"text": p, "language": "en-US"}))
print(f"{len(paras)} paragraphs, mean {sum(map(len, paras)) / len(paras):.0f} characters", file=sys.stderr)
PY
cache=${XDG_CACHE_HOME:-$HOME/.cache}
quiet=--quiet; [ "${ACCESS_LOG:-0}" = 1 ] && quiet=
HOME="$work" XDG_CACHE_HOME="$cache" "$BIN" serve --port "$PORT" --threads "$THREADS" $quiet --max-connections 1024 \
  ${CHECK_CACHE:+--check-cache "$CHECK_CACHE"} 2>"$work/server.log" &
server=$!
start=$(date +%s.%N)
for _ in $(seq 1 1200); do curl -sf "http://127.0.0.1:$PORT/v2/healthcheck" >/dev/null && break; sleep 0.05; done
curl -sf "http://127.0.0.1:$PORT/v2/healthcheck" >/dev/null || { echo "http-load: the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
echo "server ready after $(echo "$(date +%s.%N) - $start" | bc) s (dictionaries and the suggester's index loaded)"
rss() { awk -v k="$1" '$1 == k":" {print $2 " kB"}' /proc/$server/status; }
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
echo "server: $BIN serve --threads $THREADS${CHECK_CACHE:+ --check-cache $CHECK_CACHE}; RSS before: $(rss VmRSS)"
echo "wrk: $REQUESTS requests, $CONNECTIONS connections, 2 threads, pace ${PACE_MS} ms, first requests: ${PHASE:-random}"
# CPU seconds (user + system) of a process so far.
cpu() { awk -v t="$(getconf CLK_TCK)" '{ split($0, a, ") "); split(a[2], f, " "); printf "%.2f", (f[12] + f[13]) / t }' /proc/$1/stat; }
server_cpu_before=$(cpu $server)
mkdir -p "$work/marks"
REQUESTS=$REQUESTS PACE_MS=$PACE_MS PHASE=${PHASE:-random} CONNECTIONS=$CONNECTIONS WRK_THREADS=2 BODIES_FILE="$work/bodies.txt" MARK_DIR="$work/marks" \
  wrk -t2 -c"$CONNECTIONS" -d120s --timeout 10s -s Benchmarks/http-load.lua "http://127.0.0.1:$PORT"
server_cpu=$(echo "$(cpu $server) - $server_cpu_before" | bc)
echo "server CPU during the run: $server_cpu s, $(echo "scale=3; 1000 * $server_cpu / $REQUESTS" | bc) ms a request"
echo "server RSS after: $(rss VmRSS), peak: $(rss VmHWM); load average after $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server's check cache: $(curl -sf "http://127.0.0.1:$PORT/metrics" | awk '/^writing_tools_check_cache_(hits_total|misses_total|entries) / {sub("writing_tools_check_cache_", ""); printf "%s %s  ", $1, $2}')"
if [ "${ACCESS_LOG:-0}" = 1 ]; then
  python3 - "$work/server.log" <<'PY'
import json, sys
ms = sorted(json.loads(l)["ms"] for l in open(sys.argv[1]) if l.startswith("{") and '"/v2/check"' in l)
if ms:
    q = lambda p: ms[min(len(ms) - 1, int(p / 100 * len(ms)))]
    print(f"server's own time per /v2/check ({len(ms)}) ms: p50 {q(50):.2f}  p90 {q(90):.2f}  p99 {q(99):.2f}  p99.9 {q(99.9):.2f}  max {ms[-1]:.2f}")
PY
fi
