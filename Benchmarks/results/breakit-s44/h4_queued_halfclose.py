#!/usr/bin/env python3
"""HTTP: three checks from half-closed clients wait behind a long check on a server with one
check thread (serve --check-threads 1). python3 h4_queued_halfclose.py PORT TRIALS"""
import socket, sys, time, urllib.parse, threading
port = int(sys.argv[1]); n = int(sys.argv[2]) if len(sys.argv) > 2 else 5
def req(text):
    body = ("text=" + urllib.parse.quote(text) + "&language=en-US").encode()
    return (b"POST /v2/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
def read_all(s):
    buf = b""
    while True:
        try: c = s.recv(65536)
        except Exception as e: break
        if not c: break
        buf += c
    return buf
big = " ".join("The number %d paragraph has teh typo and a error.\n\n" % i for i in range(1400))
ok = bad = 0
for trial in range(n):
    hold = socket.create_connection(("127.0.0.1", port)); hold.sendall(req(big + str(trial)))
    time.sleep(0.3)
    socks = []
    for k in range(3):
        s = socket.create_connection(("127.0.0.1", port)); s.settimeout(120)
        s.sendall(req("This is a example %d %d." % (trial, k))); s.shutdown(socket.SHUT_WR); socks.append(s)
    for s in socks:
        r = read_all(s)
        if r.startswith(b"HTTP/1.1 200"): ok += 1
        else: bad += 1; print("unanswered:", r[:80])
        s.close()
    hold.close()
print("answered", ok, "unanswered", bad)
