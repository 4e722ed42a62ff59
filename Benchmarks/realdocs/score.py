#!/usr/bin/env python3
"""Errors in real documents found by proofreading checkers, against an answer key (issue 30, M2c).

  python3 Benchmarks/realdocs/score.py \\
      --checker '.build/release/writing-tools proofread --batch' \\
      --checker 'python3 ../shared/tools/peers/harper_checker.py --markup {markup}' \\
      --labels writing-tools,harper [--half tune|check|all] [--dump DIR] [--json FILE]

The documents (``documents.json``: name, Debian package and version, path on this machine, the
lines taken, SHA-256 of the text as checked) are read from the machine, not from the repository;
a document whose SHA-256 differs is scored anyway, with a warning (its key lines may be off).

Every checker speaks the batch protocol of ``eval_proofreading.py``: one JSON line
``{"id", "text", "language", "markup"}`` in, one line ``{"id", "matches": [...]}`` out, offsets
and lengths in UTF-16 code units. A command holding ``{markup}`` is run once per markup with
``plaintext`` or ``markdown`` put in (Harper's wrapper takes the markup as an option); any
other command gets every document in one process, each record carrying its ``markup``.

The answer key (``key.tsv``): one clear error a row, ``document, line, column, error text,
correction, class, note``; the error's span is ``error text`` found at that line and column
(1-based, in characters). The judgements (``judgements.tsv``): every flag either checker raised
on the key's documents, ``document, line, column, flagged text, verdict, reason``; verdict is
``error`` (a key error: the key holds it), ``hint`` (a fair hint: a style or consistency remark
a careful editor could take, not an error) or ``false`` (a false alarm).

Scoring, per checker: an error is **found** when a flag overlaps its span; **correction@1** when
the flag's first suggestion, applied, gives the key's correction over the two spans' union
(errors whose key gives no correction are left out of that rate); **short** counts the errors found by
a flag of at most 60 characters on one line (a long-sentence remark overlaps every error in its
sentence without pointing at any). Flags are counted in all, per
1,000 words (runs of letters, as ``Benchmarks/tech-docs.py`` counts them), and by judgement:
on a key error, a fair hint, a false alarm, or **unjudged** (a flag no judgement names: a new
flag of a changed checker; judge it and add it to ``judgements.tsv``). The documents are split
in two halves by ``sha1(path)`` (even: ``tune``, odd: ``check``, as ``Benchmarks/heldout``
splits its rules): tune on the tune half's misses, quote the check half.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHORT = 60  # a flag longer than this (or over a line break), e.g. a long-sentence remark, finds no error "strictly"
WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")


def read_tsv(path: str) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader((line for line in f if not line.startswith("#")),
                                          delimiter="\t", quoting=csv.QUOTE_NONE)]
    return rows


def half(path: str) -> str:
    return "tune" if int(hashlib.sha1(path.encode("utf-8")).hexdigest()[:8], 16) % 2 == 0 else "check"


def load_documents(path: str) -> list[dict]:
    docs = json.load(open(path, encoding="utf-8"))
    for d in docs:
        cmd = f"zcat -f {d['path']}" + ("" if d["lines"] == "all" else f" | sed -n {d['lines']}p")
        r = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.strip():
            sys.exit(f"realdocs: {d['name']}: `{cmd}` gave no text (exit {r.returncode}); install "
                     f"the Debian package {d['package']} {d['version']}")
        d["text"] = r.stdout
        sha = hashlib.sha256(r.stdout.encode("utf-8")).hexdigest()
        if sha != d["sha256"]:
            print(f"realdocs: warning: {d['name']}: SHA-256 {sha[:12]}… is not the key's "
                  f"{d['sha256'][:12]}… (another package version?)", file=sys.stderr)
        d["half"] = half(d["path"])
        d["words"] = len(WORD.findall(r.stdout))
        units = []  # str index of each UTF-16 unit, and the end
        for i, c in enumerate(r.stdout):
            units.append(i)
            if ord(c) > 0xFFFF:
                units.append(i)
        units.append(len(r.stdout))
        d["units"] = units
        starts = [0]
        for m in re.finditer("\n", r.stdout):
            starts.append(m.end())
        d["line_starts"] = starts
    return docs


def index_at(doc: dict, line: int, col: int) -> int:
    return doc["line_starts"][line - 1] + col - 1


def line_col(doc: dict, i: int) -> tuple[int, int]:
    import bisect
    n = bisect.bisect_right(doc["line_starts"], i)
    return n, i - doc["line_starts"][n - 1] + 1


def run_checker(cmd: str, docs: list[dict], timeout: int) -> tuple[dict, float]:
    """Runs a batch-protocol checker on every document; returns {name: [(start, end, reps, rule, msg)]}."""
    groups = ([("plaintext", [d for d in docs if d["markup"] == "plain"]),
               ("markdown", [d for d in docs if d["markup"] == "markdown"])]
              if "{markup}" in cmd else [(None, docs)])
    found: dict[str, list] = {}
    wall = 0.0
    for markup, part in groups:
        if not part:
            continue
        payload = "".join(json.dumps({"id": d["name"], "text": d["text"], "language": "en-US",
                                      "markup": d["markup"]}) + "\n" for d in part)
        full = cmd.replace("{markup}", markup) if markup else cmd
        t0 = time.time()
        r = subprocess.run(full, input=payload, capture_output=True, text=True, shell=True, timeout=timeout)
        wall += time.time() - t0
        if r.returncode != 0:
            sys.exit(f"realdocs: `{full}` exited {r.returncode}: {r.stderr[-500:]}")
        by_name = {d["name"]: d for d in part}
        for line in r.stdout.splitlines():
            if not line.strip():
                continue
            o = json.loads(line)
            d = by_name[o["id"]]
            u = d["units"]
            flags = []
            for m in o.get("matches", []):
                s, e = m["offset"], m["offset"] + m["length"]
                if not (0 <= s <= e < len(u)):
                    sys.exit(f"realdocs: `{full}`: match outside {d['name']}: {m}")
                flags.append((u[s], u[e], m.get("replacements") or [], m.get("rule", "?"), m.get("message", "")))
            found[o["id"]] = sorted(flags, key=lambda f: (f[0], f[1]))
        missing = [d["name"] for d in part if d["name"] not in found]
        if missing:
            sys.exit(f"realdocs: `{full}` gave no answer for {missing}")
    return found, wall


def overlaps(fs: int, fe: int, gs: int, ge: int) -> bool:
    if fs == fe:
        return gs <= fs <= ge
    return fs < ge and gs < fe


def applied(text: str, edits: list[tuple[int, int, str]], r0: int, r1: int) -> str:
    out, pos = [], r0
    for s, e, rep in sorted(edits):
        out.append(text[pos:s])
        out.append(rep)
        pos = e
    out.append(text[pos:r1])
    return " ".join("".join(out).split())


def load_key(docs_by_name: dict, path: str) -> list[dict]:
    key = []
    for n, r in enumerate(read_tsv(path), 2):
        d = docs_by_name.get(r["document"])
        if d is None:
            sys.exit(f"realdocs: {path}:{n}: no document {r['document']!r}")
        i = index_at(d, int(r["line"]), int(r["column"]))
        err = r["error"]
        if d["text"][i:i + len(err)] != err:
            sys.exit(f"realdocs: {path}:{n}: {r['document']}:{r['line']}:{r['column']} reads "
                     f"{d['text'][i:i + len(err)]!r}, not {err!r}")
        key.append({"doc": d["name"], "start": i, "end": i + len(err), "error": err,
                    "correction": r["correction"], "cls": r["class"], "row": n, "line": int(r["line"])})
    return key


def load_judgements(path: str) -> dict:
    out = {}
    if not os.path.exists(path):
        return out
    for r in read_tsv(path):
        out[(r["document"], int(r["line"]), int(r["column"]), r["flagged"])] = (r["verdict"], r["reason"])
    return out


def flagged_text(doc: dict, s: int, e: int) -> str:
    return doc["text"][s:e].replace("\t", "⇥").replace("\n", "⏎")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checker", action="append", required=True)
    ap.add_argument("--labels")
    ap.add_argument("--documents", default=os.path.join(HERE, "documents.json"))
    ap.add_argument("--key", default=os.path.join(HERE, "key.tsv"))
    ap.add_argument("--judgements", default=os.path.join(HERE, "judgements.tsv"))
    ap.add_argument("--dump", help="write every flag (with its judgement, if any) to DIR/LABEL-flags.tsv")
    ap.add_argument("--json", help="write the figures to FILE")
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args()
    labels = args.labels.split(",") if args.labels else [f"checker{i + 1}" for i in range(len(args.checker))]
    if len(labels) != len(args.checker):
        sys.exit("realdocs: --labels needs one label per --checker")

    docs = load_documents(args.documents)
    by_name = {d["name"]: d for d in docs}
    key = load_key(by_name, args.key) if os.path.exists(args.key) else []
    judged = load_judgements(args.judgements)

    results = {}
    for label, cmd in zip(labels, args.checker):
        found, wall = run_checker(cmd, docs, args.timeout)
        results[label] = found
        print(f"{label}: {sum(len(v) for v in found.values())} flags, {wall:.1f} s", file=sys.stderr)

    figures = {}
    for label in labels:
        found = results[label]
        rows = []
        for part in ("tune", "check", "all"):
            ds = [d for d in docs if part == "all" or d["half"] == part]
            names = {d["name"] for d in ds}
            words = sum(d["words"] for d in ds)
            errs = [k for k in key if k["doc"] in names]
            hit, short, c1, c1n, by_cls = 0, 0, 0, 0, {}
            for k in errs:
                d = by_name[k["doc"]]
                fl = [f for f in found[k["doc"]] if overlaps(f[0], f[1], k["start"], k["end"])]
                c = by_cls.setdefault(k["cls"], [0, 0])
                c[0] += 1
                if fl:
                    hit += 1
                    c[1] += 1
                if any(f[1] - f[0] <= SHORT and "\n" not in d["text"][f[0]:f[1]] for f in fl):
                    short += 1
                if k["correction"] != "":
                    c1n += 1
                    for f in fl:
                        if f[2]:
                            r0, r1 = min(f[0], k["start"]), max(f[1], k["end"])
                            if applied(d["text"], [(f[0], f[1], f[2][0])], r0, r1) == \
                                    applied(d["text"], [(k["start"], k["end"], k["correction"])], r0, r1):
                                c1 += 1
                                break
            nflags, on_err, hints, false, unjudged = 0, 0, 0, 0, 0
            for n in names:
                d = by_name[n]
                for f in found[n]:
                    nflags += 1
                    if any(k["doc"] == n and overlaps(f[0], f[1], k["start"], k["end"]) for k in key):
                        on_err += 1
                        continue
                    line, col = line_col(d, f[0])
                    v = judged.get((n, line, col, flagged_text(d, f[0], f[1])))
                    if v is None:
                        unjudged += 1
                    elif v[0] == "hint":
                        hints += 1
                    elif v[0] == "false":
                        false += 1
                    else:  # judged an error, yet on no key error: the key lacks it
                        unjudged += 1
            rows.append({"half": part, "documents": len(ds), "words": words, "errors": len(errs),
                         "found": hit, "found_by_short_flag": short, "correction_at_1": c1, "with_correction": c1n, "flags": nflags,
                         "flags_per_1k": round(1000 * nflags / words, 2) if words else None,
                         "flags_on_errors": on_err, "hints": hints, "false_alarms": false,
                         "unjudged": unjudged, "by_class": by_cls})
        figures[label] = rows

    print(f"\n{'half':6} {'checker':14} {'docs':>4} {'words':>6} {'errors':>6} {'found':>6} {'short':>5} {'c@1':>9} "
          f"{'flags':>6} {'/1k':>6} {'on err':>6} {'hints':>5} {'false':>5} {'unjdg':>5}")
    for part in ("tune", "check", "all"):
        for label in labels:
            r = next(x for x in figures[label] if x["half"] == part)
            print(f"{part:6} {label:14} {r['documents']:4} {r['words']:6} {r['errors']:6} {r['found']:6} {r['found_by_short_flag']:5} "
                  f"{r['correction_at_1']:4}/{r['with_correction']:<4} {r['flags']:6} {r['flags_per_1k']:6} "
                  f"{r['flags_on_errors']:6} {r['hints']:5} {r['false_alarms']:5} {r['unjudged']:5}")
    classes = sorted({k["cls"] for k in key})
    print(f"\nerrors found by class (all documents): class, in the key, " + ", ".join(labels))
    for c in classes:
        vals = [next(x for x in figures[l] if x["half"] == "all")["by_class"].get(c, [0, 0]) for l in labels]
        print(f"  {c:14} {vals[0][0]:4} " + " ".join(f"{v[1]:6}" for v in vals))

    if args.dump:
        os.makedirs(args.dump, exist_ok=True)
        for label in labels:
            with open(os.path.join(args.dump, f"{label}-flags.tsv"), "w", encoding="utf-8") as f:
                f.write("document\tline\tcolumn\tflagged\trule\tsuggestion\tmessage\tkey\tverdict\treason\n")
                for d in docs:
                    for s, e, reps, rule, msg in results[label][d["name"]]:
                        line, col = line_col(d, s)
                        ft = flagged_text(d, s, e)
                        on = [k for k in key if k["doc"] == d["name"] and overlaps(s, e, k["start"], k["end"])]
                        v = judged.get((d["name"], line, col, ft), ("", ""))
                        f.write("\t".join([d["name"], str(line), str(col), ft, rule,
                                           (reps[0] if reps else "—").replace("\n", "⏎"),
                                           msg.replace("\n", " ").replace("\t", " "),
                                           f"key:{on[0]['row']}" if on else "", v[0], v[1]]) + "\n")
            with open(os.path.join(args.dump, "missed.tsv"), "w", encoding="utf-8") as f:
                f.write("document\tline\terror\tcorrection\tclass\t" + "\t".join(labels) + "\n")
                for k in key:
                    hits = []
                    for label in labels:
                        hits.append("found" if any(overlaps(x[0], x[1], k["start"], k["end"])
                                                   for x in results[label][k["doc"]]) else "-")
                    f.write(f"{k['doc']}\t{k['line']}\t{k['error']}\t{k['correction']}\t{k['cls']}\t"
                            + "\t".join(hits) + "\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"labels": labels, "checkers": args.checker, "figures": figures}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
