"""Charts under version control: real git repositories (commits, fresh clones, unrelated commits,
renames, data files, .piec.yaml changes, specs deleted and re-added) built and checked with the
debug piec (or $PIEC_BIN_DIR/piec). Every git command runs with a fixed identity and date and
without the user's or the system's configuration."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN_DIR = Path(os.environ.get("PIEC_BIN_DIR", REPO / ".build" / "debug"))
PIEC = BIN_DIR / "piec"


def git_env(home: Path) -> dict:
    env = dict(os.environ)
    env.update({
        "GIT_AUTHOR_NAME": "piec test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "piec test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
        "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
        "GIT_CEILING_DIRECTORIES": str(home), "HOME": str(home),
    })
    env.pop("NO_COLOR", None)
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    return env


class Repo:
    """A git work tree with helpers to edit files, commit and run piec in it."""

    def __init__(self, path: Path, home: Path):
        self.path = path
        self.home = home
        self.env = git_env(home)

    def run(self, *args, check=True, cwd=None, env=None, timeout=300):
        result = subprocess.run([str(a) for a in args], cwd=cwd or self.path, env=env or self.env,
                                capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
        if check and result.returncode != 0:
            raise AssertionError(f"{args} exited {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        return result

    def git(self, *args, check=True):
        return self.run("git", *args, check=check)

    def piec(self, *args, check=False):
        return self.run(PIEC, *args, check=check)

    def write(self, relative: str, text: str) -> Path:
        path = self.path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def commit(self, message: str):
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", message)

    def clone(self, name: str) -> "Repo":
        target = self.home / name
        self.run("git", "clone", "-q", str(self.path), str(target), cwd=self.home)
        return Repo(target, self.home)

    def manifest(self, relative: str) -> dict:
        return json.loads((self.path / relative).read_text())

    def bytes_under(self, relative: str) -> dict:
        """Every file below `relative` with its bytes."""
        root = self.path / relative
        return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}

    def status(self) -> str:
        return self.git("status", "--porcelain", "--untracked-files=all").stdout


@pytest.fixture(scope="session")
def piec_binary() -> Path:
    if not PIEC.is_file():
        pytest.fail(f"no {PIEC}: run `swift build` first")
    if shutil.which("git") is None:
        pytest.fail("git is not installed")
    return PIEC


@pytest.fixture
def repo(tmp_path, piec_binary) -> Repo:
    path = tmp_path / "repo"
    path.mkdir()
    r = Repo(path, tmp_path)
    r.git("init", "-q", "-b", "main")
    return r


def spec(id_: str, values: dict, extra: str = "") -> str:
    """A spec with one slice per (label, value), ids from the labels (lowercased)."""
    rows = "".join(f"  - {{ id: {label.lower().replace(' ', '-')}, label: {label}, value: {value} }}\n"
                   for label, value in values.items())
    return f"piec: 1\nid: {id_}\n{extra}slices:\n{rows}"


def kind(manifest: dict) -> str:
    return manifest["animation"]["kind"]


def previous_values(manifest: dict):
    """The slice values of the previous version the manifest records (None: the chart entered)."""
    previous = manifest.get("previous")
    if previous is None:
        return None
    return {s["label"]: s["value"] for s in previous["slices"]}
