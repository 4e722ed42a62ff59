#!/usr/bin/env python3
"""The peer: a raw socket reader (Python http.client, reading the body as it arrives) on the
same server, measuring write → read latency per event: the floor of what any client can do."""
import http.client, json, statistics, sys, time
port = int(sys.argv[1])
c = http.client.HTTPConnection("127.0.0.1", port)
c.request("POST", "/v1/chat/completions", body=json.dumps({"model": "x", "stream": True, "messages": []}),
          headers={"Content-Type": "application/json"})
r = c.getresponse()
lat = []
buf = b""
while True:
    chunk = r.read1(65536)
    if not chunk:
        break
    now = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    buf += chunk
    while b"\n\n" in buf:
        ev, buf = buf.split(b"\n\n", 1)
        data = ev[len(b"data: "):]
        if data == b"[DONE]":
            continue
        content = json.loads(data)["choices"][0]["delta"].get("content")
        if content:
            lat.append((now - int(content)) / 1e6)
lat.sort()
print(json.dumps({"n": len(lat), "median_ms": statistics.median(lat), "p95_ms": lat[int(len(lat) * 0.95)], "max_ms": lat[-1]}))
