"""Fixtures for piec's safety tests: the piec binary and a runner that measures each run."""

import os
import subprocess
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


def run_piec(piec, args, cwd, timeout=60, preexec=None, env=None, stdin_path=None):
    """Runs piec and returns its status, output, wall time and peak RSS (its own, from wait4).
    A run that outlives `timeout` is killed and fails the test as a hang."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen([str(piec), *map(str, args)], cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=err, preexec_fn=preexec,
                                env={**os.environ, "NO_COLOR": "1", **(env or {})})
        killed = []
        timer = threading.Timer(timeout, lambda: (killed.append(True), proc.kill()))
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - start
        if killed:
            pytest.fail(f"piec {' '.join(map(str, args))} did not end within {timeout} s (a hang)")
        out.seek(0)
        err.seek(0)
        return Run(proc.returncode, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                   seconds, usage.ru_maxrss)


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
