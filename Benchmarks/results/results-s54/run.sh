#!/bin/sh
# Usage: sh Benchmarks/results/results-s54/run.sh BINARY LABEL
# Runs every offline result tool and Friendly on the inputs; writes LABEL/<input>.<tool>.txt.
BIN=$1; LABEL=$2
D=$(dirname "$0")
mkdir -p "$D/$LABEL"
for f in "$D"/inputs/*; do
  b=$(basename "$f")
  for l in short medium long; do "$BIN" summary --length $l "$f" > "$D/$LABEL/$b.summary-$l.txt" 2>/dev/null; done
  "$BIN" key-points "$f" > "$D/$LABEL/$b.key-points.txt" 2>/dev/null
  "$BIN" table "$f" > "$D/$LABEL/$b.table.txt" 2>&1
  "$BIN" friendly "$f" > "$D/$LABEL/$b.friendly.txt" 2>/dev/null
done
