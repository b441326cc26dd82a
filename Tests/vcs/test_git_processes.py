"""How many git processes a build starts (issue 37: start-up counts for docs tools, which start
piec once per block). A wrapper named git first on PATH logs each call, then runs the real git.
In a plain repository the native reader (GitStore) answers: a build starts no git at all, with a
bundle committed or not, and the previous version it finds is the one at HEAD. Where the reader
declines (here: a SHA-256 repository, a variable that changes what git reads), the build asks
one `git cat-file --batch-command` for all it needs."""

import os
import shutil
import stat

from conftest import PIEC, Repo, previous_values, spec


def logged(repo, tmp_path):
    real = shutil.which("git")
    wrapper_dir = tmp_path / "wrapper"
    wrapper_dir.mkdir()
    log = tmp_path / "git.log"
    wrapper = wrapper_dir / "git"
    wrapper.write_text(f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    env = dict(repo.env, PATH=f"{wrapper_dir}{os.pathsep}{repo.env['PATH']}")
    return env, log


def test_a_build_of_a_changed_spec_starts_no_git(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 5, "Y": 2}))
    env, log = logged(repo, tmp_path)
    repo.run(PIEC, "build", "specs", "-o", "charts", env=env)
    assert not log.exists(), log.read_text()
    assert previous_values(repo.manifest("charts/a/manifest.json")) == {"X": 1, "Y": 2}


def test_with_a_committed_bundle_still_none(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("v1 with its bundle")
    repo.write("specs/a.yaml", spec("a", {"X": 7, "Y": 2}))
    env, log = logged(repo, tmp_path)
    shutil.rmtree(repo.path / "charts")   # a fresh output folder: the bundle at HEAD is what readers saw
    repo.run(PIEC, "build", "specs", "-o", "charts", env=env)
    assert not log.exists(), log.read_text()
    assert previous_values(repo.manifest("charts/a/manifest.json")) == {"X": 1, "Y": 2}


def test_where_the_native_reader_declines_git_starts_once(repo, tmp_path):
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.commit("v1")
    repo.write("specs/a.yaml", spec("a", {"X": 5, "Y": 2}))
    env, log = logged(repo, tmp_path)
    env["GIT_OBJECT_DIRECTORY"] = str(repo.path / ".git" / "objects")
    repo.run(PIEC, "build", "specs", "-o", "charts", env=env)
    assert log.read_text().splitlines() == [f"-C {repo.path} cat-file --batch-command"]
    assert previous_values(repo.manifest("charts/a/manifest.json")) == {"X": 1, "Y": 2}


def test_a_sha256_repository_starts_git_once(tmp_path, piec_binary):
    path = tmp_path / "repo"
    path.mkdir()
    repo = Repo(path, tmp_path)
    repo.git("init", "-q", "-b", "main", "--object-format=sha256")
    repo.write("specs/a.yaml", spec("a", {"X": 1, "Y": 2}))
    repo.piec("build", "specs", "-o", "charts", check=True)
    repo.commit("v1 with its bundle")
    repo.write("specs/a.yaml", spec("a", {"X": 7, "Y": 2}))
    shutil.rmtree(repo.path / "charts")
    env, log = logged(repo, tmp_path)
    repo.run(PIEC, "build", "specs", "-o", "charts", env=env)
    assert log.read_text().splitlines() == [f"-C {repo.path} cat-file --batch-command"]
    assert previous_values(repo.manifest("charts/a/manifest.json")) == {"X": 1, "Y": 2}
