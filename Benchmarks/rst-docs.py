#!/usr/bin/env python3
"""reStructuredText documents read as plain text (before) and as reStructuredText (after):
`proofread` flags per 1,000 words, every flag of the reST reading listed, and the Key Points and
Summary of each reading written out (README-tech-docs.md, "Session 54: a reStructuredText reader").

Usage: python3 Benchmarks/rst-docs.py --checker .build/debug/writing-tools --out /tmp/rst-docs
"""
import argparse
import json
import os
import re
import subprocess

GSUTIL = "/usr/lib/google-cloud-sdk/platform/gsutil/third_party"
# Five real documents that no test reads (the tests' three are in Tests/DocumentStructureTests/Fixtures/rst).
DOCUMENTS = [
    ("urllib3-user-guide", f"{GSUTIL}/urllib3/docs/user-guide.rst"),
    ("idna-readme", f"{GSUTIL}/idna/README.rst"),
    ("chardet-how-it-works", f"{GSUTIL}/chardet/docs/how-it-works.rst"),
    ("argcomplete-readme", f"{GSUTIL}/argcomplete/README.rst"),
    ("rsa-usage", f"{GSUTIL}/rsa/doc/usage.rst"),
]
WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
MARKUP = re.compile(r"``|:[a-z:]+:`|\|[A-Za-z][\w -]*\||`_|^\.\. |::$|^[=\-~^*#]{4,}$", re.M)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", default=".build/debug/writing-tools")
    ap.add_argument("--out", default="/tmp/rst-docs")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    totals = {"plain": 0, "rst": 0}
    total_words = 0
    print(f"{'document':22} {'words':>6} {'plain':>6} {'/1k':>6} {'rst':>5} {'/1k':>6}   markup in key points/summary plain → rst")
    for name, path in DOCUMENTS:
        text = open(path, encoding="utf-8").read()
        n = len(WORD.findall(text))
        total_words += n
        row = {}
        for markup in ("plain", "rst"):
            r = subprocess.run([args.checker, "proofread", "--markup", markup, "--language", "en-US", "--format", "json", path],
                               capture_output=True, text=True)
            matches = json.loads(r.stdout)["files"][0]["matches"]
            row[markup] = matches
            totals[markup] += len(matches)
            with open(os.path.join(args.out, f"{name}.{markup}.flags.txt"), "w") as f:
                for m in matches:
                    word = text.encode("utf-16-le")[2 * m["offset"]:2 * (m["offset"] + m["length"])].decode("utf-16-le")
                    line = text.count("\n", 0, len(text.encode("utf-16-le")[:2 * m["offset"]].decode("utf-16-le"))) + 1
                    f.write(f"{line}\t{m['rule']['id']}\t{word!r}\t{m['message']}\n")
        marks = []
        for markup in ("plain", "rst"):
            found = 0
            for tool in ("key-points", "summary"):
                out = subprocess.run([args.checker, tool, "--markup", markup, path], capture_output=True, text=True).stdout
                with open(os.path.join(args.out, f"{name}.{markup}.{tool}.txt"), "w") as f:
                    f.write(out)
                found += len(MARKUP.findall(out))
            marks.append(found)
        per = lambda k: f"{1000 * len(row[k]) / n:.2f}"
        print(f"{name:22} {n:6} {len(row['plain']):6} {per('plain'):>6} {len(row['rst']):5} {per('rst'):>6}   {marks[0]} → {marks[1]}")
    print(f"{'all':22} {total_words:6} {totals['plain']:6} {1000 * totals['plain'] / total_words:6.2f} "
          f"{totals['rst']:5} {1000 * totals['rst'] / total_words:6.2f}")


if __name__ == "__main__":
    main()
