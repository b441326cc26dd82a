"""The pre-commit hooks (.pre-commit-hooks.yaml) under the real pre-commit, in temporary git
repositories, the way a user's .pre-commit-config.yaml names them.

The `language: python` hooks (piec-check, piec-build-check, piec-md-check) run with no piec on
PATH: pre-commit clones the hook repository (this working tree, committed as it is into a
temporary repository) and runs `pip install .` there, which builds piec-hooks (pyproject.toml)
and installs piec's binary wheel into the hook's environment. pip is offline: it sees only the
wheelhouse (the wheel built from the debug build, and the build backend). The `-system`
variants run the debug piec on PATH."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import REPO, offline_pip, run, write_spec

if shutil.which("pre-commit") is None:
    pytest.fail("pre-commit is not installed: run scripts/bootstrap.sh (apt package pre-commit)",
                pytrace=False)

HOOKS = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
NO_PIEC_PATH = "/usr/bin:/bin"


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory):
    """(path, rev): this working tree's files (tracked, and new ones not ignored) committed into
    a repository of their own, as a user's pre-commit gets piec's repository at a rev."""
    repo = tmp_path_factory.mktemp("hook-repo")
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                           cwd=REPO, capture_output=True, check=True).stdout.decode().split("\0")
    for name in names:
        if name and (REPO / name).is_file():  # a deleted file is still listed as cached
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, repo / name)
    run(["git", "init", "-q", str(repo)], check=True)
    run(["git", "-C", str(repo), "add", "-A"], check=True)
    run(["git", "-C", str(repo), "-c", "user.email=test@example.invalid", "-c", "user.name=piec test",
         "-c", "commit.gpgsign=false", "commit", "-q", "-m", "piec"], check=True)
    return repo, run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True).stdout.strip()


@pytest.fixture(scope="module")
def env(wheelhouse, tmp_path_factory):
    """No piec on PATH; pip offline; one PRE_COMMIT_HOME for the module, so pre-commit installs
    the hooks' environment once (as it does for a user) and the tests reuse it."""
    assert shutil.which("piec", path=NO_PIEC_PATH) is None, f"a piec on {NO_PIEC_PATH}: the test cannot show the hook brings its own"
    home = tmp_path_factory.mktemp("pre-commit-home")
    env = {k: v for k, v in os.environ.items() if k not in ("PIEC", "PYTHONPATH", "NO_COLOR", "VIRTUAL_ENV")}
    env.update(offline_pip(wheelhouse, home / "pip-cache"), PATH=NO_PIEC_PATH,
               PRE_COMMIT_HOME=str(home / "pre-commit"), SKIP="")
    return env


@pytest.fixture
def system_env(env, bin_dir):
    return dict(env, PATH=f"{bin_dir}:{NO_PIEC_PATH}")


def configure(repo: Path, hook_repo, *hooks):
    """Writes the repository's .pre-commit-config.yaml naming piec's hooks: ids or dicts with args."""
    path, rev = hook_repo
    listed = [h if isinstance(h, dict) else {"id": h} for h in hooks]
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": str(path), "rev": rev, "hooks": listed}]}))


def pre_commit(repo: Path, env, *args):
    return run(["pre-commit", "run", *args, "--all-files", "--verbose"], cwd=repo, env=env, timeout=600)


def stage(repo: Path):
    run(["git", "add", "-A"], cwd=repo, check=True)


def test_the_hooks_are_python_hooks_with_system_twins(bin_dir):
    """Every hook is a `language: python` hook with a `-system` twin that runs the piec on PATH
    on the same files; piec-hooks (pyproject.toml) has piec's version and pins that wheel."""
    text = (REPO / "pyproject.toml").read_text()
    piec_version = run([str(bin_dir / "piec"), "--version"], check=True).stdout.split()[-1]
    assert f'\nversion = "{piec_version}"\n' in text, "pyproject.toml's version is not piec's"
    assert f'dependencies = ["piec-charts=={piec_version}"]' in text, "piec-hooks does not pin the piec wheel of its version"
    python = [i for i, h in HOOKS.items() if h["language"] == "python"]
    assert sorted(python) == ["piec-build-check", "piec-check", "piec-md-check"]
    for hook_id in python:
        twin = HOOKS[hook_id + "-system"]
        assert twin["language"] in ("system", "script")
        same = ("files", "pass_filenames", "always_run", "require_serial")
        assert {k: HOOKS[hook_id].get(k) for k in same} == {k: twin.get(k) for k in same}, hook_id


def test_piec_check_needs_no_piec_of_the_users_and_skips_other_yaml(git_repo, env, hook_repo):
    configure(git_repo, hook_repo, "piec-check")
    write_spec(git_repo / "charts", "good.yaml", "good")
    (git_repo / ".github").mkdir()
    (git_repo / ".github" / "ci.yml").write_text("name: CI\non: push\n")
    stage(git_repo)
    ok = pre_commit(git_repo, env)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "checked 1 spec: no errors" in ok.stdout

    write_spec(git_repo / "charts", "bad.yaml", "bad", broken=True)
    stage(git_repo)
    bad = pre_commit(git_repo, env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "charts/bad.yaml:6:" in bad.stdout and "error[E0204]" in bad.stdout
    assert "ci.yml" not in bad.stdout
    assert "error: 1 of 2 specs has errors" in bad.stdout
    # The piec that ran is the wheel's, in the environment pre-commit made for the hooks.
    envs = list(Path(env["PRE_COMMIT_HOME"]).glob("repo*/py_env-*/bin/piec"))
    assert len(envs) == 1 and os.access(envs[0], os.X_OK), envs


def test_piec_check_checks_shared_defaults(git_repo, env, hook_repo):
    """A staged .piec.yaml (no `piec:` line) is checked as shared defaults, not skipped."""
    configure(git_repo, hook_repo, "piec-check")
    write_spec(git_repo / "charts", "good.yaml", "good")
    (git_repo / "charts" / ".piec.yaml").write_text("theme: {palete: hue}\n")
    stage(git_repo)
    bad = pre_commit(git_repo, env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "charts/.piec.yaml:1:9: error[E0201]" in bad.stdout, bad.stdout
    (git_repo / "charts" / ".piec.yaml").write_text("theme: {palette: hue}\n")
    stage(git_repo)
    ok = pre_commit(git_repo, env)
    assert ok.returncode == 0, ok.stdout + ok.stderr


def test_piec_build_check_fails_on_stale_bundles(git_repo, env, hook_repo, bin_dir):
    assert HOOKS["piec-build-check"]["pass_filenames"] is False
    configure(git_repo, hook_repo, {"id": "piec-build-check", "args": ["specs", "--output", "charts"]})
    write_spec(git_repo / "specs", "a.yaml", "a")
    run([str(bin_dir / "piec"), "build", "specs", "-o", "charts"], cwd=git_repo, check=True)
    stage(git_repo)
    fresh = pre_commit(git_repo, env)
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "all bundles up to date" in fresh.stdout

    spec = git_repo / "specs" / "a.yaml"
    spec.write_text(spec.read_text().replace("value: 3", "value: 4"))
    stage(git_repo)
    stale = pre_commit(git_repo, env)
    assert stale.returncode == 1, stale.stdout + stale.stderr  # pre-commit reports any failure as 1
    assert "E0510" in stale.stdout
    assert "1 of 1 bundle is out of date" in stale.stdout


def test_piec_md_check_fails_on_stale_markdown_images(git_repo, env, hook_repo, bin_dir):
    configure(git_repo, hook_repo, "piec-md-check")
    doc = git_repo / "README.md"
    doc.write_text("# Charts\n\n```piec\npiec: 1\nid: share\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n```\n")
    (git_repo / "NOTES.md").write_text("no charts here\n")
    stage(git_repo)
    stale = pre_commit(git_repo, env)
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "E0541" in stale.stdout and "README.md:3:1" in stale.stdout
    run([str(bin_dir / "piec"), "md", "README.md"], cwd=git_repo, check=True)
    stage(git_repo)
    ok = pre_commit(git_repo, env)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    # A changed block with the old images fails again, at the block's line.
    doc.write_text(doc.read_text().replace("value: 2", "value: 5"))
    stage(git_repo)
    again = pre_commit(git_repo, env)
    assert again.returncode == 1 and "README.md:3:1" in again.stdout, again.stdout + again.stderr


def test_a_commit_with_a_broken_spec_is_refused(git_repo, env, hook_repo):
    configure(git_repo, hook_repo, "piec-check")
    run(["pre-commit", "install"], cwd=git_repo, env=env, check=True)
    write_spec(git_repo, "chart.yaml", "chart", broken=True)
    stage(git_repo)
    refused = run(["git", "commit", "-q", "-m", "broken chart"], cwd=git_repo, env=env, timeout=600)
    assert refused.returncode != 0
    out = refused.stdout + refused.stderr
    assert "piec check" in out and "chart.yaml:6:" in out and "error[E0204]" in out, out
    assert run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=git_repo).returncode != 0  # nothing committed

    write_spec(git_repo, "chart.yaml", "chart")
    stage(git_repo)
    run(["git", "commit", "-q", "-m", "good chart"], cwd=git_repo, env=env, check=True, timeout=600)


def test_the_system_hooks_run_the_piec_on_path(git_repo, env, system_env, hook_repo):
    configure(git_repo, hook_repo, "piec-check-system",
              {"id": "piec-build-check-system", "args": ["charts", "--output", "out"]})
    write_spec(git_repo / "charts", "bad.yaml", "bad", broken=True)
    (git_repo / "charts" / ".piec.yaml").write_text("theme: {palete: hue}\n")
    (git_repo / "ci.yml").write_text("name: CI\n")
    stage(git_repo)
    bad = pre_commit(git_repo, system_env)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "charts/bad.yaml:6:" in bad.stdout and "charts/.piec.yaml:1:9: error[E0201]" in bad.stdout, bad.stdout
    assert "error: 2 of 2 specs have errors" in bad.stdout and "ci.yml" not in bad.stdout, bad.stdout
    assert "error: 1 of 1 spec has errors; nothing was written" in bad.stdout  # piec-build-check-system
    missing = pre_commit(git_repo, env)  # no piec on PATH: each says so
    assert missing.returncode == 1, missing.stdout + missing.stderr
    assert "piec-check: piec is not on PATH" in missing.stdout, missing.stdout
    assert "Executable `piec` not found" in missing.stdout, missing.stdout
