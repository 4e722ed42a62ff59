"""The browser library (writing-tools.js) in real Chromium: Debian's `chromium` driven by its
`chromium-driver` through selenium, offline, on pages served by a real `writing-tools serve`.

Screenshots of each state go to Tests/browser-e2e/artifacts/ (git-ignored; WT_BROWSER_ARTIFACTS
moves it)."""
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))
ARTIFACTS = pathlib.Path(os.environ.get("WT_BROWSER_ARTIFACTS", str(pathlib.Path(__file__).parent / "artifacts")))
FAKE = ROOT / "Tests" / "TestSupport" / "fake_model_server.py"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`writing-tools serve ARGS` on a free port until stop(), with a HOME of its own."""

    def __init__(self, tmp_path, *args):
        self.port = free_port()
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        self.log_path = tmp_path / f"serve-{self.port}.log"
        self.log = open(self.log_path, "wb")
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        env = dict(os.environ, HOME=str(home), XDG_CACHE_HOME=cache)
        env.pop("XDG_CONFIG_HOME", None)
        self.proc = subprocess.Popen([BIN, "serve", "--port", str(self.port), "--quiet", *args],
                                     stdout=subprocess.DEVNULL, stderr=self.log, env=env)
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
                raise RuntimeError("the server did not start: " + self.log_path.read_text(errors="replace"))
            time.sleep(0.05)
        # Warm the spelling suggester (a debug build builds its index on the first typo).
        req = urllib.request.Request(self.url + "/api/proofread", data=json.dumps({"text": "Teh sentense."}).encode())
        urllib.request.urlopen(req, timeout=300).read()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


class Running:
    """A server already running (WT_BROWSER_SERVER=http://host:port: debugging the pages)."""

    def __init__(self, url):
        self.url = url.rstrip("/")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    if os.environ.get("WT_BROWSER_SERVER"):
        yield Running(os.environ["WT_BROWSER_SERVER"])
        return
    s = Server(tmp_path_factory.mktemp("server"))
    yield s
    s.stop()


@pytest.fixture(scope="session")
def fake_model():
    """The scripted model server of Tests/TestSupport (the scenario is the model name)."""
    proc = subprocess.Popen([sys.executable, str(FAKE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("PORT "), line
    yield int(line.split()[1])
    proc.stdin.close()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def model_server(tmp_path_factory, fake_model):
    """A server whose model is the fake one, streaming a rewrite word by word (example → instance, data → news: words that keep the
    sentences grammatical, since the server drops an edit that adds a proofreading finding)."""
    s = Server(tmp_path_factory.mktemp("model"), "--base-url", f"http://127.0.0.1:{fake_model}/v1",
               "--model", "replace:example=>instance;data=>news")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory):
    """A server on the suite's real model: llama.cpp's llama-server with Gemma 3 270M, set up by
    scripts/setup-llama.sh (WT_LLAMA_SERVER, WT_TEST_GGUF; cached). WT_SKIP_LLAMA=1 skips it, as
    the suite's other real-model tests."""
    if os.environ.get("WT_SKIP_LLAMA") == "1":
        pytest.skip("WT_SKIP_LLAMA=1: the real llama-server tests are skipped")
    gguf = os.environ.get("WT_TEST_GGUF")
    if not gguf or not os.environ.get("WT_LLAMA_SERVER"):
        out = subprocess.run(["bash", str(ROOT / "scripts" / "setup-llama.sh")], capture_output=True, text=True, timeout=3600, check=True).stdout
        for line in out.splitlines():
            k, _, v = line.partition("=")
            if k in ("WT_LLAMA_SERVER", "WT_TEST_GGUF"):
                os.environ[k] = v
        gguf = os.environ["WT_TEST_GGUF"]
    s = Server(tmp_path_factory.mktemp("llama"), "--model", gguf)
    yield s
    s.stop()


def chromium_paths():
    browser = shutil.which("chromium") or "/usr/bin/chromium"
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return browser, driver


@pytest.fixture(scope="session")
def browser():
    # Offline: selenium must not look for drivers on the network.
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    path, driver = chromium_paths()
    opts = webdriver.ChromeOptions()
    opts.binary_location = path
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
              "--no-first-run", "--disable-extensions", "--disable-background-networking", "--disable-sync",
              "--disable-component-update", "--force-color-profile=srgb", "--lang=en-US", "--font-render-hinting=none"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service(executable_path=driver), options=opts)
    d.set_script_timeout(60)
    yield d
    d.quit()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
