"""A real `writing-tools serve` process on a free port, with its own HOME (user dictionary)."""
import os
import pathlib
import socket
import subprocess
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`writing-tools serve ARGS` until stop(); its standard error (the access log) kept."""

    def __init__(self, tmp_path, *args):
        self.port = free_port()
        self.home = tmp_path / "home"
        self.home.mkdir(exist_ok=True)
        self.log_path = tmp_path / f"serve-{self.port}.log"
        self.log = open(self.log_path, "wb")
        # A HOME of its own (the user dictionary), the user's cache (the spelling suggester's
        # index, built once: many seconds of CPU in a debug build).
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        env = dict(os.environ, HOME=str(self.home), XDG_CACHE_HOME=cache)
        env.pop("XDG_CONFIG_HOME", None)
        self.proc = subprocess.Popen([BIN, "serve", "--port", str(self.port), *args], stdout=subprocess.DEVNULL,
                                     stderr=self.log, env=env)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 180
        while True:
            try:
                with urllib.request.urlopen(self.url + "/v2/healthcheck", timeout=2) as r:
                    if r.read() == b"OK":
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.time() > deadline:
                self.proc.kill()
                self.proc.wait()
                raise RuntimeError("the server did not start: " + self.stderr())
            time.sleep(0.05)

    def stderr(self):
        self.log.flush()
        return self.log_path.read_text(errors="replace")

    def access_log(self):
        import json
        return [json.loads(line) for line in self.stderr().splitlines() if line.startswith("{")]

    def stop(self, timeout=60):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        return self.proc.returncode


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for a test module: a debug build computes its spelling suggester's index on the
    first typo it meets (seconds of CPU), once per process and language."""
    s = Server(tmp_path_factory.mktemp("server"))
    yield s
    s.stop()


@pytest.fixture
def make_server(tmp_path):
    made = []

    def make(*args):
        s = Server(tmp_path, *args)
        made.append(s)
        return s
    yield make
    for s in made:
        s.stop()
