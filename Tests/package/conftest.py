"""Fixtures for the packaging tests: the repository, its debug build of piec, a spec folder."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEBUG_BIN = Path(os.environ.get("PIEC_BIN_DIR", REPO / ".build" / "debug"))
# Debian's wheels of setuptools and wheel (python3-setuptools-whl, python3-wheel-whl): the build
# backend of pyproject.toml, which pip fetches from an index when it builds piec-hooks.
PYTHON_WHEELS = Path("/usr/share/python-wheels")

SPEC = """\
piec: 1
id: {id}
title: Languages
slices:
  - {{ label: Swift, value: 3 }}
  - {{ label: Go, value: 1 }}
"""


@pytest.fixture(scope="session")
def bin_dir() -> Path:
    for exe in ("piec", "piec-preview", "piec-render"):
        if not (DEBUG_BIN / exe).is_file():
            pytest.fail(f"no {DEBUG_BIN / exe}: run `swift build` first")
    return DEBUG_BIN


@pytest.fixture(scope="session")
def wheelhouse(bin_dir, tmp_path_factory) -> Path:
    """A folder from which pip installs piec with no index: piec's binary wheel (scripts/wheel.py,
    from the debug build) and the build backend of pyproject.toml (setuptools and the `wheel`
    package it asks for), so pre-commit can build piec-hooks offline. Use with offline_pip()."""
    out = tmp_path_factory.mktemp("wheelhouse")
    run([sys.executable, str(REPO / "scripts" / "wheel.py"), str(bin_dir), str(out)], check=True)
    for name in ("setuptools", "wheel"):
        found = sorted(PYTHON_WHEELS.glob(f"{name}-*-py3-none-any.whl"))
        if not found:
            pytest.fail(f"no {PYTHON_WHEELS}/{name}-*.whl: run scripts/bootstrap.sh "
                        f"(apt package python3-{name}-whl)", pytrace=False)
        shutil.copy(found[-1], out)
    return out


def offline_pip(wheelhouse: Path, cache: Path) -> dict:
    """pip's environment variables for installing from the wheelhouse only, with a cache of its own."""
    return {"PIP_FIND_LINKS": str(wheelhouse), "PIP_NO_INDEX": "1", "PIP_CACHE_DIR": str(cache),
            "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def run(args, cwd=None, env=None, check=False, timeout=300):
    """Runs a command; returns the CompletedProcess (text)."""
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                            stdin=subprocess.DEVNULL)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


def write_spec(folder: Path, name: str, spec_id: str, broken: bool = False) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = SPEC.format(id=spec_id)
    if broken:
        text = text.replace("value: 1", "value: one")
    path.write_text(text)
    return path


def env_with_path(*dirs: Path) -> dict:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(d) for d in dirs] + [env.get("PATH", "")])
    env.pop("NO_COLOR", None)
    return env


@pytest.fixture
def git_repo(tmp_path) -> Path:
    """An empty git repository with an identity, for the pre-commit and Action tests."""
    if shutil.which("git") is None:
        pytest.fail("git is not installed")
    repo = tmp_path / "repo"
    repo.mkdir()
    run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    run(["git", "-C", str(repo), "config", "user.email", "test@example.invalid"], check=True)
    run(["git", "-C", str(repo), "config", "user.name", "piec test"], check=True)
    run(["git", "-C", str(repo), "config", "commit.gpgsign", "false"], check=True)
    return repo
