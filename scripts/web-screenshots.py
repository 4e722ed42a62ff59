#!/usr/bin/env python3
"""Takes the README's screenshots of the browser library: the Writing Tools menu, Proofread's
marks with a suggestion's popover, a rewrite under review, and a table result card, on the
playground served by `writing-tools serve` (started here on a free port, built-in engine).

    python3 scripts/web-screenshots.py [--bin .build/debug/writing-tools] [--out docs/images]

Needs Debian's chromium and chromium-driver and selenium (scripts/install-deps.sh installs them).
"""
import argparse
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_bin = ROOT / ".build" / "release" / "writing-tools"
    if not default_bin.exists():
        default_bin = ROOT / ".build" / "debug" / "writing-tools"
    ap.add_argument("--bin", default=str(default_bin), help="the writing-tools program")
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"), help="where the PNG files go")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    port = free_port()
    server = subprocess.Popen([args.bin, "serve", "--port", str(port), "--quiet"], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if urllib.request.urlopen(url + "/v2/healthcheck", timeout=2).read() == b"OK":
                    break
            except OSError:
                time.sleep(0.2)
        else:
            sys.exit("web-screenshots: the server did not start")
        shoot(url, out)
    finally:
        server.terminate()
        server.wait(timeout=30)


def shoot(url, out):
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1200,860",
              "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    d.set_script_timeout(300)

    def page():
        d.get(url + "/")
        for _ in range(300):
            if d.execute_script("return !!window.wt"):
                return
            time.sleep(0.05)

    def settle(cond):
        for _ in range(6000):
            if d.execute_script("return " + cond):
                time.sleep(0.3)
                return
            time.sleep(0.05)
        raise SystemExit("web-screenshots: timed out on " + cond)

    def save(name):
        path = out / f"web-{name}.png"
        d.save_screenshot(str(path))
        print(path)

    try:
        page()
        d.execute_script("wt.element.focus(); wt.element.setSelectionRange(0, 0); wt.openMenu()")
        time.sleep(0.3)
        save("menu")
        d.execute_script("wt.closeMenu(false); wt.run('proofread')")
        settle("wt.markRanges.length > 0")
        d.execute_script("wt.step(1); wt.step(1)")
        time.sleep(0.3)
        save("proofread")
        d.execute_script("wt.end(false)")
        d.execute_script("""const t = wt.element.value, a = t.indexOf('The proofreader'), b = t.indexOf('```');
                            wt.element.focus(); wt.element.setSelectionRange(a, b); wt.savedSelection = {start: a, end: b};
                            wt.run('concise')""")
        settle("wt.markRanges.length > 0")
        d.execute_script("wt.step(1)")
        time.sleep(0.3)
        save("rewrite")
        d.execute_script("wt.end(false); wt.element.value = 'Alice – engineer – Berlin\\nBob – designer – Paris\\nCarol – manager – Rome\\n'; wt.element.setSelectionRange(0, 0); wt.run('table')")
        settle("!!document.querySelector('.wt-card')")
        save("table")
    finally:
        d.quit()


if __name__ == "__main__":
    main()
