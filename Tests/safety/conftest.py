"""Fixtures for piec's safety tests: the piec binary and a runner that measures each run."""

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    status: int
    stdout: str
    stderr: str
    seconds: float
    max_rss_kb: int


# Linux carries a parent's peak RSS into a forked child's ru_maxrss (through fork and exec), so
# this test process, which holds megabytes of generated input, cannot measure piec directly.
# A freshly exec'd, small Python forks piec and reports piec's own peak RSS.
_MEASURE = """
import os, sys
out = sys.argv[1]
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""


def run_piec(piec, args, cwd, timeout=60, preexec=None, env=None):
    """Runs piec and returns its status, output, wall time and its own peak RSS. A run that
    outlives `timeout` is killed (with its process group) and fails the test as a hang.
    A piec killed by a signal shows as status 128 + signal."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r") as rss:
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", _MEASURE, rss.name, str(piec), *map(str, args)],
                                cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                preexec_fn=preexec, start_new_session=True,
                                env={**os.environ, "NO_COLOR": "1", **(env or {})})
        killed = []
        timer = threading.Timer(timeout, lambda: (killed.append(True), os.killpg(proc.pid, signal.SIGKILL)))
        timer.start()
        try:
            proc.wait()
        finally:
            timer.cancel()
        seconds = time.monotonic() - start
        if killed:
            pytest.fail(f"piec {' '.join(map(str, args))} did not end within {timeout} s (a hang)")
        out.seek(0)
        err.seek(0)
        max_rss = int(rss.read() or 0)
        return Run(proc.returncode, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                   seconds, max_rss)


@pytest.fixture(scope="session")
def repo():
    return REPO


@pytest.fixture(scope="session")
def piec():
    """The piec binary: $PIEC, else .build/debug/piec (building it is `swift build`'s job)."""
    path = Path(os.environ.get("PIEC") or REPO / ".build" / "debug" / "piec")
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.fail(f"piec binary not found at {path}: run `swift build` first "
                    f"(`make test` does), or set PIEC=/path/to/piec", pytrace=False)
    return path
