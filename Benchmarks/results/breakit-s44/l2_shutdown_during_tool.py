#!/usr/bin/env python3
"""LSP: shutdown 1 s into a long Concise run: when shutdown and the run are answered, and the
CPU used after shutdown's answer. W=binary python3 l2_shutdown_during_tool.py"""
import os, time
from lspclient import LSP
hz = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / hz
text = "\n\n".join("In order to decide, the team number %d will basically look at teh data." % i for i in range(1200))
c = LSP()
c.initialize({"pushDiagnostics": False}, caps={"workspace": {"applyEdit": True}})
uri = "file:///tmp/l2.md"
c.note("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
rid = c.req("workspace/executeCommand", {"command": "writing-tools.runTool", "arguments": [
    {"uri": uri, "tool": "concise", "version": 1, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 2400, "character": 0}}}]})
time.sleep(1)
t = time.time()
sid = c.req("shutdown")
r = c.response(sid, 30); ts = time.time() - t
run = c.response(rid, 1)
c0 = cpu(c.p.pid); time.sleep(3); c1 = cpu(c.p.pid)
print(f"shutdown answered after {ts:.2f} s; the run: {run and (run.get('error') or run.get('result'))}; CPU in the 3 s after: {c1 - c0:.2f} s")
c.note("exit"); print("exit code", c.close())
