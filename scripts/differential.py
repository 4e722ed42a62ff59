#!/usr/bin/env python3
"""Differential check of two builds: both proofread the same records through `proofread --batch`
and every record's findings (range, rule, replacements, message) are compared. For speed work,
which must not change what is found.

  python3 scripts/differential.py BASE_BINARY NEW_BINARY [--data ../shared/data/dev] [--show 10]
      [--extra FILE ...]

The records: every `text` of the dev set's examples, gec and spelling files as plain text; every
Markdown document under docs/ and books/ whole; each blank-line-separated paragraph of the books
on its own (about 10,000 records); and each `--extra` file whole (Markdown when its name ends in
`.md`, else plain text: a licence, a README of /usr/share/doc). Exit status 1 when any record
differs. With `--cache DIR`, a binary's answers are kept in DIR under a hash of the binary, its
bundled rule files and the records, so a build compared twice (the new one of one change, the
base of the next) is run once.
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def records(data):
    out = []
    for name in ("examples", "gec", "spelling"):
        path = os.path.join(data, name + ".jsonl")
        if os.path.exists(path):
            for line in open(path, encoding="utf-8"):
                text = json.loads(line).get("text")
                if text:
                    out.append((text, "plain"))
    for path in sorted(glob.glob(os.path.join(data, "docs", "*.md")) + glob.glob(os.path.join(data, "books", "*.md"))):
        if os.path.basename(path).lower() == "readme.md":
            continue
        text = open(path, encoding="utf-8").read()
        out.append((text, "markdown"))
        if "/books/" in path:
            out.extend((p, "markdown") for p in text.split("\n\n") if p.strip())
    return out


def fingerprint(binary, path):
    """A hash of `binary`, the rule files beside it and the records at `path`."""
    h = hashlib.sha256()
    rules = os.path.join(os.path.dirname(os.path.realpath(binary)), "swift-writing-tools_Proofreading.resources", "rules")
    files = [os.path.realpath(binary), path] + sorted(glob.glob(os.path.join(rules, "*")))
    for f in files:
        # (The records' file has a temporary name: its contents count, not its name.)
        h.update(b"" if f == path else os.path.basename(f).encode())
        with open(f, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()[:24]


def run(binary, path, cache=None):
    if cache:
        os.makedirs(cache, exist_ok=True)
        stored = os.path.join(cache, fingerprint(binary, path) + ".json")
        if os.path.exists(stored):
            with open(stored, encoding="utf-8") as f:
                return json.load(f)
    answers = run_binary(binary, path)
    if cache:
        with open(stored, "w", encoding="utf-8") as f:
            json.dump(answers, f, ensure_ascii=False)
    return answers


def run_binary(binary, path):
    with open(path, encoding="utf-8") as f:
        result = subprocess.run([binary, "proofread", "--batch"], stdin=f, capture_output=True, text=True, check=True)
    answers = {}
    for line in result.stdout.splitlines():
        reply = json.loads(line)
        answers[reply["id"]] = reply.get("matches", [])
    return answers


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "dev"))
    ap.add_argument("--show", type=int, default=10, help="differing records to print")
    ap.add_argument("--extra", nargs="*", default=[], help="more files, each one record")
    ap.add_argument("--cache", help="a folder keeping each binary's answers (see above)")
    args = ap.parse_args()
    recs = records(args.data)
    for path in args.extra:
        recs.append((open(path, encoding="utf-8").read(), "markdown" if path.endswith(".md") else "plain"))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for i, (text, markup) in enumerate(recs):
            f.write(json.dumps({"id": str(i), "text": text, "language": "en-US", "markup": markup}, ensure_ascii=False) + "\n")
        path = f.name
    try:
        a, b = run(args.base, path, args.cache), run(args.new, path, args.cache)
    finally:
        os.unlink(path)
    differing = [i for i in range(len(recs)) if a.get(str(i)) != b.get(str(i))]
    def key(m):
        return json.dumps(m, sort_keys=True, ensure_ascii=False)

    def show(sign, text, m):
        # The finding with the text around it (offsets are UTF-16; close enough for context).
        o, n = m.get("offset", 0), m.get("length", 0)
        around = f"{text[max(0, o - 30):o]}[{text[o:o + n]}]{text[o + n:o + n + 30]}".replace("\n", "⏎")
        print(f"  {sign} {m.get('rule')} {around!r} → {m.get('replacements', [])[:3]}")

    for i in differing[:args.show]:
        # Only the findings one side has: a long document differs in one finding, not all.
        old, new = {key(m): m for m in a.get(str(i)) or []}, {key(m): m for m in b.get(str(i)) or []}
        print(f"record {i}: {recs[i][0][:80]!r}")
        for k in old.keys() - new.keys():
            show("-", recs[i][0], old[k])
        for k in new.keys() - old.keys():
            show("+", recs[i][0], new[k])
    findings = sum(len(a.get(str(i)) or []) for i in range(len(recs)))
    print(f"{len(recs)} records ({len(args.extra)} extra files), {len(differing)} differing; {findings} findings in the base")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
