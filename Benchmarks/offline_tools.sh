#!/usr/bin/env bash
# Offline tools benchmark (issue 7): every tool of BuiltInToolEngine on 256 KB, 512 KB and 1 MB
# plain-text documents built from Tests/WritingToolsEngineTests/Fixtures, release build.
# The benchmark is an opt-in test (WT_BENCH=1) in the WritingToolsEngineTests target; its table
# goes to stdout and to the file given as $1 (default /tmp/offline_tools.md).
# Usage: Benchmarks/offline_tools.sh [out.md]     (env: SCRATCH=/tmp/wt-offline-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/offline_tools.md}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
scratch="${SCRATCH:-/tmp/wt-offline-bench}"
# -enable-testing: the test target uses @testable imports, which a release build refuses otherwise.
WT_BENCH=1 WT_BENCH_OUT="$out" swift test -c release -Xswiftc -enable-testing --scratch-path "$scratch" \
    --filter OfflineBenchmarkTests
echo "--- $out"
cat "$out"
