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
print("seeds written to", out)
