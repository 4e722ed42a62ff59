#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Fuzz/Corpus/<target>/) from the test fixtures and
/work/shared/data/dev (../shared/data/dev from the repository): small files, a few dozen a
target. Run from the repository root: python3 Fuzz/make_seeds.py. Deterministic."""
import glob, hashlib, json, os, random, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "Fuzz", "Corpus")
dev = os.path.join(os.path.dirname(root), "shared", "data", "dev")
if not os.path.isdir(dev):
    dev = "/work/shared/data/dev"
rng = random.Random(20261205)


def write(target, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def pieces(text, size=1500):
    """Splits a document at blank lines into pieces of about `size` characters."""
    paras, cur, out_ = text.split("\n\n"), "", []
    for p in paras:
        if len(cur) + len(p) > size and cur:
            out_.append(cur)
            cur = ""
        cur += p + "\n\n"
    if cur.strip():
        out_.append(cur)
    return out_


docs = sorted(glob.glob(os.path.join(root, "Tests/DocumentStructureTests/Fixtures/*.md"))) + \
    [os.path.join(root, "Tests/DocumentStructureTests/Fixtures/plain.txt"),
     os.path.join(root, "Tests/WritingToolsCLITests/Fixtures/british-letter.txt"),
     os.path.join(root, "Tests/WritingToolsCLITests/Fixtures/git/COMMIT_EDITMSG")]
texts = [open(p, encoding="utf-8").read() for p in docs]
for p in sorted(glob.glob(os.path.join(dev, "docs", "*.md"))):
    if ".injected" in p:
        continue
    texts += pieces(open(p, encoding="utf-8").read())[:8]
extra = [
    "Line one\r\nLine two\rLine three\n\u00e9t\u00e9 \U0001F600 e\u0301 \u2028 end",
    "\ufeffBOM first\n\n> quoted `code` and https://example.com/x?y=1 and a@b.co\n",
    "---\ntitle: x\n---\n# Head\n\n| a | b |\n|---|---|\n| `c` | $x^2$ |\n\n[^1]: note\n",
    "<div>\n<textarea>keep this</textarea>\n</div>\n\n    indented code\n\n~~~py\nprint(1)\n~~~\n",
    "Use `ls -la` in ~/.bashrc with --allow-net=example.com and CUDA_ARCHITECTURES, v2.3.1, :tada: {{ page.title }} @ines.harrow.",
]
texts += extra
texts = [t for t in texts if t.strip()][:40]

# document and offsets: the texts themselves.
for t in texts:
    write("fuzz-document", t.encode())
for t in texts[:20] + extra:
    write("fuzz-offsets", t.encode()[:1200])
# tools: a choice byte (markup bit, tool) then the text; shorter texts (the proofreader is slow).
for i, t in enumerate(texts):
    write("fuzz-tools", bytes([i % 6]) + t.encode()[:900])

# batch: JSON lines from the dev examples and hand-made edge cases; a read-cutting byte first.
examples = [json.loads(l) for l in open(os.path.join(dev, "examples.jsonl"), encoding="utf-8")][:400]
rng.shuffle(examples)
lines = []
for e in examples[:60]:
    rec = {"id": e["id"], "text": e["text"]}
    if rng.random() < 0.3:
        rec["language"] = e.get("language", "en-US")
    if rng.random() < 0.2:
        rec["markup"] = rng.choice(["plain", "markdown", "git-commit"])
    lines.append(json.dumps(rec, ensure_ascii=rng.random() < 0.5))
odd = ['{"id": 12345678901234567890, "text": "Their is a problem."}',
       '{"id": 1.50, "text": "a \\ud83d\\ude00 smile, \\u00e9t\\u00e9"}',
       '{"text": "no id here, it are wrong"}',
       '{"id": "x", "text": "lone \\ud800 surrogate"}',
       '{"id": "y", "text": 5}',
       '[1, 2, 3]',
       '{"id": "z", "text": "tab\\there", "language": ""}',
       '   ',
       '\ufeff{"id": "bom", "text": "byte order mark"}',
       '{"id": "dup", "id": "dup2", "text": "duplicate keys"}',
       '{"id": "n", "text": "x", "markup": "md", "extra": {"nested": [true, false, null]}}',
       'not json at all',
       '{"id": "esc", "text": "quote \\" backslash \\\\ slash \\/ controls \\b\\f\\n\\r"}']
for i in range(0, len(lines), 3):
    write("fuzz-batch", bytes([i % 7]) + ("\n".join(lines[i:i + 3]) + "\n").encode())
for i, o in enumerate(odd):
    write("fuzz-batch", bytes([0 if i % 2 else 9]) + (o + "\n" + lines[i] + "\n").encode())
write("fuzz-batch", b"\x00" + "\n".join(odd).encode())

# lsp: whole sessions, framed; a read-cutting byte first.
def frame(obj):
    body = json.dumps(obj, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body

def session(text, lang, extra_msgs, enc=None):
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}}
    if enc:
        init["params"]["capabilities"]["general"] = {"positionEncodings": [enc]}
    msgs = [init, {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///fuzz/a.md", "languageId": lang, "version": 1, "text": text}}}]
    msgs += extra_msgs
    msgs += [{"jsonrpc": "2.0", "id": 99, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    return b"".join(frame(m) for m in msgs)

uri = {"uri": "file:///fuzz/a.md"}
rng_ = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 12}}
extras = [
    [{"jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic", "params": {"textDocument": uri}}],
    [{"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {"textDocument": uri, "range": rng_, "context": {"diagnostics": []}}}],
    [{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri["uri"], "version": 2}, "contentChanges": [{"range": rng_, "text": "Their are "}]}},
     {"jsonrpc": "2.0", "id": 3, "method": "textDocument/diagnostic", "params": {"textDocument": uri}}],
    [{"jsonrpc": "2.0", "id": 4, "method": "workspace/executeCommand", "params": {"command": "writing-tools.runTool", "arguments": [{"uri": uri["uri"], "tool": "concise", "version": 1, "range": rng_}]}}],
    [{"jsonrpc": "2.0", "id": 5, "method": "workspace/executeCommand", "params": {"command": "writing-tools.disableRule", "arguments": ["EN_A_VS_AN"]}}],
    [{"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {"settings": {"writingTools": {"language": "en-GB", "pushDiagnostics": False}}}}],
    [{"jsonrpc": "2.0", "id": 6, "method": "textDocument/diagnostic", "params": {"textDocument": uri}}, {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 6}}],
    [{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": uri}}],
]
for i, t in enumerate(texts[:24]):
    lang = "markdown" if i % 3 else "plaintext"
    enc = [None, "utf-8", "utf-32", "utf-16"][i % 4]
    write("fuzz-lsp", bytes([i * 37 % 256]) + session(t[:700], lang, extras[i % len(extras)], enc))
raw = [b"Content-Length: 5\r\n\r\n{}{}{Content-Length: 2\r\n\r\n[]",
       b"garbage before Content-Length: 17\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"jsonrpc\":\"2.0\"}",
       b"Content-Length: -3\r\n\r\nContent-Length: 99999999999999999999\r\n\r\n",
       b"content-length:2\r\n\r\n42" + frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}) + frame({"jsonrpc": "2.0", "id": 2, "method": "initialize"}),
       frame({"jsonrpc": "2.0", "id": "s", "method": "textDocument/didOpen", "params": {}}) + frame({"jsonrpc": "2.0", "id": None, "result": 1}),
       b"Content-Length: 30\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"\\ud800\"}"]
for i, r in enumerate(raw):
    write("fuzz-lsp", bytes([i * 91 % 256]) + r)

# session: a mode byte, choices, then text (see Fuzz/fuzz-session).
for i in range(36):
    t = texts[i % len(texts)][:rng.choice([40, 120, 300])].encode()
    mode = i * 7 % 256
    head = bytes(rng.randrange(256) for _ in range(rng.choice([8, 24, 60])))
    write("fuzz-session", bytes([mode]) + head + t)

# http: a scenario byte, a flags byte, a field length, the field (query, boundary, target,
# session actions), the body (see Fuzz/fuzz-http).
from urllib.parse import quote_plus
def http(scenario, flags, field, body):
    field = field.encode() if isinstance(field, str) else field
    body = body.encode() if isinstance(body, str) else body
    write("fuzz-http", bytes([scenario, flags, len(field)]) + field + body)

short = [t[:rng.choice([60, 160, 280])] for t in texts[:12]] + ["This is a example of a sentense with some erors."]
for i, t in enumerate(short):
    form = "language=%s&text=%s" % (["en-US", "en-GB", "auto"][i % 3], quote_plus(t))
    http(0, [0, 3, 12, 1][i % 4], ["", "enabledOnly=false&c=1", "disabledRules=EN_A_VS_AN"][i % 3], form)
    obj = {"text": t, "markup": ["plain", "markdown"][i % 2]}
    if i % 3 == 0:
        obj["protectedRanges"] = [{"start": 0, "end": min(4, len(t.encode("utf-16-le")) // 2)}]
    http(3 + i % 4, (i * 37) % 256, "", json.dumps(obj, ensure_ascii=i % 2 == 0))
for i, t in enumerate(short[:4]):
    http(2, 0, "language=en-US&text=", quote_plus(t))
    b = "XyZ%d" % i
    mp = "--%s\r\nContent-Disposition: form-data; name=\"language\"\r\n\r\nen-US\r\n--%s\r\nContent-Disposition: form-data; name=\"text\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n%s\r\n--%s--\r\n" % (b, b, t, b)
    http(1, 0, b, mp)
    http(7, i * 64, bytes([0, 4, 0x80, 8, 0x41]), json.dumps({"tool": ["proofread", "concise", "summary", "rewrite"][i], "text": t}))
annotation = {"annotation": [{"text": "A "}, {"markup": "<b>"}, {"text": "tset"}, {"markup": "</b>"}, {"markup": "<p>", "interpretAs": "\n\n"},
                             {"text": "Next "}, {"markup": "$x$", "interpretAs": "Dummy0"}, {"text": ". Their is a error."}]}
http(0, 0, "", "language=en-US&data=" + quote_plus(json.dumps(annotation)))
http(0, 0, "language=en-US", "data=" + quote_plus('{"text":"lone \\ud800 surrogate and \ufeff mark, a error"}'))
http(0, 1, "apiKey=fuzzkey", "language=en-US&text=teh")
http(0, 0, "", "language=en-US&text=%E0%A4&x=%zz")
http(0, 0, "text=a", "text=b&text=c&language=en-US&language=xx")
http(4, 0x20 * 1, "", '{"text":"Their is a cat \\ud83d\\ude00 here.","range":{"start":0,"end":9},"engine":"builtin","stream":true}')
http(4, 0x20 * 9 % 256, "x", '{"tool":"describe","instruction":"make it shorter","text":"A very very long sentence that goes on."}')
http(3, 0, "", '{"text":"x","protectedRanges":[{"start":1,"end":0}],"range":{"start":-1,"end":99}}')
http(3, 0, "", '{"text":"\\ud800 a error","expectedInputLanguages":["en-GB"],"resultOptions":["list","bogus"]}')
http(5, 0, "", '{"text":"We should of gone.","tone":"more-formal","length":"shorter","format":"markdown"}')
http(6, 0, "", '{"text":"One. Two. Three. Four.","type":"tldr","length":"long","format":"plain-text"}')
for j, target in enumerate(["/v2/languages", "/v2/info?apiKey=fuzzkey", "/v2/configinfo?language=en-US", "/v2/words?apiKey=x",
                            "/api/tools", "/openapi.json", "/metrics", "/v2/check?language=en-US&text=teh%20cat", "/%2e%2e/v2/check",
                            "/api/sessions/none/suggestions/1/accept", "/v2/healthcheck/", "/", "/index.html", "/nope%ff"]):
    http(8, (j * 32 + [0, 1, 3, 12, 4][j % 5]) % 256, target, "text=a&language=en-US" if j % 2 else "")
print("seeds written to", out)
