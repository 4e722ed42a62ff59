#!/usr/bin/env python3
"""Counts JFLEG's gold edits by kind of error (comma, article, noun number, verb form, preposition,
spelling, word choice, …) and how many of each a checker's flags touch, to choose which errors to
write rules for. The annotator of each sentence is the one the scorer chooses for detection
(``eval_proofreading.score_gec``: best running F0.5), so "missed" here is what the detection
recall counts as missed.

    python3 ../shared/tools/eval_proofreading.py --data ../shared/data/dev --task gec \
        --checker '.build/debug/writing-tools proofread --batch' \
        --peer 'python3 ../shared/tools/peers/harper_checker.py' --labels wt,harper --save-outputs OUT
    python3 Benchmarks/gec_misses.py --data ../shared/data/dev OUT/gec.wt.jsonl [OUT/gec.harper.jsonl]
    python3 Benchmarks/gec_misses.py --data ../shared/data/dev OUT/gec.wt.jsonl --show "comma (missing)" -n 40

The kinds come from the edit's text alone (a token diff of the original span and its
replacement): no parser, so a kind is a close guess, not ERRANT's classification. Words are
known by /usr/share/dict (Debian's wordlist packages); lemmas by WordNet's exception lists
(/usr/share/wordnet/*.exc, Debian's wordnet-base) and English's regular endings.
"""
import argparse
import collections
import difflib
import json
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "shared" / "tools"))
sys.path.insert(0, "/work/shared/tools")
import eval_proofreading as ev  # noqa: E402

ARTICLES = {"a", "an", "the"}
DETERMINERS = {"this", "that", "these", "those", "some", "any", "my", "your", "his", "her", "its", "our", "their",
               "each", "every", "no", "much", "many", "all", "both", "such", "another", "other", "few", "little"}
PREPOSITIONS = set("""about above across after against along among around as at before behind below beneath beside
between beyond by despite down during except for from in inside into like near of off on onto out outside over
past since through throughout till to toward towards under until up upon with within without""".split())
PRONOUNS = set("""i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it
its itself we us our ours ourselves they them their theirs themselves one who whom whose which that what""".split())
AUX = set("""be am is are was were been being have has had having do does did will would shall should can could may
might must""".split())
CONJ = {"and", "but", "or", "so", "because", "although", "though", "while", "if", "when", "than", "then", "that"}


def load_words():
    words = set()
    for p in ("/usr/share/dict/american-english", "/usr/share/dict/british-english"):
        try:
            words.update(w.strip().lower() for w in open(p, encoding="utf-8", errors="ignore"))
        except OSError:
            pass
    return words


def load_exceptions():
    """WordNet's irregular forms: form -> set of lemmas, for nouns and verbs apart."""
    exc = {"noun": {}, "verb": {}, "adj": {}}
    for pos in exc:
        try:
            for line in open(f"/usr/share/wordnet/{pos}.exc", encoding="utf-8"):
                parts = line.split()
                if len(parts) >= 2:
                    exc[pos].setdefault(parts[0], set()).update(parts[1:])
        except OSError:
            pass
    return exc


WORDS = load_words()
EXC = load_exceptions()


def noun_lemmas(w):
    out = {w} | EXC["noun"].get(w, set())
    if w.endswith("ies") and len(w) > 4:
        out.add(w[:-3] + "y")
    if w.endswith("es") and len(w) > 3:
        out.add(w[:-2])
    if w.endswith("s") and not w.endswith("ss") and len(w) > 2:
        out.add(w[:-1])
    return out


def verb_lemmas(w):
    out = {w} | EXC["verb"].get(w, set())
    for suf, rep in (("ies", "y"), ("ied", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""),
                     ("ing", ""), ("ing", "e")):
        if w.endswith(suf) and len(w) > len(suf) + 1:
            stem = w[: -len(suf)] + rep
            out.add(stem)
            if len(stem) > 2 and stem[-1] == stem[-2] and suf in ("ed", "ing"):
                out.add(stem[:-1])  # stopped -> stop
    return out


def tokens(s):
    return re.findall(r"[A-Za-z]+(?:['’][A-Za-z]+)?|\d+|[^\sA-Za-z\d]", s)


def one_word_kind(a, b):
    """Kind of a single word replaced by another."""
    la, lb = a.lower(), b.lower()
    if la == lb:
        return "capitalisation"
    if la in ARTICLES and lb in ARTICLES:
        return "article (wrong)"
    if la in ARTICLES | DETERMINERS and lb in ARTICLES | DETERMINERS:
        return "determiner"
    if la in PREPOSITIONS and lb in PREPOSITIONS:
        return "preposition"
    if la.replace("'", "").replace("’", "") == lb.replace("'", "").replace("’", ""):
        return "apostrophe"
    if la not in WORDS and lb in WORDS and "'" not in la and "’" not in la:
        return "spelling"
    if la in AUX and lb in AUX:
        return "verb form"
    if noun_lemmas(la) & noun_lemmas(lb) and (la + "s" == lb or lb + "s" == la or la + "es" == lb or lb + "es" == la
                                               or la[:-1] + "ies" == lb or lb[:-1] + "ies" == la
                                               or lb in EXC["noun"].get(la, ()) or la in EXC["noun"].get(lb, ())):
        return "noun number"
    if verb_lemmas(la) & verb_lemmas(lb):
        return "verb form"
    if la in PRONOUNS and lb in PRONOUNS:
        return "pronoun"
    if la[:4] == lb[:4] and len(la) > 4 and len(lb) > 4:
        return "word form"  # happy -> happily, economy -> economic
    if la in CONJ and lb in CONJ:
        return "conjunction"
    return "word choice"


def inserted_kind(ws, missing):
    """Kind of words inserted (missing=True) or deleted."""
    tag = "missing" if missing else "extra"
    lw = [w.lower() for w in ws]
    if all(w == "," for w in lw):
        return f"comma ({tag})"
    if all(not w[0].isalnum() for w in lw):
        return f"punctuation ({tag})"
    if all(w in ARTICLES for w in lw):
        return f"article ({tag})"
    if all(w in ARTICLES | DETERMINERS for w in lw):
        return f"determiner ({tag})"
    if all(w in PREPOSITIONS for w in lw):
        return f"preposition ({tag})"
    if all(w in AUX or w in ("not", "to") for w in lw):
        return f"verb form ({tag} auxiliary or 'to')"
    if all(w in PRONOUNS for w in lw):
        return f"pronoun ({tag})"
    if all(w in CONJ for w in lw):
        return f"conjunction ({tag})"
    return f"word ({tag})" if len(ws) == 1 else f"words ({tag})"


def kind(original, replacement):
    a, b = tokens(original), tokens(replacement)
    if original.strip() == replacement.strip() or (not a and not b):
        return "spacing"
    if a == b:
        return "spacing"
    if [t.lower() for t in a] == [t.lower() for t in b]:
        return "capitalisation"
    kinds = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=[t.lower() for t in a], b=[t.lower() for t in b],
                                                      autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "insert":
            kinds.append(inserted_kind(b[j1:j2], True))
        elif op == "delete":
            kinds.append(inserted_kind(a[i1:i2], False))
        elif i2 - i1 == 1 and j2 - j1 == 1:
            kinds.append(one_word_kind(a[i1], b[j1]) if a[i1][0].isalnum() and b[j1][0].isalnum() else "punctuation")
        elif "".join(a[i1:i2]).lower() == "".join(b[j1:j2]).lower():
            kinds.append("word split or joined")
        elif all(x[0].isalnum() for x in a[i1:i2]) and any(x.lower() not in WORDS for x in a[i1:i2]) \
                and all(x.lower() in WORDS for x in b[j1:j2]) and abs((i2 - i1) - (j2 - j1)) <= 1:
            kinds.append("spelling")
        else:
            kinds.append("rewrite")
    kinds = sorted(set(kinds))
    if len(kinds) == 1:
        return kinds[0]
    if kinds and all(k.startswith("comma") or k.startswith("punctuation") for k in kinds):
        return "punctuation"
    return "several: " + " + ".join(k.split(" (")[0] for k in kinds) if len(kinds) <= 2 else "rewrite"


def chosen_annotators(records, flags_by_id):
    """The annotator the scorer chooses per unit for detection: {(id, unit start): index}."""
    S = {}
    out = {}
    for r in records:
        src = r.get("source", "?")
        tot = S.setdefault(src, {"flag_tp": 0, "flags": 0, "gold_tp": 0, "gold": 0})
        t = ev.Text16(r["text"])
        flags = flags_by_id[r["id"]]
        anns = r["edits_by_annotator"] or [[]]
        for u0, u1 in ev._units(r, t.n16):
            fl = [f for f in flags if u0 <= f[0] < u1]
            best, best_i = None, 0
            for i, golds in enumerate(anns):
                gl = [g for g in golds if u0 <= g["span"][0] < u1]
                loc = ev._gec_local(t, fl, gl, 5)["det"]
                cand = {k: tot[k] + loc[k] for k in tot}
                if ev._better(cand, best):
                    best, best_i = cand, i
            S[src] = tot = best
            out[(r["id"], u0)] = best_i
    return out


def load_flags(path, records):
    res = {}
    for line in open(path, encoding="utf-8"):
        o = json.loads(line)
        res[o["id"]] = sorted((m["offset"], m["offset"] + m["length"], m["replacements"], m["rule"], m["category"])
                              for m in o["matches"])
    return {r["id"]: res.get(r["id"], []) for r in records}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outputs", nargs="+", help="gec.LABEL.jsonl files of --save-outputs; the first is the one classified")
    ap.add_argument("--data", default="../shared/data/dev")
    ap.add_argument("--show", help="print the missed edits of this kind (a prefix is enough)")
    ap.add_argument("-n", type=int, default=30, help="how many to print with --show")
    ap.add_argument("--hit", action="store_true", help="with --show: print the edits found instead")
    args = ap.parse_args()
    records = [r for r in ev.load_jsonl(pathlib.Path(args.data) / "gec.jsonl")]
    flag_sets = [load_flags(p, records) for p in args.outputs]
    labels = [pathlib.Path(p).name.split(".")[1] if pathlib.Path(p).name.count(".") >= 2 else pathlib.Path(p).stem
              for p in args.outputs]
    chosen = [chosen_annotators(records, fs) for fs in flag_sets]
    # counts[kind] = [gold of checker 0's annotators, hit by checker 0, gold for checker 1, hit by 1, ...]
    counts = collections.defaultdict(lambda: [0] * (2 * len(flag_sets)))
    shown = 0
    for r in records:
        t = ev.Text16(r["text"])
        anns = r["edits_by_annotator"] or [[]]
        for c, (flags, ch) in enumerate(zip(flag_sets, chosen)):
            fl = flags[r["id"]]
            for u0, u1 in ev._units(r, t.n16):
                golds = [g for g in anns[ch[(r["id"], u0)]] if u0 <= g["span"][0] < u1]
                for g in golds:
                    s, e = g["span"]
                    k = kind(t.slice(s, e), g["replacement"])
                    hit = any(ev.overlaps(f[0], f[1], s, e) for f in fl if u0 <= f[0] < u1)
                    counts[k][2 * c] += 1
                    counts[k][2 * c + 1] += hit
                    if c == 0 and args.show and k.startswith(args.show) and hit == args.hit and shown < args.n:
                        shown += 1
                        a, b = t.slice(max(0, s - 40), s), t.slice(e, min(t.n16, e + 40))
                        print(f"{r['id']}: …{a}[{t.slice(s, e)} → {g['replacement']}]{b}…")
    if args.show:
        return
    head = f"{'kind':<46}" + "".join(f"{l + ' gold':>12}{'found':>7}{'missed':>7}" for l in labels)
    print(head)
    total = [0] * (2 * len(flag_sets))
    for k, v in sorted(counts.items(), key=lambda kv: -(kv[1][0] - kv[1][1])):
        total = [x + y for x, y in zip(total, v)]
        print(f"{k:<46}" + "".join(f"{v[2 * c]:>12}{v[2 * c + 1]:>7}{v[2 * c] - v[2 * c + 1]:>7}"
                                   for c in range(len(flag_sets))))
    print(f"{'all':<46}" + "".join(f"{total[2 * c]:>12}{total[2 * c + 1]:>7}{total[2 * c] - total[2 * c + 1]:>7}"
                                   for c in range(len(flag_sets))))
    for c, l in enumerate(labels):
        print(f"{l}: detection recall {100 * total[2 * c + 1] / max(1, total[2 * c]):.1f} % "
              f"({total[2 * c + 1]} of {total[2 * c]} gold edits)")


if __name__ == "__main__":
    main()
