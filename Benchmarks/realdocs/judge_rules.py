#!/usr/bin/env python3
"""The rules by which most of `judgements.tsv` was judged (session 53), kept to show how.

  python3 Benchmarks/realdocs/judge_rules.py DUMP_DIR > proposed.tsv

Reads `score.py --dump DUMP_DIR`'s LABEL-flags.tsv files (labels writing-tools and harper) and
proposes a verdict and reason for every flag not on a key error: by the checker's rule (layout,
abbreviation and style rules), by the flagged word (spelling flags: names and identifiers are
false alarms unless listed), with a few overrides. These are proposals: every grammar-type flag
and every distinct misspelled word was read by a person before `judgements.tsv` was written,
and the misspellings among the flagged words went to `key.tsv`. A flag this script cannot judge
is printed to stderr as UNJUDGED.
"""
import sys
import csv, re
BRIT = {"behaviour","optimised","programme","marshalling","canonicalised","optimised","colour"}
DELIBERATE = {"teached":"quoted example of a misspelled input word","verybaaaaaaaaaaaaaaaaaaaaaad":"quoted example of a rejected input word",
  "corectly":"deliberate misspelling in proselint's check list (as 'dïacríticâl')","dïacríticâl":"deliberate, the check's own joke",
  "irregardless":"a word listed as a word-list entry","froward":"a word listed as a word-list entry","calender":"quoted as a word-list entry",
  "Stanje":"Croatian alt text","prijevoda":"Croatian alt text","Willkommen":"German example text","mein":"German example text","Bienvenue":"French example text",
  "programme":"French example text ('Bienvenue à mon programme')","à":"French example text","Montag":"German example text","Juli":"German example text","Uhr":"German example text","Hilfe":"German example text","personpower":"deliberate coinage (gender-neutral 'manpower')",
  "awken":"deliberate jocular plural of awk","uncomparables":"proselint check name","uncomparable":"proselint check name / quoted message"}
HINT_WORDS = {"dependant":"variant spelling of the adjective 'dependent' (British dictionaries accept it)",
  "Associates's":"possessive of a name ending in s; \"Associates'\" is more usual",
  "eg.":"'eg.' for 'e.g.': informal abbreviation","ie:":"'ie:' for 'i.e.', and 'e.g.' is meant"}
LAYOUT = {"Spaces":"spacing that lays out a plain-text file (indentation, alignment, tabs)",
  "CONSECUTIVE_SPACES":"spacing that lays out a plain-text file (indentation, alignment, tabs)",
  "NoFrenchSpaces":"two spaces after a sentence: a plain-text convention, not an error",
  "Dashes":"'--' is a command option, a changelog sign-off or the ASCII dash of a plain-text file",
  "NumericRangeEnDash":"an ASCII hyphen in a range (years, versions) is the plain-text convention",
  "UseEllipsisCharacter":"'...' in plain text or code; the ASCII form is conventional",
  "EllipsisLength":"'..' is a range, a path or reStructuredText markup, not an ellipsis",
  "ToDoHyphen":"TODO is the file's or list's name",
  "UnclosedQuotes":"quotes in HTML, code or a quotation spanning lines",
  "CommaFixes":"a comma inside code, a formula or a file-name pattern",
  "QuoteSpacing":"quotes inside code",
  "CapitalizePersonalPronouns":"'-i' is a command option / 'i' a variable",
  "MissingPreposition":"nothing is missing (licence line / plain sentence)",
  "MissingTo":"nothing is missing ('if need be', 'your needs are', 'mean m', 'need unzip support')",
  "MissingDeterminer":"an imperative list item or heading; no article is missing",
  "ExpandConfiguration":"the abbreviation is part of a name (file, variable, command)",
  "ExpandDirectory":"the abbreviation is part of a name (variable, placeholder, path) or a common short form",
  "ExpandDependencies":"B-Dep / DEP-14 are Debian's established abbreviations",
  "ExpandPerformance":"part of the name perf_events / perf_examples",
  "ExpandStandardInputAndOutput":"stdin/stdout/stderr are the standard technical names",
  "ExpandMinimum":"function names (min, mmin_seq)","ExpandArgument":"'arg' in a telegraphic changelog entry about isspace()'s argument: fine",
  "ExpandDecl":"part of a macro name","ExpandParameter":"part of a macro name","ExpandTimeShorthands":"'100ms' is a standard unit abbreviation",
  "OkToOkay":"'OK'/'ok' is standard","GoogleNames":"'Google search' is a generic phrase here",
  "UseTitleCase":"sentence-case title: a style choice","WrongNegative":"an abbreviation/name or proselint's own term",
  "VeryUnique":"quoted example input of proselint","ClicheAccent":"a check identifier (cliches.misc)",
  "SimplePastToPastParticiple":"'bit-by-bit' is an adjective, not a verb","NounVerbConfusion":"'affects' is the verb here",
  "OneOfTheSingular":"'one of the default directories' spans a line break",
  "MergeWords":"'is BN' is two words","RegularIrregulars":"quoted example of a misspelled input word",
  "RepeatedWords":"separate command lines of a code block",
  "EN_IRREGULAR_PAST":"quoted example of a misspelled input word",
  "EN_BARE_PLURAL_SUBJECT_VERB":"'Fixes' is the verb of a changelog item",
  "EN_PREPOSITION_BASE_VERB_GERUND":"'install' is the name of a script (install-sh)",
  "EN_CONFUSION_PAIR":"'form' is the verb: 'the code ... form a library'",
  "EN_QUANTIFIER_PLURAL":"singular is right ('dh 10 parallelism', 'the C++17 standard', '80 size')",
}
HINT_RULES = {"LongSentences":"long sentence: a style remark, not an error",
  "DisjointPrefixes":"the hyphenated form is not wrong; the closed form is a style preference",
  "CompoundNouns":"open compound is not wrong; the closed form is a style preference",
  "Codebase":"'code base' is not wrong; a style preference","OxfordComma":"serial comma: a style choice",
  "DiscourseMarkers":"comma after an introductory adverb: a style choice",
  "CondenseAllThe":"'all of the' is not wrong; a concision remark","SendAnEmailTo":"concision remark",
  "EN_EG_IE_PUNCTUATION":"'eg.' for 'e.g.': informal abbreviation","DotInitialisms":"'eg.'/'ie:' for 'e.g.'/'i.e.': informal abbreviation",
  "TYPOGRAPHIC_SYMBOLS":"'(c)' for '©': ASCII convention, a fair typographic hint",
  "SPACE_BEFORE_PUNCTUATION":"space before ':' or '?' (French habit): a typographic slip, not counted as a clear error",
  "EN_CLOSED_COMPOUND":"'web site' → 'website': a style preference",
  "EN_RELATIVE_CLAUSE_AGREEMENT":"'one of the few implementations which has': the author means GLibC, 'have' is also defensible",
  "EN_PREPOSITION_COLLOCATION":"the phrase 'take special attention on' is unidiomatic; the preposition alone does not fix it",
  "EN_INTERFACE_LABEL_ARTICLE":"article dropped in a changelog's telegraphic style",
}
OVERRIDE = {("adduser-readme","54","30","  "): ("hint", "a stray double space inside a sentence: a typing slip, not counted as an error")}
def judge(r):
    rule, f, doc = r["rule"], r["flagged"], r["document"]
    if (doc, r["line"], r["column"], f) in OVERRIDE: return OVERRIDE[(doc, r["line"], r["column"], f)]
    w = f.strip("[]")
    if rule in ("SPELLING","SpellCheck","SplitWords"):
        if w in DELIBERATE: return "false", DELIBERATE[w]
        if w in HINT_WORDS: return "hint", HINT_WORDS[w]
        if w.lower() in BRIT: return "false", "British spelling, correct"
        return "false", "a correct word, name, identifier or code token the checker's dictionary lacks"
    if w in HINT_WORDS and rule in ("DotInitialisms","EN_EG_IE_PUNCTUATION"): return "hint", HINT_WORDS[w]
    if rule == "DotInitialisms" and w.startswith("eg/"): return "false", "'eg/' is a directory name"
    if rule in HINT_RULES: return "hint", HINT_RULES[rule]
    if rule in LAYOUT: return "false", LAYOUT[rule]
    if rule in ("SentenceCapitalization","UPPERCASE_SENTENCE_START"):
        if r["column"] != "1" and f[:1].islower():
            return "false", "not a sentence start: a file or dotted name, a list item or a continued sentence"
        return "false", "a program, command, file or identifier written in lower case by convention, or a list item"
    if rule == "EN_PROPER_ADJECTIVE_CAPITALIZATION": return "false", "SCOWL's spelling-category names (identifiers), quoted or listed"
    if rule == "OrthographicConsistency":
        if w == "Aarch64": return "hint", "the vendor writes AArch64"
        return "false", "a name, file name, identifier, date abbreviation or 'Unix' (correct)"
    if rule == "PhrasalVerbAsCompoundNoun":
        if w == "Builtin": return "hint", "'built-in' is the usual adjective; 'builtin' is common in code docs"
        return "false", "a noun or part of a file name here ('cleanup stuff', 'Callback functions', 'backup.environ')"
    if rule in ("AnA",): return "false", "the article is right for how the word is said (an Xlib, an sfx, a SPEC, the -A option) or it is code"
    if rule == "ThatThan": return "false", "'that' is a relative pronoun here"
    if rule == "MassNouns": return "false", "a count noun here ('one spelling') or a word-list entry"
    if rule == "DOUBLE_PUNCTUATION": return "error", "doubled full stop"
    return None, None
J = {}
for name in ("writing-tools", "harper"):
    rows = list(csv.DictReader(open(f"{sys.argv[1]}/{name}-flags.tsv"), delimiter="\t", quoting=csv.QUOTE_NONE))
    for r in rows:
        if r["key"]: continue
        v, why = judge(r)
        key = (r["document"], r["line"], r["column"], r["flagged"])
        if v is None: print("UNJUDGED", name, key, r["rule"], file=sys.stderr)
        else: J.setdefault(key, (v, why, set()))[2].add(r["rule"])

print("document\tline\tcolumn\tflagged\tverdict\treason\trules")
for k in sorted(J, key=lambda k: (k[0], int(k[1]), int(k[2]))):
    v, why, rules = J[k]
    print("\t".join(list(k) + [v, why, ",".join(sorted(rules))]))
