#!/usr/bin/env python3
"""HTTP: a built-in Concise run on 88,888 characters whose client leaves after 3 s: the server's
CPU in the 10 s after. python3 h2_tool_client_leaves.py PORT SERVER_PID"""
import json, os, socket, sys, time
port, pid = int(sys.argv[1]), int(sys.argv[2])
hz = os.sysconf("SC_CLK_TCK")
def cpu():
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / hz
text = "\n\n".join("In order to decide, the team number %d will basically look at teh data." % i for i in range(1200))
body = json.dumps({"text": text}).encode()
s = socket.create_connection(("127.0.0.1", port))
s.sendall(b"POST /api/tools/concise HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
time.sleep(3)
s.close()
c0 = cpu(); time.sleep(10); c1 = cpu()
print(f"CPU in the 10 s after the client left: {c1 - c0:.2f} s")
