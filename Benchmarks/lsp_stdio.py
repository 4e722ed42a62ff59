"""A language-server client over stdio for the benchmarks (`lsp_burst.py`, `lsp_latency.py`).

Starts `cmd` (e.g. `[binary, "lsp"]`), frames JSON-RPC with `Content-Length` headers and reads the
server's messages on a thread of its own into a queue of `(arrived, size, message, parsed)`:
`arrived` is when the header came in, `size` the body's bytes, `parsed` when the client had
parsed it (all `time.perf_counter()`); `None` marks the end of the server's output.
"""
import json
import os
import pathlib
import queue
import subprocess
import threading
import time


class LSPProcess:
    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.answers = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.messages.put(None)
                    return
                header += c
            arrived = time.perf_counter()
            length = int([l for l in header.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
            body = out.read(length)
            self.messages.put((arrived, len(body), json.loads(body), time.perf_counter()))

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, id, method, params):
        self.send({"jsonrpc": "2.0", "id": id, "method": method, "params": params})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, predicate, timeout=600):
        """The first message (arrived, size, message, parsed) that `predicate` accepts; the ones
        before it are dropped. Raises `queue.Empty` at the timeout, EOFError if the server ended."""
        deadline = time.perf_counter() + timeout
        while True:
            item = self.messages.get(timeout=max(0.01, deadline - time.perf_counter()))
            if item is None:
                raise EOFError("the language server closed its output")
            if predicate(item[2]):
                return item

    def answer(self, id, timeout):
        """The arrival time and message of the answer to request `id`, or (None, None) at the
        timeout or the end of output (answers to other requests that arrive meanwhile are kept
        for their turn; notifications are dropped)."""
        if id in self.answers:
            return self.answers.pop(id)
        deadline = time.perf_counter() + timeout
        while True:
            try:
                item = self.messages.get(timeout=max(0.01, deadline - time.perf_counter()))
            except queue.Empty:
                return None, None
            if item is None:
                return None, None
            t, _, m, _ = item
            if "method" not in m and "id" in m:
                if m["id"] == id:
                    return t, m
                self.answers[m["id"]] = (t, m)

    def cpu_seconds(self) -> float:
        """The server's processor time so far (user and system, all threads)."""
        fields = pathlib.Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_kb(self):
        """The server's resident memory now and at its peak (VmRSS, VmHWM), in KiB."""
        status = pathlib.Path(f"/proc/{self.proc.pid}/status").read_text()
        fields = dict(l.split(":", 1) for l in status.splitlines() if ":" in l)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
