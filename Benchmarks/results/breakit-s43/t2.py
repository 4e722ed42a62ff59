import sys, time, json
sys.path.insert(0, '.')
from lspclient import LSP
def run(name, f):
    t=time.time()
    try: r=f()
    except Exception as e: r="EXC %r"%e
    print(f"== {name}: {r}  ({time.time()-t:.1f}s)", flush=True)
def fresh():
    l=LSP(); l.initialize(); return l
big="\n\n".join("This is teh sentence number %d and it has a typo."%i for i in range(20000))
def vanish_mid_check():
    l=fresh(); uri="file:///tmp/rel/lsp/big.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
    i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}})
    time.sleep(1)
    t=time.time(); l.p.stdin.close()
    try: l.p.wait(10); return ("ended", l.p.returncode, round(time.time()-t,1))
    except Exception: l.p.kill(); return "STILL RUNNING after 10s"
run("stdin closed mid-check", vanish_mid_check)
def exit_mid_check():
    l=fresh(); uri="file:///tmp/rel/lsp/big.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
    i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}})
    time.sleep(1)
    t=time.time(); l.note("exit")
    try: l.p.wait(10); return ("ended", l.p.returncode, round(time.time()-t,1))
    except Exception: l.p.kill(); return "STILL RUNNING after 10s"
run("exit mid-check", exit_mid_check)
def shutdown_mid_tool():
    l=fresh(); uri="file:///tmp/rel/lsp/big.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
    i=l.req("workspace/executeCommand",{"command":"writing-tools.runTool","arguments":[{"uri":uri,"tool":"concise","range":{"start":{"line":0,"character":0},"end":{"line":39990,"character":0}},"version":1}]})
    time.sleep(1)
    t=time.time(); s=l.req("shutdown"); r=l.response(s,15); l.note("exit")
    try: l.p.wait(10); return ("ended", r is not None, l.p.returncode, round(time.time()-t,1))
    except Exception: l.p.kill(); return ("STILL RUNNING", r)
run("shutdown mid-tool", shutdown_mid_tool)
def cancel_check():
    l=fresh(); uri="file:///tmp/rel/lsp/big.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
    i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}})
    l.note("$/cancelRequest",{"id":i})
    l.note("$/cancelRequest",{"id":12345})
    l.note("$/cancelRequest",{"id":"x"})
    l.note("$/cancelRequest",{})
    r=l.response(i,60)
    j=l.req("textDocument/hover",{"textDocument":{"uri":uri},"position":{"line":0,"character":0}})
    r2=l.response(j,60)
    s=l.req("shutdown"); ok=l.response(s,10); l.note("exit"); rc=l.close()
    return (json.dumps(r)[:200], json.dumps(r2)[:200], ok is not None, rc)
run("cancel", cancel_check)
def dup_ids():
    l=fresh(); uri="file:///tmp/rel/lsp/a.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":"teh cat"}})
    l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}}, id=5)
    l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}}, id=5)
    l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}}, id=None)
    l.send({"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"})
    l.send({"jsonrpc":"2.0","id":1.5,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":uri}}})
    l.send({"jsonrpc":"2.0","id":1,"result":None})   # response to something never asked
    l.send({"jsonrpc":"2.0","id":2,"error":{"code":1,"message":"x"}})
    l.send([{"jsonrpc":"2.0","id":9,"method":"shutdown"}])
    l.send({"jsonrpc":"2.0","id":10,"method":"textDocument/diagnostic","params":None})
    l.send({"jsonrpc":"2.0","id":11,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":12}}})
    l.send({"jsonrpc":"2.0","id":12,"method":"initialize","params":{}})
    l.send({"jsonrpc":"2.0","id":13,"method":"textDocument/codeAction","params":{"textDocument":{"uri":uri},"range":{"start":{"line":99,"character":0},"end":{"line":-5,"character":0}},"context":{"diagnostics":[]}}})
    l.pump(5)
    s=l.req("shutdown", id=100); ok=l.response(s,10); l.note("exit"); rc=l.close()
    return [ (m.get("id"), list(m.keys())[-1], json.dumps(m.get("error") or m.get("result"))[:90]) for m in l.msgs if "id" in m], ok is not None, rc
run("dup/odd ids", dup_ids)
