# Judgements of heldout-s54's flags (session 54): T/D verdicts by location, F classes by word;
# python3 heldout-s54-judgements.py FLAGS.txt OUT.tsv writes the judged table (flags.txt of tech-docs.py).
import sys
T = {  # location -> (verdict, note)
"man-xxd:43:25": ("T", "typo: maxmimum (--fix right)"),
"man-gitattributes:288:33": ("D", "e.g → e.g. (style; --fix right)"),
"man-git-worktree:188:44": ("D", "dialect: behaviour"),
"man-pkgconf:187:32": ("D", "dialect: behaviour"),
"man-sources-list:240:10": ("D", "dialect: behaviour"),
"man-openssl-req:288:5": ("D", "dialect: Customise"),
"bc-info:334:52": ("T", "The result of all boolean operations are → is (--fix right)"),
"autosprintf-info:369:46": ("D", "each and every (a quoted licence text; style)"),
"charset-normalizer-readme:81:4": ("D", "eg (e.g., style)"),
"charset-normalizer-readme:189:32": ("D", "space before colon (French spacing; --fix right)"),
"charset-normalizer-readme:200:64": ("D", "space before ? (--fix right)"),
"charset-normalizer-readme:211:71": ("D", "space before ?"),
"charset-normalizer-readme:213:7": ("D", "space before colon (--fix right)"),
"charset-normalizer-readme:218:11": ("D", "space before colon (--fix right)"),
"charset-normalizer-readme:223:117": ("D", "english → English (in brackets: “english tags”)"),
"pyasn1-readme:33:23": ("D", "dialect: serialisation"),
"gsutil-changes:20:44": ("T", "typo: gstil (gsutil)"),
"alsa-ucm2-debug:15:17": ("D", "github → GitHub (in prose)"),
"alsa-ucm2-debug:87:12": ("T", "typo: correspoding (--fix right)"),
"xtrans-doc:98:42": ("T", "typo: compliation (--fix right)"),
"asoundrc-example:43:39": ("T", "an another → another (--fix right)"),
"krb5-readme:19:36": ("D", "PDF format (redundancy, style)"),
"krb5-readme:37:36": ("D", "web site → website (style)"),
"krb5-readme:169:22": ("D", "dialect: marshalling"),
"net-ssleay-readme:134:5": ("T", "typo: Dop → Do"),
"net-ssleay-readme:180:49": ("T", "an URL → a URL (--fix right)"),
"net-ssleay-readme:190:1": ("T", "typo: Genereally (--fix would be right; reported)"),
"net-ssleay-readme:260:46": ("T", "unstability → instability"),
"algorithm-diff-readme:10:27": ("T", "typo: betwen (--fix right)"),
"algorithm-diff-readme:23:1": ("T", "typo: primarilly (--fix right)"),
"algorithm-diff-readme:55:57": ("T", "typo: readilly (--fix right)"),
"algorithm-diff-readme:75:57": ("T", "typo: supprt (--fix right)"),
"avahi-news:53:21": ("T", "the the (--fix right)"),
"avahi-news:60:66": ("T", "it's signals → its (--fix right)"),
"avahi-news:61:16": ("T", "typo: occured (--fix right)"),
"avahi-news:62:64": ("D", "api → API"),
"avahi-news:74:51": ("T", "typo: noticable"),
"avahi-news:83:21": ("T", "the the (--fix right)"),
"avahi-news:116:56": ("T", "It is recommend → recommended"),
"avahi-news:128:34": ("T", "typo: Ukranian"),
"avahi-news:139:21": ("T", "the the (--fix right)"),
"giflib-news:7:58": ("T", "typo: imn (in)"),
"giflib-news:18:49": ("T", "couraged → encouraged"),
"giflib-news:23:47": ("T", "typo: transformmation"),
"giflib-news:40:63": ("T", "cannot be build → built (--fix right)"),
"giflib-news:127:18": ("T", "typo: randomess"),
"giflib-news:131:18": ("T", "typo: randomess"),
"giflib-news:214:37": ("T", "was was (--fix right)"),
"ksba-news:132:25": ("T", "typo: unitialized (uninitialized; --fix made it “initialized”: harmful)"),
"ksba-news:242:21": ("D", "dialect: practise (verb)"),
"upower-news:41:23": ("F", "a device's name in quotes (“Whats Up!”): --fix harmful"),
"man-udevadm:240:60": ("F", "grammar: “devices which have one of the … properties are” (--fix harmful)"),
"bc-info:284:8": ("F", "code: '( expr )' (--fix harmful)"),
"bc-info:390:9": ("F", "code: 'length ( EXPRESSION )' (--fix harmful)"),
"bc-info:390:21": ("F", "code: 'length ( EXPRESSION )' (--fix harmful)"),
"bc-info:355:9": ("F", "layout: a table row of operators (|| operator)"),
"bc-info:390:2": ("F", "layout: a quoted syntax line starting a definition"),
"bc-info:394:2": ("F", "layout: a quoted syntax line starting a definition"),
"man-xxd:262:8": ("F", "(c) in a copyright line"),
}
CLASSES = [  # (class, words)
("C declaration or code token", "buf fd addr peeraddr peeraddrlen transptr templ num rects func ints valuemask"),
("configuration key or value", "ttable cchannels schannels schannel hw shm adpcm alaw droute dmix dsnoop dshare plughw bidimensional"),
("lowercase initialism or abbreviation", "uid txt msg gz xvf su iam rpo gir emerg devel eg"),
("compound of two known parts / derived term", "hashsum metapackages inrelease pdiffs datatypes datastructure mainloop keyinfo getversion crosscompile plugout wakeup bugfix overread rlimits rundir authtimes certauth kdcpreauth padata ccflags Unsetting reinitialization Constify vtables segfaulting distros metafying impactful gobject giftool giftext gifalloc giffix giffixing gifsponge giffilter gifclrmp gifclrmap glibtoolize gifs Giflib mtime oleid isearch ostream"),
("term/name with no source", "checkin uevent trixie nbits algname ftfy Tidelift pyparsing boto Xtransport Xlib Xrender aplay deref verto kinit kprop pkinit kadmin preauth iprop patchadd gdb'ing wacom plist dhclient alsa Pythonista"),
("person's name or handle", "Danilo Colan Jen Ts'o Arnolds Nikhil Bodo Sumit Ulf Pavel Chand Ravi Sylvain Meo Dreyer Viktor Gilles Ronni Feldt Ferrand Filz Timo Gurr heftig scootergrisen Zlopez Steffens schinder pobox Occitan"),
]
WORD = {w: c for c, ws in CLASSES for w in ws.split()}
rows = []
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) < 4:
        continue
    loc, rule, flagged, sugg = f[0], f[1], f[2], f[3]
    word = flagged.strip("«»")
    if loc in T:
        v, note = T[loc]
    elif word in WORD:
        v, note = "F", WORD[word] + ": " + word
    else:
        v, note = "?", "unjudged"
    rows.append((loc, rule, flagged, sugg, v, note))
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write("location\trule\tflagged\tfirst suggestion\tjudgement (T true, D style/debatable, F false alarm)\tclass\n")
    for r in rows:
        out.write("\t".join(r) + "\n")
from collections import Counter
c = Counter(r[4] for r in rows)
print(dict(c), "unjudged:", [r[2] for r in rows if r[4] == "?"])
