#!/usr/bin/env bash
# Two `writing-tools serve` instances behind HAProxy (deploy/haproxy.cfg, ports moved to free
# ones), a load run through the balancer with Debian's wrk (CONNECTIONS keep-alive connections,
# POST /v2/check, one short paragraph each, DURATION seconds), and one instance killed with
# SIGKILL a third of the way in. Reports wrk's errors and non-2xx answers (both must be 0: the
# requests the dead instance dropped are sent again to the other), when HAProxy marked the
# instance DOWN, and then checks that sessions stay on the instance that holds them.
#
#   bash Benchmarks/http-failover.sh            # BIN=.build/release/writing-tools if built, else debug
#
# Environment: BIN, BOOK (a Markdown file whose paragraphs to send), DURATION (12), CONNECTIONS (8), BASE_PORT (18480: balancer; +1, +2 instances).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-12}
CONNECTIONS=${CONNECTIONS:-8}
BASE=${BASE_PORT:-18480}
LB=$BASE; P1=$((BASE + 1)); P2=$((BASE + 2))
BIN=${BIN:-}
if [ -z "$BIN" ]; then
  if [ -x .build/release/writing-tools ]; then BIN=.build/release/writing-tools; else BIN=.build/debug/writing-tools; fi
fi
for tool in wrk haproxy curl; do command -v $tool >/dev/null || { echo "http-failover: $tool is missing (scripts/install-deps.sh)" >&2; exit 1; }; done
work=$(mktemp -d)
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
sed -e "s/127.0.0.1:8080/127.0.0.1:$LB/" -e "s/127.0.0.1:8081/127.0.0.1:$P1/" -e "s/127.0.0.1:8082/127.0.0.1:$P2/" \
    deploy/haproxy.cfg > "$work/haproxy.cfg"
cache=${XDG_CACHE_HOME:-$HOME/.cache}
start() { # name port
  mkdir -p "$work/$1"
  HOME="$work/$1" XDG_CACHE_HOME="$cache" "$BIN" serve --port "$2" --instance "$1" --quiet --threads 2 2>"$work/$1.log" &
  pids+=($!)
  eval "pid_$1=$!"
}
start wt1 "$P1"
start wt2 "$P2"
for p in $P1 $P2; do
  for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$p/v2/healthcheck" >/dev/null && break; sleep 0.1; done
done
haproxy -f "$work/haproxy.cfg" -db 2>"$work/haproxy.log" &
pids+=($!)
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$LB/v2/healthcheck" >/dev/null && break; sleep 0.1; done
sleep 2.5   # both servers UP (rise 2 × 1 s)
# Bodies: the book's paragraphs (BOOK=path), or by default 200 sentences of common words with a
# grammar slip each and no unknown word: a debug build computes the spelling suggester's index on
# the first unknown word it meets (seconds of CPU on a worker thread, which also delays health
# checks); the failover is what is measured here, not the checker.
python3 - "${BOOK:-}" > "$work/bodies.txt" <<'PY'
import sys, urllib.parse, random
if sys.argv[1]:
    paras = [p.strip() for p in open(sys.argv[1], encoding="utf-8").read().split("\n\n") if len(p.strip()) >= 40]
else:
    rnd = random.Random(7)
    subjects = ["The team", "My brother", "Our neighbour", "The new manager", "A friend of mine", "The teacher"]
    verbs = ["bought a apple", "wrote a email", "found a old map", "ate a orange", "read a article"]
    ends = ["on Monday.", "after lunch.", "in the morning.", "before the meeting.", "last week."]
    paras = [" ".join([rnd.choice(subjects), rnd.choice(verbs), rnd.choice(ends), "It was a good day."]) for _ in range(200)]
for p in paras:
    print(urllib.parse.urlencode({"text": p, "language": "en-US"}))
PY
cat > "$work/load.lua" <<'LUA'
local bodies = {}
for line in io.lines(os.getenv("BODIES_FILE")) do bodies[#bodies + 1] = line end
local i = 0
function request()
  i = i % #bodies + 1
  return wrk.format("POST", "/v2/check", {["Content-Type"] = "application/x-www-form-urlencoded"}, bodies[i])
end
local statuses = {}
function response(status, headers, body)
  if status ~= 200 then io.stderr:write("status " .. status .. "\n") end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("requests %d in %.1f s: %.1f/s; errors: connect %d, read %d, write %d, status %d, timeout %d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6), e.connect, e.read, e.write, e.status, e.timeout))
  io.write(string.format("latency ms: p50 %.1f p99 %.1f max %.1f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
LUA
echo "binary: $BIN; balancer :$LB, wt1 :$P1, wt2 :$P2; $CONNECTIONS connections for $DURATION s; wt1 killed (SIGKILL) at $((DURATION / 3)) s"
BODIES_FILE="$work/bodies.txt" wrk -t 2 -c "$CONNECTIONS" -d "${DURATION}s" --timeout 10s -s "$work/load.lua" "http://127.0.0.1:$LB" \
  >"$work/wrk.out" 2>"$work/wrk.err" &
wrk_pid=$!
sleep $((DURATION / 3))
kill -KILL "$pid_wt1"
killed_at=$(date +%s.%N)
wait $wrk_pid || true
cat "$work/wrk.out"
bad=$(grep -c '^status' "$work/wrk.err" || true)
echo "answers other than 200: $bad"
[ "$bad" = 0 ] || sort "$work/wrk.err" | uniq -c | sort -rn | head -5
grep -v "^status" "$work/haproxy.log" | head -20
grep -m1 -i "wt1 is DOWN" "$work/haproxy.log" | sed 's/^/haproxy: /' || echo "haproxy: (no DOWN line)"
grep -ci "redispatch\|retry" "$work/haproxy.log" | sed 's/^/haproxy log lines mentioning retries: /' || true
# Sessions: created through the balancer, then addressed through it, they stay on their instance.
start wt1 "$P1"
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$P1/v2/healthcheck" >/dev/null && break; sleep 0.1; done
sleep 2.5
ok=0
for k in $(seq 1 10); do
  id=$(curl -sf "http://127.0.0.1:$LB/api/sessions" -d '{"tool":"proofread","text":"This is a example."}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
  curl -sf "http://127.0.0.1:$LB/api/sessions/$id/suggestions/0/reject" -X POST >/dev/null && \
  curl -sf "http://127.0.0.1:$LB/api/sessions/$id" | grep -q '"state":"rejected"' && ok=$((ok + 1))
done
echo "sessions through the balancer: $ok of 10 found on their instance (ids wt1-… and wt2-…)"
grep -q 'errors: connect 0, read 0, write 0, status 0, timeout 0' "$work/wrk.out" && errors=0 || errors=1
[ "$bad" = 0 ] && [ "$errors" = 0 ] && [ "$ok" = 10 ] && echo "PASS: no request failed" || { echo "FAIL"; exit 1; }
