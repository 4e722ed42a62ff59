# Judgements of heldout-s55's flags (session 55): T/D verdicts and grammar false alarms by location,
# spelling false alarms' classes by word;
# python3 heldout-s55-judgements.py FLAGS.txt OUT.tsv writes the judged table (flags.txt of tech-docs.py).
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judgements import judge  # noqa: E402

T = {  # location -> (verdict, note)
"man-file:375:22": ("T", "file is enforces → file enforces (--fix right)"),
"man-fuser:168:25": ("T", "print an advice → advice (--fix right)"),
"man-ip:202:16": ("T", "it's value → its (--fix right)"),
"libjpeg-turbo-readme:197:20": ("D", "8x8 → 8×8 (typography)"),
"google-auth-changelog:217:52": ("T", "typo: excpetions"),
"google-auth-changelog:236:54": ("D", "urls → URLs (casing)"),
"oauth2client-contributing:39:28": ("D", "with regards to → with regard to (usage; --fix kept)"),
"funcsigs-readme:35:1": ("T", "typo: Similiarily"),
"setuptools-build-meta:37:50": ("D", "dialect: behaviour"),
"setuptools-build-meta:108:18": ("D", "dialect: favour"),
"setuptools-build-meta:112:21": ("D", "dialect: optimisations"),
"x11-xdmcp:98:59": ("D", "end result (redundancy, style)"),
"x11-xdmcp:126:27": ("T", "typo: accomodate (--fix right)"),
"x11-xdmcp:334:50": ("T", "will wakeup → wake up (a verb)"),
"x11-xdmcp:349:35": ("T", "a IndirectQuery → an (--fix right)"),
"x11-xdmcp:358:73": ("T", "a Unwilling → an (--fix right)"),
"x11-xdmcp:375:43": ("D", "space before comma after a name (the rendering's)"),
"x11-xdmcp:375:60": ("D", "space before comma after a name (the rendering's)"),
"x11-xdmcp:396:54": ("D", "space before comma after a name (the rendering's)"),
"x11-xdmcp:396:71": ("D", "space before comma after a name (the rendering's)"),
"x11-recordproto:392:51": ("D", "space before comma after a name (the rendering's)"),
"x11-recordproto:395:63": ("D", "space before comma after a name (the rendering's)"),
"gtk2-readme:17:14": ("D", "web site → website (style)"),
"gtk2-readme:78:65": ("D", "dialect: favour (one hint for a British document)"),
"gtk2-readme:221:3": ("T", "typo: accidentially (--fix right)"),
"gtk2-readme:265:56": ("T", "e.g → e.g. (--fix right)"),
"gtk2-readme:306:29": ("D", "independently from → of (usage)"),
"gtk2-readme:350:64": ("T", "typo: ownerchip (--fix right)"),
"gtk2-readme:354:44": ("T", "typo: environtment (--fix right)"),
"gtk2-readme:446:9": ("T", "typo: occured (--fix right)"),
"pygobject-news:40:25": ("D", "dialect: marshalling (one hint)"),
"pygobject-news:82:39": ("T", "typo: independend"),
"shared-mime-info-news:83:20": ("D", "dialect: behaviour"),
"shared-mime-info-news:229:22": ("D", "Javascript → JavaScript (casing of a name)"),
"shared-mime-info-news:233:24": ("D", "dialect: capitalisation"),
"pulseaudio-news:33:6": ("T", "typo: patcl (pactl; the guess 'patch' is wrong, not applied)"),
"pulseaudio-news:41:68": ("T", "experimentals features → experimental"),
"pulseaudio-news:243:12": ("T", "upto → up to (--fix right)"),
"nettle-info:166:16": ("T", "typo: licenced → licensed (--fix right)"),
"libmicrohttpd-info:146:50": ("T", "typo: evet (event)"),
# grammar and layout false alarms, by location
"man-unix:47:23": ("F", "grammar: 'Three types of address' is standard English"),
"man-ip:90:28": ("F", "grammar: 'the number of protocol' (its number, printed numerically)"),
"pygobject-news:62:37": ("F", "grammar: 'a Python 2 and 3 version' (one version each)"),
"gtk2-readme:382:25": ("F", "grammar: 'several symbols private which were' (--fix made it 'was': harmful)"),
"shared-mime-info-news:137:19": ("F", "grammar: 'a lot of user readable descriptions' (--fix made it 'users': harmful)"),
"x11-xdmcp:227:7": ("F", "layout: a field name in the left margin (Opcode   section)"),
"x11-fsproto:254:18": ("F", "layout: a box diagram read as a paragraph"),
"pulseaudio-news:53:1": ("F", "names: a list of contributors read as a paragraph"),
"pulseaudio-news:156:1": ("F", "names: a list of contributors read as a paragraph"),
"libmicrohttpd-info:156:50": ("F", "layout: an info '*note' reference before the sentence's verb"),
"libmicrohttpd-info:181:33": ("F", "layout: an info '*note' reference before the sentence's verb"),
"libmicrohttpd-info:249:6": ("F", "layout: an option's description under its tag"),
}
RULE_F = {  # rule -> class, for grammar false alarms judged by rule in one document
"EN_BARE_PLURAL_SUBJECT": "grammar: 'Requests' (the library's name) read as a plural subject",
"EN_BARE_PLURAL_SUBJECT_VERB": "grammar: 'Requests relaxes' (the library's name; --fix made it 'relax': harmful)",
"EN_MASS_NOUN_PLURAL": "grammar: 'magics' (shared-mime-info's term for its magic rules)",
}
CLASSES = [  # (class, words)
("code or layout token (shell words, redirections, a field name, a dunder name, a link flag, a MIME type)", "fi lf fd Alloc getstate lnettle lhogweed hif mtllib newmtl Un"),
("lowercase package, tool or library name", "dbus cairo wayland pytest pygobject pygi idna pyopenssl gtkrc gstdio itstool ogg vbscript tga plist pactl pacmd xtest aws iam sdist xgcode ovf systemprofiler ucred libs"),
("derived or clipped technical term", "vendored vendoring upsampling upsampled refcounting refcount distros criticals creds hacky mmap'ed Pypy"),
("name of a person, company or product", "Korn Geoff Absol puter Synergytics Bink Komplete Behringer Sennheiser"),
]
judge(T, CLASSES, rule_false=lambda rule, doc: RULE_F.get(rule))
