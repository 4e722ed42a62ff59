import socket, time, json, threading, sys
H=("127.0.0.1",18181)
def raw(data, wait=5, shut=True):
    s=socket.create_connection(H); s.settimeout(wait)
    s.sendall(data)
    if shut: s.shutdown(socket.SHUT_WR)
    out=b""
    try:
        while True:
            c=s.recv(65536)
            if not c: break
            out+=c
    except Exception as e: out+=b"<<%r>>"%e
    s.close(); return out
def first(b): return b.split(b"\r\n")[0][:100] + b" | " + b[-160:].replace(b"\r\n",b" ")
def t(name, data, **k):
    t0=time.time(); r=raw(data, **k); print("==",name, first(r), "(%.1fs)"%(time.time()-t0), flush=True)
t("garbage", b"\x00\x01\x02garbage\r\n\r\n")
t("http/0.9", b"GET /\r\n")
t("bad version", b"GET / HTTP/9.9\r\nHost: x\r\n\r\n")
t("no host 1.1", b"GET /v2/languages HTTP/1.1\r\n\r\n")
t("chunked", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"tex\r\n10\r\nt\":\"teh cat.\"}    \r\n0\r\n\r\n")
t("bad chunked", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n")
t("cl and te", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
t("cl too big, short body", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"text\":\"x\"}", wait=20)
t("huge cl", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999\r\n\r\n{}")
t("negative cl", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}")
t("json not object", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n[]")
t("text null", b'POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: 13\r\n\r\n{"text":null}')
body=json.dumps({"text":"teh cat","range":{"start":5,"end":2}}).encode()
t("reversed range", b"POST /api/tools/concise HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body)
body=json.dumps({"text":"teh cat","protectedRanges":[{"start":-1,"end":99}]}).encode()
t("bad protected", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body)
body=b'{"text":"\\ud800 teh \\udc00 cat"}'
t("lone surrogates", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body)
body=b'{"text":"teh","text":"cat"}'
t("dup keys", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body)
body=b'['*100000+b']'*100000
t("deep nesting", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body, wait=30)
body=b'{"text":"teh cat","a":'+b'['*100000+b']'*100000+b'}'
t("deep nesting in field", b"POST /api/proofread HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n"%len(body)+body, wait=30)
t("path traversal", b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
t("path traversal2", b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
t("static enc", b"GET /writing-tools.js/..%2f..%2fPackage.swift HTTP/1.1\r\nHost: x\r\n\r\n")
t("long url", b"GET /"+b"a"*200000+b" HTTP/1.1\r\nHost: x\r\n\r\n")
t("get check huge query", b"GET /v2/check?language=en-US&text="+b"teh+"*30000+b" HTTP/1.1\r\nHost: x\r\n\r\n", wait=120)
