"""`writing-tools proofread --interactive` ended by a signal while it waits for a key: the
terminal is back in canonical mode with echo, and the file is untouched. A pseudo-terminal
(Python's `pty`) stands in for the user's terminal; `kill` sends the signal as another program
(or `kill -INT` from a shell) would: the keys themselves send nothing in raw mode.

Run from the repository root after `swift build`:  python3 -m pytest Tests/interactive-e2e -q
The binary is $WRITING_TOOLS_BIN, else .build/debug/writing-tools.
"""
import os
import pathlib
import pty
import select
import signal
import subprocess
import tempfile
import termios
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))
TEXT = "Teh cat sat on a apple. Recieve it.\n"
CANONICAL = termios.ICANON | termios.ECHO


@pytest.mark.parametrize("name", ["SIGINT", "SIGQUIT", "SIGTERM", "SIGHUP"])
def test_signal_while_waiting_for_a_key_restores_the_terminal(name):
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "p.txt"
        path.write_text(TEXT)
        master, slave = pty.openpty()
        # The user's cache: the spelling suggester's index is built once (many seconds of CPU
        # in a debug build), not for every case.
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        env = dict(os.environ, HOME=d, XDG_CONFIG_HOME=d, XDG_CACHE_HOME=cache)
        # The core dump SIGQUIT asks for is not wanted here.
        proc = subprocess.Popen([BIN, "proofread", "--interactive", "--no-backup", str(path)], stdin=slave, stdout=slave,
                                stderr=slave, cwd=d, env=env, start_new_session=True,
                                preexec_fn=lambda: __import__("resource").setrlimit(__import__("resource").RLIMIT_CORE, (0, 0)))
        try:
            assert termios.tcgetattr(slave)[3] & CANONICAL == CANONICAL
            # Wait until the review has put the terminal in raw mode (it waits for a key then).
            out = b""
            deadline = time.time() + 120
            while time.time() < deadline and termios.tcgetattr(slave)[3] & CANONICAL:
                r, _, _ = select.select([master], [], [], 0.1)
                if r:
                    out += os.read(master, 65536)
            assert termios.tcgetattr(slave)[3] & CANONICAL == 0, f"the review never waited for a key: {out!r}"
            time.sleep(0.3)
            os.kill(proc.pid, getattr(signal, name))
            proc.wait(20)
            assert proc.returncode == -getattr(signal, name)
            lflag = termios.tcgetattr(slave)[3]
            assert lflag & CANONICAL == CANONICAL, f"{name} left the terminal in raw mode"
            assert path.read_text() == TEXT
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            os.close(master)
            os.close(slave)
