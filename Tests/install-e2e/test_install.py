"""`make install` as the README says it: the program and its built-in rule files installed under a
prefix, run through the link in PREFIX/bin from another directory, and removed by `make
uninstall`. The debug build is installed (CONFIGURATION=debug) so that the test needs no release
build; the mechanism is the same.

Run from the repository root after `swift build`:  python3 -m pytest Tests/install-e2e -q
"""
import os
import pathlib
import subprocess

from support import ENV, ROOT, make


def test_install_run_and_uninstall(tmp_path):
    prefix = tmp_path / "prefix"
    make("build")
    make("install", f"PREFIX={prefix}")
    program = prefix / "bin" / "writing-tools"
    assert program.is_symlink()
    lib = prefix / "lib" / "writing-tools"
    bundle = lib / "swift-writing-tools_Proofreading.resources"
    assert (bundle / "rules" / "confusions.rules").is_file()

    # The installed copy's rule files are the ones read: a rule added to them fires.
    with open(bundle / "rules" / "confusions.rules", "a") as f:
        f.write("\nrule TEST_INSTALLED_RULE\ncategory style\nmessage Installed rule.\n"
                "pattern frobnicate => tweak\nwrong We frobnicate it. => We tweak it.\n")
    work = tmp_path / "elsewhere"
    work.mkdir()
    (work / "note.txt").write_text("I could care less about it. We frobnicate it.\n")
    env = dict(ENV, PATH=f"{prefix / 'bin'}:{os.environ['PATH']}")
    p = subprocess.run(["writing-tools", "proofread", "note.txt"], cwd=work, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    assert "EN_COULD_CARE_LESS" in p.stdout and "TEST_INSTALLED_RULE" in p.stdout, p.stdout

    # The browser library's bundle is installed beside the program, and it is the copy served.
    web = lib / "swift-writing-tools_WritingToolsHTTP.resources" / "Web"
    assert (web / "writing-tools.js").is_file()
    with open(web / "index.html", "a") as f:
        f.write("<!-- installed copy -->\n")
    assert "<!-- installed copy -->" in served_page(env, tmp_path)

    make("uninstall", f"PREFIX={prefix}")
    assert not program.exists() and not program.is_symlink()
    assert not lib.exists()


def served_page(env, tmp_path):
    """`/` from `writing-tools serve` run through the installed link."""
    import socket
    import time
    import urllib.request
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    proc = subprocess.Popen(["writing-tools", "serve", "--port", str(port), "--quiet"], env=dict(env, HOME=str(home)),
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
                    return r.read().decode()
            except OSError:
                assert proc.poll() is None and time.time() < deadline, "the installed server did not start"
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_install_without_a_build_says_what_to_do(tmp_path):
    p = subprocess.run(["make", "-C", str(ROOT), "install", "CONFIGURATION=nonexistent", f"PREFIX={tmp_path}"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    assert "run 'make build' first" in p.stderr


def test_resources_of_another_build_are_named_not_a_crash(tmp_path):
    """A program whose rule files come from another build (a build stopped half-way, a program
    copied without its resources) says so and exits 70; before, a release build died of
    "Illegal instruction" with no message (session 53's README-only trial)."""
    prefix = tmp_path / "prefix"
    make("build")
    make("install", f"PREFIX={prefix}")
    rules = prefix / "lib" / "writing-tools" / "swift-writing-tools_Proofreading.resources" / "rules"
    (rules / "zz-newer.rules").write_text("rule TEST_NEWER_FORMAT\ncategory a-category-of-a-later-build\n")
    (tmp_path / "note.txt").write_text("A note.\n")
    home = tmp_path / "home"
    home.mkdir()
    env = dict(ENV, HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    p = subprocess.run([str(prefix / "bin" / "writing-tools"), "proofread", "note.txt"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 70, (p.returncode, p.stderr[-2000:])
    assert "rules/zz-newer.rules:2" in p.stderr and "come from different builds" in p.stderr, p.stderr
    assert "rebuild it" in p.stderr and "Illegal instruction" not in p.stderr

    # A program without its rule files says the same.
    for f in rules.iterdir():
        f.unlink()
    rules.rmdir()
    p = subprocess.run([str(prefix / "bin" / "writing-tools"), "proofread", "note.txt"], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 70, (p.returncode, p.stderr[-2000:])
    assert "come from different builds" in p.stderr, p.stderr
