"""The deployment files in deploy/ as their comments say to use them:

- deploy/Containerfile: the tree its comment stages (`make install DESTDIR=.build/image`) is laid
  out by its COPY lines in a directory, every Debian package its RUN line installs exists, and its
  CMD (with ENV HOME) serves /v2 and answers its HEALTHCHECK; /api needs the mounted key.
- deploy/Containerfile, built and run for real with podman (test_container_image_*, opt-in with
  WT_TEST_CONTAINER=1, which scripts/install-deps.sh reads to install podman, runc and mmdebstrap):
  the release build staged as its comment says, a Debian 12 base image made here with mmdebstrap
  (no registry is reachable from the test machines), `podman build`, `podman run` with the key
  mounted, /v2/healthcheck, /v2/check with and without the key, `podman healthcheck run`, and
  `podman stop` (SIGTERM) letting a request in flight finish, exit status 0.
- deploy/writing-tools.service: `systemd-analyze verify` finds nothing to say about it, and its
  ExecStart, run with its Environment, serves and ends with status 0 on SIGTERM.

The debug build is used (CONFIGURATION=debug), as in test_install.py, except by the image test,
which ships the release build (statically linked Swift runtime: the image has no toolchain).
Run from the repository root after `swift build`:  python3 -m pytest Tests/install-e2e -q
"""
import json
import os
import pathlib
import re
import resource
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

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
    # The first check in a fresh HOME builds the caches (spelling index, vocabulary layers):
    # 42 s for the debug build on this machine since session 54's vocabulary layers (CI run 43
    # timed out at 30 s); the wait ends as soon as the answer comes.
    with urllib.request.urlopen(req, timeout=180) as r:
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


# The image itself, built and run with podman. Opt-in (WT_TEST_CONTAINER=1): it needs the release
# build (10–35 minutes on 2 cores) and, the first time on a machine, a Debian base image made with
# mmdebstrap (4–10 minutes); no container registry is reachable from the test machines.
BASE_IMAGE = "localhost/debian:bookworm-slim"
IMAGE = "localhost/writing-tools:e2e"


def podman_argv(*args):
    """podman with what the test machines need. Their cgroup hierarchy is hybrid (v1 controllers
    beside a v2 mount), which crun, podman's default runtime on Debian 12, refuses ("cgroups in
    hybrid mode not supported, drop all controllers from cgroupv2"); runc runs there, so it is used
    where installed."""
    return ["podman", *(["--runtime", "runc"] if shutil.which("runc") else []), *args]


def podman(*args, timeout=900, check=True):
    """Runs podman_argv(ARGS) in the repository; fails the test on an error when check."""
    p = subprocess.run(podman_argv(*args), cwd=ROOT, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=timeout)
    assert not check or p.returncode == 0, (args, p.stdout[-2000:], p.stderr[-3000:])
    return p


def ulimits():
    """podman asks for 1,048,576 open files and 4,194,304 processes by default; a machine whose root
    lacks CAP_SYS_RESOURCE (the test machines) cannot raise a hard limit, and the container fails to
    start with "setrlimit `RLIMIT_NOFILE`: Operation not permitted". Ask for what we have."""
    def within(kind, most):
        hard = resource.getrlimit(kind)[1]
        n = most if hard == resource.RLIM_INFINITY else min(hard, most)
        return f"{n}:{n}"
    return ["--ulimit", f"nofile={within(resource.RLIMIT_NOFILE, 65536)}",
            "--ulimit", f"nproc={within(resource.RLIMIT_NPROC, 4096)}"]


@pytest.fixture(scope="module")
def container_engine(tmp_path_factory):
    """podman, able to run a container of BASE_IMAGE (made here if missing), or the test is skipped
    with the reason."""
    if os.environ.get("WT_TEST_CONTAINER") != "1":
        pytest.skip("the container image test needs the release build and a Debian base image "
                    "(20–40 minutes on 2 cores): set WT_TEST_CONTAINER=1 to run it")
    if shutil.which("podman") is None:
        pytest.skip("podman is not installed (scripts/install-deps.sh installs it when WT_TEST_CONTAINER=1)")
    info = podman("info", check=False)
    if info.returncode:
        pytest.skip(f"podman does not work here: `podman info`: {info.stderr.strip()[-600:]}")
    if podman("image", "exists", BASE_IMAGE, check=False).returncode:
        if shutil.which("mmdebstrap") is None:
            pytest.skip(f"no {BASE_IMAGE} and no mmdebstrap to make it")
        # Debian's own minimal system (apt included, for the Containerfile's RUN), from Debian's
        # mirrors; unsafe-io: dpkg without fsync, twice as fast here.
        tar = tmp_path_factory.mktemp("base") / "bookworm.tar"
        made = subprocess.run(["mmdebstrap", "--variant=minbase", "--dpkgopt=force-unsafe-io", "--quiet",
                               "bookworm", str(tar)], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=1800)
        assert made.returncode == 0, made.stderr[-3000:]
        podman("import", str(tar), BASE_IMAGE)
        tar.unlink()
    probe = podman("run", "--rm", *ulimits(), BASE_IMAGE, "true", check=False)
    if probe.returncode:
        pytest.skip(f"podman cannot run a container here: `podman run {BASE_IMAGE} true`: {probe.stderr.strip()[-600:]}")


def wait_for_container(name, url, timeout=300):
    """The first answer from url while the container runs (its first start builds the speller's and
    the lexicon's indexes in its HOME: 10–40 s)."""
    deadline = time.time() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
        except OSError:
            state = podman("inspect", name, "--format", "{{.State.Status}}").stdout.strip()
            assert state == "running", (state, container_log(name)[-2000:])
            assert time.time() < deadline, "the container's server did not start"
            time.sleep(0.5)


def container_log(name):
    """What the container's server wrote (its standard error)."""
    p = podman("logs", name)
    return p.stdout + p.stderr


def read_response(sock):
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_container_image_builds_serves_and_stops_gracefully(container_engine, tmp_path):
    # The tree the Containerfile's comment stages: the release build (Swift runtime linked in).
    p = subprocess.run(["make", "-C", str(ROOT), "build"], env=ENV, capture_output=True, text=True, timeout=3600)
    assert p.returncode == 0, p.stderr[-3000:]
    shutil.rmtree(ROOT / ".build" / "image", ignore_errors=True)
    p = subprocess.run(["make", "-C", str(ROOT), "install", "DESTDIR=.build/image", "PREFIX=/usr/local"],
                       env=ENV, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]

    # The comment's build command, on the local base; docker format, which keeps the HEALTHCHECK.
    podman("build", "--format", "docker", "--build-arg", f"BASE={BASE_IMAGE}", "-f", "deploy/Containerfile", "-t", IMAGE, ".")
    image = json.loads(podman("image", "inspect", IMAGE).stdout)[0]
    assert image["Config"]["User"] == "writing-tools"
    assert image["Config"]["Cmd"][:2] == ["writing-tools", "serve"]
    assert image["Healthcheck"]["Test"][:2] == ["CMD", "/bin/bash"]

    key = secrets.token_urlsafe(24)
    key_file = tmp_path / "api-key"
    key_file.write_text(key + "\n")
    key_file.chmod(0o644)  # read by the image's user
    port = free_port()
    name = f"wt-e2e-{secrets.token_hex(4)}"
    podman("run", "-d", "--name", name, *ulimits(), "-p", f"127.0.0.1:{port}:8081",
           "-v", f"{key_file}:/run/secrets/api-key:ro", IMAGE)
    try:
        status, body = wait_for_container(name, f"http://127.0.0.1:{port}/v2/healthcheck")
        assert status == 200, body
        assert podman("exec", name, "id", "-un").stdout.strip() == "writing-tools"

        # /v2 with the key answers; without it 401, with a wrong one 403 (--public).
        assert [m["rule"]["id"] for m in check(port, key)["matches"]] == ["EN_A_VS_AN"]
        for headers, expected in ({}, 401), ({"Authorization": "Bearer wrong"}, 403):
            req = urllib.request.Request(f"http://127.0.0.1:{port}/v2/check", headers=headers,
                                         data=b"text=This+is+an+test.&language=en-US")
            try:
                urllib.request.urlopen(req, timeout=30)
                assert False, "answered without the right key"
            except urllib.error.HTTPError as e:
                assert e.code == expected

        # The image's HEALTHCHECK, run by podman inside the container.
        health = podman("healthcheck", "run", name, check=False)
        assert health.returncode == 0, (health.stdout, health.stderr)
        assert podman("inspect", name, "--format", "{{.State.Health.Status}}").stdout.strip() == "healthy"

        # `podman stop` sends SIGTERM to the server (PID 1); a request in flight, half its body
        # sent before the signal and half after, is answered, and the server exits with status 0.
        body = "language=en-US&text=" + urllib.parse.quote_plus("This is an test. " * 20)
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        sock.sendall(f"POST /v2/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n"
                     f"Content-Length: {len(body)}\r\n\r\n{body[:len(body) // 2]}".encode())
        time.sleep(0.5)
        stop = subprocess.Popen(podman_argv("stop", "-t", "30", name), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 30
        while "stopping (SIGTERM)" not in container_log(name):
            assert time.time() < deadline, "the server did not get SIGTERM"
            time.sleep(0.2)
        sock.sendall(body[len(body) // 2:].encode())
        answer = read_response(sock)
        sock.close()
        assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
        matches = json.loads(answer.split(b"\r\n\r\n", 1)[1])["matches"]
        assert [m["rule"]["id"] for m in matches] == ["EN_A_VS_AN"] * 20
        assert stop.wait(timeout=60) == 0, stop.stderr
        state = podman("inspect", name, "--format", "{{.State.Status}} {{.State.ExitCode}}").stdout.split()
        assert state == ["exited", "0"], state  # 137 had it needed SIGKILL
        log = container_log(name)
        assert "finishing 1 request(s) in flight" in log and "stopped" in log, log[-2000:]
    finally:
        podman("rm", "-f", "-t", "0", name, check=False)
        podman("rmi", "-f", IMAGE, check=False)


def test_haproxy_balances_two_instances_and_a_killed_one_fails_no_request(tmp_path):
    """deploy/haproxy.cfg (ports moved to free ones) with Debian's HAProxy in front of two debug
    `serve` instances, as its comment runs them: requests go round robin to both, sessions stay on
    the instance that holds them, and when wt1 is killed (SIGKILL) during a load, every request is
    answered (a request wt1 dropped is sent again to wt2) and HAProxy marks wt1 DOWN.
    Benchmarks/http-failover.sh does the same with wrk for throughput."""
    if shutil.which("haproxy") is None:
        pytest.skip("haproxy is not installed (scripts/install-deps.sh installs it)")
    make("build")
    program = ROOT / ".build" / "debug" / "writing-tools"
    lb, p1, p2 = free_port(), free_port(), free_port()
    cfg = (ROOT / "deploy" / "haproxy.cfg").read_text()
    for old, new in ("127.0.0.1:8080", lb), ("127.0.0.1:8081", p1), ("127.0.0.1:8082", p2):
        assert old in cfg
        cfg = cfg.replace(old, f"127.0.0.1:{new}")
    (tmp_path / "haproxy.cfg").write_text(cfg)
    cache = os.environ.get("XDG_CACHE_HOME") or str(pathlib.Path.home() / ".cache")  # the suite's indexes
    procs, logs = {}, {}

    def start(name, port):
        (tmp_path / name).mkdir(exist_ok=True)
        logs[name] = open(tmp_path / f"{name}.log", "w")
        # Without --quiet: the access log (one JSON line a request) says which instance answered.
        procs[name] = subprocess.Popen([str(program), "serve", "--port", str(port), "--instance", name],
                                       env=dict(ENV, HOME=str(tmp_path / name), XDG_CACHE_HOME=cache),
                                       stderr=logs[name])
        assert wait_for(f"http://127.0.0.1:{port}/v2/healthcheck", procs[name])[0] == 200

    def checks_answered_by(name):
        lines = (tmp_path / f"{name}.log").read_text().splitlines()
        return sum(json.loads(l).get("path") == "/v2/check" for l in lines if l.startswith("{"))

    def post(path, body, content_type="application/x-www-form-urlencoded"):
        req = urllib.request.Request(f"http://127.0.0.1:{lb}{path}", data=body.encode(),
                                     headers={"Content-Type": content_type})
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())

    form = "text=This+is+an+test.&language=en-US"
    haproxy_log = open(tmp_path / "haproxy.log", "w")
    try:
        start("wt1", p1)
        start("wt2", p2)
        procs["haproxy"] = subprocess.Popen(["haproxy", "-f", str(tmp_path / "haproxy.cfg"), "-db"],
                                            stdout=haproxy_log, stderr=haproxy_log)
        assert wait_for(f"http://127.0.0.1:{lb}/v2/healthcheck", procs["haproxy"])[0] == 200
        time.sleep(2.5)  # both checked UP (rise 2, inter 1 s)

        # Round robin: 20 checks through the balancer, each instance answers about half.
        for _ in range(20):
            status, result = post("/v2/check", form)
            assert status == 200 and [m["rule"]["id"] for m in result["matches"]] == ["EN_A_VS_AN"]
        time.sleep(0.3)
        counts = {name: checks_answered_by(name) for name in ("wt1", "wt2")}
        assert sum(counts.values()) == 20 and min(counts.values()) >= 6, counts

        # Sessions are made anywhere and then routed to the instance that holds them.
        ids = [post("/api/sessions", '{"tool":"proofread","text":"This is a example."}', "application/json")[1]["id"]
               for _ in range(4)]
        assert {i.split("-")[0] for i in ids} == {"wt1", "wt2"}, ids
        for session in ids:
            post(f"/api/sessions/{session}/suggestions/0/reject", "")
            with urllib.request.urlopen(f"http://127.0.0.1:{lb}/api/sessions/{session}", timeout=30) as r:
                assert '"state":"rejected"' in r.read().decode().replace(" ", "")

        # A load of 4 clients for 7 s; wt1 is killed after 1.5 s. Every request gets its answer.
        results, stop_at = [], time.time() + 7

        def client():
            while time.time() < stop_at:
                try:
                    status, result = post("/v2/check", form)
                    results.append((status, len(result["matches"]), time.time()))
                except Exception as e:  # noqa: BLE001 — any failure is counted, and shown
                    results.append((repr(e), 0, time.time()))
        threads = [threading.Thread(target=client) for _ in range(4)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        procs["wt1"].kill()
        killed_at = time.time()
        for t in threads:
            t.join()
        failed = [r for r in results if r[:2] != (200, 1)]
        assert not failed, failed[:5]
        after = [r for r in results if r[2] > killed_at + 0.5]
        assert len(results) >= 40 and len(after) >= 10, (len(results), len(after))
        # Three failed checks a second apart take it out (later on a loaded machine).
        deadline = time.time() + 20
        while "instances/wt1 is DOWN" not in (tmp_path / "haproxy.log").read_text():
            assert time.time() < deadline, "HAProxy did not mark the killed instance DOWN"
            time.sleep(0.2)
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=30)
        for f in [haproxy_log, *logs.values()]:
            f.close()
