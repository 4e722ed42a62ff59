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
    s = t.press("A", "1 skipped edit still to decide.")            # edit 3 only: edit 2 was skipped
    assert "Accepted 1 edit." in s
    t.wait_for("> ")
    s = t.screen()
    assert "Edit 2 of 3 · line 2 · CONCISE_VERY" in s[s.rindex("1 skipped edit still to decide."):]   # back to it
    t.press("u", "Undone: edit 3 is undecided again")              # edit 3 shown again
    t.press("r", "Rejected: the original text is back.")           # reject edit 3; on to edit 2
    t.press("a", "All 3 edits reviewed: 2 accepted, 1 rejected.")  # accept edit 2 ("very") this time
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
