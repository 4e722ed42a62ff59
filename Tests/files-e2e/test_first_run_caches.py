"""The first run in a fresh HOME builds the caches (spelling index, vocabulary layers, accepted
words, word classes, part-of-speech lexicon, countability, compiled rules): two processes started
at once there, as a container's first requests or two editor windows are, must both succeed with
the same findings and leave one sound file of each cache, which the next run reads as it is.

Run from the repository root after `swift build`:  python3 -m pytest Tests/files-e2e -q
The binary is $WRITING_TOOLS_BIN, else .build/debug/writing-tools.
"""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.path.abspath(os.environ.get("WRITING_TOOLS_BIN", str(ROOT / ".build" / "debug" / "writing-tools")))

# Each cache's file-name prefix (docs/ARCHITECTURE.md, "Proofreading").
PREFIXES = ["spelling-en_US-", "vocabulary-en_US-", "accepted-en_US-", "wordclasses-en_US-", "pos-en-", "countability-en-", "rules-"]


def data_files(cache):
    return sorted(p.name for p in cache.iterdir() if not p.name.endswith(".verified") and not p.name.startswith("."))


def test_two_first_runs_at_once_share_one_sound_cache(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "XDG_CACHE_HOME"}
    env.update(HOME=str(home), SWIFT_BACKTRACE="enable=no")
    text = tmp_path / "note.txt"
    text.write_text("This is a simple sentense about the color of teh sky.\n")
    argv = [BIN, "proofread", "--format", "json", str(text)]
    # A debug build on a loaded 2-core machine takes minutes for its first run: the limit is
    # for a hang, not a measure.
    procs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=1200) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 1, (p.returncode, err[-2000:])  # 1: findings
        assert "sentense" in out and "teh" in out
    assert outs[0][0] == outs[1][0]
    cache = home / ".cache" / "writing-tools"
    files = data_files(cache)
    # One file of each cache the run builds (the spelling index and the vocabulary layers at
    # least: the misspellings need both), never two.
    for prefix in PREFIXES:
        n = len([f for f in files if f.startswith(prefix)])
        assert n == 1 if prefix in ("spelling-en_US-", "vocabulary-en_US-") else n <= 1, (prefix, files)
    # No temporary file is left behind.
    assert not [p.name for p in cache.iterdir() if p.name.startswith(".")], list(cache.iterdir())
    before = {f: (cache / f).stat() for f in files}
    third = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=600)
    assert third.returncode == 1, third.stderr[-2000:]
    assert third.stdout == outs[0][0]
    # The next run reads every file as it is: none rebuilt, replaced or added.
    assert data_files(cache) == files
    for f in files:
        st = (cache / f).stat()
        assert (st.st_ino, st.st_size, st.st_mtime_ns) == (before[f].st_ino, before[f].st_size, before[f].st_mtime_ns), f
