#!/usr/bin/env bash
# Proofreads a ~50 MB Markdown document (Examples/sample.md repeated) and reports wall time and
# peak memory (max RSS), to show that large files are processed in bounded memory.
# Usage: Benchmarks/large_file.sh [MEGABYTES]   (default 50; needs a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
mb="${1:-50}"
bin=.build/release/writing-tools
[ -x "$bin" ] || swift build -c release --product writing-tools
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/big.md" "$mb" <<'PY'
import sys
sample = open("Examples/sample.md", encoding="utf-8").read()
target = int(sys.argv[2]) * 1024 * 1024
with open(sys.argv[1], "w", encoding="utf-8") as f:
    size = 0
    while size < target:
        f.write(sample + "\n")
        size += len(sample.encode()) + 1
PY
size=$(stat -c %s "$tmp/big.md")
for fmt in json text; do
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$bin" proofread --format "$fmt" "$tmp/big.md" > "$tmp/out" 2>/dev/null || true
  read -r secs kb < <(tail -n 1 "$tmp/time")
  findings=$(if [ "$fmt" = json ]; then python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["files"][0]["matches"]))' "$tmp/out"; else grep -c '^/' "$tmp/out"; fi)
  python3 -c 'import sys; f,size,secs,kb,n=sys.argv[1:]; size=int(size); kb=int(kb); print(f"format={f:4} input={size/1048576:.1f} MB  wall={secs} s  max RSS={kb/1024:.0f} MB ({kb*1024/size:.1f} x input)  findings={n}")' \
    "$fmt" "$size" "$secs" "$kb" "$findings"
done
