#!/usr/bin/env python3
"""SSE server for the streaming-latency benchmark: answers POST /v1/chat/completions with
N events (default 400), one every INTERVAL ms (default 5), each delta carrying the
CLOCK_MONOTONIC time in ns at which it was written ("<ns> "). Prints "PORT <n>"."""
import json, sys, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

N = int(sys.argv[1]) if len(sys.argv) > 1 else 400
INTERVAL = float(sys.argv[2]) / 1000 if len(sys.argv) > 2 else 0.005

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        for _ in range(N):
            time.sleep(INTERVAL)
            t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
            ev = {"choices": [{"index": 0, "delta": {"content": "%d " % t}, "finish_reason": None}]}
            self.wfile.write(("data: " + json.dumps(ev) + "\n\n").encode())
            self.wfile.flush()
        self.wfile.write(b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')
        self.wfile.flush()

s = ThreadingHTTPServer(("127.0.0.1", 0), H)
print("PORT", s.server_address[1], flush=True)
s.serve_forever()
