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

def malformed():
    l=fresh()
    l.raw(b"Content-Length: 5\r\n\r\n{abc}")
    r=l.wait_for(lambda m: "error" in m, 5)
    i=l.req("shutdown"); ok=l.response(i,5)
    l.note("exit"); rc=l.close()
    return r, ok is not None, rc
run("malformed json", malformed)

def bigcl():
    l=fresh()
    l.raw(b"Content-Length: 99999999999\r\n\r\n{}")
    time.sleep(2)
    rss=l.rss_kb()
    rc=l.close()
    return rss, rc, l.msgs[-2:]
run("huge content-length then EOF", bigcl)

def negcl():
    l=fresh()
    l.raw(b"Content-Length: -5\r\n\r\n")
    l.raw(b"Content-Length: abc\r\n\r\n")
    l.raw(b"X-Foo: 1\r\n\r\n{}")
    i=l.req("shutdown"); ok=l.response(i,5)
    rc=l.close()
    return ok, rc, l.msgs[-3:]
run("negative/garbage content-length", negcl)

def shortcl():
    l=fresh()
    body=json.dumps({"jsonrpc":"2.0","id":77,"method":"shutdown"}).encode()
    l.raw(b"Content-Length: %d\r\n\r\n"%(len(body)-3)+body)
    i=l.req("shutdown"); ok=l.response(i,5)
    rc=l.close()
    return ok, rc, l.msgs[-3:]
run("short content-length", shortcl)

def exit_no_shutdown():
    l=fresh(); l.note("exit"); 
    try: l.p.wait(6)
    except Exception: return "STILL RUNNING"
    return l.p.returncode
run("exit without shutdown", exit_no_shutdown)

def bad_ranges():
    l=fresh()
    uri="file:///tmp/rel/lsp/x.md"
    l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":"Hello teh world.\nSecond line 😀 here teh.\n"}})
    out=[]
    for rng in [ {"start":{"line":5,"character":0},"end":{"line":6,"character":0}},
                 {"start":{"line":1,"character":10},"end":{"line":0,"character":2}},
                 {"start":{"line":1,"character":13},"end":{"line":1,"character":13}},  # inside surrogate pair
                 {"start":{"line":0,"character":-1},"end":{"line":0,"character":2}},
                 {"start":{"line":0,"character":99999},"end":{"line":0,"character":99999}}]:
        l.note("textDocument/didChange",{"textDocument":{"uri":uri,"version":2},"contentChanges":[{"range":rng,"text":"X"}]})
    l.note("textDocument/didChange",{"textDocument":{"uri":"file:///nope.md","version":2},"contentChanges":[{"text":"X"}]})
    i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}})
    r=l.response(i,20)
    i=l.req("shutdown"); ok=l.response(i,5); l.note("exit"); rc=l.close()
    return json.dumps(r)[:600], ok is not None, rc, [m for m in l.msgs if m.get("method")=="window/logMessage" or m.get("method")=="window/showMessage"][:8]
run("bad ranges", bad_ranges)
