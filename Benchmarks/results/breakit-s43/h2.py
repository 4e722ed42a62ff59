import socket, time, json, sys
H=("127.0.0.1",18181)
def post(path, body, wait=60):
    if isinstance(body,(dict,list)): body=json.dumps(body).encode()
    s=socket.create_connection(H); s.settimeout(wait)
    s.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"%(path.encode(),len(body))+body)
    out=b""
    try:
        while True:
            c=s.recv(65536)
            if not c: break
            out+=c
    except Exception as e: out+=b"<<%r>>"%e
    s.close(); return out
def t(name, path, body, n=300, **k):
    t0=time.time(); r=post(path, body, **k)
    head,_,b=r.partition(b"\r\n\r\n")
    print("==",name, head.split(b"\r\n")[0].decode(), b[:n].decode('utf-8','replace'), "(%.1fs)"%(time.time()-t0), flush=True)
t("json not object","/api/proofread",b"[]")
t("text null","/api/proofread",b'{"text":null}')
t("reversed range","/api/tools/concise",{"text":"teh cat","range":{"start":5,"end":2}})
t("range past end","/api/tools/concise",{"text":"teh cat","range":{"start":5,"end":200}})
t("range mid-surrogate","/api/tools/proofread",{"text":"😀teh cat","range":{"start":1,"end":9}})
t("bad protected","/api/proofread",{"text":"teh cat","protectedRanges":[{"start":-1,"end":99}]})
t("protected overlapping","/api/proofread",{"text":"teh cat teh","protectedRanges":[{"start":0,"end":5},{"start":2,"end":9}]})
t("lone surrogates","/api/proofread",b'{"text":"\\ud800 teh \\udc00 cat"}')
t("dup keys","/api/proofread",b'{"text":"teh","text":"cat"}')
t("deep nesting","/api/proofread",b'['*100000+b']'*100000, wait=60)
t("deep nesting in field","/api/proofread",b'{"text":"teh cat","a":'+b'['*100000+b']'*100000+b'}', wait=60)
t("huge number","/api/proofread",b'{"text":"teh cat","range":{"start":1e400,"end":2}}')
t("float range","/api/proofread",b'{"text":"teh cat","range":{"start":1.5,"end":2}}')
t("nul in text","/api/proofread",{"text":"teh\u0000cat"})
t("bom json","/api/proofread",b'\xef\xbb\xbf{"text":"teh cat"}')
t("utf16 json","/api/proofread",'{"text":"teh cat"}'.encode('utf-16'))
t("unknown tool","/api/tools/..%2f",{"text":"x"})
t("describe no instr","/api/tools/describe",{"text":"teh cat"})
t("describe huge instr","/api/tools/describe",{"text":"teh cat","instruction":"x"*1000000})
t("language weird","/api/proofread",{"text":"teh cat","language":"en-US-x-"+"a"*10000})
t("resultOptions weird","/api/tools/table",{"text":"a,b\n1,2\n","resultOptions":["bogus"]})
t("resultOptions empty","/api/tools/table",{"text":"a,b\n1,2\n","resultOptions":[]})
t("engine model no model","/api/tools/rewrite",{"text":"teh cat","engine":"model"})
t("markup weird","/api/proofread",{"text":"teh cat","markup":"html"})
t("v2 check json","/v2/check",b'{"text":"teh"}')
