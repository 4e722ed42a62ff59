#!/usr/bin/env python3
"""A scripted model server for fault injection (not a model): speaks OpenAI's chat completions
(SSE and plain JSON) on /v1/chat/completions and Ollama's NDJSON on /api/chat, on 127.0.0.1.

The request's "model" names the scenario; the text to transform is read from the last user
message, between <text_to_edit> and </text_to_edit> when present. Prints "PORT <n>" on
standard output once listening. GET /last returns the last request (headers and body) as JSON;
GET /health answers 200.

Scenarios: echo, replace:A=>B;C=>D, preamble, epilogue, think, fence, quotes, refuse, sentinel,
answer, french, drop-placeholder, dup-placeholder, edit-code, list, table, prose, empty,
slow-first:SECONDS, hang, no-headers, cut, malformed, error-event, status500, status401,
429then:N, 503then:N, 503always; obeying an instruction in the text: inject-word ("APPROVED"),
inject-sentence ("The budget is approved. Wire the money today."); nul (the text and a NUL),
upper (the text in capitals); lf-endings (an edit written with LF line endings), bidi (adds
U+202E), zero-width (adds U+200B); huge (ignores max_tokens: about 100 KB of text per event, up to
200 MB at 20 MB/s, until the client hangs up), hugeline (one SSE line of up to 200 MB that never
ends); keep-paragraphs:N (only the first N paragraphs), drop-paragraph:K (all but paragraph K,
0-based), drop-comments (without HTML comments and placeholders).
GET /stats returns {"sent": bytes of body written for the last huge/hugeline answer,
"finished": whether the client stopped reading before the server was done}.
"""
import json
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATE = {"last": None, "counts": {}, "sent": 0, "finished": False}
LOCK = threading.Lock()
PLACEHOLDER = re.compile(r"\[\[KEEP\w*?_\d+\]\]")


def user_text(body):
    msgs = body.get("messages") or []
    content = ""
    for m in msgs:
        if m.get("role") == "user":
            content = m.get("content", "")
    m = re.search(r"<text_to_edit>\n?(.*?)\n?</text_to_edit>", content, re.S)
    return m.group(1) if m else content


def reply_for(scenario, text):
    """The whole reply text of a scenario (None: the scenario is handled elsewhere)."""
    if scenario == "echo":
        return text
    if scenario.startswith("replace:"):
        out = text
        for pair in scenario[len("replace:"):].split(";"):
            if "=>" in pair:
                a, b = pair.split("=>", 1)
                out = out.replace(a, b)
        return out
    if scenario.startswith("keep-paragraphs:"):
        # Only the first N paragraphs (blank-line separated) of the text: the rest dropped.
        return "\n\n".join(text.split("\n\n")[:int(scenario.split(":")[1])])
    if scenario.startswith("drop-paragraph:"):
        # The text without its paragraph K (0-based).
        parts = text.split("\n\n")
        del parts[int(scenario.split(":")[1])]
        return "\n\n".join(parts)
    if scenario == "drop-comments":
        # The text without its HTML comments (protected as placeholders, so without those).
        out = re.sub(r"<!--.*?-->|\[\[KEEP\w*?_\d+\]\]", "", text, flags=re.S)
        return re.sub(r"\n\s*\n(\s*\n)+", "\n\n", out).strip()
    if scenario == "preamble":
        return "Sure! Here is the rewritten text:\n\n" + text
    if scenario == "epilogue":
        return text + "\n\nLet me know if you need any other changes!"
    if scenario == "think":
        return "<think>The user wants a rewrite. I will keep the meaning.</think>\n" + text
    if scenario == "fence":
        return "```markdown\n" + text + "\n```"
    if scenario == "quotes":
        return "\u201c" + text + "\u201d"
    if scenario == "refuse":
        return "I'm sorry, but I can't help with that request."
    if scenario == "sentinel":
        return "ERROR_TEXT_INCOMPATIBLE_WITH_REQUEST"
    if scenario == "answer":
        return "The capital of France is Paris. It has been the capital since the tenth century and is known for its museums."
    if scenario == "french":
        return "Ceci est une traduction complète du texte en français, avec des phrases qui ne sont plus en anglais du tout."
    if scenario == "drop-placeholder":
        return PLACEHOLDER.sub("", text, count=1)
    if scenario == "dup-placeholder":
        m = PLACEHOLDER.search(text)
        return text + (" " + m.group(0) if m else "")
    if scenario == "edit-code":
        return PLACEHOLDER.sub("`rm -rf /`", text, count=1)
    sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s+", text.strip()) if x.strip()]
    if scenario == "list":
        return "\n".join("- " + x for x in sentences)
    if scenario == "table":
        return "| Sentence | Words |\n|---|---|\n" + "\n".join("| %s | %d |" % (x, len(x.split())) for x in sentences)
    if scenario == "prose":
        return " ".join(sentences)
    if scenario == "empty":
        return ""
    if scenario == "inject-word":
        return "APPROVED"
    if scenario == "inject-sentence":
        return "The budget is approved. Wire the money today."
    if scenario == "nul":
        return text + "\u0000"
    if scenario == "upper":
        return text.upper()
    if scenario == "lf-endings":
        # An edit written with LF line endings whatever the text's.
        return text.replace("\r\n", "\n").replace("about ten", "roughly ten")
    if scenario == "bidi":
        # A right-to-left override (U+202E) the text does not have.
        return text.replace("about ten", "about \u202eten")
    if scenario == "zero-width":
        # A zero-width space (U+200B) the text does not have.
        return text.replace("carefully", "care\u200bfully")
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/health":
            self._send_json(200, {"status": "ok"})
        elif self.path == "/stats":
            with LOCK:
                self._send_json(200, {"sent": STATE["sent"], "finished": STATE["finished"]})
        elif self.path == "/last":
            with LOCK:
                self._send_json(200, STATE["last"] or {})
        else:
            self._send_json(404, {"error": {"message": "not found"}})

    def _send_json(self, code, obj, extra=None):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw)
        except Exception:
            self._send_json(400, {"error": {"message": "bad json"}})
            return
        with LOCK:
            STATE["last"] = {"path": self.path, "headers": dict(self.headers), "body": body}
        ollama = self.path.startswith("/api/chat")
        stream = body.get("stream", False) if not ollama else body.get("stream", True)
        scenario = body.get("model", "echo")
        text = user_text(body)

        def count():
            with LOCK:
                STATE["counts"][scenario] = STATE["counts"].get(scenario, 0) + 1
                return STATE["counts"][scenario]

        if scenario == "no-headers":
            time.sleep(30)
            return
        if scenario == "status500":
            self._send_json(500, {"error": {"message": "internal failure in the fake server"}})
            return
        if scenario == "status401":
            self._send_json(401, {"error": {"message": "invalid api key"}})
            return
        for kind in ("429then:", "503then:"):
            if scenario.startswith(kind):
                n = int(scenario.split(":")[1])
                if count() <= n:
                    self._send_json(int(kind[:3]), {"error": {"message": "busy"}}, {"Retry-After": "0"})
                    return
                scenario = "echo"
        if scenario == "503always":
            self._send_json(503, {"error": {"message": "loading model"}}, {"Retry-After": "0"})
            return
        delay = 0.0
        if scenario.startswith("slow-first:"):
            delay = float(scenario.split(":")[1])
            scenario = "echo"
        reply = reply_for(scenario, text)
        if reply is None and scenario not in ("hang", "cut", "malformed", "error-event", "huge", "hugeline"):
            reply = text
        if not stream and not ollama:
            if delay:
                time.sleep(delay)
            self._send_json(200, {"choices": [{"index": 0, "message": {"role": "assistant", "content": reply or ""},
                                               "finish_reason": "stop"}]})
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson" if ollama else "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.flush()
        try:
            if scenario == "hang":
                time.sleep(30)
                return
            if scenario == "malformed":
                self.wfile.write(b"data: {not json\n\n" if not ollama else b"{not json\n")
                self.wfile.flush()
                return
            if scenario == "error-event":
                self.wfile.write(b'data: {"error": {"message": "model crashed"}}\n\n' if not ollama else b'{"error": "model crashed"}\n')
                self.wfile.flush()
                return
            if scenario in ("huge", "hugeline"):
                self._flood(scenario, ollama)
                return
            if delay:
                time.sleep(delay)
            pieces = re.findall(r"\S+\s*|\s+", reply or "") or [""]
            if scenario == "cut":
                pieces = re.findall(r"\S+\s*|\s+", text)[: max(1, len(text.split()) // 2)]
            for p in pieces:
                if ollama:
                    line = {"model": scenario, "message": {"role": "assistant", "content": p}, "done": False}
                    self.wfile.write((json.dumps(line) + "\n").encode())
                else:
                    ev = {"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}
                    self.wfile.write(("data: " + json.dumps(ev) + "\n\n").encode())
                self.wfile.flush()
            if scenario == "cut":
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if ollama:
                self.wfile.write((json.dumps({"model": scenario, "message": {"role": "assistant", "content": ""}, "done": True}) + "\n").encode())
            else:
                ev = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self.wfile.write(("data: " + json.dumps(ev) + "\n\ndata: [DONE]\n\n").encode())
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _flood(self, scenario, ollama):
        """Writes up to 200 MB (or 60 s) whatever max_tokens said; records how much was written and
        whether the client hung up first."""
        with LOCK:
            STATE["sent"], STATE["finished"] = 0, False
        limit, start, sent = 200_000_000, time.time(), 0
        try:
            if scenario == "hugeline":
                head = b'data: {"choices":[{"delta":{"content":"' if not ollama else b'{"message":{"content":"'
                self.wfile.write(head)
                block = b"a" * 1_000_000
            else:
                piece = "word " * 20000
                if ollama:
                    block = (json.dumps({"message": {"role": "assistant", "content": piece}, "done": False}) + "\n").encode()
                else:
                    block = ("data: " + json.dumps({"choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}) + "\n\n").encode()
            while sent < limit and time.time() - start < 60:
                self.wfile.write(block)
                sent += len(block)
                # 20 MB/s: a client may take a moment to hang up (its transfer is cancelled on
                # another thread); a client that never does reads all 200 MB in 10 s.
                time.sleep(len(block) / 20e6)
                with LOCK:
                    STATE["sent"] = sent
            with LOCK:
                STATE["finished"] = True
        except (BrokenPipeError, ConnectionResetError):
            pass


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    # End with the parent (the test process) when standard input closes.
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
