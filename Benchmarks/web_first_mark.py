#!/usr/bin/env python3
"""The browser library's cost to a reader (issue 33): the bytes the browser downloads for the
playground and for the library alone, and the time from choosing Proofread in the Writing Tools
menu to the first mark drawn, on a 2,000-word Markdown document, in headless Chromium against a
real `writing-tools serve` (built-in engine).

  python3 Benchmarks/web_first_mark.py [--bin .build/release/writing-tools] [--doc FILE] [--words 2000] [--repeat 5]

Input: the first --words words (whole paragraphs) of --doc, by default the dev set's book
(../shared/data/dev/books/alice-in-wonderland.md: not a text the library or its rules were tuned on).
Cold: a fresh server process and a fresh page, first Proofread (the spelling suggester's index is
on disk in ~/.cache/writing-tools, as for any user after the first run). Warm: --repeat more runs
on the same page (Revert between). Each run clicks the menu's Proofread item; the clock stops when
the marks are drawn and two animation frames have passed (painted). The server's share is the
Resource Timing of the request that starts the review (POST /api/sessions, which proofreads and
opens the server's session; /api/tools/proofread before; /v2/check on the fallback); the rest is split into the time before the
request leaves (menu, reading the text, protected ranges) and after its answer (review, applying
the corrections, drawing the marks, two frames). Bytes: Resource Timing's transferSize (body and
headers) of the page and everything it loads, first load (no cache); gzip sizes for reference
(the server sends files uncompressed; a reverse proxy may compress them).

No peer offers this in a browser offline (LanguageTool's and Harper's add-ons need their own
extension installs); the /v2/check path of the same library (LanguageTool's wire format) is timed
as a second row. The server runs with `--check-cache 0`: the runs send the same text again, and
/v2/check's answer cache (which sessions do not have) would otherwise answer the repeats from
memory and compare a lookup with a check.
"""
import argparse
import gzip
import json
import os
import pathlib
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
WEB = ROOT / "Sources" / "WritingToolsHTTP" / "Web"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def document(path, words):
    paras, n = [], 0
    for p in pathlib.Path(path).read_text().split("\n\n"):
        if n >= words:
            break
        paras.append(p)
        n += len(p.split())
    return "\n\n".join(paras) + "\n", n


def start(binary):
    port = free_port()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--quiet", "--max-text-length", "1000000", "--check-cache", "0"], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(3000):
        try:
            if urllib.request.urlopen(url + "/v2/healthcheck", timeout=2).read() == b"OK":
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("the server did not start")


def browser():
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900", "--disk-cache-size=1"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    d.set_script_timeout(600)
    return d


TIME_ONE = """
const [text, path, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
if (path === 'v2') wt.client.hasAPI = false;
wt.element.value = text; wt.element.focus(); wt.element.setSelectionRange(0, 0);
performance.clearResourceTimings();
wt.openMenu();
const item = document.querySelector('.wt-menu [data-tool=proofread]');
const t0 = performance.now();
item.click();
const poll = () => {
  if (wt.markRanges.length) {
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const t1 = performance.now();
      const marks = wt.markRanges.length;
      // Chrome may add a fetch's Resource Timing entry a little after its answer was used:
      // wait for this run's (started after t0) up to 2 s. A streamed answer (the session's
      // events) has its entry only when the stream ends, after the run: null then.
      const entry = () => performance.getEntriesByType('resource')
        .find(e => e.startTime >= t0 && /\/api\/sessions(\?|$)|\/api\/tools\/proofread|\/v2\/check/.test(e.name));
      const finish = () => {
        const req = entry();
        if (!req && performance.now() - t1 < 2000) return setTimeout(finish, 10);
        // end() restores the original through the server's session: wait for it, or the
        // next run starts with this run's marks still drawn and stops its clock at once.
        const result = { ms: t1 - t0, server_ms: req ? req.responseEnd - req.requestStart : null,
               before_request_ms: req ? req.startTime - t0 : null, after_response_ms: req ? t1 - req.responseEnd : null, marks };
        Promise.resolve(wt.end(false)).finally(() => { wt.client.hasAPI = null; done(result); });
      };
      finish();
    }));
  } else if (performance.now() - t0 > 600000) done({ error: 'timeout' }); else setTimeout(poll, 1);
};
poll();
"""


def median(values):
    """The median of the values that are there (None: the browser gave no timing), or None."""
    there = [v for v in values if v is not None]
    return round(statistics.median(there), 1) if there else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = ROOT / ".build" / "release" / "writing-tools"
    ap.add_argument("--bin", default=str(default if default.exists() else ROOT / ".build" / "debug" / "writing-tools"))
    ap.add_argument("--doc", default=str(ROOT.parent / "shared" / "data" / "dev" / "books" / "alice-in-wonderland.md"))
    ap.add_argument("--words", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", help="write the figures here too")
    args = ap.parse_args()
    text, words = document(args.doc, args.words)
    build = "release" if "/release/" in args.bin else "debug" if "/debug/" in args.bin else "unknown"

    proc, url = start(args.bin)
    d = browser()
    out = {"binary": args.bin, "build": build, "words": words, "utf16_units": len(text.encode("utf-16-le")) // 2}
    try:
        d.get(url + "/")
        while not d.execute_script("return !!window.wt"):
            time.sleep(0.05)
        time.sleep(1.0)  # the page's own /api/tools call done
        entries = d.execute_script("""return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
            .map(e => ({name: new URL(e.name).pathname, transfer: e.transferSize, body: e.encodedBodySize}))""")
        files = [e for e in entries if not e["name"].startswith("/api/") and (e["name"] == "/" or (WEB / e["name"][1:]).is_file())]
        library = [e for e in files if e["name"] in ("/writing-tools.js", "/writing-tools-client.js", "/writing-tools.css")]
        gz = {e["name"]: len(gzip.compress((WEB / ("index.html" if e["name"] == "/" else e["name"][1:])).read_bytes(), 9)) for e in files}
        out["page_files"] = files
        out["page_bytes_transferred"] = sum(e["transfer"] for e in files)
        out["page_bytes_gzip"] = sum(gz.values())
        out["library_bytes_transferred"] = sum(e["transfer"] for e in library)
        out["library_bytes_body"] = sum(e["body"] for e in library)
        out["library_bytes_gzip"] = sum(gz[e["name"]] for e in library)
        cold = d.execute_async_script(TIME_ONE, text, "api")
        warm = [d.execute_async_script(TIME_ONE, text, "api") for _ in range(args.repeat)]
        v2 = [d.execute_async_script(TIME_ONE, text, "v2") for _ in range(max(1, args.repeat // 2))]
        out["cold"] = cold
        out["warm_ms"] = [round(w["ms"], 1) for w in warm]
        out["warm_median_ms"] = median([w["ms"] for w in warm])
        out["warm_server_median_ms"] = median([w["server_ms"] for w in warm])
        out["warm_before_request_median_ms"] = median([w["before_request_ms"] for w in warm])
        out["warm_after_response_median_ms"] = median([w["after_response_ms"] for w in warm])
        out["marks"] = warm[-1]["marks"]
        out["v2_check_median_ms"] = median([w["ms"] for w in v2])
    finally:
        d.quit()
        proc.terminate()
        proc.wait(timeout=30)
    print(json.dumps(out, indent=1))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
