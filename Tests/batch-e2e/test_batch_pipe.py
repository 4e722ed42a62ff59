"""`writing-tools proofread --batch` through a real pipe, one request at a time, as editors,
scripts and the benchmark (Benchmarks/books.py) drive it: each answer comes before the next
request is sent, and the process's spin-then-block wait (--spin-wait) is bounded: it sleeps
once the window has passed, and it ends at end of input whether it is spinning or asleep.

Run from the repository root after `swift build`:  python3 -m pytest Tests/batch-e2e -q
The binary is $WRITING_TOOLS_BIN, else .build/debug/writing-tools.
"""
import json
import os
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))
TICK = os.sysconf("SC_CLK_TCK")


class Batch:
    def __init__(self, *args):
        self.proc = subprocess.Popen([BIN, "proofread", "--batch", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, record):
        self.proc.stdin.write(json.dumps(record) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def cpu_seconds(self):
        """User and system time of the process so far (/proc/PID/stat, clock ticks)."""
        fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def test_one_request_at_a_time_with_pauses():
    b = Batch()
    # Right after the answer (inside the spin window) and after pauses longer than it.
    for n, pause in enumerate([0, 0, 0.005, 0.05, 0, 0.2]):
        time.sleep(pause)
        reply = b.ask({"id": n, "text": "This is an test.", "markup": "markdown"})
        assert reply["id"] == n
        assert [m["rule"] for m in reply["matches"]] == ["EN_A_VS_AN"]
    assert b.close() == 0


def test_idle_process_sleeps_after_the_spin_window():
    b = Batch("--spin-wait", "2000")
    assert b.ask({"id": 1, "text": "Fine."})["matches"] == []
    before = b.cpu_seconds()
    time.sleep(1.0)
    idle = b.cpu_seconds() - before
    # At most the 2 ms window (and a clock tick of accounting) in a second of waiting: it slept.
    assert idle <= 0.03, f"the idle batch process used {idle:.3f} s of processor time in 1 s"
    assert b.ask({"id": 2, "text": "Fine."})["id"] == 2
    assert b.close() == 0


def test_no_spin_and_end_of_input_while_spinning():
    b = Batch("--spin-wait", "0")
    assert b.ask({"id": "a", "text": "Teh cat."})["matches"][0]["rule"] == "SPELLING"
    assert b.close() == 0
    # End of input arriving inside a long window ends the process at once, not after it.
    b = Batch("--spin-wait", "1000000")
    assert b.ask({"id": "b", "text": "Fine."})["id"] == "b"
    t = time.perf_counter()
    assert b.close() == 0
    assert time.perf_counter() - t < 0.9


def test_spin_wait_usage_errors():
    for args in (["--batch", "--spin-wait", "x"], ["--batch", "--spin-wait", "-1"], ["--spin-wait", "10"]):
        r = subprocess.run([BIN, "proofread", *args], input="", capture_output=True, text=True)
        assert r.returncode == 2, (args, r.stderr)
        assert "--spin-wait" in r.stderr
