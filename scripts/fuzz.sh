#!/usr/bin/env bash
# Fuzzing with libFuzzer (Swift's -sanitize=fuzzer) and AddressSanitizer: builds the targets of
# Fuzz/ (Package.swift's fuzz-* executables) into .build-fuzz with -DFUZZING, then runs each for a
# fixed number of executions from a scratch copy of its seed corpus (Fuzz/Corpus/<target>, which
# therefore never grows), with a fixed -seed, and reports per target the executions, the speed,
# the coverage reached and the crashes. A crash or failed invariant leaves its input in
# .build-fuzz/artifacts/<target>/ (replay it with an ordinary build: .build/debug/<target> FILE).
# With --corpus-dir, a campaign spans runs: each target's corpus is kept and grown in
# DIR/<target> (outside the repository), and each run adds a line to DIR/ledger.tsv.
#
#   scripts/fuzz.sh [--smoke] [--runs N] [--time S] [--seed S] [--no-build] [--corpus-dir DIR] [TARGET...]
#
#   --smoke     2,000 executions a target (CI: scripts/test.sh runs this)
#   --runs N    N executions a target (default 100,000)
#   --time S    stop a target after S seconds even if its N runs are not done (libFuzzer's
#               -max_total_time: on a machine whose cores other jobs hold; 0, the default, is no limit)
#   --seed S    libFuzzer's -seed (default 1)
#   --no-build  use the binaries already in .build-fuzz/release
#   --corpus-dir DIR  resume: libFuzzer reads DIR/<target> and the checked-in seeds and writes
#               what it finds to DIR/<target>, so the corpus grows across runs; each target's run
#               appends a line to DIR/ledger.tsv (date, the commit its binary was built from, the
#               binary's SHA-256, target, seed, executions, seconds, exec/s, failures, how it
#               ended, corpus files). Without --seed, the seed is the time (a resumed campaign
#               should not replay the same mutations). Sum a campaign's executions with
#               scripts/fuzz-ledger.sh DIR (README-fuzzing.md, "Campaigns that span runs").
#   TARGET      fuzz-document fuzz-tools fuzz-offsets fuzz-lsp fuzz-batch fuzz-session fuzz-json fuzz-http
#               (default all)
#
# FUZZ_LOG_DIR keeps each target's full libFuzzer log (default: a temporary folder, removed).
# FUZZ_TIMEOUT: seconds of wall-clock time an input may take before libFuzzer calls it a hang
# (default 30; raise it on a machine whose cores other jobs hold).
# FUZZ_MALLOC_CONTEXT: stack frames AddressSanitizer keeps per allocation (default 0, for speed;
# 30 to see where a reported block was allocated and freed).
# Exit status: 0 when no target crashed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
runs=100000
max_time=0
seed=1
seed_given=0
corpus_dir=""
build=1
smoke=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1; runs=2000 ;;
    --runs) runs="$2"; shift ;;
    --time) max_time="$2"; shift ;;
    --seed) seed="$2"; seed_given=1; shift ;;
    --no-build) build=0 ;;
    --corpus-dir) corpus_dir="$2"; shift ;;
    -h|--help) sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    fuzz-*) targets+=("$1") ;;
    *) echo "fuzz.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -n "$corpus_dir" ]; then
  mkdir -p "$corpus_dir"
  corpus_dir=$(cd "$corpus_dir" && pwd)
  case "$corpus_dir/" in "$root"/*) echo "fuzz.sh: --corpus-dir must be outside the repository" >&2; exit 2 ;; esac
  [ $seed_given = 1 ] || seed=$(date +%s)
fi
all=(fuzz-document fuzz-tools fuzz-offsets fuzz-lsp fuzz-batch fuzz-session fuzz-json fuzz-http)
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

# Per target: the largest input libFuzzer makes, and its dictionary.
options() {
  case "$1" in
    fuzz-document) echo "-max_len=2048 -dict=$root/Fuzz/Dictionaries/markdown.dict" ;;
    fuzz-tools) echo "-max_len=1024 -dict=$root/Fuzz/Dictionaries/markdown.dict" ;;
    fuzz-offsets) echo "-max_len=256" ;;
    fuzz-lsp) echo "-max_len=2048 -dict=$root/Fuzz/Dictionaries/jsonrpc.dict" ;;
    fuzz-batch) echo "-max_len=1024 -dict=$root/Fuzz/Dictionaries/batch.dict" ;;
    fuzz-session) echo "-max_len=512" ;;
    fuzz-json) echo "-max_len=512 -dict=$root/Fuzz/Dictionaries/batch.dict" ;;
    fuzz-http) echo "-max_len=2048 -dict=$root/Fuzz/Dictionaries/http.dict" ;;
  esac
}

scratch=.build-fuzz
flags=(-c release --scratch-path "$scratch" -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address
       # ld.gold fails on the fuzzer runtime (an internal error); the toolchain's lld links it.
       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld)
if [ $build = 1 ]; then
  started=$(date +%s)
  for t in "${targets[@]}"; do
    swift build "${flags[@]}" --product "$t" 2>&1 | grep -E "error|warning: |Compiling|complete" | grep -v "^\[" || true
    [ -x "$scratch/release/$t" ] || { echo "fuzz.sh: $t did not build" >&2; exit 1; }
    # The commit the binary was built from, for the ledger (a later --no-build run may be on
    # another checkout); "+changes" when the work tree differed from it.
    commit=$(git rev-parse --short=10 HEAD 2>/dev/null || echo unknown)
    git diff --quiet HEAD -- Sources Fuzz Package.swift 2>/dev/null || commit="$commit+changes"
    echo "$commit" > "$scratch/release/$t.commit"
  done
  echo "fuzz.sh: built ${#targets[@]} target(s) in $(( $(date +%s) - started )) s"
fi

work=$(mktemp -d /tmp/writing-tools-fuzz.XXXXXX)
logs=${FUZZ_LOG_DIR:-$work/logs}
mkdir -p "$logs"
trap 'rm -rf "$work"' EXIT
# The proofreader's indexes (spelling, the part-of-speech lexicon) are built on first use and
# kept in XDG_CACHE_HOME: shared by the targets and kept between runs in .build-fuzz/cache, and
# built before the timed runs by one run of each target over one seed input with no time limit
# (built under AddressSanitizer on a loaded machine, the lexicon alone took minutes, which
# libFuzzer's -timeout then reported as a hang of the first input). Every seed is run once, not
# only the first: a British seed builds the en-GB caches too (their accepted-words set took 34 s
# under AddressSanitizer in CI's smoke run of fuzz-tools, reported as a hang).
cache="$root/$scratch/cache"
mkdir -p "$cache"
for t in "${targets[@]}"; do
  mkdir -p "$work/warm-$t" "$work/warm-seeds-$t"
  cp "$root/Fuzz/Corpus/$t/"* "$work/warm-seeds-$t/"
  (cd "$work" && HOME="$work/warm-$t" XDG_CONFIG_HOME="$work/warm-$t" XDG_CACHE_HOME="$cache" SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS=detect_leaks=0 "$root/$scratch/release/$t" -timeout=0 -runs=0 "$work/warm-seeds-$t") > "$logs/$t.warm.log" 2>&1 || true
done
failed=0
printf '%-14s %10s %9s %8s %8s %8s %8s %s\n' target runs seconds exec/s cov ft corpus crashes
for t in "${targets[@]}"; do
  corpus="$work/corpus-$t"
  mkdir -p "$corpus" "$root/$scratch/artifacts/$t" "$work/home-$t"
  cp "$root/Fuzz/Corpus/$t/"* "$corpus/"
  corpora=("$corpus")
  if [ -n "$corpus_dir" ]; then
    # libFuzzer writes new inputs to the first folder only: the kept one; the seeds are read too.
    mkdir -p "$corpus_dir/$t"
    corpora=("$corpus_dir/$t" "$corpus")
  fi
  log="$logs/$t.log"
  # -timeout: an input that takes FUZZ_TIMEOUT seconds is reported as a hang. The language server target writes
  # its user dictionary under the scratch HOME; the working folder is scratch too.
  set +e
  # shellcheck disable=SC2046
  # SWIFT_BACKTRACE=enable=no: on a trap, the Swift runtime's backtracer reads the crashed
  # process's memory itself (CrashHandlerLinux memserver_read), which AddressSanitizer reports as
  # a stack-buffer-underflow, hiding the real trap; without it libFuzzer prints the trap's message
  # and stack and saves the input.
  # malloc_context_size=0: AddressSanitizer records no stack for each allocation and free
  # (Swift allocates at every turn: the unwinding and the stack depot took 29 % of fuzz-document's
  # CPU time). A report then lacks the allocation's stack, not the crash's; the saved input,
  # replayed with FUZZ_MALLOC_CONTEXT=30 (ASan's default), gives it.
  (cd "$work" && HOME="$work/home-$t" XDG_CONFIG_HOME="$work/home-$t" XDG_CACHE_HOME="$cache" SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS=detect_leaks=0:symbolize=1:malloc_context_size=${FUZZ_MALLOC_CONTEXT:-0} \
    "$root/$scratch/release/$t" -runs="$runs" -max_total_time="$max_time" -seed="$seed" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$root/$scratch/artifacts/$t/" $(options "$t") "${corpora[@]}") > "$log" 2>&1
  code=$?
  set -e
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  speed=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' || true)
  secs=$(grep -E '^Done [0-9]+ runs in' "$log" | awk '{print $5}' || true)
  cov=$(echo "$last" | sed -nE 's/.*cov: ([0-9]+).*/\1/p')
  ft=$(echo "$last" | sed -nE 's/.* ft: ([0-9]+).*/\1/p')
  corp=$(echo "$last" | sed -nE 's/.*corp: ([0-9]+\/[0-9]+[a-zA-Z]*).*/\1/p')
  crashes=$(grep -cE '^(==[0-9]+==ERROR|INVARIANT FAILED|.*Fatal error|.*deadly signal|==[0-9]+== ERROR: libFuzzer)' "$log" || true)
  if [ $code -ne 0 ] || [ -z "$done_line" ]; then
    failed=1
    [ "$crashes" = 0 ] && crashes="exit $code"
  fi
  if [ -n "$corpus_dir" ]; then
    ledger="$corpus_dir/ledger.tsv"
    [ -s "$ledger" ] || printf 'date\tcommit\tbinary_sha256\ttarget\tseed\texecutions\tseconds\texec_per_s\tfailures\tended\tcorpus_files\n' > "$ledger"
    # How the run ended: done (its -runs), time (its --time), interrupted (SIGINT/SIGTERM:
    # libFuzzer's exit 72 after its final stats), failure (a crash, invariant, timeout or
    # memory limit; its input is in the artifacts folder).
    if grep -qE 'libFuzzer: run interrupted' "$log"; then ended=interrupted
    elif [ $code -ne 0 ]; then ended=failure
    elif [ "${execs:-0}" -ge "$runs" ] 2>/dev/null; then ended=done
    else ended=time; fi
    nfail=0
    [ "$ended" = failure ] && nfail=1
    [ -n "$secs" ] || secs=$(grep -E '^stat::' "$log" >/dev/null && awk -v e="${execs:-0}" -v r="${speed:-0}" 'BEGIN{ if (r>0) printf "%d", e/r; else print "?" }')
    sha=$(sha256sum "$root/$scratch/release/$t" | cut -c1-16)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" \
      "$(cat "$root/$scratch/release/$t.commit" 2>/dev/null || echo unknown)" "$sha" "$t" "$seed" \
      "${execs:-0}" "${secs:-?}" "${speed:-?}" "$nfail" "$ended" "$(find "$corpus_dir/$t" -type f | wc -l)" >> "$ledger"
  fi
  printf '%-14s %10s %9s %8s %8s %8s %8s %s\n' "$t" "${execs:-?}" "${secs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$crashes"
  echo "  $done_line"
  if [ $code -ne 0 ]; then
    grep -E 'INVARIANT FAILED|Fatal error|ERROR|SUMMARY|Test unit written|^context:' "$log" | head -12 | sed 's/^/  | /'
  fi
done
[ -n "${FUZZ_LOG_DIR:-}" ] && echo "fuzz.sh: logs in $logs"
exit $failed
