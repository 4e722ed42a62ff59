#!/usr/bin/env bash
# Adds up a fuzzing campaign that spans runs: the ledger scripts/fuzz.sh --corpus-dir DIR writes
# (DIR/ledger.tsv, one line a target's run). A run counts towards a target's total at COMMIT
# (default HEAD) only when its binary was built from a commit at which every source folder the
# target is built from is the same as at COMMIT (git diff, folders below); runs built from a tree
# with uncommitted changes ("+changes") or from a commit this clone lacks are never counted.
#
#   scripts/fuzz-ledger.sh DIR [COMMIT]
#
# Prints per target: the runs and executions counted, their failures, the runs left out (other
# code), and the dates of the counted runs.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/fuzz-ledger.sh DIR [COMMIT]}
at=${2:-HEAD}
ledger="$dir/ledger.tsv"
[ -s "$ledger" ] || { echo "fuzz-ledger.sh: no ledger at $ledger" >&2; exit 2; }

# The folders each target is built from: its own, FuzzSupport, and its modules' closure in
# Package.swift (TextModel ← DocumentStructure ← Proofreading, LanguageModels ← WritingToolsEngine
# ← WritingTools ← front ends).
paths() {
  local base=(Package.swift Fuzz/FuzzSupport Fuzz/CLibFuzzer "Fuzz/$1" Sources/TextModel)
  local core=(Sources/DocumentStructure Sources/Proofreading Sources/LanguageModels Sources/WritingToolsEngine Sources/WritingTools)
  case "$1" in
    fuzz-offsets|fuzz-json) echo "${base[@]}" ;;
    fuzz-document) echo "${base[@]}" Sources/DocumentStructure ;;
    fuzz-session) echo "${base[@]}" "${core[@]}" ;;
    fuzz-tools|fuzz-batch) echo "${base[@]}" "${core[@]}" Sources/WritingToolsCLI ;;
    fuzz-lsp) echo "${base[@]}" "${core[@]}" Sources/WritingToolsLSP ;;
    fuzz-http) echo "${base[@]}" "${core[@]}" Sources/WritingToolsHTTP Sources/CMicroHTTPDSupport ;;
    *) echo "" ;;
  esac
}

same_code() { # commit target
  local c=$1 t=$2 p
  case "$c" in *+changes|unknown|"") return 1 ;; esac
  git cat-file -e "$c^{commit}" 2>/dev/null || return 1
  p=$(paths "$t")
  [ -n "$p" ] || return 1
  # shellcheck disable=SC2086
  git diff --quiet "$c" "$at" -- $p
}

printf '%-14s %6s %12s %9s %8s  %s\n' target runs executions failures "left out" "counted runs (UTC)"
tail -n +2 "$ledger" | cut -f4 | sort -u | while read -r t; do
  runs=0 execs=0 fails=0 out=0 first="" last=""
  while IFS=$'\t' read -r date commit _sha target _seed n _secs _speed f _ended _files; do
    [ "$target" = "$t" ] || continue
    if same_code "$commit" "$t"; then
      runs=$((runs + 1)); execs=$((execs + n)); fails=$((fails + f))
      [ -n "$first" ] || first=$date
      last=$date
    else
      out=$((out + 1))
    fi
  done < <(tail -n +2 "$ledger")
  printf '%-14s %6s %12s %9s %8s  %s\n' "$t" "$runs" "$execs" "$fails" "$out" "${first:+$first … $last}"
done
echo "(code of each target as at $(git rev-parse --short=10 "$at"))"
