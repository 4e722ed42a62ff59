#!/usr/bin/env python3
"""LSP: CPU a document's diagnostics check keeps using after the editor closes the document
(didClose) or shuts the server down (shutdown, answered; no exit yet).
W=binary python3 l3_check_after_close_cpu.py [close|shutdown] [MB] — needs ../shared/repro/lspclient.py
on PYTHONPATH. The document is one line of MB megabytes (default 1), a typo per sentence."""
import os, sys, time
from lspclient import LSP
how = sys.argv[1] if len(sys.argv) > 1 else "close"
mb = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
hz = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / hz
sentence = "Teh cat number %d sat on the mat. "
text, i = [], 0
size = 0
while size < mb * 1e6:
    s = sentence % i; text.append(s); size += len(s); i += 1
text = "".join(text) + "\n"
c = LSP()
c.initialize({"debounceMilliseconds": 10})
# Load the dictionaries first with a small document, so that the big one's check is under way.
c.note("textDocument/didOpen", {"textDocument": {"uri": "file:///tmp/l3-warm.md", "languageId": "markdown", "version": 1, "text": "Teh cat.\n"}})
end = time.time() + 300
while time.time() < end and not any(m.get("method") == "textDocument/publishDiagnostics" for m in c.msgs): c.pump(0.2)
uri = "file:///tmp/l3.md"
start = cpu(c.p.pid)
c.note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
# The check has run for `work` seconds of CPU time (parsed, tokenized, into its rules) before the editor leaves.
work = float(os.environ.get("WORK", "6"))
while cpu(c.p.pid) - start < work: time.sleep(0.1)
before = cpu(c.p.pid)
if how == "close":
    c.note("textDocument/didClose", {"textDocument": {"uri": uri}})
else:
    i = c.req("shutdown"); print("shutdown answered:", c.response(i, 30) is not None)
t0 = cpu(c.p.pid); time.sleep(15); t1 = cpu(c.p.pid)
print(f"{how} ({mb} MB on one line, {len(text)} chars) after {before - start:.1f} s of the check's CPU time:"
      f" CPU in the 15 s after: {t1 - t0:.2f} s")
published = [m for m in c.msgs if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]
print("diagnostics published for it:", [len(m["params"]["diagnostics"]) for m in published])
c.note("exit"); c.p.stdin.close()
try: c.p.wait(15); print("exit code", c.p.returncode)
except Exception: print("did not exit"); c.p.kill()
