#!/usr/bin/env python3
"""Writes Sources/Proofreading/Resources/rules/usage-lists.rules from proselint's usage lists.

proselint (BSD-3-Clause, © 2014–2017 Jordan Suchow, Michael Pacer and Lara A. Ross; Debian's
`python3-proselint`, PyPI's `proselint`) keeps lists of phrases with their preferred form from
published usage guides: redundancies from Garner's Modern American Usage, Richard Nordquist and
After the Deadline, Garner's preferred forms, mondegreens and mixed metaphors. This script reads
those lists from the installed package's source (its `preferred_forms_check` tables, parsed with
`ast`, nothing imported or run) and writes them as one rule file in the project's rule language.

Left out, by kind (never by looking at an evaluation sentence):
- single words (spelling variants such as `moustache`, `lasagne`: the speller's business);
- regular expressions, and entries whose preferred form is a choice (`during / throughout`);
- a wrong form that ends in a particle or preposition (`climb up`, `consult with`, `drop down`,
  `approximately about`): the last word can belong to what follows (`a drop down menu`,
  `reason approximately about its behaviour`), and a phrasal verb is idiom, not redundancy;
- acronyms with their last word spelled out (`PDF format`, `GUI interface`): names in technical
  prose;
- entries the project judges wrong or not redundant (EXCLUDED below, with the reason);
- names (a capital word: `Milky Way galaxy`), which the rule would read as a name and skip;
- phrases another bundled rule file already has, or inside or around one (`point in time`).

Usage: python3 scripts/generate-usage-lists.py [--proselint DIR] [--check]
(--check: exit 1 if the committed file differs from what the installed package gives).
"""
import argparse
import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "Sources/Proofreading/Resources/rules"
OUT = RULES / "usage-lists.rules"
DEFAULT = pathlib.Path("/usr/lib/python3/dist-packages/proselint/checks")

# (module, function) -> rule; the others are left out (style opinions, jargon, spelling).
SOURCES = {
    ("redundancy/misc.py", "check"): "EN_PLEONASM",
    ("redundancy/misc.py", "check_garner"): "EN_PLEONASM",
    ("redundancy/misc.py", "check_nordquist"): "EN_PLEONASM",
    ("redundancy/misc.py", "check_atd"): "EN_PLEONASM",
    ("misc/preferred_forms.py", "check"): "EN_USAGE_PREFERRED_FORM",
    ("mondegreens/misc.py", "check"): "EN_USAGE_PREFERRED_FORM",
    ("mixed_metaphors/misc.py", "check_misc"): "EN_USAGE_PREFERRED_FORM",
}

PARTICLES = {"up", "down", "out", "in", "into", "on", "off", "over", "back", "about", "with",
             "ahead", "around", "through", "from", "apart", "after", "forward", "upward",
             "upwards", "altogether", "completely", "of", "to", "for", "at", "by", "as",
             "the", "a", "an"}

EXCLUDED = {
    "I myself": "emphatic, not redundant (“I myself have never seen it”)",
    "I personally": "emphatic, not redundant",
    "mutual friend": "standard English; “friend in common” is one guide's taste",
    "modern-day": "standard English",
    "Meantime,": "standard English",
    "Middle West": "a name",
    "Middle Western": "a name",
    "for free": "standard English",
    "first of all": "standard English",
    "best ever": "standard English",
    "dates back": "standard English (“dates back to 1990”)",
    "past experience": "standard English (“from past experience”)",
    "specific details": "standard English",
    "personal belongings": "standard English",
    "proposed plan": "a plan not yet adopted",
    "plan ahead": "standard English",
    "sharp point": "points can be blunt",
    "fall season": "“fall” alone is ambiguous",
    "sand dune": "standard English",
    "software program": "standard in technical prose",
    "time clock": "a device",
    "inner core": "the Earth's inner core",
    "high noon": "an idiom",
    "ten in number": "a number word of a list",
    "suicide victim": "standard English",
    "pregnancy termination": "a euphemism, not an error",
    "armed reconnaissance": "a euphemism, not an error",
    "sexually ambidextrous": "a euphemism, not an error",
    "extermination engineer": "a euphemism, not an error",
    "permanent layoff": "a euphemism, not an error",
    "rodent operative": "a euphemism, not an error",
    "inorganic food": "the preferred form is not English",
    "Lady Mondegreen": "the mondegreen's own name",
    "Olive, the other reindeer": "a joke",
    "a part-red gingerbread tree": "a joke",
    "a girl with colitis goes by": "a joke",
    "attorney and notary public": "a real title",
    "a minute to decompose": "a joke",
    "statute of limits": "the preferred form is misspelled in the source",
    "vapidness": "the preferred form is misspelled in the source",
    "make an inference": "standard English",
    "free and gratis": "an idiom",
    "all of the time": "standard English",
    "pause for a moment": "standard English",
    "brief moment": "standard English",
    "moment in time": "standard English",
    "tiny bit": "standard English",
    "serious danger": "standard English",
    "serious crisis": "standard English",
    "foreign imports": "standard English",
    "private industry": "contrasts with public industry",
    "joint collaboration": "standard English",
    "direct confrontation": "standard English",
    "crisis situation": "standard English",
    "emergency situation": "standard English",
    "hard facts": "an idiom",
    "established fact": "an idiom",
    "polar opposite": "an idiom",
    "polar opposites": "an idiom",
    "exact opposite": "an idiom",
    "exact opposites": "an idiom",
    "common bond": "an idiom",
    "these ones": "standard in speech",
    "those ones": "standard in speech",
    "number of different": "standard English",
    "circumstances surrounding": "standard English",
    "feel inside": "standard English",
    "fly through the air": "standard English",
    "live witness": "standard English",
    "exposed opening": "standard English",
    "empty hole": "standard English",
    "open trench": "standard English",
    "rate of speed": "standard English",
    "unconfirmed rumor": "a rumour can be confirmed",
    "new bride": "standard English",
    "advance planning": "standard English",
    "forward planning": "standard English",
    "future plan": "standard English",
    "future plans": "standard English",
    "old custom": "standard English",
    "usual custom": "standard English",
    "honest truth": "an idiom",
    "burning hot": "standard English",
    "earlier in time": "standard English",
    "nowhere near as": "standard English",
    "doubtlessly": "a single word",
    "repeat the same": "“the same” belongs to the noun after it (“repeat the same test”)",
    "repeated the same": "“the same” belongs to the noun after it",
    "ask the question": "standard English where the question is named (“venture to ask the question”)",
    "could possibly": "emphatic after a negative (“no one could possibly hear you”)",
}


def tables(path: pathlib.Path, function: str):
    """The [preferred, [wrong, …]] entries of one check function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == function:
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
                    try:
                        value = ast.literal_eval(node.value)
                    except ValueError:
                        continue
                    for item in value:
                        if (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                                and isinstance(item[1], list)):
                            yield item[0], [w for w in item[1] if isinstance(w, str)]


def existing_phrases() -> set[str]:
    """Phrases the bundled rule files and the Swift redundancy rule already flag."""
    found = set()
    swift = (ROOT / "Sources/Proofreading/Rules/RedundantPhraseRule.swift").read_text(encoding="utf-8")
    for words in re.findall(r"\(\[((?:\"[^\"]+\",? ?)+)\],", swift):
        found.add(" ".join(re.findall(r'"([^"]+)"', words)).lower())
    for f in RULES.glob("*.rules"):
        if f == OUT:
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            m = re.match(r"pattern (.+?) =>", line)
            if m and re.fullmatch(r"[\w' .-]+", m.group(1)):
                found.add(m.group(1).lower())
    return found


def swift_verb_particles() -> list[tuple[str, str]]:
    """The Swift redundancy rule's verb + particle pairs (it checks every inflection)."""
    swift = (ROOT / "Sources/Proofreading/Rules/RedundantPhraseRule.swift").read_text(encoding="utf-8")
    return re.findall(r'\("([a-z]+)", "([a-z]+)"\)', swift)


VERB_PARTICLES = swift_verb_particles()


def keep(wrong: str, good: str, known: set[str]) -> bool:
    words = wrong.split()
    lowered = [w.lower() for w in words]
    if len(words) == 2 and any(lowered[1] == particle and lowered[0].startswith(verb.rstrip("e"))
                               for verb, particle in VERB_PARTICLES):
        return False
    if len(words) < 2 or wrong in EXCLUDED:
        return False
    padded = f" {wrong.lower()} "
    if any(f" {k} " in padded or f" {wrong.lower()} " in f" {k} " for k in known):
        return False
    if any(w[:1].isupper() for w in words if w != "I"):
        return False
    if re.search(r"[()?*+\[\]|\\/@!_^$]", wrong) or "/" in good or "..." in good or "(" in good:
        return False
    if words[-1].lower().strip(",") in PARTICLES:
        return False
    if re.fullmatch(r"[A-Z]{2,}s?", words[0]):
        return False
    return True


# A fix that drops an article with the adjective after it (`add an additional` → `add`) would
# leave the noun that follows without one (“Add name to a local image”, a README-only trial of
# session 48): the article and the adjective become the word that says both, and the finding
# points at them alone (`add [an additional] => another`).
ARTICLE_ADJECTIVES = {"additional": "another", "further": "another"}


def article_kept(wrong: str, good: str) -> tuple[str, str]:
    words = wrong.split()
    if (len(words) >= 3 and words[-2].lower() in ("a", "an") and words[-1].lower() in ARTICLE_ADJECTIVES
            and good.lower() == " ".join(words[:-2]).lower()):
        return " ".join(words[:-2]) + " [" + " ".join(words[-2:]) + "]", ARTICLE_ADJECTIVES[words[-1].lower()]
    return wrong, good


def generate(root: pathlib.Path) -> str:
    known = existing_phrases()
    entries: dict[str, list[tuple[str, str]]] = {}
    seen = set()
    for (module, function), rule in SOURCES.items():
        for good, wrongs in tables(root / module, function):
            fixes = [g.strip(" '") for g in re.split(r"'\s*or\s*'?", good)]
            for wrong in wrongs:
                wrong = wrong.strip()
                if wrong.lower() in seen or not keep(wrong, fixes[0], known):
                    continue
                seen.add(wrong.lower())
                entries.setdefault(rule, []).append(article_kept(wrong, " | ".join(fixes)))
    out = [HEADER]
    for rule, body in RULE_TEXT.items():
        out.append(body[0])
        out += [f"pattern {w} => {g}" for w, g in entries.get(rule, [])]
        out.append(body[1])
    return "\n".join(out)


HEADER = """\
# GENERATED by scripts/generate-usage-lists.py from proselint's usage lists: do not edit; change
# the script and run it again. Redundant phrases (pleonasms) after Garner's Modern American
# Usage, Richard Nordquist and After the Deadline, Garner's preferred forms, mondegreens and mixed
# metaphors, as proselint lists them. The script says what it leaves out and why.
#
# proselint: Copyright © 2014–2017, Jordan Suchow, Michael Pacer, and Lara A. Ross. All rights
# reserved. Redistribution and use in source and binary forms, with or without modification, are
# permitted provided that the following conditions are met: 1. Redistributions of source code must
# retain the above copyright notice, this list of conditions and the following disclaimer.
# 2. Redistributions in binary form must reproduce the above copyright notice, this list of
# conditions and the following disclaimer in the documentation and/or other materials provided
# with the distribution. 3. Neither the name of the copyright holder nor the names of its
# contributors may be used to endorse or promote products derived from this software without
# specific prior written permission. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND
# CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
# IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO
# EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
# SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
# SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
# CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING
# NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF
# THE POSSIBILITY OF SUCH DAMAGE.
"""

RULE_TEXT = {
    "EN_PLEONASM": ("""\
rule EN_PLEONASM
category redundancy
summary A phrase that says one thing twice (“sworn affidavit” → “affidavit”)
message “\\0” says one thing twice: “{fix}” is enough.
options skip-capitalized hint quiet-in-technical""", """\
wrong The lawyer read the sworn affidavit aloud. => The lawyer read the affidavit aloud.
wrong The budget is sufficient enough for one year. => The budget is sufficient for one year.
wrong We have the mutual agreement of both sides. => We have the agreement of both sides.
wrong She is now currently the head of the team. => She is currently the head of the team.
wrong Add an additional name to the image. => Add another name to the image.
right The lawyer read the affidavit aloud.
right The budget is sufficient for one year.
right We repeat the test with the same seed.
right The server stayed up for the duration of the test.
"""),
    "EN_USAGE_PREFERRED_FORM": ("""\
rule EN_USAGE_PREFERRED_FORM
category confused-words
summary A phrase whose standard form is another (“for all intensive purposes”, “off of”)
message The standard form is “{fix}”.
options skip-capitalized hint""", """\
wrong For all intensive purposes, the work is done. => For all intents and purposes, the work is done.
wrong She took to the job as to the manor born. => She took to the job as to the manner born.
wrong A couple people came. => A couple of people came.
right For all intents and purposes, the work is done.
right The manor was built in 1820.
right A couple of people came.
"""),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--proselint", type=pathlib.Path, default=DEFAULT,
                    help="proselint's checks folder (default: Debian's python3-proselint)")
    ap.add_argument("--check", action="store_true", help="compare with the committed file")
    args = ap.parse_args()
    if not (args.proselint / "redundancy/misc.py").exists():
        print(f"generate-usage-lists: no proselint checks in {args.proselint} "
              "(apt-get install python3-proselint)", file=sys.stderr)
        return 2
    text = generate(args.proselint)
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} differs from the package's lists")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({text.count(chr(10) + 'pattern ')} patterns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
