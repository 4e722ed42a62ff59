#!/usr/bin/env python3
"""True and false alarms of each rule on the dev split's examples (issue 30: "each rule must
raise more true than false alarms on the dev set").

Runs the checker (`proofread --batch`) over `examples.jsonl` (LanguageTool's and Harper's rule
examples; the records set apart by the scorer, `apart`, are left out as it leaves them out of
"all") and counts, per rule ID of ours:

  true       flags on an incorrect sentence that overlap its marked error (any flag when the
             record marks no span)
  off        flags on an incorrect sentence elsewhere than its error (neither true nor false:
             the sentence may hold a second error)
  false      flags on a sentence the set calls correct

A rule whose false alarms are as many as its true ones or more is listed first. Offsets are UTF-16 code units on both
sides, as the scorer (`../shared/tools/eval_proofreading.py`) reads them.

    python3 scripts/rule_alarms.py [--data ../shared/data/dev] \
        [--checker '.build/debug/writing-tools proofread --batch'] [--json OUT] [--all]

`--all` lists every rule (default: the rules with a false alarm, and a summary line).
"""
import argparse
import collections
import json
import shlex
import subprocess
import sys
from pathlib import Path


def overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    """True when [a0, a1) and [b0, b1) share a unit, or an empty flag sits inside the span."""
    if a0 == a1:
        return b0 <= a0 <= b1
    return a0 < b1 and b0 < a1


def run_checker(checker: str, records: list[dict]) -> dict[str, list[dict]]:
    """The checker's matches for each record id (one `--batch` process for all of them)."""
    lines = "".join(json.dumps({"id": r["id"], "text": r["text"], "language": r.get("language", "en-US")}) + "\n"
                    for r in records)
    out = subprocess.run(shlex.split(checker), input=lines, capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"rule_alarms: the checker failed ({out.returncode}): {out.stderr[-2000:]}")
    answers = {}
    for line in out.stdout.splitlines():
        if line.strip():
            a = json.loads(line)
            answers[str(a["id"])] = a.get("matches", [])
    return answers


def count(records: list[dict], answers: dict[str, list[dict]]) -> dict[str, collections.Counter]:
    """rule ID → Counter(true, off, false)."""
    per_rule: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in records:
        for m in answers.get(str(r["id"]), []):
            rule = m.get("rule") or "?"
            a0, a1 = m["offset"], m["offset"] + m["length"]
            if r["kind"] == "correct":
                per_rule[rule]["false"] += 1
            elif not r.get("span") or overlaps(a0, a1, r["span"][0], r["span"][1]):
                per_rule[rule]["true"] += 1
            else:
                per_rule[rule]["off"] += 1
    return per_rule


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path("../shared/data/dev"))
    ap.add_argument("--checker", default=".build/debug/writing-tools proofread --batch")
    ap.add_argument("--json", type=Path, help="write the counts per rule here")
    ap.add_argument("--all", action="store_true", help="list every rule, not only those with a false alarm")
    args = ap.parse_args()
    records = [json.loads(l) for l in (args.data / "examples.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    records = [r for r in records if not r.get("apart")]
    answers = run_checker(args.checker, records)
    missing = [r["id"] for r in records if str(r["id"]) not in answers]
    if missing:
        sys.exit(f"rule_alarms: no answer for {len(missing)} records (first: {missing[0]})")
    per_rule = count(records, answers)
    worse = sorted((r for r, c in per_rule.items() if c["false"] > 0 and c["false"] >= c["true"]),
                   key=lambda r: (-per_rule[r]["false"], r))
    rest = sorted((r for r in per_rule if r not in worse), key=lambda r: (-per_rule[r]["false"], -per_rule[r]["true"], r))
    shown = worse + [r for r in rest if args.all or per_rule[r]["false"] > 0]
    n_incorrect = sum(1 for r in records if r["kind"] == "incorrect")
    print(f"{len(records)} records ({n_incorrect} incorrect, {len(records) - n_incorrect} correct); "
          f"{len(per_rule)} rules raised a flag; {len(worse)} raised no more true alarms than false ones")
    print(f"{'rule':44} {'true':>6} {'off':>6} {'false':>6}")
    for r in shown:
        c = per_rule[r]
        mark = "  <- not more true than false" if r in worse else ""
        print(f"{r:44} {c['true']:6} {c['off']:6} {c['false']:6}{mark}")
    if args.json:
        args.json.write_text(json.dumps({r: dict(c) for r, c in sorted(per_rule.items())}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
