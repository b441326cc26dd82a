"""Fixtures for the manual's tests: the repository, piec, the MkDocs of .venv-docs, and one
build of the whole site shared by the tests (built once per session into a temp folder)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "browser"))
MKDOCS = REPO / ".venv-docs" / "bin" / "mkdocs"


@pytest.fixture(scope="session")
def piec():
    path = Path(os.environ.get("PIEC") or REPO / ".build" / "debug" / "piec")
    if not path.is_file():
        pytest.fail(f"no piec at {path}: run `swift build` first (make test does)", pytrace=False)
    return path


def mkdocs(piec, *args, cwd=REPO):
    """Runs .venv-docs' mkdocs with piec's fence importable and this piec."""
    if not MKDOCS.is_file():
        pytest.fail("no .venv-docs/bin/mkdocs: run scripts/bootstrap.sh", pytrace=False)
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"), PIEC=str(piec), NO_MKDOCS_2_WARNING="1")
    return subprocess.run([str(MKDOCS), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=900)


@pytest.fixture(scope="session")
def site(piec, tmp_path_factory):
    """The manual built with --strict into a temp folder: its path."""
    out = tmp_path_factory.mktemp("site")
    proc = mkdocs(piec, "build", "--strict", "--site-dir", str(out))
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-6000:]}"
    return out
