# Judgements of heldout-s52's flags (session 52): T/D verdicts by location, F classes by pattern;
# python3 heldout-s52-judgements.py FLAGS.txt OUT.tsv writes the judged table (flags.txt of tech-docs.py).
import sys, re
T = {  # key -> (verdict, class)
"man-iptables:254:18": ("T","a HBH → an (--fix right)"),
"man-iptables:279:50": ("T","agreement: the set of matches make → makes"),
"man-iptables:279:61": ("T","agreement: the set of matches make → makes (second rule, same words)"),
"man-nft:131:55": ("D","dialect: behaviour"),
"man-nft:294:13": ("D","ie. → i.e. (style; two rules on one token)"),
"man-nvim:149:55": ("D","independently from → of (usage preference; --fix applied it)"),
"man-dmsetup:140:49": ("D","eg → e.g. (style)"),
"man-dmsetup:152:15": ("D","dialect: synchronise"),
"man-dmsetup:185:20": ("T","for same type → for the same type"),
"man-dmsetup:186:37": ("T","typo: adviced"),
"man-mmdebstrap:103:48": ("T","typo: permamently"),
"man-mmdebstrap:185:9": ("T","a Ubuntu → an Ubuntu"),
"man-mmdebstrap:224:37": ("D","dialect: behaviour"),
"man-hostname:117:57": ("T","A FQDN → An FQDN"),
"man-hostname:121:59": ("T","typo: und → and"),
"man-getaddrinfo:216:44": ("T","a STD3 → an STD3"),
"man-gpgsm:131:59": ("D","stati (jocular Latin plural of status)"),
"man-gpgsm:193:63": ("D","dialect: behaviour"),
"man-gpgsm:266:18": ("T","another machines → other machines"),
"man-heaptrack:12:60": ("T","typo: occurrances"),
"man-heaptrack:26:18": ("D","analyzation (rare form of analysis)"),
"nvim-api:358:68": ("D","a sentence after {lastline}. opening in lowercase (if)"),
"nvim-api:380:23": ("T","the intended use case are → is"),
"gmp-readme:66:44": ("D","arithmetics (rare plural)"),
"gmp-news:40:44": ("D","dialect: normalised"),
"gmp-news:222:15": ("D","dialect: optimise"),
"gmp-news:243:63": ("D","but nevertheless (redundancy, style)"),
"expat-changelog:14:23": ("T","typo: curruption"),
"perf-tips:8:35": ("D","dialect: analyse"),
"yajl-readme:31:44": ("T","a email → an email"),
"iptables-readme-debian:7:63": ("T","typo: writting"),
"iptables-readme-debian:8:27": ("T","typo: beginnig"),
"iptables-readme-debian:46:34": ("T","tools which accepts → accept"),
"iptables-readme-debian:71:1": ("D","dialect: behaviours"),
"libsodium-readme:21:12": ("D","casing: Javascript (JavaScript)"),
"libsodium-readme:30:4": ("D","PDF format (redundancy, style)"),
"libuv-changelog:212:24": ("D","casing: api (API)"),
"gmp-news:172:26": ("D","casing: powerpc (PowerPC) in a list of CPU names"),
"gmp-news:159:31": ("D","casing: lcm"),
"libuv-changelog:230:3": ("F","term: reland (git jargon, capitalised at an entry start)"),
"libuv-changelog:7:8": ("F","changelog area prefix (zos:, aix, ibmi:)"),
}
CLASS = [
 (r"^libuv-changelog:\d+:3\t", "changelog area prefix (zos:, aix, ibmi:)"),
 (r"^libuv-changelog:\d+:\d+\tSPELLING\t«(twosee|gengjiawen|tuftedocelot|blogdaren|chucksilvers|theanarkh|cjihrig|ssrlive|jonilaitinen|wyckster|vtjnash)»", "credit handle in parentheses"),
 (r"«(rp|buf|msg)»\t.*\t", None),
 (r"EN_QUANTIFIER_PLURAL", "a number that is no count (octal mode 00400, option -4) or an uncountable"),
 (r"UPPERCASE_SENTENCE_START.*yajl", "numbered list item fragments"),
 (r"man-dmsetup:25[78]", "layout: letter marks (L)ive, (I)nactive, (s)us-pended, (r)ead"),
 (r"EN_BARE_PLURAL_SUBJECT", "agreement: a parameter's name (hints, jobs) is singular"),
 (r"EN_PAST_PARTICIPLE", "a list of values (are bind, cache…) read as a passive (--fix harmful)"),
 (r"EN_PREPOSITION_COLLOCATION", "composed from (made from a source) (--fix harmful)"),
 (r"«(smartos|closefd)»", "identifier run together: word + short part (--fix harmful)"),
 (r"«iif»", "keyword on a code line with $var (--fix harmful)"),
 (r"«(imple|exe)", "layout: a line-end hyphen (cut document / indent change)"),
 (r"«(ing|mis|nonext)»", "part of a hyphenated or bracketed word (OR-ing, (mis)predictions, ipv6-nonext)"),
 (r"«(Yann|Bernd|Bergmann|Thijs|Kai|Allbery's|Reland)»", "person's name"),
 (r"«(behaviour|analyse)", "dialect"),
]
def classify(line):
    key = line.split("\t")[0]
    if key in T: return T[key]
    for pat, cls in CLASS:
        if re.search(pat, line):
            if cls is None:
                doc = key.split(":")[0]
                cls = "code: C source / API placeholder ({buf}) in " + doc
            return ("F", cls)
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
print(cnt)
