"""Every `piec ...` command line shown in README.md and the manual runs (issue 38), and prints
what the manual shows it printing.

The command lines of the ```sh blocks, and the `$ ` lines of the ```console blocks (whose other
lines are the output shown, compared exactly), are run in order, as a reader would type them, in a
temporary git repository holding a copy of specs/ with two commits (a tag v1.0 on the first,
a value changed in the second) and a Markdown document with a ```piec block: each must exit 0
(`--check` after the command that fixes it included). `piec watch` runs until it has built and
is stopped. A documented command line that piec rejects (a renamed option, a missing argument)
fails here."""

import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from conftest import REPO

DOCS = [REPO / "README.md"] + sorted((REPO / "docs").rglob("*.md"))
BLOCK = re.compile(r"^```(sh|bash|console|shell)\n(.*?)^```", re.S | re.M)
DOC = "# Notes\n\n```piec\n---\npiec: 1\nid: notes\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n```\n"


def command_lines():
    """[(document, line, expected output or None)] of every shell line that runs piec, in
    document order; a ```console block's `$ ` lines with the lines after them as the output."""
    out = []
    for doc in DOCS:
        for kind, block in BLOCK.findall(doc.read_text(encoding="utf-8")):
            if kind == "console":
                for command in re.split(r"^\$ ", block, flags=re.M)[1:]:
                    line, _, shown = command.partition("\n")
                    out.append((str(doc.relative_to(REPO)), line.strip(), shown))
                continue
            for line in block.splitlines():
                text = line.strip()
                if re.match(r"^(piec|printf)\b", text) and re.search(r"(^|\| )piec ", text):
                    out.append((str(doc.relative_to(REPO)), text, None))
    return out


def git(repo, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com", GIT_AUTHOR_DATE="2026-01-01T00:00:00Z",
               GIT_COMMITTER_DATE="2026-01-01T00:00:00Z")
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


@pytest.fixture(scope="module")
def reader_repo(tmp_path_factory, piec):
    repo = tmp_path_factory.mktemp("reader")
    shutil.copytree(REPO / "specs", repo / "specs")
    shutil.copy(REPO / "specs" / "languages.yaml", repo / "chart.yaml")
    (repo / "README.md").write_text(DOC, encoding="utf-8")
    (repo / "docs").mkdir()
    (repo / "docs" / "guide.md").write_text(DOC.replace("notes", "guide"), encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "first")
    git(repo, "tag", "v1.0")
    spec = repo / "specs" / "languages.yaml"
    text = spec.read_text(encoding="utf-8")
    changed = re.sub(r"value: (\d+(?:\.\d+)?)", lambda m: f"value: {float(m.group(1)) + 1}", text, count=1)
    assert changed != text
    spec.write_text(changed, encoding="utf-8")
    git(repo, "commit", "-q", "-am", "second")
    return repo


def test_the_docs_show_command_lines():
    lines = command_lines()
    assert len(lines) >= 12, lines
    assert any(" render " in c for _, c, _ in lines) and any(c.startswith("piec md ") for _, c, _ in lines)
    assert any(shown for _, _, shown in lines), "no command with its output shown"


def test_every_command_line_shown_runs(reader_repo, piec):
    env = dict(os.environ, PATH=f"{Path(piec).parent}:{os.environ['PATH']}")
    failed = []
    for doc, line, shown in command_lines():
        if line.startswith("piec watch"):
            proc = subprocess.Popen(["bash", "-c", f"exec {line} --port 0" if "--serve" in line else f"exec {line}"],
                                    cwd=reader_repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                    text=True, start_new_session=True)
            try:
                out, _ = proc.communicate(timeout=8)
                failed.append(f"{doc}: `{line}` exited {proc.returncode} before it was stopped:\n{out[-1500:]}")
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGINT)
                out, _ = proc.communicate(timeout=30)
                if "error" in out.lower():
                    failed.append(f"{doc}: `{line}`:\n{out[-1500:]}")
            continue
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=reader_repo, env=env,
                              capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
        if proc.returncode != 0:
            failed.append(f"{doc}: `{line}` exited {proc.returncode}:\n{proc.stderr[-1500:]}")
        elif shown is not None and proc.stdout != shown:
            failed.append(f"{doc}: `{line}` printed\n{proc.stdout}\nwhere the manual shows\n{shown}")
    assert not failed, "\n\n".join(failed)
