#!/usr/bin/env python3
"""HTTP: two or three checks pipelined on one connection, then a half-close (shutdown(SHUT_WR)).
python3 h1_pipelined_halfclose.py PORT [trials]: prints how many answers came back per trial."""
import socket, sys, time, urllib.parse
port = int(sys.argv[1]); trials = int(sys.argv[2]) if len(sys.argv) > 2 else 10
def req(text):
    body = ("text=" + urllib.parse.quote(text) + "&language=en-US").encode()
    return (b"POST /v2/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n" % len(body)) + body
counts = []
for t in range(trials):
    n = 2 + t % 2
    s = socket.create_connection(("127.0.0.1", port)); s.settimeout(30)
    s.sendall(b"".join(req("This is a example %d %d." % (t, k)) for k in range(n)))
    s.shutdown(socket.SHUT_WR)
    buf = b""
    while True:
        try: c = s.recv(65536)
        except Exception: break
        if not c: break
        buf += c
    counts.append((buf.count(b"HTTP/1.1 200"), n))
    s.close()
print("answers/requests per trial:", counts)
