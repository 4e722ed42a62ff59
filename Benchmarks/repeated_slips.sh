#!/usr/bin/env bash
# Worst cases for quadratic passes: one line of the same slip repeated N and then 2N times
# (“teh teh …”, “teh, teh, …”, “the the …”: a run of unknown words, one unknown word per
# sentence-less clause, a repeated word), proofread as text and as JSON. Each doubling should
# about double the time (ratio ≈ 2); a quadratic pass shows as ≈ 4.
# Usage: Benchmarks/repeated_slips.sh [N]   (default 20000; needs a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-20000}"
bin=.build/release/writing-tools
[ -x "$bin" ] || swift build -c release --product writing-tools
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for unit in "teh " "teh, " "the "; do
  for fmt in text json; do
    times=()
    for k in "$n" "$((2 * n))"; do
      python3 -c 'import sys; open(sys.argv[1], "w").write(sys.argv[2] * int(sys.argv[3]) + "\n")' "$tmp/in.txt" "$unit" "$k"
      /usr/bin/time -f "%e %M" -o "$tmp/time" "$bin" proofread --format "$fmt" "$tmp/in.txt" > /dev/null 2>&1 || true
      read -r secs kb < <(tail -n 1 "$tmp/time")
      times+=("$secs")
      printf 'unit=%-6s format=%-4s N=%-6s wall=%6s s  max RSS=%5d MB\n' "\"$unit\"" "$fmt" "$k" "$secs" "$((kb / 1024))"
    done
    python3 -c 'import sys; a,b=map(float,sys.argv[1:]); print(f"    doubling ratio {b/max(a,0.01):.2f}")' "${times[@]}"
  done
done
