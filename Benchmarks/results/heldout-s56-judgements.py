# Judgements of heldout-s56's flags (session 56): T/D verdicts and grammar or layout false alarms by
# location, spelling false alarms' classes by word;
# python3 heldout-s56-judgements.py FLAGS.txt OUT.tsv writes the judged table (flags.txt of tech-docs.py).
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judgements import judge  # noqa: E402

T = {  # location -> (verdict, note)
"man-systemd-unit:245:72": ("D", "'A common special case are unit names': the verb agrees with the plural complement; 'is' (--fix) is the strict agreement, kept"),
"man-socket:207:8": ("T", "'could not retrieved' is an error ('could not be retrieved'); the fix 'retrieve' is wrong (--fix: harmful)"),
"man-socket:272:18": ("T", "a RX queue → an (--fix right)"),
"man-socket:280:24": ("T", "a app thread → an (--fix right)"),
"man-socket:280:41": ("T", "a HW NIC queue → an (--fix right; letters read 'aitch')"),
"man-deb-control:46:55": ("D", "'a short brief summary' (redundancy, style)"),
"man-openssl-x509:149:5": ("D", "dialect: Customise"),
"bzip2-info:185:43": ("D", "dialect: recognised (one hint for a British document)"),
"bzip2-info:235:63": ("T", "eg → e.g."),
"bzip2-info:255:6": ("T", "typo: invokation (--fix right)"),
"find-maint-info:71:47": ("T", "'there will be a many areas' → many (--fix right)"),
"find-maint-info:73:54": ("T", "'is be so terse' is an error; the fix 'is been' is wrong (--fix: harmful)"),
"find-maint-info:73:51": ("T", "'is be so terse': one verb too many (after: reported on 'is be' with no fix)"),
"find-maint-info:140:28": ("D", "dialect: behaviour (one hint for a British document)"),
"find-maint-info:161:10": ("T", "typo: asthe → as the"),
"nodejs-writing-tests:354:6": ("T", "when its added → it's (--fix right)"),
"pip-issue-triage:33:27": ("D", "'The current set of labels are' → is (notional agreement; --fix kept)"),
"pip-user-guide:241:1": ("D", "dialect: organisation"),
"python-readme-rst:67:1": ("D", "useable → usable (a variant; --fix kept)"),
"python-readme-rst:119:43": ("D", "end result (redundancy, style)"),
"python-readme-rst:217:39": ("T", "Github → GitHub (the brand's casing)"),
"x11-syncproto:155:7": ("D", "on a regular basis (wordiness, style)"),
"x11-syncproto:221:39": ("T", "the trigger is initialize → initialized"),
"x11-syncproto:287:30": ("T", "depending of → on"),
"pango-news:7:19": ("T", "typo: calculatiosn (--fix right)"),
"pango-news:60:7": ("T", "typo: serialiation"),
"pango-news:193:20": ("D", "apis → APIs (casing)"),
"pango-news:214:45": ("T", "typo: attrbiutes (--fix right)"),
"binutils-news:93:18": ("D", "dialect: behaviour (one hint)"),
"binutils-news:105:60": ("T", "eg → e.g."),
"binutils-news:144:63": ("T", "typo: availale (--fix right)"),
"binutils-news:242:12": ("T", "typo: dmangle → demangle (the guess 'dangle' is wrong, not applied)"),
"zsh-news:10:61": ("D", "dialect: amongst (one hint for a British document)"),
"zsh-news:52:21": ("T", "typo: exapansions (--fix right)"),
# grammar and layout false alarms, by location
"man-socket:196:22": ("F", "grammar: 'the passed interface name' (a participle as adjective) read as an eggcorn of 'past' (--fix: harmful)"),
"man-journald-conf:157:59": ("F", "grammar: 'the base 2 logarithm' (a number labelling a noun) read as a quantity"),
"man-journald-conf:292:52": ("F", "grammar: 'the TTY to log to can be changed' (a stranded preposition) read as 'to' before a modal (--fix 'to be able to be changed': harmful)"),
"bzip2-info:20:28": ("F", "layout: an info menu entry ('* Programming with libbzip2 : Programming…')"),
"gzip-info:100:15": ("F", "grammar: 'restricted to timestamps' (a preposition and a plural noun) read as an infinitive (--fix 'timestamp': harmful)"),
"nodejs-writing-tests:171:1": ("F", "layout: a sentence whose subject is the code block before it ('…```\\nwill create')"),
"binutils-news:56:3": ("F", "layout: a wrapped line of a change-log item read as a sentence's start"),
"zsh-news:243:5": ("F", "code: an indented shell line '( printf …)'"),
}
RULE_F = {  # rule -> class, for false alarms judged by rule in one document
"SPACE_BEFORE_PUNCTUATION@cryptography-metadata": "code: a requirement with an environment marker in a metadata field ('Requires-Dist: black ; extra == …')",
}
CLASSES = [  # (class, words)
("code or layout token (ASCII control characters' names in a table, a DOI, a shell pattern)", "etx enq bs lf vt etb esc fs doi xy"),
("a package name in a metadata field (Requires-Dist, Provides-Extra)", "pyenchant sdist bcrypt pytest cov xdist pytz"),
("lowercase package, tool, library or format name", "ini debbugs exim zlib updatedb procmon askubuntu cffi's cairo harfbuzz fribidi bidi asan filt mmi fpath"),
("a verb with the reversive prefix un- (unset, unshare, uncompress)", "unsharing unsets unsetting uncompresses"),
("derived or clipped technical term", "ellipsized ignorables airgapped kbytes rects"),
("name of a person", "Poettering Gailly Lempel Ziv"),
("an archaic verb form quoted ('where thou typest')", "typest"),
]
judge(T, CLASSES, rule_false=lambda rule, doc: RULE_F.get(rule + "@" + doc), spelling_words_only=True)
