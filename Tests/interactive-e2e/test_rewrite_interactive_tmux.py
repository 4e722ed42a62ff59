"""`writing-tools concise --interactive` in a real terminal (issue 34, point 3): a rewrite is
reviewed edit by edit with the keys of `proofread --interactive`, through the same session. tmux
runs it, the test presses single keys (raw mode, no Enter), reads the screen with
`tmux capture-pane`, and checks the file afterwards.

Run from the repository root after `swift build`:  python3 -m pytest Tests/interactive-e2e -q
The binary is $WRITING_TOOLS_BIN, else .build/debug/writing-tools. Needs tmux.
"""
import pathlib
import shlex
import shutil
import tempfile

import pytest

from test_interactive_tmux import BIN, Terminal

TEXT = ("We met in order to plan the launch.\n"
        "The demo was very good.\n"
        "At this point in time we have no plans, “in order to” stays quoted 😀.\n")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.fixture
def doc():
    d = pathlib.Path(tempfile.mkdtemp(prefix="wt-rewrite-e2e-"))
    (d / "doc.txt").write_bytes(TEXT.encode())
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def terminal(doc):
    made = []

    def start(tool="concise"):
        t = Terminal(doc, f"{shlex.quote(BIN)} {tool} --interactive doc.txt")
        made.append(t)
        return t

    yield start
    for t in made:
        t.close()


def test_concise_reviews_edits_one_by_one(doc, terminal):
    t = terminal()
    s = t.wait_for("Edit 1 of 3 · line 1 · CONCISE_IN_ORDER_TO")
    assert "doc.txt: 3 edits to review." in s
    # On a terminal the change is shown struck out (red) then green: as plain text, "in order toto".
    assert "1 │ We met in order toto plan the launch." in s
    t.press("a", "Edit 2 of 3 · line 2 · CONCISE_VERY")          # accept "in order to" → "to"
    t.press("r", "Edit 3 of 3 · line 3 · CONCISE_AT_THIS_POINT_IN_TIME")   # reject "very ": back
    assert "Rejected: the original text is back." in t.screen()
    t.press("e", "Rule CONCISE_AT_THIS_POINT_IN_TIME: “Now” says the same.")
    t.press("s", "No other edit to skip to.")                      # nothing else undecided
    t.press("u", "Undone: edit 2 is undecided again")              # edit 2 shown again
    t.press("s", "Edit 3 of 3")                                    # skip it, on to edit 3
    t.press("A", "Accepted 2 edits.")                              # edits 2 and 3
    t.press("u", "Undone: 2 edits are undecided again")
    t.press("a", "Edit 3 of 3")                                    # accept edit 2 ("very") this time
    t.press("r", "All 3 edits reviewed: 2 accepted, 1 rejected.")  # reject edit 3
    t.press("q", "[exit 0]")
    s = t.wait_for("[tty icanon]")
    assert "Wrote doc.txt: 2 changes accepted (original kept in doc.txt.orig)." in s
    assert (doc / "doc.txt").read_text() == TEXT.replace("in order to plan", "to plan").replace("very good", "good")
    assert (doc / "doc.txt.orig").read_bytes() == TEXT.encode()


def test_professional_quit_reverting_leaves_the_file(doc, terminal):
    (doc / "doc.txt").write_text("Thx for the notes, u rock!!\n")
    before = (doc / "doc.txt").read_bytes()
    t = terminal("professional")
    t.wait_for("Edit 1 of 3")
    t.press("a", "Edit 2 of 3")
    t.press("x", "[exit 0]")
    s = t.wait_for("[tty icanon]")
    assert "no changes written; doc.txt is as it was." in s
    assert (doc / "doc.txt").read_bytes() == before
    assert sorted(p.name for p in doc.iterdir()) == ["doc.txt"]
