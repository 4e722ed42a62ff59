import sys, time, json
sys.path.insert(0, '.')
from lspclient import LSP
big="\n\n".join("This is teh sentence number %d and in order to win it has a typo."%i for i in range(20000))
l=LSP(); l.initialize(caps={"workspace": {"applyEdit": True}}); uri="file:///long-tool.md"
l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":big}})
i=l.req("workspace/executeCommand",{"command":"writing-tools.runTool","arguments":[{"uri":uri,"tool":"concise","range":{"start":{"line":0,"character":0},"end":{"line":39990,"character":0}},"version":1}]})
time.sleep(3)
t=time.time(); s=l.req("shutdown"); r=l.response(s,float(sys.argv[1])); print("shutdown answered", r is not None, round(time.time()-t,1), flush=True)
if r is None:
    import subprocess; subprocess.run("gdb -p %d -batch -ex 'thread apply all bt 30' 2>/dev/null | grep -E '^Thread|^#' | grep -E 'Thread|WritingTools|LanguageServer|Runner|Session|Coordinator' | head -60"%l.p.pid, shell=True)
l.note("exit")
t=time.time()
try: l.p.wait(30); print("ended", l.p.returncode, round(time.time()-t,1))
except Exception: print("STILL RUNNING 30s after exit"); l.p.kill()
