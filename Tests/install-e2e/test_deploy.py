"""The deployment files in deploy/ as their comments say to use them, on a machine with neither a
container engine nor systemd as its init:

- deploy/Containerfile: the tree its comment stages (`make install DESTDIR=.build/image`) is laid
  out by its COPY lines in a directory, every Debian package its RUN line installs exists, and its
  CMD (with ENV HOME) serves /v2 and answers its HEALTHCHECK; /api needs the mounted key.
- deploy/writing-tools.service: `systemd-analyze verify` finds nothing to say about it, and its
  ExecStart, run with its Environment, serves and ends with status 0 on SIGTERM.

The debug build is used (CONFIGURATION=debug), as in test_install.py.
Run from the repository root after `swift build`:  python3 -m pytest Tests/install-e2e -q
"""
import json
import os
import pathlib
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

from support import ENV, ROOT, make


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url, proc, headers=None, timeout=120):
    deadline = time.time() + timeout
    while True:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=2) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
        except OSError:
            assert proc.poll() is None, f"the server exited with {proc.returncode}"
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.1)


def check(port, key=None):
    data = urllib.parse.urlencode({"text": "This is an test.", "language": "en-US"}).encode()
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v2/check", data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def containerfile():
    """(COPY pairs, RUN text, CMD argv, ENV dict, HEALTHCHECK argv) of deploy/Containerfile."""
    text = (ROOT / "deploy" / "Containerfile").read_text()
    lines = re.sub(r"\\\n", " ", "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))).splitlines()
    copies, runs, cmd, env, health = [], [], None, {}, None
    for line in lines:
        word, _, rest = line.strip().partition(" ")
        if word == "COPY":
            copies.append(tuple(rest.split()))
        elif word == "RUN":
            runs.append(rest)
        elif word == "CMD":
            cmd = json.loads(rest)
        elif word == "ENV":
            key, _, value = rest.partition("=")
            env[key] = value
        elif word == "HEALTHCHECK":
            health = json.loads(rest[rest.index("CMD") + 3:])
    return copies, " ".join(runs), cmd, env, health


def test_containerfile_tree_serves_and_is_healthy(tmp_path):
    make("build")
    image = ROOT / ".build" / "image"
    shutil.rmtree(image, ignore_errors=True)
    make("install", "DESTDIR=.build/image", "PREFIX=/usr/local")
    copies, run, cmd, env, health = containerfile()
    assert copies, "the Containerfile copies nothing"

    # Every package the RUN line installs is one Debian has.
    packages = re.search(r"--no-install-recommends\s+(.*?)\s*&&", run).group(1).split()
    assert "libmicrohttpd12" in packages
    shown = subprocess.run(["apt-cache", "show", "--no-all-versions", *packages], capture_output=True, text=True)
    found = set(re.findall(r"^Package: (\S+)$", shown.stdout, re.M))
    assert found == set(packages), f"not in Debian: {set(packages) - found}"

    # The image's tree: each COPY source (relative to the build context, the repository) at its target.
    rootfs = tmp_path / "rootfs"
    for source, target in copies:
        src = ROOT / source
        assert src.exists(), f"COPY {source}: missing after the staging the comment describes"
        dst = rootfs / target.lstrip("/")
        if src.is_dir():
            shutil.copytree(src, dst, symlinks=True, dirs_exist_ok=True)
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    program = rootfs / "usr" / "local" / "bin" / cmd[0]
    assert program.is_symlink() and program.resolve().is_file(), "the CMD's program is not on the image's PATH"
    assert (program.resolve().parent / "swift-writing-tools_WritingToolsHTTP.resources" / "Web" / "writing-tools.js").is_file()

    # The CMD, with the image's ENV (HOME inside the tree), the mounted key and a free port.
    key = "a-test-key-of-some-length"
    secret = rootfs / "run" / "secrets" / "api-key"
    secret.parent.mkdir(parents=True)
    secret.write_text(key + "\n")
    port = free_port()
    argv = [str(program)] + [str(secret) if a == "/run/secrets/api-key" else str(port) if a == "8081" else a for a in cmd[1:]]
    home = rootfs / env["HOME"].lstrip("/")
    home.mkdir(parents=True)
    proc = subprocess.Popen(argv, env=dict(ENV, HOME=str(home)), stderr=subprocess.PIPE, text=True)
    try:
        status, body = wait_for(f"http://127.0.0.1:{port}/v2/healthcheck", proc)
        assert status == 200
        # The HEALTHCHECK's own command, aimed at this port.
        probe = [a.replace("8081", str(port)) for a in health]
        assert subprocess.run(probe, timeout=10).returncode == 0
        # /v2 answers LanguageTool clients; /api needs the key on --public.
        result = check(port, key)
        assert [m["rule"]["id"] for m in result["matches"]] == ["EN_A_VS_AN"]
        status, _ = wait_for(f"http://127.0.0.1:{port}/api/proofread", proc)
        assert status in (401, 403)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=40) == 0, proc.stderr.read()[-2000:]


def test_systemd_unit_verifies_and_its_exec_start_serves(tmp_path):
    make("build")
    prefix = tmp_path / "usr-local"
    make("install", f"PREFIX={prefix}")
    unit_text = (ROOT / "deploy" / "writing-tools.service").read_text()
    installed = prefix / "bin" / "writing-tools"
    unit = tmp_path / "writing-tools.service"
    unit.write_text(unit_text.replace("/usr/local/bin/writing-tools", str(installed)))
    verify = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0 and verify.stderr.strip() == "", verify.stderr

    exec_start = re.search(r"^ExecStart=(.*)$", unit.read_text(), re.M).group(1)
    environment = dict(re.findall(r"^Environment=(\w+)=(.*)$", unit_text, re.M))
    assert set(environment) == {"HOME", "XDG_CACHE_HOME"}
    env = dict(ENV, **{k: str(tmp_path / v.lstrip("/")) for k, v in environment.items()})
    for path in env["HOME"], env["XDG_CACHE_HOME"]:
        pathlib.Path(path).mkdir(parents=True)
    port = free_port()
    argv = [a if a != "8081" else str(port) for a in shlex.split(exec_start)]
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert wait_for(f"http://127.0.0.1:{port}/v2/healthcheck", proc)[0] == 200
        assert [m["rule"]["id"] for m in check(port)["matches"]] == ["EN_A_VS_AN"]
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=int(re.search(r"^TimeoutStopSec=(\d+)", unit_text, re.M).group(1))) == 0
