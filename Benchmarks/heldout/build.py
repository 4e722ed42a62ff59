#!/usr/bin/env python3
"""Build a held-out proxy for the proofreading examples task from rules the dev split lacks.

Reads LanguageTool's English grammar.xml and Harper's linter unit tests from local git mirrors
(the search tool's `fetch` puts them under /work/.mirror), keeps the examples of rule ids that
are NOT in the dev split's examples.jsonl, and writes them in that file's format (see the dev
data README) so that eval_proofreading.py scores them unchanged:

    Benchmarks/heldout/data/tune/examples.jsonl   rules whose sha1(rule_id) is even
    Benchmarks/heldout/data/check/examples.jsonl  rules whose sha1(rule_id) is odd

Each half holds at most --max records (a fixed sample: smallest sha1(id) per source, half the
budget per source). Offsets are UTF-16 code units. Rule tuning may look at `tune` only.

    python3 Benchmarks/heldout/build.py [--lt-git DIR] [--harper-git DIR] [--dev FILE] [--out DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LT_GRAMMAR = "languagetool-language-modules/en/src/main/resources/org/languagetool/rules/en/grammar.xml"
HARPER_LINTING = "harper-core/src/linting"


def u16(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def sha(s: str) -> str:
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def half(rule_id: str) -> str:
    return "tune" if int(sha(rule_id)[:8], 16) % 2 == 0 else "check"


def git_show(git_dir: str, rev: str, path: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"{rev}:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def git_head(git_dir: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"],
                          check=True, capture_output=True, text=True).stdout.strip()


# ----------------------------------------------------------------------------- LanguageTool

def example_text(ex: ET.Element) -> tuple[str, list[int] | None]:
    """The example's sentence without markers, and the marker's UTF-16 span (or None)."""
    parts = [ex.text or ""]
    span = None
    for child in ex:
        if child.tag == "marker":
            start = u16("".join(parts))
            inner = "".join(child.itertext())
            parts.append(inner)
            span = [start, start + u16(inner)]
        else:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    text = "".join(parts)
    # Leading whitespace would shift the span; LanguageTool trims examples the same way.
    lead = len(text) - len(text.lstrip())
    if lead and span:
        span = [span[0] - u16(text[:lead]), span[1] - u16(text[:lead])]
    text = text.strip()
    return " ".join(text.split("\n")), span


def lt_records(xml_text: str, dev_ids: set[str]) -> list[dict]:
    root = ET.fromstring(xml_text.encode("utf-8"))
    out = []
    n = 0
    for cat in root.iter("category"):
        cat_id = cat.get("id", "")
        issue_type = cat.get("type")
        cat_off = cat.get("default") == "off"
        for node in cat:
            if node.tag not in ("rule", "rulegroup"):
                continue
            rule_id = node.get("id")
            if not rule_id or rule_id in dev_ids:
                continue
            rules = [node] if node.tag == "rule" else list(node.iter("rule"))
            group_off = node.get("default") in ("off", "temp_off")
            for sub, rule in enumerate(rules, 1):
                off = cat_off or group_off or rule.get("default") in ("off", "temp_off")
                for ex in rule.iter("example"):
                    n += 1
                    text, span = example_text(ex)
                    if not text:
                        continue
                    kind = "incorrect" if (ex.get("type") == "incorrect" or ex.get("correction") is not None) else "correct"
                    if ex.get("type") == "triggers_error":
                        continue
                    corr = ex.get("correction")
                    corrections = [c for c in corr.split("|")] if corr else []
                    rid = f"lt:{rule_id}:{sub}:{n}" if len(rules) > 1 else f"lt:{rule_id}:{n}"
                    out.append({
                        "id": rid, "source": "languagetool", "rule_id": rule_id,
                        "category": cat_id, "text": text, "kind": kind,
                        "span": span if (kind == "incorrect" or span) else None,
                        "corrections": corrections if kind == "incorrect" else [],
                        "corrections_ordered": True, "language": "en-US",
                        "issue_type": rule.get("type") or issue_type, "default_on": not off,
                        "apart": None,
                    })
    return out


# ----------------------------------------------------------------------------- Harper

RUST_STR = r'(?:r#"(?:.|\n)*?"#|"(?:[^"\\]|\\.)*")'
CALL = re.compile(r"(#\[ignore[^\]]*\]\s*)?fn\s+(\w+)\s*\(\s*\)\s*\{(.*?)\n    \}", re.S)
SUGGEST = re.compile(r"assert_suggestion_result\(\s*(" + RUST_STR + r")\s*,.*?,\s*(" + RUST_STR + r")\s*,?\s*\)", re.S)
NO_LINTS = re.compile(r"assert_no_lints\(\s*(" + RUST_STR + r")\s*,", re.S)
COUNT = re.compile(r"assert_lint_count\(\s*(" + RUST_STR + r")\s*,.*?,\s*(\d+)\s*,?\s*\)", re.S)


def rust_string(lit: str) -> str | None:
    if lit.startswith('r#"'):
        return lit[3:-2]
    body = lit[1:-1]
    if "\\u{" in body:
        body = re.sub(r"\\u\{([0-9a-fA-F]+)\}", lambda m: chr(int(m.group(1), 16)), body)
    # Line continuations: backslash-newline and the next line's leading spaces vanish.
    body = re.sub(r"\\\n\s*", "", body)
    try:
        return body.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode("utf-8")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return None


def word_span(text: str, expected: str) -> tuple[list[int], str] | None:
    """The differing region, widened to whole words, and its replacement (UTF-16 span)."""
    if text == expected:
        return None
    p = 0
    while p < min(len(text), len(expected)) and text[p] == expected[p]:
        p += 1
    s = 0
    while s < min(len(text), len(expected)) - p and text[-1 - s] == expected[-1 - s]:
        s += 1
    a, b = p, len(text) - s
    ea, eb = p, len(expected) - s
    while a > 0 and ea > 0 and text[a - 1].isalnum():
        a -= 1
        ea -= 1
    while b < len(text) and eb < len(expected) and text[b].isalnum() and s > 0:
        b += 1
        eb += 1
        s -= 1
    return [u16(text[:a]), u16(text[:b])], expected[ea:eb]


def harper_records(git_dir: str, rev: str, dev_ids: set[str]) -> list[dict]:
    files = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", rev, HARPER_LINTING],
                           check=True, capture_output=True, text=True).stdout.split()
    out = []
    n = 0
    for path in sorted(files):
        if not path.endswith(".rs"):
            continue
        rel = path[len(HARPER_LINTING) + 1:-3]
        rule_id = rel[:-4] if rel.endswith("/mod") else rel
        if rule_id in dev_ids or rule_id in ("mod", "lint_group", "tests"):
            continue
        src = git_show(git_dir, rev, path)
        if "#[test]" not in src:
            continue
        for m in CALL.finditer(src):
            ignored, name, body = m.group(1), m.group(2), m.group(3)
            found = []
            for s in SUGGEST.finditer(body):
                t, e = rust_string(s.group(1)), rust_string(s.group(2))
                if t is None or e is None or t == e:
                    continue
                ws = word_span(t, e)
                if ws:
                    found.append(("incorrect", t, ws[0], [ws[1]], "suggestion_result", e))
            for s in NO_LINTS.finditer(body):
                t = rust_string(s.group(1))
                if t:
                    found.append(("correct", t, None, [], "no_lints", None))
            for s in COUNT.finditer(body):
                t = rust_string(s.group(1))
                if t:
                    k = "correct" if s.group(2) == "0" else "incorrect"
                    found.append((k, t, None, [], "lint_count", None))
            for kind, text, span, corr, assertion, expected in found:
                n += 1
                if "\n" in text or len(text) > 600:
                    continue
                rec = {
                    "id": f"harper:{rule_id}:{name}:{n}", "source": "harper", "rule_id": rule_id,
                    "category": "", "text": text, "kind": kind, "span": span, "corrections": corr,
                    "corrections_ordered": True, "language": "en-US", "assertion": assertion,
                    "apart": "harper_ignored" if ignored else None,
                }
                if expected is not None:
                    rec["expected"] = expected
                out.append(rec)
    return out


# ----------------------------------------------------------------------------- main

def sample(recs: list[dict], budget: int) -> list[dict]:
    by_src: dict[str, list[dict]] = {}
    for r in recs:
        by_src.setdefault(r["source"], []).append(r)
    keep = []
    per = budget // max(1, len(by_src))
    for src in sorted(by_src):
        keep += sorted(by_src[src], key=lambda r: sha(r["id"]))[:per]
    return sorted(keep, key=lambda r: r["id"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lt-git", default="/work/.mirror/garybentley+languagetool-test/repo")
    ap.add_argument("--harper-git", default="/work/.mirror/Automattic+harper/repo")
    ap.add_argument("--dev", default="/work/shared/data/dev/examples.jsonl")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "data"))
    ap.add_argument("--max", type=int, default=1500, help="records per half")
    args = ap.parse_args()

    dev = [json.loads(l) for l in open(args.dev, encoding="utf-8") if l.strip()]
    dev_lt = {r["rule_id"] for r in dev if r["source"] == "languagetool"}
    dev_h = {r["rule_id"] for r in dev if r["source"] == "harper"}

    recs = []
    lt_rev = git_head(args.lt_git)
    recs += lt_records(git_show(args.lt_git, lt_rev, LT_GRAMMAR), dev_lt)
    h_rev = git_head(args.harper_git)
    recs += harper_records(args.harper_git, h_rev, dev_h)

    meta = {"languagetool_commit": lt_rev, "harper_commit": h_rev}
    for name in ("tune", "check"):
        part = [r for r in recs if half(r["rule_id"]) == name]
        kept = sample(part, args.max)
        d = Path(args.out) / name
        d.mkdir(parents=True, exist_ok=True)
        with open(d / "examples.jsonl", "w", encoding="utf-8") as f:
            for r in kept:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        rules = {(r["source"], r["rule_id"]) for r in kept}
        inc = sum(r["kind"] == "incorrect" for r in kept)
        print(f"{name}: {len(kept)} records of {len(part)} ({inc} incorrect) from {len(rules)} rules", file=sys.stderr)
    (Path(args.out) / "SOURCE.json").write_text(json.dumps(meta, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
