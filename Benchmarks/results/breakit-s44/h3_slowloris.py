#!/usr/bin/env python3
"""HTTP slowloris: N connections each sending one header line every 2 s; reports when the
server cut them (seconds after the start). python3 h3_slowloris.py PORT N (serve --max-connections M)."""
import socket, sys, time, select
port, n = int(sys.argv[1]), int(sys.argv[2])
start = time.time()
socks = []
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port)); s.setblocking(False)
    s.send(b"POST /v2/check HTTP/1.1\r\nHost: x\r\n"); socks.append(s)
cut = {}
while len(cut) < n and time.time() - start < 25:
    for s in socks:
        if s in cut: continue
        try:
            d = s.recv(1)
            if d == b"": cut[s] = time.time() - start
        except BlockingIOError:
            try: s.send(b"X-a: b\r\n")
            except OSError: cut[s] = time.time() - start
        except OSError: cut[s] = time.time() - start
    time.sleep(2)
t = sorted(cut.values())
print(f"{len(cut)} of {n} cut; first after {t[0]:.1f} s, last after {t[-1]:.1f} s" if t else f"0 of {n} cut in 25 s")
