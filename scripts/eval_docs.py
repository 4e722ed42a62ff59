#!/usr/bin/env python3
"""Check `writing-tools proofread` end to end on Markdown documents with answer keys.

Usage: eval_docs.py --checker PATH/TO/writing-tools [--min-recall 0.8] DIR [DIR ...]

Each DIR holds documents NAME.md with answer keys NAME.key.json (format: see
shared/data/dev/docs/SOURCES.md: UTF-16 offsets over the whole file; `protected` spans that must
never be flagged or changed; `injected_errors` that must be found; optional `natural_errors`).
For every document it checks:
  1. no reported match overlaps a protected span;
  2. every match's offset/length (UTF-16) is inside the text, splits no surrogate pair, and
     slices the same text as the match's LanguageTool `context`;
  3. at least --min-recall of the injected errors are found (a match overlapping the error;
     all documents pooled);
  4. `--fix --no-backup` on a copy changes nothing outside the flagged spans (so protected
     spans stay byte-identical).
Exit status 0 when every check holds, 1 otherwise. Prints a table of figures.
"""
import argparse, difflib, json, os, shutil, subprocess, sys, tempfile


def u16(s):
    return s.encode("utf-16-le")


def u16_slice(b, start, end):
    return b[2 * start:2 * end].decode("utf-16-le", errors="strict")


def splits_pair(b, off):
    if off <= 0 or off >= len(b) // 2:
        return False
    unit = int.from_bytes(b[2 * off:2 * off + 2], "little")
    prev = int.from_bytes(b[2 * off - 2:2 * off], "little")
    return 0xDC00 <= unit <= 0xDFFF and 0xD800 <= prev <= 0xDBFF


def overlaps(a0, a1, b0, b1):
    if a0 == a1:
        return b0 < a0 < b1
    return a0 < b1 and b0 < a1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checker", required=True)
    ap.add_argument("--min-recall", type=float, default=0.8)
    ap.add_argument("dirs", nargs="+")
    args = ap.parse_args()
    failures = []
    found_total = injected_total = 0
    natural_found = natural_total = 0
    rows = []
    for d in args.dirs:
        for name in sorted(os.listdir(d)):
            if not name.endswith(".md"):
                continue
            path = os.path.join(d, name)
            key_path = path[:-3] + ".key.json"
            if not os.path.exists(key_path):
                continue
            key = json.load(open(key_path, encoding="utf-8"))
            raw = open(path, "rb").read()
            text = raw.decode("utf-8")
            if text.startswith("\ufeff"):
                text = text[1:]
            b = u16(text)
            n = len(b) // 2
            proc = subprocess.run([args.checker, "proofread", "--format", "json", "--markup", "markdown", path],
                                  capture_output=True)
            if proc.returncode not in (0, 1):
                failures.append(f"{name}: checker exited {proc.returncode}: {proc.stderr.decode()[:500]}")
                continue
            matches = json.loads(proc.stdout)["files"][0]["matches"]
            bad_protected = bad_slice = 0
            for m in matches:
                s, e = m["offset"], m["offset"] + m["length"]
                if s < 0 or e > n or splits_pair(b, s) or splits_pair(b, e):
                    bad_slice += 1
                    failures.append(f"{name}: match {m['rule']['id']} at {s}..{e} is not a valid UTF-16 range")
                    continue
                ctx = m["context"]
                flagged = u16_slice(b, s, e)
                cb = u16(ctx["text"])
                if u16_slice(cb, ctx["offset"], ctx["offset"] + ctx["length"]) != flagged:
                    bad_slice += 1
                    failures.append(f"{name}: match {m['rule']['id']} at {s}..{e}: context slice differs from the text {flagged!r}")
                for p in key.get("protected", []):
                    if overlaps(s, e, p["start"], p["end"]):
                        bad_protected += 1
                        failures.append(f"{name}: match {m['rule']['id']} {flagged!r} at {s}..{e} overlaps protected {p['kind']} {p['start']}..{p['end']}")
                        break
            inj = key.get("injected_errors", [])
            hit = 0
            for err in inj:
                if any(overlaps(m["offset"], m["offset"] + m["length"], err["start"], err["end"]) or
                       (err["start"] <= m["offset"] < err["end"]) for m in matches):
                    hit += 1
                else:
                    print(f"  missed in {name}: {err['kind']} {err['text']!r} at {err['start']}", file=sys.stderr)
            found_total += hit
            injected_total += len(inj)
            nat = key.get("natural_errors", [])
            nat_hit = sum(1 for err in nat if any(overlaps(m["offset"], m["offset"] + m["length"], err["start"], err["end"]) for m in matches))
            natural_found += nat_hit
            natural_total += len(nat)
            # --fix on a copy: exactly the flagged spans change.
            with tempfile.TemporaryDirectory() as tmp:
                copy = os.path.join(tmp, name)
                shutil.copyfile(path, copy)
                fp = subprocess.run([args.checker, "proofread", "--fix", "--no-backup", "--markup", "markdown", copy], capture_output=True)
                if fp.returncode not in (0, 1):
                    failures.append(f"{name}: --fix exited {fp.returncode}: {fp.stderr.decode()[:300]}")
                fixed = open(copy, "rb").read().decode("utf-8")
                if fixed.startswith("\ufeff"):
                    fixed = fixed[1:]
                # Every change must lie inside a flagged span (first pass's matches): compare
                # the texts and map each changed stretch of the original to UTF-16 offsets.
                spans = []
                for s0, e0 in sorted((m["offset"], m["offset"] + m["length"]) for m in matches if m["replacements"]):
                    if spans and s0 <= spans[-1][1]:   # adjacent or overlapping spans form one region
                        spans[-1] = (spans[-1][0], max(spans[-1][1], e0))
                    else:
                        spans.append((s0, e0))
                cp_to_u16 = [0]
                for ch in text:
                    cp_to_u16.append(cp_to_u16[-1] + (2 if ord(ch) > 0xFFFF else 1))
                fix_ok = True
                sm = difflib.SequenceMatcher(None, text, fixed, autojunk=False)
                for tag, i1, i2, j1, j2 in sm.get_opcodes():
                    if tag == "equal":
                        continue
                    # A deletion or insertion inside repeated text can be aligned several ways
                    # ("the the" -> "the"): try every equivalent position.
                    positions = [(i1, i2)]
                    if tag in ("delete", "insert"):
                        seq = text if tag == "delete" else None
                        k1, k2 = i1, i2
                        if tag == "delete":
                            while k1 > 0 and text[k1 - 1] == text[k2 - 1]:
                                k1, k2 = k1 - 1, k2 - 1
                                positions.append((k1, k2))
                            k1, k2 = i1, i2
                            while k2 < len(text) and text[k1] == text[k2]:
                                k1, k2 = k1 + 1, k2 + 1
                                positions.append((k1, k2))
                    inside = any(any(s0 <= cp_to_u16[p1] and cp_to_u16[p2] <= e0 for s0, e0 in spans) for p1, p2 in positions)
                    a, b = cp_to_u16[i1], cp_to_u16[i2]
                    if not inside:
                        fix_ok = False
                        failures.append(f"{name}: --fix changed {text[i1:i2]!r} -> {fixed[j1:j2]!r} at {a}..{b}, outside every flagged span")
                        break
            rows.append((name, len(matches), bad_protected, bad_slice, f"{hit}/{len(inj)}", f"{nat_hit}/{len(nat)}", "ok" if fix_ok else "FAIL"))
    print(f"{'document':40} {'matches':>7} {'on-protected':>12} {'bad-offset':>10} {'injected':>9} {'natural':>8} {'--fix':>5}")
    for r in rows:
        print(f"{r[0]:40} {r[1]:>7} {r[2]:>12} {r[3]:>10} {r[4]:>9} {r[5]:>8} {r[6]:>5}")
    recall = found_total / injected_total if injected_total else 1.0
    print(f"injected errors found: {found_total}/{injected_total} = {100 * recall:.1f} % (needed {100 * args.min_recall:.0f} %)"
          + (f"; natural errors found: {natural_found}/{natural_total}" if natural_total else ""))
    if not rows:
        failures.append("no document with a .key.json found")
    if recall < args.min_recall:
        failures.append(f"injected-error recall {100 * recall:.1f} % is below {100 * args.min_recall:.0f} %")
    for f in failures:
        print("FAIL:", f)
    failed_docs = {r[0] for r in rows if any(f.startswith(r[0] + ":") for f in failures)}
    print(f"{len(rows) - len(failed_docs)} passed, {len(failed_docs)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
