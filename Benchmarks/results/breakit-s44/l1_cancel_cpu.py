#!/usr/bin/env python3
"""LSP: CPU a Writing Tool keeps using after its $/cancelRequest is answered.
W=binary python3 l1_cancel_cpu.py [tool] — needs ../shared/repro/lspclient.py on PYTHONPATH."""
import os, sys, time
from lspclient import LSP
tool = sys.argv[1] if len(sys.argv) > 1 else "concise"
hz = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / hz
para = "In order to decide, the team number %d will basically look at teh data."
text = "\n\n".join(para % i for i in range(1200))
c = LSP()
c.initialize({"pushDiagnostics": False}, caps={"workspace": {"applyEdit": True}})
uri = "file:///tmp/l1.md"
c.note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
lines = text.count("\n") + 1
rid = c.req("workspace/executeCommand", {"command": "writing-tools.runTool", "arguments": [
    {"uri": uri, "tool": tool, "version": 1, "range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}}]})
time.sleep(3)
c.note("$/cancelRequest", {"id": rid})
t = time.time()
r = c.response(rid, 120)
answered = time.time() - t
c0 = cpu(c.p.pid)
time.sleep(10)
c1 = cpu(c.p.pid)
print(f"{tool}: {len(text)} chars; answer {r and (r.get('error') or r.get('result'))} after {answered:.2f} s; CPU in the 10 s after it: {c1 - c0:.2f} s")
c.req("shutdown"); c.note("exit"); c.close()
