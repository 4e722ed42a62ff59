"""`writing-tools proofread --interactive` in a real terminal: tmux runs it, the test presses keys
with `tmux send-keys` (single keypresses, no Enter: the review puts the terminal in raw mode),
reads the screen with `tmux capture-pane`, and checks the file afterwards.

Run from the repository root after `swift build`:  python3 -m pytest Tests/interactive-e2e -q
The binary is $WRITING_TOOLS_BIN, else .build/debug/writing-tools. Needs tmux.
"""
import os
import pathlib
import shlex
import shutil
import subprocess
import tempfile
import time
import uuid

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))
TEXT = "Teh cat sat on teh mat.\nThis is an test of the the review.\nÜnïcode stays: “quotes” 😀"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Terminal:
    """One tmux session on a private server (its own socket), killed at the end."""

    def __init__(self, cwd, command):
        self.socket = f"wt-e2e-{uuid.uuid4().hex[:8]}"
        # After the program ends, print its exit status and whether the terminal is back in
        # canonical mode ("icanon", not "-icanon"), then keep the pane open for capture-pane.
        script = (f"{command}; echo \"[exit $?]\"; "
                  "echo \"[tty $(stty -a | grep -o -- '-\\?icanon' | head -1)]\"; sleep 600")
        self.tmux("new-session", "-d", "-s", "t", "-x", "160", "-y", "50", "-c", str(cwd),
                  "bash", "--norc", "--noprofile", "-c", script)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p", "-J", "-t", "t", "-S", "-1000")

    def wait_for(self, text, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            s = self.screen()
            if text in s:
                return s
            time.sleep(0.1)
        raise AssertionError(f"{text!r} did not appear on the screen:\n{self.screen()}")

    def press(self, key, then):
        """Presses one key (no Enter) and waits until `then` is on the screen."""
        if key.startswith("C-"):
            self.tmux("send-keys", "-t", "t", key)
        else:
            self.tmux("send-keys", "-t", "t", "-l", key)
        return self.wait_for(then)

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def doc():
    d = pathlib.Path(tempfile.mkdtemp(prefix="wt-interactive-e2e-"))
    (d / "doc.txt").write_bytes(TEXT.encode())
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def terminal(doc):
    made = []

    def start():
        t = Terminal(doc, f"{shlex.quote(BIN)} proofread --interactive doc.txt")
        made.append(t)
        return t

    yield start
    for t in made:
        t.close()


def test_accept_reject_undo_quit(doc, terminal):
    t = terminal()
    s = t.wait_for("Suggestion 1 of 4 · line 1 · SPELLING")
    # On a terminal the change is shown struck out (red) then green: as plain text, "TehThe".
    assert "1 │ TehThe cat sat on the mat." in s
    t.press("a", "Suggestion 2 of 4")                    # accept "Teh" → "The"
    t.press("r", "Suggestion 3 of 4")                    # reject "teh" → "the": the original is back
    assert "Rejected: the original text is back." in t.screen()
    t.press("u", "Undone: suggestion 2 is undecided again")
    s = t.wait_for("> ")
    assert s.rstrip().endswith(">")
    t.press("r", "Rejected: the original text is back.")
    t.press("e", "Rule EN_A_VS_AN")                       # explain suggestion 3
    t.press("q", "[exit 0]")
    s = t.wait_for("[tty icanon]")                        # raw mode was undone
    assert "Wrote doc.txt: 1 change accepted (original kept in doc.txt.orig)." in s
    assert (doc / "doc.txt").read_text() == TEXT.replace("Teh cat", "The cat", 1)
    assert (doc / "doc.txt.orig").read_bytes() == TEXT.encode()


def test_quit_reverting_leaves_the_file_byte_identical(doc, terminal):
    before = (doc / "doc.txt").read_bytes()
    stat = os.stat(doc / "doc.txt")
    t = terminal()
    t.wait_for("Suggestion 1 of 4")
    t.press("a", "Suggestion 2 of 4")
    t.press("A", "All 4 suggestions reviewed: 4 accepted, 0 rejected.")
    t.press("x", "[exit 0]")
    s = t.wait_for("[tty icanon]")
    assert "no changes written; doc.txt is as it was." in s
    assert (doc / "doc.txt").read_bytes() == before
    assert os.stat(doc / "doc.txt").st_ino == stat.st_ino           # not even rewritten
    assert sorted(p.name for p in doc.iterdir()) == ["doc.txt"]     # no backup, no temporary file


def test_skip_then_accept_the_rest_comes_back_to_the_skipped(doc, terminal):
    """`s` puts a suggestion off; `A` accepts the rest but not it, and the review comes back to
    it (the trial pressed s, then A, and the suggestion it was unsure of was accepted unseen)."""
    t = terminal()
    t.wait_for("Suggestion 1 of 4")
    t.press("s", "Suggestion 2 of 4")                    # put "Teh" → "The" off
    s = t.press("A", "1 skipped suggestion still to decide.")
    assert "Accepted 3 suggestions." in s                # 2, 3 and 4, not the skipped 1
    s = t.wait_for("> ")
    tail = s[s.rindex("1 skipped suggestion still to decide."):]
    assert "Suggestion 1 of 4 · line 1 · SPELLING" in tail   # shown again, to decide now
    t.press("r", "All 4 suggestions reviewed: 3 accepted, 1 rejected.")
    t.press("q", "[exit 0]")
    s = t.wait_for("[tty icanon]")
    assert "Wrote doc.txt: 3 changes accepted (original kept in doc.txt.orig)." in s
    assert (doc / "doc.txt").read_text() == TEXT.replace("teh mat", "the mat").replace("an test", "a test").replace("the the", "the")


def test_ctrl_c_reverts_and_restores_the_terminal(doc, terminal):
    before = (doc / "doc.txt").read_bytes()
    t = terminal()
    t.wait_for("Suggestion 1 of 4")
    t.press("a", "Suggestion 2 of 4")
    t.press("C-c", "[exit 0]")
    s = t.wait_for("[tty icanon]")
    assert "no changes written" in s
    assert (doc / "doc.txt").read_bytes() == before


def _parent(pid):
    """The parent process id of `pid` (from /proc), or None when it is gone."""
    try:
        stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[1]


def test_sigterm_restores_the_terminal_and_leaves_the_file(doc, terminal):
    before = (doc / "doc.txt").read_bytes()
    t = terminal()
    t.wait_for("Suggestion 1 of 4")
    t.press("a", "Suggestion 2 of 4")
    shell = t.tmux("list-panes", "-t", "t", "-F", "#{pane_pid}").strip()
    # The review is the pane shell's child: end it as a window manager or `kill` would.
    children = [pid for pid in os.listdir("/proc") if pid.isdigit() and _parent(pid) == shell]
    assert len(children) == 1, children
    os.kill(int(children[0]), 15)
    s = t.wait_for("[exit 143]")
    assert "[tty icanon]" in t.wait_for("[tty ")
    assert (doc / "doc.txt").read_bytes() == before
    assert sorted(p.name for p in doc.iterdir()) == ["doc.txt"]


def test_proofread_without_a_file_says_it_reads_the_terminal():
    """`writing-tools proofread` with no file and a terminal as input says so (it used to wait
    silently), then proofreads what is typed up to Ctrl-D."""
    import pty
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(BIN, [BIN, "proofread", "--no-color"])
    out = b""
    deadline = time.time() + 20
    while b"Ctrl-D" not in out and time.time() < deadline:
        out += os.read(fd, 4096)
    assert b"reading the text to proofread from the terminal" in out
    os.write(fd, b"teh cat\n")
    time.sleep(0.2)
    os.write(fd, b"\x04")
    while time.time() < deadline:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    assert b"SPELLING" in out, out
    assert os.WEXITSTATUS(status) == 1
