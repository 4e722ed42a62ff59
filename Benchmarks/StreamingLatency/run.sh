#!/usr/bin/env bash
# Streaming overhead, side by side with a raw socket reader on the same server in one run.
# Usage: Benchmarks/StreamingLatency/run.sh [EVENTS] [INTERVAL_MS]
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product streaming-benchmark >/dev/null
for client in writing-tools raw-socket; do
  exec 3< <(python3 Benchmarks/StreamingLatency/stream_server.py "${1:-400}" "${2:-5}")
  read -r _ port <&3
  if [ "$client" = writing-tools ]; then
    printf '%-14s ' "$client"; .build/release/streaming-benchmark "$port"
  else
    printf '%-14s ' "$client"; python3 Benchmarks/StreamingLatency/raw_client.py "$port"
  fi
  pkill -f "stream_server.py ${1:-400} ${2:-5}" || true
  exec 3<&-
done
