#!/bin/sh
# Runs every offline tool on inputs/ into $2 (before or after) with the binary $1.
# Usage: sh Benchmarks/results/rewrites-s53/run.sh .build/debug/writing-tools after
set -u
bin=$1; out=$(dirname "$0")/$2; in=$(dirname "$0")/inputs
mkdir -p "$out"
for f in "$in"/*; do b=$(basename "$f"); b=${b%.*}
  for t in concise rewrite professional friendly list; do
    "$bin" $t "$f" > "$out/$b.$t.txt" 2> "$out/$b.$t.err" < /dev/null
  done
  for l in short medium long; do
    "$bin" summary --length $l "$f" > "$out/$b.summary.$l.txt" 2> "$out/$b.summary.$l.err" < /dev/null
  done
  "$bin" key-points "$f" > "$out/$b.key-points.txt" 2> "$out/$b.key-points.err" < /dev/null
done
