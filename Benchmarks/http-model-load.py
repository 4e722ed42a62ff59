#!/usr/bin/env python3
"""Is a language-model run of `writing-tools serve` answered while the server is loaded?

Starts the scripted model server of the tests (Tests/TestSupport/fake_model_server.py, scenario
`replace:In order to=>To`, or --scenario) and `writing-tools serve` on it, then runs --clients
threads that send, without pause, `POST /v2/check` (a paragraph made unique per request, so the
check cache does not answer) and `POST /api/tools/proofread` with the built-in engine, one after
the other, once one request of each kind has warmed the server. Meanwhile --model-clients threads each create a model session (`POST /api/sessions`,
rewrite) and run a streamed model rewrite (`POST /api/tools/rewrite`, Server-Sent Events), one
after the other. Prints, as JSON: checks answered and their status counts, and each model
call's status and seconds. A model call that takes more than --limit seconds counts as starved.

    python3 Benchmarks/http-model-load.py [--bin .build/debug/writing-tools] [--seconds 30]
        [--clients 16] [--model-clients 2] [--scenario SCENARIO] [--limit 20]

Exit status 1 when a model call starved or failed.
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(HERE, "..", "Tests", "TestSupport", "fake_model_server.py")
PARAGRAPH = ("Alice was beginning to get very tired of sitting by her sister on the bank, and of having "
             "nothing to do: once or twice she had peeped into the book her sister was reading, but it "
             "had no pictures or conversations in it, and what is the use of a book thought Alice "
             "without pictures or conversations? Teh rabbit recieve {n} carrots.")
REWRITE = "In order to decide, we need to look at the data."


def request(port, method, path, body, content_type, timeout):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        c.request(method, path, body=body.encode(), headers={"Content-Type": content_type, "Connection": "close"})
        r = c.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        c.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/debug/writing-tools")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--model-clients", type=int, default=2)
    ap.add_argument("--scenario", default="replace:In order to=>To")
    ap.add_argument("--limit", type=float, default=20)
    a = ap.parse_args()

    fake = subprocess.Popen([sys.executable, FAKE], stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
    fake_port = int(fake.stdout.readline().split()[1])
    home = tempfile.mkdtemp(prefix="wt-model-load-")
    serve = subprocess.Popen([a.bin, "serve", "--port", "0", "--quiet", "--provider", "openai", "--model", a.scenario,
                              "--base-url", f"http://127.0.0.1:{fake_port}/v1"],
                             stderr=subprocess.PIPE, text=True, env={**os.environ, "HOME": home})
    port = None
    for line in serve.stderr:
        if "LanguageTool API on http://" in line:
            port = int(line.split("LanguageTool API on http://")[1].split("/")[0].rsplit(":", 1)[1])
            break
    if port is None:
        print("serve did not start", file=sys.stderr)
        return 2
    threading.Thread(target=lambda: [None for _ in serve.stderr], daemon=True).start()

    # Warm: the process's first model run loads what checking its answer needs (in a debug
    # build, tens of seconds on a busy machine), and the first checks their language.
    warm = {}
    for name, (path, body, ctype) in {
            "model": ("/api/sessions", json.dumps({"tool": "rewrite", "engine": "model", "text": REWRITE}), "application/json"),
            "check": ("/v2/check", "language=en-US&text=" + PARAGRAPH.format(n=0).replace(" ", "+"), "application/x-www-form-urlencoded"),
            "proofread": ("/api/tools/proofread", json.dumps({"engine": "builtin", "text": PARAGRAPH.format(n=0)}), "application/json")}.items():
        t = time.monotonic()
        s, _ = request(port, "POST", path, body, ctype, 300)
        warm[name] = {"status": s, "seconds": round(time.monotonic() - t, 3)}

    stop = time.monotonic() + a.seconds
    lock = threading.Lock()
    checks = {}
    model_calls = []
    counter = [0]

    def load():
        while time.monotonic() < stop:
            with lock:
                counter[0] += 1
                n = counter[0]
            text = PARAGRAPH.format(n=n)
            try:
                if n % 2:
                    s, _ = request(port, "POST", "/v2/check", "language=en-US&text=" + text.replace(" ", "+"),
                                   "application/x-www-form-urlencoded", 60)
                    kind = "check"
                else:
                    s, _ = request(port, "POST", "/api/tools/proofread", json.dumps({"engine": "builtin", "text": text}),
                                   "application/json", 60)
                    kind = "proofread"
            except Exception as e:  # noqa: BLE001 - any failure counts
                s, kind = type(e).__name__, "error"
            with lock:
                checks[f"{kind} {s}"] = checks.get(f"{kind} {s}", 0) + 1

    def models():
        time.sleep(1)  # the load is running
        while time.monotonic() < stop:
            for path, body in (("/api/sessions", {"tool": "rewrite", "engine": "model", "text": REWRITE}),
                               ("/api/tools/rewrite", {"engine": "model", "stream": True, "text": REWRITE})):
                t = time.monotonic()
                try:
                    s, text = request(port, "POST", path, json.dumps(body), "application/json", a.limit + 40)
                    ok = (s == 201 and "To decide" in text) if path == "/api/sessions" else (s == 200 and "event: result" in text)
                except Exception as e:  # noqa: BLE001
                    s, ok = type(e).__name__, False
                with lock:
                    model_calls.append({"path": path, "status": s, "ok": ok, "seconds": round(time.monotonic() - t, 3)})

    threads = [threading.Thread(target=load) for _ in range(a.clients)] + [threading.Thread(target=models) for _ in range(a.model_clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    serve.terminate()
    serve.wait(timeout=60)
    fake.stdin.close()
    fake.terminate()
    starved = [c for c in model_calls if not c["ok"] or c["seconds"] > a.limit]
    secs = sorted(c["seconds"] for c in model_calls)
    report = {"warmUp": warm, "seconds": a.seconds, "clients": a.clients, "modelClients": a.model_clients, "checks": checks,
              "checksPerSecond": round(sum(v for k, v in checks.items() if k.endswith(" 200")) / a.seconds, 1),
              "modelCalls": len(model_calls), "modelFailedOrStarved": len(starved),
              "modelSecondsMedian": secs[len(secs) // 2] if secs else None, "modelSecondsMax": secs[-1] if secs else None,
              "failures": starved[:5]}
    print(json.dumps(report, indent=1))
    return 1 if starved or not model_calls else 0


if __name__ == "__main__":
    sys.exit(main())
