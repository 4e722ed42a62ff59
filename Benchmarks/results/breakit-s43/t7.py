import sys, time, json, random
sys.path.insert(0, '.')
from lspclient import LSP
l=LSP(); l.initialize(); uri="file:///tmp/rel/lsp/f.md"
text="Hello world.\n"
l.note("textDocument/didOpen",{"textDocument":{"uri":uri,"languageId":"markdown","version":1,"text":text}})
random.seed(3)
# flood of 3000 incremental inserts of "teh " at random positions, tracked locally
v=1
for k in range(3000):
    v+=1
    lines=text.split("\n")
    li=random.randrange(len(lines)); pc=random.randrange(len(lines[li])+1); ch=len(lines[li][:pc].encode('utf-16-le'))//2
    ins=random.choice(["teh ","ok ","\n","😀 "])
    l.note("textDocument/didChange",{"textDocument":{"uri":uri,"version":v},"contentChanges":[{"range":{"start":{"line":li,"character":ch},"end":{"line":li,"character":ch}},"text":ins}]})
    # local apply (utf-16 char index == python index except emoji): compute by utf16
    lines[li]=lines[li][:pc]+ins+lines[li][pc:]; text="\n".join(lines)
i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}})
r=l.response(i,120)
items=r["result"]["items"] if r and "result" in r else None
bad=0
tl=text.split("\n")
for d in items or []:
    s=d["range"]["start"]; e=d["range"]["end"]
    if d["code"]=="SPELLING":
        seg=tl[s["line"]].encode('utf-16-le')[2*s["character"]:2*e["character"]].decode('utf-16-le','replace')
        quoted=d["message"].split("\u201d")[0].lstrip("\u201c")
        if seg!=quoted: bad+=1; print("mismatch", repr(seg), repr(quoted))
print("diagnostics", len(items or []), "bad", bad)
# version going backwards
l.note("textDocument/didChange",{"textDocument":{"uri":uri,"version":1},"contentChanges":[{"text":"Teh new text."}]})
i=l.req("textDocument/diagnostic",{"textDocument":{"uri":uri}}); r=l.response(i,60); print(json.dumps(r)[:200])
s=l.req("shutdown"); l.response(s,10); l.note("exit"); print("rc", l.close())
