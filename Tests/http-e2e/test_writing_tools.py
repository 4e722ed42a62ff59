"""The Writing Tools over HTTP (/api/) against a real `writing-tools serve`: every tool with the
built-in engine, streamed and not; a model (the scripted fake model server of Tests/TestSupport)
streamed, in sessions, down, slow, broken, busy; a client that leaves mid-stream (the model
request is cancelled); SIGTERM during a model stream; CORS; the API key; /metrics; /openapi.json."""
import http.client
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from conftest import BIN, Server

FAKE = pathlib.Path(__file__).resolve().parents[1] / "TestSupport" / "fake_model_server.py"

NOTES = ("The committee met on Monday. It approved the budget for next year. It also postponed the vote on "
         "the new building until spring. Members asked for more detail on costs. The next meeting is in March.")
WORDY = ("In order to make a decision, we need to actually look at the data first. It is important to note "
         "that the results are basically very good.")
TYPOS = "😀 This is a example of a sentense with some erors."
PEOPLE = "Alice – engineer – Berlin\nBob – designer – Paris\nCarol – manager – Rome"


@pytest.fixture(scope="module")
def fake_model():
    """The scripted model server; the scenario is the model name."""
    proc = subprocess.Popen([sys.executable, str(FAKE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("PORT "), line
    port = int(line.split()[1])
    yield port
    proc.stdin.close()
    proc.wait(timeout=10)


def call(port, method, path, body=None, headers=None, timeout=60):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = json.dumps(body).encode() if body is not None else None
    c.request(method, path, body=data, headers=headers or {})
    r = c.getresponse()
    payload = r.read()
    c.close()
    return r.status, dict(r.getheaders()), payload


def post(port, path, body, expect=200, headers=None):
    status, headers, payload = call(port, "POST", path, body, headers)
    assert status == expect, payload[:500]
    assert headers["Content-Type"] == "application/json"
    return json.loads(payload)


def events(payload):
    """Server-Sent Events as (name, data) pairs (comment lines skipped)."""
    out = []
    for block in payload.decode().split("\n\n"):
        lines = [l for l in block.split("\n") if l and not l.startswith(":")]
        if not lines:
            continue
        name = next(l[7:] for l in lines if l.startswith("event: "))
        data = json.loads(next(l[6:] for l in lines if l.startswith("data: ")))
        out.append((name, data))
    return out


def utf16(s):
    return s.encode("utf-16-le")


def apply_utf16(text, edits):
    """`text` with (start, end, replacement) edits in UTF-16 code units applied."""
    units = utf16(text)
    for a, b, r in sorted(edits, reverse=True):
        units = units[:2 * a] + utf16(r) + units[2 * b:]
    return units.decode("utf-16-le")


def test_every_tool_with_the_built_in_engine_streamed_and_not(server):
    p = server.port
    for tool in ["proofread", "rewrite", "friendly", "professional", "concise", "summary", "key-points", "list", "table", "describe"]:
        text = PEOPLE if tool == "table" else NOTES if tool in ("summary", "key-points", "list") else TYPOS if tool == "proofread" else WORDY
        body = {"text": text, "engine": "builtin"}
        if tool == "describe":
            body["instruction"] = "make it shorter"
        plain = post(p, f"/api/tools/{tool}", body)
        assert plain["engine"] == "builtin" and plain["tool"] == tool
        assert plain["output"], tool
        if plain["result"] is None:
            # The edits, UTF-16 indices into the input, give the text.
            assert apply_utf16(text, [(e["startIndex"], e["endIndex"], e["correction"]) for e in plain["edits"]]) == plain["text"], tool
        else:
            assert plain["text"] == text and plain["output"] == plain["result"]["text"]
        status, headers, payload = call(p, "POST", f"/api/tools/{tool}", body, {"Accept": "text/event-stream"})
        assert status == 200 and headers["Content-Type"] == "text/event-stream"
        evs = events(payload)
        assert evs[0][0] == "start" and evs[-1][0] == "result"
        assert evs[-1][1] == plain, tool
        if plain["result"] is None and plain["changed"]:
            assert "".join(d["text"] for n, d in evs if n == "chunk") == plain["output"]


def test_chrome_shaped_endpoints(server):
    p = server.port
    r = post(p, "/api/proofread", {"text": TYPOS})
    fixed = apply_utf16(TYPOS, [(c["startIndex"], c["endIndex"], c["correction"]) for c in r["corrections"]])
    assert fixed == r["correctedInput"]
    assert "an example" in fixed and "sentence" in fixed
    assert all(set(c) >= {"startIndex", "endIndex", "correction", "types", "explanation"} for c in r["corrections"])
    r = post(p, "/api/rewrite", {"text": WORDY, "length": "shorter"})
    assert r["tool"] == "concise" and len(r["output"]) < len(WORDY)
    r = post(p, "/api/summarize", {"text": NOTES, "type": "key-points", "length": "short", "format": "markdown"})
    assert 1 <= len(r["output"].splitlines()) <= 3 and r["output"].startswith("- ")


def test_a_proofreading_session_over_http(server):
    p = server.port
    s = post(p, "/api/sessions", {"tool": "proofread", "text": TYPOS}, expect=201)
    sid, n = s["id"], len(s["suggestions"])
    assert n >= 3
    s = post(p, f"/api/sessions/{sid}/suggestions/0/reject", {})
    assert s["suggestions"][0]["state"] == "rejected" and "a example" in s["text"]
    s = post(p, f"/api/sessions/{sid}/suggestions/0/revert", {})
    assert "an example" in s["text"]
    s = post(p, f"/api/sessions/{sid}/finish", {"accept": True})
    assert s["ended"] and s["finalText"] == s["text"]
    status, _, _ = call(p, "DELETE", f"/api/sessions/{sid}")
    assert status == 204
    assert call(p, "GET", f"/api/sessions/{sid}")[0] == 404


def test_openapi_and_metrics(server):
    p = server.port
    status, headers, payload = call(p, "GET", "/openapi.json")
    doc = json.loads(payload)
    assert status == 200 and doc["openapi"].startswith("3.") and "/api/sessions/{id}/{action}" in doc["paths"]
    post(p, "/api/tools/concise", {"text": WORDY})
    status, headers, payload = call(p, "GET", "/metrics")
    text = payload.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    assert 'writing_tools_http_requests_total{route="/api/tools/{tool}",status="200"}' in text
    assert "writing_tools_http_requests_in_flight" in text and "writing_tools_model_calls_total" in text


def test_cors_only_for_the_named_origin(make_server):
    s = make_server("--allow-origin", "https://editor.example")
    status, headers, _ = call(s.port, "OPTIONS", "/api/proofread", headers={
        "Origin": "https://editor.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == "https://editor.example"
    assert "POST" in headers["Access-Control-Allow-Methods"]
    status, headers, _ = call(s.port, "POST", "/api/proofread", {"text": "a apple"}, {"Origin": "https://editor.example"})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == "https://editor.example"
    status, headers, _ = call(s.port, "POST", "/v2/check", None, {"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in headers
    status, headers, _ = call(s.port, "OPTIONS", "/api/proofread", headers={"Origin": "https://evil.example"})
    assert status == 403 and "Access-Control-Allow-Origin" not in headers


def test_public_needs_the_key_for_the_tools_too(make_server, tmp_path):
    key = tmp_path / "key"
    key.write_text("k3y\n")
    s = make_server("--public", "--api-key-file", str(key))
    assert call(s.port, "GET", "/api/tools")[0] == 401
    assert call(s.port, "GET", "/api/tools", headers={"Authorization": "Bearer nope"})[0] == 403
    assert call(s.port, "GET", "/api/tools", headers={"Authorization": "Bearer k3y"})[0] == 200
    assert call(s.port, "GET", "/metrics")[0] == 401
    assert call(s.port, "GET", "/v2/healthcheck")[0] == 200


def model_server(make_server, fake_model, scenario, *extra, config=None):
    """A server whose tools run on the fake model with `scenario`."""
    return make_server("--base-url", f"http://127.0.0.1:{fake_model}/v1", "--model", scenario, *extra)


def test_a_model_streams_runs_sessions_and_reviews_its_edits(make_server, fake_model):
    # (The model's words keep the sentences grammatical: an edit that adds a proofreading
    # finding, such as "an sample" or "the figures is", is dropped, as test_a_model_edit_that_adds_an_error_is_dropped shows.)
    s = model_server(make_server, fake_model, "replace:example=>instance;data=>news")
    text = "This is an example.\n\nThe data is new, and the example is old."
    plain = post(s.port, "/api/tools/rewrite", {"text": text})
    assert plain["engine"] == "model" and plain["text"] == text.replace("example", "instance").replace("data", "news")
    assert len(plain["edits"]) == 3
    status, headers, payload = call(s.port, "POST", "/api/tools/rewrite", {"text": text, "stream": True})
    evs = events(payload)
    assert [n for n, _ in evs][0] == "start" and evs[-1][0] == "result"
    assert "".join(d["text"] for n, d in evs if n == "chunk") == plain["output"]
    assert post(s.port, "/api/tools/rewrite", {"text": text, "engine": "builtin"})["engine"] == "builtin"
    # A session: each of the model's edits is reviewable; rejecting all restores the original.
    sess = post(s.port, "/api/sessions", {"tool": "rewrite", "text": text}, expect=201)
    sid = sess["id"]
    assert sess["engine"] == "model" and len(sess["suggestions"]) == 3
    for k in range(3):
        sess = post(s.port, f"/api/sessions/{sid}/suggestions/{k}/reject", {})
    assert sess["text"] == text
    sess = post(s.port, f"/api/sessions/{sid}/suggestions/1/revert", {})
    assert sess["text"] == text.replace("data", "news")
    sess = post(s.port, f"/api/sessions/{sid}/refine", {"instruction": "keep it short"})
    assert len(sess["versions"]) == 3
    sess = post(s.port, f"/api/sessions/{sid}/finish", {"accept": False})
    assert sess["finalText"] == text
    # CORS reaches answers that waited for the model too.
    cors = model_server(make_server, fake_model, "replace:example=>sample", "--allow-origin", "https://editor.example")
    status, headers, _ = call(cors.port, "POST", "/api/tools/rewrite", {"text": text}, {"Origin": "https://editor.example"})
    assert status == 200 and headers.get("Access-Control-Allow-Origin") == "https://editor.example"
    metrics = call(s.port, "GET", "/metrics")[2].decode()
    calls = int(next(l.split()[1] for l in metrics.splitlines() if l.startswith("writing_tools_model_calls_total ")))
    assert calls >= 4


def test_a_model_is_asked_for_the_length_of_a_summary(make_server, fake_model):
    """`length` (short, medium, long) of /api/tools/summary, /api/tools/key-points, sessions and
    the Summarizer-shaped /api/summarize reaches the model's prompt, as `summary --length` does."""
    s = model_server(make_server, fake_model, "prose")

    def system_prompt():
        status, _, payload = call(fake_model, "GET", "/last")
        assert status == 200
        return json.loads(payload)["body"]["messages"][0]["content"]

    for length, phrase in [("short", "in one or two sentences"), ("medium", "in a short paragraph"), ("long", "in a few paragraphs")]:
        r = post(s.port, "/api/tools/summary", {"text": NOTES, "length": length})
        assert r["engine"] == "model" and r["output"], r
        assert phrase in system_prompt(), (length, system_prompt())
    r = post(s.port, "/api/summarize", {"text": NOTES, "type": "tldr", "length": "long"})
    assert r["engine"] == "model" and "in a few paragraphs" in system_prompt()
    sess = post(s.port, "/api/sessions", {"tool": "summary", "text": NOTES, "length": "short"}, expect=201)
    assert sess["engine"] == "model" and "in one or two sentences" in system_prompt()
    lists = model_server(make_server, fake_model, "list")
    r = post(lists.port, "/api/tools/key-points", {"text": NOTES, "length": "short"})
    assert r["engine"] == "model" and "three most important points" in system_prompt()
    assert post(s.port, "/api/tools/summary", {"text": NOTES, "length": "tiny"}, expect=400)["error"]["code"] == "bad_request"
    assert post(s.port, "/api/tools/rewrite", {"text": NOTES, "length": "short"}, expect=400)["error"]["code"] == "bad_request"


def test_model_down_slow_and_broken_give_clear_errors(make_server, fake_model, tmp_path):
    home = tmp_path / "home" / ".config" / "writing-tools"
    home.mkdir(parents=True)
    (home / "config.json").write_text(json.dumps({"timeouts": {"connect": 2, "firstToken": 2, "total": 10}}))
    down = make_server("--base-url", "http://127.0.0.1:9/v1", "--model", "x")
    t = time.time()
    status, _, payload = call(down.port, "POST", "/api/tools/rewrite", {"text": WORDY})
    assert status == 502 and json.loads(payload)["error"]["code"] == "model_failed"
    assert "cannot reach" in json.loads(payload)["error"]["message"] and time.time() - t < 10
    for scenario in ["slow-first:30", "malformed", "status500"]:
        s = model_server(make_server, fake_model, scenario)
        t = time.time()
        status, _, payload = call(s.port, "POST", "/api/tools/rewrite", {"text": WORDY})
        error = json.loads(payload)["error"]
        assert status == 502 and error["code"] == "model_failed" and error["message"], (scenario, payload)
        assert time.time() - t < 15, scenario
        # The server still answers at once.
        assert call(s.port, "GET", "/v2/healthcheck")[2] == b"OK"


def test_a_session_running_a_model_is_busy_not_gone(make_server, fake_model):
    """Issue 35: while rewrite-again runs, GET says 409 session_busy (it used to say 404) and
    DELETE is refused (it answered 204, and the run brought the session back)."""
    s = model_server(make_server, fake_model, "slow-first:2")
    sess = post(s.port, "/api/sessions", {"tool": "rewrite", "text": WORDY}, expect=201)
    sid = sess["id"]
    done = []
    t = threading.Thread(target=lambda: done.append(call(s.port, "POST", f"/api/sessions/{sid}/rewrite-again", {})))
    t.start()
    time.sleep(0.7)
    status, _, payload = call(s.port, "GET", f"/api/sessions/{sid}")
    assert status == 409 and json.loads(payload)["error"]["code"] == "session_busy", payload
    status, _, payload = call(s.port, "DELETE", f"/api/sessions/{sid}")
    assert status == 409 and json.loads(payload)["error"]["code"] == "session_busy", payload
    t.join()
    assert done[0][0] == 200, done[0][2][:300]
    assert call(s.port, "GET", f"/api/sessions/{sid}")[0] == 200
    assert call(s.port, "DELETE", f"/api/sessions/{sid}")[0] == 204
    assert call(s.port, "GET", f"/api/sessions/{sid}")[0] == 404


def test_a_path_is_never_a_language(server):
    """Issue 35: a `language` that is a path was opened as /usr/share/hunspell/<path>.dic (a FIFO
    there hung the server); now every unknown tag is 400 bad_request, and the server answers."""
    for language in ["../../../../tmp/x/evil", "xx-YY"]:
        status, _, payload = call(server.port, "POST", "/api/proofread", {"text": "Teh cat", "language": language})
        assert status == 400 and json.loads(payload)["error"]["code"] == "bad_request", payload
    assert call(server.port, "GET", "/v2/healthcheck")[2] == b"OK"


def test_a_timeout_out_of_range_stops_serve_with_the_key(tmp_path):
    """Issue 35: {"timeouts":{"total":1e17}} crashed the server on its first model request
    (Double to Int128); it is a configuration error that names the key."""
    config = tmp_path / "t.json"
    config.write_text('{"timeouts":{"total":1e17}}')
    env = dict(os.environ, WRITING_TOOLS_CONFIG=str(config), HOME=str(tmp_path))
    from conftest import free_port
    r = subprocess.run([BIN, "serve", "--port", str(free_port()), "--base-url", "http://127.0.0.1:9/v1", "--model", "x"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "timeouts.total" in r.stderr, r.stderr


def test_a_model_without_a_provider_stops_serve(tmp_path):
    """Issue 35: WRITING_TOOLS_MODEL=foo (or {"model":"foo"} in the file) ran the built-in
    engine without a word; it is an error, as --model foo is."""
    from conftest import free_port
    env = dict(os.environ, WRITING_TOOLS_MODEL="foo", HOME=str(tmp_path))
    env.pop("XDG_CONFIG_HOME", None)
    r = subprocess.run([BIN, "serve", "--port", str(free_port())], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "names the model 'foo' but no provider" in r.stderr, r.stderr


def test_a_full_model_queue_is_503(make_server, fake_model):
    s = model_server(make_server, fake_model, "slow-first:3", "--max-model-calls", "1", "--model-queue", "0")
    results = []

    def one():
        results.append(call(s.port, "POST", "/api/tools/rewrite", {"text": WORDY}))
    threads = [threading.Thread(target=one) for _ in range(3)]
    for t in threads:
        t.start()
        time.sleep(0.3)
    for t in threads:
        t.join()
    codes = sorted(r[0] for r in results)
    assert codes == [200, 503, 503], [r[2][:200] for r in results]
    busy = [json.loads(r[2]) for r in results if r[0] == 503]
    assert all(b["error"]["code"] == "model_busy" for b in busy)
    # The LanguageTool API is not held up by the model.
    assert call(s.port, "POST", "/v2/check?language=en-US&text=a%20apple")[0] == 200


def test_a_client_leaving_mid_stream_cancels_the_model_request(make_server, fake_model):
    # The model sends its headers, then nothing for 30 s (longer than this test waits).
    s = model_server(make_server, fake_model, "hang")

    def gauge(name):
        text = call(s.port, "GET", "/metrics")[2].decode()
        return int(next(l.split()[1] for l in text.splitlines() if l.startswith(name + " ")))
    with socket.create_connection(("127.0.0.1", s.port), timeout=10) as c:
        body = json.dumps({"text": WORDY, "stream": True}).encode()
        c.sendall(b"POST /api/tools/rewrite HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        got = b""
        while b"event: start" not in got:
            piece = c.recv(4096)
            assert piece, got
            got += piece
        time.sleep(1.0)
        assert gauge("writing_tools_model_calls_active") == 1
    # Gone: the next keep-alive comment (every 2 s) fails, the stream closes, the model request
    # is cancelled, well before the model would have answered.
    t = time.time()
    while time.time() - t < 10 and gauge("writing_tools_model_calls_active") != 0:
        time.sleep(0.2)
    assert gauge("writing_tools_model_calls_active") == 0
    assert time.time() - t < 8
    assert gauge("writing_tools_model_failures_total") == 1
    assert call(s.port, "GET", "/v2/healthcheck")[2] == b"OK"


def urllib_get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", path)
    return c.getresponse().read()


def test_sigterm_lets_a_model_stream_finish(make_server, fake_model):
    s = model_server(make_server, fake_model, "slow-first:2")
    out = []

    def stream():
        out.append(call(s.port, "POST", "/api/tools/rewrite", {"text": WORDY, "stream": True}))
    t = threading.Thread(target=stream)
    t.start()
    time.sleep(0.5)
    s.proc.send_signal(signal.SIGTERM)
    t.join()
    status, _, payload = out[0]
    evs = events(payload)
    assert status == 200 and evs[-1][0] == "result" and evs[-1][1]["text"] == WORDY
    assert s.proc.wait(timeout=30) == 0


def test_api_faults_malformed_json_invalid_utf8_huge_body(server):
    p = server.port
    for body in [b"{not json", b'{"text": "\xff\xfe bad"}', b"[1,2,3]", b'{"text": 5}']:
        with socket.create_connection(("127.0.0.1", p), timeout=10) as c:
            c.sendall(b"POST /api/tools/proofread HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                      + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
            got = b""
            while True:
                piece = c.recv(65536)
                if not piece:
                    break
                got += piece
        assert got.startswith(b"HTTP/1.1 400"), (body, got[:200])
        assert json.loads(got.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "bad_request"
    # A 100 MB body is refused from its Content-Length, before it is read.
    t = time.time()
    with socket.create_connection(("127.0.0.1", p), timeout=10) as c:
        c.sendall(b"POST /api/tools/rewrite HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100000000\r\n\r\n" + b"{" + b" " * 65536)
        got = c.recv(65536)
    assert got.startswith(b"HTTP/1.1 413"), got[:200]
    assert time.time() - t < 5
    # A text over the limit is 413 with a JSON error.
    status, _, payload = call(p, "POST", "/api/proofread", {"text": "a" * 100_001})
    assert status == 413 and json.loads(payload)["error"]["code"] == "text_too_long"
    assert call(p, "GET", "/v2/healthcheck")[2] == b"OK"


def test_a_second_server_on_the_same_port_is_refused(server):
    # No SO_REUSEPORT: a second instance started by mistake fails instead of silently sharing
    # the port (and the traffic) with the first.
    proc = subprocess.run([BIN, "serve", "--port", str(server.port), "--quiet"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, HOME=str(server.home)))
    assert proc.returncode == 3, proc.stderr
    assert "cannot serve" in proc.stderr
    assert call(server.port, "GET", "/v2/healthcheck")[2] == b"OK"


def test_a_model_edit_that_adds_an_error_is_dropped(make_server, fake_model):
    """A rewrite never makes the text worse: the model's "example" → "sample" after "an", and
    "data" → "figures" before "is", would add findings, so those edits are dropped and the text
    keeps its words there; the edit that reads well stays."""
    s = model_server(make_server, fake_model, "replace:example=>sample;data=>figures")
    text = "This is an example.\n\nThe data is new, and the example is old."
    plain = post(s.port, "/api/tools/rewrite", {"text": text})
    assert plain["engine"] == "model"
    assert plain["text"] == "This is an example.\n\nThe data is new, and the sample is old.", plain["text"]
