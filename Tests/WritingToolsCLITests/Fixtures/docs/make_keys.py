#!/usr/bin/env python3
"""Build the test documents and their answer keys from the specs in ./specs.

Run from anywhere:  python3 make_keys.py          (writes NAME.md, NAME.key.json,
                                                   NAME.injected.md, NAME.injected.key.json)
                    python3 make_keys.py --check  (only re-verifies the files already written)

Spec format (specs/NAME.spec, always stored with LF line endings, UTF-8, no BOM):
  ⟦wrong|right|kind⟧         an injected error: the original document gets `right`, the injected
                              variant gets `wrong`; `kind` is the key's kind field.
  ⟦wrong|right|kind|emoji⟧   the same, and the error starts right after an emoji / CJK character
                              (4th field is the key's `right_after`: "emoji" or "cjk").
  ⟪wrong|right|kind⟫         a natural error: present in BOTH variants as `wrong` (listed under
                              natural_errors in both keys).
Protected spans are NOT marked in the spec; they are computed from the Markdown structure by the
hand-written rules in `protected_spans` below (plus per-document literal lists of paths, CLI
options and code-like identifiers in DOCS).  Document options: `crlf` (write CRLF line endings)
and `bom` (write a UTF-8 BOM; offsets are over the text WITHOUT the BOM, as scripts/eval_docs.py
strips it before slicing).

All offsets are UTF-16 code units, zero-based, end-exclusive, over the whole file (minus BOM).
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPECS = os.path.join(HERE, "specs")

# Per-document settings.  Literal lists are protected wherever they occur outside other spans.
DOCS = {
    "01-driftwood-readme": {
        "crlf": False, "bom": False,
        "paths": ["./build/app", "~/.config/driftwood/config.toml", "src/main.rs",
                  "/var/log/syslog", "docs/ARCHITECTURE.md"],
        "cli_options": ["--since", "--group-by", "--locked"],
        "code_unmarked": [],
    },
    "02-commonplace-essay": {
        "crlf": False, "bom": True,
        "paths": ["~/notes/commonplace.md"],
        "cli_options": [],
        "code_unmarked": [],
    },
    "03-release-meeting-notes": {
        "crlf": True, "bom": False,
        "paths": ["ci/release.yml", "src/parser/tokenize.rs", "docs/CHANGELOG.md",
                  "scripts/bump_version.sh", "~/.cargo/config.toml", "tests/fixtures/huge.log", "release/2.3"],
        "cli_options": ["--offline", "--max-lines", "--dry-run"],
        "code_unmarked": [],
    },
}

ERR_RE = re.compile(r"⟦([^|⟧]*)\|([^|⟧]*)\|([a-z_]+)(?:\|([a-z]+))?⟧")
NAT_RE = re.compile(r"⟪([^|⟫]*)\|([^|⟫]*)\|([a-z_]+)⟫")
MARK_RE = re.compile(r"⟦[^⟧]*⟧|⟪[^⟫]*⟫")


def u16len(s):
    return len(s.encode("utf-16-le")) // 2


def render(spec, injected):
    """Return (text, errors, naturals) with offsets in code points of the LF text."""
    out, pos, errors, naturals = [], 0, [], []
    cur = 0
    for m in MARK_RE.finditer(spec):
        out.append(spec[pos:m.start()])
        cur += m.start() - pos
        tok = m.group(0)
        em = ERR_RE.fullmatch(tok)
        nm = NAT_RE.fullmatch(tok)
        if em:
            wrong, right, kind, after = em.groups()
            piece = wrong if injected else right
            if injected:
                errors.append({"start": cur, "end": cur + len(piece), "text": wrong,
                               "correction": right, "kind": kind, "right_after": after})
        elif nm:
            wrong, right, kind = nm.groups()
            piece = wrong
            naturals.append({"start": cur, "end": cur + len(piece), "text": wrong,
                             "correction": right, "kind": kind})
        else:
            raise SystemExit(f"bad marker {tok!r}")
        out.append(piece)
        cur += len(piece)
        pos = m.end()
    out.append(spec[pos:])
    return "".join(out), errors, naturals


# ---------------------------------------------------------------------------------------------
# Protected spans: hand-written rules over the LF text, in priority order.  A candidate that
# overlaps an already accepted span is dropped (so a URL inside a fence is not listed twice).
# ---------------------------------------------------------------------------------------------
def protected_spans(text, cfg):
    spans = []

    def add(s, e, kind):
        if s >= e:
            return
        for (a, b, _) in spans:
            if s < b and a < e:
                return
        spans.append((s, e, kind))

    def rx(pattern, kind, group=0, flags=re.M):
        for m in re.finditer(pattern, text, flags):
            add(m.start(group), m.end(group), kind)

    # Front matter: only at the very start.
    m = re.match(r"---\n.*?\n---(?=\n)", text, re.S)
    if m:
        add(0, m.end(), "front_matter")
    # Fenced code (``` ... ```), fences included, no trailing newline.
    rx(r"^```[^\n]*\n.*?^```[ \t]*$", "fenced_code", flags=re.M | re.S)
    # Display math.
    rx(r"^\$\$\n.*?\n\$\$$", "math", flags=re.M | re.S)
    # Indented code: a run of lines indented by 4+ spaces after a blank line (not in lists here).
    rx(r"(?<=\n\n)(?: {4}[^\n]*\n)+", "indented_code")
    # Reference definitions and footnote labels.
    rx(r"^\[[^\]^][^\]]*\]:[ \t]+\S+[^\n]*$", "reference_definition")
    rx(r"\[\^[^\]]+\]", "footnote_label")
    # Inline code (any backtick run length).
    rx(r"(`+)(?!`).+?(?<!`)\1(?!`)", "inline_code", flags=0)
    # Inline math $...$ (no dollar amounts are used in prose in these documents).
    rx(r"(?<![\\$])\$(?!\$)[^$\n]+\$(?!\$)", "math", flags=0)
    # Autolinks (URL and e-mail) before HTML tags.
    rx(r"<(?:https?://[^>\s]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>", "autolink", flags=0)
    rx(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>", "html_tag", flags=0)
    rx(r"&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);", "html_entity", flags=0)
    # Inline link / image destinations: the part inside ( ), without a title.
    rx(r"\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)", "link_destination", group=1, flags=0)
    # Reference-style link labels: [text][label] -> the label.
    rx(r"\]\[([^\]]+)\]", "link_reference", group=1, flags=0)
    # Bare URLs and e-mail addresses.
    for m in re.finditer(r"https?://[^\s<>()\]]+", text):
        s, e = m.span()
        while text[e - 1] in ".,;:!?'\"":
            e -= 1
        add(s, e, "url")
    rx(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)", "email", flags=0)
    # Literal lists.
    for kind, key in (("path", "paths"), ("cli_option", "cli_options"), ("code_unmarked", "code_unmarked")):
        for lit in cfg[key]:
            for m in re.finditer(r"(?<![\w/~.-])" + re.escape(lit) + r"(?![\w/-])", text):
                add(m.start(), m.end(), kind)
    # Release / meeting-notes tokens.
    rx(r"(?<![\w.])v\d+\.\d+\.\d+(?:-[a-z0-9.]+)?\b", "version", flags=0)
    rx(r"\b[A-Z]{2,5}-\d{1,5}\b", "ticket_id", flags=0)
    rx(r"(?<![\w@])@[A-Za-z][\w.-]*[A-Za-z0-9]", "mention", flags=0)
    rx(r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b", "commit_hash", flags=0)
    # Hard line breaks: two or more trailing spaces before a newline (markup, not a typo).
    rx(r"(?<=\S)( {2,})(?=\n)", "hard_break", group=1, flags=0)
    rx(r"(?<=\S)\\(?=\n)", "hard_break", flags=0)   # backslash hard break
    spans.sort()
    return spans


def to_file_offsets(text_lf, crlf):
    """Map code-point offsets of the LF text to UTF-16 offsets of the final text."""
    final = text_lf.replace("\n", "\r\n") if crlf else text_lf
    # prefix UTF-16 lengths of the final text, indexed by LF code-point offset
    table, u, i = [0] * (len(text_lf) + 1), 0, 0
    for i, ch in enumerate(text_lf):
        table[i] = u
        if ch == "\n" and crlf:
            u += 1
        u += u16len(ch)
    table[len(text_lf)] = u
    return final, table


def build(name, cfg, spec, injected):
    text_lf, errors, naturals = render(spec, injected)
    prot = protected_spans(text_lf, cfg)
    final, tab = to_file_offsets(text_lf, cfg["crlf"])
    fb = final.encode("utf-16-le")

    def sl(s, e):
        return fb[2 * s:2 * e].decode("utf-16-le")

    def conv(d):
        d = dict(d)
        d["start"], d["end"] = tab[d["start"]], tab[d["end"]]
        return d

    protected = []
    for (s, e, kind) in prot:
        s16, e16 = tab[s], tab[e]
        protected.append({"start": s16, "end": e16, "kind": kind, "text": sl(s16, e16)})
    doc = name + (".injected.md" if injected else ".md")
    key = {"document": doc}
    if injected:
        key["original"] = name + ".md"
    key.update({
        "source": {"origin": "original text written for swift-writing-tools (quotations: public domain)"},
        "offset_unit": "utf-16",
        "length_utf16": len(fb) // 2,
        "line_endings": "CRLF" if cfg["crlf"] else "LF",
        "bom": cfg["bom"],
    })
    if injected:
        key["injected_errors"] = [conv(e) for e in errors]
        key["inserted_context"] = []
    key["protected"] = protected
    key["natural_errors"] = [conv(n) for n in naturals]
    return final, key


def verify(path, key):
    """Re-read the written file and check every span of the key."""
    raw = open(path, "rb").read()
    text = raw.decode("utf-8")
    bom = text.startswith("\ufeff")
    assert bom == key["bom"], f"{path}: BOM mismatch"
    if bom:
        text = text[1:]
    assert ("\r\n" in text) == (key["line_endings"] == "CRLF"), f"{path}: line endings"
    if key["line_endings"] == "CRLF":
        assert "\n" not in text.replace("\r\n", ""), f"{path}: mixed line endings"
    b = text.encode("utf-16-le")
    n = len(b) // 2
    assert n == key["length_utf16"], f"{path}: length {n} != {key['length_utf16']}"
    prot = key["protected"]
    for lst in ("protected", "injected_errors", "natural_errors"):
        for sp in key.get(lst, []):
            s, e = sp["start"], sp["end"]
            assert 0 <= s < e <= n, f"{path}: bad range {sp}"
            got = b[2 * s:2 * e].decode("utf-16-le", errors="strict")
            assert got == sp["text"], f"{path}: {lst} slice {got!r} != {sp['text']!r}"
    for i in range(len(prot) - 1):
        assert prot[i]["end"] <= prot[i + 1]["start"], f"{path}: protected spans overlap {prot[i]} {prot[i+1]}"
    for err in key.get("injected_errors", []) + key.get("natural_errors", []):
        for p in prot:
            assert not (err["start"] < p["end"] and p["start"] < err["end"]), \
                f"{path}: error {err} inside protected {p}"
        if err.get("right_after"):
            # the error starts right after an emoji / CJK character followed by one space
            before = b[:2 * err["start"]].decode("utf-16-le")
            assert before.endswith(" "), f"{path}: right_after error not after a space: {err}"
            ch = before[-2]
            cp = ord(ch)
            if err["right_after"] == "cjk":
                assert 0x3000 <= cp <= 0x9FFF, f"{path}: not after CJK: {err}"
            else:
                assert cp >= 0x1F000 or 0xFE00 <= cp <= 0xFE0F or 0x2600 <= cp <= 0x27BF, \
                    f"{path}: not after emoji: {err} ({ch!r})"
    return text


def main():
    check_only = "--check" in sys.argv
    for name, cfg in DOCS.items():
        spec = open(os.path.join(SPECS, name + ".spec"), encoding="utf-8").read()
        assert "\r" not in spec and not spec.startswith("\ufeff")
        texts = {}
        for injected in (False, True):
            final, key = build(name, cfg, spec, injected)
            md = os.path.join(HERE, key["document"])
            kp = md[:-3] + ".key.json"
            if not check_only:
                with open(md, "wb") as f:
                    f.write((("\ufeff" if cfg["bom"] else "") + final).encode("utf-8"))
                with open(kp, "w", encoding="utf-8", newline="\n") as f:
                    json.dump(key, f, ensure_ascii=False, indent=1)
                    f.write("\n")
            key = json.load(open(kp, encoding="utf-8"))
            texts[injected] = (verify(md, key), key)
        # Applying the corrections to the injected text must give the original text exactly.
        inj_text, inj_key = texts[True]
        b = inj_text.encode("utf-16-le")
        parts, cur = [], 0
        for err in sorted(inj_key["injected_errors"], key=lambda e: e["start"]):
            parts.append(b[2 * cur:2 * err["start"]].decode("utf-16-le"))
            parts.append(err["correction"])
            cur = err["end"]
        parts.append(b[2 * cur:].decode("utf-16-le"))
        fixed = "".join(parts)
        if cfg["crlf"]:
            assert "\r" not in "".join(e["correction"] for e in inj_key["injected_errors"])
        assert fixed == texts[False][0], f"{name}: corrections do not restore the original"
        # Protected texts must be identical (same multiset, same order) in both variants.
        assert [(p["kind"], p["text"]) for p in texts[False][1]["protected"]] == \
               [(p["kind"], p["text"]) for p in inj_key["protected"]], f"{name}: protected spans differ"
        kinds = {}
        for e in inj_key["injected_errors"]:
            kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
        size = os.path.getsize(os.path.join(HERE, name + ".md"))
        print(f"{name}: {size} bytes, {len(inj_key['protected'])} protected, "
              f"{len(inj_key['injected_errors'])} injected {kinds}, "
              f"right_after={[e['right_after'] for e in inj_key['injected_errors'] if e['right_after']]}")
    print("all keys verified")


if __name__ == "__main__":
    main()
