# Judgements of heldout-s53's flags (session 53): T/D verdicts by location, F classes by pattern;
# python3 heldout-s53-judgements.py FLAGS.txt OUT.tsv writes the judged table (flags.txt of tech-docs.py).
import sys, re
T = {  # key -> (verdict, class)
"man-llvm-cov:255:19": ("D", "i.e → i.e. (style; --fix right)"),
"man-llvm-cov:263:49": ("D", "e.g → e.g. (style; --fix right)"),
"man-xrandr:45:64": ("T", "informations → information"),
"man-xrandr:61:66": ("T", "avoids to block → avoids blocking"),
"man-xrandr:217:22": ("D", "dialect: behaviour"),
"man-ctags:95:29": ("T", "options shows → show (--fix right)"),
"man-criu:161:21": ("T", "two mode → two modes"),
"man-ucf:45:8": ("D", "During the course of (redundancy, style)"),
"man-ucf:200:48": ("D", "dialect: behaviour"),
"man-ucf:230:14": ("T", "typo: cofiguration"),
"man-ucf:241:72": ("D", "dialect: flavour"),
"libtasn1-info:360:8": ("T", "a assignments → an (--fix right)"),
"gpgrt-info:120:65": ("T", "a MT → an MT (--fix right)"),
"gpgrt-info:136:44": ("T", "has been build → built (--fix right)"),
"libmicrohttpd-tutorial-info:94:25": ("T", "a HTTP → an HTTP (--fix right)"),
"libmicrohttpd-tutorial-info:118:1": ("D", "a paragraph opening in lowercase (the)"),
"libmicrohttpd-tutorial-info:118:13": ("D", "dialect: behaviour"),
"libmicrohttpd-tutorial-info:130:1": ("D", "minimalistic (minimalist)"),
"libmicrohttpd-tutorial-info:137:47": ("T", "to sent → send (--fix right)"),
"libmicrohttpd-tutorial-info:169:10": ("T", "the the (--fix right)"),
"libmicrohttpd-tutorial-info:340:16": ("T", "an request → a (--fix right)"),
"libmicrohttpd-tutorial-info:374:10": ("T", "lot of → a lot of (--fix right)"),
"wadllib-news:8:30": ("D", "dialect: favour"),
"nghttp2-readme:28:1": ("T", "sections describes → describe (--fix right)"),
"nghttp2-readme:86:30": ("T", "it self → itself"),
"nghttp2-readme:114:23": ("T", "itself.To → itself. To (--fix right)"),
"glib-readme:11:14": ("D", "web site → website (style)"),
"fribidi-changelog:5:18": ("T", "the the (--fix right)"),
"debian-pam-minipolicy:49:51": ("D", "dialect: behaviour"),
"debian-pam-minipolicy:67:21": ("D", "eg (e.g., style)"),
"debian-pam-minipolicy:132:64": ("D", "eg. → e.g. (style; --fix applied it)"),
"gdk-pixbuf-news:15:45": ("T", "typo: libary (--fix right)"),
"gdk-pixbuf-news:37:11": ("D", "dialect: initialise"),
"gdk-pixbuf-news:53:39": ("D", "dialect: behaviour"),
"gdk-pixbuf-news:180:8": ("T", "typo: Fixo → Fix"),
"slang-guide:17:11": ("T", "the the (--fix right)"),
"slang-guide:114:55": ("T", "some some (--fix right)"),
"slang-guide:323:20": ("T", "a S-Lang → an (--fix right)"),
"slang-guide:323:56": ("T", "a S-Lang → an (--fix right)"),
"slang-guide:103:13": ("D", "casing: tv (TV)"),
"io-socket-ssl-debugging:8:43": ("T", "sentence opening in lowercase: if (--fix right)"),
"linux-pam-readme:58:29": ("D", "unfunctional (rare word)"),
}
CLASS = [
 (r"EN_AGREEMENT_BE|EN_I_AM_LOWERCASE", "a letter in a list (g, h, and i are) read as the pronoun (--fix harmful)"),
 (r"EN_PREPOSITION_BASE_VERB_GERUND", "on + an event noun (on reinstall, on download) (--fix harmful)"),
 (r"EN_BARE_NOUN_SUBJECT_AGREEMENT", "an unknown -ly adverb opening an imperative read as a noun subject (--fix harmful)"),
 (r"«(dinde|marrons|boudin|pommes|épinards|l'orange|savoyarde)»", "a release's title in French in quotes (--fix harmful: dinde)"),
 (r"«(Prev|makeinfo)»|^gpgrt-info:285:.*CONSECUTIVE_SPACES", "info manual: node header / makeinfo preamble"),
 (r"^libtasn1-info:3[01]\d:.*CONSECUTIVE_SPACES", "layout: a syntax sample's columns"),
 (r"^gdk-pixbuf-news:.*«(Essam|Neto|Otte|Paolo|Fabrice|Mena|Bassi|Reiter|Vitaly|wei)»", "credit in square brackets ([Emmanuele Bassi, #126])"),
 (r"«(dx|ey|gx|hy)»", "layout: a formula (x' = (ax + by + c) / w')"),
 (r"^man-xrandr:24[78]:.*«", "a syntax's field names (hdisp hsyncstart … vtotal)"),
 (r"«(ho‐⏎\s*mogenic|hsync‐⏎\s*start)»", "a line-end hyphen"),
 (r"«(uid|uids|gids|cpu|pid|crc|bmp|pnm|gdm|suid|sgid|dest|ret|dp|elt|privs|bgo|mmw|cvt|nfkc|xhhhh|qtif|dtags|filt)»", "lowercase initialism / abbreviation"),
 (r"«(Dominik|Mulders|Patreon|Pango|vtorri|Sparc|Xinerama|Essam)»", "name"),
 (r"EN_SINGULAR_SUBJECT_PLURAL_VERB|EN_THIS_ADVERB_BASE_VERB|EN_THERE_THEIR_NOUN", "grammar: a verb after 'cannot' / 'which' / 'know there' misread"),
 (r"^mpfr-news:181:3\t", "a function name ending a line read as a sentence end (now)"),
 (r"«(behaviour|favour|flavour|initialise)»", "dialect"),
]
def classify(line):
    key = line.split("\t")[0]
    if key in T: return T[key]
    for pat, cls in CLASS:
        if re.search(pat, line):
            return ("D", cls) if cls == "dialect" else ("F", cls)
    m = re.search(r"«([^»]*)»", line)
    return ("F", "term/name with no source: " + (m.group(1) if m else "?"))
flags = open(sys.argv[1]).read().splitlines()
out = ["location\trule\tflagged\tfirst suggestion\tjudgement (T true, D style/debatable, F false alarm)\tclass"]
for l in flags:
    if not l.strip(): continue
    parts = l.split("\t")
    v, c = classify(l)
    out.append("\t".join(parts[:4] + [v, c]))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
from collections import Counter
cnt = Counter(o.split("\t")[4] for o in out[1:])
print(dict(cnt))
cls = Counter(o.split("\t")[5] if not o.split("\t")[5].startswith("term/name") else "term/name with no source" for o in out[1:] if o.split("\t")[4] == "F")
for k, v in cls.most_common(): print(v, k)
