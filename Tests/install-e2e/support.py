"""What the install-e2e tests share: the repository, `make` with the debug build (no release build
needed; the mechanism is the same) and an environment without Swift's backtracer."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAKE_VARS = ["CONFIGURATION=debug", "SWIFT_FLAGS=-Xswiftc -warnings-as-errors"]
ENV = dict(os.environ, SWIFT_BACKTRACE="enable=no")


def make(*args):
    """Runs `make ARGS` in the repository with the debug build; fails the test on an error."""
    p = subprocess.run(["make", "-C", str(ROOT), *args, *MAKE_VARS], env=ENV, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, (args, p.stdout[-2000:], p.stderr[-2000:])
    return p
