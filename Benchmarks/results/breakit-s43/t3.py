import sys, time, json
sys.path.insert(0, '.')
from lspclient import LSP
big="\n\n".join("This is teh sentence number %d and in order to win it has a typo."%i for i in range(int(sys.argv[1])))
l=LSP(); l.initialize(); uri="file:///tmp/rel/lsp/big.md"
t0=time.time()
l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
i=l.req("workspace/executeCommand",{"command":"writing-tools.runTool","arguments":[{"uri":uri,"tool":"concise","range":{"start":{"line":0,"character":0},"end":{"line":39990,"character":0}},"version":1}]})
time.sleep(float(sys.argv[2]))
t=time.time(); s=l.req("shutdown"); r=l.response(s,30); print("shutdown answered", r is not None, round(time.time()-t,1)); l.note("exit")
try: l.p.wait(30); print("ended", l.p.returncode, round(time.time()-t,1))
except Exception: print("STILL RUNNING 30s after exit"); l.p.kill()
l.pump(0.5)
for m in l.msgs: print(json.dumps(m)[:200])
