"""The judged table of a held-out set's flags (tech-docs.py's flags.txt), shared by the
heldout-sNN-judgements.py files, each of which holds only its judgements.

judge(T, classes, rule_false=..., spelling_words_only=...) reads sys.argv[1] (flags: location, rule,
flagged, first suggestion, tab-separated) and writes sys.argv[2]: each flag with its judgement, T
true, D style or debatable, F false alarm, ? unjudged, found in this order: by location (T), by rule
(rule_false(rule, document) gives a class, or None), by the flagged word's class (classes: a list of
(class, "word word …")), for spelling flags only when spelling_words_only.
"""
import sys
from collections import Counter


def judge(T, classes, rule_false=lambda rule, doc: None, spelling_words_only=False, unjudged_with_location=True):
    word_class = {w: c for c, ws in classes for w in ws.split()}
    rows = []
    for line in open(sys.argv[1], encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) < 4:
            continue
        loc, rule, flagged, sugg = f[0], f[1], f[2], f[3]
        word = flagged.strip("«»")
        doc = loc.split(":")[0]
        by_rule = rule_false(rule, doc)
        if loc in T:
            v, note = T[loc]
        elif by_rule is not None:
            v, note = "F", by_rule
        elif (rule == "SPELLING" or not spelling_words_only) and word in word_class:
            v, note = "F", word_class[word] + ": " + word
        else:
            v, note = "?", "unjudged"
        rows.append((loc, rule, flagged, sugg, v, note))
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write("location\trule\tflagged\tfirst suggestion\tjudgement (T true, D style/debatable, F false alarm)\tclass\n")
        for r in rows:
            out.write("\t".join(r) + "\n")
    c = Counter(r[4] for r in rows)
    print(dict(c), "unjudged:", [(r[0], r[2]) if unjudged_with_location else r[2] for r in rows if r[4] == "?"])
