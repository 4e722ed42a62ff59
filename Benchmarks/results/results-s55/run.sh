#!/bin/sh
# Usage: sh Benchmarks/results/results-s55/run.sh BINARY LABEL
# Runs Concise, Professional, List, Table, Summary (short/medium/long) and Key Points on every
# input; writes LABEL/<input>.<tool>.txt (the rewrites' edit list and notices in .<tool>.err).
BIN=$1; LABEL=$2
D=$(dirname "$0")
mkdir -p "$D/$LABEL"
for f in "$D"/inputs/*; do
  b=$(basename "$f")
  for l in short medium long; do "$BIN" summary --length $l "$f" > "$D/$LABEL/$b.summary-$l.txt" 2>/dev/null; done
  "$BIN" key-points "$f" > "$D/$LABEL/$b.key-points.txt" 2>/dev/null
  "$BIN" list "$f" > "$D/$LABEL/$b.list.txt" 2>&1
  "$BIN" table "$f" > "$D/$LABEL/$b.table.txt" 2>&1
  for t in concise professional; do "$BIN" $t "$f" > "$D/$LABEL/$b.$t.txt" 2> "$D/$LABEL/$b.$t.err"; done
done
