#!/usr/bin/env python3
"""Summary benchmark (issue 34): runs `writing-tools summary` and `key-points` on every document
in docs/, saves the outputs under outputs/<label>/, and scores summaries against the hand-written
references/ with ROUGE-1/2/L (Google's `rouge-score` from PyPI, Porter stemming, F-measure).

    python3 Benchmarks/summaries/summaries.py run   --binary .build/debug/writing-tools --label after
    python3 Benchmarks/summaries/summaries.py score --labels before after   > Benchmarks/summaries/results.md

`run` also writes outputs/baseline/: the document's first sentences (headings, code, front
matter, HTML and link definitions left out), as many as the reference has words.
`score` prints the ROUGE table and the structural checks: for documents with at least 8 major
sections, the share of sections a key point comes from, and any key point that is a heading or
a label line of the document.
"""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "docs")
REFS = os.path.join(HERE, "references")
OUT = os.path.join(HERE, "outputs")


def docs():
    return sorted(f for f in os.listdir(DOCS) if not f.startswith("."))


def stem(name):
    return os.path.splitext(name)[0]


def plain(markdown):
    """Readable text of a result for scoring: link destinations, reference definitions, emphasis
    markers, bullets and footnote marks left out (the words a reader reads)."""
    t = re.sub(r"(?m)^\s*\[[^\]]+\]:\s+\S+.*$", "", markdown)          # [label]: url
    t = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", t)                  # [text](url)
    t = re.sub(r"\[([^\]]*)\]\[[^\]]*\]", r"\1", t)                   # [text][label]
    t = re.sub(r"\[\^[^\]]+\]", "", t)                                # [^1]
    t = re.sub(r"(?m)^\s*(?:[-*+]|\d+[.)])\s+", "", t)                # list markers
    t = re.sub(r"[*_`]{1,3}", "", t)
    return t


def first_sentences(text, words):
    """The lead baseline: the document's prose from the top, sentence by sentence, until it has
    `words` words."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":                            # front matter
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        lines = lines[end + 1:]
    out, fence, para = [], False, []
    for i, l in enumerate(lines):
        s = l.strip()
        if s.startswith("```") or s.startswith("~~~"):
            fence = not fence
            continue
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if fence or s.startswith("#") or s.startswith("<") or re.match(r"^\[[^\]]+\]:", s) \
                or re.match(r"^[=\-]{3,}$", s) or re.match(r"^[=\-]{3,}$", nxt) or s.startswith("|"):
            if para: out.append(" ".join(para)); para = []
            continue
        if not s:
            if para: out.append(" ".join(para)); para = []
            continue
        para.append(s)
    if para: out.append(" ".join(para))
    sentences = []
    for p in out:
        sentences += [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(`*])", plain(p)) if x.strip()]
    picked, n = [], 0
    for s in sentences:
        if n >= words: break
        picked.append(s.strip()); n += len(s.split())
    return " ".join(picked)


def run(args):
    label = args.label
    os.makedirs(os.path.join(OUT, label), exist_ok=True)
    os.makedirs(os.path.join(OUT, "baseline"), exist_ok=True)
    for d in docs():
        path = os.path.join(DOCS, d)
        for tool in ["summary", "key-points"]:
            cmd = [args.binary, tool] + (["--length", args.length] if args.length else []) + [path]
            p = subprocess.run(cmd, capture_output=True, text=True)
            ext = ".md" if d.endswith(".md") else ".txt"
            with open(os.path.join(OUT, label, f"{stem(d)}.{tool}{ext}"), "w") as f:
                f.write(p.stdout)
            if p.returncode != 0:
                print(f"{d} {tool}: exit {p.returncode}: {p.stderr.strip()}", file=sys.stderr)
        ref = open(os.path.join(REFS, stem(d) + ".txt")).read()
        with open(os.path.join(OUT, "baseline", f"{stem(d)}.summary.txt"), "w") as f:
            f.write(first_sentences(open(path).read(), len(ref.split())) + "\n")


def output(label, d, tool):
    for ext in (".md", ".txt"):
        p = os.path.join(OUT, label, f"{stem(d)}.{tool}{ext}")
        if os.path.exists(p):
            return open(p).read()
    return None


def sections(text):
    """Major sections of a document: (title, body) for each heading at the level that occurs
    most often among levels used at least twice (Markdown `#`/setext, or plain-text numbered
    titles such as `  4. Conveying Verbatim Copies.`)."""
    lines = text.splitlines()
    heads = []
    for i, l in enumerate(lines):
        m = re.match(r"^(#{1,6})\s+(.*)$", l)
        if m: heads.append((i, len(m.group(1)), m.group(2).strip())); continue
        m = re.match(r"^\s{0,3}(\d{1,2})\.\s+([A-Z][^.]{2,60})\.\s*$", l)
        if m and (i == 0 or not lines[i - 1].strip()) and (i + 1 >= len(lines) or not lines[i + 1].strip()):
            heads.append((i, 9, m.group(2)))
        if i + 1 < len(lines) and re.match(r"^(=+|-+)\s*$", lines[i + 1]) and l.strip() and not l.startswith(("-", "*")):
            heads.append((i, 1 if lines[i + 1].startswith("=") else 2, l.strip()))
    levels = {}
    for _, lv, _ in heads: levels[lv] = levels.get(lv, 0) + 1
    multi = [lv for lv, c in levels.items() if c >= 2]
    if not multi: return []
    major = max(multi, key=lambda lv: (levels[lv], -lv))
    idx = [(i, t) for i, lv, t in heads if lv == major]
    out = []
    for k, (i, t) in enumerate(idx):
        end = idx[k + 1][0] if k + 1 < len(idx) else len(lines)
        out.append((t, "\n".join(lines[i + 1:end])))
    return out


def norm(s):
    return re.sub(r"[^a-z0-9]+", " ", plain(s).lower()).strip()


def points(text):
    return [re.sub(r"^\s*[-*]\s+", "", l) for l in text.splitlines() if re.match(r"^\s*[-*]\s+", l)]


def score(args):
    from rouge_score import rouge_scorer
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)
    labels = ["baseline"] + args.labels
    rows, totals, wins = [], {l: [0, 0, 0] for l in labels}, {l: 0 for l in args.labels}
    checks = []
    for d in docs():
        ref = open(os.path.join(REFS, stem(d) + ".txt")).read()
        cells = [stem(d), str(len(open(os.path.join(DOCS, d)).read().split()))]
        rl = {}
        for l in labels:
            o = output(l, d, "summary")
            if o is None: cells.append("–"); continue
            s = scorer.score(ref, plain(o))
            r = [s["rouge1"].fmeasure, s["rouge2"].fmeasure, s["rougeL"].fmeasure]
            rl[l] = r[2]
            for k in range(3): totals[l][k] += r[k] / len(docs())
            cells.append(f"{r[0]:.3f} / {r[1]:.3f} / {r[2]:.3f} ({len(plain(o).split())} w)")
        for l in args.labels:
            if l in rl and rl[l] > rl["baseline"]: wins[l] += 1
        rows.append(cells)
        # Structural checks on the key points of each label.
        text = open(os.path.join(DOCS, d)).read()
        secs = sections(text)
        heads = {norm(t) for t, _ in secs} | {norm(m) for m in re.findall(r"(?m)^#{1,6}\s+(.*)$", text)}
        for l in args.labels:
            kp = output(l, d, "key-points")
            if kp is None: continue
            ps = points(kp)
            bad = [p for p in ps if norm(p) in heads or re.match(r"^\s*\**[A-Z][\w ]{0,25}:\**\s*\S{0,40}$", plain(p))]
            cover = ""
            if len(secs) >= 8:
                # A point comes from the section whose source holds its first words (more of
                # them when several sections hold the first 40 characters: the GPL's sections 7
                # and 13 both open a sentence with "Notwithstanding any other provision of…").
                hit = set()
                bodies = [norm(body) for _, body in secs]
                for p in ps:
                    n = norm(p)
                    found = []
                    for length in (40, 80, 120, 200):
                        key = n[:length]
                        found = [k for k, body in enumerate(bodies) if key and key in body]
                        if len(found) <= 1 or length >= len(n): break
                    if found: hit.add(found[0])
                cover = f"{len(hit)}/{len(secs)}"
            checks.append((stem(d), l, len(ps), cover, bad))
    print("| document | words | " + " | ".join(f"{l}: R-1 / R-2 / R-L" for l in labels) + " |")
    print("|---|---:|" + "---|" * len(labels))
    for r in rows: print("| " + " | ".join(r) + " |")
    print("| **mean** | | " + " | ".join(f"**{t[0]:.3f} / {t[1]:.3f} / {t[2]:.3f}**" for t in totals.values()) + " |")
    print()
    for l in args.labels:
        print(f"- {l}: ROUGE-L above the first-sentences baseline on {wins[l]} of {len(docs())} documents")
    print()
    print("| document | build | key points | major sections with a point | heading or label as a point |")
    print("|---|---|---:|---:|---|")
    for name, l, n, cover, bad in checks:
        print(f"| {name} | {l} | {n} | {cover or '(fewer than 8 sections)'} | {'; '.join(b[:50] for b in bad) or 'none'} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run"); r.add_argument("--binary", required=True); r.add_argument("--label", required=True)
    r.add_argument("--length", choices=["short", "medium", "long"])
    s = sub.add_parser("score"); s.add_argument("--labels", nargs="+", required=True)
    a = ap.parse_args()
    run(a) if a.cmd == "run" else score(a)


if __name__ == "__main__":
    main()
